/* A duplicate player merged into the player kept (issue 28 item 3,
 * rulings MI-4, MI-5): the duplicate's posted holdings moved by a transfer
 * batch (posted history never edited), the player kept re-ranked, the
 * duplicate a redirect (the view player_resolved) while the merge stands;
 * undone by `unmerge`, which reverses the transfer. */
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_movein.h"
#include "core/util.h"
#include "ledger/body_ops.h"
#include "ledger/chain/chain.h"
#include "ledger/register/opening.h"
#include "ledger/store/query.h"

typedef struct mplayer {
    int64_t id;
    char number[16];
    ledger_rank rank;
} mplayer;

/* The player of that number itself (not its redirect). */
static bmp_status player_get(bmp_ledger *l, const ledger_body *b, const char *number,
                             mplayer *p, bmp_error *err)
{
    memset(p, 0, sizeof *p);
    bmp_status rc = ledger_number_check(b->code, number, p->number, sizeof p->number, err);
    ledger_stmt *st = NULL;
    bool row = false;
    if (!rc)
        rc = lq_query(l, &st, err, "SELECT id, rank, stars, rank_name FROM player WHERE "
                      "body_id = ?1 AND number = ?2", "is", b->id, p->number);
    if (!rc && !(rc = lq_step(l, st, &row, err)) && row) {
        p->id = lq_col_int(l, st, 0);
        p->rank.rank = (int)lq_col_int(l, st, 1);
        p->rank.stars = (int)lq_col_int(l, st, 2);
        snprintf(p->rank.name, sizeof p->rank.name, "%s", lq_col_text(l, st, 3));
    }
    if (st)
        lq_finalize(l, st);
    if (!rc && !row)
        rc = bmp_error_set(err, BMP_ENOTFOUND, "no %s player %s", b->code, number);
    return rc;
}

/* The standing merge of dup (0 when none): its id and transfer batch. */
static bmp_status merge_of(bmp_ledger *l, int64_t dup, int64_t *id, int64_t *batch,
                           bmp_error *err)
{
    bool found = false;
    *id = *batch = 0;
    bmp_status rc = lq_int(l, id, &found, err,
                           "SELECT max(m.id) FROM player_merge m WHERE m.dup_id = ?1 AND NOT "
                           "EXISTS (SELECT 1 FROM player_unmerge u WHERE u.merge_id = m.id)",
                           "i", dup);
    if (!rc && *id)
        rc = lq_int(l, batch, &found, err, "SELECT batch_id FROM player_merge WHERE id = ?1", "i",
                    *id);
    return rc;
}

/* MI-4: a merge moves posted points only; the duplicate's lines still
 * waiting for a close must be posted or rejected first. */
static bmp_status merge_check(bmp_ledger *l, const mplayer *dup, const mplayer *keep,
                              bmp_error *err)
{
    int64_t m = 0, mb = 0, pending = 0;
    bool found = false;
    if (dup->id == keep->id)
        return bmp_error_set(err, BMP_EINVAL, "player %s cannot be merged into itself",
                             dup->number);
    bmp_status rc = merge_of(l, dup->id, &m, &mb, err);
    if (!rc && m)
        return bmp_error_set(err, BMP_EINVAL, "player %s is already merged (batch %lld): "
                             "unmerge it first", dup->number, (long long)mb);
    int64_t kept_for = 0;
    bool found_kept = false;
    if (!rc) /* issue 44: no chains, every surface resolves a number in one step */
        rc = lq_int(l, &kept_for, &found_kept, err,
                    "SELECT min(m.dup_id) FROM player_merge m WHERE m.keep_id = ?1 AND NOT "
                    "EXISTS (SELECT 1 FROM player_unmerge u WHERE u.merge_id = m.id)",
                    "i", dup->id);
    if (!rc && kept_for)
        return bmp_error_set(err, BMP_EINVAL, "player %s holds the points of a player merged "
                             "into it: merge %s into %s only after unmerging that player, "
                             "then merge that player into %s too", dup->number, dup->number,
                             keep->number, keep->number);
    if (!rc)
        rc = merge_of(l, keep->id, &m, &mb, err);
    if (!rc && m)
        return bmp_error_set(err, BMP_EINVAL, "player %s is itself merged into another player "
                             "(batch %lld): merge into that player", keep->number, (long long)mb);
    if (!rc)
        rc = lq_int(l, &pending, &found, err,
                    "SELECT count(*) FROM journal j JOIN batch b ON b.id = j.batch_id WHERE "
                    "j.player_id = ?1 AND b.state IN ('received', 'provisional', 'approved')",
                    "i", dup->id);
    if (!rc && pending)
        rc = bmp_error_set(err, BMP_EINVAL, "player %s has %lld line(s) in batches not yet "
                           "posted: close or reject them first (a merge moves posted points, "
                           "ruling MI-4)", dup->number, (long long)pending);
    return rc;
}

