/* ABF award rules on small events: movements, field sizes, sessions,
 * matches, team sizes, eligibility, ties and factors (sections 4.x). */
#include "abf_test_util.h"

/* ABF-2 (1.5.1, 2.1): the grade decides the weights; bridgemp requires it
 * and names $.grade when it is missing or unknown. */
static void grade_required(void **state)
{
    (void)state;
    bmp_error e = abf_run_error("{'body':'abf','name':'x','kind':'pairs','sessions':1,"
                                "'contestants':[{'id':'1','place':1}]}", BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.grade: missing required field"));
    e = abf_run_error("{'body':'abf','name':'x','kind':'pairs','grade':'Z','sessions':1,"
                      "'contestants':[{'id':'1','place':1}]}", BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.grade: unknown ABF grade \"Z\""));
    e = abf_run_error("{'body':'abf','name':'x','kind':'pairs','grade':'E','sessions':1,"
                      "'params':{'route':'guess'},'contestants':[{'id':'1','place':1}]}", BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.params.route"));
}

/* ABF-8 (4.2.1, App. A): an Individual's session winner gets the Howell
 * award for the tables: 3 tables grade E: 0.04 x 1.5 x 3 = 0.18; 12
 * players pay 6 places (6th = 0.18/5 = 0.036 -> 0.04; 7th nothing). */
static void individual(void **state)
{
    (void)state;
    char json[2048] = "{'body':'abf','name':'x','kind':'individual','grade':'E','sessions':1,"
                      "'contestants':[";
    for (int i = 1; i <= 12; i++) {
        char one[64];
        snprintf(one, sizeof one, "%s{'id':'%d','place':%d}", i > 1 ? "," : "", i, i);
        strcat(json, one);
    }
    strcat(json, "]}");
    run r = abf_run(json);
    assert_points(abf_pts(&r, "1", "session", 0), "0.18");
    assert_points(abf_pts(&r, "6", "session", 0), "0.04");
    assert_points(abf_pts(&r, "7", "session", 0), "0.00");
    abf_free(&r);
}

/* ABF-14 (4.4.3): a Mitchell needs 4 tables (3 tables: no award); a Howell
 * 2 full tables (2 tables grade E: 0.04 x 1.5 x 2 = 0.12); teams session
 * awards are made even with 2 teams. */
static void minimum_size(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'E','sessions':1,'tables':3,"
                    "'contestants':[{'id':'1','rankings':[{'session':1,'direction':'NS','place':1}]}]}");
    assert_int_equal(r.aw.count, 0);
    abf_free(&r);
    r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'E','sessions':1,'tables':2,"
                "'contestants':[{'id':'1','place':1},{'id':'2','place':2}]}");
    assert_points(abf_pts(&r, "1", "session", 0), "0.12");
    abf_free(&r);
    r = abf_run("{'body':'abf','name':'x','kind':'teams','grade':'E','sessions':1,"
                "'contestants':[{'id':'A'},{'id':'B'}],"
                "'matches':[{'home':'A','away':'B','home_score':30,'away_score':0,'boards':10}]}");
    assert_points(abf_pts(&r, "A", "match", 0), "0.08");
    abf_free(&r);
}

/* ABF-15 (4.4.7, AMB-24): an 18-board session is factored 18/24: Howell
 * T=7 grade E 0.42 x 0.75 = 0.315 -> 0.32; under 12 boards no award.
 * ABF-38: grade F needs only 15 boards (F Howell T=7: 0.04 x 0.75 x 7 =
 * 0.21 in full). */
static void short_sessions(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'E','sessions':1,'tables':7,"
                    "'boards':18,'contestants':[{'id':'1','place':1}]}");
    assert_points(abf_pts(&r, "1", "session", 0), "0.32");
    abf_free(&r);
    r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'E','sessions':1,'tables':7,"
                "'boards':11,'contestants':[{'id':'1','place':1}]}");
    assert_int_equal(r.aw.count, 0);
    abf_free(&r);
    r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'F','sessions':1,'tables':7,"
                "'boards':15,'contestants':[{'id':'1','place':1}]}");
    assert_points(abf_pts(&r, "1", "session", 0), "0.21");
    abf_free(&r);
    /* ABF-38: outright S for F counts 15-board sessions: 3 x 15 = 45 ->
     * S = 3 (not 45/24 = 1); F pairs outright 3B T=7 S=3 x 0.5:
     * formula W = 0.75. */
    r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'F','sessions':3,'tables':7,"
                "'boards':15,'contestants':[{'id':'1','place':1}]}");
    assert_true(abf_has_note(&r, "S = 3,"));
    abf_free(&r);
}

