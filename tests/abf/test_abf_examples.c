/* ABF Appendix B worked examples and the examples in the clause text
 * (abf.md §4), each reproduced to the printed value. */
#include "abf_test_util.h"

/* Appendix B.2: club pairs, grade E, 14 pairs (7 tables), 2 sessions.
 * ABF-6: Mitchell Table 1B T=7: 0.21/0.15/0.105; ABF-7: Howell Table 2B T=7
 * 0.42...; ABF-8: session 1 by direction (two winners), session 2 one winner;
 * ABF-10: 2nd 70 %, 3rd 1/2; ABF-11: 3 places each way (floor(7/2)) and 7
 * Howell places; ABF-40: NS =2nd shares (0.147 + 0.105)/2 = 0.126 -> 0.13,
 * EW =3rd (last paid place) shares 0.105/2 = 0.0525 -> 0.05; ABF-45: P11
 * 0.105 -> 0.11 half-up; ABF-28/ABF-29: outright Table 3B T=7 S=2 0.50
 * (unrounded 0.5025 after the S=2 floor) in addition to session awards. */
static void appendix_b2(void **state)
{
    (void)state;
    run r = abf_run_file("examples/abf/appendix-b-2.json", NULL, NULL);
    static const struct {
        const char *id, *session, *outright, *total;
    } want[] = {
        {"P1", "0.08", "0.00", "0.08"},  {"P2", "0.00", "0.00", "0.00"},
        {"P3", "0.25", "0.13", "0.38"},  {"P4", "0.00", "0.00", "0.00"},
        {"P5", "0.55", "0.50", "1.05"},  {"P6", "0.13", "0.10", "0.23"},
        {"P7", "0.21", "0.17", "0.38"},  {"P8", "0.28", "0.35", "0.63"},
        {"P9", "0.14", "0.08", "0.22"},  {"P10", "0.15", "0.00", "0.15"},
        {"P11", "0.11", "0.00", "0.11"}, {"P12", "0.30", "0.25", "0.55"},
        {"P13", "0.00", "0.00", "0.00"}, {"P14", "0.05", "0.00", "0.05"},
    };
    for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
        assert_points(abf_pts(&r, want[i].id, "session", 0), want[i].session);
        assert_points(abf_pts(&r, want[i].id, "outright", 0), want[i].outright);
        assert_points(abf_pts(&r, want[i].id, NULL, 1), want[i].total);
    }
    /* Colour by grade (ABF-1): grade E is green; rule and section recorded. */
    const bmp_award *a = abf_find(&r, "P5", "outright");
    assert_string_equal(a->colour, "green");
    assert_string_equal(a->rule, "ABF-28");
    assert_string_equal(a->section, "4.3.1");
    abf_free(&r);
    /* ABF-45 (4.4.2 literal, AMB-1): half-even would print P11 0.10. */
    r = abf_run_file("examples/abf/appendix-b-2.json", "\"params\": {",
                     "\"params\": {\"rounding\": \"half-even\", ");
    assert_points(abf_pts(&r, "P11", "session", 0), "0.10");
    abf_free(&r);
}

/* ABF-54 (2.2, 1.6): grade F supervised play earns green points at half the
 * grade E rate (pairs W 0.75 against 1.5).  Appendix B.2 played at grade F:
 * each award is half the unrounded grade E value, rounded once (ABF-R1):
 * P7 session 1 NS 1st: 0.21 / 2 = 0.105 -> 0.11 (an exact half-cent tie);
 * P5 session 2 1st: 0.42 / 2 = 0.21; P5 session 1 NS tie 2/3:
 * 0.126 / 2 = 0.063 -> 0.06; P5 outright 0.502478 / 2 = 0.251239 -> 0.25;
 * P7 outright 0.167493 / 2 = 0.083746 -> 0.08. */
static void grade_f_half_rate(void **state)
{
    (void)state;
    run r = abf_run_file("examples/abf/appendix-b-2.json", "\"grade\": \"E\"",
                         "\"grade\": \"F\"");
    assert_points(abf_pts(&r, "P7", "session", 0), "0.11");
    assert_points(abf_pts(&r, "P5", "session", 0), "0.27"); /* 0.06 + 0.21 */
    assert_points(abf_pts(&r, "P5", "outright", 0), "0.25");
    assert_points(abf_pts(&r, "P7", "outright", 0), "0.08");
    assert_string_equal(abf_find(&r, "P5", "outright")->colour, "green");
    abf_free(&r);
}

