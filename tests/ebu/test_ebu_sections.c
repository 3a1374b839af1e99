/* EBU events in two or more sections (3.8, EBU-37), sectioned later stages
 * (4.2.11, EBU-62) and geographic sub-divisions of a league (4.8.9,
 * EBU-99); rulings EM-1 .. EM-5.  Awards are hand-calculated from the
 * closed forms of the scales (shared/spec/ebu.md EBU-46, EBU-54). */
#include "ebu_test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An event JSON in sections names[0..nsec): sizes[s] contestants in
 * section s, ids "<section><i>", placed 1..n within it (two_winner: the
 * first half NS, the second EW, each placed 1..n/2 in its direction);
 * extra_fmt gets (n - place) (match wins). */
static char *sectioned(const char *head, int nsec, const char *const *names, const int *sizes,
                       const char *extra_fmt, bool two_winner, const char *tail)
{
    size_t cap = 8192;
    for (int s = 0; s < nsec; s++)
        cap += (size_t)sizes[s] * 320;
    char *b = malloc(cap);
    size_t o = (size_t)snprintf(b, cap, "{\"body\":\"ebu\",\"name\":\"t\",%s,\"groups\":[", head);
    for (int s = 0; s < nsec; s++)
        o += (size_t)snprintf(b + o, cap - o, "%s{\"name\":\"%s\",\"type\":\"section\"}",
                              s ? "," : "", names[s]);
    o += (size_t)snprintf(b + o, cap - o, "],\"contestants\":[");
    for (int s = 0; s < nsec; s++) {
        int n = sizes[s], half = n / 2;
        for (int i = 1; i <= n; i++) {
            char extra[128] = "", place[160];
            int p = two_winner && i > half ? i - half : i;
            if (extra_fmt)
                snprintf(extra, sizeof extra, extra_fmt, n - i);
            if (two_winner)
                snprintf(place, sizeof place, "\"rankings\":[{\"ranking\":\"%s %s\",\"section\":"
                         "\"%s\",\"direction\":\"%s\",\"place\":%d}]", names[s],
                         i > half ? "EW" : "NS", names[s], i > half ? "EW" : "NS", p);
            else
                snprintf(place, sizeof place, "\"place\":%d", p);
            o += (size_t)snprintf(b + o, cap - o,
                                  "%s{\"id\":\"%s%d\",\"group\":\"%s\",%s%s,\"players\":["
                                  "{\"id\":\"%d%d1\"},{\"id\":\"%d%d2\"}]}",
                                  s || i > 1 ? "," : "", names[s], i, names[s], place, extra,
                                  s + 1, i, s + 1, i);
        }
    }
    snprintf(b + o, cap - o, "]%s}", tail ? tail : "");
    return b;
}

static const char *const AB[] = {"A", "B"};

/* EBU-37: a teams event in sections is awarded within each separate
 * section, never as one field (3.8.2). */
static void teams_within_sections(void **state)
{
    (void)state;
    bmp_awards aw;
    int sizes[] = {8, 6};
    char *j = sectioned("\"kind\":\"teams\",\"status\":\"club\",\"boards\":24,\"tables\":14", 2,
                        AB, sizes, NULL, false, NULL);
    run(j, &aw);
    free(j);
    /* EBU-46, Club teams 18-35 boards: k = ceil(N/3) awards in steps of 10.
     * Section A, 8 teams: k = 3: 30, 20, 10.  Section B, 6 teams: k = 2:
     * 20, 10.  (As one field of 14 the top would be ceil(14/3) x 10 = 50.) */
    assert_points(total_of(&aw, 0), "30.00");
    assert_points(total_of(&aw, 1), "20.00");
    assert_points(total_of(&aw, 2), "10.00");
    assert_points(total_of(&aw, 3), "0.00");
    assert_points(total_of(&aw, 8), "20.00"); /* B1 */
    assert_points(total_of(&aw, 9), "10.00"); /* B2 */
    assert_points(total_of(&aw, 10), "0.00"); /* B3 */
    assert_true(has_note(&aw, "3.8.2"));
    assert_true(has_note(&aw, "section B: "));
    bool marked = false;
    for (size_t i = 0; i < aw.count; i++)
        marked |= aw.items[i].contestant == 8 && strcmp(aw.items[i].ranking, "section B") == 0;
    assert_true(marked);
    bmp_awards_free(&aw);
}

