/* ACBL NAP club qualifying games (params.special "nap-club"; ACBL-C11,
 * ACBL-C12; docs/rulings.md ACBL-RC10..RC13).  Sources: NAP club games
 * award "100% sectional rated half red/half black masterpoints"
 * (nebridge.org/pages/35/, District 25), "Club qualifying games 50/50 red
 * and black at sectional rating" (NAP summary, 2013); the flights A (open),
 * B (0-2500), C (0-500 non-Life Masters).  The amounts are the General
 * Formula at the sectional R (ACBL-3) as ACBLscore paid them in 2017 (the
 * 13 NAP club games of ../shared/data/acblscore): first overall = B(tables)
 * x 10.00 x 1.125 x the flight's factor (A 1.00, B 0.70, C 0.50), places
 * 75 % of the previous; a section's first half of its tables' first, the
 * club chart's 70/50/35 %, 1/pos below; the larger of a pair's awards,
 * half black and half red. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "acbl/acbl_internal.h"
#include "acbl/club.h"

#define SEC_NAP "NAP conditions, club level"
#define NAP_R 10.00     /* sectional rating (ACBL-3) */
#define NAP_CLUB 1.125  /* ACBLscore 2017: 11.25 = 10.00 x 1.125 (ruling ACBL-RC10) */

double acbl_club_nap_factor(int64_t ul)
{
    if (ul == BMP_NO_LIMIT)
        return 1.00;
    if (ul >= 2500)
        return 0.70;
    if (ul <= 500)
        return 0.50;
    return 0.50 + 0.20 * (double)(ul - 500) / 2000.0;
}

/* One NAP ranking: its first place, places and depth. */
typedef struct nap_rank {
    bmp_points first, awards[64];
    int depth;
    char what[300];
} nap_rank;

static int tables_of(int contestants, bmp_event_kind kind)
{
    int per = acbl_club_group_field(1, kind, false);
    return (contestants + per - 1) / per;
}

/* Contestants of stratum sg (NULL: all) counted in the event, or in the
 * session group of re (its section, either direction). */
static int count_in(const bmp_event *ev, const bmp_group *sg, const bmp_ranking_entry *re)
{
    int n = 0;
    for (size_t i = 0; i < ev->ncontestants; i++) {
        if (!acbl_club_counted(ev, i) || (sg && !acbl_club_in_stratum(ev, i, sg)))
            continue;
        if (re) {
            bool in = false;
            const bmp_contestant *c = &ev->contestants[i];
            for (size_t r = 0; r < c->nrankings && !in; r++)
                in = c->rankings[r].session == re->session && c->rankings[r].section &&
                     re->section && strcmp(c->rankings[r].section, re->section) == 0;
            if (!in)
                continue;
        }
        n++;
    }
    return n;
}

