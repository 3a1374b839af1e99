/* The login page and logout (session.h, issue 29).  GET /login: the form,
 * with its own CSRF token (a random value in a cookie scoped to /login and
 * in a hidden field: there is no session yet).  POST /login: 403 without
 * that token; 429 with Retry-After while the account or the address is
 * locked by failed logins (nothing waits on the server's threads: the
 * client is told when to come back); the password checked (Argon2id); a
 * failure counted, a success answered with a new session id (the one the
 * browser presented is ended) and a 303 to `next`.  POST /logout ends the
 * session (with the session's CSRF token).  No secret goes in a URL; the
 * access log has the path only. */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "server/pages_internal.h"
#include "server/session.h"

#define LOGIN_TOKEN_LEN 43 /* 32 random bytes, URL-safe base64 without padding */

/* `next` when it is a path of this site ("/x", not "//host" nor "/\host"). */
static const char *local_next(const char *next)
{
    if (!next || next[0] != '/' || next[1] == '/' || next[1] == '\\' || strlen(next) > 200)
        return "/";
    for (const char *p = next; *p; p++)
        if ((unsigned char)*p < 0x21 || *p == 0x7f || *p == '\\')
            return "/";
    return next;
}

/* 303 See Other to `to`, with an empty body. */
static void see_other(srv_resp *rs, const char *to)
{
    core_buf_reset(&rs->body);
    rs->status = 303;
    rs->ctype = "text/plain; charset=utf-8";
    snprintf(rs->location, sizeof rs->location, "%s", to);
}

