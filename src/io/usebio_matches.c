/* USEBIO reader: MATCH records -> bmp_match, and wins recomputed from them
 * (ecosystem.md §2.4 rule 5, rulings U-10). */
#include <ctype.h>
#include <errno.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bridgemp/bridgemp.h"
#include "core/util.h"
#include "io/usebio_internal.h"
#include "io/usebio_read.h"

/* ---- matches ----------------------------------------------------------- */

/* Contestant i's id after its section ("1" of "A:1"), NULL without one. */
static const char *id_number(const void *arr, size_t i)
{
    const char *colon = strchr(((const bmp_contestant *)arr)[i].id, ':');
    return colon ? colon + 1 : NULL;
}

/* The index of the ids after their sections, built once. */
static bmp_status build_numbers(rd *r)
{
    bmp_event *ev = r->ev;
    size_t n = ev->ncontestants;
    if (!core_strindex_init(&r->sfx, n, id_number, ev->contestants) ||
        !(r->sfx_amb = calloc(n ? n : 1, 1)))
        return ub_oom(r);
    for (size_t i = 0; i < n; i++) {
        if (!id_number(ev->contestants, i))
            continue;
        bool dup = false;
        size_t first = 0;
        if (!core_strindex_add(&r->sfx, i, &dup, &first))
            return ub_oom(r);
        if (dup)
            r->sfx_amb[first] = 1;
    }
    return BMP_OK;
}

/* A MATCH side's id as a contestant's: with several sections the ids are
 * "A:1" and a MATCH names "1", which must then be in one section only. */
static bmp_status resolve_side(rd *r, char **name, xmlNode *where)
{
    bmp_event *ev = r->ev;
    if (ub_find_contestant(r, *name) >= 0)
        return BMP_OK;
    bmp_status st = r->sfx_amb ? BMP_OK : build_numbers(r);
    size_t pos = 0;
    if (st)
        return st;
    if (!core_strindex_find(&r->sfx, *name, &pos) || r->sfx_amb[pos])
        return ub_fail(r, where, BMP_EINVAL, "%s participant with id \"%.40s\"",
                       core_strindex_find(&r->sfx, *name, &pos)
                           ? "more than one (in different sections)"
                           : "no",
                       *name);
    char *q = core_strdup(ev->contestants[pos].id);
    if (!q)
        return ub_oom(r);
    free(*name);
    *name = q;
    return BMP_OK;
}

/* The two sides: TEAM and OPPOSING_TEAM, or NS_ and EW_PAIR_NUMBER. */
static bmp_status match_sides(rd *r, xmlNode *n, char **home, char **away)
{
    bmp_status st = BMP_OK;
    xmlNode *wh = NULL, *wa = NULL;
    *home = ub_child_text(r, n, "TEAM", &wh, &st);
    if (!*home && !st)
        *home = ub_child_text(r, n, "NS_PAIR_NUMBER", &wh, &st);
    *away = st ? NULL : ub_child_text(r, n, "OPPOSING_TEAM", &wa, &st);
    if (!*away && !st)
        *away = ub_child_text(r, n, "EW_PAIR_NUMBER", &wa, &st);
    if (!st && (!*home || !*away))
        st = ub_fail(r, n, BMP_EINVAL,
                     "a MATCH needs TEAM and OPPOSING_TEAM (or NS_PAIR_NUMBER and EW_PAIR_NUMBER)");
    if (!st)
        st = resolve_side(r, home, wh);
    if (!st)
        st = resolve_side(r, away, wa);
    /* A team against itself would credit a win to the wrong team (the JSON
     * reader refuses it too, so convert's output stays loadable). */
    if (!st && strcmp(*home, *away) == 0)
        st = ub_fail(r, wa ? wa : n, BMP_EINVAL,
                     "a team cannot play itself: \"%.40s\" on both sides", *home);
    return st;
}

