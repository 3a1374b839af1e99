/* ABF reciprocity (Masterpoint Scheme 1.3.4).  Oracle:
 * tests/data/abf_admin/reciprocity.csv, a transcription of the 1.3.4 list. */
#include "bmp_test.h"

#include <string.h>

#include "bridgemp/abf.h"

static bmp_points convert(bmp_abf_foreign k, bmp_points foreign, const char *want_colour)
{
    const char *colour = NULL;
    bmp_points credit = -1;
    bmp_error e = {0};
    assert_int_equal(bmp_abf_reciprocity(k, foreign, &colour, &credit, &e), BMP_OK);
    assert_string_equal(colour, want_colour);
    return credit;
}

/* ABF-105: every printed conversion: one foreign point gives the printed
 * Australian credit in the printed colour, and 100 foreign points 100 times
 * it (no rounding involved). */
static void every_printed_row(void **state)
{
    (void)state;
    bmp_csv c;
    bmp_csv_load(&c, "abf_admin/reciprocity.csv");
    assert_int_equal(c.nrows - 1, BMP_ABF_FOREIGN__COUNT);
    for (size_t row = 1; row < c.nrows; row++) {
        bmp_abf_foreign k;
        assert_true(bmp_abf_foreign_parse(bmp_csv_get(&c, row, bmp_csv_col(&c, "foreign_point")), &k));
        const char *colour = bmp_csv_get(&c, row, bmp_csv_col(&c, "australian_colour"));
        bmp_points factor;
        assert_true(bmp_points_parse(bmp_csv_get(&c, row, bmp_csv_col(&c, "factor")), &factor));
        assert_int_equal(convert(k, 100, colour), factor);
        assert_int_equal(convert(k, 10000, colour), factor * 100);
        bmp_abf_foreign k2;
        assert_true(bmp_abf_foreign_parse(bmp_abf_foreign_name(k), &k2));
        assert_int_equal(k, k2);
    }
    bmp_csv_free(&c);
}

/* ABF-105: fractions of a hundredth are rounded half-up to 0.01. */
static void rounding(void **state)
{
    (void)state;
    /* 150 NZ C points x 0.01 = 1.50 green. */
    assert_points(convert(BMP_ABF_NZ_C, 15000, "green"), "1.50");
    /* 0.50 NZ C points -> 0.005 -> 0.01; 0.49 -> 0.0049 -> 0.00. */
    assert_points(convert(BMP_ABF_NZ_C, 50, "green"), "0.01");
    assert_points(convert(BMP_ABF_NZ_C, 49, "green"), "0.00");
    /* 1234 UK local points -> 12.34 green. */
    assert_points(convert(BMP_ABF_UK_LOCAL, 123400, "green"), "12.34");
    /* 0.01 UK green point x 2.50 = 0.025 -> 0.03 gold; 3 -> 7.50; 1.23 ->
     * 3.075 -> 3.08. */
    assert_points(convert(BMP_ABF_UK_GREEN, 1, "gold"), "0.03");
    assert_points(convert(BMP_ABF_UK_GREEN, 300, "gold"), "7.50");
    assert_points(convert(BMP_ABF_UK_GREEN, 123, "gold"), "3.08");
    /* 12.34 NZ A -> 12.34 gold; 7.05 UK blue -> 7.05 red. */
    assert_points(convert(BMP_ABF_NZ_A, 1234, "gold"), "12.34");
    assert_points(convert(BMP_ABF_NZ_B, 1234, "red"), "12.34");
    assert_points(convert(BMP_ABF_UK_BLUE, 705, "red"), "7.05");
    const char *colour;
    bmp_points p;
    bmp_error e = {0};
    assert_int_equal(bmp_abf_reciprocity(BMP_ABF_NZ_A, -1, &colour, &p, &e), BMP_EINVAL);
    bmp_abf_foreign k;
    assert_false(bmp_abf_foreign_parse("us-gold", &k));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_printed_row),
        cmocka_unit_test(rounding),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