/* EBU-37: pairs ranked within their sections are awarded within them
 * (3.8.1 permits one field, it does not require it: ruling EM-1). */
static void pairs_within_sections(void **state)
{
    (void)state;
    bmp_awards aw;
    int sizes[] = {20, 16};
    char *j = sectioned("\"kind\":\"pairs\",\"status\":\"club\",\"boards\":24,\"tables\":18", 2,
                        AB, sizes, NULL, false, NULL);
    run(j, &aw);
    free(j);
    /* EBU-46, Club one-winner pairs 18-35 boards: k = ceil(2N/3), step 6.
     * A: 10 tables (20 pairs counted / 2), k = 7: 42, 36, ..., 6.
     * B: 8 tables, k = ceil(16/3) = 6: 36, ..., 6. */
    assert_points(total_of(&aw, 0), "42.00");
    assert_points(total_of(&aw, 6), "6.00");
    assert_points(total_of(&aw, 7), "0.00");
    assert_points(total_of(&aw, 20), "36.00"); /* B1 */
    assert_points(total_of(&aw, 25), "6.00");  /* B6 */
    assert_points(total_of(&aw, 26), "0.00");  /* B7 */
    bmp_awards_free(&aw);
    /* Two-winner Mitchell, two sections of 8 tables (8 NS, 8 EW): per
     * direction k = ceil(8/3) = 3, steps of 10: 30, 20, 10 (EBU-45). */
    int mitchell[] = {16, 16};
    j = sectioned("\"kind\":\"pairs\",\"movement\":\"two-winner\",\"status\":\"club\","
                  "\"boards\":24,\"tables\":16", 2, AB, mitchell, NULL, true, NULL);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "30.00");  /* A NS 1 */
    assert_points(total_of(&aw, 8), "30.00");  /* A EW 1 */
    assert_points(total_of(&aw, 18), "10.00"); /* B NS 3 */
    assert_points(total_of(&aw, 19), "0.00");  /* B NS 4 */
    assert_points(total_of(&aw, 24), "30.00"); /* B EW 1 */
    bool marked = false;
    for (size_t i = 0; i < aw.count; i++)
        marked |= aw.items[i].contestant == 24 && strcmp(aw.items[i].ranking, "section B EW") == 0;
    assert_true(marked);
    bmp_awards_free(&aw);
}

/* EBU-37: one field across sections only on the same boards, scored by
 * match points (3.8.1); never for teams or VP-scored events (3.8.2). */
