/* ABF match awards for teams, Butler and pairs matches (4.2.3, 4.2.4,
 * 4.2.5, 7.5). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "abf/award_families.h"

/* One contestant's match awards, ordinary and final stage. */
typedef struct acc {
    core_exact normal, final;
    int halves_normal, halves_final; /* wins counted in halves */
    int matches;
    core_exact unit[2]; /* the per-win award, for --explain */
    bool has_unit[2], mixed[2];
    bool finalist;   /* plays a final match (4.2.5) */
} acc;

/* What the whole event decides once: how match scores are read, the final's
 * premium and the national rates' reach. */
typedef struct match_setup {
    bool vp, mp;                      /* scores: VPs, matchpoint %; else IMPs */
    int64_t fpn, fpd;                 /* the final's premium (4.2.5) */
    bool nat_all_final, nat_no_final; /* national rates (7.5) */
} match_setup;

/* 4.2.3: IMPs (the 0.2 IMP per board margin), VPs (NOTE i: shared on equal
 * VPs) or matchpoint percentages (shared when the winners score 52.5 % or
 * less). */
static bmp_status read_scores_kind(abf_ctx *c, match_setup *ms)
{
    const char *scores = bmp_params_string(&c->ev->params, "scores", "imps");
    ms->vp = !strcasecmp(scores, "vp");
    ms->mp = !strcasecmp(scores, "matchpoints");
    if (!ms->vp && !ms->mp && strcasecmp(scores, "imps"))
        return abf_fail_at(c, BMP_EINVAL, "$.params.scores",
                           "expected \"imps\" (default), \"vp\" or \"matchpoints\" "
                           "(percentages) for the match scores (4.2.3), got \"%s\"",
                           scores);
    return BMP_OK;
}

static bool is_final(const bmp_match *m)
{
    return (m->stage && !strcasecmp(m->stage, "final")) ||
           bmp_params_bool(&m->params, "final", false);
}

/* 4.2.5 (ABF-46): the teams that play final matches (a bye is not a
 * finalist), marked in one pass; their number. */
static int mark_finalists(const bmp_event *ev, acc *a)
{
    int nfinal = 0;
    for (size_t mi = 0; mi < ev->nmatches; mi++) {
        const bmp_match *m = &ev->matches[mi];
        if (!is_final(m))
            continue;
        const bmp_contestant *side[2] = {bmp_event_contestant(ev, m->home),
                                         bmp_event_contestant(ev, m->away)};
        for (int k = 0; k < 2; k++)
            if (side[k] && !side[k]->phantom && !a[side[k] - ev->contestants].finalist) {
                a[side[k] - ev->contestants].finalist = true;
                nfinal++;
            }
    }
    return nfinal;
}

/* National events (7.5): when the finals rate applies to every match, or to
 * none.  The field is the teams entered (non-phantom contestants, or
 * `tables` when larger: teams events count a team per table, ABF-R5). */
static void national_reach(const abf_ctx *c, int nfinal, match_setup *ms)
{
    const bmp_event *ev = c->ev;
    if (!c->nat || !c->nat->rate_e5)
        return;
    int nfield = 0;
    for (size_t i = 0; i < ev->ncontestants; i++)
        nfield += !ev->contestants[i].phantom;
    if (ev->tables > nfield)
        nfield = (int)ceil(ev->tables);
    const char *nn = c->nat->name;
    /* 7.5.3 (ABF-79; 6.2.2 ABF-61): 0.12 per board "when the field is, or
     * is reduced to, 4 teams or less": a play-off of 4 teams or fewer is at
     * the finals rate throughout. */
    if (!strncmp(nn, "playoff", 7) || !strcmp(nn, "state-playoff"))
        ms->nat_all_final = nfield <= 4;
    /* 7.5.7 (ABF-83): the National finals are "the point at which the
     * number of tables drops to 8 or less". */
    else if (!strcmp(nn, "gnot-national"))
        ms->nat_all_final = nfield <= 8;
    /* 7.5.7 (ABF-83): 0.06 only for State or Regional finals "of at least
     * three sessions duration, with not less than 10 teams". */
    else if (!strcmp(nn, "gnot-qualifying"))
        ms->nat_no_final = ev->sessions < 3 || nfinal < 10;
}

