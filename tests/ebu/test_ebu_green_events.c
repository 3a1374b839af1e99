/* EBU Green events of 6.1.5, 6.3 and 6.4 (EBU-120, EBU-125 .. EBU-133):
 * what the handbook fixes (top, minimum, number of awards, A/B/C/Open,
 * flighted A >= B), the organiser's published scale checked against it,
 * and Green per round won (6.4.7).  Rulings EG-1 .. EG-6. */
#include "ebu_test_util.h"

#include "ebu/green_spec.h"

static ebu_gp_spec spec(const char *event, const char *section, bool teams, double tables,
                        double original, int field)
{
    ebu_gp_in in = {.event = event, .section = section, .teams = teams, .tables = tables,
                    .original_tables = original, .field = field};
    ebu_gp_spec s;
    assert_true(ebu_gp_spec_of(&in, &s));
    return s;
}

#define SWISS30 "\"kind\":\"swiss-teams\",\"status\":\"county\",\"tables\":30," \
                "\"boards_per_match\":8,\"params\":{\"points\":\"green\",\"green_event\":\"swiss\""

/* EBU-127: one-day Swiss (6.4.1 b, c): top ceil_0.5(tables/24 + 0.50) teams,
 * + 1.00 pairs; the top 1/6 of the field (EG-1: rounded down); minimum 0.25. */
static void swiss_spec(void **state)
{
    (void)state;
    /* 30 teams: 30/24 + 0.50 = 1.75 -> 2.00; 30/6 = 5 awards. */
    ebu_gp_spec s = spec("swiss", NULL, true, 30, 30, 30);
    assert_points(s.top, "2.00");
    assert_points(s.min, "0.25");
    assert_int_equal(s.count, 5);
    /* 30 tables of pairs (60 pairs): 1.25 + 1.00 = 2.25 -> 2.50; 60/6 = 10. */
    s = spec("swiss", NULL, false, 30, 30, 60);
    assert_points(s.top, "2.50");
    assert_int_equal(s.count, 10);
    /* 35 teams: 35/6 = 5.83 -> 5 awards (EG-1). */
    assert_int_equal(spec("swiss", NULL, true, 35, 35, 35).count, 5);
    /* 24 tables exactly: 1 + 0.50 = 1.50 stays 1.50 (no rounding up of a multiple). */
    assert_points(ebu_gp_top_formula(24, 50, 50), "1.50");
    /* 24.5 tables (a half table counts, EG-2): 1.0208 + 0.50 -> 2.00. */
    assert_points(ebu_gp_top_formula(24.5, 50, 50), "2.00");
}

/* EBU-127, EBU-133, EBU-137: the published scale, checked and applied, plus
 * 6.4.7 rounds (8 boards: win 0.28, draw 0.14). */
static void swiss_event(void **state)
{
    (void)state;
    bmp_awards aw;
    char *j = event_json(SWISS30 ",\"green_scale\":\"2.00, 1.50, 1.00, 0.50, 0.25\"}", 30, NULL,
                         ",\"matches\":[{\"round\":1,\"home\":\"1\",\"away\":\"2\",\"home_score\":15,"
                         "\"away_score\":5},{\"round\":2,\"home\":\"1\",\"away\":\"3\","
                         "\"home_score\":10,\"away_score\":10}]");
    run(j, &aw);
    free(j);
    /* 1st: win 0.28 + draw 0.14 + rank 2.00 = 2.42; 3rd: draw 0.14 + 1.00
     * = 1.14; 2nd: 1.50 (lost); 5th 0.25; 6th nothing. */
    assert_points(total_of(&aw, 0), "2.42");
    assert_points(total_of(&aw, 1), "1.50");
    assert_points(total_of(&aw, 2), "1.14");
    assert_points(total_of(&aw, 4), "0.25");
    assert_points(total_of(&aw, 5), "0.00");
    bmp_awards_free(&aw);
}

static void expect_refusal(const char *scale, const char *needle)
{
    char head[512];
    snprintf(head, sizeof head, SWISS30 ",\"green_scale\":\"%s\"}", scale);
    char *j = event_json(head, 30, NULL, NULL);
    bmp_error e = {0};
    assert_int_equal(run_err(j, &e), BMP_EINVAL);
    free(j);
    if (!strstr(e.msg, needle) || !strstr(e.msg, "EBU-127") || !strstr(e.msg, "§6.4.1"))
        fail_msg("expected \"%s\" and EBU-127, §6.4.1 in: %s", needle, e.msg);
}

