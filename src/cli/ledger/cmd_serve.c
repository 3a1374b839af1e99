/* `bridgemp serve`: the web service over the ledger (docs/serve.md).  The
 * server runs on its own threads; the main thread waits for SIGTERM or
 * SIGINT, then stops accepting and lets the requests in flight finish. */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/common/cmdline.h"
#include "cmd_serve.h"
#include "server/server.h"

static const char *const serve_help =
    "Serve the ledger over HTTP: the lookup pages and the REST API\n"
    "(docs/openapi.yaml).  Reads are public and run on read-only connections;\n"
    "writes need 'Authorization: Bearer TOKEN' ('bridgemp ledger token create').\n"
    "Staff and scorers log in at /login ('bridgemp ledger user add'); their pages'\n"
    "forms are POSTs checked by session and CSRF token (docs/serve.md).\n"
    "SIGTERM or SIGINT stops it: no new connections, requests in flight finish.\n";

#define SERVE_OPT(id, nm, v, d) CLI_OPT_ID(id, nm, 0, v, d)
static const cli_opt serve_opts[] = {
    SERVE_OPT('d', "--db", "FILE", "the ledger (else $BRIDGEMP_DB, else ./bridgemp.db)"),
    SERVE_OPT('l', "--listen", "HOST:PORT", "address to listen on (default 127.0.0.1:8080; port 0: any)"),
    SERVE_OPT('t', "--threads", "N", "worker threads (default 2)"),
    SERVE_OPT('T', "--timeout", "S", "close connections idle for S seconds (default 30)"),
    SERVE_OPT('m', "--max-body", "BYTES", "largest request body (default 2097152); larger is 413"),
    SERVE_OPT('C', "--max-connections", "N", "connections at once, in all (default 1000)"),
    SERVE_OPT('P', "--max-per-ip", "N", "connections at once from one address (default 32)"),
    SERVE_OPT('D', "--deadline", "S", "close a connection not answered S seconds after it began (60)"),
    SERVE_OPT('K', "--cache-mb", "MB", "memory for cached public answers (default 64; 0: no cache)"),
    SERVE_OPT('a', "--access-log", "FILE|-", "one line per request ('-': standard error)"),
    SERVE_OPT('c', "--tls-cert", "PEM", "serve HTTPS (with --tls-key; libmicrohttpd with GnuTLS)"),
    SERVE_OPT('k', "--tls-key", "PEM", "the key of --tls-cert"),
    SERVE_OPT('p', "--port-file", "FILE", "write the port listened on to FILE (for scripts)"),
    SERVE_OPT('r', "--routes", NULL, "print the routes and exit"),
    SERVE_OPT('I', "--session-idle", "S", "end a login session after S seconds idle (default 1800)"),
    SERVE_OPT('M', "--session-max", "S", "end it S seconds after the login (default 43200)"),
    SERVE_OPT('B', "--behind-tls", NULL, "Secure cookies over HTTP (a TLS proxy in front)"),
    SERVE_OPT('w', "--token-work", "MS", "ms of work a club token earns a second (default 500)"),
    SERVE_OPT('b', "--token-burst", "MS", "the most a club token saves up, ms (default 2000)"),
    SERVE_OPT('L', "--limits", "KEY=N,...", "the work an upload may ask for: players=16, "
              "contestants=10000, credit-lines=100000, near-lines=1000 (the defaults)"),
    CLI_OPT_END};

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

/* --limits KEY=N,... (issue 45): a usage error naming what it takes. */
static int parse_limits(const char *s, bmp_limits *l)
{
    bmp_error e = {0};
    if (!bmp_limits_parse(s, l, &e))
        return 0;
    fprintf(stderr, "bridgemp serve: --%s\n", e.msg);
    return 2;
}

