/* A batch's lifecycle after import: approve, reject with a reason, and
 * correct a posted batch by a reversing batch (NZ-91, NZ-44). */
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "ledger/body_ops.h"
#include "ledger/intake/carried.h"
#include "ledger/chain/chain.h"
#include "ledger/ledger_internal.h"
#include "ledger/shared/text_door.h"
#include "ledger/store/query.h"

static bmp_status batch_state(bmp_ledger *l, int64_t batch, char state[16], char hash[65],
                              int64_t *body, bmp_error *err)
{
    ledger_stmt *st = NULL;
    bmp_status rc = lq_query(l, &st, err, "SELECT state, content_hash, body_id FROM batch WHERE id = ?1",
                             "i", batch);
    bool row = false;
    if (!rc)
        rc = lq_step(l, st, &row, err);
    if (!rc && !row)
        rc = bmp_error_set(err, BMP_ENOTFOUND, "no batch %lld", (long long)batch);
    if (!rc) {
        snprintf(state, 16, "%s", lq_col_text(l, st, 0));
        if (hash)
            snprintf(hash, 65, "%s", lq_col_text(l, st, 1));
        if (body)
            *body = lq_col_int(l, st, 2);
    }
    lq_finalize(l, st);
    return rc;
}

/* One state change with its audit entry, in one transaction. */
static bmp_status transition(bmp_ledger *l, int64_t batch, const char *from1, const char *from2,
                             const char *to, const char *reason, bmp_error *err)
{
    bmp_status rc = lq_begin(l, err);
    char state[16];
    if (!rc)
        rc = batch_state(l, batch, state, NULL, NULL, err);
    if (!rc && strcmp(state, from1) != 0 && (!from2 || strcmp(state, from2) != 0))
        rc = bmp_error_set(err, BMP_EINVAL, "batch %lld is %s: only a %s%s%s batch can be %s",
                           (long long)batch, state, from1, from2 ? " or " : "", from2 ? from2 : "",
                           to);
    if (!rc)
        rc = lq_run(l, err, "UPDATE batch SET state = ?2, reason = ?3 WHERE id = ?1", "iss", batch,
                    to, reason ? reason : "");
    if (!rc)
        rc = ledger_touch_id(l, "batch", batch, err);
    if (!rc) {
        char *d = core_asprintf("batch %lld %s -> %s%s%s", (long long)batch, state, to,
                                reason ? ": " : "", reason ? reason : "");
        rc = d ? ledger_audit(l, to, d, err) : bmp_error_oom(err);
        free(d);
    }
    return ledger_tx_end(l, rc, err);
}

/* The gate of the batch's body before approval (ABF-116: levies paid);
 * none for a body without one or a batch not found (the transition says). */
static bmp_status approve_gate(bmp_ledger *l, int64_t batch, bmp_error *err)
{
    ledger_stmt *st = NULL;
    bool row = false;
    const ledger_body_ops *ops = NULL;
    bmp_status rc = lq_query(l, &st, err, "SELECT y.code FROM batch b JOIN body y ON "
                             "y.id = b.body_id WHERE b.id = ?1", "i", batch);
    if (!rc)
        rc = lq_step(l, st, &row, err);
    if (!rc && row)
        ops = ledger_body_ops_of(lq_col_text(l, st, 0));
    lq_finalize(l, st);
    if (rc || !ops || !ops->approve_gate)
        return rc;
    return ops->approve_gate(l, batch, err);
}

/* ABF-103: awards stay provisional until the Centre approves them. */
bmp_status bmp_ledger_approve(bmp_ledger *l, int64_t batch, bmp_error *err)
{
    return bmp_ledger_approve_reason(l, batch, NULL, err);
}

/* The same with the approver's reason (issue 29: "approve ... with a
 * reason"), kept as the batch's reason and in the audit entry beside who. */
bmp_status bmp_ledger_approve_reason(bmp_ledger *l, int64_t batch, const char *reason,
                                     bmp_error *err)
{
    if (reason && !*reason)
        reason = NULL;
    if (reason && ledger_text_check("reason", reason, CORE_TEXT_REASON_MAX, false, err))
        return BMP_EINVAL;
    bmp_status rc = ledger_carried_gate(l, batch, err); /* issue 26: held */
    if (!rc)
        rc = approve_gate(l, batch, err); /* ABF-116 */
    if (rc)
        return rc;
    return transition(l, batch, "provisional", NULL, "approved", reason, err);
}

bmp_status bmp_ledger_reject(bmp_ledger *l, int64_t batch, const char *reason, bmp_error *err)
{
    if (!reason || !*reason)
        return bmp_error_set(err, BMP_EINVAL, "a rejection needs a reason");
    if (ledger_text_check("reason", reason, CORE_TEXT_REASON_MAX, false, err))
        return BMP_EINVAL;
    return transition(l, batch, "provisional", "approved", "rejected", reason, err);
}

/* The rows of a batch reversing `old`: the batch (in `state`, content hash
 * rhash) and its journal lines, held lines and totals negated.  Shared by
 * a correction (below) and a reversal posted at once (posted_reversal.c). */
