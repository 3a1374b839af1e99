/* Second audit of the ABF rules: tests that pin values the first pass did
 * not reach (national events 7.5, congresses 5.x, factors 4.4.9/4.4.10,
 * consolations 4.2.5/4.3.3).  Every value comes from the regulation text
 * (abf-2025) with the arithmetic in the comment. */
#include "abf_test_util.h"

/* Builds contestants '1'..'n' (no places) into buf. */
static void teams_list(char *buf, size_t size, int n)
{
    buf[0] = '\0';
    for (int i = 1; i <= n; i++) {
        char one[32];
        snprintf(one, sizeof one, "%s{'id':'%d'}", i > 1 ? "," : "", i);
        strncat(buf, one, size - strlen(buf) - 1);
    }
}

/* ABF-79 (7.5.3): "Session awards are standard for the grade (0.08 gold
 * point per board), and increase to 0.12 gold point per board when the
 * field is, or is reduced to, 4 teams or less."  A play-off of 4 teams is
 * at 0.12 from its first match, stage or not: 20 boards x 0.12 = 2.40
 * (before the audit: 0.08 x 20 = 1.60).  A 5-team field keeps 0.08 for its
 * unmarked matches: 1.60. */
static void playoff_small_field(void **state)
{
    (void)state;
    char list[512], json[2048];
    teams_list(list, sizeof list, 4);
    snprintf(json, sizeof json,
             "{'body':'abf','name':'x','kind':'knockout','grade':'A','sessions':1,"
             "'params':{'national_event':'playoff'},'contestants':[%s],'matches':["
             "{'home':'1','away':'2','home_score':30,'away_score':0,'boards':20}]}",
             list);
    run r = abf_run(json);
    assert_points(abf_pts(&r, "1", "match", 0), "2.40");
    abf_free(&r);
    teams_list(list, sizeof list, 5);
    snprintf(json, sizeof json,
             "{'body':'abf','name':'x','kind':'knockout','grade':'A','sessions':1,"
             "'params':{'national_event':'playoff'},'contestants':[%s],'matches':["
             "{'home':'1','away':'2','home_score':30,'away_score':0,'boards':20}]}",
             list);
    r = abf_run(json);
    assert_points(abf_pts(&r, "1", "match", 0), "1.60");
    abf_free(&r);
    /* ABF-61 (6.2.2, ruling ABF-R20): a two-team State Play-off is at grade
     * B's finals rate 0.06 throughout: 16 boards x 0.06 = 0.96. */
    r = abf_run("{'body':'abf','name':'x','kind':'knockout','grade':'B','sessions':1,"
                "'params':{'national_event':'state-playoff'},'contestants':[{'id':'A'},{'id':'B'}],"
                "'matches':[{'home':'A','away':'B','home_score':30,'away_score':0,'boards':16}]}");
    assert_points(abf_pts(&r, "A", "match", 0), "0.96");
    abf_free(&r);
}

/* ABF-83 (7.5.7): the GNOT National preliminary's "finals, defined as the
 * point at which the number of tables drops to 8 or less" get 0.12 per
 * board: a field of 8 teams (a table per team, ABF-R5) is at 0.12 without
 * a stage mark: 10 boards 1.20; 9 teams stay at 0.08: 0.80. */
static void gnot_national_eight_tables(void **state)
{
    (void)state;
    char list[512], json[2048];
    for (int n = 8; n <= 9; n++) {
        teams_list(list, sizeof list, n);
        snprintf(json, sizeof json,
                 "{'body':'abf','name':'x','kind':'teams','grade':'A','sessions':1,"
                 "'params':{'national_event':'gnot-national'},'contestants':[%s],'matches':["
                 "{'home':'1','away':'2','home_score':30,'away_score':0,'boards':10}]}",
                 list);
        run r = abf_run(json);
        assert_points(abf_pts(&r, "1", "match", 0), n == 8 ? "1.20" : "0.80");
        abf_free(&r);
    }
}

/* ABF-83 (7.5.7): GNOT qualifying rounds get 0.04 per board, "increasing
 * to 0.06 gold point per board for State or Regional finals, provided that
 * such finals are of at least three sessions duration, with not less than
 * 10 teams".  A 3-session final of 10 teams: 10 boards x 0.06 = 0.60; the
 * same final in 2 sessions, or with 8 teams, or with 9 teams and a
 * phantom (a bye is not a team), is at 0.04: 0.40 (before the audit every
 * stage-final match got 0.06). */
