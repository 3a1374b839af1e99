/* NZ special events: 25A pairs and teams (NZ-53, NZ-54) and the
 * Interprovincial Trials and Championships (NZ-75, NZ-76) (Part E; nzb.md). */
#include "nzb_test_util.h"

/* NZ-53: 25A Pairs: Final place 1 25 A, Plate place 1 15 A; the 25 pairs
 * eliminated in a semi-final of 78 hold its places 54-78: group place 1 =
 * semi-final place 54 -> 5 A, group place 25 = 78th -> 1 A (data).  NZ-54: 25A Teams of 60, 3= (places 3-4) 21 A. */
static void special_25a(void **state)
{
    (void)state;
    const char *head =
        "{\"format\":\"bridgemp-event/1\",\"body\":\"nzb\",\"name\":\"t\",\"date\":\"2025-05-21\","
        "\"kind\":\"pairs\",\"grade\":\"25A\",\"sessions\":6,\"boards\":27,"
        "\"groups\":[{\"name\":\"F\",\"type\":\"final\"},{\"name\":\"P\",\"type\":\"plate\"},"
        "{\"name\":\"S\",\"type\":\"semifinal\",\"params\":{\"field\":78}}],\"contestants\":["
        "{\"id\":\"f1\",\"group\":\"F\",\"place\":1},{\"id\":\"f2\",\"group\":\"F\",\"place\":2},"
        "{\"id\":\"p1\",\"group\":\"P\",\"place\":1},{\"id\":\"p2\",\"group\":\"P\",\"place\":2},"
        "{\"id\":\"s1\",\"group\":\"S\",\"place\":1}";
    nz_sb sb = {0};
    nz_add(&sb, "%s", head);
    for (int i = 2; i <= 25; i++)
        nz_add(&sb, ",{\"id\":\"s%d\",\"group\":\"S\",\"place\":%d}", i, i);
    nz_add(&sb, "]}");
    bmp_awards a;
    bmp_event *ev = nz_award(sb.s, &a);
    free(sb.s);
    assert_points(nz_pts(ev, &a, "f1", "overall", "A", -1), "25.00");
    assert_points(nz_pts(ev, &a, "f2", "overall", "A", -1), "24.00");
    assert_points(nz_pts(ev, &a, "p1", "overall", "A", -1), "15.00");
    assert_points(nz_pts(ev, &a, "s1", "overall", "A", -1), "5.00");
    assert_points(nz_pts(ev, &a, "s4", "overall", "A", -1), "4.00"); /* 57th */
    assert_points(nz_pts(ev, &a, "s25", "overall", "A", -1), "1.00");
    assert_string_equal(nz_find(ev, &a, "f1", "overall")->rule, "NZ-53");
    bmp_awards_free(&a);
    bmp_event_free(ev);

    nz_sb b = {0};
    nz_add(&b, "{\"format\":\"bridgemp-event/1\",\"body\":\"nzb\",\"name\":\"t\","
               "\"date\":\"2025-05-21\",\"kind\":\"teams\",\"grade\":\"25A\","
               "\"params\":{\"total_deals\":340},\"contestants\":[");
    for (int i = 1; i <= 60; i++)
        nz_add(&b, "%s{\"id\":\"%d\",\"place\":\"%s\"}", i > 1 ? "," : "", i,
               i == 3 || i == 4 ? "3=" : "");
    nz_add(&b, "]}");
    /* places: only 3= given, the rest unplaced */
    char *fixed = malloc(b.n * 2);
    size_t k = 0;
    for (size_t i = 0; i < b.n; i++) { /* drop ,"place":"" */
        if (!strncmp(b.s + i, ",\"place\":\"\"", 11)) {
            i += 10;
            continue;
        }
        fixed[k++] = b.s[i];
    }
    fixed[k] = '\0';
    ev = nz_award(fixed, &a);
    assert_points(nz_pts(ev, &a, "3", "overall", "A", -1), "21.00");
    assert_points(nz_pts(ev, &a, "4", "overall", "A", -1), "21.00");
    assert_string_equal(nz_find(ev, &a, "3", "overall")->rule, "NZ-54");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(fixed);
    free(b.s);
}

/* NZ-54 / A-19: fields outside 50-130 teams have no 25A table. */
static void a25_teams_outside_bands(void **state)
{
    (void)state;
    char *js = nz_event("teams", "\"grade\":\"25A\",\"params\":{\"total_deals\":340}", 40, 4, 0,
                        0);
    bmp_error err = {0};
    assert_int_equal(nz_award_error(js, &err), BMP_ENOTSUP);
    assert_non_null(strstr(err.msg, "not supported: 25A Teams award for this field (NZ-54"));
    free(js);
}

