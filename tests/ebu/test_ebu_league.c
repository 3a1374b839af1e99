/* EBU teams leagues (4.8). */
#include "ebu_test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ebu.h"
#include "ebu/ebu_internal.h"

/* EBU-94, EBU-95, EBU-96, EBU-97, EBU-98, EBU-79: teams leagues (4.8). */
static void leagues(void **state)
{
    (void)state;
    bmp_awards aw;
    /* 4.8.4: Club league, 10 teams, 9 x 24 boards: K = 27 per win; ranking
     * 3 awards of 27: 81, 54, 27.  match_wins = 10 - place. */
    char *j = event_json("\"kind\":\"round-robin\",\"status\":\"club\",\"boards\":216,"
                         "\"boards_per_match\":24,\"tables\":10,\"params\":{\"league\":true}",
                         10, ",\"match_wins\":%d", NULL);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "324.00"); /* 9 x 27 + 81 */
    assert_points(total_of(&aw, 2), "216.00"); /* 7 x 27 + 27 */
    assert_points(total_of(&aw, 3), "162.00"); /* 6 x 27 */
    bmp_awards_free(&aw);
    /* County league of 6 divisions, Division 2: K = 108 - 54/5 = 97.2,
     * printed 98 per win; 8 teams: 2 ranking awards 194.4 -> 195, 97.2 -> 98. */
    j = event_json("\"kind\":\"round-robin\",\"status\":\"county\",\"boards\":168,"
                   "\"boards_per_match\":24,\"tables\":8,"
                   "\"params\":{\"league\":true,\"divisions\":6,\"division\":2}",
                   8, ",\"match_wins\":%d", NULL);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "881.00"); /* 7 x 98 + 195 */
    assert_points(total_of(&aw, 1), "686.00"); /* 6 x 98 + 98 */
    bmp_awards_free(&aw);
    /* District league of 7 divisions, Division 5: K = 81 - 40 x 4/6 =
     * 54.33, printed 55 (the interpolation runs to the printed 41). */
    int64_t num, den;
    assert_true(ebu_league_key(EBU_M4_DISTRICT, 7, 5, &num, &den));
    assert_int_equal((num + den - 1) / den, 55);
    /* 4.8.2, 4.8.3: Club, 6 teams, 5 x 12 boards = 60 boards: per win 27 x
     * 12/18 = 18; ranking cut by a third: 54 x 2/3 = 36, 27 x 2/3 = 18. */
    j = event_json("\"kind\":\"round-robin\",\"status\":\"club\",\"boards\":60,"
                   "\"boards_per_match\":12,\"tables\":6,\"params\":{\"league\":true}",
                   6, ",\"match_wins\":%d", NULL);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "126.00"); /* 5 x 18 + 36 */
    assert_points(total_of(&aw, 1), "90.00");  /* 4 x 18 + 18 */
    bmp_awards_free(&aw);
    /* 4.8.2: 36-board matches +50 %: 27 x 1.5 = 40.5 per win; 3 wins =
     * 121.5 -> 122; 4 teams, 3 x 36 = 108 boards: 1 ranking award 27. */
    j = event_json("\"kind\":\"round-robin\",\"status\":\"club\",\"boards\":108,"
                   "\"boards_per_match\":36,\"tables\":4,\"params\":{\"league\":true}",
                   4, ",\"match_wins\":%d", NULL);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "149.00"); /* 122 + 27 */
    bmp_awards_free(&aw);
    /* 4.8.8: Division 2 with 4 teams is not a valid division. */
    bmp_error e = {0};
    j = event_json("\"kind\":\"round-robin\",\"status\":\"club\",\"boards\":72,"
                   "\"boards_per_match\":24,\"tables\":4,"
                   "\"params\":{\"league\":true,\"divisions\":2,\"division\":2}",
                   4, NULL, NULL);
    assert_int_equal(run_err(j, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "4.8.8"));
    free(j);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(leagues),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
