/* Benchmark: the award engine, end to end, beside floors measured in the
 * same run (docs/performance.md).
 *
 *   1. club:   N ordinary club events (EBU, ABF, NZB pairs, ACBL sectional
 *              pairs; 8 to 30 pairs) loaded from JSON and awarded, explain
 *              off and on; floor: jansson parsing the same texts.
 *   2. big:    one event of 10k, 100k and 1M contestants per shape (pairs,
 *              two-winner pairs, Swiss teams, KO), loaded from a JSON file
 *              and awarded; floor: jansson parsing the same file.
 *   3. usebio (run first, while this process is small): two generated
 *              USEBIO pairs files of S MB (bench/usebio_gen.h), one with
 *              26 boards of traveller lines as scorers write them, one of
 *              the pairs alone, each read by bmp_usebio_read_file in a
 *              child process (time, peak memory from wait4's maxrss);
 *              floor: `xmllint --stream` on the same file.
 *
 *   bench/engine [--quick] [--club N] [--sizes 10000,100000,1000000]
 *                [--shapes acbl-pairs,ebu-pairs,...] [--usebio-mb S]
 *
 * --quick (CI smoke test): 200 club events, sizes 1000,10000, 4 MB USEBIO.
 * Files go to a temporary directory, removed at the end.  No asserts on
 * timings: the figures are for reading. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bridgemp/bridgemp.h"
#include "bridgemp/file.h"
#include "bridgemp/usebio.h"
#include "event_gen.h"
#include "usebio_gen.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* ---- 1. club events ----------------------------------------------------- */

static int bench_club(long count)
{
    char **texts = calloc((size_t)count, sizeof *texts);
    size_t bytes = 0;
    for (long k = 0; k < count; k++) {
        buf b = {0};
        gen_club(&b, k);
        texts[k] = b.s;
        bytes += b.len;
    }
    double t0 = now();
    for (long k = 0; k < count; k++) {
        json_error_t je;
        json_t *root = json_loads(texts[k], JSON_REJECT_DUPLICATES, &je);
        if (!root) {
            fprintf(stderr, "engine: club event %ld: %s\n", k, je.text);
            return 1;
        }
        json_decref(root);
    }
    double parse = now() - t0;
    double t[2];
    size_t rows = 0;
    for (int explain = 0; explain < 2; explain++) {
        double t1 = now();
        for (long k = 0; k < count; k++) {
            bmp_event *ev = NULL;
            bmp_error e = {0};
            bmp_awards aw;
            bmp_awards_init(&aw);
            aw.skip_explain = !explain;
            if (bmp_event_load_string(texts[k], "club.json", &ev, &e) ||
                bmp_award_event(ev, &aw, &e)) {
                fprintf(stderr, "engine: club event %ld: %s\n", k, e.msg);
                return 1;
            }
            rows += explain ? 0 : aw.count;
            bmp_awards_free(&aw);
            bmp_event_free(ev);
        }
        t[explain] = now() - t1;
    }
    printf("club events: %ld events (EBU, NZB, ACBL, ABF pairs of 8-30 pairs), %.1f MB of JSON\n",
           count, bytes / 1e6);
    printf("  floor: jansson parse only      %8.3f s  %10.0f events/s\n", parse, count / parse);
    printf("  load + award (explain off)     %8.3f s  %10.0f events/s  %10.0f awards/s  %5.2fx floor\n",
           t[0], count / t[0], rows / t[0], t[0] / parse);
    printf("  load + award (explain on)      %8.3f s  %10.0f events/s  %21s %5.2fx floor\n", t[1],
           count / t[1], "", t[1] / parse);
    for (long k = 0; k < count; k++)
        free(texts[k]);
    free(texts);
    return 0;
}

/* ---- 2. big events ------------------------------------------------------ */

