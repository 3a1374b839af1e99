/* ABF audit: edge cases the regulation states explicitly, each checked
 * against the regulation text (abf-2025.txt) with the arithmetic shown. */
#include "abf_test_util.h"

/* A grade E single-session Howell of `pairs` pairs (tables = pairs / 2),
 * places 1..placed given. */
static run howell(int pairs, int placed, const char *extra)
{
    char json[4096];
    snprintf(json, sizeof json,
             "{'body':'abf','name':'x','kind':'pairs','grade':'E','sessions':1,"
             "'movement':'one-winner','tables':%g%s,'contestants':[",
             pairs / 2.0, extra ? extra : "");
    for (int i = 1; i <= pairs; i++) {
        char one[64];
        if (i <= placed)
            snprintf(one, sizeof one, "%s{'id':'%d','place':%d}", i > 1 ? "," : "", i, i);
        else
            snprintf(one, sizeof one, "%s{'id':'%d'}", i > 1 ? "," : "", i);
        strcat(json, one);
    }
    strcat(json, "]}");
    return abf_run(json);
}

/* ABF-11 (4.1.1): "Placing awards in all Individual and Duplicate events are
 * made to the top half of the field, rounding down".  A 7.5-table Howell
 * is a field of 15 pairs: 15 / 2 = 7.5 -> 7 places.  4.4.1: the award
 * itself uses T = 8 (half table counted as a full table): grade E winner
 * 0.04 x 1.5 x 8 = 0.48; 7th 0.48 / 6 = 0.08; 8th nothing (the engine paid
 * 8 places before the audit).  A 16-pair Howell pays 8: 8th 0.48 / 7 =
 * 0.0686 -> 0.07. */
static void howell_half_table_places(void **state)
{
    (void)state;
    run r = howell(15, 8, NULL);
    assert_points(abf_pts(&r, "1", "session", 0), "0.48");
    assert_points(abf_pts(&r, "7", "session", 0), "0.08");
    assert_points(abf_pts(&r, "8", "session", 0), "0.00");
    abf_free(&r);
    r = howell(16, 8, NULL);
    assert_points(abf_pts(&r, "8", "session", 0), "0.07");
    abf_free(&r);
}

/* ABF-11 (4.1.1) for an Individual: 4.5 tables hold 18 players: the top
 * half is 9 places (the rounded T = 5 would give 10).  Howell award for
 * T = 5 (4.2.1): 0.04 x 1.5 x 5 = 0.30; 9th 0.30 / 8 = 0.0375 -> 0.04;
 * 10th nothing. */
static void individual_half_table_places(void **state)
{
    (void)state;
    char json[4096] = "{'body':'abf','name':'x','kind':'individual','grade':'E','sessions':1,"
                      "'tables':4.5,'contestants':[";
    for (int i = 1; i <= 18; i++) {
        char one[64];
        snprintf(one, sizeof one, "%s{'id':'%d','place':%d}", i > 1 ? "," : "", i, i);
        strcat(json, one);
    }
    strcat(json, "]}");
    run r = abf_run(json);
    assert_points(abf_pts(&r, "1", "session", 0), "0.30");
    assert_points(abf_pts(&r, "9", "session", 0), "0.04");
    assert_points(abf_pts(&r, "10", "session", 0), "0.00");
    abf_free(&r);
}

/* ABF-14 (4.4.3): "Masterpoints are awarded in all Individual and Pairs
 * (Howell movement) events of 2 or more full tables": 3 pairs (1.5
 * tables) get nothing, although 4.4.1 would round the award's T up to 2;
 * 4 pairs (2 full tables) do: 0.04 x 1.5 x 2 = 0.12. */
static void howell_two_full_tables(void **state)
{
    (void)state;
    run r = howell(3, 3, NULL);
    assert_int_equal(r.aw.count, 0);
    abf_free(&r);
    r = howell(4, 2, NULL);
    assert_points(abf_pts(&r, "1", "session", 0), "0.12");
    abf_free(&r);
}

