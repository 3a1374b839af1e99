/* ACBL session awards and their adjustments (ACBL-17..24; later §I "B.
 * Session Awards", "Adjustments To Session Awards", §IV.D; 2003 p.2-3,
 * p.14). */
#include <math.h>
#include <stdio.h>

#include "acbl/acbl_internal.h"

/* ACBL-23: "# Tables = 2 x Square Root [13 x (Tables - 13)]" (26 or more
 * tables scored across sections); equals T at T = 26. */
double acbl_multisection_tables(double tables)
{
    return 2.0 * sqrt(13.0 * (tables - 13.0));
}

/* ACBL-17: first = .50 x B x R x M x P x T; ACBL-24: .33 for individual
 * events in a one-winner movement. */
double acbl_session_fraction(bool individual_one_winner)
{
    return individual_one_winner ? 0.33 : 0.50;
}

/* ACBL-18: "The depth of session awards is 40% of the field (rounded)":
 * nearest, half-up. */
int acbl_session_depth(double field)
{
    return (int)(bmp_round_real(field * 0.40, BMP_ROUND_HALF_UP, BMP_UNIT_WHOLE) / 100);
}

bmp_points acbl_session_place(bmp_points first, int pos, acbl_session_scale scale)
{
    if (pos <= 1)
        return first;
    if (scale == ACBL_SESSION_FOUR_SESSION) /* ACBL-21: the 4-session overall decay */
        return acbl_overall_place(first, pos, 4, ACBL_ED_CURRENT);
    /* ACBL-18 and ACBL-23: 70%, 50%, 35% of first. */
    static const int pct[] = {0, 0, 70, 50, 35};
    if (pos <= 4)
        return bmp_mul_ratio(first, pct[pos], 100, BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
    if (scale == ACBL_SESSION_MULTI_SECTION) {
        /* ACBL-23: A / sqrt[P x sqrt(2 x (P - 1))]. */
        double d = sqrt((double)pos * sqrt(2.0 * (pos - 1)));
        return acbl_round_award((double)first / 100.0 / d);
    }
    return bmp_div_round(first, pos, BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
}

void acbl_session_describe(bmp_points first, int pos, acbl_session_scale scale, char *buf,
                           size_t n)
{
    static const int pct[] = {100, 100, 70, 50, 35};
    char f[32];
    bmp_points_format(first, f, sizeof f);
    if (pos <= 1)
        snprintf(buf, n, "session first %s", f);
    else if (scale == ACBL_SESSION_FOUR_SESSION) {
        char d[128];
        acbl_overall_describe(first, pos, 4, ACBL_ED_CURRENT, d, sizeof d);
        snprintf(buf, n, "4-session overall decay (ACBL-21): %s", d);
    } else if (pos <= 4)
        snprintf(buf, n, "%d%% x %s", pct[pos], f);
    else if (scale == ACBL_SESSION_MULTI_SECTION)
        snprintf(buf, n, "%s / sqrt(%d x sqrt(2 x %d)) (ACBL-23)", f, pos, pos - 1);
    else
        snprintf(buf, n, "%s / %d", f, pos);
}
