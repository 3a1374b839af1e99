/* The HTTP daemon (libmicrohttpd): a pool of worker threads, request bodies
 * up to a limit (413 beyond), idle timeouts, one access-log line per
 * request, and a graceful stop that lets the requests in flight finish
 * (docs/serve.md). */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <stdatomic.h>
#include <time.h>
#include <unistd.h>

#include "server/form.h"
#include "server/http_internal.h"

/* Query arguments a request may carry.  No route takes more than a few;
 * libmicrohttpd 0.9.75 keeps each argument in the connection's 16 KiB pool,
 * and a query of a few hundred fills it while it is parsed, before any
 * handler runs: the request was then neither answered nor closed until the
 * idle timeout (docs/reliability.md, ninth sitting). */
#define SRV_MAX_ARGS 100

/* The request line's target and the header fields, answered 414 and 431
 * here (with the security headers) below libmicrohttpd's own limits: its
 * pool (SRV_POOL) holds both, and what overflows it libmicrohttpd answers
 * itself, without them (docs/serve.md "Hardening"). */
#define SRV_MAX_TARGET (12 * 1024)
#define SRV_MAX_HEADERS (12 * 1024)
#define SRV_POOL ((size_t)64 * 1024)

/* The longest request target the response cache keys (a longer one is
 * answered, never kept). */
#define SRV_CACHE_KEY 1024

struct heavy_job;

typedef struct conn_ctx {
    core_buf body;
    struct heavy_job *job; /* run on a heavy thread, the connection suspended meanwhile */
    bool begun, too_large, too_many_args;
    size_t target_len;
    char *raw_path; /* the target's path as sent (libmicrohttpd decodes its own copy) */
    struct timespec t0;
    int status;
    size_t bytes;
    char method[8];
    char path[200];
    char *target; /* the request line's target, path and query, as sent (the cache's key) */
    char text[];  /* raw_path's and target's bytes */
} conn_ctx;

static double elapsed_ms(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) * 1e3 + (double)(t.tv_nsec - t0->tv_nsec) / 1e6;
}

/* One line per request: time, client, "METHOD path", status, bytes, ms. */
static void access_log(srv *s, struct MHD_Connection *c, const conn_ctx *x)
{
    if (!s->o.access_log)
        return;
    char ip[64], at[32];
    srv_client_ip(c, ip, sizeof ip);
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(at, sizeof at, "%Y-%m-%dT%H:%M:%SZ", &tm);
    fprintf(s->o.access_log, "%s %s \"%s %s\" %d %zu %.3fms\n", at, ip, x->method, x->path,
            x->status, x->bytes, elapsed_ms(&x->t0));
}

static enum MHD_Result queue(struct MHD_Connection *c, conn_ctx *x, srv_resp *rs)
{
    size_t bytes = rs->body.len;
    struct MHD_Response *r = srv_mhd_response(rs, c);
    if (!r)
        return MHD_NO;
    x->status = rs->status;
    x->bytes = rs->status == 304 ? 0 : bytes;
    enum MHD_Result ok = MHD_queue_response(c, (unsigned)rs->status, r);
    MHD_destroy_response(r);
    return ok;
}

/* libmicrohttpd calls this with the request line's target (path and
 * query, in its own read buffer) before it parses the query; what it
 * returns becomes the request's context.  A query with too many arguments
 * is cut here, so the parser sees none and the handler answers 414.  The
 * target is the daemon's writable buffer (the pointer is const only in
 * the callback's type); should another libmicrohttpd version pass a copy,
 * the cut does nothing and the handler still answers 414 if reached. */
static void *on_uri(void *cls, const char *uri, struct MHD_Connection *c)
{
    (void)cls;
    (void)c;
    /* one allocation: the context, then the path and the target copied
     * after it (no allocation of their own per request) */
    size_t len = uri ? strlen(uri) : 0, plen = uri ? strcspn(uri, "?") : 0;
    bool keyed = uri && len <= SRV_CACHE_KEY;
    conn_ctx *x = calloc(1, sizeof *x + plen + 1 + (keyed ? len + 1 : 0));
    if (x && uri) {
        x->target_len = len;
        x->raw_path = x->text;
        memcpy(x->raw_path, uri, plen);
        if (keyed) {
            x->target = x->text + plen + 1;
            memcpy(x->target, uri, len + 1);
        }
    }
    const char *q = uri ? strchr(uri, '?') : NULL;
    if (!x || !q)
        return x;
    size_t args = 1;
    for (const char *p = q + 1; *p; p++)
        args += *p == '&' || *p == ';';
    if (args > SRV_MAX_ARGS) {
        x->too_many_args = true;
        ((char *)q)[1] = '\0';
    }
    return x;
}

