/* ACBL divided fields: flights (ACBL-73, ACBL-74), strata (ACBL-67,
 * ACBL-68), stratiflighted events and the X stratum (ACBL-69, ACBL-70),
 * brackets (ACBL-82) and structural input errors, under both editions.
 * Split from test_acbl_structure.c by rule family; arithmetic in comments. */
#include "acbl_test_util.h"

/* ACBL-82: bracketed Swiss table credit. */
static void bracket_credit(void **state)
{
    (void)state;
    /* top: 8 own + 52 lower: 8 + 40 + 12/3 = 52 */
    assert_true(acbl_bracket_tables(0, 8, 52) == 52.0);
    /* second: 8 + 44 lower: 8 + 20 + 24/3 = 36 */
    assert_true(acbl_bracket_tables(1, 8, 44) == 36.0);
    /* third: 8 + 12/3 = 12 */
    assert_true(acbl_bracket_tables(2, 8, 12) == 12.0);
    /* under the thresholds everything counts: 8 + 30 = 38, 8 + 15 = 23 */
    assert_true(acbl_bracket_tables(0, 8, 30) == 38.0);
    assert_true(acbl_bracket_tables(1, 8, 15) == 23.0);
}

/* ACBL-74: Flight A at least 110% of Flight B. */
static void flight_a_floor(void **state)
{
    (void)state;
    assert_points(acbl_flight_a_floor(500, 480), "5.28"); /* 4.80 x 1.1 */
    assert_points(acbl_flight_a_floor(600, 480), "6.00");
}

/* ACBL-69: stratum X, both branches; A-18 exponent. */
static void stratum_x(void **state)
{
    (void)state;
    char why[400];
    /* threshold met by 20 tables: max(105% of 10.00 = 10.50, X alone 11.00) */
    assert_points(acbl_stratum_x_first(20, 40, 1000, 1100, why, sizeof why), "11.00");
    assert_points(acbl_stratum_x_first(20, 40, 1000, 900, why, sizeof why), "10.50");
    /* threshold met by 40%: X 8 of A + X 20 */
    assert_points(acbl_stratum_x_first(8, 12, 1000, 500, why, sizeof why), "10.50");
    /* below: X 6, A 14: ((6/0.4)/20)^2 = 0.5625 x 10.50 = 5.90625 -> 5.91;
     * (6/20)^2 = 0.09 x 10.50 = 0.945 -> 0.95; X alone 3.00 -> 5.91 */
    assert_points(acbl_stratum_x_first(6, 14, 1000, 300, why, sizeof why), "5.91");
    assert_non_null(strstr(why, "below threshold"));
    /* X alone larger: 6.00 */
    assert_points(acbl_stratum_x_first(6, 14, 1000, 600, why, sizeof why), "6.00");
}

/* ACBL-73 flighted pairs: own + lower flights, 35% of the flight's own
 * competitors; ACBL-74 Flight A >= 110% of Flight B. */
