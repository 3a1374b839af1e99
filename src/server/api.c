/* Routing and the public reads of the REST API (docs/openapi.yaml): every
 * route is one row of `routes`; a path that matches a route of another
 * method is 405 with Allow; paths outside /api and /healthz are pages. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_api.h"
#include "server/http_internal.h"
#include "server/site.h"

static int healthz(srv_req *rq, srv_resp *rs)
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

static int player(srv_req *rq, srv_resp *rs)
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

static int statement(srv_req *rq, srv_resp *rs)
{
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    bmp_status st;
    WITH_LEDGER(rq, rs, l, st = bmp_ledger_statement(l, rq->params[0], rq->params[1], &t, &e));
    table_answer(rs, st, &e, &t,
                 json_pack("{s:o,s:o}", "body", srv_jstr(rq->params[0]), "number",
                           srv_jstr(rq->params[1])));
    bmp_table_free(&t);
    return 0;
}

static int club(srv_req *rq, srv_resp *rs)
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

static json_t *page_of(json_t *rows, size_t page, size_t per_page)
{
    size_t total = json_array_size(rows), from = (page - 1) * per_page;
    json_t *items = json_array();
    for (size_t i = from; items && i < total && i < from + per_page; i++)
        json_array_append(items, json_array_get(rows, i));
    json_decref(rows);
    return srv_page_json(items, page, per_page, total);
}

static int batches(srv_req *rq, srv_resp *rs)
{
    const char *state = srv_arg(rq, "state");
    size_t page, per_page;
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
    WITH_LEDGER(rq, rs, l, st = bmp_ledger_batches(l, state, &t, &e));
    if (st)
        srv_ledger_error(rs, st, &e, NULL);
    else {
        srv_json(rs, 200, page_of(srv_table_json(&t), page, per_page));
        rs->cacheable = true;
    }
    bmp_table_free(&t);
    return 0;
}

static int batch(srv_req *rq, srv_resp *rs)
{
    char *end = NULL;
    long long id = strtoll(rq->params[0], &end, 10);
    if (*end || id <= 0) {
        srv_error(rs, 404, "no batch %s", rq->params[0]);
        return 0;
    }
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    bmp_status st;
    WITH_LEDGER(rq, rs, l, st = bmp_ledger_batch(l, id, &t, &e));
    if (st) {
        srv_ledger_error(rs, st, &e, NULL);
    } else {
        json_t *rows = srv_table_json(&t);
        srv_json(rs, 200, json_incref(json_array_get(rows, 0)));
        json_decref(rows);
        rs->cacheable = true;
    }
    bmp_table_free(&t);
    return 0;
}

typedef struct route {
    const char *method, *pattern;
    srv_handler fn;
} route;

static const route routes[] = {
    {"GET", "/healthz", healthz},
    {"GET", "/api/v1/players", srv_players},
    {"GET", "/api/v1/players/{body}/{number}", player},
    {"GET", "/api/v1/players/{body}/{number}/history", srv_history},
    {"GET", "/api/v1/players/{body}/{number}/statement", statement},
    {"GET", "/api/v1/clubs", srv_clubs},
    {"GET", "/api/v1/clubs/{body}/{number}", club},
    {"GET", "/api/v1/events", srv_events},
    {"GET", "/api/v1/events/{body}/{id}", srv_event},
    {"GET", "/api/v1/batches", batches},
    {"POST", "/api/v1/batches", srv_upload},
    {"GET", "/api/v1/batches/{id}", batch},
    {"POST", "/api/v1/batches/{id}/approve", srv_approve},
    {"POST", "/api/v1/batches/{id}/reject", srv_reject},
    {"POST", "/api/v1/batches/{id}/correct", srv_correct},
    {NULL, NULL, NULL},
};

const char *srv_route_name(size_t i, char *buf, size_t size)
{
    if (i >= sizeof routes / sizeof routes[0] - 1)
        return NULL;
    snprintf(buf, size, "%s %s", routes[i].method, routes[i].pattern);
    return buf;
}

/* Does path match pattern, segment by segment?  A {name} segment matches
 * any non-empty segment and is captured; captures are cut at their '/'
 * once the whole path matched. */
static bool match(const char *pattern, char *path, const char **caps)
{
    size_t ncap = 0;
    const char *p = pattern;
    const char *s = path;
    for (;;) {
        if (*p != '/' || *s != '/')
            break;
        p++, s++;
        size_t pn = strcspn(p, "/"), sn = strcspn(s, "/");
        if (*p == '{') {
            if (!sn || ncap == 4)
                return false;
            caps[ncap++] = s;
        } else if (pn != sn || strncmp(p, s, pn) != 0) {
            return false;
        }
        p += pn;
        s += sn;
    }
    if (*p || *s)
        return false;
    for (size_t i = 0; i < ncap; i++)
        path[caps[i] - path + strcspn(caps[i], "/")] = '\0';
    return true;
}

void srv_route(srv_req *rq, srv_resp *rs)
{
    size_t n = strlen(rq->path);
    char *scratch = malloc(n + 1);
    if (!scratch) {
        srv_error(rs, 500, "out of memory");
        return;
    }
    for (const route *r = routes; r->method; r++) {
        memcpy(scratch, rq->path, n + 1);
        const char *caps[4] = {0};
        if (!match(r->pattern, scratch, caps))
            continue;
        if (strcmp(r->method, rq->method) != 0) {
            size_t k = strlen(rs->allow);
            snprintf(rs->allow + k, sizeof rs->allow - k, "%s%s", k ? ", " : "", r->method);
            continue;
        }
        memcpy(rq->params, caps, sizeof caps);
        r->fn(rq, rs);
        free(scratch);
        return;
    }
    free(scratch);
    if (rs->allow[0]) {
        srv_error(rs, 405, "%s %s: method not allowed (allowed: %s)", rq->method, rq->path,
                  rs->allow);
        return;
    }
    if (strncmp(rq->path, "/api/", 5) != 0 && srv_site(rq, rs))
        return;
    srv_error(rs, 404, "no such resource: %s", rq->path);
}
