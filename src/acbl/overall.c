/* ACBL overall awards below first place: the editions' decay tables
 * (ACBL-8..11; later §I.B, 2003 p.2). */
#include <stdio.h>

#include "acbl/acbl_internal.h"

/* ACBL-1/ACBL-8: a formula value rounded half-up to two decimals.  Exact at
 * the half cent (11/60 x 8.5 x 3 = 4.675 -> 4.68). */
bmp_points acbl_round_award(double real_points)
{
    return bmp_round_real(real_points, BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
}

/* Last position paid by the 75% chain: 2003 p.2 "One or Two Sessions" to 8th,
 * "Three or More" to 3rd; later §I.B "One Session" to 8th, "Two Sessions"
 * to 4th, "Three or More" to 3rd. */
static int chain_to(int sessions, acbl_edition ed)
{
    if (sessions >= 3)
        return 3;
    if (sessions == 2 && ed == ACBL_ED_CURRENT)
        return 4; /* D1 */
    return 8;
}

/* Below the chain: first/pos (one session; 2003 also two), else the
 * sessions formula with n = sessions (later two sessions: n = 2). */
static bool uses_one_over_pos(int sessions, acbl_edition ed)
{
    return sessions == 1 || (sessions == 2 && ed == ACBL_ED_2003);
}

/* ACBL-9 / ACBL-10 with ACBL-11: 75% x previous means first x 0.75^(pos-1)
 * on the unrounded chain (the only reading that reproduces Appendix C, A-6),
 * computed as first x 3^(pos-1) / 4^(pos-1) so the half cent is exact. */
bmp_points acbl_overall_place(bmp_points first, int pos, int sessions, acbl_edition ed)
{
    if (pos <= 1)
        return first;
    if (pos <= chain_to(sessions, ed)) {
        int64_t num = 1, den = 1;
        for (int k = 1; k < pos; k++) {
            num *= 3;
            den *= 4;
        }
        return bmp_mul_ratio(first, num, den, BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
    }
    if (uses_one_over_pos(sessions, ed))
        return bmp_div_round(first, pos, BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
    int64_t n = sessions;
    return bmp_mul_ratio(first, n, pos + 2 * n - 3, BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
}

const char *acbl_overall_rule(acbl_edition ed)
{
    return ed == ACBL_ED_2003 ? "ACBL-9" : "ACBL-10";
}

void acbl_overall_describe(bmp_points first, int pos, int sessions, acbl_edition ed, char *buf,
                           size_t n)
{
    char f[32];
    bmp_points_format(first, f, sizeof f);
    if (pos <= 1)
        snprintf(buf, n, "first place %s", f);
    else if (pos <= chain_to(sessions, ed))
        snprintf(buf, n, "%s x 0.75^%d (75%% of the unrounded previous, places 2-%d)", f,
                 pos - 1, chain_to(sessions, ed));
    else if (uses_one_over_pos(sessions, ed))
        snprintf(buf, n, "%s / %d", f, pos);
    else
        snprintf(buf, n, "%s x %d / (%d + 2x%d - 3) = %s x %d/%d", f, sessions, pos, sessions, f,
                 sessions, pos + 2 * sessions - 3);
}
