/* Allocation failure at every point (issue 16): representative work runs
 * once to count its allocations, then once per injection point with that
 * allocation failing.  Each run must end either with a clean error (a
 * status and a message) or with exactly the clean run's result; the ledger
 * must be left at one of the states between its transactions, never in
 * between, and `verify` must pass.  ASan (scripts/test.sh) adds: no crash,
 * no leak.
 *
 *   test_fault_alloc              a reduced sweep (about 150 points per case)
 *   BMP_FAULT_FULL=1 test_fault_alloc   every point (scripts/faults.sh)
 *   BMP_FAULT_ONLY=name test_fault_alloc  the cases whose name holds it
 *                                  ("pages", or one page: "page /players?page=2")
 */
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bridgemp/bridgemp.h"
#include "bridgemp/ledger.h"
#include "bridgemp/pipeline.h"
#include "failalloc.h"
#include "server/pages.h"

/* The query of sweep_page, "k=v&k=v" (no escapes): the value of key, or
 * NULL.  Each answer is a slot of its own, so two values can be held at
 * once (a page asks for ?body= and ?q= before using either). */
static const char *page_query(void *ctx, const char *key)
{
    static char vals[8][128];
    static size_t next;
    size_t n = strlen(key);
    for (const char *s = ctx; s && *s;) {
        const char *amp = strchr(s, '&'), *end = amp ? amp : s + strlen(s);
        if ((size_t)(end - s) > n && strncmp(s, key, n) == 0 && s[n] == '=') {
            char *v = vals[next++ % 8];
            snprintf(v, sizeof vals[0], "%.*s", (int)(end - s - n - 1), s + n + 1);
            return v;
        }
        s = amp ? amp + 1 : end;
    }
    return NULL;
}

#ifndef BMP_SOURCE_DIR
#define BMP_SOURCE_DIR "."
#endif

static int failures;

#define CHECK(cond, ...)                                                                   \
    do {                                                                                   \
        if (!(cond)) {                                                                     \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                           \
            fprintf(stderr, __VA_ARGS__);                                                  \
            fprintf(stderr, "\n");                                                         \
            failures++;                                                                    \
        }                                                                                  \
    } while (0)

/* Which injection points of `total` to visit. */
static size_t stride_for(size_t total)
{
    const char *every = getenv("BMP_FAULT_STRIDE");
    if (every && atoi(every) > 0)
        return (size_t)atoi(every);
    const char *full = getenv("BMP_FAULT_FULL");
    if (full && *full == '1')
        return 1;
    return total > 150 ? total / 150 : 1;
}

typedef struct sweep {
    size_t points, errors, same;
} sweep;

static void report(const char *what, size_t total, const sweep *s)
{
    printf("%-44s %6zu allocations, %5zu points: %5zu clean errors, %5zu same result\n", what,
           total, s->points, s->errors, s->same);
}

/* ---- the award pipeline: read, award, write JSON and USEBIO --------------- */

typedef struct award_out {
    char *json, *usebio, *table, *csv; /* the table and CSV: rows made as written (issue 46) */
} award_out;

/* Events USEBIO cannot carry (brackets, per-player team awards) are
 * written as JSON only. */
static bool with_usebio;

static bmp_status award_run(const char *path, award_out *out, bmp_error *e)
{
    bmp_pipeline *p = NULL;
    size_t len = 0;
    out->json = out->usebio = out->table = out->csv = NULL;
    bmp_status st = bmp_pipeline_new(&p, e);
    if (!st && strstr(path, ".xml")) /* USEBIO says neither body nor grade */
        st = bmp_pipeline_set(p, "body", "abf", e);
    if (!st && strstr(path, ".xml"))
        st = bmp_pipeline_set(p, "grade", "E", e);
    if (!st)
        st = bmp_pipeline_read_file(p, path, e);
    if (!st)
        st = bmp_pipeline_award(p, e);
    if (!st)
        st = bmp_pipeline_write_buffer(p, BMP_PIPE_JSON, &out->json, &len, e);
    if (!st && with_usebio)
        st = bmp_pipeline_write_buffer(p, BMP_PIPE_USEBIO, &out->usebio, &len, e);
    if (!st)
        st = bmp_pipeline_write_buffer(p, BMP_PIPE_TABLE, &out->table, &len, e);
    if (!st)
        st = bmp_pipeline_write_buffer(p, BMP_PIPE_CSV, &out->csv, &len, e);
    bmp_pipeline_free(p);
    return st;
}