/* ABF-16 (4.4.4): a player who played under 75 % of the boards gets no
 * session award; the partner does.  ABF-42 (4.4.5): under 40 % no outright
 * award (B.2 P5: 0.55 session + 0.50 outright). */
static void participation(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'E','sessions':1,'tables':7,"
                    "'contestants':[{'id':'1','place':1,'players':[{'name':'a'},"
                    "{'name':'b','participation':0.7}]}]}");
    assert_points(abf_pts(&r, "1", "session", 0), "0.42");
    assert_points(abf_pts(&r, "1", "session", 1), "0.00");
    abf_free(&r);
    r = abf_run("{'body':'abf','name':'x','kind':'teams','grade':'D','sessions':3,'tables':6,"
                "'params':{'outright_sessions':3},'contestants':[{'id':'A','place':1,'players':["
                "{'name':'a'},{'name':'b'},{'name':'c'},{'name':'d','participation':0.35}]},"
                "{'id':'B','place':2}]}");
    /* Table 3B T=6 S=3 = 0.71 to three players; the fourth nothing. */
    assert_points(abf_pts(&r, "A", "outright", 0), "0.71");
    assert_points(abf_pts(&r, "A", "outright", 3), "0.00");
    assert_true(abf_has_note(&r, "played 35% < 40%"));
    abf_free(&r);
}

/* ABF-20 (4.2.3): every row of the grade E match table: award 0.008 x
 * boards and the printed margin for a win (> 0.2 IMP per board). */
static void match_table(void **state)
{
    (void)state;
    bmp_csv csv;
    bmp_csv_load(&csv, "abf/match_awards_gradeE.csv");
    const abf_grade *e = abf_grade_find("E");
    for (size_t r = 1; r < csv.nrows; r++) {
        int b = atoi(bmp_csv_get(&csv, r, 0));
        double award = atof(bmp_csv_get(&csv, r, 1));
        assert_int_equal(abf_rate_per_board_e5(e) * b, (int64_t)(award * 100000 + 0.5));
        double lim = atof(bmp_csv_get(&csv, r, 3)); /* margin must exceed this */
        /* a whole-IMP margin equal to the limit (or just below it) is shared;
         * the next whole IMP above wins. */
        int at = (int)lim;
        assert_int_equal(abf_match_outcome(at, 0, b), -1);
        assert_int_equal(abf_match_outcome(at + 1, 0, b), 1);
        assert_int_equal(abf_match_outcome(0, at + 1, b), 0);
    }
    bmp_csv_free(&csv);
    /* 14 boards: 2.8 IMP is a draw, 3 a win (B.1.1). */
    assert_int_equal(abf_match_outcome(2.8, 0, 14), -1);
    assert_int_equal(abf_match_outcome(3, 0, 14), 1);
    /* NOTE (i): VP only: shared when equal. */
    run r = abf_run("{'body':'abf','name':'x','kind':'teams','grade':'E','sessions':1,"
                    "'params':{'scores':'vp'},'contestants':[{'id':'A'},{'id':'B'}],"
                    "'matches':[{'home':'A','away':'B','home_score':10,'away_score':10,'boards':10}]}");
    assert_points(abf_pts(&r, "A", "match", 0), "0.04");
    assert_points(abf_pts(&r, "B", "match", 0), "0.04");
    abf_free(&r);
}

/* ABF-21 (4.2.3): matchpoint pairs matches share when the winner scores
 * 52.5 % or less. */
static void matchpoint_matches(void **state)
{
    (void)state;
    assert_true(abf_mp_match_shared(52.5));
    assert_false(abf_mp_match_shared(52.51));
}

/* ABF-22 (4.2.3 NOTE iii): a single-round triangle with half-matches of 4
 * boards: half the masterpoints of a normal win: 0.008 x 4 / 2 = 0.016 ->
 * 0.02 (ruling ABF-R9). */