/* "$.matches[mi]", for a message: made only when a match is refused (a
 * million matches are paid without one). */
static const char *match_path(size_t mi, char *buf, size_t size)
{
    snprintf(buf, size, "$.matches[%zu]", mi);
    return buf;
}

/* The boards a match pays for, refused where the rules pay no match award. */
static bmp_status match_boards(abf_ctx *c, const bmp_match *m, size_t mi, int *boards)
{
    const bmp_event *ev = c->ev;
    char path[48];
    *boards = m->boards ? m->boards : (ev->boards_per_match ? ev->boards_per_match : ev->boards);
    if (*boards <= 0)
        return abf_fail_at(c, BMP_EINVAL, match_path(mi, path, sizeof path),
                           "a match needs \"boards\" (or the event's \"boards_per_match\") for "
                           "its award (4.2.3)");
    /* 7.5.3 (ABF-79): play-off session awards are per segment "provided the
     * segments are not shorter than 12 boards" (6 x 10 boards count as
     * three 20-board matches): a shorter segment must be combined by the
     * caller, never paid as a match of its own. */
    if (c->nat && *boards < 12 &&
        (!strncmp(c->nat->name, "playoff", 7) || !strcmp(c->nat->name, "state-playoff")))
        return abf_fail_at(c, BMP_EINVAL, match_path(mi, path, sizeof path),
                           "a play-off segment of %d boards: segments shorter than 12 boards "
                           "are combined into matches of 12 or more (7.5.3: 6 x 10 boards are "
                           "three 20-board matches)",
                           *boards);
    if (*boards < 5 && !bmp_params_bool(&m->params, "triangle", false))
        return bmp_not_supported(c->err, "match awards for matches under 5 boards", "ABF-23",
                                 "4.2.3",
                                 "give contestant places and no matches: such events use the "
                                 "one-winner tables");
    return BMP_OK;
}

/* 4.2.5 (ABF-47): a match in a consolation (its stage names a group of type
 * consolation) earns the standard award x the consolation factor (green
 * events: the grade E award); *kn / *kd stay 1 for any other match. */
static bmp_status consolation_factor(abf_ctx *c, const bmp_match *m, int64_t *kn, int64_t *kd)
{
    const bmp_event *ev = c->ev;
    const bmp_group *cg = m->stage ? bmp_event_group(ev, m->stage) : NULL;
    *kn = *kd = 1;
    if (!cg || !cg->type || strcasecmp(cg->type, "consolation") || is_final(m))
        return BMP_OK;
    int nconsol = 0;
    for (size_t gi = 0; gi < ev->ngroups; gi++)
        nconsol += ev->groups[gi].type && !strcasecmp(ev->groups[gi].type, "consolation");
    nconsol = (int)bmp_params_number(&ev->params, "consolations", nconsol);
    bmp_status st = abf_consolation_session_factor(
        c->g, (int)bmp_params_number(&cg->params, "consolation", 1), nconsol,
        bmp_params_bool(&ev->params, "consolations_graded", true), c->teams, kn, kd, c->err);
    if (st)
        bmp_error_prefix(c->err, "$.groups[%zu].params.consolation: ", (size_t)(cg - ev->groups));
    return st;
}

/* The award for winning match m: rate x boards (ABF-5, national rates
 * ABF-78..84), x the final's premium or the consolation factor. */
