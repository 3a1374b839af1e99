/* ACBL classification and table credit (ACBL-62..66, ACBL-71, ACBL-72,
 * ACBL-75, ACBL-76): unrestricted events, split Regionals, barometers, Side
 * Game Series, team-of-two and BAM.  Split from test_acbl_structure.c by
 * rule family; arithmetic in comments. */
#include "acbl_test_util.h"

/* ACBL-65: unrestricted credit, shared, capped at 3 x own. */
static void unrestricted_credit(void **state)
{
    (void)state;
    assert_true(acbl_unrestricted_credit(20, 30, 1) == 50.0); /* 20 + 30 <= 60 */
    assert_true(acbl_unrestricted_credit(20, 60, 1) == 60.0); /* 80 capped at 3 x 20 */
    assert_true(acbl_unrestricted_credit(20, 30, 2) == 35.0); /* 20 + 30/2 */
}

/* ACBL-66: the larger of 80% combined and 100% single site. */
static void split_regional(void **state)
{
    (void)state;
    assert_points(acbl_split_regional(1000, 750), "8.00"); /* 80% of 10.00 */
    assert_points(acbl_split_regional(1000, 850), "8.50");
    assert_points(acbl_split_regional(1838, 788), "14.70"); /* 18.38 x 0.8 = 14.704 */
}

/* ACBL-72 barometer finals, edition wording D23. */
static void barometer(void **state)
{
    (void)state;
    const char *json = "{\"body\": \"acbl\", \"name\": \"bar\", \"edition\": \"%s\", \"kind\": "
                       "\"pairs\", \"classification\": \"%s\", \"tables\": 10, \"params\": "
                       "{\"barometer_level\": %d, \"tables_entered\": 30}, \"contestants\": "
                       "[{\"id\": \"1\", \"place\": 1}]}";
    char buf[1024];
    /* top level: 30 tables entered, 2-session championship: 40/60 x 14 x 1.5 = 14.00 */
    snprintf(buf, sizeof buf, json, "current", "regional", 1);
    res r = go(buf);
    expect_points(&r, "1", "overall", -2, "14.00");
    done(&r);
    /* second level: 10 tables, 2 sessions, M 0.80: 20/60 x 21 x 0.8 = 5.60 */
    snprintf(buf, sizeof buf, json, "current", "regional", 2);
    r = go(buf);
    expect_points(&r, "1", "overall", -2, "5.60");
    done(&r);
    /* third level: 1 session, non-championship M 0.65: 20/60 x 14 x 0.65 =
     * 3.0333 -> 3.03 */
    snprintf(buf, sizeof buf, json, "current", "regional", 3);
    r = go(buf);
    expect_points(&r, "1", "overall", -2, "3.03");
    done(&r);
    /* D23: at a Sectional, 2003 rates the levels as Regional (R 14): 14.00;
     * later uses the Sectional's R 10: 40/60 x 10 x 1.5 = 10.00 */
    snprintf(buf, sizeof buf, json, "2003", "sectional", 1);
    r = go(buf);
    expect_points(&r, "1", "overall", -2, "14.00");
    done(&r);
    snprintf(buf, sizeof buf, json, "current", "sectional", 1);
    r = go(buf);
    expect_points(&r, "1", "overall", -2, "10.00");
    done(&r);
}

