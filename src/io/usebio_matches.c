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

bmp_status ub_read_match(rd *r, xmlNode *n, int session)
{
    bmp_event *ev = r->ev;
    bmp_status st = BMP_OK;
    xmlNode *wh = NULL, *wa = NULL;
    char *home = ub_child_text(r, n, "TEAM", &wh, &st);
    if (!home && !st)
        home = ub_child_text(r, n, "NS_PAIR_NUMBER", &wh, &st);
    char *away = st ? NULL : ub_child_text(r, n, "OPPOSING_TEAM", &wa, &st);
    if (!away && !st)
        away = ub_child_text(r, n, "EW_PAIR_NUMBER", &wa, &st);
    if (!st && (!home || !away))
        st = ub_fail(r, n, BMP_EINVAL,
                     "a MATCH needs TEAM and OPPOSING_TEAM (or NS_PAIR_NUMBER and EW_PAIR_NUMBER)");
    char **names[2] = {&home, &away};
    xmlNode *where[2] = {wh, wa};
    for (int k = 0; k < 2 && !st; k++)
        if (ub_find_contestant(r, *names[k]) < 0) {
            /* With several sections the ids are "A:1"; a MATCH names "1". */
            long only = -1;
            size_t l = strlen(*names[k]);
            for (size_t i = 0; i < ev->ncontestants && only != -2; i++) {
                const char *id = ev->contestants[i].id, *colon = strchr(id, ':');
                if (colon && strlen(colon + 1) == l && strcmp(colon + 1, *names[k]) == 0)
                    only = only == -1 ? (long)i : -2;
            }
            if (only >= 0) {
                char *q = bmp_strdup(ev->contestants[only].id);
                if (!q) {
                    st = ub_oom(r);
                    break;
                }
                free(*names[k]);
                *names[k] = q;
            } else {
                st = ub_fail(r, where[k], BMP_EINVAL, "%s participant with id \"%.40s\"",
                             only == -2 ? "more than one (in different sections)" : "no",
                             *names[k]);
            }
        }
    /* A team against itself would credit a win to the wrong team (the JSON
     * reader refuses it too, so convert's output stays loadable). */
    if (!st && strcmp(home, away) == 0)
        st = ub_fail(r, wa ? wa : n, BMP_EINVAL, "a team cannot play itself: \"%.40s\" on both sides",
                     home);
    if (st) {
        free(home);
        free(away);
        return st;
    }
    if (ev->nmatches == r->mcap) {
        size_t cap = r->mcap ? r->mcap * 2 : 16;
        bmp_match *nm = realloc(ev->matches, cap * sizeof *nm);
        if (!nm) {
            free(home);
            free(away);
            return ub_oom(r);
        }
        ev->matches = nm;
        r->mcap = cap;
    }
    bmp_match *m = &ev->matches[ev->nmatches++];
    memset(m, 0, sizeof *m);
    m->home = home;
    m->away = away;
    int round = 0;
    bool has = false;
    if ((st = ub_child_int(r, n, "ROUND_NUMBER", 0, 100000, &round, &has)))
        return st;
    m->round = round;
    if (session && ev->sessions > 1 && !(m->stage = bmp_asprintf("session %d", session)))
        return ub_oom(r);
    double hs = 0, as = 0, hv = 0, av = 0;
    bool h1 = false, a1 = false, h2 = false, a2 = false;
    if ((st = ub_child_number(r, n, "TEAM_SCORE", -1e6, 1e6, &hs, &h1)) ||
        (!h1 && (st = ub_child_number(r, n, "NS_SCORE", -1e6, 1e6, &hs, &h1))) ||
        (st = ub_child_number(r, n, "OPPOSING_TEAM_SCORE", -1e6, 1e6, &as, &a1)) ||
        (!a1 && (st = ub_child_number(r, n, "EW_SCORE", -1e6, 1e6, &as, &a1))) ||
        (st = ub_child_number(r, n, "TEAM_VICTORY_POINTS", -1e6, 1e6, &hv, &h2)) ||
        (!h2 && (st = ub_child_number(r, n, "NS_VICTORY_POINTS", -1e6, 1e6, &hv, &h2))) ||
        (st = ub_child_number(r, n, "OPPOSING_TEAM_VICTORY_POINTS", -1e6, 1e6, &av, &a2)) ||
        (!a2 && (st = ub_child_number(r, n, "EW_VICTORY_POINTS", -1e6, 1e6, &av, &a2))))
        return st;
    if (h1 != a1 || h2 != a2)
        return ub_fail(r, n, BMP_EINVAL, "a MATCH needs both sides' %s, or neither",
                       h1 != a1 ? "scores" : "victory points");
    /* Board IMPs (first-named side's view) must agree with the match score. */
    int boards = 0;
    double imps = 0;
    bool has_imps = false;
    for (xmlNode *b = n->children; b; b = b->next) {
        if (!ub_is(b, "BOARD"))
            continue;
        boards++;
        double v = 0;
        bool hv2 = false;
        if ((st = ub_child_number(r, b, "IMPS", -1000, 1000, &v, &hv2)))
            return st;
        if (hv2) {
            imps += v;
            has_imps = true;
        }
    }
    if (has_imps && h1 && fabs(imps - (hs - as)) > 1e-9)
        return ub_fail(r, n, BMP_EINVAL,
                       "the BOARD IMPS sum to %g but TEAM_SCORE - OPPOSING_TEAM_SCORE is %g", imps,
                       hs - as);
    m->boards = boards ? boards : ev->boards_per_match;
    /* The match score: VPs where given (what a Swiss ranks on), and the raw
     * score kept in params; the winner from the raw score (rule 5: never
     * from VPs alone when the IMPs are known). */
    if (h2) {
        m->has_score = true;
        m->home_score = hv;
        m->away_score = av;
        if (h1 && (bmp_io_param_number(&m->params, "usebio.home_imps", hs) ||
                   bmp_io_param_number(&m->params, "usebio.away_imps", as)))
            return ub_oom(r);
    } else if (h1) {
        m->has_score = true;
        m->home_score = hs;
        m->away_score = as;
    }
    if (!h1 && has_imps) {
        /* Only board IMPs: they decide the winner, even when VPs are given
         * (rule 5: never the VPs alone when the IMPs are known). */
        h1 = true;
        hs = imps > 0 ? imps : 0;
        as = imps < 0 ? -imps : 0;
    }
    double a = h1 ? hs : hv, b = h1 ? as : av;
    if (h1 || h2) {
        const char *w = a > b ? m->home : a < b ? m->away : "tie";
        if (!(m->winner = bmp_strdup(w)))
            return ub_oom(r);
    }
    return BMP_OK;
}

/* Wins from the matches (rule 5), overriding WINS_OR_DRAWS. */
void ub_tally_matches(rd *r)
{
    bmp_event *ev = r->ev;
    if (!ev->nmatches)
        return;
    for (size_t i = 0; i < ev->ncontestants; i++) {
        bmp_contestant *c = &ev->contestants[i];
        int played = 0, won = 0, tied = 0;
        for (size_t k = 0; k < ev->nmatches; k++) {
            const bmp_match *m = &ev->matches[k];
            bool in = strcmp(m->home, c->id) == 0 || strcmp(m->away, c->id) == 0;
            if (!in)
                continue;
            played++;
            if (m->winner && strcmp(m->winner, "tie") == 0)
                tied++;
            else if (m->winner && strcmp(m->winner, c->id) == 0)
                won++;
        }
        c->matches_played = played;
        c->matches_won = won;
        c->match_wins = won + 0.5 * tied;
    }
}
