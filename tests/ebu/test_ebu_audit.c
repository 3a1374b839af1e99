/* EBU audit: cases found by reading the 2024 handbook against the engine.
 * Each test states the regulation's arithmetic in a comment. */
#include "ebu_test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ebu.h"
#include "ebu/ebu_internal.h"

/* Sum of the awards of one kind ("match", "ranking") to contestant ci. */
static bmp_points kind_of(const bmp_awards *aw, size_t ci, const char *kind)
{
    bmp_points t = 0;
    for (size_t i = 0; i < aw->count; i++)
        if (aw->items[i].contestant == ci &&
            strcmp(aw->items[i].kind, kind) == 0)
            t += aw->items[i].points;
    return t;
}

/* EBU-76, EBU-83, EBU-33: a drawn triangular mini-match is half of a draw
 * (4.5.7, 4.5.8), and the qualified-final multiplier applies before the one
 * rounding up at the end (3.4.1).  Club final of 8 teams from 24 (q = 1/3:
 * x 1 1/2, 4.6.6 a), 18-board mini-match drawn: 27 / 2 / 2 x 1.5 = 10.125
 * -> 11 (the engine once truncated the x 1.5 to 10). */
static void triangle_draw_multiplier(void **state)
{
    (void)state;
    bmp_awards aw;
    char *j = event_json("\"kind\":\"teams\",\"status\":\"club\",\"boards\":48,\"tables\":8,"
                         "\"params\":{\"stage\":\"final\",\"original_tables\":24}",
                         8, NULL,
                         ",\"matches\":[{\"round\":1,\"home\":\"1\",\"away\":\"2\",\"boards\":18,"
                         "\"winner\":\"tie\",\"params\":{\"triangle\":true}}]");
    run(j, &aw);
    free(j);
    assert_points(kind_of(&aw, 0, "match"), "11.00");
    assert_points(kind_of(&aw, 1, "match"), "11.00");
    /* QF on 24 original teams: ceil(24/8) = 3 awards of 40: 120, 80, 40. */
    assert_points(kind_of(&aw, 0, "ranking"), "120.00");
    assert_points(kind_of(&aw, 2, "ranking"), "40.00");
    bmp_awards_free(&aw);
}

/* EBU-53: a final of 8 full tables cannot come from an original entry of 4
 * (4.2.3); the engine used to size the awards on 4 tables silently. */
static void original_smaller_than_stage(void **state)
{
    (void)state;
    bmp_error e = {0};
    char *j = event_json("\"kind\":\"pairs\",\"status\":\"club\",\"boards\":24,"
                         "\"tables\":8,\"params\":{\"stage\":\"final\",\"original_tables\":4}",
                         16, NULL, NULL);
    assert_int_equal(run_err(j, &e), BMP_EINVAL);
    free(j);
    assert_non_null(strstr(e.msg, "$.params.original_tables"));
    assert_non_null(strstr(e.msg, "cannot be smaller"));
}

/* EBU-65, EBU-58, EBU-64: a consolation is awarded "exactly as though [it]
 * were the premier final" (4.3.5), so a 12-17-board consolation is one level
 * down like a 12-17-board final (4.2.7), and the premier's 4.2.6 increase
 * applies to it (4.3.5 a).  4.3.4 example: 60 tables, P = 9, C = 12, N = 39:
 * original entry 12 + 39/3 = 25; 1w pairs QA: ceil(25/2) = 13 awards of
 * step 11 (top 143 at Club, max 180: not reached). */
