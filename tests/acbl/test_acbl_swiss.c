/* ACBL Swiss match awards (ACBL-77..81): the D x L x M x P formula, the D
 * table, flighted and stratified Swiss, players' participation.  Split
 * from test_acbl_structure.c by rule family; arithmetic in comments. */
#include "acbl_test_util.h"

/* ACBL-79: D x L x M x P; later +20% for stratiflighted A; D by edition. */
static void match_award_formula(void **state)
{
    (void)state;
    double d;
    assert_int_equal(acbl_factor_d(ACBL_CLASS_REGIONAL, ACBL_ED_CURRENT, &d, NULL), BMP_OK);
    /* 1.25 x 8/24 = 0.41667 -> 0.42; stratiflighted A later x 1.20 = 0.50 */
    assert_points(acbl_match_award(d, acbl_factor_l(8), 1, 1, false, ACBL_ED_CURRENT), "0.42");
    assert_points(acbl_match_award(d, acbl_factor_l(8), 1, 1, true, ACBL_ED_CURRENT), "0.50");
    assert_points(acbl_match_award(d, acbl_factor_l(8), 1, 1, true, ACBL_ED_2003), "0.42");
    /* Unit 0.765 x 1 = 0.765 -> 0.77 (exact half cent, half-up) */
    assert_int_equal(acbl_factor_d(ACBL_CLASS_UNIT, ACBL_ED_2003, &d, NULL), BMP_OK);
    assert_points(acbl_match_award(d, acbl_factor_l(24), 1, 1, false, ACBL_ED_2003), "0.77");
    /* Sectional 0.9 x 7/24 = 0.2625 -> 0.26 */
    assert_int_equal(acbl_factor_d(ACBL_CLASS_SECTIONAL, ACBL_ED_CURRENT, &d, NULL), BMP_OK);
    assert_points(acbl_match_award(d, acbl_factor_l(7), 1, 1, false, ACBL_ED_CURRENT), "0.26");
    /* National: 2003 lists 1.800 (KO section); later none */
    assert_int_equal(acbl_factor_d(ACBL_CLASS_NATIONAL, ACBL_ED_2003, &d, NULL), BMP_OK);
    assert_true(d == 1.8);
    bmp_error e = {0};
    assert_int_equal(acbl_factor_d(ACBL_CLASS_NATIONAL, ACBL_ED_CURRENT, &d, &e), BMP_ENOTSUP);
    assert_non_null(strstr(e.msg, "(ACBL-79, §IV.C)"));
    /* ACBL-96: club D 0.240 / 0.360 */
    assert_int_equal(acbl_factor_d(ACBL_CLASS_CLUB_MASTERPOINT, ACBL_ED_CURRENT, &d, NULL),
                     BMP_OK);
    assert_true(d == 0.240);
    assert_int_equal(acbl_factor_d(ACBL_CLASS_CLUB_CHAMPIONSHIP, ACBL_ED_2003, &d, NULL), BMP_OK);
    assert_true(d == 0.360);
}

/* ACBL-79 (with the 2003 National D of its KO section, ACBL-96 club D): every printed D
 * of both editions (match_award_d_factors.csv); an empty cell is "not
 * listed" and must not be invented. */
static void match_d_csv(void **state)
{
    (void)state;
    static const struct { const char *csv; acbl_class c; } map[] = {
        {"Unit Championship", ACBL_CLASS_UNIT},
        {"Sectional", ACBL_CLASS_SECTIONAL},
        {"Regional", ACBL_CLASS_REGIONAL},
        {"National", ACBL_CLASS_NATIONAL},
        {"Club Masterpoint", ACBL_CLASS_CLUB_MASTERPOINT},
        {"Club Championship", ACBL_CLASS_CLUB_CHAMPIONSHIP}};
    bmp_csv csv;
    bmp_csv_load(&csv, "acbl/match_award_d_factors.csv");
    assert_int_equal(csv.nrows - 1, 6);
    for (size_t r = 1; r < csv.nrows; r++) {
        size_t k = 0;
        while (k < 6 && strcmp(map[k].csv, bmp_csv_get(&csv, r, 0)) != 0)
            k++;
        assert_true(k < 6);
        /* column 1: 2003 (KO and Swiss); column 2: later (Swiss).  The 2003
         * club cells are empty in this column, but the 2003 club table lists
         * the same D (ACBL-96), so only National is truly absent (later). */
        const char *later = bmp_csv_get(&csv, r, 2);
        double d = 0;
        bmp_error e = {0};
        if (*later) {
            assert_int_equal(acbl_factor_d(map[k].c, ACBL_ED_CURRENT, &d, NULL), BMP_OK);
            assert_true(fabs(d - atof(later)) < 1e-12);
        } else {
            assert_int_equal(acbl_factor_d(map[k].c, ACBL_ED_CURRENT, &d, &e), BMP_ENOTSUP);
        }
        const char *y2003 = bmp_csv_get(&csv, r, 1);
        if (*y2003) {
            assert_int_equal(acbl_factor_d(map[k].c, ACBL_ED_2003, &d, NULL), BMP_OK);
            assert_true(fabs(d - atof(y2003)) < 1e-12);
        }
    }
    bmp_csv_free(&csv);
}

/* ACBL-80: "Flighted ... Swiss events award points according to the
 * conditions outlined (above) for flighted": the Flight A floor (ACBL-74)
 * and the 35% limit (ACBL-73) apply to a flighted Swiss too (audit: the floor
 * was applied to pairs only, paying a1 8.83). */