/* ABF-21 (4.2.3): "These match awards can be awarded for matchpoint scoring
 * events if each round is of 5 or more boards duration. The contesting
 * pairs then share the match masterpoint award if the winners' score is
 * less than or equal to 52.5%."  Grade E pairs, 8-board rounds: 0.008 x 8
 * = 0.064.  52.5 % v 47.5 %: shared, 0.032 -> 0.03 each (the IMP rule,
 * margin 5 > 1.6, wrongly made it a win before the audit); 53 % v 47 %: a
 * win, 0.064 -> 0.06. */
static void matchpoint_pairs_matches(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'E','sessions':1,"
                    "'params':{'scores':'matchpoints'},'contestants':[{'id':'A'},{'id':'B'},"
                    "{'id':'C'},{'id':'D'}],'matches':["
                    "{'home':'A','away':'B','home_score':52.5,'away_score':47.5,'boards':8},"
                    "{'home':'C','away':'D','home_score':47,'away_score':53,'boards':8}]}");
    assert_points(abf_pts(&r, "A", "match", 0), "0.03");
    assert_points(abf_pts(&r, "B", "match", 0), "0.03");
    assert_points(abf_pts(&r, "D", "match", 0), "0.06");
    assert_points(abf_pts(&r, "C", "match", 0), "0.00");
    assert_string_equal(abf_find(&r, "D", "match")->rule, "ABF-19");
    abf_free(&r);
    /* An unknown kind of score is an error naming its path, not the IMP rule. */
    bmp_error e = abf_run_error("{'body':'abf','name':'x','kind':'pairs','grade':'E',"
                                "'sessions':1,'params':{'scores':'percent'},'contestants':"
                                "[{'id':'A'},{'id':'B'}],'matches':[{'home':'A','away':'B',"
                                "'home_score':60,'away_score':40,'boards':8}]}",
                                BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.params.scores"));
}

/* A grade E teams event of `teams` teams whose first `finalists` teams play
 * 10-board final matches (home wins by 9 IMPs). */
static run teams_final(int teams, int finalists)
{
    char json[8192];
    snprintf(json, sizeof json,
             "{'body':'abf','name':'x','kind':'teams','grade':'E','sessions':1,'tables':%d,"
             "'contestants':[",
             teams);
    for (int i = 1; i <= teams; i++) {
        char one[32];
        snprintf(one, sizeof one, "%s{'id':'%d'}", i > 1 ? "," : "", i);
        strcat(json, one);
    }
    strcat(json, "],'matches':[");
    for (int i = 1; i < finalists; i += 2) {
        char one[128];
        snprintf(one, sizeof one,
                 "%s{'home':'%d','away':'%d','home_score':9,'away_score':0,'boards':10,"
                 "'stage':'final'}",
                 i > 1 ? "," : "", i, i + 1);
        strcat(json, one);
    }
    strcat(json, "]}");
    return abf_run(json);
}

/* ABF-46 (4.2.5): "A final must not exceed one quarter of the original
 * entry or 9 tables, whichever is the greater. If the final is larger ...
 * multiply the awards by the maximum allowable number of tables and divide
 * by the actual number ... the minimum session award is the standard".
 * Teams finals by match (grade E, 10 boards: 0.008 x 10 = 0.08 a win):
 * 4 of 8 teams: 0.08 x 1.5 = 0.12; 16 of 48: limit max(12, 9) = 12,
 * 0.08 x 1.5 x 12/16 = 0.09; 16 of 40: limit 10, 1.5 x 10/16 = 0.9375 is
 * below the standard award, so 0.08 (before the audit every match final
 * got 0.12). */
static void match_final_limit(void **state)
{
    (void)state;
    run r = teams_final(8, 4);
    assert_points(abf_pts(&r, "1", "final-match", 0), "0.12");
    abf_free(&r);
    r = teams_final(48, 16);
    assert_points(abf_pts(&r, "1", "final-match", 0), "0.09");
    assert_points(abf_pts(&r, "2", "final-match", 0), "0.00");
    abf_free(&r);
    r = teams_final(40, 16);
    assert_points(abf_pts(&r, "15", "final-match", 0), "0.08");
    abf_free(&r);
}

