/* EBU awards for whole events and the handbook's worked examples (4.1.6,
 * 3.5, 4.2.10, 4.3.4, 4.4.3, 4.4.9, 4.6.5, 4.7.9, 4.7.10, 4.8.4, 4.11.9,
 * 4.12.6, 2.4.2, 2.6.1), with the arithmetic in comments. */
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

static bmp_points total_of(const bmp_awards *aw, size_t ci)
{
    return bmp_awards_player_total(aw, ci, 0);
}

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

/* EBU-104, EBU-105: 4.11.9 Club pairs ladder, fewer than 18 sessions, 10
 * tables: 4 awards at 16 = 64, 48, 32, 16; qualifying for a final +1
 * (District): 96, 72, 48, 24. */
static void ladder_4_11_9(void **state)
{
    (void)state;
    int n, u;
    ebu_ladder(10, 1, &n, &u);
    assert_int_equal(n, 4);
    assert_int_equal(u, 16);
    int m4 = ebu_status_shift(EBU_M4_CLUB, 1);
    for (int i = 0; i < n; i++) {
        assert_int_equal(u * (n - i), 64 - 16 * i);
        assert_int_equal(u * (n - i) * m4 / 4, 96 - 24 * i);
    }
}

/* EBU-109, EBU-111, EBU-113: 4.12.6 stratified, Club 1w pairs, 24 pairs
 * (8 A, 8 B, 8 C), 18-35 boards. */
static void strat_4_12_6(void **state)
{
    (void)state;
    ebu_scale s = ebu_s_scale(EBU_M4_CLUB, EBU_B18_35, EBU_PAIRS_1W, 12, 1); /* A list: all */
    assert_linear(&s, 40, 5);
    s = ebu_s_scale(EBU_M4_CLUB, EBU_B18_35, EBU_PAIRS_1W, 8, 2); /* B list: 16 pairs */
    assert_linear(&s, 24, 4);
    s = ebu_s_scale(EBU_M4_CLUB, EBU_B18_35, EBU_PAIRS_1W, 4, 3); /* C list: 8 pairs */
    assert_linear(&s, 9, 3);
    s = ebu_s_scale(EBU_M4_CLUB, EBU_B18_35, EBU_PAIRS_1W, 12, 0); /* unstratified */
    assert_linear(&s, 48, 6);
    /* Category minimum = the lowest 1w step: C 3 (not 6). */
    s = ebu_s_scale(EBU_M4_CLUB, EBU_B18_35, EBU_PAIRS_1W, 4, 3);
    assert_points(ebu_scale_min(&s), "3.00");
    /* 4.12.6: two-winner, 5 B-NS and 9 B-EW: the smaller (5) -> 2 awards. */
    s = ebu_s_scale(EBU_M4_CLUB, EBU_B18_35, EBU_TEAMS, 5, 2);
    assert_int_equal(s.k, 2);
}

