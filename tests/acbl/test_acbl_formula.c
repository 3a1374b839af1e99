/* ACBL General Formula factors, first place, decay and depth (ACBL-1 ..
 * ACBL-16), under both editions where they differ (D1, D2, D4, D5).
 * Expected values are from the printed tables (the CSVs in tests/data/acbl) or
 * hand-computed from the regulation with the arithmetic in a comment. */
#include "bmp_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "acbl/acbl_internal.h"

/* ACBL-2: B = (T + 10)/60 to 60 tables, log10(T/4) from 61 (later §I.A). */
static void factor_b(void **state)
{
    (void)state;
    assert_true(fabs(acbl_factor_b(60) - 70.0 / 60.0) < 1e-12);
    assert_true(fabs(acbl_factor_b(61) - log10(61.0 / 4.0)) < 1e-12);
    assert_int_equal(acbl_round4(acbl_factor_b(61)), 11833); /* printed 1.1833 */
    assert_int_equal(acbl_round4(acbl_factor_b(250)), 17959); /* printed 1.7959 */
    /* Fractional tables: 60.5 stays on the linear branch: 70.5/60 = 1.175. */
    assert_true(fabs(acbl_factor_b(60.5) - 1.175) < 1e-12);
    /* Appendix F bracket 1 (acbl.md §3.5): T = 43.4667 -> B = 53.4667/60 = 0.8911. */
    assert_int_equal(acbl_round4(acbl_factor_b(16 + 8 + 50.0 / 3 + 2.8)), 8911);
}

/* ACBL-3: R per classification (r_factors.csv); club championship 6.50
 * (ACBL-96 table); club masterpoint has no R. */
static void factor_r(void **state)
{
    (void)state;
    static const struct { const char *csv; acbl_class c; } map[] = {
        {"Unit Championship", ACBL_CLASS_UNIT},
        {"Sectional", ACBL_CLASS_SECTIONAL},
        {"Regional", ACBL_CLASS_REGIONAL},
        {"National", ACBL_CLASS_NATIONAL}};
    bmp_csv csv;
    bmp_csv_load(&csv, "acbl/r_factors.csv");
    assert_int_equal(csv.nrows - 1, 4);
    for (size_t r = 1; r < csv.nrows; r++) {
        double v = 0;
        bool found = false;
        for (size_t k = 0; k < 4; k++)
            if (strcmp(bmp_csv_get(&csv, r, 0), map[k].csv) == 0) {
                assert_int_equal(acbl_factor_r(map[k].c, &v, NULL), BMP_OK);
                found = true;
            }
        assert_true(found);
        assert_true(fabs(v - atof(bmp_csv_get(&csv, r, 1))) < 1e-12);
    }
    bmp_csv_free(&csv);
    double v = 0;
    assert_int_equal(acbl_factor_r(ACBL_CLASS_CLUB_CHAMPIONSHIP, &v, NULL), BMP_OK);
    assert_true(fabs(v - 6.50) < 1e-12);
    bmp_error e = {0};
    assert_int_equal(acbl_factor_r(ACBL_CLASS_CLUB_MASTERPOINT, &v, &e), BMP_ENOTSUP);
    assert_non_null(strstr(e.msg, "not supported: R factor for Club Masterpoint games (ACBL-96"));
}

/* ACBL-4: S for 1..6 sessions (s_factors.csv); nothing beyond 6. */
static void factor_s(void **state)
{
    (void)state;
    bmp_csv csv;
    bmp_csv_load(&csv, "acbl/s_factors.csv");
    for (size_t r = 1; r < csv.nrows; r++) {
        double s = 0;
        assert_int_equal(acbl_factor_s(atoi(bmp_csv_get(&csv, r, 0)), &s, NULL), BMP_OK);
        assert_true(fabs(s - atof(bmp_csv_get(&csv, r, 1))) < 1e-12);
    }
    bmp_csv_free(&csv);
    double s;
    bmp_error e = {0};
    assert_int_equal(acbl_factor_s(7, &s, &e), BMP_ENOTSUP);
    assert_non_null(strstr(e.msg, "(ACBL-4, §I.A)"));
}

/* ACBL-5: M samples (DOC-04), branches, caps; ACBL-62/63 cap 0.65, ACBL-64
 * charity uncapped (the cap is part of the M factor function). */
