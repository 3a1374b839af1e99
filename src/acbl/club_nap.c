/* Sectional-rated games at clubs: the NAP club qualifying game
 * (params.special "nap-club"; ACBL-C11, ACBL-C12; docs/rulings.md
 * ACBL-RC10..RC13), the STaC (ACBL-C13, ruling ACBL-RC15) and the upgraded
 * club championship (ACBL-C14, ruling ACBL-RC16): one engine, a chart
 * (acbl_club_chart) each.  Sources: NAP club games
 * award "100% sectional rated half red/half black masterpoints"
 * (nebridge.org/pages/35/, District 25), "Club qualifying games 50/50 red
 * and black at sectional rating" (NAP summary, 2013); the flights A (open),
 * B (0-2500), C (0-500 non-Life Masters).  The amounts are the General
 * Formula at the sectional R (ACBL-3) as ACBLscore paid them in 2017 (the
 * 13 NAP club games of ../shared/data/acblscore): first overall = B(tables)
 * x 10.00 x 1.125 x the flight's factor (A 1.00, B 0.70, C 0.50), places
 * 75 % of the previous, as deep as a one-session Sectional (ACBL-12,
 * ruling ACBL-RC17); a section's first half of its tables' first, the
 * club chart's 70/50/35 %, 1/pos below; a pair's largest award, half black
 * and half red (a club stratum's, under 300, black). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "acbl/acbl_internal.h"
#include "acbl/club.h"

/* 11.25 = R 10.00 (sectional, ACBL-3) x 1.125: ACBLscore 2017 (ruling
 * ACBL-RC10), the STaC's "1.875 + 0.1875 x tables" (ruling ACBL-RC15). */
#define CLUB_SECTIONAL 11.25

static const acbl_club_chart charts[] = {
    {"nap-club", "NAP club", CLUB_SECTIONAL, "B x R 10.00 x 1.125", true, NULL, false, true,
     true, "ACBL-C11", "ACBL-C12", "NAP conditions, club level"},
    {"stac", "STaC", CLUB_SECTIONAL, "B x R 10.00 x 1.125 (1.875 + 0.1875 x tables)", false,
     "silver", true, true, true, "ACBL-C13", "ACBL-C13", "STaC; Handbook §3 I"},
    {"stac", "STaC Swiss", 9.00, "B x 9.00 (1.50 + 0.15 x teams)", false, "silver", true, true,
     false, "ACBL-C13", "ACBL-C13", "STaC; Handbook §3 I"},
    {"upgraded-club-championship", "upgraded club championship", CLUB_SECTIONAL * 0.818,
     "B x R 10.00 x 1.125 x 81.8%", false, "black", false, false, true, "ACBL-C14", "ACBL-C14",
     "Handbook ch.4 §5"},
};

const acbl_club_chart *acbl_club_chart_of(const char *special, bmp_event_kind kind)
{
    bool teams = kind == BMP_KIND_SWISS_TEAMS;
    for (size_t k = 0; special && k < sizeof charts / sizeof charts[0]; k++)
        if (strcmp(charts[k].special, special) == 0 &&
            (strcmp(special, "stac") != 0 || teams == !charts[k].sections))
            return &charts[k];
    return NULL;
}

/* ACBL-C11, ruling ACBL-RC13: the flights' factors (A 1.00, B 0-2500 0.70,
 * C 0-500 0.50) and, between and below them, two straight lines through
 * them that every stratum of the 2017 files fits exactly (0-1000 0.55,
 * 0-300 0.45, 0-200 0.425). */
double acbl_club_nap_factor(int64_t ul)
{
    if (ul == BMP_NO_LIMIT)
        return 1.00;
    if (ul >= 2500)
        return 0.70;
    if (ul < 500)
        return 0.375 + (double)ul / 4000.0;
    return 0.45 + (double)ul / 10000.0;
}

/* One ranking: its first place, places and depth. */
typedef struct nap_rank {
    bmp_points first, awards[64];
    int depth;
    bool black;    /* NAP: paid all black (ACBL-RC13), else half black, half red */
    char what[1000];
} nap_rank;

static int tables_of(int contestants, bmp_event_kind kind)
{
    int per = acbl_club_group_field(1, kind, false);
    return (contestants + per - 1) / per;
}

/* The section and direction contestant c plays in session `session`: its
 * ranking entries', else (no ranking) the ACBLscore id "<section><number>
 * <NS|EW>" the ACBLscore reader writes (ruling ACBL-RC12). */