static int bench_big(const char *dir, const char *shape, const long *sizes, size_t nsizes)
{
    double prev = 0;
    printf("%s:\n", shape);
    for (size_t s = 0; s < nsizes; s++) {
        long n = sizes[s];
        char path[512];
        snprintf(path, sizeof path, "%s/%s-%ld.json", dir, shape, n);
        buf b = {0};
        if (!gen_event(&b, shape, n) || !write_file(path, &b)) {
            fprintf(stderr, "engine: cannot generate %s\n", path);
            free(b.s);
            return 1;
        }
        size_t bytes = b.len;
        free(b.s);
        double t0 = now();
        json_error_t je;
        json_t *root = json_load_file(path, JSON_REJECT_DUPLICATES, &je);
        if (!root) {
            fprintf(stderr, "engine: %s: %s\n", path, je.text);
            return 1;
        }
        json_decref(root);
        double parse = now() - t0;
        double t1 = now();
        bmp_event *ev = NULL;
        bmp_error e = {0};
        bmp_awards aw;
        bmp_awards_init(&aw);
        aw.skip_explain = true;
        /* bmp_event_load_file, without its 256 MB input limit (abf-swiss of
         * 1M teams is 350 MB) */
        char *text = NULL;
        size_t tlen = 0;
        bmp_status st = bmp_file_read(path, (size_t)1 << 34, &text, &tlen, &e);
        if (!st)
            st = bmp_event_load_string(text, path, &ev, &e);
        free(text);
        if (st || bmp_award_event(ev, &aw, &e)) {
            fprintf(stderr, "engine: %s: %s\n", path, e.msg);
            bmp_event_free(ev);
            return 1;
        }
        double load = 0, award = now() - t1;
        size_t rows = aw.count;
        bmp_awards_free(&aw);
        bmp_event_free(ev);
        (void)load;
        char scale[48] = "";
        if (prev > 0 && s > 0)
            snprintf(scale, sizeof scale, "  x%.1f time for x%.0f contestants", award / prev,
                     (double)n / sizes[s - 1]);
        printf("  %8ld contestants %7.1f MB: parse %7.3f s  load+award %7.3f s  %5.2fx floor  "
               "%8zu awards%s\n",
               n, bytes / 1e6, parse, award, award / parse, rows, scale);
        fflush(stdout);
        prev = award;
        remove(path);
    }
    return 0;
}

/* ---- 3. USEBIO ---------------------------------------------------------- */

/* Pairs for a file of about mb MB with that many boards of results. */
static long usebio_pairs(double mb, int boards)
{
    long pairs = (long)(mb * 1e6 / (USEBIO_GEN_PAIR_BYTES + boards * USEBIO_GEN_LINE_BYTES / 2.0));
    pairs -= pairs % 2;
    return pairs < 4 ? 4 : pairs;
}

/* Run fn(arg) or argv in a child; its wall time and peak RSS (KB). */
static int in_child(const char *path, char *const *argv, double *secs, long *maxrss_kb)
{
    double t0 = now();
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        if (argv) {
            int null = open("/dev/null", 1);
            if (null >= 0) {
                dup2(null, 1);
                dup2(null, 2);
            }
            execvp(argv[0], argv);
            _exit(127);
        }
        bmp_usebio_opts o = {.body = "abf", .grade = "E"};
        bmp_event *ev = NULL;
        bmp_error e = {0};
        if (bmp_usebio_read_file(path, &o, &ev, &e)) {
            fprintf(stderr, "engine: %s\n", e.msg);
            _exit(1);
        }
        bmp_event_free(ev);
        _exit(0);
    }
    int status = 0;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) < 0)
        return -1;
    *secs = now() - t0;
    *maxrss_kb = ru.ru_maxrss;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* One file: the floor, then our reader, each in a child process. */