static void factor_m(void **state)
{
    (void)state;
    /* DOC-04: 100 -> 0.5102; 300 -> 0.6056; 500 -> 0.6498; 1000 -> 0.7466;
     * 2000 -> 0.8434; 6136 -> 1.0000; 10000 -> 1.0000; no limit -> 1.0000. */
    static const struct { int64_t ul; int64_t m4; } doc04[] = {
        {100, 5102}, {300, 6056}, {500, 6498}, {1000, 7466}, {2000, 8434}, {6136, 10000},
        {10000, 10000}, {BMP_NO_LIMIT, 10000}};
    for (size_t i = 0; i < sizeof doc04 / sizeof *doc04; i++)
        assert_int_equal(acbl_round4(acbl_factor_m(doc04[i].ul, ACBL_RATING_CHAMPIONSHIP)),
                         doc04[i].m4);
    /* The branches meet at 500: M(499) = log10(499)/5 + 0.1102 = 0.649820,
     * M(500) = log10(500)/3.11 - 0.218 = 0.649836. */
    assert_true(fabs(acbl_factor_m_formula(499) - 0.649820) < 5e-7);
    assert_true(fabs(acbl_factor_m_formula(500) - 0.649836) < 5e-7);
    /* 6136 before the cap is 0.99997 (the print's 1.0000 is 4-dp); 10000 is capped. */
    assert_true(acbl_factor_m_formula(6136) < 1.0);
    assert_true(acbl_factor_m_formula(10000) > 1.0);
    assert_true(acbl_factor_m(10000, ACBL_RATING_CHAMPIONSHIP) == 1.0);
    /* ACBL-62: non-championship: M limited to 65%; ACBL-63: consolation too. */
    assert_true(acbl_factor_m(BMP_NO_LIMIT, ACBL_RATING_NON_CHAMPIONSHIP) == 0.65);
    assert_true(acbl_factor_m(BMP_NO_LIMIT, ACBL_RATING_CONSOLATION) == 0.65);
    /* ... but an event whose own M is lower keeps it: UL 100 -> 0.5102. */
    assert_int_equal(acbl_round4(acbl_factor_m(100, ACBL_RATING_NON_CHAMPIONSHIP)), 5102);
    /* ACBL-64: charity events keep championship rating: no 65% cap. */
    assert_true(acbl_factor_m(BMP_NO_LIMIT, ACBL_RATING_CHARITY) == 1.0);
}

/* ACBL-6: P 1.00 / 0.80 / 0.70 (p_factors.csv); which restrictions count. */
static void factor_p(void **state)
{
    (void)state;
    /* every printed row ("2+" checked at 2 and 3) */
    bmp_csv csv;
    bmp_csv_load(&csv, "acbl/p_factors.csv");
    assert_int_equal(csv.nrows - 1, 3);
    for (size_t r = 1; r < csv.nrows; r++) {
        int n = atoi(bmp_csv_get(&csv, r, 0));
        double want = atof(bmp_csv_get(&csv, r, 1));
        assert_true(fabs(acbl_factor_p(n) - want) < 1e-12);
        if (strchr(bmp_csv_get(&csv, r, 0), '+'))
            assert_true(fabs(acbl_factor_p(n + 1) - want) < 1e-12);
    }
    bmp_csv_free(&csv);
    assert_true(acbl_restriction_counts("women"));
    assert_true(acbl_restriction_counts("Senior"));
    assert_true(acbl_restriction_counts("junior"));
    assert_true(acbl_restriction_counts("mixed"));
    assert_false(acbl_restriction_counts("199er")); /* a masterpoint limit */
    assert_false(acbl_restriction_counts("life-master"));
}

/* ACBL-7: T (t_factors.csv): BAM 1.10, pairs 1.00, Swiss 1.00, individual
 * 0.75, team-of-two 1.00 (ACBL-76). */