/* EBU-127, EBU-137: a published scale that breaks the handbook is refused
 * with the rule and section; without one, `not supported` says what to give. */
static void swiss_refusals(void **state)
{
    (void)state;
    expect_refusal("2.50,1.50,1.00,0.50,0.25", "top award is 2.50, the handbook gives 2.00");
    expect_refusal("2.00,1.50,0.50,0.25", "4 awards given, the handbook gives 5");
    expect_refusal("2.00,1.00,1.50,0.50,0.25", "award 3 (1.50) exceeds award 2 (1.00)");
    expect_refusal("2.00,1.50,1.00,0.50,0.30", "last award is 0.30, the handbook's minimum is 0.25");
    char *j = event_json(SWISS30 ",\"green_scale\":\"2.00,1.5x\"}", 30, NULL, NULL);
    bmp_error e = {0};
    assert_int_equal(run_err(j, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.params.green_scale: award 2"));
    free(j);
    /* A section that the event does not have, and a flight not named. */
    j = event_json("\"kind\":\"teams\",\"status\":\"county\",\"tables\":8,\"params\":{"
                   "\"points\":\"green\",\"green_event\":\"multiple-teams\","
                   "\"green_section\":\"qualifier\"}", 8, NULL, NULL);
    assert_int_equal(run_err(j, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "\"qualifier\" is not a part of a multiple-teams event"));
    free(j);
    j = event_json("\"kind\":\"swiss-teams\",\"status\":\"county\",\"tables\":8,"
                   "\"params\":{\"points\":\"green\",\"green_event\":\"flighted-swiss\"}",
                   8, NULL, NULL);
    assert_int_equal(run_err(j, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "EBU-128"));
    free(j);
    j = event_json(SWISS30 "}", 30, NULL, NULL);
    assert_int_equal(run_err(j, &e), BMP_ENOTSUP);
    assert_non_null(strstr(e.msg, "EBU-127"));
    assert_non_null(strstr(e.msg, "5 awards from 2.00 down to 0.25"));
    free(j);
}

/* EBU-120: three-session congress event (6.1.5 b, c): top 1/5, top
 * ceil_0.5(tables/24 + 1.00) pairs, + 1.50 teams, minimum 0.25. */
static void congress(void **state)
{
    (void)state;
    /* 24 teams: 1 + 1.50 = 2.50; 24/5 = 4.8 -> 4 awards. */
    ebu_gp_spec s = spec("congress", NULL, true, 24, 24, 24);
    assert_points(s.top, "2.50");
    assert_int_equal(s.count, 4);
    assert_string_equal(s.rule, "EBU-120");
    /* 48 tables of pairs (96 pairs): 2 + 1 = 3.00; 96/5 = 19. */
    s = spec("congress", NULL, false, 48, 48, 96);
    assert_points(s.top, "3.00");
    assert_int_equal(s.count, 19);
    bmp_awards aw;
    char *j = event_json("\"kind\":\"teams\",\"status\":\"county\",\"tables\":24,\"params\":{"
                         "\"points\":\"green\",\"green_event\":\"congress\",\"green_scale\":"
                         "\"2.50,1.50,0.75,0.25\"}", 24, NULL, NULL);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "2.50");
    assert_points(total_of(&aw, 2), "0.75");
    assert_points(total_of(&aw, 4), "0.00");
    bmp_awards_free(&aw);
}

/* EBU-125, EBU-126: county pairs (6.3.3, 6.3.4): top ceil_0.25(2.50 +
 * TOE/20), at most 7.00; the last 0.25; 1/2 or 1/3 of the TOE, at most the
 * finalists. */
static void county_pairs(void **state)
{
    (void)state;
    ebu_gp_in in = {.event = "county-pairs", .format = "final", .field = 20, .toe = 60};
    ebu_gp_spec s;
    assert_true(ebu_gp_spec_of(&in, &s));
    assert_points(s.top, "5.50"); /* 2.50 + 60/20 = 5.50 */
    assert_int_equal(s.count, 20); /* 60/2 = 30 > 20 finalists: all finalists */
    in.toe = 130;                 /* 2.50 + 6.50 = 9.00 -> max 7.00 */
    assert_true(ebu_gp_spec_of(&in, &s));
    assert_points(s.top, "7.00");
    in.toe = 45;                  /* 2.50 + 2.25 = 4.75; (iii) 45/3 = 15 of 20 finalists */
    in.format = "two-session";
    assert_true(ebu_gp_spec_of(&in, &s));
    assert_points(s.top, "4.75");
    assert_int_equal(s.count, 15);
    in.toe = 41;                  /* 2.50 + 2.05 = 4.55 -> 4.75 */
    assert_true(ebu_gp_spec_of(&in, &s));
    assert_points(s.top, "4.75");
    /* One-day, 10 pairs: 2.50 + 0.50 = 3.00, 5 awards; 5.50 earns Gold elsewhere. */
    bmp_awards aw;
    char *j = event_json("\"kind\":\"pairs\",\"status\":\"county\",\"tables\":5,\"params\":{"
                         "\"points\":\"green\",\"green_event\":\"county-pairs\","
                         "\"county_pairs_format\":\"one-day\",\"green_scale\":"
                         "\"3.00,2.00,1.25,0.75,0.25\"}", 10, NULL, NULL);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "3.00");
    assert_points(total_of(&aw, 4), "0.25");
    assert_points(total_of(&aw, 5), "0.00");
    bmp_awards_free(&aw);
}

