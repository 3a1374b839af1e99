/* ABF Tables 1A-3C reproduced from the formulae (3.1.1, 3.1.2, 4.1.1), and
 * the grade table (1.5.1, 3.1.3, 4.2.3).  Every readable printed cell is
 * compared; "?" cells (Table 3B, T=2) are skipped and counted. */
#include "bmp_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abf/abf_internal.h"

typedef struct counts {
    int compared, blank, unreadable, ties_half_up;
} counts;

/* Compare every cell of tables/abf/table_<kind><letter>.csv. */
static counts check_table(char kind, char letter)
{
    char rel[64];
    snprintf(rel, sizeof rel, "abf/table_%c%c.csv", kind, letter);
    bmp_csv csv;
    bmp_csv_load(&csv, rel);
    counts n = {0};
    int tmin, tmax;
    abf_table_range(kind, letter, &tmin, &tmax);
    assert_int_equal((int)csv.nrows - 1, tmax - tmin + 1); /* every printed row */
    for (size_t r = 1; r < csv.nrows; r++) {
        int t = atoi(bmp_csv_get(&csv, r, 0));
        assert_int_equal(t, tmin + (int)r - 1);
        for (size_t c = 1; c < csv.ncells[r] && c <= 9; c++) {
            const char *cell = bmp_csv_get(&csv, r, c);
            int col = kind == '3' ? (int)c + 1 : (int)c;
            bmp_points p = -1;
            bool has = abf_table_cell(kind, letter, t, col, BMP_ROUND_HALF_UP, &p);
            if (strcmp(cell, "?") == 0) {
                n.unreadable++;
                continue;
            }
            if (!*cell) {
                if (has)
                    fail_msg("table %c%c T=%d col %zu: printed blank, computed %lld", kind, letter,
                             t, c, (long long)p);
                n.blank++;
                continue;
            }
            if (!has)
                fail_msg("table %c%c T=%d col %zu: printed %s, computed no award", kind, letter, t,
                         c, cell);
            bmp_points want;
            assert_true(bmp_points_parse(cell, &want));
            if (p != want)
                fail_msg("table %c%c T=%d col %zu: printed %s, computed %lld", kind, letter, t, c,
                         cell, (long long)p);
            bmp_points he;
            abf_table_cell(kind, letter, t, col, BMP_ROUND_HALF_EVEN, &he);
            if (he != p)
                n.ties_half_up++;
            n.compared++;
        }
    }
    bmp_csv_free(&csv);
    return n;
}

/* ABF-6: Mitchell winner 0.02WT (T <= 30), W(1-e^(-T/32)) above; ABF-10
 * lower places 70 %, 1/(k-1); ABF-11 floor(T/2) places (the blank pattern);
 * ABF-45 half-up.  Table 1A 97 cells, 1B 97, 1C 277 (abf.md §3.1). */
static void tables_1x(void **state)
{
    (void)state;
    counts a = check_table('1', 'A'), b = check_table('1', 'B'), c = check_table('1', 'C');
    assert_int_equal(a.compared, 97);
    assert_int_equal(b.compared, 97);
    assert_int_equal(c.compared, 277);
    assert_int_equal(a.unreadable + b.unreadable + c.unreadable, 0);
}

/* ABF-7: Howell winner 0.04WT (T <= 15); ABF-11 T places (max 9 printed). */
static void tables_2x(void **state)
{
    (void)state;
    counts a = check_table('2', 'A'), b = check_table('2', 'B'), c = check_table('2', 'C');
    assert_int_equal(a.compared, 80);
    assert_int_equal(b.compared, 80);
    assert_int_equal(c.compared, 80);
    /* ABF-45/AMB-1: 36 printed cells are exact .005 ties in Tables 1x/2x,
     * all printed rounded up: 4.4.2's "rounding to even" would fail them. */
    counts a1 = check_table('1', 'A'), b1 = check_table('1', 'B'), c1 = check_table('1', 'C');
    assert_int_equal(a.ties_half_up + b.ties_half_up + c.ties_half_up + a1.ties_half_up +
                         b1.ties_half_up + c1.ties_half_up,
                     36);
}

/* ABF-28: 4.2W[1-e^(-T(S-1)/105)+0.65e^(-800/(T(S-1)))], S=2 clamped to
 * 44..52 % and S=3 to 72..80 % of the unrounded S=4 value.  3A 351 cells,
 * 3B 351 of which 8 unreadable (T=2 row; its S=10 ".99" reconstructed and
 * tested, flags.csv), 3C 729. */