/* EBU-1, EBU-4: holdings and ranks (2.4.2, 2.6). */
static void ranks_2_6(void **state)
{
    (void)state;
    /* 2.6.1: 7.25 GP + 2.75 BP + 4,344 LP = 5,344; 2.4.2: 7.23 GP = 723. */
    bmp_ebu_holding h = {4344, 275, 725};
    assert_int_equal(bmp_ebu_total(&h), 5344);
    bmp_ebu_holding g = {0, 0, 723};
    assert_int_equal(bmp_ebu_total(&g), 723);
    bmp_ebu_rank r;
    bmp_error e = {0};
    /* 5,344 with 7.25 GP: Master (Premier Master needs 10 GP) ... but 2.75
     * Blue count as 0.92 Green: 7.25 + 0.92 < 10: still Master. */
    assert_int_equal(bmp_ebu_rank_of(&h, &r, &e), BMP_OK);
    assert_string_equal(r.name, "Master");
    /* 3 Blue = 1 Green: 7.25 GP + 8.25 BP = 10.00 GP: Premier Master. */
    h.blue = 825;
    h.local = 4344 - 550;
    assert_int_equal(bmp_ebu_rank_of(&h, &r, &e), BMP_OK);
    assert_string_equal(r.name, "Premier Master");
    assert_int_equal(r.seniority, 15);
    /* 99 points: no rank; 100: Local Master. */
    bmp_ebu_holding z = {99, 0, 0};
    bmp_ebu_rank_of(&z, &r, &e);
    assert_int_equal(r.seniority, 0);
    z.local = 100;
    bmp_ebu_rank_of(&z, &r, &e);
    assert_string_equal(r.name, "Local Master");
    /* 60,000 Local, no Green: ** Tournament Master (50,000 + 10,000). */
    bmp_ebu_holding t = {60000, 0, 0};
    bmp_ebu_rank_of(&t, &r, &e);
    assert_string_equal(r.name, "** Tournament Master");
    /* 30,000 with 10 GP: * Premier Master capped at 5 stars (10,000 + 4 x
     * 5,000 = 30,000); Regional Master needs 25 GP. */
    bmp_ebu_holding p = {29000, 0, 1000};
    bmp_ebu_rank_of(&p, &r, &e);
    assert_string_equal(r.name, "***** Premier Master");
    p.local = 38000; /* 39,000: 1 + 29,000/5,000 = 6 stars, capped at 5 */
    bmp_ebu_rank_of(&p, &r, &e);
    assert_int_equal(r.seniority, 16);
    assert_int_equal(r.stars, 5);
    /* Grand Master: 600 GP; up to 50 of them from 150 Blue.  550 GP + 300 BP
     * counts only 150 BP = 50 GP: 600 -> Grand Master; 549 GP -> not. */
    bmp_ebu_holding gm = {0, 30000, 55000};
    gm.local = 120000 - 85000;
    bmp_ebu_rank_of(&gm, &r, &e);
    assert_string_equal(r.name, "Grand Master");
    gm.green = 54900;
    gm.local += 100;
    bmp_ebu_rank_of(&gm, &r, &e);
    assert_string_equal(r.name, "Premier Life Master");
    /* * Grand Master: 800 GP, one more star per 200 GP: 1,250 GP -> ***. */
    bmp_ebu_holding sg = {0, 0, 125000};
    bmp_ebu_rank_of(&sg, &r, &e);
    assert_string_equal(r.name, "*** Grand Master");
    /* Premier Grand Master: 1,500 GP. */
    sg.green = 150000;
    bmp_ebu_rank_of(&sg, &r, &e);
    assert_string_equal(r.name, "Premier Grand Master");
    bmp_ebu_holding bad = {-1, 0, 0};
    assert_int_equal(bmp_ebu_rank_of(&bad, &r, &e), BMP_EINVAL);
}

/* EBU-4: every rank's printed requirements (ranks_2_6.csv). */
static void ranks_csv(void **state)
{
    (void)state;
    bmp_csv csv;
    bmp_csv_load(&csv, "ebu/ranks_2_6.csv");
    assert_int_equal((int)csv.nrows - 1, BMP_EBU_NRANKS);
    for (size_t r = 1; r < csv.nrows; r++) {
        const char *name;
        int64_t total;
        int green;
        assert_true(bmp_ebu_rank_requirements((int)r, &name, &total, &green));
        assert_int_equal(total, atoll(bmp_csv_get(&csv, r, 2)));
        assert_int_equal(green, atoi(bmp_csv_get(&csv, r, 3)));
        /* A holding of exactly the requirement earns that rank or a more
         * senior one (never a more junior one). */
        bmp_ebu_holding h = {total > green * 100 ? total - green * 100 : 0, 0, (bmp_points)green * 100};
        bmp_ebu_rank k;
        assert_int_equal(bmp_ebu_rank_of(&h, &k, NULL), BMP_OK);
        assert_true(k.seniority >= (int)r);
        const char *printed = bmp_csv_get(&csv, r, 1);
        assert_non_null(strstr(printed, name));
    }
    bmp_csv_free(&csv);
}