static void factor_t(void **state)
{
    (void)state;
    static const struct { const char *csv; acbl_type t; } map[] = {
        {"BAM Teams", ACBL_TYPE_BAM},
        {"Pairs", ACBL_TYPE_PAIRS},
        {"Swiss Teams", ACBL_TYPE_SWISS},
        {"Individual", ACBL_TYPE_INDIVIDUAL},
        {"Team-of-Two Pairs", ACBL_TYPE_TEAM_OF_TWO}};
    bmp_csv csv;
    bmp_csv_load(&csv, "acbl/t_factors.csv");
    assert_int_equal(csv.nrows - 1, 5);
    for (size_t r = 1; r < csv.nrows; r++) {
        bool found = false;
        for (size_t k = 0; k < 5; k++)
            if (strcmp(bmp_csv_get(&csv, r, 0), map[k].csv) == 0) {
                assert_true(fabs(acbl_factor_t(map[k].t) - atof(bmp_csv_get(&csv, r, 1))) <
                            1e-12);
                found = true;
            }
        assert_true(found);
    }
    bmp_csv_free(&csv);
}

/* ACBL-1 and ACBL-8: first = B x R x S x M x P x T rounded half-up to 2 dp. */
static void first_overall(void **state)
{
    (void)state;
    /* Regional, 42 tables, 2 sessions, open pairs: 52/60 x 14 x 1.5 = 18.20 */
    assert_points(acbl_round_award(acbl_factor_b(42) * 14.0 * 1.5 * 1.0 * 1.0 * 1.0), "18.20");
    /* acbl.md §3.1: 1 table, Unit, 5 sessions: 11/60 x 8.5 x 3 = 4.675 -> 4.68
     * exactly (the 4-dp B 0.1833 would give 4.674 -> 4.67). */
    assert_points(acbl_round_award(acbl_factor_b(1) * 8.5 * 3.0), "4.68");
    /* Sectional women's (P 0.80) BAM (T 1.10) 12 tables, 1 session, UL 1000:
     * 22/60 x 10 x 1 x 0.746610 x 0.8 x 1.1 = 2.40922 -> 2.41 */
    assert_points(acbl_round_award(acbl_factor_b(12) * 10.0 * 1.0 *
                                   acbl_factor_m(1000, ACBL_RATING_CHAMPIONSHIP) *
                                   acbl_factor_p(1) * acbl_factor_t(ACBL_TYPE_BAM)),
                  "2.41");
}

/* ACBL-9 (2003) vs ACBL-10 (later): D1 the 2-session decay; the 3+ session
 * formula; ACBL-11 exact half cents on a real first place. */
static void decay_editions(void **state)
{
    (void)state;
    /* 1st 18.20, 2 sessions.  2003 (ACBL-9): chain to 8th:
     * 5th = 18.20 x 0.75^4 = 5.758125 -> 5.76; later (ACBL-10): 5th =
     * 18.20 x 2/6 = 6.0667 -> 6.07. */
    assert_points(acbl_overall_place(1820, 5, 2, ACBL_ED_2003), "5.76");
    assert_points(acbl_overall_place(1820, 5, 2, ACBL_ED_CURRENT), "6.07");
    /* both: 4th = 18.20 x 27/64 = 7.678 -> 7.68 */
    assert_points(acbl_overall_place(1820, 4, 2, ACBL_ED_2003), "7.68");
    assert_points(acbl_overall_place(1820, 4, 2, ACBL_ED_CURRENT), "7.68");
    /* 9th: 2003 18.20/9 = 2.0222 -> 2.02; later 18.20 x 2/10 = 3.64 */
    assert_points(acbl_overall_place(1820, 9, 2, ACBL_ED_2003), "2.02");
    assert_points(acbl_overall_place(1820, 9, 2, ACBL_ED_CURRENT), "3.64");
    /* 3 sessions (both): 4th = 1st x 3/(4 + 6 - 3) = 10.00 x 3/7 = 4.2857 -> 4.29;
     * 5th = 30/8 = 3.75 */
    assert_points(acbl_overall_place(1000, 4, 3, ACBL_ED_2003), "4.29");
    assert_points(acbl_overall_place(1000, 5, 3, ACBL_ED_CURRENT), "3.75");
    /* ACBL-11: 10.00 x 0.75^2 = 5.625 exactly -> 5.63 (half-up). */
    assert_points(acbl_overall_place(1000, 3, 1, ACBL_ED_CURRENT), "5.63");
    /* 18.30 x 0.75 = 13.725 -> 13.73 */
    assert_points(acbl_overall_place(1830, 2, 1, ACBL_ED_2003), "13.73");
    assert_string_equal(acbl_overall_rule(ACBL_ED_2003), "ACBL-9");
    assert_string_equal(acbl_overall_rule(ACBL_ED_CURRENT), "ACBL-10");
}

