/* ACBL depth of overall awards: the pairs, teams and individual tables, the
 * 0.2 x R x M x P floor, the 5%/10% minimum, the 35% (25%) maximum and the
 * absolute limit (ACBL-12..16; later §I.B, §IV.D; 2003 p.2, p.14). */
#include <math.h>
#include <stdio.h>

#include "acbl/acbl_internal.h"

/* ACBL-15: "One Session 25 places ... Six or more Sessions 60 places". */
int acbl_absolute_depth_limit(int sessions)
{
    static const int lim[] = {25, 40, 45, 50, 55, 60};
    if (sessions < 1)
        sessions = 1;
    return lim[sessions > 6 ? 5 : sessions - 1];
}

/* ACBL-12 pair table: 3 -> 2, 4 -> 3, 5-6 -> 4, 7-9 -> 5, 10 -> 6. */
static int pair_places(int t)
{
    return t < 3 ? 0 : t == 3 ? 2 : t == 4 ? 3 : t <= 6 ? 4 : t <= 9 ? 5 : 6;
}

/* ACBL-13 Swiss & BAM table: 3-4 -> 1, 5-6 -> 2, 7-8 -> 3, 9-12 -> 4,
 * 13-18 -> 5, 19+ -> 6. */
static int team_places(int t)
{
    return t < 3 ? 0 : t <= 4 ? 1 : t <= 6 ? 2 : t <= 8 ? 3 : t <= 12 ? 4 : t <= 18 ? 5 : 6;
}

/* ACBL-14 individual table: 2 -> 3, 3 -> 4, 4 -> 5, 5+ -> 6. */
static int individual_places(int t)
{
    return t < 2 ? 0 : t >= 5 ? 6 : t + 1;
}

/* ceil / floor of field x pct / 100 without binary noise (field may be a
 * half: 10.5 tables of pairs is 21 pairs). */
static int pct_ceil(double field, int pct)
{
    return (int)ceil(field * pct / 100.0 - 1e-9);
}
static int pct_floor(double field, int pct)
{
    return (int)floor(field * pct / 100.0 + 1e-9);
}

bmp_status acbl_overall_depth(const acbl_depth_in *in, acbl_depth_out *out, bmp_error *err)
{
    (void)err;
    *out = (acbl_depth_out){0};
    /* a half table is not a table in the depth rows; rows are looked up
     * with whole tables (docs/rulings.md ACBL-R3). */
    int whole = (int)floor(in->tables + 1e-9);
    int threshold, min_pct;
    if (in->type == ACBL_TYPE_INDIVIDUAL) {
        out->rule = "ACBL-14";
        out->table_places = individual_places(whole);
        out->field = in->tables * 4.0;
        threshold = 5;
        min_pct = 5;
    } else if (acbl_type_is_teams(in->type)) {
        out->rule = "ACBL-13";
        out->table_places = team_places(whole);
        out->field = in->tables;
        threshold = 19;
        min_pct = 10;
    } else {
        out->rule = "ACBL-12";
        out->table_places = pair_places(whole);
        out->field = in->tables * 2.0;
        threshold = 10;
        min_pct = 5;
    }
    out->places = out->table_places;
    out->floor = acbl_round_award(0.2 * in->r * in->m * in->p);
    bool six_session_nabc_pairs = in->ed == ACBL_ED_CURRENT && in->nabc &&
                                  in->type == ACBL_TYPE_PAIRS && in->sessions >= 6;
    out->abs_limit = six_session_nabc_pairs ? 0 : acbl_absolute_depth_limit(in->sessions);
    if (!(in->tables > threshold)) {
        snprintf(out->why, sizeof out->why, "%s: %g tables -> %d place%s", out->rule, in->tables,
                 out->places, out->places == 1 ? "" : "s");
        return BMP_OK;
    }
    /* "For more than N tables, additional awards will be given if the
     * calculated award is not less than 0.2 x R x M x P": compare the cent
     * values and stop at the first position below. */
    out->extended = true;
    out->by_floor = out->table_places;
    for (int pos = out->table_places + 1; pos <= 100000; pos++) {
        if (acbl_overall_place(in->first, pos, in->sessions, in->ed) < out->floor)
            break;
        out->by_floor = pos;
    }
    out->places = out->by_floor;
    /* "at least 5% (10% teams) of the field up to a maximum of 35%"; later:
     * 25% for 4-session NABC pair games (D4).  Min rounded up, max down. */
    int max_pct = (in->ed == ACBL_ED_CURRENT && in->nabc && in->type == ACBL_TYPE_PAIRS &&
                   in->sessions == 4)
                      ? 25
                      : 35;
    out->min_places = pct_ceil(out->field, min_pct);
    out->max_places = pct_floor(out->field, max_pct);
    if (out->places < out->min_places)
        out->places = out->min_places;
    if (out->places > out->max_places)
        out->places = out->max_places;
    char tail[96] = "";
    if (out->abs_limit) {
        if (out->places > out->abs_limit)
            out->places = out->abs_limit;
        snprintf(tail, sizeof tail, ", absolute limit %d (ACBL-15)", out->abs_limit);
    } else {
        /* ACBL-16: qualifiers for the final two sessions all receive the
         * calculated award; no absolute limit. */
        if (in->final_qualifiers > out->places)
            out->places = in->final_qualifiers;
        snprintf(tail, sizeof tail, ", no absolute limit: %d final qualifiers (ACBL-16)",
                 in->final_qualifiers);
    }
    char fl[32];
    bmp_points_format(out->floor, fl, sizeof fl);
    snprintf(out->why, sizeof out->why,
             "%s: %g tables > %d: awards >= floor 0.2xRxMxP = %s to place %d, at least %d%% of "
             "%g = %d, at most %d%% = %d%s -> %d places",
             out->rule, in->tables, threshold, fl, out->by_floor, min_pct, out->field,
             out->min_places, max_pct, out->max_places, tail, out->places);
    return BMP_OK;
}
