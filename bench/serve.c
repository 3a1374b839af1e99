/* bench/serve: `bridgemp serve` under wrk (issue 14, docs/serve.md).
 *
 *   serve [--players N] [--duration S] [--connections C] [--threads T]
 *         [--cache-mb MB] [--warmup S] [--db FILE] [--quick]
 *
 * --threads T (default 2, as `bridgemp serve`): the server's worker threads
 * and the floor's alike.  With 2 on a 2-core machine the server's threads
 * and wrk's are three busy threads on two cores, and a request whose
 * thread is runnable but not running waits for the scheduler's next tick
 * (4 ms at HZ=250): that wait, not the request's work, is most of p99
 * (docs/performance.md, issue 30: 1 thread, p99 1.2-1.8 ms).
 *
 * --db FILE: the ledger there (built there when missing, kept afterwards).
 *
 * Builds a ledger of N ABF players (default 1,000,000) with the library in
 * a temporary directory -- the register from a CSV, one month of award
 * lines (N/5, so a fifth of the players hold points), approved and closed --
 * and states how long that took.  Then starts, in this process, the server
 * (2 worker threads) and beside it a minimal libmicrohttpd handler that
 * answers a constant (the floor, same daemon flags and threads), and runs
 * wrk for S seconds (default 30) against: the floor, a random player's JSON
 * and a random player's page (of all N), then the same over the first 1,000
 * players (answers the response cache keeps, --cache-mb, default 64),
 * printing requests/s, latency percentiles, errors, this process's CPU
 * per request (the server's, or the floor's: wrk is another process), which
 * a machine shared with other work disturbs less than requests/s, and its
 * minor page faults per request (a first touch of a mapped page); then the
 * floor again, and each answer beside the mean of the two floor runs:
 * requests/s and CPU per request as shares of the floor's, p99 as a
 * multiple.  Targets (issue 30), random players: player JSON >= 60% of the
 * floor, player page >= 40% (judged both by requests/s and by CPU), p99 <
 * 5 ms, 0 errors.  --quick: 2,000 players, 2 s runs, and a
 * non-zero exit on any error (the ctest smoke run).
 *
 * --warmup W (default 10 s, 0 with --quick): before the timed runs, W
 * seconds of random players' JSON and W of their pages (another random
 * sequence than the timed runs'), printed but not timed, then the response
 * cache emptied (its generation bumped: every entry stale), so that the
 * timed random players are still misses.  A server that has run for a
 * while has the ledger's pages mapped into its connections already; a
 * fresh one pays a page fault at the first touch of each page, which is
 * the bench's start, not the server's steady state (issue 30, perf30a).
 */
#include <microhttpd.h>
#include <sys/resource.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bridgemp/ledger.h"
#include "server/http_internal.h" /* srv_cache_bump: the warm-up's answers dropped */
#include "server/server.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void die(const char *what, const bmp_error *e)
{
    fprintf(stderr, "bench/serve: %s: %s\n", what, e ? e->msg : "failed");
    exit(1);
}

static void award_month(bmp_ledger *l, long players, long lines)
{
    bmp_error e = {0};
    const long batch = 50000;
    bmp_ledger_line *v = malloc((size_t)batch * sizeof *v);
    char (*num)[24] = malloc((size_t)batch * sizeof *num);
    bmp_ledger_import_opts io = {.size = sizeof io, .body = "abf"};
    for (long done = 0, b = 1; done < lines; b++) {
        long n = lines - done < batch ? lines - done : batch;
        for (long k = 0; k < n; k++) {
            long i = ((done + k) * 7919) % players;
            snprintf(num[k], sizeof num[k], "%07ld", 1000000 + i);
            v[k] = (bmp_ledger_line){.number = num[k], .point_type = "green",
                                     .points = 10 + (done + k) % 90, .rule = "ABF-6",
                                     .event = "bench", .contestant = "1", .line = (size_t)k + 1};
        }
        char hash[65];
        snprintf(hash, sizeof hash, "%064ld", b);
        int64_t id = 0;
        if (bmp_ledger_import_lines(l, &io, BMP_BATCH_EVENT, "bench", hash, "bench",
                                    "2025-09-01", v, (size_t)n, &id, NULL, &e) ||
            bmp_ledger_approve(l, id, &e))
            die("import", &e);
        done += n;
    }
    bmp_ledger_close_stats st;
    if (bmp_ledger_close_period(l, "abf", "2025-09", &st, &e))
        die("close", &e);
    free(v);
    free(num);
}

