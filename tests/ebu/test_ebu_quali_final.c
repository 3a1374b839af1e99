/* EBU quali-final events (4.2) and consolation finals (4.3): the worked
 * example 4.2.10, finals' status changes and consolations (4.3.3-4.3.6). */
#include "ebu_test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ebu.h"
#include "ebu/ebu_internal.h"

/* EBU-61, EBU-53, EBU-54: 4.2.10, a Club teams event of 16 teams with a
 * one-session qualifier (6 awards 60 ... 10) and a final of 6 teams (QA,
 * original entry 16: 72, 54, 36, 18). */
static void quali_final_4_2_10(void **state)
{
    (void)state;
    bmp_awards aw;
    char *j = event_json("\"kind\":\"teams\",\"status\":\"club\",\"boards\":24,\"tables\":16,"
                         "\"params\":{\"stage\":\"qualifying\"}",
                         16, NULL, NULL);
    run(j, &aw);
    free(j);
    static const char *const q[7] = {"60.00", "50.00", "40.00", "30.00", "20.00", "10.00", "0.00"};
    for (size_t i = 0; i < 7; i++)
        assert_points(total_of(&aw, i), q[i]);
    bmp_awards_free(&aw);
    j = event_json("\"kind\":\"teams\",\"status\":\"club\",\"boards\":24,\"tables\":6,"
                   "\"params\":{\"stage\":\"final\",\"original_tables\":16}",
                   6, NULL, NULL);
    run(j, &aw);
    free(j);
    static const char *const f[5] = {"72.00", "54.00", "36.00", "18.00", "0.00"};
    for (size_t i = 0; i < 5; i++)
        assert_points(total_of(&aw, i), f[i]);
    assert_string_equal(aw.items[0].rule, "EBU-54");
    bmp_awards_free(&aw);
}

/* EBU-55, EBU-58, EBU-56, EBU-57: finals' status changes and fewer finalists. */
static void final_status_changes(void **state)
{
    (void)state;
    bmp_awards aw;
    /* 4.2.7: a 16-board final is one level below Club (x3/4): QA teams 16
     * original: 4 awards of 18 x 3/4 = 13.5: 54, 40.5 -> 41, 27, 13.5 -> 14. */
    char *j = event_json("\"kind\":\"teams\",\"status\":\"club\",\"boards\":16,\"tables\":6,"
                         "\"params\":{\"stage\":\"final\",\"original_tables\":16}",
                         6, NULL, NULL);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "54.00");
    assert_points(total_of(&aw, 1), "41.00");
    assert_points(total_of(&aw, 3), "14.00");
    bmp_awards_free(&aw);
    /* 4.2.7 with 4.2.6: a 16-board final after separate qualifying stages
     * with 6 of 16 (<= 1/2): the changes cancel, Club: 72, 54, 36, 18. */
    j = event_json("\"kind\":\"teams\",\"status\":\"club\",\"boards\":16,\"tables\":6,"
                   "\"params\":{\"stage\":\"final\",\"original_tables\":16,"
                   "\"separate_qualifying\":true}",
                   6, NULL, NULL);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "72.00");
    bmp_awards_free(&aw);
    /* 4.2.5 + 4.2.6 together only +1: a 2 x 24-board final of 3 tables (6
     * pairs) of 16 after separate qualifying: District (not County). */
    j = event_json("\"kind\":\"pairs\",\"movement\":\"one-winner\",\"status\":\"club\","
                   "\"boards\":24,\"sessions\":2,\"tables\":3,"
                   "\"params\":{\"stage\":\"final\",\"original_tables\":16,"
                   "\"separate_qualifying\":true}",
                   6, NULL, NULL);
    run(j, &aw);
    free(j);
    /* 1w pairs QB, 16 original: k = 8 awards of 11 x 1.5 = 16.5 -> 132; only
     * 6 finalists (< 8): top 132, step 132/6 = 22 (4.2.4, EBU-55). */
    static const char *const f[6] = {"132.00", "110.00", "88.00", "66.00", "44.00", "22.00"};
    for (size_t i = 0; i < 6; i++)
        assert_points(total_of(&aw, i), f[i]);
    assert_string_equal(aw.items[0].rule, "EBU-55");
    bmp_awards_free(&aw);
}

/* EBU-63, EBU-64, EBU-66: consolations (4.3.3, 4.3.4, 4.3.6). */
static void consolation_4_3(void **state)
{
    (void)state;
    bmp_awards aw;
    /* 4.3.4: 60 tables, 9-table premier, 12-table consolation: N = 39,
     * original 12 + 39/3 = 25; 1w pairs QA: 13 awards of 11, top 143. */
    char *j = event_json("\"kind\":\"pairs\",\"movement\":\"one-winner\",\"status\":\"club\","
                         "\"boards\":24,\"tables\":12,\"params\":{\"stage\":\"consolation\","
                         "\"premier_tables\":9,\"neither_tables\":39}",
                         24, NULL, NULL);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "143.00");
    assert_points(total_of(&aw, 12), "11.00");
    assert_points(total_of(&aw, 13), "0.00");
    assert_string_equal(aw.items[0].rule, "EBU-64");
    bmp_awards_free(&aw);
    /* EBU-65, 4.3.6: consolation maximum 180 at Club: a 36-board 1w pairs
     * consolation of 40 tables with P = 8, N = 120 (original 40 + 40 = 80)
     * is District (+1 for 36+): QB 1w pairs 40 awards x 16.5 = 660 > 180 x
     * 1.5 = 270: top 270 x sqrt(80/33) = 420.39 -> 421 (t = 33, EBU-R3). */
    j = event_json("\"kind\":\"pairs\",\"movement\":\"one-winner\",\"status\":\"club\","
                   "\"boards\":18,\"sessions\":2,\"tables\":40,\"params\":{\"stage\":"
                   "\"consolation\",\"premier_tables\":8,\"neither_tables\":120}",
                   80, NULL, NULL);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "421.00");
    bmp_awards_free(&aw);
    /* 4.3.3: C < P fails: a basic event on the actual entry one level lower
     * (never below Club): District -> Club, 12 tables 1w 18-35: 8 awards of 6. */
    j = event_json("\"kind\":\"pairs\",\"movement\":\"one-winner\",\"status\":\"district\","
                   "\"boards\":24,\"tables\":12,\"params\":{\"stage\":\"consolation\","
                   "\"premier_tables\":13,\"neither_tables\":39}",
                   24, NULL, NULL);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "48.00");
    assert_string_equal(aw.items[0].rule, "EBU-63");
    bmp_awards_free(&aw);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(quali_final_4_2_10),
        cmocka_unit_test(final_status_changes),
        cmocka_unit_test(consolation_4_3),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
