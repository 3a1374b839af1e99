/* EBU fixed tables with a generating rule: award per match won (4.6.3), the
 * knock-out ladder (4.7.7), league key figures (4.8.5-4.8.7), sections of
 * differing status (4.9.4-4.9.8), the square-root maximum (4.4.9), Green
 * Points per round won (6.4.7) and ladder bonuses (4.11.5-4.11.7).  Each is
 * tested against every printed cell of its CSV transcription. */
#include <math.h>

#include "ebu/ebu_internal.h"

/* 4.6.3 (EBU-80): boards x 1 1/2 x m for 1-17 boards, the 18-board value for
 * 18-35 boards, and 1 1/2 x the printed 18-35 value for 36+ (the printed
 * District 36+ figure 62 = ceil(1.5 x 41) shows the handbook rounds the
 * 18-35 figure first: docs/rulings.md EBU). */
int ebu_match_won(int m4, int boards)
{
    if (boards < 1)
        return 0;
    int b = boards > 18 ? 18 : boards;
    int v = (int)bmp_div_round((int64_t)b * 3 * m4 * 100, 8, BMP_ROUND_CEIL, BMP_UNIT_WHOLE) / 100;
    if (boards >= 36)
        v = (3 * v + 1) / 2;
    return v;
}

/* 4.7.7 (EBU-87): counted back from the final the awards are 152, 108, 76,
 * 54, 38, 27 (two doubling sequences 38 x 2^j and 27 x 2^j interleaved),
 * then 27 down to Round 1; the preliminary round earns 27. */
int ebu_ko_max_rounds(int type)
{
    static const int maxr[3] = {6, 8, 7};
    return type >= 0 && type < 3 ? maxr[type] : 0;
}

int ebu_ko_club(int type, int round)
{
    int R = ebu_ko_max_rounds(type);
    if (R == 0 || round < 0)
        return 0;
    if (round == 0 || round > R) /* 4.7.4 (EBU-89): excess rounds = preliminary */
        return 27;
    int j = R - round; /* 0 = the final */
    if (j >= 5)
        return 27;
    return j % 2 == 0 ? 38 << ((4 - j) / 2) : 27 << ((5 - j) / 2);
}

/* 4.8.5-4.8.7 (EBU-97): base B = 27 x m; up to 3 (Club), 4 (District), 5
 * (County) divisions, Division d of n = B + 13.5 (n - d); beyond, constant
 * reductions between the printed limits 54/27, 81/41, 108/54.  Exact value
 * num/den; the printed figure is its ceiling. */
bool ebu_league_key(int org_m4, int n, int d, int64_t *num, int64_t *den)
{
    int nstep, top, bot;
    if (n < 1 || d < 1 || d > n)
        return false;
    switch (org_m4) {
    case EBU_M4_CLUB: nstep = 3; top = 54; bot = 27; break;
    case EBU_M4_DISTRICT: nstep = 4; top = 81; bot = 41; break;
    case EBU_M4_COUNTY: nstep = 5; top = 108; bot = 54; break;
    default: return false;
    }
    if (n <= nstep) {
        /* K x 4 = 27 m4 + 54 (n - d): B = 27 m plus 13.5 per division below */
        *num = 27 * (int64_t)org_m4 + 54 * (int64_t)(n - d);
        *den = 4;
        return true;
    }
    *num = (int64_t)top * (n - 1) - (int64_t)(top - bot) * (d - 1);
    *den = n - 1;
    return true;
}

/* 4.9.4-4.9.8 (EBU-101): section s of n = base + 1/2 (n - s) x Club; beyond
 * the tabled counts the top and bottom stay and the rest reduce constantly. */
bool ebu_section_mult(int org_m4, int n, int s, int64_t *num, int64_t *den)
{
    int nmax;
    int64_t base2; /* base x2 */
    if (n < 1 || s < 1 || s > n)
        return false;
    switch (org_m4) {
    case EBU_M4_CLUB: nmax = 3; base2 = 2; break;
    case EBU_M4_DISTRICT: nmax = 4; base2 = 3; break;
    case EBU_M4_COUNTY: nmax = 5; base2 = 4; break;
    default: return false;
    }
    if (n <= nmax) {
        *num = base2 + (n - s);
        *den = 2;
        return true;
    }
    int64_t top2 = base2 + (nmax - 1);
    /* top2 - (top2 - base2)(s - 1)/(n - 1), all over 2 */
    *num = top2 * (n - 1) - (top2 - base2) * (s - 1);
    *den = 2 * (int64_t)(n - 1);
    return true;
}

