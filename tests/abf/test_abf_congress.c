/* ABF congresses (5.x) and gold-point national events (7.x). */
#include "abf_test_util.h"

/* ABF-63 (5.1), ABF-64 (5.2), ABF-69 (5.1.5), ABF-71 (5.3.3): grades of
 * congress events by congress type and event role. */
static void congress_grades(void **state)
{
    (void)state;
    static const struct {
        const char *type, *role, *grade;
    } t[] = {
        {"state", "championship", "B4"},  {"state", "minor", "B5"},
        {"state", "walk-in", "B5"},       {"state", "restricted", "B4"},
        {"tour", "championship", "B4"},   {"tour", "major", "B5"},
        {"tour", "open", "E"},            {"tour", "supervised", "F"},
        {"super", "championship", "B3"},  {"super", "minor", "B4"},
        {"super", "walk-in", "B5"},       {"abf-super", "championship", "A2"},
        {"abf-super", "minor", "B3"},     {"abf-super", "walk-in", "B4"},
        {"festival", "championship", "B4"}, {"festival", "single-session", "B5"},
    };
    for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
        const char *g = NULL;
        assert_int_equal(abf_congress_grade(t[i].type, t[i].role, &g, NULL), BMP_OK);
        assert_string_equal(g, t[i].grade);
    }
    /* ABF-64 weights: B5 2.0, B4 2.5, B3 3.75, A2 5.0; A2 minor -> B3 red. */
    assert_int_equal(abf_grade_find("B5")->pairs_w100, 200);
    assert_int_equal(abf_grade_find("B3")->pairs_w100, 375);
    assert_string_equal(abf_grade_find("B3")->colour, "red");
    assert_string_equal(abf_grade_find("A2")->colour, "gold");
    bmp_error e = {0};
    const char *g;
    assert_int_equal(abf_congress_grade("picnic", "championship", &g, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "unknown congress type \"picnic\""));
}

/* ABF-32 (5.4.2): Congress Championships use S + 1 for the outright
 * award: a 2-session B4 championship, 20 tables: Table 3C T=20 S=3 = 3.33;
 * ABF-66 (5.1.2): Bridge Tours get no acceleration: S=2: 3C T=20 S=2 =
 * 2.01 (printed); minor events none; the grade must match the congress. */
static void acceleration(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'B4','sessions':2,'tables':20,"
                    "'params':{'congress':'state'},'contestants':[{'id':'1','place':1}]}");
    assert_points(abf_pts(&r, "1", "outright", 0), "3.33");
    abf_free(&r);
    r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'B4','sessions':2,'tables':20,"
                "'params':{'congress':'tour'},'contestants':[{'id':'1','place':1}]}");
    assert_points(abf_pts(&r, "1", "outright", 0), "2.01"); /* printed 3C T=20 S=2 */
    abf_free(&r);
    assert_int_equal(abf_congress_acceleration("state", "championship"), 1);
    assert_int_equal(abf_congress_acceleration("tour", "championship"), 0);
    assert_int_equal(abf_congress_acceleration("state", "minor"), 0);
    assert_int_equal(abf_congress_acceleration("state", "nominated"), 1);
    /* 5.4.2: a second competition of the same format gets none. */
    r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'B4','sessions':2,'tables':20,"
                "'params':{'congress':'state','acceleration_applies':false},"
                "'contestants':[{'id':'1','place':1}]}");
    assert_points(abf_pts(&r, "1", "outright", 0), "2.01");
    abf_free(&r);
    bmp_error e = abf_run_error("{'body':'abf','name':'x','kind':'pairs','grade':'B4','sessions':2,"
                                "'params':{'congress':'state','congress_event':'minor'},"
                                "'contestants':[{'id':'1','place':1}]}", BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.grade: a state congress minor event is grade B5"));
}

/* ABF-66 (5.1.2): on a Bridge Tour, a local player who is not a tour
 * member gets the award in green; the partner keeps red.  B4 Howell T=7:
 * 0.04 x 2.5 x 7 = 0.70. */
