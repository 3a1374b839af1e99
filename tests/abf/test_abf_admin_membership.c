/* ABF membership periods (Masterpoint Scheme 1.3.1, 1.3.2, 1.3.6).  Values
 * hand-computed from the clause text. */
#include "bmp_test.h"

#include "bridgemp/abf.h"

/* ABF-98: the membership year runs April 1 to March 31. */
static void membership_year(void **state)
{
    (void)state;
    int y;
    bmp_error e = {0};
    assert_int_equal(bmp_abf_membership_year("2025-04-01", &y, &e), BMP_OK);
    assert_int_equal(y, 2025);
    assert_int_equal(bmp_abf_membership_year("2026-03-31", &y, &e), BMP_OK);
    assert_int_equal(y, 2025);
    assert_int_equal(bmp_abf_membership_year("2025-03-31", &y, &e), BMP_OK);
    assert_int_equal(y, 2024);
    assert_int_equal(bmp_abf_membership_year("2025-04-31", &y, &e), BMP_EINVAL);
}

static bool credited(const char *earned, const char *renewed)
{
    bool c = false;
    bmp_error e = {0};
    if (bmp_abf_unregistered_credited(earned, renewed, &c, &e))
        fail_msg("%s", e.msg);
    return c;
}

/* ABF-99: points earned while unregistered are credited only from the
 * calendar quarter of renewal and the one before (AMB-19). */
static void unregistered_points(void **state)
{
    (void)state;
    /* Renewed 2025-05-20 (April quarter): April-June and January-March count. */
    assert_true(credited("2025-05-01", "2025-05-20"));
    assert_true(credited("2025-04-01", "2025-05-20"));
    assert_true(credited("2025-01-01", "2025-05-20"));
    assert_true(credited("2025-03-31", "2025-05-20"));
    assert_false(credited("2024-12-31", "2025-05-20"));
    /* Across a year end: renewed 2026-02-10: Jan-Mar 2026 and Oct-Dec 2025. */
    assert_true(credited("2025-10-01", "2026-02-10"));
    assert_false(credited("2025-09-30", "2026-02-10"));
    bool c;
    bmp_error e = {0};
    assert_int_equal(bmp_abf_unregistered_credited("2025-06-01", "2025-05-20", &c, &e), BMP_EINVAL);
}

/* ABF-102: Youth Players' Club: under 26 on January 1; de-registered at the
 * end of the year the player turns 26. */
static void youth(void **state)
{
    (void)state;
    bool ok;
    int until;
    bmp_error e = {0};
    /* Born 2000-06-15: on 2026-01-01 aged 25 -> eligible for 2026; turns 26
     * in 2026, so a member until the end of 2026. */
    assert_int_equal(bmp_abf_youth_eligible("2000-06-15", 2026, &ok, &until, &e), BMP_OK);
    assert_true(ok);
    assert_int_equal(until, 2026);
    /* On 2027-01-01 aged 26: not eligible. */
    assert_int_equal(bmp_abf_youth_eligible("2000-06-15", 2027, &ok, NULL, &e), BMP_OK);
    assert_false(ok);
    /* Born 2000-01-01: 26 on 2026-01-01 itself: not "under 26". */
    assert_int_equal(bmp_abf_youth_eligible("2000-01-01", 2026, &ok, NULL, &e), BMP_OK);
    assert_false(ok);
    /* Born 2000-01-02: 25 on 2026-01-01: eligible. */
    assert_int_equal(bmp_abf_youth_eligible("2000-01-02", 2026, &ok, NULL, &e), BMP_OK);
    assert_true(ok);
    assert_int_equal(bmp_abf_youth_eligible("June 2000", 2026, &ok, NULL, &e), BMP_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(membership_year),
        cmocka_unit_test(unregistered_points),
        cmocka_unit_test(youth),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
