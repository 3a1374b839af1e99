/* `ledger reopen PERIOD --reason R`: undo the last close of a body (issue
 * 26), in one transaction.  Posted journal lines are never changed: the
 * batches go back to approved, the holdings (a cache of the posted journal)
 * lose what the close added, the ranks the close replaced come back from
 * close_rank, the promotions move to reopen_promotion and the certificates
 * are revoked; the reopen itself is a row with its reason and an audit
 * entry.  docs/rulings.md L-26-7. */
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_secretary.h"
#include "core/util.h"
#include "ledger/chain/chain.h"
#include "ledger/ledger_internal.h"
#include "ledger/shared/text_door.h"
#include "ledger/store/query.h"

/* The body's last closed period into last ("" for none). */
static bmp_status last_closed(bmp_ledger *l, const ledger_body *b, char last[16], bmp_error *err)
{
    ledger_stmt *st = NULL;
    bool row = false;
    last[0] = '\0';
    bmp_status rc = lq_query(l, &st, err, "SELECT max(period) FROM period WHERE body_id = ?1",
                             "i", b->id);
    if (!rc)
        rc = lq_step(l, st, &row, err);
    if (!rc && row && !lq_col_null(l, st, 0))
        snprintf(last, 16, "%s", lq_col_text(l, st, 0));
    if (st)
        lq_finalize(l, st);
    return rc;
}

bmp_status bmp_ledger_last_closed(bmp_ledger *l, const char *body, char last[16], bmp_error *err)
{
    ledger_body b;
    last[0] = '\0';
    bmp_status rc = ledger_body_get(l, body, &b, err);
    return rc ? rc : last_closed(l, &b, last, err);
}

/* The period must be the body's last closed one, closed with its ranks kept. */
static bmp_status check_last(bmp_ledger *l, const ledger_body *b, const char *period,
                             bmp_error *err)
{
    char last[16] = "";
    bmp_status rc = last_closed(l, b, last, err);
    if (rc)
        return rc;
    if (!last[0])
        return bmp_error_set(err, BMP_EINVAL, "reopen %s: no %s period is closed", period,
                             b->code);
    if (strcmp(last, period) != 0)
        return bmp_error_set(err, BMP_EINVAL,
                             "reopen %s: only the last closed %s period can be reopened, and that "
                             "is %s (reopen %s first)", period, b->code, last, last);
    int64_t players = 0, kept = 0;
    bool found = false;
    rc = lq_int(l, &players, &found, err,
                "SELECT players FROM period WHERE body_id = ?1 AND period = ?2", "is", b->id,
                period);
    if (!rc)
        rc = lq_int(l, &kept, &found, err,
                    "SELECT count(*) FROM close_rank WHERE body_id = ?1 AND period = ?2", "is",
                    b->id, period);
    if (!rc && players > 0 && kept == 0)
        rc = bmp_error_set(err, BMP_EINVAL,
                           "reopen %s: the %s close of %s was made before the ledger kept the "
                           "ranks a close replaces: it cannot be undone", period, b->code, period);
    return rc;
}

/* The reopen's row and the batches it takes back (*id: the reopen). */
static bmp_status record(bmp_ledger *l, const ledger_body *b, const char *period,
                         const char *reason, int64_t *id, bmp_error *err)
{
    char at[40];
    bool found = false;
    ledger_now(l, at);
    bmp_status rc = lq_int(l, id, &found, err,
                           "INSERT INTO reopen (body_id, period, reason, who, at, closed_at, "
                           "closed_by, batches, players, promotions) SELECT body_id, period, ?3, "
                           "?4, ?5, closed_at, who, batches, players, promotions FROM period "
                           "WHERE body_id = ?1 AND period = ?2 RETURNING id",
                           "issss", b->id, period, reason, l->who, at);
    if (!rc)
        rc = lq_run(l, err,
                    "INSERT INTO reopen_batch (reopen_id, batch_id) SELECT ?1, id FROM batch "
                    "WHERE body_id = ?2 AND period = ?3 AND state = 'posted' ORDER BY id",
                    "iis", *id, b->id, period);
    return rc;
}

/* The units a reopen changes: the reopen and its batches, their
 * holdings and players, the period with its promotions and kept ranks. */