/* 75 % of the previous place, exactly from the rounded first (ACBL-8). */
static bmp_points chain(bmp_points first, int pos)
{
    int64_t num = 1, den = 1;
    for (int i = 1; i < pos && i < 30; i++) {
        num *= 3;
        den *= 4;
    }
    return bmp_mul_ratio(first, num, den, BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
}

static void fill(nap_rank *k, bool overall, int field)
{
    k->depth = acbl_club_depth(field);
    if (k->depth > 30)
        k->depth = 30;
    for (int p = 1; p <= k->depth; p++)
        k->awards[p - 1] = overall ? chain(k->first, p)
                                   : acbl_club_place(k->first, p);
}

/* ACBL-C11: an overall ranking (stratum sg, NULL = the whole field). */
static void nap_overall(const bmp_event *ev, const bmp_group *sg, nap_rank *k)
{
    int n = count_in(ev, sg, NULL), t = tables_of(n, ev->kind);
    int64_t ul = sg ? sg->upper_limit : ev->upper_limit;
    double f = acbl_club_nap_factor(ul), b = acbl_factor_b(t);
    k->first = acbl_round_award(b * NAP_R * NAP_CLUB * f);
    fill(k, true, n);
    char fs[32];
    bmp_points_format(k->first, fs, sizeof fs);
    snprintf(k->what, sizeof k->what,
             "NAP club %s%s: %d contestants = %d tables; 1st = B x R 10.00 x 1.125 x flight "
             "%.4f = %.6f x 11.25 x %.4f -> %s (ACBL-C11); 75%% a place, %d places",
             sg ? "stratum " : "overall", sg ? sg->name : "", n, t, f, b, f, fs, k->depth);
}

/* ACBL-C12: a section ranking: the section's tables for the whole field, a
 * stratum's own pairs in the section (as tables) for a stratum. */
static void nap_section(const bmp_event *ev, const bmp_ranking_entry *re, nap_rank *k)
{
    const bmp_group *sg = acbl_club_ranking_stratum(ev, re);
    const bmp_group *sec = re->section ? bmp_event_group(ev, re->section) : NULL;
    int t;
    if (!sg && sec && sec->tables > 0)
        t = (int)ceil(sec->tables - 1e-9);
    else
        t = tables_of(count_in(ev, sg, re), ev->kind);
    int64_t ul = sg ? sg->upper_limit : ev->upper_limit;
    if (!sg && ev->ngroups) /* the top stratum's flight */
        for (size_t g = 0; g < ev->ngroups; g++)
            if (ev->groups[g].type && strcasecmp(ev->groups[g].type, "stratum") == 0) {
                ul = ev->groups[g].upper_limit;
                break;
            }
    double f = acbl_club_nap_factor(ul), b = acbl_factor_b(t);
    k->first = acbl_round_award(0.5 * b * NAP_R * NAP_CLUB * f);
    fill(k, false, acbl_club_group_field(t, ev->kind, re->direction != NULL));
    char fs[32];
    bmp_points_format(k->first, fs, sizeof fs);
    snprintf(k->what, sizeof k->what,
             "NAP club section: %d tables; 1st = 0.5 x B x 11.25 x flight %.4f = %.6f -> %s "
             "(ACBL-C12); club chart 70/50/35 %%, 1/pos; %d places (ACBL-C4)",
             t, f, b, fs, k->depth);
}

static bmp_points share(const nap_rank *k, bmp_place pl)
{
    if (pl.lo > k->depth)
        return 0;
    return bmp_tie_share(k->awards, (size_t)k->depth, pl.lo, pl.hi > pl.lo ? pl.hi : pl.lo,
                         BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
}

/* The top stratum's overall ranking is the contestant's own place, or the
 * first stratum's ranking. */
static bmp_points entry_award(const bmp_event *ev, const bmp_ranking_entry *re, char *what,
                              size_t wn)
{
    nap_rank k;
    if (re->session > 0)
        nap_section(ev, re, &k);
    else
        nap_overall(ev, acbl_club_ranking_stratum(ev, re), &k);
    bmp_points p = share(&k, re->place);
    char ps[16];
    bmp_place_format(re->place, ps, sizeof ps);
    snprintf(what, wn, "%s: %s; place %s", re->ranking ? re->ranking : "overall", k.what, ps);
    return p;
}

/* ACBL-C11/C12: each contestant's largest award, half black and half red
 * (the red half takes the odd cent). */
static bmp_status nap_contestant(const bmp_event *ev, size_t i, bmp_awards *out, bmp_error *err)
{
    const bmp_contestant *c = &ev->contestants[i];
    bmp_points best = 0;
    const bmp_ranking_entry *bre = NULL;
    char what[400] = "", w[400];
    for (size_t r = 0; r < c->nrankings; r++) {
        bmp_points p = entry_award(ev, &c->rankings[r], w, sizeof w);
        if (p > best) {
            best = p;
            bre = &c->rankings[r];
            snprintf(what, sizeof what, "%s", w);
        }
    }
    if (c->place.lo > 0) {
        bmp_ranking_entry o = {.ranking = NULL, .place = c->place};
        bmp_points p = entry_award(ev, &o, w, sizeof w);
        if (p > best) {
            best = p;
            bre = &c->rankings[0];
            snprintf(what, sizeof what, "%s", w);
        }
    }
    if (!bre || best <= 0)
        return BMP_OK;
    bmp_points black = best / 2, red = best - black;
    const char *kind = bre->session > 0 ? "section" : "overall";
    char key[64];
    snprintf(key, sizeof key, "%s", bre->ranking ? bre->ranking : "overall");
    bmp_award aw = {.contestant = i, .player = BMP_ALL_PLAYERS, .place = bre->place};
    char a[32];
    bmp_points_format(best, a, sizeof a);
    aw.points = black;
    bmp_award_set(&aw, kind, key, "black", bre->session > 0 ? "ACBL-C12" : "ACBL-C11", SEC_NAP);
    bmp_status st = bmp_awards_add(out, err, &aw,
                                   "%s -> %s, the largest of its awards (ACBL-RC12); half "
                                   "black (ACBL-RC11)",
                                   what, a);
    aw.points = red;
    bmp_award_set(&aw, kind, key, "red", bre->session > 0 ? "ACBL-C12" : "ACBL-C11", SEC_NAP);
    if (!st)
        st = bmp_awards_add(out, err, &aw, "%s -> %s; half red, the odd cent red (ACBL-RC11)",
                            what, a);
    return st;
}

bmp_status acbl_club_nap_awards(const bmp_event *ev, bmp_awards *out, bmp_error *err)
{
    bmp_status st = bmp_awards_note(out, err,
                                    "NAP club qualifying game: sectional rating x 1.125 "
                                    "(11.25 x B), flights A 1.00, B 0.70, C 0.50; the larger "
                                    "award, half black and half red (ACBL-C11, ACBL-C12)");
    for (size_t i = 0; i < ev->ncontestants && !st; i++)
        if (acbl_club_counted(ev, i))
            st = nap_contestant(ev, i, out, err);
    return st;
}