static void gnot_qualifying_final_size(void **state)
{
    (void)state;
    static const struct {
        int teams, sessions;
        const char *want;
        bool phantom; /* the 10th "team" is a bye */
    } t[] = {{10, 3, "0.60", false}, {10, 2, "0.40", false}, {8, 3, "0.40", false},
             {10, 3, "0.40", true}};
    for (size_t k = 0; k < sizeof t / sizeof *t; k++) {
        char list[512], matches[2048] = "", json[4096];
        teams_list(list, sizeof list, t[k].teams - t[k].phantom);
        if (t[k].phantom) /* 10 is a phantom: 9 teams play the final */
            strcat(list, ",{'id':'10','phantom':true}");
        for (int i = 1; i < t[k].teams; i += 2) {
            char one[160];
            snprintf(one, sizeof one,
                     "%s{'home':'%d','away':'%d','home_score':30,'away_score':0,'boards':10,"
                     "'stage':'final'}",
                     i > 1 ? "," : "", i, i + 1);
            strcat(matches, one);
        }
        snprintf(json, sizeof json,
                 "{'body':'abf','name':'x','kind':'teams','grade':'A2','sessions':%d,"
                 "'params':{'national_event':'gnot-qualifying'},'contestants':[%s],"
                 "'matches':[%s]}",
                 t[k].sessions, list, matches);
        run r = abf_run(json);
        assert_points(abf_pts(&r, "1", "final-match", 0), t[k].want);
        abf_free(&r);
    }
}

/* ABF-48 (4.4.9) end to end: "A grade B event, graded 'below 50
 * masterpoints', in which Graduate, Club and Local masters compete, would
 * have a factor of (0.40 + 0.50 + 0.65)/3 = 0.52".  A grade B teams match
 * of 20 boards: 0.040 x 20 = 0.80 (4.2.3); x 1.55/3 = 0.41333 -> 0.41
 * (the unrounded factor, ruling ABF-R6; the printed 0.52 would give
 * 0.416 -> 0.42).  The median of Graduate:6, Club:9, Local:4 (19 players,
 * the 10th from the top is a Club master) is 0.50: 0.80 x 0.50 = 0.40.
 * A method other than median/average is an error naming its path. */
static void master_field_event(void **state)
{
    (void)state;
    const char *ev = "{'body':'abf','name':'x','kind':'teams','grade':'B','sessions':1,"
                     "'params':{'master_field':'Graduate:6,Club:9,Local:4'%s},"
                     "'contestants':[{'id':'A'},{'id':'B'}],'matches':[{'home':'A','away':'B',"
                     "'home_score':30,'away_score':0,'boards':20}]}";
    char json[1024];
    snprintf(json, sizeof json, ev, ",'master_method':'average'");
    run r = abf_run(json);
    assert_points(abf_pts(&r, "A", "match", 0), "0.41");
    abf_free(&r);
    snprintf(json, sizeof json, ev, "");
    r = abf_run(json);
    assert_points(abf_pts(&r, "A", "match", 0), "0.40");
    abf_free(&r);
    snprintf(json, sizeof json, ev, ",'master_method':'mean'");
    bmp_error e = abf_run_error(json, BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.params.master_method"));
    assert_non_null(strstr(e.msg, "\"mean\""));
}

/* ABF-71 (5.3.3): "If a walk-in final (open only to place-getters from the
 * heats) is played, no final premium applies".  A B5 teams walk-in final
 * of 10-board matches: 0.016 x 10 = 0.16 per win (not 0.24 with the
 * 4.2.5 premium, as before the audit for matches). */
static void walk_in_final_matches(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'teams','grade':'B5','sessions':1,'tables':4,"
                    "'params':{'walk_in_final':true},'contestants':[{'id':'A'},{'id':'B'}],"
                    "'matches':[{'home':'A','away':'B','home_score':30,'away_score':0,'boards':10,"
                    "'stage':'final'}]}");
    assert_points(abf_pts(&r, "A", "final-match", 0), "0.16");
    abf_free(&r);
}

