/* PostgreSQL only (issue 12): what the SQLite store's own tests check with
 * raw SQL (test_ledger_store.c), checked on the server -- history the
 * database itself keeps append-only, a schema newer than the program
 * refused -- and the concurrency contract of docs/ledger.md.  Runs as
 * test_ledger_pg_pg (BMP_TEST_BACKEND=postgresql); as plain test_ledger_pg
 * it has nothing to do. */
#include "ledger_test_util.h"

#include <signal.h>
#include <sys/wait.h>

/* Raw SQL on the test's database: the SQLSTATE class, "" for success. */
static void raw_expect(const lt *t, const char *sql, const char *state_class)
{
    PGconn *c = PQconnectdb(t->db);
    assert_int_equal(PQstatus(c), CONNECTION_OK);
    PGresult *r = PQexec(c, sql);
    const char *st = PQresultErrorField(r, PG_DIAG_SQLSTATE);
    if (!*state_class) {
        if (PQresultStatus(r) != PGRES_COMMAND_OK && PQresultStatus(r) != PGRES_TUPLES_OK)
            fail_msg("%s: %s", sql, PQerrorMessage(c));
    } else if (!st || strncmp(st, state_class, 2) != 0) {
        fail_msg("%s: expected SQLSTATE class %s, got %s", sql, state_class, st ? st : "success");
    }
    PQclear(r);
    PQfinish(c);
}

static void import_event(lt *t, const char *hash, bmp_status want)
{
    bmp_ledger_line ln = {.number = "1002", .point_type = "green", .points = 150,
                          .rule = "ABF-6", .event = "e", .contestant = "1", .line = 1};
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "abf"};
    bmp_error e = {0};
    int64_t id = 0;
    assert_int_equal(bmp_ledger_import_lines(t->l, &o, BMP_BATCH_EVENT, "e.json", hash, "e",
                                             "2025-09-01", &ln, 1, &id, NULL, &e),
                     want);
}

/* The triggers the SQLite migration declares, translated: posted history
 * is never edited (SQLSTATE 23000, the ledger's EINVAL). */
static void test_pg_history_is_append_only(void **state)
{
    (void)state;
    if (!lt_on_postgres())
        skip();
    lt t;
    lt_abf(&t);
    import_event(&t, "h1", BMP_OK);
    raw_expect(&t, "UPDATE journal SET points = 999", "23");
    raw_expect(&t, "DELETE FROM journal", "23");
    raw_expect(&t, "DELETE FROM batch", "23");
    raw_expect(&t, "UPDATE audit SET who = 'mallory'", "23");
    raw_expect(&t, "DELETE FROM audit", "23");
    /* a batch's state moves only along its lifecycle */
    raw_expect(&t, "UPDATE batch SET state = 'posted' WHERE id = 1", "23");
    raw_expect(&t, "UPDATE batch SET state = 'approved' WHERE id = 1", "");
    lt_done(&t);
}

/* A database migrated by a newer program is refused (ERANGE), unchanged. */
static void test_pg_newer_schema_refused(void **state)
{
    (void)state;
    if (!lt_on_postgres())
        skip();
    lt t;
    lt_abf(&t);
    bmp_ledger_close(t.l);
    t.l = NULL;
    raw_expect(&t, "UPDATE bmp_schema SET version = version + 1", "");
    bmp_error e = {0};
    bmp_ledger_opts o = {.size = sizeof o, .who = "test"};
    assert_int_equal(bmp_ledger_open(t.db, &o, &t.l, &e), BMP_ERANGE);
    assert_non_null(strstr(e.msg, "newer than this program"));
    lt_done(&t);
}

/* Issue 12: two clients importing the same event at the same moment:
 * exactly one succeeds, the other is told which batch holds it.  Repeated
 * BMP_PG_RACES times (default 10; scripts/pg-stress.sh runs 50 of each). */
