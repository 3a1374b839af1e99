/* ABF master rankings, promotions, One Thousand Club, McCutcheon
 * (Masterpoint Scheme 1.7-1.9).  Oracle: tests/data/abf_admin/master_rankings.csv,
 * a transcription of the 1.8 table. */
#include "bmp_test.h"

#include <stdlib.h>
#include <string.h>

#include "bridgemp/abf.h"

static bmp_points csv_mp(const bmp_csv *c, size_t row, const char *col)
{
    const char *s = bmp_csv_get(c, row, bmp_csv_col(c, col));
    bmp_points p = 0;
    if (s[0] && !bmp_points_parse(s, &p))
        fail_msg("bad number \"%s\"", s);
    return p;
}

static int rank_of(bmp_points green, bmp_points red, bmp_points gold, bmp_points pre82)
{
    bmp_abf_totals t = {green, red, gold, pre82};
    int r = -1;
    bmp_error e = {0};
    assert_int_equal(bmp_abf_rank(&t, &r, &e), BMP_OK);
    return r;
}

/* ABF-86: every row of the 1.8 table: the requirements, and a player holding
 * exactly the minima gets that rank while one hundredth short of any minimum
 * does not. */
static void every_rank_row(void **state)
{
    (void)state;
    bmp_csv c;
    bmp_csv_load(&c, "abf_admin/master_rankings.csv");
    assert_int_equal(c.nrows - 1, BMP_ABF_NRANKS);
    for (size_t row = 1; row < c.nrows; row++) {
        int r = atoi(bmp_csv_get(&c, row, bmp_csv_col(&c, "order")));
        const bmp_abf_rank_req *q = bmp_abf_rank_requirements(r);
        assert_non_null(q);
        assert_string_equal(q->name, bmp_csv_get(&c, row, bmp_csv_col(&c, "rank")));
        bmp_points total = csv_mp(&c, row, "min_total");
        bmp_points rg = csv_mp(&c, row, "min_red_plus_gold");
        bmp_points gold = csv_mp(&c, row, "min_gold");
        assert_int_equal(q->total, total);
        assert_int_equal(q->red_gold, rg);
        assert_int_equal(q->gold, gold);
        const char *pct = bmp_csv_get(&c, row, bmp_csv_col(&c, "pre1982_reduction_pct_of_pre1982_red"));
        assert_int_equal(q->pre1982_pct, pct[0] ? atoi(pct) : 0);
        /* Exactly at the minima: gold = min gold, red = the rest of red+gold,
         * green = the rest of the total. */
        bmp_points red = rg - gold, green = total - rg;
        assert_int_equal(rank_of(green, red, gold, 0), r);
        /* One hundredth short of the total. */
        assert_true(rank_of(green - 1, red, gold, 0) < r);
        /* One hundredth short of red+gold (total kept). */
        if (rg > 0)
            assert_true(rank_of(green + 1, red - 1, gold, 0) < r);
        /* One hundredth short of gold (red+gold and total kept). */
        if (gold > 0)
            assert_true(rank_of(green, red + 1, gold - 1, 0) < r);
        /* The names read back. */
        assert_int_equal(bmp_abf_rank_parse(q->name), r);
        assert_int_equal(bmp_abf_rank_parse(bmp_abf_rank_name(r)), r);
    }
    bmp_csv_free(&c);
}

