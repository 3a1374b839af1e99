/* Paged listings of the REST API (include/bridgemp/ledger_api.h): player
 * search, a player's history, clubs, events and an event's awards. */
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_api.h"
#include "server/http_internal.h"

/* The answer of a listing: the page, or the ledger's error. */
static void answer(srv_resp *rs, bmp_status st, const bmp_error *e, const bmp_table *t,
                   size_t page, size_t per_page, size_t total, bool paged)
{
    if (st)
        srv_ledger_error(rs, st, e, NULL);
    else if (paged)
        srv_json(rs, 200, srv_page_json(srv_table_json(t), page, per_page, total));
    else
        srv_json(rs, 200, json_pack("{s:o}", "items", srv_table_json(t)));
    rs->cacheable = !st;
}

static const char *need_body(srv_req *rq, srv_resp *rs)
{
    const char *body = srv_arg(rq, "body");
    if (!body || !*body)
        srv_error(rs, 400, "body: expected ?body=abf, nzb, ebu or acbl");
    return body && *body ? body : NULL;
}

int srv_players(srv_req *rq, srv_resp *rs)
{
    size_t page, per_page, total = 0;
    const char *body = need_body(rq, rs), *q = srv_arg(rq, "q");
    if (!body || !srv_paging(rq, rs, &page, &per_page))
        return 0;
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    bmp_status st;
    WITH_LEDGER(rq, rs, l,
                st = bmp_ledger_find_players(l, body, q, (page - 1) * per_page, per_page, &t,
                                             &total, &e));
    answer(rs, st, &e, &t, page, per_page, total, true);
    bmp_table_free(&t);
    return 0;
}

int srv_history(srv_req *rq, srv_resp *rs)
{
    size_t page, per_page, total = 0;
    if (!srv_paging(rq, rs, &page, &per_page))
        return 0;
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    bmp_status st;
    WITH_LEDGER(rq, rs, l,
                st = bmp_ledger_player_journal(l, rq->params[0], rq->params[1],
                                               (page - 1) * per_page, per_page, &t, &total, &e));
    answer(rs, st, &e, &t, page, per_page, total, true);
    bmp_table_free(&t);
    return 0;
}

int srv_clubs(srv_req *rq, srv_resp *rs)
{
    const char *body = need_body(rq, rs);
    if (!body)
        return 0;
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    bmp_status st;
    WITH_LEDGER(rq, rs, l, st = bmp_ledger_clubs(l, body, &t, &e));
    answer(rs, st, &e, &t, 1, 0, 0, false);
    bmp_table_free(&t);
    return 0;
}

int srv_events(srv_req *rq, srv_resp *rs)
{
    size_t page, per_page, total = 0;
    const char *body = need_body(rq, rs);
    if (!body || !srv_paging(rq, rs, &page, &per_page))
        return 0;
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    bmp_status st;
    WITH_LEDGER(rq, rs, l,
                st = bmp_ledger_events(l, body, (page - 1) * per_page, per_page, &t, &total, &e));
    answer(rs, st, &e, &t, page, per_page, total, true);
    bmp_table_free(&t);
    return 0;
}

int srv_event(srv_req *rq, srv_resp *rs)
{
    char *end = NULL;
    long long id = strtoll(rq->params[1], &end, 10);
    if (*end || id <= 0) {
        srv_error(rs, 400, "\"%s\": expected an event (batch) number", rq->params[1]);
        return 0;
    }
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    bmp_status st;
    WITH_LEDGER(rq, rs, l, st = bmp_ledger_event_awards(l, rq->params[0], id, &t, &e));
    if (st)
        srv_ledger_error(rs, st, &e, NULL);
    else {
        srv_json(rs, 200, json_pack("{s:o,s:I,s:o}", "body", srv_jstr(rq->params[0]), "id",
                                    (json_int_t)id, "awards", srv_table_json(&t)));
        rs->cacheable = true;
    }
    bmp_table_free(&t);
    return 0;
}