/* ABF-51 (5.3.2): "Restricted events retain the same grade and session
 * acceleration as Congress Championships, but are subject to an adjustment
 * by the appropriate Master Factor".  Without a master factor the event
 * used to get the open championship's award (B4, 2 sessions, 20 tables:
 * 3C T=20 S=3 = 3.33); it is now an error naming the missing parameter.
 * With master_field Graduate:3,Club:3 (average (0.40 + 0.50)/2 = 0.45 in
 * the B3/B4/B5 row): F(20, 3) at W = 2.5 = 3.32629 x 0.45 = 1.49683 -> 1.50. */
static void restricted_congress_needs_factor(void **state)
{
    (void)state;
    bmp_error e = abf_run_error(
        "{'body':'abf','name':'x','kind':'pairs','grade':'B4','sessions':2,'tables':20,"
        "'params':{'congress':'state','congress_event':'restricted'},"
        "'contestants':[{'id':'1','place':1}]}",
        BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.params.master_rank"));
    assert_non_null(strstr(e.msg, "5.3.2"));
    run r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'B4','sessions':2,'tables':20,"
                    "'params':{'congress':'state','congress_event':'restricted',"
                    "'master_field':'Graduate:3,Club:3','master_method':'average'},"
                    "'contestants':[{'id':'1','place':1}]}");
    assert_points(abf_pts(&r, "1", "outright", 0), "1.50");
    abf_free(&r);
}

/* ABF-49 (4.4.10): the 0.75 restriction factor is for "Grade A National
 * Championships, Grade A2 National (minor) Championships, Grade B State
 * Championships"; an ABF Super Congress (A2, 5.1.4) is not listed.  A
 * Seniors championship of an ABF Super Congress, pairs, 20 tables, 2
 * sessions accelerated to S = 3 (5.4.2): F(20, 3) at W = 5 = 2 x 3.32629
 * (the B4 value at W = 2.5, test_abf_congress.c) = 6.65258 -> 6.65, not
 * x 0.75 = 4.99 as before the audit.  The same seniors event as an A2
 * National minor championship (no congress, S = 2) keeps the factor:
 * F(20, 2) at W = 5 = 3.64213 is raised to 44 % of F(20, 4) = 9.14094:
 * 4.02201 (Table 3C T=20 S=2 2.01 x 2), x 0.75 = 3.01651 -> 3.02. */
static void restriction_not_for_congresses(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'A2','sessions':2,'tables':20,"
                    "'restrictions':['seniors'],'params':{'congress':'abf-super'},"
                    "'contestants':[{'id':'1','place':1}]}");
    assert_points(abf_pts(&r, "1", "outright", 0), "6.65");
    abf_free(&r);
    r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'A2','sessions':2,'tables':20,"
                "'restrictions':['seniors'],'contestants':[{'id':'1','place':1}]}");
    assert_points(abf_pts(&r, "1", "outright", 0), "3.02");
    abf_free(&r);
}

/* ABF-79 (7.5.3): "session awards are given per segment (and not the
 * whole match) provided the segments are not shorter than 12 boards.
 * Therefore, when a 60 board final is played in 6x10 board segments, it
 * will be treated as three 20 board matches."  A 10-board play-off segment
 * given as a match is an error naming the match (it used to earn 0.12 x 10
 * on its own); a 12-board segment is paid: 4 teams, 0.12 x 12 = 1.44. */
