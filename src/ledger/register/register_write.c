/* The register import's writes, many rows a statement (issue 46): a
 * national register of a million players was one INSERT round trip a
 * player and more on PostgreSQL (280-650 players/s).  The rows, ids,
 * alternates, regions, birth years and the units touched for the audit
 * chain are those of ledger_player_write and the region's and birth
 * year's statements row by row (registry.c, register_import.c). */
#include <stdlib.h>
#include <string.h>

#include "core/buf.h"
#include "core/util.h"
#include "ledger/chain/chain.h"
#include "ledger/register/registry_internal.h"
#include "ledger/store/query.h"

/* Rows a statement: 10 parameters a player (and the body's once) stay far
 * under SQLite's 32,766 and PostgreSQL's 65,535. */
#define PW_CHUNK 256

/* head, then `rows` copies of `row` separated by ", ", then tail; each '#'
 * of a row a placeholder, numbered on from `first` (no value spliced). */
static char *multi_sql(const char *head, const char *row, size_t rows, int first,
                       const char *tail)
{
    core_buf b = {0};
    core_buf_puts(&b, head);
    for (size_t i = 0; i < rows; i++) {
        core_buf_puts(&b, i ? ", " : "");
        for (const char *p = row; *p; p++)
            if (*p == '#')
                core_buf_printf(&b, "?%d", first++);
            else
                core_buf_putc(&b, *p);
    }
    core_buf_puts(&b, tail);
    if (b.failed) {
        core_buf_free(&b);
        return NULL;
    }
    return core_buf_take(&b, NULL);
}

/* Run `head (#, ...) tail` over the ids v[0..n): DELETE ... IN (...). */
static bmp_status run_ids(bmp_ledger *l, const char *head, const int64_t *v, size_t n,
                          bmp_error *err)
{
    bmp_status rc = BMP_OK;
    for (size_t at = 0; at < n && !rc; at += PW_CHUNK) {
        size_t k = n - at < PW_CHUNK ? n - at : PW_CHUNK;
        char *sql = multi_sql(head, "#", k, 1, ")");
        ledger_stmt *st = NULL;
        bool row = false;
        rc = sql ? lq_prepare(l, sql, &st, err) : bmp_error_oom(err);
        free(sql);
        for (size_t i = 0; i < k && !rc; i++)
            rc = lq_bind_int(l, st, (int)i + 1, v[at + i], err);
        while (!rc && !(rc = lq_step(l, st, &row, err)) && row)
            ;
        if (st)
            lq_finalize(l, st);
    }
    return rc;
}

/* Run `head` + pairs (#, #) + tail over (a[i], b[i]) or (a[i], s[i]). */
static bmp_status run_pairs(bmp_ledger *l, const char *head, const char *tail, const int64_t *a,
                            const int64_t *b, const char *const *s, size_t n, bmp_error *err)
{
    bmp_status rc = BMP_OK;
    for (size_t at = 0; at < n && !rc; at += PW_CHUNK) {
        size_t k = n - at < PW_CHUNK ? n - at : PW_CHUNK;
        char *sql = multi_sql(head, "(#, #)", k, 1, tail);
        ledger_stmt *st = NULL;
        bool row = false;
        rc = sql ? lq_prepare(l, sql, &st, err) : bmp_error_oom(err);
        free(sql);
        for (size_t i = 0; i < k && !rc; i++) {
            rc = lq_bind_int(l, st, 2 * (int)i + 1, a[at + i], err);
            if (!rc)
                rc = s ? lq_bind_text(l, st, 2 * (int)i + 2, s[at + i], err)
                       : lq_bind_int(l, st, 2 * (int)i + 2, b[at + i], err);
        }
        while (!rc && !(rc = lq_step(l, st, &row, err)) && row)
            ;
        if (st)
            lq_finalize(l, st);
    }
    return rc;
}

#define PLAYER_HEAD                                                                              \
    "INSERT INTO player (body_id, number, name, status, home_club, overseas, youth, "            \
    "registered_from, registered_to, pre1982_red, birth_year) VALUES "
