/* Issue 26 item 3: the club is the file's club.  A USEBIO file's
 * CLUB_ID_NUMBER (and a JSON event's "organiser") becomes the batch's club;
 * --club must agree with it; a club not in the body's register is refused;
 * a charge run lists every batch it skips and why (ABF-110 levy, EBU-18 UMS
 * "no club to invoice"). */
#include "ledger_test_util.h"

#include "bridgemp/ledger_api.h"
#include "bridgemp/ledger_charges.h"
#include "bridgemp/usebio.h"

#define XML BMP_SOURCE_DIR "/tests/data/usebio/abf_club_green.xml" /* ABF club 2074 */
#define XML3107 BMP_SOURCE_DIR "/tests/data/usebio/example_pairs.xml" /* ABF club 3107 */
#define EX BMP_SOURCE_DIR "/examples/"

static bmp_status import_as(lt *t, const char *path, const char *club, int64_t *id,
                            bmp_error *e)
{
    bmp_usebio_opts uo = {.grade = "E"}; /* ABF 1.5.1: what the file cannot say */
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "abf", .club = club,
                                .source = BMP_BATCH_EVENT, .usebio = &uo};
    bmp_problems p = {0};
    bmp_status st = bmp_ledger_import(t->l, path, &o, id, &p, e);
    if (st)
        fprintf(stderr, "import %s: %s\n", path, e->msg);
    bmp_problems_free(&p);
    return st;
}

/* The club column of the newest event batch. */
static char *event_club(lt *t)
{
    bmp_table tb;
    bmp_table_init(&tb);
    bmp_error e = {0};
    size_t total = 0;
    assert_int_equal(bmp_ledger_events(t->l, "abf", 0, 1, &tb, &total, &e), BMP_OK);
    assert_true(tb.nrows >= 1);
    char *c = strdup(lt_cell(&tb, 0, "club"));
    bmp_table_free(&tb);
    return c;
}

/* CLUB_ID_NUMBER 2074 is the batch's club (it was none: sources.c read a
 * parameter no reader sets). */
static void usebio_club_is_the_batch_club(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    bmp_error e = {0};
    int64_t id = 0;
    assert_int_equal(import_as(&t, XML, NULL, &id, &e), BMP_OK);
    char *c = event_club(&t);
    assert_string_equal(c, "2074");
    free(c);
    lt_done(&t);
}

/* --club and the file's club disagree: refused naming both; --club 9999
 * (not registered) refused, nothing written. */
static void club_conflict_and_unknown(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    bmp_error e = {0};
    int64_t id = 0;
    char *before = lt_dump(&t);
    assert_int_equal(import_as(&t, XML, "3101", &id, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "the file is club 2074's event, not club 3101's"));
    assert_int_equal(import_as(&t, EX "abf/club-pairs.json", "9999", &id, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "club 9999 is not in the abf club register (--club)"));
    lt_unchanged(&t, before);
    /* both the same: accepted */
    assert_int_equal(import_as(&t, XML, "2074", &id, &e), BMP_OK);
    lt_done(&t);
}

/* A file whose club the register does not hold is refused too. */
static void file_club_unregistered(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t); /* clubs 2074 and 3101 */
    bmp_error e = {0};
    int64_t id = 0;
    assert_int_equal(import_as(&t, XML3107, NULL, &id, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "club 3107 is not in the abf club register (the file's club)"));
    lt_done(&t);
}

/* ABF-110: the levy run lists the posted batch it skips (no club), with
 * why: it was skipped silently. */