/* NZ-75: Interprovincial Trials, teams, Open: 5/3/1 A, match A x 1 (12
 * boards won = 0.24 A); Intermediate: 5/3/1 B; restricted entry: nothing.
 * NZ-76: Championships Open 15/8/4 A, Intermediate 5/3/1 A. */
static void interprovincial(void **state)
{
    (void)state;
    char *js = nz_event("teams",
                        "\"boards_per_match\":12,\"params\":{\"interprovincial\":\"trials\","
                        "\"category\":\"open\",\"total_deals\":60},"
                        "\"matches\":[{\"home\":\"1\",\"away\":\"2\",\"winner\":\"1\"}]",
                        6, 4, 0, 0);
    bmp_awards a;
    bmp_event *ev = nz_award(js, &a);
    assert_points(nz_pts(ev, &a, "1", "overall", "A", -1), "5.00");
    assert_points(nz_pts(ev, &a, "2", "overall", "A", -1), "3.00");
    assert_points(nz_pts(ev, &a, "3", "overall", "A", -1), "1.00");
    assert_points(nz_pts(ev, &a, "4", "overall", "A", -1), "0.00");
    assert_points(nz_pts(ev, &a, "1", "match", "A", -1), "0.24");
    assert_string_equal(nz_find(ev, &a, "1", "overall")->rule, "NZ-75");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(js);
    js = nz_event("teams",
                  "\"params\":{\"interprovincial\":\"trials\",\"category\":\"intermediate\","
                  "\"total_deals\":44}",
                  6, 4, 0, 0);
    ev = nz_award(js, &a);
    assert_points(nz_pts(ev, &a, "1", "overall", "B", -1), "5.00");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(js);
    js = nz_event("teams",
                  "\"params\":{\"interprovincial\":\"trials\",\"open_entry\":false,"
                  "\"total_deals\":60}",
                  6, 4, 0, 0);
    ev = nz_award(js, &a);
    assert_int_equal(a.count, 0);
    assert_true(nz_note(&a, "no masterpoints (NZ-75)"));
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(js);
    js = nz_event("teams",
                  "\"params\":{\"interprovincial\":\"championship\",\"category\":\"open\","
                  "\"total_deals\":60}",
                  6, 4, 0, 0);
    ev = nz_award(js, &a);
    assert_points(nz_pts(ev, &a, "1", "overall", "A", -1), "15.00");
    assert_points(nz_pts(ev, &a, "3", "overall", "A", -1), "4.00");
    assert_string_equal(nz_find(ev, &a, "1", "overall")->rule, "NZ-76");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(js);
    /* fewer than six contestants: "proportional", no formula */
    js = nz_event("teams",
                  "\"params\":{\"interprovincial\":\"trials\",\"total_deals\":60}", 5, 4, 0, 0);
    bmp_error err = {0};
    assert_int_equal(nz_award_error(js, &err), BMP_ENOTSUP);
    free(js);
}

/* Audit: NZ-76 Interprovincial Championships (Open 15/8/4 A) print no
 * "proportional on field" note and no minimum deals: those are items of
 * the Trials page (NZ-75).  Five teams, 36 deals: 15, 8, 4 A as printed.
 * NZ-75 item 3: Trials need 60 deals (Open), 44 (Intermediate): 59 and 43
 * are refused, naming the path. */
static void interprovincial_championship_small_field(void **state)
{
    (void)state;
    char *js = nz_event("teams",
                        "\"params\":{\"interprovincial\":\"championship\","
                        "\"category\":\"open\",\"total_deals\":36}",
                        5, 4, 0, 0);
    bmp_awards a;
    bmp_event *ev = nz_award(js, &a);
    assert_points(nz_pts(ev, &a, "1", "overall", "A", -1), "15.00");
    assert_points(nz_pts(ev, &a, "2", "overall", "A", -1), "8.00");
    assert_points(nz_pts(ev, &a, "3", "overall", "A", -1), "4.00");
    assert_points(nz_pts(ev, &a, "4", "overall", "A", -1), "0.00");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(js);
    /* Championships run as pairs: placings only, no session C (NZ-76). */
    js = nz_event("pairs",
                  "\"boards\":24,\"params\":{\"interprovincial\":\"championship\","
                  "\"category\":\"women\"}",
                  6, 2, 0, 1);
    ev = nz_award(js, &a);
    assert_points(nz_pts(ev, &a, "1", "overall", "A", -1), "10.00");
    assert_points(nz_pts(ev, &a, "1", "session", "C", -1), "0.00");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(js);
    bmp_error err = {0};
    js = nz_event("teams",
                  "\"params\":{\"interprovincial\":\"trials\",\"total_deals\":59}", 6, 4, 0,
                  0);
    assert_int_equal(nz_award_error(js, &err), BMP_ERANGE);
    assert_non_null(strstr(err.msg, "$.params.total_deals"));
    assert_non_null(strstr(err.msg, "at least 60 deals"));
    free(js);
    js = nz_event("teams",
                  "\"params\":{\"interprovincial\":\"trials\",\"category\":\"intermediate\","
                  "\"total_deals\":43}",
                  6, 4, 0, 0);
    assert_int_equal(nz_award_error(js, &err), BMP_ERANGE);
    assert_non_null(strstr(err.msg, "at least 44 deals"));
    free(js);
}

