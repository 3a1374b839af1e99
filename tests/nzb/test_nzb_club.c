/* NZ club sessions: C points for pairs (Basic Table, minimums, half table,
 * ties, uneven Mitchell directions) and club match play (Part E, "Club
 * Sessions"; nzb.md NZ-21..NZ-31). */
#include "nzb_test_util.h"
#include "nzb/nzb_internal.h"

#define nzb_c_basic_for_test nzb_c_basic

#define CLUB(boards) "\"grade\":\"40C\",\"sessions\":1,\"boards\":" #boards

/* NZ-26, E-13: a Howell of 20 pairs, 24 deals: 40 34 28 23 17 12 6 1
 * (derived vector nzb.md §4: C(p) = floor(40 - 39(p-1)/7)). */
static void basic_table_20_pairs(void **state)
{
    (void)state;
    char *js = nz_event("pairs", CLUB(24), 20, 2, 0, 0);
    bmp_awards a;
    bmp_event *ev = nz_award(js, &a);
    static const char *const want[] = {"40.00", "34.00", "28.00", "23.00", "17.00",
                                       "12.00", "6.00",  "1.00",  "0.00"};
    for (int p = 1; p <= 9; p++) {
        char id[8];
        snprintf(id, sizeof id, "%d", p);
        assert_points(nz_pts(ev, &a, id, "session", "C", -1), want[p - 1]);
    }
    const bmp_award *w = nz_find(ev, &a, "1", "session");
    assert_string_equal(w->rule, "NZ-26");
    assert_string_equal(w->colour, "C");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(js);
}

/* NZ-28: 11-19 deals give half the Basic Table, fractions rounded up:
 * N=20 at 16 deals: 20 17 14 12 9 6 3 1 (ceil of 40/2, 34/2, 28/2, 23/2 ...). */
static void half_table_11_to_19_deals(void **state)
{
    (void)state;
    char *js = nz_event("pairs", CLUB(16), 20, 2, 0, 0);
    bmp_awards a;
    bmp_event *ev = nz_award(js, &a);
    static const char *const want[] = {"20.00", "17.00", "14.00", "12.00",
                                       "9.00",  "6.00",  "3.00",  "1.00"};
    for (int p = 1; p <= 8; p++) {
        char id[8];
        snprintf(id, sizeof id, "%d", p);
        assert_points(nz_pts(ev, &a, id, "session", "C", -1), want[p - 1]);
    }
    assert_string_equal(nz_find(ev, &a, "4", "session")->rule, "NZ-28");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(js);
}

/* NZ-28 / A-11: fewer than 11 deals: no C points. */
static void under_11_deals_no_award(void **state)
{
    (void)state;
    char *js = nz_event("pairs", CLUB(10), 20, 2, 0, 0);
    bmp_awards a;
    bmp_event *ev = nz_award(js, &a);
    assert_int_equal(a.count, 0);
    assert_true(nz_note(&a, "fewer than 11"));
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(js);
}

/* NZ-27: at least two complete tables in the section: 3 pairs get nothing,
 * 4 pairs (N=4 row: 40, 12) do. */
static void two_complete_tables(void **state)
{
    (void)state;
    char *js = nz_event("pairs", CLUB(24), 3, 2, 0, 0);
    bmp_awards a;
    bmp_event *ev = nz_award(js, &a);
    assert_int_equal(a.count, 0);
    assert_true(nz_note(&a, "fewer than two complete tables"));
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(js);
    js = nz_event("pairs", CLUB(24), 4, 2, 0, 0);
    ev = nz_award(js, &a);
    assert_points(nz_pts(ev, &a, "1", "session", "C", -1), "40.00");
    assert_points(nz_pts(ev, &a, "2", "session", "C", -1), "12.00");
    assert_points(nz_pts(ev, &a, "3", "session", "C", -1), "0.00");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(js);
}

