/* The request's session (session.h, issue 29): the cookie looked up by its
 * hash on a pooled read-only handle, its last-seen time refreshed on a
 * writer at most every minute (or half the idle limit), the CSRF token
 * compared in constant time, form fields decoded, writes run as the user. */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "server/form.h"
#include "server/session.h"

bmp_status srv_write_as(srv_req *rq, const char *who,
                        bmp_status (*fn)(bmp_ledger *w, void *arg, bmp_error *e), void *arg,
                        bmp_error *e)
{
    pthread_mutex_lock(&rq->s->write_mu);
    bmp_ledger_opts o = {.size = sizeof o, .who = who};
    bmp_ledger *w = NULL;
    bmp_status st = bmp_ledger_open(rq->s->db, &o, &w, e);
    if (!st)
        st = fn(w, arg, e);
    bmp_ledger_close(w);
    pthread_mutex_unlock(&rq->s->write_mu);
    return st;
}

static bmp_status touch(bmp_ledger *w, void *arg, bmp_error *e)
{
    srv_req *rq = arg;
    return bmp_ledger_session_touch(w, rq->sid, (int64_t)time(NULL), e);
}

static int64_t idle_limit(const srv *s) { return s->o.session_idle ? s->o.session_idle : 1800; }
static int64_t max_limit(const srv *s) { return s->o.session_max ? s->o.session_max : 43200; }

/* Read the cookie's session once per request. */
static void read_session(srv_req *rq)
{
    rq->session_read = true;
    const char *c = MHD_lookup_connection_value(rq->conn, MHD_COOKIE_KIND, SRV_SESSION_COOKIE);
    if (!c || strlen(c) >= sizeof rq->sid)
        return;
    bmp_error e = {0};
    bmp_ledger *l = srv_pool_get(&rq->s->pool, &e);
    if (!l)
        return;
    int64_t now = (int64_t)time(NULL), seen = 0, idle = idle_limit(rq->s);
    bmp_status st = bmp_ledger_session_get(l, c, now, idle, max_limit(rq->s), &rq->user, &seen,
                                           &e);
    srv_pool_put(&rq->s->pool, l);
    if (st) {
        memset(&rq->user, 0, sizeof rq->user);
        return;
    }
    snprintf(rq->sid, sizeof rq->sid, "%s", c);
    bmp_session_csrf(rq->sid, rq->csrf);
    int64_t every = idle / 2 < 60 ? idle / 2 : 60;
    if (now - seen >= (every ? every : 1))
        srv_write_as(rq, rq->user.name, touch, rq, &e); /* a failure only shortens the session */
}

const bmp_user *srv_session_user(srv_req *rq)
{
    if (!rq->session_read)
        read_session(rq);
    return rq->user.id ? &rq->user : NULL;
}

const char *srv_session_csrf(srv_req *rq)
{
    return srv_session_user(rq) ? rq->csrf : "";
}

static int hexval(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
                                         : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* Decode a form value (+ is a space, %XX a byte) of n bytes into buf. */
static bool decode(const char *s, size_t n, char *buf, size_t size)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == '+') {
            c = ' ';
        } else if (c == '%' && i + 2 < n && hexval(s[i + 1]) >= 0 && hexval(s[i + 2]) >= 0) {
            c = (char)(hexval(s[i + 1]) * 16 + hexval(s[i + 2]));
            i += 2;
        }
        if (k + 1 >= size || c == '\0')
            return false;
        buf[k++] = c;
    }
    buf[k] = '\0';
    return true;
}

bool srv_form_field(const char *body, size_t len, const char *name, char *buf, size_t size)
{
    size_t nl = strlen(name);
    const char *end = body + len;
    for (const char *p = body; p < end;) {
        const char *amp = memchr(p, '&', (size_t)(end - p));
        const char *stop = amp ? amp : end;
        if ((size_t)(stop - p) > nl && strncmp(p, name, nl) == 0 && p[nl] == '=')
            return decode(p + nl + 1, (size_t)(stop - p - (ptrdiff_t)nl - 1), buf, size);
        p = stop + 1;
    }
    return false;
}

bool srv_csrf_ok(srv_req *rq)
{
    const char *want = srv_session_csrf(rq);
    char got[80];
    if (!*want)
        return false;
    if (srv_form_multipart(rq)) { /* a file upload's form (form.h) */
        size_t n = 0;
        const char *v = srv_form_get(rq, "csrf", &n, NULL);
        if (!v || n != 64)
            return false;
        return sodium_memcmp(v, want, 64) == 0;
    }
    if (!srv_form_field(rq->body, rq->body_len, "csrf", got, sizeof got) || strlen(got) != 64)
        return false;
    return sodium_memcmp(got, want, 64) == 0;
}

void srv_session_cookie(srv_req *rq, srv_resp *rs, const char *sid)
{
    bool secure = rq->s->cert || rq->s->o.behind_tls;
    snprintf(rs->cookie[0], sizeof rs->cookie[0], "%s=%s; Path=/; HttpOnly; SameSite=Strict%s%s",
             SRV_SESSION_COOKIE, sid ? sid : "", sid ? "" : "; Max-Age=0",
             secure ? "; Secure" : "");
    rs->private_ = true;
}