static void tables_3x(void **state)
{
    (void)state;
    counts a = check_table('3', 'A'), b = check_table('3', 'B'), c = check_table('3', 'C');
    assert_int_equal(a.compared, 351);
    assert_int_equal(b.compared, 343);
    assert_int_equal(b.unreadable, 8);
    assert_int_equal(c.compared, 729);
    /* The reconstructed Table 3B T=2 row (abf.md §3.4): the formula gives
     * 0.15 0.25 0.35 0.46 0.57 0.68 0.79 0.89 0.99. */
    static const char *const row2[] = {"0.15", "0.25", "0.35", "0.46", "0.57",
                                       "0.68", "0.79", "0.89", "0.99"};
    for (int s = 2; s <= 10; s++) {
        bmp_points p;
        assert_true(abf_table_cell('3', 'B', 2, s, BMP_ROUND_HALF_UP, &p));
        assert_points(p, row2[s - 2]);
    }
    /* Every flags.csv cell that is readable is a reconstructed 3B S=10 or
     * T=10 cell: all agree with the formula (checked above); count them. */
    bmp_csv f;
    bmp_csv_load(&f, "abf/flags.csv");
    int recon = 0, unread = 0;
    for (size_t r = 1; r < f.nrows; r++) {
        const char *st = bmp_csv_get(&f, r, bmp_csv_col(&f, "status"));
        if (strcmp(st, "unreadable") == 0)
            unread++;
        else
            recon++;
    }
    assert_int_equal(unread, b.unreadable);
    assert_int_equal(recon, 40);
    bmp_csv_free(&f);
}

/* ABF-12: beyond the table limits the winner's award comes from the
 * formula and lower places from 4.1.1.  1C T=40 1st is printed 1.79 =
 * 2.5(1-e^(-40/32)); T=41: 2.5(1-e^(-41/32)) = 1.80578 -> 1.81, 2nd
 * 0.7 x 1.80578 = 1.26404 -> 1.26, 10th 1.80578/9 = 0.20064 -> 0.20. */
static void beyond_limits(void **state)
{
    (void)state;
    core_exact w = abf_session_winner(false, 41, 250);
    assert_points(abf_round(w, BMP_ROUND_HALF_UP), "1.81");
    assert_points(abf_round(abf_place_award(w, 2), BMP_ROUND_HALF_UP), "1.26");
    assert_points(abf_round(abf_place_award(w, 10), BMP_ROUND_HALF_UP), "0.20");
    /* Outright S = 11, T = 10, W = 1: 4.2[1-e^(-100/105)+0.65e^(-8)] =
     * 4.2 x (1 - 0.385842 + 0.000218) = 2.58047 -> 2.58. */
    assert_points(abf_round(abf_outright_winner(10, 11, 100), BMP_ROUND_HALF_UP), "2.58");
    /* 3C T=82 S=10 is the last printed cell; T=83 continues by formula and
     * must not decrease. */
    bmp_points p82, p83;
    abf_table_cell('3', 'C', 82, 10, BMP_ROUND_HALF_UP, &p82);
    p83 = abf_round(abf_outright_winner(83, 10, 250), BMP_ROUND_HALF_UP);
    assert_true(p83 >= p82);
}