bmp_status ledger_reversal_rows(bmp_ledger *l, int64_t old, const char *rhash, const char *state,
                                const char *reason, int64_t *id, bmp_error *err)
{
    char at[40];
    bool found = false;
    ledger_now(l, at);
    bmp_status rc = lq_int(l, id, &found, err,
                           "INSERT INTO batch (body_id, source, file, event, event_date, club_id, "
                           "content_hash, state, reason, who, created_at, reverses, lines) "
                           "SELECT body_id, 'reversal', file, event, event_date, club_id, ?2, ?6, "
                           "?3, ?4, ?5, id, lines FROM batch WHERE id = ?1 RETURNING id",
                           "isssss", old, rhash, reason, l->who, at, state);
    if (!rc)
        rc = lq_run(l, err,
                    "INSERT INTO journal (batch_id, player_id, point_type, points, rule, event, "
                    "contestant) SELECT ?2, player_id, point_type, -points, rule, event, contestant "
                    "FROM journal WHERE batch_id = ?1 ORDER BY id",
                    "ii", old, *id);
    if (!rc)
        rc = lq_run(l, err,
                    "INSERT INTO held (batch_id, number, name, point_type, points, rule, event, "
                    "contestant, why) SELECT ?2, number, name, point_type, -points, rule, event, "
                    "contestant, why FROM held WHERE batch_id = ?1 ORDER BY id",
                    "ii", old, *id);
    if (!rc)
        rc = lq_run(l, err,
                    "INSERT INTO batch_total (batch_id, point_type, points, lines) "
                    "SELECT ?2, point_type, -points, lines FROM batch_total WHERE batch_id = ?1",
                    "ii", old, *id);
    return rc;
}

/* NZ-91, NZ-44: a posted batch is never edited; a new batch reverses each
 * of its lines (and each held line), carrying the reason, who and when.
 * Inside the caller's transaction. */
bmp_status ledger_reverse(bmp_ledger *l, int64_t batch, const char *reason, int64_t *reversal,
                          bmp_error *err)
{
    char state[16], hash[65], rhash[65];
    int64_t body = 0, id = 0;
    bool found = false;
    bmp_status rc = batch_state(l, batch, state, hash, &body, err);
    if (!rc && strcmp(state, "posted") != 0)
        rc = bmp_error_set(err, BMP_EINVAL,
                           "batch %lld is %s: only a posted batch is corrected by reversal "
                           "(reject it instead)", (long long)batch, state);
    if (!rc && !lq_int(l, &id, &found, NULL, "SELECT id FROM batch WHERE reverses = ?1", "i", batch) &&
        found)
        rc = bmp_error_set(err, BMP_EINVAL, "batch %lld is already reversed by batch %lld",
                           (long long)batch, (long long)id);
    if (rc)
        return rc;
    char *seed = core_asprintf("reversal of %lld %s", (long long)batch, hash);
    if (!seed)
        return bmp_error_oom(err);
    ledger_sha256_hex(seed, strlen(seed), rhash);
    free(seed);
    rc = ledger_reversal_rows(l, batch, rhash, "received", reason, &id, err);
    if (!rc)
        rc = lq_run(l, err, "UPDATE batch SET state = 'provisional' WHERE id = ?1", "i", id);
    if (!rc)
        rc = ledger_touch_batch(l, id, err);
    if (!rc) {
        char *d = core_asprintf("batch %lld reverses posted batch %lld: %s", (long long)id,
                                (long long)batch, reason);
        rc = d ? ledger_audit(l, "correct", d, err) : bmp_error_oom(err);
        free(d);
    }
    if (!rc && reversal)
        *reversal = id;
    return rc;
}

bmp_status bmp_ledger_correct(bmp_ledger *l, int64_t batch, const char *reason,
                              int64_t *reversal, bmp_error *err)
{
    if (!reason || !*reason)
        return bmp_error_set(err, BMP_EINVAL, "a correction needs a reason (NZ-91)");
    if (ledger_text_check("reason", reason, CORE_TEXT_REASON_MAX, false, err))
        return BMP_EINVAL;
    bmp_status rc = lq_begin(l, err);
    if (!rc)
        rc = ledger_reverse(l, batch, reason, reversal, err);
    return ledger_tx_end(l, rc, err);
}

/* A corrected submission replaces batch `old` (inside the caller's
 * transaction): a posted batch is reversed, a pending one rejected. */
bmp_status ledger_replace(bmp_ledger *l, int64_t old, const char *reason, bmp_error *err)
{
    char state[16];
    bmp_status rc = batch_state(l, old, state, NULL, NULL, err);
    if (rc)
        return rc;
    if (strcmp(state, "posted") == 0)
        return ledger_reverse(l, old, reason, NULL, err);
    if (strcmp(state, "provisional") != 0 && strcmp(state, "approved") != 0)
        return bmp_error_set(err, BMP_EINVAL, "batch %lld is %s: nothing to replace",
                             (long long)old, state);
    rc = lq_run(l, err, "UPDATE batch SET state = 'rejected', reason = ?2 WHERE id = ?1", "is",
                old, reason);
    if (!rc)
        rc = ledger_touch_id(l, "batch", old, err);
    if (!rc) {
        char *d = core_asprintf("batch %lld %s -> rejected: %s", (long long)old, state, reason);
        rc = d ? ledger_audit(l, "rejected", d, err) : bmp_error_oom(err);
        free(d);
    }
    return rc;
}
