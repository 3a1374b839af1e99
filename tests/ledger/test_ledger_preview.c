/* bmp_ledger_preview_memory (issue 29): the import's own checks as a dry
 * run.  It writes nothing; it refuses with exactly the problems the import
 * refuses with; what it would take, the import takes alike (the same held
 * lines, the same totals); a repeat names the batch it duplicates. */
#include "ledger_test_util.h"

#include "bridgemp/ledger_preview.h"

#define EX BMP_SOURCE_DIR "/examples/"

/* Preview path's bytes; the ledger unchanged. */
static void preview(lt *t, const char *path, bmp_ledger_sections *s)
{
    size_t len = 0;
    char *data = bmp_test_slurp_exact(path, &len);
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "abf", .club = "2074"};
    bmp_error e = {0};
    char *before = lt_dump(t);
    bmp_status st = bmp_ledger_preview_memory(t->l, data, len, path, &o, s, NULL, &e);
    if (st)
        fprintf(stderr, "preview: %s\n", e.msg);
    assert_int_equal(st, BMP_OK);
    lt_unchanged(t, before);
    free(data);
}

static const char *summary(const bmp_ledger_sections *s, const char *col)
{
    return lt_cell(bmp_ledger_section(s, "preview"), 0, col);
}

/* The import of path: its status, problems and error. */
static bmp_status import(lt *t, const char *path, int64_t *id, bmp_problems *p, bmp_error *e)
{
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "abf", .club = "2074"};
    return bmp_ledger_import(t->l, path, &o, id, p, e);
}

/* ABF-6 club pairs with player 1006 Deceased (lt_abf): the import refuses
 * (NZ-88 as the ABF applies it: no points to the deceased); the preview
 * lists the same problems, in the same order, and says "refused". */
static void refuses_as_the_import(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    bmp_ledger_sections s = {0};
    preview(&t, EX "abf/club-pairs.json", &s);
    bmp_problems p = {0};
    bmp_error e = {0};
    int64_t id = 0;
    assert_int_equal(import(&t, EX "abf/club-pairs.json", &id, &p, &e), BMP_EINVAL);
    const bmp_table *pr = bmp_ledger_section(&s, "problems");
    assert_true(p.count > 0);
    assert_int_equal(pr->nrows, p.count);
    for (size_t i = 0; i < p.count; i++)
        assert_string_equal(bmp_table_get(pr, i, 0), p.msgs[i]);
    lt_has(&p, "1006 is Deceased");
    assert_string_equal(summary(&s, "verdict"), "refused");
    bmp_problems_free(&p);
    bmp_ledger_sections_free(&s);
    lt_done(&t);
}

/* With 1006 active the import takes the file: the preview said so, with
 * the same held lines (1007 Dormant, and the players not registered) and
 * the same total (green 3.36 over 20 lines, as demo batch 2); then the
 * same file again is a duplicate of that batch, with the import's own
 * words. */
static void takes_as_the_import(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    bmp_error e = {0};
    size_t n = 0;
    assert_int_equal(bmp_ledger_import_players(t.l, "abf",
                                               lt_file(&t, "p2.csv",
                                                       "number,name,status,home_club\n"
                                                       "1006,Player 6,Active,2074\n"),
                                               &n, NULL, &e), BMP_OK);
    bmp_ledger_sections s = {0};
    preview(&t, EX "abf/club-pairs.json", &s);
    assert_string_equal(summary(&s, "verdict"), "provisional");
    assert_int_equal(bmp_ledger_section(&s, "problems")->nrows, 0);
    assert_string_equal(summary(&s, "lines"), "20");
    const bmp_table *tot = bmp_ledger_section(&s, "totals");
    assert_int_equal(tot->nrows, 1);
    assert_string_equal(lt_cell(tot, 0, "point_type"), "green");
    assert_string_equal(lt_cell(tot, 0, "points"), "3.36");

    bmp_problems p = {0};
    int64_t id = 0;
    assert_int_equal(import(&t, EX "abf/club-pairs.json", &id, &p, &e), BMP_OK);
    bmp_ledger_sections b = {0};
    assert_int_equal(bmp_ledger_batch_show(t.l, id, &b, &e), BMP_OK);
    const bmp_table *held = bmp_ledger_section(&b, "held");
    const bmp_table *lines = bmp_ledger_section(&s, "lines");
    size_t would = 0;
    for (size_t r = 0; r < lines->nrows; r++) {
        if (!*lt_cell(lines, r, "held"))
            continue;
        /* each line the preview would hold is held, for the same reason */
        size_t k = 0;
        while (k < held->nrows && strcmp(lt_cell(held, k, "number"), lt_cell(lines, r, "number")))
            k++;
        assert_true(k < held->nrows);
        assert_string_equal(lt_cell(held, k, "why"), lt_cell(lines, r, "held"));
        would++;
    }
    assert_int_equal(would, held->nrows);
    assert_true(would > 0);
    char want[24];
    snprintf(want, sizeof want, "%zu", would);
    assert_string_equal(summary(&s, "held"), want);
    bmp_ledger_sections_free(&b);
    bmp_ledger_sections_free(&s);

    /* again: the import refuses it naming the batch; the preview says so */
    int64_t first = id;
    preview(&t, EX "abf/club-pairs.json", &s);
    assert_int_equal(import(&t, EX "abf/club-pairs.json", &id, &p, &e), BMP_EINVAL);
    char dup[24];
    snprintf(dup, sizeof dup, "%lld", (long long)first);
    assert_string_equal(summary(&s, "duplicate_of"), dup);
    assert_string_equal(summary(&s, "verdict"), "refused");
    assert_string_equal(bmp_table_get(bmp_ledger_section(&s, "problems"), 0, 0), e.msg);
    bmp_problems_free(&p);
    bmp_ledger_sections_free(&s);
    lt_done(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(refuses_as_the_import),
        cmocka_unit_test(takes_as_the_import),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