/* The ledger: N players, N/5 award lines, one closed month. */
static void build_ledger(const char *dir, const char *db, long players)
{
    char csv[600];
    snprintf(csv, sizeof csv, "%s/players.csv", dir);
    FILE *f = fopen(csv, "w");
    if (!f)
        die(csv, NULL);
    fputs("number,name,status\n", f);
    for (long i = 0; i < players; i++)
        fprintf(f, "%07ld,Player %ld,Active\n", 1000000 + i, i);
    fclose(f);
    bmp_error e = {0};
    bmp_ledger *l = NULL;
    bmp_ledger_opts o = {.size = sizeof o, .create = true, .who = "bench"};
    double t0 = now();
    if (bmp_ledger_open(db, &o, &l, &e) || bmp_ledger_import_players(l, "abf", csv, NULL, NULL, &e))
        die("register", &e);
    double t1 = now();
    award_month(l, players, players / 5 ? players / 5 : 1);
    printf("bench/serve: register %.1f s, awards and close %.1f s\n", t1 - t0, now() - t1);
    bmp_ledger_close(l);
    unlink(csv);
}

static bool exists(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f)
        fclose(f);
    return f != NULL;
}

/* ---- the floor: a constant answer ------------------------------------------ */

static enum MHD_Result constant(void *cls, struct MHD_Connection *c, const char *url,
                                const char *method, const char *version, const char *data,
                                size_t *size, void **ctx)
{
    (void)url, (void)method, (void)version, (void)data, (void)size, (void)cls;
    static int seen;
    if (!*ctx) { /* the first call has the headers: answer on the next (keep-alive) */
        *ctx = &seen;
        return MHD_YES;
    }
    static const char ok[] = "{\"status\":\"ok\"}\n";
    struct MHD_Response *r =
        MHD_create_response_from_buffer(sizeof ok - 1, (void *)ok, MHD_RESPMEM_PERSISTENT);
    enum MHD_Result q = MHD_queue_response(c, MHD_HTTP_OK, r);
    MHD_destroy_response(r);
    return q;
}

/* The floor takes its connections as the server does (acceptor.c: one
 * accepting thread hands them to the workers in turn), so that both share
 * the work between their threads alike. */
static struct MHD_Daemon *floor_start(struct MHD_Response *r, unsigned threads,
                                      srv_acceptor *acc)
{
    struct sockaddr_in sa = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    if (srv_acceptor_listen(acc, &sa))
        return NULL;
    struct MHD_Daemon *d = MHD_start_daemon(
        MHD_USE_AUTO_INTERNAL_THREAD | MHD_USE_ITC | MHD_USE_NO_LISTEN_SOCKET, 0, NULL, NULL,
        constant, r, MHD_OPTION_THREAD_POOL_SIZE, threads, MHD_OPTION_CONNECTION_TIMEOUT, 30u,
        MHD_OPTION_END);
    if (d && srv_acceptor_start(acc, d)) {
        MHD_stop_daemon(d);
        d = NULL;
    }
    return d;
}

/* ---- wrk ---------------------------------------------------------------------- */

typedef struct result {
    double rps, p50, p90, p99;
    double cpu_us; /* this process's CPU (server or floor threads) per request */
    double faults; /* this process's minor page faults per request (first touches) */
    long errors, requests;
} result;

