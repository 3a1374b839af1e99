/* All or nothing under SIGKILL: a child process importing a batch or
 * closing a period is killed at many points; the ledger it leaves holds
 * the whole batch (or close) or none of it, and verifies (issue 11). */
#include "ledger_test_util.h"

#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <time.h>

#define NPLAYERS 2000
#define NLINES 12000
#define KILLS 16

static char dir[64], tmpl[128], work[128];

static int64_t count(const char *db, const char *sql)
{
    sqlite3 *h = NULL;
    sqlite3_stmt *st = NULL;
    assert_int_equal(sqlite3_open(db, &h), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(h, sql, -1, &st, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    int64_t n = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(h);
    return n;
}

static void copy_db(const char *from, const char *to)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "rm -f '%s' '%s-wal' '%s-shm' && cp '%s' '%s'", to, to, to, from, to);
    assert_int_equal(system(cmd), 0);
}

static bmp_ledger *open_db(const char *path)
{
    bmp_ledger *l = NULL;
    bmp_error e = {0};
    bmp_ledger_opts o = {.size = sizeof o, .who = "crash-test"};
    if (bmp_ledger_open(path, &o, &l, &e))
        fprintf(stderr, "%s\n", e.msg);
    return l;
}

static char numbers[NPLAYERS][8];
static bmp_ledger_line lines[NLINES];

static int import_batch(const char *db)
{
    bmp_ledger *l = open_db(db);
    if (!l)
        return 1;
    bmp_error e = {0};
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "abf"};
    int64_t id = 0;
    bmp_status st = bmp_ledger_import_lines(l, &o, BMP_BATCH_EVENT, "crash.json",
                                            "00000000000000000000000000000000000000000000000000000000000000aa",
                                            "crash", "2025-09-01", lines, NLINES, &id, NULL, &e);
    if (st)
        fprintf(stderr, "import: %s\n", e.msg);
    bmp_ledger_close(l);
    return st ? 1 : 0;
}

static int close_period(const char *db)
{
    bmp_ledger *l = open_db(db);
    if (!l)
        return 1;
    bmp_error e = {0};
    bmp_status st = bmp_ledger_approve(l, 1, &e);
    if (!st)
        st = bmp_ledger_close_period(l, "abf", "2025-09", NULL, &e);
    if (st)
        fprintf(stderr, "close: %s\n", e.msg);
    bmp_ledger_close(l);
    return st ? 1 : 0;
}

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void setup_template(void)
{
    snprintf(dir, sizeof dir, "/tmp/bmp-crash-XXXXXX");
    assert_non_null(mkdtemp(dir));
    snprintf(tmpl, sizeof tmpl, "%s/t.db", dir);
    snprintf(work, sizeof work, "%s/w.db", dir);
    char csv[160];
    snprintf(csv, sizeof csv, "%s/p.csv", dir);
    FILE *f = fopen(csv, "w");
    fputs("number,name,status\n", f);
    for (int i = 0; i < NPLAYERS; i++) {
        snprintf(numbers[i], sizeof numbers[i], "%07d", 100000 + i);
        fprintf(f, "%s,Player %d,Active\n", numbers[i], i);
    }
    fclose(f);
    for (int i = 0; i < NLINES; i++)
        lines[i] = (bmp_ledger_line){.number = numbers[(i * 7) % NPLAYERS], .point_type = "green",
                                     .points = 10 + i % 50, .rule = "ABF-6", .event = "crash",
                                     .contestant = "1", .line = (size_t)i + 1};
    bmp_ledger *l = NULL;
    bmp_error e = {0};
    bmp_ledger_opts o = {.size = sizeof o, .create = true};
    assert_int_equal(bmp_ledger_open(tmpl, &o, &l, &e), BMP_OK);
    assert_int_equal(bmp_ledger_import_players(l, "abf", csv, NULL, NULL, &e), BMP_OK);
    bmp_ledger_close(l);
}

/* Run fn in a child killed after `delay` seconds (or finished). */
static void run_killed(int (*fn)(const char *), double delay)
{
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0)
        _exit(fn(work));
    struct timespec ts = {(time_t)delay, (long)((delay - (time_t)delay) * 1e9)};
    nanosleep(&ts, NULL);
    kill(pid, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);
}