#define PLAYER_ROW "(?1, #, #, #, nullif(#, 0), #, #, nullif(#, 0), nullif(#, 0), #, nullif(#, 0))"
#define PLAYER_TAIL                                                                              \
    " ON CONFLICT (body_id, number) DO UPDATE SET name = excluded.name, "                        \
    "status = excluded.status, home_club = excluded.home_club, "                                 \
    "overseas = excluded.overseas, youth = excluded.youth, "                                     \
    "registered_from = excluded.registered_from, registered_to = excluded.registered_to, "      \
    "pre1982_red = excluded.pre1982_red, birth_year = excluded.birth_year RETURNING id, number"

/* The chunk's rows sorted by number, to match RETURNING's rows (in no
 * promised order) to theirs. */
typedef struct pw_sort {
    const ledger_pwrite *w;
    size_t i;
} pw_sort;

static int pw_sort_cmp(const void *a, const void *b)
{
    return strcmp(((const pw_sort *)a)->w->r->number, ((const pw_sort *)b)->w->r->number);
}

/* Bind row w's ten values from parameter p on. */
static bmp_status bind_player(bmp_ledger *l, ledger_stmt *st, int p, const ledger_pwrite *w,
                              const ledger_clubs *clubs, bmp_error *err)
{
    const ledger_prow *r = w->r;
    int64_t home = 0;
    if (r->home && !ledger_clubs_find(clubs, r->home, &home))
        home = 0;
    bmp_status rc = lq_bind_text(l, st, p, r->number, err);
    if (!rc)
        rc = lq_bind_text(l, st, p + 1, r->name, err);
    if (!rc)
        rc = lq_bind_text(l, st, p + 2, r->status, err);
    const int64_t ints[] = {home, r->overseas, r->youth, r->from, r->to, r->pre82, w->birth};
    for (int k = 0; k < 7 && !rc; k++)
        rc = lq_bind_int(l, st, p + 3 + k, ints[k], err);
    return rc;
}

/* Players w[0..k): one upsert; ids[i] the id of w[i]. */
static bmp_status players_chunk(bmp_ledger *l, const ledger_body *b, ledger_stmt **full,
                                const ledger_pwrite *w, size_t k, const ledger_clubs *clubs,
                                int64_t *ids, bmp_error *err)
{
    ledger_stmt *st = k == PW_CHUNK ? *full : NULL;
    bmp_status rc = BMP_OK;
    if (!st) {
        char *sql = multi_sql(PLAYER_HEAD, PLAYER_ROW, k, 2, PLAYER_TAIL);
        rc = sql ? lq_prepare(l, sql, &st, err) : bmp_error_oom(err);
        free(sql);
        if (!rc && k == PW_CHUNK)
            *full = st;
    } else
        lq_reset(l, st);
    pw_sort *by = rc ? NULL : malloc(k * sizeof *by);
    if (!rc && !by)
        rc = bmp_error_oom(err);
    if (!rc)
        rc = lq_bind_int(l, st, 1, b->id, err);
    for (size_t i = 0; i < k && !rc; i++) {
        by[i] = (pw_sort){&w[i], i};
        ids[i] = 0;
        rc = bind_player(l, st, 2 + 10 * (int)i, &w[i], clubs, err);
    }
    if (!rc)
        qsort(by, k, sizeof *by, pw_sort_cmp);
    bool row = false;
    size_t got = 0;
    while (!rc && !(rc = lq_step(l, st, &row, err)) && row) {
        ledger_prow key = {0};
        snprintf(key.number, sizeof key.number, "%s", lq_col_text(l, st, 1));
        ledger_pwrite kw = {.r = &key};
        pw_sort probe = {&kw, 0}, *hit = bsearch(&probe, by, k, sizeof *by, pw_sort_cmp);
        if (hit && !ids[hit->i]) {
            ids[hit->i] = lq_col_int(l, st, 0);
            got++;
        }
    }
    if (!rc && got != k)
        rc = bmp_error_set(err, BMP_EIO, "internal: %zu of %zu players written", got, k);
    free(by);
    if (st && st != *full)
        lq_finalize(l, st);
    return rc;
}

/* The (player, club) pairs of the alternates to insert. */
typedef struct pw_alts {
    int64_t *pid, *cid;
    size_t n, pcap, ccap;
} pw_alts;

