/* The public reads of the REST API (docs/openapi.yaml) that are not
 * listings: health, a player, a statement, a club report, batches and a
 * batch.  The routes are in api.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_api.h"
#include "bridgemp/ledger_secretary.h"
#include "server/http_internal.h"

int srv_healthz(srv_req *rq, srv_resp *rs)
{
    WITH_LEDGER(rq, rs, l,
                srv_json(rs, 200, json_pack("{s:s,s:i}", "status", "ok", "schema",
                                            bmp_ledger_schema_version(l))));
    return 0;
}

/* A report table as JSON: {title fields..., rows: [...], notes: [...]}. */
static void table_answer(srv_resp *rs, bmp_status st, const bmp_error *e, bmp_table *t,
                         json_t *head)
{
    if (st) {
        json_decref(head);
        srv_ledger_error(rs, st, e, NULL);
        return;
    }
    json_t *notes = json_array();
    for (size_t i = 0; notes && i < t->nnotes; i++)
        json_array_append_new(notes, srv_jstr(t->notes[i]));
    json_object_set_new(head, "rows", srv_table_json(t));
    json_object_set_new(head, "notes", notes);
    srv_json(rs, 200, head);
    rs->cacheable = true;
}

int srv_player(srv_req *rq, srv_resp *rs)
{
    bmp_ledger_summary sum;
    bmp_error e = {0};
    bmp_status st;
    WITH_LEDGER(rq, rs, l, st = bmp_ledger_player_summary(l, rq->params[0], rq->params[1], &sum, &e));
    if (st) {
        srv_ledger_error(rs, st, &e, NULL);
        return 0;
    }
    json_t *h = json_object();
    for (size_t k = 0; h && k < sum.ntypes; k++) {
        char p[32];
        bmp_points_format(sum.holding[k], p, sizeof p);
        json_object_set_new(h, sum.point_type[k], srv_jstr(p));
    }
    srv_json(rs, 200, json_pack("{s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o}", "body", srv_jstr(rq->params[0]),
                                "number", srv_jstr(sum.number), "name", srv_jstr(sum.name),
                                "status", srv_jstr(sum.status), "home_club",
                                srv_jstr(sum.home_club), "rank", srv_jstr(sum.rank), "holdings", h,
                                "next_rank", srv_jstr(sum.next_rank)));
    rs->cacheable = true;
    return 0;
}

/* A statement and the head of the chain it was made from, read in the
 * request's one snapshot (pool.c; issue 27: a statement carries the head
 * that anchors it). */
static bmp_status statement_at_head(bmp_ledger *l, const char *body, const char *number,
                                    bmp_table *t, char head[96], bmp_error *e)
{
    bmp_ledger_head h;
    bmp_status st = bmp_ledger_head_get(l, &h, e);
    if (!st)
        st = bmp_ledger_statement(l, body, number, t, e);
    if (!st)
        bmp_ledger_head_format(&h, head, 96);
    return st;
}

int srv_statement(srv_req *rq, srv_resp *rs)
{
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    bmp_status st;
    char head[96] = "";
    WITH_LEDGER(rq, rs, l,
                st = statement_at_head(l, rq->params[0], rq->params[1], &t, head, &e));
    table_answer(rs, st, &e, &t,
                 json_pack("{s:o,s:o,s:o}", "body", srv_jstr(rq->params[0]), "number",
                           srv_jstr(rq->params[1]), "head", srv_jstr(head)));
    bmp_table_free(&t);
    return 0;
}

int srv_club(srv_req *rq, srv_resp *rs)
{
    const char *period = srv_arg(rq, "period");
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    bmp_status st;
    WITH_LEDGER(rq, rs, l,
                st = bmp_ledger_club_report(l, rq->params[0], rq->params[1], period, &t, &e));
    table_answer(rs, st, &e, &t,
                 json_pack("{s:o,s:o}", "body", srv_jstr(rq->params[0]), "club",
                           srv_jstr(rq->params[1])));
    bmp_table_free(&t);
    return 0;
}

static const char *const states[] = {"received", "provisional", "approved", "posted", "rejected",
                                     NULL};

static bool state_ok(const char *s)
{
    for (int i = 0; s && states[i]; i++)
        if (strcmp(s, states[i]) == 0)
            return true;
    return !s;
}

int srv_batches(srv_req *rq, srv_resp *rs)
{
    const char *state = srv_arg(rq, "state");
    size_t page, per_page, total = 0;
    if (!srv_paging(rq, rs, &page, &per_page))
        return 0;
    if (!state_ok(state)) {
        srv_error(rs, 400, "state \"%s\": expected received, provisional, approved, posted or "
                           "rejected", state);
        return 0;
    }
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    bmp_status st;
    WITH_LEDGER(rq, rs, l,
                st = bmp_ledger_batches_page(l, state, (page - 1) * per_page, per_page, &t,
                                             &total, &e));
    if (st)
        srv_ledger_error(rs, st, &e, NULL);
    else {
        srv_json(rs, 200, srv_page_json(srv_table_json(&t), page, per_page, total));
        rs->cacheable = true;
    }
    bmp_table_free(&t);
    return 0;
}

/* The batch's row and its sections (lines, held lines with why). */
static bmp_status batch_read(bmp_ledger *l, int64_t id, bmp_table *t, bmp_ledger_sections *s,
                             bmp_error *e)
{
    bmp_status st = bmp_ledger_batch(l, id, t, e);
    return st ? st : bmp_ledger_batch_show(l, id, s, e);
}

int srv_batch(srv_req *rq, srv_resp *rs)
{
    char *end = NULL;
    long long id = strtoll(rq->params[0], &end, 10);
    if (*end || id <= 0) {
        srv_error(rs, 404, "no batch %s", rq->params[0]);
        return 0;
    }
    bmp_table t;
    bmp_table_init(&t);
    bmp_ledger_sections s = {0};
    bmp_error e = {0};
    bmp_status st;
    WITH_LEDGER(rq, rs, l, st = batch_read(l, id, &t, &s, &e));
    if (st) {
        srv_ledger_error(rs, st, &e, NULL);
    } else {
        json_t *rows = srv_table_json(&t);
        json_t *b = json_incref(json_array_get(rows, 0));
        json_decref(rows);
        /* issue 26: the lines and the held lines, as `ledger batch show`
         * lists them (new keys: "lines" and "held" are the counts) */
        static const char *const sec[] = {"lines", "held"}, *const key[] = {"journal_lines",
                                                                           "held_lines"};
        for (size_t i = 0; b && i < 2; i++) {
            const bmp_table *t2 = bmp_ledger_section(&s, sec[i]);
            if (t2)
                json_object_set_new(b, key[i], srv_table_json(t2));
        }
        srv_json(rs, 200, b);
        rs->cacheable = true;
    }
    bmp_ledger_sections_free(&s);
    bmp_table_free(&t);
    return 0;
}