static double ms_of(const char *s)
{
    char unit[8] = "";
    double v = 0;
    if (sscanf(s, "%lf%7s", &v, unit) < 1)
        return -1;
    return strcmp(unit, "us") == 0 ? v / 1000 : strcmp(unit, "s") == 0 ? v * 1000 : v;
}

static void parse_line(const char *line, result *r)
{
    char v[32];
    long a = 0, b = 0, c = 0, d = 0;
    if (sscanf(line, " Requests/sec: %lf", &r->rps) == 1)
        return;
    if (sscanf(line, " 50%% %31s", v) == 1)
        r->p50 = ms_of(v);
    else if (sscanf(line, " 90%% %31s", v) == 1)
        r->p90 = ms_of(v);
    else if (sscanf(line, " 99%% %31s", v) == 1)
        r->p99 = ms_of(v);
    else if (sscanf(line, " Non-2xx or 3xx responses: %ld", &a) == 1)
        r->errors += a;
    else if (sscanf(line, " Socket errors: connect %ld, read %ld, write %ld, timeout %ld", &a,
                    &b, &c, &d) == 4)
        r->errors += a + b + c + d;
    else if (sscanf(line, " %ld requests in", &a) == 1)
        r->requests = a;
}

static double cpu_s(long *minflt)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    *minflt = u.ru_minflt;
    return (double)u.ru_utime.tv_sec + (double)u.ru_utime.tv_usec / 1e6 +
           (double)u.ru_stime.tv_sec + (double)u.ru_stime.tv_usec / 1e6;
}

static result run_wrk_seeded(const char *dir, unsigned port, const char *prefix, long players,
                             int seconds, int conns, int seed)
{
    char lua[600], cmd[1400];
    snprintf(lua, sizeof lua, "%s/req.lua", dir);
    FILE *f = fopen(lua, "w");
    if (!f)
        die(lua, NULL);
    fprintf(f, "math.randomseed(%d)\nrequest = function()\n"
               "  return wrk.format('GET', string.format('%s%%07d', 1000000 + "
               "math.random(0, %ld)))\nend\n",
            seed, prefix, players - 1);
    fclose(f);
    snprintf(cmd, sizeof cmd, "wrk -t1 -c%d -d%ds --latency -s %s http://127.0.0.1:%u/ 2>&1",
             conns, seconds, lua, port);
    result r = {0};
    long f0 = 0, f1 = 0;
    double c0 = cpu_s(&f0);
    FILE *p = popen(cmd, "r");
    char line[512];
    while (p && fgets(line, sizeof line, p))
        parse_line(line, &r);
    if (!p || pclose(p) != 0)
        r.errors = r.errors ? r.errors : 1;
    double c1 = cpu_s(&f1);
    r.cpu_us = r.requests ? (c1 - c0) * 1e6 / (double)r.requests : 0;
    r.faults = r.requests ? (double)(f1 - f0) / (double)r.requests : 0;
    return r;
}

static result run_wrk(const char *dir, unsigned port, const char *prefix, long players,
                      int seconds, int conns)
{
    return run_wrk_seeded(dir, port, prefix, players, seconds, conns, 7);
}

static void print_result(const char *what, result r)
{
    printf("  %-26s %7.0f req/s  p50 %6.3f  p90 %6.3f  p99 %7.3f ms  %5.1f us CPU  %5.2f faults"
           "  errors %ld\n",
           what, r.rps, r.p50, r.p90, r.p99, r.cpu_us, r.faults, r.errors);
}

/* The floor of the ratios: the mean of its run before and its run after
 * the server's (the machine's load drifts over the minutes between). */
static result floor_mean(result a, result b)
{
    return (result){.rps = (a.rps + b.rps) / 2, .p99 = (a.p99 + b.p99) / 2,
                    .cpu_us = (a.cpu_us + b.cpu_us) / 2, .errors = a.errors + b.errors,
                    .requests = a.requests + b.requests};
}

