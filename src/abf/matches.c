/* Match awards for Teams, Butler and matchpoint pairs matches of 5 or more
 * boards (4.2.3). */
#include <math.h>

#include "abf/abf_internal.h"

/* 4.2.3 (ABF-20): a win needs a margin greater than 0.2 IMP per board;
 * otherwise the award is divided equally.  Exact in hundredths of an IMP:
 * margin > boards/5  <=>  5 x margin100 > 100 x boards. */
int abf_match_outcome(double home_imps, double away_imps, int boards)
{
    long long m = llround((home_imps - away_imps) * 100.0);
    long long a = m < 0 ? -m : m;
    if (5 * a > 100LL * boards)
        return m > 0 ? 1 : 0;
    return -1;
}

/* 4.2.3 (ABF-21): matchpoint pairs scored as matches share the award when
 * the winners' score is 52.5 % or less. */
bool abf_mp_match_shared(double winner_percent)
{
    return llround(winner_percent * 100.0) <= 5250;
}
