/* ACBL knockout formulas of both editions (src/acbl/ko_*.c): K, Appendix F
 * table counts, the 2003 adjustments, the later Computed Award, reduction
 * factors, 105% rule, percentages, ties, playoffs, match awards, compact
 * KOs, forfeits and gold.  The printed tables (tests/data/acbl/ko_*.csv,
 * appendix_f_2003.csv) are compared cell by cell; other values are
 * hand-computed with the arithmetic in comments. */
#include "bmp_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acbl/ko.h"

static double num(const char *s)
{
    return strtod(s, NULL);
}

/* ACBL-25: 2003 K; ACBL-36: later K = R/14 (ko_k_factors.csv, every cell). */
static void k_factors(void **state)
{
    (void)state;
    static const acbl_class cls[] = {ACBL_CLASS_UNIT, ACBL_CLASS_SECTIONAL, ACBL_CLASS_REGIONAL,
                                     ACBL_CLASS_NATIONAL};
    bmp_csv csv;
    bmp_csv_load(&csv, "acbl/ko_k_factors.csv");
    size_t c03 = bmp_csv_col(&csv, "K_2003"), cl = bmp_csv_col(&csv, "K_later");
    assert_int_equal(csv.nrows, 5);
    for (size_t r = 1; r < csv.nrows; r++) {
        double k;
        assert_int_equal(acbl_ko_k(cls[r - 1], ACBL_ED_2003, &k, NULL), BMP_OK);
        assert_true(fabs(k - num(bmp_csv_get(&csv, r, c03))) < 1e-9);
        assert_int_equal(acbl_ko_k(cls[r - 1], ACBL_ED_CURRENT, &k, NULL), BMP_OK);
        assert_true(fabs(k - num(bmp_csv_get(&csv, r, cl))) < 1e-8);
    }
    bmp_csv_free(&csv);
    double k;
    bmp_error e = {0};
    assert_int_equal(acbl_ko_k(ACBL_CLASS_CLUB_CHAMPIONSHIP, ACBL_ED_CURRENT, &k, &e), BMP_ENOTSUP);
    assert_non_null(strstr(e.msg, "not supported: club knockout K (ACBL-96"));
}

/* ACBL-29 / ACBL-30 / ACBL-10: Appendix F (appendix_f_2003.csv) reproduced cell by
 * cell: the 1/3 pool shrinks by each bracket's own teams. */
static void appendix_f(void **state)
{
    (void)state;
    double teams[6] = {16, 16, 16, 16, 16, 16};
    acbl_ko_count c[6];
    acbl_ko_counts_2003(teams, NULL, 6, c);
    bmp_csv csv;
    bmp_csv_load(&csv, "acbl/appendix_f_2003.csv");
    size_t c100 = bmp_csv_col(&csv, "teams_at_100pct"), ch = bmp_csv_col(&csv, "teams_at_half"),
           c3 = bmp_csv_col(&csv, "teams_at_third"), c5 = bmp_csv_col(&csv, "teams_at_fifth");
    assert_int_equal(csv.nrows, 7);
    for (size_t r = 1; r < csv.nrows; r++) {
        assert_true(c[r - 1].own == num(bmp_csv_get(&csv, r, c100)));
        assert_true(c[r - 1].half == num(bmp_csv_get(&csv, r, ch)));
        assert_true(c[r - 1].third == num(bmp_csv_get(&csv, r, c3)));
        assert_true(c[r - 1].fifth == num(bmp_csv_get(&csv, r, c5)));
    }
    bmp_csv_free(&csv);
    /* T: 16 + 8 + 50/3 + 14/5 = 43.4667; 16 + 34/3 + 6 = 33.3333; ... 16 */
    static const double t[] = {43.4667, 33.3333, 28.0, 22.6667, 19.2, 16.0};
    for (int i = 0; i < 6; i++)
        assert_true(fabs(c[i].t - t[i]) < 5e-5);
}

/* DOC-02 (ACBL-25, ACBL-29, ACBL-10): Regional K 46, L 1, M = P = 1, six
 * brackets of 16: 40.99 / 33.22 / 29.13 / 25.04 / 22.39 / 19.93; neither
 * the 16-table minimum nor the 90% cap binds (ACBL-28). */