/* Framing headers counted (issue 30): two Content-Length headers, or one
 * beside Transfer-Encoding, make the body's end ambiguous (RFC 9112 6.3:
 * a proxy in front may read it otherwise), so the request is refused.
 *
 * Issue 45: so is a field name with whitespace before its colon (RFC 9112
 * 5.1: 400), which libmicrohttpd 0.9.75 keeps as part of the name --
 * "Transfer-Encoding : chunked" was not a Transfer-Encoding to it, and a
 * second request smuggled in the body was answered -- and a line that ends
 * in a bare LF (or CR) instead of CRLF (RFC 9112 2.2).  libmicrohttpd
 * accepts bare line ends and has no option against them in 0.9.75, but it
 * parses the head in place: each line end becomes NUL, so a CRLF leaves
 * two NULs before the next line and a bare LF one.  The request line's end
 * (after the version) and each field's (after its value) are checked
 * against where the next field's name begins; the last field's, against
 * the blank line after it (two more NULs), when anything follows it. */
typedef struct framing {
    int lengths, encodings;
    size_t bytes;         /* of the header fields, as "Key: value\r\n" */
    const char *line_end; /* where the previous line's text ended (NULL: unknown) */
    bool space_in_name, bare_eol;
} framing;

/* Did the line ending at end (its text's end) end in CRLF, given that the
 * next line begins at next? */
static bool crlf_before(const char *end, const char *next)
{
    return next >= end + 2 && next[-1] == '\0' && next[-2] == '\0';
}

static enum MHD_Result count_framing(void *cls, enum MHD_ValueKind kind, const char *key,
                                     const char *value)
{
    (void)kind;
    framing *f = cls;
    f->bytes += strlen(key) + (value ? strlen(value) : 0) + 4;
    f->lengths += strcasecmp(key, "Content-Length") == 0;
    f->encodings += strcasecmp(key, "Transfer-Encoding") == 0;
    f->space_in_name |= strpbrk(key, " \t") != NULL;
    if (f->line_end && !crlf_before(f->line_end, key))
        f->bare_eol = true;
    f->line_end = value ? value + strlen(value) : NULL;
    return MHD_YES;
}

/* 400 for ambiguous framing, 414 or 431 for a request too long; 0 if none.
 * version: the request line's, in libmicrohttpd's buffer. */
static int refuse_framing(struct MHD_Connection *c, const conn_ctx *x, const char *version,
                          srv_resp *rs)
{
    framing f = {.line_end = version ? version + strlen(version) : NULL};
    MHD_get_connection_values(c, MHD_HEADER_KIND, count_framing, &f);
    /* the last line's CRLF and the blank line's: four NULs from its end;
     * with a bare LF in either, what follows the blank line (a pipelined
     * request, a body) shows within them (nothing follows: a bare LF there
     * hides nothing and may pass) */
    const char *e = f.line_end;
    if (e && f.bytes <= SRV_MAX_HEADERS && (e[2] != '\0' || e[3] != '\0'))
        f.bare_eol = true;
    if (f.lengths > 1 || f.encodings > 1 || (f.lengths && f.encodings))
        srv_error(rs, 400, "ambiguous framing: Content-Length twice, or with Transfer-Encoding");
    else if (f.space_in_name)
        srv_error(rs, 400, "whitespace between a header field's name and its colon");
    else if (f.bare_eol)
        srv_error(rs, 400, "a line of the request ends in a bare LF or CR: HTTP lines end in CRLF");
    else if (x->target_len > SRV_MAX_TARGET)
        srv_error(rs, 414, "request target too long: the limit is %d bytes", SRV_MAX_TARGET);
    else if (f.bytes > SRV_MAX_HEADERS)
        srv_error(rs, 431, "header fields too large: the limit is %d bytes", SRV_MAX_HEADERS);
    rs->close = rs->status != 0;
    return rs->status;
}

