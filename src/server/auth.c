/* Bearer tokens (W-2): every write carries "Authorization: Bearer <token>";
 * the token's scope is looked up by its hash on a read-only connection. */
#include <string.h>
#include <strings.h>

#include "server/http_internal.h"

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
    return 0;
}