/* NZ-25: the phantom is not a contestant (N=6 row, not 7).
 * NZ-29: ties share the average of the places: N=20, 2nd-3rd equal:
 * (34 + 28) / 2 = 31; N=6 2nd-3rd: (21 + 2) / 2 = 11.5 kept. */
static void ties_average(void **state)
{
    (void)state;
    const char *js =
        "{\"format\":\"bridgemp-event/1\",\"body\":\"nzb\",\"name\":\"t\",\"date\":\"2025-05-21\",\"kind\":\"pairs\"," CLUB(24) ","
        "\"contestants\":["
        "{\"id\":\"1\",\"place\":1,\"players\":[{\"id\":\"1\"},{\"id\":\"2\"}]},"
        "{\"id\":\"2\",\"place\":\"2=\",\"players\":[{\"id\":\"3\"},{\"id\":\"4\"}]},"
        "{\"id\":\"3\",\"place\":\"2=\",\"players\":[{\"id\":\"5\"},{\"id\":\"6\"}]},"
        "{\"id\":\"4\",\"place\":4,\"players\":[{\"id\":\"7\"},{\"id\":\"8\"}]},"
        "{\"id\":\"5\",\"place\":5,\"players\":[{\"id\":\"9\"},{\"id\":\"10\"}]},"
        "{\"id\":\"6\",\"place\":6,\"players\":[{\"id\":\"11\"},{\"id\":\"12\"}]},"
        "{\"id\":\"7\",\"name\":\"Phantom\",\"phantom\":true}]}";
    bmp_awards a;
    bmp_event *ev = nz_award(js, &a);
    assert_points(nz_pts(ev, &a, "2", "session", "C", -1), "11.50");
    assert_points(nz_pts(ev, &a, "3", "session", "C", -1), "11.50");
    assert_string_equal(nz_find(ev, &a, "2", "session")->rule, "NZ-29");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    char *big = nz_event("pairs", CLUB(24), 20, 2, 0, 0);
    /* rewrite places 2 and 3 as "2=" */
    char *p2 = strstr(big, "\"place\":2,"), *p3 = strstr(big, "\"place\":3,");
    assert_non_null(p2);
    assert_non_null(p3);
    nz_sb b = {0};
    nz_add(&b, "%.*s\"place\":\"2=\",%.*s\"place\":\"2=\",%s", (int)(p2 - big), big,
           (int)(p3 - (p2 + 10)), p2 + 10, p3 + 10);
    ev = nz_award(b.s, &a);
    assert_points(nz_pts(ev, &a, "2", "session", "C", -1), "31.00");
    assert_points(nz_pts(ev, &a, "3", "session", "C", -1), "31.00");
    assert_points(nz_pts(ev, &a, "4", "session", "C", -1), "23.00");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(b.s);
    free(big);
}

/* NZ-30, E-2: a Mitchell with a phantom, 19 pairs N/S and 20 E/W: 6th
 * place in both directions gets (10 + 12) / 2 = 11 C; NZ-21: each
 * direction has its own winner (40 C each). */
static void uneven_mitchell_directions(void **state)
{
    (void)state;
    char *js = nz_event("pairs", CLUB(26) ",\"movement\":\"two-winner\"", 39, 2, 19, 0);
    bmp_awards a;
    bmp_event *ev = nz_award(js, &a);
    assert_points(nz_pts(ev, &a, "6", "session", "C", -1), "11.00");      /* NS 6th */
    assert_points(nz_pts(ev, &a, "25", "session", "C", -1), "11.00");     /* EW 6th */
    assert_points(nz_pts(ev, &a, "1", "session", "C", -1), "40.00");      /* NS winner */
    assert_points(nz_pts(ev, &a, "20", "session", "C", -1), "40.00");     /* EW winner */
    assert_string_equal(nz_find(ev, &a, "6", "session")->rule, "NZ-30");
    /* 2nd: rows 19 and 20 give 34 and 34 -> 34; 3rd: 28 and 28; 4th: 22
     * and 23 -> 22.5 rolled up to 23 (half up, ruling NZ-L4). */
    assert_int_equal(nzb_c_basic_for_test(19, 4), 22);
    assert_points(nz_pts(ev, &a, "4", "session", "C", -1), "23.00");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(js);
}