/* Appendix B.1.1: club teams championship, grade D, T = 6 (AMB-6: T3 v T5
 * is +4).  ABF-19: 0.012 x 14 = 0.168 per win; ABF-20: a draw is a margin
 * <= 14 x 0.2 = 2.8 IMP (T3 +2 v T6 in the play-off); ABF-46: the final
 * 0.018 x 14 = 0.252; ABF-31: S = 84/24 = 3.5 -> 3; ABF-28: Table 3B T=6
 * S=3 0.71 / 0.50 (ABF-11: ceil(6/3) = 2 places).  AMB-2: Appendix B
 * multiplies the rounded per-win award ("route": "table"). */
static void appendix_b11(void **state)
{
    (void)state;
    run r = abf_run_file("examples/abf/appendix-b-1-1.json", NULL, NULL);
    static const struct {
        const char *id, *session, *outright, *total;
    } want[] = {
        {"T4", "0.51", "0.71", "1.47"}, {"T1", "0.60", "0.50", "1.10"},
        {"T2", "0.51", "0.00", "0.51"}, {"T5", "0.26", "0.00", "0.26"},
        {"T3", "0.43", "0.00", "0.43"}, {"T6", "0.60", "0.00", "0.60"},
    };
    bmp_points all = 0;
    for (size_t i = 0; i < 6; i++) {
        assert_points(abf_pts(&r, want[i].id, "match", 0), want[i].session);
        assert_points(abf_pts(&r, want[i].id, "outright", 0), want[i].outright);
        assert_points(abf_pts(&r, want[i].id, NULL, 0), want[i].total);
        all += abf_pts(&r, want[i].id, NULL, 0);
    }
    assert_points(abf_pts(&r, "T4", "final-match", 0), "0.25");
    /* "Total green masterpoints allocated: 4.37 x 4 = 17.48". */
    assert_points(all, "4.37");
    assert_points(all * 4, "17.48");
    abf_free(&r);
    /* AMB-2: rounding once at the end (the regulation's 4.4.2 default):
     * T1 3.5 x 0.168 = 0.588 -> 0.59, T2 0.504 -> 0.50, T5 0.252 -> 0.25,
     * T3 0.42, T6 0.59; T4 0.504 -> 0.50 + final 0.252 -> 0.25. */
    r = abf_run_file("examples/abf/appendix-b-1-1.json", "\"route\": \"table\"",
                     "\"route\": \"formula\"");
    assert_points(abf_pts(&r, "T1", "match", 0), "0.59");
    assert_points(abf_pts(&r, "T2", "match", 0), "0.50");
    assert_points(abf_pts(&r, "T5", "match", 0), "0.25");
    assert_points(abf_pts(&r, "T3", "match", 0), "0.42");
    assert_points(abf_pts(&r, "T6", "match", 0), "0.59");
    assert_points(abf_pts(&r, "T4", "match", 0), "0.50");
    assert_points(abf_pts(&r, "T4", "final-match", 0), "0.25");
    assert_points(abf_pts(&r, "T4", "outright", 0), "0.71");
    abf_free(&r);
}

/* Appendix B.1.2: single-session Swiss teams, grade E, 4 x 8 boards.
 * ABF-18/ABF-19: match awards 0.008 x 8 = 0.064, used as 0.06; ABF-20: a
 * win needs > 1.6 IMP (T1 v T6 0, T3 v T4 +1 are draws); ABF-17: no
 * placing award in a single session. */
static void appendix_b12(void **state)
{
    (void)state;
    run r = abf_run_file("examples/abf/appendix-b-1-2.json", NULL, NULL);
    static const char *const want[] = {"0.15", "0.06", "0.15", "0.09",
                                       "0.12", "0.15", "0.06", "0.18"};
    for (int i = 0; i < 8; i++) {
        char id[8];
        snprintf(id, sizeof id, "T%d", i + 1);
        assert_points(abf_pts(&r, id, "match", 0), want[i]);
        assert_points(abf_pts(&r, id, "outright", 0), "0.00");
    }
    assert_true(abf_has_note(&r, "no outright award"));
    abf_free(&r);
    /* ABF-23: matches under 5 boards: Table 2A T=8 to the top third
     * (ceil(8/3) = 3): 0.32, 0.22, 0.16. */
    r = abf_run_file("examples/abf/appendix-b-1-2-short.json", NULL, NULL);
    assert_points(abf_pts(&r, "T8", "session", 0), "0.32");
    assert_points(abf_pts(&r, "T5", "session", 0), "0.22");
    assert_points(abf_pts(&r, "T6", "session", 0), "0.16");
    assert_points(abf_pts(&r, "T1", "session", 0), "0.00");
    abf_free(&r);
}

