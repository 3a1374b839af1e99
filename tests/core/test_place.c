/* Places and ties (shared by every body). */
#include "bmp_test.h"

#include <string.h>

static void parse_places(void **state)
{
    (void)state;
    bmp_place p;
    assert_true(bmp_place_parse("3", &p));
    assert_int_equal(p.lo, 3);
    assert_int_equal(p.hi, 3);
    assert_false(p.tied);
    assert_true(bmp_place_parse("3=", &p));
    assert_true(p.tied);
    assert_int_equal(p.lo, 3);
    assert_true(bmp_place_parse("=3", &p));
    assert_true(p.tied);
    assert_true(bmp_place_parse("3/4", &p));
    assert_int_equal(p.hi, 4);
    assert_true(p.tied);
    assert_true(bmp_place_parse("5-8", &p));
    assert_int_equal(p.lo, 5);
    assert_int_equal(p.hi, 8);
    assert_true(bmp_place_parse("T2", &p));
    assert_true(p.tied);
    assert_false(bmp_place_parse("4/3", &p));
    assert_false(bmp_place_parse("x", &p));
    assert_false(bmp_place_parse("", &p));
    assert_false(bmp_place_parse("3==", &p));
    char b[16];
    bmp_place q = {3, 4, true};
    bmp_place_format(q, b, sizeof b);
    assert_string_equal(b, "3/4");
}

static void resolve_ties(void **state)
{
    (void)state;
    bmp_place pl[5];
    bmp_place_parse("1", &pl[0]);
    bmp_place_parse("2=", &pl[1]);
    bmp_place_parse("2=", &pl[2]);
    bmp_place_parse("4", &pl[3]);
    bmp_place_parse("5", &pl[4]);
    assert_int_equal(bmp_places_resolve(pl, 5, NULL), BMP_OK);
    assert_int_equal(pl[1].hi, 3);
    assert_int_equal(pl[2].lo, 2);
    assert_int_equal(pl[2].hi, 3);

    /* Two contestants both "2" without "=" is an error. */
    bmp_error e;
    bmp_place_parse("2", &pl[1]);
    bmp_place_parse("2", &pl[2]);
    assert_int_equal(bmp_places_resolve(pl, 5, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "write \"2=\" for a tie"));

    /* A place beyond the field. */
    bmp_place_parse("1", &pl[0]);
    bmp_place_parse("7", &pl[1]);
    assert_int_equal(bmp_places_resolve(pl, 2, &e), BMP_ERANGE);
    assert_non_null(strstr(e.msg, "out of range"));

    /* A lone "3=" is not a tie. */
    bmp_place_parse("3=", &pl[0]);
    bmp_place_parse("1", &pl[1]);
    bmp_place_parse("2", &pl[2]);
    assert_int_equal(bmp_places_resolve(pl, 3, &e), BMP_EINVAL);

    /* A stated range must hold as many contestants as it covers. */
    bmp_place_parse("1", &pl[0]);
    bmp_place_parse("2/3", &pl[1]);
    bmp_place_parse("4", &pl[2]);
    pl[3] = (bmp_place){0, 0, false}; /* unplaced */
    assert_int_equal(bmp_places_resolve(pl, 4, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "covers 2 places but 1 contestants hold it"));
}

static void tie_shares(void **state)
{
    (void)state;
    /* ACBL-99/A-14 convention: a tie shares the average of the tied places.
     * Places 1..4 = 10.00, 7.50, 5.63, 4.22: a tie for 2/3 gets
     * (7.50 + 5.63)/2 = 6.565 -> 6.57 half-up, 6.56 half-even. */
    bmp_points aw[4] = {1000, 750, 563, 422};
    assert_points(bmp_tie_share(aw, 4, 2, 3, BMP_ROUND_HALF_UP, 1), "6.57");
    assert_points(bmp_tie_share(aw, 4, 2, 3, BMP_ROUND_HALF_EVEN, 1), "6.56");
    assert_points(bmp_tie_share(aw, 4, 2, 3, BMP_ROUND_HALF_DOWN, 1), "6.56");
    /* A tie straddling the last paid place: 4/5 = (4.22 + 0)/2 = 2.11. */
    assert_points(bmp_tie_share(aw, 4, 4, 5, BMP_ROUND_HALF_UP, 1), "2.11");
    /* No tie: the place's own award. */
    assert_points(bmp_tie_share(aw, 4, 1, 1, BMP_ROUND_HALF_UP, 1), "10.00");
    /* Beyond the paid places. */
    assert_points(bmp_tie_share(aw, 4, 5, 6, BMP_ROUND_HALF_UP, 1), "0.00");
    /* KO 2003: 5/8 averages 30/25/20/15 % = 22.5 % (acbl.md A-14). With
     * first 100.00: (30+25+20+15)/4 = 22.50. */
    bmp_points ko[8] = {10000, 7500, 5500, 4500, 3000, 2500, 2000, 1500};
    assert_points(bmp_tie_share(ko, 8, 5, 8, BMP_ROUND_HALF_UP, 1), "22.50");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(parse_places),
        cmocka_unit_test(resolve_ties),
        cmocka_unit_test(tie_shares),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