static void triangle(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'teams','grade':'E','sessions':1,"
                    "'contestants':[{'id':'A'},{'id':'B'}],'matches':[{'home':'A','away':'B',"
                    "'home_score':9,'away_score':0,'boards':4,'params':{'triangle':true}}]}");
    assert_points(abf_pts(&r, "A", "match", 0), "0.02");
    abf_free(&r);
}

/* ABF-24 (4.2.3): Butler pairs with matches under 5 boards use the 4.2.1
 * tables (pairs weight) to the top third: 6 tables (12 pairs) grade E
 * Howell, session 1 of 2 (placing awards need two or more sessions):
 * 0.04 x 1.5 x 6 = 0.36; 4 places; 5th nothing. */
static void butler_short(void **state)
{
    (void)state;
    char json[4096] = "{'body':'abf','name':'x','kind':'butler','grade':'E','sessions':2,"
                      "'tables':6,'contestants':[";
    for (int i = 1; i <= 12; i++) {
        char one[96];
        snprintf(one, sizeof one, "%s{'id':'%d','rankings':[{'session':1,'place':%d}]}",
                 i > 1 ? "," : "", i, i);
        strcat(json, one);
    }
    strcat(json, "]}");
    run r = abf_run(json);
    assert_points(abf_pts(&r, "1", "session", 0), "0.36");
    assert_points(abf_pts(&r, "4", "session", 0), "0.12");
    assert_points(abf_pts(&r, "5", "session", 0), "0.00");
    abf_free(&r);
}

/* ABF-25 (4.2.4): finalists playing last rounds apart get + 50 %: grade E
 * 10-board final match: 0.08 x 1.5 = 0.12. */
static void last_rounds_premium(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'teams','grade':'E','sessions':1,"
                    "'contestants':[{'id':'A'},{'id':'B'}],'matches':[{'home':'A','away':'B',"
                    "'home_score':9,'away_score':0,'boards':10,'stage':'final'}]}");
    assert_points(abf_pts(&r, "A", "final-match", 0), "0.12");
    abf_free(&r);
}

/* ABF-26 (4.2.4): a round robin of 5 teams with a bye each (5 rounds, 4
 * matches of 24 boards each): S from the most boards played, 96/24 = 4,
 * not 5 rounds.  Grade E teams: Table 3A T=5 S=4 = 0.56 (2nd 0.7 x
 * 0.55911 = 0.391 -> 0.39); top third of 5 = 2 places. */
static void round_robin_byes(void **state)
{
    (void)state;
    char json[4096] = "{'body':'abf','name':'x','kind':'round-robin','grade':'E','sessions':5,"
                      "'contestants':[{'id':'1','place':1},{'id':'2','place':2},{'id':'3','place':3},"
                      "{'id':'4','place':4},{'id':'5','place':5}],'matches':[";
    int first = 1;
    for (int a = 1; a <= 5; a++)
        for (int b = a + 1; b <= 5; b++) {
            char one[128];
            snprintf(one, sizeof one, "%s{'home':'%d','away':'%d','winner':'%d','boards':24}",
                     first ? "" : ",", a, b, a);
            strcat(json, one);
            first = 0;
        }
    strcat(json, "]}");
    run r = abf_run(json);
    assert_points(abf_pts(&r, "1", "outright", 0), "0.56");
    assert_points(abf_pts(&r, "2", "outright", 0), "0.39");
    assert_points(abf_pts(&r, "3", "outright", 0), "0.00");
    /* team 1 won 4 x 24-board matches: 4 x 0.192 = 0.768 -> 0.77 */
    assert_points(abf_pts(&r, "1", "match", 0), "0.77");
    abf_free(&r);
}

/* ABF-27 (4.1.2): teams of 5 get 4/5 each, of 6 2/3 each; a non-playing
 * captain neither counts nor scores.  Grade E 10-board win 0.08: team of 5
 * 0.064 -> 0.06; of 6 0.0533 -> 0.05; 4 players + npc 0.08. */
