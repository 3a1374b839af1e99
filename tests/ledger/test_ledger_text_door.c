/* Names and texts checked at the door (issue 27, item 5): register rows
 * with invalid UTF-8, ESC or BEL are refused by line and field; a 1 MB
 * event name, a 2 MB reason, a bidirectional override in a token's label or
 * an adjustment's reason are refused naming the field, the ledger unchanged;
 * a name stored before the door (written raw, as an old ledger holds it) is
 * exported escaped.  SQLite and PostgreSQL (_pg). */
#include "ledger_test_util.h"

#include "bridgemp/ledger_carried.h"
#include "bridgemp/ledger_secretary.h"
#include "bridgemp/ledger_token.h"
#include "core/util.h"
#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"

static void register_rows_refused(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    char *before = lt_dump(&t);
    bmp_error e = {0};
    bmp_problems p = {0};
    size_t n = 0;
    const char *csv = lt_file(&t, "bad.csv",
                              "number,name,status,home_club,alternates\n"
                              "1010,Ann \xff\xfe,Active,2074,\n"
                              "1011,Bob \x1b[31mRed,Active,2074,\n"
                              "1012,Cy\x07,Active,2074,\n"
                              "1013,Di,Active,20\x1b" "74,\n"
                              "1015,Ed \xe2\x80\xae evil,Active,2074,\n");
    assert_int_equal(bmp_ledger_import_players(t.l, "abf", csv, &n, &p, &e), BMP_EINVAL);
    assert_int_equal(p.count, 5);
    lt_has(&p, "bad.csv:2: name: not UTF-8: byte 0xff at byte 5");
    lt_has(&p, "bad.csv:3: name: a control character (U+001B, ESC) at byte 5");
    lt_has(&p, "bad.csv:4: name: a control character (U+0007, BEL) at byte 3");
    lt_has(&p, "bad.csv:5: home_club: a control character (U+001B, ESC) at byte 3");
    lt_has(&p, "bad.csv:6: name: a bidirectional control (U+202E, RIGHT-TO-LEFT OVERRIDE) at byte 4");
    bmp_problems_free(&p);
    /* the club register too */
    csv = lt_file(&t, "clubs.csv", "number,name,dummy\n4000,Bad\x1b]0;title\x07,0\n");
    assert_int_equal(bmp_ledger_import_clubs(t.l, "abf", csv, &n, &p, &e), BMP_EINVAL);
    lt_has(&p, "clubs.csv:2: name: a control character (U+001B, ESC) at byte 4");
    bmp_problems_free(&p);
    bmp_ledger_club c = {.number = "4001", .name = "Club \xe2\x81\xa6x"};
    assert_int_equal(bmp_ledger_add_club(t.l, "abf", &c, &e), BMP_EINVAL);
    assert_string_equal(e.msg, "club: name: a bidirectional control (U+2066) at byte 6");
    lt_unchanged(&t, before);
    lt_done(&t);
}

static char *big(size_t n, char c)
{
    char *s = malloc(n + 1);
    assert_non_null(s);
    memset(s, c, n);
    s[n] = '\0';
    return s;
}