/* ABF-13 (4.2.2): "rounding down if necessary": grade B3 (W = 3.75), P =
 * 52.4 -> 52: (37.5 + 2 x 2 x 3.75)/100 = 0.525 -> 0.52 (half-up would give
 * 0.53).  4.2.2 is for "Duplicate Congress, State, and National Events":
 * asking for it at a club grade (E) is an error naming the param. */
static void percentage_awards_scope(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'B3','sessions':1,"
                    "'tables':10,'params':{'percentage_awards':true},'contestants':["
                    "{'id':'1','rankings':[{'session':1,'place':1,'score':52.4}]}]}");
    assert_points(abf_pts(&r, "1", "session", 0), "0.52");
    abf_free(&r);
    bmp_error e = abf_run_error("{'body':'abf','name':'x','kind':'pairs','grade':'E',"
                                "'sessions':1,'tables':10,'params':{'percentage_awards':true},"
                                "'contestants':[{'id':'1','rankings':[{'session':1,'place':1,"
                                "'score':60}]}]}",
                                BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.params.percentage_awards"));
    /* A ranking without its percentage is an error, not a place award. */
    e = abf_run_error("{'body':'abf','name':'x','kind':'pairs','grade':'B4','sessions':1,"
                      "'tables':10,'params':{'percentage_awards':true},'contestants':["
                      "{'id':'1','rankings':[{'session':1,'place':1}]}]}",
                      BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.contestants[0].rankings[0].score"));
}

/* Bad numbers in params are errors naming their JSON path, never a silent
 * truncation or a silently missing award: a negative or fractional session
 * count (4.3.1: "Both T and S are whole numbers"), a negative field or
 * table count, a PQP share above 1, a consolation number beyond the
 * consolations played (4.2.5). */
static void bad_numbers(void **state)
{
    (void)state;
    static const struct {
        const char *params, *path;
    } bad[] = {
        {"'params':{'outright_sessions':-1}", "$.params.outright_sessions"},
        {"'params':{'outright_sessions':2.5}", "$.params.outright_sessions"},
        {"'params':{'field':-4}", "$.params.field"},
        {"'params':{'outright_tables':-5}", "$.params.outright_tables"},
        {"'params':{'walk_in_average':-3}", "$.params.walk_in_average"},
        {"'params':{'consolations':0}", "$.params.consolations"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char json[512];
        snprintf(json, sizeof json,
                 "{'body':'abf','name':'x','kind':'pairs','grade':'E','sessions':2,'tables':8,"
                 "%s,'contestants':[{'id':'1','place':1}]}",
                 bad[i].params);
        bmp_error e = abf_run_error(json, BMP_ERANGE);
        if (!strstr(e.msg, bad[i].path))
            fail_msg("%s: %s", bad[i].params, e.msg);
    }
    bmp_error e = abf_run_error("{'body':'abf','name':'x','kind':'pairs','grade':'E','sessions':2,"
                                "'tables':8,'contestants':[{'id':'1','place':1,'params':"
                                "{'sessions_played':-3}}]}",
                                BMP_ERANGE);
    assert_non_null(strstr(e.msg, "$.contestants[0].params.sessions_played"));
    e = abf_run_error("{'body':'abf','name':'x','kind':'pairs','grade':'E','sessions':2,"
                      "'tables':8,'contestants':[{'id':'1','place':1,'players':[{'name':'a',"
                      "'params':{'pqp_share':1.5}}]}]}",
                      BMP_ERANGE);
    assert_non_null(strstr(e.msg, "$.contestants[0].players[0].params.pqp_share"));
    e = abf_run_error("{'body':'abf','name':'x','kind':'pairs','grade':'B4','sessions':2,"
                      "'tables':16,'groups':[{'name':'C','type':'consolation','tables':8,"
                      "'params':{'consolation':3}}],'contestants':[{'id':'1','group':'C',"
                      "'place':1,'rankings':[{'session':2,'section':'C','place':1}]}]}",
                      BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.groups[0].params.consolation: consolation 3 of 1"));
}

/* ABF-43 (4.4.5 NOTE) with ABF-27 (4.1.2: "Awards are not given to
 * non-playing captains"): a National play-off final team of four players
 * and a captain; the fourth player (under 40 %) holds half the PQP.  A
 * 20-board final win at 0.12 per board = 2.40: the fourth gets 1.20, the
 * 1.20 lost goes to the three eligible players, 2.40 + 0.40 = 2.80 each;
 * the captain nothing (before the audit the captain took a full share). */
static void pqp_share_with_captain(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'knockout','grade':'A','sessions':1,"
                    "'params':{'national_event':'playoff'},'contestants':[{'id':'A','players':["
                    "{'name':'a'},{'name':'b'},{'name':'c'},{'name':'d','participation':0.3,"
                    "'params':{'pqp_share':0.5}},{'name':'npc','params':{'npc':true}}]},"
                    "{'id':'B'}],'matches':[{'home':'A','away':'B','home_score':50,"
                    "'away_score':0,'boards':20,'stage':'final'}]}");
    assert_points(abf_pts(&r, "A", "final-match", 0), "2.80");
    assert_points(abf_pts(&r, "A", "final-match", 2), "2.80");
    assert_points(abf_pts(&r, "A", "final-match", 3), "1.20");
    assert_points(abf_pts(&r, "A", "final-match", 4), "0.00");
    abf_free(&r);
}

/* ABF-47 (4.2.5): "In red or gold events the session awards are the
 * standard awards for the grade, multiplied by a factor determined by the
 * number of consolations ... In green events (grade C, D, or E) the awards
 * are the basic ones (grade E)."  Teams matches in a consolation (match
 * stage = the consolation group): B4, one consolation, 10 boards: 0.020 x
 * 10 x 0.60 = 0.12 (standard 0.20 before the audit); grade D: the grade E
 * basic award 0.008 x 10 = 0.08 (not D's 0.012 x 10 = 0.12). */
static void consolation_matches(void **state)
{
    (void)state;
    const char *ev = "{'body':'abf','name':'x','kind':'teams','grade':'%s','sessions':1,"
                     "'groups':[{'name':'F','type':'final'},{'name':'C','type':'consolation'}],"
                     "'contestants':[{'id':'A','group':'C'},{'id':'B','group':'C'}],'matches':["
                     "{'home':'A','away':'B','home_score':9,'away_score':0,'boards':10,"
                     "'stage':'C'}]}";
    char json[1024];
    snprintf(json, sizeof json, ev, "B4");
    run r = abf_run(json);
    assert_points(abf_pts(&r, "A", "match", 0), "0.12");
    assert_string_equal(abf_find(&r, "A", "match")->colour, "red");
    abf_free(&r);
    snprintf(json, sizeof json, ev, "D");
    r = abf_run(json);
    assert_points(abf_pts(&r, "A", "match", 0), "0.08");
    abf_free(&r);
}

/* Degenerate outright fields (AMB-29): the outright tables start at T = 2
 * and 4.4.3 requires 2 full tables of the smallest events.  A 2-session
 * grade E event of 1 table (two pairs) gets no outright award (it used to
 * get F(1, 2) clamped: 0.44 x F(1, 4) = 0.0781 -> 0.08); two tables do:
 * Table 3B T=2 S=2 is unreadable, the formula gives 0.15 (abf.md §3.4). */
static void one_table_outright(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'E','sessions':2,'tables':1,"
                    "'contestants':[{'id':'1','place':1},{'id':'2','place':2}]}");
    assert_null(abf_find(&r, "1", "outright"));
    assert_true(abf_has_note(&r, "no outright award: T = 1"));
    abf_free(&r);
    r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'E','sessions':2,'tables':2,"
                "'contestants':[{'id':'1','place':1},{'id':'2','place':2}]}");
    assert_points(abf_pts(&r, "1", "outright", 0), "0.15");
    abf_free(&r);
}

