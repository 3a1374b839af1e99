/* ACBL masterpoints for World Bridge Federation events (2003 p.15; later
 * §V): fixed first places; places below first and depth follow the ACBL
 * formulas of the closest NABC equivalent event (ACBL-97).
 *
 * Event input: classification "national" (or any), params.wbf_event naming
 * the event (key below or printed name), tables (pairs: tables, teams:
 * teams), contestants with place.  No session, consolation or match awards.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "acbl/ko.h"

#define C(x) ((bmp_points)(x) * 100)

/* ACBL-97 table (2003 p.15; later §V adds IMP Pairs and Mixed Teams). */
static const acbl_wbf_event wbf[] = {
    {"open-pairs", "Open Pairs", 3, 800, "Blue Ribbon/LM Pairs", "blue-ribbon-pairs", C(190)},
    {"womens-pairs", "Women's Pairs", 3, 600, "Women's Pairs", "womens-pairs", C(100)},
    {"senior-pairs", "Senior Pairs", 3, 600, "Silver Ribbon Pairs", "silver-ribbon-pairs", C(100)},
    {"mixed-pairs", "Mixed Pairs", 3, 200, "Mixed Pairs", "mixed-pairs", C(100)},
    {"olympiad-open-teams", "Olympiad Open Teams", 3, 1000, "Spingold/Vanderbilt", "spingold", C(250)},
    {"bermuda-bowl", "Bermuda Bowl", 3, 800, "Spingold/Vanderbilt", "spingold", C(200)},
    {"rosenblum-cup", "Rosenblum Cup", 3, 600, "Spingold/Vanderbilt", "spingold", C(150)},
    {"olympiad-womens", "Olympiad Women's", 3, 700, "Women's KO", "womens-ko", C(140)},
    {"venice-cup", "Venice (Women)", 3, 800, "Women's KO", "womens-ko", C(140)},
    {"mcconnell", "McConnell (Women)", 3, 450, "Women's KO", "womens-ko", C(100)},
    {"senior-teams", "Senior Teams", 3, 450, "Senior KO", "senior-ko", C(100)},
    {"senior-bowl", "Senior Bowl", 3, 600, "Senior KO", "senior-ko", C(100)},
    /* later only; "Master Mixed Teams" is not an NABC table entry: the
     * Mixed Teams (BAM) formulas apply (docs/rulings.md ACBL-KO). */
    {"imp-pairs", "IMP Pairs", 1, 300, "IMP Pairs", "imp-pairs", C(100)},
    {"mixed-teams", "Mixed Teams", 1, 138, "Master Mixed Teams", "mixed-bam", C(100)},
};

const acbl_wbf_event *acbl_wbf_event_at(acbl_edition ed, size_t i)
{
    for (size_t k = 0; k < sizeof wbf / sizeof *wbf; k++)
        if (wbf[k].editions & ACBL_ED_BIT(ed)) {
            if (i == 0)
                return &wbf[k];
            i--;
        }
    return NULL;
}

const acbl_wbf_event *acbl_wbf_find(acbl_edition ed, const char *name)
{
    if (!name)
        return NULL;
    for (size_t k = 0; k < sizeof wbf / sizeof *wbf; k++)
        if ((wbf[k].editions & ACBL_ED_BIT(ed)) &&
            (strcasecmp(name, wbf[k].key) == 0 || strcasecmp(name, wbf[k].name) == 0))
            return &wbf[k];
    return NULL;
}

bool acbl_is_wbf_event(const bmp_event *ev)
{
    return bmp_params_has(&ev->params, "wbf_event");
}

static int ko_index(int lo)
{
    return lo == 2 ? 0 : lo <= 4 ? 1 : lo <= 8 ? 2 : lo <= 16 ? 3 : lo <= 32 ? 4 : 5;
}

