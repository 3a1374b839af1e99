/* Sectional-rated games at clubs beyond the NAP club game (src/acbl/club_nap.c's
 * charts): the STaC (ACBL-C13, ruling ACBL-RC15), the upgraded club
 * championship (ACBL-C14, ruling ACBL-RC16), and the club games whose chart no
 * source gives (ACBL-C10, ruling ACBL-RC9: GNT club round, Pupil games).  Every
 * value is a source's figure or a hand calculation shown beside it. */
#include "acbl_test_util.h"

#include "acbl/club.h"

/* A club section of `sec` tables in a STaC session of `tables` tables (every site),
 * params `params`; N1 is 1st overall and 1st NS, E1 2nd overall and 1st EW,
 * N2 2nd NS (no overall place), N3 3rd NS, N4 4th NS, N5 5th NS. */
static res stac(const char *cls, const char *tables, const char *params, const char *ul,
                const char *sec)
{
    char buf[4096];
    snprintf(buf, sizeof buf,
             "{\"body\": \"acbl\", \"name\": \"s\", \"kind\": \"pairs\", \"classification\": "
             "\"%s\", \"tables\": %s, %s \"params\": {%s}, \"groups\": [{\"name\": \"A\", "
             "\"type\": \"section\", \"tables\": %s}], \"contestants\": ["
             "{\"id\": \"N1\", \"place\": \"1\", \"rankings\": [{\"session\": 1, \"section\": "
             "\"A\", \"direction\": \"NS\", \"place\": \"1\"}], \"players\": [{\"id\": "
             "\"1000001\"}]},"
             "{\"id\": \"E1\", \"place\": \"2\", \"rankings\": [{\"session\": 1, \"section\": "
             "\"A\", \"direction\": \"EW\", \"place\": \"1\"}], \"players\": [{\"id\": "
             "\"1000002\"}]},"
             "{\"id\": \"N2\", \"rankings\": [{\"session\": 1, \"section\": "
             "\"A\", \"direction\": \"NS\", \"place\": \"2\"}], \"players\": [{\"id\": "
             "\"1000003\"}]},"
             "{\"id\": \"N3\", \"rankings\": [{\"session\": 1, \"section\": \"A\", "
             "\"direction\": \"NS\", \"place\": \"3\"}], \"players\": [{\"id\": \"1000004\"}]},"
             "{\"id\": \"N4\", \"rankings\": [{\"session\": 1, \"section\": \"A\", "
             "\"direction\": \"NS\", \"place\": \"4\"}], \"players\": [{\"id\": \"1000005\"}]},"
             "{\"id\": \"N5\", \"rankings\": [{\"session\": 1, \"section\": \"A\", "
             "\"direction\": \"NS\", \"place\": \"5\"}], \"players\": [{\"id\": \"1000006\"}]}"
             "]}",
             cls, tables, ul, params, sec);
    return go(buf);
}

/* ACBL-C13 (ruling ACBL-RC15): gnyba.org's worked example, a STaC session
 * of 60 tables: 1st overall = 1.875 + 0.1875 x 60 = B(60) x 11.25 = 70/60 x
 * 11.25 = 13.125 -> 13.13 silver; 2nd 75 % = 9.8475 -> 9.85.  The club
 * section of 9 tables: 1st = 0.5 x B(9) x 11.25 = 0.5 x 19/60 x 11.25 =
 * 1.78125 -> 1.78 (the club's 1.78 in the same article), 2nd 70 % = 1.246875
 * -> 1.25, 3rd 50 % = 0.89, 4th 35 % = 0.623 -> 0.62, depth 40 % of 9 = 3.6
 * -> 4.  A pair is paid the larger of its overall and section awards, all
 * silver: N1 13.13 (not 13.13 + 1.78), E1 9.85 (not its section's 1.78),
 * N2 its section 1.25. */