/* A row's alternates (club ids) appended to a. */
static bmp_status alternates_of(int64_t id, const char *alts, const ledger_clubs *clubs,
                                pw_alts *a, bmp_error *err)
{
    char *copy = core_strdup(alts);
    if (!copy)
        return bmp_error_oom(err);
    bmp_status rc = BMP_OK;
    for (char *save = NULL, *c = strtok_r(copy, ";", &save); c && !rc;
         c = strtok_r(NULL, ";", &save)) {
        int64_t *p = core_grow(a->pid, &a->pcap, a->n, sizeof *p);
        if (p)
            a->pid = p;
        int64_t *q = p ? core_grow(a->cid, &a->ccap, a->n, sizeof *q) : NULL;
        if (!q) {
            rc = bmp_error_oom(err);
            break;
        }
        a->cid = q;
        int64_t club = 0;
        if (!ledger_clubs_find(clubs, c, &club))
            club = 0;
        a->pid[a->n] = id;
        a->cid[a->n++] = club;
    }
    free(copy);
    return rc;
}

/* The alternates and regions of w[0..n) (ids[i] w[i]'s id), and every
 * unit touched: the player, its alternates (a new player's only when it
 * has some: none is no unit the chain keeps), its region when changed. */
static bmp_status rest_write(bmp_ledger *l, const ledger_pwrite *w, const int64_t *ids, size_t n,
                             const ledger_clubs *clubs, bmp_error *err)
{
    int64_t *del = calloc(n ? n : 1, sizeof *del), *gone = calloc(n ? n : 1, sizeof *gone),
            *reg = calloc(n ? n : 1, sizeof *reg);
    const char **regv = calloc(n ? n : 1, sizeof *regv);
    pw_alts alt = {0};
    size_t ndel = 0, ngone = 0, nreg = 0;
    bmp_status rc = del && gone && reg && regv ? BMP_OK : bmp_error_oom(err);
    for (size_t i = 0; i < n && !rc; i++) {
        rc = ledger_touch_id(l, "player", ids[i], err);
        if (!w[i].fresh)
            del[ndel++] = ids[i];
        if (!rc && (!w[i].fresh || *w[i].r->alts))
            rc = ledger_touch_id(l, "alternate", ids[i], err);
        if (!rc)
            rc = alternates_of(ids[i], w[i].r->alts, clubs, &alt, err);
        if (!rc && w[i].region_changed) {
            rc = ledger_touch_id(l, "player_region", ids[i], err);
            if (*w[i].region) {
                reg[nreg] = ids[i];
                regv[nreg++] = w[i].region;
            } else
                gone[ngone++] = ids[i];
        }
    }
    if (!rc)
        rc = run_ids(l, "DELETE FROM alternate WHERE player_id IN (", del, ndel, err);
    if (!rc)
        rc = run_pairs(l, "INSERT INTO alternate (player_id, club_id) VALUES ",
                       " ON CONFLICT DO NOTHING", alt.pid, alt.cid, NULL, alt.n, err);
    if (!rc)
        rc = run_ids(l, "DELETE FROM player_region WHERE player_id IN (", gone, ngone, err);
    if (!rc)
        rc = run_pairs(l, "INSERT INTO player_region (player_id, region) VALUES ",
                       " ON CONFLICT (player_id) DO UPDATE SET region = excluded.region", reg,
                       NULL, regv, nreg, err);
    free(del);
    free(gone);
    free(reg);
    free(regv);
    free(alt.pid);
    free(alt.cid);
    return rc;
}

bmp_status ledger_players_write(bmp_ledger *l, const ledger_body *b, const ledger_pwrite *w,
                                size_t n, bmp_error *err)
{
    ledger_clubs clubs = {0};
    int64_t *ids = calloc(n ? n : 1, sizeof *ids);
    bmp_status rc = ids ? ledger_clubs_load(l, b->id, &clubs, err) : bmp_error_oom(err);
    ledger_stmt *full = NULL;
    for (size_t at = 0; at < n && !rc; at += PW_CHUNK)
        rc = players_chunk(l, b, &full, w + at, n - at < PW_CHUNK ? n - at : PW_CHUNK, &clubs,
                           ids + at, err);
    if (full)
        lq_finalize(l, full);
    if (!rc)
        rc = rest_write(l, w, ids, n, &clubs, err);
    ledger_clubs_free(&clubs);
    free(ids);
    return rc;
}