static void team_sizes(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'teams','grade':'E','sessions':1,"
                    "'contestants':[{'id':'A','players':[{'name':'1'},{'name':'2'},{'name':'3'},"
                    "{'name':'4'},{'name':'5'}]},"
                    "{'id':'B','players':[{'name':'1'},{'name':'2'},{'name':'3'},{'name':'4'},"
                    "{'name':'5'},{'name':'6'}]},"
                    "{'id':'C','players':[{'name':'1'},{'name':'2'},{'name':'3'},{'name':'4'},"
                    "{'name':'capt','params':{'npc':true}}]},{'id':'D'}],"
                    "'matches':[{'home':'A','away':'D','home_score':9,'away_score':0,'boards':10},"
                    "{'home':'B','away':'D','home_score':9,'away_score':0,'boards':10},"
                    "{'home':'C','away':'D','home_score':9,'away_score':0,'boards':10}]}");
    assert_points(abf_pts(&r, "A", "match", 0), "0.06");
    assert_points(abf_pts(&r, "B", "match", 0), "0.05");
    assert_points(abf_pts(&r, "C", "match", 0), "0.08");
    assert_points(abf_pts(&r, "C", "match", 4), "0.00");
    abf_free(&r);
}

/* ABF-17 / ABF-29: a single session has no outright award; a 2-session
 * event adds the outright award to the session awards (B.2 above). */
static void outright_only_multi_session(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'E','sessions':1,'tables':7,"
                    "'contestants':[{'id':'1','place':1}]}");
    assert_null(abf_find(&r, "1", "outright"));
    abf_free(&r);
    r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'E','sessions':2,'tables':7,"
                "'contestants':[{'id':'1','place':1}]}");
    assert_points(abf_pts(&r, "1", "outright", 0), "0.50");
    abf_free(&r);
}

/* ABF-30 (4.4.1): a half table counts as a whole: 6.5 tables -> T = 7,
 * grade E 2 sessions: Table 3B T=7 S=2 = 0.50 (T=6 would give 0.44). */
static void outright_half_table(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'E','sessions':2,"
                    "'tables':6.5,'contestants':[{'id':'1','place':1}]}");
    assert_points(abf_pts(&r, "1", "outright", 0), "0.50");
    abf_free(&r);
}

/* ABF-33 (4.3.2): walk-in events: T = min(average attendance, 1.25 x
 * qualified tables): min(12, 1.25 x 8 = 10) = 10; S = minimum sessions to
 * qualify (given). Grade E, S = 3: Table 3B T=10 S=3 = 1.13 (printed). */
static void walk_in(void **state)
{
    (void)state;
    assert_true(abf_walkin_tables(12, 8) == 10.0);
    assert_true(abf_walkin_tables(9, 8) == 9.0);
    char json[2048] = "{'body':'abf','name':'x','kind':'pairs','grade':'E','sessions':4,"
                      "'params':{'walk_in_average':12,'walk_in_qualified':8,'outright_sessions':3,"
                      "'field':16},'contestants':[";
    for (int i = 1; i <= 9; i++) {
        char one[64];
        snprintf(one, sizeof one, "%s{'id':'%d','place':%d}", i > 1 ? "," : "", i, i);
        strcat(json, one);
    }
    strcat(json, "]}");
    run r = abf_run(json);
    assert_points(abf_pts(&r, "1", "outright", 0), "1.13");
    /* half the eligible field of 16 = 8 places: 9th nothing */
    /* 8th: 1.12730 / 7 = 0.1610 -> 0.16 (unrounded winner, ABF-10) */
    assert_points(abf_pts(&r, "8", "outright", 0), "0.16");
    assert_points(abf_pts(&r, "9", "outright", 0), "0.00");
    abf_free(&r);
}

/* ABF-36 (4.3.4): winners of separate fields each get an outright award on
 * their own field: grade E pairs, 2 sessions, fields of 10 and 6 tables:
 * Table 3B T=10 S=2 and T=6 S=2. */
static void separate_fields(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'E','sessions':2,'tables':16,"
                    "'groups':[{'name':'N','type':'field','tables':10},{'name':'S','type':'field','tables':6}],"
                    "'contestants':[{'id':'n1','group':'N','place':1},{'id':'s1','group':'S','place':1}]}");
    /* printed: Table 3B T=10 S=2 0.69, T=6 S=2 0.44 */
    assert_points(abf_pts(&r, "n1", "outright", 0), "0.69");
    assert_points(abf_pts(&r, "s1", "outright", 0), "0.44");
    abf_free(&r);
}

/* ABF-37 (App. A "Singles"): partnerships >= ceil(min sessions / 3): best
 * 4 scores -> 2; 3 -> 1; 7 -> 3.  A singles player with 1 partnership in a
 * best-4 event gets no outright award; Singles count as Pairs (4.3.1). */