bmp_status acbl_award_wbf(const bmp_event *ev, const char *edition, bmp_awards *out,
                          bmp_error *err)
{
    acbl_edition ed;
    bmp_status st = acbl_edition_parse(edition, &ed, err);
    if (st)
        return st;
    const char *name = bmp_params_string(&ev->params, "wbf_event", "");
    const acbl_wbf_event *w = acbl_wbf_find(ed, name);
    if (!w)
        return bmp_not_supported(err, "WBF event", "ACBL-97", ed == ACBL_ED_2003 ? "2003 p.15" : "V",
                                 "no awards for WBF events not shown in the table (see `bridgemp "
                                 "scale acbl wbf`)");
    const acbl_nabc_event *e = acbl_nabc_find(ed, w->nabc_key);
    const char *sec = ed == ACBL_ED_2003 ? "2003 p.15" : "later §V";
    bmp_awards_note(out, err, "WBF %s (WBF award %d): 1st %.2f; lower places and depth by the ACBL "
                         "formulas for %s (ACBL-97)",
                    w->name, w->wbf_award, w->first / 100.0, w->equivalent);
    bmp_points *aw = NULL;
    int places = 0;
    if (e->kind == NABC_KO_FIXED) {
        /* The equivalent's fixed ranks scaled to this first (docs/rulings.md). */
        places = e->ranks[4] ? 32 : 16;
        aw = calloc((size_t)places, sizeof *aw);
        if (!aw)
            return bmp_error_oom(err);
        aw[0] = w->first;
        for (int p = 2; p <= places; p++)
            aw[p - 1] = bmp_mul_ratio(e->ranks[ko_index(p)], w->first, e->first,
                                      BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
        bmp_awards_note(out, err, "lower places: %s table x %.2f/%.2f", e->name, w->first / 100.0,
                        e->first / 100.0);
    } else {
        if (!(ev->tables > 0))
            return bmp_error_set(err, BMP_EINVAL, "$.tables: the depth of %s awards needs the "
                                                  "tables (teams) entered (ACBL-97)",
                                 w->name);
        acbl_type type = e->kind == NABC_PAIRS ? ACBL_TYPE_PAIRS : ACBL_TYPE_BAM;
        acbl_depth_in din = {.ed = ed, .type = type, .tables = ev->tables,
                             .sessions = e->sessions, .first = w->first, .r = 22.5, .m = 1.0,
                             .p = 1.0, .nabc = true};
        acbl_depth_out dep;
        if ((st = acbl_overall_depth(&din, &dep, err)))
            return st;
        places = dep.places;
        aw = calloc((size_t)places + 1, sizeof *aw);
        if (!aw)
            return bmp_error_oom(err);
        for (int p = 1; p <= places; p++)
            aw[p - 1] = acbl_overall_place(w->first, p, e->sessions, ed);
        bmp_awards_note(out, err, "lower places: %d-session decay (%s) from 1st; depth %d (%s)",
                        e->sessions, acbl_overall_rule(ed), places, dep.why);
    }
    for (size_t i = 0; i < ev->ncontestants && !st; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        if (ct->phantom || ct->place.lo < 1 || ct->place.lo > places)
            continue;
        int hi = ct->place.hi > ct->place.lo ? ct->place.hi : ct->place.lo;
        bmp_award a = {.contestant = i, .player = BMP_ALL_PLAYERS, .place = ct->place};
        /* KO ranks pay every team of a range the rank's value; other
         * places share the average of the tied places. */
        a.points = bmp_tie_share(aw, (size_t)places, ct->place.lo, hi, BMP_ROUND_HALF_UP,
                                 BMP_UNIT_CENT);
        bmp_award_set(&a, "overall", "overall", "platinum", "ACBL-97", sec);
        char ps[32];
        bmp_points_format(a.points, ps, sizeof ps);
        if (bmp_awards_add(out, err, &a,
                           "WBF %s place %d/%d -> %s; platinum as the NABC equivalent "
                                    "(ACBL-90)",
                           w->name, ct->place.lo, hi, ps))
            st = bmp_error_oom(err);
    }
    free(aw);
    return st;
}
