/* A body's period close from the back office (issue 29, docs/openapi.yaml),
 * each with a secretary token of the body:
 *   GET  /api/v1/periods/{body}/{period}/close-preview  what a close would post
 *        and whom it would promote: the close run and rolled back
 *        (bmp_ledger_close_preview), nothing changed
 *   POST /api/v1/periods/{body}/{period}/close          the close
 *   POST /api/v1/periods/{body}/{period}/reopen         the last close undone,
 *        with a reason ({"reason": "..."} or ?reason=)
 * Each is one ledger call (one transaction), audited by the ledger with
 * the token as who ("api token N"); the close preview too takes the write
 * lock, since it runs the close before rolling it back. */
#include <ctype.h>
#include <string.h>

#include "bridgemp/ledger_secretary.h"
#include "server/api_sub.h"

static bool period_ok(srv_resp *rs, const char *p)
{
    bool ok = strlen(p) == 7 && p[4] == '-';
    for (int i = 0; ok && i < 7; i++)
        ok = i == 4 || isdigit((unsigned char)p[i]);
    if (ok)
        ok = (p[5] == '0' && p[6] != '0') || (p[5] == '1' && p[6] <= '2');
    if (!ok)
        srv_error(rs, 400, "period \"%s\": expected yyyy-mm (a month 01 to 12)", p);
    return ok;
}

static json_t *close_stats(const bmp_ledger_close_stats *s)
{
    return json_pack("{s:I,s:I,s:I,s:I}", "batches", (json_int_t)s->batches, "lines",
                     (json_int_t)s->lines, "players", (json_int_t)s->players, "promotions",
                     (json_int_t)s->promotions);
}

/* A secretary of the path's body, a period of the path's form, and the
 * write connection (under the write lock, which the caller releases). */
static bmp_ledger *period_writer(srv_req *rq, srv_resp *rs)
{
    if (!srv_secretary_of(rq, rs, rq->params[0]) || !period_ok(rs, rq->params[1]))
        return NULL;
    pthread_mutex_lock(&rq->s->write_mu);
    bmp_ledger *l = srv_open_writer(rq, rs);
    if (!l)
        pthread_mutex_unlock(&rq->s->write_mu);
    return l;
}

static void writer_done(srv_req *rq, bmp_ledger *l)
{
    bmp_ledger_close(l);
    pthread_mutex_unlock(&rq->s->write_mu);
}

int srv_close_preview(srv_req *rq, srv_resp *rs)
{
    bmp_ledger *l = period_writer(rq, rs);
    if (!l)
        return 0;
    bmp_ledger_sections s = {0};
    bmp_ledger_close_stats cs = {0};
    bmp_error e = {0};
    bmp_status st = bmp_ledger_close_preview(l, rq->scope.body, rq->params[1], &s, &cs, &e);
    writer_done(rq, l);
    if (st)
        srv_ledger_error(rs, st, &e, NULL);
    else
        srv_json(rs, 200, json_pack("{s:s,s:s,s:b,s:o,s:o,s:o}", "body", rq->scope.body,
                                    "period", rq->params[1], "dry_run", true, "stats",
                                    close_stats(&cs), "postings",
                                    srv_typed_rows(bmp_ledger_section(&s, "postings")),
                                    "promotions",
                                    srv_typed_rows(bmp_ledger_section(&s, "promotions"))));
    bmp_ledger_sections_free(&s);
    return 0;
}

int srv_close(srv_req *rq, srv_resp *rs)
{
    bmp_ledger *l = period_writer(rq, rs);
    if (!l)
        return 0;
    bmp_ledger_close_stats cs = {0};
    bmp_error e = {0};
    bmp_status st = bmp_ledger_close_period(l, rq->scope.body, rq->params[1], &cs, &e);
    writer_done(rq, l);
    if (st)
        srv_ledger_error(rs, st, &e, NULL);
    else
        srv_json(rs, 200, json_pack("{s:s,s:s,s:s,s:o}", "body", rq->scope.body, "period",
                                    rq->params[1], "state", "closed", "stats", close_stats(&cs)));
    return 0;
}

int srv_reopen(srv_req *rq, srv_resp *rs)
{
    json_t *doc = NULL;
    const char *reason = NULL;
    if (!srv_secretary_of(rq, rs, rq->params[0]) || !srv_reason_of(rq, rs, &doc, &reason)) {
        json_decref(doc);
        return 0;
    }
    bmp_ledger *l = period_writer(rq, rs);
    if (!l) {
        json_decref(doc);
        return 0;
    }
    bmp_ledger_reopen_stats s = {0};
    bmp_error e = {0};
    bmp_status st = bmp_ledger_reopen_period(l, rq->scope.body, rq->params[1], reason, &s, &e);
    writer_done(rq, l);
    if (st)
        srv_ledger_error(rs, st, &e, NULL);
    else
        srv_json(rs, 200,
                 json_pack("{s:s,s:s,s:s,s:{s:I,s:I,s:I,s:I}}", "body", rq->scope.body, "period",
                           rq->params[1], "state", "reopened", "stats", "batches",
                           (json_int_t)s.batches, "players", (json_int_t)s.players, "promotions",
                           (json_int_t)s.promotions, "certificates",
                           (json_int_t)s.certificates));
    json_decref(doc);
    return 0;
}
