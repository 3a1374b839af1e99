/* EBU stratified events (4.12): the worked example 4.12.6, as an event,
 * and stratified Swiss teams (4.12.7). */
#include "ebu_test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ebu.h"
#include "ebu/ebu_internal.h"

/* Awards 1..k of a scale as whole numbers into out (returns k). */
static int awards_of(const ebu_scale *s, int *out)
{
    for (int i = 1; i <= s->k; i++)
        out[i - 1] = (int)(ebu_scale_award(s, i) / 100);
    return s->k;
}

static void assert_awards(const ebu_scale *s, const int *want, int n)
{
    int got[400];
    assert_int_equal(awards_of(s, got), n);
    for (int i = 0; i < n; i++)
        if (got[i] != want[i])
            fail_msg("place %d: expected %d, got %d", i + 1, want[i], got[i]);
}

/* The arithmetic sequence top, top - step, ..., step. */
static void assert_linear(const ebu_scale *s, int top, int step)
{
    int want[400], n = top / step;
    for (int i = 0; i < n; i++)
        want[i] = top - i * step;
    assert_awards(s, want, n);
}

/* EBU-109, EBU-111, EBU-113: 4.12.6 stratified, Club 1w pairs, 24 pairs
 * (8 A, 8 B, 8 C), 18-35 boards. */
static void strat_4_12_6(void **state)
{
    (void)state;
    ebu_scale s = ebu_s_scale(EBU_M4_CLUB, EBU_B18_35, EBU_PAIRS_1W, 12, 1); /* A list: all */
    assert_linear(&s, 40, 5);
    s = ebu_s_scale(EBU_M4_CLUB, EBU_B18_35, EBU_PAIRS_1W, 8, 2); /* B list: 16 pairs */
    assert_linear(&s, 24, 4);
    s = ebu_s_scale(EBU_M4_CLUB, EBU_B18_35, EBU_PAIRS_1W, 4, 3); /* C list: 8 pairs */
    assert_linear(&s, 9, 3);
    s = ebu_s_scale(EBU_M4_CLUB, EBU_B18_35, EBU_PAIRS_1W, 12, 0); /* unstratified */
    assert_linear(&s, 48, 6);
    /* Category minimum = the lowest 1w step: C 3 (not 6). */
    s = ebu_s_scale(EBU_M4_CLUB, EBU_B18_35, EBU_PAIRS_1W, 4, 3);
    assert_points(ebu_scale_min(&s), "3.00");
    /* 4.12.6: two-winner, 5 B-NS and 9 B-EW: the smaller (5) -> 2 awards. */
    s = ebu_s_scale(EBU_M4_CLUB, EBU_B18_35, EBU_TEAMS, 5, 2);
    assert_int_equal(s.k, 2);
}

/* EBU-107, EBU-108, EBU-109, EBU-110, EBU-113: 4.12.6 as an event: Club
 * 1w pairs, 24 pairs (8 A, 8 B, 8 C by A-list place 1, 2, 3, 4 ...), 24 boards. */
