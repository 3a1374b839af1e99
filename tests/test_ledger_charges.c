/* Charge runs (src/ledger/charges.c): the ABF annual capitation run
 * (ABF-111, ABF-100, ABF-102, ABF-98), idempotent and all or nothing. */
#include "ledger_test_util.h"

#include <signal.h>
#include <sys/wait.h>
#include <time.h>

#include "bridgemp/file.h"
#include "bridgemp/ledger_charges.h"

/* lt_abf's Active home players 1002..1005 of club 2074 (registered before,
 * registered_from unknown), and: 1010 new in 2026, 1011 overseas, 1012
 * youth, 1013 lapsed after 2025, 1014 first registered 2027. */
static void cap_players(lt *t)
{
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_import_players(t->l, "abf", lt_file(t, "cap.csv",
        "number,name,status,home_club,alternates,overseas,youth,registered_from,registered_to\n"
        "1010,New,Active,2074,,0,0,2026,\n1011,Visitor,Active,2074,,1,0,2020,\n"
        "1012,Young,Active,2074,,0,1,2024,\n1013,Lapsed,Active,2074,,0,0,2010,2025\n"
        "1014,Later,Active,2074,,0,0,2027,\n"), NULL, NULL, &e), BMP_OK);
}

static char *slurp(const char *path)
{
    char *buf = NULL;
    size_t len = 0;
    bmp_error e = {0};
    assert_int_equal(bmp_file_read(path, 1 << 20, &buf, &len, &e), BMP_OK);
    return buf;
}

/* ABF-111 (8.2): $23.30 per home player registered 1 Apr - 30 Sep (the
 * annual charge after the March 31 declaration), $1 commission credited per
 * NEW player; ABF-100/ABF-102: overseas and youth players pay none.
 * 1002..1005 and 1010: 5 x 2330 = 11650 cents, less 100 = 11550. */
static void capitation_run_amounts(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    cap_players(&t);
    bmp_error e = {0};
    bmp_ledger_run r;
    char csv[256];
    snprintf(csv, sizeof csv, "%s/cap-2026.csv", t.dir);
    assert_int_equal(bmp_ledger_capitation_run(t.l, "abf", 2026, csv, &r, &e), BMP_OK);
    assert_false(r.already);
    assert_int_equal(r.lines, 8);
    assert_int_equal(r.total, 11550);
    char *s = slurp(csv);
    assert_string_equal(s,
        "club,player,rule,charge,cents\n"
        "2074,0001002,ABF-111,capitation,2330\n"
        "2074,0001003,ABF-111,capitation,2330\n"
        "2074,0001004,ABF-111,capitation,2330\n"
        "2074,0001005,ABF-111,capitation,2330\n"
        "2074,0001010,ABF-111,capitation,2330\n"
        "2074,0001010,ABF-111,commission on a new player,-100\n"
        "2074,0001011,ABF-100/ABF-102,capitation (overseas or youth player: none),0\n"
        "2074,0001012,ABF-100/ABF-102,capitation (overseas or youth player: none),0\n");
    free(s);
    lt_done(&t);
}

/* Idempotent: the same year again changes nothing and says so, with the
 * same lines and file; another year is a new run. */
static void capitation_run_again(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    cap_players(&t);
    bmp_error e = {0};
    bmp_ledger_run r, again;
    char csv[256], csv2[256];
    snprintf(csv, sizeof csv, "%s/a.csv", t.dir);
    snprintf(csv2, sizeof csv2, "%s/b.csv", t.dir);
    assert_int_equal(bmp_ledger_capitation_run(t.l, "abf", 2026, csv, &r, &e), BMP_OK);
    char *before = lt_dump(&t);
    assert_int_equal(bmp_ledger_capitation_run(t.l, "abf", 2026, csv2, &again, &e), BMP_OK);
    assert_true(again.already);
    assert_int_equal(again.id, r.id);
    assert_int_equal(again.total, 11550);
    lt_unchanged(&t, before);
    char *a = slurp(csv), *b = slurp(csv2);
    assert_string_equal(a, b);
    free(a);
    free(b);
    /* 2027: 1010 is no longer new; 1014 is registered and new in 2027:
     * 6 x 2330 = 13980 less 100 commission = 13880 */
    assert_int_equal(bmp_ledger_capitation_run(t.l, "abf", 2027, NULL, &again, &e), BMP_OK);
    assert_false(again.already);
    assert_int_equal(again.total, 13880);
    lt_done(&t);
}

