/* NZ A and B tournaments: overall placings from the grade grids, ties,
 * session C x factor and the session-winner bonus, minimum deals and
 * contestants, stages, eligibility and graded entry (Part E; nzb.md
 * NZ-33..NZ-85).  Teams: test_nzb_teams.c; 25A and interprovincial events:
 * test_nzb_special.c. */
#include "nzb_test_util.h"

/* NZ-55, NZ-33, NZ-79 (one stage: everything on the Total field): 20A Pairs N=40 (4 sessions x 28 = 112 deals >= 110):
 * 20 18 16 14 12 10 8 6 4 2 1 (nzb.md §4: floor(20 - 19(p-1)/10)). */
static void a20_pairs_overall(void **state)
{
    (void)state;
    char *js = nz_event("pairs", "\"grade\":\"20A\",\"sessions\":4,\"boards\":28", 40, 2, 0, 1);
    bmp_awards a;
    bmp_event *ev = nz_award(js, &a);
    static const char *const want[] = {"20.00", "18.00", "16.00", "14.00", "12.00", "10.00",
                                       "8.00",  "6.00",  "4.00",  "2.00",  "1.00",  "0.00"};
    for (int p = 1; p <= 12; p++) {
        char id[8];
        snprintf(id, sizeof id, "%d", p);
        assert_points(nz_pts(ev, &a, id, "overall", "A", -1), want[p - 1]);
    }
    const bmp_award *w = nz_find(ev, &a, "1", "overall");
    assert_string_equal(w->rule, "NZ-55");
    /* NZ-40: session C x 5 at 20A: N=40 session, 1st 40 x 5 = 200 C, 2nd
     * floor(40 - 39/14) = 37 x 5 = 185 C.  NZ-39: 1 A to the session winner. */
    assert_points(nz_pts(ev, &a, "1", "session", "C", -1), "200.00");
    assert_points(nz_pts(ev, &a, "2", "session", "C", -1), "185.00");
    assert_points(nz_pts(ev, &a, "1", "session-top", "A", -1), "1.00");
    assert_points(nz_pts(ev, &a, "2", "session-top", "A", -1), "0.00");
    assert_string_equal(nz_find(ev, &a, "1", "session")->rule, "NZ-40");
    assert_string_equal(nz_find(ev, &a, "1", "session-top")->rule, "NZ-39");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(js);
}

/* NZ-84: an NZ 20A pairs event needs 110 deals; 2 x 28 = 56 is refused unless
 * the Chief Director approved fewer. */
static void minimum_deals(void **state)
{
    (void)state;
    char *js = nz_event("pairs", "\"grade\":\"20A\",\"sessions\":2,\"boards\":28", 40, 2, 0, 0);
    bmp_error err = {0};
    assert_int_equal(nz_award_error(js, &err), BMP_ERANGE);
    assert_non_null(strstr(err.msg, "$.boards: an NZ 20A pairs event needs at least 110 deals"));
    free(js);
    js = nz_event("pairs",
                  "\"grade\":\"20A\",\"sessions\":2,\"boards\":28,"
                  "\"params\":{\"min_deals_approved\":true}",
                  40, 2, 0, 0);
    bmp_awards a;
    bmp_event *ev = nz_award(js, &a);
    assert_points(nz_pts(ev, &a, "1", "overall", "A", -1), "20.00");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(js);
    /* NZ-45: 8B pairs need 44 deals: 43 refused. */
    js = nz_event("pairs", "\"grade\":\"8B\",\"sessions\":1,\"boards\":43", 28, 2, 0, 0);
    assert_int_equal(nz_award_error(js, &err), BMP_ERANGE);
    assert_non_null(strstr(err.msg, "at least 44 deals"));
    free(js);
    /* Audit, NZ-84: a teams event counts the deals of its matches: 5A teams
     * need 60; four 14-board matches = 56 are refused, the error naming
     * $.matches (not $.boards, which a teams event does not use). */
    js = nz_event("teams",
                  "\"grade\":\"5A\",\"boards_per_match\":14,\"matches\":["
                  "{\"home\":\"1\",\"away\":\"2\",\"winner\":\"1\"},"
                  "{\"home\":\"1\",\"away\":\"3\",\"winner\":\"1\"},"
                  "{\"home\":\"1\",\"away\":\"4\",\"winner\":\"1\"},"
                  "{\"home\":\"1\",\"away\":\"5\",\"winner\":\"1\"}]",
                  10, 4, 0, 0);
    assert_int_equal(nz_award_error(js, &err), BMP_ERANGE);
    assert_non_null(strstr(err.msg, "$.matches: an NZ 5A teams event needs at least 60 deals"));
    assert_non_null(strstr(err.msg, "got 56"));
    free(js);
    /* NZ-68 / A-14: 3A Swiss pairs need 44 deals (the page), named as such. */
    js = nz_event("swiss-pairs", "\"grade\":\"3A\",\"params\":{\"total_deals\":42}", 12, 2, 0,
                  0);
    assert_int_equal(nz_award_error(js, &err), BMP_ERANGE);
    assert_non_null(
        strstr(err.msg, "$.params.total_deals: an NZ 3A Swiss pairs event needs at least 44"));
    free(js);
}

