/* The ledger registry: clubs, players, statuses, CSV registers in and out,
 * NZ computer-number allocation (issue 11). */
#include "ledger_test_util.h"

static char *export_players(lt *t, const char *body)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_export_players(t->l, body, f, &e), BMP_OK);
    fclose(f);
    return buf;
}

/* ABF-93: numbers zero-filled to 7 digits; ABF-94 home club, ABF-95
 * alternates; NZ-88 statuses kept as written. */
static void import_and_export_players(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    char *csv = export_players(&t, "abf");
    assert_non_null(strstr(csv, "number,name,status,home_club,alternates,overseas,youth,"
                                "registered_from,registered_to,pre1982_red,state\n"));
    assert_non_null(strstr(csv, "0001002,Player 2,Active,2074,3101,0,0,,,0.00,\n"));
    assert_non_null(strstr(csv, "0001006,Player 6,Deceased,2074,,0,0,,,0.00,\n"));
    /* the export is itself a valid register: importing it changes nothing */
    char *before = lt_dump(&t);
    size_t n = 0;
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_import_players(t.l, "abf", lt_file(&t, "x.csv", csv), &n, NULL, &e),
                     BMP_OK);
    assert_int_equal(n, 6);
    char *after = lt_dump(&t);
    /* only the audit log grew */
    assert_memory_equal(before, after, strstr(before, "== audit") - before);
    free(before);
    free(after);
    free(csv);
    lt_done(&t);
}

/* Every bad row reported by line, nothing imported. */
static void bad_rows_listed_nothing_imported(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    char *before = lt_dump(&t);
    const char *csv = lt_file(&t, "bad.csv",
                              "number,name,status,home_club,overseas,registered_from\n"
                              "2001,New One,Active,2074,0,2020\n"
                              "2002,New Two,Retired,2074,0,2020\n"   /* line 3: status */
                              "2003,New Three,Active,9999,0,2020\n"  /* line 4: club */
                              "2001,Again,Active,2074,0,2020\n"      /* line 5: duplicate */
                              "12x,Bad Number,Active,2074,0,2020\n"  /* line 6: number */
                              "2005,,Active,2074,maybe,20\n");       /* line 7: three */
    bmp_problems p = {0};
    bmp_error e = {0};
    size_t n = 99;
    assert_int_equal(bmp_ledger_import_players(t.l, "abf", csv, &n, &p, &e), BMP_EINVAL);
    assert_int_equal(n, 0);
    assert_int_equal(p.count, 7);
    lt_has(&p, "bad.csv:3: status: expected Active, Dormant, Temporary, Resigned, Deceased or "
               "Unknown (NZ-88), got \"Retired\"");
    lt_has(&p, "bad.csv:4: home_club: no club \"9999\" in the abf register (ABF-94)");
    lt_has(&p, "bad.csv:5: number: 0002001 is also on line 2");
    lt_has(&p, "bad.csv:6: number:");
    lt_has(&p, "bad.csv:7: name: required");
    lt_has(&p, "bad.csv:7: overseas: expected 0 or 1, got \"maybe\"");
    lt_has(&p, "bad.csv:7: registered_from: expected a year such as 2019, got \"20\"");
    assert_non_null(strstr(e.msg, "7 problems, nothing written"));
    bmp_problems_free(&p);
    lt_unchanged(&t, before);
    lt_done(&t);
}

/* NZ-89: each new player gets the first available 4-5 digit computer
 * number: with 1000, 1001 and 1003 taken, the next two are 1002 and 1004. */
static void nz_computer_numbers(void **state)
{
    (void)state;
    lt t;
    lt_new(&t);
    bmp_error e = {0};
    size_t n = 0;
    assert_int_equal(bmp_ledger_import_clubs(t.l, "nzb", lt_file(&t, "c.csv",
                                             "number,name,dummy\n101,Auckland BC,0\n"
                                             "900,Regional Tournament Committee,1\n"),
                                             &n, NULL, &e), BMP_OK);
    const char *csv = lt_file(&t, "p.csv", "number,name,status,home_club\n"
                                           "1000,A,Active,101\n1001,B,Temporary,101\n"
                                           "1003,C,Active,101\n,New D,Temporary,101\n"
                                           ",New E,Active,101\n");
    assert_int_equal(bmp_ledger_import_players(t.l, "nzb", csv, &n, NULL, &e), BMP_OK);
    char *out = export_players(&t, "nzb");
    assert_non_null(strstr(out, "1002,New D,Temporary,101"));
    assert_non_null(strstr(out, "1004,New E,Active,101"));
    free(out);
    char num[16];
    bmp_ledger_player p = {.name = "New F", .status = "Temporary", .home_club = "900"};
    assert_int_equal(bmp_ledger_add_player(t.l, "nzb", &p, num, sizeof num, &e), BMP_OK);
    assert_string_equal(num, "1005");
    /* the ABF issues its own numbers: an empty one is an error, not an allocation */
    bmp_ledger_player q = {.name = "No Number"};
    assert_int_equal(bmp_ledger_add_player(t.l, "abf", &q, num, sizeof num, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "number: required"));
    lt_done(&t);
}

