/* The NZ Swiss teams of shared/spec/usebio/example_teams.xml, written as
 * the bridgemp event the USEBIO reader should produce (4 teams, 3 rounds of
 * 8 boards; places CLARKE 1, ADAMS 2, BROWN 3, DUNN 4; IMPs decide the
 * matches: 1-2 23:8, 3-4 12:12, 1-3 10:17, 2-4 31:4, 1-4 20:15, 2-3 9:22).
 * The file carries no grade: the reader needs one from the user. */
#include "nzb_test_util.h"

static const char *event(const char *grade, const char *params)
{
    static char buf[4096];
    snprintf(buf, sizeof buf,
             "{\"format\":\"bridgemp-event/1\",\"body\":\"nzb\",\"name\":\"Autumn Swiss Teams\","
             "\"date\":\"2025-03-22\",\"kind\":\"swiss-teams\",\"grade\":\"%s\",\"sessions\":1,"
             "\"boards_per_match\":8%s,\"contestants\":["
             "{\"id\":\"1\",\"name\":\"ADAMS\",\"place\":2,\"players\":[{\"id\":\"20311\"},"
             "{\"id\":\"18742\"},{\"id\":\"30977\"},{\"id\":\"27105\"}]},"
             "{\"id\":\"2\",\"name\":\"BROWN\",\"place\":3,\"players\":[{\"id\":\"15530\"},"
             "{\"id\":\"22064\"},{\"id\":\"29418\"},{\"id\":\"31206\"},{\"id\":\"24479\"}]},"
             "{\"id\":\"3\",\"name\":\"CLARKE\",\"place\":1,\"players\":[{\"id\":\"11893\"},"
             "{\"id\":\"16250\"},{\"id\":\"25537\"},{\"name\":\"Carl Curtis\"}]},"
             "{\"id\":\"4\",\"name\":\"DUNN\",\"place\":4,\"players\":[{\"id\":\"19984\"},"
             "{\"id\":\"21377\"},{\"id\":\"28861\"},{\"id\":\"30102\"}]}],\"matches\":["
             "{\"round\":1,\"home\":\"1\",\"away\":\"2\",\"home_score\":23,\"away_score\":8},"
             "{\"round\":1,\"home\":\"3\",\"away\":\"4\",\"home_score\":12,\"away_score\":12},"
             "{\"round\":2,\"home\":\"1\",\"away\":\"3\",\"home_score\":10,\"away_score\":17},"
             "{\"round\":2,\"home\":\"2\",\"away\":\"4\",\"home_score\":31,\"away_score\":4},"
             "{\"round\":3,\"home\":\"1\",\"away\":\"4\",\"home_score\":20,\"away_score\":15},"
             "{\"round\":3,\"home\":\"2\",\"away\":\"3\",\"home_score\":9,\"away_score\":22}]}",
             grade, params);
    return buf;
}

/* NZ-31: as a club session (40C): 2 C per deal won, 1 per deal tied:
 * ADAMS 2 wins x 8 = 32 C, BROWN 16, CLARKE 2 wins + 1 tie = 40, DUNN 8. */
static void as_club_session(void **state)
{
    (void)state;
    bmp_awards a;
    bmp_event *ev = nz_award(event("40C", ""), &a);
    assert_points(nz_pts(ev, &a, "1", "match", "C", -1), "32.00");
    assert_points(nz_pts(ev, &a, "2", "match", "C", -1), "16.00");
    assert_points(nz_pts(ev, &a, "3", "match", "C", -1), "40.00");
    assert_points(nz_pts(ev, &a, "4", "match", "C", -1), "8.00");
    assert_null(nz_find(ev, &a, "3", "overall")); /* 40C: no overall award */
    bmp_awards_free(&a);
    bmp_event_free(ev);
}

/* NZ-70, NZ-51, NZ-84: as an 8B teams event the 24 deals are under the
 * 48-deal minimum: refused unless approved; then C x 2 per match
 * and the 8B Teams grid at N=4 (formula, A-24): 8, floor(8 - 7/1.4) = 3. */
static void as_8b_teams(void **state)
{
    (void)state;
    bmp_error err = {0};
    assert_int_equal(nz_award_error(event("8B", ""), &err), BMP_ERANGE);
    assert_non_null(strstr(err.msg, "an NZ 8B teams event needs at least 48 deals"));
    bmp_awards a;
    bmp_event *ev = nz_award(event("8B", ",\"params\":{\"min_deals_approved\":true}"), &a);
    assert_points(nz_pts(ev, &a, "3", "match", "C", -1), "80.00");
    assert_points(nz_pts(ev, &a, "1", "match", "C", -1), "64.00");
    assert_points(nz_pts(ev, &a, "3", "overall", "B", -1), "8.00");
    assert_points(nz_pts(ev, &a, "1", "overall", "B", -1), "3.00");
    assert_points(nz_pts(ev, &a, "2", "overall", "B", -1), "0.00");
    bmp_awards_free(&a);
    bmp_event_free(ev);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(as_club_session),
        cmocka_unit_test(as_8b_teams),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