/* NZ-85: two complete tables (4 pairs). */
static void minimum_contestants(void **state)
{
    (void)state;
    char *js = nz_event("pairs", "\"grade\":\"3A\",\"sessions\":2,\"boards\":24", 3, 2, 0, 0);
    bmp_error err = {0};
    assert_int_equal(nz_award_error(js, &err), BMP_ERANGE);
    assert_non_null(strstr(err.msg, "two complete tables"));
    free(js);
}

/* NZ-1 (A, B and C kept apart: B overall, B bonus, C session), NZ-69,
 * NZ-49, NZ-50: 8B Pairs N=28: 8 7 6 5 4 3 2 1 B; session C x 2;
 * 1 B to the session winner. */
static void b8_pairs(void **state)
{
    (void)state;
    char *js = nz_event("pairs", "\"grade\":\"8B\",\"sessions\":2,\"boards\":24", 28, 2, 0, 1);
    bmp_awards a;
    bmp_event *ev = nz_award(js, &a);
    for (int p = 1; p <= 9; p++) {
        char id[8], want[16];
        snprintf(id, sizeof id, "%d", p);
        snprintf(want, sizeof want, "%d.00", p <= 8 ? 9 - p : 0);
        assert_points(nz_pts(ev, &a, id, "overall", "B", -1), want);
    }
    assert_string_equal(nz_find(ev, &a, "1", "overall")->rule, "NZ-69");
    assert_points(nz_pts(ev, &a, "1", "session", "C", -1), "80.00");
    assert_points(nz_pts(ev, &a, "1", "session-top", "B", -1), "1.00");
    assert_string_equal(nz_find(ev, &a, "1", "session")->rule, "NZ-50");
    assert_string_equal(nz_find(ev, &a, "1", "session-top")->rule, "NZ-49");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(js);
}

/* NZ-34, A-7: 5A Pairs N=11, tie for 2nd-3rd: (3 + 2) / 2 = 2.5 A. */
static void overall_tie_average(void **state)
{
    (void)state;
    char *js = nz_event("pairs", "\"grade\":\"5A\",\"sessions\":3,\"boards\":20", 11, 2, 0, 0);
    char *p2 = strstr(js, "\"place\":2,"), *p3 = strstr(js, "\"place\":3,");
    nz_sb b = {0};
    nz_add(&b, "%.*s\"place\":\"2=\",%.*s\"place\":\"2=\",%s", (int)(p2 - js), js,
           (int)(p3 - (p2 + 10)), p2 + 10, p3 + 10);
    bmp_awards a;
    bmp_event *ev = nz_award(b.s, &a);
    assert_points(nz_pts(ev, &a, "2", "overall", "A", -1), "2.50");
    assert_points(nz_pts(ev, &a, "3", "overall", "A", -1), "2.50");
    assert_points(nz_pts(ev, &a, "1", "overall", "A", -1), "5.00");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(b.s);
    free(js);
}

