/* Pages: the login page and logout (login.c), then every GET outside /api
 * and /healthz offered to the HTML renderer (pages.h) with a pooled
 * read-only ledger handle and the request's session (session.h); a POST to
 * a page that takes one only from a live session with the right CSRF
 * token (403 before any handler runs otherwise: nothing is written). */
#include <stdio.h>
#include <string.h>

#include "server/form.h"
#include "server/pages.h"
#include "server/pages_internal.h"
#include "server/session.h"
#include "server/site.h"

static const char *query_arg(void *ctx, const char *key)
{
    return srv_arg((srv_req *)ctx, key);
}

static bmp_status write_as(void *ctx, const char *who, web_write_fn fn, void *arg, bmp_error *e)
{
    return srv_write_as(ctx, who, fn, arg, e);
}

static const char *form_field(void *ctx, const char *name, size_t *len, const char **filename)
{
    return srv_form_get((srv_req *)ctx, name, len, filename);
}

static bmp_status read_own(void *ctx, web_write_fn fn, void *arg, bmp_error *e)
{
    srv_req *rq = ctx;
    bmp_ledger_opts o = {.size = sizeof o, .who = "serve", .read_only = true};
    bmp_ledger *l = NULL;
    bmp_status st = bmp_ledger_open(rq->s->db, &o, &l, e);
    if (!st)
        st = fn(l, arg, e);
    bmp_ledger_close(l);
    return st;
}

/* Copy a rendered page into the response. */
static void answer(srv_resp *rs, int status, core_buf *out, const char *ctype)
{
    if (out->failed) {
        srv_error(rs, 500, "out of memory");
        return;
    }
    rs->status = status;
    rs->ctype = ctype;
    core_buf_reset(&rs->body);
    if (core_buf_append(&rs->body, out->data ? out->data : "", out->len) != 0)
        srv_error(rs, 500, "out of memory");
    /* public only when nobody is logged in and no cookie is set (the
     * response cache keeps only such answers: srv_resp_public) */
    rs->cacheable = status == 200 && !rs->private_ && !rs->cookie[0][0] && !rs->cookie[1][0];
}

/* A GET outside /api that names no page: the site's own 404 page (its
 * header and navigation, a title and the language, as every page: a
 * browser shows it, axe checks it), not the API's JSON error; the path is
 * echoed as the request's, non-UTF-8 bytes shown as '?'. */
static int not_found(const web_ctx *c, const char *path, core_buf *out, const char **ctype)
{
    page p = {.l = c->l, .out = out, .web = c, .path = path, .user = c->user,
              .ctype = "text/html; charset=utf-8"};
    char msg[320];
    snprintf(msg, sizeof msg, "no such resource: %s", path);
    srv_utf8_clean(msg);
    int st = page_error(&p, 404, msg);
    *ctype = p.ctype;
    return st;
}

/* 403 for a POST without a session or with a wrong CSRF token. */
static void refuse_post(srv_resp *rs, bool logged_in)
{
    core_buf out;
    core_buf_init(&out);
    page p = {.out = &out};
    answer(rs, page_refuse_post(&p, logged_in), &out, "text/html; charset=utf-8");
    core_buf_free(&out);
}

/* Issue 45 item 4: a scorer's posts (a club's uploads and previews) share
 * the server as a club token's do, keyed by minus the account's id (token
 * ids are positive); a secretary's are not limited (0). */
static int64_t scorer_key(const bmp_user *u)
{
    for (size_t i = 0; u && i < u->nroles; i++)
        if (u->roles[i].kind == BMP_ROLE_SECRETARY)
            return 0;
    return u ? -u->id : 0;
}

bool srv_site(srv_req *rq, srv_resp *rs)
{
    if (srv_login_route(rq, rs))
        return true;
    bool post = strcmp(rq->method, "POST") == 0;
    if (post ? !web_page_posts(rq->path) : strcmp(rq->method, "GET") != 0)
        return false;
    const bmp_user *u = srv_session_user(rq);
    rs->private_ = u != NULL;
    if (post && (!u || !srv_csrf_ok(rq))) {
        refuse_post(rs, u != NULL);
        return true;
    }
    if (post && srv_rate_gate(rq, rs, scorer_key(u),
                              "Your club's uploads are still being worked on (one at a time, "
                              "a share of the server a second)"))
        return true;
    bmp_error e = {0};
    bmp_ledger *l = srv_req_ledger(rq, &e);
    if (!l) {
        srv_error(rs, 503, "%s", e.msg);
        return true;
    }
    core_buf out;
    core_buf_init(&out);
    core_buf_reserve(&out, 4000); /* a player's page (~3 KB) in one allocation */
    const char *ctype = NULL;
    web_ctx c = {.l = l, .arg = query_arg, .ctx = rq, .method = rq->method, .user = u,
                 .csrf = srv_session_csrf(rq), .body = rq->body, .body_len = rq->body_len,
                 .write = write_as, .location = rs->location,
                 .field = post && srv_form_multipart(rq) ? form_field : NULL,
                 .read = read_own, .limits = &rq->s->o.limits};
    int status = web_page_serve(&c, rq->raw_path ? rq->raw_path : rq->path, &out, &ctype);
    if (!status && !post)
        status = not_found(&c, rq->path, &out, &ctype);
    srv_req_ledger_put(rq, l);
    if (status)
        answer(rs, status, &out, ctype);
    core_buf_free(&out);
    return status != 0;
}
