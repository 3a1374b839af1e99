/* Carried points held for the secretary (carried.h, ledger_carried.h):
 * the hold and its differences recorded on import, the approval gate,
 * acceptance with a reason (audited), the differences as a table, and
 * the per-body bound of one event (issue 26 item 2, rulings L-26-1). */
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_carried.h"
#include "core/util.h"
#include "ledger/body_ops.h"
#include "ledger/intake/carried.h"
#include "ledger/chain/chain.h"
#include "ledger/ledger_internal.h"
#include "ledger/shared/text_door.h"
#include "ledger/store/query.h"

void ledger_carried_free(ledger_carried *c)
{
    for (size_t i = 0; i < c->n; i++) {
        free(c->v[i].contestant);
        free(c->v[i].players);
        free(c->v[i].type);
        free(c->v[i].derivation);
    }
    free(c->v);
    free(c->reason);
    memset(c, 0, sizeof *c);
}

bmp_points ledger_event_bound(const char *code, const char *type, const char **why)
{
    const ledger_body_ops *ops = ledger_body_ops_of(code);
    if (why)
        *why = "1000000.00, the ledger's bound on one line (migration 011)";
    if (!ops || !ops->max_event_points)
        return LEDGER_LINE_MAX;
    const ledger_point_bound *b = ops->max_event_points;
    for (; b->type; b++)
        if (type && strcmp(b->type, type) == 0)
            break;
    if (why)
        *why = b->why;
    return b->max;
}

bool ledger_line_unbounded(const char *code, bool event, const bmp_ledger_line *ln,
                           const char *file, size_t at, bmp_problems *pp)
{
    const char *why = "1000000.00, the ledger's bound on one line (migration 011)";
    bmp_points max = event ? ledger_event_bound(code, ln->point_type, &why) : LEDGER_LINE_MAX;
    if (ln->points <= max && ln->points >= -max)
        return false;
    char got[32];
    bmp_points_format(ln->points, got, sizeof got);
    if (event)
        problems_add(pp, "%s:%zu: player %s: %s %s points: more than one %s event can give (at "
                     "most %s)", file, at, ln->number ? ln->number : "?", got, ln->point_type,
                     code, why);
    else
        problems_add(pp, "%s:%zu: player %s: %s %s points: more than the ledger takes in one line "
                     "(at most %s)", file, at, ln->number ? ln->number : "?", got,
                     ln->point_type, why);
    return true;
}

bool ledger_tally_add(bmp_points *sum, bmp_points v, const char *file, size_t at,
                      bmp_problems *pp)
{
    if (!__builtin_add_overflow(*sum, v, sum))
        return false;
    problems_add(pp, "%s:%zu: the batch's total overflows (more than 92233720368547758.07 "
                 "points)", file, at);
    return true;
}

bmp_status ledger_verify_bounds(bmp_ledger *l, bmp_problems *pp, size_t *bad, bmp_error *err)
{
    ledger_stmt *st = NULL;
    bmp_status rc = lq_query(l, &st, err, "SELECT id, batch_id, point_type, points FROM journal "
                             "WHERE points > ?1 OR points < -?1 ORDER BY id", "i",
                             (int64_t)LEDGER_LINE_MAX);
    bool row = true;
    while (!rc) {
        if ((rc = lq_step(l, st, &row, err)) || !row)
            break;
        char p[32];
        bmp_points_format(lq_col_int(l, st, 3), p, sizeof p);
        problems_add(pp, "journal line %lld of batch %lld: %s %s points, beyond what any event "
                     "can give (1000000.00)", (long long)lq_col_int(l, st, 0),
                     (long long)lq_col_int(l, st, 1), p, lq_col_text(l, st, 2));
        (*bad)++;
    }
    if (st)
        lq_finalize(l, st);
    return rc;
}