static void singles(void **state)
{
    (void)state;
    assert_int_equal(abf_singles_min_partnerships(4), 2);
    assert_int_equal(abf_singles_min_partnerships(3), 1);
    assert_int_equal(abf_singles_min_partnerships(7), 3);
    run r = abf_run("{'body':'abf','name':'x','kind':'teams','grade':'E','sessions':4,'tables':8,"
                    "'params':{'singles':true,'qualifying_sessions':4},'contestants':["
                    "{'id':'1','place':1,'params':{'partnerships':1}},"
                    "{'id':'2','place':2,'params':{'partnerships':2}}]}");
    assert_points(abf_pts(&r, "1", "outright", 0), "0.00");
    /* pairs weight 1.5 (Table 3B T=8 S=4 = 1.29; 2nd 0.7 x 1.28728 = 0.90) */
    assert_points(abf_pts(&r, "2", "outright", 0), "0.90");
    abf_free(&r);
}

/* ABF-39 (4.3.1, 7.5.2): amplified tables for the outright award only:
 * National Play-off of 4 teams: T = 12; places = top third of 12 = all 4;
 * S = 4: F(12, 4) at W = 10 = 4.2 x 10 x (1 - e^(-36/105) + 0.65 e^(-800/36))
 * = 12.1909 -> 12.19. */
static void amplification(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'knockout','grade':'A','sessions':4,"
                    "'tables':4,'params':{'national_event':'playoff','outright_sessions':4},"
                    "'contestants':[{'id':'1','place':1},{'id':'2','place':2},{'id':'3','place':3},"
                    "{'id':'4','place':4}]}");
    assert_points(abf_pts(&r, "1", "outright", 0), "12.19");
    /* 4th: 12.19094 / 3 = 4.0636 -> 4.06 */
    assert_points(abf_pts(&r, "4", "outright", 0), "4.06");
    assert_true(abf_has_note(&r, "T = 12 (amplified"));
    abf_free(&r);
}

/* ABF-41 (4.4.6 NOTE): a tie is a difference under 0.1 of the scoring
 * unit (matchpoints: 0.05 ties, 0.1 does not) or under 0.01 VP. */
static void tie_tolerance(void **state)
{
    (void)state;
    assert_true(abf_scores_tied(100.05, 100.0, 1.0, false));
    assert_false(abf_scores_tied(100.1, 100.0, 1.0, false));
    assert_true(abf_scores_tied(15.005, 15.0, 1.0, true));
    assert_false(abf_scores_tied(15.01, 15.0, 1.0, true));
}

/* ABF-43 (4.4.5 NOTE): a National teams final member under 40 % with half
 * the Playoff Qualifying Points gets half of 2.40; the 1.20 lost is shared
 * by the 3 eligible mates: 2.40 + 0.40 = 2.80 each. */
static void pqp_share(void **state)
{
    (void)state;
    double shares[4] = {1, 1, 1, 0.5};
    bmp_points out[4];
    abf_pqp_split(240, shares, 4, BMP_ROUND_HALF_UP, out);
    assert_points(out[0], "2.80");
    assert_points(out[3], "1.20");
    run r = abf_run("{'body':'abf','name':'x','kind':'knockout','grade':'A','sessions':1,"
                    "'params':{'national_event':'playoff'},'contestants':[{'id':'A','players':["
                    "{'name':'a'},{'name':'b'},{'name':'c'},{'name':'d','participation':0.3,"
                    "'params':{'pqp_share':0.5}}]},{'id':'B'}],'matches':[{'home':'A','away':'B',"
                    "'home_score':50,'away_score':0,'boards':20,'stage':'final'}]}");
    assert_points(abf_pts(&r, "A", "final-match", 0), "2.80");
    assert_points(abf_pts(&r, "A", "final-match", 3), "1.20");
    abf_free(&r);
}

/* ABF-44 (4.4.8): handicap events get no masterpoints unless awarded on
 * the pre-handicap scores. */