static void doc02_brackets(void **state)
{
    (void)state;
    acbl_ko_bracket_2003 b[6];
    for (int i = 0; i < 6; i++)
        b[i] = (acbl_ko_bracket_2003){.teams = 16, .top_team_average = 300, .m = 1.0};
    acbl_ko_firsts_2003(b, 6, 46, 1, 1, false);
    static const char *const want[] = {"40.99", "33.22", "29.13", "25.04", "22.39", "19.93"};
    for (int i = 0; i < 6; i++) {
        assert_points(acbl_round_award(b[i].real), want[i]);
        assert_false(b[i].capped);
        assert_false(b[i].minimum);
    }
    /* ACBL-27: scheduled for three sessions: 70%: 40.991111 x 0.70 =
     * 28.693778 -> 28.69; 19.933333 x 0.70 = 13.953333 -> 13.95. */
    acbl_ko_firsts_2003(b, 6, 46, 1, 1, true);
    assert_points(acbl_round_award(b[0].real), "28.69");
    assert_points(acbl_round_award(b[5].real), "13.95");
    assert_true(b[0].three_session);
}

/* ACBL-31: lower-bracket credit by the top team's average
 * (ko_lower_bracket_credit_2003.csv, every row at both ends). */
static void lower_credit(void **state)
{
    (void)state;
    bmp_csv csv;
    bmp_csv_load(&csv, "acbl/ko_lower_bracket_credit_2003.csv");
    size_t lo = bmp_csv_col(&csv, "top_team_avg_mp_per_player_min"),
           hi = bmp_csv_col(&csv, "top_team_avg_mp_per_player_max"),
           cr = bmp_csv_col(&csv, "credit_for_lower_bracket_teams");
    for (size_t r = 1; r < csv.nrows; r++) {
        double want = num(bmp_csv_get(&csv, r, cr));
        assert_true(acbl_ko_lower_credit_2003(num(bmp_csv_get(&csv, r, lo))) == want);
        if (*bmp_csv_get(&csv, r, hi))
            assert_true(acbl_ko_lower_credit_2003(num(bmp_csv_get(&csv, r, hi)) + 0.5) == want);
    }
    bmp_csv_free(&csv);
    /* Top bracket of Appendix F with a top team averaging 200 (50% credit,
     * A-13 on the whole lower part): T = 16 + 0.5 x (8 + 50/3 + 2.8) =
     * 29.733333; B = 39.733333/60 = 0.662222 x 46 = 30.462222 -> 30.46. */
    acbl_ko_bracket_2003 b[6];
    for (int i = 0; i < 6; i++)
        b[i] = (acbl_ko_bracket_2003){.teams = 16, .top_team_average = 300, .m = 1.0};
    b[0].top_team_average = 200;
    acbl_ko_firsts_2003(b, 6, 46, 1, 1, false);
    assert_points(acbl_round_award(b[0].real), "30.46");
    /* below 100: no credit: T = 16, B = 26/60 x 46 = 19.933 -> 19.93 */
    b[0].top_team_average = 99;
    acbl_ko_firsts_2003(b, 6, 46, 1, 1, false);
    assert_points(acbl_round_award(b[0].real), "19.93");
}

/* ACBL-28: the inter-bracket adjustments (A-11 order). */
static void adjustments_2003(void **state)
{
    (void)state;
    /* 18 teams: top 4 + 14.  Top: T = 4 + 14/2 = 11, B = 21/60 = 0.35 x 46
     * = 16.10 < 16-table award 26/60 x 46 = 19.933 -> 19.93 (minimum).
     * Bracket 2: T = 14, B = 0.40 x 46 = 18.40 > 90% x 19.9333 = 17.94 ->
     * 17.94 (cap). */
    acbl_ko_bracket_2003 b[2] = {{.teams = 4, .top_team_average = 300, .m = 1},
                                 {.teams = 14, .top_team_average = 300, .m = 1}};
    acbl_ko_firsts_2003(b, 2, 46, 1, 1, false);
    assert_true(b[0].minimum);
    assert_points(acbl_round_award(b[0].real), "19.93");
    assert_true(b[1].capped);
    assert_points(acbl_round_award(b[1].real), "17.94");
    /* 17 teams (3 + 14): no minimum: T = 3 + 7 = 10, B = 20/60 x 46 =
     * 15.333 -> 15.33; bracket 2 capped at 0.9 x 15.3333 = 13.80. */
    b[0].teams = 3;
    acbl_ko_firsts_2003(b, 2, 46, 1, 1, false);
    assert_false(b[0].minimum);
    assert_points(acbl_round_award(b[0].real), "15.33");
    assert_points(acbl_round_award(b[1].real), "13.80");
    /* Prestige: Appendix F top bracket averaging 8000 > 7500: 40.991111 x
     * 1.10 = 45.090222 -> 45.09. */
    acbl_ko_bracket_2003 f[6];
    for (int i = 0; i < 6; i++)
        f[i] = (acbl_ko_bracket_2003){.teams = 16, .top_team_average = 300, .m = 1.0};
    f[0].player_average = 8000;
    acbl_ko_firsts_2003(f, 6, 46, 1, 1, false);
    assert_true(f[0].prestige);
    assert_points(acbl_round_award(f[0].real), "45.09");
    f[0].player_average = 7500; /* "exceeds 7500": not at 7500 */
    acbl_ko_firsts_2003(f, 6, 46, 1, 1, false);
    assert_false(f[0].prestige);
}