/* Look up the places of a depth-table row for type/tables (small fields:
 * the table alone decides). */
static int depth_of(acbl_type type, double tables)
{
    acbl_depth_in in = {.ed = ACBL_ED_CURRENT, .type = type, .tables = tables, .sessions = 1,
                        .first = 10000, .r = 14, .m = 1, .p = 1};
    acbl_depth_out out;
    assert_int_equal(acbl_overall_depth(&in, &out, NULL), BMP_OK);
    return out.places;
}

static void check_depth_csv(const char *file, acbl_type type, int threshold)
{
    bmp_csv csv;
    bmp_csv_load(&csv, file);
    for (size_t r = 1; r < csv.nrows; r++) {
        int lo = atoi(bmp_csv_get(&csv, r, 0));
        const char *hi_s = bmp_csv_get(&csv, r, 1);
        if (!*hi_s)
            continue; /* the open-ended "N+" row: floor rule, tested below */
        int hi = atoi(hi_s), places = atoi(bmp_csv_get(&csv, r, 2));
        for (int t = lo; t <= hi && t <= threshold; t++)
            if (depth_of(type, t) != places)
                fail_msg("%s: %d tables -> %d places, printed %d", file, t, depth_of(type, t),
                         places);
    }
    bmp_csv_free(&csv);
}

/* ACBL-12, ACBL-13, ACBL-14: every printed row of the depth tables; A-9
 * below the smallest row nothing is paid. */
static void depth_tables(void **state)
{
    (void)state;
    check_depth_csv("acbl/depth_pairs.csv", ACBL_TYPE_PAIRS, 10);      /* ACBL-12 */
    check_depth_csv("acbl/depth_teams.csv", ACBL_TYPE_SWISS, 19);      /* ACBL-13 */
    check_depth_csv("acbl/depth_teams.csv", ACBL_TYPE_BAM, 19);        /* ACBL-13 */
    check_depth_csv("acbl/depth_individual.csv", ACBL_TYPE_INDIVIDUAL, 5); /* ACBL-14 */
    assert_int_equal(depth_of(ACBL_TYPE_PAIRS, 2), 0);
    assert_int_equal(depth_of(ACBL_TYPE_SWISS, 2), 0);
    assert_int_equal(depth_of(ACBL_TYPE_INDIVIDUAL, 1), 0);
    /* A-9 / ruling ACBL-R3: 6.5 tables of pairs use the 5-6 row. */
    assert_int_equal(depth_of(ACBL_TYPE_PAIRS, 6.5), 4);
}

static acbl_depth_out depth_full(acbl_edition ed, acbl_type type, double tables, int sessions,
                                 acbl_class cls, bool nabc)
{
    double r, s;
    assert_int_equal(acbl_factor_r(cls, &r, NULL), BMP_OK);
    assert_int_equal(acbl_factor_s(sessions, &s, NULL), BMP_OK);
    acbl_depth_in in = {.ed = ed, .type = type, .tables = tables, .sessions = sessions,
                        .r = r, .m = 1, .p = 1, .nabc = nabc};
    in.first = acbl_round_award(acbl_factor_b(tables) * r * s * acbl_factor_t(type));
    acbl_depth_out out;
    assert_int_equal(acbl_overall_depth(&in, &out, NULL), BMP_OK);
    return out;
}

/* ACBL-12: above 10 tables the floor 0.2 x R x M x P decides, with the 5%
 * minimum and the 35% maximum; ACBL-15 the absolute limit. */
