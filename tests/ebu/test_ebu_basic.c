/* EBU basic events (4.1) and what every ranked event uses: the scales and
 * their worked example 4.1.6, ties (3.5), the theoretical maximum (4.4.3,
 * 4.4.9), eligibility and minimum entry (3.1, 3.3), sections of differing
 * status (4.9), four-winner individuals (4.1.4), with the arithmetic in
 * comments.  Split from test_ebu_events.c by rule family. */
#include "ebu_test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ebu.h"
#include "ebu/ebu_internal.h"

/* Awards 1..k of a scale as whole numbers into out (returns k). */
static int awards_of(const ebu_scale *s, int *out)
{
    for (int i = 1; i <= s->k; i++)
        out[i - 1] = (int)(ebu_scale_award(s, i) / 100);
    return s->k;
}

static void assert_awards(const ebu_scale *s, const int *want, int n)
{
    int got[400];
    assert_int_equal(awards_of(s, got), n);
    for (int i = 0; i < n; i++)
        if (got[i] != want[i])
            fail_msg("place %d: expected %d, got %d", i + 1, want[i], got[i]);
}

/* The arithmetic sequence top, top - step, ..., step. */
static void assert_linear(const ebu_scale *s, int top, int step)
{
    int want[400], n = top / step;
    for (int i = 0; i < n; i++)
        want[i] = top - i * step;
    assert_awards(s, want, n);
}

/* EBU-47, EBU-43, EBU-45: 4.1.6, Club, 16 tables. */
static void worked_4_1_6(void **state)
{
    (void)state;
    /* 12-17 boards: Mitchell 40, 30, 20, 10 per direction; Howell 48 ... 6 (8). */
    ebu_scale s = ebu_basic_scale(EBU_M4_CLUB, EBU_B12_17, EBU_TEAMS, 16, false);
    assert_linear(&s, 40, 10);
    s = ebu_basic_scale(EBU_M4_CLUB, EBU_B12_17, EBU_PAIRS_1W, 16, false);
    assert_linear(&s, 48, 6);
    /* 18-35: Mitchell 60 ... 10 (6); Howell 66 ... 6 (11). */
    s = ebu_basic_scale(EBU_M4_CLUB, EBU_B18_35, EBU_TEAMS, 16, false);
    assert_linear(&s, 60, 10);
    s = ebu_basic_scale(EBU_M4_CLUB, EBU_B18_35, EBU_PAIRS_1W, 16, false);
    assert_linear(&s, 66, 6);
    /* 36+: Mitchell 80 ... 10 (8); Howell 96 ... 6 (16). */
    s = ebu_basic_scale(EBU_M4_CLUB, EBU_B36, EBU_TEAMS, 16, false);
    assert_linear(&s, 80, 10);
    s = ebu_basic_scale(EBU_M4_CLUB, EBU_B36, EBU_PAIRS_1W, 16, false);
    assert_linear(&s, 96, 6);
    /* Scale X: 11-table Mitchell 40 ... 10 each way; arrow-switched 48 ... 6. */
    s = ebu_basic_scale(EBU_M4_CLUB, EBU_B18_35, EBU_TEAMS, 11, false);
    assert_linear(&s, 40, 10);
    s = ebu_basic_scale(EBU_M4_CLUB, EBU_B18_35, EBU_PAIRS_1W, 11, false);
    assert_linear(&s, 48, 6);
}

/* EBU-34: 3.5 ties. */
static void ties_3_5(void **state)
{
    (void)state;
    /* (a) 15-table two-winner, 18-35: 50, 40, 30, 20, 10; tie for 4th = (20 + 10)/2 = 15. */
    ebu_scale s = ebu_basic_scale(EBU_M4_CLUB, EBU_B18_35, EBU_TEAMS, 15, false);
    assert_points(ebu_scale_share(&s, 4, 5), "15.00");
    /* (b) 12 tables: 40, 30, 20, 10; tie for 4th = (10 + 0)/2 = 5, raised to 6. */
    s = ebu_basic_scale(EBU_M4_CLUB, EBU_B18_35, EBU_TEAMS, 12, false);
    assert_points(ebu_scale_share(&s, 4, 5), "6.00");
    /* A tie entirely outside the awards earns nothing. */
    assert_points(ebu_scale_share(&s, 5, 6), "0.00");
    /* EBU-33: a share is rounded up: 16 tables Howell 18-35, places 1-2 =
     * (66 + 60)/2 = 63; places 1-3 = (66 + 60 + 54)/3 = 60; a 3-way tie
     * at 2 of 12-17 Howell 16 tables (42 + 36 + 30)/3 = 36. */
    s = ebu_basic_scale(EBU_M4_CLUB, EBU_B18_35, EBU_PAIRS_1W, 16, false);
    assert_points(ebu_scale_share(&s, 1, 2), "63.00");
    assert_points(ebu_scale_share(&s, 1, 3), "60.00");
    /* District 5 tables 2w 18-35: k = ceil(5/3) = 2, 30 and 15; tie 2-3 =
     * 15/2 = 7.5 -> 8, raised to the District minimum 9 (EBU-49). */
    s = ebu_basic_scale(EBU_M4_DISTRICT, EBU_B18_35, EBU_TEAMS, 5, false);
    assert_points(ebu_scale_share(&s, 2, 3), "9.00");
}

