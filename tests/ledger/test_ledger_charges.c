/* Charge runs (src/ledger/abf/capitation.c over src/ledger/charges/charges.c): the
 * ABF annual capitation run (ABF-111, ABF-100, ABF-102, ABF-98), idempotent
 * and all or nothing. */
#include "ledger_test_util.h"

#include <signal.h>
#include <sys/wait.h>
#include <time.h>

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
    char *s = bmp_test_slurp(csv, NULL);
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

/* ABF-112 (8.2): a club affiliating for the first time pays no capitation
 * for its NEW members in its first ABF registration year; the $1
 * commission stays (ABF-111).  Club 2074 affiliated 1 May 2026: 1010 (new
 * in 2026) is waived; 1002..1005 were in the scheme before: 4 x 2330 =
 * 9320 less 100 = 9220 cents. */
static void new_club_waiver(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    cap_players(&t);
    bmp_error e = {0};
    bmp_ledger_run r;
    assert_int_equal(bmp_ledger_set_club_affiliated(t.l, "abf", "9999", "2026-05-01", &e),
                     BMP_ENOTFOUND);
    assert_int_equal(bmp_ledger_set_club_affiliated(t.l, "abf", "2074", "2026-13-01", &e),
                     BMP_EINVAL);
    assert_int_equal(bmp_ledger_set_club_affiliated(t.l, "abf", "2074", "2026-05-01", &e),
                     BMP_OK);
    char csv[256];
    snprintf(csv, sizeof csv, "%s/cap.csv", t.dir);
    assert_int_equal(bmp_ledger_capitation_run(t.l, "abf", 2026, csv, &r, &e), BMP_OK);
    assert_int_equal(r.total, 9220);
    char *s = bmp_test_slurp(csv, NULL);
    assert_non_null(strstr(s, "2074,0001010,ABF-112,capitation (new club's first year: none),0\n"));
    free(s);
    assert_int_equal(bmp_ledger_set_club_affiliated(t.l, "abf", "2074", "2020-05-01", &e),
                     BMP_EINVAL);
    assert_non_null(strstr(e.msg, "has been charged"));
    lt_done(&t);
}

/* Issue 26, ruling SK-2: an Active player registered in the year without
 * a home club has nobody to invoice (ABF-111 charges the club): the run
 * charges the others and lists the player with why, never silently. */
static void capitation_lists_homeless(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    cap_players(&t);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_import_players(t.l, "abf", lt_file(&t, "h.csv",
        "number,name,status,home_club,alternates,overseas,youth,registered_from,registered_to\n"
        "1020,Homeless,Active,,,0,0,2020,\n"), NULL, NULL, &e), BMP_OK);
    bmp_ledger_run r;
    assert_int_equal(bmp_ledger_capitation_run(t.l, "abf", 2026, NULL, &r, &e), BMP_OK);
    assert_int_equal(r.lines, 8);
    assert_int_equal(r.total, 11550);
    assert_int_equal(r.skipped, 1);
    assert_string_equal(r.skipped_why, "player 0001020: no home club to invoice: no capitation "
                                       "charged (set one in the register, ABF-111)\n");
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
    char *a = bmp_test_slurp(csv, NULL), *b = bmp_test_slurp(csv2, NULL);
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

/* ABF-98 (1.3.1): members cancelled by their home club before 1 April 2027
 * are non-financial from 2027 (Dormant, registered to 2026); a re-run
 * changes nothing and says so; a bad list changes nothing, every row named.
 * The 2027 capitation then charges 1002, 1004, 1005 and the new 1014:
 * 4 x 2330 = 9320 less 100 commission = 9220 cents. */
static void cancellation_run(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    cap_players(&t);
    bmp_error e = {0};
    bmp_problems p = {0};
    size_t done = 0, already = 0;
    char *before = lt_dump(&t);
    const char *bad = lt_file(&t, "bad.csv", "number,club\n1007,2074\n9999,\n1004,3101\n");
    assert_int_equal(bmp_ledger_cancel_members(t.l, "abf", 2027, bad, &done, &already, &p, &e),
                     BMP_EINVAL);
    assert_int_equal(p.count, 3);
    lt_has(&p, "bad.csv:2: player 0001007 is Dormant");
    lt_has(&p, "bad.csv:3: no abf player 0009999");
    lt_has(&p, "bad.csv:4: player 0001004: home club is \"2074\", not 3101");
    bmp_problems_free(&p);
    lt_unchanged(&t, before);
    const char *ok = lt_file(&t, "cancel.csv", "number,club\n1003,2074\n1010,\n");
    assert_int_equal(bmp_ledger_cancel_members(t.l, "abf", 2027, ok, &done, &already, NULL, &e),
                     BMP_OK);
    assert_int_equal(done, 2);
    assert_int_equal(already, 0);
    before = lt_dump(&t);
    assert_int_equal(bmp_ledger_cancel_members(t.l, "abf", 2027, ok, &done, &already, NULL, &e),
                     BMP_OK);
    assert_int_equal(done, 0);
    assert_int_equal(already, 2);
    lt_unchanged(&t, before);
    bmp_ledger_run r;
    assert_int_equal(bmp_ledger_capitation_run(t.l, "abf", 2027, NULL, &r, &e), BMP_OK);
    assert_int_equal(r.lines, 7);
    assert_int_equal(r.total, 9220);
    assert_int_equal(bmp_ledger_cancel_members(t.l, "nzb", 2027, ok, &done, &already, NULL, &e),
                     BMP_ENOTSUP);
    lt_done(&t);
}