static void flighted_pairs(void **state)
{
    (void)state;
    /* Sectional, 1 session; Flight A open 3 tables, Flight B UL 5000 40 tables.
     * A credit 43: 53/60 x 10 = 8.8333 -> 8.83; B credit 40: 50/60 x 10 x
     * M(5000) 0.971379 = 8.0948 -> 8.09; 110% of 8.09 = 8.899 -> 8.90 > 8.83:
     * A first = 8.90 (ACBL-74); A 2nd 8.90 x 0.75 = 6.675 -> 6.68; A has 6
     * pairs: 35% = 2.1 -> 2 places (ACBL-73). */
    res r = go("{\"body\": \"acbl\", \"name\": \"f\", \"kind\": \"pairs\", \"classification\": "
               "\"sectional\", \"tables\": 43, \"groups\": ["
               "{\"name\": \"A\", \"type\": \"flight\", \"tables\": 3},"
               "{\"name\": \"B\", \"type\": \"flight\", \"tables\": 40, \"upper_limit\": 5000}],"
               "\"contestants\": ["
               "{\"id\": \"a1\", \"group\": \"A\", \"place\": 1},"
               "{\"id\": \"a2\", \"group\": \"A\", \"place\": 2},"
               "{\"id\": \"a3\", \"group\": \"A\", \"place\": 3},"
               "{\"id\": \"b1\", \"group\": \"B\", \"place\": 1},"
               "{\"id\": \"b2\", \"group\": \"B\", \"place\": 2}]}");
    expect_points(&r, "a1", "overall", -2, "8.90");
    expect_points(&r, "a2", "overall", -2, "6.68");
    assert_null(find(r.ev, &r.aw, "a3", "overall", -2));
    expect_points(&r, "b1", "overall", -2, "8.09");
    /* 8.09 x 0.75 = 6.0675 -> 6.07 */
    expect_points(&r, "b2", "overall", -2, "6.07");
    assert_string_equal(find(r.ev, &r.aw, "b1", "overall", -2)->colour, "silver");
    assert_true(note_has(&r.aw, "raised to 8.90 (ACBL-74)"));
    assert_true(note_has(&r.aw, "35% of the flight's 6 competitors = 2 (ACBL-73)"));
    done(&r);
}

/* ACBL-67 stratified: own + lower strata, each stratum's M; lowest stratum
 * needs 3 tables; strata not cumulative (ruling ACBL-R15); ACBL-88 gold in
 * the top two strata. */
static void stratified(void **state)
{
    (void)state;
    /* Regional 2 sessions: A open 10 tables, B UL 1500 8, C UL 500 2.
     * A credit 20: 30/60 x 14 x 1.5 = 10.50; B credit 10: 20/60 x 21 x
     * M(1500) 0.803251 = 5.6228 -> 5.62; C has 2 tables: no overall awards.
     * b1 is 2nd in A (10.50 x 0.75 = 7.875 -> 7.88) and 1st in B (5.62):
     * receives 7.88 only. */
    res r = go("{\"body\": \"acbl\", \"name\": \"s\", \"kind\": \"pairs\", \"classification\": "
               "\"regional\", \"sessions\": 2, \"tables\": 20, \"groups\": ["
               "{\"name\": \"A\", \"type\": \"stratum\", \"tables\": 10},"
               "{\"name\": \"B\", \"type\": \"stratum\", \"tables\": 8, \"upper_limit\": 1500},"
               "{\"name\": \"C\", \"type\": \"stratum\", \"tables\": 2, \"upper_limit\": 500}],"
               "\"contestants\": ["
               "{\"id\": \"a1\", \"group\": \"A\", \"rankings\": [{\"ranking\": \"A\", \"place\": 1}]},"
               "{\"id\": \"b1\", \"group\": \"B\", \"rankings\": [{\"ranking\": \"A\", \"place\": 2},"
               " {\"ranking\": \"B\", \"place\": 1}]},"
               "{\"id\": \"b2\", \"group\": \"B\", \"rankings\": [{\"ranking\": \"B\", \"place\": 2}]},"
               "{\"id\": \"c1\", \"group\": \"C\", \"rankings\": [{\"ranking\": \"C\", \"place\": 1}]}]}");
    expect_points(&r, "a1", "overall", -2, "10.50");
    expect_points(&r, "b1", "overall", -2, "7.88");
    size_t nb1 = 0;
    for (size_t i = 0; i < r.aw.count; i++)
        nb1 += strcmp(r.ev->contestants[r.aw.items[i].contestant].id, "b1") == 0;
    assert_int_equal(nb1, 1);
    /* b2: B 2nd = 5.62 x 0.75 = 4.215 -> 4.22 (exact half cent) */
    expect_points(&r, "b2", "overall", -2, "4.22");
    assert_string_equal(find(r.ev, &r.aw, "b2", "overall", -2)->colour, "gold");
    assert_null(find(r.ev, &r.aw, "c1", "overall", -2));
    assert_true(note_has(&r.aw, "lowest stratum below 3 tables"));
    done(&r);
}

