/* State and club entitlements the Masterpoint Centre counts (Masterpoint
 * Scheme 2.3, 2.6, 2.7, 6.2, 6.3; ABF-52..62): pure functions over the
 * counts a ledger will supply. */
#include "bridgemp/abf.h"

#include <stdlib.h>
#include <string.h>

#include "core/date.h"

/* 2.3: up to 6 grade D championships a year, each of 2 to 10 sessions. */
bmp_status bmp_abf_grade_d_check(int held, int sessions, bmp_error *err)
{
    if (held < 0)
        return bmp_error_set(err, BMP_EINVAL, "grade D: championships held must not be negative");
    if (held >= 6)
        return bmp_error_set(err, BMP_EINVAL,
                             "grade D: the club has run %d championships this year; at most 6 "
                             "(2.3; run more at B4c from its allocation, 2.6)",
                             held);
    if (sessions < 2 || sessions > 10)
        return bmp_error_set(err, BMP_EINVAL,
                             "grade D: a club championship lasts 2 to 10 sessions, not %d (2.3)",
                             sessions);
    return BMP_OK;
}

/* 2.6: one session for the first 35 green points issued, one more for each
 * further 65. */
int bmp_abf_b4c_green_extra(bmp_points g)
{
    if (g < 3500)
        return 0;
    return (int)(1 + (g - 3500) / 6500);
}

/* 2.6: the pro-rata allocation of a club registered after September 30
 * (AMB-22): 6 x months of the year left (counting the month of
 * registration) / 12, rounded half-up, at least 3. */
static bmp_status new_club_base(const char *registered, int year, int *base, bmp_error *err)
{
    core_date d;
    bmp_status st = core_date_get(registered, "B4c: new club registration date", &d, err);
    if (st)
        return st;
    if (d.y == year - 1 && d.m >= 10) {
        *base = 6; /* registered after the September 30 cut-off, before the year */
        return BMP_OK;
    }
    if (d.y != year)
        return bmp_error_set(err, BMP_EINVAL,
                             "B4c: a new club registered %s is not new for %d (registered after "
                             "September 30 of %d or during %d expected, 2.6)",
                             registered, year, year - 1, year);
    int months = 13 - d.m;
    int b = (int)bmp_div_round(6 * months, 12, BMP_ROUND_HALF_UP, 1);
    *base = b < 3 ? 3 : b;
    return BMP_OK;
}

/* 2.6 */
bmp_status bmp_abf_b4c_sessions(const bmp_abf_b4c_input *in, int *sessions, bmp_error *err)
{
    if (in->green_issued < 0 || in->scheduled_sessions < 0 || in->anniversary_sessions < 0)
        return bmp_error_set(err, BMP_EINVAL, "B4c: counts must not be negative");
    int base = 0;
    if (in->new_club_registered) {
        bmp_status st = new_club_base(in->new_club_registered, in->year, &base, err);
        if (st)
            return st;
    } else if (in->affiliated_sep30 && in->scheduled_sessions >= 40) {
        base = 6;
    }
    int n = base;
    if (base > 0)
        n += bmp_abf_b4c_green_extra(in->green_issued) + (in->remote ? 3 : 0);
    /* A 25-year anniversary Bridge Day is a club's entitlement on its own
     * (approved by the State secretary). */
    n += in->anniversary_sessions;
    *sessions = n;
    return BMP_OK;
}

/* 2.6: "up to two Grade B4c sessions at other times", single-session, from
 * the allocation. */
bmp_status bmp_abf_b4c_usage_check(int entitlement, int used, int off_night,
                                   int off_night_max_sessions, bmp_error *err)
{
    if (used > entitlement)
        return bmp_error_set(err, BMP_EINVAL,
                             "B4c: %d sessions used, more than the entitlement of %d (2.6)", used,
                             entitlement);
    if (off_night > 2)
        return bmp_error_set(err, BMP_EINVAL,
                             "B4c: %d sessions held outside regular club sessions; at most 2 (2.6)",
                             off_night);
    if (off_night > used)
        return bmp_error_set(err, BMP_EINVAL,
                             "B4c: off-night sessions come from the allocation (2.6): %d of %d",
                             off_night, used);
    if (off_night > 0 && off_night_max_sessions > 1)
        return bmp_error_set(err, BMP_EINVAL,
                             "B4c: a session at other times must be a single-session competition, "
                             "not %d sessions (2.6)",
                             off_night_max_sessions);
    return BMP_OK;
}

