/* NZ teams in tournaments: match-play A and C (NZ-41..NZ-43, NZ-51),
 * the quarter rule for team members (NZ-36), substitutes' shares (NZ-35),
 * match totals without a matches list, teams stages (NZ-80) and line-up
 * records (NZ-37) (Part E; nzb.md). */
#include "nzb_test_util.h"

static char *teams_event(const char *grade, int players5, int players6)
{
    /* 10 teams, a 12-board match: team 1 beats 2, 3 ties 4; team 5 (of 5
     * players) beats 6; team 7 (of 6) beats 8. */
    nz_sb b = {0};
    nz_add(&b, "{\"format\":\"bridgemp-event/1\",\"body\":\"nzb\",\"name\":\"t\","
               "\"date\":\"2025-05-21\",\"kind\":\"swiss-teams\",\"grade\":\"%s\","
               "\"boards_per_match\":12,\"params\":{\"total_deals\":120},\"contestants\":[",
           grade);
    for (int i = 1; i <= 10; i++) {
        int np = i == 5 ? players5 : i == 7 ? players6 : 4;
        nz_add(&b, "%s{\"id\":\"%d\",\"place\":%d,\"players\":[", i > 1 ? "," : "", i, i);
        for (int p = 0; p < np; p++)
            nz_add(&b, "%s{\"id\":\"%d\"}", p ? "," : "", i * 10 + p);
        nz_add(&b, "]}");
    }
    nz_add(&b, "],\"matches\":["
               "{\"home\":\"1\",\"away\":\"2\",\"home_score\":15,\"away_score\":5},"
               "{\"home\":\"3\",\"away\":\"4\",\"winner\":\"tie\"},"
               "{\"home\":\"5\",\"away\":\"6\",\"winner\":\"5\"},"
               "{\"home\":\"7\",\"away\":\"8\",\"winner\":\"7\"}]}");
    return b.s;
}

/* NZ-41: 20A teams, 12-board win: 0.02 x 12 x 4 = 0.96 A; NZ-42 / A-12:
 * tie 0.01 x 12 x 4 = 0.48 A; NZ-38 / E-14: team of 5 4/5 -> 0.768 ->
 * 0.77 A, team of 6 4/6 -> 0.64 A.  NZ-56: 20A Teams N=10
 * overall: 20 14 9 3. */
static void a20_teams_match_play(void **state)
{
    (void)state;
    char *js = teams_event("20A", 5, 6);
    bmp_awards a;
    bmp_event *ev = nz_award(js, &a);
    assert_points(nz_pts(ev, &a, "1", "match", "A", -1), "0.96");
    assert_points(nz_pts(ev, &a, "2", "match", "A", -1), "0.00");
    assert_points(nz_pts(ev, &a, "3", "match", "A", -1), "0.48");
    assert_points(nz_pts(ev, &a, "4", "match", "A", -1), "0.48");
    assert_points(nz_pts(ev, &a, "5", "match", "A", -1), "0.77");
    assert_points(nz_pts(ev, &a, "7", "match", "A", -1), "0.64");
    assert_string_equal(nz_find(ev, &a, "1", "match")->rule, "NZ-41");
    assert_string_equal(nz_find(ev, &a, "5", "match")->rule, "NZ-38");
    assert_points(nz_pts(ev, &a, "1", "overall", "A", -1), "20.00");
    assert_points(nz_pts(ev, &a, "2", "overall", "A", -1), "14.00");
    assert_points(nz_pts(ev, &a, "3", "overall", "A", -1), "9.00");
    assert_points(nz_pts(ev, &a, "4", "overall", "A", -1), "3.00");
    assert_string_equal(nz_find(ev, &a, "1", "overall")->rule, "NZ-56");
    /* NZ-43: an A-point match win gives no C for that match */
    assert_points(nz_pts(ev, &a, "1", "match", "C", -1), "0.00");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(js);
}

/* NZ-51: B teams give match-play C: 8B x 2: 12-board win 48 C;
 * 5B x 1: 24 C, tie 12 C.  NZ-70: 8B Teams N=10 overall 8 6 4 2 B. */
static void b_teams_match_play(void **state)
{
    (void)state;
    char *js = teams_event("8B", 4, 4);
    bmp_awards a;
    bmp_event *ev = nz_award(js, &a);
    assert_points(nz_pts(ev, &a, "1", "match", "C", -1), "48.00");
    assert_points(nz_pts(ev, &a, "3", "match", "C", -1), "24.00");
    assert_string_equal(nz_find(ev, &a, "1", "match")->rule, "NZ-51");
    assert_points(nz_pts(ev, &a, "4", "overall", "B", -1), "2.00");
    assert_string_equal(nz_find(ev, &a, "1", "overall")->rule, "NZ-70");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(js);
    js = teams_event("5B", 4, 4);
    ev = nz_award(js, &a);
    assert_points(nz_pts(ev, &a, "1", "match", "C", -1), "24.00");
    assert_points(nz_pts(ev, &a, "3", "match", "C", -1), "12.00");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(js);
}

