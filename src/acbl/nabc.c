/* ACBL NABC championships (2003 p.5-8; later §III.A-C): the fixed-award
 * tables of each edition, the minimum-table reductions, the starred KO
 * reductions, the formula-based KOs and the match awards (ACBL-52..61).
 *
 * Event input: classification "national", params.nabc_event naming the
 * event by key (below, e.g. "blue-ribbon-pairs", "spingold",
 * "womens-ko") or by its printed name (case-insensitive); tables (pairs
 * tables / teams; KO: default the contestants), sessions as played,
 * upper_limit (formula firsts: M), restrictions (P), boards_per_match (2003
 * formula match awards: L), contestants with place, match_wins /
 * matches_won and params.multiway_full / params.multiway_half (3-/4-way
 * matches won with 2 wins / 1 win, ACBL-61), params.rounds_advanced
 * (formula KOs, ACBL-32).  Events whose first place is "Formula" (Non-LM,
 * 49er-199er, Canadian IMP 2003) run the General Formula with R 22.50.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "acbl/ko.h"

#define C(x) ((bmp_points)(x) * 100)
#define BOTH 3
#define CUR 1
#define ED03 2

/* ACBL-53, 55, 57, 60 tables (later §III.A-C; 2003 p.5-8). */
static const acbl_nabc_event nabc[] = {
    /* A. Pair events (ACBL-53) */
    {"blue-ribbon-pairs", "BLUE RIBBON PAIRS", BOTH, NABC_PAIRS, 6, C(190), 0, false, false, false, {0}, 0, false},
    {"0-5000-blue-ribbon-pairs", "0-5000 BLUE RIBBON PAIRS", CUR, NABC_PAIRS, 6, 0, C(75), false, false, false, {0}, 0, false},
    {"platinum-pairs", "PLATINUM PAIRS", CUR, NABC_PAIRS, 6, C(200), 0, false, false, false, {0}, 0, false},
    {"life-master-pairs", "LIFE MASTER PAIRS", BOTH, NABC_PAIRS, 6, C(190), 0, false, false, false, {0}, 0, false},
    {"lm-5000-pairs", "LIFE MASTER PAIRS (LM-5000)", BOTH, NABC_PAIRS, 6, 0, C(75), false, false, false, {0}, 0, false},
    {"lm-1500-pairs", "LIFE MASTER PAIRS (LM-1500)", BOTH, NABC_PAIRS, 6, 0, C(50), false, false, false, {0}, 0, false},
    {"open-pairs", "OPEN PAIRS (no other event)", ED03, NABC_PAIRS, 4, C(130), 0, true, false, false, {0}, 0, false},
    {"open-pairs", "OPEN PAIRS (no other event)", CUR, NABC_PAIRS, 4, C(125), 0, true, false, false, {0}, 0, false},
    {"open-pairs-with-womens", "OPEN PAIRS (with Women's)", BOTH, NABC_PAIRS, 4, C(125), 0, true, false, false, {0}, 0, false},
    {"life-master-open-pairs", "LIFE MASTER OPEN PAIRS", BOTH, NABC_PAIRS, 4, C(125), 0, true, false, false, {0}, 0, false},
    {"imp-pairs", "IMP PAIRS", ED03, NABC_PAIRS, 4, C(125), 0, true, false, false, {0}, 0, false},
    {"imp-pairs", "IMP PAIRS", CUR, NABC_PAIRS, 4, C(100), 0, true, false, false, {0}, 0, false},
    {"fast-pairs", "FAST PAIRS", BOTH, NABC_PAIRS, 4, C(100), 0, true, false, false, {0}, 0, false},
    {"nap-a", "NORTH AMERICAN PAIRS - A", BOTH, NABC_PAIRS, 4, C(65), 0, false, false, false, {0}, 0, false},
    {"nap-b", "NORTH AMERICAN PAIRS - B", BOTH, NABC_PAIRS, 4, C(45), 0, false, false, false, {0}, 0, false},
    {"nap-c", "NORTH AMERICAN PAIRS - C", BOTH, NABC_PAIRS, 4, C(30), 0, false, false, false, {0}, 0, false},
    {"life-master-womens-pairs", "LIFE MASTER WOMEN'S PAIRS", BOTH, NABC_PAIRS, 4, C(100), 0, true, false, false, {0}, 0, false},
    {"womens-pairs", "WOMEN'S PAIRS", BOTH, NABC_PAIRS, 4, C(100), 0, true, false, false, {0}, 0, false},
    {"mixed-pairs", "MIXED PAIRS", BOTH, NABC_PAIRS, 4, C(100), 0, true, false, false, {0}, 0, false},
    {"silver-ribbon-pairs", "SILVER RIBBON PAIRS", BOTH, NABC_PAIRS, 4, C(100), 0, true, false, false, {0}, 0, false},
    {"red-ribbon-pairs", "RED RIBBON PAIRS", ED03, NABC_PAIRS, 4, C(70), 0, true, false, false, {0}, 0, false},
    {"red-ribbon-pairs", "RED RIBBON PAIRS", CUR, NABC_PAIRS, 4, C(60), 0, true, false, false, {0}, 0, false},
    {"canadian-open-pairs", "CANADIAN OPEN PAIRS", ED03, NABC_PAIRS, 4, C(75), 0, true, false, false, {0}, 0, false},
    {"canadian-open-pairs", "CANADIAN OPEN PAIRS", CUR, NABC_PAIRS, 4, C(65), 0, true, false, false, {0}, 0, false},
    {"senior-mixed-pairs", "SENIOR MIXED PAIRS", CUR, NABC_PAIRS, 4, C(80), 0, true, false, false, {0}, 0, false},
    {"canadian-imp-pairs", "CANADIAN IMP PAIRS", ED03, NABC_FORMULA, 0, 0, 0, false, false, false, {0}, 0, false},
    {"non-life-master-pairs", "NON-LIFE MASTER PAIRS", ED03, NABC_FORMULA, 4, 0, 0, false, false, false, {0}, 0, false},
    {"49er-99er-199er-pairs", "49er, 99er, 199er PAIRS", ED03, NABC_FORMULA, 2, 0, 0, false, false, false, {0}, 0, false},
    /* B. Swiss and BAM (ACBL-55) */
    {"reisinger-bam", "REISINGER BAM", BOTH, NABC_TEAMS, 6, C(200), 0, false, false, false, {0}, 0, false},
    {"north-american-swiss", "NORTH AMERICAN SWISS", BOTH, NABC_TEAMS, 6, C(160), 0, false, false, false, {0}, 0, false},
    {"open-bam", "OPEN BOARD-A-MATCH", BOTH, NABC_TEAMS, 4, C(140), 0, true, false, false, {0}, 0, false},
    {"open-swiss", "OPEN SWISS TEAMS", BOTH, NABC_TEAMS, 4, C(125), 0, true, false, false, {0}, 0, false},
    {"mixed-bam", "MIXED TEAMS (BAM)", BOTH, NABC_TEAMS, 4, C(110), 0, true, false, false, {0}, 0, false},
    {"womens-bam", "WOMEN'S BAM", BOTH, NABC_TEAMS, 4, C(110), 0, true, false, false, {0}, 0, false},
    {"womens-swiss", "WOMEN'S SWISS TEAMS", BOTH, NABC_TEAMS, 4, C(100), 0, true, false, false, {0}, 0, false},
    {"senior-swiss", "SENIOR SWISS", BOTH, NABC_TEAMS, 4, C(100), 0, true, false, false, {0}, 0, false},
    /* C. Knockouts, fixed (ACBL-57; D18) */
    {"vanderbilt", "VANDERBILT", ED03, NABC_KO_FIXED, 0, C(250), 0, false, false, false, {C(180), C(125), C(80), C(50), C(25)}, C(5), false},
    {"vanderbilt", "VANDERBILT", CUR, NABC_KO_FIXED, 0, C(250), 0, false, false, false, {C(180), C(125), C(80), C(50), C(25)}, C(6), false},
    {"spingold", "SPINGOLD", ED03, NABC_KO_FIXED, 0, C(250), 0, false, false, false, {C(180), C(125), C(80), C(50), C(25)}, C(5), false},
    {"spingold", "SPINGOLD", CUR, NABC_KO_FIXED, 0, C(250), 0, false, false, false, {C(180), C(125), C(80), C(50), C(25)}, C(6), false},
    {"womens-ko", "WOMEN'S KO TEAMS", ED03, NABC_KO_FIXED, 0, C(140), 0, false, true, false, {C(105), C(70), C(45), C(25), 0}, C(4), false},
    {"womens-ko", "WOMEN'S KO TEAMS", CUR, NABC_KO_FIXED, 0, C(120), 0, false, true, false, {C(90), C(60), C(40), C(22), 0}, C(4), false},
    {"senior-ko", "SENIOR KO TEAMS", BOTH, NABC_KO_FIXED, 0, C(140), 0, false, true, false, {C(105), C(70), C(45), C(25), 0}, C(4), false},
    {"usbc", "US BRIDGE CHAMPIONSHIP", ED03, NABC_KO_FIXED, 0, C(250), 0, false, false, false, {C(180), C(125), C(54), C(24), 0}, C(4), false},
    {"usbc", "US BRIDGE CHAMPIONSHIP", CUR, NABC_KO_FIXED, 0, C(250), 0, false, false, false, {C(180), C(125), C(54), C(25), 0}, C(6), false},
    {"uswbc", "US WOMEN'S BRIDGE CHAMPIONSHIP", ED03, NABC_KO_FIXED, 0, C(140), 0, false, false, false, {C(105), C(70), C(45), C(25), 0}, C(4), false},
    {"uswbc", "US WOMEN'S BRIDGE CHAMPIONSHIP", CUR, NABC_KO_FIXED, 0, C(120), 0, false, false, false, {C(90), C(60), C(40), C(22), 0}, C(4), false},
    /* Knockouts, formula (ACBL-60; D19, D20) */
    {"mini-spingold-0-5000", "MINI-SPINGOLD (0-5000)", ED03, NABC_KO_FORMULA, 0, 0, C(100), false, false, false, {0}, 0, false},
    {"mini-spingold-0-5000", "MINI-SPINGOLD 0-5000", CUR, NABC_KO_FORMULA, 0, C(100), 0, false, false, false, {0}, 300, false},
    {"mini-spingold-0-1500", "MINI-SPINGOLD (0-1500)", ED03, NABC_KO_FORMULA, 0, 0, C(75), false, false, false, {0}, 0, false},
    {"mini-spingold-0-1500", "MINI-SPINGOLD 0-1500", CUR, NABC_KO_FORMULA, 0, C(60), 0, false, true, false, {0}, 250, false},
    {"canadian-national-teams", "CANADIAN NATL TEAMS", ED03, NABC_KO_FORMULA, 0, C(140), 0, false, true, false, {0}, 0, false},
    {"canadian-national-teams", "CANADIAN NATL TEAMS", CUR, NABC_KO_FORMULA, 0, C(140), 0, false, true, false, {0}, 350, false},
    {"canadian-national-teams-b", "CANADIAN NATL TEAMS (B)", ED03, NABC_KO_FORMULA, 0, C(50), 0, false, false, true, {0}, 0, false},
    {"canadian-national-teams-b", "CANADIAN NATL TEAMS (B)", CUR, NABC_KO_FORMULA, 0, C(50), 0, false, true, false, {0}, 300, false},
    {"canadian-womens-teams", "CANADIAN WOMEN'S TEAMS", ED03, NABC_KO_FORMULA, 0, C(80), 0, false, false, true, {0}, 0, false},
    {"canadian-womens-teams", "CANADIAN WOMEN'S TEAMS", CUR, NABC_KO_FORMULA, 0, C(80), 0, false, true, false, {0}, 250, false},
    {"senior-team-trials", "SENIOR TEAM TRIALS", BOTH, NABC_KO_FORMULA, 0, C(50), 0, false, false, false, {0}, 400, false},
    {"canadian-senior-teams", "CANADIAN SENIOR TEAMS", CUR, NABC_KO_FORMULA, 0, C(60), 0, false, true, false, {0}, 300, false},
    {"gnt-championship", "GNT CHAMPIONSHIP FLIGHT", ED03, NABC_KO_FORMULA, 0, C(100), 0, false, false, false, {0}, 0, true},
    {"gnt-championship", "GNT CHAMPIONSHIP FLIGHT", CUR, NABC_KO_FORMULA, 0, C(100), 0, false, false, false, {0}, 400, true},
    {"gnt-a", "GNT A FLIGHT", ED03, NABC_KO_FORMULA, 0, C(75), 0, false, false, false, {0}, 0, true},
    {"gnt-a", "GNT A FLIGHT", CUR, NABC_KO_FORMULA, 0, C(75), 0, false, false, false, {0}, 300, true},
    {"gnt-b", "GNT B FLIGHT", ED03, NABC_KO_FORMULA, 0, C(60), 0, false, false, false, {0}, 0, true},
    {"gnt-b", "GNT B FLIGHT", CUR, NABC_KO_FORMULA, 0, C(60), 0, false, false, false, {0}, 250, true},
    {"gnt-c", "GNT C FLIGHT", ED03, NABC_KO_FORMULA, 0, C(40), 0, false, false, false, {0}, 0, true},
    {"gnt-c", "GNT C FLIGHT", CUR, NABC_KO_FORMULA, 0, C(40), 0, false, false, false, {0}, 200, true},
};