/* EBU-128: flighted Swiss (6.4.2): A counts A + B/2 tables; A's top never
 * below B's, then A's awards as B's within A's top half. */
static void flighted(void **state)
{
    (void)state;
    ebu_gp_in in = {.event = "flighted-swiss", .section = "A", .teams = true, .tables = 10,
                    .other_tables = 30, .field = 10};
    ebu_gp_spec s;
    /* A: 10 + 15 = 25 tables: 25/24 + 0.50 = 1.54 -> 2.00; (20 + 30)/12 = 4 awards. */
    assert_true(ebu_gp_spec_of(&in, &s));
    assert_points(s.top, "2.00");
    assert_int_equal(s.count, 4);
    assert_false(s.raised);
    /* B = 60: A 10 + 30 = 40 -> 2.17 -> 2.50 < B's 60/24 + 0.50 = 3.00: raised
     * to 3.00 and B's 10 awards, cut to A's top half: 5. */
    in.other_tables = 60;
    assert_true(ebu_gp_spec_of(&in, &s));
    assert_true(s.raised);
    assert_points(s.top, "3.00");
    assert_int_equal(s.count, 5);
    /* B flight itself: its own tables, 60/6 = 10. */
    s = spec("flighted-swiss", "B", true, 60, 60, 60);
    assert_points(s.top, "3.00");
    assert_int_equal(s.count, 10);
}

/* EBU-129: multiple teams (6.4.3): A 50% of qualifiers, at most 1/6 of the
 * original entry, top ceil_0.5(orig/24 + 0.50); B 33.3%, half A's top;
 * Open 0.25 to the winner + 0.25 to the overall winner. */
static void multiple_teams(void **state)
{
    (void)state;
    ebu_gp_spec s = spec("multiple-teams", "A", true, 16, 48, 16);
    assert_points(s.top, "2.50"); /* 48/24 + 0.50 */
    assert_int_equal(s.count, 8); /* min(16/2, 48/6) */
    s = spec("multiple-teams", "A", true, 16, 36, 16);
    assert_int_equal(s.count, 6); /* min(8, 36/6 = 6) */
    s = spec("multiple-teams", "B", true, 16, 48, 16);
    assert_points(s.top, "1.25");
    assert_int_equal(s.count, 5); /* 16/3 */
    s = spec("multiple-teams", "all", true, 36, 36, 36);
    assert_points(s.top, "2.00"); /* 1.50 + 0.50 */
    assert_int_equal(s.count, 6);
    bmp_awards aw;
    char *j = event_json("\"kind\":\"teams\",\"status\":\"county\",\"tables\":8,\"params\":{"
                         "\"points\":\"green\",\"green_event\":\"multiple-teams\","
                         "\"green_section\":\"open\",\"overall_winner\":\"1\"}", 8, NULL, NULL);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "0.50");
    assert_points(total_of(&aw, 1), "0.00");
    bmp_awards_free(&aw);
}

