/* Core tie sharing (core/tie.h): one mechanism for every body, summing
 * unrounded place awards and rounding the share once (docs/rulings.md C-2). */
#include "bmp_test.h"

#include "core/exact.h"
#include "core/tie.h"

/* Places 1..n earn value[k-1] / den masterpoints. */
typedef struct scale {
    const int64_t *value;
    int64_t den;
    int calls;
} scale;

static bmp_status scale_value(void *ctx, int place, core_exact *v)
{
    scale *s = ctx;
    s->calls++;
    *v = core_exact_q(s->value[place - 1], s->den);
    return BMP_OK;
}

static bmp_status failing_value(void *ctx, int place, core_exact *v)
{
    (void)ctx;
    *v = core_exact_q(place, 1);
    return place == 3 ? BMP_ENOTSUP : BMP_OK;
}

static void unrounded_share(void **state)
{
    (void)state;
    /* ABF-40 (4.4.6, B.2): a tie for 2nd/3rd of awards 0.105 and 0: summed
     * unrounded and rounded once, 0.105/2 = 0.0525 -> 0.05 (not the rounded
     * 0.11/2 = 0.055 -> 0.06). */
    int64_t v[3] = {210, 105, 0};
    scale s = {v, 1000, 0};
    core_exact share;
    assert_int_equal(core_tie_share_exact(2, 3, 3, scale_value, &s, &share), BMP_OK);
    assert_false(share.real);
    assert_int_equal(share.num * 400, share.den * 21); /* 0.0525 = 21/400 exactly */
    assert_points(core_exact_round(share, BMP_ROUND_HALF_UP, BMP_UNIT_CENT), "0.05");
}

static void paid_places_only(void **state)
{
    (void)state;
    /* A tie straddling the last paid place shares only the paid places:
     * places 4/5 with 4 paid of 10, 7.5, 5.63, 4.22: (4.22 + 0)/2 = 2.11,
     * and place 5 is never evaluated. */
    int64_t v[5] = {1000, 750, 563, 422, 999};
    scale s = {v, 100, 0};
    bmp_points p = -1;
    assert_int_equal(core_tie_share_round(4, 5, 4, scale_value, &s, BMP_ROUND_HALF_UP,
                                          BMP_UNIT_CENT, &p),
                     BMP_OK);
    assert_points(p, "2.11");
    assert_int_equal(s.calls, 1);
    /* Entirely beyond the paid places, or no place: nothing. */
    assert_int_equal(core_tie_share_round(5, 6, 4, scale_value, &s, BMP_ROUND_HALF_UP,
                                          BMP_UNIT_CENT, &p),
                     BMP_OK);
    assert_points(p, "0.00");
    assert_int_equal(core_tie_share_round(0, 0, 4, scale_value, &s, BMP_ROUND_HALF_UP,
                                          BMP_UNIT_CENT, &p),
                     BMP_OK);
    assert_points(p, "0.00");
    /* paid < 0: every place is paid: 3/5 = (5.63 + 4.22 + 9.99)/3 = 6.6133 -> 6.62 up. */
    s.calls = 0;
    assert_int_equal(core_tie_share_round(3, 5, -1, scale_value, &s, BMP_ROUND_CEIL,
                                          BMP_UNIT_CENT, &p),
                     BMP_OK);
    assert_points(p, "6.62");
    assert_int_equal(s.calls, 3);
}

static void whole_points_rounded_up(void **state)
{
    (void)state;
    /* EBU 3.4/3.5 style: whole points rounded up once: a tie over places of
     * 10, 7 and 5 points gets 22/3 = 7.33 -> 8. */
    int64_t v[3] = {10, 7, 5};
    scale s = {v, 1, 0};
    bmp_points p;
    assert_int_equal(core_tie_share_round(1, 3, 3, scale_value, &s, BMP_ROUND_CEIL,
                                          BMP_UNIT_WHOLE, &p),
                     BMP_OK);
    assert_points(p, "8.00");
}

static void real_values(void **state)
{
    (void)state;
    /* Irrational formulas travel as doubles: 19.425 is the half-cent itself
     * (docs/architecture.md): (19.425 + 19.425)/2 -> 19.43 half-up. */
    core_exact a = core_exact_real(19.425), z = core_exact_q(0, 1);
    core_exact sum = core_exact_add(core_exact_add(z, a), a);
    assert_true(sum.real);
    assert_points(core_exact_round(core_exact_mul(sum, 1, 2), BMP_ROUND_HALF_UP, BMP_UNIT_CENT),
                  "19.43");
}

static void value_error_stops(void **state)
{
    (void)state;
    core_exact share;
    assert_int_equal(core_tie_share_exact(1, 4, -1, failing_value, NULL, &share), BMP_ENOTSUP);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(unrounded_share),         cmocka_unit_test(paid_places_only),
        cmocka_unit_test(whole_points_rounded_up), cmocka_unit_test(real_values),
        cmocka_unit_test(value_error_stops),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