/* NZ-90: a club transfer is a change of home club in the register; the
 * next register import moves the player (1000 from club 101 to 102), the
 * change is in the audit log, and the ledger still verifies. */
static void nz_club_transfer(void **state)
{
    (void)state;
    lt t;
    lt_new(&t);
    bmp_error e = {0};
    size_t n = 0;
    assert_int_equal(bmp_ledger_import_clubs(t.l, "nzb", lt_file(&t, "c.csv",
                                             "number,name,dummy\n101,Auckland BC,0\n"
                                             "102,Remuera BC,0\n"),
                                             &n, NULL, &e), BMP_OK);
    assert_int_equal(bmp_ledger_import_players(t.l, "nzb", lt_file(&t, "p.csv",
                                               "number,name,status,home_club\n"
                                               "1000,A Smith,Active,101\n"),
                                               &n, NULL, &e), BMP_OK);
    char *out = export_players(&t, "nzb");
    assert_non_null(strstr(out, "1000,A Smith,Active,101"));
    free(out);
    assert_int_equal(bmp_ledger_import_players(t.l, "nzb", lt_file(&t, "q.csv",
                                               "number,name,status,home_club\n"
                                               "1000,A Smith,Active,102\n"),
                                               &n, NULL, &e), BMP_OK);
    out = export_players(&t, "nzb");
    assert_non_null(strstr(out, "1000,A Smith,Active,102"));
    assert_null(strstr(out, ",101"));
    free(out);
    char *dump = lt_dump(&t);
    assert_non_null(strstr(dump, "q.csv"));
    free(dump);
    bmp_problems p = {0};
    assert_int_equal(bmp_ledger_verify(t.l, &p, &e), BMP_OK);
    assert_int_equal(p.count, 0);
    bmp_problems_free(&p);
    lt_done(&t);
}

static void clubs_dummy_and_errors(void **state)
{
    (void)state;
    lt t;
    lt_new(&t);
    bmp_error e = {0};
    bmp_problems p = {0};
    size_t n = 0;
    char *before = lt_dump(&t);
    assert_int_equal(bmp_ledger_import_clubs(t.l, "nzb", lt_file(&t, "c.csv",
                                             "number,name,dummy\n101,A,0\n101,B,0\n102,,2\n"),
                                             &n, &p, &e), BMP_EINVAL);
    lt_has(&p, "c.csv:3: number: 101 is also on line 2");
    lt_has(&p, "c.csv:4: name: required");
    lt_has(&p, "c.csv:4: dummy: expected 0 or 1, got \"2\"");
    bmp_problems_free(&p);
    lt_unchanged(&t, before);
    /* NZ-98: a dummy club for an organiser that is not a club */
    bmp_ledger_club c = {.number = "900", .name = "Tournament Committee", .dummy = true};
    assert_int_equal(bmp_ledger_add_club(t.l, "nzb", &c, &e), BMP_OK);
    assert_int_equal(bmp_ledger_add_club(t.l, "wbf", &c, &e), BMP_ENOTFOUND);
    assert_string_equal(e.msg, "unknown body \"wbf\" (expected abf, acbl, ebu or nzb)");
    /* "NZ" names NZ Bridge, as in libbridgemp's registry */
    bmp_ledger_club c2 = {.number = "901", .name = "Congress Committee", .dummy = true};
    assert_int_equal(bmp_ledger_add_club(t.l, "NZ", &c2, &e), BMP_OK);
    lt_done(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(import_and_export_players),
        cmocka_unit_test(bad_rows_listed_nothing_imported),
        cmocka_unit_test(nz_computer_numbers),
        cmocka_unit_test(clubs_dummy_and_errors),
        cmocka_unit_test(nz_club_transfer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
