/* ACBL knockout teams: the rules both editions share (2003 p.3-5, p.12-13;
 * later §II, §IV.C): K, the place percentages and their ties, the
 * compact KO depth (ACBL-46), the forfeit place (ACBL-48) and the zip KO as
 * a Swiss side game (ACBL-47).  The event driver is ko_event.c. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "acbl/ko.h"
#include "core/tie.h"

/* ACBL-25 (2003 p.3) / ACBL-36 (later §II.A: K = R/14); club K ACBL-96. */
bmp_status acbl_ko_k(acbl_class c, acbl_edition ed, double *k, bmp_error *err)
{
    if (ed == ACBL_ED_2003) {
        switch (c) {
        case ACBL_CLASS_UNIT: *k = 26.0; return BMP_OK;
        case ACBL_CLASS_SECTIONAL: *k = 30.0; return BMP_OK;
        case ACBL_CLASS_REGIONAL: *k = 46.0; return BMP_OK;
        case ACBL_CLASS_NATIONAL: *k = 70.0; return BMP_OK;
        default: break;
        }
        return bmp_not_supported(err, "club knockout K", "ACBL-96", "2003 p.14",
                                 "the club table lists K 8.00 / 12.00 but the club KO awards "
                                 "follow Handbook chapter 4, which is not part of the regulation");
    }
    double r;
    if (c == ACBL_CLASS_CLUB_MASTERPOINT || c == ACBL_CLASS_CLUB_CHAMPIONSHIP)
        return bmp_not_supported(err, "club knockout K", "ACBL-96", "IV.F",
                                 "club KO awards follow Handbook chapter 4, which is not part of "
                                 "the regulation");
    bmp_status st = acbl_factor_r(c, &r, err);
    if (!st)
        *k = r / 14.0;
    return st;
}

/* ACBL-33 (2003 p.4) and ACBL-41 / ACBL-42 (later §II.B). */
double acbl_ko_fraction(acbl_edition ed, int pos, const acbl_ko_pct_opts *o)
{
    static const double five[] = {1.00, 0.75, 0.55, 0.45, 0.30, 0.25, 0.20, 0.15};
    static const double four[] = {1.00, 0.70, 0.45, 0.35, 0.30, 0.25};
    if (pos < 1)
        return 0;
    if (ed == ACBL_ED_2003) {
        if (pos <= 8)
            return five[pos - 1];
        if (pos <= 12 && o && o->down_to_12)
            return 0.12;
        return pos <= 16 ? 0.10 : 0;
    }
    int rounds = o && o->rounds ? o->rounds : 5;
    if (pos == 1)
        return 1.0;
    if (o && o->non_power_of_two && pos > 8)
        return 1.0 / pos; /* ACBL-42 */
    if (rounds >= 5)
        return pos <= 8 ? five[pos - 1] : pos <= 16 ? 0.10 : 0;
    if (rounds == 4)
        return pos <= 6 ? four[pos - 1] : 0;
    if (rounds == 3)
        return pos == 2 ? 0.53 : pos == 3 && o && o->playoff ? 0.225 : 0;
    return 0;
}

typedef struct ko_at {
    acbl_edition ed;
    const acbl_ko_pct_opts *o;
} ko_at;

static bmp_status ko_place_value(void *ctx, int place, core_exact *v)
{
    const ko_at *k = ctx;
    *v = core_exact_real(acbl_ko_fraction(k->ed, place, k->o));
    return BMP_OK;
}

/* A-14 ties; ACBL-35 (2003) / ACBL-43 (later) playoff winners 22.50%;
 * ACBL-42 ties including 9th at least 10%. */
double acbl_ko_place_fraction(acbl_edition ed, int lo, int hi, const acbl_ko_pct_opts *o)
{
    if (hi < lo)
        hi = lo;
    if (o && o->playoff && lo == 3 && (hi == 4 || ed == ACBL_ED_CURRENT))
        return 0.225;
    /* a tie shares the places' percentages (core/tie.h) */
    ko_at at = {ed, o};
    core_exact share;
    core_tie_share_exact(lo, hi, -1, ko_place_value, &at, &share);
    double f = core_exact_dbl(share);
    if (ed == ACBL_ED_CURRENT && o && o->non_power_of_two && lo <= 9 && hi >= 9 && hi > lo &&
        f < 0.10)
        f = 0.10;
    return f;
}

/* ACBL-46: "four places with an original entry of nine or more teams; two
 * places with ... five through eight teams; and one place with ... three
 * or four teams". */
int acbl_ko_compact_depth(int teams)
{
    return teams >= 9 ? 4 : teams >= 5 ? 2 : teams >= 3 ? 1 : 0;
}

/* ACBL-48: the loser of the forfeiting team's previous match finished one
 * elimination round lower: 2 -> 3/4, 3/4 -> 5/8, 5/8 -> 9/16. */
bmp_place acbl_ko_forfeit_place(bmp_place p)
{
    bmp_place q = {0, 0, true};
    if (p.lo < 2)
        return q;
    int hi = p.hi > p.lo ? p.hi : p.lo;
    q.lo = hi + 1;
    q.hi = 2 * hi;
    return q;
}

/* ACBL-47: "calculated as a one session Swiss Teams with an M Factor of 65%
 * (Side Game)": the side-game cap, so a lower M stays. */
bool acbl_ko_zip_as_swiss(const bmp_event *ev, bmp_event *z)
{
    if (ev->kind != BMP_KIND_KNOCKOUT || !bmp_params_bool(&ev->params, "zip", false))
        return false;
    *z = *ev;
    z->kind = BMP_KIND_SWISS_TEAMS;
    z->sessions = 1;
    z->rating = (char *)"non-championship"; /* never freed: shallow copy */
    if (!(z->tables > 0)) {
        double n = 0;
        for (size_t i = 0; i < ev->ncontestants; i++)
            n += !ev->contestants[i].phantom;
        z->tables = n;
    }
    return true;
}
