/* NZ award tables (Part E, Sept 2017) reproduced by the engine: every
 * readable printed cell of the CSVs in tests/data/nzb is compared with
 * `bridgemp scale nzb <table>` (nzb.md §3).  The seven defective printed
 * rows (tables/nzb/README.md, A-31) are tested against the formula with
 * the defect named. */
#include "bmp_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/nzb.h"
#include "nzb/nzb_internal.h"

static size_t col_of(const bmp_table *t, const char *name)
{
    for (size_t c = 0; c < t->ncols; c++)
        if (!strcmp(t->columns[c], name))
            return c;
    return (size_t)-1;
}

/* A known defect: the printed row `n` equals the formula row with the cell
 * at place `dropped` removed and the rest shifted left (a transcription/
 * print slip of an equal adjacent value), or one cell printed one lower. */
typedef struct defect {
    const char *file;
    int n;
    int dropped; /* place whose value is missing, or 0 */
    int low;     /* place printed one lower than the formula, or 0 */
} defect;

static const defect defects[] = {
    {"c_basic_upto50.csv", 26, 0, 8}, /* C N=26 p8: printed 9, exact value 10.0 */
    {"a20_pairs.csv", 95, 0, 6},      /* 20A N=95 p6: printed 15, exact 16.0 */
    {"a15_pairs.csv", 75, 13, 0},     /* one of the two 6s (places 12/13) missing */
    {"a15_pairs.csv", 80, 15, 0},     /* one of the two 5s (places 14/15) missing */
    {"a15_teams.csv", 45, 10, 0},     /* copy of the N=40 row: one 7 (places 9/10) missing */
    {"a10_pairs.csv", 80, 12, 0},     /* one of the three 5s (places 10..12) missing */
    {"a10_pairs.csv", 85, 8, 0},      /* one of the three 7s (places 6..8) missing */
};

static const defect *find_defect(const char *file, int n)
{
    for (size_t i = 0; i < sizeof defects / sizeof defects[0]; i++)
        if (!strcmp(defects[i].file, file) && defects[i].n == n)
            return &defects[i];
    return NULL;
}

/* Compare every cell of one place-by-entrants CSV with the scale table.
 * Returns the number of cells compared. */
static int check_grid(const char *file, const char *scale, int top, int fnum, int fden)
{
    char rel[80];
    snprintf(rel, sizeof rel, "nzb/%s", file);
    bmp_csv csv;
    bmp_csv_load(&csv, rel);
    bmp_table t;
    bmp_table_init(&t);
    bmp_error err = {0};
    if (bmp_scale("nzb", scale, NULL, NULL, &t, &err) != BMP_OK)
        fail_msg("scale %s: %s", scale, err.msg);
    int compared = 0, defects_seen = 0;
    for (size_t r = 1; r < csv.nrows; r++) {
        const char *key = bmp_csv_get(&csv, r, 0);
        int n = atoi(key);
        size_t tr = bmp_table_find_row(&t, key);
        if (tr == (size_t)-1)
            fail_msg("%s: scale %s has no row N=%s", file, scale, key);
        const defect *d = find_defect(file, n);
        if (d)
            defects_seen++;
        for (size_t c = 1; c < csv.ncells[r]; c++) {
            const char *head = bmp_csv_get(&csv, 0, c);
            int p = atoi(head + 1);
            int printed = atoi(bmp_csv_get(&csv, r, c));
            int formula = nzb_formula(top, fnum, fden, 2 * n, p);
            if (d && d->dropped && p >= d->dropped) {
                /* printed place p holds the formula's place p+1 */
                int want = nzb_formula(top, fnum, fden, 2 * n, p + 1);
                if (printed != want)
                    fail_msg("%s N=%d p%d: defect shape differs: printed %d, formula(p+1) %d",
                             file, n, p, printed, want);
                continue;
            }
            if (d && d->low == p) {
                if (printed != formula - 1)
                    fail_msg("%s N=%d p%d: expected the printed slip %d = formula %d - 1", file,
                             n, p, printed, formula);
                continue;
            }
            size_t tc = col_of(&t, head);
            if (tc == (size_t)-1)
                fail_msg("%s: scale %s has no column %s", file, scale, head);
            const char *cell = bmp_table_get(&t, tr, tc);
            if (atoi(cell) != printed || formula != printed)
                fail_msg("%s N=%d %s: printed %d, scale %s, formula %d", file, n, head, printed,
                         cell, formula);
            compared++;
        }
    }
    int expect_defects = 0;
    for (size_t i = 0; i < sizeof defects / sizeof defects[0]; i++)
        expect_defects += !strcmp(defects[i].file, file);
    assert_int_equal(defects_seen, expect_defects);
    bmp_table_free(&t);
    bmp_csv_free(&csv);
    return compared;
}