static void handicap(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'E','sessions':1,'tables':7,"
                    "'params':{'handicap':true},'contestants':[{'id':'1','place':1}]}");
    assert_int_equal(r.aw.count, 0);
    assert_true(abf_has_note(&r, "handicap event: no masterpoints"));
    abf_free(&r);
    r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'E','sessions':1,'tables':7,"
                "'params':{'handicap':true,'pre_handicap_scores':true},"
                "'contestants':[{'id':'1','place':1}]}");
    assert_points(abf_pts(&r, "1", "session", 0), "0.42");
    abf_free(&r);
}

/* ABF-46 (4.2.5): a final may hold max(1/4 entry, 9) tables; larger finals
 * scale the 1.5 premium by allowed/actual, never below 1.0:
 * entry 60 (limit 15), final 20: 1.5 x 15/20 = 1.125; entry 40 (limit
 * 10), final 20: 0.75 -> 1.0; entry 30, final 9: 1.5. */
static void final_limit(void **state)
{
    (void)state;
    int64_t n, d;
    abf_final_premium(20, 60, &n, &d);
    assert_int_equal(n * 1000, 1125 * d);
    abf_final_premium(20, 40, &n, &d);
    assert_int_equal(n, d);
    abf_final_premium(9, 30, &n, &d);
    assert_int_equal(n * 2, 3 * d);
}

/* ABF-47 (4.2.5): consolation factors: 3+ graded 0.75/0.60/0.45/0.30; the
 * floor 1/W: B4 0.40, B5 0.50 ("the lowest possible factor"); ungraded 2:
 * (0.60 + 0.45)/2 = 0.525; green events use grade E awards: D pairs
 * 1.5/2.0 = 0.75 of the D award. */
static void consolation_factors(void **state)
{
    (void)state;
    int64_t n, d;
    const abf_grade *b4 = abf_grade_find("B4"), *b5 = abf_grade_find("B5"),
                    *a = abf_grade_find("A"), *dd = abf_grade_find("D");
    abf_consolation_session_factor(a, 1, 4, true, false, &n, &d, NULL);
    assert_int_equal(n * 100, 75 * d);
    abf_consolation_session_factor(a, 4, 4, true, false, &n, &d, NULL);
    assert_int_equal(n * 100, 30 * d);
    abf_consolation_session_factor(b4, 4, 4, true, false, &n, &d, NULL);
    assert_int_equal(n * 100, 40 * d);
    abf_consolation_session_factor(b5, 4, 4, true, false, &n, &d, NULL);
    assert_int_equal(n * 100, 50 * d);
    abf_consolation_session_factor(a, 1, 2, false, false, &n, &d, NULL);
    assert_int_equal(n * 1000, 525 * d);
    abf_consolation_session_factor(dd, 1, 1, true, false, &n, &d, NULL);
    assert_int_equal(n * 100, 75 * d);
    /* grade F is not a 4.2.5 green grade: factor 1 */
    abf_consolation_session_factor(abf_grade_find("F"), 1, 1, true, false, &n, &d, NULL);
    assert_int_equal(n, d);
    bmp_error e = {0};
    assert_int_equal(abf_consolation_session_factor(a, 3, 2, true, false, &n, &d, &e), BMP_EINVAL);
}

/* ABF-49 (4.4.10): x0.75 for age/gender-restricted events at grades A, A2
 * and B: grade B women's pairs Howell T=7: 0.04 x 5 x 7 x 0.75 = 1.05; a
 * B4 women's event keeps 0.04 x 2.5 x 7 = 0.70. */
static void restriction_factor(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'B','sessions':1,'tables':7,"
                    "'restrictions':['women'],'contestants':[{'id':'1','place':1}]}");
    assert_points(abf_pts(&r, "1", "session", 0), "1.05");
    abf_free(&r);
    r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'B4','sessions':1,'tables':7,"
                "'restrictions':['women'],'contestants':[{'id':'1','place':1}]}");
    assert_points(abf_pts(&r, "1", "session", 0), "0.70");
    abf_free(&r);
}

/* ABF-50 (6.2.2): "+" State Championships get 75 % of the grade B award:
 * 1.40 x 0.75 = 1.05; only for grade B. */
static void reduced_championship(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'B','sessions':1,'tables':7,"
                    "'params':{'reduced_championship':true},'contestants':[{'id':'1','place':1}]}");
    assert_points(abf_pts(&r, "1", "session", 0), "1.05");
    abf_free(&r);
    bmp_error e = abf_run_error("{'body':'abf','name':'x','kind':'pairs','grade':'B4','sessions':1,"
                                "'params':{'reduced_championship':true},"
                                "'contestants':[{'id':'1','place':1}]}", BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.params.reduced_championship"));
}

