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
 * 0.54; 5th nothing.  Real data agrees: ACBLscore 8.15's NAP club game of
 * 2017-08-08 (morrisjones/nap gfjson/183434/170808.ace.json, 9 NS and 8 EW
 * pairs) pays four EW section places (1.78, 1.25, 0.89, 0.62); so do the
 * shared files agile-bridge-club 170613 (6 EW pairs of 6.5 tables: 3
 * places) and south-bay-bridge-club 170829 (8 NS pairs of 8.5 tables: 4). */
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
    const bmp_award *fourth = find(r.ev, &r.aw, "4", "session", -2);
    assert_non_null(strstr(fourth->explain, "half table counts as a full table (ACBL-150"));
    assert_null(strstr(find(r.ev, &r.aw, "3", "session", -2)->explain, "ACBL-150"));
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
    /* The ACBLscore reader names a lower stratum's section ranking "SB
     * session 1 A NS": the same ranking, the same awards. */
    char *p = buf;
    while ((p = strstr(p, "\"ranking\": \"SB\"")) != NULL) {
        memmove(p + 30, p + 15, strlen(p + 15) + 1);
        memcpy(p, "\"ranking\": \"SB session 1 A NS\"", 30);
        p += 30;
    }
    r = go(buf);
    assert_points(total(&r, "5", "session"), "1.05");
    assert_points(total(&r, "6", "session"), "0.53");
    assert_string_equal(find(r.ev, &r.aw, "6", "session", -2)->rule, "ACBL-151");
    done(&r);
}

/* ACBL-152 (ruling ACBL-R52): where the ACBL pays the larger of overall
 * and summed section awards (the NAP and GNT stages, params.special), one
 * contestant's overall award and its section awards are compared and the
 * larger set is paid.  Contestant 0: overall 1.00 against 0.70 + 0.50 =
 * 1.20: the section awards stay; contestant 1: overall 2.00 against 1.05:
 * the overall stays; contestant 2: a session award alone stays. */
static void larger_of_overall(void **state)
{
    (void)state;
    bmp_awards aw;
    bmp_awards_init(&aw);
    bmp_error e = {0};
    static const struct {
        size_t ct;
        const char *kind;
        bmp_points pts;
    } in[] = {{0, "overall", 100}, {0, "session", 70}, {1, "session", 105},
              {0, "session", 50},  {1, "overall", 200}, {2, "session", 35}};
    for (size_t k = 0; k < sizeof in / sizeof in[0]; k++) {
        bmp_award a = {.contestant = in[k].ct, .player = BMP_ALL_PLAYERS, .points = in[k].pts};
        bmp_award_set(&a, in[k].kind, in[k].kind, "black", "ACBL-17", "t");
        assert_int_equal(bmp_awards_add(&aw, &e, &a, "award %zu", k), BMP_OK);
    }
    acbl_calc c = {.larger_overall = true};
    assert_int_equal(acbl_larger_overall(&c, 0, &aw, &e), BMP_OK);
    assert_int_equal(aw.count, 4);
    bmp_points sum[3] = {0, 0, 0};
    for (size_t k = 0; k < aw.count; k++) {
        sum[aw.items[k].contestant] += aw.items[k].points;
        if (aw.items[k].contestant == 0)
            assert_string_equal(aw.items[k].kind, "session");
        if (aw.items[k].contestant == 1)
            assert_string_equal(aw.items[k].kind, "overall");
    }
    assert_points(sum[0], "1.20");
    assert_points(sum[1], "2.00");
    assert_points(sum[2], "0.35");
    /* The kept award names what was dropped and the rule. */
    assert_non_null(strstr(aw.items[0].explain, "summed section awards 1.20 is the larger"));
    assert_non_null(strstr(aw.items[0].explain, "ACBL-152"));
    bmp_awards_free(&aw);
}