/* NZ-26: Basic C Table up to 50 and over 50 participants (f = 35 %). */
static void c_basic_tables(void **state)
{
    (void)state;
    int n = check_grid("c_basic_upto50.csv", "c-basic", 40, 7, 20);
    assert_int_equal(n, 47 * 19 - 1); /* every cell but the N=26 p8 slip */
    n = check_grid("c_basic_over50.csv", "c-basic-over50", 40, 7, 20);
    assert_int_equal(n, 25 * 23);
    /* NZ-26 derived vectors (nzb.md §4): C N=20: 40 34 28 23 17 12 6 1;
     * place 8 = 40 - 39*7/7 = exactly 1. */
    static const int n20[] = {40, 34, 28, 23, 17, 12, 6, 1, 0};
    for (int p = 1; p <= 9; p++)
        assert_int_equal(nzb_c_basic(20, p), n20[p - 1]);
    /* Formula extensions below the grid: N=3: 40, 2; N=2: 40. */
    assert_int_equal(nzb_c_basic(3, 1), 40);
    assert_int_equal(nzb_c_basic(3, 2), 2);
    assert_int_equal(nzb_c_basic(2, 2), 0);
    /* The >50 grid lacks N=210: the formula gives it, e.g. p1 40,
     * p2 = floor(40 - 39/73.5) = 39, places paid floor(73.5)+1 = 74. */
    assert_int_equal(nzb_c_basic(210, 2), 39);
    assert_int_equal(nzb_formula_places(40, 7, 20, 420), 74);
}

/* NZ-55..NZ-74: every A and B grid (pairs 25 %, teams 35 %). */
static void a_and_b_grids(void **state)
{
    (void)state;
    static const struct {
        const char *file, *scale;
        int top;
        bool teams;
    } g[] = {
        {"a20_pairs.csv", "20A-pairs", 20, false}, /* NZ-55 */
        {"a20_teams.csv", "20A-teams", 20, true},  /* NZ-56 */
        {"a15_pairs.csv", "15A-pairs", 15, false}, /* NZ-57 */
        {"a15_teams.csv", "15A-teams", 15, true},  /* NZ-58 */
        {"a10_pairs.csv", "10A-pairs", 10, false}, /* NZ-60 */
        {"a10_teams.csv", "10A-teams", 10, true},  /* NZ-61 */
        {"a5_pairs.csv", "5A-pairs", 5, false},    /* NZ-63 */
        {"a5_teams.csv", "5A-teams", 5, true},     /* NZ-64 */
        {"a3_pairs.csv", "3A-pairs", 3, false},    /* NZ-66 */
        {"a3_teams.csv", "3A-teams", 3, true},     /* NZ-67 */
        {"b8_pairs.csv", "8B-pairs", 8, false},    /* NZ-69 */
        {"b8_teams.csv", "8B-teams", 8, true},     /* NZ-70 */
        {"b5_pairs.csv", "5B-pairs", 5, false},    /* NZ-71 */
        {"b5_teams.csv", "5B-teams", 5, true},     /* NZ-72 */
        {"b3_pairs.csv", "3B-pairs", 3, false},    /* NZ-73 */
        {"b3_teams.csv", "3B-teams", 3, true},     /* NZ-74 */
    };
    int total = 0;
    for (size_t i = 0; i < sizeof g / sizeof g[0]; i++)
        total += check_grid(g[i].file, g[i].scale, g[i].top, g[i].teams ? 7 : 1,
                            g[i].teams ? 20 : 4);
    assert_true(total > 10000);
    /* NZ-57: 15A Pairs N=100 needs 26 places, the grid prints 25: the 26th
     * is 1 A (15 - 14*25/25 = exactly 1). */
    const nzb_grade *a15 = nzb_grade_find("15A");
    assert_int_equal(nzb_grid(a15, false, 100, 26), 1);
    assert_int_equal(nzb_grid(a15, false, 100, 27), 0);
    /* NZ-55 beyond the printed range (nzb.md §4): 20A Pairs N=120 pays 31
     * places: 20, 19, 18, 18, ... 2, 1, 1. */
    static const int n120[] = {20, 19, 18, 18, 17, 16, 16, 15, 14, 14, 13, 13, 12, 11, 11, 10,
                               9,  9,  8,  7,  7,  6,  6,  5,  4,  4,  3,  2,  2,  1,  1,  0};
    const nzb_grade *a20 = nzb_grade_find("20A");
    for (int p = 1; p <= 32; p++)
        assert_int_equal(nzb_grid(a20, false, 120, p), n120[p - 1]);
    /* NZ-64 below the printed range: 5A Teams N=4 -> 5, 2. */
    const nzb_grade *a5 = nzb_grade_find("5A");
    assert_int_equal(nzb_grid(a5, true, 4, 1), 5);
    assert_int_equal(nzb_grid(a5, true, 4, 2), 2);
    assert_int_equal(nzb_grid(a5, true, 4, 3), 0);
}

