/* The formula behind every NZ award grid except 25A (nzb.md §3.1; Part E
 * "1. Summary of changes Sept 2017" item 5: the tables are "calculated by a
 * consistent mathematical formula"): a straight line from M at 1st place to
 * exactly 1 at place f*N + 1, truncated.  Evaluated in integers: doubles
 * mis-floor cells that sit exactly on a whole number (C N=20 p8 = 1.0). */
#include "nzb/nzb_internal.h"

/* award = floor(M - (M-1)(p-1)/(f N)); with N = n2/2 and f = fnum/fden,
 * multiply through by 2 fden: (M fnum n2 - 2 fden (M-1)(p-1)) / (fnum n2). */
int nzb_formula(int top, int fnum, int fden, int n2, int p)
{
    if (n2 <= 0 || p < 1)
        return 0;
    long long num = (long long)top * fnum * n2 - 2LL * fden * (top - 1) * (p - 1);
    long long den = (long long)fnum * n2;
    if (num < den) /* below 1: no award (also keeps the division a floor) */
        return 0;
    return (int)(num / den);
}

int nzb_formula_places(int top, int fnum, int fden, int n2)
{
    int p = 0;
    while (nzb_formula(top, fnum, fden, n2, p + 1) > 0)
        p++;
    return p;
}

/* NZ-26 ("2. Basic "C" Point Tables" A.): 40 C to the winner, about the
 * top third (the printed tables use 35 %). */
int nzb_c_basic(int n, int p)
{
    return nzb_formula(40, 7, 20, 2 * n, p);
}

/* NZ-55..NZ-74: pairs grids pay 25 % of the field, teams grids 35 %. */
int nzb_grid(const nzb_grade *g, bool teams, int n, int p)
{
    return teams ? nzb_formula(g->top, 7, 20, 2 * n, p) : nzb_formula(g->top, 1, 4, 2 * n, p);
}