bmp_status ledger_carried_write(bmp_ledger *l, int64_t batch, const ledger_carried *c,
                                bmp_error *err)
{
    if (!c || !c->reason)
        return BMP_OK;
    char at[40];
    ledger_now(l, at);
    bmp_status rc = lq_run(l, err, "INSERT INTO batch_hold (batch_id, reason, held_at) "
                           "VALUES (?1, ?2, ?3)", "iss", batch, c->reason, at);
    for (size_t i = 0; i < c->n && !rc; i++) {
        const ledger_carried_row *r = &c->v[i];
        rc = lq_run(l, err,
                    "INSERT INTO batch_difference (batch_id, seq, contestant, players, "
                    "point_type, carried, computed, derivation) VALUES (?1, ?2, ?3, ?4, ?5, ?6, "
                    "?7, ?8)", "iisssiis", batch, (int64_t)i + 1, r->contestant, r->players,
                    r->type, r->carried, r->computed, r->derivation);
    }
    if (!rc)
        rc = ledger_touch_id(l, "batch_hold", batch, err);
    if (!rc)
        rc = ledger_touch_id(l, "batch_difference", batch, err);
    if (!rc) {
        char *d = core_asprintf("batch %lld held: %s", (long long)batch, c->reason);
        rc = d ? ledger_audit(l, "hold", d, err) : bmp_error_oom(err);
        free(d);
    }
    return rc;
}

bmp_status bmp_ledger_batch_hold(bmp_ledger *l, int64_t batch, bool *held, bool *accepted,
                                 char *reason, size_t size, bmp_error *err)
{
    *held = false;
    if (accepted)
        *accepted = false;
    if (reason && size)
        *reason = '\0';
    ledger_stmt *st = NULL;
    bool row = false;
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT h.reason, a.batch_id FROM batch b LEFT JOIN batch_hold h ON "
                             "h.batch_id = b.id LEFT JOIN batch_hold_accept a ON a.batch_id = "
                             "b.id WHERE b.id = ?1", "i", batch);
    if (!rc)
        rc = lq_step(l, st, &row, err);
    if (!rc && !row)
        rc = bmp_error_set(err, BMP_ENOTFOUND, "no batch %lld", (long long)batch);
    if (!rc && !lq_col_null(l, st, 0)) {
        *held = true;
        if (accepted)
            *accepted = !lq_col_null(l, st, 1);
        if (reason && size)
            snprintf(reason, size, "%s", lq_col_text(l, st, 0));
    }
    lq_finalize(l, st);
    return rc;
}

bmp_status ledger_carried_gate(bmp_ledger *l, int64_t batch, bmp_error *err)
{
    bool held = false, accepted = false;
    char why[400];
    bmp_status rc = bmp_ledger_batch_hold(l, batch, &held, &accepted, why, sizeof why, NULL);
    if (rc == BMP_ENOTFOUND)
        return BMP_OK; /* the transition says so */
    if (rc)
        return bmp_ledger_batch_hold(l, batch, &held, &accepted, why, sizeof why, err);
    if (held && !accepted)
        return bmp_error_set(err, BMP_EINVAL,
                             "batch %lld is held: %s; see its differences (ledger batch show "
                             "%lld), then accept the carried points (ledger accept-carried %lld "
                             "--reason R) or reject the batch",
                             (long long)batch, why, (long long)batch, (long long)batch);
    return BMP_OK;
}

