/* NZ awards for one event: session C (NZ-26..NZ-30, NZ-40, NZ-50), the
 * session-winner bonus (NZ-39, NZ-49), match play (NZ-31, NZ-41, NZ-42,
 * NZ-51), overall placings (NZ-33..NZ-36, NZ-46..NZ-48, NZ-53..NZ-80) and
 * the event requirements (NZ-27, NZ-84, NZ-85).  The inputs are listed in
 * nzb.c. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "nzb/nzb_internal.h"

typedef struct ctx {
    const bmp_event *ev;
    bmp_awards *out;
    bmp_error *err;
    const nzb_grade *g;   /* NULL for interprovincial events without a grade */
    bool teams;           /* a teams-like kind: teams grid, match play */
    bool swiss_pairs;     /* pairs grid, match play */
    bool club;            /* 40C */
    const char *ip;       /* interprovincial: "trials" / "championship", or NULL */
    const char *ip_cat;   /* its category */
} ctx;

static bmp_status fail(const ctx *c, bmp_status code, const char *path, const char *fmt, ...)
{
    char msg[700];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return bmp_error_set(c->err, code, "%s: %s", path, msg);
}

static bmp_status oom(const ctx *c)
{
    return bmp_error_set(c->err, BMP_ENOMEM, "out of memory");
}

static const char *fmtp(bmp_points p, char *buf, size_t n)
{
    bmp_points_format(p, buf, n);
    return buf;
}

/* NZ-7, NZ-8: a player graded (player param "grading") above what the
 * tournament admits is not eligible: 5B (Intermediate) admits players below
 * Open, 3B (Junior) Juniors only, a Restricted 8B (params.restricted) any
 * pair but Open-Open. */
static int grading_rank(const char *g)
{
    if (!g)
        return -1;
    return !strcasecmp(g, "open") ? 2 : !strcasecmp(g, "intermediate") ? 1
                                       : !strcasecmp(g, "junior")     ? 0
                                                                       : -2;
}

static bool player_ineligible(const ctx *c, const bmp_contestant *ct, size_t p)
{
    const bmp_params *pp = &ct->players[p].params;
    if (bmp_params_bool(pp, "ineligible", false))
        return true;
    int gr = grading_rank(bmp_params_string(pp, "grading", NULL));
    if (gr < 0 || !c->g || c->ip)
        return false;
    if (!strcmp(c->g->code, "5B"))
        return gr >= 2;
    if (!strcmp(c->g->code, "3B"))
        return gr >= 1;
    if (!strcmp(c->g->code, "8B") && bmp_params_bool(&c->ev->params, "restricted", false) &&
        gr == 2) {
        size_t open = 0;
        for (size_t k = 0; k < ct->nplayers; k++)
            open += grading_rank(bmp_params_string(&ct->players[k].params, "grading", NULL)) == 2;
        return ct->nplayers == 2 && open == 2;
    }
    return false;
}

/* One award to every player of contestant ci. */
static bmp_status emit(ctx *c, size_t ci, int player, const char *kind, const char *ranking,
                       bmp_place place, bmp_points pts, char letter, const char *rule,
                       const char *section, const char *explain)
{
    if (pts <= 0)
        return BMP_OK;
    const bmp_contestant *ct = &c->ev->contestants[ci];
    bool has_inel = false;
    for (size_t p = 0; p < ct->nplayers; p++)
        has_inel |= player_ineligible(c, ct, p);
    if (has_inel && !c->club) {
        /* NZ-12: a non-eligible player in a Tournament: partners and
         * team-mates receive no masterpoints either. */
        return bmp_awards_note(c->out, "%s: a non-eligible player took part (NZ-7/NZ-8 grading "
                                       "or not eligible): no %s award to the pair or team (NZ-12)",
                               ct->id ? ct->id : "?", kind)
                   ? oom(c)
                   : BMP_OK;
    }
    if (has_inel && player == BMP_ALL_PLAYERS) {
        /* NZ-15 (i): club sessions award on gross scores: the eligible
         * players keep their award, the non-eligible player gets none. */
        for (size_t p = 0; p < ct->nplayers; p++) {
            if (player_ineligible(c, ct, p))
                continue;
            bmp_status st = emit(c, ci, (int)p, kind, ranking, place, pts, letter,
                                 "NZ-15", "Issue of Masterpoints 7", explain);
            if (st)
                return st;
        }
        return BMP_OK;
    }
    bmp_award aw = {0};
    aw.contestant = ci;
    aw.player = player;
    aw.place = place;
    aw.points = pts;
    char colour[2] = {letter, '\0'};
    bmp_award_set(&aw, kind, ranking, colour, rule, section);
    return bmp_awards_add(c->out, &aw, "%s", explain) ? oom(c) : BMP_OK;
}

/* ---- session C and the session-winner bonus ---------------------------- */

typedef struct sentry {
    size_t ci;
    int session;
    const char *section; /* "" when none */
    const char *dir;     /* "" when none */
    bmp_place place;
} sentry;

static bool same_group(const sentry *a, const sentry *b)
{
    return a->session == b->session && !strcmp(a->section, b->section) && !strcmp(a->dir, b->dir);
}

static const char *other_dir(const char *d)
{
    return !strcasecmp(d, "NS") ? "EW" : !strcasecmp(d, "EW") ? "NS" : NULL;
}