static void one_field(void **state)
{
    (void)state;
    bmp_awards aw;
    const char *head = "\"kind\":\"%s\",\"status\":\"club\",\"boards\":24,\"tables\":18,"
                       "\"params\":{\"field_sections\":2%s}";
    char h[256];
    snprintf(h, sizeof h, head, "pairs", ",\"same_boards\":true");
    char *j = event_json(h, 36, NULL, NULL);
    run(j, &aw);
    free(j);
    /* 18 tables as one field, 36 pairs placed 1-36: k = ceil(36/3) = 12,
     * step 6: 72, 66, ..., 6 (EBU-46). */
    assert_points(total_of(&aw, 0), "72.00");
    assert_points(total_of(&aw, 11), "6.00");
    assert_points(total_of(&aw, 12), "0.00");
    assert_true(has_note(&aw, "3.8.1"));
    bmp_awards_free(&aw);
    static const struct {
        const char *kind, *params, *needle;
    } bad[] = {
        {"pairs", "", "3.8.1 a"},
        {"pairs", ",\"same_boards\":false", "3.8.1 a"},
        {"teams", ",\"same_boards\":true", "a teams event in 2 sections is never one field"},
        {"swiss-pairs", ",\"same_boards\":true", "victory points"},
        {"pairs", ",\"same_boards\":true,\"match_pointed\":false", "3.8.2"},
        {"pairs", ",\"same_boards\":true,\"sections\":2", "4.9.3"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        bmp_error e = {0};
        snprintf(h, sizeof h, head, bad[i].kind, bad[i].params);
        j = event_json(h, 36, NULL, NULL);
        assert_int_equal(run_err(j, &e), BMP_EINVAL);
        if (!strstr(e.msg, bad[i].needle))
            fail_msg("case %zu: %s", i, e.msg);
        free(j);
    }
}

static void expect_split_error(const char *head, const char *tail, bmp_status code,
                               const char *needle)
{
    int sizes[] = {8, 6};
    bmp_error e = {0};
    char *j = sectioned(head, 2, AB, sizes, NULL, false, tail);
    assert_int_equal(run_err(j, &e), code);
    if (!strstr(e.msg, needle))
        fail_msg("%s", e.msg);
    free(j);
}

/* EBU-37, EBU-64, EBU-100: what cannot be awarded section by section is
 * refused, naming the rule (ruling EM-2). */
static void split_refusals(void **state)
{
    (void)state;
    const char *t = "\"kind\":\"teams\",\"status\":\"club\",\"boards\":24,\"tables\":14";
    char h[256];
    snprintf(h, sizeof h, "%s,\"params\":{\"field_sections\":2}", t);
    expect_split_error(h, NULL, BMP_EINVAL, "$.params.field_sections");
    snprintf(h, sizeof h, "%s,\"params\":{\"sections\":2,\"section\":1}", t);
    expect_split_error(h, NULL, BMP_EINVAL, "4.9.3");
    snprintf(h, sizeof h, "%s,\"params\":{\"stage\":\"final\",\"original_tables\":30,"
             "\"stage_tables\":14}", t);
    expect_split_error(h, NULL, BMP_EINVAL, "leave stage_tables out");
    snprintf(h, sizeof h, "%s,\"params\":{\"stage\":\"consolation\",\"premier_tables\":5,"
             "\"neither_tables\":20}", t);
    expect_split_error(h, NULL, BMP_ENOTSUP, "not supported: EBU consolation finals in sections");
    snprintf(h, sizeof h, "%s,\"params\":{\"points\":\"green\"}", t);
    expect_split_error(h, NULL, BMP_ENOTSUP, "Green Point events in section groups");
    expect_split_error("\"kind\":\"knockout\",\"status\":\"club\",\"boards\":24,\"tables\":14",
                       NULL, BMP_ENOTSUP, "knock-outs in section groups");
    /* A match between sections A and B (3.8.2: each section within itself). */
    expect_split_error(t, ",\"matches\":[{\"round\":1,\"home\":\"A1\",\"away\":\"B1\","
                       "\"winner\":\"A1\",\"boards\":24}]",
                       BMP_EINVAL, "a match between sections \"A\" and \"B\"");
    /* A contestant outside every section. */
    bmp_error e = {0};
    const char *j = "{\"body\":\"ebu\",\"name\":\"t\",\"kind\":\"teams\",\"status\":\"club\","
                    "\"boards\":24,\"tables\":4,\"groups\":[{\"name\":\"A\",\"type\":\"section\"},"
                    "{\"name\":\"B\",\"type\":\"section\"}],\"contestants\":["
                    "{\"id\":\"1\",\"group\":\"A\",\"place\":1},{\"id\":\"2\",\"place\":1}]}";
    assert_int_equal(run_err(j, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.contestants[1].group"));
}

/* EBU-62, EBU-54: a final in two sections not scored across the field:
 * each section's original entry is the original entry pro rata (4.2.11,
 * the handbook's "60 tables qualify into two sections of 15 tables; take
 * the original entry of each section as being 30 tables"; ruling EM-3). */
static void sectioned_final(void **state)
{
    (void)state;
    bmp_awards aw;
    int sizes[] = {30, 30};
    char *j = sectioned("\"kind\":\"pairs\",\"status\":\"club\",\"boards\":24,\"tables\":30,"
                        "\"params\":{\"stage\":\"final\",\"original_tables\":60}",
                        2, AB, sizes, NULL, false, NULL);
    run(j, &aw);
    free(j);
    /* QA one-winner pairs, original 30: k = ceil(30/2) = 15, step 11: 165,
     * 154, ..., 11 in each section (original 60 would give 30 awards from
     * 330, capped at 300). */
    assert_points(total_of(&aw, 0), "165.00");
    assert_points(total_of(&aw, 14), "11.00");
    assert_points(total_of(&aw, 15), "0.00");
    assert_points(total_of(&aw, 30), "165.00"); /* B1 */
    assert_points(total_of(&aw, 31), "154.00"); /* B2 */
    assert_true(has_note(&aw, "section A: original entry 60 x 15/30 = 30 (4.2.11"));
    bmp_awards_free(&aw);
    bmp_error e = {0};
    j = sectioned("\"kind\":\"pairs\",\"status\":\"club\",\"boards\":24,\"tables\":30,"
                  "\"params\":{\"stage\":\"final\",\"original_tables\":20}",
                  2, AB, sizes, NULL, false, NULL);
    assert_int_equal(run_err(j, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "30 full tables in all its sections"));
    free(j);
    /* A section of no full table (one pair) has no share: 10 x 0/2 = 0,
     * no master points; A (2 tables) has 10 x 2/2 = 10: QA one-winner
     * pairs k = ceil(10/2) = 5, top 5 x 11 = 55 (EBU-55: 4 finalists). */
    int lone[] = {4, 1};
    j = sectioned("\"kind\":\"pairs\",\"status\":\"club\",\"boards\":24,\"tables\":2,"
                  "\"params\":{\"stage\":\"final\",\"original_tables\":10}",
                  2, AB, lone, NULL, false, NULL);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "55.00");
    assert_points(total_of(&aw, 4), "0.00");
    assert_true(has_note(&aw, "section B: EBU: no master points: no full table"));
    bmp_awards_free(&aw);
}

/* EBU-37, EBU-81: a Swiss teams event in two sections of 6 teams, 6
 * matches of 6 boards: the award per match won as usual, the ranking
 * within each section. */
static void match_won_sections(void **state)
{
    (void)state;
    bmp_awards aw;
    int sizes[] = {6, 6};
    char *j = sectioned("\"kind\":\"swiss-teams\",\"status\":\"club\",\"boards\":36,"
                        "\"boards_per_match\":6,\"tables\":12", 2, AB, sizes,
                        ",\"match_wins\":%d", false, NULL);
    run(j, &aw);
    free(j);
    /* 4.6.3: Club, 6-board matches: 9 per win.  Ranking (4.6.5, Scale QA
     * teams, the handbook's 20-team example 90, 72, 54, 36, 18): k =
     * ceil(6/4) = 2 per section, step 18: 36, 18 (as one field of 12: 54,
     * 36, 18).  Wins 6 - place: A1 5 x 9 + 36 = 81; A2 4 x 9 + 18 = 54;
     * A3 3 x 9 = 27. */
    assert_points(total_of(&aw, 0), "81.00");
    assert_points(total_of(&aw, 1), "54.00");
    assert_points(total_of(&aw, 2), "27.00");
    assert_points(total_of(&aw, 6), "81.00"); /* B1 */
    assert_points(total_of(&aw, 8), "27.00"); /* B3 */
    bmp_awards_free(&aw);
}

static const char *const DIV2[] = {"2A", "2B"};

/* EBU-99, EBU-97, EBU-98: a Club league of 2 divisions with Division 2
 * sub-divided 2A and 2B: each sub-division is awarded as Division 2, K =
 * 27, with identical figures (4.8.9; ruling EM-5). */
static void subdivisions(void **state)
{
    (void)state;
    bmp_awards aw;
    int sizes[] = {6, 5};
    const char *head = "\"kind\":\"round-robin\",\"status\":\"club\",\"boards\":240,"
                       "\"boards_per_match\":24,\"tables\":11,"
                       "\"params\":{\"league\":true,\"divisions\":2,\"division\":2}";
    char *j = sectioned(head, 2, DIV2, sizes, ",\"match_wins\":%d", false, NULL);
    run(j, &aw);
    free(j);
    /* K = 27 per win (24-board matches, 4.8.2); ranking k = ceil(teams/4)
     * per sub-division: 2A 6 teams -> 2: 54, 27; 2B 5 teams -> 2: 54, 27.
     * 2A1: 5 wins x 27 + 54 = 189; 2A2: 4 x 27 + 27 = 135; 2A3: 3 x 27 = 81.
     * 2B1: 4 x 27 + 54 = 162; 2B2: 3 x 27 + 27 = 108. */
    assert_points(total_of(&aw, 0), "189.00");
    assert_points(total_of(&aw, 1), "135.00");
    assert_points(total_of(&aw, 2), "81.00");
    assert_points(total_of(&aw, 6), "162.00");
    assert_points(total_of(&aw, 7), "108.00");
    assert_true(has_note(&aw, "4.8.9"));
    bmp_awards_free(&aw);
    /* 4.8.8 per sub-division: 2B of 4 teams is too small. */
    int small[] = {6, 4};
    bmp_error e = {0};
    j = sectioned(head, 2, DIV2, small, NULL, false, NULL);
    assert_int_equal(run_err(j, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "(section \"2B\")"));
    assert_non_null(strstr(e.msg, "4.8.8"));
    free(j);
}

static char *playoff(const char *status, const char *params)
{
    char *b = malloc(1024);
    snprintf(b, 1024,
             "{\"body\":\"ebu\",\"name\":\"t\",\"kind\":\"knockout\",\"status\":\"%s\","
             "\"boards_per_match\":24,\"tables\":2,\"params\":{%s},\"contestants\":["
             "{\"id\":\"W2A\",\"place\":1,\"players\":[{\"id\":\"11\"},{\"id\":\"12\"}]},"
             "{\"id\":\"W2B\",\"place\":2,\"players\":[{\"id\":\"21\"},{\"id\":\"22\"}]}],"
             "\"matches\":[{\"round\":1,\"home\":\"W2A\",\"away\":\"W2B\",\"winner\":\"W2A\"}]}",
             status, params);
    return b;
}

/* EBU-99, EBU-92, EBU-87: the 2A v 2B play-off is a knock-out whose
 * original entry is all the 2A and 2B teams, at Division 2's status; a
 * play-off between division winners has no special award (4.8.9). */
static void playoffs(void **state)
{
    (void)state;
    bmp_awards aw;
    /* Club league of 3 divisions: Division 2's K = 40.5 = 1.5 x 27, District.
     * 16 teams in 2A + 2B: the play-off is the final of 16, Round 4 (4.7.9),
     * 76 at Club (4.7.7) x 1.5 = 114 for the winner. */
    char *j = playoff("club", "\"subdivision_playoff\":true,\"divisions\":3,\"division\":2,"
                              "\"original_tables\":16");
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "114.00");
    assert_points(total_of(&aw, 1), "0.00");
    assert_true(has_note(&aw, "Division 2's status, District (x1 1/2)"));
    bmp_awards_free(&aw);
    /* Club league of 2 divisions: Division 2 is Club (K = 27); 12 teams:
     * the final is Round 3 (8 <= 12 < 16), 54 at Club. */
    j = playoff("club", "\"subdivision_playoff\":true,\"divisions\":2,\"division\":2,"
                        "\"original_tables\":12");
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "54.00");
    bmp_awards_free(&aw);
    /* County league of 6 divisions, Division 2: K = 97.2 is no status. */
    bmp_error e = {0};
    j = playoff("county", "\"subdivision_playoff\":true,\"divisions\":6,\"division\":2,"
                          "\"original_tables\":12");
    assert_int_equal(run_err(j, &e), BMP_ENOTSUP);
    assert_non_null(strstr(e.msg, "EBU-99"));
    free(j);
    j = playoff("club", "\"subdivision_playoff\":true,\"divisions\":2,\"division\":2");
    assert_int_equal(run_err(j, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.params.original_tables"));
    free(j);
    /* Division 1 v Division 2 winners: a basic event of its 2 teams, below
     * the 3 teams of 3.1.1: nothing. */
    j = playoff("club", "\"division_playoff\":true");
    run(j, &aw);
    free(j);
    assert_int_equal(aw.count, 0);
    assert_true(has_note(&aw, "no special award"));
    bmp_awards_free(&aw);
    j = playoff("club", "\"division_playoff\":true,\"original_tables\":20");
    assert_int_equal(run_err(j, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "no special award"));
    free(j);
    /* Sub-division play-off as a teams event: it is a knock-out. */
    j = event_json("\"kind\":\"teams\",\"status\":\"club\",\"boards\":24,\"tables\":4,"
                   "\"params\":{\"subdivision_playoff\":true,\"original_tables\":12}",
                   4, NULL, NULL);
    assert_int_equal(run_err(j, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "is a knock-out"));
    free(j);
    /* A multiple teams event of 4 division winners, 24 boards: a basic
     * Club teams event of 4 teams, k = ceil(4/3) = 2: 20, 10 (EBU-46). */
    j = event_json("\"kind\":\"teams\",\"status\":\"club\",\"boards\":24,\"tables\":4,"
                   "\"params\":{\"division_playoff\":true}", 4, NULL, NULL);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "20.00");
    assert_points(total_of(&aw, 1), "10.00");
    assert_points(total_of(&aw, 2), "0.00");
    bmp_awards_free(&aw);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(teams_within_sections), cmocka_unit_test(pairs_within_sections),
        cmocka_unit_test(one_field),             cmocka_unit_test(split_refusals),
        cmocka_unit_test(sectioned_final),       cmocka_unit_test(match_won_sections),
        cmocka_unit_test(subdivisions),          cmocka_unit_test(playoffs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
