/* Routing of the REST API (docs/openapi.yaml): every route is one row of
 * `routes` (the handlers: api_get.c, api_lists.c, api_write.c); a path
 * that matches a route of another method is 405 with Allow; paths outside
 * /api and /healthz are pages. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/api_sub.h"
#include "server/http_internal.h"
#include "server/site.h"
#include "server/web_buf.h"

typedef struct route {
    const char *method, *pattern;
    srv_handler fn;
} route;

static const route routes[] = {
    {"GET", "/healthz", srv_healthz},
    {"GET", "/api/v1/players", srv_players},
    {"GET", "/api/v1/players/{body}/{number}", srv_player},
    {"GET", "/api/v1/players/{body}/{number}/history", srv_history},
    {"GET", "/api/v1/players/{body}/{number}/statement", srv_statement},
    {"GET", "/api/v1/players/{body}/{number}/rank", srv_player_rank},
    {"GET", "/api/v1/clubs", srv_clubs},
    {"GET", "/api/v1/clubs/{body}/{number}", srv_club},
    {"GET", "/api/v1/events", srv_events},
    {"GET", "/api/v1/events/{body}/{id}", srv_event},
    {"GET", "/api/v1/batches", srv_batches},
    {"POST", "/api/v1/batches", srv_upload},
    {"GET", "/api/v1/batches/{id}", srv_batch},
    {"POST", "/api/v1/batches/{id}/approve", srv_approve},
    {"POST", "/api/v1/batches/{id}/reject", srv_reject},
    {"POST", "/api/v1/batches/{id}/correct", srv_correct},
    {"GET", "/api/v1/runs/{body}", srv_runs},
    {"POST", "/api/v1/runs/{body}/{name}", srv_run},
    {"POST", "/api/v1/batches/{id}/accept-carried", srv_accept_carried},
    {"GET", "/api/v1/reports/{body}/ranking", srv_report_ranking},
    {"GET", "/api/v1/reports/{body}/year/{year}", srv_report_year},
    {"GET", "/api/v1/reports/{body}/promotions/{period}", srv_report_promotions},
    /* issue 29: under the back office and the club's submission page (api_sub.h) */
    {"POST", "/api/v1/preview", srv_preview},
    {"GET", "/api/v1/bodies/{body}/params", srv_body_params},
    {"GET", "/api/v1/queue", srv_queue},
    {"GET", "/api/v1/batches/{id}/detail", srv_batch_detail},
    {"GET", "/api/v1/batches/{id}/derivation", srv_batch_explain},
    {"GET", "/api/v1/clubs/{body}/{number}/batches", srv_club_batches},
    {"GET", "/api/v1/periods/{body}/{period}/close-preview", srv_close_preview},
    {"POST", "/api/v1/periods/{body}/{period}/close", srv_close},
    {"POST", "/api/v1/periods/{body}/{period}/reopen", srv_reopen},
    /* the register of the back office (api_register.c, issue 29) */
    {"GET", "/api/v1/register/{body}", srv_register_find},
    {"GET", "/api/v1/register/{body}/{number}", srv_register_get},
    {"POST", "/api/v1/register/{body}/{number}", srv_register_edit},
    {"POST", "/api/v1/register/{body}/{number}/release", srv_register_release},
    {"POST", "/api/v1/register/{body}/{number}/merge", srv_register_merge},
    {"POST", "/api/v1/register/{body}/{number}/unmerge", srv_register_unmerge},
    {"GET", "/api/v1/duplicates/{body}", srv_duplicates},
    {"GET", "/api/v1/charge-runs/{body}", srv_charge_runs},
    {"POST", "/api/v1/charge-runs/{body}/{run}/invoice", srv_invoice_run},
    {"GET", "/api/v1/invoices/{body}", srv_invoices},
    {"GET", "/api/v1/invoices/{body}/{number}", srv_invoice},
    {NULL, NULL, NULL},
};

const char *srv_route_name(size_t i, char *buf, size_t size)
{
    if (i >= sizeof routes / sizeof routes[0] - 1)
        return NULL;
    snprintf(buf, size, "%s %s", routes[i].method, routes[i].pattern);
    return buf;
}

/* Do the path's decoded segments match pattern's?  A {name} segment
 * matches any non-empty segment and is captured (decoded: %2F is a '/'
 * inside the segment, issue 30). */
static bool match(const char *pattern, const char *const *seg, int nseg, const char **caps)
{
    size_t ncap = 0;
    int i = 0;
    for (const char *p = pattern; *p == '/'; i++) {
        p++;
        size_t pn = strcspn(p, "/");
        if (i >= nseg)
            return false;
        if (*p == '{') {
            if (!*seg[i] || ncap == 4)
                return false;
            caps[ncap++] = seg[i];
        } else if (strlen(seg[i]) != pn || strncmp(p, seg[i], pn) != 0) {
            return false;
        }
        p += pn;
    }
    return i == nseg;
}

void srv_route(srv_req *rq, srv_resp *rs)
{
    const char *raw = rq->raw_path ? rq->raw_path : rq->path;
    size_t n = strlen(raw);
    char *scratch = malloc(n + 1);
    const char *seg[8];
    if (!scratch) {
        srv_error(rs, 500, "out of memory");
        return;
    }
    int nseg = web_path_segments(raw, scratch, n + 1, seg, 8);
    for (const route *r = routes; nseg > 0 && r->method; r++) {
        const char *caps[4] = {0};
        if (!match(r->pattern, seg, nseg, caps))
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