static bmp_status reopen_touch(bmp_ledger *l, const ledger_body *b, const char *period,
                               int64_t id, bmp_error *err)
{
    bmp_status rc = ledger_touch_id(l, "reopen", id, err);
    if (!rc)
        rc = ledger_touch_id(l, "reopen_batch", id, err);
    if (!rc)
        rc = ledger_touch_id(l, "reopen_promotion", id, err);
    if (!rc)
        rc = ledger_touch_where(l, "batch", "id IN (SELECT batch_id FROM reopen_batch WHERE "
                                "reopen_id = ?1)", err, "i", id);
    if (!rc)
        rc = ledger_touch_where(l, "player", "id IN (SELECT player_id FROM close_rank WHERE "
                                "body_id = ?1 AND period = ?2)", err, "is", b->id, period);
    char *key = core_asprintf("%lld|%s", (long long)b->id, period);
    static const char *const keyed[] = {"period", "promotion", "close_rank"};
    for (size_t i = 0; i < 3 && !rc; i++)
        rc = key ? ledger_touch(l, keyed[i], key, err) : bmp_error_oom(err);
    free(key);
    return rc;
}

/* The holdings lose the reopened batches' lines; a holding left at zero
 * with no posted line behind it goes (as before the close). */
static bmp_status unpost(bmp_ledger *l, int64_t id, bmp_error *err)
{
    bmp_status rc = lq_run(
        l, err,
        "UPDATE holding SET points = points - (SELECT sum(j.points) FROM journal j "
        "JOIN reopen_batch r ON r.batch_id = j.batch_id WHERE r.reopen_id = ?1 AND "
        "j.player_id = holding.player_id AND j.point_type = holding.point_type) "
        "WHERE EXISTS (SELECT 1 FROM journal j JOIN reopen_batch r ON r.batch_id = j.batch_id "
        "WHERE r.reopen_id = ?1 AND j.player_id = holding.player_id AND "
        "j.point_type = holding.point_type)",
        "i", id);
    if (!rc)
        rc = lq_run(l, err,
                    "UPDATE batch SET state = 'approved', period = NULL WHERE id IN "
                    "(SELECT batch_id FROM reopen_batch WHERE reopen_id = ?1)",
                    "i", id);
    if (!rc)
        rc = lq_run(l, err,
                    "DELETE FROM holding WHERE points = 0 AND NOT EXISTS (SELECT 1 FROM journal j "
                    "JOIN batch b ON b.id = j.batch_id WHERE b.state = 'posted' AND "
                    "j.player_id = holding.player_id AND j.point_type = holding.point_type) "
                    "AND EXISTS (SELECT 1 FROM journal j JOIN reopen_batch r ON "
                    "r.batch_id = j.batch_id WHERE r.reopen_id = ?1 AND "
                    "j.player_id = holding.player_id AND j.point_type = holding.point_type)",
                    "i", id);
    return rc;
}

/* Ranks back to what the close replaced; promotions undone (kept in
 * reopen_promotion), certificates revoked; the period open again. */
static bmp_status unrank(bmp_ledger *l, const ledger_body *b, const char *period, int64_t id,
                         bmp_error *err)
{
    bmp_status rc = lq_run(
        l, err,
        "UPDATE player SET rank = (SELECT c.rank FROM close_rank c WHERE c.body_id = ?1 AND "
        "c.period = ?2 AND c.player_id = player.id), stars = (SELECT c.stars FROM close_rank c "
        "WHERE c.body_id = ?1 AND c.period = ?2 AND c.player_id = player.id), rank_name = "
        "(SELECT c.rank_name FROM close_rank c WHERE c.body_id = ?1 AND c.period = ?2 AND "
        "c.player_id = player.id) WHERE id IN (SELECT player_id FROM close_rank WHERE "
        "body_id = ?1 AND period = ?2)",
        "is", b->id, period);
    if (!rc)
        rc = lq_run(l, err,
                    "INSERT INTO reopen_promotion (reopen_id, player_id, from_rank, from_name, "
                    "to_rank, to_name) SELECT ?3, player_id, from_rank, from_name, to_rank, "
                    "to_name FROM promotion WHERE body_id = ?1 AND period = ?2 ORDER BY player_id",
                    "isi", b->id, period, id);
    if (!rc)
        rc = lq_run(l, err,
                    "INSERT INTO certificate_revoked (certificate_id, reopen_id) SELECT c.id, ?3 "
                    "FROM certificate c WHERE c.body_id = ?1 AND c.period = ?2 AND NOT EXISTS "
                    "(SELECT 1 FROM certificate_revoked r WHERE r.certificate_id = c.id) "
                    "ORDER BY c.id",
                    "isi", b->id, period, id);
    if (!rc)
        rc = lq_run(l, err, "DELETE FROM promotion WHERE body_id = ?1 AND period = ?2", "is",
                    b->id, period);
    if (!rc)
        rc = lq_run(l, err, "DELETE FROM close_rank WHERE body_id = ?1 AND period = ?2", "is",
                    b->id, period);
    if (!rc)
        rc = lq_run(l, err, "DELETE FROM period WHERE body_id = ?1 AND period = ?2", "is", b->id,
                    period);
    return rc;
}