static void c13_stac_pairs(void **state)
{
    (void)state;
    res r = stac("sectional", "60", "\"special\": \"stac\"", "", "9");
    expect_points(&r, "N1", "overall", -2, "13.13");
    expect_points(&r, "E1", "overall", -2, "9.85");
    expect_points(&r, "N2", "section", -2, "1.25");
    expect_points(&r, "N3", "section", -2, "0.89");
    expect_points(&r, "N4", "section", -2, "0.62");
    assert_null(find(r.ev, &r.aw, "N1", "section", -2));
    assert_null(find(r.ev, &r.aw, "N5", "section", -2)); /* 5th: past 4 places */
    for (size_t i = 0; i < r.aw.count; i++)
        assert_string_equal(r.aw.items[i].colour, "silver");
    const bmp_award *a = find(r.ev, &r.aw, "N1", "overall", -2);
    assert_string_equal(a->rule, "ACBL-C13");
    assert_non_null(strstr(a->explain, "STaC overall: 6 contestants = 60 tables; 1st = B x R "
                                       "10.00 x 1.125 (1.875 + 0.1875 x tables) x factor "
                                       "1.0000 = 1.166667 x 11.25 x 1.0000 -> 13.13"));
    /* depth of a one-session Sectional: 60 tables > 10, the floor 0.2 x R
     * 10.00 x M 1 = 2.00 stops after 7th (13.13 x 0.75^7 = 1.75), at least 5 %
     * of 120 pairs = 6 */
    assert_non_null(strstr(a->explain, "ACBL-12: 60 tables > 10"));
    assert_non_null(strstr(a->explain, "-> 7 places"));
    a = find(r.ev, &r.aw, "N2", "section", -2);
    assert_non_null(strstr(a->explain, "1st = 0.5 x B x 11.25 x factor 1.0000 = 0.316667 -> "
                                       "1.78 (ACBL-C13)"));
    done(&r);
    /* The same game as a plain Sectional (the General Formula, ACBL-1..3):
     * 1st = B(60) x R 10.00 = 11.67, the sum of overall and session awards:
     * not what a STaC pays (1.875 + 0.1875 x 60 = 13.13). */
    r = stac("sectional", "60", "", "", "9");
    expect_points(&r, "N1", "overall", -2, "11.67");
    done(&r);
    /* Held as a club game with the STaC's rating: the same chart */
    r = stac("club-masterpoint", "60", "\"special\": \"stac\"", "", "9");
    expect_points(&r, "N1", "overall", -2, "13.13");
    done(&r);
}

/* ACBL-C13 with ruling ACBL-RC13's factor: a 0-750 STaC game, "multiply by
 * ... 52.5%" (gnyba.org) = 0.45 + 750 / 10,000: 1st = 70/60 x 11.25 x 0.525
 * = 6.890625 -> 6.89; its section 1st 0.5 x 19/60 x 11.25 x 0.525 =
 * 0.93515625 -> 0.94. */
static void c13_stac_limited(void **state)
{
    (void)state;
    assert_true(fabs(acbl_club_nap_factor(750) - 0.525) < 1e-12);
    res r = stac("sectional", "60", "\"special\": \"stac\"", "\"upper_limit\": 750,", "9");
    expect_points(&r, "N1", "overall", -2, "6.89");
    /* N2: 2nd NS 0.70 x 0.94 = 0.658 -> 0.66 */
    expect_points(&r, "N2", "section", -2, "0.66");
    done(&r);
}

/* ACBL-C13: a STaC Swiss of 20 teams: 1st = 1.50 + 0.15 x 20 = B(20) x 9.00
 * = 30/60 x 9 = 4.50 silver; 2nd 3.375 -> 3.38; ACBL-13: 19+ teams 6
 * places, 6th 4.50 x 0.75^5 = 1.0679 -> 1.07, 7th nothing.  Match awards
 * and session rankings of a STaC Swiss are not in the sources: not
 * supported. */
static void swiss(char *buf, size_t n, const char *t1)
{
    size_t l = (size_t)snprintf(buf, n,
                                "{\"body\": \"acbl\", \"name\": \"w\", \"kind\": "
                                "\"swiss-teams\", \"classification\": \"sectional\", "
                                "\"tables\": 20, \"params\": {\"special\": \"stac\"}, "
                                "\"contestants\": [");
    for (int i = 1; i <= 20; i++)
        l += (size_t)snprintf(buf + l, n - l,
                              "%s{\"id\": \"T%d\", \"place\": \"%d\", %s\"players\": "
                              "[{\"id\": \"30000%02d\"}]}",
                              i > 1 ? ", " : "", i, i, i == 1 ? t1 : "", i);
    snprintf(buf + l, n - l, "]}");
}

