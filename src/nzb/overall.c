/* NZ overall placings: the grade grids (NZ-33, NZ-46, NZ-55..NZ-74), ties
 * (NZ-34, NZ-46), stages (NZ-77, NZ-80), 25A (NZ-53, NZ-54),
 * interprovincial events (NZ-75, NZ-76), player shares (NZ-35, NZ-36,
 * NZ-47, NZ-48) and the 8B non-Open pair bonus (NZ-52). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/tie.h"
#include "nzb/award_families.h"

const bmp_group *nzb_stage_of(const bmp_event *ev, const bmp_contestant *ct)
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
int nzb_stage_offset(const bmp_event *ev, const bmp_group *g)
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

static bmp_status place_value(nzb_ctx *c, size_t ci, int field, int p, int *out, overall_how *how)
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
            return nzb_fail(c, BMP_EINVAL, "$.params.category",
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
            snprintf(how->text, sizeof how->text, "25A Teams table, %d teams band, place %d", field,
                     p);
            return BMP_OK;
        }
        how->rule = "NZ-53";
        how->section = "25A point - Pairs Event";
        const bmp_group *sg = nzb_stage_of(ev, ct);
        const char *type = sg && sg->type ? sg->type : "";
        if (!strcasecmp(type, "final") || !strcasecmp(type, "plate")) {
            bool plate = !strcasecmp(type, "plate");
            if (p > 28)
                return nzb_fail(c, BMP_ERANGE, path, "the 25A %s pays places 1-28 (NZ-53), got %d",
                                type, p);
            *out = plate ? nzb_a25_pairs_plate(p) : nzb_a25_pairs_final(p);
            snprintf(how->text, sizeof how->text, "25A Pairs %s place %d",
                     plate ? "Plate" : "Final", p);
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
    how->rule = c->teams                          ? g->teams_rule
                : c->swiss_pairs && g->swiss_rule ? g->swiss_rule
                                                  : g->pairs_rule;
    how->section = g->heading;
    *out = nzb_grid(g, c->teams, field, p);
    snprintf(how->text, sizeof how->text, "%s %s grid N=%d place %d", g->code,
             c->teams ? "Teams" : "Pairs", field, p);
    return BMP_OK;
}

/* One place's grid value for core/tie.h (whole points). */
typedef struct grid_at {
    nzb_ctx *c;
    size_t ci;
    int field;
    overall_how *how;
} grid_at;

static bmp_status grid_value(void *ctx, int p, core_exact *value)
{
    grid_at *g = ctx;
    int v = 0;
    bmp_status st = place_value(g->c, g->ci, g->field, p, &v, g->how);
    *value = core_exact_q(v, 1);
    return st;
}

/* The derivation of a contestant's overall award. */
static void overall_text(char *ex, size_t n, const overall_how *how, const bmp_contestant *ct,
                         int off, int lo, int hi, bmp_points pts)
{
    char b[32];
    int len = snprintf(ex, n, "%s", how->text);
    if (off)
        len += snprintf(ex + len, n - (size_t)len,
                        " (stage place %d + %d: places continue after the earlier stage, "
                        "NZ-77/NZ-80)",
                        ct->place.lo, off);
    if (hi > lo)
        len += snprintf(ex + len, n - (size_t)len, ", places %d-%d averaged (%s)", lo, hi,
                        how->letter == 'B' ? "NZ-46" : "NZ-34");
    snprintf(ex + len, n - (size_t)len, " = %s %c", nzb_fmtp(pts, b, sizeof b), how->letter);
}

/* One player's share of a contestant's overall award: a team member needs
 * 1/4 of the team's deals (NZ-36, NZ-48); a pairs substitute shares by
 * deals played, whole points rounded to nearest (NZ-35, NZ-47; A-21). */
static bmp_status player_share(nzb_ctx *c, size_t ci, size_t pi, const overall_how *how,
                               bmp_points pts, const char *ex)
{
    const bmp_contestant *ct = &c->ev->contestants[ci];
    double part = ct->players[pi].participation;
    char px[480];
    if (c->teams) {
        const char *r = how->letter == 'B' ? "NZ-48" : "NZ-36";
        if (part < 0.25)
            return bmp_awards_note(c->out, c->err,
                                   "%s: player %s played %.0f%% of the deals, under one "
                                   "quarter: no placing award (%s)",
                                   ct->id ? ct->id : "?",
                                   ct->players[pi].id ? ct->players[pi].id : ct->players[pi].name,
                                   part * 100, r)
                       ? bmp_error_oom(c->err)
                       : BMP_OK;
        snprintf(px, sizeof px, "%s; played >= 1/4 of the deals (%s)", ex, r);
        return nzb_emit(c, ci, (int)pi, "overall", "overall", ct->place, pts, how->letter, r,
                        how->section, px);
    }
    const char *r = how->letter == 'B' ? "NZ-47" : "NZ-35";
    /* a player who played every deal keeps the award as it is */
    bmp_points share = part >= 1.0 ? pts
                                   : bmp_round_real(bmp_points_to_double(pts) * part,
                                                    BMP_ROUND_HALF_UP, BMP_UNIT_WHOLE);
    snprintf(px, sizeof px, "%s; x %.4g of the deals played, to the nearest whole point (%s)",
             ex, part, r);
    return nzb_emit(c, ci, (int)pi, "overall", "overall", ct->place, share, how->letter, r,
                    how->section, px);
}