/* NZ-21: a two-winner session needs directions. */
static void mitchell_needs_directions(void **state)
{
    (void)state;
    char *js = nz_event("pairs", CLUB(24) ",\"movement\":\"two-winner\"", 10, 2, 0, 0);
    bmp_error err = {0};
    assert_int_equal(nz_award_error(js, &err), BMP_EINVAL);
    assert_non_null(strstr(err.msg, "$.contestants: a two-winner (Mitchell) session needs"));
    free(js);
}

/* NZ-31, E-10: club match play, 2 C per deal won, 1 C per deal tied:
 * 16-deal matches: win 32 C, tie 16 C. */
static void club_match_play(void **state)
{
    (void)state;
    const char *js =
        "{\"format\":\"bridgemp-event/1\",\"body\":\"nzb\",\"name\":\"t\",\"date\":\"2025-05-21\",\"kind\":\"teams\","
        "\"grade\":\"40C\",\"boards_per_match\":16,"
        "\"contestants\":[{\"id\":\"A\"},{\"id\":\"B\"},{\"id\":\"C\"},{\"id\":\"D\"}],"
        "\"matches\":[{\"round\":1,\"home\":\"A\",\"away\":\"B\",\"home_score\":30,\"away_score\":12},"
        "{\"round\":1,\"home\":\"C\",\"away\":\"D\",\"winner\":\"tie\"},"
        "{\"round\":2,\"home\":\"A\",\"away\":\"C\",\"home_score\":5,\"away_score\":20,\"boards\":8}]}";
    bmp_awards a;
    bmp_event *ev = nz_award(js, &a);
    assert_points(nz_pts(ev, &a, "A", "match", "C", -1), "32.00"); /* won 16 */
    assert_points(nz_pts(ev, &a, "B", "match", "C", -1), "0.00");
    assert_points(nz_pts(ev, &a, "C", "match", "C", -1), "32.00"); /* tie 16 + won 8 */
    assert_points(nz_pts(ev, &a, "D", "match", "C", -1), "16.00"); /* tie 16 */
    assert_string_equal(nz_find(ev, &a, "A", "match")->rule, "NZ-31");
    /* 60-deal match: 120 C (E-10) */
    const char *js60 =
        "{\"format\":\"bridgemp-event/1\",\"body\":\"nzb\",\"name\":\"t\",\"date\":\"2025-05-21\",\"kind\":\"match\","
        "\"grade\":\"40C\",\"contestants\":[{\"id\":\"A\"},{\"id\":\"B\"}],"
        "\"matches\":[{\"home\":\"A\",\"away\":\"B\",\"winner\":\"B\",\"boards\":60}]}";
    bmp_awards a2;
    bmp_event *ev2 = nz_award(js60, &a2);
    assert_points(nz_pts(ev2, &a2, "B", "match", "C", -1), "120.00");
    bmp_awards_free(&a2);
    bmp_event_free(ev2);
    bmp_awards_free(&a);
    bmp_event_free(ev);
}

/* NZ-24: individuals use the Pairs scale; two tables = 8 players. */
static void individual_uses_pairs_scale(void **state)
{
    (void)state;
    char *js = nz_event("individual", CLUB(24), 8, 1, 0, 0);
    bmp_awards a;
    bmp_event *ev = nz_award(js, &a);
    /* N=8 row: 40, 26, 12 */
    assert_points(nz_pts(ev, &a, "2", "session", "C", -1), "26.00");
    assert_points(nz_pts(ev, &a, "3", "session", "C", -1), "12.00");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(js);
    js = nz_event("individual", CLUB(24), 7, 1, 0, 0);
    ev = nz_award(js, &a);
    assert_int_equal(a.count, 0); /* under two tables (NZ-27) */
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(js);
}

