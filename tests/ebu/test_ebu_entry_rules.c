/* EBU events whose awards rest on a rule of their own: a ranking play-off
 * earns nothing (EBU-78), an inter-organisation event is a basic event on
 * its actual entry (EBU-16), a county Plate earns Local at Regional
 * (EBU-124), match-won finals take none of 4.2.5/4.2.6 (EBU-59) and a final
 * with more qualifiers than recommended says so (EBU-60) and a special
 * scale granted by the EBU is applied (EBU-41); rulings ES-6 .. ES-9. */
#include "ebu_test_util.h"

/* EBU-78 (4.5.9): "No Master Points may be given for such a play-off": a
 * 2-team teams play-off of 24 boards pays nothing, where the same match as
 * an event of its own would (the check can fail). */
static void ranking_playoff(void **state)
{
    (void)state;
    bmp_awards aw;
    char *j = event_json("\"kind\":\"teams\",\"status\":\"club\",\"boards\":24,\"tables\":6,"
                         "\"params\":{\"ranking_playoff\":true}", 6, NULL, NULL);
    run(j, &aw);
    free(j);
    assert_int_equal(aw.count, 0);
    assert_true(has_note(&aw, "EBU-78"));
    bmp_awards_free(&aw);
    j = event_json("\"kind\":\"teams\",\"status\":\"club\",\"boards\":24,\"tables\":6,"
                   "\"params\":{\"ranking_playoff\":false}", 6, NULL, NULL);
    run(j, &aw);
    free(j);
    assert_true(aw.count > 0);
    bmp_awards_free(&aw);
}

/* EBU-16 (1.2.7 b, 4.10.3): "Awards are based solely upon the entry
 * participating in the event -- no account may be taken of any earlier
 * qualifying stages held by some other organisation"; "treated as a basic
 * event of the organising body".  A Club final of 6 teams, 24 boards: as
 * the final of its own 16-team qualifier it pays 72, 54, 36, 18 (Scale QA,
 * EBU-61); as an inter-organisation event it is a basic event of 6
 * tables: Scale A, 18-35 boards, 5-6 tables, teams column 20, reading down
 * 20, 10 to the top third (2 of 6). */
static void inter_organisation(void **state)
{
    (void)state;
    bmp_awards aw;
    char *j = event_json("\"kind\":\"teams\",\"status\":\"club\",\"boards\":24,\"tables\":6,"
                         "\"params\":{\"inter_organisation\":true}", 6, NULL, NULL);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "20.00");
    assert_points(total_of(&aw, 1), "10.00");
    assert_points(total_of(&aw, 2), "0.00");
    assert_true(has_note(&aw, "EBU-16"));
    bmp_awards_free(&aw);
    bmp_error e = {0};
    j = event_json("\"kind\":\"teams\",\"status\":\"club\",\"boards\":24,\"tables\":6,"
                   "\"params\":{\"inter_organisation\":true,\"stage\":\"final\","
                   "\"original_tables\":16}", 6, NULL, NULL);
    assert_int_equal(run_err(j, &e), BMP_EINVAL);
    free(j);
    assert_non_null(strstr(e.msg, "$.params.stage"));
    assert_non_null(strstr(e.msg, "EBU-16"));
    j = event_json("\"kind\":\"teams\",\"status\":\"club\",\"boards\":24,\"tables\":6,"
                   "\"params\":{\"inter_organisation\":true,\"original_tables\":16}",
                   6, NULL, NULL);
    assert_int_equal(run_err(j, &e), BMP_EINVAL);
    free(j);
    assert_non_null(strstr(e.msg, "$.params.original_tables"));
}

/* EBU-124 (6.2.5): "No Green Points may be awarded for any consolation
 * event ('Plate') ... Local Points should be calculated according to
 * paragraph 4.7.10, as if the main event had attracted Local Points at
 * Regional Scale" (ES-6).  A Plate of 8 teams from an original 24, 24-board
 * matches: its first round is Round 2 (4.7.10 b); Club per win 38, 54, 76,
 * halved, x3 at Regional: the winner (38 + 54 + 76) / 2 x 3 = 252, the
 * runner-up (38 + 54) / 2 x 3 = 138 -- Local, whatever the status given.
 * "A consolation event taking any other format should be treated as a
 * stand-alone event at County scale": refused with that advice. */
