/* ACBL table credit and special field structures: unrestricted events,
 * split Regionals, stratified / stratiflighted / flighted events, bracketed
 * Swiss (ACBL-65..83; later §IV.A-C; 2003 p.9-12). */
#include <math.h>
#include <stdio.h>

#include "acbl/acbl_internal.h"

/* ACBL-67/68/73: "the actual number of tables in each stratum plus all
 * tables in lower strata"; "Flights receive credit for all tables in that
 * flight plus all tables in lower flights". */
double acbl_credit_lower(const double *own, size_t n, size_t k)
{
    double t = 0;
    for (size_t i = k; i < n; i++)
        t += own[i];
    return t;
}

/* ACBL-65 (later §IV.A "Unrestricted Events"). */
double acbl_unrestricted_credit(double own, double concurrent_restricted, int unrestricted_events)
{
    if (unrestricted_events < 1)
        unrestricted_events = 1;
    double t = own + concurrent_restricted / unrestricted_events;
    return t > 3.0 * own ? 3.0 * own : t;
}

/* ACBL-66 (later §IV.A "Split Regionals"). */
bmp_points acbl_split_regional(bmp_points combined, bmp_points single_site)
{
    bmp_points eighty = bmp_mul_ratio(combined, 80, 100, BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
    return eighty > single_site ? eighty : single_site;
}

/* ACBL-69 (later §IV.A "Stratiflighted Events"; 2003 p.10, A-18: the lost
 * exponent restored, ((X/0.4)/(A+X))^2). */
bmp_points acbl_stratum_x_first(double x, double a, bmp_points fb, bmp_points x_only, char *why,
                                size_t n)
{
    bmp_points b105 = bmp_mul_ratio(fb, 105, 100, BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
    char s105[32], sx[32];
    bmp_points_format(b105, s105, sizeof s105);
    bmp_points_format(x_only, sx, sizeof sx);
    if (x >= 20 || x >= 0.4 * (a + x) - 1e-12) {
        bmp_points r = b105 > x_only ? b105 : x_only;
        snprintf(why, n,
                 "X threshold met (%g tables in X%s): max(105%% of Flight B = %s, X alone = %s)",
                 x, x >= 20 ? " >= 20" : " >= 40% of A+X", s105, sx);
        return r;
    }
    double ra = (x / 0.4) / (a + x), rb = x / 20.0;
    bmp_points pa = acbl_round_award((double)fb / 100.0 * 1.05 * ra * ra);
    bmp_points pb = acbl_round_award((double)fb / 100.0 * 1.05 * rb * rb);
    bmp_points r = pa;
    if (pb > r)
        r = pb;
    if (x_only > r)
        r = x_only;
    char sa[32], sb[32];
    bmp_points_format(pa, sa, sizeof sa);
    bmp_points_format(pb, sb, sizeof sb);
    snprintf(why, n,
             "X below threshold (%g tables, A+X = %g): max(((X/0.4)/(A+X))^2 x 105%% FB = "
             "%.6f^2 x %s = %s, (X/20)^2 x 105%% FB = %s, X alone = %s)",
             x, a + x, ra, s105, sa, sb, sx);
    return r;
}

/* ACBL-74 (later §IV.B "Flighted Pairs"): "arbitrarily placed at 10% above
 * that of Flight B whenever the General Formula yields a Flight A award
 * lower than that". */
bmp_points acbl_flight_a_floor(bmp_points a_first, bmp_points b_first)
{
    bmp_points min = bmp_mul_ratio(b_first, 110, 100, BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
    return a_first < min ? min : a_first;
}

/* ACBL-82 (later §IV.C "Bracketed Swiss Teams"; 2003 p.12). */
double acbl_bracket_tables(size_t k, double own, double lower)
{
    if (k == 0)
        return own + (lower <= 40 ? lower : 40 + (lower - 40) / 3.0);
    if (k == 1)
        return own + (lower <= 20 ? lower : 20 + (lower - 20) / 3.0);
    return own + lower / 3.0;
}