static void playoff_short_segments(void **state)
{
    (void)state;
    const char *ev = "{'body':'abf','name':'x','kind':'knockout','grade':'A','sessions':1,"
                     "'params':{'national_event':'playoff'},'contestants':[{'id':'A'},{'id':'B'},"
                     "{'id':'C'},{'id':'D'}],'matches':[{'home':'C','away':'D','winner':'C',"
                     "'boards':12},{'home':'A','away':'B','home_score':30,'away_score':0,"
                     "'boards':%d}]}";
    char json[1024];
    snprintf(json, sizeof json, ev, 10);
    bmp_error e = abf_run_error(json, BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.matches[1]"));
    assert_non_null(strstr(e.msg, "12 boards"));
    snprintf(json, sizeof json, ev, 12);
    run r = abf_run(json);
    assert_points(abf_pts(&r, "A", "match", 0), "1.44");
    abf_free(&r);
}

/* ABF-47 (4.2.5) with several consolations: "Three* or more: 0.75, 0.60,
 * 0.45, 0.30 (Others)"; "* If ungraded consolations are played the award
 * multiplying factor is to be taken as the average of the relevant quoted
 * factors"; "No consolation award shall drop below the base grade
 * weighting of 1.0 ... for a grade B4 event the lowest possible factor is
 * 0.40".  B4 pairs, four 9-table Mitchell consolations beside a 7-table
 * final; a 9-table Mitchell winner is 0.02 x 2.5 x 9 = 0.45 (3.1.1):
 *   graded, 4th consolation: 0.30 < 0.40 -> 0.40 x 0.45 = 0.18;
 *   graded, 3rd: 0.45 x 0.45 = 0.2025 -> 0.20;
 *   ungraded, any: (0.75 + 0.60 + 0.45 + 0.30) / 4 = 0.525 x 0.45 =
 *   0.23625 -> 0.24. */
static void four_consolations(void **state)
{
    (void)state;
    const char *ev =
        "{'body':'abf','name':'x','kind':'pairs','grade':'B4','sessions':3,"
        "'tables':50,'params':{'outright_sessions':0,'consolations_graded':%s},"
        "'groups':[{'name':'F','type':'final','tables':7},"
        "{'name':'C1','type':'consolation','tables':9,'params':{'consolation':1}},"
        "{'name':'C2','type':'consolation','tables':9,'params':{'consolation':2}},"
        "{'name':'C3','type':'consolation','tables':9,'params':{'consolation':3}},"
        "{'name':'C4','type':'consolation','tables':9,'params':{'consolation':4}}],"
        "'contestants':["
        "{'id':'c3','rankings':[{'session':3,'section':'C3','direction':'NS','place':1}]},"
        "{'id':'c4','rankings':[{'session':3,'section':'C4','direction':'EW','place':1}]}]}";
    char json[2048];
    snprintf(json, sizeof json, ev, "true");
    run r = abf_run(json);
    assert_points(abf_pts(&r, "c3", "session", 0), "0.20");
    assert_points(abf_pts(&r, "c4", "session", 0), "0.18");
    abf_free(&r);
    snprintf(json, sizeof json, ev, "false");
    r = abf_run(json);
    assert_points(abf_pts(&r, "c3", "session", 0), "0.24");
    assert_points(abf_pts(&r, "c4", "session", 0), "0.24");
    abf_free(&r);
}

/* ABF-35 (4.3.3) with several graded consolations: proportions "one third,
 * one quarter, one fifth, i.e. reciprocal of (the consolation number + 2)"
 * for 3 or more graded; "2 or more, ungraded: one fifth".  The final's
 * award: B4, T = 40, S = 2 (no acceleration): F(40, 2) at W = 2.5 =
 * 10.5 x (1 - e^(-40/105) + 0.65 e^(-20)) = 10.5 x 0.31679 = 3.32629
 * (above 44 % of F(40, 4) = 0.44 x 7.16017 = 3.15047; Table 3C T=20 S=3
 * has the same T(S-1) = 40).  Consolations of 8 tables beside an 8-table
 * final (inside 75 %..150 %: ratio 1), fields of 16 pairs: the winner of
 * consolation 3 of 3 graded gets 3.32629 / 5 = 0.66526 -> 0.67;
 * consolation 2 graded 3.32629 / 4 = 0.83157 -> 0.83; ungraded, both 1/5:
 * 0.67. */
static void consolation_outright_proportions(void **state)
{
    (void)state;
    const char *ev =
        "{'body':'abf','name':'x','kind':'pairs','grade':'B4','sessions':2,'tables':40,"
        "'params':{'consolations_graded':%s},"
        "'groups':[{'name':'F','type':'final','tables':8},"
        "{'name':'C1','type':'consolation','tables':8,'params':{'consolation':1}},"
        "{'name':'C2','type':'consolation','tables':8,'params':{'consolation':2}},"
        "{'name':'C3','type':'consolation','tables':8,'params':{'consolation':3}}],"
        "'contestants':[{'id':'f','group':'F','place':1},{'id':'c2','group':'C2','place':1},"
        "{'id':'c3','group':'C3','place':1}]}";
    char json[2048];
    snprintf(json, sizeof json, ev, "true");
    run r = abf_run(json);
    assert_points(abf_pts(&r, "f", "outright", 0), "3.33");
    assert_points(abf_pts(&r, "c2", "outright", 0), "0.83");
    assert_points(abf_pts(&r, "c3", "outright", 0), "0.67");
    abf_free(&r);
    snprintf(json, sizeof json, ev, "false");
    r = abf_run(json);
    assert_points(abf_pts(&r, "c2", "outright", 0), "0.67");
    assert_points(abf_pts(&r, "c3", "outright", 0), "0.67");
    abf_free(&r);
}

/* ABF-22 (4.2.3 NOTE iii): "Where it is necessary for a single round
 * triangle to be played in a Teams event with the half-matches being of
 * less than 5 boards, half the masterpoints for a normal win will be
 * awarded."  A triangle whose half-matches have 5 or more boards is a
 * normal match (4.2.3): grade E, 8 boards: 0.008 x 8 = 0.064 -> 0.06 (it
 * used to be halved: 0.032 -> 0.03); with 4 boards 0.008 x 4 / 2 = 0.016
 * -> 0.02. */
static void triangle_long_half_matches(void **state)
{
    (void)state;
    const char *ev = "{'body':'abf','name':'x','kind':'teams','grade':'E','sessions':1,"
                     "'contestants':[{'id':'A'},{'id':'B'},{'id':'C'}],'matches':[{'home':'A',"
                     "'away':'B','home_score':9,'away_score':0,'boards':%d,"
                     "'params':{'triangle':true}}]}";
    char json[1024];
    snprintf(json, sizeof json, ev, 8);
    run r = abf_run(json);
    assert_points(abf_pts(&r, "A", "match", 0), "0.06");
    abf_free(&r);
    snprintf(json, sizeof json, ev, 4);
    r = abf_run(json);
    assert_points(abf_pts(&r, "A", "match", 0), "0.02");
    abf_free(&r);
}

/* ABF-66 (5.1.2): "Each Tour may conduct one of each of the following
 * major events, each event to be of a minimum of two sessions duration
 * ... one event only shall receive masterpoints at the B4 rate, the others
 * to receive points at the B5 rate."  A one-session B5 tour "major" is an
 * error (it used to pass); a two-session one is B5 without acceleration:
 * pairs, 10 tables, S = 2, W = 2.0: F(10, 2) = 0.76309 raised to 44 % of
 * F(10, 4) = 2.08759 -> 0.91854 -> 0.92 (Table 3A T=10 S=2 0.46 x 2). */
static void tour_major_sessions(void **state)
{
    (void)state;
    bmp_error e = abf_run_error("{'body':'abf','name':'x','kind':'pairs','grade':'B5','sessions':1,"
                                "'tables':10,'params':{'congress':'tour','congress_event':'major'},"
                                "'contestants':[{'id':'1','place':1}]}",
                                BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.params.congress"));
    assert_non_null(strstr(e.msg, "5.1.2"));
    run r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'B5','sessions':2,'tables':10,"
                    "'params':{'congress':'tour','congress_event':'major'},"
                    "'contestants':[{'id':'1','place':1}]}");
    assert_points(abf_pts(&r, "1", "outright", 0), "0.92");
    abf_free(&r);
}

/* ABF-27 (4.1.2): "When a team has 5 or 6 members each of them receives
 * 4/5 or 2/3 of the standard award respectively. Awards are not given to
 * non-playing captains."  A team of 7 playing members has no stated share:
 * an error naming the team's players (it used to get 2/3 each); 6 players
 * and a captain: 0.008 x 20 = 0.16 x 2/3 = 0.10667 -> 0.11 each, the
 * captain nothing. */
static void team_of_seven(void **state)
{
    (void)state;
    const char *ev = "{'body':'abf','name':'x','kind':'teams','grade':'E','sessions':1,"
                     "'contestants':[{'id':'A','players':[{'name':'a'},{'name':'b'},{'name':'c'},"
                     "{'name':'d'},{'name':'e'},{'name':'f'},{'name':'g'%s}]},{'id':'B'}],"
                     "'matches':[{'home':'A','away':'B','winner':'A','boards':20}]}";
    char json[1024];
    snprintf(json, sizeof json, ev, "");
    bmp_error e = abf_run_error(json, BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.contestants[0].players"));
    assert_non_null(strstr(e.msg, "4.1.2"));
    snprintf(json, sizeof json, ev, ",'params':{'npc':true}");
    run r = abf_run(json);
    assert_points(abf_pts(&r, "A", "match", 0), "0.11");
    assert_points(abf_pts(&r, "A", "match", 6), "0.00");
    abf_free(&r);
}

/* ABF-79 (7.5.3): "These awards should be reduced by 25% for Women's
 * Senior's, Youth and Mixed events ... A table amplification factor of 3
 * applies (except for the Mixed Teams Playoff)".  The Mixed Teams Playoff
 * is reduced without restating 'restrictions': 4 teams, 0.12 x 20 x 0.75 =
 * 1.80 (it used to be 2.40). */
static void mixed_playoff_reduced(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'knockout','grade':'A','sessions':1,"
                    "'params':{'national_event':'playoff-mixed'},'contestants':[{'id':'A'},"
                    "{'id':'B'},{'id':'C'},{'id':'D'}],'matches':[{'home':'A','away':'B',"
                    "'home_score':30,'away_score':0,'boards':20}]}");
    assert_points(abf_pts(&r, "A", "match", 0), "1.80");
    abf_free(&r);
}

/* ABF-24, ABF-7 (4.2.3, 4.2.1; ruling U-40, replacing "Audit 2:
 * single-session Butler"): a one-session Butler of short matches (given as
 * places, ABF-R4) gets the 4.2.1 session awards, not only the top third, as
 * Compscore3 pays it (tests/data/realworld/compscore_butler_howell.xml):
 * 4 tables grade E, one winner: 0.04 x 1.5 x 4 = 0.24, 2nd 0.17, 3rd
 * 0.12, 4th 0.08, 5th nothing (before U-40: no award at all). */
static void butler_single_session(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'butler','grade':'E','sessions':1,"
                    "'tables':4,'contestants':[{'id':'1','place':1},{'id':'2','place':2},"
                    "{'id':'3','place':3},{'id':'4','place':4},{'id':'5','place':5}]}");
    assert_points(abf_pts(&r, "1", "session", 0), "0.24");
    assert_points(abf_pts(&r, "2", "session", 0), "0.17");
    assert_points(abf_pts(&r, "3", "session", 0), "0.12");
    assert_points(abf_pts(&r, "4", "session", 0), "0.08");
    assert_points(abf_pts(&r, "5", "session", 0), "0.00");
    assert_false(abf_has_note(&r, "no placing awards for a single session (4.2.3)"));
    abf_free(&r);
}