static void flighted_swiss(void **state)
{
    (void)state;
    /* Sectional, 1 session; Flight A open 3 teams, Flight B UL 5000 40 teams.
     * A credit 43: 53/60 x 10 = 8.8333 -> 8.83; B credit 40: 50/60 x 10 x
     * M(5000) (log10(5000)/3.11 - 0.218 = 0.971379) = 8.0948 -> 8.09; 110%
     * of 8.09 = 8.899 -> 8.90 > 8.83: A first 8.90 (ACBL-74).  35% of 3
     * teams = 1.05 -> 1 place in Flight A (ACBL-73). */
    res r = go("{\"body\": \"acbl\", \"name\": \"f\", \"kind\": \"swiss-teams\", "
               "\"classification\": \"sectional\", \"tables\": 43, \"groups\": ["
               "{\"name\": \"A\", \"type\": \"flight\", \"tables\": 3},"
               "{\"name\": \"B\", \"type\": \"flight\", \"tables\": 40, \"upper_limit\": 5000}],"
               "\"contestants\": ["
               "{\"id\": \"a1\", \"group\": \"A\", \"place\": 1},"
               "{\"id\": \"a2\", \"group\": \"A\", \"place\": 2},"
               "{\"id\": \"b1\", \"group\": \"B\", \"place\": 1}]}");
    expect_points(&r, "a1", "overall", -2, "8.90");
    assert_null(find(r.ev, &r.aw, "a2", "overall", -2));
    expect_points(&r, "b1", "overall", -2, "8.09");
    assert_true(note_has(&r.aw, "raised to 8.90 (ACBL-74)"));
    done(&r);
}

/* ACBL-78 participation on 5-6 player teams (1-2 sessions), full awards in
 * 3+ sessions; ACBL-81 consolations: M <= 0.65 for overall, finals' M for
 * match awards, at least half the matches. */
static void swiss_players(void **state)
{
    (void)state;
    const char *json =
        "{\"body\": \"acbl\", \"name\": \"sw\", \"kind\": \"swiss-teams\", \"classification\": "
        "\"regional\", \"sessions\": %d, \"tables\": 10, \"boards_per_match\": 24%s, "
        "\"contestants\": [{\"id\": \"T1\", \"place\": 1, \"match_wins\": 2, \"players\": ["
        "{\"id\": \"J1\"}, {\"id\": \"J2\"}, {\"id\": \"J3\"}, {\"id\": \"J4\", \"participation\": 0.6},"
        "{\"id\": \"J5\", \"participation\": 0.4}]}]}";
    char buf[1024];
    /* 2 sessions: 20/60 x 14 x 1.5 = 7.00; J4 7.00 x 0.6 = 4.20, J5 2.80 */
    snprintf(buf, sizeof buf, json, 2, "");
    res r = go(buf);
    expect_points(&r, "T1", "overall", 0, "7.00");
    expect_points(&r, "T1", "overall", 3, "4.20");
    expect_points(&r, "T1", "overall", 4, "2.80");
    assert_string_equal(find(r.ev, &r.aw, "T1", "overall", 3)->rule, "ACBL-78");
    /* match awards (ACBL-79): 1.25 x 1 x 1 x 1 = 1.25 x 2 wins = 2.50 */
    expect_points(&r, "T1", "match", -2, "2.50");
    done(&r);
    /* 3 sessions: everyone the full 20/60 x 14 x 2 = 9.33: one award for
     * every player */
    snprintf(buf, sizeof buf, json, 3, "");
    r = go(buf);
    expect_points(&r, "T1", "overall", BMP_ALL_PLAYERS, "9.33");
    done(&r);
    /* consolation, 2 sessions: 7.00 x 0.65 = 4.55; J4 x 0.6 = 2.73; J5
     * played under half: nothing; match awards as in the finals: 2.50. */
    snprintf(buf, sizeof buf, json, 2, ", \"rating\": \"consolation\"");
    r = go(buf);
    expect_points(&r, "T1", "overall", 0, "4.55");
    expect_points(&r, "T1", "overall", 3, "2.73");
    assert_null(find(r.ev, &r.aw, "T1", "overall", 4));
    expect_points(&r, "T1", "match", -2, "2.50");
    done(&r);
}

/* ACBL-80: a stratified Swiss uses the highest stratum's limits for match
 * awards. */
static void stratified_swiss_match(void **state)
{
    (void)state;
    /* B team (UL 500) in a stratified Swiss with an open A: M = 1: 1.25 x 1
     * (24 boards) = 1.25 per win; its overall uses its own M. */
    res r = go("{\"body\": \"acbl\", \"name\": \"ss\", \"kind\": \"swiss-teams\", "
               "\"classification\": \"regional\", \"tables\": 12, \"boards_per_match\": 24, "
               "\"groups\": [{\"name\": \"A\", \"type\": \"stratum\", \"tables\": 8},"
               "{\"name\": \"B\", \"type\": \"stratum\", \"tables\": 4, \"upper_limit\": 500}],"
               "\"contestants\": [{\"id\": \"b1\", \"group\": \"B\", \"match_wins\": 1}]}");
    expect_points(&r, "b1", "match", -2, "1.25");
    done(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(match_award_formula),
        cmocka_unit_test(match_d_csv),
        cmocka_unit_test(flighted_swiss),
        cmocka_unit_test(swiss_players),
        cmocka_unit_test(stratified_swiss_match),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