/* 4.4.1 (ABF-9): an 8 1/2-table grade E Mitchell: T = 9 and each
 * direction's winner gets 0.27 (0.02 x 1.5 x 9). */
static void half_table_mitchell(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'E','sessions':1,"
                    "'tables':8.5,'movement':'two-winner','contestants':["
                    "{'id':'1','rankings':[{'session':1,'direction':'NS','place':1}]},"
                    "{'id':'2','rankings':[{'session':1,'direction':'EW','place':1}]},"
                    "{'id':'3','rankings':[{'session':1,'direction':'EW','place':2}]}]}");
    assert_points(abf_pts(&r, "1", "session", 0), "0.27");
    assert_points(abf_pts(&r, "2", "session", 0), "0.27");
    /* 2nd: 0.7 x 0.27 = 0.189 -> 0.19 */
    assert_points(abf_pts(&r, "3", "session", 0), "0.19");
    assert_string_equal(abf_find(&r, "1", "session")->rule, "ABF-6");
    abf_free(&r);
}

/* 4.1.1 (ABF-11): a field of 9 pays to 4th; a field of 13 to 5th. */
static void places_paid(void **state)
{
    (void)state;
    assert_int_equal(abf_places_top_half(9), 4);
    assert_int_equal(abf_places_top_third(13), 5);
    /* Mitchell floor(T/2) per direction, Howell T, individual 2T (AMB-21). */
    assert_int_equal(abf_session_places(false, false, 7), 3);
    assert_int_equal(abf_session_places(true, false, 7), 7);
    assert_int_equal(abf_session_places(true, true, 3), 6);
}

/* 4.2.5 example (ABF-46, ABF-47): B4 pairs, 7-table Howell final and two
 * graded 9-table Mitchell consolations: final 0.70 x 1.5 = 1.05;
 * consolation 1: 0.45 x 0.60 = 0.27; consolation 2: 0.45 x 0.45 = 0.2025
 * -> 0.20. */
static void finals_and_consolations(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'B4','sessions':3,"
                    "'tables':25,'params':{'outright_sessions':0},"
                    "'groups':[{'name':'F','type':'final','tables':7},"
                    "{'name':'C1','type':'consolation','tables':9,'params':{'consolation':1}},"
                    "{'name':'C2','type':'consolation','tables':9,'params':{'consolation':2}}],"
                    "'contestants':["
                    "{'id':'f','rankings':[{'session':3,'section':'F','place':1}]},"
                    "{'id':'c1','rankings':[{'session':3,'section':'C1','direction':'NS','place':1}]},"
                    "{'id':'c2','rankings':[{'session':3,'section':'C2','direction':'EW','place':1}]}]}");
    assert_points(abf_pts(&r, "f", "session", 0), "1.05");
    assert_points(abf_pts(&r, "c1", "session", 0), "0.27");
    assert_points(abf_pts(&r, "c2", "session", 0), "0.20");
    assert_string_equal(abf_find(&r, "f", "session")->rule, "ABF-46");
    assert_string_equal(abf_find(&r, "c1", "session")->rule, "ABF-47");
    abf_free(&r);
}

/* 4.3.3 example (ABF-32, ABF-35): a 2-session congress pairs championship
 * (B4, S = 2 + 1 acceleration = 3), 7-table Howell final, 13-table
 * Mitchell consolation, T = 20: final 3.33 (Table 3C T=20 S=3); the
 * consolation's two winners 3.3263 x 1/4 x 0.65 x 13/10.5 = 0.669 -> 0.67. */