static void long_texts_refused(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    bmp_error e = {0};
    int64_t b = lt_import(&t, lt_file(&t, "a.csv", "number,point_type,points,event,reason\n"
                                                   "1002,green,1.00,e,x\n"),
                          "abf", BMP_OK);
    char *before = lt_dump(&t);
    /* a 1 MB event name */
    char *name = big(1 << 20, 'N');
    char *json = NULL;
    size_t len = 0;
    assert_int_equal(core_read_file(BMP_SOURCE_DIR "/examples/abf/club-pairs.json", &json, &len, &e),
                     BMP_OK);
    const char *old = "Club Monday Pairs (grade E, 10-table Mitchell)";
    char *at = strstr(json, old);
    assert_non_null(at);
    char *ev = core_asprintf("%.*s%s%s", (int)(at - json), json, name, at + strlen(old));
    assert_non_null(ev);
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "abf", .club = "2074"};
    int64_t id = 0;
    bmp_problems p = {0};
    assert_int_equal(bmp_ledger_import_memory(t.l, ev, strlen(ev), "big.json", &o, &id, &p, &e),
                     BMP_EINVAL);
    assert_string_equal(e.msg, "big.json: name: too long: 1048576 bytes, at most 200");
    bmp_problems_free(&p);
    /* a 2 MB reason, anywhere a reason is taken */
    char *reason = big(2 << 20, 'r');
    const char *want = "reason: too long: 2097152 bytes, at most 1000";
    assert_int_equal(bmp_ledger_reject(t.l, b, reason, &e), BMP_EINVAL);
    assert_string_equal(e.msg, want);
    assert_int_equal(bmp_ledger_correct(t.l, b, reason, NULL, &e), BMP_EINVAL);
    assert_string_equal(e.msg, want);
    assert_int_equal(bmp_ledger_accept_carried(t.l, b, reason, &e), BMP_EINVAL);
    assert_string_equal(e.msg, want);
    assert_int_equal(bmp_ledger_reopen_period(t.l, "abf", "2025-08", reason, NULL, &e), BMP_EINVAL);
    assert_string_equal(e.msg, want);
    bmp_ledger_import_opts ro = {.size = sizeof ro, .body = "abf", .replaces = b,
                                 .reason = "bad \x1b[2J"};
    assert_int_equal(bmp_ledger_import(t.l, lt_file(&t, "b.csv", "number,point_type,points,event,"
                                                                 "reason\n1002,green,2.00,e,x\n"),
                                       &ro, &id, NULL, &e), BMP_EINVAL);
    assert_string_equal(e.msg, "reason: a control character (U+001B, ESC) at byte 5");
    /* an adjustment's own reason, by line */
    assert_int_equal(bmp_ledger_import(t.l, lt_file(&t, "c.csv", "number,point_type,points,event,"
                                                                 "reason\n1002,green,2.00,e,ok\n"
                                                                 "1003,green,1.00,e,\x1b[5m\n"),
                                       &o, &id, &p, &e), BMP_EINVAL);
    lt_has(&p, "c.csv:3: reason: a control character (U+001B, ESC) at byte 1");
    bmp_problems_free(&p);
    /* a token's label */
    char token[BMP_TOKEN_SIZE];
    assert_int_equal(bmp_ledger_token_create(t.l, "club:abf:2074", "x\xe2\x80\xaeY", &id, token, &e),
                     BMP_EINVAL);
    assert_string_equal(e.msg, "label: a bidirectional control (U+202E, RIGHT-TO-LEFT OVERRIDE) "
                               "at byte 2");
    lt_unchanged(&t, before);
    /* who */
    bmp_ledger *l2 = NULL;
    bmp_ledger_opts wo = {.size = sizeof wo, .who = "eve\x1b[8m"};
    assert_int_equal(bmp_ledger_open(t.db, &wo, &l2, &e), BMP_EINVAL);
    assert_string_equal(e.msg, "who: a control character (U+001B, ESC) at byte 4");
    assert_null(l2);
    free(reason);
    free(ev);
    free(json);
    free(name);
    lt_done(&t);
}

/* A name stored before the door (an old ledger, written here raw): the
 * export shows it escaped. */
static void export_escapes_old_names(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    bmp_error e = {0};
    assert_int_equal(lq_run(t.l, &e, "UPDATE player SET name = ?1 WHERE name = ?2", "ss",
                            "\x1b[31mRed\x1b[0m \xe2\x80\xae", "Player 2"),
                     BMP_OK);
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    assert_non_null(f);
    assert_int_equal(bmp_ledger_export_players(t.l, "abf", f, &e), BMP_OK);
    fclose(f);
    assert_non_null(strstr(out, ",\\e[31mRed\\e[0m \\u202e,Active,"));
    assert_null(strchr(out, '\x1b'));
    assert_null(strstr(out, "\xe2\x80\xae"));
    assert_non_null(strstr(out, ",Player 4,Active,")); /* the others as they are */
    free(out);
    lt_done(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(register_rows_refused),
        cmocka_unit_test(long_texts_refused),
        cmocka_unit_test(export_escapes_old_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