/* NZ-39 / A-25: all first-equal session winners each get the full 1 A. */
static void session_bonus_first_equal(void **state)
{
    (void)state;
    const char *js =
        "{\"format\":\"bridgemp-event/1\",\"body\":\"nzb\",\"name\":\"t\",\"date\":\"2025-05-21\","
        "\"kind\":\"pairs\",\"grade\":\"3A\",\"sessions\":2,\"boards\":24,\"contestants\":["
        "{\"id\":\"1\",\"place\":1,\"rankings\":[{\"session\":1,\"place\":\"1=\"}],\"players\":[{\"id\":\"1\"},{\"id\":\"2\"}]},"
        "{\"id\":\"2\",\"place\":2,\"rankings\":[{\"session\":1,\"place\":\"1=\"}],\"players\":[{\"id\":\"3\"},{\"id\":\"4\"}]},"
        "{\"id\":\"3\",\"place\":3,\"rankings\":[{\"session\":1,\"place\":3}],\"players\":[{\"id\":\"5\"},{\"id\":\"6\"}]},"
        "{\"id\":\"4\",\"place\":4,\"rankings\":[{\"session\":1,\"place\":4}],\"players\":[{\"id\":\"7\"},{\"id\":\"8\"}]}]}";
    bmp_awards a;
    bmp_event *ev = nz_award(js, &a);
    assert_points(nz_pts(ev, &a, "1", "session-top", "A", -1), "1.00");
    assert_points(nz_pts(ev, &a, "2", "session-top", "A", -1), "1.00");
    /* session C x 2 at 3A, N=4: places 1-2 average (40 + 12) / 2 = 26, x 2 = 52 */
    assert_points(nz_pts(ev, &a, "1", "session", "C", -1), "52.00");
    bmp_awards_free(&a);
    bmp_event_free(ev);
}

/* NZ-77, A-23: Final of 10, Plate of 10, Total field 40 (20A pairs grid):
 * Plate place 1 = overall 11 -> 1 A; Plate 2 = overall 12 -> none; Final
 * place 2 -> 18 A. */
static void stages_continue_places(void **state)
{
    (void)state;
    nz_sb b = {0};
    nz_add(&b, "{\"format\":\"bridgemp-event/1\",\"body\":\"nzb\",\"name\":\"t\","
               "\"date\":\"2025-05-21\",\"kind\":\"pairs\",\"grade\":\"20A\",\"sessions\":4,"
               "\"boards\":28,\"params\":{\"field\":40},"
               "\"groups\":[{\"name\":\"F\",\"type\":\"final\"},{\"name\":\"P\",\"type\":\"plate\"}],"
               "\"contestants\":[");
    for (int i = 1; i <= 20; i++)
        nz_add(&b, "%s{\"id\":\"%d\",\"group\":\"%s\",\"place\":%d,\"players\":[{\"id\":\"%d\"}]}",
               i > 1 ? "," : "", i, i <= 10 ? "F" : "P", i <= 10 ? i : i - 10, i);
    nz_add(&b, "]}");
    bmp_awards a;
    bmp_event *ev = nz_award(b.s, &a);
    assert_points(nz_pts(ev, &a, "2", "overall", "A", -1), "18.00");
    assert_points(nz_pts(ev, &a, "10", "overall", "A", -1), "2.00");
    assert_points(nz_pts(ev, &a, "11", "overall", "A", -1), "1.00");
    assert_points(nz_pts(ev, &a, "12", "overall", "A", -1), "0.00");
    assert_non_null(strstr(nz_find(ev, &a, "11", "overall")->explain, "stage place 1 + 10"));
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(b.s);
    /* Audit: a Final size of -5 would make Plate place 1 overall place -4
     * (no award, silently): group params are checked, naming the path. */
    b = (nz_sb){0};
    nz_add(&b, "{\"format\":\"bridgemp-event/1\",\"body\":\"nzb\",\"name\":\"t\","
               "\"date\":\"2025-05-21\",\"kind\":\"pairs\",\"grade\":\"20A\",\"sessions\":4,"
               "\"boards\":28,\"params\":{\"field\":40},"
               "\"groups\":[{\"name\":\"F\",\"type\":\"final\",\"params\":{\"size\":-5}},"
               "{\"name\":\"P\",\"type\":\"plate\"}],\"contestants\":[");
    for (int i = 1; i <= 20; i++)
        nz_add(&b, "%s{\"id\":\"%d\",\"group\":\"%s\",\"place\":%d}", i > 1 ? "," : "", i,
               i <= 10 ? "F" : "P", i <= 10 ? i : i - 10);
    nz_add(&b, "]}");
    bmp_error err = {0};
    assert_int_equal(nz_award_error(b.s, &err), BMP_ERANGE);
    assert_non_null(strstr(err.msg, "$.groups[0].params.size: expected a whole number"));
    free(b.s);
}

/* Audit, NZ-34 / NZ-60: a tie straddling the last paid place.  10A Pairs
 * N=14 prints 10, 7, 4, 2 (row 14 of the 10A grid, places 1-4); pairs tied
 * 4th-5th share (2 + 0) / 2 = 1.00 A each; 6th gets nothing. */