static void capitation_bad_input(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    bmp_error e = {0};
    bmp_ledger_run r;
    char *before = lt_dump(&t);
    assert_int_equal(bmp_ledger_capitation_run(t.l, "nzb", 2026, NULL, &r, &e), BMP_ENOTSUP);
    assert_non_null(strstr(e.msg, "not supported: capitation"));
    assert_int_equal(bmp_ledger_capitation_run(t.l, "abf", 26, NULL, &r, &e), BMP_EINVAL);
    /* a year before the first known fee schedule (2025-04-01): no guess */
    assert_int_equal(bmp_ledger_capitation_run(t.l, "abf", 2020, NULL, &r, &e), BMP_ENOTFOUND);
    lt_unchanged(&t, before);
    lt_done(&t);
}

/* ABF-109: the annual schedule of registered home members, 2026: 1002..1005
 * (registered before), 1010 (new), 1011 (overseas), 1012 (youth); not the
 * Deceased 1006, Dormant 1007, lapsed 1013 or the 2027 player 1014. */
static void member_schedule(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    cap_players(&t);
    bmp_error e = {0};
    bmp_table tb;
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_member_schedule(t.l, "abf", 2026, &tb, &e), BMP_OK);
    assert_int_equal(tb.nrows, 7);
    assert_string_equal(lt_cell(&tb, 0, "number"), "0001002");
    assert_string_equal(lt_cell(&tb, 4, "number"), "0001010");
    assert_string_equal(lt_cell(&tb, 4, "new"), "yes");
    assert_string_equal(lt_cell(&tb, 5, "overseas"), "yes");
    assert_string_equal(lt_cell(&tb, 6, "youth"), "yes");
    bmp_table_free(&tb);
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_member_schedule(t.l, "nzb", 2026, &tb, &e), BMP_ENOTSUP);
    bmp_table_free(&tb);
    lt_done(&t);
}

static int run_child(const char *db)
{
    bmp_ledger *l = NULL;
    bmp_error e = {0};
    bmp_ledger_opts o = {.size = sizeof o};
    if (bmp_ledger_open(db, &o, &l, &e))
        return 1;
    bmp_ledger_run r;
    bmp_status st = bmp_ledger_capitation_run(l, "abf", 2026, NULL, &r, &e);
    bmp_ledger_close(l);
    return st ? 1 : 0;
}

/* All or nothing: a run killed with SIGKILL at many points leaves no run
 * or the whole run (8 lines, 11550 cents); running it afterwards finishes
 * it or says it was made. */
static void killed_run_all_or_nothing(void **state)
{
    (void)state;
    int whole = 0, none = 0;
    for (int k = 0; k < 30; k++) {
        lt t;
        lt_abf(&t);
        cap_players(&t);
        bmp_ledger_close(t.l);
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0)
            _exit(run_child(t.db));
        struct timespec ts = {0, (long)k * k * 100000L}; /* 0 .. 84 ms */
        nanosleep(&ts, NULL);
        kill(pid, SIGKILL);
        waitpid(pid, NULL, 0);
        lt_open(&t);
        bmp_error e = {0};
        bmp_ledger_run r;
        assert_int_equal(bmp_ledger_capitation_run(t.l, "abf", 2026, NULL, &r, &e), BMP_OK);
        r.already ? whole++ : none++;
        assert_int_equal(r.lines, 8);
        assert_int_equal(r.total, 11550);
        bmp_problems p = {0};
        assert_int_equal(bmp_ledger_verify(t.l, &p, &e), BMP_OK);
        lt_done(&t);
    }
    fprintf(stderr, "capitation run killed 30 times: %d left nothing, %d the whole run\n", none,
            whole);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(capitation_run_amounts),
        cmocka_unit_test(capitation_run_again),
        cmocka_unit_test(capitation_bad_input),
        cmocka_unit_test(member_schedule),
        cmocka_unit_test(killed_run_all_or_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
