/* EBU awards for one event: basic events (4.1), quali-final stages (4.2),
 * consolation finals (4.3), events with an award per match won other than
 * knock-outs (4.5, 4.6), per-player eligibility (3.3) and Blue Points (5.4).
 * The event fields and params used are listed in ebu.c. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ebu/ebu_internal.h"

typedef struct ctx {
    const bmp_event *ev;
    bmp_awards *out;
    bmp_error *err;
    bool blue;        /* Blue Point event: Local scale / 100 (5.4.1) */
    const char *colour;
} ctx;

static bmp_status fail(ctx *c, bmp_status code, const char *path, const char *fmt, ...)
{
    char msg[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return bmp_error_set(c->err, code, "%s: %s", path, msg);
}

static bmp_status oom(ctx *c)
{
    return bmp_error_set(c->err, BMP_ENOMEM, "out of memory");
}

/* Format whole Local Points (or Blue) for an explanation. */
static void fmt_pts(bmp_points p, char *buf, size_t n)
{
    bmp_points_format(p, buf, n);
}

/* 3.3.2 (EBU-31): a player who played fewer than 1/3 of the boards of the
 * stage gets no award.  Adds tmpl for every eligible player of its
 * contestant (once for all players when all are eligible). */
bmp_status ebu_emit(const bmp_event *ev, bmp_awards *out, bmp_error *err, const bmp_award *tmpl,
                    const char *fmt, ...)
{
    char explain[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(explain, sizeof explain, fmt, ap);
    va_end(ap);
    const bmp_contestant *ct = &ev->contestants[tmpl->contestant];
    if (tmpl->points <= 0)
        return BMP_OK;
    bmp_award aw = *tmpl;
    aw.explain = NULL;
    bool all = true;
    for (size_t p = 0; p < ct->nplayers; p++)
        if (ct->players[p].participation * 3 < 1.0 - 1e-9)
            all = false;
    if (all) {
        aw.player = BMP_ALL_PLAYERS;
        return bmp_awards_add(out, &aw, "%s", explain)
                   ? bmp_error_set(err, BMP_ENOMEM, "out of memory")
                   : BMP_OK;
    }
    for (size_t p = 0; p < ct->nplayers; p++) {
        if (ct->players[p].participation * 3 < 1.0 - 1e-9)
            continue;
        aw.player = (int)p;
        if (bmp_awards_add(out, &aw, "%s (player played >= 1/3 of the boards, 3.3.2)", explain))
            return bmp_error_set(err, BMP_ENOMEM, "out of memory");
    }
    return BMP_OK;
}

/* Emit an award of `local` whole Local Points (hundredths), in Blue when the
 * event is a Blue Point event. */
static bmp_status emit(ctx *c, size_t ci, const char *kind, const char *ranking, bmp_place place,
                       bmp_points local, const char *rule, const char *section,
                       const char *explain)
{
    bmp_award aw = {0};
    aw.contestant = ci;
    aw.place = place;
    /* 5.4.1 (EBU-2, EBU-117): a Blue award is the Local award / 100; in
     * hundredths of a Blue Point that is the Local figure itself. */
    aw.points = c->blue ? local / 100 : local;
    bmp_award_set(&aw, kind, ranking, c->colour, rule, section);
    return ebu_emit(c->ev, c->out, c->err, &aw, "%s%s", explain,
                    c->blue ? "; Blue = Local / 100 (5.4.1)" : "");
}

/* The place of contestant ci in the ranking used: its direction ranking for a
 * two-winner field (dir = "NS"/"EW"), else its overall place.  Contestants
 * playing without standing (2.10, EBU-9) are taken out of the list: every
 * eligible contestant moves up past each one placed strictly above it
 * (docs/rulings.md EBU, AMB-13). */
static bool without_standing(const bmp_contestant *ct)
{
    return bmp_params_bool(&ct->params, "without_standing", false);
}

static bmp_place place_in(const bmp_event *ev, size_t ci, const char *dir)
{
    const bmp_contestant *ct = &ev->contestants[ci];
    bmp_place none = {0, 0, false};
    if (!dir)
        return ct->place;
    for (size_t r = 0; r < ct->nrankings; r++) {
        const bmp_ranking_entry *e = &ct->rankings[r];
        if ((e->direction && strcmp(e->direction, dir) == 0) ||
            (!e->direction && e->ranking && strcmp(e->ranking, dir) == 0))
            return e->place;
    }
    return none;
}

static bmp_place eligible_place(const bmp_event *ev, size_t ci, const char *dir)
{
    bmp_place p = place_in(ev, ci, dir);
    if (p.lo <= 0)
        return p;
    int ahead = 0, tied = 0;
    for (size_t j = 0; j < ev->ncontestants; j++) {
        if (j == ci || !without_standing(&ev->contestants[j]))
            continue;
        bmp_place q = place_in(ev, j, dir);
        if (q.lo > 0 && q.hi < p.lo)
            ahead++;
        else if (q.lo > 0 && q.lo <= p.hi && q.hi >= p.lo)
            tied++; /* tied with ci: out of the list, the tie covers fewer places */
    }
    p.lo -= ahead;
    p.hi -= ahead + tied;
    if (p.hi <= p.lo) {
        p.hi = p.lo;
        p.tied = false;
    }
    return p;
}

/* The direction ranking of a contestant: "NS"/"EW" (two-winner), or a
 * ranking named "N", "E", "S" or "W" (four-winner individual, 4.1.4). */
static const char *dir_of(const bmp_contestant *ct)
{
    for (size_t r = 0; r < ct->nrankings; r++) {
        const bmp_ranking_entry *e = &ct->rankings[r];
        if (e->direction)
            return e->direction;
        if (e->ranking && strlen(e->ranking) == 1 && strchr("NESW", e->ranking[0]))
            return e->ranking;
    }
    return NULL;
}

static int count_ranked(const bmp_event *ev, const char *dir)
{
    int n = 0;
    for (size_t i = 0; i < ev->ncontestants; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        if (ct->phantom || without_standing(ct))
            continue;
        if (place_in(ev, i, dir).lo > 0)
            n++;
    }
    return n;
}

/* Award every contestant of the ranking(s) from scale s. */
static bmp_status award_ranking(ctx *c, const ebu_scale *s, bool two_winner, const char *kind,
                                const char *rule, const char *section, const char *what)
{
    const bmp_event *ev = c->ev;
    for (size_t i = 0; i < ev->ncontestants; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        if (ct->phantom || without_standing(ct))
            continue;
        const char *dir = two_winner ? dir_of(ct) : NULL;
        if (two_winner && !dir) {
            char path[64];
            snprintf(path, sizeof path, "$.contestants[%zu].rankings", i);
            return fail(c, BMP_EINVAL, path,
                        "a two-winner event needs a ranking with a direction (NS or EW; "
                        "a four-winner individual a ranking N, E, S or W) for every "
                        "contestant (4.1.4)");
        }
        bmp_place p = eligible_place(ev, i, dir);
        if (p.lo <= 0)
            continue;
        bmp_points pts = ebu_scale_share(s, p.lo, p.hi);
        if (pts <= 0)
            continue;
        char buf[32], top[32], ranking[64];
        fmt_pts(pts, buf, sizeof buf);
        snprintf(top, sizeof top, "%.4g", ebu_scale_top(s));
        snprintf(ranking, sizeof ranking, "%s%s%s", "overall", dir ? " " : "", dir ? dir : "");
        char ex[512];
        if (p.hi > p.lo)
            snprintf(ex, sizeof ex,
                     "%s: tie for places %d-%d shares their awards (each at least the "
                     "minimum), rounded up = %s (3.5)",
                     what, p.lo, p.hi, buf);
        else
            snprintf(ex, sizeof ex, "%s: place %d of %d awards: top %s x (%d - %d + 1)/%d, "
                     "rounded up = %s", what, p.lo, s->k, top, s->n, p.lo, s->n, buf);
        bmp_status st = emit(c, i, kind, ranking, p, pts, rule, section, ex);
        if (st)
            return st;
    }
    return BMP_OK;
}

static bmp_status note(ctx *c, const char *fmt, ...)
{
    char msg[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return bmp_awards_note(c->out, "%s", msg) ? oom(c) : BMP_OK;
}

static bool teams_like_kind(bmp_event_kind k)
{
    return k == BMP_KIND_TEAMS || k == BMP_KIND_SWISS_TEAMS || k == BMP_KIND_ROUND_ROBIN ||
           k == BMP_KIND_BAM;
}

/* The movement of the event (4.1.4, EBU-45). */
static bmp_status movement(ctx *c, ebu_move *mv, bool *two_winner, bool *four_winner)
{
    const bmp_event *ev = c->ev;
    *two_winner = false;
    *four_winner = bmp_params_bool(&ev->params, "four_winner", false);
    switch (ev->kind) {
    case BMP_KIND_PAIRS:
    case BMP_KIND_SWISS_PAIRS:
        if (ev->movement == BMP_MOVEMENT_TWO_WINNER) {
            *mv = EBU_TEAMS; /* two-winner pairs use the teams scale per direction */
            *two_winner = true;
        } else {
            *mv = EBU_PAIRS_1W;
        }
        return BMP_OK;
    case BMP_KIND_INDIVIDUAL:
        if (*four_winner) {
            *mv = EBU_TEAMS; /* 4.1.4: teams scale, equal awards in every direction */
            *two_winner = true;
        } else {
            *mv = EBU_INDIV_1W;
        }
        return BMP_OK;
    case BMP_KIND_TEAMS:
    case BMP_KIND_SWISS_TEAMS:
    case BMP_KIND_ROUND_ROBIN:
    case BMP_KIND_BAM:
        *mv = EBU_TEAMS;
        return BMP_OK;
    default:
        return bmp_not_supported(c->err, "EBU awards for this kind of event", "EBU-36", "3.7",
                                 "Butler, team-of-two and single matches are not implemented");
    }
}

/* 4.5.1: the length of the matches: boards_per_match, else the shortest
 * match listed (0 when there are none). */
static int match_length(const bmp_event *ev)
{
    if (ev->boards_per_match > 0)
        return ev->boards_per_match;
    int b = 0;
    for (size_t k = 0; k < ev->nmatches; k++)
        if (ev->matches[k].boards > 0 && (b == 0 || ev->matches[k].boards < b))
            b = ev->matches[k].boards;
    return b;
}

/* 4.6.3 with the 4.6.6 a / 4.6.7 multipliers: the match award of each
 * contestant, summed over its matches (draws half), exact in eighths: the
 * sum x4 (a triangular draw is a quarter of a win) times mult2 (a multiplier
 * in halves), kept whole so that 3.4.1 rounds up only at the end. */
static bmp_status match_awards(ctx *c, int m4, int mult2, int64_t *award_x4, size_t n)
{
    const bmp_event *ev = c->ev;
    for (size_t i = 0; i < n; i++)
        award_x4[i] = 0;
    if (ev->nmatches == 0) {
        if (ev->boards_per_match < 1)
            return fail(c, BMP_EINVAL, "$.boards_per_match",
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
                return fail(c, BMP_EINVAL, path,
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
            return fail(c, BMP_EINVAL, path,
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
        for (size_t i = 0; i < n; i++) {
            const char *id = ev->contestants[i].id;
            if (draw && (strcmp(id, m->home) == 0 || strcmp(id, m->away) == 0))
                award_x4[i] += (int64_t)per * tri; /* 4.5.8: a draw is half a win */
            else if (!draw && win && strcmp(id, win) == 0)
                award_x4[i] += (int64_t)per * 2 * tri;
        }
    }
    for (size_t i = 0; i < n; i++)
        award_x4[i] = award_x4[i] * mult2; /* now x8 */
    return BMP_OK;
}

/* 4.5, 4.6 (EBU-70..EBU-85): award per match won plus ranking awards.
 * stage "basic": QA-QE ranking on the field (4.6.4); "final": a qualified
 * final (4.6.6: match multiplier by the proportion qualified, QF ranking on
 * the original entry); "consolation": 4.6.7 (multiplier by the proportion
 * in the consolation, QF ranking on C + N/3, maximum 180 at Club). */
static bmp_status match_won_event(ctx *c, int m4, ebu_move mv, int tables, int duration,
                                  const char *stage)
{
    const bmp_event *ev = c->ev;
    size_t n = ev->ncontestants;
    bool final = strcmp(stage, "final") == 0, cons = strcmp(stage, "consolation") == 0;
    int finalists = count_ranked(ev, NULL);
    int mult2 = 2, original = tables;
    const char *rule = "EBU-82", *section = "4.6.4";
    ebu_scale s;
    bmp_status st;
    if (final) {
        if (!bmp_params_has(&ev->params, "original_tables"))
            return fail(c, BMP_EINVAL, "$.params.original_tables",
                        "a qualified final needs the original entry (4.6.6)");
        original = (int)bmp_params_number(&ev->params, "original_tables", tables);
        mult2 = ebu_qualified_mult2(tables, original);
        s = ebu_qf_scale(m4, mv, original, finalists, false);
        rule = "EBU-84";
        section = "4.6.6";
    } else if (cons) {
        if (!bmp_params_has(&ev->params, "premier_tables") ||
            !bmp_params_has(&ev->params, "neither_tables"))
            return fail(c, BMP_EINVAL, "$.params",
                        "a consolation final needs premier_tables (P) and neither_tables (N) "
                        "(4.6.7)");
        int P = (int)bmp_params_number(&ev->params, "premier_tables", 0);
        int N = (int)bmp_params_number(&ev->params, "neither_tables", 0);
        int C = tables;
        if (!(C >= P && N >= 3 * C)) {
            /* 4.6.7 -> 4.3.3 (EBU-85, EBU-63): on its actual entry, one level
             * lower (never below Club), as an ordinary match-won event. */
            m4 = ebu_status_down_min_club(m4);
            if ((st = note(c, "match-won consolation fails 4.6.7 (C=%d, P=%d, N=%d): its "
                              "actual entry one level lower, %s (4.3.3)",
                           C, P, N, ebu_status_name(m4))))
                return st;
            s = ebu_qa_scale(m4, mv, tables, 0, false);
            rule = "EBU-63";
            section = "4.3.3";
        } else {
            int field = (int)bmp_params_number(&ev->params, "original_tables", P + C + N);
            mult2 = ebu_consolation_mult2(C, field);
            original = C + N / 3;
            s = ebu_qf_scale(m4, mv, original, finalists, true);
            rule = "EBU-85";
            section = "4.6.7";
        }
    } else {
        s = ebu_qa_scale(m4, mv, tables, 0, false);
    }
    int64_t *mx4 = calloc(n ? n : 1, sizeof *mx4);
    if (!mx4)
        return oom(c);
    st = match_awards(c, m4, mult2, mx4, n);
    if (st) {
        free(mx4);
        return st;
    }
    /* +50 % (maximum included) for a 72+-board event (4.6.4, QF note 1). */
    if (duration >= 72) {
        s.pct = 150;
        ebu_scale_cap(&s);
    }
    char per_win[64] = "per win by each match's boards (4.6.3)";
    if (ev->boards_per_match > 0)
        snprintf(per_win, sizeof per_win, "%d-board matches = %d per win", ev->boards_per_match,
                 ebu_match_won(m4, ev->boards_per_match));
    st = note(c,
              "EBU award per match won (4.5, 4.6): %s, %s%s; ranking "
              "Scale Q%s, %d tables, %d awards, top %.4g%s",
              ebu_status_name(m4), per_win,
              mult2 != 2 ? (cons ? " x consolation multiplier (4.6.7)"
                                 : " x qualified-final multiplier (4.6.6 a)")
                         : "",
              final || cons ? "F" : "A-E", s.tables, s.k, ebu_scale_top(&s),
              s.pct == 150 ? " (+50 %: 72+ boards)" : "");
    bmp_points mn = ebu_scale_min(&s);
    bool strat = bmp_params_bool(&ev->params, "stratified", false);
    int count[5] = {0};
    if (!st && strat)
        st = ebu_strat_counts(ev, count, c->err);
    for (size_t i = 0; !st && i < n; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        if (ct->phantom || without_standing(ct))
            continue;
        bmp_points match = bmp_div_round(mx4[i] * 100, 8, BMP_ROUND_CEIL, BMP_UNIT_WHOLE);
        bmp_place p = eligible_place(ev, i, NULL);
        bmp_points rank = p.lo > 0 ? ebu_scale_share(&s, p.lo, p.hi) : 0;
        if (strat) { /* 4.12.7 (EBU-112): the best Scale QS award */
            int bl;
            bmp_place bp;
            if ((st = ebu_strat_best(ev, i, count, m4, EBU_B36, mv, true, s.pct, &rank, &bl, &bp,
                                     c->err)))
                break;
        }
        /* 4.6.3 (EBU-81): a total below 6 x m is raised to 6 x m. */
        bool raised = false;
        if (match + rank > 0 && match + rank < mn) {
            match = mn - rank;
            raised = true;
        }
        char buf[32];
        fmt_pts(match, buf, sizeof buf);
        char ex[256];
        snprintf(ex, sizeof ex, "awards per match won%s, summed and rounded up = %s%s",
                 mult2 == 3 ? " x 1 1/2" : mult2 == 4 ? " x 2" : mult2 == 6 ? " x 3"
                 : mult2 == 8 ? " x 4" : "",
                 buf, raised ? " (raised so the event total is the minimum 6 x m, 4.6.3)" : "");
        st = emit(c, i, "match", "matches won", p, match,
                  raised ? "EBU-81" : mult2 != 2 ? (cons ? "EBU-85" : "EBU-83") : "EBU-80",
                  mult2 != 2 ? (cons ? "4.6.7" : "4.6.6") : "4.6.3", ex);
    }
    free(mx4);
    if (st)
        return st;
    if (strat)
        return ebu_strat_event(ev, m4, EBU_B36, mv, true, s.pct, c->colour, c->blue, c->out,
                               c->err);
    return award_ranking(c, &s, false, "ranking", rule, section, "ranking award");
}

bmp_status ebu_award_event(const bmp_event *ev, bmp_awards *out, bmp_error *err)
{
    ctx c = {ev, out, err, false, "local"};
    bmp_status st = bmp_params_check_event(ev, &ebu_param_specs, err); /* params.c */
    if (st)
        return st;
    int m4 = ebu_status_parse(ev->status);
    if (!ev->status || m4 == 0 || strlen(ev->status) == 1)
        return fail(&c, BMP_EINVAL, "$.status",
                    "expected the EBU status: club, district, county, regional or national "
                    "(3.2)%s%s",
                    ev->status ? ", got " : "", ev->status ? ev->status : "");
    const char *pts = bmp_params_string(&ev->params, "points", "local");
    if (ev->kind == BMP_KIND_KNOCKOUT) {
        /* 4.7 (EBU-86..93); Green Points only for a county teams KO (6.2.2). */
        bool green = strcmp(pts, "green") == 0;
        if (!green && strcmp(pts, "local") != 0 && strcmp(pts, "blue") != 0)
            return fail(&c, BMP_EINVAL, "$.params.points",
                        "expected \"local\", \"blue\" or \"green\", got \"%s\"", pts);
        if (strcmp(pts, "blue") == 0)
            return bmp_not_supported(err, "EBU Blue Point knock-outs", "EBU-117", "5.4", NULL);
        /* 1.2.4 (EBU-13): a major championship knock-out is one level up
         * (the 3-session limit applies "apart from knock-outs"). */
        if (!green && bmp_params_bool(&ev->params, "major", false)) {
            m4 = ebu_status_shift(m4, 1);
            if (m4 == 0)
                return bmp_not_supported(err, "EBU status changes beyond the defined levels",
                                         "EBU-13", "1.2.4", NULL);
            if ((st = note(&c, "major championship: status +1 (1.2.4)")))
                return st;
        }
        return ebu_ko_event(ev, m4, green, green ? "green" : "local", out, err);
    }
    if (strcmp(pts, "blue") == 0) {
        c.blue = true;
        c.colour = "blue";
    } else if (strcmp(pts, "green") == 0) {
        /* 6.5 (EBU-134..136): inter-county leagues are computable tables. */
        if (bmp_params_bool(&ev->params, "league", false) && teams_like_kind(ev->kind))
            return ebu_green_league_event(ev, out, err);
        /* 6.2.3 (EBU-122): county teams championship qualifying heats. */
        if (teams_like_kind(ev->kind) &&
            strcmp(bmp_params_string(&ev->params, "stage", "basic"), "qualifying") == 0) {
            int sessions = ev->sessions > 0 ? ev->sessions : 1;
            int duration =
                (int)bmp_params_number(&ev->params, "duration", (double)ev->boards * sessions);
            return ebu_green_heat_event(ev, duration, out, err);
        }
        return bmp_not_supported(err,
                                 "EBU Green Point events other than the county teams "
                                 "knock-out, its heats and inter-county leagues",
                                 "EBU-137", "6.6",
                                 "their intermediate awards use the EBU's standard formula, "
                                 "which the handbook does not give");
    } else if (strcmp(pts, "local") != 0) {
        return fail(&c, BMP_EINVAL, "$.params.points",
                    "expected \"local\", \"blue\" or \"green\", got \"%s\"", pts);
    }
    /* 4.9 (EBU-100, EBU-101): a section of an event in sections of
     * differing status has its own status, from the organisation's. */
    if (bmp_params_has(&ev->params, "sections") || bmp_params_has(&ev->params, "section")) {
        int ns = (int)bmp_params_number(&ev->params, "sections", 1);
        int sct = (int)bmp_params_number(&ev->params, "section", 1);
        int64_t num, den;
        if (m4 != EBU_M4_CLUB && m4 != EBU_M4_DISTRICT && m4 != EBU_M4_COUNTY)
            return bmp_not_supported(err, "EBU sections of differing status above County",
                                     "EBU-101", "4.9.4", "the handbook tables Club, District "
                                     "league and County organisations");
        if (sct > ns || !ebu_section_mult(m4, ns, sct, &num, &den))
            return fail(&c, BMP_EINVAL, "$.params.section",
                        "expected a section from 1 to params.sections (%d), got %d", ns, sct);
        if ((4 * num) % den != 0)
            return bmp_not_supported(err, "EBU section status between quarter levels",
                                     "EBU-101", "4.9.8", "constant reductions between the top "
                                     "and bottom sections give a multiplier that is not a "
                                     "quarter of Club");
        int org = m4;
        m4 = (int)(4 * num / den);
        if ((st = note(&c, "section %d of %d of a %s organisation: %s (4.9)", sct, ns,
                       ebu_status_name(org), ebu_status_name(m4))))
            return st;
    }
    /* 4.11 (EBU-103..106): the series bonus of a ladder. */
    if (bmp_params_bool(&ev->params, "ladder", false))
        return ebu_ladder_event(ev, m4, c.colour, c.blue, out, err);
    ebu_move mv = EBU_TEAMS;
    bool two_winner = false, four_winner = false;
    if ((st = movement(&c, &mv, &two_winner, &four_winner)))
        return st;
    /* 3.9.1 (EBU-38): duration = the most boards scheduled for any competitor. */
    int sessions = ev->sessions > 0 ? ev->sessions : 1;
    int duration = (int)bmp_params_number(&ev->params, "duration", (double)ev->boards * sessions);
    if (duration <= 0)
        return fail(&c, BMP_EINVAL, "$.boards",
                    "expected the boards played (boards per session, or params.duration) "
                    "(3.9.1)");
    ebu_band band;
    if (!ebu_band_of(duration, &band))
        return note(&c, "EBU: no master points: competitors must be scheduled for at least 12 "
                        "boards (3.1.2, EBU-28); this event has %d",
                    duration);
    /* 3.1.4 (EBU-29): a pairs event earns nothing unless every competitor is
     * scheduled for at least 70 % of the boards in play in the movement. */
    if ((ev->kind == BMP_KIND_PAIRS || ev->kind == BMP_KIND_SWISS_PAIRS) &&
        bmp_params_has(&ev->params, "boards_in_play")) {
        int used = (int)bmp_params_number(&ev->params, "boards_in_play", 0);
        /* The rule is per movement ("21 boards in a session, no more than 30
         * in play"): compare the boards of one session, not the event's
         * total (Audit ruling, docs/rulings.md EBU). */
        int sched = ev->boards > 0 ? ev->boards : duration;
        if (10 * (int64_t)sched < 7 * (int64_t)used)
            return note(&c, "EBU: no master points: %d boards scheduled of %d in play is below "
                            "70 %% (3.1.4, EBU-29)",
                        sched, used);
    }
    /* 4.1.3 (EBU-44): whole tables only; 3.3.3: teams count as tables. */
    int tables = (int)floor(ev->tables + 1e-9);
    int minimum = ebu_min_tables(mv, two_winner && !four_winner && mv == EBU_TEAMS &&
                                         ev->kind != BMP_KIND_INDIVIDUAL,
                                 four_winner);
    const char *stage = bmp_params_string(&ev->params, "stage", "basic");
    int original = (int)bmp_params_number(&ev->params, "original_tables", tables);
    /* 4.2.3 (EBU-53): the original entry is the first stage's full tables;
     * a later stage cannot have more tables than it (the awards would be
     * sized on a field smaller than the one playing). */
    if (original < tables)
        return fail(&c, BMP_EINVAL, "$.params.original_tables",
                    "the original entry (%d full tables) cannot be smaller than this stage's "
                    "%d full tables (4.2.3)",
                    original, tables);
    if (original < minimum)
        return note(&c, "EBU: no master points: the original entry (%d full tables) is below "
                        "the minimum of %d (3.1.1, EBU-27)",
                    original, minimum);
    bool major = bmp_params_bool(&ev->params, "major", false);
    if (major) { /* 1.2.4 (EBU-13): a major championship is one level higher */
        m4 = ebu_status_shift(m4, 1);
        if ((st = note(&c, "major championship: status +1 (1.2.4)")))
            return st;
    }

    /* 4.8 (EBU-94..99): teams leagues, status of the organisation. */
    if (bmp_params_bool(&ev->params, "league", false)) {
        if (!teams_like_kind(ev->kind))
            return fail(&c, BMP_EINVAL, "$.params.league", "a league is a teams event (4.8)");
        return ebu_league_event(ev, m4, duration, c.colour, c.blue, out, err);
    }
    /* 4.12 (EBU-107..113): stratified basic events. */
    if (bmp_params_bool(&ev->params, "stratified", false)) {
        if (two_winner || mv == EBU_INDIV_1W)
            return bmp_not_supported(err, "EBU stratified two-winner or individual events",
                                     "EBU-111", "4.12.6", NULL);
        if (strcmp(stage, "basic") != 0)
            return bmp_not_supported(err, "EBU stratified finals", "EBU-112", "4.12.7", NULL);
        bool tl = teams_like_kind(ev->kind);
        bool mw = duration >= 36 && (tl || match_length(ev) >= 6);
        if (mw) /* 4.12.7: match awards as usual, ranking by Scale QS */
            return match_won_event(&c, m4, mv, tables, duration, "basic");
        if (duration >= 72) {
            m4 = ebu_status_shift(m4, 1);
            if (m4 == 0)
                return bmp_not_supported(err, "EBU status changes beyond the defined levels", "EBU-48",
                                         "4.1.7", NULL);
        }
        return ebu_strat_event(ev, m4, band, mv, false, 100, c.colour, c.blue, out, err);
    }

    /* 4.5.1 (EBU-70): stages of 36+ boards with matches of 6+ boards, and any
     * teams event of 36+ boards, have an award per match won. */
    bool teams_like = teams_like_kind(ev->kind);
    bool has_matches = ev->boards_per_match > 0 || ev->nmatches > 0;
    bool match_won = duration >= 36 && (teams_like || (has_matches && match_length(ev) >= 6));
    if (match_won) {
        if (strcmp(stage, "later-qualifying") == 0 || strcmp(stage, "qualifying") == 0)
            return bmp_not_supported(err, "EBU qualifying stages with an award per match won",
                                     "EBU-59", "4.2.8", NULL);
        if (strcmp(stage, "basic") != 0 && strcmp(stage, "final") != 0 &&
            strcmp(stage, "consolation") != 0)
            return fail(&c, BMP_EINVAL, "$.params.stage",
                        "expected basic, qualifying, final, later-qualifying or consolation, "
                        "got \"%s\"", stage);
        /* 4.5.6, 4.6.1 (EBU-75): a 2- or 3-team final (or later stage) of an
         * original entry of 5+ full tables is a knock-out final, its round
         * numbered as in 4.7.9. */
        if (teams_like && strcmp(stage, "final") == 0 && tables <= 3 && original >= 5) {
            if (tables == 3)
                return bmp_not_supported(err, "EBU 3-team finals", "EBU-75", "4.5.6",
                                         "a 3-team final is a knock-out stage whose round "
                                         "number (4.7.9) the handbook does not define");
            if ((st = note(&c, "2-team final of an original entry of %d: a knock-out final "
                               "(4.5.6, 4.6.1)",
                           original)))
                return st;
            return ebu_ko_event(ev, m4, false, c.colour, out, err);
        }
        return match_won_event(&c, m4, mv, tables, duration, stage);
    }

    ebu_scale s;
    const char *rule, *section, *what;
    if (strcmp(stage, "basic") == 0 || strcmp(stage, "qualifying") == 0) {
        /* 4.1.7 (EBU-48): 72 boards or more, one level higher. */
        if (duration >= 72) {
            m4 = ebu_status_shift(m4, 1);
            if ((st = note(&c, "72 boards or more: status +1 (4.1.7)")))
                return st;
        }
        if (m4 == 0)
            return bmp_not_supported(err, "EBU status changes beyond the defined levels", "EBU-48",
                                     "4.1.7", "the handbook defines only one level above National");
        s = ebu_basic_scale(m4, band, mv, tables, strcmp(stage, "qualifying") == 0);
        rule = "EBU-46";
        section = "4.1.5";
        what = "basic event";
    } else if (strcmp(stage, "final") == 0 || strcmp(stage, "later-qualifying") == 0) {
        bool final = strcmp(stage, "final") == 0;
        if (!bmp_params_has(&ev->params, "original_tables"))
            return fail(&c, BMP_EINVAL, "$.params.original_tables",
                        "a final or later stage needs the original entry (full tables of the "
                        "first qualifying stage, 4.2.3)");
        int finalists = count_ranked(ev, two_winner ? "NS" : NULL);
        {
            int up = 0;
            /* 4.2.5 (EBU-56): a final (or later stage) of 36+ boards +1;
             * 4.2.6 (EBU-57): a final after two or more separate qualifying
             * stages with at most half the original field +1; together at
             * most +1. */
            if (band == EBU_B36)
                up = 1;
            if (final && bmp_params_bool(&ev->params, "separate_qualifying", false) &&
                2 * tables <= original)
                up = 1;
            /* 4.2.7 (EBU-58): a 12-17-board final -1 (cancels 4.2.6). */
            if (band == EBU_B12_17)
                up -= 1;
            if (up) {
                m4 = ebu_status_shift(m4, up);
                if ((st = note(&c, "%s: status %+d (4.2.5-4.2.7)", stage, up)))
                    return st;
            }
            if (m4 == 0)
                return bmp_not_supported(err, "EBU status beyond the defined levels", "EBU-58",
                                         "4.2.7", NULL);
        }
        s = ebu_qa_scale(m4, mv, original, finalists, !final);
        rule = finalists < s.k ? "EBU-55" : "EBU-54";
        section = "4.2.4";
        what = final ? "final (Scale QA-QE)" : "later qualifying stage (Scale QA-QE, max 180)";
    } else if (strcmp(stage, "consolation") == 0) {
        /* 4.3.3 (EBU-63): C >= P, and N >= C (12-35 boards) or N >= 3C (36+). */
        if (!bmp_params_has(&ev->params, "premier_tables") ||
            !bmp_params_has(&ev->params, "neither_tables"))
            return fail(&c, BMP_EINVAL, "$.params",
                        "a consolation final needs premier_tables (P) and neither_tables (N) "
                        "(4.3.3)");
        int P = (int)bmp_params_number(&ev->params, "premier_tables", 0);
        int N = (int)bmp_params_number(&ev->params, "neither_tables", 0);
        int C = tables;
        bool valid = C >= P && (band == EBU_B36 ? N >= 3 * C : N >= C);
        if (!valid) {
            m4 = ebu_status_down_min_club(m4);
            if ((st = note(&c, "consolation fails 4.3.3 (C=%d, P=%d, N=%d): a basic event on "
                               "its actual entry one level lower, %s",
                           C, P, N, ebu_status_name(m4))))
                return st;
            s = ebu_basic_scale(m4, band, mv, tables, false);
            rule = "EBU-63";
            section = "4.3.3";
            what = "consolation as a basic event";
        } else {
            /* 4.3.4 (EBU-64): original entry floor(C + N/3); 4.3.5 (EBU-65):
             * 36+ boards +1; 4.3.6 (EBU-66): maximum 3/5 of 300 = 180. */
            int orig = C + N / 3;
            /* 4.3.5: "exactly as though the consolation event were the
             * premier final": (a) the premier's 4.2.6 increase applies, (b)
             * 36+ boards +1 (together at most +1, 4.2.6), and the 12-17-board
             * decrease of 4.2.7 applies as it does to the final (Audit ruling,
             * docs/rulings.md EBU). */
            int up = band == EBU_B36 ? 1 : 0;
            int field = (int)bmp_params_number(&ev->params, "original_tables", P + C + N);
            if (bmp_params_bool(&ev->params, "separate_qualifying", false) && 2 * P <= field)
                up = 1;
            if (band == EBU_B12_17)
                up -= 1;
            if (up)
                m4 = ebu_status_shift(m4, up);
            if (m4 == 0)
                return bmp_not_supported(err, "EBU status beyond the defined levels", "EBU-65",
                                         "4.3.5", NULL);
            int finalists = count_ranked(ev, two_winner ? "NS" : NULL);
            s = ebu_qa_scale(m4, mv, orig, finalists, true);
            if ((st = note(&c, "consolation: original entry %d + %d/3 = %d (4.3.4), %s, max 180 "
                               "at Club (4.3.6)",
                           C, N, orig, ebu_status_name(m4))))
                return st;
            rule = "EBU-64";
            section = "4.3.4";
            what = "consolation final (Scale QA-QE)";
        }
    } else {
        return fail(&c, BMP_EINVAL, "$.params.stage",
                    "expected basic, qualifying, final, later-qualifying or consolation, got "
                    "\"%s\"",
                    stage);
    }
    if (s.capped && (st = note(&c, "theoretical maximum reached: top %.4g, %d awards by "
                                   "constant reductions (4.4.3, 4.4.9)",
                               ebu_scale_top(&s), s.k)))
        return st;
    if ((st = note(&c, "EBU %s: %s, %s, %d full tables, %d awards%s, top %.4g, minimum %lld",
                   what, ebu_status_name(m4), ebu_band_name(band), s.tables, s.k,
                   two_winner ? " per direction" : "", ebu_scale_top(&s),
                   (long long)(ebu_scale_min(&s) / 100))))
        return st;
    return award_ranking(&c, &s, two_winner, "ranking", rule, section, what);
}