/* Stratiflighted: ACBL-68 A on A + X; ACBL-69 X against Flight B; ACBL-70
 * and ACBL-93: gold for A, X and B when each limit >= 750. */
static void stratiflighted(void **state)
{
    (void)state;
    /* Regional 2 sessions. Flight A: A open 12, X UL 3000 8; Flight B: B UL
     * 750 12, C UL 300 8.  A credit 20: 30/60 x 21 = 10.50. Flight B first
     * (B credit 20): 10.50 x M(750) 0.706457 = 7.4178 -> 7.42.  X: 8 >= 40%
     * of 20 -> max(105% x 7.42 = 7.791 -> 7.79, X alone 18/60 x 21 x
     * M(3000) 0.900045 = 5.6703 -> 5.67) = 7.79; X 2nd 7.79 x 0.75 = 5.8425
     * -> 5.84.  C credit 8: 18/60 x 21 x M(300) 0.605624 = 3.8154 -> 3.82,
     * red (fourth stratum). */
    res r = go("{\"body\": \"acbl\", \"name\": \"sf\", \"kind\": \"pairs\", \"classification\": "
               "\"regional\", \"sessions\": 2, \"tables\": 40, \"groups\": ["
               "{\"name\": \"A\", \"type\": \"stratum\", \"tables\": 12, \"params\": {\"flight\": \"A\"}},"
               "{\"name\": \"X\", \"type\": \"stratum\", \"tables\": 8, \"upper_limit\": 3000, \"params\": {\"flight\": \"A\"}},"
               "{\"name\": \"B\", \"type\": \"stratum\", \"tables\": 12, \"upper_limit\": 750, \"params\": {\"flight\": \"B\"}},"
               "{\"name\": \"C\", \"type\": \"stratum\", \"tables\": 8, \"upper_limit\": 300, \"params\": {\"flight\": \"B\"}}],"
               "\"contestants\": ["
               "{\"id\": \"a1\", \"group\": \"A\", \"rankings\": [{\"ranking\": \"A\", \"place\": 1}]},"
               "{\"id\": \"x1\", \"group\": \"X\", \"rankings\": [{\"ranking\": \"X\", \"place\": 1}]},"
               "{\"id\": \"x2\", \"group\": \"X\", \"rankings\": [{\"ranking\": \"X\", \"place\": 2}]},"
               "{\"id\": \"b1\", \"group\": \"B\", \"rankings\": [{\"ranking\": \"B\", \"place\": 1}]},"
               "{\"id\": \"c1\", \"group\": \"C\", \"rankings\": [{\"ranking\": \"C\", \"place\": 1}]}]}");
    expect_points(&r, "a1", "overall", -2, "10.50");
    expect_points(&r, "b1", "overall", -2, "7.42");
    expect_points(&r, "x1", "overall", -2, "7.79");
    expect_points(&r, "x2", "overall", -2, "5.84");
    expect_points(&r, "c1", "overall", -2, "3.82");
    assert_string_equal(find(r.ev, &r.aw, "x1", "overall", -2)->colour, "gold");
    assert_string_equal(find(r.ev, &r.aw, "b1", "overall", -2)->colour, "gold");
    assert_string_equal(find(r.ev, &r.aw, "c1", "overall", -2)->colour, "red");
    done(&r);
}

/* ACBL-70 / ACBL-93: with Flight A not split (no X) the gold strata are A
 * and Flight B's top stratum B; Flight B's second stratum is not gold even
 * with a limit >= 750 (audit: "upper three" was counted as any three). */
