/* ACBL classification adjustments applied to the General Formula inputs:
 * barometer finals (ACBL-72), the Side Game Series (ACBL-75), unrestricted
 * event table credit (ACBL-65) and restricted-tournament colours (ACBL-91).
 * later §IV.A-B, §IV.E; 2003 p.9-11, p.14. */
#include <stdio.h>

#include "acbl/acbl_internal.h"

static void cap_m(acbl_calc *c, double cap)
{
    if (cap < c->m_cap)
        c->m_cap = cap;
    if (c->m > cap)
        c->m = cap;
}

/* ACBL-72 (later §IV.A "Barometer Final Events"; 2003 p.11, D23). */
static bmp_status barometer(acbl_calc *c, bmp_awards *out, bmp_error *err)
{
    const bmp_params *pp = &c->ev->params;
    double lv = bmp_params_number(pp, "barometer_level", 0);
    int level = (int)lv;
    if (level < 1 || level > 3 || level != lv)
        return bmp_error_set(err, BMP_EINVAL,
                             "$.params.barometer_level: expected 1 (top), 2 or 3, got %g", lv);
    if (c->ed == ACBL_ED_2003 && c->r != 14.0) {
        /* 2003: levels are "Regional rated" */
        c->r = 14.0;
        bmp_awards_note(out, err,
                        "barometer final, 2003: rated as a Regional: R = 14.00 (ACBL-72, D23)");
    }
    if (level == 1) {
        double entered = bmp_params_number(pp, "tables_entered", 0);
        if (!(entered > 0))
            return bmp_error_set(err, BMP_EINVAL,
                                 "$.params.tables_entered: the top level of a barometer final is "
                                 "based on the tables originally entered (ACBL-72): expected a "
                                 "number > 0");
        c->tables = entered;
        c->sessions = 2;
        c->s = 1.5;
        c->rating = ACBL_RATING_CHAMPIONSHIP;
        bmp_awards_note(out, err,
                        "barometer top level: %g tables originally entered, a two-session "
                             "championship event: S = 1.50 (ACBL-72)",
                        entered);
    } else if (level == 2) {
        c->sessions = 2;
        c->s = 1.5;
        c->rating = ACBL_RATING_CHAMPIONSHIP;
        cap_m(c, 0.80);
        bmp_awards_note(out, err,
                        "barometer second level: its own %g tables, two-session championship, "
                             "M factor of 80%%: S = 1.50, M = %.6f (ACBL-72)",
                        c->tables, c->m);
    } else {
        c->sessions = 1;
        c->s = 1.0;
        c->rating = ACBL_RATING_NON_CHAMPIONSHIP;
        cap_m(c, ACBL_M_SIDE_GAME_CAP);
        bmp_awards_note(out, err, "barometer third level: its own %g tables, one-session "
                             "non-championship, M factor of 65%%: S = 1.00, M = %.6f (ACBL-72)",
                        c->tables, c->m);
    }
    return BMP_OK;
}

/* ACBL-75 (later §IV.B "Side Game Series"; A-19). */
static bmp_status side_game_series(acbl_calc *c, bmp_awards *out, bmp_error *err)
{
    const bmp_params *pp = &c->ev->params;
    if (bmp_params_bool(pp, "side_game_series", false)) {
        double t1 = bmp_params_number(pp, "series_tables_1", 0);
        double t2 = bmp_params_number(pp, "series_tables_2", 0);
        if (!(t1 > 0) || !(t2 > 0))
            return bmp_error_set(err, BMP_EINVAL,
                                 "$.params: a Side Game Series needs series_tables_1 and "
                                 "series_tables_2, the tables of its two largest sessions "
                                 "(ACBL-75)");
        c->tables = (t1 + t2) / 2.0;
        c->sessions = 2;
        c->s = 1.5;
        c->first_factor = 0.80;
        bmp_awards_note(out, err, "Side Game Series overall: 80%% of a two-session event on the "
                             "average of the two largest sessions (%g + %g)/2 = %g tables "
                             "(ACBL-75)",
                        t1, t2, c->tables);
    }
    if (bmp_params_bool(pp, "series_game", false)) {
        cap_m(c, ACBL_M_SIDE_GAME_CAP);
        c->session_factor = 0.80;
        bmp_awards_note(out, err, "single side game of a Side Game Series: overall awards at 65%% "
                             "(M limited to 0.65, A-19) and session awards at 80%% (ACBL-75)");
    }
    return BMP_OK;
}