/* NZ-53: 25A Pairs Final/Plate (Plate = Final - 10) and semi-final bands. */
static void a25_pairs_tables(void **state)
{
    (void)state;
    bmp_csv csv;
    bmp_csv_load(&csv, "nzb/a25_pairs_final_plate.csv");
    bmp_table t;
    bmp_table_init(&t);
    assert_int_equal(bmp_scale("nzb", "25A-pairs", NULL, NULL, &t, NULL), BMP_OK);
    assert_int_equal(csv.nrows - 1, 28);
    for (size_t r = 1; r < csv.nrows; r++) {
        size_t tr = bmp_table_find_row(&t, bmp_csv_get(&csv, r, 0));
        assert_true(tr != (size_t)-1);
        assert_string_equal(bmp_table_get(&t, tr, 1), bmp_csv_get(&csv, r, 1));
        assert_string_equal(bmp_table_get(&t, tr, 2), bmp_csv_get(&csv, r, 2));
    }
    bmp_table_free(&t);
    bmp_csv_free(&csv);
    bmp_csv_load(&csv, "nzb/a25_pairs_semifinal.csv");
    int cells = 0;
    for (size_t r = 1; r < csv.nrows; r++) {
        int field = atoi(bmp_csv_get(&csv, r, 0));
        int from = atoi(bmp_csv_get(&csv, r, 1)), to = atoi(bmp_csv_get(&csv, r, 2));
        int pts = atoi(bmp_csv_get(&csv, r, 3));
        for (int p = from; p <= to; p++, cells++) {
            int v = -1;
            assert_true(nzb_a25_pairs_semifinal(field, p, &v));
            assert_int_equal(v, pts);
        }
    }
    assert_int_equal(cells, (78 - 53) + (104 - 53)); /* places 54..78 and 54..104 */
    int v;
    assert_false(nzb_a25_pairs_semifinal(90, 60, &v)); /* only 78 and 104 printed */
    bmp_csv_free(&csv);
}

/* NZ-54: 25A Teams by field band. */
static void a25_teams_table(void **state)
{
    (void)state;
    bmp_csv csv;
    bmp_csv_load(&csv, "nzb/a25_teams.csv");
    bmp_table t;
    bmp_table_init(&t);
    assert_int_equal(bmp_scale("nzb", "25A-teams", NULL, NULL, &t, NULL), BMP_OK);
    static const int reps[4][2] = {{50, 100}, {101, 110}, {111, 120}, {121, 130}};
    for (size_t r = 1; r < csv.nrows; r++) {
        int from = atoi(bmp_csv_get(&csv, r, 0)), to = atoi(bmp_csv_get(&csv, r, 1));
        for (int b = 0; b < 4; b++) {
            int want = atoi(bmp_csv_get(&csv, r, 2 + (size_t)b));
            for (int p = from; p <= to; p++)
                for (int k = 0; k < 2; k++) {
                    int v = -1;
                    assert_true(nzb_a25_teams(reps[b][k], p, &v));
                    assert_int_equal(v, want);
                }
        }
    }
    /* the scale prints the same rows: spot the equal-place rows */
    size_t tr = bmp_table_find_row(&t, "9-16");
    assert_true(tr != (size_t)-1);
    assert_string_equal(bmp_table_get(&t, tr, 1), "17");
    tr = bmp_table_find_row(&t, "31");
    assert_string_equal(bmp_table_get(&t, tr, 1), "1");
    assert_string_equal(bmp_table_get(&t, tr, 4), "4");
    int v;
    assert_false(nzb_a25_teams(49, 1, &v)); /* no band below 50 */
    assert_false(nzb_a25_teams(131, 1, &v));
    bmp_table_free(&t);
    bmp_csv_free(&csv);
}

