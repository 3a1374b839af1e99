/* Issue 43 item 1, the ledger's side: a player's number never refuses a
 * results file.  A guest (EBU 88888888), a player without a number, a
 * number the body cannot have (NZ Scorer's anonymised 0 .. 131): each such
 * line is held with its reason (ruling RI-7), never registered, never
 * credited; the others post.  --strict-numbers (strict_numbers) refuses as
 * before.  Runs on PostgreSQL too (tests/pg.cmake). */
#include "ledger_test_util.h"

#include "bridgemp/ledger_carried.h"
#include "bridgemp/ledger_secretary.h"

#define NUM BMP_SOURCE_DIR "/tests/data/numbers/"
#define NZS BMP_SOURCE_DIR "/tests/data/nz-scorer/"

/* tests/data/numbers/ebu_guest.json with Jo Lane's number (456789) taken
 * out: a guest 88888888 and a player with no number. */
static const char *ebu_guest_file(lt *t)
{
    char *data = NULL;
    size_t len = 0;
    FILE *f = fopen(NUM "ebu_guest.json", "rb");
    assert_non_null(f);
    data = calloc(1, 1 << 16);
    assert_non_null(data);
    len = fread(data, 1, (1 << 16) - 1, f);
    fclose(f);
    assert_true(len > 0);
    char *at = strstr(data, "\"456789\"");
    assert_non_null(at);
    memmove(at + 2, at + 8, strlen(at + 8) + 1);
    at[0] = at[1] = '"';
    const char *path = lt_file(t, "guest.json", data);
    free(data);
    return path;
}

static void ebu_players(lt *t)
{
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_import_players(t->l, "ebu", lt_file(t, "p.csv",
                     "number,name,status\n123456,Ruth Hart,Active\n345678,Ann Fox,Active\n"
                     "567890,P5,Active\n678901,P6,Active\n890123,P8,Active\n"
                     "901234,P9,Active\n223344,P22,Active\n334455,P33,Active\n"),
                     NULL, NULL, &e), BMP_OK);
}

/* The row of `held` whose column number is `number` (-1: none). */
static long held_row(const bmp_table *h, const char *number, const char *name)
{
    for (size_t r = 0; h && r < h->nrows; r++)
        if (strcmp(lt_cell(h, r, "number"), number) == 0 && strcmp(lt_cell(h, r, "name"), name) == 0)
            return (long)r;
    return -1;
}

static void ebu_guest_and_no_number_held(void **state)
{
    (void)state;
    lt t;
    lt_new(&t);
    ebu_players(&t);
    const char *path = ebu_guest_file(&t);
    int64_t id = lt_import(&t, path, "ebu", BMP_OK);
    assert_int_equal(id, 1);
    bmp_error e = {0};
    bmp_ledger_sections s;
    assert_int_equal(bmp_ledger_batch_show(t.l, id, &s, &e), BMP_OK);
    const bmp_table *h = bmp_ledger_section(&s, "held");
    assert_non_null(h);
    /* the guest, Jo Lane without a number, and the file's own two: Kim
     * Shaw's 12X45 and Sam Pike without a number; no registered player */
    assert_int_equal(h->nrows, 4);
    long g = held_row(h, "88888888", "Tom Bell"), n = held_row(h, "", "Jo Lane"),
         x = held_row(h, "12X45", "Kim Shaw"), sp = held_row(h, "", "Sam Pike");
    assert_true(g >= 0 && n >= 0 && x >= 0 && sp >= 0);
    assert_string_equal(lt_cell(h, (size_t)g, "why"), "guest");
    assert_string_equal(lt_cell(h, (size_t)n, "why"), "no number");
    assert_string_equal(lt_cell(h, (size_t)sp, "why"), "no number");
    assert_non_null(strstr(lt_cell(h, (size_t)x, "why"), "not a valid EBU number: "));
    assert_string_equal(lt_cell(h, (size_t)g, "points"), "30.00");
    /* the others posted to their players: eight lines */
    const bmp_table *ln = bmp_ledger_section(&s, "lines");
    assert_non_null(ln);
    assert_int_equal(ln->nrows, 8);
    bmp_ledger_sections_free(&s);
    /* never registered: the register has the eight it had */
    char *d = lt_dump(&t);
    assert_null(strstr(d, "88888888,Tom Bell"));
    free(d);
    lt_done(&t);
}

static void ebu_guest_strict_refused(void **state)
{
    (void)state;
    lt t;
    lt_new(&t);
    ebu_players(&t);
    const char *path = ebu_guest_file(&t);
    char *before = lt_dump(&t);
    bmp_error e = {0};
    bmp_problems p = {0};
    int64_t id = 0;
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "ebu", .strict_numbers = true};
    assert_int_equal(bmp_ledger_import(t.l, path, &o, &id, &p, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "88888888"));
    assert_int_equal(id, 0);
    bmp_problems_free(&p);
    lt_unchanged(&t, before);
    lt_done(&t);
}

/* NZ Scorer's pairs.xml: numbers 0 .. 131 (anonymised), club 330, cpoints
 * carried on the scale of 2015 (docs/nzscorer.md). */
static int64_t nz_import(lt *t, bool strict, bmp_status want, bmp_error *e)
{
    assert_int_equal(bmp_ledger_import_clubs(t->l, "nzb",
                                             lt_file(t, "c.csv", "number,name,dummy\n"
                                                                 "330,Palmerston North,0\n"),
                                             NULL, NULL, e), BMP_OK);
    bmp_problems p = {0};
    int64_t id = 0;
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "nzb", .strict_numbers = strict};
    bmp_status st = bmp_ledger_import(t->l, NZS "pairs.xml", &o, &id, &p, e);
    if (st != want)
        fprintf(stderr, "import pairs.xml: %s\n", e->msg);
    assert_int_equal(st, want);
    bmp_problems_free(&p);
    return id;
}

static void nz_scorer_pairs_held(void **state)
{
    (void)state;
    lt t;
    lt_new(&t);
    bmp_error e = {0};
    int64_t id = nz_import(&t, false, BMP_OK, &e);
    assert_int_equal(id, 1);
    bmp_ledger_sections s;
    assert_int_equal(bmp_ledger_batch_show(t.l, id, &s, &e), BMP_OK);
    const bmp_table *h = bmp_ledger_section(&s, "held");
    assert_non_null(h);
    assert_true(h->nrows > 0);
    size_t none = 0, invalid = 0;
    for (size_t r = 0; r < h->nrows; r++) {
        const char *why = lt_cell(h, r, "why");
        none += strcmp(why, "no number") == 0;
        invalid += strncmp(why, "not a valid NZB number", 22) == 0;
    }
    assert_int_equal(none + invalid, h->nrows); /* every line held for its number */
    assert_true(invalid > 0);
    bmp_ledger_sections_free(&s);
    /* the cpoints carried, on the 2015 scale: held for the difference too */
    bool held = false, accepted = true;
    assert_int_equal(bmp_ledger_batch_hold(t.l, id, &held, &accepted, NULL, 0, &e), BMP_OK);
    assert_true(held);
    assert_false(accepted);
    lt_done(&t);
}

static void nz_scorer_pairs_strict_refused(void **state)
{
    (void)state;
    lt t;
    lt_new(&t);
    bmp_error e = {0};
    nz_import(&t, true, BMP_EINVAL, &e);
    assert_non_null(strstr(e.msg, "NZB"));
    lt_done(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ebu_guest_and_no_number_held),
        cmocka_unit_test(ebu_guest_strict_refused),
        cmocka_unit_test(nz_scorer_pairs_held),
        cmocka_unit_test(nz_scorer_pairs_strict_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