static void award_free(award_out *o)
{
    free(o->json);
    free(o->usebio);
    free(o->table);
    free(o->csv);
}

static void sweep_award(const char *rel)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", BMP_SOURCE_DIR, rel);
    bmp_error e = {0};
    award_out clean;
    failalloc_arm(0);
    with_usebio = true;
    bmp_status st = award_run(path, &clean, &e);
    if (st == BMP_EINVAL && strstr(e.msg, "USEBIO")) {
        award_free(&clean);
        with_usebio = false;
        failalloc_arm(0);
        st = award_run(path, &clean, &e);
    }
    size_t total = failalloc_count();
    CHECK(st == BMP_OK, "%s: the clean run fails: %s", rel, e.msg);
    sweep s = {0};
    size_t first = getenv("BMP_FAULT_FIRST") ? (size_t)atol(getenv("BMP_FAULT_FIRST")) : 1;
    for (size_t k = first ? first : 1; k <= total && st == BMP_OK; k += stride_for(total)) {
        award_out o;
        bmp_error fe = {0};
        failalloc_arm(k);
        bmp_status fs = award_run(path, &o, &fe);
        bool fired = failalloc_fired();
        failalloc_arm(0);
        s.points++;
        if (fs != BMP_OK) {
            s.errors++;
            CHECK(fe.msg[0] != '\0', "%s: allocation %zu: status %d without a message", rel, k,
                  (int)fs);
        } else {
            s.same++;
            bool same = o.json && strcmp(o.json, clean.json) == 0 &&
                        (!with_usebio || (o.usebio && strcmp(o.usebio, clean.usebio) == 0)) &&
                        o.table && strcmp(o.table, clean.table) == 0 && o.csv &&
                        strcmp(o.csv, clean.csv) == 0;
            if (!same && getenv("BMP_FAULT_SHOW")) {
                fprintf(stderr, "--- clean\n%s\n--- with allocation %zu failing\n%s\n",
                        clean.json, k, o.json ? o.json : "(none)");
                if (with_usebio)
                    fprintf(stderr, "--- clean usebio\n%s\n--- failing\n%s\n", clean.usebio,
                            o.usebio ? o.usebio : "(none)");
            }
            CHECK(same,
                  "%s: allocation %zu failed (%s) yet the run succeeded with another result",
                  rel, k, fired ? "fired" : "not reached");
        }
        award_free(&o);
    }
    award_free(&clean);
    report(rel, total, &s);
}

/* ---- the ledger: import, approve, close (three transactions) -------------- */

#define NOW "2026-11-25T12:00:00Z"

static bmp_status ledger_open_at(const char *db, bool create, bmp_ledger **l, bmp_error *e)
{
    bmp_ledger_opts o = {.size = sizeof o, .create = create, .who = "faults", .now = NOW};
    return bmp_ledger_open(db, &o, l, e);
}

static char *dump_of(const char *db)
{
    bmp_ledger *l = NULL;
    bmp_error e = {0};
    char *d = NULL;
    if (ledger_open_at(db, false, &l, &e) || bmp_ledger_dump(l, &d, &e)) {
        fprintf(stderr, "dump %s: %s\n", db, e.msg);
        exit(1);
    }
    bmp_problems p = {0};
    bmp_status v = bmp_ledger_verify(l, &p, &e);
    CHECK(v == BMP_OK && p.count == 0, "verify %s: %s", db, p.count ? p.msgs[0] : e.msg);
    bmp_problems_free(&p);
    bmp_ledger_close(l);
    return d;
}

static void copy_file(const char *from, const char *to)
{
    FILE *a = fopen(from, "rb"), *b = fopen(to, "wb");
    if (!a || !b) {
        perror("copy");
        exit(1);
    }
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, a)) > 0)
        fwrite(buf, 1, n, b);
    fclose(a);
    fclose(b);
}

static void remove_db(const char *db)
{
    char p[600];
    unlink(db);
    snprintf(p, sizeof p, "%s-wal", db);
    unlink(p);
    snprintf(p, sizeof p, "%s-shm", db);
    unlink(p);
}