static void login_form(srv_req *rq, srv_resp *rs, int status, const char *msg, const char *next)
{
    unsigned char raw[32];
    char tok[LOGIN_TOKEN_LEN + 1];
    randombytes_buf(raw, sizeof raw);
    sodium_bin2base64(tok, sizeof tok, raw, sizeof raw, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
    bool secure = rq->s->cert || rq->s->o.behind_tls;
    snprintf(rs->cookie[1], sizeof rs->cookie[1],
             "%s=%s; Path=/login; HttpOnly; SameSite=Strict; Max-Age=3600%s", SRV_LOGIN_COOKIE,
             tok, secure ? "; Secure" : "");
    core_buf_reset(&rs->body);
    page p = {.out = &rs->body};
    page_head(&p, "Log in");
    core_buf_puts(p.out, "<h1>Log in</h1>\n");
    const bmp_user *u = srv_session_user(rq);
    if (u) {
        core_buf_puts(p.out, "<p>You are logged in as <strong>");
        web_buf_html(p.out, u->name);
        core_buf_puts(p.out, "</strong>. Logging in again ends that session.</p>\n");
    }
    if (msg) {
        core_buf_puts(p.out, "<p class=\"error\" role=\"alert\" id=\"login-error\">");
        web_buf_html(p.out, msg);
        core_buf_puts(p.out, "</p>\n");
    }
    core_buf_printf(p.out, "<form method=\"post\" action=\"/login\" id=\"login\">"
                           "<input type=\"hidden\" name=\"csrf\" value=\"%s\">", tok);
    core_buf_puts(p.out, "<input type=\"hidden\" name=\"next\" value=\"");
    web_buf_html(p.out, local_next(next));
    core_buf_puts(p.out, "\"><p><label for=\"name\">User name</label><input id=\"name\" "
                         "name=\"name\" autocomplete=\"username\" required></p><p><label "
                         "for=\"password\">Password</label><input id=\"password\" "
                         "name=\"password\" type=\"password\" autocomplete=\"current-password\" "
                         "required></p><p><button type=\"submit\">Log in</button></p></form>\n");
    page_foot(&p);
    rs->status = status;
    rs->ctype = "text/html; charset=utf-8";
    rs->private_ = true;
    if (p.out->failed)
        srv_error(rs, 500, "out of memory");
}

/* The login form's token: the cookie's and the field's, equal. */
static bool login_token_ok(srv_req *rq)
{
    const char *c = MHD_lookup_connection_value(rq->conn, MHD_COOKIE_KIND, SRV_LOGIN_COOKIE);
    char got[64];
    if (!c || strlen(c) != LOGIN_TOKEN_LEN ||
        !srv_form_field(rq->body, rq->body_len, "csrf", got, sizeof got) ||
        strlen(got) != LOGIN_TOKEN_LEN)
        return false;
    return sodium_memcmp(got, c, LOGIN_TOKEN_LEN) == 0;
}

typedef struct login_try {
    const char *name, *addr, *old;
    int64_t now, wait;
    bmp_user user;
    char sid[BMP_SESSION_SIZE];
} login_try;

static bmp_status count_failure(bmp_ledger *w, void *arg, bmp_error *e)
{
    login_try *t = arg;
    const bmp_login_limits lim = BMP_LOGIN_LIMITS_DEFAULT;
    return bmp_ledger_login_failed(w, t->name, t->addr, t->now, &lim, &t->wait, e);
}

static bmp_status start_session(bmp_ledger *w, void *arg, bmp_error *e)
{
    login_try *t = arg;
    return bmp_ledger_session_start(w, &t->user, t->old, t->now, t->sid, e);
}

static void too_many(srv_req *rq, srv_resp *rs, int64_t wait, const char *next)
{
    char msg[160];
    snprintf(msg, sizeof msg, "Too many failed logins: try again in %lld seconds.",
             (long long)wait);
    login_form(rq, rs, 429, msg, next);
    rs->retry_after = (unsigned)wait;
}

/* The password's check and what follows it. */
static void check_login(srv_req *rq, srv_resp *rs, login_try *t, const char *pw, const char *next)
{
    bmp_error e = {0};
    bmp_ledger *l = srv_pool_get(&rq->s->pool, &e);
    if (!l) {
        srv_error(rs, 503, "%s", e.msg);
        return;
    }
    bmp_status st = bmp_ledger_login_wait(l, t->name, t->addr, t->now, &t->wait, &e);
    if (!st && t->wait) {
        srv_pool_put(&rq->s->pool, l);
        too_many(rq, rs, t->wait, next);
        return;
    }
    if (!st)
        st = bmp_ledger_password_check(l, t->name, pw, &t->user, &e);
    srv_pool_put(&rq->s->pool, l);
    if (st == BMP_ENOTFOUND) {
        st = srv_write_as(rq, "serve", count_failure, t, &e);
        if (!st && t->wait)
            too_many(rq, rs, t->wait, next);
        else if (!st)
            login_form(rq, rs, 401, "Wrong user name or password.", next);
    } else if (!st) {
        st = srv_write_as(rq, t->user.name, start_session, t, &e);
        if (!st) {
            srv_session_cookie(rq, rs, t->sid);
            sodium_memzero(t->sid, sizeof t->sid);
            snprintf(rs->cookie[1], sizeof rs->cookie[1],
                     "%s=; Path=/login; HttpOnly; SameSite=Strict; Max-Age=0", SRV_LOGIN_COOKIE);
            see_other(rs, local_next(next));
        }
    }
    if (st)
        srv_ledger_error(rs, st, &e, NULL);
}

static void post_login(srv_req *rq, srv_resp *rs)
{
    char name[64] = "", next[256] = "", pw[BMP_PASSWORD_MAX + 1] = "", addr[64];
    srv_form_field(rq->body, rq->body_len, "next", next, sizeof next);
    if (!login_token_ok(rq)) {
        login_form(rq, rs, 403, "The form had expired: please log in again.", next);
        return;
    }
    if (!srv_form_field(rq->body, rq->body_len, "name", name, sizeof name) || !name[0] ||
        !srv_form_field(rq->body, rq->body_len, "password", pw, sizeof pw)) {
        login_form(rq, rs, 400, "Expected a user name and a password.", next);
        return;
    }
    srv_client_ip(rq->conn, addr, sizeof addr);
    const char *old = MHD_lookup_connection_value(rq->conn, MHD_COOKIE_KIND, SRV_SESSION_COOKIE);
    login_try t = {.name = name, .addr = addr, .old = old, .now = (int64_t)time(NULL)};
    check_login(rq, rs, &t, pw, next);
    sodium_memzero(pw, sizeof pw);
}

static bmp_status end_session(bmp_ledger *w, void *arg, bmp_error *e)
{
    return bmp_ledger_session_end(w, arg, (int64_t)time(NULL), e);
}

static void post_logout(srv_req *rq, srv_resp *rs)
{
    const bmp_user *u = srv_session_user(rq);
    if (u && !srv_csrf_ok(rq)) { /* the page site.c answers such a POST with */
        core_buf_reset(&rs->body);
        page p = {.out = &rs->body};
        rs->status = page_refuse_post(&p, true);
        rs->ctype = "text/html; charset=utf-8";
        rs->private_ = true;
        if (p.out->failed)
            srv_error(rs, 500, "out of memory");
        return;
    }
    bmp_error e = {0};
    bmp_status st = u ? srv_write_as(rq, u->name, end_session, rq->sid, &e) : BMP_OK;
    if (st && st != BMP_ENOTFOUND) {
        srv_ledger_error(rs, st, &e, NULL);
        return;
    }
    srv_session_cookie(rq, rs, NULL);
    see_other(rs, "/login");
}

bool srv_login_route(srv_req *rq, srv_resp *rs)
{
    bool login = strcmp(rq->path, "/login") == 0, logout = strcmp(rq->path, "/logout") == 0;
    if (!login && !logout)
        return false;
    if (login && strcmp(rq->method, "GET") == 0)
        login_form(rq, rs, 200, NULL, srv_arg(rq, "next"));
    else if (strcmp(rq->method, "POST") != 0) {
        snprintf(rs->allow, sizeof rs->allow, "%s", login ? "GET, POST" : "POST");
        srv_error(rs, 405, "%s %s: method not allowed (allowed: %s)", rq->method, rq->path,
                  rs->allow);
    } else if (login)
        post_login(rq, rs);
    else
        post_logout(rq, rs);
    return true;
}
