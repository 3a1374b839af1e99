/* Internal to src/server: requests, responses, routes, the ledger pool. */
#ifndef BMP_SERVER_HTTP_INTERNAL_H
#define BMP_SERVER_HTTP_INTERNAL_H

#include <jansson.h>
#include <microhttpd.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "bridgemp/ledger.h"
#include "bridgemp/ledger_token.h"
#include "bridgemp/ledger_user.h"
#include "core/buf.h"
#include "server/acceptor.h"
#include "server/conn_guard.h"
#include "server/heavy.h"
#include "server/rate.h"
#include "server/resp_cache.h"
#include "server/server.h"

/* Read-only ledger handles, one per worker at a time (a bmp_ledger is not
 * shared between threads), each with the snapshot it may keep across
 * requests while the ledger's stamp has not moved (pool.c). */
typedef struct srv_pool {
    pthread_mutex_t mu;
    struct srv_held **all;      /* every handle opened, lent or idle */
    size_t n, cap;
    const char *db;
    bmp_ledger *watch;          /* the ledger's change stamp (bmp_ledger_watch_open); NULL:
                                 * none (PostgreSQL), a snapshot per request */
} srv_pool;

struct srv {
    srv_opts o;
    char db[4096];
    struct MHD_Daemon *d;
    srv_acceptor acc;           /* the listening socket and its thread (acceptor.c) */
    srv_pool pool;
    pthread_mutex_t write_mu;   /* one write at a time (SQLite has one writer) */
    pthread_mutex_t active_mu;
    pthread_cond_t idle;
    long active;                /* requests in flight */
    char *cert, *key;           /* PEM text for TLS */
    srv_guard guard;            /* the request deadline (conn_guard.c) */
    srv_heavy heavy;            /* the threads of requests other than GET (heavy.c) */
    srv_rate rate;              /* each club token's share of them (rate.c) */
    srv_cache *cache;           /* public GET answers (resp_cache.c); NULL: --cache-mb 0 */
    bmp_ledger *watch;          /* the pool's watch, or NULL: then each cached GET checks
                                 * in a snapshot (W-9) */
    _Atomic uint64_t stamp;     /* the watch's last stamp seen */
};

typedef struct srv_req {
    srv *s;
    struct MHD_Connection *conn;
    const char *method, *path;
    const char *raw_path;       /* the path as sent, percent-encoded: the routes split it
                                   into segments before decoding (a '/' in a club number) */
    const char *body;
    size_t body_len;
    const char *params[4];      /* {captures} of the route pattern */
    bmp_token_scope scope;      /* filled by srv_auth */
    int64_t rate_token;         /* a club token's write counted by srv_rate (0: none) */
    double rate_began;          /* when it entered (monotonic seconds) */
    /* the page session (session.c, issue 29): read once per request */
    bool session_read;
    bmp_user user;              /* id 0: nobody is logged in */
    char sid[BMP_SESSION_SIZE]; /* the cookie's session id when live */
    char csrf[65];              /* its CSRF token */
    struct srv_form *form;      /* a multipart POST's fields (form.h), read once */
    bmp_ledger *l;              /* held by the dispatch (its snapshot), or NULL */
} srv_req;

typedef struct srv_resp {
    int status;
    core_buf body;
    const char *ctype;          /* a string literal (the response cache keeps the pointer) */
    char allow[32];             /* 405: the methods the path takes */
    bool challenge;             /* 401: WWW-Authenticate: Bearer */
    /* A public answer: the same for every client whoever asks (nothing of
     * a session, a token or a cookie in it), so it gets an ETag and may be
     * kept in the response cache (docs/serve.md).  A handler whose answer
     * depends on who asks, or that sets a cookie, must leave it false. */
    bool cacheable;
    char etag[36];              /* of a cacheable 200 (srv_resp_etag) */
    const char *xcache;         /* X-Cache: "hit" or "miss" when the cache was asked */
    bool close;                 /* Connection: close (the request's framing is not trusted) */
    bool private_;              /* a logged-in page: Cache-Control: no-store, no ETag */
    unsigned retry_after;       /* 429: Retry-After seconds */
    char location[256];         /* 303: Location */
    char cookie[2][160];        /* Set-Cookie lines */
} srv_resp;

typedef int (*srv_handler)(srv_req *rq, srv_resp *rs);

/* Responses (http_resp.c). */
void srv_json(srv_resp *rs, int status, json_t *j);        /* takes j */
/* Bytes of s that are not UTF-8 (a request path echoed back may hold any
 * byte) replaced by '?', in place. */
