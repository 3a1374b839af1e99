/* ABF award formulae: session winners (3.1.1), outright winners (3.1.2),
 * lower places and places paid (4.1.1), session counting (4.3.1), ties
 * (4.4.6), table rounding (4.4.1) and the percentage award (4.2.2). */
#include <math.h>

#include "abf/abf_internal.h"
#include "core/tie.h"

/* 3.1.1 (ABF-6, ABF-7): Mitchell 0.02WT up to 30 tables, W(1-e^(-T/32))
 * above; Howell 0.04WT up to 15 tables, W(1-e^(-T/16)) above.  The linear
 * part is exact: 0.02 x W100/100 x T = 2 x W100 x T / 10000. */
core_exact abf_session_winner(bool one_winner, int tables, int w100)
{
    int limit = one_winner ? 15 : 30;
    int per = one_winner ? 4 : 2;
    if (tables <= limit)
        return core_exact_q((int64_t)per * w100 * tables, 10000);
    double scale = one_winner ? 16.0 : 32.0;
    return core_exact_real(w100 / 100.0 * (1.0 - exp(-tables / scale)));
}

/* 3.1.2 (ABF-28): F(T,S) = 4.2W[1 - e^(-T(S-1)/105) + 0.65 e^(-800/(T(S-1)))]. */
double abf_outright_formula(int tables, int sessions, int w100)
{
    double x = (double)tables * (double)(sessions - 1);
    return 4.2 * (w100 / 100.0) * (1.0 - exp(-x / 105.0) + 0.65 * exp(-800.0 / x));
}

/* 3.1.2: S=2 is raised to 44 % / cut to 52 % of the 4-session award, S=3 to
 * 72 % / 80 %; against the unrounded F(T,4) (abf.md §3.2). */
core_exact abf_outright_winner(int tables, int sessions, int w100)
{
    double f = abf_outright_formula(tables, sessions, w100);
    if (sessions == 2 || sessions == 3) {
        double f4 = abf_outright_formula(tables, 4, w100);
        double lo = (sessions == 2 ? 0.44 : 0.72) * f4;
        double hi = (sessions == 2 ? 0.52 : 0.80) * f4;
        if (f < lo)
            f = lo;
        else if (f > hi)
            f = hi;
    }
    return core_exact_real(f);
}

/* 4.1.1 (ABF-10): runner-up 70 %; place k >= 3 gets winner/(k-1). */
core_exact abf_place_award(core_exact winner, int place)
{
    if (place <= 1)
        return winner;
    if (place == 2)
        return core_exact_mul(winner, 7, 10);
    return core_exact_mul(winner, 1, place - 1);
}

/* 4.1.1 (ABF-11): "top half of the field, rounding down" (9 -> 4). */
int abf_places_top_half(int field)
{
    return field > 0 ? field / 2 : 0;
}

/* 4.1.1 (ABF-11): "top third of the field, rounding up" (13 -> 5). */
int abf_places_top_third(int field)
{
    return field > 0 ? (field + 2) / 3 : 0;
}

/* 4.1.1 applied to a session field: a Mitchell direction holds T pairs,
 * a Howell 2T pairs, an individual 4T players (AMB-21). */
int abf_session_places(bool one_winner, bool individual, int tables)
{
    if (individual)
        return abf_places_top_half(4 * tables);
    return abf_places_top_half(one_winner ? 2 * tables : tables);
}

/* 4.4.1: "any half table is counted as a full table" (AMB-12: any fraction). */
int abf_round_tables(double tables)
{
    double c = ceil(tables - 1e-9);
    return c < 0 ? 0 : (int)c;
}

/* 4.3.1 (ABF-31): fewer than 24 boards (15 for F) per session: total
 * boards / 24, ignoring the fraction unless it exceeds 0.83.  Exact: the
 * fraction r/24 exceeds 0.83 iff 100 r > 83 x 24. */
int abf_sessions_from_boards(int total_boards, int session_boards)
{
    if (session_boards <= 0)
        session_boards = 24;
    int s = total_boards / session_boards;
    int r = total_boards % session_boards;
    if ((int64_t)r * 100 > (int64_t)83 * session_boards)
        s++;
    return s;
}

/* 4.4.2: to the nearest 0.01; the tie rule is the caller's (AMB-1). */
bmp_points abf_round(core_exact v, bmp_round_mode mode)
{
    return core_exact_round(v, mode, BMP_UNIT_CENT);
}

static bmp_status place_value(void *winner, int place, core_exact *v)
{
    *v = abf_place_award(*(const core_exact *)winner, place);
    return BMP_OK;
}

/* 4.4.6 (ABF-40): tied players share the awards of the places they occupy;
 * a tie for the last paid place shares only the paid places.  Summed from
 * the unrounded place awards and rounded once (4.4.2; B.2: 0.105/2 =
 * 0.0525 -> 0.05, not 0.11/2): the shared mechanism of core/tie.h. */
bool abf_tie_share(core_exact winner, int paid, int lo, int hi, core_exact *out)
{
    if (lo < 1 || lo > paid || hi < lo)
        return false;
    return core_tie_share_exact(lo, hi, paid, place_value, &winner, out) == BMP_OK;
}

/* 4.2.2 (ABF-13, AMB-4): P is the percentage rounded down; P >= 50:
 * (10W + 2W(P-50))/100; 46 <= P < 50: (10W - 2W(50-P))/100; below 46 no
 * award; the result rounded down to 0.01.  In hundredths: W100 x (10 +
 * 2(P-50)) / 100. */
bmp_points abf_percentage_award(double percent, int w100)
{
    int p = (int)floor(percent + 1e-9);
    if (p < 46)
        return 0;
    int64_t num = (int64_t)w100 * (10 + 2 * (p - 50));
    if (num <= 0)
        return 0;
    return bmp_div_round(num, 100, BMP_ROUND_FLOOR, 1);
}

/* App. A "Singles" (ABF-37): at least one third of the minimum number of
 * sessions needed for a final placing, rounded up (best 4 scores -> 2). */
int abf_singles_min_partnerships(int min_sessions)
{
    return min_sessions <= 0 ? 0 : (min_sessions + 2) / 3;
}

/* 4.4.6 NOTE (ABF-41): a tie is a difference below 0.1 of the scoring unit,
 * or below 0.01 VP under victory point scales.  Compared in integer units
 * of 1e-6 so that 0.1 x 1 matchpoint is not lost to binary error. */
bool abf_scores_tied(double a, double b, double unit, bool vp)
{
    long long d = llround(fabs(a - b) * 1e6);
    long long lim = vp ? 10000 : llround(unit * 0.1 * 1e6);
    return d < lim;
}

/* 4.4.5 NOTE (ABF-43): a player under 40 % in a National teams final gets
 * the PQP share of the final's masterpoints; the points lost are shared
 * among the eligible team mates.  Each part is rounded once. */
void abf_pqp_split(bmp_points award, const double *shares, size_t n, bmp_round_mode mode,
                   bmp_points *out)
{
    double lost = 0;
    size_t eligible = 0;
    for (size_t i = 0; i < n; i++) {
        if (shares[i] >= 1.0)
            eligible++;
        else
            lost += award * (1.0 - shares[i]);
    }
    for (size_t i = 0; i < n; i++) {
        double v = shares[i] >= 1.0 ? award + (eligible ? lost / (double)eligible : 0)
                                    : award * shares[i];
        out[i] = bmp_round_real(v / 100.0, mode, BMP_UNIT_CENT);
    }
}