static void strat_event(void **state)
{
    (void)state;
    char *b = malloc(16384);
    size_t o = (size_t)snprintf(b, 16384,
        "{\"body\":\"ebu\",\"name\":\"strat\",\"kind\":\"pairs\",\"movement\":\"one-winner\","
        "\"status\":\"club\",\"boards\":24,\"tables\":12,\"params\":{\"stratified\":true},"
        "\"contestants\":[");
    int bpl = 0, cpl = 0;
    for (int i = 1; i <= 24; i++) {
        char cat = i % 3 == 1 ? 'A' : i % 3 == 2 ? 'B' : 'C';
        char rk[128] = "";
        if (cat != 'A') {
            bpl++;
            if (cat == 'C')
                cpl++;
            if (cat == 'C')
                snprintf(rk, sizeof rk, ",\"rankings\":[{\"ranking\":\"B\",\"place\":%d},"
                                        "{\"ranking\":\"C\",\"place\":%d}]", bpl, cpl);
            else
                snprintf(rk, sizeof rk, ",\"rankings\":[{\"ranking\":\"B\",\"place\":%d}]", bpl);
        }
        o += (size_t)snprintf(b + o, 16384 - o, "%s{\"id\":\"%d\",\"place\":%d,\"params\":{\"category\":\"%c\"}%s}",
                              i > 1 ? "," : "", i, i, cat, rk);
    }
    snprintf(b + o, 16384 - o, "]}");
    bmp_awards aw;
    run(b, &aw);
    free(b);
    /* A list (24 pairs, 12 tables): 8 awards of 5: 40, 35, 30 ... 5.
     * B list (16 pairs, 8 tables): 6 awards of 4: 24 ... 4.
     * C list (8 pairs, 4 tables): 3 awards of 3: 9, 6, 3. */
    assert_points(total_of(&aw, 0), "40.00");  /* A place 1 */
    assert_points(total_of(&aw, 1), "35.00");  /* A 35 beats B 24: only the higher */
    assert_points(total_of(&aw, 2), "30.00");  /* A 30, B 20, C 9 */
    assert_points(total_of(&aw, 8), "4.00");   /* pair 9 (C): A none, B place 6 = 4, C place 3 = 3 */
    assert_points(total_of(&aw, 10), "0.00");  /* pair 11 (B): B place 7 */
    assert_points(total_of(&aw, 11), "0.00");  /* pair 12 (C): B 8th, C 4th */
    assert_string_equal(aw.items[0].rule, "EBU-109");
    bmp_awards_free(&aw);
}

/* EBU-112, EBU-110: a stratified Swiss teams (4.12.7): match awards as
 * usual, ranking awards by Scale QS per list.  Club, 12 teams (A, B, C in
 * turn by A-list place), 6 x 6 boards: 9 per win; A list (12 teams) 3
 * awards of 15: 45, 30, 15; B list (8) 2 of 12: 24, 12; C list (4) 1 of 9. */
static void strat_swiss(void **state)
{
    (void)state;
    char b[8192];
    size_t o = (size_t)snprintf(b, sizeof b,
        "{\"body\":\"ebu\",\"name\":\"qs\",\"kind\":\"swiss-teams\",\"status\":\"club\","
        "\"boards\":36,\"boards_per_match\":6,\"tables\":12,\"params\":{\"stratified\":true},"
        "\"contestants\":[");
    int bpl = 0, cpl = 0;
    for (int i = 1; i <= 12; i++) {
        char cat = i % 3 == 1 ? 'A' : i % 3 == 2 ? 'B' : 'C';
        char rk[128] = "";
        if (cat == 'B')
            snprintf(rk, sizeof rk, ",\"rankings\":[{\"ranking\":\"B\",\"place\":%d}]", ++bpl);
        if (cat == 'C') {
            ++bpl;
            snprintf(rk, sizeof rk, ",\"rankings\":[{\"ranking\":\"B\",\"place\":%d},"
                                    "{\"ranking\":\"C\",\"place\":%d}]", bpl, ++cpl);
        }
        o += (size_t)snprintf(b + o, sizeof b - o,
                              "%s{\"id\":\"%d\",\"place\":%d,\"match_wins\":%d,"
                              "\"params\":{\"category\":\"%c\"}%s}",
                              i > 1 ? "," : "", i, i, 12 - i, cat, rk);
    }
    snprintf(b + o, sizeof b - o, "]}");
    bmp_awards aw;
    run(b, &aw);
    assert_points(total_of(&aw, 0), "144.00"); /* 11 x 9 + A 45 */
    assert_points(total_of(&aw, 1), "120.00"); /* 10 x 9 + A 30 (> B 24) */
    assert_points(total_of(&aw, 2), "96.00");  /* 9 x 9 + A 15 (> B 12, C 9) */
    assert_points(total_of(&aw, 4), "63.00");  /* 7 x 9: B 3rd of 2 awards */
    assert_points(total_of(&aw, 5), "54.00");  /* 6 x 9: C 2nd of 1 award */
    bool qs = false;
    for (size_t i = 0; i < aw.count; i++)
        qs |= strcmp(aw.items[i].rule, "EBU-112") == 0;
    assert_true(qs);
    bmp_awards_free(&aw);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(strat_4_12_6),
        cmocka_unit_test(strat_event),
        cmocka_unit_test(strat_swiss),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