static enum MHD_Result too_large(srv *s, struct MHD_Connection *c, conn_ctx *x)
{
    srv_resp rs = {0};
    srv_error(&rs, 413, "request body too large: the limit is %zu bytes", s->o.max_body);
    return queue(c, x, &rs);
}

/* The first call of a request: its context (made by on_uri), the
 * in-flight count, and an early 414 for too many query arguments or 413
 * when Content-Length already says too much. */
static enum MHD_Result begin(srv *s, struct MHD_Connection *c, const char *method,
                            const char *url, const char *version, conn_ctx *x)
{
    x->begun = true;
    /* the log shows the path, never the query (it may carry a reason) */
    snprintf(x->method, sizeof x->method, "%s", method);
    for (size_t i = 0; url[i] && i + 1 < sizeof x->path; i++)
        x->path[i] = (url[i] < 0x21 || url[i] == '"' || url[i] == 0x7f) ? '_' : url[i];
    clock_gettime(CLOCK_MONOTONIC, &x->t0);
    pthread_mutex_lock(&s->active_mu);
    s->active++;
    pthread_mutex_unlock(&s->active_mu);
    srv_resp rs = {0};
    if (x->too_many_args) {
        srv_error(&rs, 414, "too many query arguments: the limit is %d", SRV_MAX_ARGS);
        return queue(c, x, &rs);
    }
    if (refuse_framing(c, x, version, &rs))
        return queue(c, x, &rs);
    const char *cl = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Content-Length");
    if (cl && strtoull(cl, NULL, 10) > s->o.max_body) {
        x->too_large = true;
        return too_large(s, c, x);
    }
    return MHD_YES;
}

/* ---- the response cache (docs/serve.md "Response cache") ----------------------- */

/* May this request's answer come from, or go into, the cache?  A GET (or
 * HEAD) with its target known, and with no credentials: an answer to a
 * request that carries a token or a cookie is never shared. */
static bool cache_asked(const srv *s, const conn_ctx *x, const srv_req *rq)
{
    return s->cache && x->target && strcmp(rq->method, "GET") == 0 &&
           !MHD_lookup_connection_value(rq->conn, MHD_HEADER_KIND, "Authorization") &&
           !MHD_lookup_connection_value(rq->conn, MHD_HEADER_KIND, "Cookie");
}

/* The snapshot this request reads, and whether the ledger changed since
 * the handle's last one (then every cached answer is stale); without a
 * watch only (with one, fresh_gen has told). */
static bmp_ledger *snapshot_checked(srv *s, srv_resp *rs)
{
    bmp_error e = {0};
    bmp_ledger *l = srv_pool_get(&s->pool, &e);
    bool changed = true;
    if (l && !s->watch && bmp_ledger_changed(l, &changed, &e)) {
        srv_pool_put(&s->pool, l);
        l = NULL;
    }
    if (!l) {
        srv_error(rs, 503, "%s", e.msg);
        return NULL;
    }
    if (changed && !s->watch)
        srv_cache_bump(s->cache);
    return l;
}

/* With a watch: the generation, bumped first if the ledger's stamp moved
 * since the last request saw it (W-9: a write committed before this
 * request arrived is seen).  Bumped before the stamp is published: a
 * request that finds the new stamp already published reads the bumped
 * generation; two requests that both see the move bump twice (harmless). */
static uint64_t fresh_gen(srv *s)
{
    uint64_t now = bmp_ledger_watch_read(s->watch);
    if (!now || now != atomic_load(&s->stamp)) {
        srv_cache_bump(s->cache);
        atomic_store(&s->stamp, now);
    }
    return srv_cache_gen(s->cache);
}

typedef struct hit_ctx {
    struct MHD_Connection *c;
    conn_ctx *x;
    enum MHD_Result ok;
} hit_ctx;

/* A hit's prebuilt response queued (under the cache's lock: the entry
 * cannot be released meanwhile; libmicrohttpd counts its own reference). */
static void queue_hit(void *ctx, const srv_cached *h, void *obj, size_t len)
{
    hit_ctx *k = ctx;
    k->x->status = h->status;
    k->x->bytes = len;
    k->ok = MHD_queue_response(k->c, (unsigned)h->status, obj);
}