static void c13_stac_swiss(void **state)
{
    (void)state;
    char buf[8192];
    swiss(buf, sizeof buf, "");
    res r = go(buf);
    expect_points(&r, "T1", "overall", -2, "4.50");
    expect_points(&r, "T2", "overall", -2, "3.38");
    expect_points(&r, "T6", "overall", -2, "1.07");
    assert_null(find(r.ev, &r.aw, "T7", "overall", -2));
    done(&r);
    swiss(buf, sizeof buf, "\"match_wins\": 3, ");
    expect_fail(buf, BMP_ENOTSUP, "not supported: STaC Swiss match and session awards (ACBL-C13");
}

/* ACBL-C14 (ruling ACBL-RC16): an upgraded club championship, "an 81.8%
 * sectional-rated game" (Handbook ch.4 §5), of 3 tables (its 6 pairs, as a
 * NAP club game counts them, ruling ACBL-RC10): 1st overall = B(3) x 11.25
 * x 0.818 = 13/60 x 9.2025 = 1.993875 -> 1.99 black; 2nd 75 % = 1.4925 ->
 * 1.49; depth 40 % of 6 = 2.4 -> 2.  The 3-table section: 1st = 0.5 x 13/60
 * x 9.2025 = 0.9969 -> 1.00, depth 40 % of 3 = 1.2 -> 1.  The larger paid:
 * N1 1.99 (not 1.99 + 1.00), E1 1.49 (not its section's 1.00), N2 nothing
 * (2nd NS past one place, no overall place). */
static void c14_upgraded(void **state)
{
    (void)state;
    res r = stac("club-championship", "3", "\"special\": \"upgraded-club-championship\"", "",
                 "3");
    expect_points(&r, "N1", "overall", -2, "1.99");
    expect_points(&r, "E1", "overall", -2, "1.49");
    assert_null(find(r.ev, &r.aw, "N1", "section", -2));
    assert_null(find(r.ev, &r.aw, "E1", "section", -2));
    assert_null(find(r.ev, &r.aw, "N2", "section", -2));
    assert_int_equal(r.aw.count, 2);
    for (size_t i = 0; i < r.aw.count; i++)
        assert_string_equal(r.aw.items[i].colour, "black");
    const bmp_award *a = find(r.ev, &r.aw, "N1", "overall", -2);
    assert_string_equal(a->rule, "ACBL-C14");
    assert_non_null(strstr(a->explain, "1st = B x R 10.00 x 1.125 x 81.8% x factor 1.0000 = "
                                       "0.216667 x 9.2025 x 1.0000 -> 1.99 (ACBL-C14)"));
    done(&r);
}

/* ACBL-C10 (ruling ACBL-RC9): no source searched gives the GNT club round's
 * or a Pupil game's awards: not supported, naming the rule and paragraph. */
static void c10_no_chart(void **state)
{
    (void)state;
    char buf[4096];
    static const char *const cases[][2] = {
        {"gnt-club", "not supported: gnt-club (ACBL-C10, §Handbook ch.4 §VII.A)"},
        {"pupil", "not supported: pupil (ACBL-C10, §Handbook ch.4 §V.G)"},
        {"acblscore-rating-47", "not supported: acblscore-rating-47 (ACBL-C10"},
    };
    for (size_t k = 0; k < 3; k++) {
        char p[96];
        snprintf(p, sizeof p, "\"special\": \"%s\"", cases[k][0]);
        snprintf(buf, sizeof buf,
                 "{\"body\": \"acbl\", \"name\": \"p\", \"kind\": \"pairs\", "
                 "\"classification\": \"club-masterpoint\", \"tables\": 3, \"params\": {%s}, "
                 "\"contestants\": [{\"id\": \"1\", \"rankings\": [{\"session\": 1, "
                 "\"place\": \"1\"}], \"players\": [{\"id\": \"1000001\"}]}]}",
                 p);
        expect_fail(buf, BMP_ENOTSUP, cases[k][1]);
    }
}