static bool plays_in(const bmp_contestant *c, const bmp_ranking_entry *re)
{
    bool any = false;
    for (size_t r = 0; r < c->nrankings; r++) {
        const bmp_ranking_entry *o = &c->rankings[r];
        if (o->session != re->session)
            continue;
        any = true;
        if (o->section && re->section && strcmp(o->section, re->section) == 0 &&
            (!re->direction || (o->direction && strcmp(o->direction, re->direction) == 0)))
            return true;
    }
    if (any || !c->id || !re->section)
        return false;
    size_t l = strlen(c->id), sl = strlen(re->section);
    if (strncmp(c->id, re->section, sl) != 0 || l < sl + 3)
        return false;
    return !re->direction || strcmp(c->id + l - 2, re->direction) == 0;
}

/* Contestants of stratum sg (NULL: all) counted in the event, or in the
 * group of re (its section's direction). */
static int count_in(const bmp_event *ev, const bmp_group *sg, const bmp_ranking_entry *re)
{
    int n = 0;
    for (size_t i = 0; i < ev->ncontestants; i++)
        n += acbl_club_counted(ev, i) && (!sg || acbl_club_in_stratum(ev, i, sg)) &&
             (!re || plays_in(&ev->contestants[i], re));
    return n;
}

/* The awards of places 1..30 (a tie reaching past the depth is paid in
 * full: share) and the depth, 40 % of the field: overall places 75 % of
 * the previous from the rounded first (ACBL-8), then first/pos from 9th
 * (ACBL-10, one session); section places the club chart's (ACBL-C2). */
static void fill(nap_rank *k, bool overall, int field)
{
    k->depth = acbl_club_depth(field);
    if (k->depth > 30)
        k->depth = 30;
    for (int p = 1; p <= 30; p++)
        k->awards[p - 1] = overall ? acbl_overall_place(k->first, p, 1, ACBL_ED_CURRENT)
                                   : acbl_club_place(k->first, p);
}

static const bmp_group *top_stratum(const bmp_event *ev)
{
    for (size_t g = 0; g < ev->ngroups; g++)
        if (ev->groups[g].type && strcasecmp(ev->groups[g].type, "stratum") == 0)
            return &ev->groups[g];
    return NULL;
}

/* ACBL-RC13: a stratum under 300 masterpoints is no NAP flight: black. */
static bool black_only(const acbl_club_chart *ch, int64_t ul)
{
    return ch->half_red && ul != BMP_NO_LIMIT && ul < 300;
}

/* A STaC's overall depth and places: a one-session Sectional event's
 * (ACBL-12/13 tables, the 0.2 x R 10.00 x M floor, 5 %/10 % to 35 %, the
 * absolute limit of 25 places: ruling ACBL-RC15). */
static void tournament_depth(const bmp_event *ev, int t, double f, nap_rank *k, char *why,
                             size_t wn)
{
    acbl_depth_in in = {.ed = ACBL_ED_CURRENT,
                        .type = ev->kind == BMP_KIND_SWISS_TEAMS ? ACBL_TYPE_SWISS
                                                                 : ACBL_TYPE_PAIRS,
                        .tables = t, .sessions = 1, .first = k->first, .r = 10.00, .m = f,
                        .p = 1.0};
    acbl_depth_out d;
    acbl_overall_depth(&in, &d, NULL);
    k->depth = d.places > 30 ? 30 : d.places;
    snprintf(why, wn, "; depth %s", d.why);
}

/* ACBL-C11, C13, C14: an overall ranking (stratum sg, NULL = the whole
 * field); its depth 40 % of its pairs, at most six places (a club
 * championship, [H-V]: the upgraded one), or a one-session Sectional's
 * (NAP club, ruling ACBL-RC17; STaC, ruling ACBL-RC15). */
