/* EBU knock-outs (4.7): round numbers (4.7.9, 4.7.10) and whole events. */
#include "ebu_test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ebu.h"
#include "ebu/ebu_internal.h"

/* EBU-92, EBU-93, EBU-87: 4.7.9 and 4.7.10 KO round numbers. */
static void ko_rounds(void **state)
{
    (void)state;
    /* 32 teams, 8 qualify: the first KO stage is Round 3 (54 at Club). */
    assert_int_equal(ebu_ko_round(32, 8), 3);
    assert_int_equal(ebu_ko_club(0, ebu_ko_round(32, 8)), 54);
    /* (a) 32-team KO, Round-1 losers to a 16-team consolation: 1/2 x R1 = 13.5. */
    assert_int_equal(ebu_ko_club(0, ebu_ko_round(32, 32)), 27);
    /* (b) 32 -> 8 main + 8 consolation: consolation original 24, P = 16,
     * the 8-team stage is Round 2: 1/2 x 38 = 19. */
    assert_int_equal(ebu_ko_round(24, 8), 2);
    assert_int_equal(ebu_ko_club(0, 2), 38);
    assert_int_equal(ebu_ko_round(24, 3), 0); /* not a power of 2 */
}

/* EBU-87, EBU-88, EBU-89, EBU-90, EBU-92, EBU-93: knock-out events (4.7). */
static void ko_events(void **state)
{
    (void)state;
    bmp_awards aw;
    /* 32 teams, single elimination, 24-board matches, Club: the winner wins
     * Rounds 1-5: 27 + 38 + 54 + 76 + 108 = 303. */
    char *j = ko_json("\"status\":\"club\",\"tables\":32,\"boards_per_match\":24", 32, 5);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "303.00");
    /* The runner-up (team 17) won Rounds 1-4: 27 + 38 + 54 + 76 = 195. */
    assert_points(total_of(&aw, 16), "195.00");
    bmp_awards_free(&aw);
    /* 4.7.9: 8 of 32 qualify: the stage starts at Round 3: 54 + 76 + 108 = 238. */
    j = ko_json("\"status\":\"club\",\"tables\":8,\"boards_per_match\":24,"
                "\"params\":{\"original_tables\":32}", 8, 3);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "238.00");
    bmp_awards_free(&aw);
    /* 4.7.10 (b): consolation of 8 with original 24: Round 2 at half:
     * (38 + 54 + 76)/2 = 84; its first round 38/2 = 19. */
    j = ko_json("\"status\":\"club\",\"tables\":8,\"boards_per_match\":24,"
                "\"params\":{\"original_tables\":24,\"consolation\":true}", 8, 3);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "84.00");
    /* the runner-up (team 5) won the first two: (38 + 54)/2 = 46 */
    assert_points(total_of(&aw, 4), "46.00");
    bmp_awards_free(&aw);
    /* 4.7.3: 36-board matches at District are one level higher (County x2):
     * a 4-team KO plays Rounds 1 and 2 (27, 38): (27 + 38) x 2 = 130. */
    j = ko_json("\"status\":\"district\",\"tables\":4,\"boards_per_match\":36", 4, 2);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "130.00");
    bmp_awards_free(&aw);
    /* Fewer than 18 boards pro rata: 9-board matches, 4 teams Club:
     * (27 + 38) x 9/18 = 32.5 -> 33 (rounded up at the end). */
    j = ko_json("\"status\":\"club\",\"tables\":4,\"boards_per_match\":9", 4, 2);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "33.00");
    bmp_awards_free(&aw);
    /* 4.7.5: 40 teams: a preliminary round (27), then Rounds 1-5 of 32:
     * 27 + 27 + 38 + 54 + 76 + 108 = 330 for six wins. */
    j = ko_json("\"status\":\"club\",\"tables\":40,\"boards_per_match\":24", 40, 6);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "330.00");
    bmp_awards_free(&aw);
    /* 4.7.4: 128 teams need 7 rounds, single-elimination teams allow 6: the
     * first round is preliminary (27), then 27, 38, 54, 76, 108, 152 = 482. */
    j = ko_json("\"status\":\"club\",\"tables\":128,\"boards_per_match\":24", 128, 7);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "482.00");
    bmp_awards_free(&aw);
    /* EBU-86: single-elimination pairs (max 7): 8 pairs, Rounds 1-3: 27 + 27 + 38 = 92. */
    j = ko_json("\"status\":\"club\",\"tables\":8,\"boards_per_match\":24,"
                "\"params\":{\"ko_type\":\"single-pairs\"}", 8, 3);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "92.00");
    bmp_awards_free(&aw);
    /* EBU-13: a club's major teams championship played as a knock-out is
     * one level up (District x1 1/2): 4 teams, Rounds 1-2: (27 + 38) x 1.5
     * = 97.5 -> 98. */
    j = ko_json("\"status\":\"club\",\"tables\":4,\"boards_per_match\":24,"
                "\"params\":{\"major\":true}", 4, 2);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "98.00");
    bmp_awards_free(&aw);
    /* EBU-75: a 2-team final after qualifying from 32 teams is a knock-out
     * final (4.5.6, 4.7.9): Round 5 = 108. */
    j = ko_json("\"status\":\"club\",\"tables\":2,\"boards_per_match\":24,"
                "\"params\":{\"original_tables\":32}", 2, 1);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "108.00");
    bmp_awards_free(&aw);
    /* EBU-86, EG-8: a double-elimination KO takes its rounds as given:
     * rounds 1-3 of the double row are 27 each at Club: 81. */
    j = ko_json("\"status\":\"club\",\"tables\":8,\"boards_per_match\":24,"
                "\"params\":{\"ko_type\":\"double-teams\"}", 8, 3);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "81.00");
    bmp_awards_free(&aw);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ko_rounds),
        cmocka_unit_test(ko_events),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
