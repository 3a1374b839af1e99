/* EBU teams leagues (4.8): the key figure K of a division (4.8.5-4.8.7) is
 * the award per match won (18-35-board matches; pro rata below 18, +50 % for
 * 36+, 4.8.2) and the step of the ranking awards k K, (k-1) K, ..., K to the
 * top quarter of the division (4.8.3, 4.8.4); a division playing only 36-71
 * boards has its ranking awards cut by a third (4.8.3). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ebu/ebu_internal.h"

/* 6.5.5 (EBU-136): the bonus wins of place i of a division of *(int *)teams teams. */
static bmp_status bonus_wins(void *teams, int place, core_exact *v)
{
    *v = core_exact_q(ebu_green_league_bonus(*(int *)teams, place), 1);
    return BMP_OK;
}

static const char *winner_of(const bmp_match *m)
{
    if (m->winner)
        return m->winner;
    if (!m->has_score)
        return NULL;
    return m->home_score > m->away_score ? m->home
           : m->away_score > m->home_score ? m->away
                                           : "tie";
}

/* Add a match's value to its winner, or the draw's to both teams, found
 * by id (the event's hash): one pass over the matches, never matches x
 * teams. */
static void credit_match(const bmp_event *ev, const bmp_match *m, const char *w, int64_t win,
                         int64_t draw, int64_t *acc)
{
    bool tie = strcmp(w, "tie") == 0;
    const bmp_contestant *a = bmp_event_contestant(ev, tie ? m->home : w);
    const bmp_contestant *b = tie ? bmp_event_contestant(ev, m->away) : NULL;
    if (a)
        acc[a - ev->contestants] += tie ? draw : win;
    if (b && b != a)
        acc[b - ev->contestants] += draw;
}

/* The division and its key figure K = kn/kd (4.8.5-4.8.7, EBU-97). */
static bmp_status league_key(const bmp_event *ev, int org_m4, int *n, int *d, int64_t *kn,
                             int64_t *kd, bmp_error *err)
{
    *n = (int)bmp_params_number(&ev->params, "divisions", 1);
    *d = (int)bmp_params_number(&ev->params, "division", 1);
    if (org_m4 != EBU_M4_CLUB && org_m4 != EBU_M4_DISTRICT && org_m4 != EBU_M4_COUNTY)
        return bmp_not_supported(err, "EBU leagues of Regional or National organisations",
                                 "EBU-97", "4.8.5", "the key figures are given for Club, "
                                 "District and County leagues only");
    if (*d > *n || !ebu_league_key(org_m4, *n, *d, kn, kd))
        return bmp_error_set(err, BMP_EINVAL, "$.params.division: expected a division from 1 "
                                              "to params.divisions (%d), got %d", *n, *d);
    return BMP_OK;
}

/* 4.8.2 (EBU-94): K per match won for 18-35 boards, pro rata below 18,
 * +50 % for 36 or more (x 36); a draw is half.  From the matches, or from
 * each team's match_wins when none are given.  4.5.10 (EBU-79): an
 * adjusted score for an unplayed match earns no match award. */
static bmp_status league_match_awards(const bmp_event *ev, int64_t kp, int64_t *acc,
                                      bmp_error *err)
{
    if (ev->nmatches == 0) {
        int b = ev->boards_per_match;
        if (b < 1)
            return bmp_error_set(err, BMP_EINVAL, "$.boards_per_match: a league needs "
                                                  "boards_per_match or matches (4.8.2)");
        int64_t per = kp * (b < 18 ? b : 18) * (b >= 36 ? 3 : 2);
        for (size_t i = 0; i < ev->ncontestants; i++)
            acc[i] = (int64_t)(ev->contestants[i].match_wins * 2 + 0.5) * per / 2;
        return BMP_OK;
    }
    for (size_t k = 0; k < ev->nmatches; k++) {
        const bmp_match *m = &ev->matches[k];
        int b = m->boards > 0 ? m->boards : ev->boards_per_match;
        if (b < 1)
            return bmp_error_set(err, BMP_EINVAL, "$.matches[%zu].boards: expected the "
                                                  "boards of the match (4.8.2)", k);
        const char *w = bmp_params_bool(&m->params, "not_played", false) ? NULL : winner_of(m);
        int64_t per = kp * (b < 18 ? b : 18) * (b >= 36 ? 3 : 2);
        if (w)
            credit_match(ev, m, w, per, per / 2, acc);
    }
    return BMP_OK;
}

/* 4.8.4 (EBU-96): k awards (k = a quarter of the teams, rounded up) in
 * steps of K, (sum of k - i + 1) / c x K for a tie, x 2/3 for 36-71
 * boards, rounded up; 3.5 (EBU-34): a tie straddling the last award
 * shares at least 6 x the organisation's factor. */