static void tie_straddles_last_paid_place(void **state)
{
    (void)state;
    char *js = nz_event("pairs", "\"grade\":\"10A\",\"sessions\":2,\"boards\":36", 14, 2, 0, 0);
    char *p4 = strstr(js, "\"place\":4,"), *p5 = strstr(js, "\"place\":5,");
    assert_non_null(p4);
    assert_non_null(p5);
    nz_sb b = {0};
    nz_add(&b, "%.*s\"place\":\"4=\",%.*s\"place\":\"4=\",%s", (int)(p4 - js), js,
           (int)(p5 - (p4 + 10)), p4 + 10, p5 + 10);
    bmp_awards a;
    bmp_event *ev = nz_award(b.s, &a);
    assert_points(nz_pts(ev, &a, "3", "overall", "A", -1), "4.00");
    assert_points(nz_pts(ev, &a, "4", "overall", "A", -1), "1.00");
    assert_points(nz_pts(ev, &a, "5", "overall", "A", -1), "1.00");
    assert_points(nz_pts(ev, &a, "6", "overall", "A", -1), "0.00");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(b.s);
    free(js);
}

/* Audit, NZ-25 / NZ-77: params.field is the Total field; one smaller than
 * the contestants of the event (2 < 4) would read a smaller row (5A Pairs
 * N=2 pays only 1st; N=4 pays 5, 1): refused, naming the path. */
static void field_smaller_than_event(void **state)
{
    (void)state;
    char *js = nz_event("pairs",
                        "\"grade\":\"5A\",\"sessions\":2,\"boards\":30,"
                        "\"params\":{\"field\":2}",
                        4, 2, 0, 0);
    bmp_error err = {0};
    assert_int_equal(nz_award_error(js, &err), BMP_EINVAL);
    assert_non_null(strstr(err.msg, "$.params.field: the Total field (2) cannot be smaller"));
    free(js);
}

/* Audit, NZ-39 / NZ-40 / NZ-28 at the 20-deal boundary: 3A pairs (Basic
 * Table x 2), 10 pairs, printed C row 10 = 40 28 17 6.  19-deal sessions:
 * half rounded up (20 14 9 3) then x 2 = 40 28 18 6 C and no 1 A session
 * bonus ("conditional on at least 20 deals"); 20-deal sessions: 80 56 34
 * 12 C and 1 A to the session winner (ruling NZ-L5: halve, then factor). */
static void session_twenty_deal_boundary(void **state)
{
    (void)state;
    char *js = nz_event("pairs", "\"grade\":\"3A\",\"sessions\":3,\"boards\":19", 10, 2, 0, 1);
    bmp_awards a;
    bmp_event *ev = nz_award(js, &a);
    static const char *const half[] = {"40.00", "28.00", "18.00", "6.00"};
    for (int p = 1; p <= 4; p++) {
        char id[8];
        snprintf(id, sizeof id, "%d", p);
        assert_points(nz_pts(ev, &a, id, "session", "C", -1), half[p - 1]);
    }
    assert_null(nz_find(ev, &a, "1", "session-top"));
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(js);
    js = nz_event("pairs", "\"grade\":\"3A\",\"sessions\":3,\"boards\":20", 10, 2, 0, 1);
    ev = nz_award(js, &a);
    static const char *const full[] = {"80.00", "56.00", "34.00", "12.00"};
    for (int p = 1; p <= 4; p++) {
        char id[8];
        snprintf(id, sizeof id, "%d", p);
        assert_points(nz_pts(ev, &a, id, "session", "C", -1), full[p - 1]);
    }
    assert_points(nz_pts(ev, &a, "1", "session-top", "A", -1), "1.00");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(js);
}

/* Audit, NZ-30 + NZ-40 + NZ-39 in a tournament: a 5A pairs session (Basic
 * Table x 2), Mitchell with a phantom, 8 pairs N/S and 7 E/W, 24 deals.
 * Printed C rows 8 (40 26 12) and 7 (40 24 8): 2nd in both directions
 * (26 + 24) / 2 = 25 x 2 = 50 C; 3rd (12 + 8) / 2 = 10 x 2 = 20 C; each
 * direction's winner 40 x 2 = 80 C and 1 A. */
