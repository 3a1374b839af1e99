/* Period close: post the approved batches, recompute the touched players'
 * holdings and ranks, record promotions and freeze the period -- one
 * transaction, so a crash leaves the period open and nothing posted. */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/buf.h"
#include "core/util.h"
#include "ledger/period/close_internal.h"
#include "ledger/chain/chain.h"
#include "ledger/ledger_internal.h"
#include "ledger/register/opening.h"
#include "ledger/shared/ranks_glue.h"
#include "ledger/store/query.h"

typedef struct ranked {
    int64_t player;
    ledger_rank held, now;
    bool cut; /* the rank name held did not fit held.name */
} ranked;

typedef struct ranked_list {
    ranked *v;
    size_t n, cap;
} ranked_list;

static bool period_ok(const char *p)
{
    return strlen(p) == 7 && isdigit((unsigned char)p[0]) && isdigit((unsigned char)p[1]) &&
           isdigit((unsigned char)p[2]) && isdigit((unsigned char)p[3]) && p[4] == '-' &&
           ((p[5] == '0' && p[6] >= '1' && p[6] <= '9') || (p[5] == '1' && p[6] >= '0' && p[6] <= '2'));
}

/* The period must have begun by the ledger's clock (a typo such as 2062-03
 * would freeze every month before it) and come after every closed one (a
 * frozen period stays frozen); docs/rulings.md L-26-6. */
static bmp_status check_period(bmp_ledger *l, const ledger_body *b, const char *period,
                               bmp_error *err)
{
    if (!period_ok(period))
        return bmp_error_set(err, BMP_EINVAL, "period: expected yyyy-mm such as 2026-11, got \"%s\"",
                             period);
    char today[40];
    ledger_now(l, today);
    if (strncmp(period, today, 7) > 0)
        return bmp_error_set(err, BMP_EINVAL,
                             "period %s has not begun: today is %.10s by the ledger's clock (a "
                             "month is closed once it has begun)", period, today);
    ledger_stmt *st = NULL;
    bmp_status rc = lq_query(l, &st, err, "SELECT max(period) FROM period WHERE body_id = ?1", "i",
                             b->id);
    bool row = false;
    if (!rc)
        rc = lq_step(l, st, &row, err);
    if (!rc && row && !lq_col_null(l, st, 0) && strcmp(lq_col_text(l, st, 0), period) >= 0)
        rc = bmp_error_set(err, BMP_EINVAL,
                           "period %s: %s is already closed up to %s (closed periods are frozen)",
                           period, b->code, lq_col_text(l, st, 0));
    lq_finalize(l, st);
    return rc;
}

static bool rank_changed(const ranked *r);

/* The period, its promotions and kept ranks, and every player whose rank
 * it wrote (write_ranks: a player whose rank stays is not written, and
 * imaging it again would find the chain's last image, issue 46). */
static bmp_status close_touch(bmp_ledger *l, const ledger_body *b, const char *period,
                              const ranked_list *rl, bmp_error *err)
{
    char *key = core_asprintf("%lld|%s", (long long)b->id, period);
    bmp_status rc = key ? ledger_touch(l, "period", key, err) : bmp_error_oom(err);
    if (!rc)
        rc = ledger_touch(l, "promotion", key, err);
    if (!rc)
        rc = ledger_touch(l, "close_rank", key, err);
    free(key);
    for (size_t i = 0; i < rl->n && !rc; i++)
        if (rank_changed(&rl->v[i]))
            rc = ledger_touch_id(l, "player", rl->v[i].player, err);
    return rc;
}

/* The players a close touches, sorted up, each once. */
typedef struct id_list {
    int64_t *v;
    size_t n, cap;
} id_list;