static void consolation_status(void **state)
{
    (void)state;
    bmp_awards aw;
    /* 16 boards: one below Club (x3/4): 143 x 3/4 = 107.25 -> 108; 13th:
     * 11 x 3/4 = 8.25 -> 9 (the engine gave 143 and 11 at Club). */
    char *j = event_json("\"kind\":\"pairs\",\"status\":\"club\",\"boards\":16,"
                         "\"tables\":12,\"params\":{\"stage\":\"consolation\","
                         "\"premier_tables\":9,\"neither_tables\":39}",
                         24, NULL, NULL);
    run(j, &aw);
    free(j);
    assert_points(kind_of(&aw, 0, "ranking"), "108.00");
    assert_points(kind_of(&aw, 12, "ranking"), "9.00");
    assert_points(kind_of(&aw, 13, "ranking"), "0.00");
    bmp_awards_free(&aw);
    /* 24 boards: as a final of 18-35 boards, no change: 143 ... 11. */
    j = event_json("\"kind\":\"pairs\",\"status\":\"club\",\"boards\":24,"
                   "\"tables\":12,\"params\":{\"stage\":\"consolation\","
                   "\"premier_tables\":9,\"neither_tables\":39}",
                   24, NULL, NULL);
    run(j, &aw);
    free(j);
    assert_points(kind_of(&aw, 0, "ranking"), "143.00");
    assert_points(kind_of(&aw, 12, "ranking"), "11.00");
    bmp_awards_free(&aw);
    /* Two separate qualifying stages, premier 9 of 60 (<= 1/2): the premier
     * is +1 (4.2.6), so the consolation is District: 143 x 1.5 = 214.5 ->
     * 215 (max 180 x 1.5 = 270 not reached); 13th 16.5 -> 17. */
    j = event_json("\"kind\":\"pairs\",\"status\":\"club\",\"boards\":24,"
                   "\"tables\":12,\"params\":{\"stage\":\"consolation\","
                   "\"premier_tables\":9,\"neither_tables\":39,\"original_tables\":60,"
                   "\"separate_qualifying\":true}",
                   24, NULL, NULL);
    run(j, &aw);
    free(j);
    assert_points(kind_of(&aw, 0, "ranking"), "215.00");
    assert_points(kind_of(&aw, 12, "ranking"), "17.00");
    bmp_awards_free(&aw);
}

/* EBU-75, EBU-92, EBU-88: a 2-team final is a knock-out final (4.5.6,
 * 4.6.1; original entry >= 5).  16 original teams: had all played knock-out
 * the 2-team stage is Round 4 (16 -> 8 -> 4 -> 2, 4.7.9): 76 at Club; a
 * 48-board match is one level up (4.7.3): 76 x 1.5 = 114 to the winner,
 * nothing to the loser, no ranking award.  (The engine once paid it as a
 * qualified match-won final: 41 x 3 + QF 80 = 203, and 40 to the loser.) */
static void two_team_final_is_ko(void **state)
{
    (void)state;
    bmp_awards aw;
    char *j = event_json("\"kind\":\"teams\",\"status\":\"club\",\"boards\":48,"
                         "\"tables\":2,\"params\":{\"stage\":\"final\",\"original_tables\":16}",
                         2, NULL,
                         ",\"matches\":[{\"round\":1,\"home\":\"1\",\"away\":\"2\","
                         "\"boards\":48,\"winner\":\"1\"}]");
    run(j, &aw);
    free(j);
    assert_points(bmp_awards_player_total(&aw, 0, 0), "114.00");
    assert_points(bmp_awards_player_total(&aw, 1, 0), "0.00");
    bmp_awards_free(&aw);
    /* A 3-team final's round number is not defined: not supported. */
    bmp_error e = {0};
    j = event_json("\"kind\":\"teams\",\"status\":\"club\",\"boards\":48,"
                   "\"tables\":3,\"params\":{\"stage\":\"final\",\"original_tables\":16}",
                   3, ",\"match_wins\":%d", NULL);
    assert_int_equal(run_err(j, &e), BMP_ENOTSUP);
    free(j);
    assert_non_null(strstr(e.msg, "EBU-75"));
}

/* EBU-9, EBU-34: contestants without standing are not part of the ranking
 * for awards (3.1.1, 2.10; docs/rulings.md EBU-R9).  Club Howell, 8 tables,
 * 24 boards: k = ceil(16/3) = 6, step 6: 36, 30, 24, 18, 12, 6.  Pair 3 ties
 * for 2nd with pair 2 who plays without standing: taken out, pair 3 is
 * alone in 2nd = 30 (not (30 + 24)/2 = 27); pair 4 is 3rd = 24. */
static void without_standing_in_a_tie(void **state)
{
    (void)state;
    bmp_awards aw;
    const char *head = "\"kind\":\"pairs\",\"movement\":\"one-winner\",\"status\":\"club\","
                       "\"boards\":24,\"tables\":8";
    /* 17 pairs, one without standing: the caller's tables (8) already
     * exclude it (3.1.1). */
    char *j = event_json(head, 17, NULL, NULL);
    /* Rewrite places: 2 and 3 tie for 2nd ("2="), pair 2 without standing. */
    char *p2 = strstr(j, "\"id\":\"2\",\"place\":2");
    char *p3 = strstr(j, "\"id\":\"3\",\"place\":3");
    assert_non_null(p2);
    assert_non_null(p3);
    size_t cap = strlen(j) + 256;
    char *k = malloc(cap);
    snprintf(k, cap, "%.*s\"id\":\"2\",\"place\":\"2=\",\"params\":{\"without_standing\":true}"
                     "%.*s\"id\":\"3\",\"place\":\"2=\"%s",
             (int)(p2 - j), j, (int)(p3 - (p2 + strlen("\"id\":\"2\",\"place\":2"))),
             p2 + strlen("\"id\":\"2\",\"place\":2"), p3 + strlen("\"id\":\"3\",\"place\":3"));
    free(j);
    run(k, &aw);
    free(k);
    assert_points(bmp_awards_player_total(&aw, 0, 0), "36.00");
    assert_points(bmp_awards_player_total(&aw, 1, 0), "0.00");
    assert_points(bmp_awards_player_total(&aw, 2, 0), "30.00");
    assert_points(bmp_awards_player_total(&aw, 3, 0), "24.00");
    /* 7th overall is 6th eligible: 6; 8th: nothing. */
    assert_points(bmp_awards_player_total(&aw, 6, 0), "6.00");
    assert_points(bmp_awards_player_total(&aw, 7, 0), "0.00");
    bmp_awards_free(&aw);
}

