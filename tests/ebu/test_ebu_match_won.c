/* EBU events with an award per match won (4.5, 4.6): the worked examples
 * of 4.6.5, awards from matches[], qualified finals and consolations. */
#include "ebu_test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ebu.h"
#include "ebu/ebu_internal.h"

/* EBU-82, EBU-80, EBU-72, EBU-71: 4.6.5 examples (match awards plus ranking awards) of events with an award per match won. */
static void match_won_4_6_5(void **state)
{
    (void)state;
    bmp_awards aw;
    /* (a) Club Swiss teams, 20 teams, 6 x 6 boards: 9 per win; ranking 90,
     * 72, 54, 36, 18.  The helper gives match_wins = 20 - place (19 for the
     * winner: not a real 6-round Swiss, but the arithmetic is what is
     * tested; examples/ebu/swiss-teams.json has real win counts). */
    char *j = event_json("\"kind\":\"swiss-teams\",\"status\":\"club\",\"boards\":36,"
                         "\"boards_per_match\":6,\"tables\":20",
                         20, ",\"match_wins\":%d", NULL);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "261.00");  /* 171 + 90 */
    assert_points(total_of(&aw, 4), "153.00");  /* 15 x 9 + 18 */
    assert_points(total_of(&aw, 5), "126.00");  /* 14 x 9 */
    assert_points(total_of(&aw, 19), "0.00");   /* no wins, no ranking */
    bmp_awards_free(&aw);
    /* EBU-70: (b) a teams event of 36+ boards is match-won even with
     * 3-board matches: Club multiple teams, 15 teams, 14 x 3 boards: 5 per win; ranking
     * 72, 54, 36, 18. */
    j = event_json("\"kind\":\"teams\",\"status\":\"club\",\"boards\":42,"
                   "\"boards_per_match\":3,\"tables\":15",
                   15, ",\"match_wins\":%d", NULL);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "142.00"); /* 14 x 5 + 72 */
    assert_points(total_of(&aw, 3), "73.00");  /* 11 x 5 + 18 */
    bmp_awards_free(&aw);
    /* (c) District league, 10 teams, 9 x 24 boards: 41 per win; ranking QB
     * +50 % (216 boards >= 72): 3 x 27 x 1.5 = 121.5 -> 122, 81, 40.5 -> 41. */
    j = event_json("\"kind\":\"round-robin\",\"status\":\"district\",\"boards\":216,"
                   "\"boards_per_match\":24,\"tables\":10",
                   10, ",\"match_wins\":%d", NULL);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "491.00"); /* 9 x 41 + 122 */
    assert_points(total_of(&aw, 1), "409.00"); /* 8 x 41 + 81 */
    assert_points(total_of(&aw, 2), "328.00"); /* 7 x 41 + 41 */
    assert_points(total_of(&aw, 3), "246.00"); /* 6 x 41 */
    bmp_awards_free(&aw);
    /* EBU-96, EBU-97: 4.8.4 Club league, 10 teams: K = 27 per win, ranking
     * 81, 54, 27 -- the same figures through the QA +50 % route. */
    int64_t num, den;
    assert_true(ebu_league_key(EBU_M4_CLUB, 1, 1, &num, &den));
    assert_int_equal(num / den, 27);
    j = event_json("\"kind\":\"round-robin\",\"status\":\"club\",\"boards\":216,"
                   "\"boards_per_match\":24,\"tables\":10",
                   10, ",\"match_wins\":%d", NULL);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "324.00"); /* 9 x 27 + 81 */
    assert_points(total_of(&aw, 1), "270.00"); /* 8 x 27 + 54 */
    assert_points(total_of(&aw, 2), "216.00"); /* 7 x 27 + 27 */
    bmp_awards_free(&aw);
}

/* EBU-81, EBU-77, EBU-76, EBU-35, EBU-74: match awards from matches[] (each match earns its own award): draws, the
 * minimum total, triangles, unplayed matches. */