static void tournament_uneven_mitchell(void **state)
{
    (void)state;
    char *js = nz_event("pairs",
                        "\"grade\":\"5A\",\"sessions\":3,\"boards\":24,"
                        "\"movement\":\"two-winner\"",
                        15, 2, 8, 0);
    bmp_awards a;
    bmp_event *ev = nz_award(js, &a);
    assert_points(nz_pts(ev, &a, "2", "session", "C", -1), "50.00");  /* NS 2nd */
    assert_points(nz_pts(ev, &a, "10", "session", "C", -1), "50.00"); /* EW 2nd */
    assert_points(nz_pts(ev, &a, "3", "session", "C", -1), "20.00");
    assert_points(nz_pts(ev, &a, "11", "session", "C", -1), "20.00");
    assert_points(nz_pts(ev, &a, "1", "session", "C", -1), "80.00");
    assert_points(nz_pts(ev, &a, "9", "session", "C", -1), "80.00"); /* EW winner */
    assert_points(nz_pts(ev, &a, "1", "session-top", "A", -1), "1.00");
    assert_points(nz_pts(ev, &a, "9", "session-top", "A", -1), "1.00");
    assert_points(nz_pts(ev, &a, "4", "session", "C", -1), "0.00");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(js);
}

/* NZ-65: 5A Swiss pairs: overall from the 5A Pairs grid (N=12: 5 3 2 1),
 * match play x 1 A. */
static void swiss_pairs(void **state)
{
    (void)state;
    char *js = nz_event("swiss-pairs",
                        "\"grade\":\"5A\",\"boards_per_match\":10,\"params\":{\"total_deals\":60},"
                        "\"matches\":[{\"home\":\"1\",\"away\":\"2\",\"winner\":\"1\"}]",
                        12, 2, 0, 0);
    bmp_awards a;
    bmp_event *ev = nz_award(js, &a);
    assert_points(nz_pts(ev, &a, "1", "overall", "A", -1), "5.00");
    assert_points(nz_pts(ev, &a, "2", "overall", "A", -1), "3.00");
    assert_points(nz_pts(ev, &a, "4", "overall", "A", -1), "1.00");
    assert_points(nz_pts(ev, &a, "1", "match", "A", -1), "0.20");
    assert_string_equal(nz_find(ev, &a, "1", "overall")->rule, "NZ-65");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(js);
}

/* NZ-12: a non-eligible player in a Tournament: the partner gets nothing;
 * NZ-13: the others keep exactly their places' awards (no re-ranking):
 * 20A N=40, pair 1 has an ineligible player, pair 2 still gets 18 A. */
static void ineligible_player(void **state)
{
    (void)state;
    char *js = nz_event("pairs", "\"grade\":\"20A\",\"sessions\":4,\"boards\":28", 40, 2, 0, 1);
    char *p = strstr(js, "{\"id\":\"11\"}");
    nz_sb b = {0};
    nz_add(&b, "%.*s{\"id\":\"11\",\"params\":{\"ineligible\":true}}%s", (int)(p - js), js,
           p + 11);
    bmp_awards a;
    bmp_event *ev = nz_award(b.s, &a);
    assert_null(nz_find(ev, &a, "1", "overall"));
    assert_null(nz_find(ev, &a, "1", "session"));
    assert_true(nz_note(&a, "non-eligible player took part"));
    assert_points(nz_pts(ev, &a, "2", "overall", "A", -1), "18.00");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(b.s);
    free(js);
}

/* NZ-15 (i): in a club session the eligible partner keeps the award. */
static void ineligible_player_club(void **state)
{
    (void)state;
    char *js = nz_event("pairs", "\"grade\":\"40C\",\"boards\":24", 20, 2, 0, 0);
    char *p = strstr(js, "{\"id\":\"11\"}");
    nz_sb b = {0};
    nz_add(&b, "%.*s{\"id\":\"11\",\"params\":{\"ineligible\":true}}%s", (int)(p - js), js,
           p + 11);
    bmp_awards a;
    bmp_event *ev = nz_award(b.s, &a);
    assert_points(nz_pts(ev, &a, "1", "session", "C", 0), "40.00");
    assert_points(nz_pts(ev, &a, "1", "session", "C", 1), "0.00");
    assert_string_equal(nz_find(ev, &a, "1", "session")->rule, "NZ-15");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(b.s);
    free(js);
    /* a player param typo is an error naming its path */
    js = nz_event("pairs", "\"grade\":\"40C\",\"boards\":24", 20, 2, 0, 0);
    p = strstr(js, "{\"id\":\"11\"}");
    b = (nz_sb){0};
    nz_add(&b, "%.*s{\"id\":\"11\",\"params\":{\"inelegible\":true}}%s", (int)(p - js), js,
           p + 11);
    bmp_error err = {0};
    assert_int_equal(nz_award_error(b.s, &err), BMP_EINVAL);
    assert_non_null(strstr(err.msg, "$.contestants[0].players[1].params.inelegible"));
    free(b.s);
    free(js);
}