/* The month's work: step 1 import, 2 approve, 3 close. */
static bmp_status ledger_run(const char *db, int *done, bmp_error *e)
{
    bmp_ledger *l = NULL;
    *done = 0;
    bmp_status st = ledger_open_at(db, false, &l, e);
    int64_t batch = 0;
    bmp_ledger_import_opts io = {.size = sizeof io, .body = "abf", .club = "2074"};
    if (!st)
        st = bmp_ledger_import(l, BMP_SOURCE_DIR "/examples/abf/club-pairs.json", &io, &batch,
                               NULL, e);
    if (!st && ++*done)
        st = bmp_ledger_approve(l, batch, e);
    bmp_ledger_close_stats cs;
    if (!st && ++*done)
        st = bmp_ledger_close_period(l, "abf", "2025-09", &cs, e);
    if (!st)
        ++*done;
    bmp_ledger_close(l);
    return st;
}

static void make_base(const char *db)
{
    bmp_ledger *l = NULL;
    bmp_error e = {0};
    size_t n = 0;
    if (ledger_open_at(db, true, &l, &e) ||
        bmp_ledger_import_clubs(l, "abf", BMP_SOURCE_DIR "/examples/ledger/abf-clubs.csv", &n,
                                NULL, &e) ||
        bmp_ledger_import_players(l, "abf", BMP_SOURCE_DIR "/examples/ledger/abf-players.csv",
                                  &n, NULL, &e)) {
        fprintf(stderr, "base ledger: %s\n", e.msg);
        exit(1);
    }
    bmp_ledger_close(l);
}

static void show_first_difference(const char *got, const char *want)
{
    size_t i = 0, line = 1;
    for (; got[i] && got[i] == want[i]; i++)
        line += got[i] == '\n';
    if (!got[i] && !want[i])
        return;
    size_t at = i;
    while (at > 0 && got[at - 1] != '\n')
        at--;
    fprintf(stderr, "state differs at line %zu:\n  got:  %.200s\n  want: %.200s\n", line,
            got + at, want + at);
}

static void sweep_ledger(void)
{
    char dir[] = "/tmp/bmp-faults-XXXXXX", base[64], db[64];
    if (!mkdtemp(dir))
        exit(1);
    snprintf(base, sizeof base, "%s/base.db", dir);
    snprintf(db, sizeof db, "%s/l.db", dir);
    make_base(base);
    char *states[4] = {dump_of(base), NULL, NULL, NULL};

    /* the clean run, and the state after each of its transactions */
    copy_file(base, db);
    bmp_error e = {0};
    int done = 0;
    failalloc_arm(0);
    bmp_status st = ledger_run(db, &done, &e);
    size_t total = failalloc_count();
    CHECK(st == BMP_OK, "ledger: the clean run fails: %s", e.msg);
    for (int step = 1; step <= 3 && st == BMP_OK; step++) {
        remove_db(db);
        copy_file(base, db);
        /* replay the first `step` transactions without faults */
        bmp_ledger *l = NULL;
        int64_t batch = 0;
        bmp_ledger_import_opts io = {.size = sizeof io, .body = "abf", .club = "2074"};
        bmp_ledger_close_stats cs;
        ledger_open_at(db, false, &l, &e);
        bmp_ledger_import(l, BMP_SOURCE_DIR "/examples/abf/club-pairs.json", &io, &batch, NULL,
                          &e);
        if (step >= 2)
            bmp_ledger_approve(l, batch, &e);
        if (step >= 3)
            bmp_ledger_close_period(l, "abf", "2025-09", &cs, &e);
        bmp_ledger_close(l);
        states[step] = dump_of(db);
    }

    sweep s = {0};
    size_t first = getenv("BMP_FAULT_FIRST") ? (size_t)atol(getenv("BMP_FAULT_FIRST")) : 1;
    for (size_t k = first ? first : 1; k <= total && st == BMP_OK; k += stride_for(total)) {
        remove_db(db);
        copy_file(base, db);
        bmp_error fe = {0};
        failalloc_arm(k);
        bmp_status fs = ledger_run(db, &done, &fe);
        failalloc_arm(0);
        s.points++;
        char *after = dump_of(db);
        if (getenv("BMP_FAULT_SHOW")) { /* where the state differs (the first line) */
            fprintf(stderr, "allocation %zu: status %d after %d steps: %s\n", k, (int)fs, done,
                    fe.msg);
            show_first_difference(after, states[fs != BMP_OK ? done : 3]);
        }
        if (fs != BMP_OK) {
            s.errors++;
            CHECK(fe.msg[0] != '\0', "ledger: allocation %zu: status %d without a message", k,
                  (int)fs);
            /* all or nothing: the state after the last committed step */
            CHECK(strcmp(after, states[done]) == 0,
                  "ledger: allocation %zu failed in step %d: the ledger is not the state after "
                  "step %d", k, done + 1, done);
        } else {
            s.same++;
            CHECK(strcmp(after, states[3]) == 0,
                  "ledger: allocation %zu failed yet the month ended in another state", k);
        }
        free(after);
    }
    report("ledger: import, approve, close", total, &s);
    for (int i = 0; i < 4; i++)
        free(states[i]);
    remove_db(db);
    remove_db(base);
    rmdir(dir);
}