/* ABF-86: the order is the printed one, not the totals' (AMB-8). */
static void non_monotonic_order(void **state)
{
    (void)state;
    assert_int_equal(rank_of(0, 0, 0, 0), BMP_ABF_RANK_NONE);
    assert_int_equal(rank_of(199, 0, 0, 0), BMP_ABF_RANK_NONE);   /* 1.99 */
    assert_int_equal(rank_of(200, 0, 0, 0), 1);                   /* Graduate */
    /* 100 green, no red: Bronze Regional (7). 50 with 25 red: State (8). */
    assert_int_equal(rank_of(10000, 0, 0, 0), 7);
    assert_int_equal(rank_of(2500, 2500, 0, 0), 8);
    /* 25.00 green + 24.99 red = 49.99 total: Silver Local (5). */
    assert_int_equal(rank_of(2500, 2499, 0, 0), 5);
    /* 50.00 total with 24.99 red: Regional (6), not State. */
    assert_int_equal(rank_of(2501, 2499, 0, 0), 6);
    /* Gold counts as red+gold: 25 gold + 25 green = State. */
    assert_int_equal(rank_of(2500, 0, 2500, 0), 8);
    assert_string_equal(bmp_abf_rank_name(8), "State Master");
    assert_string_equal(bmp_abf_rank_name(21), "Diamond Grand Master");
    assert_string_equal(bmp_abf_rank_name(0), "Nil");
    assert_int_equal(bmp_abf_rank_parse("emerald grand master"), 20);
    assert_int_equal(bmp_abf_rank_parse("Admiral"), -1);
}

/* ABF-87: pre-1982 red allowance, the 1.8 example: 175 pre-1982 red points
 * lower the Life requirements by 35 (20%) and the Grand ones by 70 (40%), both
 * red+gold and gold, never the total. */
static void pre1982_allowance(void **state)
{
    (void)state;
    /* Life needs 300 / 180 / 30; with 175 pre-82 red: 300 / 145 / -5.
     * 125 green + 175 red (all pre-82) + 0 gold = 300 total, 175 red+gold. */
    assert_int_equal(rank_of(12500, 17500, 0, 17500), 13);
    assert_int_equal(rank_of(12500, 17500, 0, 0), 12);    /* without: Silver National */
    /* The allowance is 20% of the player's own pre-82 red: with 145 pre-82
     * (all of the red) it is 29, so Life needs 151 red+gold and 1 gold; 155
     * green + 145 red fails Life and Silver National (150 red+gold) too:
     * Bronze National (11). */
    assert_int_equal(rank_of(15500, 14500, 0, 14500), 11);
    /* 20% of 145 = 29: Life needs 151 red+gold and 1 gold. 149 green + 150 red
     * (145 pre-82) + 1 gold = 300 total, 151 red+gold: Life. */
    assert_int_equal(rank_of(14900, 15000, 100, 14500), 13);
    assert_int_equal(rank_of(14901, 15000, 99, 14500), 12); /* gold 0.99 < 1.00 */
    /* Grand: 1000 / 700-70 = 630 / 200-70 = 130. */
    assert_int_equal(rank_of(37000, 50000, 13000, 17500), 17);
    /* One hundredth short of the reduced gold minimum: Gold Life (750 /
     * 450-35 / 75-35) instead. */
    assert_int_equal(rank_of(37000, 50001, 12999, 17500), 16);
    /* One hundredth short of the reduced red+gold minimum 630. */
    assert_int_equal(rank_of(37001, 49999, 13000, 17500), 16);
    /* The allowance never reduces the total: 999.99 with everything else met. */
    assert_int_equal(rank_of(36999, 50000, 13000, 17500), 16);
    /* Fractional allowance: 20% of 0.01 is 0.002, compared exactly.  Life
     * gold 30: 29.99 gold with 0.05 pre-82 red (allowance 0.01) is enough,
     * with 0.04 (0.008) it is not. */
    assert_int_equal(rank_of(12000 - 5, 15001 + 5, 2999, 5), 13);
    assert_int_equal(rank_of(12000 - 4, 15001 + 4, 2999, 4), 12);
    /* Inconsistent input. */
    bmp_abf_totals bad = {0, 100, 0, 101};
    int r;
    bmp_error e = {0};
    assert_int_equal(bmp_abf_rank(&bad, &r, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "pre-1982"));
    bmp_abf_totals neg = {-1, 0, 0, 0};
    assert_int_equal(bmp_abf_rank(&neg, &r, &e), BMP_EINVAL);
}

/* ABF-88: promotions (1.4.4 monthly; 1.8 a certificate with each); ranks are
 * kept once held. */