static void county_plate(void **state)
{
    (void)state;
    static const char *const statuses[] = {"county", "club"};
    for (size_t s = 0; s < 2; s++) {
        char head[256];
        snprintf(head, sizeof head, "\"status\":\"%s\",\"tables\":8,\"boards_per_match\":24,"
                 "\"params\":{\"points\":\"green\",\"consolation\":true,"
                 "\"original_tables\":24}", statuses[s]);
        char *j = ko_json(head, 8, 3);
        bmp_awards aw;
        run(j, &aw);
        free(j);
        assert_points(total_of(&aw, 0), "252.00");
        assert_points(total_of(&aw, 4), "138.00");
        for (size_t i = 0; i < aw.count; i++)
            assert_string_equal(aw.items[i].colour, "local");
        assert_true(has_note(&aw, "EBU-124"));
        bmp_awards_free(&aw);
    }
    bmp_error e = {0};
    char *j = event_json("\"kind\":\"teams\",\"status\":\"county\",\"boards\":24,\"tables\":6,"
                         "\"params\":{\"points\":\"green\",\"stage\":\"consolation\"}",
                         6, NULL, NULL);
    assert_int_equal(run_err(j, &e), BMP_EINVAL);
    free(j);
    assert_non_null(strstr(e.msg, "stand-alone event at County scale"));
    assert_non_null(strstr(e.msg, "EBU-124"));
}

/* EBU-59 (4.2.8): "If the final ... attract[s] an award per match won,
 * then awards are as listed in ... 4.5 to 4.7. Any increased status
 * outlined in 4.2.5 or 4.2.6 above does not apply".  The Club teams final
 * of test_ebu_match_won (8 of 40, 7 x 24 = 168 boards): 27 x 2 (q = 1/5)
 * = 54 a win, QF 300 to the winner: 7 x 54 + 300 = 678.  After separate
 * qualifying stages with 8 <= 40/2 (4.2.6) and with 168 >= 36 boards
 * (4.2.5) a ranked final would be one level up (District: 81 a win); the
 * match-won final stays 678.  A match-won qualifying stage: `not
 * supported` naming EBU-59. */
static void match_won_finals(void **state)
{
    (void)state;
    static const char *const extra[] = {"", ",\"separate_qualifying\":true"};
    for (size_t i = 0; i < 2; i++) {
        char head[320];
        snprintf(head, sizeof head, "\"kind\":\"round-robin\",\"status\":\"club\",\"boards\":168,"
                 "\"boards_per_match\":24,\"tables\":8,\"params\":{\"stage\":\"final\","
                 "\"original_tables\":40%s}", extra[i]);
        char *j = event_json(head, 8, ",\"match_wins\":%d", NULL);
        bmp_awards aw;
        run(j, &aw);
        free(j);
        assert_points(total_of(&aw, 0), "678.00");
        assert_points(total_of(&aw, 5), "108.00"); /* 2 wins x 54 */
        bmp_awards_free(&aw);
    }
    bmp_error e = {0};
    char *j = event_json("\"kind\":\"round-robin\",\"status\":\"club\",\"boards\":168,"
                         "\"boards_per_match\":24,\"tables\":8,\"params\":{\"stage\":"
                         "\"later-qualifying\",\"original_tables\":40}",
                         8, ",\"match_wins\":%d", NULL);
    assert_int_equal(run_err(j, &e), BMP_ENOTSUP);
    free(j);
    assert_non_null(strstr(e.msg, "EBU-59"));
}

/* EBU-60 (4.2.9): "no more than 3/4 of the field [should] qualify for a
 * final of 18-35 boards, and no more than 1/2 for a final of 36+ boards.
 * The effect of ignoring this recommendation is that a lower than usual
 * proportion of competitors will receive an award".  Not enforced: a note.
 * Club teams, original 16: a 24-board final of 14 (56 > 3/4 x 16 x 4 = 48)
 * has the note and still only 4 awards (72, 54, 36, 18: 1/4 of the
 * original, EBU-54) -- 4 of 14, under a third; a final of 12 (= 3/4) has
 * none.  A 36-board teams final is match-won (4.5.1): for 36+ boards, a
 * pairs final of 9 tables of an original 16 (9 > 16/2) has the 36+ note,
 * one of 8 none. */
static void qualified_share(void **state)
{
    (void)state;
    static const struct {
        int tables, boards;
        const char *kind, *note;
    } cases[] = {{14, 24, "teams", "fewer than a third"}, {12, 24, "teams", NULL},
                 {9, 36, "pairs", "fewer than half"}, {8, 36, "pairs", NULL}};
    for (size_t i = 0; i < 4; i++) {
        char head[256];
        snprintf(head, sizeof head, "\"kind\":\"%s\",\"status\":\"club\",\"boards\":%d,"
                 "\"tables\":%d,\"params\":{\"stage\":\"final\",\"original_tables\":16}",
                 cases[i].kind, cases[i].boards, cases[i].tables);
        bool pairs = strcmp(cases[i].kind, "pairs") == 0;
        char *j = event_json(head, cases[i].tables * (pairs ? 2 : 1), NULL, NULL);
        bmp_awards aw;
        run(j, &aw);
        free(j);
        assert_int_equal(has_note(&aw, "EBU-60"), cases[i].note != NULL);
        if (cases[i].note)
            assert_true(has_note(&aw, cases[i].note));
        if (i == 0) {
            assert_points(total_of(&aw, 0), "72.00");
            assert_points(total_of(&aw, 3), "18.00");
            assert_points(total_of(&aw, 4), "0.00");
        }
        bmp_awards_free(&aw);
    }
}