/* EBU-34, EBU-104: the 3.5 minimum (6 x factor) applies to a tie for the
 * lowest award of a ladder too: Club individual ladder, up to 8 tables:
 * 4 awards of 8 = 32, 24, 16, 8 (4.11.6); a tie for 4th-5th shares
 * (8 + 0)/2 = 4, raised to 6 (the engine gave 4).  At County (x2, 18+
 * games +1 = Regional x3): (8 x 3 + 0)/2 = 12, raised to 6 x 3 = 18. */
static void ladder_tie_minimum(void **state)
{
    (void)state;
    bmp_awards aw;
    const char *t = "{\"body\":\"ebu\",\"name\":\"l\",\"kind\":\"individual\","
                    "\"status\":\"%s\",\"tables\":6,\"params\":{\"ladder\":true,"
                    "\"ladder_games\":%d},\"contestants\":["
                    "{\"id\":\"1\",\"place\":1},{\"id\":\"2\",\"place\":2},"
                    "{\"id\":\"3\",\"place\":3},{\"id\":\"4\",\"place\":\"4=\"},"
                    "{\"id\":\"5\",\"place\":\"4=\"},{\"id\":\"6\",\"place\":6}]}";
    char j[1024];
    snprintf(j, sizeof j, t, "club", 10);
    run(j, &aw);
    assert_points(bmp_awards_player_total(&aw, 0, 0), "32.00");
    assert_points(bmp_awards_player_total(&aw, 3, 0), "6.00");
    assert_points(bmp_awards_player_total(&aw, 4, 0), "6.00");
    assert_points(bmp_awards_player_total(&aw, 5, 0), "0.00");
    bmp_awards_free(&aw);
    snprintf(j, sizeof j, t, "county", 20);
    run(j, &aw);
    assert_points(bmp_awards_player_total(&aw, 0, 0), "96.00"); /* 32 x 3 */
    assert_points(bmp_awards_player_total(&aw, 3, 0), "18.00");
    bmp_awards_free(&aw);
}

/* EBU-34, EBU-96: the 3.5 tie minimum in a league: Club league, one
 * division of 10 teams, K = 27, ranking 81, 54, 27 (4.8.4), cut by 1/3 for
 * a 2 x 24 = 48-board programme (4.8.3): 54, 36, 18.  Teams 3-7 tie for
 * 3rd: (18 + 0 + 0 + 0 + 0)/5 = 3.6 -> 4, raised to 6 by 3.5 (the engine
 * gave 4). */
static void league_tie_minimum(void **state)
{
    (void)state;
    bmp_awards aw;
    char j[2048];
    const char *t = "{\"body\":\"ebu\",\"name\":\"l\",\"kind\":\"teams\",\"status\":\"club\","
                    "\"boards\":%d,\"boards_per_match\":24,\"tables\":10,"
                    "\"params\":{\"league\":true},\"contestants\":["
                    "{\"id\":\"1\",\"place\":1},{\"id\":\"2\",\"place\":2},"
                    "{\"id\":\"3\",\"place\":\"3=\"},{\"id\":\"4\",\"place\":\"3=\"},"
                    "{\"id\":\"5\",\"place\":\"3=\"},{\"id\":\"6\",\"place\":\"3=\"},"
                    "{\"id\":\"7\",\"place\":\"3=\"},{\"id\":\"8\",\"place\":8},"
                    "{\"id\":\"9\",\"place\":9},{\"id\":\"10\",\"place\":10}]}";
    snprintf(j, sizeof j, t, 48);
    run(j, &aw);
    assert_points(bmp_awards_player_total(&aw, 0, 0), "54.00"); /* 81 x 2/3 */
    assert_points(bmp_awards_player_total(&aw, 2, 0), "6.00");
    assert_points(bmp_awards_player_total(&aw, 6, 0), "6.00");
    assert_points(bmp_awards_player_total(&aw, 7, 0), "0.00");
    bmp_awards_free(&aw);
}