bmp_status bmp_ledger_accept_carried(bmp_ledger *l, int64_t batch, const char *reason,
                                     bmp_error *err)
{
    if (!reason || !*reason)
        return bmp_error_set(err, BMP_EINVAL, "accepting carried points needs a reason");
    if (ledger_text_check("reason", reason, CORE_TEXT_REASON_MAX, false, err))
        return BMP_EINVAL;
    bmp_status rc = lq_begin(l, err);
    bool held = false, accepted = false;
    char why[400];
    int64_t open = 0;
    bool found = false;
    if (!rc)
        rc = bmp_ledger_batch_hold(l, batch, &held, &accepted, why, sizeof why, err);
    if (!rc && !held)
        rc = bmp_error_set(err, BMP_EINVAL, "batch %lld is not held: nothing to accept",
                           (long long)batch);
    if (!rc && accepted)
        rc = bmp_error_set(err, BMP_EINVAL, "batch %lld: its carried points are already "
                           "accepted", (long long)batch);
    if (!rc)
        rc = lq_int(l, &open, &found, err, "SELECT count(*) FROM batch WHERE id = ?1 AND state "
                    "IN ('provisional', 'approved')", "i", batch);
    if (!rc && !open)
        rc = bmp_error_set(err, BMP_EINVAL, "batch %lld is no longer provisional: nothing to "
                           "accept", (long long)batch);
    char at[40];
    ledger_now(l, at);
    if (!rc)
        rc = lq_run(l, err, "INSERT INTO batch_hold_accept (batch_id, reason, who, accepted_at) "
                    "VALUES (?1, ?2, ?3, ?4)", "isss", batch, reason, l->who, at);
    if (!rc)
        rc = ledger_touch_id(l, "batch_hold_accept", batch, err);
    if (!rc) {
        char *d = core_asprintf("batch %lld carried points accepted (held: %s): %s",
                                (long long)batch, why, reason);
        rc = d ? ledger_audit(l, "accept-carried", d, err) : bmp_error_oom(err);
        free(d);
    }
    return ledger_tx_end(l, rc, err);
}

static bmp_status diff_title(bmp_ledger *l, int64_t batch, bmp_table *t, bmp_error *err)
{
    ledger_stmt *st = NULL;
    bool row = false;
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT h.reason, a.who, a.reason FROM batch_hold h LEFT JOIN "
                             "batch_hold_accept a ON a.batch_id = h.batch_id WHERE h.batch_id = ?1",
                             "i", batch);
    if (!rc)
        rc = lq_step(l, st, &row, err);
    char *title = NULL;
    if (!rc && !row)
        title = core_asprintf("batch %lld: not held", (long long)batch);
    else if (!rc && lq_col_null(l, st, 1))
        title = core_asprintf("batch %lld held: %s", (long long)batch, lq_col_text(l, st, 0));
    else if (!rc)
        title = core_asprintf("batch %lld held: %s; accepted by %s: %s", (long long)batch,
                              lq_col_text(l, st, 0), lq_col_text(l, st, 1),
                              lq_col_text(l, st, 2));
    lq_finalize(l, st);
    if (!rc)
        rc = title ? bmp_table_title(t, title) : bmp_error_oom(err);
    free(title);
    return rc;
}

bmp_status bmp_ledger_batch_differences(bmp_ledger *l, int64_t batch, bmp_table *t,
                                        bmp_error *err)
{
    static const char *const cols[] = {"contestant", "players", "point_type", "carried_points",
                                       "computed_points", "derivation", NULL};
    bool held = false;
    bmp_status rc = bmp_ledger_batch_hold(l, batch, &held, NULL, NULL, 0, err);
    if (!rc)
        rc = diff_title(l, batch, t, err);
    if (!rc)
        rc = bmp_table_columns(t, cols);
    ledger_stmt *st = NULL;
    if (!rc)
        rc = lq_query(l, &st, err, "SELECT contestant, players, point_type, carried, computed, "
                      "derivation FROM batch_difference WHERE batch_id = ?1 ORDER BY seq",
                      "i", batch);
    bool row = true;
    while (!rc) {
        if ((rc = lq_step(l, st, &row, err)) || !row)
            break;
        char c[32], k[32];
        bmp_points_format(lq_col_int(l, st, 3), c, sizeof c);
        bmp_points_format(lq_col_int(l, st, 4), k, sizeof k);
        for (int i = 0; i < 3 && !rc; i++)
            rc = bmp_table_cell(t, "%s", lq_col_text(l, st, i));
        if (!rc)
            rc = bmp_table_cell(t, "%s", c);
        if (!rc)
            rc = bmp_table_cell(t, "%s", k);
        if (!rc)
            rc = bmp_table_cell(t, "%s", lq_col_text(l, st, 5));
    }
    if (st)
        lq_finalize(l, st);
    return rc;
}
