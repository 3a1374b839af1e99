/* EBU events with an award per match won, other than knock-outs (4.5,
 * 4.6): the match awards (4.6.3, with the qualified-final and consolation
 * multipliers of 4.6.6 a and 4.6.7) and the ranking awards of Scales QA-QE
 * and QF. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ebu/award_families.h"

/* 4.6.3 with the 4.6.6 a / 4.6.7 multipliers: the match award of each
 * contestant, summed over its matches (draws half), exact in eighths: the
 * sum x4 (a triangular draw is a quarter of a win) times mult2 (a multiplier
 * in halves), kept whole so that 3.4.1 rounds up only at the end. */
static bmp_status match_awards(ebu_ctx *c, int m4, int mult2, int64_t *award_x4, size_t n)
{
    const bmp_event *ev = c->ev;
    for (size_t i = 0; i < n; i++)
        award_x4[i] = 0;
    if (ev->nmatches == 0) {
        if (ev->boards_per_match < 1)
            return ebu_fail(c, BMP_EINVAL, "$.boards_per_match",
                        "an event with an award per match won needs boards_per_match or "
                        "matches (4.6.3)");
        int per = ebu_match_won(m4, ev->boards_per_match);
        /* match_wins counts a draw as 1/2 and a triangular mini-match as 1/2
         * (a drawn one 1/4, 4.5.7): whole quarters of a win. */
        for (size_t i = 0; i < n; i++) {
            double q = ev->contestants[i].match_wins * 4;
            if (fabs(q - (double)llround(q)) > 1e-9) {
                char path[64];
                snprintf(path, sizeof path, "$.contestants[%zu].match_wins", i);
                return ebu_fail(c, BMP_EINVAL, path,
                            "expected wins in quarters (a draw 1/2, a triangular mini-match "
                            "1/2, drawn 1/4; 4.5.7, 4.5.8), got %g",
                            ev->contestants[i].match_wins);
            }
            award_x4[i] = (int64_t)llround(q) * per;
        }
        for (size_t i = 0; i < n; i++)
            award_x4[i] = award_x4[i] * mult2; /* now x8 */
        return BMP_OK;
    }
    for (size_t k = 0; k < ev->nmatches; k++) {
        const bmp_match *m = &ev->matches[k];
        int boards = m->boards > 0 ? m->boards : ev->boards_per_match;
        char path[64];
        snprintf(path, sizeof path, "$.matches[%zu].boards", k);
        if (boards < 1)
            return ebu_fail(c, BMP_EINVAL, path,
                        "expected the boards of the match (or boards_per_match) (4.6.3)");
        /* 4.5.10, 3.6 (EBU-35, EBU-79): an adjusted score for a match not
         * played earns no match award. */
        if (bmp_params_bool(&m->params, "not_played", false))
            continue;
        int per = ebu_match_won(m4, boards);
        /* 4.5.7 (EBU-76): a triangular mini-match is worth half a full match. */
        int tri = bmp_params_bool(&m->params, "triangle", false) ? 1 : 2;
        const char *win = m->winner;
        bool draw = false;
        if (!win && m->has_score) {
            if (m->home_score > m->away_score)
                win = m->home;
            else if (m->away_score > m->home_score)
                win = m->away;
            else
                draw = true;
        }
        if (win && strcmp(win, "tie") == 0)
            draw = true;
        /* The teams found by id (the event's hash), not by a scan of
         * every team for every match. */
        const bmp_contestant *a = bmp_event_contestant(ev, draw ? m->home : win);
        const bmp_contestant *b = draw ? bmp_event_contestant(ev, m->away) : NULL;
        if (a)
            award_x4[a - ev->contestants] += (int64_t)per * (draw ? 1 : 2) * tri;
        if (b && b != a)
            award_x4[b - ev->contestants] += (int64_t)per * tri; /* 4.5.8: a draw is half a win */
    }
    for (size_t i = 0; i < n; i++)
        award_x4[i] = award_x4[i] * mult2; /* now x8 */
    return BMP_OK;
}