/* NZ-31 (C 2 per deal, tie 1), NZ-41 (A 0.02 per board), NZ-42 (tie 0.01). */
static void match_play_tables(void **state)
{
    (void)state;
    bmp_table t;
    bmp_csv csv;
    bmp_table_init(&t);
    assert_int_equal(bmp_scale("nzb", "c-match-play", NULL, NULL, &t, NULL), BMP_OK);
    bmp_csv_load(&csv, "nzb/c_match_play.csv");
    assert_int_equal(csv.nrows - 1, 60);
    for (size_t r = 1; r < csv.nrows; r++) {
        size_t tr = bmp_table_find_row(&t, bmp_csv_get(&csv, r, 0));
        assert_true(tr != (size_t)-1);
        bmp_points want, got;
        assert_true(bmp_points_parse(bmp_csv_get(&csv, r, 1), &want));
        assert_true(bmp_points_parse(bmp_table_get(&t, tr, 1), &got));
        assert_int_equal(got, want);
        /* tie: half, 1 C per deal (E-10) */
        assert_true(bmp_points_parse(bmp_table_get(&t, tr, 2), &got));
        assert_int_equal(got * 2, want);
    }
    bmp_csv_free(&csv);
    bmp_table_free(&t);
    bmp_table_init(&t);
    assert_int_equal(bmp_scale("nzb", "a-match-play", NULL, NULL, &t, NULL), BMP_OK);
    bmp_csv_load(&csv, "nzb/a_match_play_basic.csv");
    assert_int_equal(csv.nrows - 1, 12);
    for (size_t r = 1; r < csv.nrows; r++) {
        size_t tr = bmp_table_find_row(&t, bmp_csv_get(&csv, r, 0));
        assert_true(tr != (size_t)-1);
        assert_string_equal(bmp_table_get(&t, tr, 1), bmp_csv_get(&csv, r, 1));
    }
    /* E-8: 7 boards -> 0.14 A; E-9: tie 0.01 per deal */
    assert_string_equal(bmp_table_get(&t, bmp_table_find_row(&t, "7"), 1), "0.14");
    assert_string_equal(bmp_table_get(&t, bmp_table_find_row(&t, "7"), 2), "0.07");
    bmp_csv_free(&csv);
    bmp_table_free(&t);
}

/* NZ-82, NZ-83, NZ-84, NZ-40, NZ-50, NZ-41, NZ-51: the summary matrix,
 * factor tables and minimum deals against the engine's grade table. */
static void requirement_matrix(void **state)
{
    (void)state;
    bmp_csv csv;
    bmp_csv_load(&csv, "nzb/summary_pairs.csv");
    for (size_t r = 1; r < csv.nrows; r++) {
        const nzb_grade *g = nzb_grade_find(bmp_csv_get(&csv, r, 0));
        assert_non_null(g);
        assert_int_equal(g->min_pairs, atoi(bmp_csv_get(&csv, r, 2)));
        assert_int_equal(g->c_factor, atoi(bmp_csv_get(&csv, r, 3)));
        const char *bonus = bmp_csv_get(&csv, r, 4);
        if (g->letter == 'C')
            assert_string_equal(bonus, "-");
        else
            assert_true(bonus[0] == '1' && bonus[1] == g->letter);
    }
    bmp_csv_free(&csv);
    bmp_csv_load(&csv, "nzb/c_session_factor_pairs.csv");
    for (size_t r = 1; r < csv.nrows; r++)
        assert_int_equal(nzb_grade_find(bmp_csv_get(&csv, r, 0))->c_factor,
                         atoi(bmp_csv_get(&csv, r, 1)));
    bmp_csv_free(&csv);
    bmp_csv_load(&csv, "nzb/summary_teams_swiss.csv");
    for (size_t r = 1; r < csv.nrows; r++) {
        const nzb_grade *g = nzb_grade_find(bmp_csv_get(&csv, r, 0));
        assert_non_null(g);
        assert_int_equal(g->min_teams, atoi(bmp_csv_get(&csv, r, 2)));
        int f = atoi(bmp_csv_get(&csv, r, 3));
        if (!strcmp(g->code, "8B"))
            /* the 8B Teams page says x2, the summary x1: the page wins */
            assert_int_equal(g->match_factor, 2);
        else
            assert_int_equal(g->match_factor, f);
        assert_string_equal(bmp_csv_get(&csv, r, 4), g->letter == 'A' ? "0.02A" : "2C");
    }
    bmp_csv_free(&csv);
    bmp_csv_load(&csv, "nzb/match_play_factor.csv");
    for (size_t r = 1; r < csv.nrows; r++) {
        const nzb_grade *g = nzb_grade_find(bmp_csv_get(&csv, r, 0));
        assert_int_equal(g->match_factor, atoi(bmp_csv_get(&csv, r, 1)));
        assert_int_equal(g->letter == 'A' ? 'A' : 'C', bmp_csv_get(&csv, r, 4)[0]);
    }
    bmp_csv_free(&csv);
    bmp_csv_load(&csv, "nzb/min_deals_by_event.csv");
    for (size_t r = 1; r < csv.nrows; r++) {
        const nzb_grade *g = nzb_grade_find(bmp_csv_get(&csv, r, 0));
        if (!g)
            continue; /* interprovincial and consolation rows: test_nzb_tournament.c
                       * interprovincial_championship_small_field, separate_3a_consolation */
        assert_int_equal(g->min_pairs, atoi(bmp_csv_get(&csv, r, 1)));
        assert_int_equal(g->min_teams, atoi(bmp_csv_get(&csv, r, 2)));
        const char *sw = bmp_csv_get(&csv, r, 3);
        if (*sw)
            assert_int_equal(g->min_swiss_pairs, atoi(sw));
    }
    bmp_csv_free(&csv);
}