static void stratiflighted_no_x(void **state)
{
    (void)state;
    /* Regional 2 sessions. Flight A: A open 10; Flight B: B UL 2000 10, C UL
     * 1000 10.  A credit 10: 20/60 x 21 = 7.00.  B credit 20: 30/60 x 21 x
     * M(2000) (log10(2000)/3.11 - 0.218 = 0.843424) = 8.8560 -> 8.86.  C
     * credit 10: 20/60 x 21 x M(1000) 0.746610 = 5.2263 -> 5.23. */
    res r = go("{\"body\": \"acbl\", \"name\": \"sf\", \"kind\": \"pairs\", \"classification\": "
               "\"regional\", \"sessions\": 2, \"tables\": 30, \"groups\": ["
               "{\"name\": \"A\", \"type\": \"stratum\", \"tables\": 10, \"params\": {\"flight\": \"A\"}},"
               "{\"name\": \"B\", \"type\": \"stratum\", \"tables\": 10, \"upper_limit\": 2000, \"params\": {\"flight\": \"B\"}},"
               "{\"name\": \"C\", \"type\": \"stratum\", \"tables\": 10, \"upper_limit\": 1000, \"params\": {\"flight\": \"B\"}}],"
               "\"contestants\": ["
               "{\"id\": \"a1\", \"group\": \"A\", \"rankings\": [{\"ranking\": \"A\", \"place\": 1}]},"
               "{\"id\": \"b1\", \"group\": \"B\", \"rankings\": [{\"ranking\": \"B\", \"place\": 1}]},"
               "{\"id\": \"c1\", \"group\": \"C\", \"rankings\": [{\"ranking\": \"C\", \"place\": 1}]}]}");
    expect_points(&r, "a1", "overall", -2, "7.00");
    expect_points(&r, "b1", "overall", -2, "8.86");
    expect_points(&r, "c1", "overall", -2, "5.23");
    assert_string_equal(find(r.ev, &r.aw, "a1", "overall", -2)->colour, "gold");
    assert_string_equal(find(r.ev, &r.aw, "b1", "overall", -2)->colour, "gold");
    assert_string_equal(find(r.ev, &r.aw, "c1", "overall", -2)->colour, "red");
    done(&r);
}

/* ACBL-82 bracketed Swiss through the event, with match awards (ACBL-79)
 * and ACBL-83 (later) bracket position; 2003 has no ACBL-83. */
static void bracketed_swiss(void **state)
{
    (void)state;
    const char *json =
        "{\"body\": \"acbl\", \"name\": \"b\", \"edition\": \"%s\", \"kind\": \"swiss-teams\", "
        "\"classification\": \"regional\", \"tables\": 32, \"boards_per_match\": 7, \"groups\": ["
        "{\"name\": \"1\", \"type\": \"bracket\", \"tables\": 8},"
        "{\"name\": \"2\", \"type\": \"bracket\", \"tables\": 8%s},"
        "{\"name\": \"3\", \"type\": \"bracket\", \"tables\": 8},"
        "{\"name\": \"4\", \"type\": \"bracket\", \"tables\": 8}],"
        "\"contestants\": ["
        "{\"id\": \"t1\", \"group\": \"1\", \"place\": 1, \"match_wins\": 3},"
        "{\"id\": \"t2\", \"group\": \"2\", \"place\": 1, \"match_wins\": 2.5},"
        "{\"id\": \"t3\", \"group\": \"3\", \"place\": 1},"
        "{\"id\": \"t4\", \"group\": \"4\", \"place\": 1}]}";
    char buf[2048];
    snprintf(buf, sizeof buf, json, "current", "");
    /* credits 8 + 24 = 32, 8 + 16 = 24, 8 + 8/3 = 10.667, 8:
     * 42/60 x 14 = 9.80; 34/60 x 14 = 7.933 -> 7.93; 20.667/60 x 14 =
     * 4.8222 -> 4.82; 18/60 x 14 = 4.20.  Match: 1.25 x 7/24 = 0.36458 ->
     * 0.36; x 3 = 1.08; x 2.5 = 0.90. */
    res r = go(buf);
    expect_points(&r, "t1", "overall", -2, "9.80");
    expect_points(&r, "t2", "overall", -2, "7.93");
    expect_points(&r, "t3", "overall", -2, "4.82");
    expect_points(&r, "t4", "overall", -2, "4.20");
    expect_points(&r, "t1", "match", -2, "1.08");
    expect_points(&r, "t2", "match", -2, "0.90");
    assert_string_equal(find(r.ev, &r.aw, "t1", "match", -2)->colour, "red");
    done(&r);
    /* ACBL-83 (later): bracket "2" counted as a third bracket would be 8 +
     * 16/3 = 13.333: 23.333/60 x 14 = 5.4444 -> 5.44 */
    snprintf(buf, sizeof buf, json, "current", ", \"params\": {\"bracket_position\": 3}");
    r = go(buf);
    expect_points(&r, "t2", "overall", -2, "5.44");
    done(&r);
    snprintf(buf, sizeof buf, json, "2003", ", \"params\": {\"bracket_position\": 3}");
    bmp_awards aw;
    bmp_error e = {0};
    assert_int_equal(run(buf, &aw, &e), BMP_ENOTSUP);
    assert_non_null(strstr(e.msg, "(ACBL-83, §IV.C)"));
    bmp_awards_free(&aw);
}