/* EBU-67, EBU-49: 4.4.3, 50 awards with a District maximum of 150: 150,
 * 147, 144 ... step 3, the last places raised to 9. */
static void constant_reductions_4_4_3(void **state)
{
    (void)state;
    ebu_scale s = {.m4 = EBU_M4_DISTRICT, .step2 = 12, .pct = 100, .k = 50, .n = 50,
                   .tables = 25, .max_club = 100, .t = 25, .min2 = 12};
    ebu_scale_cap(&s);
    assert_true(s.capped); /* 6 x 50 x 1.5 = 450 > 150 */
    int want[50];
    for (int i = 0; i < 50; i++) {
        want[i] = 150 - 3 * i;
        if (want[i] < 9)
            want[i] = 9;
    }
    assert_awards(&s, want, 50);
    /* EBU-50: Club 18-35 1w pairs at exactly 25 tables: 17 awards x 6 = 102
     * is capped to 100 (not the printed 102), the number of awards kept:
     * 100 x 16/17 = 94.1 -> 95. */
    s = ebu_basic_scale(EBU_M4_CLUB, EBU_B18_35, EBU_PAIRS_1W, 25, false);
    assert_int_equal(s.k, 17);
    assert_points(ebu_scale_award(&s, 1), "100.00");
    assert_points(ebu_scale_award(&s, 2), "95.00");
    /* EBU-51: a 36+ first qualifying stage caps at 180 (teams 40 tables:
     * 20 awards x 10 = 200 -> 180 x sqrt(40/36) = 189.7 -> 190). */
    s = ebu_basic_scale(EBU_M4_CLUB, EBU_B36, EBU_TEAMS, 36, true);
    assert_points(ebu_scale_award(&s, 1), "180.00");
    s = ebu_basic_scale(EBU_M4_CLUB, EBU_B36, EBU_TEAMS, 40, true);
    assert_points(ebu_scale_award(&s, 1), "190.00");
}

/* EBU-69: 4.4.9 Club simultaneous pairs, 30..100 tables (110..200); the
 * rest of the printed list is in test_ebu_tables (sqrt_table). */
static void sqrt_4_4_9(void **state)
{
    (void)state;
    static const int a[8] = {30, 40, 50, 60, 70, 80, 90, 100};
    static const int v[8] = {110, 127, 142, 155, 168, 179, 190, 200};
    for (int i = 0; i < 8; i++) {
        assert_int_equal(ebu_sqrt_max(100, a[i], 25) / 100, v[i]);
        ebu_scale s = ebu_basic_scale(EBU_M4_CLUB, EBU_B18_35, EBU_PAIRS_1W, a[i], false);
        assert_int_equal(ebu_scale_award(&s, 1) / 100, v[i]);
    }
}