/* Beside the floor: requests/s as a share of the floor's, p99 as a
 * multiple of the floor's, and CPU per request as a share -- the floor's
 * CPU per request over this one's, the share of the floor's throughput a
 * CPU-bound server would reach (getrusage: not disturbed by the load as
 * requests/s and p99 are). */
static void print_ratio(const char *what, result r, result fl)
{
    printf("  %-26s req/s %4.0f%%   p99 x%-6.1f  CPU %4.0f%%  (%.1f us vs %.1f)\n", what,
           fl.rps > 0 ? 100 * r.rps / fl.rps : 0, fl.p99 > 0 ? r.p99 / fl.p99 : 0,
           r.cpu_us > 0 ? 100 * fl.cpu_us / r.cpu_us : 0, r.cpu_us, fl.cpu_us);
}

static const char *met(bool yes) { return yes ? "met" : "not met"; }

int main(int argc, char **argv)
{
    /* SQLite's memory statistics off, as bridgemp-ledger's main does (the
     * server runs in this process): process-wide, so before SQLite is
     * initialised; with them on every sqlite3_malloc/free takes SQLite's
     * global STATIC_MEM mutex, contended by the worker threads, for
     * figures nothing reads (src/cli/ledger/main.c). */
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    long players = 1000000;
    int seconds = 30, conns = 32, cache_mb = 64, warmup = -1, threads = 2;
    bool quick = false;
    const char *keep = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0)
            quick = true, players = 2000, seconds = 2;
        else if (strcmp(argv[i], "--players") == 0 && i + 1 < argc)
            players = atol(argv[++i]);
        else if (strcmp(argv[i], "--duration") == 0 && i + 1 < argc)
            seconds = atoi(argv[++i]);
        else if (strcmp(argv[i], "--connections") == 0 && i + 1 < argc)
            conns = atoi(argv[++i]);
        else if (strcmp(argv[i], "--threads") == 0 && i + 1 < argc)
            threads = atoi(argv[++i]);
        else if (strcmp(argv[i], "--cache-mb") == 0 && i + 1 < argc)
            cache_mb = atoi(argv[++i]);
        else if (strcmp(argv[i], "--warmup") == 0 && i + 1 < argc)
            warmup = atoi(argv[++i]);
        else if (strcmp(argv[i], "--db") == 0 && i + 1 < argc)
            keep = argv[++i];
        else
            return fprintf(stderr, "usage: serve [--players N] [--duration S] "
                                   "[--connections C] [--threads T] [--cache-mb MB] [--warmup S] [--db FILE] "
                                   "[--quick]\n"), 2;
    }
    if (warmup < 0)
        warmup = quick ? 0 : 10;
    if (players < 1 || seconds < 1 || conns < 1 || cache_mb < 0 || threads < 1 || threads > 64)
        return fprintf(stderr, "bench/serve: sizes must be positive\n"), 2;
    char dir[256], db[320];
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/bmp-bench-serve-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir))
        die("mkdtemp", NULL);
    snprintf(db, sizeof db, "%s", keep ? keep : "");
    if (!keep)
        snprintf(db, sizeof db, "%s/ledger.db", dir);
    double t0 = now();
    if (!keep || !exists(keep)) {
        build_ledger(dir, db, players);
        printf("bench/serve: ledger of %ld ABF players, %ld award lines, one closed month: "
               "set up in %.1f s\n", players, players / 5 ? players / 5 : 1, now() - t0);
    } else {
        printf("bench/serve: the ledger %s (kept from an earlier run of %ld players)\n", keep,
               players);
    }

    static const char ok[] = "{\"status\":\"ok\"}\n";
    struct MHD_Response *cr =
        MHD_create_response_from_buffer(sizeof ok - 1, (void *)ok, MHD_RESPMEM_PERSISTENT);
    srv_acceptor facc;
    struct MHD_Daemon *fd = floor_start(cr, (unsigned)threads, &facc);
    unsigned fport = srv_acceptor_port(&facc);
    srv_opts o = {.db = db, .host = "127.0.0.1", .port = 0, .threads = (unsigned)threads,
                  .max_per_ip = 100000, /* wrk: every connection from 127.0.0.1 */
                  .cache_mb = (size_t)cache_mb};
    srv *s = NULL;
    char err[1200];
    if (!fd || srv_start(&o, &s, err, sizeof err))
        return fprintf(stderr, "bench/serve: cannot start: %s\n", fd ? err : "floor"), 1;
    printf("wrk -t1 -c%d, %d s each, %d server thread%s (%ld cores shared with wrk), "
           "response cache %d MiB:\n", conns, seconds, threads, threads == 1 ? "" : "s",
           sysconf(_SC_NPROCESSORS_ONLN), cache_mb);
    if (warmup > 0) {
        /* not timed: the ledger's pages faulted into the server's mappings */
        result w = run_wrk_seeded(dir, srv_port(s), "/api/v1/players/abf/", players, warmup,
                                  conns, 11);
        print_result("warm-up: player JSON", w);
        w = run_wrk_seeded(dir, srv_port(s), "/player/abf/", players, warmup, conns, 13);
        print_result("warm-up: player page", w);
        if (s->cache)
            srv_cache_bump(s->cache);
        printf("  (warm-up not timed, other random players; then the response cache emptied)\n");
    }
    result fl0 = run_wrk(dir, fport, "/", players, seconds, conns);
    print_result("floor (constant), before", fl0);
    result js = run_wrk(dir, srv_port(s), "/api/v1/players/abf/", players, seconds, conns);
    print_result("player JSON", js);
    result pg = run_wrk(dir, srv_port(s), "/player/abf/", players, seconds, conns);
    print_result("player page", pg);
    /* the same, over the first 1,000 players only: answers the cache keeps */
    long hot = players < 1000 ? players : 1000;
    result hj = run_wrk(dir, srv_port(s), "/api/v1/players/abf/", hot, seconds, conns);
    print_result("player JSON, 1,000 hot", hj);
    result hp = run_wrk(dir, srv_port(s), "/player/abf/", hot, seconds, conns);
    print_result("player page, 1,000 hot", hp);
    result fl1 = run_wrk(dir, fport, "/", players, seconds, conns);
    print_result("floor (constant), after", fl1);
    result fl = floor_mean(fl0, fl1);
    printf("beside the floor (the mean of its two runs: %.0f req/s, p99 %.3f ms, %.1f us CPU):\n",
           fl.rps, fl.p99, fl.cpu_us);
    print_ratio("player JSON", js, fl);
    print_ratio("player page", pg, fl);
    print_ratio("player JSON, 1,000 hot", hj, fl);
    print_ratio("player page, 1,000 hot", hp, fl);
    srv_stop(s, 5);
    srv_acceptor_stop(&facc);
    MHD_stop_daemon(fd);
    MHD_destroy_response(cr);
    char rm[400];
    snprintf(rm, sizeof rm, "rm -rf '%s'", dir);
    if (system(rm) != 0)
        fprintf(stderr, "bench/serve: could not remove %s\n", dir);
    printf("targets (issue 30, random players): player JSON >= 60%% of the floor: by req/s %s, "
           "by CPU %s; player page >= 40%%: by req/s %s, by CPU %s; p99 < 5 ms: JSON %s, "
           "page %s (the floor's own: %.3f ms); 0 errors: %s\n",
           met(js.rps >= 0.6 * fl.rps), met(js.cpu_us > 0 && fl.cpu_us >= 0.6 * js.cpu_us),
           met(pg.rps >= 0.4 * fl.rps), met(pg.cpu_us > 0 && fl.cpu_us >= 0.4 * pg.cpu_us),
           met(js.p99 < 5), met(pg.p99 < 5), fl.p99, met(!js.errors && !pg.errors));
    return quick && (js.errors || fl.errors || pg.errors || hj.errors || hp.errors ||
                     js.requests == 0 || pg.requests == 0)
               ? 1
               : 0;
}