static void *make_response(void *ctx, const srv_cached *h, const char *body, size_t len,
                           void *mem)
{
    (void)ctx;
    return srv_mhd_cached(h, body, len, mem);
}

static void unmake_response(void *obj) { MHD_destroy_response(obj); }

/* A GET: the cached answer if it is of the current generation, else the
 * route's, kept when public.  The generation is read before the snapshot
 * begins: a write committed after that bumps it past what is stored.  A
 * hit without If-None-Match is queued here, its prebuilt response as it is
 * (true); with one, the body is copied and srv_mhd_response answers 304 or
 * 200 as for any public answer. */
static bool cached_route(srv *s, conn_ctx *x, srv_req *rq, srv_resp *rs, hit_ctx *k)
{
    uint64_t before = s->watch ? fresh_gen(s) : srv_cache_gen(s->cache);
    bmp_ledger *l = NULL;
    if (!s->watch && !(l = snapshot_checked(s, rs)))
        return false;
    uint64_t gen = srv_cache_gen(s->cache);
    bool inm = MHD_lookup_connection_value(rq->conn, MHD_HEADER_KIND, "If-None-Match");
    srv_cached hit;
    if (!inm && srv_cache_serve(s->cache, x->target, gen, queue_hit, k)) {
        srv_pool_put(&s->pool, l);
        return true;
    }
    if (srv_cache_get(s->cache, x->target, gen, &hit, &rs->body)) {
        srv_pool_put(&s->pool, l);
        rs->status = hit.status;
        rs->ctype = hit.ctype;
        rs->cacheable = true;
        memcpy(rs->etag, hit.etag, sizeof rs->etag);
        rs->xcache = "hit";
        return false;
    }
    if (!l && !(l = snapshot_checked(s, rs)))
        return false;
    rq->l = l;
    srv_route(rq, rs);
    rq->l = NULL;
    srv_pool_put(&s->pool, l);
    /* Only a public answer is kept: never one that sets a cookie (the login
     * form's CSRF cookie), is a logged-in page (Cache-Control: no-store)
     * or is not a 200 (srv_resp_public checks each). */
    if (!srv_resp_public(rs) || rs->body.failed)
        return false;
    srv_resp_etag(rs);
    rs->xcache = "miss";
    if (!srv_cache_admit(s->cache, x->target))
        return false; /* asked once so far: kept at its next ask */
    srv_cached head = {.status = rs->status, .ctype = rs->ctype};
    memcpy(head.etag, rs->etag, sizeof head.etag);
    srv_cache_put(s->cache, x->target, before, &head, rs->body.data ? rs->body.data : "",
                  rs->body.len);
    return false;
}

/* The answer in rs, or queued already (a cache hit: true, k->ok). */
static bool dispatch(srv *s, conn_ctx *x, srv_req *rq, srv_resp *rs, hit_ctx *k)
{
    if (cache_asked(s, x, rq))
        return cached_route(s, x, rq, rs, k);
    srv_route(rq, rs);
    /* a write through this server: what is cached may be stale */
    if (s->cache && strcmp(rq->method, "GET") != 0)
        srv_cache_bump(s->cache);
    return false;
}

/* ---- requests other than GET, on their own threads (heavy.c, issue 45) ---- */

/* The most of them waiting for a thread; past it, 503 at once. */
#define SRV_HEAVY_QUEUE 64

typedef struct heavy_job {
    srv_heavy_job base;
    struct MHD_Connection *c;
    srv_req rq;
    srv_resp rs;
    atomic_bool done;
} heavy_job;

/* On a heavy thread: the route's answer, then the connection resumed (the
 * worker calls on_request again, which queues it; j is not touched here
 * after the resume: the worker frees it). */
static void run_job(srv_heavy_job *b)
{
    heavy_job *j = (heavy_job *)b;
    srv *s = j->rq.s;
    srv_route(&j->rq, &j->rs);
    srv_auth_done(&j->rq); /* a club token's time charged (rate.c) */
    srv_form_free(&j->rq);
    if (s->cache) /* a write through this server: what is cached may be stale */
        srv_cache_bump(s->cache);
    atomic_store(&j->done, true);
    MHD_resume_connection(j->c);
}

