/* ACBL Knockout Teams Formula, later edition (§II.A-D): Basic Award from
 * the bracket average x reduction factor, K = R/14, the 105% rule, the
 * match award and the compact KO (ACBL-36..45). */
#include <math.h>

#include "acbl/ko.h"

/* ACBL-37 (later §II.A): piecewise linear, continuous at 500, 1000, 5000,
 * 10000, 25000 and 44000. */
double acbl_ko_computed_award(double avg)
{
    if (avg < 500)
        return 6.0;
    if (avg < 1000)
        return 6.0 + 5.0 * (avg - 500) / 500;
    if (avg < 5000)
        return 11.0 + 10.0 * (avg - 1000) / 4000;
    if (avg < 10000)
        return 21.0 + 7.0 * (avg - 5000) / 5000;
    if (avg < 25000)
        return 28.0 + 18.0 * (avg - 10000) / 15000;
    if (avg < 44000)
        return 46.0 + 19.0 * (avg - 25000) / 19000;
    return 65.0;
}

/* ACBL-38: "Avg MP Per Team = 4 x Team Masterpoints / # of Players on
 * Team (Maximum per team = 45,000)". */
double acbl_ko_team_average(double team_mp, int players)
{
    if (players <= 0)
        return 0;
    double a = 4.0 * team_mp / players;
    return a > 45000 ? 45000 : a;
}

/* ACBL-39: 16 -> 1.000 ... 9 -> 0.720 (-0.040 a team), 8 -> 0.600 ...
 * 5 -> 0.375 (-0.075 a team). */
int acbl_ko_reduction_factor(int teams)
{
    if (teams > 16)
        return 1000; /* nothing printed above 16 */
    if (teams >= 9)
        return 1000 - 40 * (16 - teams);
    if (teams >= 5)
        return 600 - 75 * (8 - teams);
    return 0;
}

int acbl_ko_rounds(int teams)
{
    int r = 0;
    while ((1 << r) < teams)
        r++;
    return r;
}

/* ACBL-36, ACBL-39, ACBL-40 (A-16: Basic Awards, bottom-up), ACBL-45. */
void acbl_ko_firsts_current(acbl_ko_bracket_cur *br, size_t n, double k, double l, double p,
                            double min_factor)
{
    for (size_t i = 0; i < n; i++) {
        br[i].computed = acbl_ko_computed_award(br[i].avg_mp);
        br[i].basic = br[i].computed * br[i].rf / 1000.0;
        br[i].raised105 = br[i].minimum = false;
    }
    for (size_t i = n; i-- > 1;) {
        /* ACBL-49: the parallel groups of a split flight are not each
         * other's lower bracket; the bracket above them is held to 105% of
         * the largest of them. */
        if (br[i].peer && br[i - 1].peer == br[i].peer)
            continue;
        double lower = br[i].basic;
        for (size_t j = i + 1; j < n && br[i].peer && br[j].peer == br[i].peer; j++)
            if (br[j].basic > lower)
                lower = br[j].basic;
        double floor105 = 1.05 * lower;
        if (br[i - 1].basic < floor105) {
            br[i - 1].basic = floor105;
            br[i - 1].raised105 = true;
        }
    }
    for (size_t i = 0; i < n; i++) {
        br[i].real = br[i].basic * k * l * p;
        if (min_factor > 0 && br[i].real < min_factor * k * l) {
            br[i].real = min_factor * k * l;
            br[i].minimum = true;
        }
    }
}

/* ACBL-44 (later §II.C), on the unrounded first after any minimum. */
bmp_points acbl_ko_match_award_current(double first_real, double k, double l, bool *clamped)
{
    double v = 0.075 * first_real, lo = 0.75 * k * l, hi = 3.00 * k * l;
    bool c = false;
    if (v < lo) {
        v = lo;
        c = true;
    } else if (v > hi) {
        v = hi;
        c = true;
    }
    if (clamped)
        *clamped = c;
    return acbl_round_award(v);
}
