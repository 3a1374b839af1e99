/* Who may do what (issue 29's endpoints, api_sub.h): a secretary token of
 * the body, and the connection a write goes through. */
#include <stdio.h>
#include <strings.h>

#include "bridgemp/rules.h"
#include "server/api_sub.h"

/* Does `body` (as a path or query names it: "abf", "ABF", "nz") name the
 * token's body? */
bool srv_same_body(const char *body, const char *scope)
{
    const bmp_rules *r = bmp_rules_find(body);
    return strcasecmp(body, scope) == 0 || (r && strcasecmp(r->body, scope) == 0);
}

bool srv_secretary_of(srv_req *rq, srv_resp *rs, const char *body)
{
    if (srv_auth(rq, rs))
        return false;
    if (rq->scope.kind != BMP_TOKEN_SECRETARY)
        srv_error(rs, 403, "this needs a secretary token (secretary:<body>)");
    else if (body && !srv_same_body(body, rq->scope.body))
        srv_error(rs, 403, "this token is %s's secretary, not %s's", rq->scope.body, body);
    else
        return true;
    return false;
}

bool srv_club_or_secretary(srv_req *rq, srv_resp *rs, const char *body, const char *club)
{
    if (srv_auth(rq, rs))
        return false;
    if (!srv_same_body(body, rq->scope.body))
        srv_error(rs, 403, "this token is %s's, not %s's", rq->scope.body, body);
    else if (rq->scope.kind == BMP_TOKEN_CLUB && strcasecmp(rq->scope.club, club) != 0)
        srv_error(rs, 403, "this token is club %s's: it sees club %s's batches, not club %s's",
                  rq->scope.club, rq->scope.club, club);
    else
        return true;
    return false;
}

bmp_ledger *srv_open_writer(srv_req *rq, srv_resp *rs)
{
    char who[64];
    snprintf(who, sizeof who, "api token %lld", (long long)rq->scope.id);
    bmp_ledger_opts o = {.size = sizeof o, .who = who};
    bmp_ledger *l = NULL;
    bmp_error e = {0};
    bmp_status st = bmp_ledger_open(rq->s->db, &o, &l, &e);
    if (st) {
        srv_ledger_error(rs, st, &e, NULL);
        return NULL;
    }
    return l;
}

/* The reason: {"reason": "..."} in the body, else ?reason=. */
bool srv_reason_of(srv_req *rq, srv_resp *rs, json_t **doc, const char **reason)
{
    *doc = NULL;
    *reason = srv_arg(rq, "reason");
    if (rq->body_len == 0)
        return true;
    json_error_t je;
    *doc = json_loadb(rq->body, rq->body_len, 0, &je);
    const char *r = NULL;
    if (!*doc || json_unpack(*doc, "{s?s}", "reason", &r) != 0) {
        srv_error(rs, 400, "request body: expected {\"reason\": \"...\"} (line %d: %s)", je.line,
                  *doc ? "reason must be a string" : je.text);
        return false;
    }
    if (r)
        *reason = r;
    return true;
}
