/* All or nothing under SIGKILL for the EBU's UMS charge run (EBU-17,
 * EBU-18; include/bridgemp/ledger_ebu.h): a child making the month's run
 * over 120 events is killed at many points; the ledger it leaves holds the
 * whole run or none of it -- running the month again then makes the whole
 * run or says it was made, 120 lines either way -- and verifies. */
#include "ledger_test_util.h"

#include <signal.h>
#include <sys/wait.h>
#include <time.h>

#include "bridgemp/ledger_charges.h"
#include "bridgemp/ledger_ebu.h"

#define NEVENTS 120
#define KILLS 12

static char dir[64], tmpl[128], work[128], rates[128];

static void copy_db(const char *from, const char *to)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "rm -f '%s' '%s-wal' '%s-shm' && cp '%s' '%s'", to, to, to, from,
             to);
    assert_int_equal(system(cmd), 0);
}

static bmp_ledger *open_db(const char *path, bool create)
{
    bmp_ledger *l = NULL;
    bmp_error e = {0};
    bmp_ledger_opts o = {.size = sizeof o, .who = "crash-test", .create = create};
    if (bmp_ledger_open(path, &o, &l, &e))
        fprintf(stderr, "%s\n", e.msg);
    return l;
}

static void write_file(const char *path, const char *s)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(s, f);
    fclose(f);
}

/* Event k: 6 pairs of club C1 in March 2025, code 01: 12 player-sessions. */
static void import_event(bmp_ledger *l, int k)
{
    char json[2048], path[160];
    int o = snprintf(json, sizeof json, "{\"body\":\"ebu\",\"name\":\"Session %d\",\"kind\":"
                     "\"pairs\",\"date\":\"2025-03-%02d\",\"status\":\"club\",\"sessions\":1,"
                     "\"boards\":24,\"tables\":3,\"params\":{\"ums_charge_code\":\"01\"},"
                     "\"contestants\":[", k, 1 + k % 28);
    for (int i = 1; i <= 6; i++)
        o += snprintf(json + o, sizeof json - (size_t)o, "%s{\"id\":\"%d\",\"place\":%d,"
                      "\"players\":[{\"id\":\"%d\"},{\"id\":\"%d\"}]}", i > 1 ? "," : "", i, i,
                      1000 + 100 * k + 10 * i, 1000 + 100 * k + 10 * i + 1);
    snprintf(json + o, sizeof json - (size_t)o, "]}");
    snprintf(path, sizeof path, "%s/e%d.json", dir, k);
    write_file(path, json);
    bmp_error e = {0};
    int64_t id = 0;
    bmp_ledger_import_opts io = {.size = sizeof io, .body = "ebu", .club = "C1",
                                 .source = BMP_BATCH_EVENT};
    bmp_status st = bmp_ledger_import(l, path, &io, &id, NULL, &e);
    if (st)
        fprintf(stderr, "%s\n", e.msg);
    assert_int_equal(st, BMP_OK);
    assert_int_equal(bmp_ledger_approve(l, id, &e), BMP_OK);
}

static void setup_template(void)
{
    snprintf(dir, sizeof dir, "/tmp/bmp-ebu-crash-XXXXXX");
    assert_non_null(mkdtemp(dir));
    snprintf(tmpl, sizeof tmpl, "%s/t.db", dir);
    snprintf(work, sizeof work, "%s/w.db", dir);
    snprintf(rates, sizeof rates, "%s/r.csv", dir);
    write_file(rates, "from,code,session\n2024-04-01,01,40\n");
    char clubs[160];
    snprintf(clubs, sizeof clubs, "%s/c.csv", dir);
    write_file(clubs, "number,name,dummy\nC1,Club One,0\n");
    bmp_ledger *l = open_db(tmpl, true);
    assert_non_null(l);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_import_clubs(l, "ebu", clubs, NULL, NULL, &e), BMP_OK);
    for (int k = 0; k < NEVENTS; k++)
        import_event(l, k);
    bmp_ledger_close(l);
}

static int ums_run(const char *db)
{
    bmp_ledger *l = open_db(db, false);
    if (!l)
        return 1;
    bmp_error e = {0};
    bmp_ledger_run r;
    bmp_status st = bmp_ledger_ebu_ums_run(l, "ebu", "2025-03", rates, NULL, NULL, &r, &e);
    if (st)
        fprintf(stderr, "ums: %s\n", e.msg);
    bmp_ledger_close(l);
    return st ? 1 : 0;
}

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void run_killed(double delay)
{
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0)
        _exit(ums_run(work));
    struct timespec ts = {(time_t)delay, (long)((delay - (time_t)delay) * 1e9)};
    nanosleep(&ts, NULL);
    kill(pid, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);
}

/* After a kill: the run again is whole -- made now, or made before and
 * unchanged -- 120 lines x 12 player-sessions x 40 cents = 57,600; the
 * ledger verifies.  *made: whether the killed child had finished. */
static void whole_run(bool *made_before)
{
    bmp_ledger *l = open_db(work, false);
    assert_non_null(l);
    bmp_error e = {0};
    bmp_ledger_run r;
    assert_int_equal(bmp_ledger_ebu_ums_run(l, "ebu", "2025-03", rates, NULL, NULL, &r, &e),
                     BMP_OK);
    *made_before = r.already;
    assert_int_equal(r.lines, NEVENTS);
    assert_int_equal(r.total, NEVENTS * 12 * 40);
    bmp_table t;
    bmp_table_init(&t);
    assert_int_equal(bmp_ledger_charge_lines(l, "ebu", r.id, &t, &e), BMP_OK);
    assert_int_equal(t.nrows, NEVENTS);
    bmp_table_free(&t);
    bmp_problems p = {0};
    assert_int_equal(bmp_ledger_verify(l, &p, &e), BMP_OK);
    bmp_ledger_close(l);
}

static void killed_ums_run_all_or_nothing(void **state)
{
    (void)state;
    setup_template();
    copy_db(tmpl, work);
    double t0 = seconds();
    assert_int_equal(ums_run(work), 0);
    double dur = seconds() - t0;
    int none = 0, all = 0;
    for (int k = 0; k < KILLS; k++) {
        copy_db(tmpl, work);
        run_killed(dur * 2.0 * k / KILLS);
        bool before = false;
        whole_run(&before);
        before ? all++ : none++;
    }
    fprintf(stderr, "ums run killed %d times: %d left nothing, %d the whole run (%.3f s each)\n",
            KILLS, none, all, dur);
    assert_true(none > 0);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

int main(void)
{
    if (lt_on_postgres())
        return 77; /* the kill test runs on the SQLite file */
    const struct CMUnitTest tests[] = {cmocka_unit_test(killed_ums_run_all_or_nothing)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