/* One contestant's overall award (and its players' shares). */
static bmp_status contestant_overall(nzb_ctx *c, size_t ci, int field)
{
    const bmp_event *ev = c->ev;
    const bmp_contestant *ct = &ev->contestants[ci];
    /* 25A pairs: the Final and Plate have their own columns (NZ-53). */
    bool a25_pairs = c->g && !c->ip && !strcmp(c->g->code, "25A") && !c->teams;
    int off = a25_pairs ? 0 : nzb_stage_offset(ev, nzb_stage_of(ev, ct));
    int lo = ct->place.lo + off, hi = ct->place.hi + off;
    /* NZ-34, NZ-46: ties share the average of the places in contention,
     * kept to 0.01. */
    overall_how how = {0};
    grid_at at = {c, ci, field, &how};
    bmp_points pts = 0;
    bmp_status st = core_tie_share_round(lo, hi, -1, grid_value, &at, BMP_ROUND_HALF_UP,
                                         BMP_UNIT_CENT, &pts);
    if (st || pts <= 0)
        return st;
    char ex[400];
    overall_text(ex, sizeof ex, &how, ct, off, lo, hi, pts);
    bool all = true;
    for (size_t pi = 0; pi < ct->nplayers; pi++)
        all &= ct->players[pi].participation >= 1.0;
    if (all || ct->nplayers == 0)
        return nzb_emit(c, ci, BMP_ALL_PLAYERS, "overall", "overall", ct->place, pts, how.letter,
                        how.rule, how.section, ex);
    for (size_t pi = 0; pi < ct->nplayers && !st; pi++)
        st = player_share(c, ci, pi, &how, pts, ex);
    return st;
}

bmp_status nzb_overall_awards(nzb_ctx *c, int field)
{
    const bmp_event *ev = c->ev;
    bmp_status st = BMP_OK;
    for (size_t ci = 0; ci < ev->ncontestants && !st; ci++)
        if (!ev->contestants[ci].phantom && ev->contestants[ci].place.lo >= 1)
            st = contestant_overall(c, ci, field);
    return st;
}

/* NZ-52 ("8B point - Pairs Event" item 4): 1 B to the highest placed all
 * Intermediate, Intermediate and Junior, and all Junior pairs finishing
 * outside the placings that earn overall points; one award per combination
 * every pair tied at that place included.  Needs the players'
 * grading (player param "grading"); the NZB Secretary applies it on request,
 * so this computes what to request. */
bmp_status nzb_non_open_bonus(nzb_ctx *c, int field)
{
    const bmp_event *ev = c->ev;
    static const char *const combo_name[3] = {"all Junior", "Intermediate and Junior",
                                              "all Intermediate"};
    int best[3] = {0, 0, 0};
    size_t n = ev->ncontestants;
    int *combo_of = calloc(n ? n : 1, sizeof *combo_of);
    if (!combo_of)
        return bmp_error_oom(c->err);
    for (size_t i = 0; i < n; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        combo_of[i] = -1;
        if (ct->phantom || ct->place.lo < 1 || ct->nplayers != 2)
            continue;
        int g0 = nzb_grading_rank(bmp_params_string(&ct->players[0].params, "grading", NULL));
        int g1 = nzb_grading_rank(bmp_params_string(&ct->players[1].params, "grading", NULL));
        if (g0 < 0 || g1 < 0 || g0 > 1 || g1 > 1)
            continue; /* unknown grading or an Open player */
        int off = nzb_stage_offset(ev, nzb_stage_of(ev, ct));
        if (nzb_grid(c->g, false, field, ct->place.lo + off) > 0)
            continue;    /* inside the placings */
        int k = g0 + g1; /* 0 JJ, 1 IJ, 2 II */
        combo_of[i] = k;
        if (!best[k] || ct->place.lo + off < best[k])
            best[k] = ct->place.lo + off;
    }
    for (size_t i = 0; i < n; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        int k = combo_of[i];
        if (k < 0 || ct->place.lo + nzb_stage_offset(ev, nzb_stage_of(ev, ct)) != best[k])
            continue;
        char ex[200];
        snprintf(ex, sizeof ex, "highest placed %s pair outside the placings: 1 B (NZ-52)",
                 combo_name[k]);
        bmp_status st = nzb_emit(c, i, BMP_ALL_PLAYERS, "grade-bonus", combo_name[k], ct->place,
                                 100, 'B', "NZ-52", "8B point - Pairs Event 4", ex);
        if (st) {
            free(combo_of);
            return st;
        }
    }
    free(combo_of);
    return BMP_OK;
}
