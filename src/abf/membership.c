/* ABF membership periods (Masterpoint Scheme 1.3.1, 1.3.2, 1.3.6; ABF-98,
 * ABF-99, ABF-102): the date arithmetic the Centre applies to players. */
#include "bridgemp/abf.h"

#include "core/date.h"

/* 1.3.1: "renewed annually (on March 31st)"; 1.4.3: April 1st to March 31st. */
bmp_status bmp_abf_membership_year(const char *date, int *start_year, bmp_error *err)
{
    core_date d;
    bmp_status st = core_date_get(date, "membership year", &d, err);
    if (st)
        return st;
    *start_year = d.m >= 4 ? d.y : d.y - 1;
    return BMP_OK;
}

/* Calendar quarters counted from year 0 (AMB-19: Jan-Mar, Apr-Jun, ...). */
static long quarter(core_date d)
{
    return (long)d.y * 4 + (d.m - 1) / 3;
}

/* 1.3.2: "apart from those earned in the quarter of renewal and the quarter
 * immediately prior to renewal, will not be credited". */
bmp_status bmp_abf_unregistered_credited(const char *earned, const char *renewed, bool *credited,
                                         bmp_error *err)
{
    core_date e, r;
    bmp_status st;
    if ((st = core_date_get(earned, "points earned", &e, err)) ||
        (st = core_date_get(renewed, "renewal", &r, err)))
        return st;
    if (core_date_days(e) > core_date_days(r))
        return bmp_error_set(err, BMP_EINVAL,
                             "points earned %s after the renewal %s were earned while registered",
                             earned, renewed);
    long q = quarter(r) - quarter(e);
    *credited = q == 0 || q == 1;
    return BMP_OK;
}

/* 1.3.6: "under the age of 26 as at the 1st of January ... de-registered at
 * the end of the year in which they turn 26". */
bmp_status bmp_abf_youth_eligible(const char *born, int year, bool *eligible, int *until,
                                  bmp_error *err)
{
    core_date b;
    bmp_status st = core_date_get(born, "date of birth", &b, err);
    if (st)
        return st;
    /* Age on January 1 of `year`: year - b.y, one less unless born on Jan 1. */
    int age = year - b.y - ((b.m == 1 && b.d == 1) ? 0 : 1);
    *eligible = age < 26;
    if (until)
        *until = b.y + 26;
    return BMP_OK;
}