static void tour_local_green(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'B4','sessions':2,'tables':7,"
                    "'params':{'congress':'tour','outright_sessions':1},'contestants':[{'id':'1',"
                    "'rankings':[{'session':1,'place':1}],'players':[{'name':'tourist'},"
                    "{'name':'local','params':{'local':true}}]}]}");
    assert_int_equal(r.aw.count, 2);
    assert_string_equal(r.aw.items[0].colour, "red");
    assert_string_equal(r.aw.items[1].colour, "green");
    assert_points(r.aw.items[1].points, "0.70");
    abf_free(&r);
}

/* ABF-51 (5.3.2): a restricted congress event keeps grade and acceleration
 * with a master factor: B4, 2 sessions, 20 tables, Local (0.65):
 * 3.32629 x 0.65 = 2.162 -> 2.16. */
static void restricted_congress(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'B4','sessions':2,'tables':20,"
                    "'params':{'congress':'state','congress_event':'restricted','master_rank':'Local'},"
                    "'contestants':[{'id':'1','place':1}]}");
    assert_points(abf_pts(&r, "1", "outright", 0), "2.16");
    abf_free(&r);
}

/* ABF-65 (5.1.1): congress championships need two sessions; ABF-67 (5.1.3):
 * a Super Congress at most 40 tables per director. */
static void congress_checks(void **state)
{
    (void)state;
    bmp_error e = abf_run_error("{'body':'abf','name':'x','kind':'pairs','grade':'B4','sessions':1,"
                                "'params':{'congress':'state'},'contestants':[{'id':'1','place':1}]}",
                                BMP_EINVAL);
    assert_non_null(strstr(e.msg, "at least two sessions"));
    e = abf_run_error("{'body':'abf','name':'x','kind':'pairs','grade':'B3','sessions':2,"
                      "'params':{'congress':'super','tables_per_director':41},"
                      "'contestants':[{'id':'1','place':1}]}", BMP_EINVAL);
    assert_non_null(strstr(e.msg, "40 tables per director"));
    assert_null(abf_congress_check("super", "championship", 2, 40));
}

/* ABF-70 (5.3.1): majors per congress: B4 2, A2/B3 3, alongside a
 * National championship 6; a tour one at B4. */
static void majors(void **state)
{
    (void)state;
    assert_int_equal(abf_congress_max_majors("state", false), 2);
    assert_int_equal(abf_congress_max_majors("super", false), 3);
    assert_int_equal(abf_congress_max_majors("abf-super", false), 3);
    assert_int_equal(abf_congress_max_majors("super", true), 6);
    assert_int_equal(abf_congress_max_majors("tour", false), 1);
}

/* ABF-71 (5.3.3): a walk-in final gets no final premium and an outright
 * award on the average tables of the heats with S = 2: B5, heats average
 * 10 tables: session Howell T=5 final 0.04 x 2 x 5 = 0.40 (not 0.60);
 * outright: the formula F(10, 2) with W = 2 (the S=2 clamp applies). */
static void walk_in_final(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'B5','sessions':3,'tables':10,"
                    "'params':{'walk_in_final':true},'groups':[{'name':'F','type':'final','tables':5}],"
                    "'contestants':[{'id':'1','group':'F','place':1,'rankings':[{'session':3,"
                    "'section':'F','place':1}]}]}");
    assert_points(abf_pts(&r, "1", "session", 0), "0.40");
    assert_true(abf_has_note(&r, "S = 2,"));
    /* B5 pairs W = 2.0, T = 10, S = 2: F(10, 2) = 0.76309 is raised to 44 %
     * of F(10, 4) = 2.08759: 0.91854 -> 0.92 (Table 3A T=10 S=2 0.46 x 2). */
    assert_points(abf_pts(&r, "1", "outright", 0), "0.92");
    abf_free(&r);
}

/* ABF-72 (5.3.3, AMB-13): more than 200 table-sessions: one extra minor
 * championship per 100 in excess of 100. */
static void large_congress(void **state)
{
    (void)state;
    assert_int_equal(abf_large_congress_extra(200), 0);
    assert_int_equal(abf_large_congress_extra(201), 1);
    assert_int_equal(abf_large_congress_extra(299), 1);
    assert_int_equal(abf_large_congress_extra(300), 2);
    assert_int_equal(abf_large_congress_extra(455), 3);
}

/* ABF-73 (5.4.1), ABF-76 (7.5.1): who masterpoints: B4/B3 the State
 * secretary; A2 the ABF Unit under the Goldpoint Coordinator, except GNOT
 * qualifying rounds; E/D the club. */