static void consolation_outright(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'B4','sessions':2,"
                    "'tables':20,'params':{'congress':'state','consolations':1},"
                    "'groups':[{'name':'F','type':'final','tables':7},"
                    "{'name':'CNS','type':'consolation','tables':13,'params':{'two_winners':true}},"
                    "{'name':'CEW','type':'consolation','tables':13,'params':{'two_winners':true}}],"
                    "'contestants':[{'id':'f1','group':'F','place':1},{'id':'f2','group':'F','place':2},"
                    "{'id':'ns1','group':'CNS','place':1},{'id':'ew1','group':'CEW','place':1}]}");
    assert_points(abf_pts(&r, "f1", "outright", 0), "3.33");
    assert_points(abf_pts(&r, "ns1", "outright", 0), "0.67");
    assert_points(abf_pts(&r, "ew1", "outright", 0), "0.67");
    assert_string_equal(abf_find(&r, "ns1", "outright")->rule, "ABF-35");
    assert_true(abf_has_note(&r, "S = 3 (congress acceleration"));
    abf_free(&r);
    int64_t n, d;
    /* ABF-35 proportions: 1 -> 1/4; 2 ungraded 1/5; 2 graded 1/3, 1/5; 3+
     * graded 1/(k+2). */
    abf_consolation_outright(1, 1, true, &n, &d, NULL);
    assert_int_equal(d, 4);
    abf_consolation_outright(2, 3, false, &n, &d, NULL);
    assert_int_equal(d, 5);
    abf_consolation_outright(1, 2, true, &n, &d, NULL);
    assert_int_equal(d, 3);
    abf_consolation_outright(2, 2, true, &n, &d, NULL);
    assert_int_equal(d, 5);
    abf_consolation_outright(3, 4, true, &n, &d, NULL);
    assert_int_equal(d, 5);
    /* size ratio: 13 tables vs a 7-table final: 13 / 10.5; 4 vs 7: 4/5.25;
     * 7 vs 7: 1. */
    abf_consolation_size_ratio(13, 7, &n, &d);
    assert_int_equal(n * 1050, d * 1300);
    abf_consolation_size_ratio(4, 7, &n, &d);
    assert_int_equal(n * 525, d * 400);
    abf_consolation_size_ratio(7, 7, &n, &d);
    assert_int_equal(n, d);
}

/* 4.3.3 example (ABF-34): a 36-table, 4-session Swiss and 4-table,
 * 2-session KO finals, no consolations: the top third of 36 = 12 places;
 * S = 6 for 1st/2nd, 5 for =3rd, 4 for 5th-12th.  Grade B4 (3C x 1.0):
 * 1st = Table 3C T=36 S=6; =3rd = (F5/2 + F5/3)/2 = (7.86207/2 +
 * 7.86207/3)/2 = 3.2759 -> 3.28; 5th = F4/4 = 6.75021/4 = 1.6876 -> 1.69;
 * 12th = 6.75021/11 = 0.6137 -> 0.61; 13th nothing. */
static void finals_sessions_played(void **state)
{
    (void)state;
    char json[4096] = "{'body':'abf','name':'x','kind':'swiss-teams','grade':'B4','sessions':4,"
                      "'tables':36,'groups':[{'name':'KO','type':'final','tables':2}],"
                      "'contestants':[";
    for (int i = 1; i <= 13; i++) {
        int s = i <= 2 ? 6 : i <= 4 ? 5 : 4;
        char one[160];
        snprintf(one, sizeof one, "%s{'id':'%d','place':'%s','params':{'sessions_played':%d}}",
                 i > 1 ? "," : "", i, i == 3 || i == 4 ? "3=" : (char[8]){0}, s);
        if (!(i == 3 || i == 4))
            snprintf(one, sizeof one, "%s{'id':'%d','place':%d,'params':{'sessions_played':%d}}",
                     i > 1 ? "," : "", i, i, s);
        strcat(json, one);
    }
    strcat(json, "]}");
    run r = abf_run(json);
    bmp_csv csv;
    bmp_csv_load(&csv, "abf/table_3C.csv");
    size_t row = 0;
    for (size_t i = 1; i < csv.nrows; i++)
        if (!strcmp(bmp_csv_get(&csv, i, 0), "36"))
            row = i;
    assert_points(abf_pts(&r, "1", "outright", 0), bmp_csv_get(&csv, row, bmp_csv_col(&csv, "S=6")));
    bmp_csv_free(&csv);
    assert_points(abf_pts(&r, "3", "outright", 0), "3.28");
    assert_points(abf_pts(&r, "4", "outright", 0), "3.28");
    assert_points(abf_pts(&r, "5", "outright", 0), "1.69");
    assert_points(abf_pts(&r, "12", "outright", 0), "0.61");
    assert_points(abf_pts(&r, "13", "outright", 0), "0.00");
    abf_free(&r);
}

