/* Bearer tokens (W-2): every write carries "Authorization: Bearer <token>";
 * the token's scope is looked up by its hash on a read-only connection. */
#include <string.h>
#include <strings.h>
#include <time.h>

#include "server/http_internal.h"

double srv_mono_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Issue 45: a club's uploads and previews within its share (rate.c), by
 * key: a club token's id, or minus a scorer's account id (site.c).  0: go
 * on; -1: answered 429 with what to do in `busy`'s words. */
int srv_rate_gate(srv_req *rq, srv_resp *rs, int64_t key, const char *busy)
{
    if (!key || rq->rate_token)
        return 0;
    double now = srv_mono_now();
    unsigned wait = srv_rate_enter(&rq->s->rate, key, now);
    if (wait) {
        srv_error(rs, 429, "%s: try again in %u s", busy, wait);
        rs->retry_after = wait;
        return -1;
    }
    rq->rate_token = key;
    rq->rate_began = now;
    return 0;
}

static int rate_check(srv_req *rq, srv_resp *rs)
{
    if (rq->scope.kind != BMP_TOKEN_CLUB || strcmp(rq->method, "GET") == 0)
        return 0;
    return srv_rate_gate(rq, rs, rq->scope.id,
                         "this token's share of the server is used up (one request at a time, "
                         "--token-work ms of work a second)");
}

int srv_auth(srv_req *rq, srv_resp *rs)
{
    const char *h = MHD_lookup_connection_value(rq->conn, MHD_HEADER_KIND, "Authorization");
    rs->challenge = true;
    if (!h || strncasecmp(h, "Bearer ", 7) != 0) {
        srv_error(rs, 401, "this request needs \"Authorization: Bearer <token>\" "
                           "(bridgemp ledger token create)");
        return -1;
    }
    bmp_error e = {0};
    bmp_ledger *l = srv_pool_get(&rq->s->pool, &e);
    if (!l) {
        srv_error(rs, 503, "%s", e.msg);
        rs->challenge = false;
        return -1;
    }
    bmp_status st = bmp_ledger_token_check(l, h + 7, &rq->scope, &e);
    srv_pool_put(&rq->s->pool, l);
    if (st == BMP_ENOTFOUND) {
        srv_error(rs, 401, "unknown or revoked token");
        return -1;
    }
    if (st) {
        rs->challenge = false;
        srv_ledger_error(rs, st, &e, NULL);
        return -1;
    }
    rs->challenge = false;
    return rate_check(rq, rs);
}

void srv_auth_done(srv_req *rq)
{
    if (rq->rate_token)
        srv_rate_leave(&rq->s->rate, rq->rate_token, rq->rate_began, srv_mono_now());
    rq->rate_token = 0;
}
