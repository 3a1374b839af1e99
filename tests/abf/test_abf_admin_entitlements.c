/* State and club entitlements (Masterpoint Scheme 2.3, 2.6, 2.7, 6.2, 6.3).
 * Values are hand-computed from the clause text; the arithmetic is in the
 * comments. */
#include "bmp_test.h"

#include <string.h>

#include "bridgemp/abf.h"

static int b4c(bool affiliated, int scheduled, bmp_points green, bool remote, int anniv,
               const char *new_club, int year)
{
    bmp_abf_b4c_input in = {affiliated, scheduled, green, remote, anniv, new_club, year};
    int n = -1;
    bmp_error e = {0};
    if (bmp_abf_b4c_sessions(&in, &n, &e))
        fail_msg("%s", e.msg);
    return n;
}

/* ABF-52: up to 6 grade D championships a year, 2 to 10 sessions each. */
static void grade_d(void **state)
{
    (void)state;
    bmp_error e = {0};
    assert_int_equal(bmp_abf_grade_d_check(0, 2, &e), BMP_OK);
    assert_int_equal(bmp_abf_grade_d_check(5, 10, &e), BMP_OK);
    assert_int_equal(bmp_abf_grade_d_check(6, 2, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "at most 6"));
    assert_int_equal(bmp_abf_grade_d_check(0, 1, &e), BMP_EINVAL);
    assert_int_equal(bmp_abf_grade_d_check(0, 11, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "2 to 10 sessions"));
}

/* ABF-55: 6 sessions, +1 for the first 35 green points issued, +1 per
 * further 65; +3 remote; anniversary Bridge Day; new clubs pro rata, min 3. */
static void b4c_entitlement(void **state)
{
    (void)state;
    /* The spec's examples: G = 34 -> 6; 35 or 99 -> 7; 100 -> 8; 165 -> 9,
     * and one hundredth either side of each step. */
    assert_int_equal(b4c(true, 40, 3400, false, 0, NULL, 2026), 6);
    assert_int_equal(b4c(true, 40, 3499, false, 0, NULL, 2026), 6);
    assert_int_equal(b4c(true, 40, 3500, false, 0, NULL, 2026), 7);
    assert_int_equal(b4c(true, 40, 9900, false, 0, NULL, 2026), 7);
    assert_int_equal(b4c(true, 40, 9999, false, 0, NULL, 2026), 7);
    assert_int_equal(b4c(true, 40, 10000, false, 0, NULL, 2026), 8);
    assert_int_equal(b4c(true, 40, 16499, false, 0, NULL, 2026), 8);
    assert_int_equal(b4c(true, 40, 16500, false, 0, NULL, 2026), 9);
    /* 1000 green: 1 + floor((1000 - 35) / 65) = 1 + 14 = 15 extra -> 21. */
    assert_int_equal(b4c(true, 40, 100000, false, 0, NULL, 2026), 21);
    assert_int_equal(bmp_abf_b4c_green_extra(100000), 15);
    /* Remote club: +3; anniversary Bridge Day: the approved extra sessions. */
    assert_int_equal(b4c(true, 40, 3500, true, 0, NULL, 2026), 10);
    assert_int_equal(b4c(true, 40, 0, false, 2, NULL, 2026), 8);
    /* Not affiliated at September 30, or fewer than 40 sessions scheduled. */
    assert_int_equal(b4c(false, 100, 20000, true, 0, NULL, 2026), 0);
    assert_int_equal(b4c(true, 39, 20000, true, 0, NULL, 2026), 0);
    /* New clubs registered after September 30 (AMB-22: 6 x months left / 12,
     * rounded half-up, at least 3).  Registered 2025-11-15: all of 2026 -> 6.
     * 2026-04-10: 9 months -> 4.5 -> 5.  2026-06-01: 7 -> 3.5 -> 4.
     * 2026-07-01: 6 -> 3.  2026-12-01: 1 -> 0.5 -> 1 -> minimum 3. */
    assert_int_equal(b4c(false, 0, 0, false, 0, "2025-11-15", 2026), 6);
    assert_int_equal(b4c(false, 0, 0, false, 0, "2026-04-10", 2026), 5);
    assert_int_equal(b4c(false, 0, 0, false, 0, "2026-06-01", 2026), 4);
    assert_int_equal(b4c(false, 0, 0, false, 0, "2026-07-01", 2026), 3);
    assert_int_equal(b4c(false, 0, 0, false, 0, "2026-12-01", 2026), 3);
    assert_int_equal(b4c(false, 0, 0, true, 0, "2026-12-01", 2026), 6);
    bmp_abf_b4c_input in = {false, 0, 0, false, 0, "2025-09-30", 2026};
    int n;
    bmp_error e = {0};
    assert_int_equal(bmp_abf_b4c_sessions(&in, &n, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "not new for 2026"));
}

/* ABF-56: B4c use: within the entitlement, at most 2 sessions at other times,
 * each a single session. */