static void verify_ok(const char *db)
{
    bmp_ledger *l = open_db(db);
    assert_non_null(l);
    bmp_error e = {0};
    bmp_problems p = {0};
    bmp_status st = bmp_ledger_verify(l, &p, &e);
    if (st)
        fprintf(stderr, "verify: %s\n", e.msg);
    assert_int_equal(st, BMP_OK);
    bmp_ledger_close(l);
}

static double time_once(int (*fn)(const char *))
{
    double t0 = seconds();
    assert_int_equal(fn(work), 0);
    return seconds() - t0;
}

static void killed_import_all_or_nothing(void **state)
{
    (void)state;
    copy_db(tmpl, work);
    double dur = time_once(import_batch);
    int none = 0, all = 0;
    for (int k = 0; k < KILLS; k++) {
        copy_db(tmpl, work);
        run_killed(import_batch, dur * 2.5 * k / KILLS);
        int64_t batches = count(work, "SELECT count(*) FROM batch");
        int64_t rows = count(work, "SELECT count(*) FROM journal");
        assert_true(batches == 0 || batches == 1);
        assert_int_equal(rows, batches ? NLINES : 0);
        if (batches)
            assert_int_equal(count(work, "SELECT count(*) FROM batch WHERE state = 'provisional'"), 1);
        batches ? all++ : none++;
        verify_ok(work);
    }
    fprintf(stderr, "import killed %d times: %d left nothing, %d the whole batch (%.3f s each)\n",
            KILLS, none, all, dur);
    assert_true(none > 0);
}

static void killed_close_all_or_nothing(void **state)
{
    (void)state;
    copy_db(tmpl, work);
    assert_int_equal(import_batch(work), 0);
    char with_batch[140];
    snprintf(with_batch, sizeof with_batch, "%s/b.db", dir);
    copy_db(work, with_batch);
    double dur = time_once(close_period);
    int none = 0, all = 0;
    for (int k = 0; k < KILLS; k++) {
        copy_db(with_batch, work);
        run_killed(close_period, dur * 3.0 * k / KILLS);
        int64_t periods = count(work, "SELECT count(*) FROM period");
        int64_t posted = count(work, "SELECT count(*) FROM batch WHERE state = 'posted'");
        int64_t holdings = count(work, "SELECT count(*) FROM holding");
        int64_t ranked = count(work, "SELECT count(*) FROM player WHERE rank_name <> ''");
        assert_int_equal(posted, periods);
        assert_int_equal(holdings, periods ? NPLAYERS : 0);
        assert_int_equal(ranked, periods ? NPLAYERS : 0);
        periods ? all++ : none++;
        verify_ok(work);
    }
    fprintf(stderr, "close killed %d times: %d left it open, %d closed it (%.3f s each)\n", KILLS,
            none, all, dur);
    assert_true(none > 0);
}

/* Two importers of the same content at once: the database's UNIQUE key
 * (body, content hash) lets exactly one batch in; the other is refused. */
static void concurrent_importers_one_batch(void **state)
{
    (void)state;
    copy_db(tmpl, work);
    pid_t a = fork();
    assert_true(a >= 0);
    if (a == 0)
        _exit(import_batch(work));
    pid_t b = fork();
    assert_true(b >= 0);
    if (b == 0)
        _exit(import_batch(work));
    int sa = 0, sb = 0;
    waitpid(a, &sa, 0);
    waitpid(b, &sb, 0);
    assert_true(WIFEXITED(sa) && WIFEXITED(sb));
    /* one succeeded (0), one was refused (1) */
    assert_int_equal(WEXITSTATUS(sa) + WEXITSTATUS(sb), 1);
    assert_int_equal(count(work, "SELECT count(*) FROM batch"), 1);
    assert_int_equal(count(work, "SELECT count(*) FROM journal"), NLINES);
    verify_ok(work);
}

static int teardown(void **state)
{
    (void)state;
    char cmd[100];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd);
}

static int setup(void **state)
{
    (void)state;
    setup_template();
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(killed_import_all_or_nothing),
        cmocka_unit_test(killed_close_all_or_nothing),
        cmocka_unit_test(concurrent_importers_one_batch),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