/* ACBL-65 (later §IV.A "Unrestricted Events"; A-31). */
static bmp_status unrestricted(acbl_calc *c, bmp_awards *out, bmp_error *err)
{
    const bmp_params *pp = &c->ev->params;
    double conc = bmp_params_number(pp, "concurrent_restricted_tables", 0);
    if (!bmp_params_has(pp, "concurrent_restricted_tables"))
        return BMP_OK;
    const char *why = NULL;
    if (c->cls != ACBL_CLASS_REGIONAL && c->cls != ACBL_CLASS_SECTIONAL)
        why = "only at Regional and Sectional tournaments";
    else if (c->nrestrictions > 0 || c->ev->nrestrictions > 0)
        why = "only for events unrestricted in any way";
    else if (c->ev->upper_limit != BMP_NO_LIMIT)
        why = "only for events with no upper masterpoint limit";
    else if (c->ev->lower_limit != BMP_NO_LIMIT &&
             bmp_params_bool(pp, "concurrent_open_event", false))
        why = "an event with a lower limit counts as open only when no open event is concurrent";
    else if (c->sessions == 1 && c->cls != ACBL_CLASS_SECTIONAL)
        why = "one-session events get credit only at Sectionals";
    if (why)
        return bmp_error_set(err, BMP_EINVAL,
                             "$.params.concurrent_restricted_tables: unrestricted-event table "
                             "credit (ACBL-65) applies %s",
                             why);
    if (conc < 0)
        return bmp_error_set(err, BMP_EINVAL,
                             "$.params.concurrent_restricted_tables: expected a number >= 0");
    c->credit_extra = conc;
    c->unrestricted_events = (int)bmp_params_number(pp, "concurrent_unrestricted_events", 1);
    if (c->unrestricted_events < 1)
        c->unrestricted_events = 1;
    bmp_awards_note(out, err, "unrestricted event: credited with %g concurrent restricted tables "
                         "shared by %d unrestricted event%s, at most 3 x its own tables "
                         "(ACBL-65)",
                    conc, c->unrestricted_events, c->unrestricted_events == 1 ? "" : "s");
    return BMP_OK;
}

bmp_status acbl_classify(acbl_calc *c, bmp_awards *out, bmp_error *err)
{
    const bmp_params *pp = &c->ev->params;
    bmp_status st = BMP_OK;
    /* The barometer levels, the series overall and a single series game
     * each set the tables, sessions and M their own way: one at a time. */
    int kinds = bmp_params_has(pp, "barometer_level") +
                bmp_params_bool(pp, "side_game_series", false) +
                bmp_params_bool(pp, "series_game", false);
    if (kinds > 1)
        return bmp_error_set(err, BMP_EINVAL,
                             "$.params: barometer_level (ACBL-72), side_game_series and "
                             "series_game (ACBL-75) describe different events: expected at most "
                             "one of them");
    if (bmp_params_has(pp, "barometer_level") && (st = barometer(c, out, err)))
        return st;
    if ((st = side_game_series(c, out, err)) || (st = unrestricted(c, out, err)))
        return st;
    /* ACBL-91 (later §IV.E.6). */
    if (bmp_params_bool(pp, "restricted_tournament", false) &&
        !bmp_params_bool(pp, "similarly_restricted", false)) {
        c->restricted_colour = true;
        c->restricted_colour_name =
            bmp_params_bool(pp, "open_sectional", false) ? "silver" : "black";
        bmp_awards_note(out, err, "event at a restricted tournament and not similarly restricted: "
                             "%s points only (ACBL-91)",
                        c->restricted_colour_name);
    }
    return BMP_OK;
}
