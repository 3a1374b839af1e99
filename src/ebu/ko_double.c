/* EBU double-elimination teams knock-out in Local Points (4.7.7 second row,
 * 4.7.8: EBU-86, EBU-87, EBU-91).  The round of each match is the event's
 * own round, 1 = the first the whole entry plays (matches[].round; ruling
 * EG-8): 27, 27, 27, 27, 38, 54, 76, 108, 152 (prelim, rounds 1-8) at Club,
 * times the status (4.7.6), 36+-board matches one level up, under 18 boards
 * pro rata (4.7.3), rounds beyond 8 as a preliminary (4.7.4), a consolation
 * half (4.7.10).  An undefeated team's late bye (contestant param
 * late_bye_round) earns 2/3 of that round's win (4.7.8).  Sums are exact,
 * in 1/432 of a point, and rounded up once (3.4.1). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ebu/ebu_internal.h"

/* One win of `round` at status m4 with `boards` boards, in 1/432 points;
 * 0 and an error when the status has no level above. */
static int64_t win_x432(int m4, int round, int boards, bool cons, bmp_error *err)
{
    int club = round < 1 ? 27 : ebu_ko_club(1, round); /* beyond 8: prelim (4.7.4) */
    int m4m = boards >= 36 ? ebu_status_shift(m4, 1) : m4;
    if (m4m == 0) {
        bmp_not_supported(err, "EBU status beyond the defined levels", "EBU-88", "4.7.3", NULL);
        return 0;
    }
    int b = boards < 18 ? boards : 18;
    return (int64_t)club * m4m * b * (cons ? 1 : 2) * 3; /* club x m4/4 x b/18 = /144, x3 */
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

static bmp_status matches(const bmp_event *ev, int m4, bool cons, int64_t *acc, bmp_error *err)
{
    for (size_t k = 0; k < ev->nmatches; k++) {
        const bmp_match *m = &ev->matches[k];
        int boards = m->boards > 0 ? m->boards : ev->boards_per_match;
        if (boards < 1)
            return bmp_error_set(err, BMP_EINVAL, "$.matches[%zu].boards: expected the boards "
                                                  "of the match (or boards_per_match) (4.7.3)", k);
        const char *w = winner_of(m);
        if (!w)
            continue;
        int64_t v = win_x432(m4, m->round, boards, cons, err);
        if (v == 0)
            return BMP_ENOTSUP;
        bool tie = strcmp(w, "tie") == 0; /* 4.5.8: half a win each */
        const char *ids[2] = {tie ? m->home : w, tie ? m->away : NULL};
        for (int s = 0; s < 2 && ids[s]; s++)
            acc[bmp_event_contestant(ev, ids[s]) - ev->contestants] += tie ? v / 2 : v;
    }
    return BMP_OK;
}

/* 4.7.8 (EBU-91): 2/3 of the win of the bye's round. */
static bmp_status late_byes(const bmp_event *ev, int m4, bool cons, int64_t *acc, bmp_error *err)
{
    for (size_t i = 0; i < ev->ncontestants; i++) {
        const bmp_params *p = &ev->contestants[i].params;
        if (!bmp_params_has(p, "late_bye_round"))
            continue;
        int r = (int)bmp_params_number(p, "late_bye_round", 0);
        int64_t v = win_x432(m4, r, ev->boards_per_match > 0 ? ev->boards_per_match : 18, cons,
                             err);
        if (v == 0)
            return BMP_ENOTSUP;
        acc[i] += v / 3 * 2;
    }
    return BMP_OK;
}

bmp_status ebu_ko_double_event(const bmp_event *ev, int m4, const char *colour, bmp_awards *out,
                               bmp_error *err)
{
    int E = (int)bmp_params_number(&ev->params, "original_tables", ev->tables);
    bool cons = bmp_params_bool(&ev->params, "consolation", false);
    if (E < 3) /* 3.1.1 (EBU-27) */
        return bmp_awards_note(out, err, "EBU: no master points: the original entry (%d teams) "
                                         "is below the minimum of 3 (3.1.1, EBU-27)", E);
    if (ev->nmatches == 0)
        return bmp_error_set(err, BMP_EINVAL, "$.matches: a knock-out needs its matches (4.7)");
    int64_t *acc = calloc(ev->ncontestants ? ev->ncontestants : 1, sizeof *acc);
    if (!acc)
        return bmp_error_oom(err);
    bmp_status st = matches(ev, m4, cons, acc, err);
    if (!st)
        st = late_byes(ev, m4, cons, acc, err);
    for (size_t i = 0; !st && i < ev->ncontestants; i++) {
        if (acc[i] <= 0 || ev->contestants[i].phantom)
            continue;
        bmp_award aw = {0};
        aw.contestant = i;
        aw.player = BMP_ALL_PLAYERS;
        aw.place = ev->contestants[i].place;
        aw.points = bmp_div_round(acc[i] * 100, 432, BMP_ROUND_CEIL, BMP_UNIT_WHOLE);
        bool bye = bmp_params_has(&ev->contestants[i].params, "late_bye_round");
        bmp_award_set(&aw, "match", "knock-out", colour, bye ? "EBU-91" : "EBU-87",
                      bye ? "4.7.8" : "4.7.7");
        st = ebu_emit(ev, out, err, &aw, "double elimination at %s: per match won (4.7.7)%s%s",
                      ebu_status_name(m4), bye ? ", late bye 2/3 (4.7.8)" : "",
                      cons ? ", consolation x 1/2" : "");
    }
    free(acc);
    return st;
}