static void depth_floor_and_bounds(void **state)
{
    (void)state;
    /* Regional 42 tables 2 sessions (1st 18.20; floor 0.2 x 14 = 2.80).
     * later: 36.40/(p+1) >= 2.80 -> p <= 12 -> 12 places;
     * 2003: 18.20 x 0.75^6 = 3.24, 0.75^7 -> 2.43 < 2.80 -> 7 places (D1). */
    acbl_depth_out d = depth_full(ACBL_ED_CURRENT, ACBL_TYPE_PAIRS, 42, 2, ACBL_CLASS_REGIONAL,
                                  false);
    assert_points(d.floor, "2.80");
    assert_int_equal(d.places, 12);
    assert_int_equal(depth_full(ACBL_ED_2003, ACBL_TYPE_PAIRS, 42, 2, ACBL_CLASS_REGIONAL, false)
                         .places,
                     7);
    /* 5% minimum: Regional 200 tables 1 session: 1st = log10(50) x 14 =
     * 23.79; 23.79 x 0.75^7 = 3.18 >= 2.80 but 23.79/9 = 2.64 < 2.80 -> 8 by
     * the floor; 5% of 400 pairs = 20 -> 20 places. */
    d = depth_full(ACBL_ED_CURRENT, ACBL_TYPE_PAIRS, 200, 1, ACBL_CLASS_REGIONAL, false);
    assert_int_equal(d.by_floor, 8);
    assert_int_equal(d.min_places, 20);
    assert_int_equal(d.places, 20);
    /* 35% maximum: Regional 11 tables 4 sessions: 1st = 21/60 x 14 x 2.5 =
     * 12.25; 12.25 x 4/(p+5) >= 2.80 -> p <= 12; 35% of 22 pairs = 7.7 -> 7. */
    d = depth_full(ACBL_ED_CURRENT, ACBL_TYPE_PAIRS, 11, 4, ACBL_CLASS_REGIONAL, false);
    assert_int_equal(d.by_floor, 12);
    assert_int_equal(d.max_places, 7);
    assert_int_equal(d.places, 7);
    /* ACBL-15: Regional 600 tables 1 session: 5% of 1200 pairs = 60 ->
     * capped by the one-session absolute limit 25. */
    d = depth_full(ACBL_ED_2003, ACBL_TYPE_PAIRS, 600, 1, ACBL_CLASS_REGIONAL, false);
    assert_int_equal(d.min_places, 60);
    assert_int_equal(d.abs_limit, 25);
    assert_int_equal(d.places, 25);
    /* ACBL-15: the printed limits (absolute_depth_limit.csv). */
    bmp_csv csv;
    bmp_csv_load(&csv, "acbl/absolute_depth_limit.csv");
    for (size_t r = 1; r < csv.nrows; r++)
        assert_int_equal(acbl_absolute_depth_limit(atoi(bmp_csv_get(&csv, r, 0))),
                         atoi(bmp_csv_get(&csv, r, 1)));
    bmp_csv_free(&csv);
    assert_int_equal(acbl_absolute_depth_limit(7), 60); /* "Six or more Sessions" */
}

/* ACBL-13: teams above 19: 10% minimum, floor; D1 shows here too. */
static void depth_teams_floor(void **state)
{
    (void)state;
    /* Regional Swiss, 30 teams, 2 sessions: 1st = 40/60 x 14 x 1.5 = 14.00.
     * later: 28/(p+1) >= 2.80 -> p <= 9; 10% of 30 = 3, 35% = 10 -> 9.
     * 2003: 14 x 0.75^5 = 3.32, x 0.75^6 = 2.49 < 2.80 -> 6 = the table's 6. */
    acbl_depth_out d = depth_full(ACBL_ED_CURRENT, ACBL_TYPE_SWISS, 30, 2, ACBL_CLASS_REGIONAL,
                                  false);
    assert_string_equal(d.rule, "ACBL-13");
    assert_int_equal(d.min_places, 3);
    assert_int_equal(d.places, 9);
    assert_int_equal(
        depth_full(ACBL_ED_2003, ACBL_TYPE_SWISS, 30, 2, ACBL_CLASS_REGIONAL, false).places, 6);
    /* ACBL-14 individual above 5 tables: Sectional 20 tables 1 session:
     * 1st = 30/60 x 10 x 0.75 = 3.75; floor 0.2 x 10 = 2.00; no place beyond
     * the table's 6 reaches it (7th = 3.75 x 0.75^6 = 0.67); 5% of 80
     * players = 4 -> 6 places. */
    d = depth_full(ACBL_ED_CURRENT, ACBL_TYPE_INDIVIDUAL, 20, 1, ACBL_CLASS_SECTIONAL, false);
    assert_string_equal(d.rule, "ACBL-14");
    assert_int_equal(d.by_floor, 6);
    assert_int_equal(d.places, 6);
}

