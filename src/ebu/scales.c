/* EBU linear scales: basic events (Scales A-F, X; 4.1), quali-finals (QA-QE,
 * 4.2), qualified match-won finals (QF, 4.6.6), stratified (S, QS, 4.12), the
 * theoretical maximum and its square-root enlargement (4.4), ties (3.5) and
 * rounding up (3.4.1).
 *
 * Every printed scale is linear: k awards of step x m going down by one step
 * per place.  The closed forms below regenerate every printed cell (tested
 * against the CSV transcriptions cell by cell); a capped scale keeps its
 * number of awards and goes down by constant steps of top/k (4.4.3). */
#include <math.h>
#include <string.h>

#include "ebu/ebu_internal.h"

static int ceil_div(int a, int b)
{
    return (a + b - 1) / b;
}

bool ebu_band_of(int boards, ebu_band *band)
{
    if (boards < 12)
        return false;
    *band = boards <= 17 ? EBU_B12_17 : boards <= 35 ? EBU_B18_35 : EBU_B36;
    return true;
}

const char *ebu_band_name(ebu_band b)
{
    return b == EBU_B12_17 ? "12-17 boards" : b == EBU_B18_35 ? "18-35 boards" : "36+ boards";
}

/* 3.1.1 (EBU-27): minimum complete tables (teams) of the original entry. */
int ebu_min_tables(ebu_move mv, bool two_winner_pairs, bool four_winner)
{
    if (mv == EBU_INDIV_1W)
        return 2;
    if (two_winner_pairs || four_winner)
        return 5;
    return 3; /* single-winner pairs, teams */
}

/* 4.1.5 (EBU-46): awards to the top 1/4, 1/3 or 1/2 of the contestants: N
 * per direction (teams, two-winner), 2N pairs (one winner), 4N players
 * (Scale F). */
ebu_scale ebu_basic_scale(int m4, ebu_band band, ebu_move mv, int tables, bool qualifying)
{
    ebu_scale s = {0};
    s.m4 = m4;
    s.pct = 100;
    s.tables = tables;
    s.min2 = 12; /* 6 x m (4.4.5) */
    int c = mv == EBU_TEAMS ? tables : mv == EBU_PAIRS_1W ? 2 * tables : 4 * tables;
    int den = band == EBU_B12_17 ? 4 : band == EBU_B18_35 ? 3 : 2;
    s.k = c > 0 ? ceil_div(c, den) : 0;
    s.n = s.k;
    s.step2 = mv == EBU_TEAMS ? 20 : mv == EBU_PAIRS_1W ? 12 : 6;
    /* 4.4.2, 4.4.6, 4.2.1 (EBU-50): theoretical maxima at Club and the tables
     * at which they are reached (30 teams / 25 one-winner for 12-35 boards,
     * 60 / 50 for 36+, 36 / 30 for a 36+ qualifying stage). */
    bool one = mv != EBU_TEAMS;
    if (band == EBU_B36 && qualifying) {
        s.max_club = 180;
        s.t = one ? 30 : 36;
    } else if (band == EBU_B36) {
        s.max_club = 300;
        s.t = one ? 50 : 60;
    } else {
        s.max_club = band == EBU_B12_17 ? 75 : 100;
        s.t = one ? 25 : 30;
    }
    ebu_scale_cap(&s);
    return s;
}

/* 4.2.4 (EBU-54, EBU-55): QA-QE award to the top 1/4 of the original entry;
 * with fewer finalists every finalist gets an award by constant reductions. */
ebu_scale ebu_qa_scale(int m4, ebu_move mv, int original, int finalists, bool later_stage)
{
    ebu_scale s = {0};
    s.m4 = m4;
    s.pct = 100;
    s.tables = original;
    s.min2 = 12;
    s.k = mv == EBU_TEAMS ? ceil_div(original, 4) : mv == EBU_PAIRS_1W ? ceil_div(original, 2)
                                                                       : original;
    s.step2 = mv == EBU_TEAMS ? 36 : mv == EBU_PAIRS_1W ? 22 : 11;
    s.n = finalists > 0 && finalists < s.k ? finalists : s.k;
    /* QA-QE notes, 4.4.7 (EBU-52, EBU-68): 300 at Club, reached at 65 / 55
     * original tables; a later qualifying stage 180 at 40 / 33. */
    bool one = mv != EBU_TEAMS;
    s.max_club = later_stage ? 180 : 300;
    s.t = later_stage ? (one ? 33 : 40) : (one ? 55 : 65);
    ebu_scale_cap(&s);
    return s;
}

/* 4.6.6 b (EBU-84): Scale QF, awards to the top 1/8 of the original entry. */
ebu_scale ebu_qf_scale(int m4, ebu_move mv, int original, int finalists, bool later_stage)
{
    ebu_scale s = {0};
    s.m4 = m4;
    s.pct = 100;
    s.tables = original;
    s.min2 = 12;
    s.k = mv == EBU_TEAMS ? ceil_div(original, 8) : mv == EBU_PAIRS_1W ? ceil_div(original, 4)
                                                                       : ceil_div(original, 2);
    s.step2 = mv == EBU_TEAMS ? 80 : mv == EBU_PAIRS_1W ? 48 : 24;
    s.n = finalists > 0 && finalists < s.k ? finalists : s.k;
    bool one = mv != EBU_TEAMS;
    s.max_club = later_stage ? 180 : 300;
    s.t = later_stage ? (one ? 30 : 36) : (one ? 50 : 60);
    ebu_scale_cap(&s);
    return s;
}