/* EBU-31: exactly 1/3 of the boards qualifies (3.3.2 "at least
 * one-third"): a player who played 8 of 24 boards (participation 1/3 at
 * double precision) gets the award; 7 of 24 does not.  Club Howell 8 tables
 * 24 boards: 1st = 36 (k = 6, step 6). */
static void one_third_boundary(void **state)
{
    (void)state;
    bmp_awards aw;
    char *j = event_json("\"kind\":\"pairs\",\"movement\":\"one-winner\",\"status\":\"club\","
                         "\"boards\":24,\"tables\":8",
                         16, NULL, NULL);
    /* Give pair 1's players 8/24 and 7/24 of the boards. */
    const char *from = "[{\"id\":\"11\"},{\"id\":\"12\"}]";
    char *at = strstr(j, from);
    assert_non_null(at);
    size_t cap = strlen(j) + 256;
    char *k = malloc(cap);
    snprintf(k, cap, "%.*s[{\"id\":\"11\",\"participation\":%.17g},"
                     "{\"id\":\"12\",\"participation\":%.17g}]%s",
             (int)(at - j), j, 8.0 / 24.0, 7.0 / 24.0, at + strlen(from));
    free(j);
    run(k, &aw);
    free(k);
    assert_points(bmp_awards_player_total(&aw, 0, 0), "36.00");
    assert_points(bmp_awards_player_total(&aw, 0, 1), "0.00");
    bmp_awards_free(&aw);
}

/* EBU-70, EBU-80, EBU-82: a Swiss pairs of 6 x 7 = 42 boards has an award
 * per match won (4.5.1: 36+ boards, matches of 6+ boards) also when the
 * match lengths come only from matches[] (no boards_per_match): the engine
 * once scored it as a basic event (top 60).  Club, 20 pairs = 10 tables:
 * 7 x 1 1/2 = 10.5 -> 11 per win (4.6.3); QA 1w pairs ceil(10/2) = 5 awards
 * of 11: 55, 44, 33, 22, 11.  Pair 1 wins all 6: 66 + 55 = 121; pair 2
 * (no wins, 2nd): 44. */
static void swiss_pairs_match_lengths(void **state)
{
    (void)state;
    char *j = event_json("\"kind\":\"swiss-pairs\",\"status\":\"club\",\"boards\":42,"
                         "\"tables\":10",
                         20, NULL, ",\"matches\":[%s]");
    char ms[4096] = "";
    size_t o = 0;
    for (int r = 1; r <= 6; r++)
        for (int k = 0; k < 10; k++)
            o += (size_t)snprintf(ms + o, sizeof ms - o,
                                  "%s{\"round\":%d,\"home\":\"%d\",\"away\":\"%d\","
                                  "\"boards\":7,\"winner\":\"%d\"}",
                                  o ? "," : "", r, 2 * k + 1, 2 * k + 2, 2 * k + 1);
    size_t cap = strlen(j) + strlen(ms) + 1;
    char *k = malloc(cap);
    snprintf(k, cap, j, ms);
    free(j);
    bmp_awards aw;
    run(k, &aw);
    free(k);
    assert_points(bmp_awards_player_total(&aw, 0, 0), "121.00");
    assert_points(bmp_awards_player_total(&aw, 1, 0), "44.00");
    assert_points(bmp_awards_player_total(&aw, 2, 0), "99.00"); /* 66 + 33 */
    assert_points(bmp_awards_player_total(&aw, 5, 0), "0.00");  /* 6th, no wins */
    bmp_awards_free(&aw);
}

/* EBU-27: 3.1.1 applies to knock-outs too: a knock-out whose original
 * entry is 2 teams earns nothing (the engine paid the winner 27). */
