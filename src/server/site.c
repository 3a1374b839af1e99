/* Pages: every GET outside /api and /healthz is offered to the HTML
 * renderer (pages.h) with a pooled read-only ledger handle. */
#include <string.h>

#include "server/pages.h"
#include "server/site.h"

static const char *query_arg(void *ctx, const char *key)
{
    return srv_arg((srv_req *)ctx, key);
}

bool srv_site(srv_req *rq, srv_resp *rs)
{
    if (strcmp(rq->method, "GET") != 0 && strcmp(rq->method, "HEAD") != 0)
        return false;
    bmp_error e = {0};
    bmp_ledger *l = srv_req_ledger(rq, &e);
    if (!l) {
        srv_error(rs, 503, "%s", e.msg);
        return true;
    }
    core_buf out;
    core_buf_init(&out);
    const char *ctype = NULL;
    int status = web_page_render(l, rq->path, query_arg, rq, &out, &ctype);
    srv_req_ledger_put(rq, l);
    if (status && out.failed) {
        srv_error(rs, 500, "out of memory");
    } else if (status) {
        rs->status = status;
        rs->ctype = ctype;
        core_buf_reset(&rs->body);
        if (core_buf_append(&rs->body, out.data ? out.data : "", out.len) != 0)
            srv_error(rs, 500, "out of memory");
        rs->cacheable = status == 200;
    }
    core_buf_free(&out);
    return status != 0;
}