/* EBU-48, EBU-2, EBU-31, EBU-9, EBU-27, EBU-28: basic events end to end. */
static void basic_events(void **state)
{
    (void)state;
    bmp_awards aw;
    /* EBU-38, 4.1.7: 2 x 36 = 72 boards (duration counts every session), Club -> District: 7-table Mitchell, 36+:
     * k = ceil(7/2) = 4, 10 x 4 x 1.5 = 60, 45, 30, 15. */
    const char *mitchell =
        "{\"body\":\"ebu\",\"name\":\"m\",\"kind\":\"pairs\",\"status\":\"club\",\"boards\":36,"
        "\"sessions\":2,\"movement\":\"two-winner\",\"tables\":7%s,\"contestants\":["
        "{\"id\":\"1\",\"rankings\":[{\"session\":1,\"direction\":\"NS\",\"place\":1}],\"players\":[{\"id\":\"a\"},{\"id\":\"b\"}]},"
        "{\"id\":\"2\",\"rankings\":[{\"session\":1,\"direction\":\"NS\",\"place\":2}]%s,\"players\":[{\"id\":\"c\"},{\"id\":\"d\",\"participation\":0.3}]},"
        "{\"id\":\"3\",\"rankings\":[{\"session\":1,\"direction\":\"NS\",\"place\":3}],\"players\":[{\"id\":\"e\"},{\"id\":\"f\"}]},"
        "{\"id\":\"11\",\"rankings\":[{\"session\":1,\"direction\":\"EW\",\"place\":1}],\"players\":[{\"id\":\"g\"},{\"id\":\"h\"}]}]}";
    char j[2048];
    snprintf(j, sizeof j, mitchell, "", "");
    run(j, &aw);
    assert_points(total_of(&aw, 0), "60.00");
    assert_points(total_of(&aw, 3), "60.00"); /* EW winner: the same scale */
    /* 3.3.2: player d played under 1/3 of the boards: no award; c gets 45. */
    assert_points(bmp_awards_player_total(&aw, 1, 0), "45.00");
    assert_points(bmp_awards_player_total(&aw, 1, 1), "0.00");
    bmp_awards_free(&aw);
    /* EBU-117, 5.4.1: Blue Points = Local / 100: 60 -> 0.60 BP. */
    snprintf(j, sizeof j, mitchell, ",\"params\":{\"points\":\"blue\"}", "");
    run(j, &aw);
    assert_points(total_of(&aw, 0), "0.60");
    assert_string_equal(aw.items[0].colour, "blue");
    bmp_awards_free(&aw);
    /* 2.10: pair 2 plays without standing: no award, pair 3 moves up to 45. */
    snprintf(j, sizeof j, mitchell, "", ",\"params\":{\"without_standing\":true}");
    run(j, &aw);
    assert_points(total_of(&aw, 1), "0.00");
    assert_points(total_of(&aw, 2), "45.00");
    bmp_awards_free(&aw);
    /* 3.1.1: a two-winner field needs 5 full tables: 4 earn nothing. */
    char *k = event_json("\"kind\":\"pairs\",\"movement\":\"two-winner\",\"status\":\"club\","
                         "\"boards\":24,\"tables\":4.5",
                         2, NULL, NULL);
    run(k, &aw);
    free(k);
    assert_int_equal((int)aw.count, 0);
    assert_non_null(strstr(aw.notes[0], "EBU-27"));
    bmp_awards_free(&aw);
    /* 3.1.2: fewer than 12 boards: nothing. */
    k = event_json("\"kind\":\"pairs\",\"status\":\"club\",\"boards\":10,\"tables\":6", 2, NULL, NULL);
    run(k, &aw);
    free(k);
    assert_int_equal((int)aw.count, 0);
    assert_non_null(strstr(aw.notes[0], "EBU-28"));
    bmp_awards_free(&aw);
    /* 4.1.3 (EBU-44): 9.5 tables count as 9: Howell 18-35 k = 6: top 36. */
    k = event_json("\"kind\":\"pairs\",\"movement\":\"one-winner\",\"status\":\"club\","
                   "\"boards\":24,\"tables\":9.5",
                   19, NULL, NULL);
    run(k, &aw);
    free(k);
    assert_points(total_of(&aw, 0), "36.00");
    bmp_awards_free(&aw);
    /* 1.2.4 (EBU-13): a major championship +1: County 10 teams 24 boards:
     * Regional, k = 4, 10 x 4 x 3 = 120. */
    k = event_json("\"kind\":\"teams\",\"status\":\"county\",\"boards\":24,\"tables\":10,"
                   "\"params\":{\"major\":true}",
                   10, NULL, NULL);
    run(k, &aw);
    free(k);
    assert_points(total_of(&aw, 0), "120.00");
    bmp_awards_free(&aw);
    /* EBU-42 (Scale F): single-winner individual, 3 tables of 12 players,
     * 18-35: k = ceil(12/3) = 4, 3 x 4 = 12, 9, 6, 3 -> 6. */
    k = event_json("\"kind\":\"individual\",\"status\":\"club\",\"boards\":24,\"tables\":3", 12, NULL, NULL);
    run(k, &aw);
    free(k);
    assert_points(total_of(&aw, 0), "12.00");
    assert_points(total_of(&aw, 3), "6.00");
    assert_points(total_of(&aw, 4), "0.00");
    bmp_awards_free(&aw);
}