/* NZ-78: a separate 3A consolation event is computed as a 3A event on its
 * own field (3A Pairs N=12: 3 2 1 1), needing 44 boards. */
static void separate_3a_consolation(void **state)
{
    (void)state;
    char *js = nz_event("pairs", "\"grade\":\"3A\",\"sessions\":2,\"boards\":22", 12, 2, 0, 0);
    bmp_awards a;
    bmp_event *ev = nz_award(js, &a);
    assert_points(nz_pts(ev, &a, "1", "overall", "A", -1), "3.00");
    assert_points(nz_pts(ev, &a, "2", "overall", "A", -1), "2.00");
    assert_points(nz_pts(ev, &a, "3", "overall", "A", -1), "1.00");
    assert_points(nz_pts(ev, &a, "4", "overall", "A", -1), "1.00");
    assert_points(nz_pts(ev, &a, "5", "overall", "A", -1), "0.00");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(js);
    js = nz_event("pairs", "\"grade\":\"3A\",\"sessions\":2,\"boards\":21", 12, 2, 0, 0);
    bmp_error err = {0};
    assert_int_equal(nz_award_error(js, &err), BMP_ERANGE);
    assert_non_null(strstr(err.msg, "at least 44 deals"));
    free(js);
}

/* NZ-7, NZ-8: a 5B (Intermediate) tournament admits players graded below
 * Open: a pair with an Open player gets nothing (NZ-12); a Restricted 8B
 * refuses Open-Open pairs only.  5B Pairs N=12: 5 3 2 1. */
static void grade_restricted_entry(void **state)
{
    (void)state;
    char *js = nz_event("pairs", "\"grade\":\"5B\",\"sessions\":2,\"boards\":22", 12, 2, 0, 0);
    char *p = strstr(js, "{\"id\":\"10\"}");
    nz_sb b = {0};
    nz_add(&b, "%.*s{\"id\":\"10\",\"params\":{\"grading\":\"open\"}}%s", (int)(p - js), js,
           p + 11);
    bmp_awards a;
    bmp_event *ev = nz_award(b.s, &a);
    assert_null(nz_find(ev, &a, "1", "overall"));
    assert_points(nz_pts(ev, &a, "2", "overall", "B", -1), "3.00"); /* NZ-13: no moving up */
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(b.s);
    /* 8B Restricted: Open + Intermediate is fine, Open + Open is not */
    char *j8 = nz_event("pairs",
                        "\"grade\":\"8B\",\"sessions\":2,\"boards\":22,"
                        "\"params\":{\"restricted\":true}",
                        28, 2, 0, 0);
    b = (nz_sb){0};
    char *q1 = strstr(j8, "{\"id\":\"10\"}"), *q2 = strstr(j8, "{\"id\":\"20\"}"),
         *q3 = strstr(j8, "{\"id\":\"21\"}");
    nz_add(&b, "%.*s{\"id\":\"10\",\"params\":{\"grading\":\"open\"}}", (int)(q1 - j8), j8);
    nz_add(&b, "%.*s{\"id\":\"20\",\"params\":{\"grading\":\"open\"}}", (int)(q2 - (q1 + 11)),
           q1 + 11);
    nz_add(&b, "%.*s{\"id\":\"21\",\"params\":{\"grading\":\"open\"}}%s",
           (int)(q3 - (q2 + 11)), q2 + 11, q3 + 11);
    ev = nz_award(b.s, &a);
    assert_points(nz_pts(ev, &a, "1", "overall", "B", -1), "8.00");
    assert_null(nz_find(ev, &a, "2", "overall"));
    assert_points(nz_pts(ev, &a, "3", "overall", "B", -1), "6.00");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(b.s);
    free(j8);
    /* a grading typo is an error */
    b = (nz_sb){0};
    nz_add(&b, "%.*s{\"id\":\"10\",\"params\":{\"grading\":\"expert\"}}%s", (int)(p - js),
           js, p + 11);
    bmp_error err = {0};
    assert_int_equal(nz_award_error(b.s, &err), BMP_EINVAL);
    assert_non_null(strstr(err.msg, "$.contestants[0].players[0]: params.grading: expected open"));
    free(b.s);
    free(js);
}