/* ABF-48 (4.4.9) in an event: a grade B4 master event for Local masters
 * (0.65): Howell T=7: 0.04 x 2.5 x 7 x 0.65 = 0.455 -> 0.46. */
static void master_event(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'B4','sessions':1,'tables':7,"
                    "'params':{'master_rank':'Local'},'contestants':[{'id':'1','place':1}]}");
    assert_points(abf_pts(&r, "1", "session", 0), "0.46");
    abf_free(&r);
    r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'B4','sessions':1,'tables':7,"
                "'params':{'master_factor':0.8},'contestants':[{'id':'1','place':1}]}");
    /* 0.70 x 0.8 = 0.56 */
    assert_points(abf_pts(&r, "1", "session", 0), "0.56");
    abf_free(&r);
}

/* ABF-3/ABF-4 (3.1.3, AMB-2) in an event: grade D pairs Mitchell T=4,
 * 2nd place: formula with W = 2: 0.112 -> 0.11 (default); table x factor:
 * Table 1A 0.06 x 2 = 0.12. */
static void routes(void **state)
{
    (void)state;
    const char *ev = "{'body':'abf','name':'x','kind':'pairs','grade':'D','sessions':1,"
                     "'tables':4,'params':{'route':'%s'},'contestants':[{'id':'1','rankings':"
                     "[{'session':1,'direction':'NS','place':2}]},{'id':'2','rankings':"
                     "[{'session':1,'direction':'NS','place':1}]}]}";
    char buf[512];
    snprintf(buf, sizeof buf, ev, "formula");
    run r = abf_run(buf);
    assert_points(abf_pts(&r, "1", "session", 0), "0.11");
    abf_free(&r);
    snprintf(buf, sizeof buf, ev, "table");
    r = abf_run(buf);
    assert_points(abf_pts(&r, "1", "session", 0), "0.12");
    abf_free(&r);
}

/* Bad input names the path and what was expected; an unimplemented case
 * answers "not supported" with the rule (ABF-23: matches under 5 boards
 * given as matches). */