/* ABF-1, ABF-2, ABF-3, ABF-5: grades.csv (1.5.1 + 3.1.3 + 4.2.3), every row. */
static void grade_table(void **state)
{
    (void)state;
    bmp_csv csv;
    bmp_csv_load(&csv, "abf/grades.csv");
    size_t cg = bmp_csv_col(&csv, "grade"), cc = bmp_csv_col(&csv, "colour"),
           cp = bmp_csv_col(&csv, "pairs_weight"), ct = bmp_csv_col(&csv, "teams_weight"),
           csp = bmp_csv_col(&csv, "session_tables_pairs"),
           cfp = bmp_csv_col(&csv, "session_factor_pairs"),
           cft = bmp_csv_col(&csv, "session_factor_teams"),
           cr = bmp_csv_col(&csv, "teams_rate_per_board");
    int rows = 0;
    for (size_t r = 1; r < csv.nrows; r++) {
        const abf_grade *g = abf_grade_find(bmp_csv_get(&csv, r, cg));
        assert_non_null(g);
        assert_string_equal(g->colour, bmp_csv_get(&csv, r, cc)); /* ABF-1 */
        bmp_points w;
        assert_true(bmp_points_parse(bmp_csv_get(&csv, r, cp), &w));
        assert_int_equal(g->pairs_w100, w); /* ABF-2 */
        assert_true(bmp_points_parse(bmp_csv_get(&csv, r, ct), &w));
        assert_int_equal(g->teams_w100, w);
        /* ABF-3: tables letter and factor; table W x factor = grade W. */
        assert_int_equal(g->pairs_table, bmp_csv_get(&csv, r, csp)[1]);
        assert_true(bmp_points_parse(bmp_csv_get(&csv, r, cfp), &w));
        assert_int_equal(g->pairs_factor100, w);
        assert_int_equal(abf_table_w100(g->pairs_table) * g->pairs_factor100, g->pairs_w100 * 100);
        assert_true(bmp_points_parse(bmp_csv_get(&csv, r, cft), &w));
        assert_int_equal(g->teams_factor100, w);
        assert_int_equal(abf_table_w100(g->teams_table) * g->teams_factor100, g->teams_w100 * 100);
        /* ABF-5: rate per board = 0.008 x teams W, e.g. "0.016" -> 1600e-5. */
        const char *rate = bmp_csv_get(&csv, r, cr);
        double d = atof(rate);
        assert_int_equal(abf_rate_per_board_e5(g), (int64_t)(d * 100000 + 0.5));
        rows++;
    }
    assert_int_equal(rows, 13);
    bmp_csv_free(&csv);
    /* AMB-17: Latin codes, case-insensitive; unknown is NULL. */
    assert_string_equal(abf_grade_find("b4c")->code, "B4c");
    assert_null(abf_grade_find("B6"));
    /* ABF-2 (2.1): grade E is the base: teams W 1.0. */
    assert_int_equal(abf_grade_find("E")->teams_w100, 100);
}

/* ABF-4 / AMB-2 (§3.5): table x factor and formula-with-W differ after
 * rounding.  1A T=4 2nd = 0.06 printed; x2 = 0.12; formula with W = 2:
 * 0.7 x 0.02 x 2 x 4 = 0.112 -> 0.11.  Count of differing cells for D
 * pairs (1A x 2) is 33 of 97 (abf.md §3.5). */
static void table_times_factor_vs_formula(void **state)
{
    (void)state;
    int differ = 0, total = 0;
    for (int t = 4; t <= 20; t++)
        for (int k = 1; k <= 9; k++) {
            bmp_points cell;
            if (!abf_table_cell('1', 'A', t, k, BMP_ROUND_HALF_UP, &cell))
                continue;
            bmp_points via_table = bmp_mul_ratio(cell, 200, 100, BMP_ROUND_HALF_UP, 1);
            bmp_points via_formula = abf_round(
                abf_place_award(abf_session_winner(false, t, 200), k), BMP_ROUND_HALF_UP);
            differ += via_table != via_formula;
            total++;
        }
    assert_int_equal(total, 97);
    assert_int_equal(differ, 33);
    bmp_points cell;
    abf_table_cell('1', 'A', 4, 2, BMP_ROUND_HALF_UP, &cell);
    assert_points(cell, "0.06");
    assert_points(abf_round(abf_place_award(abf_session_winner(false, 4, 200), 2),
                            BMP_ROUND_HALF_UP),
                  "0.11");
}

/* Cells of a table where table x factor (rounded twice) and the formula
 * with W = table weight x factor (rounded once) differ. */
static int differing(char kind, char letter, int f100)
{
    int tmin, tmax, n = 0;
    abf_table_range(kind, letter, &tmin, &tmax);
    int w = abf_table_w100(letter) * f100 / 100;
    for (int t = tmin; t <= tmax; t++)
        for (int col = kind == '3' ? 2 : 1; col <= (kind == '3' ? 10 : 9); col++) {
            bmp_points cell;
            if (!abf_table_cell(kind, letter, t, col, BMP_ROUND_HALF_UP, &cell))
                continue;
            bmp_points via_table = bmp_mul_ratio(cell, f100, 100, BMP_ROUND_HALF_UP, 1);
            core_exact v = kind == '3' ? abf_outright_winner(t, col, w)
                                    : abf_place_award(abf_session_winner(kind == '2', t, w), col);
            n += via_table != abf_round(v, BMP_ROUND_HALF_UP);
        }
    return n;
}

/* ABF-4 / AMB-2: the counts of abf.md §3.5 for every grade route: B3 (1C x
 * 1.5) 96/277, B/A2 (1C x 2) 122/277, A (1C x 4) 165/277, F (1B x 0.5)
 * 16/97; outright 3C x 4 502/729, 3C x 2 316/729, 3A x 2 182/351. */