#define EX BMP_SOURCE_DIR "/examples/"

/* club-pairs.json (grade E, 4 Aug 2025, 3.36 points issued) imported for
 * club 2074 on 24 Nov 2026 (the test clock), posted in 2025-10. */
static int64_t posted_club_batch(lt *t)
{
    bmp_error e = {0};
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "abf", .club = "2074"};
    int64_t id = 0;
    assert_int_equal(bmp_ledger_import_players(t->l, "abf", lt_file(t, "p6.csv",
                     "number,name,status,home_club\n1006,Player 6,Active,2074\n"), NULL, NULL,
                     &e), BMP_OK);
    bmp_status ist = bmp_ledger_import(t->l, EX "abf/club-pairs.json", &o, &id, NULL, &e);
    if (ist)
        fprintf(stderr, "import: %s\n", e.msg);
    assert_int_equal(ist, BMP_OK);
    assert_int_equal(bmp_ledger_approve(t->l, id, &e), BMP_OK);
    assert_int_equal(bmp_ledger_close_period(t->l, "abf", "2025-10", NULL, &e), BMP_OK);
    return id;
}

/* ABF-110: club events billed quarterly on all points issued: 3.36 points
 * at grade E ($2.53) = 850.08 -> 850 cents; a green event pays no late
 * penalty (ABF-113).  Without a grade the run is refused, nothing charged;
 * run again it changes nothing and says so; the grade then stays. */
static void levy_run_club_quarter(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    int64_t id = posted_club_batch(&t);
    bmp_error e = {0};
    bmp_ledger_run r;
    char *before = lt_dump(&t);
    assert_int_equal(bmp_ledger_levy_run(t.l, "abf", "2025-Q4", NULL, &r, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "1 batch(es) without a grade (1)"));
    lt_unchanged(&t, before);
    assert_int_equal(bmp_ledger_set_grade(t.l, "abf", id, "Z9", false, &e), BMP_EINVAL);
    assert_int_equal(bmp_ledger_set_grade(t.l, "abf", id, "E", false, &e), BMP_OK);
    char csv[256];
    snprintf(csv, sizeof csv, "%s/levy.csv", t.dir);
    assert_int_equal(bmp_ledger_levy_run(t.l, "abf", "2025-Q4", csv, &r, &e), BMP_OK);
    assert_int_equal(r.lines, 1);
    assert_int_equal(r.total, 850);
    char *s = bmp_test_slurp(csv, NULL);
    assert_string_equal(s, "club,player,rule,charge,cents\n"
                           "2074,,ABF-110,levy batch 1 grade E 3.36 points,850\n");
    free(s);
    before = lt_dump(&t);
    assert_int_equal(bmp_ledger_levy_run(t.l, "abf", "2025-Q4", NULL, &r, &e), BMP_OK);
    assert_true(r.already);
    assert_int_equal(r.total, 850);
    assert_int_equal(bmp_ledger_set_grade(t.l, "abf", id, "B4", false, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "has been levied"));
    lt_unchanged(&t, before);
    /* the quarter before has no club batch: an empty run */
    assert_int_equal(bmp_ledger_levy_run(t.l, "abf", "2025-Q3", NULL, &r, &e), BMP_OK);
    assert_int_equal(r.lines, 0);
    assert_int_equal(bmp_ledger_levy_run(t.l, "abf", "2025-Q5", NULL, &r, &e), BMP_EINVAL);
    lt_done(&t);
}

/* ABF-113: a gold or red event's file lodged more than 30 days after the
 * event pays 4 % of its levy per started month beyond the 30 days.  At B4
 * ($2.68): 3.36 x 268 = 900.48 -> 900 cents.  4 Aug 2025 to 24 Nov 2026 is
 * 477 days: 447 beyond 30 = 15 started months, 60 % of 900 = 540 cents.
 * A GNOT/GNP event (exempt) pays none. */
static void levy_run_late_file(void **state)
{
    (void)state;
    for (int exempt = 0; exempt < 2; exempt++) {
        lt t;
        lt_abf(&t);
        int64_t id = posted_club_batch(&t);
        bmp_error e = {0};
        bmp_ledger_run r;
        assert_int_equal(bmp_ledger_set_grade(t.l, "abf", id, "B4", exempt, &e), BMP_OK);
        assert_int_equal(bmp_ledger_levy_run(t.l, "abf", "2025-Q4", NULL, &r, &e), BMP_OK);
        assert_int_equal(r.lines, exempt ? 1 : 2);
        assert_int_equal(r.total, exempt ? 900 : 900 + 540);
        lt_done(&t);
    }
}