/* NZ-75, NZ-76: interprovincial places. */
static void interprovincial_tables(void **state)
{
    (void)state;
    bmp_csv csv;
    bmp_csv_load(&csv, "nzb/interprovincial_trials.csv");
    for (size_t r = 1; r < csv.nrows; r++) {
        int p = atoi(bmp_csv_get(&csv, r, 0)), v;
        char l;
        static const char *const ows[] = {"open", "women", "senior"};
        for (int k = 0; k < 3; k++) {
            assert_true(nzb_interprovincial(true, ows[k], p, &v, &l));
            assert_int_equal(v, atoi(bmp_csv_get(&csv, r, 1)));
            assert_int_equal(l, 'A');
        }
        assert_true(nzb_interprovincial(true, "intermediate", p, &v, &l));
        assert_int_equal(v, atoi(bmp_csv_get(&csv, r, 2)));
        assert_int_equal(l, 'B');
    }
    bmp_csv_free(&csv);
    bmp_csv_load(&csv, "nzb/interprovincial_championships.csv");
    for (size_t r = 1; r < csv.nrows; r++) {
        int p = atoi(bmp_csv_get(&csv, r, 0)), v;
        char l;
        assert_true(nzb_interprovincial(false, "open", p, &v, &l));
        assert_int_equal(v, atoi(bmp_csv_get(&csv, r, 1)));
        assert_true(nzb_interprovincial(false, "women", p, &v, &l));
        assert_int_equal(v, atoi(bmp_csv_get(&csv, r, 2)));
        assert_true(nzb_interprovincial(false, "senior", p, &v, &l));
        assert_int_equal(v, atoi(bmp_csv_get(&csv, r, 2)));
        assert_true(nzb_interprovincial(false, "intermediate", p, &v, &l));
        assert_int_equal(v, atoi(bmp_csv_get(&csv, r, 3)));
        assert_int_equal(l, 'A'); /* Championships pay A even to Intermediate */
    }
    bmp_csv_free(&csv);
}

/* NZ-3: the rank table. */
static void ranks_table(void **state)
{
    (void)state;
    bmp_csv csv;
    bmp_csv_load(&csv, "nzb/ranks.csv");
    bmp_table t;
    bmp_table_init(&t);
    assert_int_equal(bmp_scale("nzb", "ranks", NULL, NULL, &t, NULL), BMP_OK);
    assert_int_equal(csv.nrows - 1, BMP_NZ_NRANKS);
    for (size_t r = 1; r < csv.nrows; r++)
        for (size_t c = 0; c < 4; c++)
            assert_string_equal(bmp_table_get(&t, r - 1, c), bmp_csv_get(&csv, r, c));
    bmp_table_free(&t);
    bmp_csv_free(&csv);
}

static void unknown_table(void **state)
{
    (void)state;
    bmp_table t;
    bmp_table_init(&t);
    bmp_error err = {0};
    assert_int_equal(bmp_scale("nzb", "25A-swiss", NULL, NULL, &t, &err), BMP_ENOTFOUND);
    assert_non_null(strstr(err.msg, "unknown nzb table"));
    bmp_table_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(c_basic_tables),      cmocka_unit_test(a_and_b_grids),
        cmocka_unit_test(a25_pairs_tables),    cmocka_unit_test(a25_teams_table),
        cmocka_unit_test(match_play_tables),   cmocka_unit_test(requirement_matrix),
        cmocka_unit_test(interprovincial_tables), cmocka_unit_test(ranks_table),
        cmocka_unit_test(unknown_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