static void promotions(void **state)
{
    (void)state;
    bmp_abf_totals t = {2500, 2500, 0, 0}; /* State (8) */
    int nr;
    bool promoted;
    bmp_error e = {0};
    assert_int_equal(bmp_abf_promote(6, &t, &nr, &promoted, &e), BMP_OK);
    assert_int_equal(nr, 8);
    assert_true(promoted);
    assert_int_equal(bmp_abf_promote(8, &t, &nr, &promoted, &e), BMP_OK);
    assert_int_equal(nr, 8);
    assert_false(promoted);
    /* Held Bronze Regional (7) from 100 green; a State rank earned later is a
     * promotion; holding 9 and earning 8 is not a demotion. */
    assert_int_equal(bmp_abf_promote(9, &t, &nr, &promoted, &e), BMP_OK);
    assert_int_equal(nr, 9);
    assert_false(promoted);
    assert_int_equal(bmp_abf_promote(22, &t, &nr, &promoted, &e), BMP_EINVAL);
}

/* ABF-89: One Thousand Club at a lifetime total of 1,000, any colour. */
static void one_thousand_club(void **state)
{
    (void)state;
    bmp_abf_totals at = {100000, 0, 0, 0}, below = {99999, 0, 0, 0}, mixed = {1, 99900, 99, 0};
    assert_true(bmp_abf_one_thousand_club(&at));
    assert_false(bmp_abf_one_thousand_club(&below));
    assert_true(bmp_abf_one_thousand_club(&mixed));
}

/* ABF-90, ABF-91: McCutcheon Trophy (most points in the year) and awards per
 * ranking group at the start of the year, Gold and Silver Grand combined,
 * foreign players excluded, immigrants excluded below Life. */
static void mccutcheon(void **state)
{
    (void)state;
    assert_int_equal(bmp_abf_mccutcheon_group(18), 18);
    assert_int_equal(bmp_abf_mccutcheon_group(19), 18);
    assert_int_equal(bmp_abf_mccutcheon_group(17), 17);
    assert_int_equal(bmp_abf_mccutcheon_group(20), 20);
    assert_int_equal(bmp_abf_mccutcheon_group(0), -1);
    const bmp_abf_year_player p[] = {
        {18, 30000, false, false}, /* 0: Silver Grand, 300 */
        {19, 31000, false, false}, /* 1: Gold Grand, 310: wins the combined group */
        {5, 40000, true, false},   /* 2: foreign Silver Local, 400: Trophy only */
        {5, 12000, false, true},   /* 3: immigrant below Life: no award */
        {5, 11000, false, false},  /* 4: wins Silver Local */
        {13, 9000, false, true},   /* 5: immigrant at Life: eligible */
        {13, 9000, false, false},  /* 6: tie with 5 */
    };
    size_t w[8], n;
    bmp_error e = {0};
    assert_int_equal(bmp_abf_mccutcheon(p, 7, 18, w, 8, &n, &e), BMP_OK);
    assert_int_equal(n, 1);
    assert_int_equal(w[0], 1);
    assert_int_equal(bmp_abf_mccutcheon(p, 7, 5, w, 8, &n, &e), BMP_OK);
    assert_int_equal(n, 1);
    assert_int_equal(w[0], 4);
    assert_int_equal(bmp_abf_mccutcheon(p, 7, 13, w, 8, &n, &e), BMP_OK);
    assert_int_equal(n, 2);
    assert_int_equal(w[0], 5);
    assert_int_equal(w[1], 6);
    assert_int_equal(bmp_abf_mccutcheon(p, 7, -1, w, 8, &n, &e), BMP_OK);
    assert_int_equal(n, 1);
    assert_int_equal(w[0], 2);
    assert_int_equal(bmp_abf_mccutcheon(p, 7, 10, w, 8, &n, &e), BMP_OK);
    assert_int_equal(n, 0);
    assert_int_equal(bmp_abf_mccutcheon(p, 7, 19, w, 8, &n, &e), BMP_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_rank_row),  cmocka_unit_test(non_monotonic_order),
        cmocka_unit_test(pre1982_allowance), cmocka_unit_test(promotions),
        cmocka_unit_test(one_thousand_club), cmocka_unit_test(mccutcheon),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
