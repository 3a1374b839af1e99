/* Held points credited later: a player registers or renews, and the lines
 * held for that number become a provisional 'release' batch -- under the
 * ABF only those earned in the quarter of renewal and the quarter before
 * (ABF-99, 1.3.2); under the EBU all of them (EBU-5, pending joining). */
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_movein.h"
#include "core/util.h"
#include "ledger/body_ops.h"
#include "ledger/chain/chain.h"
#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"

typedef struct hline {
    int64_t id;
    char type[16];
    bmp_points points;
    char date[11];
} hline;

/* One hline from the statement's current row (lq_rows). */
static bool fill_hline(bmp_ledger *l, ledger_stmt *st, void *row, void *ctx)
{
    (void)ctx;
    hline *h = row;
    h->id = lq_col_int(l, st, 0);
    snprintf(h->type, sizeof h->type, "%s", lq_col_text(l, st, 1));
    h->points = lq_col_int(l, st, 2);
    snprintf(h->date, sizeof h->date, "%s", lq_col_text(l, st, 3));
    return true;
}

/* The held lines of `number` not yet released, oldest first. */
static bmp_status held_lines(bmp_ledger *l, const ledger_body *b, const char *number, hline **out,
                             size_t *n, bmp_error *err)
{
    return lq_rows(l, out, n, sizeof **out, fill_hline, NULL, err,
                   "SELECT h.id, h.point_type, h.points, CASE WHEN b.event_date <> '' "
                   "THEN b.event_date ELSE substr(b.created_at, 1, 10) END "
                   "FROM held h JOIN batch b ON b.id = h.batch_id "
                   "WHERE b.body_id = ?1 AND h.number = ?2 AND b.state <> 'rejected' "
                   "AND NOT EXISTS (SELECT 1 FROM held_release r WHERE r.held_id = h.id) "
                   "ORDER BY h.id",
                   "is", b->id, number);
}

/* The body's held_creditable (ABF-99: only the quarter of renewal and the
 * one before); without one, all (EBU-5). */
static bmp_status creditable(const ledger_body *b, const hline *h, const char *renewed, bool *ok,
                             bmp_error *err)
{
    *ok = true;
    const ledger_body_ops *ops = b->ops;
    if (!ops || !ops->held_creditable)
        return BMP_OK;
    return ops->held_creditable(h->date, renewed, ok, err);
}

static bmp_status write_release(bmp_ledger *l, const ledger_body *b, const char *number,
                                int64_t player, const hline *v, const bool *take, size_t n,
                                const char *renewed, const char *reason, int64_t *batch,
                                bmp_error *err)
{
    char at[40], hash[65];
    ledger_now(l, at);
    char *seed = core_asprintf("release %s %s %lld", number, renewed, (long long)v[0].id);
    if (!seed)
        return bmp_error_oom(err);
    ledger_sha256_hex(seed, strlen(seed), hash);
    free(seed);
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        m += take[i];
    int64_t id = 0;
    bool found = false;
    bmp_status rc = lq_int(l, &id, &found, err,
                           "INSERT INTO batch (body_id, source, file, event, event_date, content_hash, "
                           "state, reason, who, created_at, lines) VALUES (?1, 'release', ?2, "
                           "'held points', ?3, ?4, 'received', ?5, ?6, ?7, ?8) RETURNING id",
                           "issssssi", b->id, number, renewed, hash, b->ops->unknown_rule, l->who, at, (int64_t)m);
    for (size_t i = 0; i < n && !rc; i++) {
        if (!take[i])
            continue;
        rc = lq_run(l, err,
                    "INSERT INTO journal (batch_id, player_id, point_type, points, rule, event, "
                    "contestant) SELECT ?1, ?2, point_type, points, ?3, event, contestant "
                    "FROM held WHERE id = ?4",
                    "iisi", id, player, b->ops->unknown_rule, v[i].id);
        if (!rc)
            rc = lq_run(l, err, "INSERT INTO held_release (held_id, batch_id) VALUES (?1, ?2)", "ii",
                        v[i].id, id);
        if (!rc)
            rc = ledger_touch_id(l, "held_release", v[i].id, err);
    }
    if (!rc)
        rc = lq_run(l, err,
                    "INSERT INTO batch_total (batch_id, point_type, points, lines) "
                    "SELECT ?1, point_type, sum(points), count(*) FROM journal WHERE batch_id = ?1 "
                    "GROUP BY point_type",
                    "i", id);
    if (!rc)
        rc = lq_run(l, err, "UPDATE batch SET state = 'provisional' WHERE id = ?1", "i", id);
    if (!rc)
        rc = ledger_touch_batch(l, id, err);
    if (!rc) {
        char *d = core_asprintf("batch %lld releases %zu held lines of %s %s (%s, renewed %s)%s%s",
                                (long long)id, m, b->code, number, b->ops->unknown_rule, renewed,
                                reason ? ": " : "", reason ? reason : "");
        rc = d ? ledger_audit(l, "release", d, err) : bmp_error_oom(err);
        free(d);
    }
    *batch = id;
    return rc;
}