/* A request that is not a GET goes to a heavy thread, its connection
 * suspended: true when handed over (or answered 503: the queue is full). */
static bool offload(srv *s, struct MHD_Connection *c, conn_ctx *x, const srv_req *rq)
{
    heavy_job *j = calloc(1, sizeof *j);
    if (!j)
        return false;
    j->base.run = run_job;
    j->c = c;
    j->rq = *rq;
    atomic_init(&j->done, false);
    x->job = j;
    MHD_suspend_connection(c);
    if (srv_heavy_push(&s->heavy, &j->base))
        return true;
    srv_form_free(&j->rq);
    srv_error(&j->rs, 503, "the server is busy: %d requests wait to be written or computed; "
                           "try again shortly", SRV_HEAVY_QUEUE);
    j->rs.retry_after = 2;
    atomic_store(&j->done, true);
    MHD_resume_connection(c);
    return true;
}

/* The resumed request's answer queued. */
static enum MHD_Result answer_job(struct MHD_Connection *c, conn_ctx *x)
{
    heavy_job *j = x->job;
    if (!atomic_load(&j->done))
        return MHD_YES; /* not resumed by us: the answer comes */
    x->job = NULL;
    enum MHD_Result ok = queue(c, x, &j->rs);
    core_buf_free(&j->rs.body);
    free(j);
    return ok;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url,
                                  const char *method, const char *version,
                                  const char *upload_data, size_t *upload_data_size,
                                  void **con_cls)
{
    srv *s = cls;
    conn_ctx *x = *con_cls;
    if (!x) /* on_uri could not allocate it */
        return MHD_NO;
    if (!x->begun)
        return begin(s, c, method, url, version, x);
    if (x->job)
        return answer_job(c, x);
    if (x->status) /* answered early (413, 414): discard what still arrives */
        return *upload_data_size = 0, MHD_YES;
    if (*upload_data_size) {
        if (x->too_large || x->body.len + *upload_data_size > s->o.max_body) {
            x->too_large = true;
            core_buf_free(&x->body);
        } else if (core_buf_append(&x->body, upload_data, *upload_data_size) != 0) {
            return MHD_NO;
        }
        *upload_data_size = 0;
        return MHD_YES;
    }
    if (x->too_large)
        return too_large(s, c, x);
    srv_req rq = {.s = s, .conn = c, .method = strcmp(method, "HEAD") == 0 ? "GET" : method,
                  .path = url, .raw_path = x->raw_path ? x->raw_path : url,
                  .body = x->body.data ? x->body.data : "", .body_len = x->body.len};
    if (strcmp(rq.method, "GET") != 0 && offload(s, c, x, &rq))
        return MHD_YES;
    srv_resp rs = {0};
    hit_ctx k = {.c = c, .x = x};
    bool queued = dispatch(s, x, &rq, &rs, &k);
    srv_auth_done(&rq);
    srv_form_free(&rq);
    return queued ? k.ok : queue(c, x, &rs);
}

static void on_completed(void *cls, struct MHD_Connection *c, void **con_cls,
                         enum MHD_RequestTerminationCode toe)
{
    (void)toe;
    srv *s = cls;
    conn_ctx *x = *con_cls;
    if (!x)
        return;
    bool begun = x->begun;
    if (begun)
        access_log(s, c, x);
    srv_guard_request_done(&s->guard, c);
    if (x->job) { /* answered, or the connection ended before it was */
        core_buf_free(&x->job->rs.body);
        free(x->job);
    }
    core_buf_free(&x->body);
    free(x);
    *con_cls = NULL;
    if (!begun) /* the request line came, the request never reached us */
        return;
    pthread_mutex_lock(&s->active_mu);
    if (--s->active == 0)
        pthread_cond_broadcast(&s->idle);
    pthread_mutex_unlock(&s->active_mu);
}

/* ---- the daemon ------------------------------------------------------------ */

static char *slurp(const char *path, char *errbuf, size_t size)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t n = 0;
    if (f) {
        buf = malloc(1 << 20);
        n = buf ? fread(buf, 1, (1 << 20) - 1, f) : 0;
        if (buf)
            buf[n] = '\0';
        fclose(f);
    }
    if (!buf || n == 0) {
        snprintf(errbuf, size, "%s: cannot read: %s", path, f ? "empty" : strerror(errno));
        free(buf);
        return NULL;
    }
    return buf;
}