/* NZ-46 (B ties average: 8B Pairs N=28 1st-2nd (8 + 7) / 2 = 7.5 B),
 * NZ-47 (B substitutes: 7.5 x 0.5 = 3.75 -> 4 B; the partner who played
 * every deal keeps 7.5), NZ-48 (B team member under
 * 1/4: nothing; 8B Teams N=10 p1 = 8 B). */
static void b_ties_and_shares(void **state)
{
    (void)state;
    char *js = nz_event("pairs", "\"grade\":\"8B\",\"sessions\":2,\"boards\":22", 28, 2, 0, 0);
    char *p1 = strstr(js, "\"place\":1,"), *p2 = strstr(js, "\"place\":2,");
    char *s11 = strstr(js, "{\"id\":\"11\"}");
    nz_sb b = {0};
    nz_add(&b, "%.*s\"place\":\"1=\",%.*s{\"id\":\"11\",\"participation\":0.5},"
               "{\"id\":\"19\",\"participation\":0.5}%.*s\"place\":\"1=\",%s",
           (int)(p1 - js), js, (int)(s11 - (p1 + 10)), p1 + 10, (int)(p2 - (s11 + 11)), s11 + 11,
           p2 + 10);
    bmp_awards a;
    bmp_event *ev = nz_award(b.s, &a);
    assert_points(nz_pts(ev, &a, "2", "overall", "B", -1), "7.50");
    assert_points(nz_pts(ev, &a, "1", "overall", "B", 0), "7.50");
    assert_points(nz_pts(ev, &a, "1", "overall", "B", 1), "4.00");
    assert_points(nz_pts(ev, &a, "1", "overall", "B", 2), "4.00");
    assert_string_equal(nz_find(ev, &a, "1", "overall")->rule, "NZ-47");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(b.s);
    free(js);
    const char *jt =
        "{\"format\":\"bridgemp-event/1\",\"body\":\"nzb\",\"name\":\"t\",\"date\":\"2025-05-21\","
        "\"kind\":\"teams\",\"grade\":\"8B\",\"params\":{\"total_deals\":48},\"contestants\":["
        "{\"id\":\"1\",\"place\":1,\"players\":[{\"id\":\"a\"},{\"id\":\"b\"},{\"id\":\"c\"},"
        "{\"id\":\"d\"},{\"id\":\"e\",\"participation\":0.1}]},"
        "{\"id\":\"2\",\"place\":2},{\"id\":\"3\",\"place\":3},{\"id\":\"4\",\"place\":4},"
        "{\"id\":\"5\",\"place\":5},{\"id\":\"6\",\"place\":6},{\"id\":\"7\",\"place\":7},"
        "{\"id\":\"8\",\"place\":8},{\"id\":\"9\",\"place\":9},{\"id\":\"10\",\"place\":10}]}";
    ev = nz_award(jt, &a);
    assert_points(nz_pts(ev, &a, "1", "overall", "B", 0), "8.00");
    assert_points(nz_pts(ev, &a, "1", "overall", "B", 4), "0.00");
    assert_string_equal(nz_find(ev, &a, "1", "overall")->rule, "NZ-48");
    bmp_awards_free(&a);
    bmp_event_free(ev);
}

/* NZ-59, NZ-62, NZ-68 (and NZ-1: A points overall, A per match): Swiss
 * pairs at 15A / 10A / 3A use the grade's Pairs grid (N=12: 15A 15 10 5 1;
 * 10A 10 7 4 1; 3A 3 2 1 1) and the teams match factor (x3, x2, x1:
 * 10-board win 0.60, 0.40, 0.20 A); 3A Swiss pairs need 44 deals. */