const acbl_nabc_event *acbl_nabc_event_at(acbl_edition ed, size_t i)
{
    for (size_t k = 0; k < sizeof nabc / sizeof *nabc; k++)
        if (nabc[k].editions & ACBL_ED_BIT(ed)) {
            if (i == 0)
                return &nabc[k];
            i--;
        }
    return NULL;
}

const acbl_nabc_event *acbl_nabc_find(acbl_edition ed, const char *name)
{
    if (!name)
        return NULL;
    for (size_t k = 0; k < sizeof nabc / sizeof *nabc; k++)
        if ((nabc[k].editions & ACBL_ED_BIT(ed)) &&
            (strcasecmp(name, nabc[k].key) == 0 || strcasecmp(name, nabc[k].name) == 0))
            return &nabc[k];
    return NULL;
}

/* ACBL-54: 2003 "48 or more Full; 24-47 75%; fewer than 24 50%"; later
 * "2% reduction for each table below 48, down to a minimum award of 50%"
 * linear in fractional tables; half tables stay exact). */
int acbl_nabc_pairs_min_pm(acbl_edition ed, double t)
{
    if (t >= 48)
        return 1000;
    if (ed == ACBL_ED_2003)
        return t >= 24 ? 750 : 500;
    if (t < 24)
        return 500; /* "a minimum award of 50% for fewer than 24 tables" (23.5 too) */
    int pm = (int)lround(1000 - 20 * (48 - t));
    return pm < 500 ? 500 : pm;
}