/* The ranking scale of a match-won stage and how its awards cite it. */
typedef struct mw_stage {
    ebu_scale s;
    int m4;
    int mult2;        /* match multiplier in halves (2 = x1) */
    bool final, cons;
    const char *rule, *section;
} mw_stage;

/* 4.6.6 (EBU-84): a qualified final: match multiplier by the proportion
 * qualified, QF ranking on the original entry. */
static bmp_status qualified_final(ebu_ctx *c, ebu_move mv, int tables, int finalists,
                                  mw_stage *g)
{
    const bmp_event *ev = c->ev;
    if (!bmp_params_has(&ev->params, "original_tables"))
        return ebu_fail(c, BMP_EINVAL, "$.params.original_tables",
                        "a qualified final needs the original entry (4.6.6)");
    int original = (int)bmp_params_number(&ev->params, "original_tables", tables);
    g->mult2 = ebu_qualified_mult2(tables, original);
    g->s = ebu_qf_scale(g->m4, mv, original, finalists, false);
    g->rule = "EBU-84";
    g->section = "4.6.6";
    return BMP_OK;
}

/* 4.6.7 (EBU-85): a consolation: multiplier by the proportion in the
 * consolation, QF ranking on C + N/3 (maximum 180 at Club); when it fails
 * 4.6.7, 4.3.3 (EBU-63): its actual entry one level lower (never below
 * Club), as an ordinary match-won event. */
static bmp_status match_won_consolation(ebu_ctx *c, ebu_move mv, int tables, int finalists,
                                        mw_stage *g)
{
    const bmp_event *ev = c->ev;
    if (!bmp_params_has(&ev->params, "premier_tables") ||
        !bmp_params_has(&ev->params, "neither_tables"))
        return ebu_fail(c, BMP_EINVAL, "$.params",
                        "a consolation final needs premier_tables (P) and neither_tables (N) "
                        "(4.6.7)");
    int P = (int)bmp_params_number(&ev->params, "premier_tables", 0);
    int N = (int)bmp_params_number(&ev->params, "neither_tables", 0);
    int C = tables;
    if (!(C >= P && N >= 3 * C)) {
        g->m4 = ebu_status_down_min_club(g->m4);
        bmp_status st = ebu_note(c, "match-won consolation fails 4.6.7 (C=%d, P=%d, N=%d): "
                                    "its actual entry one level lower, %s (4.3.3)",
                                 C, P, N, ebu_status_name(g->m4));
        if (st)
            return st;
        g->s = ebu_qa_scale(g->m4, mv, tables, 0, false);
        g->rule = "EBU-63";
        g->section = "4.3.3";
        return BMP_OK;
    }
    int field = (int)bmp_params_number(&ev->params, "original_tables", P + C + N);
    g->mult2 = ebu_consolation_mult2(C, field);
    g->s = ebu_qf_scale(g->m4, mv, C + N / 3, finalists, true);
    g->rule = "EBU-85";
    g->section = "4.6.7";
    return BMP_OK;
}

/* The match award and the ranking award of every contestant (4.6.3,
 * 4.6.4; 4.12.7 (EBU-112) the best Scale QS award when stratified). */
static bmp_status contestant_awards(ebu_ctx *c, const mw_stage *g, ebu_move mv,
                                    const int64_t *mx4, bool strat, const int *count)
{
    const bmp_event *ev = c->ev;
    bmp_points mn = ebu_scale_min(&g->s);
    bmp_status st = BMP_OK;
    for (size_t i = 0; !st && i < ev->ncontestants; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        if (ct->phantom || ebu_without_standing(ct))
            continue;
        bmp_points match = bmp_div_round(mx4[i] * 100, 8, BMP_ROUND_CEIL, BMP_UNIT_WHOLE);
        bmp_place p = ebu_eligible_place(c, i, NULL);
        bmp_points rank = p.lo > 0 ? ebu_scale_share(&g->s, p.lo, p.hi) : 0;
        if (strat) {
            int bl;
            bmp_place bp;
            if ((st = ebu_strat_best(ev, i, count, g->m4, EBU_B36, mv, true, g->s.pct, &rank,
                                     &bl, &bp, c->err)))
                break;
        }
        /* 4.6.3 (EBU-81): a total below 6 x m is raised to 6 x m. */
        bool raised = false;
        if (match + rank > 0 && match + rank < mn) {
            match = mn - rank;
            raised = true;
        }
        char buf[32];
        ebu_fmt_pts(match, buf, sizeof buf);
        char ex[256];
        int m2 = g->mult2;
        snprintf(ex, sizeof ex, "awards per match won%s, summed and rounded up = %s%s",
                 m2 == 3 ? " x 1 1/2" : m2 == 4 ? " x 2" : m2 == 6 ? " x 3" : m2 == 8 ? " x 4" : "",
                 buf, raised ? " (raised so the event total is the minimum 6 x m, 4.6.3)" : "");
        st = ebu_emit_local(c, i, "match", "matches won", p, match,
                            raised    ? "EBU-81"
                            : m2 != 2 ? (g->cons ? "EBU-85" : "EBU-83")
                                      : "EBU-80",
                            m2 != 2 ? (g->cons ? "4.6.7" : "4.6.6") : "4.6.3", ex);
    }
    return st;
}