static void issuers(void **state)
{
    (void)state;
    assert_non_null(strstr(abf_masterpointed_by(abf_grade_find("B4"), false), "State Masterpoint"));
    assert_non_null(strstr(abf_masterpointed_by(abf_grade_find("A2"), false), "Goldpoint Coordinator"));
    assert_non_null(strstr(abf_masterpointed_by(abf_grade_find("A2"), true), "State Masterpoint"));
    assert_non_null(strstr(abf_masterpointed_by(abf_grade_find("E"), false), "club"));
    run r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'A2','sessions':1,'tables':7,"
                    "'contestants':[{'id':'1','place':1,'players':[{'id':'123456'},{'name':'visitor'}]}]}");
    assert_true(abf_has_note(&r, "gold points, masterpointed by the ABF Masterpoint Unit"));
    /* ABF-68/ABF-74 (5.1.4, 7.1): entry limited to registered players. */
    assert_true(abf_has_note(&r, "players[1] (visitor) has no ABF number"));
    /* A2 W = 5.0: Howell T=7 0.04 x 5 x 7 = 1.40 gold. */
    assert_points(abf_pts(&r, "1", "session", 0), "1.40");
    assert_string_equal(abf_find(&r, "1", "session")->colour, "gold");
    abf_free(&r);
}

/* ABF-75 (7.2, 7.3): national events and their grades; ABF-77 (7.5.2):
 * grade A W = 10 and the x3 amplification of 7.3.1/7.3.2 events except the
 * GNOT. */
static void national_events(void **state)
{
    (void)state;
    assert_string_equal(abf_national_find("playoff")->grade, "A");
    assert_string_equal(abf_national_find("gnot-qualifying")->grade, "A2");
    assert_int_equal(abf_national_find("playoff")->amplify10, 30);
    assert_int_equal(abf_national_find("gnot-national")->amplify10, 10);
    assert_int_equal(abf_national_find("interstate-pairs")->amplify10, 15);
    assert_null(abf_national_find("bermuda-bowl"));
    assert_int_equal(abf_grade_find("A")->pairs_w100, 1000);
    bmp_error e = abf_run_error("{'body':'abf','name':'x','kind':'teams','grade':'A2','sessions':1,"
                                "'params':{'national_event':'playoff'},'contestants':[{'id':'1'}]}",
                                BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.grade: the National Play-offs is grade A (7.5.3)"));
    /* ABF-77: amplification is for the outright award only: a play-off's
     * session (match) award stays 0.08 per board in a field of more than 4
     * teams (7.5.3): 12 boards 0.96 (segments under 12 boards are
     * combined, 7.5.3). */
    run r = abf_run("{'body':'abf','name':'x','kind':'teams','grade':'A','sessions':1,"
                    "'params':{'national_event':'playoff'},"
                    "'contestants':[{'id':'A'},{'id':'B'},{'id':'C'},{'id':'D'},{'id':'E'}],"
                    "'matches':[{'home':'A','away':'B','home_score':20,'away_score':0,'boards':12}]}");
    assert_points(abf_pts(&r, "A", "match", 0), "0.96");
    abf_free(&r);
}

/* ABF-78/ABF-79 (7.5.3): play-off session awards per board: 0.08 in a
 * field of 5 teams, 0.12 for the last 4 teams (stage final); -25 % for Women's (the 4.4.10 factor, applied
 * once: AMB-25): 20 boards 0.12 x 20 x 0.75 = 1.80. */
static void playoff_rates(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'knockout','grade':'A','sessions':1,"
                    "'restrictions':['women'],'params':{'national_event':'playoff'},"
                    "'contestants':[{'id':'A'},{'id':'B'},{'id':'C'},{'id':'D'},{'id':'E'}],'matches':["
                    "{'home':'A','away':'B','home_score':20,'away_score':0,'boards':20,'stage':'final'},"
                    "{'home':'A','away':'B','home_score':20,'away_score':0,'boards':20}]}");
    assert_points(abf_pts(&r, "A", "final-match", 0), "1.80");
    /* 0.08 x 20 x 0.75 = 1.20 */
    assert_points(abf_pts(&r, "A", "match", 0), "1.20");
    abf_free(&r);
}