/* 4.4.9 (EBU-69): actual maximum = theoretical maximum x sqrt(a/t), up. */
bmp_points ebu_sqrt_max(int max_whole, int a, int t)
{
    if (a <= t)
        return (bmp_points)max_whole * 100;
    return bmp_round_real(max_whole * sqrt((double)a / (double)t), BMP_ROUND_CEIL,
                          BMP_UNIT_WHOLE);
}

/* 6.4.7 (EBU-133): boards/29 Green Points per round won, up to 0.01; a draw
 * boards/58. */
bmp_points ebu_green_round(int boards, bool draw)
{
    return bmp_div_round((int64_t)boards * 100, draw ? 58 : 29, BMP_ROUND_CEIL, BMP_UNIT_CENT);
}

/* 4.11.5-4.11.7 (EBU-104): n awards of unit at Club by average full tables. */
void ebu_ladder(int avg_tables, int kind, int *n, int *unit)
{
    int band = avg_tables <= 8 ? 1 : avg_tables <= 17 ? 2 : 3;
    static const int per[3] = {1, 2, 4};
    static const int units[3] = {27, 16, 8};
    if (kind < 0 || kind > 2)
        kind = 1;
    *n = band * per[kind];
    *unit = units[kind];
}

/* 6.2.2 (EBU-121): Green Points per match won in a county teams KO, by the
 * teams in the event (row 0 = 3-4 ... 5 = 65+) and round (column 0 = round
 * of 65+ ... 4 = quarter-final, 5 = semi-final, 6 = final).  The handbook
 * gives no generating rule, so this is the printed table; 0 = no such round. */
bmp_points ebu_green_ko(int row, int col)
{
    static const bmp_points t[6][7] = {
        {0, 0, 0, 0, 0, 50, 100},        {0, 0, 0, 0, 50, 75, 150},
        {0, 0, 0, 50, 75, 125, 200},     {0, 0, 50, 75, 125, 175, 225},
        {0, 50, 75, 100, 150, 200, 250}, {50, 75, 100, 150, 200, 250, 300}};
    if (row < 0 || row > 5 || col < 0 || col > 6)
        return 0;
    return t[row][col];
}

/* The 6.2.2 row of an event of `teams` teams; -1 below 3. */
int ebu_green_ko_row(int teams)
{
    return teams < 3 ? -1 : teams <= 4 ? 0 : teams <= 8 ? 1 : teams <= 16 ? 2 : teams <= 32 ? 3
                                                                         : teams <= 64 ? 4 : 5;
}

/* 4.6.6 a (EBU-83): multiplier x2 of the match awards in a qualified final by
 * the proportion q = finalists / original: q > 1/2 x1, 1/4 < q <= 1/2 x1 1/2,
 * 1/8 < q <= 1/4 x2, 1/16 < q <= 1/8 x3, q <= 1/16 x4 (exact comparisons). */
int ebu_qualified_mult2(int finalists, int original)
{
    int64_t f = finalists, o = original;
    if (2 * f > o)
        return 2;
    if (4 * f > o)
        return 3;
    if (8 * f > o)
        return 4;
    if (16 * f > o)
        return 6;
    return 8;
}

/* 4.6.7 (EBU-85): consolation finals of match-won events, by the proportion
 * of the original field in the consolation: > 1/10 x1, 1/20 < q <= 1/10
 * x1 1/2, q <= 1/20 x2. */
int ebu_consolation_mult2(int consolation, int original)
{
    int64_t f = consolation, o = original;
    if (10 * f > o)
        return 2;
    if (20 * f > o)
        return 3;
    return 4;
}

/* 4.7.9 (EBU-92): the round number of a knock-out stage of `stage` teams in
 * an event whose original entry was `original`: the round it would have had
 * if every original entrant had played knock-out throughout.  With P the
 * largest power of 2 <= original, r = log2(P) - log2(stage) + 1 (the rounds
 * before are a preliminary round when original > P).  0 if stage is not a
 * power of 2 or exceeds P. */
int ebu_ko_round(int original, int stage)
{
    if (original < 2 || stage < 2 || (stage & (stage - 1)) != 0)
        return 0;
    int lp = 0, ls = 0;
    while ((2 << lp) <= original)
        lp++;
    while ((1 << ls) < stage)
        ls++;
    int logP = lp; /* P = 2^lp: the loop stops when 2^(lp+1) > original */
    if (ls > logP)
        return 0;
    return logP - ls + 1;
}
