/* ACBL Swiss team match awards D x L x M x P (ACBL-79; later §IV.C "Swiss
 * Teams"; 2003 p.5 "computed using the knockout match award formula"). */
#include <string.h>

#include "acbl/acbl_internal.h"

/* ACBL-79 D: Unit 0.765, Sectional 0.900, Regional 1.250; 2003 also National
 * 1.800 (KO section, ACBL-34); club table D (ACBL-96): 0.240 / 0.360. */
bmp_status acbl_factor_d(acbl_class c, acbl_edition ed, double *d, bmp_error *err)
{
    switch (c) {
    case ACBL_CLASS_CLUB_MASTERPOINT: *d = 0.240; return BMP_OK;
    case ACBL_CLASS_CLUB_CHAMPIONSHIP: *d = 0.360; return BMP_OK;
    case ACBL_CLASS_UNIT: *d = 0.765; return BMP_OK;
    case ACBL_CLASS_SECTIONAL: *d = 0.900; return BMP_OK;
    case ACBL_CLASS_REGIONAL: *d = 1.250; return BMP_OK;
    case ACBL_CLASS_NATIONAL:
        if (ed == ACBL_ED_2003) {
            *d = 1.800;
            return BMP_OK;
        }
        break;
    }
    return bmp_not_supported(err, "Swiss match awards at a National", "ACBL-79", "IV.C",
                             "the later edition lists D for Unit, Sectional and Regional only; "
                             "NABC match awards are fixed per event (ACBL-57)");
}

bmp_points acbl_match_award(double d, double l, double m, double p, bool strat_a,
                            acbl_edition ed)
{
    double v = d * l * m * p;
    if (strat_a && ed == ACBL_ED_CURRENT)
        v *= 1.20;
    return acbl_round_award(v);
}

/* M for a contestant's match awards: a stratified Swiss uses the limits of
 * the highest stratum (ACBL-80) -- of its own flight when stratiflighted;
 * a flight its own M; consolations the finals' M (ACBL-81). */
static double match_m(const acbl_calc *c, const bmp_contestant *ct, bool *strat_a,
                      int64_t *ul_out)
{
    const bmp_event *ev = c->ev;
    acbl_rating rating = c->rating == ACBL_RATING_CONSOLATION ? ACBL_RATING_CHAMPIONSHIP
                                                               : c->rating;
    const bmp_group *g = ct->group ? bmp_event_group(ev, ct->group) : NULL;
    *strat_a = false;
    int64_t ul = ev->upper_limit;
    if (g) {
        ul = g->upper_limit == BMP_NO_LIMIT ? ev->upper_limit : g->upper_limit;
        if (g->type && strcmp(g->type, "stratum") == 0) {
            const char *fl = bmp_params_string(&g->params, "flight", NULL);
            *strat_a = fl && (fl[0] == 'A' || fl[0] == 'a');
            for (size_t i = 0; i < ev->ngroups; i++) {
                const bmp_group *h = &ev->groups[i];
                const char *hf = bmp_params_string(&h->params, "flight", NULL);
                bool same = (!fl && !hf) || (fl && hf && (hf[0] | 0x20) == (fl[0] | 0x20));
                int64_t hul = h->upper_limit == BMP_NO_LIMIT ? ev->upper_limit : h->upper_limit;
                if (h->type && strcmp(h->type, "stratum") == 0 && same &&
                    (hul == BMP_NO_LIMIT || (ul != BMP_NO_LIMIT && hul > ul)))
                    ul = hul;
            }
        }
    }
    *ul_out = ul;
    double m = acbl_factor_m(ul, rating);
    return m > c->m_cap ? c->m_cap : m;
}

/* ACBL-79..81 and the club D (ACBL-96). */
bmp_status acbl_match_awards(acbl_calc *c, bmp_awards *out, bmp_error *err)
{
    const bmp_event *ev = c->ev;
    if (c->type != ACBL_TYPE_SWISS)
        return BMP_OK;
    bool any = false;
    for (size_t i = 0; i < ev->ncontestants; i++)
        if (ev->contestants[i].match_wins > 0)
            any = true;
    if (!any)
        return BMP_OK;
    double d = 0;
    bmp_status st = acbl_factor_d(c->cls, c->ed, &d, err);
    if (st)
        return st;
    int boards = ev->boards_per_match ? ev->boards_per_match : ev->boards;
    if (boards < 2)
        return bmp_error_set(err, BMP_EINVAL,
                             "$.boards_per_match: Swiss match awards need the boards per match "
                             "for L (ACBL-79, ACBL-26): expected 2 or more");
    double l = acbl_factor_l(boards);
    const char *sec = c->ed == ACBL_ED_2003 ? "2003 p.11" : "later §IV.C";
    bmp_awards_note(out, err,
                    "match award = D x L x M x P: D = %.3f for %s (ACBL-79%s), L = %.4f for "
                         "%d boards (ACBL-26)",
                    d, acbl_class_name(c->cls), c->club ? ", ACBL-96" : "", l, boards);
    /* Wins count whole matches, a tie a half (ACBL-R21): anything else would
     * be silently rounded to a half, so it is an input error. */
    for (size_t i = 0; i < ev->ncontestants; i++) {
        double w2 = ev->contestants[i].match_wins * 2;
        if (w2 != (double)(int64_t)w2)
            return bmp_error_set(err, BMP_EINVAL,
                                 "$.contestants[%zu].match_wins: expected whole matches won, a "
                                 "tied match counting 1/2 (ACBL-79), got %g",
                                 i, ev->contestants[i].match_wins);
    }
    for (size_t i = 0; i < ev->ncontestants && !st; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        if (ct->phantom || !(ct->match_wins > 0))
            continue;
        bool strat_a;
        int64_t ul;
        double m = match_m(c, ct, &strat_a, &ul);
        bmp_points one = acbl_match_award(d, l, m, c->p, strat_a, c->ed);
        int64_t halves = (int64_t)(ct->match_wins * 2);
        bmp_points total = bmp_mul_ratio(one, halves, 2, BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
        char cap[96] = "";
        /* ACBL-96 (later): "For regular club games, the maximum award is 2.50". */
        if (c->cls == ACBL_CLASS_CLUB_MASTERPOINT && c->ed == ACBL_ED_CURRENT && total > 250) {
            total = 250;
            snprintf(cap, sizeof cap, "; regular club game maximum 2.50 (ACBL-96)");
        }
        acbl_colour_in ci;
        acbl_calc_colour(c, ul, false, true, &ci);
        const char *crule;
        const char *colour = acbl_calc_colour_name(c, &ci, &crule);
        bmp_award aw = {.contestant = i, .player = BMP_ALL_PLAYERS, .points = total};
        bmp_award_set(&aw, "match", "matches", colour, "ACBL-79", sec);
        char o[32], t[32];
        bmp_points_format(one, o, sizeof o);
        bmp_points_format(total, t, sizeof t);
        st = bmp_awards_add(out, err, &aw,
                            "%.3f x %.4f x M %.6f x P %.2f%s -> %s per match won x %g wins -> "
                            "%s%s; colour %s (%s)",
                            d, l, m, c->p,
                            strat_a && c->ed == ACBL_ED_CURRENT
                                ? " x 1.20 stratiflighted A (ACBL-79 later)"
                                : "",
                            o, ct->match_wins, t, cap, colour, crule);
    }
    return st;
}
