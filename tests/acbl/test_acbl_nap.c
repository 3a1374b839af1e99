/* ACBL issue 42 rules in the tournament machinery: session depth with a
 * half table (ACBL-150), section awards of lower strata (ACBL-151), the
 * larger of overall and summed section awards (ACBL-152), NAP and GNT
 * stages (ACBL-153), ineligible contestants (ACBL-154) and concurrent-table
 * credit (ACBL-155).  Expected values computed by hand, arithmetic in the
 * comments. */
#include "acbl_test_util.h"

/* A 17-pair Mitchell: section A of 8.5 tables, one ranking per direction;
 * n EW pairs placed 1..n. */
static void seventeen_pairs(char *buf, size_t cap, int n)
{
    size_t l = (size_t)snprintf(buf, cap,
                                "{\"body\": \"acbl\", \"name\": \"17 pairs\", \"kind\": \"pairs\", "
                                "\"classification\": \"sectional\", \"tables\": 8.5, "
                                "\"groups\": [{\"name\": \"A\", \"type\": \"section\", "
                                "\"tables\": 8.5}], \"contestants\": [");
    for (int i = 1; i <= n; i++)
        l += (size_t)snprintf(buf + l, cap - l,
                              "%s{\"id\": \"%d\", \"rankings\": [{\"session\": 1, \"section\": "
                              "\"A\", \"direction\": \"EW\", \"place\": %d}], \"players\": "
                              "[{\"id\": \"K%06d\"}]}",
                              i > 1 ? ", " : "", i, i, 100000 + i);
    snprintf(buf + l, cap - l, "]}");
}

/* ACBL-150 (Handbook §3 "I. Calculating the Awards": "In a Mitchell
 * movement, a 1/2 table will be treated as though it were a full table ...
 * 7 1/2 tables would be 8 pairs in each group"; "Depth of awards is 40%
 * times the number of pairs in the comparison group ... .5 rounded up").
 * 17 pairs = 8.5 tables: each direction is a group of 9 pairs; 40% of 9 =
 * 3.6 -> 4 places (not 40% of 8.5 = 3.4 -> 3).  Session first = 0.50 x
 * B(8.5) x R 10 = 0.5 x 18.5/60 x 10 = 1.541667 -> 1.54 (B keeps the 8.5
 * tables: ACBL-2 allows fractional tables); 4th = 35% x 1.54 = 0.539 ->
 * 0.54; 5th nothing. */
static void half_table_depth(void **state)
{
    (void)state;
    char buf[8192];
    seventeen_pairs(buf, sizeof buf, 9);
    res r = go(buf);
    expect_points(&r, "1", "session", -2, "1.54");
    expect_points(&r, "4", "session", -2, "0.54");
    assert_null(find(r.ev, &r.aw, "5", "session", -2));
    assert_true(note_has(&r.aw, "depth 40% of 9 = 4"));
    assert_true(note_has(&r.aw, "ACBL-150"));
    done(&r);
    /* A Howell's field is its pairs (one comparison group): 5.5 tables of
     * a one-winner section = 11 pairs, 40% = 4.4 -> 4. */
    assert_int_equal(acbl_session_depth(11), 4);
}

/* Section A of 8 tables, NS field: pairs 1-4 in stratum A (no limit), 5-8
 * in stratum B (0-500).  open[i] is pair i's open section place (0 =
 * none), strat[i] its stratum B section place (0 = none). */
static void strata_event(char *buf, size_t cap, const int *open, const int *strat)
{
    size_t l = (size_t)snprintf(
        buf, cap,
        "{\"body\": \"acbl\", \"name\": \"strata\", \"kind\": \"pairs\", "
        "\"classification\": \"sectional\", \"tables\": 8, \"groups\": ["
        "{\"name\": \"A\", \"type\": \"section\", \"tables\": 8}, "
        "{\"name\": \"SA\", \"type\": \"stratum\"}, "
        "{\"name\": \"SB\", \"type\": \"stratum\", \"upper_limit\": 500}], "
        "\"contestants\": [");
    for (int i = 1; i <= 8; i++) {
        l += (size_t)snprintf(buf + l, cap - l, "%s{\"id\": \"%d\", \"group\": \"%s\", "
                              "\"rankings\": [{\"session\": 1, \"section\": \"A\", "
                              "\"direction\": \"NS\", \"place\": %d}",
                              i > 1 ? ", " : "", i, i <= 4 ? "SA" : "SB", open[i - 1]);
        if (strat[i - 1])
            l += (size_t)snprintf(buf + l, cap - l,
                                  ", {\"ranking\": \"SB\", \"session\": 1, \"section\": "
                                  "\"A\", \"direction\": \"NS\", \"place\": %d}",
                                  strat[i - 1]);
        l += (size_t)snprintf(buf + l, cap - l, "], \"players\": [{\"id\": \"K%06d\"}]}",
                              200000 + i);
    }
    snprintf(buf + l, cap - l, "]}");
}

static bmp_points total(const res *r, const char *id, const char *kind)
{
    bmp_points sum = 0;
    for (size_t i = 0; i < r->aw.count; i++)
        if (strcmp(r->ev->contestants[r->aw.items[i].contestant].id, id) == 0 &&
            strcmp(r->aw.items[i].kind, kind) == 0)
            sum += r->aw.items[i].points;
    return sum;
}

/* ACBL-151 (later §IV.A "Stratified Events": the General Formula with "the
 * appropriate M factor, and the actual number of tables in each stratum
 * plus all tables in lower strata"; ACBL-17 session first = .50 x B x R x M
 * x P x T).  Open section: 0.5 x B(8) x R 10 = 0.5 x 18/60 x 10 = 1.50, 2nd
 * 70% = 1.05, depth 40% x 8 = 3.2 -> 3.  Stratum SB's section ranking
 * compares the 4 NS pairs of SB (no lower stratum): 4 tables, B = 14/60 =
 * 0.233333, M(500) = log10 500 / 3.11 - 0.218 = 0.649836: first = 0.5 x
 * 0.233333 x 10 x 0.649836 = 0.758142 -> 0.76, depth 40% x 4 = 1.6 -> 2,
 * 2nd = 70% x 0.76 = 0.532 -> 0.53.  Pair 5 (open 2nd, SB 1st) is paid
 * the larger, 1.05, not 1.05 + 0.76 = 1.81 nor 1.05 + 1.50 at the open
 * rate (ruling ACBL-R50); pair 6 (open 4th: beyond the depth, SB 2nd) 0.53. */
static void stratum_section_awards(void **state)
{
    (void)state;
    static const int open[8] = {1, 3, 5, 6, 2, 4, 7, 8};
    static const int strat[8] = {0, 0, 0, 0, 1, 2, 3, 4};
    char buf[16384];
    strata_event(buf, sizeof buf, open, strat);
    res r = go(buf);
    assert_points(total(&r, "1", "session"), "1.50");
    assert_points(total(&r, "5", "session"), "1.05");
    assert_points(total(&r, "6", "session"), "0.53");
    assert_string_equal(find(r.ev, &r.aw, "6", "session", -2)->rule, "ACBL-151");
    assert_string_equal(find(r.ev, &r.aw, "6", "session", -2)->colour, "silver");
    assert_points(total(&r, "7", "session"), "0.00");
    assert_true(note_has(&r.aw, "stratum SB section award (ACBL-151"));
    assert_true(note_has(&r.aw, "0.649836"));
    done(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(half_table_depth),
        cmocka_unit_test(stratum_section_awards),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