/* ABF-24 (4.2.3: Butler pairs with matches of less than 5 boards use "the
 * awards listed in clause 4.2.1 for movements with one or two winners, as
 * applicable ... only given the top third of the field") with ABF-11: in
 * a 9-table Butler Mitchell each direction is a field of 9 pairs: top third
 * 3 places.  Grade E: 0.02 x 1.5 x 9 = 0.27; 3rd 0.27 / 2 = 0.135 -> 0.14;
 * 4th nothing (before the audit the field was taken as all 18 pairs: 6). */
static void butler_mitchell_top_third(void **state)
{
    (void)state;
    /* two sessions: the top third is for 2+ sessions; one session pays
     * the plain 4.2.1 places (4.2.3, U-40) */
    char json[4096] = "{'body':'abf','name':'x','kind':'butler','grade':'E','sessions':2,"
                      "'tables':9,'movement':'two-winner','contestants':[";
    for (int i = 1; i <= 4; i++) {
        char one[128];
        snprintf(one, sizeof one, "%s{'id':'%d','rankings':[{'session':1,'direction':'NS',"
                 "'place':%d}]}", i > 1 ? "," : "", i, i);
        strcat(json, one);
    }
    strcat(json, "]}");
    run r = abf_run(json);
    assert_points(abf_pts(&r, "1", "session", 0), "0.27");
    assert_points(abf_pts(&r, "3", "session", 0), "0.14");
    assert_points(abf_pts(&r, "4", "session", 0), "0.00");
    abf_free(&r);
}