/* ---- the web pages: every allocation of a page render fails once -------- */

/* A page renders as the ABF's secretary (the batch page needs one, issue
 * 29), also club 2074's scorer (its /submissions); with `form`, the page's POST of that form (urlencoded), *where its
 * 303 sends in `location`. */
static int render_as_secretary(bmp_ledger *l, const char *path, const char *query,
                               const char *form, core_buf *out, const char **ctype,
                               char location[256])
{
    static const bmp_user sec = {.id = 1, .name = "sally", .nroles = 2,
                                 .roles = {{BMP_ROLE_SECRETARY, "abf", ""},
                                           {BMP_ROLE_SCORER, "abf", "2074"}}};
    location[0] = '\0';
    web_ctx c = {.l = l, .arg = page_query, .ctx = (void *)query,
                 .method = form ? "POST" : "GET", .user = &sec, .csrf = "", .body = form,
                 .body_len = form ? strlen(form) : 0, .location = location};
    return web_page_serve(&c, path, out, ctype);
}

/* A page with an allocation failed is either answered 500 (incomplete:
 * never a 200 with a part missing) or exactly as without the failure; a
 * POST's 303 likewise sends exactly where the clean one does, or is a 500.
 * The same ledger handle serves every render, as a pooled one does.
 * `every`: each allocation, not a sample, where a page builds a string
 * apart (a title, a pager's or a redirect's URL) whose one or two
 * allocations a sample can miss (the event page's title fell back to
 * "Event" when its allocation failed). */
static void sweep_post(bmp_ledger *l, const char *path, const char *query, const char *form,
                       bool every)
{
    char what[96];
    snprintf(what, sizeof what, "%s %s%s%s", form ? "post" : "page", path, query ? "?" : "",
             query ? query : "");
    const char *only = getenv("BMP_FAULT_ONLY"); /* "pages", or one page's name */
    if (only && !strstr("pages", only) && !strstr(what, only))
        return;
    core_buf clean, out;
    core_buf_init(&clean);
    core_buf_init(&out);
    const char *ctype = NULL;
    char to[256], clean_to[256];
    failalloc_arm(0);
    /* counted on the second render: the first prepares the statements the
     * pooled handle then keeps (some hundreds of allocations made once) */
    render_as_secretary(l, path, query, form, &clean, &ctype, clean_to);
    core_buf_reset(&clean);
    failalloc_arm(0);
    int want = render_as_secretary(l, path, query, form, &clean, &ctype, clean_to);
    size_t total = failalloc_count();
    CHECK((want == 200 || (form && want == 303)) && !clean.failed,
          "page %s: the clean render is %d", path, want);
    sweep s = {0};
    size_t first = getenv("BMP_FAULT_FIRST") ? (size_t)atol(getenv("BMP_FAULT_FIRST")) : 1;
    size_t stride = every ? 1 : stride_for(total);
    for (size_t k = first ? first : 1; k <= total && !clean.failed && (want == 200 || want == 303);
         k += stride) {
        core_buf_reset(&out);
        failalloc_arm(k);
        int st = render_as_secretary(l, path, query, form, &out, &ctype, to);
        failalloc_arm(0);
        s.points++;
        if (out.failed || st == 500) {
            s.errors++;
            /* a render after a lost one can make an allocation or two more
             * (a statement prepared again): one clean render first, so that
             * allocation k+1 of the next is the clean render's k+1 */
            core_buf_reset(&out);
            render_as_secretary(l, path, query, form, &out, &ctype, to);
        } else {
            s.same++;
            bool same = st == want && out.data && strcmp(out.data, clean.data) == 0 &&
                        strcmp(to, clean_to) == 0;
            if (getenv("BMP_FAULT_SHOW") && !same)
                show_first_difference(out.data ? out.data : "", clean.data);
            CHECK(same, "page %s: allocation %zu failed, yet a %d page different from the clean "
                  "one (sent to \"%s\", not \"%s\")", path, k, st, to, clean_to);
        }
    }
    report(what, total, &s);
    core_buf_free(&clean);
    core_buf_free(&out);
}