bmp_status bmp_ledger_release_held(bmp_ledger *l, const char *body, const char *number,
                                   const char *renewed, int64_t *batch, size_t *released,
                                   bmp_error *err)
{
    return bmp_ledger_release_held_why(l, body, number, renewed, NULL, batch, released, err);
}

bmp_status bmp_ledger_release_held_why(bmp_ledger *l, const char *body, const char *number,
                                       const char *renewed, const char *reason, int64_t *batch,
                                       size_t *released, bmp_error *err)
{
    ledger_body b;
    char norm[16], status[16] = "";
    int64_t player = 0;
    if (batch)
        *batch = 0;
    if (released)
        *released = 0;
    if (reason && strlen(reason) > 500)
        return bmp_error_set(err, BMP_EINVAL, "reason: at most 500 characters");
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (!rc)
        rc = ledger_number_check(b.code, number, norm, sizeof norm, err);
    if (rc)
        return rc;
    ledger_stmt *st = NULL;
    rc = lq_query(l, &st, err, "SELECT id, status FROM player WHERE body_id = ?1 AND number = ?2",
                  "is", b.id, norm);
    bool row = false;
    if (!rc)
        rc = lq_step(l, st, &row, err);
    if (!rc && row) {
        player = lq_col_int(l, st, 0);
        snprintf(status, sizeof status, "%s", lq_col_text(l, st, 1));
    }
    lq_finalize(l, st);
    if (!rc && !row)
        rc = bmp_error_set(err, BMP_ENOTFOUND, "no %s player %s: register the player first", b.code,
                           norm);
    if (!rc && (strcmp(status, "Dormant") == 0 || strcmp(status, "Resigned") == 0 ||
                strcmp(status, "Deceased") == 0))
        rc = bmp_error_set(err, BMP_EINVAL, "player %s is %s: held points go only to a registered "
                           "player (%s)", norm, status, b.ops->unknown_rule);
    hline *v = NULL;
    size_t n = 0;
    bool *take = NULL;
    if (!rc)
        rc = lq_begin(l, err);
    if (!rc)
        rc = held_lines(l, &b, norm, &v, &n, err);
    if (!rc && !(take = calloc(n ? n : 1, sizeof *take)))
        rc = bmp_error_oom(err);
    size_t m = 0;
    for (size_t i = 0; i < n && !rc; i++) {
        rc = creditable(&b, &v[i], renewed, &take[i], err);
        m += take[i];
    }
    if (!rc && m == 0)
        rc = bmp_error_set(err, BMP_ENOTFOUND,
                           "player %s: no held points to release on %s (%zu held line(s) outside "
                           "the quarter of renewal and the one before, %s)", norm, renewed, n, b.ops->unknown_rule);
    int64_t id = 0;
    if (!rc)
        rc = write_release(l, &b, norm, player, v, take, n, renewed, reason, &id, err);
    rc = ledger_tx_end(l, rc, err);
    if (!rc && batch)
        *batch = id;
    if (!rc && released)
        *released = m;
    free(v);
    free(take);
    return rc;
}

bmp_status bmp_ledger_player_held(bmp_ledger *l, const char *body, const char *number,
                                  bmp_table *out, bmp_error *err)
{
    ledger_body b;
    char norm[16];
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (!rc)
        rc = ledger_number_check(b.code, number, norm, sizeof norm, err);
    if (!rc)
        rc = lq_table(l, out, -1, 0, err,
                      "SELECT h.batch_id AS batch, b.state AS state, h.event AS event, "
                      "CASE WHEN b.event_date <> '' THEN b.event_date ELSE "
                      "substr(b.created_at, 1, 10) END AS date, h.point_type AS point_type, "
                      "h.points AS points, h.why AS why "
                      "FROM held h JOIN batch b ON b.id = h.batch_id "
                      "WHERE b.body_id = ?1 AND h.number = ?2 AND b.state <> 'rejected' "
                      "AND NOT EXISTS (SELECT 1 FROM held_release r WHERE r.held_id = h.id) "
                      "ORDER BY h.id",
                      "is", b.id, norm);
    return rc;
}