/* ACBL-33 (2003) and ACBL-41 (later): the printed percentages, every cell
 * (ko_overall_pct_2003.csv, ko_overall_pct_later.csv). */
static void percentages(void **state)
{
    (void)state;
    bmp_csv a;
    bmp_csv_load(&a, "acbl/ko_overall_pct_2003.csv");
    size_t pc = bmp_csv_col(&a, "position"), vc = bmp_csv_col(&a, "pct_of_first");
    for (size_t r = 1; r < a.nrows; r++) {
        const char *pos = bmp_csv_get(&a, r, pc);
        double want = num(bmp_csv_get(&a, r, vc)) / 100;
        if (strcmp(pos, "9-16") == 0) {
            for (int p = 9; p <= 16; p++)
                assert_true(fabs(acbl_ko_fraction(ACBL_ED_2003, p, NULL) - want) < 1e-12);
        } else if (strncmp(pos, "3/4 playoff", 11) == 0) {
            /* ACBL-35: 3/4 playoff winners 22.50%, "not 40%" */
            acbl_ko_pct_opts o = {.playoff = true};
            assert_true(fabs(acbl_ko_place_fraction(ACBL_ED_2003, 3, 4, &o) - want) < 1e-12);
        } else {
            assert_true(fabs(acbl_ko_fraction(ACBL_ED_2003, atoi(pos), NULL) - want) < 1e-12);
        }
    }
    bmp_csv_free(&a);
    /* ACBL-33: 12-team events: 9-12 = 12%, 13-16 unchanged */
    acbl_ko_pct_opts d12 = {.down_to_12 = true};
    assert_true(fabs(acbl_ko_fraction(ACBL_ED_2003, 12, &d12) - 0.12) < 1e-12);
    assert_true(fabs(acbl_ko_fraction(ACBL_ED_2003, 13, &d12) - 0.10) < 1e-12);
    assert_true(acbl_ko_fraction(ACBL_ED_2003, 17, NULL) == 0);

    bmp_csv b;
    bmp_csv_load(&b, "acbl/ko_overall_pct_later.csv");
    static const char *const cols[] = {"rounds_5plus", "rounds_4", "rounds_3"};
    static const int rounds[] = {5, 4, 3};
    pc = bmp_csv_col(&b, "position");
    for (int k = 0; k < 3; k++) {
        size_t c = bmp_csv_col(&b, cols[k]);
        for (size_t r = 1; r < b.nrows; r++) {
            const char *cell = bmp_csv_get(&b, r, c);
            double want = *cell ? num(cell) / 100 : 0;
            int pos = atoi(bmp_csv_get(&b, r, pc));
            /* 3 rounds, 3rd: only the playoff winner (ACBL-43) */
            acbl_ko_pct_opts o = {.rounds = rounds[k], .playoff = rounds[k] == 3 && pos == 3};
            assert_true(fabs(acbl_ko_fraction(ACBL_ED_CURRENT, pos, &o) - want) < 1e-12);
            if (pos == 9)
                assert_true(fabs(acbl_ko_fraction(ACBL_ED_CURRENT, 16, &o) - want) < 1e-12);
        }
    }
    bmp_csv_free(&b);
    /* ACBL-41: without a playoff the 3-round column pays no 3rd */
    acbl_ko_pct_opts r3 = {.rounds = 3};
    assert_true(acbl_ko_fraction(ACBL_ED_CURRENT, 3, &r3) == 0);
}