static size_t group_size(const sentry *e, size_t n, int session, const char *section,
                         const char *dir)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        k += e[i].session == session && !strcmp(e[i].section, section) &&
             !strcasecmp(e[i].dir, dir);
    return k;
}

/* Collect the session places: contestants' session rankings, or for a
 * one-session club event without them, the contestant's own place. */
static bmp_status collect(ctx *c, sentry **out, size_t *nout)
{
    const bmp_event *ev = c->ev;
    size_t cap = 0;
    for (size_t i = 0; i < ev->ncontestants; i++)
        cap += ev->contestants[i].nrankings + 1;
    sentry *e = calloc(cap ? cap : 1, sizeof *e);
    if (!e)
        return oom(c);
    size_t n = 0;
    for (size_t i = 0; i < ev->ncontestants; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        if (ct->phantom)
            continue;
        for (size_t r = 0; r < ct->nrankings; r++) {
            const bmp_ranking_entry *re = &ct->rankings[r];
            if (re->session < 1 || re->place.lo < 1)
                continue;
            e[n++] = (sentry){i, re->session, re->section ? re->section : "",
                              re->direction ? re->direction : "", re->place};
        }
    }
    if (n == 0 && c->club) {
        if (ev->movement == BMP_MOVEMENT_TWO_WINNER) {
            free(e);
            return fail(c, BMP_EINVAL, "$.contestants",
                        "a two-winner (Mitchell) session needs session rankings with a direction "
                        "(NZ-21: N/S and E/W are ranked separately)");
        }
        for (size_t i = 0; i < ev->ncontestants; i++) {
            const bmp_contestant *ct = &ev->contestants[i];
            if (!ct->phantom && ct->place.lo >= 1)
                e[n++] = (sentry){i, 1, "", "", ct->place};
        }
    }
    *out = e;
    *nout = n;
    return BMP_OK;
}

/* NZ-26..NZ-30, NZ-40, NZ-50: per group per section per session (NZ-21,
 * NZ-22), the Basic C Table for the group size, both directions of an
 * uneven Mitchell averaging the two rows (NZ-30), half for 11-19 deals
 * rounded up (NZ-28), times the event factor, tied places averaged (NZ-29). */
static bmp_status session_awards(ctx *c, int factor, bool bonus, const char *c_rule,
                                 const char *c_sec)
{
    const bmp_event *ev = c->ev;
    sentry *e = NULL;
    size_t n = 0;
    bmp_status st = collect(c, &e, &n);
    if (st)
        return st;
    if (n == 0 && bmp_awards_note(c->out, "no session places given (contestants[].rankings): "
                                          "no session C or session-winner awards")) {
        free(e);
        return oom(c);
    }
    bmp_points *vals = NULL;
    bool *done = calloc(n ? n : 1, sizeof *done);
    if (!done) {
        free(e);
        return oom(c);
    }
    int deals = ev->boards;
    int per_table = ev->kind == BMP_KIND_INDIVIDUAL ? 4 : 2;
    for (size_t i = 0; i < n && !st; i++) {
        if (done[i])
            continue;
        const sentry *k = &e[i];
        int gn = (int)group_size(e, n, k->session, k->section, k->dir);
        const char *od = other_dir(k->dir);
        int on = od ? (int)group_size(e, n, k->session, k->section, od) : 0;
        char ranking[64];
        snprintf(ranking, sizeof ranking, "session %d%s%s%s%s", k->session,
                 *k->section ? " " : "", k->section, *k->dir ? " " : "", k->dir);
        /* NZ-27 / NZ-85: two complete tables in the section. */
        int section_contestants = gn + on;
        if (section_contestants < 2 * per_table) {
            if (bmp_awards_note(c->out, "%s: %d contestants, fewer than two complete tables: "
                                        "no session awards (NZ-27)",
                                ranking, section_contestants)) {
                st = oom(c);
                break;
            }
            for (size_t j = i; j < n; j++)
                if (same_group(&e[j], k))
                    done[j] = true;
            continue;
        }
        /* NZ-28 / A-11: >= 20 deals full, 11-19 half rounded up, else none. */
        if (deals < 11) {
            if (bmp_awards_note(c->out, "%s: %d deals in circulation, fewer than 11: no C "
                                        "points (NZ-28, A-11)",
                                ranking, deals)) {
                st = oom(c);
                break;
            }
            for (size_t j = i; j < n; j++)
                if (same_group(&e[j], k))
                    done[j] = true;
            continue;
        }
        bool half = deals < 20;
        bool uneven = on > 0 && on != gn;
        free(vals);
        vals = calloc((size_t)gn, sizeof *vals);
        if (!vals) {
            st = oom(c);
            break;
        }
        for (int p = 1; p <= gn; p++) {
            int v = nzb_c_basic(gn, p);
            if (uneven) /* NZ-30: average of the two rows, to the nearest whole (half up) */
                v = (v + nzb_c_basic(on, p) + 1) / 2;
            if (half)
                v = (v + 1) / 2;
            vals[p - 1] = (bmp_points)v * factor * 100;
        }
        for (size_t j = i; j < n && !st; j++) {
            if (!same_group(&e[j], k))
                continue;
            done[j] = true;
            bmp_place pl = e[j].place;
            bmp_points pts = bmp_tie_share(vals, (size_t)gn, pl.lo, pl.hi, BMP_ROUND_HALF_UP,
                                           BMP_UNIT_CENT);
            char ex[400], b[32];
            int len = snprintf(ex, sizeof ex, "Basic C Table N=%d", gn);
            if (uneven)
                len += snprintf(ex + len, sizeof ex - (size_t)len,
                                ", averaged with N=%d (uneven directions, NZ-30)", on);
            if (half)
                len += snprintf(ex + len, sizeof ex - (size_t)len,
                                ", half for %d deals rounded up (NZ-28)", deals);
            if (factor != 1)
                len += snprintf(ex + len, sizeof ex - (size_t)len, ", x %d (%s)", factor, c_rule);
            if (pl.hi > pl.lo)
                len += snprintf(ex + len, sizeof ex - (size_t)len,
                                ", average of places %d-%d (NZ-29)", pl.lo, pl.hi);
            snprintf(ex + len, sizeof ex - (size_t)len, " = %s C", fmtp(pts, b, sizeof b));
            const char *rule = c_rule;
            if (!strcmp(c_rule, "NZ-26"))
                rule = uneven ? "NZ-30" : pl.hi > pl.lo ? "NZ-29" : half ? "NZ-28" : "NZ-26";
            st = emit(c, e[j].ci, BMP_ALL_PLAYERS, "session", ranking, pl, pts, 'C', rule, c_sec,
                      ex);
            /* NZ-39 / NZ-49: 1 A / 1 B to every first-equal winner of each
             * group, >= 20 deals, pairs tournaments only. */
            if (!st && bonus && pl.lo == 1 && !half) {
                char l = c->g->letter;
                char bx[160];
                snprintf(bx, sizeof bx, "session winner%s: 1 %c (%s)", pl.hi > 1 ? " (equal)" : "",
                         l, l == 'A' ? "NZ-39" : "NZ-49");
                st = emit(c, e[j].ci, BMP_ALL_PLAYERS, "session-top", ranking, pl, 100, l,
                          l == 'A' ? "NZ-39" : "NZ-49", l == 'A' ? "A 3.1" : "B 3.1", bx);
            }
        }
    }
    free(vals);
    free(done);
    free(e);
    return st;
}