/* EBU-130, EBU-131, EBU-132: multiple pairs (6.4.4 - 6.4.6). */
static void multiple_pairs(void **state)
{
    (void)state;
    ebu_gp_spec s = spec("multiple-pairs", "overall", false, 24, 24, 48);
    assert_points(s.top, "2.00"); /* 1 + 1.00 */
    assert_points(s.min, "1.00");
    assert_int_equal(s.count, 24);
    s = spec("multiple-pairs", "session", false, 24, 24, 48);
    assert_points(s.top, "1.00");
    assert_int_equal(s.count, 16);
    /* 6.4.5, 36 tables: A 1.50 + 2.00 = 3.50 (min 1.00); B 1.75 (0.50); C
     * 0.875 -> 1.00 (0.25); Open with a C: 0.50, else 1.00; qualifier 1.00, half. */
    assert_points(spec("multiple-pairs-finals", "A", false, 10, 36, 20).top, "3.50");
    assert_points(spec("multiple-pairs-finals", "A", false, 10, 36, 20).min, "1.00");
    assert_int_equal(spec("multiple-pairs-finals", "A", false, 10, 36, 20).count, 20);
    assert_points(spec("multiple-pairs-finals", "B", false, 10, 36, 20).top, "1.75");
    assert_points(spec("multiple-pairs-finals", "C", false, 10, 36, 20).top, "1.00");
    assert_points(spec("multiple-pairs-finals", "open", false, 10, 36, 30).top, "1.00");
    assert_int_equal(spec("multiple-pairs-finals", "qualifier", false, 36, 36, 72).count, 36);
    ebu_gp_in in = {.event = "multiple-pairs-finals", .section = "open", .original_tables = 12,
                    .field = 30, .has_c = true};
    assert_true(ebu_gp_spec_of(&in, &s));
    /* 12 tables: A 0.50 + 2 = 2.50, B 1.25, C 0.625 -> 0.75, Open 0.375 -> 0.38 (EG-4). */
    assert_points(s.top, "0.38");
    assert_int_equal(s.count, 10);
    /* 6.4.6, 36 tables: A 1.50 + 2.50 = 4.00 (min 1.50); B 2.00 (0.75); C 1.00 (0.50). */
    s = spec("multiple-pairs-carry", "A", false, 10, 36, 20);
    assert_points(s.top, "4.00");
    assert_points(s.min, "1.50");
    assert_points(spec("multiple-pairs-carry", "B", false, 10, 36, 20).min, "0.75");
    assert_points(spec("multiple-pairs-carry", "C", false, 10, 36, 20).top, "1.00");
    in.event = "multiple-pairs-carry";
    in.section = "qualifier";
    assert_false(ebu_gp_spec_of(&in, &s)); /* 6.4.6 a: no qualifier awards */
    bmp_awards aw;
    char *j = event_json("\"kind\":\"pairs\",\"status\":\"county\",\"tables\":10,\"params\":{"
                         "\"points\":\"green\",\"green_event\":\"multiple-pairs-carry\","
                         "\"green_section\":\"qualifier\"}", 20, NULL, NULL);
    run(j, &aw);
    free(j);
    assert_int_equal(aw.count, 0);
    assert_non_null(strstr(bmp_awards_note_at(&aw, 0), "6.4.6 a"));
    bmp_awards_free(&aw);
}

#define DE_HEAD "{\"body\":\"ebu\",\"name\":\"de\",\"kind\":\"knockout\",\"status\":\"county\"," \
                "\"tables\":16,\"boards_per_match\":24,\"params\":{\"points\":\"green\"," \
                "\"ko_type\":\"double-teams\"},\"contestants\":[{\"id\":\"A\"},{\"id\":\"B\"}," \
                "{\"id\":\"C\"}],\"matches\":["
#define DE_M(r, h, a, p) "{\"round\":" #r ",\"home\":\"" h "\",\"away\":\"" a "\"," \
                         "\"home_score\":60,\"away_score\":40" p "}"

/* EBU-123: double-elimination county teams KO (6.2.4): 6.2.2 less 0.25,
 * column by the teams left; rounds 1 and 2 the minimum 0.25; an undefeated
 * winner's bye next round pays the next round's award (EG-7). */