static int tls_setup(srv *s, char *errbuf, size_t size)
{
    if (!s->o.tls_cert && !s->o.tls_key)
        return 0;
    if (!s->o.tls_cert || !s->o.tls_key) {
        snprintf(errbuf, size, "TLS needs both --tls-cert and --tls-key");
        return -1;
    }
    if (MHD_is_feature_supported(MHD_FEATURE_TLS) != MHD_YES) {
        snprintf(errbuf, size, "not supported: TLS (this libmicrohttpd was built without "
                               "GnuTLS); serve plain HTTP behind a TLS proxy instead");
        return -1;
    }
    s->cert = slurp(s->o.tls_cert, errbuf, size);
    s->key = s->cert ? slurp(s->o.tls_key, errbuf, size) : NULL;
    return s->key ? 0 : -1;
}

static int bind_addr(const srv *s, struct sockaddr_in *sa, char *errbuf, size_t size)
{
    memset(sa, 0, sizeof *sa);
    sa->sin_family = AF_INET;
    sa->sin_port = htons((uint16_t)s->o.port);
    if (inet_pton(AF_INET, s->o.host ? s->o.host : "127.0.0.1", &sa->sin_addr) != 1) {
        snprintf(errbuf, size, "listen address \"%s\": expected an IPv4 address such as "
                               "127.0.0.1 or 0.0.0.0", s->o.host);
        return -1;
    }
    return 0;
}

/* The acceptor's questions, answered by the connection guard (issue 45). */
static bool admit(void *cls, int fd, const struct sockaddr_in *peer)
{
    return srv_guard_admit(cls, fd, peer->sin_addr.s_addr);
}

static void forget(void *cls, int fd) { srv_guard_forget(cls, fd); }

/* libmicrohttpd's own connection limit, never reached: each worker of the
 * pool gets an equal share of it, and 0.9.75 wedges a worker that reaches
 * its share (conn_guard.c); the server's limits are the guard's. */
static unsigned mhd_conn_limit(const srv *s)
{
    unsigned long long n = 4ull * s->o.max_conns * (s->o.threads ? s->o.threads : 2) + 64;
    return n > UINT_MAX / 2 ? UINT_MAX / 2 : (unsigned)n;
}

static struct MHD_Daemon *daemon_start(srv *s)
{
    /* no listening socket of its own: acceptor.c hands it the connections */
    unsigned flags = MHD_USE_AUTO_INTERNAL_THREAD | MHD_USE_ITC | MHD_USE_ERROR_LOG |
                     MHD_ALLOW_SUSPEND_RESUME |
                     MHD_USE_NO_LISTEN_SOCKET | (s->cert ? MHD_USE_TLS : 0);
    struct MHD_OptionItem tls[] = {
        {s->cert ? MHD_OPTION_HTTPS_MEM_CERT : MHD_OPTION_END, 0, s->cert},
        {MHD_OPTION_HTTPS_MEM_KEY, 0, s->key},
        {MHD_OPTION_END, 0, NULL},
    };
    return MHD_start_daemon(
        flags, 0, NULL, NULL, on_request, s,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned)(s->o.threads ? s->o.threads : 2),
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)(s->o.timeout ? s->o.timeout : 30),
        MHD_OPTION_CONNECTION_LIMIT, mhd_conn_limit(s), MHD_OPTION_CONNECTION_MEMORY_LIMIT,
        SRV_POOL,
        MHD_OPTION_NOTIFY_CONNECTION, srv_guard_notify, &s->guard,
        MHD_OPTION_URI_LOG_CALLBACK, on_uri, s, MHD_OPTION_NOTIFY_COMPLETED, on_completed, s,
        MHD_OPTION_ARRAY, tls, MHD_OPTION_END);
}

/* The cache's prebuilt responses, and the pool's watch where the store
 * has one (else each cached GET checks in its snapshot). */
static void cache_setup(srv *s)
{
    srv_cache_set_objects(s->cache, make_response, unmake_response, NULL);
    s->watch = s->pool.watch;
    if (s->watch)
        atomic_init(&s->stamp, bmp_ledger_watch_read(s->watch));
}