/* 4.3.1 (ABF-31): 14 rounds of 20 boards = 280/24 = 11.67 -> 11 (0.67 <=
 * 0.83); 5 x 14 = 70/24 = 2.92 -> 3 (0.92 > 0.83); 44/24 = 1.833 -> 2;
 * 43/24 = 1.79 -> 1.  ABF-38: grade F sessions of 15 boards: 45/15 = 3. */
static void session_counting(void **state)
{
    (void)state;
    assert_int_equal(abf_sessions_from_boards(280, 24), 11);
    assert_int_equal(abf_sessions_from_boards(70, 24), 3);
    assert_int_equal(abf_sessions_from_boards(84, 24), 3);
    assert_int_equal(abf_sessions_from_boards(44, 24), 2);
    assert_int_equal(abf_sessions_from_boards(43, 24), 1);
    assert_int_equal(abf_sessions_from_boards(45, 15), 3);
}

/* 4.4.6 (ABF-40): a triple tie for 2nd in Table 1C T=20 (1st 1.00):
 * (0.70 + 0.50 + 0.3333)/3 = 0.5111 -> 0.51; the next gets the 5th-place
 * award 0.25. */
static void triple_tie(void **state)
{
    (void)state;
    core_exact w = abf_session_winner(false, 20, 250), v;
    assert_points(abf_round(w, BMP_ROUND_HALF_UP), "1.00");
    assert_true(abf_tie_share(w, 10, 2, 4, &v));
    assert_points(abf_round(v, BMP_ROUND_HALF_UP), "0.51");
    assert_points(abf_round(abf_place_award(w, 5), BMP_ROUND_HALF_UP), "0.25");
    /* a tie for 10th/11th with 10 paid shares 10th only: 1/9/2 = 0.0556 -> 0.06 */
    assert_true(abf_tie_share(w, 10, 10, 11, &v));
    assert_points(abf_round(v, BMP_ROUND_HALF_UP), "0.06");
    assert_false(abf_tie_share(w, 10, 11, 12, &v));
}

/* 4.4.9 (ABF-48): every master_factors.csv cell; the median example (5
 * Life, 10 National, 12 State, 1 Regional -> National); the average
 * example (grade B, Graduate/Club/Local: (0.40 + 0.50 + 0.65)/3 = 0.52). */
static void master_factors(void **state)
{
    (void)state;
    bmp_csv csv;
    bmp_csv_load(&csv, "abf/master_factors.csv");
    static const char *const rep[] = {"E", "B4", "A2", "A"};
    static const char *const cols[] = {"Graduate", "Club", "Local", "State", "Bronze State",
                                       "National", "Bronze National", "Life", "Grand"};
    int cells = 0;
    for (size_t r = 1; r < csv.nrows; r++)
        for (size_t c = 0; c < 9; c++) {
            int f;
            assert_int_equal(abf_master_factor(abf_grade_find(rep[r - 1]), cols[c], &f, NULL),
                             BMP_OK);
            double want = atof(bmp_csv_get(&csv, r, c + 1));
            assert_int_equal(f, (int)(want * 1000 + 0.5));
            cells++;
        }
    assert_int_equal(cells, 36);
    bmp_csv_free(&csv);
    int64_t n, d;
    const abf_grade *b = abf_grade_find("B");
    assert_int_equal(abf_master_factor_field(b, "Life:5,National:10,State:12,Regional:1", false,
                                             &n, &d, NULL), BMP_OK);
    assert_int_equal(n * 1000, 900 * d); /* B/A2 National 0.90 */
    assert_int_equal(abf_master_factor_field(b, "Graduate:6,Club:9,Local:4", true, &n, &d, NULL),
                     BMP_OK);
    assert_points(bmp_mul_ratio(100, n, d, BMP_ROUND_HALF_UP, 1), "0.52");
    /* below Graduate counts as Graduate; 21 ranks map per AMB-7. */
    int f;
    abf_master_factor(abf_grade_find("A"), "Nil", &f, NULL);
    assert_int_equal(f, 330);
    abf_master_factor(abf_grade_find("B3"), "Silver National Master", &f, NULL);
    assert_int_equal(f, 1125);
    abf_master_factor(abf_grade_find("B3"), "Gold Grand", &f, NULL);
    assert_int_equal(f, 1500);
    bmp_error e = {0};
    assert_int_equal(abf_master_factor(b, "Wizard", &f, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "unknown master ranking \"Wizard\""));
}

