/* Conversions between bodies (docs/ledger.md): a player's points earned
 * under another body, credited on application at the receiving body's
 * stated rate (ABF-105, 1.3.4) as one provisional adjustment batch.  The
 * conversion row names the foreign points and the reference they were
 * applied with; the same points are refused a second time. */
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_convert.h"
#include "core/date.h"
#include "core/util.h"
#include "ledger/body_ops.h"
#include "ledger/chain/chain.h"
#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"

/* The receiving body's rate (its convert_rate: ABF-105, NZ-102); no other
 * body's conversion into it is in its regulations here. */
static bmp_status rate(const ledger_body *b, const bmp_ledger_conversion *c,
                       bmp_ledger_converted *out, bmp_error *err)
{
    const ledger_body_ops *ops = b->ops;
    if (ops && ops->convert_rate)
        return ops->convert_rate(c, out, err);
    return bmp_error_set(err, BMP_ENOTSUP, "not supported: conversion of foreign points into %s "
                         "(only ABF-105 and NZ-102 state rates)", b->code);
}

static bmp_status check_args(const bmp_ledger_conversion *c, bmp_error *err)
{
    core_date d;
    if (!c->number || !c->date)
        return bmp_error_set(err, BMP_EINVAL, "conversion: the player's number and the date of "
                             "application are required");
    if (!c->ref || !*c->ref)
        return bmp_error_set(err, BMP_EINVAL, "conversion: the foreign body's reference for the "
                             "points is required (--ref)");
    if (c->points <= 0)
        return bmp_error_set(err, BMP_EINVAL, "conversion: foreign points must be more than 0");
    return core_date_get(c->date, "conversion date", &d, err);
}

static bmp_status player_of(bmp_ledger *l, const ledger_body *b, const char *norm, int64_t *id,
                            bmp_error *err)
{
    bool found = false;
    bmp_status rc = lq_int(l, id, &found, err,
                           "SELECT id FROM player WHERE body_id = ?1 AND number = ?2", "is", b->id,
                           norm);
    if (!rc && !found)
        rc = bmp_error_set(err, BMP_ENOTFOUND, "no %s player %s: register the player first",
                           b->code, norm);
    return rc;
}

/* The same points converted before (a batch not rejected)? */
static bmp_status earlier(bmp_ledger *l, const ledger_body *b, int64_t player,
                          const bmp_ledger_conversion *c, bmp_ledger_converted *out, bmp_error *err)
{
    bool found = false;
    int64_t batch = 0;
    bmp_status rc = lq_int(l, &batch, &found, err,
                           "SELECT c.batch_id FROM conversion c JOIN batch b ON b.id = c.batch_id "
                           "WHERE c.body_id = ?1 AND c.player_id = ?2 AND c.foreign_kind = ?3 "
                           "AND c.ref = ?4 AND b.state <> 'rejected'",
                           "iiss", b->id, player, out->foreign, c->ref);
    if (!rc && found) {
        out->batch = batch;
        rc = bmp_error_set(err, BMP_EINVAL, "these points were converted already: %s %s '%s' in "
                           "batch %lld (%s); nothing changed", out->foreign, c->number, c->ref,
                           (long long)batch, out->rule);
    }
    return rc;
}

static bmp_status write_batch(bmp_ledger *l, const ledger_body *b, int64_t player,
                              const char *norm, const bmp_ledger_conversion *c,
                              bmp_ledger_converted *out, bmp_error *err)
{
    char at[40], hash[65];
    ledger_now(l, at);
    char *seed = core_asprintf("convert %s %s %s %s", b->code, norm, out->foreign, c->ref);
    char *why = core_asprintf("%s: %s %s (%s)%s%s", out->rule, out->foreign, c->ref, c->date,
                              out->note[0] ? "; " : "", out->note);
    bmp_status rc = seed && why ? BMP_OK : bmp_error_oom(err);
    if (!rc)
        ledger_sha256_hex(seed, strlen(seed), hash);
    bool found = false;
    if (!rc)
        rc = lq_int(l, &out->batch, &found, err,
                    "INSERT INTO batch (body_id, source, file, event, event_date, content_hash, "
                    "state, reason, who, created_at, lines) VALUES (?1, 'adjustment', ?2, "
                    "'conversion', ?3, ?4, 'received', ?5, ?6, ?7, 1) RETURNING id",
                    "issssss", b->id, c->ref, c->date, hash, why, l->who, at);
    if (!rc)
        rc = lq_run(l, err,
                    "INSERT INTO journal (batch_id, player_id, point_type, points, rule, event, "
                    "contestant) VALUES (?1, ?2, ?3, ?4, ?5, ?6, '')",
                    "iisiss", out->batch, player, out->point_type, out->points, out->rule, why);
    if (!rc)
        rc = lq_run(l, err,
                    "INSERT INTO batch_total (batch_id, point_type, points, lines) "
                    "VALUES (?1, ?2, ?3, 1)", "isi", out->batch, out->point_type, out->points);
    if (!rc)
        rc = lq_run(l, err,
                    "INSERT INTO conversion (body_id, player_id, foreign_kind, ref, "
                    "foreign_points, point_type, points, rule, applied, note, batch_id) "
                    "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
                    "iissisisssi", b->id, player, out->foreign, c->ref, c->points,
                    out->point_type, out->points, out->rule, c->date, out->note, out->batch);
    if (!rc)
        rc = lq_run(l, err, "UPDATE batch SET state = 'provisional' WHERE id = ?1", "i",
                    out->batch);
    free(seed);
    if (!rc)
        rc = ledger_touch_batch(l, out->batch, err);
    if (!rc)
        rc = ledger_touch_where(l, "conversion", "batch_id = ?1", err, "i", out->batch);
    if (!rc) {
        char *d = core_asprintf("batch %lld converts %s %s for %s %s (%s)",
                                (long long)out->batch, out->foreign, c->ref, b->code, norm, why);
        rc = d ? ledger_audit(l, "convert", d, err) : bmp_error_oom(err);
        free(d);
    }
    free(why);
    return rc;
}

/* The conversion's reads and writes, in bmp_ledger_convert's transaction. */
typedef struct convert_tx {
    const ledger_body *b;
    const char *norm;
    const bmp_ledger_conversion *c;
    bmp_ledger_converted *out;
} convert_tx;

static bmp_status convert_step(bmp_ledger *l, void *ctx, bmp_error *err)
{
    const convert_tx *t = ctx;
    int64_t player = 0;
    bmp_status rc = player_of(l, t->b, t->norm, &player, err);
    if (!rc)
        rc = earlier(l, t->b, player, t->c, t->out, err);
    if (!rc)
        rc = write_batch(l, t->b, player, t->norm, t->c, t->out, err);
    return rc;
}

bmp_status bmp_ledger_convert(bmp_ledger *l, const bmp_ledger_conversion *c,
                              bmp_ledger_converted *out, bmp_error *err)
{
    ledger_body b;
    char norm[16];
    memset(out, 0, sizeof *out);
    bmp_status rc = ledger_body_get(l, c->body, &b, err);
    if (!rc)
        rc = check_args(c, err);
    if (!rc)
        rc = rate(&b, c, out, err);
    if (!rc)
        rc = ledger_number_check(b.code, c->number, norm, sizeof norm, err);
    if (rc)
        return rc;
    convert_tx t = {&b, norm, c, out};
    return ledger_tx(l, convert_step, &t, err);
}
