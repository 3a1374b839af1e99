/* The register import that says what it does (issue 28 item 1): the
 * header checked against the documented columns, a file updating only the
 * columns it has, every change listed and audited, and a Deceased player
 * never credited (NZ-88). */
#include "ledger_test_util.h"

#include "bridgemp/ledger_movein.h"

/* The player's row of the register export (freshly allocated). */
static char *export_row(lt *t, const char *number)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_export_players(t->l, "abf", f, &e), BMP_OK);
    fclose(f);
    char *s = strstr(buf, number);
    assert_non_null(s);
    char *row = strndup(s, strcspn(s, "\n"));
    free(buf);
    return row;
}

static void import_ok(lt *t, const char *name, const char *csv)
{
    bmp_error e = {0};
    bmp_problems p = {0};
    bmp_status st = bmp_ledger_import_players(t->l, "abf", lt_file(t, name, csv), NULL, &p, &e);
    if (st)
        fprintf(stderr, "%s: %s\n", name, e.msg);
    assert_int_equal(st, BMP_OK);
    bmp_problems_free(&p);
}

/* The finding: a status-only update file (number,name,status)
 * blanked the player's home club and registration year (ABF-94, ABF-98). */
static void status_file_keeps_other_columns(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    import_ok(&t, "full.csv", "number,name,status,home_club,alternates,registered_from\n"
                              "1002,Player 2,Active,2074,3101,2019\n");
    import_ok(&t, "status.csv", "number,name,status\n1002,Player 2,Dormant\n");
    char *row = export_row(&t, "0001002");
    assert_string_equal(row, "0001002,Player 2,Dormant,2074,3101,0,0,2019,,0.00,");
    free(row);
    lt_done(&t);
}

/* The finding: "Home Club" and "Registered From" were dropped
 * without a word; they are read as home_club and registered_from. */
static void header_names_as_written(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    import_ok(&t, "h.csv", "Number,Name,Status,Home Club,Registered From\n"
                           "2001,New Player,Active,2074,2021\n");
    char *row = export_row(&t, "0002001");
    assert_string_equal(row, "0002001,New Player,Active,2074,,0,0,2021,,0.00,");
    free(row);
    lt_done(&t);
}

/* A misspelt or unknown column is refused, naming the valid ones and the
 * nearest; nothing is written. */
static void unknown_column_refused(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    char *before = lt_dump(&t);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_import_players(t.l, "abf", lt_file(&t, "m.csv",
                     "number,name,home_clbu\n1002,Player 2,2074\n"), NULL, NULL, &e), BMP_EPARSE);
    assert_non_null(strstr(e.msg, "m.csv:1: header: unknown column \"home_clbu\" (did you mean "
                                  "home_club?); the columns are number,name,status,home_club,"
                                  "alternates,overseas,youth,registered_from,registered_to,"
                                  "pre1982_red"));
    assert_int_equal(bmp_ledger_import_players(t.l, "abf", lt_file(&t, "n.csv",
                     "number,name,email\n1002,Player 2,a@b\n"), NULL, NULL, &e), BMP_EPARSE);
    assert_non_null(strstr(e.msg, "unknown column \"email\"; the columns are number,"));
    assert_int_equal(bmp_ledger_import_players(t.l, "abf", lt_file(&t, "d.csv",
                     "number,name,Home Club,home_club\n1002,Player 2,2074,2074\n"), NULL, NULL, &e),
                     BMP_EPARSE);
    assert_non_null(strstr(e.msg, "column home_club twice"));
    lt_unchanged(&t, before);
    lt_done(&t);
}

/* --dry-run lists every change (new players; per field "from" -> "to")
 * and writes nothing; the import audits the same. */
static void dry_run_lists_and_audit_says(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    const char *csv = lt_file(&t, "u.csv", "number,name,status,home_club\n"
                                           "1002,Player 2,Dormant,\n"
                                           "1003,Player 3,Active,2074\n"
                                           "2001,New One,Active,2074\n");
    char *before = lt_dump(&t);
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    bmp_ledger_register_opts o = {.size = sizeof o, .dry_run = true, .changes = f};
    bmp_ledger_register_stats s = {0};
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_import_register(t.l, "abf", csv, &o, &s, NULL, &e), BMP_OK);
    fclose(f);
    assert_string_equal(out, "0001002 status: \"Active\" -> \"Dormant\"\n"
                             "0001002 home_club: \"2074\" -> \"\"\n"
                             "new player 0002001 \"New One\" Active, home club 2074\n");
    assert_int_equal(s.rows, 3);
    assert_int_equal(s.added, 1);
    assert_int_equal(s.changed, 1);
    assert_int_equal(s.unchanged, 1);
    free(out);
    lt_unchanged(&t, before);
    o = (bmp_ledger_register_opts){.size = sizeof o};
    assert_int_equal(bmp_ledger_import_register(t.l, "abf", csv, &o, &s, NULL, &e), BMP_OK);
    bmp_table a;
    bmp_table_init(&a);
    bmp_ledger_audit_filter af = {.action = "import players"};
    assert_int_equal(bmp_ledger_audit_list(t.l, &af, &a, &e), BMP_OK);
    assert_int_equal(a.nrows, 2); /* lt_abf's register, then this file */
    char want[512];
    snprintf(want, sizeof want, "abf players from %s: 3 rows, 1 new, 1 changed, 1 unchanged\n"
                                "new (1): 0002001 \"New One\"\n"
                                "status (1): 0001002 \"Active\" -> \"Dormant\"\n"
                                "home_club (1): 0001002 \"2074\" -> \"\"", csv);
    assert_string_equal(lt_cell(&a, 1, "detail"), want);
    assert_string_equal(lt_cell(&a, 1, "who"), "test");
    bmp_table_free(&a);
    lt_done(&t);
}

/* NZ-88: a player the register makes Deceased is not credited; a Dormant
 * one's points are held where the body holds them (ABF-99). */
static void deceased_by_register_not_credited(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    import_ok(&t, "s.csv", "number,name,status\n1003,Player 3,Deceased\n1004,Player 4,Dormant\n");
    bmp_error e = {0};
    bmp_problems p = {0};
    int64_t id = 0;
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "abf"};
    assert_int_equal(bmp_ledger_import(t.l, lt_file(&t, "a.csv", "number,point_type,points,event,"
                                                    "reason\n1003,green,1.00,x,y\n"),
                                       &o, &id, &p, &e), BMP_EINVAL);
    lt_has(&p, "a.csv:2: player 0001003 is Deceased: no points (NZ-88)");
    bmp_problems_free(&p);
    id = lt_import(&t, lt_file(&t, "b.csv", "number,point_type,points,event,reason\n"
                                            "1004,green,1.00,x,y\n"), "abf", BMP_OK);
    assert_true(id > 0);
    char *d = lt_dump(&t); /* the line is held, with why */
    const char *held = strstr(d, "== held\n");
    assert_non_null(held);
    assert_non_null(strstr(held, "0001004"));
    assert_non_null(strstr(held, "Dormant"));
    free(d);
    lt_done(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(status_file_keeps_other_columns),
        cmocka_unit_test(header_names_as_written),
        cmocka_unit_test(unknown_column_refused),
        cmocka_unit_test(dry_run_lists_and_audit_says),
        cmocka_unit_test(deceased_by_register_not_credited),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