/* 4.2.2 (ABF-13, AMB-4): W = 2.5: P = 45.9 -> 0.00, 46 -> 0.05, 50 ->
 * 0.25; W = 5: P = 63.7 -> (50 + 130)/100 = 1.80. */
static void percentage_awards(void **state)
{
    (void)state;
    assert_points(abf_percentage_award(45.9, 250), "0.00");
    assert_points(abf_percentage_award(46.0, 250), "0.05");
    assert_points(abf_percentage_award(50.0, 250), "0.25");
    assert_points(abf_percentage_award(63.7, 500), "1.80");
    /* rounding down: W = 3.75, P = 51: (37.5 + 7.5)/100 = 0.45; P = 47:
     * (37.5 - 22.5)/100 = 0.15; W = 0.75, P = 53: (7.5 + 4.5)/100 = 0.12. */
    assert_points(abf_percentage_award(51.2, 375), "0.45");
    assert_points(abf_percentage_award(47.9, 375), "0.15");
    assert_points(abf_percentage_award(53.0, 75), "0.12");
    run r = abf_run("{'body':'abf','name':'x','kind':'pairs','grade':'B4','sessions':1,"
                    "'tables':10,'params':{'percentage_awards':true},'contestants':["
                    "{'id':'1','rankings':[{'session':1,'place':1,'score':63.7}]},"
                    "{'id':'2','rankings':[{'session':1,'place':2,'score':45.0}]}]}");
    /* W = 2.5, P = 63: (25 + 65)/100 = 0.90 */
    assert_points(abf_pts(&r, "1", "session", 0), "0.90");
    assert_points(abf_pts(&r, "2", "session", 0), "0.00");
    assert_string_equal(abf_find(&r, "1", "session")->rule, "ABF-13");
    abf_free(&r);
}

/* 7.5.3 example (ABF-79): a 60-board play-off final in 6 x 10-board
 * segments counts as three 20-board matches; with a field of 4 teams or
 * fewer, 0.12 gold per board: 2.40 per match won. */
static void playoff_segments(void **state)
{
    (void)state;
    run r = abf_run("{'body':'abf','name':'x','kind':'knockout','grade':'A','sessions':3,"
                    "'params':{'national_event':'playoff','outright_sessions':0},"
                    "'contestants':[{'id':'A','place':1},{'id':'B','place':2}],'matches':["
                    "{'home':'A','away':'B','home_score':40,'away_score':20,'boards':20,'stage':'final'},"
                    "{'home':'A','away':'B','home_score':30,'away_score':31,'boards':20,'stage':'final'},"
                    "{'home':'A','away':'B','home_score':50,'away_score':20,'boards':20,'stage':'final'}]}");
    /* A: 2 wins + a draw (a 1-IMP margin over 20 boards is <= 4 IMP) = 2.5
     * x 2.40 = 6.00; B: the half of the draw, 1.20. */
    assert_points(abf_pts(&r, "A", "final-match", 0), "6.00");
    assert_points(abf_pts(&r, "B", "final-match", 0), "1.20");
    assert_string_equal(abf_find(&r, "A", "final-match")->colour, "gold");
    abf_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(appendix_b2),
        cmocka_unit_test(grade_f_half_rate),
        cmocka_unit_test(appendix_b11),
        cmocka_unit_test(appendix_b12),
        cmocka_unit_test(half_table_mitchell),
        cmocka_unit_test(places_paid),
        cmocka_unit_test(finals_and_consolations),
        cmocka_unit_test(consolation_outright),
        cmocka_unit_test(finals_sessions_played),
        cmocka_unit_test(session_counting),
        cmocka_unit_test(triple_tie),
        cmocka_unit_test(master_factors),
        cmocka_unit_test(percentage_awards),
        cmocka_unit_test(playoff_segments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