/* The transfer batch: each of dup's holdings out of dup and into keep. */
static bmp_status transfer(bmp_ledger *l, const ledger_body *b, const mplayer *dup,
                           const mplayer *keep, const char *reason, int64_t *batch, char *moved,
                           size_t size, bmp_error *err)
{
    char at[40], hash[65], event[80];
    int64_t n = 0;
    bool found = false;
    bmp_status rc = lq_int(l, &n, &found, err, "SELECT count(*) FROM player_merge WHERE "
                           "dup_id = ?1", "i", dup->id);
    char *seed = core_asprintf("merge %lld into %lld #%lld", (long long)dup->id,
                               (long long)keep->id, (long long)n);
    if (!seed)
        return bmp_error_oom(err);
    ledger_sha256_hex(seed, strlen(seed), hash);
    free(seed);
    ledger_now(l, at);
    snprintf(event, sizeof event, "merge of %s into %s", dup->number, keep->number);
    if (!rc)
        rc = lq_int(l, batch, &found, err,
                    "INSERT INTO batch (body_id, source, file, event, event_date, content_hash, "
                    "state, reason, who, created_at, lines) SELECT ?1, 'adjustment', 'merge', ?2, "
                    "'', ?3, 'posted', ?4, ?5, ?6, 2 * count(*) FROM holding WHERE player_id = ?7 "
                    "AND points <> 0 RETURNING id",
                    "isssssi", b->id, event, hash, reason, l->who, at, dup->id);
    for (int side = 0; side < 2 && !rc; side++) /* 0: out of dup, 1: into keep */
        rc = lq_run(l, err,
                    "INSERT INTO journal (batch_id, player_id, point_type, points, rule, event, "
                    "contestant) SELECT ?1, ?2, point_type, CASE WHEN ?3 = 1 THEN points ELSE "
                    "-points END, 'MI-4', ?4, '' FROM holding WHERE player_id = ?5 AND points <> 0 "
                    "ORDER BY point_type",
                    "iiisi", *batch, side ? keep->id : dup->id, (int64_t)side, event, dup->id);
    if (!rc)
        rc = lq_run(l, err, "INSERT INTO batch_total (batch_id, point_type, points, lines) "
                    "SELECT batch_id, point_type, sum(points), count(*) FROM journal WHERE "
                    "batch_id = ?1 GROUP BY batch_id, point_type", "i", *batch);
    if (!rc)
        rc = ledger_holdings_post(l, *batch, err);
    if (!rc)
        rc = ledger_touch_batch(l, *batch, err);
    bmp_table t;
    bmp_table_init(&t);
    if (!rc)
        rc = lq_table(l, &t, -1, 0, err, "SELECT point_type, points FROM journal WHERE "
                      "batch_id = ?1 AND points > 0 ORDER BY point_type", "i", *batch);
    moved[0] = '\0';
    for (size_t r = 0; r < t.nrows; r++)
        snprintf(moved + strlen(moved), size - strlen(moved), "%s%s %s", r ? ", " : "",
                 bmp_table_get(&t, r, 0), bmp_table_get(&t, r, 1));
    bmp_table_free(&t);
    return rc;
}

static bmp_status finish(bmp_ledger *l, bmp_status rc, const char *action, char *detail,
                         bmp_error *err)
{
    if (!rc)
        rc = detail ? ledger_audit(l, action, detail, err) : bmp_error_oom(err);
    free(detail);
    return ledger_tx_end(l, rc, err);
}

bmp_status bmp_ledger_merge(bmp_ledger *l, const char *body, const char *dup, const char *keep,
                            const char *reason, int64_t *batch, bmp_error *err)
{
    ledger_body b;
    mplayer d, k;
    ledger_rank was, now;
    int64_t id = 0;
    char moved[256], at[40];
    if (!reason || !*reason)
        return bmp_error_set(err, BMP_EINVAL, "merge: a reason is required (--reason R)");
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (!rc)
        rc = player_get(l, &b, dup, &d, err);
    if (!rc)
        rc = player_get(l, &b, keep, &k, err);
    if (!rc)
        rc = lq_begin(l, err);
    if (rc)
        return rc;
    rc = merge_check(l, &d, &k, err);
    if (!rc)
        rc = transfer(l, &b, &d, &k, reason, &id, moved, sizeof moved, err);
    if (!rc) /* the player kept holds at least the rank either held */
        rc = ledger_rerank(l, b.code, b.id, k.id, &d.rank, &was, &now, err);
    ledger_now(l, at);
    if (!rc)
        rc = lq_run(l, err, "INSERT INTO player_merge (body_id, dup_id, keep_id, batch_id, "
                    "keep_rank, keep_stars, keep_rank_name, reason, who, at) VALUES (?1, ?2, ?3, "
                    "?4, ?5, ?6, ?7, ?8, ?9, ?10)", "iiiiiissss", b.id, d.id, k.id, id,
                    (int64_t)was.rank, (int64_t)was.stars, was.name, reason, l->who, at);
    if (!rc)
        rc = ledger_touch_where(l, "player_merge", "batch_id = ?1", err, "i", id);
    if (!rc)
        rc = ledger_touch_id(l, "player", k.id, err);
    if (!rc && batch)
        *batch = id;
    return finish(l, rc, "merge",
                  rc ? NULL
                     : core_asprintf("%s player %s merged into %s: batch %lld moves %s; %s "
                                     "ranked %s (was %s); %s now reaches %s: %s", b.code,
                                     d.number, k.number, (long long)id, moved[0] ? moved : "nothing",
                                     k.number, now.name, was.name[0] ? was.name : "none",
                                     d.number, k.number, reason),
                  err);
}