static void double_elimination(void **state)
{
    (void)state;
    /* 16 teams, row 9-16 of 6.2.2: 0.50, 0.75, 1.25, 2.00 -> 0.25, 0.50,
     * 1.00, 1.75.  A: R1 0.25 + R2 0.25 + R3 (12 left, col 9-16) 0.25 + R4
     * (6 left, QF) 0.50 + R5 (3 left, SF) 1.00 + final (2) 1.75 = 4.00.  B:
     * R1 0.25 + R2 with a bye in round 3 (12 left) 0.25 + R4 (6 left) 0.50 =
     * 1.00.  C beats B in round 5 (3 left): 1.00. */
    const char *j = DE_HEAD DE_M(1, "A", "C", "") "," DE_M(2, "A", "B", "") ","
        DE_M(3, "A", "C", ",\"params\":{\"teams_left\":12}") ","
        DE_M(4, "A", "C", ",\"params\":{\"teams_left\":6}") ","
        DE_M(5, "A", "C", ",\"params\":{\"teams_left\":3}") ","
        DE_M(6, "A", "C", ",\"params\":{\"teams_left\":2}") ","
        DE_M(1, "B", "C", "") "," DE_M(2, "B", "C", ",\"params\":{\"bye_teams_left\":12}") ","
        DE_M(4, "B", "C", ",\"params\":{\"teams_left\":6}") ","
        DE_M(5, "C", "B", ",\"params\":{\"teams_left\":3}") "]}";
    bmp_awards aw;
    run(j, &aw);
    assert_points(total_of(&aw, 0), "4.00");
    assert_points(total_of(&aw, 1), "1.00");
    assert_points(total_of(&aw, 2), "1.00");
    assert_string_equal(aw.items[0].rule, "EBU-123");
    bmp_awards_free(&aw);
    /* Round 3 without teams_left: an error naming the path and the rule. */
    bmp_error e = {0};
    assert_int_equal(run_err(DE_HEAD DE_M(3, "A", "B", "") "]}", &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.matches[0].params.teams_left"));
    assert_non_null(strstr(e.msg, "EBU-123"));
    /* 6.2.1: at least 24 boards. */
    assert_int_equal(run_err(DE_HEAD "{\"round\":1,\"home\":\"A\",\"away\":\"B\",\"boards\":20,"
                             "\"home_score\":1,\"away_score\":0}]}", &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "at least 24 boards (6.2.1)"));
}

#define LD_HEAD(status, bpm) "{\"body\":\"ebu\",\"name\":\"ld\",\"kind\":\"knockout\"," \
    "\"status\":\"" status "\",\"tables\":16,\"boards_per_match\":" #bpm ",\"params\":{" \
    "\"ko_type\":\"double-teams\"},\"contestants\":[{\"id\":\"A\",\"params\":{" \
    "\"late_bye_round\":6}},{\"id\":\"B\"},{\"id\":\"C\"}],\"matches\":["

/* EBU-86, EBU-87, EBU-91: Local double-elimination KO (4.7.7 double row
 * prelim 27, rounds 27 27 27 38 54 76 108 152 at Club, x2 County, 4.7.6), late bye 2/3
 * (4.7.8); round numbers as given (EG-8). */
static void local_double_elimination(void **state)
{
    (void)state;
    /* Prelim 27, rounds 1-8: 27 27 27 38 54 76 108 152.  County (x2), 24
     * boards: A R1 54 + R2 54 + bye in R6 2/3 x 152 = 101.33 + R7 216 + R8
     * 304 = 729.33 -> 730 (rounded up once, 3.4.1).  B: R1 54 + R3 54 + R4
     * 76 + draw R5 108/2 = 54 -> 238.  C: the draw 54. */
    const char *j = LD_HEAD("county", 24) DE_M(1, "A", "C", "") "," DE_M(2, "A", "B", "") ","
        DE_M(7, "A", "B", "") "," DE_M(8, "A", "C", "") "," DE_M(1, "B", "C", "") ","
        DE_M(3, "B", "C", "") "," DE_M(4, "B", "C", "") ","
        "{\"round\":5,\"home\":\"B\",\"away\":\"C\",\"home_score\":10,\"away_score\":10}]}";
    bmp_awards aw;
    run(j, &aw);
    assert_points(total_of(&aw, 0), "730");
    assert_points(total_of(&aw, 1), "238");
    assert_points(total_of(&aw, 2), "54");
    assert_string_equal(aw.items[0].rule, "EBU-91");
    bmp_awards_free(&aw);
    /* Club, 9-board matches: 27 x 9/18 = 13.5 -> 14 (rounded up, 3.4.1);
     * A's bye in round 6: 2/3 x 76 x 9/18 = 25.33 -> 26 (no match won). */
    run(LD_HEAD("club", 9) DE_M(1, "B", "C", "") "]}", &aw);
    assert_points(total_of(&aw, 1), "14");
    assert_points(total_of(&aw, 0), "26");
    bmp_awards_free(&aw);
}

/* EBU-39: handicap events (3.10.1): no awards unless re-scored without the
 * handicap; never re-scored when players qualified by the handicap. */
static void handicap(void **state)
{
    (void)state;
    const char *head = "\"kind\":\"pairs\",\"status\":\"club\",\"boards\":24,\"tables\":7,"
                       "\"params\":{\"handicap\":true%s}";
    char h[256];
    bmp_awards aw;
    snprintf(h, sizeof h, head, "");
    char *j = event_json(h, 14, NULL, NULL);
    run(j, &aw);
    free(j);
    assert_int_equal(aw.count, 0);
    bmp_awards_free(&aw);
    /* Re-scored: a Club 1-winner pairs of 7 tables, 18-35 boards: Scale A
     * row 7 tables, 5 awards, top 30 -- as the event without the flag. */
    snprintf(h, sizeof h, head, ",\"rescored_without_handicap\":true");
    j = event_json(h, 14, NULL, NULL);
    run(j, &aw);
    free(j);
    bmp_points rescored = total_of(&aw, 0);
    assert_points(rescored, "30.00");
    bmp_awards_free(&aw);
    j = event_json("\"kind\":\"pairs\",\"status\":\"club\",\"boards\":24,\"tables\":7", 14,
                   NULL, NULL);
    run(j, &aw);
    free(j);
    assert_true(rescored > 0);
    assert_int_equal(rescored, total_of(&aw, 0));
    bmp_awards_free(&aw);
    snprintf(h, sizeof h, head, ",\"rescored_without_handicap\":true,\"qualified_by_handicap\":true");
    j = event_json(h, 14, NULL, NULL);
    bmp_error e = {0};
    assert_int_equal(run_err(j, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "EBU-39"));
    free(j);
}

/* EBU-62: a later stage in sections not scored across the field (4.2.11):
 * 60 tables qualify into two sections of 15: each has an original entry of
 * 60 x 15/30 = 30 (the handbook's example); 60 x 15/31 = 29.03 -> 29 (EG-10). */
static void sectioned_stage(void **state)
{
    (void)state;
    const char *fmt = "\"kind\":\"pairs\",\"status\":\"club\",\"boards\":24,\"tables\":15,"
                      "\"params\":{\"stage\":\"final\",\"original_tables\":%d%s}";
    char h[256];
    bmp_awards aw, ref;
    snprintf(h, sizeof h, fmt, 60, ",\"stage_tables\":30");
    char *j = event_json(h, 30, NULL, NULL);
    run(j, &aw);
    free(j);
    snprintf(h, sizeof h, fmt, 30, "");
    j = event_json(h, 30, NULL, NULL);
    run(j, &ref);
    free(j);
    /* QA, 30 tables 1-winner, 18-35 boards: top 165 at Club (as original 30). */
    assert_points(total_of(&aw, 0), "165.00");
    for (size_t i = 0; i < 30; i++)
        assert_int_equal(total_of(&aw, i), total_of(&ref, i));
    bool noted = false;
    for (size_t i = 0; i < bmp_awards_note_count(&aw); i++)
        noted |= strstr(bmp_awards_note_at(&aw, i), "original entry 60 x 15/30 = 30") != NULL;
    assert_true(noted);
    bmp_awards_free(&aw);
    bmp_awards_free(&ref);
    snprintf(h, sizeof h, fmt, 60, ",\"stage_tables\":31");
    j = event_json(h, 30, NULL, NULL);
    run(j, &aw);
    free(j);
    noted = false;
    for (size_t i = 0; i < bmp_awards_note_count(&aw); i++)
        noted |= strstr(bmp_awards_note_at(&aw, i), "60 x 15/31 = 29") != NULL;
    assert_true(noted);
    bmp_awards_free(&aw);
    bmp_error e = {0};
    snprintf(h, sizeof h, fmt, 60, ",\"stage_tables\":10");
    j = event_json(h, 30, NULL, NULL);
    assert_int_equal(run_err(j, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "stage_tables"));
    free(j);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(swiss_spec),     cmocka_unit_test(swiss_event),
        cmocka_unit_test(swiss_refusals), cmocka_unit_test(congress),
        cmocka_unit_test(county_pairs),   cmocka_unit_test(flighted),
        cmocka_unit_test(multiple_teams), cmocka_unit_test(multiple_pairs),
        cmocka_unit_test(double_elimination), cmocka_unit_test(local_double_elimination),
        cmocka_unit_test(handicap), cmocka_unit_test(sectioned_stage),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
