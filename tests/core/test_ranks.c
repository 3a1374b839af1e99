/* Ranks in one shape for every body (bmp_rules_rank, include/bridgemp/
 * rank.h): ABF 1.8 and 1.9 (ABF-86, ABF-87, ABF-89), EBU 2.6 (EBU-1, EBU-4),
 * NZ "5. Masterpoint Rankings" (NZ-3, NZ-4), and ACBL, whose regulations
 * have no rank table (RI-4).  The body-specific functions these wrap are
 * tested in test_abf_admin_ranks.c, test_nzb_ranks.c and test_ebu_*.c; here
 * the generic door must give the same answers. */
#include "bmp_test.h"

#include <string.h>

static bmp_rank rank_ok(const char *b, const char *const *names, const double *values)
{
    const bmp_rules *r = bmp_rules_find(b);
    assert_non_null(r);
    bmp_holding h = {0};
    for (size_t i = 0; names[i]; i++) {
        char s[32];
        bmp_points p;
        snprintf(s, sizeof s, "%.2f", values[i]);
        assert_true(bmp_points_parse(s, &p));
        assert_int_equal(bmp_holding_set(r, &h, names[i], p, NULL), BMP_OK);
    }
    bmp_rank k;
    bmp_error e = {0};
    if (bmp_rules_rank(r, &h, &k, &e))
        fail_msg("%s rank: %s", b, e.msg);
    return k;
}

/* Holding helpers: names and values side by side. */
static bmp_rank abf(double green, double red, double gold, double pre82)
{
    return rank_ok("abf", (const char *const[]){"green", "red", "gold", "pre1982", NULL},
                   (const double[]){green, red, gold, pre82});
}
static bmp_rank ebu(double local, double blue, double green)
{
    return rank_ok("ebu", (const char *const[]){"local", "blue", "green", NULL},
                   (const double[]){local, blue, green});
}
static bmp_rank nz(double a, double b)
{
    return rank_ok("nzb", (const char *const[]){"a", "b", NULL}, (const double[]){a, b});
}

static void assert_missing(const bmp_rank *k, size_t i, const char *what, const char *points)
{
    assert_true(i < k->nmissing);
    assert_string_equal(k->missing[i].what, what);
    assert_points(k->missing[i].points, points);
}

/* ABF-86 (1.8): State Master needs total 50 and red+gold 25. */
static void abf_ranks(void **state)
{
    (void)state;
    bmp_rank k = abf(25, 25, 0, 0);
    assert_string_equal(k.name, "State Master");
    assert_int_equal(k.ordinal, 8);
    assert_int_equal(k.top, 21);
    assert_string_equal(k.rule, "ABF-86");
    assert_points(k.total, "50.00");
    /* Bronze State Master: total 100 (50 short), red+gold 50 (25 short). */
    assert_string_equal(k.next, "Bronze State Master");
    assert_int_equal(k.nmissing, 2);
    assert_missing(&k, 0, "total", "50.00");
    assert_missing(&k, 1, "red+gold", "25.00");
    /* Under 2 points: no rank ("Nil"); Graduate Master is 0.01 away. */
    k = abf(1.99, 0, 0, 0);
    assert_int_equal(k.ordinal, 0);
    assert_string_equal(k.name, "Nil");
    assert_string_equal(k.next, "Graduate Master");
    assert_missing(&k, 0, "total", "0.01");
    /* Bronze Regional (100 total) precedes State in the printed order even
     * though State needs only 50: all green stays Bronze Regional. */
    k = abf(120, 0, 0, 0);
    assert_string_equal(k.name, "Bronze Regional Master");
    assert_string_equal(k.next, "State Master");
    assert_int_equal(k.nmissing, 1);
    assert_missing(&k, 0, "red+gold", "25.00");
}

/* ABF-87: the pre-1982 allowance lowers the Life (20%) and Grand (40%)
 * red+gold and gold minima, never the total. */