static void ko_minimum_entry(void **state)
{
    (void)state;
    bmp_awards aw;
    char *j = event_json("\"kind\":\"knockout\",\"status\":\"club\",\"boards_per_match\":24,"
                         "\"tables\":2",
                         2, NULL,
                         ",\"matches\":[{\"round\":1,\"home\":\"1\",\"away\":\"2\","
                         "\"winner\":\"1\"}]");
    run(j, &aw);
    free(j);
    assert_int_equal((int)aw.count, 0);
    assert_non_null(strstr(aw.notes[0], "EBU-27"));
    bmp_awards_free(&aw);
    /* 3 teams (a preliminary round, then the final) do earn: the final of a
     * 3-team knock-out is Round 1 = 27 at Club (4.7.5, 4.7.7). */
    j = event_json("\"kind\":\"knockout\",\"status\":\"club\",\"boards_per_match\":24,"
                   "\"tables\":3",
                   3, NULL,
                   ",\"matches\":[{\"round\":1,\"home\":\"2\",\"away\":\"3\","
                   "\"winner\":\"2\"},{\"round\":2,\"home\":\"1\",\"away\":\"2\","
                   "\"winner\":\"1\"}]");
    run(j, &aw);
    free(j);
    assert_points(bmp_awards_player_total(&aw, 0, 0), "27.00");
    assert_points(bmp_awards_player_total(&aw, 1, 0), "27.00"); /* preliminary win */
    bmp_awards_free(&aw);
}

/* EBU-29: the 70 % rule is per movement (3.1.4: "when the intention is to
 * play 21 boards in a session, no more than 30 boards should be in play").
 * Two sessions of 24 boards with 36 boards in each session's movement:
 * 24/36 = 66.7 % < 70 %: no master points (the engine compared the event's
 * 48 boards with 36 and paid).  With 34 in play: 24/34 = 70.6 %: paid,
 * 8 tables 36+ boards: ceil(16/2) = 8 awards of 6: top 48. */
static void seventy_percent_per_session(void **state)
{
    (void)state;
    bmp_awards aw;
    char *j = event_json("\"kind\":\"pairs\",\"movement\":\"one-winner\",\"status\":\"club\","
                         "\"boards\":24,\"sessions\":2,\"tables\":8,"
                         "\"params\":{\"boards_in_play\":36}",
                         16, NULL, NULL);
    run(j, &aw);
    free(j);
    assert_int_equal((int)aw.count, 0);
    assert_non_null(strstr(aw.notes[0], "EBU-29"));
    bmp_awards_free(&aw);
    j = event_json("\"kind\":\"pairs\",\"movement\":\"one-winner\",\"status\":\"club\","
                   "\"boards\":24,\"sessions\":2,\"tables\":8,"
                   "\"params\":{\"boards_in_play\":34}",
                   16, NULL, NULL);
    run(j, &aw);
    free(j);
    assert_points(bmp_awards_player_total(&aw, 0, 0), "48.00");
    bmp_awards_free(&aw);
}

/* EBU-76, EBU-77, EBU-80: match_wins in quarters: a drawn triangular
 * mini-match is 1/4 of a win (4.5.7, 4.5.8).  Club Swiss teams, 7 teams,
 * 6 x 6 boards = 36: 9 per win (4.6.3).  A team with 1.25 wins: 9 x 1.25 =
 * 11.25 -> 12 (the engine read 1.25 as 1.5: 13.5 -> 14).  QA teams 7:
 * ceil(7/4) = 2 awards of 18: 36, 18.  Wins that are not quarters (1.3)
 * are an input error. */
static void match_wins_quarters(void **state)
{
    (void)state;
    bmp_awards aw;
    const char *head = "\"kind\":\"swiss-teams\",\"status\":\"club\",\"boards\":36,"
                       "\"boards_per_match\":6,\"tables\":7";
    char *j = event_json(head, 7, ",\"match_wins\":%d.25", NULL);
    run(j, &aw);
    free(j);
    /* contestant i has n - i + 0.25 wins: 1st 6.25 x 9 = 56.25 -> 57 + 36. */
    assert_points(bmp_awards_player_total(&aw, 0, 0), "93.00");
    assert_points(bmp_awards_player_total(&aw, 5, 0), "12.00"); /* 1.25 wins, 6th */
    bmp_awards_free(&aw);
    bmp_error e = {0};
    j = event_json(head, 7, ",\"match_wins\":%d.3", NULL);
    assert_int_equal(run_err(j, &e), BMP_EINVAL);
    free(j);
    assert_non_null(strstr(e.msg, "$.contestants[0].match_wins"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(triangle_draw_multiplier),
        cmocka_unit_test(original_smaller_than_stage),
        cmocka_unit_test(consolation_status),
        cmocka_unit_test(two_team_final_is_ko),
        cmocka_unit_test(without_standing_in_a_tie),
        cmocka_unit_test(ladder_tie_minimum),
        cmocka_unit_test(league_tie_minimum),
        cmocka_unit_test(one_third_boundary),
        cmocka_unit_test(swiss_pairs_match_lengths),
        cmocka_unit_test(ko_minimum_entry),
        cmocka_unit_test(seventy_percent_per_session),
        cmocka_unit_test(match_wins_quarters),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