/* The highest promotion of `player` in a close after merge m, where the
 * body's ranks are for life; rank 0 otherwise. */
static bmp_status promoted_since(bmp_ledger *l, const ledger_body *b, int64_t m, int64_t player,
                                 ledger_rank *out, bmp_error *err)
{
    const ledger_body_ops *ops = b->ops;
    memset(out, 0, sizeof *out);
    if (!ops || !ops->ranks_for_life)
        return BMP_OK;
    ledger_stmt *st = NULL;
    bool row = false;
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT r.to_rank, r.to_name FROM promotion r JOIN period p ON "
                             "p.body_id = r.body_id AND p.period = r.period JOIN player_merge m "
                             "ON m.id = ?2 WHERE r.player_id = ?1 AND p.closed_at >= m.at "
                             "ORDER BY r.to_rank DESC LIMIT 1",
                             "ii", player, m);
    if (!rc && !(rc = lq_step(l, st, &row, err)) && row) {
        int64_t order = lq_col_int(l, st, 0);
        out->rank = (int)(order / 1000);
        out->stars = (int)(order % 1000);
        snprintf(out->name, sizeof out->name, "%s", lq_col_text(l, st, 1));
    }
    if (st)
        lq_finalize(l, st);
    return rc;
}

bmp_status bmp_ledger_unmerge(bmp_ledger *l, const char *body, const char *dup,
                              const char *reason, int64_t *batch, bmp_error *err)
{
    ledger_body b;
    mplayer d;
    ledger_rank was, now;
    int64_t m = 0, moved = 0, rev = 0, keep = 0;
    bool found = false;
    char at[40];
    if (!reason || !*reason)
        return bmp_error_set(err, BMP_EINVAL, "unmerge: a reason is required (--reason R)");
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (!rc)
        rc = player_get(l, &b, dup, &d, err);
    if (!rc)
        rc = merge_of(l, d.id, &m, &moved, err);
    if (!rc && !m)
        rc = bmp_error_set(err, BMP_EINVAL, "player %s is not merged", d.number);
    if (!rc)
        rc = lq_int(l, &keep, &found, err, "SELECT keep_id FROM player_merge WHERE id = ?1", "i", m);
    if (!rc)
        rc = lq_begin(l, err);
    if (rc)
        return rc;
    char *seed = core_asprintf("unmerge %lld of batch %lld", (long long)m, (long long)moved);
    rc = seed ? ledger_reverse_now(l, moved, seed, reason, &rev, err) : bmp_error_oom(err);
    free(seed);
    int64_t negative = 0;
    if (!rc)
        rc = lq_int(l, &negative, &found, err, "SELECT count(*) FROM holding WHERE player_id IN "
                    "(?1, ?2) AND points < 0", "ii", d.id, keep);
    if (!rc && negative)
        rc = bmp_error_set(err, BMP_EINVAL, "unmerge %s: a holding of the player kept would go "
                           "below zero (its points have been corrected since): nothing undone",
                           d.number);
    if (!rc) /* the rank it had before the merge, then its own points (MI-5) */
        rc = lq_run(l, err, "UPDATE player SET rank = m.keep_rank, stars = m.keep_stars, "
                    "rank_name = m.keep_rank_name FROM player_merge m WHERE m.id = ?1 AND "
                    "player.id = m.keep_id", "i", m);
    ledger_rank since = {0}; /* a promotion recorded since the merge stands where ranks are
                                for life (ABF-88, 1.4.4) */
    if (!rc)
        rc = promoted_since(l, &b, m, keep, &since, err);
    if (!rc)
        rc = ledger_rerank(l, b.code, b.id, keep, &since, &was, &now, err);
    ledger_now(l, at);
    if (!rc)
        rc = lq_run(l, err, "INSERT INTO player_unmerge (merge_id, batch_id, reason, who, at) "
                    "VALUES (?1, ?2, ?3, ?4, ?5)", "iisss", m, rev, reason, l->who, at);
    if (!rc)
        rc = ledger_touch_id(l, "player_unmerge", m, err);
    if (!rc)
        rc = ledger_touch_id(l, "player", keep, err);
    if (!rc && batch)
        *batch = rev;
    return finish(l, rc, "unmerge",
                  rc ? NULL
                     : core_asprintf("%s player %s unmerged: batch %lld reverses merge batch "
                                     "%lld; the player kept ranked %s (was %s): %s", b.code,
                                     d.number, (long long)rev, (long long)moved, now.name,
                                     was.name[0] ? was.name : "none", reason),
                  err);
}
