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
    bmp_exact normal, final;
    int halves_normal, halves_final; /* wins counted in halves */
    int matches;
    bmp_exact unit[2]; /* the per-win award, for --explain */
    bool has_unit[2], mixed[2];
} acc;

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
        a[i].normal = a[i].final = bmp_exact_q(0, 1);
    bmp_status st = BMP_OK;
    /* What the match scores are: IMPs (the 0.2 IMP per board margin), VPs
     * (NOTE i: shared on equal VPs) or matchpoint percentages (shared when
     * the winners score 52.5 % or less). */
    const char *scores = bmp_params_string(&ev->params, "scores", "imps");
    bool vp = !strcasecmp(scores, "vp");
    bool mp = !strcasecmp(scores, "matchpoints");
    if (!vp && !mp && strcasecmp(scores, "imps")) {
        free(a);
        return abf_fail_at(c, BMP_EINVAL, "$.params.scores",
                           "expected \"imps\" (default), \"vp\" or \"matchpoints\" "
                           "(percentages) for the match scores (4.2.3), got \"%s\"",
                           scores);
    }
    /* 4.2.5 (ABF-46): the final's premium is limited by its size: the teams
     * that play final matches, against the original entry (tables = teams). */
    int nfinal = 0;
    for (size_t i = 0; i < n; i++) {
        const char *id = ev->contestants[i].id;
        if (ev->contestants[i].phantom)
            continue; /* a bye is not a finalist */
        for (size_t mi = 0; mi < ev->nmatches; mi++) {
            const bmp_match *m = &ev->matches[mi];
            bool fin = (m->stage && !strcasecmp(m->stage, "final")) ||
                       bmp_params_bool(&m->params, "final", false);
            if (fin && (!strcmp(m->home, id) || !strcmp(m->away, id))) {
                nfinal++;
                break;
            }
        }
    }
    int64_t fpn, fpd;
    abf_final_premium(nfinal, ev->tables > nfinal ? ev->tables : nfinal, &fpn, &fpd);
    /* National events (7.5): when the finals rate applies to every match.
     * The field is the teams entered (non-phantom contestants, or `tables`
     * when larger: teams events count a team per table, ABF-R5). */
    int nfield = 0;
    for (size_t i = 0; i < n; i++)
        nfield += !ev->contestants[i].phantom;
    if (ev->tables > nfield)
        nfield = (int)ceil(ev->tables);
    bool nat_all_final = false, nat_no_final = false;
    if (c->nat && c->nat->rate_e5) {
        const char *nn = c->nat->name;
        /* 7.5.3 (ABF-79; 6.2.2 ABF-61): 0.12 per board "when the field is,
         * or is reduced to, 4 teams or less": a play-off of 4 teams or
         * fewer is at the finals rate throughout. */
        if (!strncmp(nn, "playoff", 7) || !strcmp(nn, "state-playoff"))
            nat_all_final = nfield <= 4;
        /* 7.5.7 (ABF-83): the National finals are "the point at which the
         * number of tables drops to 8 or less". */
        else if (!strcmp(nn, "gnot-national"))
            nat_all_final = nfield <= 8;
        /* 7.5.7 (ABF-83): 0.06 only for State or Regional finals "of at
         * least three sessions duration, with not less than 10 teams". */
        else if (!strcmp(nn, "gnot-qualifying"))
            nat_no_final = ev->sessions < 3 || nfinal < 10;
    }
    for (size_t mi = 0; mi < ev->nmatches && !st; mi++) {
        const bmp_match *m = &ev->matches[mi];
        char path[64];
        snprintf(path, sizeof path, "$.matches[%zu]", mi);
        int boards =
            m->boards ? m->boards : (ev->boards_per_match ? ev->boards_per_match : ev->boards);
        if (boards <= 0) {
            st = abf_fail_at(c, BMP_EINVAL, path,
                             "a match needs \"boards\" (or the event's "
                             "\"boards_per_match\") for its award (4.2.3)");
            break;
        }
        /* 7.5.3 (ABF-79): play-off session awards are per segment
         * "provided the segments are not shorter than 12 boards" (6 x 10
         * boards count as three 20-board matches): a shorter segment must be
         * combined by the caller, never paid as a match of its own. */
        if (c->nat && boards < 12 &&
            (!strncmp(c->nat->name, "playoff", 7) || !strcmp(c->nat->name, "state-playoff"))) {
            st = abf_fail_at(c, BMP_EINVAL, path,
                             "a play-off segment of %d boards: segments shorter than 12 boards "
                             "are combined into matches of 12 or more (7.5.3: 6 x 10 boards are "
                             "three 20-board matches)",
                             boards);
            break;
        }
        bool triangle = bmp_params_bool(&m->params, "triangle", false);
        if (boards < 5 && !triangle) {
            st = bmp_not_supported(c->err, "match awards for matches under 5 boards", "ABF-23",
                                   "4.2.3",
                                   "give contestant places and no matches: such events "
                                   "use the one-winner tables");
            break;
        }
        bool final = (m->stage && !strcasecmp(m->stage, "final")) ||
                     bmp_params_bool(&m->params, "final", false);
        /* Rate per board in 1e-5 (ABF-5); national events (ABF-78..84). */
        int64_t rate = abf_rate_per_board_e5(c->g);
        if (c->nat && c->nat->rate_e5)
            rate = (final && !nat_no_final) || nat_all_final ? c->nat->final_rate_e5
                                                              : c->nat->rate_e5;
        int64_t pn = 1, pd = 1;
        /* 5.3.3 (ABF-71): "If a walk-in final ... is played, no final
         * premium applies" - to its matches as to its sessions. */
        if (final && !(c->nat && c->nat->rate_e5) &&
            !bmp_params_bool(&ev->params, "walk_in_final", false)) {
            /* 4.2.4/4.2.5: +50 % premium (ABF-25, ABF-46), scaled down for
             * a final larger than max(entry / 4, 9), never below 1. */
            pn = fpn;
            pd = fpd;
        }
        /* 4.2.5 (ABF-47): a match in a consolation (its stage names a group
         * of type consolation) earns the standard award x the consolation
         * factor (green events: the grade E award). */
        const bmp_group *cg = m->stage ? bmp_event_group(ev, m->stage) : NULL;
        if (cg && cg->type && !strcasecmp(cg->type, "consolation") && !final) {
            int nconsol = 0;
            for (size_t gi = 0; gi < ev->ngroups; gi++)
                nconsol += ev->groups[gi].type && !strcasecmp(ev->groups[gi].type, "consolation");
            nconsol = (int)bmp_params_number(&ev->params, "consolations", nconsol);
            int64_t kn, kd;
            st = abf_consolation_session_factor(
                c->g, (int)bmp_params_number(&cg->params, "consolation", 1), nconsol,
                bmp_params_bool(&ev->params, "consolations_graded", true), c->teams, &kn, &kd,
                c->err);
            if (st) {
                bmp_error_prefix(c->err, "$.groups[%zu].params.consolation: ",
                                 (size_t)(cg - ev->groups));
                break;
            }
            pn *= kn;
            pd *= kd;
        }
        if (bmp_params_has(&m->params, "rate"))
            rate = llround(bmp_params_number(&m->params, "rate", 0) * 100000);
        bmp_exact per_win = bmp_exact_mul(bmp_exact_q(rate * boards, 100000), pn, pd);
        /* 4.2.3 NOTE (iii) (ABF-22): a single-round triangle with half-matches
         * under 5 boards: half the masterpoints for a normal win. */
        if (triangle && boards < 5) /* NOTE (iii) is for half-matches under 5 boards */
            per_win = bmp_exact_mul(per_win, 1, 2);
        if (c->table_route) /* Appendix B: the per-win award is rounded first */
            per_win = bmp_exact_q(abf_round(per_win, c->mode), 100);
        const bmp_contestant *h = bmp_event_contestant(ev, m->home);
        const bmp_contestant *w = bmp_event_contestant(ev, m->away);
        size_t hi = (size_t)(h - ev->contestants), wi = (size_t)(w - ev->contestants);
        /* 4.2.3 pays "the winner of any match" per board played; a match
         * against a phantom is a bye: no boards are played, no award
         * (4.2.4 speaks of byes beside the boards played; audit 2). */
        if (h->phantom || w->phantom)
            continue;
        /* The event reader guarantees home != away and that a winner
         * played in the match. */
        int out; /* 1 home wins, 0 away wins, -1 shared */
        if (m->winner)
            out = !strcmp(m->winner, "tie") ? -1 : !strcmp(m->winner, m->home) ? 1 : 0;
        else if (!m->has_score) {
            st = abf_fail_at(c, BMP_EINVAL, path,
                             "a match needs \"home_score\"/\"away_score\" (IMPs) "
                             "or \"winner\" for its award (4.2.3)");
            break;
        } else if (vp)
            out = m->home_score == m->away_score ? -1 : m->home_score > m->away_score;
        else if (mp) /* ABF-21 (4.2.3): matchpoint pairs matches */
            out = abf_mp_match_shared(m->home_score > m->away_score ? m->home_score
                                                                    : m->away_score)
                      ? -1
                      : m->home_score > m->away_score;
        else
            out = abf_match_outcome(m->home_score, m->away_score, boards);
        int hh = out == 1 ? 2 : out == -1 ? 1 : 0, wh = 2 - hh;
        bmp_exact hv = bmp_exact_mul(per_win, hh, 2), wv = bmp_exact_mul(per_win, wh, 2);
        size_t who[2] = {hi, wi};
        for (int k = 0; k < 2; k++) {
            acc *x = &a[who[k]];
            if (!x->has_unit[final]) {
                x->unit[final] = per_win;
                x->has_unit[final] = true;
            } else if (bmp_exact_cmp(x->unit[final], per_win) != 0) {
                x->mixed[final] = true;
            }
        }
        if (final) {
            a[hi].final = bmp_exact_add(a[hi].final, hv);
            a[wi].final = bmp_exact_add(a[wi].final, wv);
            a[hi].halves_final += hh;
            a[wi].halves_final += wh;
        } else {
            a[hi].normal = bmp_exact_add(a[hi].normal, hv);
            a[wi].normal = bmp_exact_add(a[wi].normal, wv);
            a[hi].halves_normal += hh;
            a[wi].halves_normal += wh;
        }
        a[hi].matches++;
        a[wi].matches++;
    }
    for (size_t ci = 0; ci < n && !st; ci++) {
        const bmp_contestant *ct = &ev->contestants[ci];
        if (ct->phantom)
            continue;
        for (int f = 0; f < 2 && !st; f++) {
            bmp_exact v = f ? a[ci].final : a[ci].normal;
            int halves = f ? a[ci].halves_final : a[ci].halves_normal;
            if (halves == 0)
                continue;
            int64_t tn, td;
            abf_team_share(c, ct, &tn, &td);
            bmp_exact raw = v;
            v = bmp_exact_mul(bmp_exact_mul(v, c->fnum, c->fden), tn, td);
            bmp_points p = abf_round(v, c->mode);
            char ps[32], ex[1024];
            abf_fmt_pts(p, ps, sizeof ps);
            char unit[64] = " x per-win awards";
            if (!a[ci].mixed[f])
                snprintf(unit, sizeof unit, " x %.6g%s", bmp_exact_dbl(a[ci].unit[f]),
                         c->table_route ? " (rounded per-win award)" : " (rate x boards)");
            snprintf(ex, sizeof ex, "%s%g win(s)%s = %.6g%s%s -> %s", f ? "final: " : "",
                     halves / 2.0, unit, bmp_exact_dbl(raw), c->fdesc, abf_team_share_text(tn, td), ps);
            bmp_place none = {0, 0, false};
            st = abf_emit(c, ci, f ? "final-match" : "match", f ? "final matches" : "matches", none,
                          p, f ? "ABF-46" : "ABF-19", f ? "4.2.5" : "4.2.3", 0.0, ex);
        }
    }
    free(a);
    return st;
}