/* A-14 ties, ACBL-35 / ACBL-43 playoffs, ACBL-42 non-power-of-two ranks. */
static void ties_and_ranks(void **state)
{
    (void)state;
    /* 2003 3/4: (55 + 45)/2 = 50%; 5/8: (30+25+20+15)/4 = 22.5% */
    assert_true(fabs(acbl_ko_place_fraction(ACBL_ED_2003, 3, 4, NULL) - 0.50) < 1e-12);
    assert_true(fabs(acbl_ko_place_fraction(ACBL_ED_2003, 5, 8, NULL) - 0.225) < 1e-12);
    /* later 4 rounds: 3/4 = (45 + 35)/2 = 40% -- the "not 40%" of ACBL-35 */
    acbl_ko_pct_opts r4 = {.rounds = 4};
    assert_true(fabs(acbl_ko_place_fraction(ACBL_ED_CURRENT, 3, 4, &r4) - 0.40) < 1e-12);
    /* ACBL-43: the later playoff winner for a clear 3rd: 22.50% */
    acbl_ko_pct_opts p3 = {.rounds = 3, .playoff = true};
    assert_true(fabs(acbl_ko_place_fraction(ACBL_ED_CURRENT, 3, 3, &p3) - 0.225) < 1e-12);
    /* ACBL-42: below the top 8, 1/rank: 9th 1/9, 12th 1/12 */
    acbl_ko_pct_opts np = {.rounds = 5, .non_power_of_two = true};
    assert_true(fabs(acbl_ko_fraction(ACBL_ED_CURRENT, 9, &np) - 1.0 / 9) < 1e-12);
    assert_true(fabs(acbl_ko_fraction(ACBL_ED_CURRENT, 12, &np) - 1.0 / 12) < 1e-12);
    assert_true(fabs(acbl_ko_fraction(ACBL_ED_CURRENT, 20, &np) - 1.0 / 20) < 1e-12);
    /* tie 9/13: (1/9+1/10+1/11+1/12+1/13)/5 = 0.092455 -> at least 10% */
    assert_true(fabs(acbl_ko_place_fraction(ACBL_ED_CURRENT, 9, 13, &np) - 0.10) < 1e-12);
    /* tie 10/11 does not include 9th: (0.1 + 0.090909)/2 = 0.0954545 */
    assert_true(fabs(acbl_ko_place_fraction(ACBL_ED_CURRENT, 10, 11, &np) - 0.0954545454545) <
                1e-9);
}

/* ACBL-35: playoff positions by teams entered (ko_playoffs_2003.csv). */
static void playoffs_2003(void **state)
{
    (void)state;
    bmp_csv csv;
    bmp_csv_load(&csv, "acbl/ko_playoffs_2003.csv");
    size_t lo = bmp_csv_col(&csv, "teams_entered_min"), hi = bmp_csv_col(&csv, "teams_entered_max"),
           pc = bmp_csv_col(&csv, "positions");
    for (size_t r = 1; r < csv.nrows; r++) {
        int want = atoi(bmp_csv_get(&csv, r, pc));
        assert_int_equal(acbl_ko_playoff_positions_2003(atoi(bmp_csv_get(&csv, r, lo))), want);
        if (*bmp_csv_get(&csv, r, hi))
            assert_int_equal(acbl_ko_playoff_positions_2003(atoi(bmp_csv_get(&csv, r, hi))), want);
    }
    bmp_csv_free(&csv);
    assert_int_equal(acbl_ko_playoff_positions_2003(7), 0); /* none below 8 teams */
    assert_int_equal(acbl_ko_playoff_positions_2003(200), 16);
}

/* ACBL-37: Computed Award (ko_computed_award_later.csv: value at each
 * row's low end) and interior points; continuity at every boundary. */
