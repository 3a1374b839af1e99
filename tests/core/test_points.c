/* Exact points and rounding (docs/architecture.md, "Exact points").
 * Half-cent boundaries come from the regulations: ACBL Appendix C needs
 * 0.125 -> 0.13 and 0.375 -> 0.38 (acbl.md §3.3, A-4); A-4 names 2.125,
 * 7.245 and 19.425 as ties that occur in real awards. */
#include "bmp_test.h"

#include <math.h>

static void half_cent_boundaries_half_up(void **state)
{
    (void)state;
    /* Naive (long)(x*100 + 0.5) fails on several of these: 0.125 is exact in
     * binary but 19.425 is 19.42499999999999893..., 7.245 is 7.24499999...,
     * 2.675 is 2.67499999... */
    assert_points(bmp_round_real(0.125, BMP_ROUND_HALF_UP, BMP_UNIT_CENT), "0.13");
    assert_points(bmp_round_real(0.375, BMP_ROUND_HALF_UP, BMP_UNIT_CENT), "0.38");
    assert_points(bmp_round_real(2.125, BMP_ROUND_HALF_UP, BMP_UNIT_CENT), "2.13");
    assert_points(bmp_round_real(7.245, BMP_ROUND_HALF_UP, BMP_UNIT_CENT), "7.25");
    assert_points(bmp_round_real(19.425, BMP_ROUND_HALF_UP, BMP_UNIT_CENT), "19.43");
    assert_points(bmp_round_real(2.675, BMP_ROUND_HALF_UP, BMP_UNIT_CENT), "2.68");
    assert_points(bmp_round_real(1.005, BMP_ROUND_HALF_UP, BMP_UNIT_CENT), "1.01");
    /* Values computed by formula, not typed: 11/60 x 8.5 x 3 = 4.675 exactly
     * (acbl.md §3.1: 1 table, Unit, 5 sessions -> 4.68). */
    assert_points(bmp_round_real(11.0 / 60.0 * 8.5 * 3.0, BMP_ROUND_HALF_UP, 1), "4.68");
    /* 2/16 = 0.125 -> 0.13 (Appendix C later, 2 sessions, place 15). */
    assert_points(bmp_round_real(2.0 / 16.0, BMP_ROUND_HALF_UP, 1), "0.13");
    /* 0.1 + 0.2 = 0.30000000000000004 must not become 0.31 under ceil. */
    assert_points(bmp_round_real(0.1 + 0.2, BMP_ROUND_CEIL, 1), "0.30");
    /* 0.7 * 3 = 2.0999999999999996 must not floor to 2.09. */
    assert_points(bmp_round_real(0.7 * 3, BMP_ROUND_FLOOR, 1), "2.10");
    /* Just off the boundary stays off it. */
    assert_points(bmp_round_real(0.12499, BMP_ROUND_HALF_UP, 1), "0.12");
    assert_points(bmp_round_real(0.12501, BMP_ROUND_HALF_DOWN, 1), "0.13");
}

static void other_modes(void **state)
{
    (void)state;
    assert_points(bmp_round_real(0.125, BMP_ROUND_HALF_EVEN, 1), "0.12");
    assert_points(bmp_round_real(0.135, BMP_ROUND_HALF_EVEN, 1), "0.14");
    assert_points(bmp_round_real(0.125, BMP_ROUND_HALF_DOWN, 1), "0.12");
    assert_points(bmp_round_real(0.129, BMP_ROUND_FLOOR, 1), "0.12");
    assert_points(bmp_round_real(0.121, BMP_ROUND_CEIL, 1), "0.13");
    assert_points(bmp_round_real(-0.125, BMP_ROUND_HALF_UP, 1), "-0.13");
    assert_points(bmp_round_real(-0.125, BMP_ROUND_TRUNC, 1), "-0.12");
    assert_points(bmp_round_real(-0.121, BMP_ROUND_FLOOR, 1), "-0.13");
    /* To whole points and tenths. */
    assert_points(bmp_round_real(2.5, BMP_ROUND_HALF_UP, BMP_UNIT_WHOLE), "3.00");
    assert_points(bmp_round_real(2.5, BMP_ROUND_HALF_EVEN, BMP_UNIT_WHOLE), "2.00");
    assert_points(bmp_round_real(3.5, BMP_ROUND_HALF_EVEN, BMP_UNIT_WHOLE), "4.00");
    assert_points(bmp_round_real(2.49, BMP_ROUND_HALF_UP, BMP_UNIT_WHOLE), "2.00");
    assert_points(bmp_round_real(2.01, BMP_ROUND_CEIL, BMP_UNIT_WHOLE), "3.00");
    assert_points(bmp_round_real(2.99, BMP_ROUND_FLOOR, BMP_UNIT_WHOLE), "2.00");
    assert_points(bmp_round_real(0.25, BMP_ROUND_HALF_UP, BMP_UNIT_TENTH), "0.30");
}