/* ACBL-75 Side Game Series. */
static void side_game_series(void **state)
{
    (void)state;
    /* series overall: (14 + 10)/2 = 12 tables as 2 sessions x 0.80: 22/60 x
     * 14 x 1.5 x 0.8 = 6.16 */
    res r = go("{\"body\": \"acbl\", \"name\": \"sgs\", \"kind\": \"pairs\", \"classification\": "
               "\"regional\", \"rating\": \"non-championship\", \"tables\": 14, \"params\": "
               "{\"side_game_series\": true, \"series_tables_1\": 14, \"series_tables_2\": 10}, "
               "\"contestants\": [{\"id\": \"1\", \"place\": 1}]}");
    /* the series is rated by its own M: non-championship cap 0.65 applies:
     * 6.16 x 0.65 = 4.004 -> 4.00 */
    expect_points(&r, "1", "overall", -2, "4.00");
    done(&r);
    r = go("{\"body\": \"acbl\", \"name\": \"sgs\", \"kind\": \"pairs\", \"classification\": "
           "\"regional\", \"tables\": 14, \"params\": "
           "{\"side_game_series\": true, \"series_tables_1\": 14, \"series_tables_2\": 10}, "
           "\"contestants\": [{\"id\": \"1\", \"place\": 1}]}");
    expect_points(&r, "1", "overall", -2, "6.16");
    done(&r);
    /* a single game of the series: overall at 65% as an M cap (ruling
     * ACBL-R16): 24/60 x 14 x 0.65 = 3.64; session awards at 80% of the
     * session formula with that M: 0.5 x 24/60 x 14 x 0.65 = 1.82 x 0.80 =
     * 1.456 -> 1.46 */
    r = go("{\"body\": \"acbl\", \"name\": \"sg\", \"kind\": \"pairs\", \"classification\": "
           "\"regional\", \"tables\": 14, \"params\": {\"series_game\": true}, "
           "\"groups\": [{\"name\": \"A\", \"tables\": 14}], "
           "\"contestants\": [{\"id\": \"1\", \"place\": 1, \"rankings\": [{\"session\": 1, "
           "\"section\": \"A\", \"direction\": \"NS\", \"place\": 1}]}]}");
    expect_points(&r, "1", "overall", -2, "3.64");
    expect_points(&r, "1", "session", -2, "1.46");
    done(&r);
}

/* ACBL-65 through the event. */
static void unrestricted_event(void **state)
{
    (void)state;
    /* Sectional 2 sessions open 10 tables + 25 concurrent restricted: min(35,
     * 30) = 30 tables: 40/60 x 10 x 1.5 = 10.00 (alone: 20/60 x 15 = 5.00) */
    res r = go("{\"body\": \"acbl\", \"name\": \"u\", \"kind\": \"pairs\", \"classification\": "
               "\"sectional\", \"sessions\": 2, \"tables\": 10, \"params\": "
               "{\"concurrent_restricted_tables\": 25}, \"contestants\": [{\"id\": \"1\", "
               "\"place\": 1}]}");
    expect_points(&r, "1", "overall", -2, "10.00");
    done(&r);
    bmp_awards aw;
    bmp_error e = {0};
    assert_int_equal(run("{\"body\": \"acbl\", \"name\": \"u\", \"kind\": \"pairs\", "
                         "\"classification\": \"sectional\", \"sessions\": 2, \"tables\": 10, "
                         "\"restrictions\": [\"women\"], \"params\": "
                         "{\"concurrent_restricted_tables\": 25}, \"contestants\": [{\"id\": "
                         "\"1\", \"place\": 1}]}",
                         &aw, &e),
                     BMP_EINVAL);
    assert_non_null(strstr(e.msg, "(ACBL-65) applies only for events unrestricted in any way"));
    bmp_awards_free(&aw);
}

/* ACBL-65: "Flighted, Stratified and Stratiflighted events count all tables
 * in all flights/strata to determine the number of tables in the
 * unrestricted event (the A Flight or Stratum)" (audit: a stratiflighted
 * stratum A counted only Flight A's tables, paying 14.00). */
static void unrestricted_stratiflighted(void **state)
{
    (void)state;
    /* Regional 2 sessions: A open 10 (Flight A); B UL 2000 10, C UL 1000 10
     * (Flight B); 20 concurrent restricted tables.  A: all 30 tables + 20 =
     * 50 <= 3 x 30: 60/60 x 14 x 1.5 = 21.00 (Flight A alone would be 10 +
     * 20 = 30: 40/60 x 21 = 14.00).  B unchanged: 30/60 x 21 x M(2000)
     * 0.843424 = 8.8560 -> 8.86. */
    res r = go("{\"body\": \"acbl\", \"name\": \"u\", \"kind\": \"pairs\", \"classification\": "
               "\"regional\", \"sessions\": 2, \"tables\": 30, "
               "\"params\": {\"concurrent_restricted_tables\": 20}, \"groups\": ["
               "{\"name\": \"A\", \"type\": \"stratum\", \"tables\": 10, \"params\": {\"flight\": \"A\"}},"
               "{\"name\": \"B\", \"type\": \"stratum\", \"tables\": 10, \"upper_limit\": 2000, \"params\": {\"flight\": \"B\"}},"
               "{\"name\": \"C\", \"type\": \"stratum\", \"tables\": 10, \"upper_limit\": 1000, \"params\": {\"flight\": \"B\"}}],"
               "\"contestants\": ["
               "{\"id\": \"a1\", \"group\": \"A\", \"rankings\": [{\"ranking\": \"A\", \"place\": 1}]},"
               "{\"id\": \"b1\", \"group\": \"B\", \"rankings\": [{\"ranking\": \"B\", \"place\": 1}]}]}");
    expect_points(&r, "a1", "overall", -2, "21.00");
    expect_points(&r, "b1", "overall", -2, "8.86");
    done(&r);
}