/* ABF-61 (6.2.2): a State Play-off is masterpointed like the National
 * Play-offs (ABF-79) at grade B (ruling ABF-R20): 0.04 per board in a
 * field of 5 teams, 0.06 in the final (4 teams or fewer), red points: 20 boards 0.06 x 20 = 1.20 and
 * 0.04 x 20 = 0.80.  It must be graded B. */
static void state_playoff(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'knockout','grade':'B','sessions':1,"
                    "'params':{'national_event':'state-playoff'},"
                    "'contestants':[{'id':'A'},{'id':'B'},{'id':'C'},{'id':'D'},{'id':'E'}],'matches':["
                    "{'home':'A','away':'B','home_score':20,'away_score':0,'boards':20,'stage':'final'},"
                    "{'home':'A','away':'B','home_score':20,'away_score':0,'boards':20}]}");
    assert_points(abf_pts(&r, "A", "final-match", 0), "1.20");
    assert_points(abf_pts(&r, "A", "match", 0), "0.80");
    assert_string_equal(abf_find(&r, "A", "match")->colour, "red");
    abf_free(&r);
    bmp_error e = abf_run_error("{'body':'abf','name':'x','kind':'knockout','grade':'A',"
                                "'params':{'national_event':'state-playoff'},"
                                "'contestants':[{'id':'A'},{'id':'B'}]}",
                                BMP_EINVAL);
    assert_non_null(strstr(e.msg, "the State Play-off is grade B (6.2.2)"));
}

/* ABF-80 (7.5.4): Australian Butler Pairs: stage 1 grade A session
 * awards, stage 2 0.12 per board; outright T = stage-1 tables, S = 24-board
 * sessions of both stages: 30 stage-1 tables, 96 + 48 boards = 6 sessions:
 * F(30, 6) at W = 10 (no amplification). */
static void butler_pairs(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'butler','grade':'A','sessions':6,'tables':8,"
                    "'params':{'national_event':'butler','outright_tables':30,'outright_sessions':6},"
                    "'contestants':[{'id':'A','place':1},{'id':'B','place':2}],'matches':["
                    "{'home':'A','away':'B','home_score':20,'away_score':0,'boards':12,'stage':'final'}]}");
    assert_points(abf_pts(&r, "A", "final-match", 0), "1.44");
    /* F(30, 6) at W = 10 = 4.2 x 10 x (1 - e^(-150/105) + 0.65 e^(-800/150))
     * = 32.0665 -> 32.07 (the table route, 3C T=30 S=6 8.02 x 4, gives 32.08). */
    assert_points(abf_pts(&r, "A", "outright", 0), "32.07");
    abf_free(&r);
}

/* ABF-81 (7.5.5): Interstate Teams 0.08, finals 0.12, x3; ABF-82 (7.5.6):
 * Interstate Pairs: standard session awards, outright x1.5 to the top 3/4
 * of the actual field: 20 pairs (10 tables) -> T = 15, 15 places. */
static void interstate(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'teams','grade':'A','sessions':1,"
                    "'params':{'national_event':'interstate-teams'},'contestants':[{'id':'A'},{'id':'B'}],"
                    "'matches':[{'home':'A','away':'B','home_score':20,'away_score':0,'boards':16,"
                    "'stage':'final'}]}");
    assert_points(abf_pts(&r, "A", "final-match", 0), "1.92");
    abf_free(&r);
    char json[4096] = "{'body':'abf','name':'x','kind':'pairs','grade':'A','sessions':4,'tables':10,"
                      "'params':{'national_event':'interstate-pairs'},'contestants':[";
    for (int i = 1; i <= 20; i++) {
        char one[64];
        snprintf(one, sizeof one, "%s{'id':'%d','place':%d}", i > 1 ? "," : "", i, i);
        strcat(json, one);
    }
    strcat(json, "]}");
    r = abf_run(json);
    assert_true(abf_has_note(&r, "T = 15 (amplified"));
    /* 10 tables x 1.5 = 15 (ABF-82): 20 pairs x 1.5 = 30, top half 15
     * places (3/4 of the actual field).  Winner F(15, 4) at W = 10 =
     * 4.2 x 10 x (1 - e^(-45/105) + 0.65 e^(-800/45)) = 14.6396 -> 14.64
     * (Table 3C T=15 S=4 prints 3.66 = the same at W = 2.5, x 4 = 14.64);
     * 15th = 14.6396 / 14 = 1.0457 -> 1.05. */
    assert_points(abf_pts(&r, "15", "outright", 0), "1.05");
    assert_points(abf_pts(&r, "16", "outright", 0), "0.00");
    assert_points(abf_pts(&r, "1", "outright", 0), "14.64");
    abf_free(&r);
}