static void match_won_matches(void **state)
{
    (void)state;
    bmp_awards aw;
    /* Club, 4 teams, 6-board matches, 36 boards. */
    const char *j =
        "{\"body\":\"ebu\",\"name\":\"rr\",\"kind\":\"swiss-teams\",\"status\":\"club\","
        "\"boards\":36,\"boards_per_match\":6,\"tables\":4,"
        "\"contestants\":[{\"id\":\"A\",\"place\":1},{\"id\":\"B\",\"place\":2},"
        "{\"id\":\"C\",\"place\":3},{\"id\":\"D\",\"place\":4}],"
        "\"matches\":[{\"round\":1,\"home\":\"A\",\"away\":\"B\",\"home_score\":20,\"away_score\":10},"
        "{\"round\":1,\"home\":\"C\",\"away\":\"D\",\"home_score\":15,\"away_score\":15},"
        "{\"round\":2,\"home\":\"A\",\"away\":\"C\",\"home_score\":12,\"away_score\":8,"
        "\"params\":{\"triangle\":true}},"
        "{\"round\":3,\"home\":\"B\",\"away\":\"D\",\"winner\":\"B\",\"params\":{\"not_played\":true}}]}";
    run(j, &aw);
    /* A: 9 (win) + 9/2 (triangle win, 4.5.7) = 13.5 -> 14, ranking QA teams
     * 4 original: 1 award of 18: 14 + 18 = 32. */
    assert_points(total_of(&aw, 0), "32.00");
    /* B: the unplayed match earns nothing (4.5.10): 0. */
    assert_points(total_of(&aw, 1), "0.00");
    /* C and D: a draw = 4.5 -> 5, below the minimum total 6: raised to 6 (4.6.3). */
    assert_points(total_of(&aw, 2), "6.00");
    assert_points(total_of(&aw, 3), "6.00");
    assert_string_equal(aw.items[aw.count - 1].rule, "EBU-82");
    bool raised = false;
    for (size_t i = 0; i < aw.count; i++)
        raised |= strcmp(aw.items[i].rule, "EBU-81") == 0;
    assert_true(raised);
    bmp_awards_free(&aw);
}

/* EBU-83, EBU-84, EBU-85: qualified finals and consolations of match-won
 * events (4.6.6, 4.6.7). */
static void match_won_finals(void **state)
{
    (void)state;
    bmp_awards aw;
    /* Club teams final: 8 of 40 qualify (q = 1/5: x2), 7 x 24 = 168 boards:
     * 27 x 2 = 54 per win; QF teams, original 40: 5 awards of 40 x 1.5
     * (72+) = 300, 240, 180, 120, 60.  The winner (7 wins): 378 + 300 = 678. */
    char *j = event_json("\"kind\":\"round-robin\",\"status\":\"club\",\"boards\":168,"
                         "\"boards_per_match\":24,\"tables\":8,"
                         "\"params\":{\"stage\":\"final\",\"original_tables\":40}",
                         8, ",\"match_wins\":%d", NULL);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "678.00");
    assert_points(total_of(&aw, 4), "222.00"); /* 3 x 54 + 60 */
    assert_points(total_of(&aw, 5), "108.00"); /* 2 x 54 */
    bmp_awards_free(&aw);
    /* Consolation: P = 8, C = 10, N = 30 (>= 3C), of an original field of
     * 120 (q = 1/12: x1 1/2): 40.5 per win; QF on 10 + 30/3 = 20: 3 awards
     * of 40 x 1.5 (5 x 24 = 120 boards) = 180, 120, 60.  The winner (9
     * wins): 364.5 -> 365 + 180 = 545. */
    j = event_json("\"kind\":\"round-robin\",\"status\":\"club\",\"boards\":120,"
                   "\"boards_per_match\":24,\"tables\":10,"
                   "\"params\":{\"stage\":\"consolation\",\"premier_tables\":8,"
                   "\"neither_tables\":30,\"original_tables\":120}",
                   10, ",\"match_wins\":%d", NULL);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "545.00");
    assert_points(total_of(&aw, 2), "344.00"); /* 7 x 40.5 = 283.5 -> 284, + 60 */
    bmp_awards_free(&aw);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(match_won_4_6_5),
        cmocka_unit_test(match_won_matches),
        cmocka_unit_test(match_won_finals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