/* ACBL-56: 2003 X teams "75% if fewer than 32 teams"; later X or **: 3%
 * per table below 32, at least 50% (A-28: tables = teams). */
int acbl_nabc_teams_min_pm(acbl_edition ed, double t)
{
    if (t >= 32)
        return 1000;
    if (ed == ACBL_ED_2003)
        return 750;
    if (t < 16)
        return 500; /* "a minimum of 50% for fewer than 16 tables" (15.5 too) */
    int pm = (int)lround(1000 - 30 * (32 - t));
    return pm < 500 ? 500 : pm;
}

/* ACBL-58 (2003 p.8). */
bmp_points acbl_nabc_starred_first_2003(int teams)
{
    return teams >= 32 ? C(140) : teams >= 24 ? C(120) : teams >= 16 ? C(100) : C(80);
}

/* ACBL-61: "2 wins is the full match award and 1 win is 1/2". */
bmp_points acbl_nabc_multiway_award(bmp_points full, int wins)
{
    if (wins >= 2)
        return full;
    if (wins == 1)
        return bmp_div_round(full, 2, BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
    return 0;
}

bool acbl_is_nabc_event(const bmp_event *ev)
{
    const char *name = bmp_params_string(&ev->params, "nabc_event", NULL);
    if (!name)
        return false;
    acbl_edition ed;
    if (acbl_edition_parse(ev->edition, &ed, NULL))
        return true; /* reported by acbl_award_nabc */
    const acbl_nabc_event *e = acbl_nabc_find(ed, name);
    return !e || e->kind != NABC_FORMULA;
}

/* ---- Awards ----------------------------------------------------------- */

typedef struct nabc_ctx {
    const bmp_event *ev;
    acbl_edition ed;
    const acbl_nabc_event *e;
    double tables, m, p;
    int nrestr;
    bool junior;
    const char *sec;
} nabc_ctx;

/* ACBL-90 platinum (no upper MP or age limit), else as a Regional
 * (ACBL-52): gold overall (4+ sessions, UL >= 750), red otherwise. */
static const char *nabc_colour(const nabc_ctx *c, bool overall, const char **rule)
{
    acbl_colour_in ci = {.ed = c->ed, .cls = ACBL_CLASS_NATIONAL,
                         .rating = ACBL_RATING_CHAMPIONSHIP, .sessions = 4,
                         .upper_limit = c->ev->upper_limit, .junior = c->junior,
                         .overall_or_top = overall, .top_two_strata = true, .nabc = true};
    return acbl_colour(&ci, rule);
}

static int ko_fixed_index(int lo)
{
    return lo <= 1 ? -1 : lo == 2 ? 0 : lo <= 4 ? 1 : lo <= 8 ? 2 : lo <= 16 ? 3 : lo <= 32 ? 4 : 5;
}

static double count_teams(const bmp_event *ev)
{
    if (ev->tables > 0)
        return ev->tables;
    double n = 0;
    for (size_t i = 0; i < ev->ncontestants; i++)
        n += !ev->contestants[i].phantom;
    return n;
}

/* Full first of a "Formula; Max = N" event (ACBL-53 pairs: the General
 * Formula with R 22.50; ACBL-60 2003 Mini-Spingold: the 2003 KO formula
 * with K 70 on the teams entered). */
static double formula_first(const nabc_ctx *c, const acbl_nabc_event *e, char *why, size_t n)
{
    if (e->kind == NABC_KO_FORMULA) {
        int boards = c->ev->boards_per_match ? c->ev->boards_per_match : c->ev->boards;
        double l = acbl_factor_l(boards), b = acbl_factor_b(c->tables);
        double v = b * 70.0 * l * c->m * c->p;
        snprintf(why, n, "B(%g) %.6f x K 70 x L %.4f x M %.6f x P %.2f = %.6f (ACBL-25)",
                 c->tables, b, l, c->m, c->p, v);
        return v;
    }
    double s = 1.0 + 0.5 * (e->sessions - 1), b = acbl_factor_b(c->tables);
    double v = b * 22.5 * s * c->m * c->p;
    snprintf(why, n, "B(%g) %.6f x R 22.50 x S %.2f x M %.6f x P %.2f = %.6f (ACBL-1)",
             c->tables, b, s, c->m, c->p, v);
    return v;
}

static bmp_status add(bmp_awards *out, bmp_error *err, const bmp_award *aw, const char *fmt,
                      const char *a, const char *b)
{
    if (bmp_awards_add(out, err, aw, fmt, a, b))
        return bmp_error_oom(err);
    return BMP_OK;
}

/* Pairs and Swiss/BAM: fixed first, "Other places formula": the decay of
 * the stated sessions (ACBL-9/10) from the (reduced) first, the NABC depth. */
static bmp_status decay_awards(nabc_ctx *c, bmp_points first, int sessions, acbl_type type,
                               bmp_awards *out, bmp_error *err)
{
    const bmp_event *ev = c->ev;
    acbl_depth_in din = {.ed = c->ed, .type = type, .tables = c->tables, .sessions = sessions,
                         .first = first, .r = 22.5, .m = c->m, .p = c->p, .nabc = true,
                         .final_qualifiers =
                             (int)bmp_params_number(&ev->params, "final_qualifiers", 0)};
    acbl_depth_out dep;
    bmp_status st = acbl_overall_depth(&din, &dep, err);
    if (st)
        return st;
    bmp_awards_note(out, err, "depth: %d places (%s)", dep.places, dep.why);
    int places = dep.places;
    bmp_points *aw = calloc((size_t)places + 1, sizeof *aw);
    if (!aw)
        return bmp_error_oom(err);
    for (int p = 1; p <= places; p++)
        aw[p - 1] = acbl_overall_place(first, p, sessions, c->ed);
    const char *crule;
    const char *colour = nabc_colour(c, true, &crule);
    for (size_t i = 0; i < ev->ncontestants && !st; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        if (ct->phantom || ct->place.lo < 1 || ct->place.lo > places)
            continue;
        int hi = ct->place.hi > ct->place.lo ? ct->place.hi : ct->place.lo;
        bmp_award a = {.contestant = i, .player = BMP_ALL_PLAYERS, .place = ct->place};
        a.points = bmp_tie_share(aw, (size_t)places, ct->place.lo, hi, BMP_ROUND_HALF_UP,
                                 BMP_UNIT_CENT);
        bmp_award_set(&a, "overall", "overall", colour,
                      ct->place.lo == 1 && hi == 1 ? (c->e->kind == NABC_TEAMS ? "ACBL-55" : "ACBL-53")
                                                   : acbl_overall_rule(c->ed),
                      c->sec);
        char d[160], pts[32];
        acbl_overall_describe(first, ct->place.lo, sessions, c->ed, d, sizeof d);
        bmp_points_format(a.points, pts, sizeof pts);
        st = add(out, err, &a,
                 hi > ct->place.lo ? "tie: average of the tied places %s -> %s" : "%s -> %s", d,
                 pts);
    }
    free(aw);
    return st;
}

/* ACBL-61 and the 2003 formula match award (A-25: D x L x M x P, D 1.800). */
static bmp_status nabc_matches(nabc_ctx *c, bmp_awards *out, bmp_error *err)
{
    const bmp_event *ev = c->ev;
    bmp_points one = c->e->match;
    char how[160];
    const char *rule = "ACBL-61";
    if (one)
        snprintf(how, sizeof how, "listed match award for a full day (ACBL-61)");
    for (size_t i = 0; i < ev->ncontestants; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        double wins = ct->match_wins > 0 ? ct->match_wins : ct->matches_won;
        int full = (int)bmp_params_number(&ct->params, "multiway_full", 0);
        int half = (int)bmp_params_number(&ct->params, "multiway_half", 0);
        if (ct->phantom || (!(wins > 0) && !full && !half))
            continue;
        if (!one) {
            if (c->ed == ACBL_ED_CURRENT)
                return bmp_not_supported(err, "NABC match award", "ACBL-61", "III.C",
                                         "the event lists no match award");
            int boards = ev->boards_per_match ? ev->boards_per_match : ev->boards;
            if (boards < 2)
                return bmp_error_set(err, BMP_EINVAL,
                                     "$.boards_per_match: the 2003 KO match award D x L x M x P "
                                     "needs the boards per match (ACBL-34): expected 2 or more");
            double l = acbl_factor_l(boards);
            one = acbl_match_award(1.800, l, c->m, c->p, false, c->ed);
            snprintf(how, sizeof how, "D 1.800 x L %.4f x M %.6f x P %.2f (ACBL-34; A-25)", l,
                     c->m, c->p);
            rule = "ACBL-34";
        }
        int64_t halves = (int64_t)(wins * 2 + 0.5) + 2 * full + half;
        bmp_points total = bmp_mul_ratio(one, halves, 2, BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
        const char *crule;
        const char *colour = nabc_colour(c, false, &crule);
        bmp_award a = {.contestant = i, .player = BMP_ALL_PLAYERS, .points = total};
        bmp_award_set(&a, "match", "matches", colour, rule, c->sec);
        char o[32], t[32], buf[400];
        bmp_points_format(one, o, sizeof o);
        bmp_points_format(total, t, sizeof t);
        snprintf(buf, sizeof buf,
                 "%s %s x (%g matches won + %d 3-/4-way full + %d x 1/2 for one win, ACBL-61) -> "
                 "%s",
                 how, o, wins, full, half, t);
        if (bmp_awards_add(out, err, &a, "%s", buf))
            return bmp_error_oom(err);
    }
    return BMP_OK;
}

/* KO placings of an NABC KO: fixed ranks (ACBL-57) or the KO percentages
 * (ACBL-60 "Other Positions Formula"). */
static bmp_status ko_awards(nabc_ctx *c, bmp_points full_first, bmp_points first,
                            double first_real, bmp_awards *out, bmp_error *err)
{
    const bmp_event *ev = c->ev;
    const acbl_nabc_event *e = c->e;
    int teams = (int)c->tables;
    int rounds = acbl_ko_rounds(teams);
    int depth = 32;
    if (e->gnt && c->ed == ACBL_ED_2003) {
        depth = teams >= 16 ? 8 : 4; /* ACBL-60: 2003 GNT depth */
        bmp_awards_note(out, err,
                        "GNT depth: %d places with %d teams (ACBL-60, 2003 p.8)", depth, teams);
    }
    const char *crule;
    const char *colour = nabc_colour(c, true, &crule);
    for (size_t i = 0; i < ev->ncontestants; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        if (ct->phantom || ct->place.lo < 1)
            continue;
        int lo = ct->place.lo, hi = ct->place.hi > lo ? ct->place.hi : lo;
        bmp_points pts = 0;
        char why[300];
        const char *rule;
        if (e->kind == NABC_KO_FIXED) {
            int ix = ko_fixed_index(lo);
            bmp_points v = ix < 0 ? e->first : ix < 5 ? e->ranks[ix] : 0;
            if (!v)
                continue;
            pts = first == full_first ? v
                                      : bmp_mul_ratio(v, first, full_first, BMP_ROUND_HALF_UP,
                                                      BMP_UNIT_CENT);
            char vs[32];
            bmp_points_format(v, vs, sizeof vs);
            if (first == full_first)
                snprintf(why, sizeof why, "%s table, place %d/%d: %s", e->name, lo, hi, vs);
            else
                snprintf(why, sizeof why, "%s table %s x reduced 1st %.2f / full 1st %.2f "
                                          "(lower places reduced proportionately)",
                         e->name, vs, first / 100.0, full_first / 100.0);
            rule = lo == 1 ? "ACBL-57" : first == full_first ? "ACBL-57"
                                       : c->ed == ACBL_ED_2003 ? "ACBL-58" : "ACBL-56";
        } else {
            if (lo > depth)
                continue;
            int lg = 0;
            while ((1 << lg) < lo)
                lg++;
            /* The place fixes the rounds advanced, byes included; matches
             * won only add (ACBL-32, as in ko_common.c). */
            int adv = bmp_params_has(&ct->params, "rounds_advanced")
                          ? (int)bmp_params_number(&ct->params, "rounds_advanced", 0)
                      : ct->matches_won > rounds - lg ? ct->matches_won
                                                      : rounds - lg;
            if (adv < 2 && !(c->ed == ACBL_ED_2003 && ct->matches_won >= 2) && lo > 1) {
                bmp_awards_note(out, err, "team %s: advanced through %d round%s: no overall award "
                                     "(ACBL-32)",
                                ct->id, adv, adv == 1 ? "" : "s");
                continue;
            }
            acbl_ko_pct_opts o = {.rounds = rounds,
                                  .playoff = bmp_params_bool(&ct->params, "playoff", false)};
            double f = acbl_ko_place_fraction(c->ed, lo, hi, &o);
            if (f <= 0)
                continue;
            /* ACBL-8: "in all events (except KO's)" lower places come from
             * the rounded first: a KO's come from the unrounded one. */
            pts = bmp_round_real(first_real * f, BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
            snprintf(why, sizeof why, "1st %.6f x %.4g%% for %d/%d (KO percentages %s, %s)",
                     first_real, f * 100, lo, hi,
                     c->ed == ACBL_ED_2003 ? "ACBL-33" : "ACBL-41", "ACBL-60");
            rule = "ACBL-60";
        }
        bmp_award a = {.contestant = i, .player = BMP_ALL_PLAYERS, .place = ct->place,
                       .points = pts};
        bmp_award_set(&a, "overall", "overall", colour, rule, c->sec);
        char ps[32];
        bmp_points_format(pts, ps, sizeof ps);
        bmp_status st = add(out, err, &a, "%s -> %s", why, ps);
        if (st)
            return st;
    }
    return BMP_OK;
}

/* The edition, the event's row of the NABC tables (ACBL-52) and its
 * classification; the section cited. */
static bmp_status nabc_find(nabc_ctx *c, const char *edition, bmp_error *err)
{
    const bmp_event *ev = c->ev;
    bmp_status st = acbl_edition_parse(edition, &c->ed, err);
    if (st)
        return st;
    const char *name = bmp_params_string(&ev->params, "nabc_event", "");
    c->e = acbl_nabc_find(c->ed, name);
    if (!c->e)
        return bmp_error_set(err, BMP_ENOTFOUND,
                             "$.params.nabc_event: unknown %s NABC event \"%s\" (see `bridgemp "
                             "scale acbl nabc-pairs|nabc-teams|nabc-ko --edition %s` for the "
                             "keys)",
                             edition, name, edition);
    acbl_class cls;
    if (!acbl_class_parse(ev->classification, &cls) || cls != ACBL_CLASS_NATIONAL)
        return bmp_error_set(err, BMP_EINVAL,
                             "$.classification: an NABC championship is nationally rated: "
                             "expected \"national\", got \"%s\"",
                             ev->classification ? ev->classification : "(none)");
    const acbl_nabc_event *e = c->e;
    c->sec = c->ed == ACBL_ED_2003 ? (e->kind == NABC_PAIRS ? "2003 p.5-6" : "2003 p.6-8")
                                   : (e->kind == NABC_PAIRS   ? "later §III.A"
                                      : e->kind == NABC_TEAMS ? "later §III.B"
                                                              : "later §III.C");
    return BMP_OK;
}

/* P (ACBL-6), M, and the tables or teams entered. */
static bmp_status nabc_factors(nabc_ctx *c, bmp_error *err)
{
    const bmp_event *ev = c->ev;
    for (size_t i = 0; i < ev->nrestrictions; i++) {
        if (acbl_restriction_counts(ev->restrictions[i]))
            c->nrestr++;
        if (strncasecmp(ev->restrictions[i], "junior", 6) == 0)
            c->junior = true;
    }
    c->p = acbl_factor_p(c->nrestr);
    c->m = acbl_factor_m(ev->upper_limit, ACBL_RATING_CHAMPIONSHIP);
    bool ko = c->e->kind == NABC_KO_FIXED || c->e->kind == NABC_KO_FORMULA;
    c->tables = ko ? count_teams(ev) : ev->tables;
    if (!(c->tables > 0))
        return bmp_error_set(err, BMP_EINVAL, "$.tables: expected the %s entered (more than 0)",
                             c->e->kind == NABC_PAIRS ? "tables" : "teams");
    return BMP_OK;
}

/* The full first-place award: the table's, or its formula capped at the
 * maximum (ACBL-53, ACBL-60); *real keeps the unrounded value for KO
 * places (ACBL-8). */
static bmp_points full_first(nabc_ctx *c, double *real, bmp_awards *out, bmp_error *err)
{
    const acbl_nabc_event *e = c->e;
    bmp_points full = e->first;
    *real = full / 100.0;
    if (!e->max)
        return full;
    char why[256];
    double v = formula_first(c, e, why, sizeof why);
    full = acbl_round_award(v);
    *real = v;
    if (full > e->max) {
        full = e->max;
        *real = e->max / 100.0;
    }
    bmp_awards_note(out, err, "1st = %s, at most %.2f -> %.2f (%s \"Formula; Max\")", why,
                    e->max / 100.0, full / 100.0, e->kind == NABC_PAIRS ? "ACBL-53" : "ACBL-60");
    return full;
}

/* The first place paid after the minimum-tables reductions (ACBL-54,
 * ACBL-56, ACBL-59) or the 2003 ** events (ACBL-58, which also sets the
 * full award the lower places scale from). */
static bmp_points reduced_first(nabc_ctx *c, bmp_points *full, bmp_awards *out, bmp_error *err)
{
    const acbl_nabc_event *e = c->e;
    int pm = 1000;
    const char *red_rule = NULL;
    if (e->x && e->kind == NABC_PAIRS) {
        pm = acbl_nabc_pairs_min_pm(c->ed, c->tables);
        red_rule = "ACBL-54";
    } else if ((e->x && e->kind == NABC_TEAMS) || (e->starred && c->ed == ACBL_ED_CURRENT)) {
        pm = acbl_nabc_teams_min_pm(c->ed, c->tables);
        red_rule = "ACBL-56";
    } else if (e->reduce75 && c->tables < 32) {
        pm = 750;
        red_rule = "ACBL-59";
    }
    if (e->starred && c->ed == ACBL_ED_2003) {
        bmp_points first = acbl_nabc_starred_first_2003((int)c->tables);
        bmp_awards_note(out, err,
                        "** event with %g teams: 1st %.2f of 140; lower places x %.2f/140 "
                        "(ACBL-58)",
                        c->tables, first / 100.0, first / 100.0);
        *full = C(140);
        return first;
    }
    if (pm == 1000)
        return *full;
    bmp_points first = bmp_mul_ratio(*full, pm, 1000, BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
    bmp_awards_note(out, err, "minimum tables: %g %s -> %d.%d%% of the full award: 1st %.2f x "
                              "%d/1000 = %.2f (%s); lower places reduced proportionately",
                    c->tables, e->kind == NABC_PAIRS ? "tables" : "teams", pm / 10, pm % 10,
                    *full / 100.0, pm, first / 100.0, red_rule);
    return first;
}

bmp_status acbl_award_nabc(const bmp_event *ev, const char *edition, bmp_awards *out,
                           bmp_error *err)
{
    nabc_ctx c = {.ev = ev};
    bmp_status st = nabc_find(&c, edition, err);
    if (!st)
        st = nabc_factors(&c, err);
    if (st)
        return st;
    const acbl_nabc_event *e = c.e;
    bmp_awards_note(out, err, "ACBL edition %s NABC championship %s (%s; ACBL-52), %g %s", edition,
                    e->name, c.sec, c.tables, e->kind == NABC_PAIRS ? "tables" : "teams");
    double full_real;
    bmp_points full = full_first(&c, &full_real, out, err);
    bmp_points first = reduced_first(&c, &full, out, err);
    if (e->kind == NABC_PAIRS || e->kind == NABC_TEAMS) {
        acbl_type type = e->kind == NABC_PAIRS ? ACBL_TYPE_PAIRS
                         : ev->kind == BMP_KIND_BAM ? ACBL_TYPE_BAM
                                                    : ACBL_TYPE_SWISS;
        st = decay_awards(&c, first, e->sessions, type, out, err);
        if (!st && e->kind == NABC_TEAMS)
            st = nabc_matches(&c, out, err);
        return st;
    }
    /* A reduced first is exact in cents (a fixed first x per-mille); only
     * an unreduced formula first keeps its fraction of a cent. */
    double first_real = first == full ? full_real : first / 100.0;
    if (!(st = ko_awards(&c, full, first, first_real, out, err)))
        st = nabc_matches(&c, out, err);
    return st;
}