/* ABF-83 (7.5.7): GNOT qualifying at A2 0.04 per board, 0.06 for State or
 * Regional finals; the National final's preliminary 0.08 (9 teams: more
 * than 8 tables), finals 0.12; no amplification (AMB-14). */
static void gnot(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'swiss-teams','grade':'A2','sessions':1,"
                    "'params':{'national_event':'gnot-qualifying'},'contestants':[{'id':'A'},{'id':'B'}],"
                    "'matches':[{'home':'A','away':'B','home_score':20,'away_score':0,'boards':10},"
                    "{'home':'A','away':'B','home_score':20,'away_score':0,'boards':10,'stage':'final'}]}");
    assert_points(abf_pts(&r, "A", "match", 0), "0.40");
    /* Audit 2: this one-session, two-team "final" is below the 3 sessions
     * and 10 teams 7.5.7 asks of a State or Regional final: 0.04 x 10 (the
     * 0.06 rate is tested in test_abf_audit2.c). */
    assert_points(abf_pts(&r, "A", "final-match", 0), "0.40");
    assert_true(abf_has_note(&r, "State Masterpoint Secretary (7.5.7)"));
    abf_free(&r);
    r = abf_run("{'body':'abf','name':'x','kind':'teams','grade':'A','sessions':1,"
                "'params':{'national_event':'gnot-national'},'contestants':[{'id':'A'},{'id':'B'},"
                "{'id':'C'},{'id':'D'},{'id':'E'},{'id':'F'},{'id':'G'},{'id':'H'},{'id':'I'}],"
                "'matches':[{'home':'A','away':'B','home_score':20,'away_score':0,'boards':10},"
                "{'home':'A','away':'B','home_score':20,'away_score':0,'boards':10,'stage':'final'}]}");
    assert_points(abf_pts(&r, "A", "match", 0), "0.80");
    assert_points(abf_pts(&r, "A", "final-match", 0), "1.20");
    abf_free(&r);
}

/* ABF-83 (7.5.7) placing awards: a GNOT qualifier whose winners do not go
 * directly to the National Finals gets no placing award; one whose winners
 * do gets A2 placing awards on its own tables and sessions (T = 10, S = 3:
 * Table 3C T=10 S=3 x 2 -> formula F(10, 3) at W = 5).  The National final
 * pays all players who reached the National preliminary. */
static void gnot_placing(void **state)
{
    (void)state;
    const char *ev = "{'body':'abf','name':'x','kind':'teams','grade':'A2','sessions':3,'tables':10,"
                     "'params':{'national_event':'gnot-qualifying','outright_sessions':3%s},"
                     "'contestants':[{'id':'A','place':1},{'id':'B','place':2}]}";
    char buf[512];
    snprintf(buf, sizeof buf, ev, "");
    run r = abf_run(buf);
    assert_points(abf_pts(&r, "A", "outright", 0), "0.00");
    assert_true(abf_has_note(&r, "session awards only (7.5.7)"));
    abf_free(&r);
    snprintf(buf, sizeof buf, ev, ",'direct_to_national_final':true");
    r = abf_run(buf);
    /* F(10, 3) at W = 5 = 3.64213 is raised to 72 % of F(10, 4) = 5.21898:
     * 3.75766 -> 3.76 (Table 3C T=10 S=3 1.88 x 2). */
    assert_points(abf_pts(&r, "A", "outright", 0), "3.76");
    abf_free(&r);
    char json[2048] = "{'body':'abf','name':'x','kind':'teams','grade':'A','sessions':4,'tables':6,"
                      "'params':{'national_event':'gnot-national','outright_sessions':4},"
                      "'contestants':[";
    for (int i = 1; i <= 6; i++) {
        char one[64];
        snprintf(one, sizeof one, "%s{'id':'%d','place':%d}", i > 1 ? "," : "", i, i);
        strcat(json, one);
    }
    strcat(json, "]}");
    r = abf_run(json);
    /* 6th of 6 is paid: F(6, 4) at W = 10 / 5 */
    /* F(6, 4) at W = 10 = 6.61666; 6th = 6.61666 / 5 = 1.3233 -> 1.32 */
    assert_points(abf_pts(&r, "6", "outright", 0), "1.32");
    abf_free(&r);
}