/* ACBL-66 through the event. */
static void split_regional_event(void **state)
{
    (void)state;
    /* this site 20 tables, combined 60, 2 sessions: single 1st 30/60 x 21 =
     * 10.50; combined 70/60 x 21 = 24.50 x 0.8 = 19.60; 2nd combined 24.50 x
     * 0.75 = 18.375 -> 18.38 x 0.8 = 14.704 -> 14.70; 3rd single 10.50 x
     * 9/16 = 5.906 -> 5.91 */
    res r = go("{\"body\": \"acbl\", \"name\": \"sr\", \"kind\": \"pairs\", \"classification\": "
               "\"regional\", \"sessions\": 2, \"tables\": 20, \"params\": "
               "{\"combined_tables\": 60}, \"contestants\": [{\"id\": \"1\", \"place\": 1}, "
               "{\"id\": \"2\", \"place\": 2}, {\"id\": \"3\", \"place\": 3}]}");
    expect_points(&r, "1", "overall", -2, "19.60");
    expect_points(&r, "2", "overall", -2, "14.70");
    expect_points(&r, "3", "overall", -2, "5.91");
    done(&r);
    /* Audit: in a stratified field combined_tables was silently ignored;
     * the regulation does not say how it credits strata. */
    expect_fail("{\"body\": \"acbl\", \"name\": \"sr\", \"kind\": \"pairs\", \"classification\": "
                "\"regional\", \"sessions\": 2, \"tables\": 20, \"params\": "
                "{\"combined_tables\": 60}, \"groups\": [{\"name\": \"A\", \"type\": \"stratum\", "
                "\"tables\": 12}, {\"name\": \"B\", \"type\": \"stratum\", \"tables\": 8, "
                "\"upper_limit\": 1500}], \"contestants\": [{\"id\": \"1\", \"group\": \"A\", "
                "\"rankings\": [{\"ranking\": \"A\", \"place\": 1}]}]}",
                BMP_ENOTSUP, "not supported: split Regional combined attendance in a divided field "
                             "(ACBL-66, §IV.A)");
}

/* ACBL-76 team-of-two: T 1.00 with the team depth table; ACBL-77 BAM 1.10. */
static void team_of_two_and_bam(void **state)
{
    (void)state;
    /* Regional 9 tables 1 session: 19/60 x 14 = 4.4333 -> 4.43; 9 teams ->
     * 4 places (ACBL-13): the 5th gets nothing. BAM: x 1.10 = 4.8767 -> 4.88 */
    const char *json = "{\"body\": \"acbl\", \"name\": \"t2\", \"kind\": \"%s\", "
                       "\"classification\": \"regional\", \"tables\": 9, \"contestants\": ["
                       "{\"id\": \"1\", \"place\": 1}, {\"id\": \"2\", \"place\": 2}, {\"id\": "
                       "\"3\", \"place\": 3}, {\"id\": \"4\", \"place\": 4}, {\"id\": \"5\", "
                       "\"place\": 5}]}";
    char buf[1024];
    snprintf(buf, sizeof buf, json, "team-of-two");
    res r = go(buf);
    expect_points(&r, "1", "overall", -2, "4.43");
    assert_non_null(find(r.ev, &r.aw, "4", "overall", -2));
    assert_null(find(r.ev, &r.aw, "5", "overall", -2));
    done(&r);
    snprintf(buf, sizeof buf, json, "bam");
    r = go(buf);
    expect_points(&r, "1", "overall", -2, "4.88");
    done(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(unrestricted_credit),
        cmocka_unit_test(split_regional),
        cmocka_unit_test(barometer),
        cmocka_unit_test(side_game_series),
        cmocka_unit_test(unrestricted_event),
        cmocka_unit_test(unrestricted_stratiflighted),
        cmocka_unit_test(split_regional_event),
        cmocka_unit_test(team_of_two_and_bam),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