static void sweep_page(bmp_ledger *l, const char *path, const char *query, bool every)
{
    sweep_post(l, path, query, NULL, every);
}

static void sweep_pages(void)
{
    char dir[] = "/tmp/bmp-faults-XXXXXX", db[64];
    if (!mkdtemp(dir))
        exit(1);
    snprintf(db, sizeof db, "%s/l.db", dir);
    make_base(db);
    bmp_ledger *l = NULL;
    bmp_error e = {0};
    int64_t batch = 0;
    bmp_ledger_import_opts io = {.size = sizeof io, .body = "abf", .club = "2074"};
    if (ledger_open_at(db, false, &l, &e) ||
        bmp_ledger_import(l, BMP_SOURCE_DIR "/examples/abf/club-pairs.json", &io, &batch, NULL,
                          &e) ||
        bmp_ledger_approve(l, batch, &e) ||
        bmp_ledger_close_period(l, "abf", "2025-09", NULL, &e)) {
        fprintf(stderr, "pages ledger: %s\n", e.msg);
        exit(1);
    }
    sweep_page(l, "/player/abf/1003", NULL, false);
    sweep_page(l, "/players", "q=Player 3", false);
    sweep_page(l, "/club/abf/2074", NULL, false);
    sweep_page(l, "/event/abf/1", "explain=1", true);
    sweep_page(l, "/batch/1", NULL, false);
    sweep_page(l, "/", NULL, false);
    /* the pagers' URLs, each built in a buffer of its own: a page with more
     * than one page of results (73 players, 50 a page) or a second page
     * (its "previous" link), every allocation */
    sweep_page(l, "/players", "page=2", true);
    sweep_page(l, "/register", "body=abf&q=Player&page=2", true);
    sweep_page(l, "/office", "body=abf&page=2", true);
    sweep_page(l, "/submissions", "club=abf:2074&page=2", true);
    /* a redirect's URL: an edit of the register that changes nothing (no
     * write, so every render is the same) sends to the record, ?done=same */
    sweep_post(l, "/register/abf/1003", NULL, "action=edit&reason=checked", true);
    bmp_ledger_close(l);
    remove_db(db);
    rmdir(dir);
}

/* Every example event of every body, and a club's USEBIO file. */
static void sweep_examples(const char *only)
{
    static const char *const dirs[] = {"examples/abf", "examples/acbl", "examples/ebu",
                                       "examples/nzb", "examples/format"};
    for (size_t d = 0; d < sizeof dirs / sizeof dirs[0]; d++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", BMP_SOURCE_DIR, dirs[d]);
        struct dirent **names = NULL;
        int n = scandir(path, &names, NULL, alphasort);
        for (int i = 0; i < n; i++) {
            char rel[512];
            snprintf(rel, sizeof rel, "%s/%s", dirs[d], names[i]->d_name);
            size_t len = strlen(rel);
            if (len > 5 && strcmp(rel + len - 5, ".json") == 0 && (!only || strstr(rel, only)))
                sweep_award(rel);
            free(names[i]);
        }
        free(names);
    }
    if (!only || strstr("tests/data/usebio/abf_club_5tables.xml", only))
        sweep_award("tests/data/usebio/abf_club_5tables.xml");
}

int main(void)
{
    failalloc_install();
    /* BMP_FAULT_ONLY=substring: only the cases whose name contains it */
    const char *only = getenv("BMP_FAULT_ONLY");
    sweep_examples(only);
    if (!only || strstr("ledger", only))
        sweep_ledger();
    if (!only || strstr("pages", only) || strncmp(only, "page ", 5) == 0 ||
        strncmp(only, "post ", 5) == 0) /* all the pages, or one ("page /players?page=2") */
        sweep_pages();
    if (failures)
        fprintf(stderr, "%d failure(s)\n", failures);
    return failures ? 1 : 0;
}