static void swiss_pairs_grades(void **state)
{
    (void)state;
    static const struct {
        const char *grade, *rule, *p1, *p4, *match;
        int deals;
    } g[] = {{"15A", "NZ-59", "15.00", "1.00", "0.60", 88},
             {"10A", "NZ-62", "10.00", "1.00", "0.40", 72},
             {"3A", "NZ-68", "3.00", "1.00", "0.20", 44}};
    for (size_t i = 0; i < 3; i++) {
        char head[256];
        snprintf(head, sizeof head,
                 "\"grade\":\"%s\",\"boards_per_match\":10,\"params\":{\"total_deals\":%d},"
                 "\"matches\":[{\"home\":\"1\",\"away\":\"2\",\"winner\":\"1\"}]",
                 g[i].grade, g[i].deals);
        char *js = nz_event("swiss-pairs", head, 12, 2, 0, 0);
        bmp_awards a;
        bmp_event *ev = nz_award(js, &a);
        assert_points(nz_pts(ev, &a, "1", "overall", "A", -1), g[i].p1);
        assert_points(nz_pts(ev, &a, "4", "overall", "A", -1), g[i].p4);
        assert_points(nz_pts(ev, &a, "1", "match", "A", -1), g[i].match);
        assert_string_equal(nz_find(ev, &a, "1", "overall")->rule, g[i].rule);
        bmp_awards_free(&a);
        bmp_event_free(ev);
        free(js);
    }
}

/* NZ-52 (A-26: one award per combination): 8B Pairs N=28 pays places 1-8;
 * the best all-Intermediate pair outside them (9th) and the best
 * Intermediate-Junior pair (11th) get 1 B; a 10th all-Intermediate pair and
 * an all-Intermediate pair inside the placings (3rd) do not. */
static void b8_non_open_bonus(void **state)
{
    (void)state;
    char *js = nz_event("pairs", "\"grade\":\"8B\",\"sessions\":2,\"boards\":22", 28, 2, 0, 0);
    static const struct {
        int id;
        const char *g0, *g1;
    } set[] = {{3, "intermediate", "intermediate"},
               {9, "intermediate", "intermediate"},
               {10, "intermediate", "intermediate"},
               {11, "intermediate", "junior"},
               {12, "open", "junior"}};
    char *cur = js;
    nz_sb b = {0};
    for (size_t i = 0; i < sizeof set / sizeof set[0]; i++) {
        char pat[32];
        snprintf(pat, sizeof pat, "{\"id\":\"%d\"},{\"id\":\"%d\"}", set[i].id * 10,
                 set[i].id * 10 + 1);
        char *p = strstr(cur, pat);
        assert_non_null(p);
        nz_add(&b, "%.*s{\"id\":\"%d\",\"params\":{\"grading\":\"%s\"}},"
                   "{\"id\":\"%d\",\"params\":{\"grading\":\"%s\"}}",
               (int)(p - cur), cur, set[i].id * 10, set[i].g0, set[i].id * 10 + 1, set[i].g1);
        cur = p + strlen(pat);
    }
    nz_add(&b, "%s", cur);
    bmp_awards a;
    bmp_event *ev = nz_award(b.s, &a);
    assert_points(nz_pts(ev, &a, "9", "grade-bonus", "B", -1), "1.00");
    assert_points(nz_pts(ev, &a, "11", "grade-bonus", "B", -1), "1.00");
    assert_points(nz_pts(ev, &a, "10", "grade-bonus", "B", -1), "0.00");
    assert_points(nz_pts(ev, &a, "3", "grade-bonus", "B", -1), "0.00");
    assert_points(nz_pts(ev, &a, "12", "grade-bonus", "B", -1), "0.00");
    assert_points(nz_pts(ev, &a, "3", "overall", "B", -1), "6.00");
    assert_string_equal(nz_find(ev, &a, "9", "grade-bonus")->rule, "NZ-52");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(b.s);
    free(js);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a20_pairs_overall),
        cmocka_unit_test(minimum_deals),
        cmocka_unit_test(minimum_contestants),
        cmocka_unit_test(b8_pairs),
        cmocka_unit_test(overall_tie_average),
        cmocka_unit_test(session_bonus_first_equal),
        cmocka_unit_test(stages_continue_places),
        cmocka_unit_test(tournament_uneven_mitchell),
        cmocka_unit_test(session_twenty_deal_boundary),
        cmocka_unit_test(tie_straddles_last_paid_place),
        cmocka_unit_test(field_smaller_than_event),
        cmocka_unit_test(swiss_pairs),
        cmocka_unit_test(ineligible_player),
        cmocka_unit_test(ineligible_player_club),
        cmocka_unit_test(separate_3a_consolation),
        cmocka_unit_test(grade_restricted_entry),
        cmocka_unit_test(b_ties_and_shares),
        cmocka_unit_test(swiss_pairs_grades),
        cmocka_unit_test(b8_non_open_bonus),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