/* One option given (by its id in serve_opts); 0 or 2 (said). */
static int parse_opt(int c, const char *val, serve_args *a)
{
    unsigned long long v = 0;
    int rc = 0;
    switch (c) {
    case 'd': a->o.db = val; break;
    case 'l': rc = parse_listen(val, a); break;
    case 't': rc = parse_uint("--threads", val, 64, &v), a->o.threads = (unsigned)v; break;
    case 'T': rc = parse_uint("--timeout", val, 3600, &v), a->o.timeout = (unsigned)v; break;
    case 'm': rc = parse_uint("--max-body", val, 1ull << 30, &v), a->o.max_body = v; break;
    case 'C': rc = parse_uint("--max-connections", val, 100000, &v), a->o.max_conns = (unsigned)v; break;
    case 'P': rc = parse_uint("--max-per-ip", val, 100000, &v), a->o.max_per_ip = (unsigned)v; break;
    case 'D': rc = parse_uint("--deadline", val, 86400, &v), a->o.deadline = (unsigned)v; break;
    case 'I': rc = parse_uint("--session-idle", val, 30 * 86400, &v), a->o.session_idle = (unsigned)v; break;
    case 'M': rc = parse_uint("--session-max", val, 90 * 86400, &v), a->o.session_max = (unsigned)v; break;
    case 'B': a->o.behind_tls = true; break;
    case 'L': rc = parse_limits(val, &a->o.limits); break;
    case 'w': rc = parse_uint("--token-work", val, 1000000, &v), a->o.token_work = (unsigned)v; break;
    case 'b': rc = parse_uint("--token-burst", val, 3600000, &v), a->o.token_burst = (unsigned)v; break;
    case 'K': rc = parse_cache_mb(val, &a->o.cache_mb); break;
    case 'a': a->log = val; break;
    case 'c': a->o.tls_cert = val; break;
    case 'k': a->o.tls_key = val; break;
    case 'p': a->port_file = val; break;
    case 'r': a->routes = true; break;
    default: rc = 2;
    }
    return rc;
}

/* The options given (serve's own: its table, cli_parse), in order; 0 or 2
 * after the message and the help. */
static int parse(const cli_prog *prog, const cli_parsed *p, serve_args *a)
{
    int rc = 0;
    a->o.db = getenv("BRIDGEMP_DB");
    parse_listen("127.0.0.1:8080", a);
    a->o.cache_mb = 64;
    for (size_t i = 0; i < p->ngiven && !rc; i++)
        rc = parse_opt(p->given[i].opt->id, p->given[i].value, a);
    if (!rc && p->npos > p->nwords)
        return cli_usage_error(prog, p->cmd, "unexpected argument \"%s\"", p->pos[p->nwords]);
    if (rc) {
        fputc('\n', stderr);
        cli_help(prog, p->cmd, stderr);
    }
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

typedef struct serve_call {
    const cli_prog *prog;
    const cli_parsed *p;
} serve_call;

static int serve_run(void *arg)
{
    const serve_call *c = arg;
    serve_args a = {0};
    int rc = parse(c->prog, c->p, &a);
    if (rc)
        return rc;
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

int cli_serve(int argc, char **argv)
{
    static const cli_cmd serve_cmds[] = {
        {"serve", "", "the web service over the ledger", serve_help, serve_opts, 0, CLI_MANY,
         serve_run, 0},
        {NULL, NULL, NULL, NULL, NULL, 0, 0, NULL, 0}};
    const cli_cmd *const sections[] = {serve_cmds};
    const cli_prog prog = {.name = "bridgemp",
                           .usage = "bridgemp serve [OPTIONS]",
                           .sections = sections,
                           .nsections = 1,
                           .help_after_error = true};
    cli_parsed p;
    int rc;
    if (cli_parse(&prog, argc, argv, NULL, &p)) {
        serve_call c = {&prog, &p};
        rc = p.cmd->run(&c);
    } else {
        rc = p.status;
    }
    cli_parsed_free(&p);
    return rc;
}