/* ABF-69 (5.1.5): at a Bridge Festival "Multi-session events receive red
 * masterpoints at the B4 rate" and "Only two events ... get the Congress
 * Acceleration factor": a 2-session festival event that is not one of the
 * two is B4 without acceleration: 20-table pairs, S = 2: Table 3C T=20 S=2
 * = 2.01 (the accelerated championship would get S=3 3.33).  Calling it B5
 * (the 5.3.3 drop for congress minor events) is an error. */
static void festival_minor(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'B4','sessions':2,'tables':20,"
                    "'params':{'congress':'festival','congress_event':'minor'},"
                    "'contestants':[{'id':'1','place':1}]}");
    assert_points(abf_pts(&r, "1", "outright", 0), "2.01");
    abf_free(&r);
    bmp_error e = abf_run_error("{'body':'abf','name':'x','kind':'pairs','grade':'B5','sessions':2,"
                                "'tables':20,'params':{'congress':'festival','congress_event':"
                                "'minor'},'contestants':[{'id':'1','place':1}]}",
                                BMP_EINVAL);
    assert_non_null(strstr(e.msg, "is grade B4"));
}

/* ABF-35 (4.3.3 NOTE): a consolation's outright award is scaled by its
 * tables against 75 %..150 % of the final's.  A consolation without
 * "tables" beside a final with them is an error naming the group (the
 * ratio was silently 0 / 5.25 = 0: no award at all). */
static void consolation_needs_tables(void **state)
{
    (void)state;
    bmp_error e = abf_run_error("{'body':'abf','name':'x','kind':'pairs','grade':'B4','sessions':2,"
                                "'tables':20,'groups':[{'name':'F','type':'final','tables':7},"
                                "{'name':'C','type':'consolation'}],'contestants':["
                                "{'id':'f1','group':'F','place':1},{'id':'c1','group':'C',"
                                "'place':1}]}",
                                BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.groups[1].tables: consolation \"C\" needs \"tables\""));
    /* ABF-46/ABF-47 (4.2.5): a final's session awards use its own tables;
     * without them the event's 20 tables would have been used silently. */
    e = abf_run_error("{'body':'abf','name':'x','kind':'pairs','grade':'B4','sessions':2,"
                      "'tables':20,'groups':[{'name':'F','type':'final'}],'contestants':["
                      "{'id':'f1','group':'F','place':1,'rankings':[{'session':2,'section':'F',"
                      "'place':1}]}]}",
                      BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.groups[0].tables: the final \"F\" needs its \"tables\""));
}