static void bad_grade_and_params(void **state)
{
    (void)state;
    char *js = nz_event("pairs", "\"grade\":\"12A\",\"boards\":24", 10, 2, 0, 0);
    bmp_error err = {0};
    assert_int_equal(nz_award_error(js, &err), BMP_EINVAL);
    assert_non_null(strstr(err.msg, "$.grade: expected an NZ grade"));
    free(js);
    js = nz_event("pairs", CLUB(24) ",\"params\":{\"feild\":30}", 10, 2, 0, 0);
    assert_int_equal(nz_award_error(js, &err), BMP_EINVAL);
    assert_non_null(strstr(err.msg, "$.params.feild"));
    free(js);
    js = nz_event("pairs", "\"grade\":\"40C\"", 10, 2, 0, 0);
    assert_int_equal(nz_award_error(js, &err), BMP_EINVAL);
    assert_non_null(strstr(err.msg, "$.boards"));
    free(js);
}

/* NZ-22: sections are separate competitions, each with its own winner;
 * NZ-23: replicated deals scored as one group of 60 use the expanded table
 * (row 60: 40, 38, 36, 34 ...). */
static void sections_and_large_groups(void **state)
{
    (void)state;
    nz_sb b = {0};
    nz_add(&b, "{\"format\":\"bridgemp-event/1\",\"body\":\"nzb\",\"name\":\"t\","
               "\"date\":\"2025-05-21\",\"kind\":\"pairs\",\"grade\":\"40C\",\"boards\":24,"
               "\"contestants\":[");
    for (int i = 1; i <= 16; i++)
        nz_add(&b, "%s{\"id\":\"%d\",\"rankings\":[{\"session\":1,\"section\":\"%s\","
                   "\"place\":%d}],\"players\":[{\"id\":\"%d\"}]}",
               i > 1 ? "," : "", i, i <= 8 ? "A" : "B", i <= 8 ? i : i - 8, i);
    nz_add(&b, "]}");
    bmp_awards a;
    bmp_event *ev = nz_award(b.s, &a);
    /* two sections of 8: each winner 40 C, each 2nd 26 C (row 8) */
    assert_points(nz_pts(ev, &a, "1", "session", "C", -1), "40.00");
    assert_points(nz_pts(ev, &a, "9", "session", "C", -1), "40.00");
    assert_points(nz_pts(ev, &a, "10", "session", "C", -1), "26.00");
    assert_string_equal(nz_find(ev, &a, "9", "session")->ranking, "session 1 B");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(b.s);
    char *js = nz_event("pairs", CLUB(24), 60, 2, 0, 0);
    ev = nz_award(js, &a);
    assert_points(nz_pts(ev, &a, "2", "session", "C", -1), "38.00");
    assert_points(nz_pts(ev, &a, "10", "session", "C", -1), "23.00");
    assert_points(nz_pts(ev, &a, "20", "session", "C", -1), "4.00");
    assert_points(nz_pts(ev, &a, "22", "session", "C", -1), "1.00"); /* places paid: 22 */
    assert_points(nz_pts(ev, &a, "23", "session", "C", -1), "0.00");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(js);
}

/* A Howell of 20 pairs at `boards` deals with the places given (strings
 * such as "1=" allowed). */
static char *howell20(int boards, const char *const places[20])
{
    nz_sb b = {0};
    nz_add(&b, "{\"format\":\"bridgemp-event/1\",\"body\":\"nzb\",\"name\":\"t\","
               "\"date\":\"2025-05-21\",\"kind\":\"pairs\",\"grade\":\"40C\",\"boards\":%d,"
               "\"contestants\":[",
           boards);
    for (int i = 1; i <= 20; i++)
        nz_add(&b, "%s{\"id\":\"%d\",\"place\":\"%s\",\"players\":[{\"id\":\"%d\"},{\"id\":\"%d\"}]}",
               i > 1 ? "," : "", i, places[i - 1], 2 * i, 2 * i + 1);
    nz_add(&b, "]}");
    return b.s;
}