/* 8 contestants, places given, a special scale and a status. */
static char *special_json(const char *kind, const char *status, const char *scale,
                          const char *const places[8], const char *extra)
{
    char *b = malloc(4096);
    size_t o = (size_t)snprintf(b, 4096, "{\"body\":\"ebu\",\"name\":\"s\",\"kind\":\"%s\","
                                "\"status\":\"%s\",\"boards\":24,\"tables\":8,\"params\":"
                                "{\"special_scale\":\"%s\"%s},\"contestants\":[",
                                kind, status, scale, extra);
    for (int i = 0; i < 8; i++)
        o += (size_t)snprintf(b + o, 4096 - o, "%s{\"id\":\"%d\",\"place\":\"%s\","
                              "\"players\":[{\"id\":\"%d1\"},{\"id\":\"%d2\"}]}",
                              i ? "," : "", i + 1, places[i], i + 1, i + 1);
    snprintf(b + o, 4096 - o, "]}");
    return b;
}

/* EBU-41 (3.12.1): "If a proposed event is of a type for which no scale is
 * provided, application for an appropriate scale should be made to the
 * EBU" (ES-9).  A Butler teams event (no handbook scale: otherwise `not
 * supported`) granted 60, 45, 30, 15:
 *   places 1, 2, 3=, 3=: 60, 45, (30 + 15) / 2 = 22.5 -> 23 (3.4, EBU-33,
 *   EBU-34);
 *   places 1, 2, 3, 4=, 4=: (15 + 0) / 2 = 7.5 -> 8;
 *   with 60, 45, 30, 10 the 4= tie is (10 + 0) / 2 = 5, raised to the
 *   minimum 6 at Club (3.5), 9 at District (6 x 1 1/2);
 *   in Blue: 60 Local = 0.60 (5.4.1).
 * A scale that rises is refused. */
static void special_scale(void **state)
{
    (void)state;
    static const char *const tie3[8] = {"1", "2", "3=", "3=", "5", "6", "7", "8"};
    static const char *const tie4[8] = {"1", "2", "3", "4=", "4=", "6", "7", "8"};
    static const struct {
        const char *status, *scale;
        const char *const *places;
        const char *extra, *want[5];
    } cases[] = {
        {"club", "60,45,30,15", tie3, "", {"60.00", "45.00", "23.00", "23.00", "0.00"}},
        {"club", "60,45,30,15", tie4, "", {"60.00", "45.00", "30.00", "8.00", "8.00"}},
        {"club", "60,45,30,10", tie4, "", {"60.00", "45.00", "30.00", "6.00", "6.00"}},
        {"district", "60,45,30,10", tie4, "", {"60.00", "45.00", "30.00", "9.00", "9.00"}},
        {"club", "60,45,30,15", tie3, ",\"points\":\"blue\"",
         {"0.60", "0.45", "0.23", "0.23", "0.00"}},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char *j = special_json("butler", cases[k].status, cases[k].scale, cases[k].places,
                               cases[k].extra);
        bmp_awards aw;
        run(j, &aw);
        free(j);
        for (size_t i = 0; i < 5; i++)
            assert_points(total_of(&aw, i), cases[k].want[i]);
        assert_true(has_note(&aw, "EBU-41"));
        bmp_awards_free(&aw);
    }
    bmp_error e = {0};
    char *j = special_json("butler", "club", "60,70", tie3, "");
    assert_int_equal(run_err(j, &e), BMP_EINVAL);
    free(j);
    assert_non_null(strstr(e.msg, "award 2 (70) exceeds award 1 (60)"));
    j = special_json("butler", "club", "", tie3, "");
    assert_int_equal(run_err(j, &e), BMP_EINVAL);
    free(j);
    assert_non_null(strstr(e.msg, "expected the awards the EBU granted"));
    /* without a special scale the Butler event has no scale at all */
    j = event_json("\"kind\":\"butler\",\"status\":\"club\",\"boards\":24,\"tables\":8",
                   8, NULL, NULL);
    assert_int_equal(run_err(j, &e), BMP_ENOTSUP);
    free(j);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ranking_playoff),  cmocka_unit_test(inter_organisation),
        cmocka_unit_test(county_plate),     cmocka_unit_test(match_won_finals),
        cmocka_unit_test(qualified_share),  cmocka_unit_test(special_scale),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