/* ACBL-13 with ACBL-82 (ruling ACBL-L1): a bracket credited with more
 * tables than it has teams pays no more places than its own teams would.
 * Top bracket of 4 x 8 teams: credit 8 + 24 = 32, 1st 42/60 x 14 = 9.80;
 * by the credited 32 tables depth would be 6 (19+ teams; place 7 =
 * 9.80 x 0.75^6 = 1.74 < floor 2.80; 10%..35% of 32 = 4..11), but 8 teams
 * pay 3 (ACBL-13: 7-8 -> 3): 9.80, 7.35, 9.80 x 0.5625 = 5.5125 -> 5.51,
 * and 4th nothing. */
static void bracket_depth_own_teams(void **state)
{
    (void)state;
    const char *json =
        "{\"body\": \"acbl\", \"name\": \"b\", \"kind\": \"swiss-teams\", "
        "\"classification\": \"regional\", \"tables\": 32, \"boards_per_match\": 7, \"groups\": ["
        "{\"name\": \"1\", \"type\": \"bracket\", \"tables\": 8},"
        "{\"name\": \"2\", \"type\": \"bracket\", \"tables\": 8},"
        "{\"name\": \"3\", \"type\": \"bracket\", \"tables\": 8},"
        "{\"name\": \"4\", \"type\": \"bracket\", \"tables\": 8}],"
        "\"contestants\": ["
        "{\"id\": \"a1\", \"group\": \"1\", \"place\": 1},"
        "{\"id\": \"a2\", \"group\": \"1\", \"place\": 2},"
        "{\"id\": \"a3\", \"group\": \"1\", \"place\": 3},"
        "{\"id\": \"a4\", \"group\": \"1\", \"place\": 4}]}";
    res r = go(json);
    expect_points(&r, "a1", "overall", -2, "9.80");
    expect_points(&r, "a2", "overall", -2, "7.35");
    expect_points(&r, "a3", "overall", -2, "5.51");
    assert_null(find(r.ev, &r.aw, "a4", "overall", -2));
    done(&r);
}

/* ACBL-5 with ACBL-67 and ACBL-80: a stratum that states no upper limit has
 * the event's (audit: it was taken as unlimited, M = 1). */