static bmp_points league_rank(bmp_place p, int k, int64_t kn, int64_t kd, bool cut, int org_m4)
{
    if (p.lo < 1)
        return 0;
    core_exact steps;
    core_tie_share_exact(p.lo, p.hi, k, ebu_linear_steps, &k, &steps);
    bmp_points rank = 0;
    if (!core_exact_is_zero(steps))
        rank = core_exact_round(core_exact_mul(steps, kn * (cut ? 2 : 3), kd * 3), BMP_ROUND_CEIL,
                                BMP_UNIT_WHOLE);
    bmp_points mn = bmp_div_round((int64_t)6 * org_m4 * 100, 4, BMP_ROUND_CEIL, BMP_UNIT_WHOLE);
    return rank > 0 && rank < mn ? mn : rank;
}

bmp_status ebu_league_event(const bmp_event *ev, int org_m4, int duration, const char *colour,
                            bool blue, bmp_awards *out, bmp_error *err)
{
    int n, d;
    int64_t kn, kd;
    bmp_status st = league_key(ev, org_m4, &n, &d, &kn, &kd, err);
    if (st)
        return st;
    int teams = (int)(ev->tables + 1e-9);
    /* 4.8.8 (EBU-98): every division but the first has at least 5 teams. */
    if (d > 1 && teams < 5)
        return bmp_error_set(err, BMP_EINVAL, "$.tables: Division %d has %d teams; every "
                                              "division except Division 1 needs at least 5 "
                                              "(4.8.8)", d, teams);
    if (teams < 3)
        return bmp_awards_note(out, err,
                               "EBU: no master points: a league division needs 3 complete "
                                    "teams (3.1.1, EBU-27)");
    int64_t kp = (kn + kd - 1) / kd; /* the printed K: the award per match won */
    size_t nc = ev->ncontestants;
    int64_t *acc = calloc(nc ? nc : 1, sizeof *acc); /* x 36 */
    if (!acc)
        return bmp_error_oom(err);
    st = league_match_awards(ev, kp, acc, err);
    int k = (teams + 3) / 4;
    bool cut = duration < 72;
    for (size_t i = 0; !st && i < nc; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        if (ct->phantom)
            continue;
        bmp_points match = bmp_div_round(acc[i] * 100, 36, BMP_ROUND_CEIL, BMP_UNIT_WHOLE);
        bmp_points rank = league_rank(ct->place, k, kn, kd, cut, org_m4);
        bmp_award aw = {0};
        aw.contestant = i;
        aw.player = BMP_ALL_PLAYERS;
        aw.place = ct->place;
        if (match > 0) {
            aw.points = blue ? match / 100 : match;
            bmp_award_set(&aw, "match", "matches won", colour, "EBU-94", "4.8.2");
            st = ebu_emit(ev, out, err, &aw, "K = %lld per match won (Division %d of %d)",
                          (long long)kp, d, n);
        }
        if (!st && rank > 0) {
            aw.points = blue ? rank / 100 : rank;
            bmp_award_set(&aw, "ranking", "division", colour, "EBU-96", "4.8.4");
            st = ebu_emit(ev, out, err, &aw, "ranking: %d awards in steps of K = %.4g%s", k,
                          (double)kn / (double)kd, cut ? ", x 2/3 (36-71 boards, 4.8.3)" : "");
        }
    }
    free(acc);
    if (!st && bmp_awards_note(out, err,
                               "EBU teams league (4.8): %s organisation, Division %d of %d, "
                                    "K = %.4g (printed %lld), %d teams, %d ranking awards",
                               ebu_status_name(org_m4), d, n, (double)kn / (double)kd,
                               (long long)kp, teams, k))
        st = bmp_error_oom(err);
    return st;
}

/* 6.5.5 (EBU-135): Green Points per match won in an inter-county league, in
 * hundredths: 4-23 boards Division 1 boards/24, 2 boards/32, 3 boards/48;
 * 24+ boards 1.00 / 0.75 / 0.50; a single-division league uses Division 2;
 * a draw half; rounded up to 0.01.  0 for an undefined division. */
bmp_points ebu_green_league_match(int division, int boards, bool draw)
{
    static const int per24[3] = {24, 32, 48};
    static const int full[3] = {100, 75, 50};
    if (division < 1 || division > 3 || boards < 1)
        return 0;
    int64_t num = boards >= 24 ? full[division - 1] : (int64_t)boards * 100;
    int64_t den = boards >= 24 ? 1 : per24[division - 1];
    return bmp_div_round(num, den * (draw ? 2 : 1), BMP_ROUND_CEIL, BMP_UNIT_CENT);
}

/* 6.5.5 (EBU-136): bonus wins of place 1..3 by teams in the division. */
int ebu_green_league_bonus(int teams, int place)
{
    static const int t[4][3] = {{1, 0, 0}, {2, 1, 0}, {3, 2, 1}, {4, 3, 2}};
    if (teams < 1 || place < 1 || place > 3)
        return 0;
    int row = teams <= 5 ? 0 : teams <= 10 ? 1 : teams <= 15 ? 2 : 3;
    return t[row][place - 1];
}

