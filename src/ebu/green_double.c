/* EBU double-elimination county teams knock-out in Green Points (6.2.4,
 * EBU-123): the 6.2.2 award less 0.25 per match won, the column chosen by
 * the teams still in the competition (matches[].params.teams_left, whatever
 * their losses); a win in either of the first two rounds earns the minimum
 * 0.25; the winner of a match between two undefeated teams who then has a
 * bye is paid at the next round's award (matches[].params.bye_teams_left).
 * Rulings EG-7. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ebu/ebu_internal.h"

static int column_of(int teams_left)
{
    return teams_left <= 2 ? 6 : teams_left <= 4 ? 5 : teams_left <= 8 ? 4
           : teams_left <= 16 ? 3 : teams_left <= 32 ? 2 : teams_left <= 64 ? 1 : 0;
}

/* The award (hundredths) of a win of match k, or an error naming its path. */
static bmp_status win_value(const bmp_event *ev, size_t k, int row, bmp_points *v, char *why,
                            size_t cap, bmp_error *err)
{
    const bmp_match *m = &ev->matches[k];
    bool bye = bmp_params_has(&m->params, "bye_teams_left");
    int round = m->round + (bye ? 1 : 0);
    if (m->round < 1)
        return bmp_error_set(err, BMP_EINVAL, "$.matches[%zu].round: expected 1 or more", k);
    if (round <= 2) {
        *v = 25;
        snprintf(why, cap, "round %d%s: the minimum 0.25 (6.2.4)", round,
                 bye ? " (bye next)" : "");
        return BMP_OK;
    }
    const char *key = bye ? "bye_teams_left" : "teams_left";
    if (!bmp_params_has(&m->params, key))
        return bmp_error_set(err, BMP_EINVAL,
                             "$.matches[%zu].params.teams_left: expected the number of teams "
                             "still in the competition in round %d (6.2.4, EBU-123)", k, round);
    int left = (int)bmp_params_number(&m->params, key, 0);
    bmp_points base = ebu_green_ko(row, column_of(left));
    if (base == 0)
        return bmp_error_set(err, BMP_EINVAL,
                             "$.matches[%zu].params.%s: %d teams left is more than the "
                             "event's entry (6.2.2)", k, key, left);
    *v = base - 25 < 25 ? 25 : base - 25;
    snprintf(why, cap, "round %d, %d teams left%s: %.2f - 0.25", round, left,
             bye ? " (the next round's: bye)" : "", (double)base / 100);
    return BMP_OK;
}

static const char *winner_of(const bmp_match *m)
{
    if (m->winner)
        return m->winner;
    if (!m->has_score)
        return NULL;
    return m->home_score > m->away_score   ? m->home
           : m->away_score > m->home_score ? m->away
                                           : "tie";
}

static bmp_status emit(const bmp_event *ev, const bmp_points *acc, bmp_awards *out,
                       bmp_error *err)
{
    bmp_status st = BMP_OK;
    for (size_t i = 0; !st && i < ev->ncontestants; i++) {
        if (acc[i] <= 0 || ev->contestants[i].phantom)
            continue;
        bmp_award aw = {0};
        aw.contestant = i;
        aw.player = BMP_ALL_PLAYERS;
        aw.place = ev->contestants[i].place;
        aw.points = acc[i];
        bmp_award_set(&aw, "match", "knock-out", "green", "EBU-123", "6.2.4");
        st = ebu_emit(ev, out, err, &aw, "double elimination: 6.2.2 less 0.25 per match won");
        if (!st && acc[i] >= 500) { /* 2.5.1 (EBU-3) */
            bmp_award g = aw;
            g.points = bmp_div_round(acc[i], 5, BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
            bmp_award_set(&g, "gold", "event", "gold", "EBU-3", "2.5.1");
            st = ebu_emit(ev, out, err, &g, "Gold = %.2f Green / 5 (2.5.1)",
                          (double)acc[i] / 100);
        }
    }
    return st;
}

static bmp_status check_boards(const bmp_event *ev, size_t k, bmp_error *err)
{
    const bmp_match *m = &ev->matches[k];
    int boards = m->boards > 0 ? m->boards : ev->boards_per_match;
    if (boards < 24)
        return bmp_error_set(err, BMP_EINVAL, "$.matches[%zu].boards: a Green Point knock-out "
                                              "match has at least 24 boards (6.2.1), got %d",
                             k, boards);
    return BMP_OK;
}

bmp_status ebu_green_double_event(const bmp_event *ev, bmp_awards *out, bmp_error *err)
{
    int E = (int)bmp_params_number(&ev->params, "original_tables", ev->tables);
    int row = ebu_green_ko_row(E);
    if (row < 0)
        return bmp_error_set(err, BMP_EINVAL,
                             "$.tables: a Green Point knock-out needs 3 or more teams (6.2.2)");
    if (ev->nmatches == 0)
        return bmp_error_set(err, BMP_EINVAL, "$.matches: a knock-out needs its matches (4.7)");
    bmp_points *acc = calloc(ev->ncontestants ? ev->ncontestants : 1, sizeof *acc);
    if (!acc)
        return bmp_error_oom(err);
    bmp_status st = BMP_OK;
    char why[128];
    for (size_t k = 0; !st && k < ev->nmatches; k++) {
        const bmp_match *m = &ev->matches[k];
        const char *w = winner_of(m);
        bmp_points v = 0;
        if ((st = check_boards(ev, k, err)) || !w ||
            (st = win_value(ev, k, row, &v, why, sizeof why, err)))
            continue;
        bool tie = strcmp(w, "tie") == 0;
        const char *ids[2] = {tie ? m->home : w, tie ? m->away : NULL};
        for (int s = 0; s < 2 && ids[s] && !st; s++) {
            const bmp_contestant *ct = bmp_event_contestant(ev, ids[s]);
            if (!ct)
                st = bmp_error_set(err, BMP_EINVAL, "$.matches[%zu]: no contestant \"%s\"", k,
                                   ids[s]);
            else /* a draw: half, up to 0.01 (as the single-elimination KO) */
                acc[ct - ev->contestants] += tie ? (v + 1) / 2 : v;
        }
    }
    if (!st)
        st = emit(ev, acc, out, err);
    free(acc);
    return st;
}