/* A new match (the sides' ids taken over). */
static bmp_match *match_add(rd *r, char *home, char *away)
{
    bmp_event *ev = r->ev;
    bmp_match *nm = core_grow(ev->matches, &r->mcap, ev->nmatches, sizeof *nm);
    if (!nm) {
        free(home);
        free(away);
        return NULL;
    }
    ev->matches = nm;
    bmp_match *m = &ev->matches[ev->nmatches++];
    memset(m, 0, sizeof *m);
    m->home = home;
    m->away = away;
    return m;
}

/* The scores as written: raw (TEAM_SCORE / NS_SCORE...) and VPs. */
typedef struct match_scores {
    double hs, as, hv, av;
    bool h1, a1, h2, a2;
} match_scores;

static bmp_status read_scores(rd *r, xmlNode *n, match_scores *s)
{
    bmp_status st;
    if ((st = ub_child_number(r, n, "TEAM_SCORE", -1e6, 1e6, &s->hs, &s->h1)) ||
        (!s->h1 && (st = ub_child_number(r, n, "NS_SCORE", -1e6, 1e6, &s->hs, &s->h1))) ||
        (st = ub_child_number(r, n, "OPPOSING_TEAM_SCORE", -1e6, 1e6, &s->as, &s->a1)) ||
        (!s->a1 && (st = ub_child_number(r, n, "EW_SCORE", -1e6, 1e6, &s->as, &s->a1))) ||
        (st = ub_child_number(r, n, "TEAM_VICTORY_POINTS", -1e6, 1e6, &s->hv, &s->h2)) ||
        (!s->h2 && (st = ub_child_number(r, n, "NS_VICTORY_POINTS", -1e6, 1e6, &s->hv, &s->h2))) ||
        (st = ub_child_number(r, n, "OPPOSING_TEAM_VICTORY_POINTS", -1e6, 1e6, &s->av, &s->a2)) ||
        (!s->a2 && (st = ub_child_number(r, n, "EW_VICTORY_POINTS", -1e6, 1e6, &s->av, &s->a2))))
        return st;
    if (s->h1 != s->a1 || s->h2 != s->a2)
        return ub_fail(r, n, BMP_EINVAL, "a MATCH needs both sides' %s, or neither",
                       s->h1 != s->a1 ? "scores" : "victory points");
    return BMP_OK;
}

/* MATCH_SCORING_METHOD VPS (or VP) with no *_VICTORY_POINTS: TEAM_SCORE
 * and OPPOSING_TEAM_SCORE are the victory points (EBU TeamsScorer writes
 * 12-8 there), never an IMP difference (issue 43, rulings U-47).  With
 * *_VICTORY_POINTS beside them they stay the IMP fields (IU's reading). */
static void scores_by_method(const rd *r, match_scores *s)
{
    const char *m = bmp_params_string(&r->ev->params, "usebio.match_scoring", "");
    if (strncmp(m, "VP", 2) != 0 || !s->h1 || s->h2)
        return;
    s->hv = s->hs;
    s->av = s->as;
    s->h2 = s->a2 = true;
    s->h1 = s->a1 = false;
}

static int sign_of(double v)
{
    return v > 1e-9 ? 1 : v < -1e-9 ? -1 : 0;
}

/* The BOARD elements: their number, and their IMPs (first-named side's
 * view), checked against the match's IMP fields when it has them: a
 * difference that names the same winner changes no award and is a warning;
 * one that names another winner is refused (U-47). */
static bmp_status read_boards(rd *r, xmlNode *n, const match_scores *s, int *boards,
                              double *imps, bool *has_imps)
{
    bmp_status st;
    for (xmlNode *b = n->children; b; b = b->next) {
        if (!ub_is(b, "BOARD"))
            continue;
        (*boards)++;
        double v = 0;
        bool has = false;
        if ((st = ub_child_number(r, b, "IMPS", -1000, 1000, &v, &has)))
            return st;
        if (has) {
            *imps += v;
            *has_imps = true;
        }
    }
    if (!*has_imps || !s->h1 || fabs(*imps - (s->hs - s->as)) <= 1e-9)
        return BMP_OK;
    if (sign_of(*imps) != sign_of(s->hs - s->as))
        return ub_fail(r, n, BMP_EINVAL,
                       "the BOARD IMPS sum to %g but TEAM_SCORE - OPPOSING_TEAM_SCORE is %g: "
                       "they name different winners",
                       *imps, s->hs - s->as);
    return ub_warn(r, n,
                   "the BOARD IMPS sum to %g but TEAM_SCORE - OPPOSING_TEAM_SCORE is %g "
                   "(the same winner: TEAM_SCORE taken)",
                   *imps, s->hs - s->as);
}