static void test_pg_same_event_twice_at_once(void **state)
{
    (void)state;
    if (!lt_on_postgres())
        skip();
    int runs = getenv("BMP_PG_RACES") ? atoi(getenv("BMP_PG_RACES")) : 10, won[3] = {0};
    for (int run = 0; run < runs; run++) {
        lt t;
        lt_abf(&t);
        char hash[32];
        snprintf(hash, sizeof hash, "race%d", run);
        int fds[2][2];
        pid_t pid[2];
        for (int k = 0; k < 2; k++) {
            assert_int_equal(pipe(fds[k]), 0);
            fflush(NULL);
            if ((pid[k] = fork()) == 0) {
                bmp_ledger *l = NULL;
                bmp_error e = {0};
                bmp_ledger_opts o = {.size = sizeof o, .who = k ? "b" : "a"};
                bmp_ledger_line ln = {.number = "1002", .point_type = "green", .points = 150,
                                      .rule = "ABF-6", .event = "e", .contestant = "1",
                                      .line = 1};
                bmp_ledger_import_opts io = {.size = sizeof io, .body = "abf"};
                int64_t id = 0;
                bmp_status st = bmp_ledger_open(t.db, &o, &l, &e);
                if (!st)
                    st = bmp_ledger_import_lines(l, &io, BMP_BATCH_EVENT, "e.json", hash, "e",
                                                 "2025-09-01", &ln, 1, &id, NULL, &e);
                char msg[600];
                int n = snprintf(msg, sizeof msg, "%d %s", (int)st, st ? e.msg : "ok");
                if (write(fds[k][1], msg, (size_t)n + 1) < 0)
                    _exit(2);
                bmp_ledger_close(l);
                _exit(0);
            }
            close(fds[k][1]);
        }
        int ok = 0;
        for (int k = 0; k < 2; k++) {
            char msg[600] = "";
            ssize_t got = read(fds[k][0], msg, sizeof msg - 1);
            assert_true(got > 0);
            close(fds[k][0]);
            waitpid(pid[k], NULL, 0);
            if (atoi(msg) == BMP_OK)
                ok++;
            else
                assert_non_null(strstr(msg, "already imported: batch"));
        }
        assert_int_equal(ok, 1);
        won[ok]++;
        lt_done(&t);
    }
    printf("same event imported twice at once: %d run(s), exactly one import won in %d\n", runs,
           won[1]);
}

/* ---- crashes -------------------------------------------------------------- */

/* A client's month on repeat: import a batch of 3000 lines, approve it,
 * and every third batch close a period -- until it is killed or loses the
 * server. */
static void worker(const char *db, int seed)
{
    bmp_ledger *l = NULL;
    bmp_error e = {0};
    /* its periods lie far ahead: a clock past them (a month not begun is
     * refused, issue 26) */
    bmp_ledger_opts o = {.size = sizeof o, .who = "worker", .now = "2999-12-01T00:00:00Z"};
    if (bmp_ledger_open(db, &o, &l, &e))
        _exit(1);
    enum { N = 3000 };
    static bmp_ledger_line v[N];
    for (int i = 0; i < N; i++)
        v[i] = (bmp_ledger_line){.number = i % 2 ? "1002" : "1003", .point_type = "green",
                                 .points = 1, .rule = "ABF-6", .event = "e", .contestant = "1",
                                 .line = (size_t)i + 1};
    bmp_ledger_import_opts io = {.size = sizeof io, .body = "abf"};
    for (int k = 0;; k++) {
        char hash[48], period[16];
        snprintf(hash, sizeof hash, "w%d-%d", seed, k);
        int64_t id = 0;
        if (bmp_ledger_import_lines(l, &io, BMP_BATCH_EVENT, "w.json", hash, "e", "2025-09-01", v,
                                    N, &id, NULL, &e) ||
            bmp_ledger_approve(l, id, &e))
            _exit(3);
        snprintf(period, sizeof period, "%d-%02d", 2030 + seed * 10 + k / 36, 1 + (k / 3) % 12);
        bmp_ledger_close_stats cs;
        if (k % 3 == 2 && bmp_ledger_close_period(l, "abf", period, &cs, &e))
            _exit(4);
    }
}

/* After a crash: the ledger opens, verifies (audit chain, control totals,
 * holdings), and every batch holds all of its lines or does not exist. */
static void check_all_or_nothing(lt *t)
{
    bmp_error e = {0};
    bmp_problems p = {0};
    bmp_ledger_opts o = {.size = sizeof o, .who = "check"};
    assert_int_equal(bmp_ledger_open(t->db, &o, &t->l, &e), BMP_OK);
    assert_int_equal(bmp_ledger_verify(t->l, &p, &e), BMP_OK);
    if (p.count)
        fail_msg("verify: %s", p.msgs[0]);
    bmp_ledger_close(t->l);
    t->l = NULL;
    raw_expect(t, "DO $$ BEGIN IF EXISTS (SELECT 1 FROM batch b WHERE b.lines <> "
                  "(SELECT count(*) FROM journal j WHERE j.batch_id = b.id)) THEN "
                  "RAISE EXCEPTION 'a batch is missing lines' USING ERRCODE = '23000'; "
                  "END IF; END $$",
               "");
}

static int env_int(const char *name, int dflt)
{
    const char *v = getenv(name);
    return v && atoi(v) > 0 ? atoi(v) : dflt;
}