/* 4.5, 4.6 (EBU-70..EBU-85): award per match won plus ranking awards.
 * stage "basic": QA-QE ranking on the field (4.6.4); "final": a qualified
 * final (4.6.6); "consolation": 4.6.7. */
bmp_status ebu_match_won_event(ebu_ctx *c, int m4, ebu_move mv, int tables, int duration,
                               const char *stage)
{
    const bmp_event *ev = c->ev;
    size_t n = ev->ncontestants;
    mw_stage g = {.m4 = m4, .mult2 = 2, .rule = "EBU-82", .section = "4.6.4"};
    g.final = strcmp(stage, "final") == 0;
    g.cons = strcmp(stage, "consolation") == 0;
    int finalists = ebu_count_ranked(ev, NULL);
    bmp_status st = BMP_OK;
    if (g.final)
        st = qualified_final(c, mv, tables, finalists, &g);
    else if (g.cons)
        st = match_won_consolation(c, mv, tables, finalists, &g);
    else
        g.s = ebu_qa_scale(g.m4, mv, tables, 0, false);
    if (st)
        return st;
    int64_t *mx4 = calloc(n ? n : 1, sizeof *mx4);
    if (!mx4)
        return bmp_error_oom(c->err);
    st = match_awards(c, g.m4, g.mult2, mx4, n);
    if (st) {
        free(mx4);
        return st;
    }
    /* +50 % (maximum included) for a 72+-board event (4.6.4, QF note 1). */
    if (duration >= 72) {
        g.s.pct = 150;
        ebu_scale_cap(&g.s);
    }
    char per_win[64] = "per win by each match's boards (4.6.3)";
    if (ev->boards_per_match > 0)
        snprintf(per_win, sizeof per_win, "%d-board matches = %d per win", ev->boards_per_match,
                 ebu_match_won(g.m4, ev->boards_per_match));
    st = ebu_note(c,
                  "EBU award per match won (4.5, 4.6): %s, %s%s; ranking "
                  "Scale Q%s, %d tables, %d awards, top %.4g%s",
                  ebu_status_name(g.m4), per_win,
                  g.mult2 != 2 ? (g.cons ? " x consolation multiplier (4.6.7)"
                                         : " x qualified-final multiplier (4.6.6 a)")
                               : "",
                  g.final || g.cons ? "F" : "A-E", g.s.tables, g.s.k, ebu_scale_top(&g.s),
                  g.s.pct == 150 ? " (+50 %: 72+ boards)" : "");
    bool strat = bmp_params_bool(&ev->params, "stratified", false);
    int count[5] = {0};
    if (!st && strat)
        st = ebu_strat_counts(ev, count, c->err);
    if (!st)
        st = contestant_awards(c, &g, mv, mx4, strat, count);
    free(mx4);
    if (st)
        return st;
    if (strat)
        return ebu_strat_event(ev, g.m4, EBU_B36, mv, true, g.s.pct, c->colour, c->blue, c->out,
                               c->err);
    return ebu_award_ranking(c, &g.s, false, "ranking", g.rule, g.section, "ranking award");
}
