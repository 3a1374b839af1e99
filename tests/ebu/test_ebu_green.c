/* EBU Green Points (6.2.2 county teams KO, 6.2.3 heats, 6.5 inter-county
 * leagues) and Gold (2.5.1). */
#include "ebu_test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ebu.h"
#include "ebu/ebu_internal.h"

/* EBU-121, EBU-3: county teams KO in Green Points (6.2.2) and Gold (2.5.1). */
static void green_ko(void **state)
{
    (void)state;
    bmp_awards aw;
    /* 128 teams (row 65+): the winner 0.50 + 0.75 + 1.00 + 1.50 + 2.00 +
     * 2.50 + 3.00 = 11.25 GP, Gold 11.25/5 = 2.25; the runner-up 8.25 GP,
     * Gold 1.65. */
    char *j = ko_json("\"status\":\"county\",\"tables\":128,\"boards_per_match\":24,"
                      "\"params\":{\"points\":\"green\"}", 128, 7);
    run(j, &aw);
    free(j);
    bmp_points green = 0, gold = 0, rgreen = 0, rgold = 0;
    for (size_t i = 0; i < aw.count; i++) {
        bmp_points *g = NULL;
        if (aw.items[i].contestant == 0)
            g = strcmp(aw.items[i].colour, "gold") == 0 ? &gold : &green;
        if (aw.items[i].contestant == 64)
            g = strcmp(aw.items[i].colour, "gold") == 0 ? &rgold : &rgreen;
        if (g)
            *g += aw.items[i].points;
    }
    assert_points(green, "11.25");
    assert_points(gold, "2.25");
    assert_points(rgreen, "8.25");
    assert_points(rgold, "1.65");
    bmp_awards_free(&aw);
    /* 16 teams (row 9-16): 0.50 + 0.75 + 1.25 + 2.00 = 4.50: no Gold. */
    j = ko_json("\"status\":\"county\",\"tables\":16,\"boards_per_match\":24,"
                "\"params\":{\"points\":\"green\"}", 16, 4);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "4.50");
    for (size_t i = 0; i < aw.count; i++)
        assert_string_not_equal(aw.items[i].colour, "gold");
    bmp_awards_free(&aw);
    /* 6.2.1: every Green KO match has at least 24 boards. */
    bmp_error e = {0};
    j = ko_json("\"status\":\"county\",\"tables\":16,\"boards_per_match\":16,"
                "\"params\":{\"points\":\"green\"}", 16, 4);
    assert_int_equal(run_err(j, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "6.2.1"));
    free(j);
}