#define NAP_HEAD                                                                                   \
    "{\"body\": \"acbl\", \"name\": \"nap\", \"kind\": \"pairs\", \"sessions\": 2, \"tables\": " \
    "20, \"classification\": \"%s\", \"params\": {%s}, \"groups\": [{\"name\": \"A\", "          \
    "\"type\": \"flight\"}, {\"name\": \"B\", \"type\": \"flight\", \"upper_limit\": 2500}, "     \
    "{\"name\": \"C\", \"type\": \"flight\", \"upper_limit\": 500}], \"contestants\": "           \
    "[{\"id\": \"1\", \"group\": \"A\", \"place\": \"1\"}]}"

/* ACBL-153 (ruling ACBL-R52): the NAP/GNT stages.  The unit and district
 * stages' amounts, flight factors and colours are the codification's
 * ("Calculating the Awards - NAP" / "- GNT"), not in the sources followed:
 * refused with the rule, never a guessed value; a club stage must be a club
 * game; an unknown stage is an input error naming the valid ones.
 * ACBL-155 (ruling ACBL-R54): params.concurrent_tables is refused outside
 * ACBL-65, and at Sectionals/Regionals points to ACBL-65's parameters. */
static void nap_gnt_stages(void **state)
{
    (void)state;
    char buf[2048];
    snprintf(buf, sizeof buf, NAP_HEAD, "unit", "\"special\": \"nap-unit\"");
    expect_fail(buf, BMP_ENOTSUP, "ACBL-153");
    snprintf(buf, sizeof buf, NAP_HEAD, "unit", "\"special\": \"gnt-district\"");
    expect_fail(buf, BMP_ENOTSUP, "Calculating the Awards - GNT");
    snprintf(buf, sizeof buf, NAP_HEAD, "sectional", "\"special\": \"nap-club\"");
    expect_fail(buf, BMP_EINVAL, "held at clubs");
    snprintf(buf, sizeof buf, NAP_HEAD, "unit", "\"special\": \"nap-state\"");
    expect_fail(buf, BMP_EINVAL, "nap-unit");
    snprintf(buf, sizeof buf, NAP_HEAD, "unit", "\"concurrent_tables\": 6");
    expect_fail(buf, BMP_ENOTSUP, "ACBL-155");
    snprintf(buf, sizeof buf, NAP_HEAD, "sectional", "\"concurrent_tables\": 6");
    expect_fail(buf, BMP_EINVAL, "concurrent_restricted_tables");
}

/* ACBL-154 (ruling ACBL-R53): pair 1 (params.eligible false) wins the
 * section and the overall but is not paid; the others move up one place.
 * Sectional, 1 session, 8 tables: overall 1st = B(8) x R = 18/60 x 10 =
 * 3.00, 2nd 75% = 2.25, 4th = 3.00 x 27/64 = 1.265625 -> 1.27 (ACBL-10);
 * section A NS (8 pairs): 1st = 0.5 x 18/60 x 10 = 1.50, 2nd 1.05, 3rd
 * 0.75, depth 40% x 8 = 3.2 -> 3, so pair 5 (5th, now 4th) has no section
 * award.  As ACBLscore did in the shared file agile-bridge-club 170718
 * (section B NS: the ineligible top pair unpaid, the next three paid). */