static void computed_award(void **state)
{
    (void)state;
    bmp_csv csv;
    bmp_csv_load(&csv, "acbl/ko_computed_award_later.csv");
    size_t lo = bmp_csv_col(&csv, "avg_mp_low"), hi = bmp_csv_col(&csv, "avg_mp_high"),
           v = bmp_csv_col(&csv, "value_at_low");
    for (size_t r = 1; r < csv.nrows; r++) {
        double want = num(bmp_csv_get(&csv, r, v));
        assert_true(fabs(acbl_ko_computed_award(num(bmp_csv_get(&csv, r, lo))) - want) < 1e-9);
        if (*bmp_csv_get(&csv, r, hi) && r + 1 < csv.nrows) {
            /* continuous: the limit from below equals the next row's value */
            double h = num(bmp_csv_get(&csv, r, hi));
            double next = num(bmp_csv_get(&csv, r + 1, v));
            assert_true(fabs(acbl_ko_computed_award(h - 1e-7) - next) < 1e-5);
        }
    }
    bmp_csv_free(&csv);
    /* 750: 6 + 5 x 250/500 = 8.50; 14800: 28 + 18 x 4800/15000 = 33.76;
     * 30000: 46 + 19 x 5000/19000 = 51.0000 */
    assert_points(acbl_round_award(acbl_ko_computed_award(750)), "8.50");
    assert_points(acbl_round_award(acbl_ko_computed_award(14800)), "33.76");
    assert_points(acbl_round_award(acbl_ko_computed_award(30000)), "51.00");
    assert_points(acbl_round_award(acbl_ko_computed_award(90000)), "65.00");
}

/* ACBL-38: team AvgMP = 4 x team MP / players, at most 45,000. */
static void team_average(void **state)
{
    (void)state;
    assert_true(acbl_ko_team_average(30000, 5) == 24000); /* 4 x 30000 / 5 */
    assert_true(acbl_ko_team_average(12000, 4) == 12000);
    assert_true(acbl_ko_team_average(60000, 4) == 45000); /* capped */
    assert_true(acbl_ko_team_average(50000, 6) == 4.0 * 50000 / 6);
}

/* ACBL-39: reduction factors, every printed cell
 * (ko_reduction_factor_later.csv); A-15 outside 5..16. */
static void reduction_factors(void **state)
{
    (void)state;
    bmp_csv csv;
    bmp_csv_load(&csv, "acbl/ko_reduction_factor_later.csv");
    size_t tc = bmp_csv_col(&csv, "teams_in_bracket"), fc = bmp_csv_col(&csv, "reduction_factor");
    assert_int_equal(csv.nrows, 13);
    for (size_t r = 1; r < csv.nrows; r++)
        assert_int_equal(acbl_ko_reduction_factor(atoi(bmp_csv_get(&csv, r, tc))),
                         (int)lround(num(bmp_csv_get(&csv, r, fc)) * 1000));
    bmp_csv_free(&csv);
    assert_int_equal(acbl_ko_reduction_factor(24), 1000);
    assert_int_equal(acbl_ko_reduction_factor(4), 0);
    assert_int_equal(acbl_ko_rounds(5), 3);
    assert_int_equal(acbl_ko_rounds(8), 3);
    assert_int_equal(acbl_ko_rounds(9), 4);
    assert_int_equal(acbl_ko_rounds(17), 5);
}

/* ACBL-36 and ACBL-40 (105% rule, A-16 bottom-up on the Basic Awards). */
static void firsts_current(void **state)
{
    (void)state;
    /* Top 5 teams averaging 20000: 28 + 18 x 10000/15000 = 40.00 x 0.375 =
     * 15.00; lower 16 teams averaging 10000: 28.00 x 1.000 = 28.00; the top
     * is raised to 1.05 x 28 = 29.40.  Regional K 1, L 1, P 1. */
    acbl_ko_bracket_cur b[2] = {{.teams = 5, .avg_mp = 20000, .rf = 375},
                                {.teams = 16, .avg_mp = 10000, .rf = 1000}};
    acbl_ko_firsts_current(b, 2, 1.0, 1.0, 1.0, 0);
    assert_true(b[0].raised105);
    assert_points(acbl_round_award(b[0].real), "29.40");
    assert_points(acbl_round_award(b[1].real), "28.00");
    /* ACBL-36 with K = R/14 and P: Sectional 10/14, L 32 boards 1.00, P 0.80:
     * 33.76 x 0.6 (8 teams) = 20.256 x 0.714286 x 0.80 = 11.574857 -> 11.57 */
    acbl_ko_bracket_cur s = {.teams = 8, .avg_mp = 14800, .rf = 600};
    acbl_ko_firsts_current(&s, 1, 10.0 / 14, 1.0, 0.80, 0);
    assert_points(acbl_round_award(s.real), "11.57");
}