/* EBU-134, EBU-135, EBU-136, EBU-3: inter-county Green leagues (6.5.5). */
static void green_league(void **state)
{
    (void)state;
    /* 6.5.5 per match: Division 1 24+ boards 1.00; Division 3 16 boards
     * 16/48 = 0.333 -> 0.34, a draw 0.1667 -> 0.17; Division 2 10 boards
     * 10/32 = 0.3125 -> 0.32; Division 1 8 boards 8/24 -> 0.34. */
    assert_points(ebu_green_league_match(1, 24, false), "1.00");
    assert_points(ebu_green_league_match(2, 32, false), "0.75");
    assert_points(ebu_green_league_match(3, 40, true), "0.25");
    assert_points(ebu_green_league_match(3, 16, false), "0.34");
    assert_points(ebu_green_league_match(3, 16, true), "0.17");
    assert_points(ebu_green_league_match(2, 10, false), "0.32");
    assert_points(ebu_green_league_match(1, 8, false), "0.34");
    /* Bonus wins from gp_intercounty_ranking_6_5_5.csv, every cell. */
    bmp_csv csv;
    bmp_csv_load(&csv, "ebu/gp_intercounty_ranking_6_5_5.csv");
    for (size_t r = 1; r < csv.nrows; r++) {
        int lo = atoi(bmp_csv_get(&csv, r, 0));
        for (int pl = 1; pl <= 3; pl++)
            assert_int_equal(ebu_green_league_bonus(lo, pl), atoi(bmp_csv_get(&csv, r, (size_t)pl)));
        assert_int_equal(ebu_green_league_bonus(lo + 4, 1), atoi(bmp_csv_get(&csv, r, 1)));
    }
    bmp_csv_free(&csv);
    /* Division 1 of 3, 8 teams, 24-board matches: the winner (7 wins) 7.00
     * + 2 bonus wins 2.00 = 9.00 Green, Gold 1.80; 2nd 6.00 + 1.00 = 7.00,
     * Gold 1.40; 3rd 5.00, Gold 1.00; 4th 4.00, no Gold. */
    char *j = event_json("\"kind\":\"round-robin\",\"status\":\"national\",\"boards\":168,"
                         "\"boards_per_match\":24,\"tables\":8,\"params\":{\"league\":true,"
                         "\"points\":\"green\",\"divisions\":3,\"division\":1}",
                         8, ",\"match_wins\":%d", NULL);
    bmp_awards aw;
    run(j, &aw);
    free(j);
    bmp_points g[4] = {0}, au[4] = {0};
    for (size_t i = 0; i < aw.count; i++)
        if (aw.items[i].contestant < 4)
            *(strcmp(aw.items[i].colour, "gold") == 0 ? &au[aw.items[i].contestant]
                                                      : &g[aw.items[i].contestant]) += aw.items[i].points;
    assert_points(g[0], "9.00");
    assert_points(au[0], "1.80");
    assert_points(g[1], "7.00");
    assert_points(au[1], "1.40");
    assert_points(g[2], "5.00");
    assert_points(au[2], "1.00");
    assert_points(g[3], "4.00");
    assert_points(au[3], "0.00");
    bmp_awards_free(&aw);
    /* Division 4 has no printed awards (AMB-19). */
    bmp_error e = {0};
    j = event_json("\"kind\":\"round-robin\",\"status\":\"national\",\"boards\":168,"
                   "\"boards_per_match\":24,\"tables\":8,\"params\":{\"league\":true,"
                   "\"points\":\"green\",\"divisions\":4,\"division\":4}",
                   8, NULL, NULL);
    assert_int_equal(run_err(j, &e), BMP_ENOTSUP);
    free(j);
}

/* EBU-122: county teams heats in Green Points (6.2.3). */
static void green_heats(void **state)
{
    (void)state;
    /* 18-35 boards, 10 teams: halfway = 5 places, 2 blocks 2 + 3 (the
     * smaller first): 0.75, 0.75, 0.50, 0.50, 0.50. */
    static const char *const a[6] = {"0.75", "0.75", "0.50", "0.50", "0.50", "0.00"};
    for (int p = 1; p <= 6; p++)
        assert_points(ebu_green_heat(10, 24, p), a[p - 1]);
    /* 36+ boards, 20 teams: 10 places in 4 blocks 2, 2, 3, 3: 1.25 x2,
     * 1.00 x2, 0.75 x3, 0.50 x3. */
    static const char *const b[11] = {"1.25", "1.25", "1.00", "1.00", "0.75", "0.75",
                                      "0.75", "0.50", "0.50", "0.50", "0.00"};
    for (int p = 1; p <= 11; p++)
        assert_points(ebu_green_heat(20, 36, p), b[p - 1]);
    assert_points(ebu_green_heat(20, 16, 1), "0.00"); /* under 18 boards: no Green */
    /* As an event: a tie for 2nd-3rd of 10 teams, 24 boards: (0.75 + 0.50)/2
     * = 0.625 -> 0.63 (rounded up, docs/rulings.md EBU-R16). */
    bmp_awards aw;
    const char *j2 = "{\"body\":\"ebu\",\"name\":\"h\",\"kind\":\"teams\",\"status\":\"county\","
                     "\"boards\":24,\"tables\":10,\"params\":{\"points\":\"green\",\"stage\":\"qualifying\"},"
                     "\"contestants\":[{\"id\":\"1\",\"place\":1},{\"id\":\"2\",\"place\":\"2=\"},"
                     "{\"id\":\"3\",\"place\":\"2=\"},{\"id\":\"4\",\"place\":4}]}";
    run(j2, &aw);
    assert_points(total_of(&aw, 0), "0.75");
    assert_points(total_of(&aw, 1), "0.63");
    assert_points(total_of(&aw, 3), "0.50");
    assert_string_equal(aw.items[0].colour, "green");
    bmp_awards_free(&aw);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(green_ko),
        cmocka_unit_test(green_league),
        cmocka_unit_test(green_heats),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