static void abf_pre1982(void **state)
{
    (void)state;
    /* Life: total 300, red+gold 180 - 0.2 x 175 = 145 <= 175, gold 30 - 35 <= 0. */
    bmp_rank k = abf(125, 175, 0, 175);
    assert_string_equal(k.name, "Life Master");
    assert_int_equal(k.ordinal, 13);
    /* Bronze Life: total 400 (100 short), red+gold 240 - 35 = 205 (30 short),
     * gold 40 - 35 = 5 (5 short). */
    assert_missing(&k, 0, "total", "100.00");
    assert_missing(&k, 1, "red+gold", "30.00");
    assert_missing(&k, 2, "gold", "5.00");
    /* Without the allowance the same points are Silver National (12). */
    assert_int_equal(abf(125, 175, 0, 0).ordinal, 12);
    /* ABF-89 (1.9): 1000 lifetime points join the One Thousand Club. */
    k = abf(370, 500, 130, 175);
    assert_string_equal(k.name, "Grand Master");
    assert_string_equal(k.extra, "One Thousand Club");
    assert_string_equal(abf(370, 500, 129.99, 175).extra, "");
    /* The top: Diamond Grand (15000, 13000, 5000) has no next rank. */
    k = abf(2000, 8000, 5000, 0);
    assert_string_equal(k.name, "Diamond Grand Master");
    assert_int_equal(k.ordinal, 21);
    assert_string_equal(k.next, "");
    assert_int_equal(k.nmissing, 0);
}

/* EBU-1, EBU-4 (2.6.1, 2.6.2, 2.4.2 b). */
static void ebu_ranks(void **state)
{
    (void)state;
    /* 2.6.1's example: 7.25 GP + 2.75 BP + 4,344 LP = 5,344: Master (5,000). */
    bmp_rank k = ebu(4344, 2.75, 7.25);
    assert_string_equal(k.name, "Master");
    assert_int_equal(k.ordinal, 6);
    assert_int_equal(k.top, 29);
    assert_points(k.total, "5344.00");
    assert_string_equal(k.next, "Advanced Master");
    assert_missing(&k, 0, "total", "2156.00"); /* 7,500 - 5,344 */
    /* The same through the EBU's own function. */
    bmp_ebu_holding h = {4344, 275, 725};
    bmp_ebu_rank r;
    assert_int_equal(bmp_ebu_rank_of(&h, &r, NULL), BMP_OK);
    assert_string_equal(r.name, k.name);
    assert_int_equal(r.seniority, k.ordinal);
    /* Premier Master (5,000 and 10 Green): 30 Blue stand for 10 Green. */
    k = ebu(2000, 30, 0);
    assert_string_equal(k.name, "Premier Master");
    assert_int_equal(k.ordinal, 15);
    /* * Tournament Master (50,000; a further star per 10,000): 50,000 LP
     * + 4 GP + 3 BP = 50,700; next Premier Master needs 10 Green: 4 + 3/3 =
     * 5 effective, so 5.00 Green are missing. */
    k = ebu(50000, 3, 4);
    assert_string_equal(k.name, "* Tournament Master");
    assert_int_equal(k.stars, 1);
    assert_string_equal(k.next, "Premier Master");
    assert_int_equal(k.nmissing, 1);
    assert_missing(&k, 0, "green", "5.00");
    /* Under 100: no rank. */
    k = ebu(99, 0, 0);
    assert_int_equal(k.ordinal, 0);
    assert_string_equal(k.name, "no rank");
    assert_missing(&k, 0, "total", "1.00");
}

static void ebu_local_whole(void **state)
{
    (void)state;
    const bmp_rules *r = bmp_rules_find("ebu");
    bmp_holding h = {0};
    assert_int_equal(bmp_holding_set(r, &h, "local", BMP_CENTS(12, 50), NULL), BMP_OK);
    bmp_rank k;
    bmp_error e = {0};
    assert_int_equal(bmp_rules_rank(r, &h, &k, &e), BMP_EINVAL);
    assert_string_equal(e.msg, "EBU rank: Local Points are whole (3.4.1), got 12.50");
}