static void stratum_inherits_limit(void **state)
{
    (void)state;
    /* Regional 2 sessions Swiss, event UL 5000: A (no limit stated) 10
     * teams, B UL 1000 10 teams.  M(5000) = log10(5000)/3.11 - 0.218 =
     * 0.971379.  A credit 20: 30/60 x 14 x 1.5 x 0.971379 = 10.1995 -> 10.20
     * (not 10.50).  Match award, 24 boards, highest stratum's M (ACBL-80):
     * 1.25 x 1 x 0.971379 = 1.2142 -> 1.21 per win, x 2 = 2.42 (not 2.50). */
    res r = go("{\"body\": \"acbl\", \"name\": \"s\", \"kind\": \"swiss-teams\", \"classification\": "
               "\"regional\", \"sessions\": 2, \"tables\": 20, \"upper_limit\": 5000, "
               "\"boards_per_match\": 24, \"groups\": ["
               "{\"name\": \"A\", \"type\": \"stratum\", \"tables\": 10},"
               "{\"name\": \"B\", \"type\": \"stratum\", \"tables\": 10, \"upper_limit\": 1000}],"
               "\"contestants\": ["
               "{\"id\": \"a1\", \"group\": \"A\", \"match_wins\": 2, \"rankings\": [{\"ranking\": \"A\", \"place\": 1}]},"
               "{\"id\": \"b1\", \"group\": \"B\", \"match_wins\": 2, \"rankings\": [{\"ranking\": \"B\", \"place\": 1}]}]}");
    expect_points(&r, "a1", "overall", -2, "10.20");
    expect_points(&r, "a1", "match", -2, "2.42");
    expect_points(&r, "b1", "match", -2, "2.42");
    done(&r);
}