/* ABF-6/ABF-7/ABF-12 (3.1.1) at the formula boundaries, beyond the printed
 * Tables 1B/2B (T <= 20 / 13), grade E (W = 1.5):
 * Howell T = 15: 0.04 x 1.5 x 15 = 0.90; 15 places, 15th 0.90 / 14 =
 * 0.0643 -> 0.06.  T = 16 (exponential): 1.5 (1 - e^-1) = 0.94818 -> 0.95;
 * 16th 0.94818 / 15 = 0.0632 -> 0.06; 17th nothing.
 * Mitchell T = 30: 0.02 x 1.5 x 30 = 0.90; T = 31: 1.5 (1 - e^(-31/32)) =
 * 0.93066 -> 0.93; 15 places a direction (31 / 2), 15th 0.93066 / 14 =
 * 0.0665 -> 0.07; 16th nothing. */
static void formula_boundaries(void **state)
{
    (void)state;
    run r = howell(30, 15, NULL);
    assert_points(abf_pts(&r, "1", "session", 0), "0.90");
    assert_points(abf_pts(&r, "15", "session", 0), "0.06");
    abf_free(&r);
    r = howell(32, 17, NULL);
    assert_points(abf_pts(&r, "1", "session", 0), "0.95");
    assert_points(abf_pts(&r, "16", "session", 0), "0.06");
    assert_points(abf_pts(&r, "17", "session", 0), "0.00");
    abf_free(&r);
    for (int t = 30; t <= 31; t++) {
        char json[8192];
        snprintf(json, sizeof json,
                 "{'body':'abf','name':'x','kind':'pairs','grade':'E','sessions':1,'tables':%d,"
                 "'movement':'two-winner','contestants':[",
                 t);
        for (int i = 1; i <= 16; i++) {
            char one[128];
            snprintf(one, sizeof one,
                     "%s{'id':'%d','rankings':[{'session':1,'direction':'NS','place':%d}]}",
                     i > 1 ? "," : "", i, i);
            strcat(json, one);
        }
        strcat(json, "]}");
        r = abf_run(json);
        assert_points(abf_pts(&r, "1", "session", 0), t == 30 ? "0.90" : "0.93");
        assert_points(abf_pts(&r, "15", "session", 0), t == 30 ? "0.06" : "0.07");
        assert_points(abf_pts(&r, "16", "session", 0), "0.00");
        abf_free(&r);
    }
}

/* ABF-31/ABF-32 (4.3.1, 5.4.2): a 2-session B4 congress championship of
 * 21-board sessions: 42 / 24 = 1.75, fraction 0.75 <= 0.83 dropped: S = 1;
 * the acceleration adds one session: S = 2: Table 3C T=20 S=2 = 2.01 (the
 * engine used to stop at the counted S = 1 and give no outright award).
 * Without acceleration (a second competition of the format) S = 1: none. */
static void accelerated_short_sessions(void **state)
{
    (void)state;
    const char *ev = "{'body':'abf','name':'x','kind':'pairs','grade':'B4','sessions':2,"
                     "'tables':20,'boards':21,'params':{'congress':'state'%s},"
                     "'contestants':[{'id':'1','place':1}]}";
    char json[512];
    snprintf(json, sizeof json, ev, "");
    run r = abf_run(json);
    assert_points(abf_pts(&r, "1", "outright", 0), "2.01");
    abf_free(&r);
    snprintf(json, sizeof json, ev, ",'acceleration_applies':false");
    r = abf_run(json);
    assert_null(abf_find(&r, "1", "outright"));
    abf_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(howell_half_table_places),
        cmocka_unit_test(individual_half_table_places),
        cmocka_unit_test(howell_two_full_tables),
        cmocka_unit_test(matchpoint_pairs_matches),
        cmocka_unit_test(match_final_limit),
        cmocka_unit_test(percentage_awards_scope),
        cmocka_unit_test(bad_numbers),
        cmocka_unit_test(pqp_share_with_captain),
        cmocka_unit_test(consolation_matches),
        cmocka_unit_test(one_table_outright),
        cmocka_unit_test(butler_mitchell_top_third),
        cmocka_unit_test(festival_minor),
        cmocka_unit_test(consolation_needs_tables),
        cmocka_unit_test(formula_boundaries),
        cmocka_unit_test(accelerated_short_sessions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