/* A knock-out: n teams; team 1 beats team 2^(k-1)+1 in round k (k = 1..R);
 * team T = 2^(R-1)+1 (the runner-up) beats T + 2^(k-1) in rounds k < R. */
static char *ko_json(const char *head, int n, int rounds)
{
    size_t cap = 8192 + (size_t)n * 64;
    char *b = malloc(cap);
    size_t o = (size_t)snprintf(b, cap, "{\"body\":\"ebu\",\"name\":\"ko\",\"kind\":\"knockout\",%s,"
                                "\"contestants\":[", head);
    for (int i = 1; i <= n; i++)
        o += (size_t)snprintf(b + o, cap - o, "%s{\"id\":\"%d\"}", i > 1 ? "," : "", i);
    o += (size_t)snprintf(b + o, cap - o, "],\"matches\":[");
    int T = (1 << (rounds - 1)) + 1;
    bool first = true;
    for (int k = 1; k <= rounds; k++) {
        o += (size_t)snprintf(b + o, cap - o,
                              "%s{\"round\":%d,\"home\":\"1\",\"away\":\"%d\",\"home_score\":50,\"away_score\":40}",
                              first ? "" : ",", k, (1 << (k - 1)) + 1);
        first = false;
        if (k < rounds && T + (1 << (k - 1)) <= n)
            o += (size_t)snprintf(b + o, cap - o,
                                  ",{\"round\":%d,\"home\":\"%d\",\"away\":\"%d\",\"home_score\":50,\"away_score\":40}",
                                  k, T, T + (1 << (k - 1)));
    }
    snprintf(b + o, cap - o, "]}");
    return b;
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
    bmp_error e = {0};
    j = ko_json("\"status\":\"club\",\"tables\":8,\"boards_per_match\":24,"
                "\"params\":{\"ko_type\":\"double-teams\"}", 8, 3);
    assert_int_equal(run_err(j, &e), BMP_ENOTSUP);
    free(j);
}

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

/* EBU-107, EBU-108, EBU-109, EBU-110, EBU-113: 4.12.6 as an event: Club
 * 1w pairs, 24 pairs (8 A, 8 B, 8 C by A-list place 1, 2, 3, 4 ...), 24 boards. */