static bmp_status per_win_award(abf_ctx *c, const match_setup *ms, const bmp_match *m,
                                int boards, core_exact *per_win)
{
    bool final = is_final(m);
    int64_t rate = abf_rate_per_board_e5(c->g); /* 1e-5 per board */
    if (c->nat && c->nat->rate_e5)
        rate = (final && !ms->nat_no_final) || ms->nat_all_final ? c->nat->final_rate_e5
                                                                 : c->nat->rate_e5;
    int64_t pn = 1, pd = 1, kn, kd;
    /* 5.3.3 (ABF-71): "If a walk-in final ... is played, no final premium
     * applies" - to its matches as to its sessions.  4.2.4/4.2.5: +50 %
     * (ABF-25, ABF-46), scaled down for a final larger than
     * max(entry / 4, 9), never below 1. */
    if (final && !(c->nat && c->nat->rate_e5) &&
        !bmp_params_bool(&c->ev->params, "walk_in_final", false)) {
        pn = ms->fpn;
        pd = ms->fpd;
    }
    bmp_status st = consolation_factor(c, m, &kn, &kd);
    if (st)
        return st;
    if (bmp_params_has(&m->params, "rate"))
        rate = llround(bmp_params_number(&m->params, "rate", 0) * 100000);
    *per_win = core_exact_mul(core_exact_q(rate * boards, 100000), pn * kn, pd * kd);
    /* 4.2.3 NOTE (iii) (ABF-22): a single-round triangle with half-matches
     * under 5 boards: half the masterpoints for a normal win. */
    if (bmp_params_bool(&m->params, "triangle", false) && boards < 5)
        *per_win = core_exact_mul(*per_win, 1, 2);
    if (c->table_route) /* Appendix B: the per-win award is rounded first */
        *per_win = core_exact_q(abf_round(*per_win, c->mode), 100);
    return BMP_OK;
}

/* Who won: 1 home, 0 away, -1 shared.  The event reader guarantees home !=
 * away and that a winner played in the match. */
static bmp_status match_outcome(abf_ctx *c, const match_setup *ms, const bmp_match *m,
                                size_t mi, int boards, int *out)
{
    char path[48];
    if (m->winner)
        *out = !strcmp(m->winner, "tie") ? -1 : !strcmp(m->winner, m->home) ? 1 : 0;
    else if (!m->has_score)
        return abf_fail_at(c, BMP_EINVAL, match_path(mi, path, sizeof path),
                           "a match needs \"home_score\"/\"away_score\" (IMPs) or \"winner\" "
                           "for its award (4.2.3)");
    else if (ms->vp)
        *out = m->home_score == m->away_score ? -1 : m->home_score > m->away_score;
    else if (ms->mp) /* ABF-21 (4.2.3): matchpoint pairs matches */
        *out = abf_mp_match_shared(m->home_score > m->away_score ? m->home_score
                                                                 : m->away_score)
                   ? -1
                   : m->home_score > m->away_score;
    else
        *out = abf_match_outcome(m->home_score, m->away_score, boards);
    return BMP_OK;
}

/* Credit the two sides of one match: wins in halves, the per-win award
 * (for --explain: mixed when it varies), ordinary or final. */
static void credit_match(acc *a, size_t hi, size_t wi, core_exact per_win, int out, bool final)
{
    int hh = out == 1 ? 2 : out == -1 ? 1 : 0, wh = 2 - hh;
    size_t who[2] = {hi, wi};
    int halves[2] = {hh, wh};
    for (int k = 0; k < 2; k++) {
        acc *x = &a[who[k]];
        if (!x->has_unit[final]) {
            x->unit[final] = per_win;
            x->has_unit[final] = true;
        } else if (core_exact_cmp(x->unit[final], per_win) != 0) {
            x->mixed[final] = true;
        }
        core_exact v = core_exact_mul(per_win, halves[k], 2);
        if (final) {
            x->final = core_exact_add(x->final, v);
            x->halves_final += halves[k];
        } else {
            x->normal = core_exact_add(x->normal, v);
            x->halves_normal += halves[k];
        }
        x->matches++;
    }
}

/* 4.2.3 pays "the winner of any match" per board played; a match against a
 * phantom is a bye: no boards are played, no award (4.2.4 speaks of byes
 * beside the boards played; audit 2). */