static void levy_lists_skipped(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    bmp_error e = {0};
    int64_t id = 0;
    assert_int_equal(bmp_ledger_import_players(t.l, "abf", lt_file(&t, "p6.csv",
                     "number,name,status,home_club\n1006,Player 6,Active,2074\n"), NULL, NULL,
                     &e), BMP_OK);
    assert_int_equal(import_as(&t, EX "abf/club-pairs.json", NULL, &id, &e), BMP_OK);
    assert_int_equal(bmp_ledger_approve(t.l, id, &e), BMP_OK);
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2025-10", NULL, &e), BMP_OK);
    bmp_ledger_run r;
    assert_int_equal(bmp_ledger_levy_run(t.l, "abf", "2025-Q4", NULL, &r, &e), BMP_OK);
    assert_int_equal(r.lines, 0);
    assert_int_equal(r.skipped, 1);
    assert_string_equal(r.skipped_why,
                        "batch 1: no club: not levied (import it with --club, ABF-110)\n");
    lt_done(&t);
}

/* Issue 26 item 5: a transposed unregistered number (1180209 for the
 * registered 1180290 of the same name) is held with the suggestion, kept
 * with the held line; and a number mistyped with letters (9OOO71) is
 * refused citing the file's own line (32), not an award's index. */
static char *fixture_with(const char *from, const char *to)
{
    FILE *f = fopen(XML, "rb");
    assert_non_null(f);
    static char buf[16384];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    char *at = strstr(buf, from);
    assert_non_null(at);
    char *out = malloc(n + strlen(to) + 1);
    assert_non_null(out);
    snprintf(out, n + strlen(to) + 1, "%.*s%s%s", (int)(at - buf), buf, to, at + strlen(from));
    return out;
}

static void held_with_near_match(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_import_players(t.l, "abf", lt_file(&t, "p2.csv",
                     "number,name,status,home_club\n1180290,Ben Cox,Active,2074\n"), NULL, NULL,
                     &e), BMP_OK);
    char *x = fixture_with(">1180290<", ">1180209<");
    int64_t id = 0;
    assert_int_equal(import_as(&t, lt_file(&t, "transposed.xml", x), NULL, &id, &e), BMP_OK);
    free(x);
    char *near = NULL;
    assert_int_equal(bmp_ledger_held_near(t.l, id, &near, &e), BMP_OK);
    assert_string_equal(near, "held: player 1180209 Ben Cox: not registered; near: 1180290 "
                              "Ben Cox (two digits transposed)\n");
    free(near);
    x = fixture_with(">1180290<", ">9OOO71<");
    char *before = lt_dump(&t);
    /* issue 43: refused for the number only under strict_numbers (else its
     * line is held, RI-7; test_ledger_numbers) */
    bmp_usebio_opts uo = {.grade = "E"};
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "abf", .source = BMP_BATCH_EVENT,
                                .usebio = &uo, .strict_numbers = true};
    assert_int_equal(bmp_ledger_import(t.l, lt_file(&t, "letters.xml", x), &o, &id, NULL, &e),
                     BMP_EINVAL);
    assert_non_null(strstr(e.msg, "letters.xml:32: contestant 1NS player Ben Cox: ABF number "
                                  "\"9OOO71\" is not all digits"));
    lt_unchanged(&t, before);
    free(x);
    lt_done(&t);
}

/* A JSON event's refused line cites the file's line of the player's
 * number (line 60 of club-pairs.json), not the award's index (3). */
static void json_line_is_the_files(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t); /* 1006 is Deceased */
    bmp_error e = {0};
    bmp_problems p = {0};
    int64_t id = 0;
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "abf", .club = "2074"};
    assert_int_equal(bmp_ledger_import(t.l, EX "abf/club-pairs.json", &o, &id, &p, &e),
                     BMP_EINVAL);
    lt_has(&p, "club-pairs.json:60: player 0001006 is Deceased: no points (NZ-88)");
    bmp_problems_free(&p);
    lt_done(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(usebio_club_is_the_batch_club),
        cmocka_unit_test(club_conflict_and_unknown),
        cmocka_unit_test(file_club_unregistered),
        cmocka_unit_test(levy_lists_skipped),
        cmocka_unit_test(held_with_near_match),
        cmocka_unit_test(json_line_is_the_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
