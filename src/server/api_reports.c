/* The published lists through the REST API (issue 28 item 4,
 * include/bridgemp/ledger_publish.h, docs/openapi.yaml): read-only, each
 * with the ledger head it was made from (the request's one snapshot). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_publish.h"
#include "server/http_internal.h"

/* {body, head, rows, notes}. */
static void report_answer(srv_resp *rs, const char *body, bmp_status st, const bmp_error *e,
                          const bmp_table *t, const bmp_ledger_head *h)
{
    if (st) {
        srv_ledger_error(rs, st, e, NULL);
        return;
    }
    char head[96];
    bmp_ledger_head_format(h, head, sizeof head);
    json_t *notes = json_array();
    for (size_t i = 0; notes && i < t->nnotes; i++)
        json_array_append_new(notes, srv_jstr(t->notes[i]));
    srv_json(rs, 200, json_pack("{s:o,s:o,s:o,s:o}", "body", srv_jstr(body), "head",
                                srv_jstr(head), "rows", srv_table_json(t), "notes", notes));
    rs->cacheable = true;
}

int srv_report_ranking(srv_req *rq, srv_resp *rs)
{
    bmp_ledger_ranking_opts o = {.size = sizeof o, .club = srv_arg(rq, "club"),
                                 .rank = srv_arg(rq, "rank"), .status = srv_arg(rq, "status")};
    bmp_table t;
    bmp_ledger_head h;
    bmp_error e = {0};
    bmp_status st;
    bmp_table_init(&t);
    WITH_LEDGER(rq, rs, l, st = bmp_ledger_ranking(l, rq->params[0], &o, &h, &t, &e));
    report_answer(rs, rq->params[0], st, &e, &t, &h);
    bmp_table_free(&t);
    return 0;
}

int srv_report_year(srv_req *rq, srv_resp *rs)
{
    char *end = NULL;
    long y = strtol(rq->params[1], &end, 10);
    if (*end || y < 1 || y > 9999) {
        srv_error(rs, 400, "year \"%s\": expected 1..9999", rq->params[1]);
        return 0;
    }
    bmp_table t;
    bmp_ledger_head h;
    bmp_error e = {0};
    bmp_status st;
    bmp_table_init(&t);
    WITH_LEDGER(rq, rs, l, st = bmp_ledger_year_report(l, rq->params[0], (int)y, &h, &t, &e));
    report_answer(rs, rq->params[0], st, &e, &t, &h);
    bmp_table_free(&t);
    return 0;
}

int srv_report_promotions(srv_req *rq, srv_resp *rs)
{
    bmp_table t;
    bmp_ledger_head h;
    bmp_error e = {0};
    bmp_status st;
    bmp_table_init(&t);
    WITH_LEDGER(rq, rs, l,
                st = bmp_ledger_promotions_list(l, rq->params[0], rq->params[1], &h, &t, &e));
    report_answer(rs, rq->params[0], st, &e, &t, &h);
    bmp_table_free(&t);
    return 0;
}
