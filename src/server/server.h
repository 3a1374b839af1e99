/* `bridgemp serve`: the web service over the ledger (docs/serve.md).
 * Internal to the server library (src/server); used by the CLI and
 * bench/serve. */
#ifndef BMP_SERVER_SERVER_H
#define BMP_SERVER_SERVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "bridgemp/pipeline.h"

typedef struct srv_opts {
    const char *db;           /* ledger file */
    const char *host;         /* "127.0.0.1" */
    unsigned port;            /* 0: any free port (srv_port tells which) */
    unsigned threads;         /* worker threads (default 2) */
    unsigned timeout;         /* idle connection timeout, seconds (default 30) */
    size_t max_body;          /* largest request body, bytes (default 2 MiB) */
    unsigned max_conns;       /* connections in total (default 1000) */
    unsigned max_per_ip;      /* connections from one address (default 32) */
    unsigned deadline;        /* seconds a request may take, however it trickles (default 60) */
    size_t cache_mb;          /* response cache, MiB (0: none; the CLI's default is 64) */
    const char *tls_cert, *tls_key; /* PEM files: HTTPS (needs GnuTLS in libmicrohttpd) */
    FILE *access_log;         /* one line per request; NULL: none */
    /* accounts and sessions (issue 29, session.h) */
    unsigned session_idle;    /* seconds without a request that end a session (default 1800) */
    unsigned session_max;     /* seconds after the login that end it (default 43200) */
    bool behind_tls;          /* cookies Secure although this server speaks HTTP (a TLS proxy) */
    /* a club token's share of the heavy threads (rate.c, issue 45) */
    unsigned token_work;      /* milliseconds of work it earns a second (default 500) */
    unsigned token_burst;     /* the most it may save up, milliseconds (default 2000) */
    bmp_limits limits;        /* the work one file may ask for (--limits; 0 fields: defaults) */
} srv_opts;

typedef struct srv srv;

/* Start serving; on failure *out is NULL and errbuf says why. */
int srv_start(const srv_opts *o, srv **out, char *errbuf, size_t size);
unsigned srv_port(const srv *s);
/* Stop accepting, let the requests in flight finish (up to `grace`
 * seconds), then stop and free. */
void srv_stop(srv *s, unsigned grace);

/* The routes the server implements, "METHOD /path/{param}" (for --routes
 * and the OpenAPI test); NULL-terminated iteration by index. */
const char *srv_route_name(size_t i, char *buf, size_t size);

#endif