static int bench_usebio_file(const char *dir, double mb, int boards, const char *what)
{
    char path[512];
    snprintf(path, sizeof path, "%s/results.xml", dir);
    long pairs = usebio_pairs(mb, boards), bytes = usebio_gen(path, pairs, boards);
    if (bytes < 0) {
        fprintf(stderr, "engine: cannot generate %s\n", path);
        return 1;
    }
    double size = bytes / 1e6, ti, tx;
    long ri, rx;
    printf("usebio, %s: %ld pairs, %d boards, %.1f MB\n", what, pairs, boards, size);
    char *xl[] = {"xmllint", "--stream", "--noout", path, NULL};
    int rc = in_child(path, xl, &tx, &rx);
    if (rc == 0)
        printf("  floor: xmllint --stream        %8.3f s  %7.1f MB/s  peak %7.1f MB\n", tx,
               size / tx, rx / 1024.0);
    else
        printf("  floor: xmllint --stream        not available (install libxml2-utils: "
               "scripts/deps.sh)\n");
    if (in_child(path, NULL, &ti, &ri) != 0) {
        remove(path);
        return 1;
    }
    printf("  bmp_usebio_read_file           %8.3f s  %7.1f MB/s  peak %7.1f MB (%.2fx the file)\n",
           ti, size / ti, ri / 1024.0, ri / 1024.0 / size);
    remove(path);
    return 0;
}

/* Two files of the same size: a results file as scorers write one (the
 * pairs, then 26 boards of traveller lines, which the reader only counts)
 * and the worst case for memory, the pairs alone (every byte is part of
 * the event model). */
static int bench_usebio(const char *dir, double mb)
{
    int rc = bench_usebio_file(dir, mb, 26, "with board results");
    return rc ? rc : bench_usebio_file(dir, mb, 0, "pairs only");
}

/* ---- main --------------------------------------------------------------- */

static size_t parse_list(const char *s, long *out, size_t max)
{
    size_t n = 0;
    while (*s && n < max) {
        char *end;
        long v = strtol(s, &end, 10);
        if (end == s || v < 2)
            break;
        out[n++] = v;
        s = *end == ',' ? end + 1 : end;
    }
    return n;
}

int main(int argc, char **argv)
{
    long club = 10000, sizes[8] = {10000, 100000, 1000000};
    size_t nsizes = 3;
    double usebio_mb = 500;
    const char *shape_list = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick")) {
            club = 200;
            sizes[0] = 1000;
            sizes[1] = 10000;
            nsizes = 2;
            usebio_mb = 4;
        } else if (!strcmp(argv[i], "--club") && i + 1 < argc) {
            club = atol(argv[++i]);
        } else if (!strcmp(argv[i], "--sizes") && i + 1 < argc) {
            nsizes = parse_list(argv[++i], sizes, 8);
        } else if (!strcmp(argv[i], "--shapes") && i + 1 < argc) {
            shape_list = argv[++i];
        } else if (!strcmp(argv[i], "--usebio-mb") && i + 1 < argc) {
            usebio_mb = atof(argv[++i]);
        } else {
            fprintf(stderr, "usage: engine [--quick] [--club N] [--sizes A,B,C] "
                            "[--shapes S1,S2] [--usebio-mb MB]\n  shapes:");
            for (size_t k = 0; shapes[k]; k++)
                fprintf(stderr, " %s", shapes[k]);
            fputc('\n', stderr);
            return 2;
        }
    }
    char dir[] = "/tmp/bmp-engine-XXXXXX";
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    /* USEBIO first: a child's maxrss starts from its parent's memory at the
     * fork and keeps it across exec, so it is measured while this process
     * is small (after the 1M events both peaks read 2.7 GB). */
    int rc = usebio_mb > 0 ? bench_usebio(dir, usebio_mb) : 0;
    if (!rc && club > 0)
        rc = bench_club(club);
    for (size_t k = 0; shapes[k] && !rc; k++) {
        if (shape_list) {
            const char *p = strstr(shape_list, shapes[k]);
            size_t l = strlen(shapes[k]);
            if (!p || (p[l] && p[l] != ','))
                continue;
        }
        rc = bench_big(dir, shapes[k], sizes, nsizes);
    }
    rmdir(dir);
    return rc;
}