typedef struct stored_award {
    const char *id;
    const char *red, *black;
} stored_award;

/* Award the fixture `file` and compare every paid pair's red and black with
 * what ACBLscore stored; nobody else may be paid. */
static void check_stored(const char *file, const stored_award *paid, size_t n)
{
    char path[512];
    snprintf(path, sizeof path, "%s/acbl/%s", BMP_TEST_DATA, file);
    size_t len = 0;
    char *json = bmp_test_slurp(path, &len);
    assert_non_null(json);
    res r = go(json);
    free(json);
    for (size_t k = 0; k < n; k++) {
        bmp_points red = 0, black = 0;
        for (size_t i = 0; i < r.aw.count; i++)
            if (strcmp(r.ev->contestants[r.aw.items[i].contestant].id, paid[k].id) == 0)
                *(strcmp(r.aw.items[i].colour, "red") == 0 ? &red : &black) +=
                    r.aw.items[i].points;
        assert_points(red, paid[k].red);
        assert_points(black, paid[k].black);
    }
    assert_int_equal(r.aw.count, 2 * n); /* red and black of the paid pairs only */
    done(&r);
}

/* ACBL-C11, C12 (rulings ACBL-RC10..RC12, RC17) on a NAP club game that is
 * not one of the 15 shared files: Valencia Bridge Studio, 2017-08-08, one
 * 9-table Mitchell section (9 NS, 8 EW pairs), strats A (open), B
 * (0-2500), C (0-500), ACBLscore 8.15.  Facts (entry, per cent, strat, the
 * "total" award) from the public ACBLgamedump JSON morrisjones/nap
 * gfjson/183434/170808.ace.json; tests/data/acbl/nap-valencia-170808.json
 * holds them with the places ranked by per cent (players renumbered).  All
 * 9 paid pairs (36 player-colour awards) are reproduced, and no other:
 *   5N  A 1st overall   B(9) x 11.25 = 19/60 x 11.25 = 3.5625 -> 3.56 = 1.78 R + 1.78 B
 *   4N  A 2nd overall   3.56 x 0.75 = 2.67 = 1.34 R + 1.33 B
 *   1N  A 3rd overall   3.56 x 0.5625 = 2.0025 -> 2.00 = 1.00 + 1.00
 *   1E  A 1st EW        0.5 x 19/60 x 11.25 = 1.78 = 0.89 + 0.89 (its B 2nd overall
 *                       2.23 x 0.75 = 1.67 is smaller)
 *   6E  A 2nd EW        1.78 x 0.70 = 1.246 -> 1.25 = 0.63 + 0.62
 *   3E  B 4th overall   B: 14 pairs = 7 tables, 17/60 x 11.25 x 0.70 = 2.23125 ->
 *                       2.23; x 0.75^3 = 0.9408 -> 0.94 = 0.47 + 0.47
 *   2E  B 5th overall   2.23 x 0.75^4 = 0.7056 -> 0.71 = 0.36 + 0.35
 *   7N  B 2nd NS        B's 7 NS pairs: 0.5 x 17/60 x 7.875 = 1.1156 -> 1.12; x 0.70
 *                       = 0.784 -> 0.78 = 0.39 + 0.39 (larger than its A 4th NS 0.62)
 *   2N  B 3rd NS        1.12 x 0.50 = 0.56 = 0.28 + 0.28
 * 4E, B 6th overall, is unpaid: 7 tables pay 5 places (ACBL-12's table, ruling
 * ACBL-RC17), not 40 % of 14 = 6; strat C (4 pairs) pays nothing (RC13). */