/* ACBL-44: 7.5% of first within [0.75, 3.00] x K x L. */
static void match_award_current(void **state)
{
    (void)state;
    bool clamped;
    /* 0.075 x 20.256 = 1.5192 -> 1.52 */
    assert_points(acbl_ko_match_award_current(20.256, 1, 1, &clamped), "1.52");
    assert_false(clamped);
    /* 0.075 x 2.25 = 0.16875 < 0.75 x 1 x 1 -> 0.75 */
    assert_points(acbl_ko_match_award_current(2.25, 1, 1, &clamped), "0.75");
    assert_true(clamped);
    /* National K 22.5/14, L 1.50: 0.075 x 65 x 1.607143 x 1.5 = 11.75 >
     * 3 x 1.607143 x 1.5 = 7.232143 -> 7.23 */
    double k = 22.5 / 14;
    assert_points(acbl_ko_match_award_current(65 * k * 1.5, k, 1.5, &clamped), "7.23");
    assert_true(clamped);
}

/* ACBL-45: compact KO minimum first 8.00 x K x L; consolation RF 0.40 and
 * minimum 3.20 x K x L.  ACBL-46: compact depth. */
static void compact(void **state)
{
    (void)state;
    /* 12 boards: L = 0.50 (ACBL-26).  8 teams averaging 400: 6.00 x 0.600 x
     * K 1 x L 0.5 = 1.80 < 8 x 1 x 0.5 = 4.00 */
    acbl_ko_bracket_cur b = {.teams = 8, .avg_mp = 400, .rf = 600};
    acbl_ko_firsts_current(&b, 1, 1.0, acbl_factor_l(12), 1.0, 8.00);
    assert_true(b.minimum);
    assert_points(acbl_round_award(b.real), "4.00");
    /* consolation: 6.00 x 0.40 x 0.5 = 1.20 < 3.20 x 0.5 = 1.60 */
    acbl_ko_bracket_cur c = {.teams = 8, .avg_mp = 400, .rf = 400};
    acbl_ko_firsts_current(&c, 1, 1.0, 0.5, 1.0, 3.20);
    assert_points(acbl_round_award(c.real), "1.60");
    /* consolation above its minimum: 65 x 0.40 x 0.5 = 13.00 */
    c.avg_mp = 50000;
    acbl_ko_firsts_current(&c, 1, 1.0, 0.5, 1.0, 3.20);
    assert_false(c.minimum);
    assert_points(acbl_round_award(c.real), "13.00");
    /* ACBL-46 depth: 9+ -> 4, 5-8 -> 2, 3-4 -> 1 */
    assert_int_equal(acbl_ko_compact_depth(9), 4);
    assert_int_equal(acbl_ko_compact_depth(8), 2);
    assert_int_equal(acbl_ko_compact_depth(5), 2);
    assert_int_equal(acbl_ko_compact_depth(4), 1);
    assert_int_equal(acbl_ko_compact_depth(3), 1);
    assert_int_equal(acbl_ko_compact_depth(2), 0);
}

/* ACBL-48: a forfeiting team receives the award of the team it beat. */
static void forfeit_place(void **state)
{
    (void)state;
    bmp_place q = acbl_ko_forfeit_place((bmp_place){2, 2, false});
    assert_int_equal(q.lo, 3);
    assert_int_equal(q.hi, 4);
    q = acbl_ko_forfeit_place((bmp_place){3, 4, true});
    assert_int_equal(q.lo, 5);
    assert_int_equal(q.hi, 8);
    q = acbl_ko_forfeit_place((bmp_place){5, 8, true});
    assert_int_equal(q.lo, 9);
    assert_int_equal(q.hi, 16);
    assert_int_equal(acbl_ko_forfeit_place((bmp_place){1, 1, false}).lo, 0);
}

/* ACBL-50: lower-bracket gold shares (ko_bracket_gold_pct.csv, every row
 * at both ends); ACBL-51 flights. */