static void errors(void **state)
{
    (void)state;
    bmp_error e = {0};
    char *j = event_json("\"kind\":\"pairs\",\"boards\":24,\"tables\":6", 2, NULL, NULL);
    assert_int_equal(run_err(j, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.status: expected the EBU status"));
    free(j);
    j = event_json("\"kind\":\"pairs\",\"status\":\"club\",\"boards\":24,\"tables\":6,"
                   "\"params\":{\"points\":\"green\"}",
                   2, NULL, NULL);
    /* EBU-137: Green pairs events need the unpublished standard formula (6.6). */
    assert_int_equal(run_err(j, &e), BMP_ENOTSUP);
    assert_non_null(strstr(e.msg, "EBU-137"));
    free(j);
    j = event_json("\"kind\":\"pairs\",\"status\":\"club\",\"boards\":24,\"tables\":6,"
                   "\"params\":{\"points\":\"gold\"}",
                   2, NULL, NULL);
    assert_int_equal(run_err(j, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.params.points"));
    free(j);
    j = event_json("\"kind\":\"pairs\",\"status\":\"club\",\"boards\":24,\"tables\":6,"
                   "\"params\":{\"stage\":\"final\"}",
                   2, NULL, NULL);
    assert_int_equal(run_err(j, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.params.original_tables"));
    free(j);
    j = event_json("\"kind\":\"pairs\",\"movement\":\"two-winner\",\"status\":\"club\","
                   "\"boards\":24,\"tables\":6",
                   2, NULL, NULL);
    assert_int_equal(run_err(j, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.contestants[0].rankings"));
    free(j);
    j = event_json("\"kind\":\"pairs\",\"status\":\"club\",\"boards\":24,\"tables\":6,"
                   "\"params\":{\"tabels\":6}",
                   2, NULL, NULL);
    assert_int_equal(run_err(j, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "unknown EBU parameter"));
    free(j);
    /* EBU-48: two levels above National is not defined (ruling AMB-8). */
    j = event_json("\"kind\":\"pairs\",\"status\":\"national\",\"boards\":24,\"sessions\":3,"
                   "\"tables\":10,\"params\":{\"major\":true}",
                   2, NULL, NULL);
    assert_int_equal(run_err(j, &e), BMP_ENOTSUP);
    free(j);
}

/* EBU-100, EBU-101: sections of differing status (4.9). */
static void sections_event(void **state)
{
    (void)state;
    bmp_awards aw;
    /* County organisation, 3 sections: Section 1 x3, 2 x2 1/2, 3 x2.  Section
     * 2, 10 teams, 24 boards: 4 awards of 10 x 2.5: 100, 75, 50, 25. */
    char *j = event_json("\"kind\":\"teams\",\"status\":\"county\",\"boards\":24,\"tables\":10,"
                         "\"params\":{\"sections\":3,\"section\":2}", 10, NULL, NULL);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "100.00");
    assert_points(total_of(&aw, 3), "25.00");
    bmp_awards_free(&aw);
    /* Club organisation, 5 sections (4.9.8): 2, 7/4, 3/2, 5/4, 1; Section 2
     * (x7/4): 10 teams 24 boards: 40 x 7/4 = 70, 52.5 -> 53, 35, 17.5 -> 18. */
    j = event_json("\"kind\":\"teams\",\"status\":\"club\",\"boards\":24,\"tables\":10,"
                   "\"params\":{\"sections\":5,\"section\":2}", 10, NULL, NULL);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "70.00");
    assert_points(total_of(&aw, 1), "53.00");
    assert_points(total_of(&aw, 3), "18.00");
    bmp_awards_free(&aw);
    /* 6 Club sections: 2 - (s - 1)/5 is not a quarter of Club. */
    bmp_error e = {0};
    j = event_json("\"kind\":\"teams\",\"status\":\"club\",\"boards\":24,\"tables\":10,"
                   "\"params\":{\"sections\":6,\"section\":2}", 10, NULL, NULL);
    assert_int_equal(run_err(j, &e), BMP_ENOTSUP);
    free(j);
}

/* EBU-45: a four-winner individual uses the teams scale in each direction
 * (4.1.4): Club, 8 tables, 24 boards: ceil(8/3) = 3 awards: 30, 20, 10 for
 * the N, E, S and W winners alike. */
static void four_winner_individual(void **state)
{
    (void)state;
    char b[8192];
    size_t o = (size_t)snprintf(b, sizeof b,
        "{\"body\":\"ebu\",\"name\":\"4w\",\"kind\":\"individual\",\"status\":\"club\","
        "\"boards\":24,\"tables\":8,\"params\":{\"four_winner\":true},\"contestants\":[");
    const char *dirs = "NESW";
    for (int d = 0; d < 4; d++)
        for (int p = 1; p <= 8; p++)
            o += (size_t)snprintf(b + o, sizeof b - o,
                                  "%s{\"id\":\"%c%d\",\"rankings\":[{\"ranking\":\"%c\",\"place\":%d}]}",
                                  d || p > 1 ? "," : "", dirs[d], p, dirs[d], p);
    snprintf(b + o, sizeof b - o, "]}");
    bmp_awards aw;
    run(b, &aw);
    for (int d = 0; d < 4; d++) {
        assert_points(total_of(&aw, (size_t)d * 8 + 0), "30.00");
        assert_points(total_of(&aw, (size_t)d * 8 + 2), "10.00");
        assert_points(total_of(&aw, (size_t)d * 8 + 3), "0.00");
    }
    bmp_awards_free(&aw);
}

/* EBU-29: the 70 % rule (3.1.4): 21 boards scheduled allow at most 30 in
 * play (21/30 = 70 %); 31 in play earns nothing.  EBU-32: teams of 6
 * count as teams (3.3.3): tables defaults to the number of teams, 10 teams
 * 24 boards: 4 awards, 40 ... 10. */
static void seventy_percent_and_big_teams(void **state)
{
    (void)state;
    bmp_awards aw;
    char *j = event_json("\"kind\":\"pairs\",\"movement\":\"one-winner\",\"status\":\"club\","
                         "\"boards\":21,\"tables\":8,\"params\":{\"boards_in_play\":30}", 16, NULL, NULL);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "36.00"); /* 8 tables 18-35: ceil(16/3) = 6 awards of 6 */
    bmp_awards_free(&aw);
    j = event_json("\"kind\":\"pairs\",\"movement\":\"one-winner\",\"status\":\"club\","
                   "\"boards\":21,\"tables\":8,\"params\":{\"boards_in_play\":31}", 16, NULL, NULL);
    run(j, &aw);
    free(j);
    assert_int_equal((int)aw.count, 0);
    assert_non_null(strstr(aw.notes[0], "EBU-29"));
    bmp_awards_free(&aw);
    char b[8192];
    size_t o = (size_t)snprintf(b, sizeof b, "{\"body\":\"ebu\",\"name\":\"t6\",\"kind\":\"teams\","
                                "\"status\":\"club\",\"boards\":24,\"contestants\":[");
    for (int i = 1; i <= 10; i++) {
        o += (size_t)snprintf(b + o, sizeof b - o, "%s{\"id\":\"%d\",\"place\":%d,\"players\":[",
                              i > 1 ? "," : "", i, i);
        for (int p = 1; p <= 6; p++)
            o += (size_t)snprintf(b + o, sizeof b - o, "%s{\"id\":\"%d-%d\",\"participation\":0.5}",
                                  p > 1 ? "," : "", i, p);
        o += (size_t)snprintf(b + o, sizeof b - o, "]}");
    }
    snprintf(b + o, sizeof b - o, "]}");
    run(b, &aw);
    assert_points(bmp_awards_player_total(&aw, 0, 5), "40.00");
    assert_points(total_of(&aw, 3), "10.00");
    bmp_awards_free(&aw);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(worked_4_1_6),
        cmocka_unit_test(ties_3_5),
        cmocka_unit_test(constant_reductions_4_4_3),
        cmocka_unit_test(sqrt_4_4_9),
        cmocka_unit_test(basic_events),
        cmocka_unit_test(errors),
        cmocka_unit_test(sections_event),
        cmocka_unit_test(four_winner_individual),
        cmocka_unit_test(seventy_percent_and_big_teams),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