/* NZ-3, NZ-4 (E-4, E-5, E-6). */
static void nz_ranks(void **state)
{
    (void)state;
    bmp_rank k = nz(50, 50);
    assert_string_equal(k.name, "Provincial Master");
    assert_int_equal(k.ordinal, 4);
    assert_int_equal(k.top, 10);
    assert_string_equal(k.rule, "NZ-3");
    /* Master: A+B 200 (100 short), A 100 (50 short). */
    assert_string_equal(k.next, "Master");
    assert_missing(&k, 0, "A+B", "100.00");
    assert_missing(&k, 1, "A", "50.00");
    /* E-5: Local Master with 150 total and fewer than 50 A: 2 stars. */
    k = nz(40, 110);
    assert_string_equal(k.name, "Local Master");
    assert_int_equal(k.stars, 2);
    assert_string_equal(k.extra, "2 stars (NZ-4)");
    assert_int_equal(k.nmissing, 1);
    assert_missing(&k, 0, "A", "10.00");
    /* E-4: National Master with 700+ total and fewer than 250 A: 1 star. */
    k = nz(200, 500);
    assert_string_equal(k.name, "National Master");
    assert_string_equal(k.extra, "1 star (NZ-4)");
    /* E-6: fewer than 5 A+B is Novice (ordinal 0, a rank). */
    k = nz(2, 2.99);
    assert_string_equal(k.name, "Novice");
    assert_int_equal(k.ordinal, 0);
    assert_missing(&k, 0, "A+B", "0.01");
    /* C points count only once converted (NZ-2). */
    k = rank_ok("nzb", (const char *const[]){"c", NULL}, (const double[]){5000});
    assert_string_equal(k.name, "Novice");
    /* The top: Gold Grand Master. */
    k = nz(2500, 1500);
    assert_int_equal(k.ordinal, 10);
    assert_string_equal(k.next, "");
}

/* RI-4: no rank table in the ACBL regulations: not supported, never a guess. */
static void acbl_not_supported(void **state)
{
    (void)state;
    const bmp_rules *r = bmp_rules_find("acbl");
    bmp_holding h = {0};
    h.points[0] = BMP_CENTS(500, 0);
    bmp_rank k;
    bmp_error e = {0};
    assert_int_equal(bmp_rules_rank(r, &h, &k, &e), BMP_ENOTSUP);
    assert_non_null(strstr(e.msg, "not supported: ACBL ranks (RI-4"));
    bmp_rank_info info;
    assert_null(r->rank_info);
    assert_true(bmp_rules_find("ebu")->rank_info(29, &info));
    assert_string_equal(info.name, "Premier Grand Master");
    assert_false(bmp_rules_find("ebu")->rank_info(30, &info));
    assert_true(bmp_rules_find("abf")->rank_info(8, &info));
    assert_string_equal(info.requires, "total 50, red+gold 25");
}

static void bad_holdings(void **state)
{
    (void)state;
    const bmp_rules *r = bmp_rules_find("abf");
    bmp_holding h = {0};
    bmp_error e = {0};
    assert_int_equal(bmp_holding_set(r, &h, "blue", 100, &e), BMP_EINVAL);
    assert_string_equal(e.msg,
                        "abf holding: unknown \"blue\" (expected one of: green, red, gold, pre1982)");
    h.points[1] = -1;
    bmp_rank k;
    assert_int_equal(bmp_rules_rank(r, &h, &k, &e), BMP_EINVAL);
    assert_string_equal(e.msg, "abf rank: red points must not be negative");
    /* ABF-87: the pre-1982 points are part of red. */
    h.points[1] = 100;
    h.inputs[0] = 200;
    assert_int_equal(bmp_rules_rank(r, &h, &k, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "pre-1982"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(abf_ranks),       cmocka_unit_test(abf_pre1982),
        cmocka_unit_test(ebu_ranks),       cmocka_unit_test(ebu_local_whole),
        cmocka_unit_test(nz_ranks),        cmocka_unit_test(acbl_not_supported),
        cmocka_unit_test(bad_holdings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