static bmp_status credit_matches(abf_ctx *c, const match_setup *ms, acc *a)
{
    const bmp_event *ev = c->ev;
    bmp_status st = BMP_OK;
    for (size_t mi = 0; mi < ev->nmatches && !st; mi++) {
        const bmp_match *m = &ev->matches[mi];
        int boards = 0, out = 0;
        core_exact per_win;
        if ((st = match_boards(c, m, mi, &boards)) ||
            (st = per_win_award(c, ms, m, boards, &per_win)))
            break;
        const bmp_contestant *h = bmp_event_contestant(ev, m->home);
        const bmp_contestant *w = bmp_event_contestant(ev, m->away);
        if (h->phantom || w->phantom)
            continue;
        if ((st = match_outcome(c, ms, m, mi, boards, &out)))
            break;
        credit_match(a, (size_t)(h - ev->contestants), (size_t)(w - ev->contestants), per_win,
                     out, is_final(m));
    }
    return st;
}

/* Each contestant's ordinary and final match awards, summed exactly and
 * rounded once per family (x the event's factor and the team share). */
static bmp_status emit_match_awards(abf_ctx *c, const acc *a)
{
    const bmp_event *ev = c->ev;
    bmp_status st = BMP_OK;
    for (size_t ci = 0; ci < ev->ncontestants && !st; ci++) {
        const bmp_contestant *ct = &ev->contestants[ci];
        if (ct->phantom)
            continue;
        for (int f = 0; f < 2 && !st; f++) {
            core_exact v = f ? a[ci].final : a[ci].normal;
            int halves = f ? a[ci].halves_final : a[ci].halves_normal;
            if (halves == 0)
                continue;
            int64_t tn, td;
            abf_team_share(c, ct, &tn, &td);
            core_exact raw = v;
            v = core_exact_mul(core_exact_mul(v, c->fnum, c->fden), tn, td);
            bmp_points p = abf_round(v, c->mode);
            char ex[1024];
            ex[0] = '\0';
            if (!c->out->skip_explain) { /* else the text is not kept: not made */
                char ps[32], unit[64] = " x per-win awards";
                abf_fmt_pts(p, ps, sizeof ps);
                if (!a[ci].mixed[f])
                    snprintf(unit, sizeof unit, " x %.6g%s", core_exact_dbl(a[ci].unit[f]),
                             c->table_route ? " (rounded per-win award)" : " (rate x boards)");
                snprintf(ex, sizeof ex, "%s%g win(s)%s = %.6g%s%s -> %s", f ? "final: " : "",
                         halves / 2.0, unit, core_exact_dbl(raw), c->fdesc,
                         abf_team_share_text(tn, td), ps);
            }
            bmp_place none = {0, 0, false};
            st = abf_emit(c, ci, f ? "final-match" : "match", f ? "final matches" : "matches",
                          none, p, f ? "ABF-46" : "ABF-19", f ? "4.2.5" : "4.2.3", 0.0, ex);
        }
    }
    return st;
}

/* 4.2.3 (ABF-19, ABF-20): rate x boards to the winner of each match, shared
 * when the margin is 0.2 IMP per board or less; +50 % in finals (4.2.4,
 * 4.2.5) or the national rates (7.5); summed and rounded once per family. */
bmp_status abf_match_awards(abf_ctx *c)
{
    const bmp_event *ev = c->ev;
    size_t n = ev->ncontestants;
    acc *a = calloc(n ? n : 1, sizeof *a);
    if (!a)
        return bmp_error_oom(c->err);
    for (size_t i = 0; i < n; i++)
        a[i].normal = a[i].final = core_exact_q(0, 1);
    match_setup ms = {0};
    bmp_status st = read_scores_kind(c, &ms);
    if (!st) {
        int nfinal = mark_finalists(ev, a);
        abf_final_premium(nfinal, ev->tables > nfinal ? ev->tables : nfinal, &ms.fpn, &ms.fpd);
        national_reach(c, nfinal, &ms);
        st = credit_matches(c, &ms, a);
    }
    if (!st)
        st = emit_match_awards(c, a);
    free(a);
    return st;
}