static void strat_event(void **state)
{
    (void)state;
    char *b = malloc(16384);
    size_t o = (size_t)snprintf(b, 16384,
        "{\"body\":\"ebu\",\"name\":\"strat\",\"kind\":\"pairs\",\"movement\":\"one-winner\","
        "\"status\":\"club\",\"boards\":24,\"tables\":12,\"params\":{\"stratified\":true},"
        "\"contestants\":[");
    int bpl = 0, cpl = 0;
    for (int i = 1; i <= 24; i++) {
        char cat = i % 3 == 1 ? 'A' : i % 3 == 2 ? 'B' : 'C';
        char rk[128] = "";
        if (cat != 'A') {
            bpl++;
            if (cat == 'C')
                cpl++;
            if (cat == 'C')
                snprintf(rk, sizeof rk, ",\"rankings\":[{\"ranking\":\"B\",\"place\":%d},"
                                        "{\"ranking\":\"C\",\"place\":%d}]", bpl, cpl);
            else
                snprintf(rk, sizeof rk, ",\"rankings\":[{\"ranking\":\"B\",\"place\":%d}]", bpl);
        }
        o += (size_t)snprintf(b + o, 16384 - o, "%s{\"id\":\"%d\",\"place\":%d,\"params\":{\"category\":\"%c\"}%s}",
                              i > 1 ? "," : "", i, i, cat, rk);
    }
    snprintf(b + o, 16384 - o, "]}");
    bmp_awards aw;
    run(b, &aw);
    free(b);
    /* A list (24 pairs, 12 tables): 8 awards of 5: 40, 35, 30 ... 5.
     * B list (16 pairs, 8 tables): 6 awards of 4: 24 ... 4.
     * C list (8 pairs, 4 tables): 3 awards of 3: 9, 6, 3. */
    assert_points(total_of(&aw, 0), "40.00");  /* A place 1 */
    assert_points(total_of(&aw, 1), "35.00");  /* A 35 beats B 24: only the higher */
    assert_points(total_of(&aw, 2), "30.00");  /* A 30, B 20, C 9 */
    assert_points(total_of(&aw, 8), "4.00");   /* pair 9 (C): A none, B place 6 = 4, C place 3 = 3 */
    assert_points(total_of(&aw, 10), "0.00");  /* pair 11 (B): B place 7 */
    assert_points(total_of(&aw, 11), "0.00");  /* pair 12 (C): B 8th, C 4th */
    assert_string_equal(aw.items[0].rule, "EBU-109");
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

/* EBU-103, EBU-104, EBU-105, EBU-106: ladder bonus as an event (4.11). */
static void ladder_event(void **state)
{
    (void)state;
    bmp_awards aw;
    /* 4.11.9: Club pairs ladder, 12 games, 10 average tables: 64, 48, 32, 16. */
    char *j = event_json("\"kind\":\"pairs\",\"status\":\"club\",\"tables\":10,"
                         "\"params\":{\"ladder\":true,\"ladder_games\":12}", 6, NULL, NULL);
    run(j, &aw);
    free(j);
    static const char *const a[5] = {"64.00", "48.00", "32.00", "16.00", "0.00"};
    for (size_t i = 0; i < 5; i++)
        assert_points(total_of(&aw, i), a[i]);
    bmp_awards_free(&aw);
    /* With a final: +1 (District): 96, 72, 48, 24. */
    j = event_json("\"kind\":\"pairs\",\"status\":\"club\",\"tables\":10,"
                   "\"params\":{\"ladder\":true,\"ladder_games\":12,\"ladder_final\":true}", 6, NULL, NULL);
    run(j, &aw);
    free(j);
    static const char *const b[4] = {"96.00", "72.00", "48.00", "24.00"};
    for (size_t i = 0; i < 4; i++)
        assert_points(total_of(&aw, i), b[i]);
    bmp_awards_free(&aw);
    /* 18+ games and a final: +2 (County x2): 128, 96, 64, 32; in Blue
     * (a major pairs championship ladder, 4.11.10): 1.28 ... */
    j = event_json("\"kind\":\"pairs\",\"status\":\"club\",\"tables\":10,"
                   "\"params\":{\"ladder\":true,\"ladder_games\":20,\"ladder_final\":true,"
                   "\"points\":\"blue\"}", 6, NULL, NULL);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "1.28");
    assert_points(total_of(&aw, 3), "0.32");
    bmp_awards_free(&aw);
    /* Teams ladder, 5 average tables: 1 award of 27; a tie for 1st shares
     * (27 + 0)/2 = 13.5 -> 14. */
    const char *t = "{\"body\":\"ebu\",\"name\":\"l\",\"kind\":\"teams\",\"status\":\"club\","
                    "\"tables\":5,\"params\":{\"ladder\":true,\"ladder_games\":8},"
                    "\"contestants\":[{\"id\":\"1\",\"place\":\"1=\"},{\"id\":\"2\",\"place\":\"1=\"},"
                    "{\"id\":\"3\",\"place\":3}]}";
    run(t, &aw);
    assert_points(total_of(&aw, 0), "14.00");
    assert_points(total_of(&aw, 2), "0.00");
    bmp_awards_free(&aw);
    bmp_error e = {0};
    j = event_json("\"kind\":\"pairs\",\"status\":\"club\",\"tables\":10,"
                   "\"params\":{\"ladder\":true,\"ladder_games\":5}", 6, NULL, NULL);
    assert_int_equal(run_err(j, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "4.11.4"));
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

/* EBU-112, EBU-110: a stratified Swiss teams (4.12.7): match awards as
 * usual, ranking awards by Scale QS per list.  Club, 12 teams (A, B, C in
 * turn by A-list place), 6 x 6 boards: 9 per win; A list (12 teams) 3
 * awards of 15: 45, 30, 15; B list (8) 2 of 12: 24, 12; C list (4) 1 of 9. */
static void strat_swiss(void **state)
{
    (void)state;
    char b[8192];
    size_t o = (size_t)snprintf(b, sizeof b,
        "{\"body\":\"ebu\",\"name\":\"qs\",\"kind\":\"swiss-teams\",\"status\":\"club\","
        "\"boards\":36,\"boards_per_match\":6,\"tables\":12,\"params\":{\"stratified\":true},"
        "\"contestants\":[");
    int bpl = 0, cpl = 0;
    for (int i = 1; i <= 12; i++) {
        char cat = i % 3 == 1 ? 'A' : i % 3 == 2 ? 'B' : 'C';
        char rk[128] = "";
        if (cat == 'B')
            snprintf(rk, sizeof rk, ",\"rankings\":[{\"ranking\":\"B\",\"place\":%d}]", ++bpl);
        if (cat == 'C') {
            ++bpl;
            snprintf(rk, sizeof rk, ",\"rankings\":[{\"ranking\":\"B\",\"place\":%d},"
                                    "{\"ranking\":\"C\",\"place\":%d}]", bpl, ++cpl);
        }
        o += (size_t)snprintf(b + o, sizeof b - o,
                              "%s{\"id\":\"%d\",\"place\":%d,\"match_wins\":%d,"
                              "\"params\":{\"category\":\"%c\"}%s}",
                              i > 1 ? "," : "", i, i, 12 - i, cat, rk);
    }
    snprintf(b + o, sizeof b - o, "]}");
    bmp_awards aw;
    run(b, &aw);
    assert_points(total_of(&aw, 0), "144.00"); /* 11 x 9 + A 45 */
    assert_points(total_of(&aw, 1), "120.00"); /* 10 x 9 + A 30 (> B 24) */
    assert_points(total_of(&aw, 2), "96.00");  /* 9 x 9 + A 15 (> B 12, C 9) */
    assert_points(total_of(&aw, 4), "63.00");  /* 7 x 9: B 3rd of 2 awards */
    assert_points(total_of(&aw, 5), "54.00");  /* 6 x 9: C 2nd of 1 award */
    bool qs = false;
    for (size_t i = 0; i < aw.count; i++)
        qs |= strcmp(aw.items[i].rule, "EBU-112") == 0;
    assert_true(qs);
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
        cmocka_unit_test(worked_4_1_6),        cmocka_unit_test(ties_3_5),
        cmocka_unit_test(constant_reductions_4_4_3), cmocka_unit_test(sqrt_4_4_9),
        cmocka_unit_test(quali_final_4_2_10),  cmocka_unit_test(final_status_changes),
        cmocka_unit_test(consolation_4_3),     cmocka_unit_test(match_won_4_6_5),
        cmocka_unit_test(match_won_matches),   cmocka_unit_test(basic_events),
        cmocka_unit_test(errors),              cmocka_unit_test(ko_rounds),
        cmocka_unit_test(ladder_4_11_9),       cmocka_unit_test(strat_4_12_6),
        cmocka_unit_test(ranks_2_6),           cmocka_unit_test(ranks_csv),
        cmocka_unit_test(ko_events),           cmocka_unit_test(green_ko),
        cmocka_unit_test(leagues),             cmocka_unit_test(strat_event),
        cmocka_unit_test(match_won_finals),    cmocka_unit_test(green_league),
        cmocka_unit_test(ladder_event),        cmocka_unit_test(sections_event),
        cmocka_unit_test(green_heats),         cmocka_unit_test(four_winner_individual),
        cmocka_unit_test(strat_swiss),         cmocka_unit_test(seventy_percent_and_big_teams),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