static void ineligible_contestant(void **state)
{
    (void)state;
    char buf[8192];
    size_t l = (size_t)snprintf(buf, sizeof buf,
                                "{\"body\": \"acbl\", \"name\": \"elig\", \"kind\": \"pairs\", "
                                "\"classification\": \"sectional\", \"tables\": 8, \"groups\": "
                                "[{\"name\": \"A\", \"type\": \"section\", \"tables\": 8}], "
                                "\"contestants\": [");
    for (int i = 1; i <= 6; i++)
        l += (size_t)snprintf(buf + l, sizeof buf - l,
                              "%s{\"id\": \"%d\", \"place\": \"%d\"%s, \"rankings\": "
                              "[{\"session\": 1, \"section\": \"A\", \"direction\": \"NS\", "
                              "\"place\": %d}], \"players\": [{\"id\": \"K%06d\"}]}",
                              i > 1 ? ", " : "", i, i,
                              i == 1 ? ", \"params\": {\"eligible\": false}" : "", i,
                              300000 + i);
    snprintf(buf + l, sizeof buf - l, "]}");
    res r = go(buf);
    assert_null(find(r.ev, &r.aw, "1", "overall", -2));
    assert_null(find(r.ev, &r.aw, "1", "session", -2));
    expect_points(&r, "2", "overall", -2, "3.00");
    expect_points(&r, "3", "overall", -2, "2.25");
    expect_points(&r, "5", "overall", -2, "1.27");
    expect_points(&r, "2", "session", -2, "1.50");
    expect_points(&r, "4", "session", -2, "0.75");
    assert_null(find(r.ev, &r.aw, "5", "session", -2));
    assert_true(note_has(&r.aw, "ACBL-154"));
    bool why = false;
    for (size_t k = 0; k < r.aw.nreasons; k++)
        why |= r.aw.reasons[k].contestant == 0 && strcmp(r.aw.reasons[k].rule, "ACBL-154") == 0;
    assert_true(why);
    done(&r);
    /* Knockouts, NABC and WBF events do not re-rank: refused, not ignored. */
    expect_fail("{\"body\": \"acbl\", \"name\": \"ko\", \"kind\": \"knockout\", "
                "\"classification\": \"regional\", \"tables\": 8, \"contestants\": "
                "[{\"id\": \"1\", \"place\": \"1\", \"params\": {\"eligible\": false}}]}",
                BMP_ENOTSUP, "ACBL-154");
}

/* ACBL-153 (ruling ACBL-R52): NAP club level pays half red, half black, the
 * red half rounded half-up, as ACBLscore 8.15 stored for the "NAP Club
 * Level" game of 2017-08-08 (morrisjones/nap gfjson/183434/170808.ace.json):
 * 1.78 -> 0.89 R + 0.89 B, 1.25 -> 0.63 R + 0.62 B, 0.89 -> 0.45 R + 0.44 B;
 * 0.01 -> 0.01 R and no black award.  The 15 shared files' NAP club events
 * agree: for 391 players paid red and black from one award, red - black is
 * 0 or +1 cent. */
static void nap_club_colours(void **state)
{
    (void)state;
    bmp_awards aw;
    bmp_awards_init(&aw);
    bmp_error e = {0};
    static const bmp_points in[] = {178, 125, 89, 1};
    for (size_t k = 0; k < 4; k++) {
        bmp_award a = {.contestant = k, .player = BMP_ALL_PLAYERS, .points = in[k]};
        bmp_award_set(&a, "session", "session 1 G NS", "black", "ACBL-17", "t");
        assert_int_equal(bmp_awards_add(&aw, &e, &a, "award %zu", k), BMP_OK);
    }
    acbl_calc c = {.nap_club = true};
    assert_int_equal(acbl_nap_club_colours(&c, 0, &aw, &e), BMP_OK);
    static const char *const red[] = {"0.89", "0.63", "0.45", "0.01"};
    static const char *const black[] = {"0.89", "0.62", "0.44", NULL};
    for (size_t k = 0; k < 4; k++) {
        bool seen_red = false, seen_black = false;
        for (size_t i = 0; i < aw.count; i++) {
            if (aw.items[i].contestant != k)
                continue;
            if (strcmp(aw.items[i].colour, "red") == 0) {
                assert_points(aw.items[i].points, red[k]);
                seen_red = true;
            } else {
                assert_string_equal(aw.items[i].colour, "black");
                assert_non_null(black[k]);
                assert_points(aw.items[i].points, black[k]);
                seen_black = true;
            }
        }
        assert_true(seen_red);
        assert_true(seen_black == (black[k] != NULL));
    }
    assert_non_null(strstr(aw.items[0].explain, "ACBL-R52"));
    bmp_awards_free(&aw);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(half_table_depth),
        cmocka_unit_test(stratum_section_awards),
        cmocka_unit_test(larger_of_overall),
        cmocka_unit_test(nap_gnt_stages),
        cmocka_unit_test(ineligible_contestant),
        cmocka_unit_test(nap_club_colours),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