static void routes_differ(void **state)
{
    (void)state;
    assert_int_equal(differing('1', 'C', 150), 96);
    assert_int_equal(differing('1', 'C', 200), 122);
    assert_int_equal(differing('1', 'C', 400), 165);
    assert_int_equal(differing('1', 'B', 50), 16);
    assert_int_equal(differing('3', 'C', 400), 502);
    assert_int_equal(differing('3', 'C', 200), 316);
    assert_int_equal(differing('3', 'A', 200), 182);
}

/* ABF-45 (4.4.2 literal, AMB-1): `scale --rounding half-even` changes
 * exactly the tie cells: 1A T=18 9th 0.045 -> 0.04 (printed 0.05), 1B T=5
 * 2nd 0.105 -> 0.10 (printed 0.11), 2A T=13 9th 0.065 -> 0.06 (printed
 * 0.07). */
static void half_even_cells(void **state)
{
    (void)state;
    bmp_points p;
    abf_table_cell('1', 'A', 18, 9, BMP_ROUND_HALF_EVEN, &p);
    assert_points(p, "0.04");
    abf_table_cell('1', 'A', 18, 9, BMP_ROUND_HALF_UP, &p);
    assert_points(p, "0.05");
    abf_table_cell('1', 'B', 5, 2, BMP_ROUND_HALF_EVEN, &p);
    assert_points(p, "0.10");
    abf_table_cell('2', 'A', 13, 9, BMP_ROUND_HALF_EVEN, &p);
    assert_points(p, "0.06");
    abf_table_cell('2', 'A', 13, 9, BMP_ROUND_HALF_UP, &p);
    assert_points(p, "0.07");
}

/* The scale entry: table shape and options. */
static void scale_tables(void **state)
{
    (void)state;
    bmp_table t;
    bmp_error e = {0};
    bmp_table_init(&t);
    assert_int_equal(bmp_scale("abf", "3C", NULL, NULL, &t, &e), BMP_OK);
    assert_int_equal(t.nrows, 81); /* T = 2..82 (3.4) */
    assert_string_equal(bmp_table_get(&t, bmp_table_find_row(&t, "20"), 2), "3.33");
    bmp_table_free(&t);
    bmp_param opt[2] = {{.key = "grade", .type = BMP_PARAM_STRING, .string = "A"},
                        {.key = "max-tables", .type = BMP_PARAM_STRING, .string = "45"}};
    bmp_params opts = {opt, 2};
    bmp_table_init(&t);
    assert_int_equal(bmp_scale("abf", "1C", NULL, &opts, &t, &e), BMP_OK);
    assert_int_equal(t.nrows, 42); /* 4..45 */
    /* grade A, W = 10: T=4 0.02 x 10 x 4 = 0.80 */
    assert_string_equal(bmp_table_get(&t, 0, 1), "0.80");
    bmp_table_free(&t);
    bmp_param bad = {.key = "grade", .type = BMP_PARAM_STRING, .string = "Q"};
    bmp_params badp = {&bad, 1};
    bmp_table_init(&t);
    assert_int_equal(bmp_scale("abf", "1C", NULL, &badp, &t, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "unknown ABF grade \"Q\""));
    bmp_table_free(&t);
}

/* The submission form's grades (bmp_rules.scale_values, issue 29) are the
 * grade table's codes (1.5.1), in its order, each one abf_grade_find knows. */
static void scale_values_are_the_grades(void **state)
{
    (void)state;
    const bmp_rules *r = bmp_rules_find("abf");
    assert_non_null(r);
    assert_string_equal(r->scale_option, "grade");
    char want[256] = "";
    for (const abf_grade *const *g = abf_grades(); *g; g++)
        snprintf(want + strlen(want), sizeof want - strlen(want), "%s%s", *want ? "|" : "",
                 (*g)->code);
    assert_string_equal(r->scale_values, want);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tables_1x),   cmocka_unit_test(tables_2x),
        cmocka_unit_test(tables_3x),   cmocka_unit_test(beyond_limits),
        cmocka_unit_test(grade_table), cmocka_unit_test(table_times_factor_vs_formula),
        cmocka_unit_test(routes_differ), cmocka_unit_test(half_even_cells),
        cmocka_unit_test(scale_tables), cmocka_unit_test(scale_values_are_the_grades),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