/* 6.5 (EBU-134..136): an inter-county teams league in Green Points: an
 * award per match won (6.5.5) and ranking "bonus wins" worth a match win of
 * the boards played against each opponent (params.boards_per_opponent, else
 * boards_per_match); Gold on an event total of 5.00 or more (2.5.1). */
/* 6.5.5 (EBU-135): each match won or drawn at the division's value for
 * its boards (at least 4, 6.5.2); from each team's match_wins when no
 * matches are given. */
static bmp_status green_match_awards(const bmp_event *ev, int div, bmp_points *acc,
                                     bmp_error *err)
{
    if (ev->nmatches == 0) {
        int b = ev->boards_per_match;
        if (b < 4)
            return bmp_error_set(err, BMP_EINVAL, "$.boards_per_match: an inter-county league "
                                                  "match has at least 4 boards (6.5.2)");
        bmp_points win = ebu_green_league_match(div, b, false);
        bmp_points draw = ebu_green_league_match(div, b, true);
        for (size_t i = 0; i < ev->ncontestants; i++) {
            int64_t h = (int64_t)(ev->contestants[i].match_wins * 2 + 0.5);
            acc[i] = (h / 2) * win + (h % 2) * draw;
        }
        return BMP_OK;
    }
    for (size_t k = 0; k < ev->nmatches; k++) {
        const bmp_match *m = &ev->matches[k];
        int b = m->boards > 0 ? m->boards : ev->boards_per_match;
        if (b < 4)
            return bmp_error_set(err, BMP_EINVAL, "$.matches[%zu].boards: an inter-county "
                                                  "league match has at least 4 boards (6.5.2)",
                                 k);
        const char *w = bmp_params_bool(&m->params, "not_played", false) ? NULL : winner_of(m);
        if (w)
            credit_match(ev, m, w, ebu_green_league_match(div, b, false),
                         ebu_green_league_match(div, b, true), acc);
    }
    return BMP_OK;
}

bmp_status ebu_green_league_event(const bmp_event *ev, bmp_awards *out, bmp_error *err)
{
    int n = (int)bmp_params_number(&ev->params, "divisions", 1);
    int d = (int)bmp_params_number(&ev->params, "division", 1);
    if (d > n)
        return bmp_error_set(err, BMP_EINVAL, "$.params.division: expected a division from 1 "
                                              "to params.divisions (%d), got %d", n, d);
    int div = n == 1 ? 2 : d; /* single-division leagues use Division 2 */
    if (div > 3)
        return bmp_not_supported(err, "EBU inter-county Green leagues below Division 3",
                                 "EBU-135", "6.5.5", "the handbook gives awards for Divisions "
                                 "1-3 only");
    int teams = (int)(ev->tables + 1e-9);
    size_t nc = ev->ncontestants;
    bmp_points *acc = calloc(nc ? nc : 1, sizeof *acc);
    if (!acc)
        return bmp_error_oom(err);
    bmp_status st = green_match_awards(ev, div, acc, err);
    int bb = (int)bmp_params_number(&ev->params, "boards_per_opponent", ev->boards_per_match);
    bmp_points bonus_win = ebu_green_league_match(div, bb, false);
    for (size_t i = 0; !st && i < nc; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        if (ct->phantom)
            continue;
        bmp_place p = ct->place;
        bmp_points rank = 0;
        if (p.lo > 0) {
            /* a tie shares the bonus wins of the places it covers (core/tie.h) */
            core_exact wins;
            core_tie_share_exact(p.lo, p.hi, -1, bonus_wins, &teams, &wins);
            rank = core_exact_round(core_exact_mul(wins, bonus_win, 100), BMP_ROUND_CEIL,
                                    BMP_UNIT_CENT);
        }
        bmp_award aw = {0};
        aw.contestant = i;
        aw.place = p;
        aw.points = acc[i];
        bmp_award_set(&aw, "match", "matches won", "green", "EBU-135", "6.5.5");
        st = ebu_emit(ev, out, err, &aw, "Division %d awards per match won (6.5.5)", div);
        if (!st && rank > 0) {
            aw.points = rank;
            bmp_award_set(&aw, "ranking", "division", "green", "EBU-136", "6.5.5");
            st = ebu_emit(ev, out, err, &aw, "bonus wins x %.2f (a win over %d boards)",
                          (double)bonus_win / 100, bb);
        }
        if (!st && acc[i] + rank >= 500) {
            aw.points = bmp_div_round(acc[i] + rank, 5, BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
            bmp_award_set(&aw, "gold", "event", "gold", "EBU-3", "2.5.1");
            st = ebu_emit(ev, out, err, &aw, "Gold = %.2f Green / 5 (2.5.1)",
                          (double)(acc[i] + rank) / 100);
        }
    }
    free(acc);
    if (!st && bmp_awards_note(out, err,
                               "EBU inter-county Green league (6.5): Division %d values, %d "
                                    "teams, bonus win %.2f",
                               div, teams, (double)bonus_win / 100))
        st = bmp_error_oom(err);
    return st;
}