static void exact_ratios(void **state)
{
    (void)state;
    /* 1st = 1.00 (100 hundredths) x 0.75^7 = 13.348... hundredths -> 0.13
     * (Appendix C, place 8).  100 * 3^7 / 4^7 = 218700/16384 = 13.348 */
    assert_points(bmp_div_round(100 * 2187, 16384, BMP_ROUND_HALF_UP, 1), "0.13");
    /* 1st x 2 / 16 with 1st = 1.00: 200/16 = 12.5 hundredths -> 0.13. */
    assert_points(bmp_div_round(200, 16, BMP_ROUND_HALF_UP, 1), "0.13");
    assert_points(bmp_div_round(200, 16, BMP_ROUND_HALF_EVEN, 1), "0.12");
    assert_points(bmp_div_round(-200, 16, BMP_ROUND_HALF_UP, 1), "-0.13");
    assert_points(bmp_div_round(200, -16, BMP_ROUND_FLOOR, 1), "-0.13");
    assert_points(bmp_div_round(1000, 3, BMP_ROUND_HALF_UP, BMP_UNIT_WHOLE), "3.00");
    /* bmp_mul_ratio: 40.99 x 3/4 = 30.7425 -> 30.74 */
    assert_points(bmp_mul_ratio(4099, 3, 4, BMP_ROUND_HALF_UP, 1), "30.74");
    /* Large values do not overflow: 10,000.00 x 3^30 / 4^30 */
    assert_int_equal(bmp_mul_ratio(1000000, 205891132094649LL, 1152921504606846976LL,
                                   BMP_ROUND_HALF_UP, 1),
                     179); /* 1e6 * 0.75^30 = 178.5... -> 179 hundredths */
}

static void split_exactly(void **state)
{
    (void)state;
    /* ACBL-50: 2/3 gold, 1/3 red of 10.00 -> 6.67 gold + 3.33 red = 10.00 */
    int64_t w[2] = {2, 1};
    bmp_points parts[2];
    bmp_split(1000, w, 2, BMP_ROUND_HALF_UP, parts);
    assert_points(parts[0], "6.67");
    assert_points(parts[1], "3.33");
    /* 1/2 of 0.05 -> 0.03 + 0.02: the remainder goes to the last part. */
    int64_t h[2] = {1, 1};
    bmp_split(5, h, 2, BMP_ROUND_HALF_UP, parts);
    assert_int_equal(parts[0] + parts[1], 5);
    assert_points(parts[0], "0.03");
}

static void format_and_parse(void **state)
{
    (void)state;
    char b[32];
    bmp_points_format(1234, b, sizeof b);
    assert_string_equal(b, "12.34");
    bmp_points_format(-5, b, sizeof b);
    assert_string_equal(b, "-0.05");
    bmp_points_format(700, b, sizeof b);
    assert_string_equal(b, "7.00");
    bmp_points_format(INT64_MIN, b, sizeof b);
    assert_string_equal(b, "-92233720368547758.08");
    /* as snprintf: cut to the size, the whole length answered ("-1234.56"
     * is 8 characters; 5 bytes hold 4 and the NUL) */
    assert_int_equal(bmp_points_format(-123456, b, 5), 8);
    assert_string_equal(b, "-123");
    assert_int_equal(bmp_points_format(0, b, sizeof b), 4);
    assert_string_equal(b, "0.00");
    assert_int_equal(bmp_points_format(99, NULL, 0), 4); /* "0.99" */
    bmp_points p;
    assert_true(bmp_points_parse("12.3", &p));
    assert_int_equal(p, 1230);
    assert_true(bmp_points_parse("-0.05", &p));
    assert_int_equal(p, -5);
    assert_true(bmp_points_parse("7", &p));
    assert_int_equal(p, 700);
    assert_false(bmp_points_parse("1.234", &p));
    assert_false(bmp_points_parse("abc", &p));
    assert_false(bmp_points_parse("", &p));
    assert_false(bmp_points_parse("-", &p));
    assert_false(bmp_points_parse("1.2.3", &p));
    bmp_round_mode m;
    assert_true(bmp_round_mode_parse("half-even", &m));
    assert_int_equal(m, BMP_ROUND_HALF_EVEN);
    assert_string_equal(bmp_round_mode_name(BMP_ROUND_CEIL), "ceil");
    assert_false(bmp_round_mode_parse("nearest", &m));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(half_cent_boundaries_half_up), cmocka_unit_test(other_modes),
        cmocka_unit_test(exact_ratios),                 cmocka_unit_test(split_exactly),
        cmocka_unit_test(format_and_parse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