/* Every second (the deadline thread): idle snapshots older than the last
 * commit ended (pool.c). */
static void pool_tick(void *cls)
{
    srv_pool_sweep(cls);
}

static void srv_free(srv *s)
{
    srv_acceptor_stop(&s->acc);
    srv_heavy_stop(&s->heavy); /* what waits is answered, its connection resumed */
    if (s->d)
        MHD_stop_daemon(s->d);
    srv_guard_stop(&s->guard);
    srv_rate_free(&s->rate);
    srv_pool_free(&s->pool);
    srv_cache_free(s->cache);
    pthread_mutex_destroy(&s->write_mu);
    pthread_mutex_destroy(&s->active_mu);
    pthread_cond_destroy(&s->idle);
    free(s->cert);
    free(s->key);
    free(s);
}

int srv_start(const srv_opts *o, srv **out, char *errbuf, size_t size)
{
    *out = NULL;
    srv *s = calloc(1, sizeof *s);
    if (!s)
        return snprintf(errbuf, size, "out of memory"), -1;
    s->o = *o;
    s->acc = (srv_acceptor){.fd = -1, .wake = {-1, -1}};
    if (!s->o.max_body)
        s->o.max_body = 2u << 20;
    s->o.max_conns = s->o.max_conns ? s->o.max_conns : 1000;
    s->o.max_per_ip = s->o.max_per_ip ? s->o.max_per_ip : 32;
    s->guard.max_conns = s->o.max_conns;
    s->guard.max_per_ip = s->o.max_per_ip;
    srv_rate_init(&s->rate, s->o.token_work, s->o.token_burst);
    pthread_mutex_init(&s->write_mu, NULL);
    pthread_mutex_init(&s->active_mu, NULL);
    pthread_cond_init(&s->idle, NULL);
    struct sockaddr_in sa;
    if (!realpath(o->db, s->db)) /* missing: the ledger's own message */
        snprintf(s->db, sizeof s->db, "%s", o->db);
    int rc = srv_pool_init(&s->pool, s->db, errbuf, size);
    if (!rc && o->cache_mb && !(s->cache = srv_cache_new(o->cache_mb << 20))) {
        snprintf(errbuf, size, "out of memory");
        rc = -1;
    }
    if (!rc && s->cache)
        cache_setup(s);
    if (!rc)
        rc = bind_addr(s, &sa, errbuf, size);
    if (!rc)
        rc = tls_setup(s, errbuf, size);
    if (!rc && srv_guard_start(&s->guard, s->o.deadline ? s->o.deadline : 60, pool_tick, &s->pool)) {
        snprintf(errbuf, size, "cannot start the deadline thread");
        rc = -1;
    }
    if (!rc && srv_heavy_start(&s->heavy, SRV_HEAVY_QUEUE)) {
        snprintf(errbuf, size, "cannot start the server's threads: %s", strerror(errno));
        rc = -1;
    }
    if (!rc && srv_acceptor_listen(&s->acc, &sa)) {
        snprintf(errbuf, size, "cannot listen on %s:%u: %s", o->host ? o->host : "127.0.0.1",
                 o->port, strerror(errno));
        rc = -1;
    }
    s->acc.admit = admit;
    s->acc.forget = forget;
    s->acc.cls = &s->guard;
    if (!rc && (!(s->d = daemon_start(s)) || srv_acceptor_start(&s->acc, s->d))) {
        snprintf(errbuf, size, "cannot start the server's threads: %s", strerror(errno));
        rc = -1;
    }
    if (rc) {
        srv_free(s);
        return -1;
    }
    *out = s;
    return 0;
}

unsigned srv_port(const srv *s)
{
    return srv_acceptor_port(&s->acc);
}

void srv_stop(srv *s, unsigned grace)
{
    if (!s)
        return;
    srv_acceptor_stop(&s->acc); /* no new connections */
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += grace;
    pthread_mutex_lock(&s->active_mu);
    while (s->active > 0 &&
           pthread_cond_timedwait(&s->idle, &s->active_mu, &until) != ETIMEDOUT)
        ;
    pthread_mutex_unlock(&s->active_mu);
    srv_free(s); /* the daemon stopped there */
}