static void nap_overall(const acbl_club_chart *ch, const bmp_event *ev, const bmp_group *sg,
                        nap_rank *k)
{
    int n = count_in(ev, sg, NULL), t = tables_of(n, ev->kind), credit = 0;
    int64_t ul = sg ? sg->upper_limit : ev->upper_limit;
    bool top = !sg || sg == top_stratum(ev);
    /* STaC: the whole field and its top stratum are every site's tables
     * (the event's tables), not only the contestants the file holds */
    if (top && ch->event_tables && (int)ceil(ev->tables - 1e-9) > t)
        t = (int)ceil(ev->tables - 1e-9);
    /* ACBL-RC14: the open top stratum takes credit for the tables of a
     * concurrent restricted game (ACBL-65's parameter) */
    if (top && ul == BMP_NO_LIMIT)
        credit = (int)ceil(bmp_params_number(&ev->params, "concurrent_restricted_tables", 0) -
                           1e-9);
    double f = acbl_club_nap_factor(ul), b = acbl_factor_b(t + credit);
    k->first = sg && count_in(ev, sg, NULL) < 5 ? 0 : acbl_round_award(b * ch->rate * f);
    k->black = black_only(ch, ul);
    fill(k, true, n);
    if (k->depth > 6) /* six places at most ([H-V]; ruling ACBL-RC12) */
        k->depth = 6;
    char dw[600] = "";
    if (ch->tournament_depth)
        tournament_depth(ev, t + credit, f, k, dw, sizeof dw);
    char fs[32];
    bmp_points_format(k->first, fs, sizeof fs);
    snprintf(k->what, sizeof k->what,
             "%s %s%s: %d contestants = %d tables%s; 1st = %s x %s %.4f = %.6f x %g x %.4f -> "
             "%s (%s); 75%% a place, %d places%s",
             ch->name, sg ? "stratum " : "overall", sg ? sg->name : "", n, t,
             credit ? " + concurrent restricted tables (ACBL-RC14)" : "", ch->rate_why,
             ch->half_red ? "flight" : "factor", f, b, ch->rate, f, fs, ch->rule_overall,
             k->depth, dw);
}

/* ACBL-C12, C13, C14: a section ranking: the section's tables for the
 * whole field, a stratum's own pairs in the section (as tables) for a
 * stratum. */
static void nap_section(const acbl_club_chart *ch, const bmp_event *ev,
                        const bmp_ranking_entry *re, nap_rank *k)
{
    const bmp_group *sg = acbl_club_ranking_stratum(ev, re);
    const bmp_group *sec = re->section ? bmp_event_group(ev, re->section) : NULL;
    int t;
    if (!sg && sec && sec->tables > 0)
        t = (int)ceil(sec->tables - 1e-9);
    else if (re->direction) /* a Mitchell direction: its pairs are its tables */
        t = count_in(ev, sg, re);
    else
        t = tables_of(count_in(ev, sg, re), ev->kind);
    int64_t ul = sg ? sg->upper_limit : ev->upper_limit;
    if (!sg && top_stratum(ev)) /* the top stratum's flight */
        ul = top_stratum(ev)->upper_limit;
    k->black = black_only(ch, ul);
    double f = acbl_club_nap_factor(ul), b = acbl_factor_b(t);
    k->first = sg && count_in(ev, sg, NULL) < 5 ? 0 : acbl_round_award(0.5 * b * ch->rate * f);
    fill(k, false, acbl_club_group_field(t, ev->kind, re->direction != NULL));
    char fs[32];
    bmp_points_format(k->first, fs, sizeof fs);
    snprintf(k->what, sizeof k->what,
             "%s section: %d tables; 1st = 0.5 x B x %g x %s %.4f = %.6f -> %s (%s); club chart "
             "70/50/35 %%, 1/pos; %d places (ACBL-C4)",
             ch->name, t, ch->rate, ch->half_red ? "flight" : "factor", f, b, fs,
             ch->rule_section, k->depth);
}