/* 2.6 NOTE: processed if the amount is at most the authorised one; States not
 * participating need no authority. */
bool bmp_abf_b4c_authorised(bool state_participates, bmp_points authorised,
                            bmp_points submitted)
{
    return !state_participates || submitted <= authorised;
}

/* 2.7: 5 events a calendar year (3 more for remote clubs, with permission),
 * of 1 to 4 sessions. */
bmp_status bmp_abf_b5i_check(int held, int sessions, bool remote_permitted, bmp_error *err)
{
    int max = 5 + (remote_permitted ? 3 : 0);
    if (held < 0)
        return bmp_error_set(err, BMP_EINVAL, "B5i: events held must not be negative");
    if (held >= max)
        return bmp_error_set(err, BMP_EINVAL,
                             "B5i: the club has taken part in %d events this year; at most %d "
                             "(2.7)",
                             held, max);
    if (sessions < 1 || sessions > 4)
        return bmp_error_set(err, BMP_EINVAL,
                             "B5i: an event lasts one to four sessions, not %d (2.7)", sessions);
    return BMP_OK;
}

/* 6.2.1: 10 sessions, plus one for each 500 members or part thereof. */
int bmp_abf_b4s_sessions(long members)
{
    if (members < 0)
        members = 0;
    return (int)(10 + (members + 499) / 500);
}

static int cmp_desc(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x < y) - (x > y);
}

/* 6.2.2: three longest up to 20 sessions, next three up to 10, all others 2
 * to 6; at most one eclectic. */
bmp_status bmp_abf_state_championships_check(const int *sessions, size_t n, int eclectic,
                                             bmp_error *err)
{
    if (eclectic > 1)
        return bmp_error_set(err, BMP_EINVAL,
                             "State championships: %d eclectic events; at most one (6.2.2)",
                             eclectic);
    int *s = malloc((n ? n : 1) * sizeof *s);
    if (!s)
        return bmp_error_oom(err);
    memcpy(s, sessions, n * sizeof *s);
    qsort(s, n, sizeof *s, cmp_desc);
    bmp_status st = BMP_OK;
    for (size_t i = 0; i < n && !st; i++) {
        if (i < 3 && s[i] > 20)
            st = bmp_error_set(err, BMP_EINVAL,
                               "State championships: %d sessions; the three longest may have up "
                               "to 20 (6.2.2)",
                               s[i]);
        else if (i >= 3 && i < 6 && s[i] > 10)
            st = bmp_error_set(err, BMP_EINVAL,
                               "State championships: the 4th to 6th longest may have up to 10 "
                               "sessions, one has %d (6.2.2)",
                               s[i]);
        else if (i >= 6 && (s[i] < 2 || s[i] > 6))
            st = bmp_error_set(err, BMP_EINVAL,
                               "State championships: beyond the six longest, each has 2 to 6 "
                               "sessions, one has %d (6.2.2)",
                               s[i]);
        else if (s[i] < 1)
            st = bmp_error_set(err, BMP_EINVAL, "State championships: %d sessions", s[i]);
    }
    free(s);
    return st;
}

/* 6.3: Australia-Wide Pairs placing awards. */
bmp_status bmp_abf_awp_awards(const bmp_points *standard, size_t nstandard, size_t entitled,
                              bmp_points *out, bmp_error *err)
{
    size_t k = 0;
    /* "The standard award whilst this exceeds 0.20." */
    while (k < entitled && k < nstandard && standard[k] > 20) {
        out[k] = standard[k];
        k++;
    }
    if (k < nstandard && k < entitled && standard[k] < 0)
        return bmp_error_set(err, BMP_EINVAL, "Australia-Wide Pairs: negative standard award");
    /* "0.20 for half of the rest of the field that is entitled to
     * masterpoints", half rounded up (rulings ABF-admin), "0.10 for the
     * remaining placegetters". */
    size_t rest = entitled - k, half = (rest + 1) / 2;
    for (size_t i = 0; i < rest; i++)
        out[k + i] = i < half ? 20 : 10;
    return BMP_OK;
}
