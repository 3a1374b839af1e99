/* Paged listings of the REST API (include/bridgemp/ledger_api.h): player
 * search, a player's history, clubs, events and an event's awards, each
 * written with the streaming writer (api_out.h); a listed player, club or
 * event carries its link, built from encoded segments. */
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_api.h"
#include "server/api_out.h"
#include "server/api_sub.h"
#include "server/api_args.h"
#include "server/http_internal.h"

/* "links": {"self": "/api/v1/KIND/BODY/KEY"} of a listed row: ctx is
 * {kind, body, key column}. */
typedef struct item_link {
    const char *kind, *body, *col;
} item_link;

static void self_link(jw *w, const bmp_table *t, size_t r, const void *ctx)
{
    const item_link *k = ctx;
    srv_jw_link(w, "self", "/api/v1",
                (const char *const[]){k->kind, k->body, srv_cell(t, r, k->col), NULL});
}

/* The answer of a listing: the page, or the ledger's error. */
static void answer(srv_resp *rs, bmp_status st, const bmp_error *e, const bmp_table *t,
                   size_t page, size_t per_page, size_t total, const item_link *link)
{
    if (st) {
        srv_ledger_error(rs, st, e, NULL);
        return;
    }
    jw w;
    srv_jw_begin(rs, 200, &w);
    srv_jw_page(&w, t, page, per_page, total, link ? self_link : NULL, link);
    srv_jw_end(rs, &w);
    rs->cacheable = true;
}

int srv_players(srv_req *rq, srv_resp *rs)
{
    static const char *const args[] = {"body", "q", "page", "per_page", NULL};
    size_t page, per_page, total = 0;
    const char *body = NULL, *q = srv_arg(rq, "q");
    if (!srv_args_only(rq, rs, args) || !(body = srv_body_arg(rq, rs)) ||
        !srv_paging(rq, rs, &page, &per_page))
        return 0;
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    bmp_status st;
    WITH_LEDGER(rq, rs, l,
                st = bmp_ledger_find_players(l, body, q, (page - 1) * per_page, per_page, &t,
                                             &total, &e));
    answer(rs, st, &e, &t, page, per_page, total, &(item_link){"players", body, "number"});
    bmp_table_free(&t);
    return 0;
}

int srv_history(srv_req *rq, srv_resp *rs)
{
    static const char *const args[] = {"page", "per_page", NULL};
    size_t page, per_page, total = 0;
    if (!srv_args_only(rq, rs, args) || !srv_paging(rq, rs, &page, &per_page))
        return 0;
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    bmp_status st;
    WITH_LEDGER(rq, rs, l,
                st = bmp_ledger_player_journal(l, rq->params[0], rq->params[1],
                                               (page - 1) * per_page, per_page, &t, &total, &e));
    answer(rs, st, &e, &t, page, per_page, total, NULL);
    bmp_table_free(&t);
    return 0;
}

int srv_clubs(srv_req *rq, srv_resp *rs)
{
    static const char *const args[] = {"body", NULL};
    const char *body = NULL;
    if (!srv_args_only(rq, rs, args) || !(body = srv_body_arg(rq, rs)))
        return 0;
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    bmp_status st;
    WITH_LEDGER(rq, rs, l, st = bmp_ledger_clubs(l, body, &t, &e));
    if (st) {
        srv_ledger_error(rs, st, &e, NULL);
    } else {
        jw w;
        srv_jw_begin(rs, 200, &w);
        jw_obj(&w);
        jw_key(&w, "items");
        srv_jw_rows(&w, &t, self_link, &(item_link){"clubs", body, "number"});
        jw_end_obj(&w);
        srv_jw_end(rs, &w);
        rs->cacheable = true;
    }
    bmp_table_free(&t);
    return 0;
}

int srv_events(srv_req *rq, srv_resp *rs)
{
    static const char *const args[] = {"body", "page", "per_page", NULL};
    size_t page, per_page, total = 0;
    const char *body = NULL;
    if (!srv_args_only(rq, rs, args) || !(body = srv_body_arg(rq, rs)) ||
        !srv_paging(rq, rs, &page, &per_page))
        return 0;
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    bmp_status st;
    /* issue 44: the public sees posted events; a token of the body sees
     * more (a club its own in any state, the secretary every one) */
    bmp_ledger_event_filter f = {.size = sizeof f, .state = "posted"};
    bool token = MHD_lookup_connection_value(rq->conn, MHD_HEADER_KIND, "Authorization");
    if (token && srv_auth(rq, rs))
        return 0;
    if (token && srv_same_body(body, rq->scope.body))
        f = (bmp_ledger_event_filter){.size = sizeof f,
                                      .state = rq->scope.kind == BMP_TOKEN_SECRETARY ? NULL
                                                                                      : "posted",
                                      .club = rq->scope.club};
    WITH_LEDGER(rq, rs, l,
                st = bmp_ledger_events_where(l, body, &f, (page - 1) * per_page, per_page, &t,
                                             &total, &e));
    answer(rs, st, &e, &t, page, per_page, total, &(item_link){"events", body, "id"});
    rs->cacheable = rs->cacheable && !token;
    bmp_table_free(&t);
    return 0;
}

/* An event batch's awards, whether it is posted and whose it is. */
static bmp_status event_read(bmp_ledger *l, const char *body, int64_t id, bmp_table *t,
                             bool *posted, char owner[8], char club[32], bmp_error *e)
{
    bmp_table b;
    bmp_table_init(&b);
    bmp_status st = bmp_ledger_event_awards(l, body, id, t, e);
    if (!st)
        st = bmp_ledger_batch(l, id, &b, e);
    if (!st)
        st = bmp_ledger_batch_owner(l, id, owner, club, e);
    for (size_t c = 0; !st && b.nrows == 1 && c < b.ncols; c++)
        if (strcmp(b.columns[c], "state") == 0)
            *posted = strcmp(bmp_table_get(&b, 0, c), "posted") == 0;
    bmp_table_free(&b);
    return st;
}

int srv_event(srv_req *rq, srv_resp *rs)
{
    static const char *const args[] = {NULL};
    char *end = NULL;
    long long id = strtoll(rq->params[1], &end, 10);
    if (*end || id <= 0) {
        srv_error(rs, 400, "\"%s\": expected an event (batch) number", rq->params[1]);
        return 0;
    }
    if (!srv_args_only(rq, rs, args))
        return 0;
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    bmp_status st;
    bool posted = false;
    char body[8] = "", club[32] = "";
    WITH_LEDGER(rq, rs, l, st = event_read(l, rq->params[0], id, &t, &posted, body, club, &e));
    if (st) {
        srv_ledger_error(rs, st, &e, NULL);
    } else if (!posted && !srv_club_or_secretary(rq, rs, body, club)) {
        /* issue 45: not posted, the body's and its club's only, as a batch
         * (W-29s1; rs: 401, 403) */
    } else {
        jw w;
        srv_jw_begin(rs, 200, &w);
        jw_obj(&w);
        jw_kstr(&w, "body", rq->params[0]);
        jw_kint(&w, "id", id);
        jw_key(&w, "awards");
        srv_jw_rows(&w, &t, self_link, &(item_link){"players", rq->params[0], "number"});
        jw_end_obj(&w);
        srv_jw_end(rs, &w);
        rs->cacheable = posted;
    }
    bmp_table_free(&t);
    return 0;
}
