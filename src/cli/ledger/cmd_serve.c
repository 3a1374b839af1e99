/* `bridgemp serve`: the web service over the ledger (docs/serve.md).  The
 * server runs on its own threads; the main thread waits for SIGTERM or
 * SIGINT, then stops accepting and lets the requests in flight finish. */
#include <getopt.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd_serve.h"
#include "server/server.h"

static const char *const serve_help =
    "usage: bridgemp serve --db FILE [--listen HOST:PORT] [--threads N] [--timeout S]\n"
    "                      [--max-body BYTES] [--max-connections N] [--max-per-ip N]\n"
    "                      [--deadline S] [--access-log FILE|-] [--tls-cert PEM\n"
    "                      --tls-key PEM] [--cache-mb MB] [--port-file FILE] [--routes]\n"
    "                      [--session-idle S] [--session-max S] [--behind-tls]\n"
    "\n"
    "Serve the ledger over HTTP: the lookup pages and the REST API\n"
    "(docs/openapi.yaml).  Reads are public and run on read-only connections;\n"
    "writes need 'Authorization: Bearer TOKEN' ('bridgemp ledger token create').\n"
    "Staff and scorers log in at /login ('bridgemp ledger user add'); their pages'\n"
    "forms are POSTs checked by session and CSRF token (docs/serve.md).\n"
    "\n"
    "  --db FILE           the ledger (else $BRIDGEMP_DB, else ./bridgemp.db)\n"
    "  --listen HOST:PORT  address to listen on (default 127.0.0.1:8080; port 0: any)\n"
    "  --threads N         worker threads (default 2)\n"
    "  --timeout S         close connections idle for S seconds (default 30)\n"
    "  --max-body BYTES    largest request body (default 2097152); larger is 413\n"
    "  --max-connections N  connections at once, in all (default 1000)\n"
    "  --max-per-ip N      connections at once from one address (default 32)\n"
    "  --deadline S        close a connection whose request is not answered S seconds\n"
    "                      after it began, however slowly it trickles in (default 60)\n"
    "  --cache-mb MB       memory for cached public answers (default 64; 0: no cache)\n"
    "  --access-log FILE   one line per request ('-': standard error)\n"
    "  --tls-cert, --tls-key  serve HTTPS (needs libmicrohttpd with GnuTLS)\n"
    "  --port-file FILE    write the port listened on to FILE (for scripts; a relative\n"
    "                      FILE is in the working directory)\n"
    "  --routes            print the routes and exit\n"
    "  --session-idle S    end a login session after S seconds without a request\n"
    "                      (default 1800)\n"
    "  --session-max S     end it S seconds after the login, however busy (default 43200)\n"
    "  --behind-tls        mark cookies Secure although this server speaks HTTP (a TLS\n"
    "                      proxy in front); with --tls-cert they are Secure anyway\n"
    "SIGTERM or SIGINT stops it: no new connections, requests in flight finish.\n";

typedef struct serve_args {
    srv_opts o;
    char host[64];
    const char *log, *port_file;
    bool routes;
} serve_args;

static int parse_listen(const char *s, serve_args *a)
{
    char *host = a->host;
    const char *colon = strrchr(s, ':');
    char *end = NULL;
    long port = colon ? strtol(colon + 1, &end, 10) : -1;
    if (!colon || colon == s || (size_t)(colon - s) >= sizeof a->host || !*(colon + 1) || *end ||
        port < 0 || port > 65535) {
        fprintf(stderr, "bridgemp serve: --listen \"%s\": expected HOST:PORT, e.g. "
                        "127.0.0.1:8080\n", s);
        return 2;
    }
    memcpy(host, s, (size_t)(colon - s));
    host[colon - s] = '\0';
    a->o.host = host;
    a->o.port = (unsigned)port;
    return 0;
}

static int parse_uint(const char *opt, const char *s, unsigned long long max,
                      unsigned long long *out)
{
    char *end = NULL;
    unsigned long long v = strtoull(s, &end, 10);
    if (!*s || *end || v == 0 || v > max) {
        fprintf(stderr, "bridgemp serve: %s \"%s\": expected a whole number from 1 to %llu\n",
                opt, s, max);
        return 2;
    }
    *out = v;
    return 0;
}

/* --cache-mb: 0 (no cache) to 65536. */
static int parse_cache_mb(const char *s, size_t *out)
{
    unsigned long long v = 0;
    if (strcmp(s, "0") == 0)
        return *out = 0, 0;
    int rc = parse_uint("--cache-mb", s, 65536, &v);
    *out = (size_t)v;
    return rc;
}