void srv_utf8_clean(char *s);
void srv_error(srv_resp *rs, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A JSON string of s; bytes that are not UTF-8 (from a request or an
 * uploaded file) become '?' instead of failing the whole answer. */
json_t *srv_jstr(const char *s);
/* 400/404/409/500 from a ledger call's status and problems. */
void srv_ledger_error(srv_resp *rs, bmp_status st, const bmp_error *e, const bmp_problems *p);
json_t *srv_table_json(const bmp_table *t);
/* A page of a listing: {items, page, per_page, total} (takes items). */
json_t *srv_page_json(json_t *items, size_t page, size_t per_page, size_t total);
/* A public answer, the same for whoever asks: cacheable, a 200, not a
 * logged-in page (private_), no Set-Cookie.  Only these get an ETag and
 * only these may go into the response cache. */
bool srv_resp_public(const srv_resp *rs);
/* The ETag of a public answer into rs->etag (if not there yet). */
void srv_resp_etag(srv_resp *rs);
/* The libmicrohttpd answer; the body is handed over (rs->body left empty). */
struct MHD_Response *srv_mhd_response(srv_resp *rs, struct MHD_Connection *c);
/* The response a cached answer is served with at every hit (X-Cache:
 * hit, the headers srv_mhd_response gives a public answer), its body
 * used in place: srv_cache_mem_free(mem) when libmicrohttpd is done with
 * it.  NULL if memory ran out. */
struct MHD_Response *srv_mhd_cached(const srv_cached *h, const char *body, size_t len,
                                    void *mem);

/* Query-string arguments and paging. */
const char *srv_arg(srv_req *rq, const char *name);
bool srv_paging(srv_req *rq, srv_resp *rs, size_t *page, size_t *per_page);

/* The read-only ledger pool (pool.c). */
int srv_pool_init(srv_pool *p, const char *db, char *errbuf, size_t size);
/* A handle in a snapshot that includes every commit made before the call
 * (kept from its last request when nothing was committed since). */
bmp_ledger *srv_pool_get(srv_pool *p, bmp_error *e);
void srv_pool_put(srv_pool *p, bmp_ledger *l);
/* The watch's stamp now (0: no watch, or not readable). */
uint64_t srv_pool_stamp(const srv_pool *p);
/* End the snapshots of idle handles older than the last commit (so they
 * do not keep the WAL from being checkpointed); how many were ended. */
size_t srv_pool_sweep(srv_pool *p);
void srv_pool_free(srv_pool *p);
/* The request's handle: the one the dispatch holds (the snapshot the
 * response cache checked), else one from the pool; srv_req_ledger_put
 * gives back only the latter. */
bmp_ledger *srv_req_ledger(srv_req *rq, bmp_error *e);
void srv_req_ledger_put(srv_req *rq, bmp_ledger *l);

/* Bearer tokens (auth.c): 0 when the request holds a live token, else the
 * 401 is in rs.  A club token's request other than GET is also counted
 * against its share (rate.c): 429 with Retry-After when it is used up. */
int srv_auth(srv_req *rq, srv_resp *rs);
/* A club's share of the heavy threads by key (auth.c, rate.c): 0 go on,
 * -1 answered 429 (Retry-After) with `busy` and when to try again. */
int srv_rate_gate(srv_req *rq, srv_resp *rs, int64_t key, const char *busy);
/* The end of a request counted by srv_auth: its time charged (auth.c). */
void srv_auth_done(srv_req *rq);
double srv_mono_now(void);

/* The client's address as text ("-" when unknown; http.c). */
void srv_client_ip(struct MHD_Connection *c, char *buf, size_t size);

/* Routing (api.c): fill rs for the request. */
void srv_route(srv_req *rq, srv_resp *rs);

/* Run `body` with `l` a pooled read-only handle (503 when none opens). */
#define WITH_LEDGER(rq, rs, l, body)                                                         \
    do {                                                                                     \
        bmp_error e_ = {0};                                                                  \
        bmp_ledger *l = srv_req_ledger(rq, &e_);                                             \
        if (!l) {                                                                            \
            srv_error(rs, 503, "%s", e_.msg);                                                \
            return 0;                                                                        \
        }                                                                                    \
        body;                                                                                \
        srv_req_ledger_put(rq, l);                                                           \
    } while (0)

/* The published lists (api_reports.c, issue 28). */
int srv_report_ranking(srv_req *rq, srv_resp *rs);
int srv_report_year(srv_req *rq, srv_resp *rs);
int srv_report_promotions(srv_req *rq, srv_resp *rs);

/* Reads of one resource (api_get.c). */
int srv_healthz(srv_req *rq, srv_resp *rs);
int srv_player(srv_req *rq, srv_resp *rs);
int srv_statement(srv_req *rq, srv_resp *rs);
int srv_player_rank(srv_req *rq, srv_resp *rs); /* issue 30: the rank at a date (api_rank.c) */
int srv_club(srv_req *rq, srv_resp *rs);
int srv_batches(srv_req *rq, srv_resp *rs);
int srv_batch(srv_req *rq, srv_resp *rs);

/* Listings (api_lists.c). */
int srv_players(srv_req *rq, srv_resp *rs);
int srv_history(srv_req *rq, srv_resp *rs);
int srv_clubs(srv_req *rq, srv_resp *rs);
int srv_events(srv_req *rq, srv_resp *rs);
int srv_event(srv_req *rq, srv_resp *rs);

/* Write handlers (api_write.c). */
int srv_upload(srv_req *rq, srv_resp *rs);
int srv_approve(srv_req *rq, srv_resp *rs);
int srv_reject(srv_req *rq, srv_resp *rs);
int srv_accept_carried(srv_req *rq, srv_resp *rs); /* issue 26: a held batch's carried points */
int srv_correct(srv_req *rq, srv_resp *rs);

/* The bodies' administration runs (api_runs.c). */
int srv_runs(srv_req *rq, srv_resp *rs);
int srv_run(srv_req *rq, srv_resp *rs);

#endif