static bmp_status count(bmp_ledger *l, int64_t id, bmp_ledger_reopen_stats *s, bmp_error *err)
{
    int64_t v[4] = {0};
    bool found = false;
    bmp_status rc = lq_int(l, &v[0], &found, err,
                           "SELECT count(*) FROM reopen_batch WHERE reopen_id = ?1", "i", id);
    if (!rc)
        rc = lq_int(l, &v[1], &found, err, "SELECT players FROM reopen WHERE id = ?1", "i", id);
    if (!rc)
        rc = lq_int(l, &v[2], &found, err,
                    "SELECT count(*) FROM reopen_promotion WHERE reopen_id = ?1", "i", id);
    if (!rc)
        rc = lq_int(l, &v[3], &found, err,
                    "SELECT count(*) FROM certificate_revoked WHERE reopen_id = ?1", "i", id);
    *s = (bmp_ledger_reopen_stats){(size_t)v[0], (size_t)v[1], (size_t)v[2], (size_t)v[3]};
    return rc;
}

bmp_status bmp_ledger_reopen_period(bmp_ledger *l, const char *body, const char *period,
                                    const char *reason, bmp_ledger_reopen_stats *stats,
                                    bmp_error *err)
{
    if (!reason || !*reason)
        return bmp_error_set(err, BMP_EINVAL, "a reopen needs a reason (--reason)");
    if (ledger_text_check("reason", reason, CORE_TEXT_REASON_MAX, false, err))
        return BMP_EINVAL;
    ledger_body b;
    bmp_ledger_reopen_stats s = {0};
    int64_t id = 0;
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (rc)
        return rc;
    rc = lq_begin(l, err);
    if (!rc)
        rc = check_last(l, &b, period, err);
    if (!rc)
        rc = record(l, &b, period, reason, &id, err);
    if (!rc) /* what the reopen changes, imaged at its audit entry (issue 27) */
        rc = reopen_touch(l, &b, period, id, err);
    if (!rc) /* the frozen rows of this period may change, in this transaction only */
        rc = lq_run(l, err, "INSERT INTO reopen_pending (body_id, period) VALUES (?1, ?2)", "is",
                    b.id, period);
    if (!rc)
        rc = unpost(l, id, err);
    if (!rc)
        rc = unrank(l, &b, period, id, err);
    if (!rc)
        rc = lq_run(l, err, "DELETE FROM reopen_pending WHERE body_id = ?1", "i", b.id);
    if (!rc)
        rc = ledger_touch_where(l, "certificate_revoked", "reopen_id = ?1", err, "i", id);
    if (!rc)
        rc = count(l, id, &s, err);
    if (!rc) {
        char *d = core_asprintf("%s period %s reopened: %zu batches back to approved, %zu players' "
                                "ranks restored, %zu promotions undone, %zu certificates "
                                "revoked: %s", b.code, period, s.batches, s.players,
                                s.promotions, s.certificates, reason);
        rc = d ? ledger_audit(l, "reopen", d, err) : bmp_error_oom(err);
        free(d);
    }
    rc = ledger_tx_end(l, rc, err);
    if (!rc && stats)
        *stats = s;
    return rc;
}