/* The run under test: 'c' capitation 2026, 'l' levy 2025-Q4. */
static bmp_status the_run(bmp_ledger *l, char which, bmp_ledger_run *r, bmp_error *e)
{
    return which == 'c' ? bmp_ledger_capitation_run(l, "abf", 2026, NULL, r, e)
                        : bmp_ledger_levy_run(l, "abf", "2025-Q4", NULL, r, e);
}

/* ABF-107 (2.6): the monthly list of B4c points processed: the club batch
 * (3.36 points) graded B4c, posted in 2025-10, is listed; not in 2025-09;
 * graded E it is not a B4c batch. */
static void b4c_monthly_list(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    int64_t id = posted_club_batch(&t);
    bmp_error e = {0};
    bmp_table tb;
    assert_int_equal(bmp_ledger_set_grade(t.l, "abf", id, "B4c", false, &e), BMP_OK);
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_b4c_list(t.l, "abf", "2025-10", &tb, &e), BMP_OK);
    assert_int_equal(tb.nrows, 1);
    assert_string_equal(lt_cell(&tb, 0, "grade"), "B4c");
    assert_string_equal(lt_cell(&tb, 0, "club"), "2074");
    assert_string_equal(lt_cell(&tb, 0, "points"), "3.36");
    bmp_table_free(&tb);
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_b4c_list(t.l, "abf", "2025-09", &tb, &e), BMP_OK);
    assert_int_equal(tb.nrows, 0);
    bmp_table_free(&tb);
    assert_int_equal(bmp_ledger_set_grade(t.l, "abf", id, "E", false, &e), BMP_OK);
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_b4c_list(t.l, "abf", "2025-10", &tb, &e), BMP_OK);
    assert_int_equal(tb.nrows, 0);
    bmp_table_free(&tb);
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_b4c_list(t.l, "abf", "2025-13", &tb, &e), BMP_EINVAL);
    bmp_table_free(&tb);
    lt_done(&t);
}

static int run_child(const char *db, char which)
{
    bmp_ledger *l = NULL;
    bmp_error e = {0};
    bmp_ledger_opts o = {.size = sizeof o};
    if (bmp_ledger_open(db, &o, &l, &e))
        return 1;
    bmp_ledger_run r;
    bmp_status st = the_run(l, which, &r, &e);
    bmp_ledger_close(l);
    return st ? 1 : 0;
}

/* A fresh ledger for the run: players, and for the levy a posted club
 * batch of grade B4. */
static void setup_for(lt *t, char which)
{
    lt_abf(t);
    cap_players(t);
    if (which == 'l') {
        bmp_error e = {0};
        int64_t id = posted_club_batch(t);
        assert_int_equal(bmp_ledger_set_grade(t->l, "abf", id, "B4", false, &e), BMP_OK);
    }
    bmp_ledger_close(t->l);
}

/* All or nothing: a run killed with SIGKILL at many points leaves no run
 * or the whole run; running it afterwards finishes it or says it was made,
 * with the same lines and total either way: capitation 8 lines, 11550
 * cents (capitation_run_amounts); levy 2 lines, 900 + 540 = 1440 cents
 * (levy_run_late_file). */
static void killed_runs_all_or_nothing(void **state)
{
    (void)state;
    for (const char *w = "cl"; *w; w++) {
        int whole = 0, none = 0;
        for (int k = 0; k < 30; k++) {
            lt t;
            setup_for(&t, *w);
            pid_t pid = fork();
            assert_true(pid >= 0);
            if (pid == 0)
                _exit(run_child(t.db, *w));
            struct timespec ts = {0, (long)k * k * 100000L}; /* 0 .. 84 ms */
            nanosleep(&ts, NULL);
            kill(pid, SIGKILL);
            waitpid(pid, NULL, 0);
            lt_open(&t);
            bmp_error e = {0};
            bmp_ledger_run r;
            assert_int_equal(the_run(t.l, *w, &r, &e), BMP_OK);
            r.already ? whole++ : none++;
            assert_int_equal(r.lines, *w == 'c' ? 8 : 2);
            assert_int_equal(r.total, *w == 'c' ? 11550 : 1440);
            bmp_problems p = {0};
            assert_int_equal(bmp_ledger_verify(t.l, &p, &e), BMP_OK);
            lt_done(&t);
        }
        fprintf(stderr, "%s run killed 30 times: %d left nothing, %d the whole run\n",
                *w == 'c' ? "capitation" : "levy", none, whole);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(capitation_run_amounts),
        cmocka_unit_test(capitation_run_again),
        cmocka_unit_test(capitation_lists_homeless),
        cmocka_unit_test(capitation_bad_input),
        cmocka_unit_test(new_club_waiver),
        cmocka_unit_test(member_schedule),
        cmocka_unit_test(cancellation_run),
        cmocka_unit_test(levy_run_club_quarter),
        cmocka_unit_test(levy_run_late_file),
        cmocka_unit_test(b4c_monthly_list),
        cmocka_unit_test(killed_runs_all_or_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