static int id_cmp(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* The upsert's players (one row a holding it wrote) into ids, sorted and
 * each once: the players of the batches posted now (issue 46: not the
 * period's journal read a second time by rank_touched). */
static bmp_status post_rows(bmp_ledger *l, const ledger_body *b, id_list *ids, bmp_error *err)
{
    ledger_stmt *st = NULL;
    bmp_status rc = lq_query(l, &st, err,
                             "INSERT OR FAIL INTO holding (player_id, point_type, points) "
                             "SELECT j.player_id, j.point_type, sum(j.points) FROM journal j "
                             "JOIN batch b ON b.id = j.batch_id "
                             "WHERE b.body_id = ?1 AND b.state = 'approved' "
                             "GROUP BY j.player_id, j.point_type "
                             "ON CONFLICT (player_id, point_type) "
                             "DO UPDATE SET points = holding.points + excluded.points "
                             "RETURNING player_id",
                             "i", b->id);
    bool row = false, sorted = true;
    while (!rc && !(rc = lq_step(l, st, &row, err)) && row) {
        int64_t id = lq_col_int(l, st, 0);
        if (ids->n && ids->v[ids->n - 1] == id)
            continue;
        sorted = sorted && (!ids->n || ids->v[ids->n - 1] < id);
        int64_t *v = core_grow(ids->v, &ids->cap, ids->n, sizeof *v);
        if (!v) {
            rc = bmp_error_oom(err);
            break;
        }
        ids->v = v;
        ids->v[ids->n++] = id;
    }
    if (st)
        lq_finalize(l, st);
    if (rc || sorted || !ids->n)
        return rc;
    qsort(ids->v, ids->n, sizeof *ids->v, id_cmp);
    size_t w = 1;
    for (size_t r = 1; r < ids->n; r++)
        if (ids->v[r] != ids->v[w - 1])
            ids->v[w++] = ids->v[r];
    ids->n = w;
    return BMP_OK;
}

/* Add the approved batches' lines to the holdings (ids: the players whose
 * holdings were written) and refuse a negative one. */
static bmp_status post_holdings(bmp_ledger *l, const ledger_body *b, const char *period,
                                bmp_ledger_close_stats *s, id_list *ids, bmp_error *err)
{
    bmp_status rc = post_rows(l, b, ids, err);
    if (!rc) /* the batches this close posts (issue 27; holdings are derived, chain_tables.c) */
        rc = ledger_touch_where(l, "batch", "body_id = ?1 AND state = 'approved'", err, "i",
                                b->id);
    ledger_stmt *st = NULL;
    /* the holdings read first, in storage order, and only a negative one's
     * player looked up (issue 46: not every player of the body, each
     * holding found by its index); point_type breaks a tie as the index
     * walk did */
    if (!rc)
        rc = lq_query(l, &st, err,
                      "SELECT p.number, h.point_type, h.points FROM holding h CROSS JOIN player p "
                      "WHERE p.id = h.player_id AND p.body_id = ?1 AND h.points < 0 "
                      "ORDER BY p.number, h.point_type LIMIT 1",
                      "i", b->id);
    bool row = false;
    if (!rc)
        rc = lq_step(l, st, &row, err);
    if (!rc && row) {
        char pts[32];
        bmp_points_format(lq_col_int(l, st, 2), pts, sizeof pts);
        rc = bmp_error_set(err, BMP_EINVAL,
                           "period %s: player %s's %s holding would be %s: nothing posted",
                           period, lq_col_text(l, st, 0), lq_col_text(l, st, 1), pts);
    }
    lq_finalize(l, st);
    int64_t n = 0;
    bool found = false;
    if (!rc)
        rc = lq_int(l, &n, &found, err,
                    "SELECT count(*) FROM batch WHERE body_id = ?1 AND state = 'approved'", "i", b->id);
    s->batches = (size_t)n;
    if (!rc)
        rc = lq_int(l, &n, &found, err,
                    "SELECT coalesce(sum(lines), 0) FROM batch WHERE body_id = ?1 AND state = 'approved'",
                    "i", b->id);
    s->lines = (size_t)n;
    if (!rc)
        rc = lq_run(l, err,
                    "UPDATE batch SET state = 'posted', period = ?2 WHERE body_id = ?1 AND "
                    "state = 'approved'",
                    "is", b->id, period);
    return rc;
}

static bool ranked_push(ranked_list *rl, const ranked *r)
{
    ranked *v = core_grow(rl->v, &rl->cap, rl->n, sizeof *v);
    if (!v)
        return false;
    rl->v = v;
    rl->v[rl->n++] = *r;
    return true;
}

/* rank_touched's player being read: its holdings gathered, then ranked. */
typedef struct rank_acc {
    const ledger_body *b;
    const char *types[LEDGER_MAX_TYPES];
    size_t ntypes;
    ledger_floors floors; /* carried ranks of opening balances (issue 28) */
    ranked cur;
    bmp_points h[LEDGER_MAX_TYPES], pre82;
    bool have;
} rank_acc;

static bmp_status rank_flush(rank_acc *a, ranked_list *rl, bmp_error *err)
{
    if (!a->have)
        return BMP_OK;
    a->have = false;
    bmp_status rc = ledger_rank_of(a->b->code, a->h, a->pre82, &a->cur.held, &a->cur.now, err);
    ledger_floor_apply(&a->floors, a->cur.player, &a->cur.now);
    if (!rc && !ranked_push(rl, &a->cur))
        rc = bmp_error_oom(err);
    return rc;
}

/* The current row (player id, rank, stars, rank name, pre-1982 reds, a
 * holding's type and points) into the player being read. */
static void rank_row(bmp_ledger *l, ledger_stmt *st, rank_acc *a, int64_t id)
{
    if (!a->have) {
        memset(&a->cur, 0, sizeof a->cur);
        memset(a->h, 0, sizeof a->h);
        a->cur.player = id;
        a->cur.held.rank = (int)lq_col_int(l, st, 1);
        a->cur.held.stars = (int)lq_col_int(l, st, 2);
        a->cur.cut = core_strlcpy(a->cur.held.name, lq_col_text(l, st, 3),
                                  sizeof a->cur.held.name) >= sizeof a->cur.held.name;
        a->pre82 = lq_col_int(l, st, 4);
        a->have = true;
    }
    const char *type = lq_col_text(l, st, 5);
    for (size_t k = 0; k < a->ntypes; k++)
        if (strcmp(a->types[k], type) == 0)
            a->h[k] = lq_col_int(l, st, 6);
}

/* The players w[0..n) (sorted up) of the id range w[0] .. w[n-1]: one
 * statement, the rows of players not wanted skipped. */
static bmp_status rank_range(bmp_ledger *l, ledger_stmt *st, const int64_t *w, size_t n,
                             rank_acc *a, ranked_list *rl, bmp_error *err)
{
    lq_reset(l, st);
    bmp_status rc = lq_bind_int(l, st, 1, w[0], err);
    rc = rc ? rc : lq_bind_int(l, st, 2, w[n - 1], err);
    size_t k = 0;
    bool row = true;
    while (!rc && !(rc = lq_step(l, st, &row, err)) && row) {
        int64_t id = lq_col_int(l, st, 0);
        if (a->have && id != a->cur.player && (rc = rank_flush(a, rl, err)))
            break;
        while (k < n && w[k] < id)
            k++;
        if (k < n && w[k] == id)
            rank_row(l, st, a, id);
    }
    return rc;
}

/* Rank every player the post touched (ids, sorted up; read first, then
 * written, never both on one cursor): the players and their holdings read
 * in id ranges, each holding at most about twice the players wanted from
 * it, as the chain reads rows (chain_batch.c). */
static bmp_status rank_touched(bmp_ledger *l, const ledger_body *b, const id_list *ids,
                               ranked_list *rl, bmp_error *err)
{
    rank_acc a = {.b = b};
    a.ntypes = ledger_point_types(b->code, a.types);
    ledger_stmt *st = NULL;
    bmp_status rc = ledger_floors_load(l, b->id, &a.floors, err);
    if (!rc && ids->n)
        rc = lq_prepare(l,
                        "SELECT p.id, p.rank, p.stars, p.rank_name, p.pre1982_red, h.point_type, "
                        "h.points FROM player p JOIN holding h ON h.player_id = p.id "
                        "WHERE p.id BETWEEN ?1 AND ?2 ORDER BY p.id",
                        &st, err);
    const int64_t *w = ids->v;
    for (size_t i = 0, j; !rc && i < ids->n; i = j) {
        for (j = i + 1; j < ids->n && j - i < 4096 && w[j] - w[i] <= 2 * (int64_t)(j - i) + 16;)
            j++;
        rc = rank_range(l, st, w + i, j - i, &a, rl, err);
    }
    if (!rc)
        rc = rank_flush(&a, rl, err);
    if (st)
        lq_finalize(l, st);
    ledger_floors_free(&a.floors);
    return rc;
}

/* The ranks the close replaces, for a reopen (reopen.c): the touched
 * players' ranks as rank_touched read them, many rows a statement (COPY on
 * PostgreSQL), not the touched players found again from the journal
 * (issue 46); a rank name too long for the list is read by SQL again. */
enum { KEEP_ROWS = 64 };

static bmp_status keep_ranks_sql(bmp_ledger *l, const ledger_body *b, const char *period,
                                 bmp_error *err)
{
    return lq_run(l, err,
                  "INSERT OR FAIL INTO close_rank (body_id, period, player_id, rank, stars, "
                  "rank_name) SELECT ?1, ?2, p.id, p.rank, p.stars, p.rank_name FROM player p WHERE p.id IN "
                  "(SELECT j.player_id FROM journal j JOIN batch b ON b.id = j.batch_id "
                  "WHERE b.body_id = ?1 AND b.period = ?2) ORDER BY p.id",
                  "is", b->id, period);
}

static bmp_status keep_ranks_copy(bmp_ledger *l, const ledger_body *b, const char *period,
                                  const ranked_list *rl, bmp_error *err)
{
    char body[24], id[24], rk[24], st[24];
    snprintf(body, sizeof body, "%lld", (long long)b->id);
    bmp_status rc = lq_copy_begin(l, "close_rank", "body_id, period, player_id, rank, stars, "
                                  "rank_name", err);
    for (size_t i = 0; i < rl->n && !rc; i++) {
        const ranked *r = &rl->v[i];
        snprintf(id, sizeof id, "%lld", (long long)r->player);
        snprintf(rk, sizeof rk, "%d", r->held.rank);
        snprintf(st, sizeof st, "%d", r->held.stars);
        const char *v[] = {body, period, id, rk, st, r->held.name};
        rc = lq_copy_row(l, v, 6, err);
    }
    bmp_status end = lq_copy_end(l, err);
    return rc ? rc : end;
}

/* Rows v[0..n) bound as the rows of an INSERT of n rows (prepared in *st). */
static bmp_status keep_ranks_rows(bmp_ledger *l, const ledger_body *b, const char *period,
                                  const ranked *v, size_t n, ledger_stmt **st, bmp_error *err)
{
    bmp_status rc = BMP_OK;
    if (!*st) {
        core_buf q = {0};
        core_buf_puts(&q, "INSERT OR FAIL INTO close_rank (body_id, period, player_id, rank, "
                          "stars, rank_name) VALUES ");
        for (size_t r = 0; r < n; r++)
            core_buf_printf(&q, "%s(?1, ?2, ?%zu, ?%zu, ?%zu, ?%zu)", r ? ", " : "", 4 * r + 3,
                            4 * r + 4, 4 * r + 5, 4 * r + 6);
        char *sql = q.failed ? NULL : core_buf_take(&q, NULL);
        core_buf_free(&q);
        rc = sql ? lq_prepare(l, sql, st, err) : bmp_error_oom(err);
        free(sql);
    }
    if (!rc)
        lq_reset(l, *st);
    rc = rc ? rc : lq_bind_int(l, *st, 1, b->id, err);
    rc = rc ? rc : lq_bind_text(l, *st, 2, period, err);
    for (size_t r = 0; r < n && !rc; r++) {
        int k = 4 * (int)r + 3;
        rc = lq_bind_int(l, *st, k, v[r].player, err);
        rc = rc ? rc : lq_bind_int(l, *st, k + 1, v[r].held.rank, err);
        rc = rc ? rc : lq_bind_int(l, *st, k + 2, v[r].held.stars, err);
        rc = rc ? rc : lq_bind_text(l, *st, k + 3, v[r].held.name, err);
    }
    return rc ? rc : lq_step(l, *st, NULL, err);
}

/* ---- the groups' digests made as their rows are written (issue 46) ------- */

/* The columns of close_rank and promotion as SELECT * returns them. */
static const char close_rank_columns[] = "id|body_id|period|player_id|rank|stars|rank_name";
static const char promotion_columns[] =
    "body_id|period|player_id|from_rank|from_name|to_rank|to_name";

/* Hand the chain the digest of the group (body, period) of table, g's rows
 * (chain.h ledger_chain_given_key: the fold does not read them back). */
static bmp_status group_give(bmp_ledger *l, const char *table, const ledger_body *b,
                             const char *period, ledger_group_hash *g, bmp_error *err)
{
    char hex[65], key[64];
    size_t rows = ledger_group_rows(g);
    ledger_group_end(g, hex);
    snprintf(key, sizeof key, "%lld|%s", (long long)b->id, period);
    return ledger_chain_given_key(l, table, key, hex, rows, err);
}

/* The kept ranks' digest on SQLite, when the rows got the ids assumed
 * (last + 1 .. last + n in the players' order, as the journal's, intake's
 * journal_write.c; else the fold reads them back). */
static bmp_status keep_ranks_give(bmp_ledger *l, const ledger_body *b, const char *period,
                                  const ranked_list *rl, int64_t last, bmp_error *err)
{
    int64_t now = 0;
    bool found = false;
    bmp_status rc = lq_int(l, &now, &found, err, "SELECT max(id) FROM close_rank", NULL);
    if (rc || !found || now != last + (int64_t)rl->n)
        return rc;
    ledger_group_hash *g = ledger_group_begin(close_rank_columns);
    if (!g)
        return bmp_error_oom(err);
    for (size_t i = 0; i < rl->n; i++) {
        const ranked *r = &rl->v[i];
        ledger_group_int(g, last + 1 + (int64_t)i);
        ledger_group_int(g, b->id);
        ledger_group_text(g, period, strlen(period));
        ledger_group_int(g, r->player);
        ledger_group_int(g, r->held.rank);
        ledger_group_int(g, r->held.stars);
        ledger_group_text(g, r->held.name, strlen(r->held.name));
        ledger_group_row_end(g);
    }
    return group_give(l, "close_rank", b, period, g, err);
}

static bmp_status keep_ranks(bmp_ledger *l, const ledger_body *b, const char *period,
                             const ranked_list *rl, bmp_error *err)
{
    for (size_t i = 0; i < rl->n; i++)
        if (rl->v[i].cut)
            return keep_ranks_sql(l, b, period, err);
    if (lq_can(l, LQ_CAN_COPY) && rl->n >= KEEP_ROWS)
        return keep_ranks_copy(l, b, period, rl, err);
    ledger_stmt *many = NULL, *one = NULL;
    int64_t last = -1;
    bool found = false;
    bmp_status rc = BMP_OK;
    if (rl->n && strcmp(lq_backend(l), "sqlite") == 0)
        rc = lq_int(l, &last, &found, err, "SELECT coalesce(max(id), 0) FROM close_rank", NULL);
    size_t i = 0;
    for (; i + KEEP_ROWS <= rl->n && !rc; i += KEEP_ROWS)
        rc = keep_ranks_rows(l, b, period, rl->v + i, KEEP_ROWS, &many, err);
    for (; i < rl->n && !rc; i++)
        rc = keep_ranks_rows(l, b, period, rl->v + i, 1, &one, err);
    if (many)
        lq_finalize(l, many);
    if (one)
        lq_finalize(l, one);
    if (!rc && found && last >= 0 && last < INT64_MAX - (int64_t)rl->n - 1)
        rc = keep_ranks_give(l, b, period, rl, last, err);
    return rc;
}

static bool rank_changed(const ranked *r)
{
    return ledger_rank_order(&r->now) != ledger_rank_order(&r->held) ||
           strcmp(r->now.name, r->held.name) != 0;
}

/* The same as write_ranks through the store's COPY (PostgreSQL): the new
 * ranks into a temporary table and one UPDATE from it, the promotions in
 * one stream -- a national close is a few statements, not two per player. */
static bmp_status write_ranks_copy(bmp_ledger *l, const ledger_body *b, const char *period,
                                   const ranked_list *rl, const char *none, bmp_error *err)
{
    bmp_status rc = lq_run(l, err,
                           "CREATE TEMP TABLE IF NOT EXISTS bmp_rank_update (id BIGINT, "
                           "rank BIGINT, stars BIGINT, rank_name TEXT) ON COMMIT DELETE ROWS",
                           NULL);
    char id[24], rk[24], st[24], body[24], from[24], to[24];
    snprintf(body, sizeof body, "%lld", (long long)b->id);
    for (int pass = 0; pass < 2 && !rc; pass++) { /* 0: ranks, 1: promotions */
        rc = pass ? lq_copy_begin(l, "promotion", "body_id, period, player_id, from_rank, "
                                       "from_name, to_rank, to_name", err)
                  : lq_copy_begin(l, "bmp_rank_update", "id, rank, stars, rank_name", err);
        for (size_t i = 0; i < rl->n && !rc; i++) {
            const ranked *r = &rl->v[i];
            if (!rank_changed(r) ||
                (pass && ledger_rank_order(&r->now) <= ledger_rank_order(&r->held)))
                continue;
            snprintf(id, sizeof id, "%lld", (long long)r->player);
            snprintf(rk, sizeof rk, "%d", r->now.rank);
            snprintf(st, sizeof st, "%d", r->now.stars);
            snprintf(from, sizeof from, "%ld", ledger_rank_order(&r->held));
            snprintf(to, sizeof to, "%ld", ledger_rank_order(&r->now));
            const char *u[] = {id, rk, st, r->now.name};
            const char *p[] = {body, period, id, from, r->held.name[0] ? r->held.name : none, to,
                               r->now.name};
            rc = pass ? lq_copy_row(l, p, 7, err) : lq_copy_row(l, u, 4, err);
        }
        bmp_status end = lq_copy_end(l, err);
        rc = rc ? rc : end;
        if (!rc && !pass)
            rc = lq_run(l, err,
                        "UPDATE player SET rank = u.rank, stars = u.stars, rank_name = u.rank_name "
                        "FROM bmp_rank_update u WHERE player.id = u.id",
                        NULL);
    }
    return rc;
}

/* ---- SQLite: many rows a statement (issue 46) ---------------------------- */

/* What a row of write_ranks_many binds: the body, period and the name of
 * no rank (a promotion from nothing). */
typedef struct rank_ctx {
    const ledger_body *b;
    const char *period, *none;
} rank_ctx;

typedef bmp_status (*rank_bind_fn)(bmp_ledger *l, ledger_stmt *st, int base, const ranked *r,
                                   const rank_ctx *c, bmp_error *err);

/* A player's new rank as parameters base+1 .. base+4 (id, rank, stars, name). */
static bmp_status bind_rank(bmp_ledger *l, ledger_stmt *st, int base, const ranked *r,
                            const rank_ctx *c, bmp_error *err)
{
    (void)c;
    bmp_status rc = lq_bind_int(l, st, base + 1, r->player, err);
    rc = rc ? rc : lq_bind_int(l, st, base + 2, r->now.rank, err);
    rc = rc ? rc : lq_bind_int(l, st, base + 3, r->now.stars, err);
    return rc ? rc : lq_bind_text(l, st, base + 4, r->now.name, err);
}

/* A promotion's row as parameters base+1 .. base+7 (ABF-88, 1.4.4: recorded
 * in the period it is earned). */
static bmp_status bind_promotion(bmp_ledger *l, ledger_stmt *st, int base, const ranked *r,
                                 const rank_ctx *c, bmp_error *err)
{
    bmp_status rc = lq_bind_int(l, st, base + 1, c->b->id, err);
    rc = rc ? rc : lq_bind_text(l, st, base + 2, c->period, err);
    rc = rc ? rc : lq_bind_int(l, st, base + 3, r->player, err);
    rc = rc ? rc : lq_bind_int(l, st, base + 4, ledger_rank_order(&r->held), err);
    rc = rc ? rc : lq_bind_text(l, st, base + 5, r->held.name[0] ? r->held.name : c->none, err);
    rc = rc ? rc : lq_bind_int(l, st, base + 6, ledger_rank_order(&r->now), err);
    return rc ? rc : lq_bind_text(l, st, base + 7, r->now.name, err);
}

/* head, then n rows "(?1, ..., ?w)" numbered on, then tail, prepared. */
static bmp_status rows_prepare(bmp_ledger *l, const char *head, size_t n, int w, const char *tail,
                               ledger_stmt **st, bmp_error *err)
{
    core_buf q = {0};
    core_buf_puts(&q, head);
    for (size_t r = 0; r < n; r++)
        for (int c = 0; c < w; c++)
            core_buf_printf(&q, "%s?%zu%s", c ? ", " : r ? ", (" : "(", r * (size_t)w + (size_t)c + 1,
                            c == w - 1 ? ")" : "");
    core_buf_puts(&q, tail);
    char *sql = q.failed ? NULL : core_buf_take(&q, NULL);
    core_buf_free(&q);
    bmp_status rc = sql ? lq_prepare(l, sql, st, err) : bmp_error_oom(err);
    free(sql);
    return rc;
}

/* v[0..n) through the statement head (rows) tail, `per` rows a statement
 * and the rest in one more, each row bound by bind at w parameters. */
static bmp_status rows_put(bmp_ledger *l, const ranked *const *v, size_t n, size_t per, int w,
                           const char *head, const char *tail, rank_bind_fn bind,
                           const rank_ctx *c, bmp_error *err)
{
    ledger_stmt *st[2] = {NULL, NULL}; /* per rows, the rest */
    bmp_status rc = BMP_OK;
    for (size_t i = 0; i < n && !rc;) {
        size_t k = n - i >= per ? per : n - i;
        ledger_stmt **s = &st[k != per];
        if (!*s)
            rc = rows_prepare(l, head, k, w, tail, s, err);
        else
            lq_reset(l, *s);
        for (size_t r = 0; r < k && !rc; r++)
            rc = bind(l, *s, (int)r * w, v[i + r], c, err);
        rc = rc ? rc : lq_step(l, *s, NULL, err);
        i += k;
    }
    for (int k = 0; k < 2; k++)
        if (st[k])
            lq_finalize(l, st[k]);
    return rc;
}

/* The promotions' digest, their rows as bind_promotion binds them, in the
 * players' order (the group's). */
static bmp_status promotions_give(bmp_ledger *l, const rank_ctx *c, const ranked *const *pr,
                                  size_t np, bmp_error *err)
{
    ledger_group_hash *g = ledger_group_begin(promotion_columns);
    if (!g)
        return bmp_error_oom(err);
    for (size_t i = 0; i < np; i++) {
        const ranked *r = pr[i];
        const char *from = r->held.name[0] ? r->held.name : c->none;
        ledger_group_int(g, c->b->id);
        ledger_group_text(g, c->period, strlen(c->period));
        ledger_group_int(g, r->player);
        ledger_group_int(g, ledger_rank_order(&r->held));
        ledger_group_text(g, from, strlen(from));
        ledger_group_int(g, ledger_rank_order(&r->now));
        ledger_group_text(g, r->now.name, strlen(r->now.name));
        ledger_group_row_end(g);
    }
    return group_give(l, "promotion", c->b, c->period, g, err);
}

/* write_ranks on SQLite: the re-ranked players' new ranks in one UPDATE ...
 * FROM (VALUES ...) of 64 players (each found by its id), the promotions
 * 32 rows an INSERT: a statement's setup once for many players, not once
 * for each (issue 46).  The rows written are those write_ranks writes, in
 * its order. */
static bmp_status write_ranks_many(bmp_ledger *l, const ledger_body *b, const char *period,
                                   const ranked_list *rl, const char *none, bmp_error *err)
{
    const ranked **up = malloc((rl->n ? rl->n : 1) * sizeof *up);
    const ranked **pr = malloc((rl->n ? rl->n : 1) * sizeof *pr);
    size_t nu = 0, np = 0;
    for (size_t i = 0; up && pr && i < rl->n; i++) {
        const ranked *r = &rl->v[i];
        if (!rank_changed(r))
            continue;
        up[nu++] = r;
        if (ledger_rank_order(&r->now) > ledger_rank_order(&r->held))
            pr[np++] = r;
    }
    rank_ctx c = {b, period, none};
    bmp_status rc = up && pr ? BMP_OK : bmp_error_oom(err);
    if (!rc)
        rc = rows_put(l, up, nu, 64, 4,
                      "UPDATE OR FAIL player SET rank = v.column2, stars = v.column3, "
                      "rank_name = v.column4 FROM (VALUES ", ") AS v WHERE player.id = v.column1",
                      bind_rank,
                      &c, err);
    if (!rc)
        rc = rows_put(l, pr, np, 32, 7,
                      "INSERT OR FAIL INTO promotion (body_id, period, player_id, from_rank, "
                      "from_name, to_rank, to_name) VALUES ", "", bind_promotion, &c, err);
    if (!rc && np)
        rc = promotions_give(l, &c, pr, np, err);
    free(up);
    free(pr);
    return rc;
}

static bmp_status write_ranks(bmp_ledger *l, const ledger_body *b, const char *period,
                              const ranked_list *rl, bmp_error *err)
{
    ledger_stmt *up = NULL, *pr = NULL;
    ledger_rank none = {0};
    bmp_points zero[LEDGER_MAX_TYPES] = {0};
    if (ledger_rank_of(b->code, zero, 0, NULL, &none, NULL))
        snprintf(none.name, sizeof none.name, "none");
    if (lq_can(l, LQ_CAN_COPY) && rl->n >= 64)
        return write_ranks_copy(l, b, period, rl, none.name, err);
    if (strcmp(lq_backend(l), "sqlite") == 0)
        return write_ranks_many(l, b, period, rl, none.name, err);
    bmp_status rc = lq_prepare(l, "UPDATE player SET rank = ?2, stars = ?3, rank_name = ?4 WHERE id = ?1", &up, err);
    if (!rc)
        rc = lq_prepare(l, "INSERT INTO promotion (body_id, period, player_id, from_rank, "
                             "from_name, to_rank, to_name) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                             &pr, err);
    for (size_t i = 0; i < rl->n && !rc; i++) {
        const ranked *r = &rl->v[i];
        if (ledger_rank_order(&r->now) == ledger_rank_order(&r->held) &&
            strcmp(r->now.name, r->held.name) == 0)
            continue;
        lq_reset(l, up);
        rc = lq_bind_int(l, up, 1, r->player, err);
        rc = rc ? rc : lq_bind_int(l, up, 2, r->now.rank, err);
        rc = rc ? rc : lq_bind_int(l, up, 3, r->now.stars, err);
        rc = rc ? rc : lq_bind_text(l, up, 4, r->now.name, err);
        rc = rc ? rc : lq_step(l, up, NULL, err);
        if (rc || ledger_rank_order(&r->now) <= ledger_rank_order(&r->held))
            continue;
        /* ABF-88, 1.4.4: a promotion is recorded in the period it is earned */
        lq_reset(l, pr);
        rc = lq_bind_int(l, pr, 1, b->id, err);
        rc = rc ? rc : lq_bind_text(l, pr, 2, period, err);
        rc = rc ? rc : lq_bind_int(l, pr, 3, r->player, err);
        rc = rc ? rc : lq_bind_int(l, pr, 4, ledger_rank_order(&r->held), err);
        rc = rc ? rc : lq_bind_text(l, pr, 5, r->held.name[0] ? r->held.name : none.name, err);
        rc = rc ? rc : lq_bind_int(l, pr, 6, ledger_rank_order(&r->now), err);
        rc = rc ? rc : lq_bind_text(l, pr, 7, r->now.name, err);
        rc = rc ? rc : lq_step(l, pr, NULL, err);
    }
    lq_finalize(l, up);
    lq_finalize(l, pr);
    return rc;
}

bmp_status ledger_close_tx(bmp_ledger *l, const char *body, const char *period,
                           ledger_close_peek peek, void *ctx, bmp_ledger_close_stats *stats,
                           bmp_error *err)
{
    ledger_body b;
    bmp_ledger_close_stats s = {0};
    ranked_list rl = {0};
    id_list ids = {0};
    char at[40];
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (rc)
        return rc;
    bmp_points zero[LEDGER_MAX_TYPES] = {0};
    ledger_rank none;
    if ((rc = ledger_rank_of(b.code, zero, 0, NULL, &none, err))) /* a body without ranks */
        return rc;
    /* unkeyed: the close's rows name only keys it read in this transaction
     * (period/README.md "The close's foreign keys") */
    rc = lq_begin_unkeyed(l, err);
    if (!rc)
        rc = check_period(l, &b, period, err);
    if (!rc)
        rc = post_holdings(l, &b, period, &s, &ids, err);
    if (!rc)
        rc = rank_touched(l, &b, &ids, &rl, err);
    free(ids.v);
    s.players = rl.n;
    for (size_t i = 0; i < rl.n; i++)
        s.promotions += ledger_rank_order(&rl.v[i].now) > ledger_rank_order(&rl.v[i].held);
    ledger_now(l, at);
    bmp_ledger_head head;
    char hs[96] = "";
    if (!rc && !(rc = bmp_ledger_head_get(l, &head, err))) /* the chain it closes (issue 27) */
        bmp_ledger_head_format(&head, hs, sizeof hs);
    if (!rc)
        rc = lq_run(l, err,
                    "INSERT INTO period (body_id, period, closed_at, who, batches, players, "
                    "promotions, head) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                    "isssiii" "s", b.id, period, at, l->who, (int64_t)s.batches,
                    (int64_t)s.players, (int64_t)s.promotions, hs);
    if (!rc) /* the ranks the close replaces, for a reopen (reopen.c) */
        rc = keep_ranks(l, &b, period, &rl, err);
    if (!rc)
        rc = write_ranks(l, &b, period, &rl, err);
    if (!rc)
        rc = close_touch(l, &b, period, &rl, err);
    if (!rc) {
        char *d = core_asprintf("%s period %s closed: %zu batches, %zu lines, %zu players "
                                "re-ranked, %zu promotions", b.code, period, s.batches, s.lines,
                                s.players, s.promotions);
        rc = d ? ledger_audit(l, "close", d, err) : bmp_error_oom(err);
        free(d);
    }
    if (!rc && peek)
        rc = peek(l, b.id, period, ctx, err);
    if (!rc && !peek)
        rc = lq_commit(l, err);
    else
        lq_rollback(l); /* a refusal, or a preview: nothing written */
    free(rl.v);
    if (!rc && stats)
        *stats = s;
    return rc;
}

bmp_status bmp_ledger_close_period(bmp_ledger *l, const char *body, const char *period,
                                   bmp_ledger_close_stats *stats, bmp_error *err)
{
    return ledger_close_tx(l, body, period, NULL, NULL, stats, err);
}
