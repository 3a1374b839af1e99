/* EBU knock-out events (4.7): the award per match won rises each round
 * (4.7.7), by the round number the match would have had if every original
 * entrant had played knock-out throughout (4.7.9); consolation knock-outs
 * earn half (4.7.10).  A county teams championship played as a knock-out
 * earns Green Points per match won from the 6.2.2 table instead, with Gold
 * Points on an event total of 5 Green Points or more (2.5.1). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ebu/ebu_internal.h"

static int log2_floor(int n)
{
    int l = 0;
    while ((2 << l) <= n)
        l++;
    return l; /* 2^l <= n < 2^(l+1) */
}

/* The winner of match m: its id, "tie", or NULL if undecided. */
static const char *winner_of(const bmp_match *m)
{
    if (m->winner)
        return m->winner;
    if (!m->has_score)
        return NULL;
    if (m->home_score > m->away_score)
        return m->home;
    if (m->away_score > m->home_score)
        return m->away;
    return "tie";
}

static bmp_status ko_fail(bmp_error *err, const char *path, const char *msg)
{
    return bmp_error_set(err, BMP_EINVAL, "%s: %s", path, msg);
}

bmp_status ebu_ko_event(const bmp_event *ev, int m4, bool green, const char *colour,
                        bmp_awards *out, bmp_error *err)
{
    const char *type_s = bmp_params_string(&ev->params, "ko_type", "single-teams");
    int type = strcmp(type_s, "single-teams") == 0   ? 0
               : strcmp(type_s, "double-teams") == 0 ? 1
               : strcmp(type_s, "single-pairs") == 0 ? 2
                                                     : -1;
    if (type < 0)
        return bmp_error_set(err, BMP_EINVAL,
                             "$.params.ko_type: expected single-teams, double-teams or "
                             "single-pairs, got \"%s\" (4.7.2)",
                             type_s);
    if (type == 1 && green)
        return ebu_green_double_event(ev, out, err);
    if (type == 1)
        return ebu_ko_double_event(ev, m4, colour, out, err); /* ko_double.c, EG-8 */
    if (ev->nmatches == 0)
        return ko_fail(err, "$.matches", "a knock-out needs its matches (4.7)");
    int S = (int)(ev->tables + 1e-9); /* teams in this stage */
    int E = (int)bmp_params_number(&ev->params, "original_tables", S);
    bool cons = bmp_params_bool(&ev->params, "consolation", false);
    if (S < 2 || E < S)
        return ko_fail(err, "$.tables", "expected the teams in the knock-out (2 or more, and no "
                                        "more than params.original_tables)");
    /* 3.1.1 (EBU-27): no master points unless the original entry was 3
     * complete teams (a Green Point knock-out needs 3 as well, 6.2.2). */
    if (!green && E < 3)
        return bmp_awards_note(out, err, "EBU: no master points: the original entry (%d teams) is "
                                    "below the minimum of 3 (3.1.1, EBU-27)",
                               E);
    int lS = log2_floor(S), lE = log2_floor(E);
    bool prelim_first = (1 << lS) != S; /* 4.7.5: the first round has byes */
    /* 4.7.9 (EBU-92): handbook round of this stage's first full round. */
    int r1 = lE - lS + 1;
    int first_full = prelim_first ? 2 : 1;
    int rmax = ebu_ko_max_rounds(type);
    int excess = lE > rmax ? lE - rmax : 0; /* 4.7.4: the earliest rounds (AMB-11) */
    int grow = ebu_green_ko_row(E);
    if (green && grow < 0)
        return ko_fail(err, "$.tables", "a Green Point knock-out needs 3 or more teams (6.2.2)");

    size_t n = ev->ncontestants;
    int64_t *acc = calloc(n ? n : 1, sizeof *acc); /* local: x144; green: hundredths */
    char **why = calloc(n ? n : 1, sizeof *why);
    if (!acc || !why) {
        free(acc);
        free(why);
        return bmp_error_oom(err);
    }
    bmp_status st = BMP_OK;
    for (size_t k = 0; !st && k < ev->nmatches; k++) {
        const bmp_match *m = &ev->matches[k];
        char path[80];
        int boards = m->boards > 0 ? m->boards : ev->boards_per_match;
        snprintf(path, sizeof path, "$.matches[%zu]", k);
        if (m->round < 1 || m->round > lS + (prelim_first ? 1 : 0)) {
            st = bmp_error_set(err, BMP_EINVAL,
                               "%s.round: expected a round of this knock-out, 1 to %d", path,
                               lS + (prelim_first ? 1 : 0));
            break;
        }
        if (boards < 1) {
            st = bmp_error_set(err, BMP_EINVAL, "%s.boards: expected the boards of the match "
                                                "(or boards_per_match) (4.7.3)", path);
            break;
        }
        if (green && boards < 24) {
            st = bmp_error_set(err, BMP_EINVAL, "%s.boards: a Green Point knock-out match has "
                                                "at least 24 boards (6.2.1), got %d", path, boards);
            break;
        }
        const char *w = winner_of(m);
        if (!w)
            continue;
        bool prelim = prelim_first && m->round == 1;
        int teams_left = prelim ? S : (1 << lS) >> (m->round - first_full);
        int64_t value; /* per win */
        char desc[96];
        if (green) {
            /* 6.2.2: column by the teams left in the round. */
            int col = teams_left <= 2 ? 6 : teams_left <= 4 ? 5 : teams_left <= 8 ? 4
                      : teams_left <= 16 ? 3 : teams_left <= 32 ? 2 : teams_left <= 64 ? 1 : 0;
            value = ebu_green_ko(grow, col);
            snprintf(desc, sizeof desc, "round of %d: %.2f GP", teams_left, (double)value / 100);
        } else {
            int hr = prelim ? 0 : r1 + (m->round - first_full) - excess;
            int club = hr < 1 ? 27 : ebu_ko_club(type, hr);
            /* 4.7.3 (EBU-88): 36+-board matches one level higher; fewer than
             * 18 boards pro rata. */
            int m4m = boards >= 36 ? ebu_status_shift(m4, 1) : m4;
            if (m4m == 0) {
                st = bmp_not_supported(err, "EBU status beyond the defined levels", "EBU-88",
                                       "4.7.3", NULL);
                break;
            }
            int b = boards < 18 ? boards : 18;
            value = (int64_t)club * m4m * b * (cons ? 1 : 2); /* x 144 */
            snprintf(desc, sizeof desc, "%s %d: %d x %s%s%s", hr < 1 ? "preliminary" : "round",
                     hr < 1 ? 0 : hr, club, ebu_status_name(m4m),
                     b < 18 ? " x boards/18" : "", cons ? " x 1/2" : "");
        }
        bool tie = strcmp(w, "tie") == 0;
        /* The winner, or both teams of a draw, found by id (hash lookup). */
        const bmp_contestant *who[2] = {bmp_event_contestant(ev, tie ? m->home : w),
                                        tie ? bmp_event_contestant(ev, m->away) : NULL};
        if (who[1] && who[1] < who[0]) { /* in contestant order, as a scan finds them */
            const bmp_contestant *t = who[0];
            who[0] = who[1];
            who[1] = t;
        }
        for (int k = 0; k < 2 && !st; k++) {
            if (!who[k] || (k == 1 && who[1] == who[0]))
                continue;
            size_t i = (size_t)(who[k] - ev->contestants);
            /* 4.5.8 (EBU-77): a drawn match is half a win. */
            int64_t v = tie ? value / 2 : value;
            if (tie && green)
                v = bmp_div_round(value, 2, BMP_ROUND_CEIL, BMP_UNIT_CENT);
            acc[i] += v;
            size_t old = why[i] ? strlen(why[i]) : 0;
            char *nw = realloc(why[i], old + strlen(desc) + 16);
            if (!nw) {
                st = bmp_error_oom(err);
                break;
            }
            why[i] = nw;
            snprintf(why[i] + old, strlen(desc) + 16, "%s%s%s", old ? "; " : "", desc,
                     tie ? " (draw: half)" : "");
        }
    }
    for (size_t i = 0; !st && i < n; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        if (acc[i] <= 0 || ct->phantom)
            continue;
        bmp_award aw = {0};
        aw.contestant = i;
        aw.player = BMP_ALL_PLAYERS;
        aw.place = ct->place;
        /* Local: rounded up once, at the end (3.4.1). */
        aw.points = green ? acc[i] : bmp_div_round(acc[i] * 100, 144, BMP_ROUND_CEIL, BMP_UNIT_WHOLE);
        bmp_award_set(&aw, "match", "knock-out", colour, green ? "EBU-121" : "EBU-87",
                      green ? "6.2.2" : "4.7.7");
        if ((st = ebu_emit(ev, out, err, &aw, "per match won: %s", why[i])))
            break;
        /* 2.5.1 (EBU-3): 5 Green Points or more in one event also earn Gold
         * = Green / 5, to 0.01 (half up: docs/rulings.md EBU). */
        if (green && aw.points >= 500) {
            bmp_award g = aw;
            g.points = bmp_div_round(aw.points, 5, BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
            bmp_award_set(&g, "gold", "event", "gold", "EBU-3", "2.5.1");
            g.explain = NULL;
            if ((st = ebu_emit(ev, out, err, &g, "Gold = %.2f Green / 5 (2.5.1)",
                               (double)aw.points / 100)))
                break;
        }
    }
    for (size_t i = 0; i < n; i++)
        free(why[i]);
    free(why);
    free(acc);
    if (!st && bmp_awards_note(out, err,
                               "EBU knock-out (4.7): %d teams in the stage, original entry "
                                    "%d, first full round = Round %d (4.7.9)%s%s",
                               S, E, r1, cons ? ", consolation x 1/2 (4.7.10)" : "",
                               green ? "; Green Points per match won (6.2.2)" : ""))
        st = bmp_error_oom(err);
    return st;
}