/* ---- match play --------------------------------------------------------- */

static long find_contestant(const bmp_event *ev, const char *id)
{
    for (size_t i = 0; i < ev->ncontestants; i++)
        if (ev->contestants[i].id && id && !strcmp(ev->contestants[i].id, id))
            return (long)i;
    return -1;
}

/* Credit a side's deal-units for match m: to the team, or with a line-up
 * (match param home_lineup / away_lineup: comma-separated player ids or
 * names) to the players who took part (NZ-37). */
static bmp_status credit(const ctx *c, size_t m, const char *key, size_t ci, long u, long *units,
                         long *punits, const size_t *pofs)
{
    const bmp_contestant *ct = &c->ev->contestants[ci];
    const char *lineup = bmp_params_string(&c->ev->matches[m].params, key, NULL);
    if (!lineup) {
        units[ci] += u;
        return BMP_OK;
    }
    char path[96];
    snprintf(path, sizeof path, "$.matches[%zu].params.%s", m, key);
    const char *p = lineup;
    int n = 0;
    while (*p) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        while (len && *p == ' ')
            p++, len--;
        while (len && p[len - 1] == ' ')
            len--;
        size_t j = 0;
        for (; j < ct->nplayers; j++) {
            const char *id = ct->players[j].id ? ct->players[j].id : ct->players[j].name;
            if (id && strlen(id) == len && !strncmp(id, p, len))
                break;
        }
        if (j == ct->nplayers)
            return fail(c, BMP_EINVAL, path, "\"%.*s\" is not a player of contestant %s",
                        (int)len, p, ct->id ? ct->id : "?");
        punits[pofs[ci] + j] += u;
        n++;
        p += len;
        while (*p == ' ' || *p == ',')
            p++;
    }
    if (n == 0)
        return fail(c, BMP_EINVAL, path, "expected the ids of the players who took part");
    return BMP_OK;
}

/* NZ-31, NZ-41, NZ-42, NZ-51: per deal of each match won (2 units) or tied
 * (1 unit): A grades 0.01 A per unit x factor, otherwise 1 C per unit x
 * factor.  A team of 5 (6) without line-ups gets 4/5 (4/6) each (NZ-38). */
