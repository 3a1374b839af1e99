/* ACBL club games (ACBL-95, ACBL-96).  Split from test_acbl_structure.c. */
#include "acbl_test_util.h"

/* ACBL-95/96 clubs: Swiss match awards with the club D; later's regular
 * club game maximum 2.50; overall awards need the absent club scale. */
static void club_games(void **state)
{
    (void)state;
    const char *json = "{\"body\": \"acbl\", \"name\": \"club\", \"edition\": \"%s\", \"kind\": "
                       "\"swiss-teams\", \"classification\": \"club-masterpoint\", \"tables\": "
                       "8, \"boards_per_match\": 48, \"contestants\": [{\"id\": \"1\", "
                       "\"match_wins\": 7}]}";
    char buf[1024];
    /* 0.24 x 1.5 (48 boards) = 0.36 per win x 7 = 2.52: later capped at 2.50 */
    snprintf(buf, sizeof buf, json, "current");
    res r = go(buf);
    expect_points(&r, "1", "match", -2, "2.50");
    assert_string_equal(find(r.ev, &r.aw, "1", "match", -2)->colour, "black"); /* ACBL-85 */
    done(&r);
    snprintf(buf, sizeof buf, json, "2003");
    r = go(buf);
    expect_points(&r, "1", "match", -2, "2.52");
    done(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(club_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