/* NZ-75: Interprovincial Trials run as pairs: session C x 2 (Open) or x 1
 * (Intermediate), N=8 row 40 26 12; placings 5/3/1 A (Open) or B
 * (Intermediate); 44 deals are enough only for Intermediate. */
static void interprovincial_pairs(void **state)
{
    (void)state;
    char *js = nz_event("pairs",
                        "\"sessions\":3,\"boards\":20,\"params\":{\"interprovincial\":\"trials\","
                        "\"category\":\"women\"}",
                        8, 2, 0, 1);
    bmp_awards a;
    bmp_event *ev = nz_award(js, &a);
    assert_points(nz_pts(ev, &a, "1", "session", "C", -1), "80.00");
    assert_points(nz_pts(ev, &a, "2", "session", "C", -1), "52.00");
    assert_null(nz_find(ev, &a, "1", "session-top"));
    assert_points(nz_pts(ev, &a, "2", "overall", "A", -1), "3.00");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(js);
    js = nz_event("pairs",
                  "\"sessions\":2,\"boards\":22,\"params\":{\"interprovincial\":\"trials\","
                  "\"category\":\"intermediate\"}",
                  8, 2, 0, 1);
    ev = nz_award(js, &a);
    assert_points(nz_pts(ev, &a, "1", "session", "C", -1), "40.00");
    assert_points(nz_pts(ev, &a, "3", "overall", "B", -1), "1.00");
    bmp_awards_free(&a);
    bmp_event_free(ev);
    free(js);
    js = nz_event("pairs",
                  "\"sessions\":2,\"boards\":22,\"params\":{\"interprovincial\":\"trials\","
                  "\"category\":\"open\"}",
                  8, 2, 0, 1);
    bmp_error err = {0};
    assert_int_equal(nz_award_error(js, &err), BMP_ERANGE);
    assert_non_null(strstr(err.msg, "at least 60 deals (NZ-75)"));
    free(js);
}

/* NZ-53 / A-18: a 25A pair outside the Final/Plate/semi-final, or a
 * semi-final of another size, has no printed award: not supported. */
static void a25_pairs_unsupported(void **state)
{
    (void)state;
    char *js = nz_event("pairs", "\"grade\":\"25A\",\"sessions\":6,\"boards\":27", 10, 2, 0, 0);
    bmp_error err = {0};
    assert_int_equal(nz_award_error(js, &err), BMP_ENOTSUP);
    assert_non_null(strstr(err.msg, "not supported: 25A Pairs award outside the Final"));
    free(js);
    const char *semi =
        "{\"format\":\"bridgemp-event/1\",\"body\":\"nzb\",\"name\":\"t\",\"date\":\"2025-05-21\","
        "\"kind\":\"pairs\",\"grade\":\"25A\",\"sessions\":6,\"boards\":27,"
        "\"groups\":[{\"name\":\"S\",\"type\":\"semifinal\",\"params\":{\"field\":90}}],"
        "\"contestants\":[{\"id\":\"1\",\"group\":\"S\",\"place\":1},"
        "{\"id\":\"2\",\"group\":\"S\",\"place\":2},{\"id\":\"3\",\"group\":\"S\",\"place\":3},"
        "{\"id\":\"4\",\"group\":\"S\",\"place\":4}]}";
    assert_int_equal(nz_award_error(semi, &err), BMP_ENOTSUP);
    assert_non_null(strstr(err.msg, "only 78- and 104-pair semi-finals"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(special_25a),
        cmocka_unit_test(a25_teams_outside_bands),
        cmocka_unit_test(interprovincial),
        cmocka_unit_test(interprovincial_championship_small_field),
        cmocka_unit_test(interprovincial_pairs),
        cmocka_unit_test(a25_pairs_unsupported),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
