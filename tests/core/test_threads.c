/* No global mutable state: every example (and the USEBIO files of
 * scripts/golden.sh) awarded from 8 threads at once gives, byte for byte,
 * what one thread gives.  scripts/test.sh also runs this program built with
 * ThreadSanitizer (-DBMP_TSAN=ON), which reports any data race.  Links the
 * shared libbridgemp, as an embedder would. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <glob.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/bridgemp.h"

#define NTHREADS 8
#define MAXJOBS 128

typedef struct job {
    char path[512];
    const char *opts[5]; /* name, value pairs; NULL-terminated */
} job;

static job jobs[MAXJOBS];
static size_t njobs;

/* Read, award and write JSON with derivations; the error text on failure
 * (some examples are refused on purpose, and must be refused the same way). */
static char *run(const job *j)
{
    bmp_pipeline *p = NULL;
    bmp_error e = {0};
    char *out = NULL;
    bmp_status st = bmp_pipeline_new(&p, &e);
    for (size_t i = 0; !st && j->opts[i]; i += 2)
        st = bmp_pipeline_set(p, j->opts[i], j->opts[i + 1], &e);
    if (!st)
        st = bmp_pipeline_set(p, "explain", "true", &e);
    if (!st)
        st = bmp_pipeline_read_file(p, j->path, &e);
    if (!st)
        st = bmp_pipeline_award(p, &e);
    if (!st)
        st = bmp_pipeline_write_buffer(p, BMP_PIPE_JSON, &out, NULL, &e);
    if (st) {
        out = malloc(sizeof e.msg + 32);
        if (out)
            snprintf(out, sizeof e.msg + 32, "error %d: %s", (int)st, e.msg);
    }
    bmp_pipeline_free(p);
    return out;
}

static void add_job(const char *path, const char *body, const char *key, const char *val)
{
    assert_true(njobs < MAXJOBS);
    job *j = &jobs[njobs++];
    snprintf(j->path, sizeof j->path, "%s", path);
    j->opts[0] = body ? "body" : NULL;
    j->opts[1] = body;
    j->opts[2] = key;
    j->opts[3] = val;
}

static void collect_jobs(void)
{
    glob_t g;
    assert_int_equal(glob(BMP_SOURCE_DIR "/examples/*/*.json", 0, NULL, &g), 0);
    for (size_t i = 0; i < g.gl_pathc; i++)
        add_job(g.gl_pathv[i], NULL, NULL, NULL);
    globfree(&g);
#define U BMP_SOURCE_DIR "/tests/data/usebio/"
    add_job(U "abf_club_5tables.xml", "abf", "grade", "E");
    add_job(U "example_pairs.xml", "abf", "grade", "E");
    add_job(U "tied_places.xml", "abf", "grade", "E");
    add_job(U "example_teams.xml", "nzb", "grade", "40C");
    add_job(U "nzb_club_5tables.xml", "nzb", "grade", "40C");
    add_job(U "abf_club_5tables.xml", "ebu", "status", "club");
#undef U
}

typedef struct worker {
    size_t start;          /* each thread walks the jobs from a different place */
    char *out[MAXJOBS];
} worker;

static void *work(void *arg)
{
    worker *w = arg;
    for (size_t k = 0; k < njobs; k++) {
        size_t i = (w->start + k) % njobs;
        w->out[i] = run(&jobs[i]);
    }
    return NULL;
}

/* The process's first USEBIO read made by 8 threads at once, released
 * together: libxml2 2.9 set its global mutexes up lazily without a lock, a
 * race ThreadSanitizer reported in CI (2 runs in 10); the library now runs
 * xmlInitParser once first (src/io/usebio_xml.c).  Must run before any
 * other test of this program reads USEBIO.  A start flag rather than a
 * barrier, so that a thread that could not be created leaves none waiting. */
typedef struct start_gate {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    bool open;
} start_gate;

typedef struct first_use {
    start_gate *gate;
    char *out;
} first_use;

static void *read_first(void *arg)
{
    first_use *f = arg;
    job j = {.path = BMP_SOURCE_DIR "/tests/data/usebio/abf_club_5tables.xml",
             .opts = {"body", "abf", "grade", "E"}};
    pthread_mutex_lock(&f->gate->mu);
    while (!f->gate->open)
        pthread_cond_wait(&f->gate->cv, &f->gate->mu);
    pthread_mutex_unlock(&f->gate->mu);
    f->out = run(&j);
    return NULL;
}

static void first_usebio_read_from_eight_threads(void **state)
{
    (void)state;
    start_gate gate = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, false};
    first_use f[NTHREADS];
    pthread_t t[NTHREADS];
    size_t started = 0;
    for (; started < NTHREADS; started++) {
        f[started] = (first_use){.gate = &gate};
        if (pthread_create(&t[started], NULL, read_first, &f[started]) != 0)
            break;
    }
    pthread_mutex_lock(&gate.mu);
    gate.open = true;
    pthread_cond_broadcast(&gate.cv);
    pthread_mutex_unlock(&gate.mu);
    for (size_t k = 0; k < started; k++)
        pthread_join(t[k], NULL);
    assert_int_equal(started, NTHREADS);
    for (size_t k = 0; k < NTHREADS; k++) {
        assert_non_null(f[k].out);
        /* the file awards: no thread answers with an error */
        assert_int_not_equal(strncmp(f[k].out, "error", 5), 0);
        assert_string_equal(f[k].out, f[0].out);
    }
    for (size_t k = 0; k < NTHREADS; k++)
        free(f[k].out);
}

static void eight_threads_agree_with_one(void **state)
{
    (void)state;
    collect_jobs();
    assert_true(njobs >= 30); /* 28 examples + 6 USEBIO runs today */
    char *ref[MAXJOBS];
    size_t awarded = 0;
    for (size_t i = 0; i < njobs; i++) {
        ref[i] = run(&jobs[i]);
        assert_non_null(ref[i]);
        awarded += strncmp(ref[i], "error", 5) != 0;
    }
    assert_true(awarded >= 25); /* the run is real: most examples award */
    /* ABF-6: the club pairs example's NS winner, 0.02 x 1.50 x 10 = 0.30 */
    bool seen = false;
    for (size_t i = 0; i < njobs; i++)
        if (strstr(jobs[i].path, "abf/club-pairs.json"))
            seen = strstr(ref[i], "\"hundredths\": 30") != NULL;
    assert_true(seen);

    static worker w[NTHREADS];
    pthread_t t[NTHREADS];
    for (size_t k = 0; k < NTHREADS; k++) {
        w[k].start = k * njobs / NTHREADS;
        assert_int_equal(pthread_create(&t[k], NULL, work, &w[k]), 0);
    }
    for (size_t k = 0; k < NTHREADS; k++)
        assert_int_equal(pthread_join(t[k], NULL), 0);
    for (size_t k = 0; k < NTHREADS; k++)
        for (size_t i = 0; i < njobs; i++) {
            assert_non_null(w[k].out[i]);
            if (strcmp(w[k].out[i], ref[i]) != 0)
                fail_msg("thread %zu: %s differs from the single-threaded result", k,
                         jobs[i].path);
            free(w[k].out[i]);
        }
    for (size_t i = 0; i < njobs; i++)
        free(ref[i]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(first_usebio_read_from_eight_threads), /* first: see there */
        cmocka_unit_test(eight_threads_agree_with_one),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