static int parse(int argc, char **argv, serve_args *a)
{
    static const struct option longs[] = {
        {"db", 1, 0, 'd'},        {"listen", 1, 0, 'l'},     {"threads", 1, 0, 't'},
        {"timeout", 1, 0, 'T'},   {"max-body", 1, 0, 'm'},   {"access-log", 1, 0, 'a'},
        {"tls-cert", 1, 0, 'c'},  {"tls-key", 1, 0, 'k'},    {"port-file", 1, 0, 'p'},
        {"routes", 0, 0, 'r'},    {"help", 0, 0, 'h'},       {"max-connections", 1, 0, 'C'},
        {"max-per-ip", 1, 0, 'P'}, {"deadline", 1, 0, 'D'},   {"session-idle", 1, 0, 'I'},
        {"session-max", 1, 0, 'M'}, {"behind-tls", 0, 0, 'B'}, {"cache-mb", 1, 0, 'K'},
        {0, 0, 0, 0}};
    unsigned long long v = 0;
    int c, rc = 0;
    opterr = 1;
    optind = 1;
    a->o.db = getenv("BRIDGEMP_DB");
    parse_listen("127.0.0.1:8080", a);
    a->o.cache_mb = 64;
    while (!rc && (c = getopt_long(argc, argv, "h", longs, NULL)) != -1) {
        switch (c) {
        case 'd': a->o.db = optarg; break;
        case 'l': rc = parse_listen(optarg, a); break;
        case 't': rc = parse_uint("--threads", optarg, 64, &v), a->o.threads = (unsigned)v; break;
        case 'T': rc = parse_uint("--timeout", optarg, 3600, &v), a->o.timeout = (unsigned)v; break;
        case 'm': rc = parse_uint("--max-body", optarg, 1ull << 30, &v), a->o.max_body = v; break;
        case 'C': rc = parse_uint("--max-connections", optarg, 100000, &v), a->o.max_conns = (unsigned)v; break;
        case 'P': rc = parse_uint("--max-per-ip", optarg, 100000, &v), a->o.max_per_ip = (unsigned)v; break;
        case 'D': rc = parse_uint("--deadline", optarg, 86400, &v), a->o.deadline = (unsigned)v; break;
        case 'I': rc = parse_uint("--session-idle", optarg, 30 * 86400, &v), a->o.session_idle = (unsigned)v; break;
        case 'M': rc = parse_uint("--session-max", optarg, 90 * 86400, &v), a->o.session_max = (unsigned)v; break;
        case 'B': a->o.behind_tls = true; break;
        case 'K': rc = parse_cache_mb(optarg, &a->o.cache_mb); break;
        case 'a': a->log = optarg; break;
        case 'c': a->o.tls_cert = optarg; break;
        case 'k': a->o.tls_key = optarg; break;
        case 'p': a->port_file = optarg; break;
        case 'r': a->routes = true; break;
        case 'h': fputs(serve_help, stdout); return -1;
        default: rc = 2;
        }
    }
    if (!rc && optind < argc) {
        fprintf(stderr, "bridgemp serve: unexpected argument \"%s\"\n", argv[optind]);
        rc = 2;
    }
    if (rc == 2)
        fputs(serve_help, stderr);
    return rc;
}

static int print_routes(void)
{
    char buf[128];
    for (size_t i = 0; srv_route_name(i, buf, sizeof buf); i++)
        puts(buf);
    return 0;
}

static int write_port(const char *path, unsigned port)
{
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (!f || fprintf(f, "%u\n", port) < 0 || fclose(f) != 0 || rename(tmp, path) != 0) {
        perror(path);
        return 1;
    }
    return 0;
}

/* Serve until SIGTERM or SIGINT (blocked in every thread, taken here). */
static int serve(serve_args *a, FILE *log)
{
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGINT);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    a->o.access_log = log;
    char err[1200];
    srv *s = NULL;
    if (srv_start(&a->o, &s, err, sizeof err)) {
        fprintf(stderr, "bridgemp serve: %s\n", err);
        return strncmp(err, "not supported", 13) == 0 ? 3 : 1;
    }
    unsigned port = srv_port(s);
    fprintf(stderr, "bridgemp serve: %s on http%s://%s:%u/\n", a->o.db, a->o.tls_cert ? "s" : "",
            a->o.host, port);
    if (a->port_file && write_port(a->port_file, port)) {
        srv_stop(s, 0);
        return 1;
    }
    int sig = 0;
    sigwait(&set, &sig);
    fprintf(stderr, "bridgemp serve: %s: finishing the requests in flight\n",
            sig == SIGTERM ? "SIGTERM" : "SIGINT");
    srv_stop(s, 30);
    fprintf(stderr, "bridgemp serve: stopped\n");
    return 0;
}

int cli_serve(int argc, char **argv)
{
    serve_args a = {0};
    int rc = parse(argc, argv, &a);
    if (rc)
        return rc < 0 ? 0 : rc;
    if (a.routes)
        return print_routes();
    if (!a.o.db || !*a.o.db)
        a.o.db = "bridgemp.db";
    FILE *log = NULL;
    if (a.log && strcmp(a.log, "-") == 0)
        log = stderr;
    else if (a.log && !(log = fopen(a.log, "a"))) {
        perror(a.log);
        return 1;
    }
    if (log && log != stderr)
        setvbuf(log, NULL, _IOLBF, 0);
    rc = serve(&a, log);
    if (log && log != stderr)
        fclose(log);
    return rc;
}