/* NZ-36: a team member who played under a quarter of the team's deals gets
 * no placing award; the others get the full award. */
static void team_quarter_rule(void **state)
{
    (void)state;
    /* team 1 with a 5th member at 0.25 (qualifies) and a 6th at 0.24 */
    const char *j2 =
        "{\"format\":\"bridgemp-event/1\",\"body\":\"nzb\",\"name\":\"t\",\"date\":\"2025-05-21\","
        "\"kind\":\"teams\",\"grade\":\"5A\",\"params\":{\"total_deals\":60},\"contestants\":["
        "{\"id\":\"1\",\"place\":1,\"players\":[{\"id\":\"a\"},{\"id\":\"b\"},{\"id\":\"c\"},"
        "{\"id\":\"d\",\"participation\":0.8},{\"id\":\"e\",\"participation\":0.25},"
        "{\"id\":\"f\",\"participation\":0.24}]},"
        "{\"id\":\"2\",\"place\":2},{\"id\":\"3\",\"place\":3},{\"id\":\"4\",\"place\":4}]}";
    bmp_awards a;
    bmp_event *ev = nz_award(j2, &a);
    /* 5A Teams N=4 (formula, A-24): 5, 2 */
    assert_points(nz_pts(ev, &a, "1", "overall", "A", 0), "5.00");
    assert_points(nz_pts(ev, &a, "1", "overall", "A", 4), "5.00");
    assert_points(nz_pts(ev, &a, "1", "overall", "A", 5), "0.00");
    assert_true(nz_note(&a, "under one quarter"));
    assert_string_equal(nz_find(ev, &a, "1", "overall")->rule, "NZ-36");
    assert_points(nz_pts(ev, &a, "2", "overall", "A", -1), "2.00");
    bmp_awards_free(&a);
    bmp_event_free(ev);
}

/* NZ-35: a pairs substitute shares the A by deals played, to the nearest
 * whole point: 20A N=40 winner 20 A: a player at 2/3 gets 13.33 -> 13, the
 * substitute at 1/3 6.67 -> 7, the partner who played all 20. */
static void pairs_substitute(void **state)
{
    (void)state;
    char *js = nz_event("pairs", "\"grade\":\"20A\",\"sessions\":4,\"boards\":28", 40, 2, 0, 0);
    char *p = strstr(js, "{\"id\":\"11\"}");
    assert_non_null(p);
    nz_sb b = {0};
    nz_add(&b, "%.*s{\"id\":\"11\",\"participation\":0.6666667},{\"id\":\"99\","
               "\"participation\":0.3333333}%s",
           (int)(p - js), js, p + 11);
    bmp_awards a;
    bmp_event *ev = nz_award(b.s, &a);
    assert_points(nz_pts(ev, &a, "1", "overall", "A", 0), "20.00");
    assert_points(nz_pts(ev, &a, "1", "overall", "A", 1), "13.00");
    assert_points(nz_pts(ev, &a, "1", "overall", "A", 2), "7.00");
    assert_string_equal(nz_find(ev, &a, "1", "overall")->rule, "NZ-35");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(b.s);
    free(js);
}

/* Audit, NZ-41 / NZ-42 from match totals (no matches[] list): 5A teams
 * (factor 1), 12-board matches, 3.5 wins of 5 (3 won, 1 tied):
 * 3 x 12 x 0.02 + 1 x 12 x 0.01 = 0.72 + 0.12 = 0.84 A.  More wins than
 * matches played is refused, naming the path. */
static void match_totals(void **state)
{
    (void)state;
    const char *js =
        "{\"format\":\"bridgemp-event/1\",\"body\":\"nzb\",\"name\":\"t\",\"date\":\"2025-05-21\","
        "\"kind\":\"swiss-teams\",\"grade\":\"5A\",\"boards_per_match\":12,"
        "\"params\":{\"total_deals\":60},\"contestants\":["
        "{\"id\":\"1\",\"place\":1,\"match_wins\":3.5,\"matches_played\":5},"
        "{\"id\":\"2\",\"place\":2,\"match_wins\":7,\"matches_played\":5}]}";
    bmp_error err = {0};
    assert_int_equal(nz_award_error(js, &err), BMP_EINVAL);
    assert_non_null(strstr(err.msg, "$.contestants[1].match_wins: 7 match wins but only 5"));
    const char *ok =
        "{\"format\":\"bridgemp-event/1\",\"body\":\"nzb\",\"name\":\"t\",\"date\":\"2025-05-21\","
        "\"kind\":\"swiss-teams\",\"grade\":\"5A\",\"boards_per_match\":12,"
        "\"params\":{\"total_deals\":60},\"contestants\":["
        "{\"id\":\"1\",\"place\":1,\"match_wins\":3.5,\"matches_played\":5},"
        "{\"id\":\"2\",\"place\":2,\"match_wins\":1.5,\"matches_played\":5}]}";
    bmp_awards a;
    bmp_event *ev = nz_award(ok, &a);
    assert_points(nz_pts(ev, &a, "1", "match", "A", -1), "0.84");
    assert_points(nz_pts(ev, &a, "2", "match", "A", -1), "0.36"); /* 1 x 0.24 + 1 x 0.12 */
    bmp_awards_free(&a);
    bmp_event_free(ev);
}

