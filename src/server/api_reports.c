/* The published lists through the REST API (issue 28 item 4,
 * include/bridgemp/ledger_publish.h, docs/openapi.yaml): read-only, each
 * with the ledger head it was made from (the request's one snapshot). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_publish.h"
#include "server/api_args.h"
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

/* ?region=, or ?state= / ?county= / ?unit= where that is the body's word
 * for it (rulings RG-1); false after a 400 for two of them or a word the
 * body does not use.  The value itself is checked by bmp_ledger_ranking. */
static bool region_arg(srv_req *rq, srv_resp *rs, const char **out)
{
    const char *word = bmp_ledger_region_word(rq->params[0]);
    static const char *const names[] = {"region", "state", "county", "unit"};
    *out = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const char *v = srv_arg(rq, names[i]);
        if (!v)
            continue;
        if (*out) {
            srv_error(rs, 400, "%s: one region at a time (region, or %s)", names[i], word);
            return false;
        }
        if (i && strcmp(names[i], word) != 0) {
            srv_error(rs, 400, "%s: the %s's players have a %s, not a %s: use region= or %s=",
                      names[i], rq->params[0], word, names[i], word);
            return false;
        }
        *out = v;
    }
    return true;
}

int srv_report_ranking(srv_req *rq, srv_resp *rs)
{
    bmp_ledger_ranking_opts o = {.size = sizeof o, .club = srv_arg(rq, "club"),
                                 .rank = srv_arg(rq, "rank"), .status = srv_arg(rq, "status")};
    static const char *const args[] = {"club", "rank", "status", "region", "state", "county",
                                       "unit", NULL};
    if (!srv_args_only(rq, rs, args) || !region_arg(rq, rs, &o.region))
        return 0;
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