/* ABF-79 (7.5.3): outright S is each team's own 24-board sessions: a
 * play-off of 4 teams (T = 12 amplified): the finalists played 96 boards (S
 * = 4), the losing semi-finalists 48 (S = 2). */
static void playoff_own_sessions(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'knockout','grade':'A','sessions':4,'tables':4,"
                    "'params':{'national_event':'playoff'},'contestants':[{'id':'A','place':1},"
                    "{'id':'B','place':2},{'id':'C','place':'3='},{'id':'D','place':'3='}],'matches':["
                    "{'home':'A','away':'C','winner':'A','boards':48},"
                    "{'home':'B','away':'D','winner':'B','boards':48},"
                    "{'home':'A','away':'B','winner':'A','boards':48,'stage':'final'}]}");
    /* A: F(12, 4) at W = 10 = 12.19094 -> 12.19.  C and D (=3rd, S = 2):
     * F(12, 2) = 4.53587 raised to 44 % of F(12, 4): 5.36401; the tie
     * shares 3rd and 4th: (5.36401/2 + 5.36401/3)/2 = 2.23501 -> 2.24. */
    assert_points(abf_pts(&r, "A", "outright", 0), "12.19");
    assert_points(abf_pts(&r, "C", "outright", 0), "2.24");
    assert_points(abf_pts(&r, "D", "outright", 0), "2.24");
    abf_free(&r);
}

/* ABF-84 (7.5.8): National Open Teams: 0.12 per board throughout; x3. */
static void not_teams(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'teams','grade':'A','sessions':1,"
                    "'params':{'national_event':'not'},'contestants':[{'id':'A'},{'id':'B'}],"
                    "'matches':[{'home':'A','away':'B','home_score':20,'away_score':0,'boards':14}]}");
    assert_points(abf_pts(&r, "A", "match", 0), "1.68");
    abf_free(&r);
    assert_int_equal(abf_national_find("not")->amplify10, 30);
}

/* ABF-85 (1.5.2): playing directors allowed for GNOT qualifying, State
 * Championship qualifying rounds, B5i, B4c, B4s qualifying, C, D, E, F;
 * not for congresses or State/National championship proper. */
static void directors(void **state)
{
    (void)state;
    assert_true(abf_playing_director_allowed(abf_grade_find("E"), false, false, false));
    assert_true(abf_playing_director_allowed(abf_grade_find("B4c"), false, false, false));
    assert_true(abf_playing_director_allowed(abf_grade_find("B4s"), false, true, false));
    assert_false(abf_playing_director_allowed(abf_grade_find("B4s"), false, false, false));
    assert_true(abf_playing_director_allowed(abf_grade_find("B"), false, true, false));
    assert_false(abf_playing_director_allowed(abf_grade_find("B"), false, false, false));
    assert_true(abf_playing_director_allowed(abf_grade_find("A2"), false, true, true));
    assert_false(abf_playing_director_allowed(abf_grade_find("B4"), true, false, false));
    assert_false(abf_playing_director_allowed(abf_grade_find("A"), false, false, false));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(congress_grades),  cmocka_unit_test(acceleration),
        cmocka_unit_test(restricted_congress), cmocka_unit_test(congress_checks),
        cmocka_unit_test(majors),           cmocka_unit_test(walk_in_final),
        cmocka_unit_test(large_congress),   cmocka_unit_test(issuers),
        cmocka_unit_test(national_events),  cmocka_unit_test(playoff_rates),
        cmocka_unit_test(state_playoff),
        cmocka_unit_test(butler_pairs),     cmocka_unit_test(interstate),
        cmocka_unit_test(gnot),             cmocka_unit_test(not_teams),
        cmocka_unit_test(directors),        cmocka_unit_test(tour_local_green),
        cmocka_unit_test(gnot_placing),     cmocka_unit_test(playoff_own_sessions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