static bmp_status match_awards(ctx *c, int factor, char letter, const char *rule,
                               const char *section, int *max_deals)
{
    const bmp_event *ev = c->ev;
    size_t nc = ev->ncontestants;
    long *units = calloc(nc ? nc : 1, sizeof *units);
    int *played = calloc(nc ? nc : 1, sizeof *played);
    size_t *pofs = calloc(nc + 1, sizeof *pofs);
    for (size_t i = 0; pofs && i < nc; i++)
        pofs[i + 1] = pofs[i] + ev->contestants[i].nplayers;
    long *punits = pofs ? calloc(pofs[nc] ? pofs[nc] : 1, sizeof *punits) : NULL;
    if (!units || !played || !pofs || !punits) {
        free(units);
        free(played);
        free(pofs);
        free(punits);
        return oom(c);
    }
    bmp_status st = BMP_OK;
    char path[64];
    for (size_t m = 0; m < ev->nmatches && !st; m++) {
        const bmp_match *mt = &ev->matches[m];
        snprintf(path, sizeof path, "$.matches[%zu]", m);
        long h = find_contestant(ev, mt->home), a = find_contestant(ev, mt->away);
        if (h < 0 || a < 0) {
            st = fail(c, BMP_EINVAL, path, "home and away must name contestants");
            break;
        }
        int deals = mt->boards ? mt->boards : ev->boards_per_match;
        if (deals <= 0) {
            st = fail(c, BMP_EINVAL, path,
                      "the deals played are needed for match-play awards (%s): give boards "
                      "here or boards_per_match on the event",
                      rule);
            break;
        }
        int res; /* 1 home won, -1 away won, 0 tie */
        if (mt->winner)
            res = !strcasecmp(mt->winner, "tie") ? 0 : !strcmp(mt->winner, mt->home) ? 1 : -1;
        else if (mt->has_score)
            res = mt->home_score > mt->away_score ? 1 : mt->home_score < mt->away_score ? -1 : 0;
        else {
            st = fail(c, BMP_EINVAL, path, "a match needs scores or a winner for match-play "
                                           "awards (%s)", rule);
            break;
        }
        played[h] += deals;
        played[a] += deals;
        long uh = res == 0 ? deals : res > 0 ? 2L * deals : 0;
        long ua = res == 0 ? deals : res < 0 ? 2L * deals : 0;
        if ((st = credit(c, m, "home_lineup", (size_t)h, uh, units, punits, pofs)) ||
            (st = credit(c, m, "away_lineup", (size_t)a, ua, units, punits, pofs)))
            break;
    }
    /* Without a match list: matches_won / match_wins x boards_per_match. */
    if (!st && ev->nmatches == 0)
        for (size_t i = 0; i < nc; i++) {
            const bmp_contestant *ct = &ev->contestants[i];
            if (ct->match_wins <= 0)
                continue;
            if (ev->boards_per_match <= 0) {
                snprintf(path, sizeof path, "$.contestants[%zu].match_wins", i);
                st = fail(c, BMP_EINVAL, path,
                          "match wins need the event's boards_per_match (%s)", rule);
                break;
            }
            units[i] = (long)(ct->match_wins * 2 + 0.5) * ev->boards_per_match;
            played[i] = ct->matches_played * ev->boards_per_match;
        }
    for (size_t i = 0; i < nc && !st; i++) {
        if (played[i] > *max_deals)
            *max_deals = played[i];
        const bmp_contestant *ct = &ev->contestants[i];
        if (ct->phantom || units[i] == 0)
            continue;
        long base = units[i] * factor; /* hundredths of A, or whole C */
        char ex[300], b[32];
        if (letter == 'A') {
            int num = 1, den = 1;
            if (c->teams && (ct->nplayers == 5 || ct->nplayers == 6)) {
                num = 4;
                den = (int)ct->nplayers;
            }
            bmp_points pts = bmp_mul_ratio(base, num, den, BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
            snprintf(ex, sizeof ex,
                     "%ld deal-units (2 per deal won, 1 per deal tied) x 0.01 A x %d (%s)%s = %s A",
                     units[i], factor, rule,
                     num == den ? "" : den == 5 ? " x 4/5 (team of 5, NZ-38)" : " x 4/6 (team of 6, NZ-38)",
                     fmtp(pts, b, sizeof b));
            st = emit(c, i, BMP_ALL_PLAYERS, "match", "matches", (bmp_place){0, 0, false}, pts,
                      'A', num == den ? rule : "NZ-38", section, ex);
        } else {
            bmp_points pts = (bmp_points)base * 100;
            snprintf(ex, sizeof ex, "%ld deal-units (2 C per deal won, 1 per deal tied) x %d (%s) = %s C",
                     units[i], factor, rule, fmtp(pts, b, sizeof b));
            st = emit(c, i, BMP_ALL_PLAYERS, "match", "matches", (bmp_place){0, 0, false}, pts,
                      'C', rule, section, ex);
        }
    }
    /* NZ-37: with line-up records only the players who took part get the
     * match award, in full (no 4/5 or 4/6 share). */
    for (size_t i = 0; i < nc && !st; i++)
        for (size_t j = 0; j < ev->contestants[i].nplayers && !st; j++) {
            long u = punits[pofs[i] + j];
            if (u == 0 || ev->contestants[i].phantom)
                continue;
            bmp_points pts = letter == 'A' ? (bmp_points)u * factor : (bmp_points)u * factor * 100;
            char ex[300], b[32];
            snprintf(ex, sizeof ex,
                     "line-up record: %ld deal-units played (2 per deal won, 1 per deal tied) "
                     "x %s x %d (%s) = %s %c",
                     u, letter == 'A' ? "0.01 A" : "1 C", factor, rule, fmtp(pts, b, sizeof b),
                     letter);
            /* the C match tables are per deal the player took part in */
            st = emit(c, i, (int)j, "match", "matches", (bmp_place){0, 0, false}, pts, letter,
                      letter == 'A' ? "NZ-37" : rule, section, ex);
        }
    free(units);
    free(played);
    free(pofs);
    free(punits);
    return st;
}

/* ---- overall placings --------------------------------------------------- */

static const bmp_group *stage_of(const bmp_event *ev, const bmp_contestant *ct)
{
    return ct->group ? bmp_event_group(ev, ct->group) : NULL;
}

static int stage_size(const bmp_event *ev, const char *type)
{
    for (size_t gi = 0; gi < ev->ngroups; gi++) {
        const bmp_group *g = &ev->groups[gi];
        if (!g->type || strcasecmp(g->type, type))
            continue;
        if (bmp_params_has(&g->params, "size"))
            return (int)bmp_params_number(&g->params, "size", 0);
        int k = 0;
        for (size_t i = 0; i < ev->ncontestants; i++)
            k += ev->contestants[i].group && !ev->contestants[i].phantom &&
                 !strcmp(ev->contestants[i].group, g->name);
        return k;
    }
    return 0;
}

/* NZ-77, NZ-80, A-23: Plate places continue after the Final, Consolation
 * places after the Plate. */
static int stage_offset(const bmp_event *ev, const bmp_group *g)
{
    if (!g || !g->type)
        return 0;
    if (!strcasecmp(g->type, "plate"))
        return stage_size(ev, "final");
    if (!strcasecmp(g->type, "consolation"))
        return stage_size(ev, "final") + stage_size(ev, "plate");
    return 0;
}

/* The whole-point award at overall place p, or -1 when undefined. */
typedef struct overall_how {
    const char *rule;
    const char *section;
    char letter;
    char text[160];
} overall_how;

static bmp_status place_value(ctx *c, size_t ci, int field, int p, int *out, overall_how *how)
{
    const bmp_event *ev = c->ev;
    const bmp_contestant *ct = &ev->contestants[ci];
    char path[64];
    snprintf(path, sizeof path, "$.contestants[%zu]", ci);
    if (c->ip) {
        bool trials = !strcasecmp(c->ip, "trials");
        how->rule = trials ? "NZ-75" : "NZ-76";
        how->section = trials ? "Interprovincial Teams Trials" : "Interprovincial Championships";
        if (!nzb_interprovincial(trials, c->ip_cat, p, out, &how->letter))
            return fail(c, BMP_EINVAL, "$.params.category",
                        "expected open, women, senior or intermediate, got \"%s\"", c->ip_cat);
        snprintf(how->text, sizeof how->text, "%s %s place %d", how->section, c->ip_cat, p);
        return BMP_OK;
    }
    const nzb_grade *g = c->g;
    how->letter = g->letter;
    if (!strcmp(g->code, "25A")) {
        if (c->teams) {
            how->rule = "NZ-54";
            how->section = "25A point - Teams Event";
            if (!nzb_a25_teams(field, p, out))
                return bmp_not_supported(c->err, "25A Teams award for this field", "NZ-54",
                                         "25A point - Teams Event",
                                         "the printed bands cover 50 to 130 teams only (A-19)");
            snprintf(how->text, sizeof how->text, "25A Teams table, %d teams band, place %d",
                     field, p);
            return BMP_OK;
        }
        how->rule = "NZ-53";
        how->section = "25A point - Pairs Event";
        const bmp_group *sg = stage_of(ev, ct);
        const char *type = sg && sg->type ? sg->type : "";
        if (!strcasecmp(type, "final") || !strcasecmp(type, "plate")) {
            bool plate = !strcasecmp(type, "plate");
            if (p > 28)
                return fail(c, BMP_ERANGE, path, "the 25A %s pays places 1-28 (NZ-53), got %d",
                            type, p);
            *out = plate ? nzb_a25_pairs_plate(p) : nzb_a25_pairs_final(p);
            snprintf(how->text, sizeof how->text, "25A Pairs %s place %d", plate ? "Plate" : "Final",
                     p);
            return BMP_OK;
        }
        if (!strcasecmp(type, "semifinal")) {
            /* The group holds the pairs eliminated at the semi-final; they
             * take its bottom places: semi-final place = field - size + p
             * (ruling NZ-L9). */
            int size = stage_size(ev, "semifinal");
            int sf = (int)bmp_params_number(&sg->params, "field", size);
            p += sf - size;
            if (!nzb_a25_pairs_semifinal(sf, p, out))
                return bmp_not_supported(c->err, "25A Pairs semi-final of this size", "NZ-53",
                                         "25A point - Pairs Event",
                                         "only 78- and 104-pair semi-finals are printed (A-18)");
            snprintf(how->text, sizeof how->text, "25A Pairs semi-final of %d, place %d", sf, p);
            return BMP_OK;
        }
        return bmp_not_supported(c->err, "25A Pairs award outside the Final/Plate/semi-final",
                                 "NZ-53", "25A point - Pairs Event",
                                 "give each pair a group of type final, plate or semifinal");
    }
    how->rule = c->teams ? g->teams_rule : c->swiss_pairs && g->swiss_rule ? g->swiss_rule
                                                                           : g->pairs_rule;
    how->section = g->heading;
    *out = nzb_grid(g, c->teams, field, p);
    snprintf(how->text, sizeof how->text, "%s %s grid N=%d place %d", g->code,
             c->teams ? "Teams" : "Pairs", field, p);
    return BMP_OK;
}

static bmp_status overall_awards(ctx *c, int field)
{
    const bmp_event *ev = c->ev;
    bmp_status st = BMP_OK;
    for (size_t ci = 0; ci < ev->ncontestants && !st; ci++) {
        const bmp_contestant *ct = &ev->contestants[ci];
        if (ct->phantom || ct->place.lo < 1)
            continue;
        /* 25A pairs: the Final and Plate have their own columns (NZ-53). */
        bool a25_pairs = c->g && !c->ip && !strcmp(c->g->code, "25A") && !c->teams;
        int off = a25_pairs ? 0 : stage_offset(ev, stage_of(ev, ct));
        int lo = ct->place.lo + off, hi = ct->place.hi + off;
        /* NZ-34, NZ-46: ties share the average of the places in contention,
         * kept to 0.01. */
        long long sum = 0;
        overall_how how = {0};
        for (int p = lo; p <= hi && !st; p++) {
            int v = 0;
            st = place_value(c, ci, field, p, &v, &how);
            sum += v;
        }
        if (st)
            break;
        bmp_points pts = bmp_div_round(sum * 100, hi - lo + 1, BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
        if (pts <= 0)
            continue;
        char ex[400], b[32];
        int len = snprintf(ex, sizeof ex, "%s", how.text);
        if (off)
            len += snprintf(ex + len, sizeof ex - (size_t)len,
                            " (stage place %d + %d: places continue after the earlier stage, "
                            "NZ-77/NZ-80)",
                            ct->place.lo, off);
        if (hi > lo)
            len += snprintf(ex + len, sizeof ex - (size_t)len, ", places %d-%d averaged (%s)", lo,
                            hi, how.letter == 'B' ? "NZ-46" : "NZ-34");
        snprintf(ex + len, sizeof ex - (size_t)len, " = %s %c", fmtp(pts, b, sizeof b),
                 how.letter);
        /* Per player: a team member needs 1/4 of the team's deals (NZ-36,
         * NZ-48); a pairs substitute shares by deals played, whole points
         * rounded to nearest (NZ-35, NZ-47; A-21). */
        bool all = true;
        for (size_t pi = 0; pi < ct->nplayers; pi++)
            if (ct->players[pi].participation < 1.0)
                all = false;
        if (all || ct->nplayers == 0) {
            st = emit(c, ci, BMP_ALL_PLAYERS, "overall", "overall", ct->place, pts, how.letter,
                      how.rule, how.section, ex);
            continue;
        }
        for (size_t pi = 0; pi < ct->nplayers && !st; pi++) {
            double part = ct->players[pi].participation;
            char px[480];
            if (c->teams) {
                const char *r = how.letter == 'B' ? "NZ-48" : "NZ-36";
                if (part < 0.25) {
                    if (bmp_awards_note(c->out, "%s: player %s played %.0f%% of the deals, under "
                                                "one quarter: no placing award (%s)",
                                        ct->id ? ct->id : "?",
                                        ct->players[pi].id ? ct->players[pi].id : ct->players[pi].name,
                                        part * 100, r))
                        st = oom(c);
                    continue;
                }
                snprintf(px, sizeof px, "%s; played >= 1/4 of the deals (%s)", ex, r);
                st = emit(c, ci, (int)pi, "overall", "overall", ct->place, pts, how.letter, r,
                          how.section, px);
            } else {
                const char *r = how.letter == 'B' ? "NZ-47" : "NZ-35";
                /* a player who played every deal keeps the award as it is */
                bmp_points share = part >= 1.0 ? pts
                                               : bmp_round_real(bmp_points_to_double(pts) * part,
                                                                BMP_ROUND_HALF_UP, BMP_UNIT_WHOLE);
                snprintf(px, sizeof px, "%s; x %.4g of the deals played, to the nearest whole "
                                        "point (%s)",
                         ex, part, r);
                st = emit(c, ci, (int)pi, "overall", "overall", ct->place, share, how.letter, r,
                          how.section, px);
            }
        }
    }
    return st;
}

/* NZ-52 ("8B point - Pairs Event" item 4): 1 B to the highest placed all
 * Intermediate, Intermediate and Junior, and all Junior pairs finishing
 * outside the placings that earn overall points; one award per combination
 * every pair tied at that place included.  Needs the players'
 * grading (player param "grading"); the NZB Secretary applies it on request,
 * so this computes what to request. */
static bmp_status non_open_bonus(ctx *c, int field)
{
    const bmp_event *ev = c->ev;
    static const char *const combo_name[3] = {"all Junior", "Intermediate and Junior",
                                              "all Intermediate"};
    int best[3] = {0, 0, 0};
    size_t n = ev->ncontestants;
    int *combo_of = calloc(n ? n : 1, sizeof *combo_of);
    if (!combo_of)
        return oom(c);
    for (size_t i = 0; i < n; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        combo_of[i] = -1;
        if (ct->phantom || ct->place.lo < 1 || ct->nplayers != 2)
            continue;
        int g0 = grading_rank(bmp_params_string(&ct->players[0].params, "grading", NULL));
        int g1 = grading_rank(bmp_params_string(&ct->players[1].params, "grading", NULL));
        if (g0 < 0 || g1 < 0 || g0 > 1 || g1 > 1)
            continue; /* unknown grading or an Open player */
        int off = stage_offset(ev, stage_of(ev, ct));
        if (nzb_grid(c->g, false, field, ct->place.lo + off) > 0)
            continue; /* inside the placings */
        int k = g0 + g1; /* 0 JJ, 1 IJ, 2 II */
        combo_of[i] = k;
        if (!best[k] || ct->place.lo + off < best[k])
            best[k] = ct->place.lo + off;
    }
    for (size_t i = 0; i < n; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        int k = combo_of[i];
        if (k < 0 || ct->place.lo + stage_offset(ev, stage_of(ev, ct)) != best[k])
            continue;
        char ex[200];
        snprintf(ex, sizeof ex, "highest placed %s pair outside the placings: 1 B (NZ-52)",
                 combo_name[k]);
        bmp_status st = emit(c, i, BMP_ALL_PLAYERS, "grade-bonus", combo_name[k], ct->place, 100,
                             'B', "NZ-52", "8B point - Pairs Event 4", ex);
        if (st) {
            free(combo_of);
            return st;
        }
    }
    free(combo_of);
    return BMP_OK;
}

/* ---- dispatch ----------------------------------------------------------- */

static bool teams_kind(bmp_event_kind k)
{
    return k == BMP_KIND_TEAMS || k == BMP_KIND_SWISS_TEAMS || k == BMP_KIND_ROUND_ROBIN ||
           k == BMP_KIND_KNOCKOUT || k == BMP_KIND_MATCH || k == BMP_KIND_BAM;
}

static const bmp_param_spec spec[] = {
    {"field", BMP_PARAM_NUMBER, BMP_RANGE_WHOLE1, "NZ-77"},
    {"total_deals", BMP_PARAM_NUMBER, BMP_RANGE_WHOLE1, "NZ-84"},
    {"min_deals_approved", BMP_PARAM_BOOL, BMP_RANGE_ANY, "NZ-84"},
    {"min_contestants_approved", BMP_PARAM_BOOL, BMP_RANGE_ANY, "NZ-85"},
    {"interprovincial", BMP_PARAM_STRING, BMP_RANGE_ANY, "NZ-75"},
    {"category", BMP_PARAM_STRING, BMP_RANGE_ANY, "NZ-75"},
    {"open_entry", BMP_PARAM_BOOL, BMP_RANGE_ANY, "NZ-75"},
    {"restricted", BMP_PARAM_BOOL, BMP_RANGE_ANY, "NZ-7"},
    {NULL, 0, 0, NULL}};

static const bmp_param_spec match_spec[] = {
    {"home_lineup", BMP_PARAM_STRING, BMP_RANGE_ANY, "NZ-37"},
    {"away_lineup", BMP_PARAM_STRING, BMP_RANGE_ANY, "NZ-37"},
    {NULL, 0, 0, NULL}};

static const bmp_param_spec player_spec[] = {
    {"ineligible", BMP_PARAM_BOOL, BMP_RANGE_ANY, "NZ-12"},
    {"grading", BMP_PARAM_STRING, BMP_RANGE_ANY, "NZ-7"},
    {NULL, 0, 0, NULL}};

bmp_status nzb_award_event(const bmp_event *ev, bmp_awards *out, bmp_error *err)
{
    ctx c = {.ev = ev, .out = out, .err = err};
    const bmp_params *p = &ev->params;
    c.g = nzb_grade_find(ev->grade);
    bmp_status st = bmp_params_check(p, spec, "$", "NZB", err);
    if (st)
        return st;
    for (size_t m = 0; m < ev->nmatches; m++) {
        char path[64];
        snprintf(path, sizeof path, "$.matches[%zu]", m);
        if ((st = bmp_params_check(&ev->matches[m].params, match_spec, path, "NZB", err)))
            return st;
    }
    for (size_t i = 0; i < ev->ncontestants; i++)
        for (size_t j = 0; j < ev->contestants[i].nplayers; j++) {
            char path[96];
            snprintf(path, sizeof path, "$.contestants[%zu].players[%zu]", i, j);
            if ((st = bmp_params_check(&ev->contestants[i].players[j].params, player_spec, path,
                                       "NZB", err)))
                return st;
            const char *gr = bmp_params_string(&ev->contestants[i].players[j].params, "grading",
                                               NULL);
            if (gr && grading_rank(gr) < 0)
                return fail(&c, BMP_EINVAL, path,
                            "params.grading: expected open, intermediate or junior (NZ-5), got "
                            "\"%s\"", gr);
        }
    c.ip = bmp_params_string(p, "interprovincial", NULL);
    if (c.ip && strcasecmp(c.ip, "trials") && strcasecmp(c.ip, "championship"))
        return fail(&c, BMP_EINVAL, "$.params.interprovincial",
                    "expected \"trials\" or \"championship\", got \"%s\"", c.ip);
    c.ip_cat = bmp_params_string(p, "category", "open");
    c.g = nzb_grade_find(ev->grade);
    if (!c.ip && !c.g)
        return fail(&c, BMP_EINVAL, "$.grade",
                    "expected an NZ grade (25A, 20A, 15A, 10A, 5A, 3A, 8B, 5B, 3B or 40C), got "
                    "%s%s%s",
                    ev->grade ? "\"" : "", ev->grade ? ev->grade : "nothing",
                    ev->grade ? "\"" : "");
    c.teams = teams_kind(ev->kind);
    c.swiss_pairs = ev->kind == BMP_KIND_SWISS_PAIRS;
    c.club = c.g && c.g->letter == 'C' && !c.ip;
    if (!c.teams && !c.swiss_pairs && ev->kind != BMP_KIND_PAIRS &&
        ev->kind != BMP_KIND_INDIVIDUAL)
        return bmp_not_supported(err, "NZ awards for this kind of event", "NZ-17", "Club Sessions",
                                 "pairs, individual, Swiss pairs and teams events are defined");
    if (c.g && !strcmp(c.g->code, "25A") && c.swiss_pairs)
        return bmp_not_supported(err, "25A Swiss pairs", "NZ-53", "25A point",
                                 "no 25A Swiss pairs event is defined");
    bool ip_trials = c.ip && !strcasecmp(c.ip, "trials");
    bool ip_inter = c.ip && !strcasecmp(c.ip_cat, "intermediate");

    /* NZ-75: restricted or partly selected trials earn no masterpoints. */
    if (ip_trials && !bmp_params_bool(p, "open_entry", true)) {
        return bmp_awards_note(out, "Interprovincial Trials not open to all registered members "
                                    "of the Region: no masterpoints (NZ-75)")
                   ? oom(&c)
                   : BMP_OK;
    }

    int contestants = 0;
    for (size_t i = 0; i < ev->ncontestants; i++)
        contestants += !ev->contestants[i].phantom;
    int field = (int)bmp_params_number(p, "field", contestants);

    /* Session / match awards first; they tell the deals played. */
    int max_deals = 0;
    if (c.teams || c.swiss_pairs) {
        char letter = c.ip ? 'A' : c.g->letter == 'A' ? 'A' : 'C';
        int factor = c.ip ? 1 : c.g->match_factor;
        const char *rule = c.ip ? "NZ-75" : letter == 'A' ? "NZ-41" : c.club ? "NZ-31" : "NZ-51";
        const char *sec = c.ip ? "Interprovincial Teams Trials"
                          : letter == 'A' ? "A 4.1" : c.club ? "Club Sessions B." : "B 4";
        if (c.ip && !ip_trials) {
            if (bmp_awards_note(out, "Interprovincial Championships: no session awards are "
                                     "printed (NZ-76)"))
                return oom(&c);
        } else if ((st = match_awards(&c, factor, letter, rule, sec, &max_deals)))
            return st;
    } else {
        int factor = c.ip ? (ip_inter ? 1 : 2) : c.g->c_factor;
        const char *rule = c.ip ? "NZ-75" : c.club ? "NZ-26" : c.g->letter == 'A' ? "NZ-40"
                                                                                 : "NZ-50";
        const char *sec = c.ip ? "Interprovincial Teams Trials"
                          : c.club ? "Club Sessions A." : c.g->letter == 'A' ? "A 3.2" : "B 3.2";
        if (!c.club && !c.ip && ev->boards <= 0)
            return fail(&c, BMP_EINVAL, "$.boards",
                        "the deals per session are needed for session awards (NZ-39, NZ-40)");
        if (c.club && ev->boards <= 0)
            return fail(&c, BMP_EINVAL, "$.boards",
                        "the deals in circulation are needed for C points (NZ-28)");
        if (c.ip && ev->boards <= 0)
            return fail(&c, BMP_EINVAL, "$.boards", "the deals per session are needed (NZ-75)");
        if ((st = session_awards(&c, factor, !c.club && !c.ip, rule, sec)))
            return st;
        max_deals = ev->boards * (ev->sessions > 0 ? ev->sessions : 1);
    }
    if (c.club)
        return BMP_OK; /* 40C: session awards only */

    /* NZ-84, NZ-45, NZ-75: the event's minimum deals. */
    int total = (int)bmp_params_number(p, "total_deals", max_deals);
    int min = c.ip ? (ip_inter ? 44 : 60)
              : c.swiss_pairs ? (c.g->min_swiss_pairs ? c.g->min_swiss_pairs : c.g->min_teams)
              : c.teams ? c.g->min_teams
                        : c.g->min_pairs;
    if (total < min && !bmp_params_bool(p, "min_deals_approved", false))
        return fail(&c, BMP_ERANGE, bmp_params_has(p, "total_deals") ? "$.params.total_deals"
                                                                     : "$.boards",
                    "an NZ %s %s event needs at least %d deals (%s), got %d; "
                    "params.min_deals_approved records the Chief Director's approval of fewer",
                    c.ip ? "interprovincial" : c.g->code, c.teams ? "teams" : "pairs", min,
                    c.ip ? "NZ-75" : "NZ-84, §9 Minimum number of boards", total);
    /* NZ-85: two complete tables. */
    int need = c.teams ? 2 : ev->kind == BMP_KIND_INDIVIDUAL ? 8 : 4;
    if (contestants < need && !bmp_params_bool(p, "min_contestants_approved", false))
        return fail(&c, BMP_ERANGE, "$.contestants",
                    "an NZ tournament needs two complete tables (%d %s) (NZ-85), got %d", need,
                    c.teams ? "teams" : "contestants", contestants);
    /* "proportional on field if fewer than six" has no formula. */
    if (c.ip && field < 6)
        return bmp_not_supported(err, "Interprovincial award with fewer than six contestants",
                                 "NZ-75", "Interprovincial Teams Trials",
                                 "\"proportional on field\" gives no formula (A-20)");
    if ((st = bmp_awards_note(out, "NZ %s %s event, overall field N=%d", c.ip ? "interprovincial" : c.g->code,
                              c.teams ? "teams" : c.swiss_pairs ? "Swiss pairs" : "pairs", field)))
        return oom(&c);
    if ((st = overall_awards(&c, field)))
        return st;
    if (!c.ip && !strcmp(c.g->code, "8B") && !c.teams && !c.swiss_pairs)
        return non_open_bonus(&c, field);
    return BMP_OK;
}