/* Audit, NZ-28 at its boundaries ("between 11 and 19 deals inclusive ...
 * half the Basic Table, any fraction rounded upwards"; "at least 20 deals"
 * for the full table).  N=20 2nd place prints 34: 11 and 19 deals give
 * ceil(34 / 2) = 17 C, 20 deals 34 C; 3rd (28) gives 14 at 19 deals. */
static void deal_count_boundaries(void **state)
{
    (void)state;
    static const struct {
        int boards;
        const char *p2, *p3;
    } cases[] = {{11, "17.00", "14.00"}, {19, "17.00", "14.00"}, {20, "34.00", "28.00"}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char head[64];
        snprintf(head, sizeof head, "\"grade\":\"40C\",\"sessions\":1,\"boards\":%d",
                 cases[k].boards);
        char *js = nz_event("pairs", head, 20, 2, 0, 0);
        bmp_awards a;
        bmp_event *ev = nz_award(js, &a);
        assert_points(nz_pts(ev, &a, "2", "session", "C", -1), cases[k].p2);
        assert_points(nz_pts(ev, &a, "3", "session", "C", -1), cases[k].p3);
        bmp_awards_free(&a);
        bmp_event_free(ev);
        free(js);
    }
}

/* Audit, NZ-29 ("Contestants who tie receive the average points for the
 * shared places"), N=20 printed row 40 34 28 23 17 12 6 1:
 * - a tie straddling the last paid place, 8th-9th: (1 + 0) / 2 = 0.50 C;
 * - a half-cent average, eight pairs first equal:
 *   (40+34+28+23+17+12+6+1) / 8 = 161 / 8 = 20.125 -> 20.13 C (kept to
 *   0.01, half up: ruling NZ-L2). */
static void tie_edges(void **state)
{
    (void)state;
    static const char *const straddle[20] = {"1", "2", "3", "4", "5", "6", "7", "8=", "8=", "10",
                                             "11", "12", "13", "14", "15", "16", "17", "18", "19", "20"};
    char *js = howell20(24, straddle);
    bmp_awards a;
    bmp_event *ev = nz_award(js, &a);
    assert_points(nz_pts(ev, &a, "7", "session", "C", -1), "6.00");
    assert_points(nz_pts(ev, &a, "8", "session", "C", -1), "0.50");
    assert_points(nz_pts(ev, &a, "9", "session", "C", -1), "0.50");
    assert_points(nz_pts(ev, &a, "10", "session", "C", -1), "0.00");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(js);
    static const char *const eight[20] = {"1=", "1=", "1=", "1=", "1=", "1=", "1=", "1=", "9", "10",
                                          "11", "12", "13", "14", "15", "16", "17", "18", "19", "20"};
    js = howell20(24, eight);
    ev = nz_award(js, &a);
    for (int i = 1; i <= 8; i++) {
        char id[8];
        snprintf(id, sizeof id, "%d", i);
        assert_points(nz_pts(ev, &a, id, "session", "C", -1), "20.13");
    }
    assert_points(nz_pts(ev, &a, "9", "session", "C", -1), "0.00");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(js);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(basic_table_20_pairs),    cmocka_unit_test(half_table_11_to_19_deals),
        cmocka_unit_test(under_11_deals_no_award), cmocka_unit_test(two_complete_tables),
        cmocka_unit_test(ties_average),            cmocka_unit_test(uneven_mitchell_directions),
        cmocka_unit_test(mitchell_needs_directions), cmocka_unit_test(club_match_play),
        cmocka_unit_test(individual_uses_pairs_scale), cmocka_unit_test(bad_grade_and_params),
        cmocka_unit_test(sections_and_large_groups),
        cmocka_unit_test(deal_count_boundaries), cmocka_unit_test(tie_edges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