static void b4c_usage(void **state)
{
    (void)state;
    bmp_error e = {0};
    assert_int_equal(bmp_abf_b4c_usage_check(7, 7, 2, 1, &e), BMP_OK);
    assert_int_equal(bmp_abf_b4c_usage_check(7, 8, 0, 0, &e), BMP_EINVAL);
    assert_int_equal(bmp_abf_b4c_usage_check(7, 5, 3, 1, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "at most 2"));
    assert_int_equal(bmp_abf_b4c_usage_check(7, 5, 1, 2, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "single-session"));
    assert_int_equal(bmp_abf_b4c_usage_check(7, 1, 2, 1, &e), BMP_EINVAL);
}

/* ABF-57: authorisation: processed when at most the authorised amount. */
static void b4c_authorisation(void **state)
{
    (void)state;
    assert_true(bmp_abf_b4c_authorised(true, 1234, 1234));
    assert_false(bmp_abf_b4c_authorised(true, 1234, 1235));
    assert_true(bmp_abf_b4c_authorised(false, 0, 99999));
}

/* ABF-58: B5i: 5 events a year (+3 remote with permission), 1-4 sessions. */
static void b5i(void **state)
{
    (void)state;
    bmp_error e = {0};
    assert_int_equal(bmp_abf_b5i_check(4, 4, false, &e), BMP_OK);
    assert_int_equal(bmp_abf_b5i_check(5, 1, false, &e), BMP_EINVAL);
    assert_int_equal(bmp_abf_b5i_check(7, 1, true, &e), BMP_OK);
    assert_int_equal(bmp_abf_b5i_check(8, 1, true, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "at most 8"));
    assert_int_equal(bmp_abf_b5i_check(0, 5, false, &e), BMP_EINVAL);
    assert_int_equal(bmp_abf_b5i_check(0, 0, false, &e), BMP_EINVAL);
}

/* ABF-59: B4s: 10 sessions + 1 per 500 members or part thereof. */
static void b4s(void **state)
{
    (void)state;
    assert_int_equal(bmp_abf_b4s_sessions(0), 10);
    assert_int_equal(bmp_abf_b4s_sessions(1), 11);
    assert_int_equal(bmp_abf_b4s_sessions(500), 11);
    assert_int_equal(bmp_abf_b4s_sessions(501), 12);
    /* 12,345 members: ceil(24.69) = 25 -> 35. */
    assert_int_equal(bmp_abf_b4s_sessions(12345), 35);
}

/* ABF-60: State championship durations and the single eclectic. */
static void state_championships(void **state)
{
    (void)state;
    bmp_error e = {0};
    const int ok[] = {20, 6, 10, 20, 10, 2, 20, 10, 6};
    assert_int_equal(bmp_abf_state_championships_check(ok, 9, 1, &e), BMP_OK);
    const int long4[] = {20, 20, 20, 11};
    assert_int_equal(bmp_abf_state_championships_check(long4, 4, 0, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "up to 10"));
    const int too_long[] = {21};
    assert_int_equal(bmp_abf_state_championships_check(too_long, 1, 0, &e), BMP_EINVAL);
    const int seventh[] = {10, 10, 10, 10, 10, 10, 7};
    assert_int_equal(bmp_abf_state_championships_check(seventh, 7, 0, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "2 to 6"));
    const int short7[] = {10, 10, 10, 10, 10, 10, 1};
    assert_int_equal(bmp_abf_state_championships_check(short7, 7, 0, &e), BMP_EINVAL);
    assert_int_equal(bmp_abf_state_championships_check(ok, 9, 2, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "at most one"));
}

/* ABF-62: Australia-Wide Pairs: the standard award while above 0.20, then
 * 0.20 for half the rest of the entitled field, then 0.10. */
static void australia_wide_pairs(void **state)
{
    (void)state;
    /* Standard awards 1.00 0.70 0.50 0.33 0.25 0.20 0.17 ... and 12 entitled
     * place getters: places 1-5 keep theirs (> 0.20); 7 remain; half of 7,
     * rounded up, is 4 at 0.20; the last 3 get 0.10. */
    const bmp_points std[] = {100, 70, 50, 33, 25, 20, 17, 14, 13};
    bmp_points out[12];
    bmp_error e = {0};
    assert_int_equal(bmp_abf_awp_awards(std, 9, 12, out, &e), BMP_OK);
    static const char *const want[] = {"1.00", "0.70", "0.50", "0.33", "0.25", "0.20",
                                       "0.20", "0.20", "0.20", "0.10", "0.10", "0.10"};
    for (int i = 0; i < 12; i++)
        assert_points(out[i], want[i]);
    /* 0.21 exceeds 0.20 and stays; 0.20 itself does not.  8 entitled, 2
     * standard above 0.20: 6 remain, 3 at 0.20 and 3 at 0.10. */
    const bmp_points std2[] = {21, 21, 20};
    assert_int_equal(bmp_abf_awp_awards(std2, 3, 8, out, &e), BMP_OK);
    static const char *const want2[] = {"0.21", "0.21", "0.20", "0.20", "0.20", "0.10", "0.10", "0.10"};
    for (int i = 0; i < 8; i++)
        assert_points(out[i], want2[i]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(grade_d),           cmocka_unit_test(b4c_entitlement),
        cmocka_unit_test(b4c_usage),         cmocka_unit_test(b4c_authorisation),
        cmocka_unit_test(b5i),               cmocka_unit_test(b4s),
        cmocka_unit_test(state_championships), cmocka_unit_test(australia_wide_pairs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