/* D4 (ACBL-12 later): 4-session NABC pair games cap depth at 25%; D5
 * (ACBL-16): 6-session NABC pairs have no absolute limit. */
static void depth_nabc_editions(void **state)
{
    (void)state;
    /* National 20 tables 4 sessions: 1st = 0.5 x 22.5 x 2.5 = 28.125 -> 28.13;
     * floor 4.50; 28.13 x 4/(p+5) >= 4.50 -> p <= 20 (112.52/25 = 4.5008);
     * field 40 pairs: 35% -> 14 (2003), 25% -> 10 (later). */
    acbl_depth_out d = depth_full(ACBL_ED_CURRENT, ACBL_TYPE_PAIRS, 20, 4, ACBL_CLASS_NATIONAL,
                                  true);
    assert_int_equal(d.by_floor, 20);
    assert_int_equal(d.places, 10);
    assert_int_equal(
        depth_full(ACBL_ED_2003, ACBL_TYPE_PAIRS, 20, 4, ACBL_CLASS_NATIONAL, true).places, 14);
    /* Not an NABC event: 35% in both editions. */
    assert_int_equal(
        depth_full(ACBL_ED_CURRENT, ACBL_TYPE_PAIRS, 20, 4, ACBL_CLASS_NATIONAL, false).places,
        14);
    /* ACBL-16: National 300 tables 6 sessions: 1st = log10(75) x 22.5 x 3.5 =
     * 147.6611 -> 147.66; 147.66 x 6/(p+9) compared in cents with the floor
     * 4.50: p = 188 gives 885.96/197 = 4.4973 -> 4.50 (paid), p = 189
     * gives 4.4745 -> 4.47 (not); 35% of 600 = 210.  later: no absolute
     * limit -> 188; 2003: absolute limit 60 (ACBL-15). */
    d = depth_full(ACBL_ED_CURRENT, ACBL_TYPE_PAIRS, 300, 6, ACBL_CLASS_NATIONAL, true);
    assert_int_equal(d.abs_limit, 0);
    assert_int_equal(d.places, 188);
    assert_int_equal(
        depth_full(ACBL_ED_2003, ACBL_TYPE_PAIRS, 300, 6, ACBL_CLASS_NATIONAL, true).places, 60);
    /* ACBL-16 (ruling ACBL-R5): 200 pairs qualified for the final two
     * sessions all receive the calculated award: 200 places. */
    acbl_depth_in in = {.ed = ACBL_ED_CURRENT, .type = ACBL_TYPE_PAIRS, .tables = 300,
                        .sessions = 6, .first = 14766, .r = 22.5, .m = 1, .p = 1, .nabc = true,
                        .final_qualifiers = 200};
    assert_int_equal(acbl_overall_depth(&in, &d, NULL), BMP_OK);
    assert_int_equal(d.places, 200);
    assert_int_equal(d.by_floor, 188);
}

/* ACBL-26: L = boards/24 for 2-23, 1.00 24-47, 1.50 from 48. */
static void factor_l(void **state)
{
    (void)state;
    assert_int_equal(acbl_round4(acbl_factor_l(3)), 1250);
    assert_int_equal(acbl_round4(acbl_factor_l(14)), 5833);
    assert_true(acbl_factor_l(24) == 1.0 && acbl_factor_l(47) == 1.0);
    assert_true(acbl_factor_l(48) == 1.5 && acbl_factor_l(64) == 1.5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(factor_b),           cmocka_unit_test(factor_r),
        cmocka_unit_test(factor_s),           cmocka_unit_test(factor_m),
        cmocka_unit_test(factor_p),           cmocka_unit_test(factor_t),
        cmocka_unit_test(first_overall),      cmocka_unit_test(decay_editions),
        cmocka_unit_test(depth_tables),       cmocka_unit_test(depth_floor_and_bounds),
        cmocka_unit_test(depth_teams_floor),  cmocka_unit_test(depth_nabc_editions),
        cmocka_unit_test(factor_l),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