static bmp_points share(const nap_rank *k, bmp_place pl)
{
    if (pl.lo > k->depth || k->first <= 0)
        return 0;
    /* ACBLscore pays every place of a tie that begins within the depth
     * (agile 170613 B EW 2/3 of a 2-place ranking: (0.42 + 0.30) / 2 =
     * 0.36; ruling ACBL-RC12) */
    int hi = pl.hi > pl.lo ? pl.hi : pl.lo;
    size_t n = (size_t)(hi > k->depth ? (hi > 30 ? 30 : hi) : k->depth);
    return bmp_tie_share(k->awards, n, pl.lo, hi, BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
}

/* The top stratum's overall ranking is the contestant's own place, or the
 * first stratum's ranking. */
static bmp_points entry_award(const acbl_club_chart *ch, const bmp_event *ev,
                              const bmp_ranking_entry *re, bool *black, char *what, size_t wn)
{
    nap_rank k;
    if (re->session > 0)
        nap_section(ch, ev, re, &k);
    else
        nap_overall(ch, ev, acbl_club_ranking_stratum(ev, re), &k);
    bmp_points p = share(&k, re->place);
    *black = k.black;
    char ps[16];
    bmp_place_format(re->place, ps, sizeof ps);
    snprintf(what, wn, "%s: %s; place %s", re->ranking ? re->ranking : "overall", k.what, ps);
    return p;
}

/* The best of one colour so far: its points and derivation. */
typedef struct nap_best {
    bmp_points p;
    const bmp_ranking_entry *re;
    char what[1400];
} nap_best;

/* best[0]: the largest award; best[1]: the largest red half of a NAP
 * (half red) award. */
static void consider(const acbl_club_chart *ch, const bmp_event *ev, const bmp_ranking_entry *re,
                     const bmp_place *pl, nap_best best[2])
{
    bmp_ranking_entry o = *re;
    if (pl)
        o.place = *pl;
    bool black;
    char w[1100];
    bmp_points p = entry_award(ch, ev, &o, &black, w, sizeof w);
    bmp_points part[2] = {p, black || !ch->half_red ? 0 : p - p / 2};
    char tail[96];
    if (!ch->half_red)
        snprintf(tail, sizeof tail, " %s (%s)", ch->colour, ch->rule_overall);
    else
        snprintf(tail, sizeof tail, "%s",
                 black ? " all black (ACBL-RC13)"
                       : ", half black and half red, the odd cent red (ACBL-RC11)");
    for (int c = 0; c < 2; c++)
        if (part[c] > best[c].p) {
            best[c].p = part[c];
            best[c].re = re;
            snprintf(best[c].what, sizeof best[c].what, "%s -> %.2f%s", w, (double)p / 100, tail);
        }
}

/* ACBL-C11/C12, ruling ACBL-RC12: a pair is paid its largest award; of it,
 * the red part is the red half of its largest NAP award, the rest black
 * (ACBLscore: 750-club A3EW 1.01 = 0.90 black + 0.11 red).  Another chart
 * pays the largest award in its one colour. */
static bmp_status nap_contestant(const acbl_club_chart *ch, const bmp_event *ev, size_t i,
                                 bmp_awards *out, bmp_error *err)
{
    const bmp_contestant *c = &ev->contestants[i];
    nap_best best[2] = {{0, NULL, ""}, {0, NULL, ""}};
    for (size_t r = 0; r < c->nrankings; r++)
        consider(ch, ev, &c->rankings[r], NULL, best);
    bmp_ranking_entry whole = {.ranking = NULL};
    if (c->place.lo > 0)
        consider(ch, ev, &whole, &c->place, best);
    if (best[0].p <= 0)
        return BMP_OK;
    bmp_points pts[2] = {best[0].p - best[1].p, best[1].p};
    const char *colours[] = {ch->half_red ? "black" : ch->colour, "red"};
    const char *roles[] = {ch->half_red ? "its largest award, less the red part"
                                        : "its largest award, overall or section",
                           "the red half of its largest NAP award"};
    const char *rule = ch->half_red ? "ACBL-RC12" : ch->rule_overall;
    bmp_status st = BMP_OK;
    for (int k = 0; k < 2 && !st; k++) {
        if (pts[k] <= 0)
            continue;
        const bmp_ranking_entry *re = best[k].re;
        bmp_award aw = {.contestant = i, .player = BMP_ALL_PLAYERS,
                        .place = re == &whole ? c->place : re->place, .points = pts[k]};
        bmp_award_set(&aw, re->session > 0 ? "section" : "overall",
                      re->ranking ? re->ranking : "overall", colours[k],
                      re->session > 0 ? ch->rule_section : ch->rule_overall, ch->sec);
        char a[32];
        bmp_points_format(pts[k], a, sizeof a);
        st = bmp_awards_add(out, err, &aw, "%s; %s %s: %s (%s)", best[k].what, colours[k], a,
                            roles[k], rule);
    }
    return st;
}

bmp_status acbl_club_rated_awards(const bmp_event *ev, const acbl_club_chart *ch,
                                  bmp_awards *out, bmp_error *err)
{
    bmp_status st = BMP_OK;
    if (ch->half_red)
        st = bmp_awards_note(out, err,
                             "NAP club qualifying game: sectional rating x 1.125 "
                             "(11.25 x B), flights A 1.00, B 0.70, C 0.50; a pair's "
                             "largest award, half black and half red (ACBL-C11, "
                             "ACBL-C12; rulings ACBL-RC10..RC14)");
    else
        st = bmp_awards_note(out, err,
                             "%s: first overall = %s x the stratum's factor (ruling "
                             "ACBL-RC13); a section's first half of it for its tables; a "
                             "contestant's largest award, all %s (%s)",
                             ch->name, ch->rate_why, ch->colour, ch->rule_overall);
    for (size_t i = 0; i < ev->ncontestants && !st; i++)
        if (acbl_club_counted(ev, i))
            st = nap_contestant(ch, ev, i, out, err);
    return st;
}