static void nap_valencia_170808(void **state)
{
    (void)state;
    static const stored_award paid[] = {
        {"G5NS", "1.78", "1.78"}, {"G4NS", "1.34", "1.33"}, {"G1NS", "1.00", "1.00"},
        {"G1EW", "0.89", "0.89"}, {"G6EW", "0.63", "0.62"}, {"G3EW", "0.47", "0.47"},
        {"G2EW", "0.36", "0.35"}, {"G7NS", "0.39", "0.39"}, {"G2NS", "0.28", "0.28"}};
    check_stored("nap-valencia-170808.json", paid, sizeof paid / sizeof paid[0]);
}

/* The same club's NAP game of 2017-08-10 (gfjson/183434/170810.acm.json;
 * tests/data/acbl/nap-valencia-170810.json): a 5-table Howell of 9 pairs,
 * one field.  A: 9 pairs = 5 tables, 1st = 15/60 x 11.25 = 2.8125 -> 2.81
 * (G7: 1.41 R + 1.40 B); 2nd 2.1075 -> 2.11 (G10 1.06 + 1.05); 3rd 2.81 x
 * 0.5625 = 1.58 (G6 0.79 + 0.79); G8 and G1 tie 4/5: (2.81 x 0.421875 =
 * 1.19 + 2.81 x 0.31640625 = 0.89) / 2 = 1.04 (0.52 + 0.52), paid in full
 * though ACBL-12 pays 4 places to 5 tables (the tie begins within the
 * depth, ruling ACBL-RC12).  All 20 stored player-colour awards. */
static void nap_valencia_170810(void **state)
{
    (void)state;
    static const stored_award paid[] = {{"G7", "1.41", "1.40"}, {"G10", "1.06", "1.05"},
                                        {"G6", "0.79", "0.79"}, {"G8", "0.52", "0.52"},
                                        {"G1", "0.52", "0.52"}};
    check_stored("nap-valencia-170810.json", paid, sizeof paid / sizeof paid[0]);
}

/* The third public dump (gfjson/266882/170807.aca.json; tests/data/acbl/
 * nap-friendly-170807.json): Friendly Bridge Club, 2017-08-07, a 12-table
 * Mitchell of 23 pairs (11 NS, 12 EW), strats A, B (0-2500), C (0-500).  A 1st
 * = B(12) x 11.25 = 22/60 x 11.25 = 4.125 -> 4.13 (5E: 2.07 R + 2.06 B); 2nd
 * 4.13 x 0.75 = 3.0975 -> 3.10 (2E, a C pair, 1.55 + 1.55); 3rd 4.13 x
 * 0.5625 = 2.32 (4E 1.16 + 1.16); the section's 1st 0.5 x 22/60 x 11.25 =
 * 2.06 (5N 1.03 + 1.03).  2N: C (14 pairs = 7 tables) 1st 17/60 x 11.25 x
 * 0.50 = 1.59, 5th 1.59 x 0.75^4 = 0.503 -> 0.50 = 0.25 + 0.25, larger than
 * its C section award 0.49 (ACBLscore stored the red half under the section,
 * the black under the overall: the same amounts).  All 48 stored
 * player-colour awards. */
static void nap_friendly_170807(void **state)
{
    (void)state;
    static const stored_award paid[] = {
        {"A5EW", "2.07", "2.06"}, {"A2EW", "1.55", "1.55"},  {"A4EW", "1.16", "1.16"},
        {"A5NS", "1.03", "1.03"}, {"A4NS", "0.72", "0.72"},  {"A11NS", "0.52", "0.51"},
        {"A12EW", "0.49", "0.49"}, {"A8NS", "0.36", "0.36"}, {"A6EW", "0.34", "0.33"},
        {"A2NS", "0.25", "0.25"}, {"A1NS", "0.21", "0.20"},  {"A8EW", "0.16", "0.15"}};
    check_stored("nap-friendly-170807.json", paid, sizeof paid / sizeof paid[0]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(c13_stac_pairs), cmocka_unit_test(c13_stac_limited),
        cmocka_unit_test(c13_stac_swiss), cmocka_unit_test(c14_upgraded),
        cmocka_unit_test(c10_no_chart),   cmocka_unit_test(nap_valencia_170808),
        cmocka_unit_test(nap_valencia_170810), cmocka_unit_test(nap_friendly_170807),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