/* The match score: VPs where given (what a Swiss ranks on), and the raw
 * score kept in params; the winner from the raw score (rule 5: never from
 * VPs alone when the IMPs are known, board IMPs when they are all). */
static bmp_status match_result(rd *r, bmp_match *m, match_scores s, double imps, bool has_imps)
{
    if (s.h2) {
        m->has_score = true;
        m->home_score = s.hv;
        m->away_score = s.av;
        if (s.h1 && (io_param_number(&m->params, "usebio.home_imps", s.hs) ||
                     io_param_number(&m->params, "usebio.away_imps", s.as)))
            return ub_oom(r);
    } else if (s.h1) {
        m->has_score = true;
        m->home_score = s.hs;
        m->away_score = s.as;
    }
    if (!s.h1 && has_imps) {
        s.h1 = true;
        s.hs = imps > 0 ? imps : 0;
        s.as = imps < 0 ? -imps : 0;
    }
    double a = s.h1 ? s.hs : s.hv, b = s.h1 ? s.as : s.av;
    if (s.h1 || s.h2) {
        const char *w = a > b ? m->home : a < b ? m->away : "tie";
        if (!(m->winner = core_strdup(w)))
            return ub_oom(r);
    }
    return BMP_OK;
}

bmp_status ub_read_match(rd *r, xmlNode *n, int session)
{
    bmp_event *ev = r->ev;
    char *home = NULL, *away = NULL;
    bmp_status st = match_sides(r, n, &home, &away);
    if (st) {
        free(home);
        free(away);
        return st;
    }
    bmp_match *m = match_add(r, home, away);
    if (!m)
        return ub_oom(r);
    int round = 0;
    bool has = false;
    if ((st = ub_child_int(r, n, "ROUND_NUMBER", 0, 100000, &round, &has)))
        return st;
    m->round = round;
    if (session && ev->sessions > 1 && !(m->stage = core_asprintf("session %d", session)))
        return ub_oom(r);
    match_scores s = {0};
    int boards = 0;
    double imps = 0;
    bool has_imps = false;
    if ((st = read_scores(r, n, &s)))
        return st;
    scores_by_method(r, &s);
    if ((st = read_boards(r, n, &s, &boards, &imps, &has_imps)))
        return st;
    m->boards = boards ? boards : ev->boards_per_match;
    return match_result(r, m, s, imps, has_imps);
}

/* Wins from the matches (rule 5), overriding WINS_OR_DRAWS: one pass over
 * the matches, each side found through the id hash. */
void ub_tally_matches(rd *r)
{
    bmp_event *ev = r->ev;
    if (!ev->nmatches)
        return;
    for (size_t i = 0; i < ev->ncontestants; i++) {
        bmp_contestant *c = &ev->contestants[i];
        c->matches_played = c->matches_won = 0;
        c->match_wins = 0;
    }
    for (size_t k = 0; k < ev->nmatches; k++) {
        const bmp_match *m = &ev->matches[k];
        long side[2] = {ub_find_contestant(r, m->home), ub_find_contestant(r, m->away)};
        bool tie = m->winner && strcmp(m->winner, "tie") == 0;
        for (int j = 0; j < 2; j++) {
            if (side[j] < 0 || (j == 1 && side[1] == side[0]))
                continue;
            bmp_contestant *c = &ev->contestants[side[j]];
            c->matches_played++;
            if (tie)
                c->match_wins += 0.5;
            else if (m->winner && strcmp(m->winner, c->id) == 0) {
                c->matches_won++;
                c->match_wins += 1;
            }
        }
    }
}