/* Structural input errors name the path and what was expected. */
static void structure_errors(void **state)
{
    (void)state;
    /* ACBL-69 needs Flight B */
    expect_fail("{\"body\": \"acbl\", \"name\": \"x\", \"kind\": \"pairs\", \"classification\": "
                "\"regional\", \"tables\": 20, \"groups\": [{\"name\": \"A\", \"type\": \"stratum\", "
                "\"tables\": 12, \"params\": {\"flight\": \"A\"}}, {\"name\": \"X\", \"type\": "
                "\"stratum\", \"tables\": 8, \"upper_limit\": 3000, \"params\": {\"flight\": \"A\"}}], "
                "\"contestants\": [{\"id\": \"1\", \"group\": \"X\", \"rankings\": [{\"ranking\": "
                "\"X\", \"place\": 1}]}]}",
                BMP_EINVAL, "no group has params.flight \"B\"");
    /* ACBL-68: X at least 500 above B (X 1000, B 750) */
    expect_fail("{\"body\": \"acbl\", \"name\": \"x\", \"kind\": \"pairs\", \"classification\": "
                "\"regional\", \"tables\": 20, \"groups\": [{\"name\": \"A\", \"type\": \"stratum\", "
                "\"tables\": 8, \"params\": {\"flight\": \"A\"}}, {\"name\": \"X\", \"type\": "
                "\"stratum\", \"tables\": 4, \"upper_limit\": 1000, \"params\": {\"flight\": \"A\"}}, "
                "{\"name\": \"B\", \"type\": \"stratum\", \"tables\": 8, \"upper_limit\": 750, "
                "\"params\": {\"flight\": \"B\"}}], \"contestants\": [{\"id\": \"1\", \"group\": "
                "\"X\", \"rankings\": [{\"ranking\": \"X\", \"place\": 1}]}]}",
                BMP_EINVAL, "must be at least 500 above stratum B");
    /* flights and strata cannot be mixed */
    expect_fail("{\"body\": \"acbl\", \"name\": \"x\", \"kind\": \"pairs\", \"classification\": "
                "\"regional\", \"tables\": 20, \"groups\": [{\"name\": \"A\", \"type\": \"flight\"}, "
                "{\"name\": \"B\", \"type\": \"stratum\"}], \"contestants\": [{\"id\": \"1\", "
                "\"group\": \"A\", \"place\": 1}, {\"id\": \"2\", \"group\": \"B\", \"place\": 1}]}",
                BMP_EINVAL, "$.groups[1]: a stratum mixed with flights");
    /* a contestant group must be a flight, stratum or bracket */
    expect_fail("{\"body\": \"acbl\", \"name\": \"x\", \"kind\": \"pairs\", \"classification\": "
                "\"regional\", \"tables\": 20, \"groups\": [{\"name\": \"A\", \"type\": \"section\"}], "
                "\"contestants\": [{\"id\": \"1\", \"group\": \"A\", \"place\": 1}]}",
                BMP_EINVAL, "$.groups[0].type: contestants compete in it");
    /* a non-session ranking must name a stratum */
    expect_fail("{\"body\": \"acbl\", \"name\": \"x\", \"kind\": \"pairs\", \"classification\": "
                "\"regional\", \"tables\": 20, \"contestants\": [{\"id\": \"1\", \"rankings\": "
                "[{\"ranking\": \"B\", \"place\": 1}]}]}",
                BMP_EINVAL, "$.contestants[0].rankings[0].ranking: \"B\" is not a session");
    /* in a flighted event every placed contestant names its flight */
    expect_fail("{\"body\": \"acbl\", \"name\": \"x\", \"kind\": \"pairs\", \"classification\": "
                "\"regional\", \"tables\": 20, \"groups\": [{\"name\": \"A\", \"type\": \"flight\", "
                "\"tables\": 20}], \"contestants\": [{\"id\": \"1\", \"place\": 1}]}",
                BMP_EINVAL, "$.contestants[0].group: the event has flights");
    /* ACBL-67: a stratum A contestant cannot place in the lower stratum B
     * (audit: it was paid B's first); ACBL-68: nor across the flights of a
     * stratiflighted event */
    expect_fail("{\"body\": \"acbl\", \"name\": \"x\", \"kind\": \"pairs\", \"classification\": "
                "\"regional\", \"tables\": 14, \"groups\": [{\"name\": \"A\", \"type\": \"stratum\", "
                "\"tables\": 7}, {\"name\": \"B\", \"type\": \"stratum\", \"tables\": 7, "
                "\"upper_limit\": 500}], \"contestants\": [{\"id\": \"1\", \"group\": \"A\", "
                "\"rankings\": [{\"ranking\": \"B\", \"place\": 1}]}]}",
                BMP_EINVAL, "$.contestants[0].rankings[0].ranking: a contestant of stratum \"A\" "
                            "cannot place in stratum \"B\"");
    expect_fail("{\"body\": \"acbl\", \"name\": \"x\", \"kind\": \"pairs\", \"classification\": "
                "\"regional\", \"tables\": 20, \"groups\": [{\"name\": \"A\", \"type\": \"stratum\", "
                "\"tables\": 10, \"params\": {\"flight\": \"A\"}}, {\"name\": \"B\", \"type\": "
                "\"stratum\", \"tables\": 10, \"upper_limit\": 2000, \"params\": {\"flight\": \"B\"}}], "
                "\"contestants\": [{\"id\": \"1\", \"group\": \"B\", \"rankings\": [{\"ranking\": "
                "\"A\", \"place\": 1}]}]}",
                BMP_EINVAL, "strata rank their own and lower strata of the same flight (ACBL-67)");
    /* ACBL-17/23: a section ranking with no group for the section fell back
     * to the event's 40 tables and was scored "across sections" (audit) */
    expect_fail("{\"body\": \"acbl\", \"name\": \"x\", \"kind\": \"pairs\", \"classification\": "
                "\"regional\", \"tables\": 40, \"contestants\": [{\"id\": \"1\", \"rankings\": "
                "[{\"session\": 1, \"section\": \"A\", \"direction\": \"NS\", \"place\": 1}]}]}",
                BMP_EINVAL, "$.contestants[0].rankings[0].section: section \"A\" with 40 tables "
                            "(the event's: no group of that name): expected a group of that name");
    /* ACBL-72 levels */
    expect_fail("{\"body\": \"acbl\", \"name\": \"x\", \"kind\": \"pairs\", \"classification\": "
                "\"regional\", \"tables\": 20, \"params\": {\"barometer_level\": 4}, "
                "\"contestants\": [{\"id\": \"1\", \"place\": 1}]}",
                BMP_EINVAL, "$.params.barometer_level: expected 1 (top), 2 or 3, got 4");
    /* ACBL-5: a stratum with upper limit 0 gave M = log10(0) = -inf and an
     * award of -92233720368547758.07 (audit) */
    expect_fail("{\"body\": \"acbl\", \"name\": \"x\", \"kind\": \"pairs\", \"classification\": "
                "\"regional\", \"tables\": 14, \"groups\": [{\"name\": \"A\", \"type\": \"stratum\", "
                "\"tables\": 7}, {\"name\": \"B\", \"type\": \"stratum\", \"tables\": 7, "
                "\"upper_limit\": 0}], \"contestants\": [{\"id\": \"1\", \"group\": \"B\", "
                "\"rankings\": [{\"ranking\": \"B\", \"place\": 1}]}]}",
                BMP_ERANGE, "$.groups[1].upper_limit: M = log10(UL)/5 + 0.1102 needs an upper "
                            "limit of at least 1 (ACBL-5), got 0");
    /* ACBL-72 / ACBL-75: a barometer level and a Side Game Series were
     * combined silently (audit) */
    expect_fail("{\"body\": \"acbl\", \"name\": \"x\", \"kind\": \"pairs\", \"classification\": "
                "\"regional\", \"tables\": 14, \"params\": {\"barometer_level\": 2, "
                "\"side_game_series\": true, \"series_tables_1\": 3, \"series_tables_2\": 4}, "
                "\"contestants\": [{\"id\": \"1\", \"place\": 1}]}",
                BMP_EINVAL, "describe different events: expected at most one of them");
    expect_fail("{\"body\": \"acbl\", \"name\": \"x\", \"kind\": \"pairs\", \"classification\": "
                "\"regional\", \"tables\": 14, \"params\": {\"series_game\": true, "
                "\"side_game_series\": true, \"series_tables_1\": 3, \"series_tables_2\": 4}, "
                "\"contestants\": [{\"id\": \"1\", \"place\": 1}]}",
                BMP_EINVAL, "describe different events: expected at most one of them");
    /* ACBL-79 needs boards per match */
    expect_fail("{\"body\": \"acbl\", \"name\": \"x\", \"kind\": \"swiss-teams\", "
                "\"classification\": \"regional\", \"tables\": 20, \"contestants\": [{\"id\": "
                "\"1\", \"match_wins\": 3}]}",
                BMP_EINVAL, "$.boards_per_match");
    /* Audit: 2.3 wins was silently paid as 2.5 wins (0.36 x 2.5 = 0.90);
     * ACBL-79 match awards are per match won, a tie a half. */
    expect_fail("{\"body\": \"acbl\", \"name\": \"x\", \"kind\": \"swiss-teams\", "
                "\"classification\": \"regional\", \"tables\": 10, \"boards_per_match\": 7, "
                "\"contestants\": [{\"id\": \"1\", \"match_wins\": 2.5}, {\"id\": \"2\", "
                "\"match_wins\": 2.3}]}",
                BMP_EINVAL, "$.contestants[1].match_wins: expected whole matches won, a tied "
                            "match counting 1/2 (ACBL-79), got 2.3");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bracket_credit),
        cmocka_unit_test(flight_a_floor),
        cmocka_unit_test(stratum_x),
        cmocka_unit_test(flighted_pairs),
        cmocka_unit_test(stratified),
        cmocka_unit_test(stratiflighted),
        cmocka_unit_test(stratiflighted_no_x),
        cmocka_unit_test(bracketed_swiss),
        cmocka_unit_test(bracket_depth_own_teams),
        cmocka_unit_test(stratum_inherits_limit),
        cmocka_unit_test(structure_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