/* NZ-80: teams stages: Final of 4, Plate of 4, Total field 12 (20A Teams
 * grid N=12: 20 15 10 6 1): Plate place 1 is overall 5 -> 1 A. */
static void teams_stages(void **state)
{
    (void)state;
    nz_sb b = {0};
    nz_add(&b, "{\"format\":\"bridgemp-event/1\",\"body\":\"nzb\",\"name\":\"t\","
               "\"date\":\"2025-05-21\",\"kind\":\"teams\",\"grade\":\"20A\","
               "\"params\":{\"field\":12,\"total_deals\":112},"
               "\"groups\":[{\"name\":\"F\",\"type\":\"final\"},{\"name\":\"P\",\"type\":\"plate\"}],"
               "\"contestants\":[");
    for (int i = 1; i <= 8; i++)
        nz_add(&b, "%s{\"id\":\"%d\",\"group\":\"%s\",\"place\":%d}", i > 1 ? "," : "", i,
               i <= 4 ? "F" : "P", i <= 4 ? i : i - 4);
    nz_add(&b, "]}");
    bmp_awards a;
    bmp_event *ev = nz_award(b.s, &a);
    assert_points(nz_pts(ev, &a, "1", "overall", "A", -1), "20.00");
    assert_points(nz_pts(ev, &a, "4", "overall", "A", -1), "6.00");
    assert_points(nz_pts(ev, &a, "5", "overall", "A", -1), "1.00");
    assert_points(nz_pts(ev, &a, "6", "overall", "A", -1), "0.00");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(b.s);
}

/* NZ-37: with line-up records only the players who took part in a match
 * get its fractional A, in full: 20A, 12-board win, 0.96 A to each of the
 * four listed players of a team of 6, nothing to the other two. */
static void lineup_records(void **state)
{
    (void)state;
    const char *head =
        "\"boards_per_match\":12,\"params\":{\"total_deals\":120},"
        "\"matches\":[{\"home\":\"1\",\"away\":\"2\",\"winner\":\"1\","
        "\"params\":{\"home_lineup\":\"10, 11,12,15\"}},"
        "{\"home\":\"3\",\"away\":\"1\",\"winner\":\"1\",\"boards\":6,"
        "\"params\":{\"away_lineup\":\"13,14,10,11\"}}],\"grade\":\"20A\"";
    char *js = nz_event("teams", head, 10, 6, 0, 0);
    bmp_awards a;
    bmp_event *ev = nz_award(js, &a);
    /* player 10, 11: 0.96 + 0.48; 12, 15: 0.96; 13, 14: 0.48 */
    assert_points(nz_pts(ev, &a, "1", "match", "A", 0), "1.44");
    assert_points(nz_pts(ev, &a, "1", "match", "A", 1), "1.44");
    assert_points(nz_pts(ev, &a, "1", "match", "A", 2), "0.96");
    assert_points(nz_pts(ev, &a, "1", "match", "A", 3), "0.48");
    assert_points(nz_pts(ev, &a, "1", "match", "A", 4), "0.48");
    assert_points(nz_pts(ev, &a, "1", "match", "A", 5), "0.96");
    assert_points(nz_pts(ev, &a, "1", "match", "A", -1), "0.00");
    assert_string_equal(nz_find(ev, &a, "1", "match")->rule, "NZ-37");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(js);
    js = nz_event("teams",
                  "\"boards_per_match\":12,\"params\":{\"total_deals\":120},\"grade\":\"20A\","
                  "\"matches\":[{\"home\":\"1\",\"away\":\"2\",\"winner\":\"1\","
                  "\"params\":{\"home_lineup\":\"10,99\"}}]",
                  10, 4, 0, 0);
    bmp_error err = {0};
    assert_int_equal(nz_award_error(js, &err), BMP_EINVAL);
    assert_non_null(strstr(err.msg, "$.matches[0].params.home_lineup: \"99\" is not a player"));
    free(js);
    /* Audit: a player listed twice would be credited 2 x 0.96 A for one
     * 12-board win (NZ-37 pays per deal the player took part in). */
    js = nz_event("teams",
                  "\"boards_per_match\":12,\"params\":{\"total_deals\":120},\"grade\":\"20A\","
                  "\"matches\":[{\"home\":\"1\",\"away\":\"2\",\"winner\":\"1\","
                  "\"params\":{\"home_lineup\":\"10,11,12,10\"}}]",
                  10, 4, 0, 0);
    assert_int_equal(nz_award_error(js, &err), BMP_EINVAL);
    assert_non_null(strstr(err.msg, "$.matches[0].params.home_lineup: \"10\" is listed twice"));
    free(js);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a20_teams_match_play),
        cmocka_unit_test(b_teams_match_play),
        cmocka_unit_test(team_quarter_rule),
        cmocka_unit_test(pairs_substitute),
        cmocka_unit_test(match_totals),
        cmocka_unit_test(teams_stages),
        cmocka_unit_test(lineup_records),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