/* ABF-19 (4.2.3): "0.008 green point per board to the winner of any
 * match"; a match against a phantom is a bye (4.2.4): no boards are
 * played and nothing is paid (A used to get 0.008 x 10 = 0.08 for its
 * bye).  B's real 10-board win: 0.08. */
static void bye_match(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'teams','grade':'E','sessions':1,"
                    "'contestants':[{'id':'A'},{'id':'B'},{'id':'C'},{'id':'BYE','phantom':true}],"
                    "'matches':[{'home':'A','away':'BYE','winner':'A','boards':10},"
                    "{'home':'B','away':'C','winner':'B','boards':10}]}");
    assert_points(abf_pts(&r, "A", "match", 0), "0.00");
    assert_points(abf_pts(&r, "B", "match", 0), "0.08");
    abf_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(playoff_small_field),
        cmocka_unit_test(gnot_national_eight_tables),
        cmocka_unit_test(gnot_qualifying_final_size),
        cmocka_unit_test(master_field_event),
        cmocka_unit_test(walk_in_final_matches),
        cmocka_unit_test(restricted_congress_needs_factor),
        cmocka_unit_test(restriction_not_for_congresses),
        cmocka_unit_test(playoff_short_segments),
        cmocka_unit_test(four_consolations),
        cmocka_unit_test(consolation_outright_proportions),
        cmocka_unit_test(triangle_long_half_matches),
        cmocka_unit_test(tour_major_sessions),
        cmocka_unit_test(team_of_seven),
        cmocka_unit_test(mixed_playoff_reduced),
        cmocka_unit_test(butler_single_session),
        cmocka_unit_test(bye_match),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