/* Scale S (4.12.4, 4.12.5, EBU-109): steps by category; the minimum of a
 * category is the lowest one-winner step (4.12.8, EBU-113). */
ebu_scale ebu_s_scale(int m4, ebu_band band, ebu_move mv, int tables, int cat)
{
    static const int step_1w[5] = {6, 5, 4, 3, 2};
    static const int step_tm[5] = {10, 9, 7, 5, 3};
    static const int min_cat[5] = {6, 5, 4, 3, 2};
    ebu_scale s = ebu_basic_scale(m4, band, mv, tables, false);
    s.step2 = 2 * (mv == EBU_TEAMS ? step_tm[cat] : step_1w[cat]);
    s.min2 = 2 * min_cat[cat];
    s.capped = false;
    ebu_scale_cap(&s);
    return s;
}

/* Scale QS (4.12.7, EBU-112): ranking awards of stratified match-won events. */
ebu_scale ebu_qs_scale(int m4, ebu_move mv, int original, int cat)
{
    static const int step_1w[5] = {11, 10, 8, 6, 4};
    static const int step_tm[5] = {18, 15, 12, 9, 6};
    static const int min_cat[5] = {6, 5, 4, 3, 2};
    ebu_scale s = ebu_qa_scale(m4, mv, original, 0, false);
    s.step2 = 2 * (mv == EBU_TEAMS ? step_tm[cat] : step_1w[cat]);
    s.min2 = 2 * min_cat[cat];
    s.capped = false;
    ebu_scale_cap(&s);
    return s;
}

int64_t ebu_scale_uncapped_x800(const ebu_scale *s)
{
    return (int64_t)s->step2 * s->m4 * s->pct * s->k;
}

/* 4.4.3 (EBU-67): when the scale's top exceeds the theoretical maximum, the
 * top is the maximum (x sqrt(a/t) beyond t tables, 4.4.9) and the number of
 * awards is unchanged.  The comparison is independent of the multiplier. */
void ebu_scale_cap(ebu_scale *s)
{
    s->capped = s->max_club > 0 && (int64_t)s->step2 * s->k > 2 * (int64_t)s->max_club;
}

static bool irrational(const ebu_scale *s)
{
    return s->capped && s->tables > s->t;
}

/* Top x 800 when rational. */
static int64_t top_x800(const ebu_scale *s)
{
    if (s->capped) /* the printed maximum: District 12-17 = 113, not 112.5 (4.4.2) */
        return 800 * (((int64_t)s->max_club * s->m4 * s->pct + 399) / 400);
    return ebu_scale_uncapped_x800(s);
}

double ebu_scale_top(const ebu_scale *s)
{
    double top = (double)top_x800(s) / 800.0;
    if (irrational(s))
        top *= sqrt((double)s->tables / (double)s->t);
    return top;
}

bmp_points ebu_scale_min(const ebu_scale *s)
{
    return bmp_div_round((int64_t)s->min2 * s->m4 * 100, 8, BMP_ROUND_CEIL, BMP_UNIT_WHOLE);
}

/* 3.4 (EBU-33): place i of n earns top x (n - i + 1) / n, raised to the
 * minimum (3.5); exactly (x 800n) when the scale is rational, else real. */
static bmp_status scale_place(void *ctx, int i, core_exact *v)
{
    const ebu_scale *s = ctx;
    int64_t n = s->n;
    if (!irrational(s)) {
        int64_t a = top_x800(s) * (n - i + 1);
        int64_t mn = (int64_t)s->min2 * s->m4 * 100 * n;
        *v = core_exact_q(a > mn ? a : mn, 800 * n);
    } else {
        double a = ebu_scale_top(s) * (double)(n - i + 1) / (double)n;
        double mn = (double)s->min2 * s->m4 / 8.0;
        *v = core_exact_real(a > mn ? a : mn);
    }
    return BMP_OK;
}

bmp_status ebu_linear_steps(void *n, int place, core_exact *steps)
{
    *steps = core_exact_q(*(int *)n - place + 1, 1);
    return BMP_OK;
}

/* 3.4 (EBU-33): a tie shares the places' awards (core/tie.h), whole Local
 * Points rounded up. */
bmp_points ebu_scale_share(const ebu_scale *s, int lo, int hi)
{
    if (lo < 1 || hi < lo || s->n < 1)
        return 0;
    core_exact v;
    core_tie_share_exact(lo, hi, s->n, scale_place, (void *)s, &v);
    if (core_exact_is_zero(v))
        return 0;
    bmp_points share = core_exact_round(v, BMP_ROUND_CEIL, BMP_UNIT_WHOLE);
    /* 3.5 (EBU-34): the minimum applies to a share too ((10 + 0)/2 -> 6). */
    bmp_points mn = ebu_scale_min(s);
    return share < mn ? mn : share;
}

bmp_points ebu_scale_award(const ebu_scale *s, int i)
{
    return ebu_scale_share(s, i, i);
}