/* Issue 12: SIGKILL of the client in the middle of an import, approval or
 * close leaves all or nothing, and verify passes. */
static void test_pg_client_killed(void **state)
{
    (void)state;
    if (!lt_on_postgres())
        skip();
    int runs = env_int("BMP_PG_CRASHES", 5);
    for (int run = 0; run < runs; run++) {
        lt t;
        lt_abf(&t);
        bmp_ledger_close(t.l);
        t.l = NULL;
        fflush(NULL);
        pid_t pid = fork();
        if (pid == 0)
            worker(t.db, run);
        usleep(200000 + (useconds_t)(run * 97 % 7) * 90000);
        kill(pid, SIGKILL);
        waitpid(pid, NULL, 0);
        check_all_or_nothing(&t);
        lt_done(&t);
    }
    printf("client killed mid-month: %d run(s), each ledger verified all-or-nothing\n", runs);
}

/* Issue 12: an immediate shutdown of the server (pg_ctl stop -m
 * immediate) in the middle of the work: after the restart, all or nothing
 * and verify passes. */
static void test_pg_server_crash(void **state)
{
    (void)state;
    if (!lt_on_postgres() || !getenv("BMP_PG_DIR"))
        skip();
    int runs = env_int("BMP_PG_CRASHES", 5);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "sh '%s/scripts/pg-cluster.sh' crash '%s'", BMP_SOURCE_DIR,
             getenv("BMP_PG_DIR"));
    for (int run = 0; run < runs; run++) {
        lt t;
        lt_abf(&t);
        bmp_ledger_close(t.l);
        t.l = NULL;
        fflush(NULL);
        pid_t pid = fork();
        if (pid == 0)
            worker(t.db, run);
        usleep(300000 + (useconds_t)(run * 97 % 7) * 90000);
        int crashed = system(cmd), ws = 0;
        kill(pid, SIGKILL); /* never leave a worker behind, whatever happened */
        waitpid(pid, &ws, 0);
        assert_int_equal(crashed, 0);
        assert_true(!WIFEXITED(ws) || WEXITSTATUS(ws) != 0); /* it lost the server */
        check_all_or_nothing(&t);
        lt_done(&t);
    }
    printf("server stopped -m immediate mid-month: %d run(s), each ledger verified "
           "all-or-nothing\n", runs);
}

/* Issue 12: a period close while imports continue: each batch is posted
 * in the close or left for the next one, whole; the ledger verifies. */
static void test_pg_close_during_imports(void **state)
{
    (void)state;
    if (!lt_on_postgres())
        skip();
    lt t;
    lt_abf(&t);
    bmp_ledger_close(t.l); /* a clock past the 2200 periods closed below (issue 26) */
    bmp_ledger_opts later = {.size = sizeof later, .who = "test", .now = "2999-12-01T00:00:00Z"};
    bmp_error oe = {0};
    assert_int_equal(bmp_ledger_open(t.db, &later, &t.l, &oe), BMP_OK);
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) /* its own connection: the parent's is never touched here */
        worker(t.db, 7); /* closes 2100-xx periods of its own every third batch */
    bmp_error e = {0};
    bmp_ledger_close_stats cs;
    int closes = 0, bad = 0;
    for (int k = 0; k < 4; k++) {
        usleep(150000);
        char period[16];
        snprintf(period, sizeof period, "2200-%02d", k + 1);
        bmp_status st = bmp_ledger_close_period(t.l, "abf", period, &cs, &e);
        closes += st == BMP_OK;
        bad += st != BMP_OK;
        if (st)
            fprintf(stderr, "close %s: %s\n", period, e.msg);
    }
    kill(pid, SIGKILL);
    waitpid(pid, NULL, 0);
    assert_int_equal(bad, 0);
    bmp_ledger_close(t.l);
    t.l = NULL;
    check_all_or_nothing(&t);
    raw_expect(&t, "DO $$ BEGIN IF EXISTS (SELECT 1 FROM batch WHERE (state = 'posted') <> "
                   "(period IS NOT NULL)) THEN RAISE EXCEPTION 'a batch half posted' USING "
                   "ERRCODE = '23000'; END IF; END $$",
               "");
    printf("closes during imports: %d of 4 periods closed while a client imported\n", closes);
    lt_done(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pg_history_is_append_only),
        cmocka_unit_test(test_pg_newer_schema_refused),
        cmocka_unit_test(test_pg_same_event_twice_at_once),
        cmocka_unit_test(test_pg_client_killed),
        cmocka_unit_test(test_pg_server_crash),
        cmocka_unit_test(test_pg_close_during_imports),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