static void bad_inputs(void **state)
{
    (void)state;
    bmp_error e = abf_run_error("{'body':'abf','name':'x','kind':'teams','grade':'A','sessions':1,"
                                "'params':{'national_event':'world-cup'},'contestants':[{'id':'1'}]}",
                                BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.params.national_event: unknown national event"));
    e = abf_run_error("{'body':'abf','name':'x','kind':'pairs','grade':'B','sessions':1,"
                      "'params':{'master_field':'Life=3'},'contestants':[{'id':'1','place':1}]}",
                      BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.params.master_field: "));
    assert_non_null(strstr(e.msg, "expected Rank:count"));
    e = abf_run_error("{'body':'abf','name':'x','kind':'pairs','grade':'B4','sessions':2,"
                      "'params':{'congress':'state','congress_event':'raffle'},"
                      "'contestants':[{'id':'1','place':1}]}", BMP_EINVAL);
    assert_non_null(strstr(e.msg, "unknown congress event role \"raffle\""));
    e = abf_run_error("{'body':'abf','name':'x','kind':'teams','grade':'E','sessions':1,"
                      "'contestants':[{'id':'A'},{'id':'B'}],"
                      "'matches':[{'home':'A','away':'B','home_score':3,'away_score':0}]}", BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.matches[0]: a match needs \"boards\""));
    e = abf_run_error("{'body':'abf','name':'x','kind':'teams','grade':'E','sessions':1,"
                      "'contestants':[{'id':'A'},{'id':'B'}],"
                      "'matches':[{'home':'A','away':'B','home_score':3,'away_score':0,'boards':4}]}",
                      BMP_ENOTSUP);
    assert_non_null(strstr(e.msg, "not supported: match awards for matches under 5 boards (ABF-23, §4.2.3)"));
    e = abf_run_error("{'body':'abf','name':'x','kind':'teams','grade':'E','sessions':1,"
                      "'contestants':[{'id':'A'},{'id':'B'}],"
                      "'matches':[{'home':'A','away':'B','boards':8}]}", BMP_EINVAL);
    assert_non_null(strstr(e.msg, "\"winner\" for its award"));
    e = abf_run_error("{'body':'abf','name':'x','kind':'pairs','grade':'E','sessions':1,'tables':5,"
                      "'movement':'two-winner','contestants':[{'id':'1','place':1}]}", BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.contestants[0].place: contestant \"1\""));
    assert_non_null(strstr(e.msg, "needs \"direction\""));
    e = abf_run_error("{'body':'abf','name':'x','kind':'pairs','grade':'E','sessions':1,"
                      "'params':{'rounding':'up'},'contestants':[{'id':'1','place':1}]}", BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.params.rounding"));
    e = abf_run_error("{'body':'abf','name':'x','kind':'pairs','grade':'E','sessions':1,"
                      "'params':{'master_factor':7},'contestants':[{'id':'1','place':1}]}", BMP_ERANGE);
    assert_non_null(strstr(e.msg, "$.params.master_factor"));
    e = abf_run_error("{'body':'abf','name':'x','kind':'pairs','grade':'E','sessions':2,"
                      "'params':{'amplification':0.5},'contestants':[{'id':'1','place':1}]}",
                      BMP_ERANGE);
    assert_non_null(strstr(e.msg, "$.params.amplification"));
    e = abf_run_error("{'body':'abf','name':'x','kind':'pairs','grade':'E','sessions':2,"
                      "'params':{'acceleration':1.5},'contestants':[{'id':'1','place':1}]}",
                      BMP_ERANGE);
    assert_non_null(strstr(e.msg, "$.params.acceleration"));
    /* a misspelt or mistyped param is an error, never ignored */
    e = abf_run_error("{'body':'abf','name':'x','kind':'pairs','grade':'E','sessions':2,"
                      "'params':{'acceleraton':1},'contestants':[{'id':'1','place':1}]}",
                      BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.params.acceleraton: unknown ABF param"));
    e = abf_run_error("{'body':'abf','name':'x','kind':'pairs','grade':'E','sessions':2,"
                      "'params':{'outright_tables':'20'},'contestants':[{'id':'1','place':1}]}",
                      BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.params.outright_tables: expected a number"));
    e = abf_run_error("{'body':'abf','name':'x','kind':'pairs','grade':'E','sessions':2,"
                      "'contestants':[{'id':'1','place':1,'players':[{'name':'a','params':"
                      "{'npc':1}}]}]}", BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.contestants[0].players[0].params.npc: expected true or false"));
}

/* Degenerate fields compute nothing and do not fail: an empty 2-session
 * event; a phantom pair is never awarded (ABF-11 counts real pairs). */
static void degenerate(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'E','sessions':2,"
                    "'contestants':[]}");
    assert_int_equal(r.aw.count, 0);
    abf_free(&r);
    r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'E','sessions':1,'tables':7,"
                "'contestants':[{'id':'1','phantom':true},{'id':'2','place':1},{'id':'3','place':2}]}");
    assert_null(abf_find(&r, "1", "session"));
    /* 2nd: 0.7 x 0.42 = 0.294 -> 0.29 */
    assert_points(abf_pts(&r, "3", "session", 0), "0.29");
    abf_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(grade_required),     cmocka_unit_test(individual),
        cmocka_unit_test(minimum_size),       cmocka_unit_test(short_sessions),
        cmocka_unit_test(participation),      cmocka_unit_test(match_table),
        cmocka_unit_test(matchpoint_matches), cmocka_unit_test(triangle),
        cmocka_unit_test(butler_short),       cmocka_unit_test(last_rounds_premium),
        cmocka_unit_test(round_robin_byes),   cmocka_unit_test(team_sizes),
        cmocka_unit_test(outright_only_multi_session),
        cmocka_unit_test(outright_half_table),
        cmocka_unit_test(walk_in),            cmocka_unit_test(separate_fields),
        cmocka_unit_test(singles),            cmocka_unit_test(amplification),
        cmocka_unit_test(tie_tolerance),      cmocka_unit_test(pqp_share),
        cmocka_unit_test(handicap),           cmocka_unit_test(final_limit),
        cmocka_unit_test(consolation_factors), cmocka_unit_test(restriction_factor),
        cmocka_unit_test(reduced_championship), cmocka_unit_test(master_event),
        cmocka_unit_test(routes),             cmocka_unit_test(bad_inputs),
        cmocka_unit_test(degenerate),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