static void gold(void **state)
{
    (void)state;
    bmp_csv csv;
    bmp_csv_load(&csv, "acbl/ko_bracket_gold_pct.csv");
    size_t lo = bmp_csv_col(&csv, "top_team_avg_mp_per_player_min"),
           hi = bmp_csv_col(&csv, "top_team_avg_mp_per_player_max"),
           gc = bmp_csv_col(&csv, "gold_fraction"), rc = bmp_csv_col(&csv, "red_fraction");
    for (size_t r = 1; r < csv.nrows; r++) {
        const char *g = bmp_csv_get(&csv, r, gc), *rd = bmp_csv_get(&csv, r, rc);
        double gf = strchr(g, '/') ? num(g) / num(strchr(g, '/') + 1) : num(g);
        double rf = strchr(rd, '/') ? num(rd) / num(strchr(rd, '/') + 1) : num(rd);
        const char *ends[2] = {bmp_csv_get(&csv, r, lo), bmp_csv_get(&csv, r, hi)};
        for (int e = 0; e < 2; e++) {
            if (!*ends[e])
                continue;
            int64_t gw, rw;
            acbl_ko_bracket_gold(false, num(ends[e]) + (e ? 0.5 : 0), &gw, &rw);
            assert_true(fabs((double)gw / (gw + rw) - gf) < 1e-12);
            assert_true(fabs((double)rw / (gw + rw) - rf) < 1e-12);
        }
    }
    bmp_csv_free(&csv);
    assert_true(acbl_ko_flight_gold(1, BMP_NO_LIMIT));
    assert_true(acbl_ko_flight_gold(2, 750));
    assert_false(acbl_ko_flight_gold(2, 749));
    assert_false(acbl_ko_flight_gold(3, BMP_NO_LIMIT));
}


/* The engine's printed tables (`bridgemp scale acbl ...`) against the CSV
 * transcriptions, every cell: ACBL-39 reduction factors, ACBL-37 Computed
 * Award, ACBL-33 / ACBL-41 percentages, ACBL-29/30 Appendix F. */
static void scale_vs_csv(void **state)
{
    (void)state;
    static const struct {
        const char *table, *edition, *csv;
    } cases[] = {
        {"ko-reduction-factor", "current", "acbl/ko_reduction_factor_later.csv"},
        {"ko-computed-award", "current", "acbl/ko_computed_award_later.csv"},
        {"ko-overall-pct", "2003", "acbl/ko_overall_pct_2003.csv"},
        {"ko-overall-pct", "current", "acbl/ko_overall_pct_later.csv"},
        {"appendix-f", "2003", "acbl/appendix_f_2003.csv"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        bmp_table t;
        bmp_table_init(&t);
        bmp_error e = {0};
        if (bmp_scale("acbl", cases[k].table, cases[k].edition, NULL, &t, &e))
            fail_msg("%s: %s", cases[k].table, e.msg);
        bmp_csv csv;
        bmp_csv_load(&csv, cases[k].csv);
        assert_int_equal(t.nrows, csv.nrows - 1);
        size_t compared = 0;
        for (size_t tc = 0; tc < t.ncols; tc++) {
            /* the CSV column of the same name; others (T, B, 1st) are
             * checked by DOC-02 */
            size_t c = (size_t)-1;
            for (size_t j = 0; j < csv.ncells[0]; j++)
                if (strcmp(bmp_csv_get(&csv, 0, j), t.columns[tc]) == 0)
                    c = j;
            if (c == (size_t)-1)
                continue;
            compared++;
            for (size_t r = 1; r < csv.nrows; r++) {
                const char *want = c < csv.ncells[r] ? bmp_csv_get(&csv, r, c) : "";
                const char *got = bmp_table_get(&t, r - 1, tc);
                bool same = strcmp(want, got) == 0 ||
                            (*want && *got && strspn(want, "0123456789.") == strlen(want) &&
                             fabs(num(want) - num(got)) < 1e-9);
                if (!same)
                    fail_msg("%s %s row %zu col %s: table \"%s\", CSV \"%s\"", cases[k].table,
                             cases[k].edition, r, t.columns[tc], got, want);
            }
        }
        assert_true(compared >= 2);
        bmp_csv_free(&csv);
        bmp_table_free(&t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(k_factors),        cmocka_unit_test(appendix_f),
        cmocka_unit_test(doc02_brackets),   cmocka_unit_test(lower_credit),
        cmocka_unit_test(adjustments_2003), cmocka_unit_test(percentages),
        cmocka_unit_test(ties_and_ranks),   cmocka_unit_test(playoffs_2003),
        cmocka_unit_test(computed_award),   cmocka_unit_test(team_average),
        cmocka_unit_test(reduction_factors), cmocka_unit_test(firsts_current),
        cmocka_unit_test(match_award_current), cmocka_unit_test(compact),
        cmocka_unit_test(forfeit_place),    cmocka_unit_test(gold),
        cmocka_unit_test(scale_vs_csv),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
