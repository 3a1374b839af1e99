/* EBU teams leagues (4.8): the key figure K of a division (4.8.5-4.8.7) is
 * the award per match won (18-35-board matches; pro rata below 18, +50 % for
 * 36+, 4.8.2) and the step of the ranking awards k K, (k-1) K, ..., K to the
 * top quarter of the division (4.8.3, 4.8.4); a division playing only 36-71
 * boards has its ranking awards cut by a third (4.8.3). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ebu/ebu_internal.h"

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

bmp_status ebu_league_event(const bmp_event *ev, int org_m4, int duration, const char *colour,
                            bool blue, bmp_awards *out, bmp_error *err)
{
    int n = (int)bmp_params_number(&ev->params, "divisions", 1);
    int d = (int)bmp_params_number(&ev->params, "division", 1);
    int64_t kn, kd;
    if (org_m4 != EBU_M4_CLUB && org_m4 != EBU_M4_DISTRICT && org_m4 != EBU_M4_COUNTY)
        return bmp_not_supported(err, "EBU leagues of Regional or National organisations",
                                 "EBU-97", "4.8.5", "the key figures are given for Club, "
                                 "District and County leagues only");
    if (d > n || !ebu_league_key(org_m4, n, d, &kn, &kd))
        return bmp_error_set(err, BMP_EINVAL, "$.params.division: expected a division from 1 "
                                              "to params.divisions (%d), got %d", n, d);
    int teams = (int)(ev->tables + 1e-9);
    /* 4.8.8 (EBU-98): every division but the first has at least 5 teams. */
    if (d > 1 && teams < 5)
        return bmp_error_set(err, BMP_EINVAL, "$.tables: Division %d has %d teams; every "
                                              "division except Division 1 needs at least 5 "
                                              "(4.8.8)", d, teams);
    if (teams < 3)
        return bmp_awards_note(out, "EBU: no master points: a league division needs 3 complete "
                                    "teams (3.1.1, EBU-27)")
                   ? bmp_error_set(err, BMP_ENOMEM, "out of memory")
                   : BMP_OK;
    int64_t kp = (kn + kd - 1) / kd; /* the printed K: the award per match won */
    size_t nc = ev->ncontestants;
    int64_t *acc = calloc(nc ? nc : 1, sizeof *acc); /* x 36 */
    if (!acc)
        return bmp_error_set(err, BMP_ENOMEM, "out of memory");
    bmp_status st = BMP_OK;
    if (ev->nmatches == 0) {
        int b = ev->boards_per_match;
        if (b < 1) {
            free(acc);
            return bmp_error_set(err, BMP_EINVAL, "$.boards_per_match: a league needs "
                                                  "boards_per_match or matches (4.8.2)");
        }
        int64_t per = kp * (b < 18 ? b : 18) * (b >= 36 ? 3 : 2); /* x 36 */
        for (size_t i = 0; i < nc; i++)
            acc[i] = (int64_t)(ev->contestants[i].match_wins * 2 + 0.5) * per / 2;
    } else {
        for (size_t k = 0; k < ev->nmatches; k++) {
            const bmp_match *m = &ev->matches[k];
            int b = m->boards > 0 ? m->boards : ev->boards_per_match;
            if (b < 1) {
                free(acc);
                return bmp_error_set(err, BMP_EINVAL, "$.matches[%zu].boards: expected the "
                                                      "boards of the match (4.8.2)", k);
            }
            /* 4.5.10 (EBU-79): an adjusted score for an unplayed match: no match award. */
            if (bmp_params_bool(&m->params, "not_played", false))
                continue;
            const char *w = winner_of(m);
            if (!w)
                continue;
            int64_t per = kp * (b < 18 ? b : 18) * (b >= 36 ? 3 : 2);
            bool tie = strcmp(w, "tie") == 0;
            for (size_t i = 0; i < nc; i++) {
                const char *id = ev->contestants[i].id;
                if (tie ? (strcmp(id, m->home) == 0 || strcmp(id, m->away) == 0)
                        : strcmp(id, w) == 0)
                    acc[i] += tie ? per / 2 : per;
            }
        }
    }
    int k = (teams + 3) / 4;
    bool cut = duration < 72;
    for (size_t i = 0; !st && i < nc; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        if (ct->phantom)
            continue;
        bmp_points match = bmp_div_round(acc[i] * 100, 36, BMP_ROUND_CEIL, BMP_UNIT_WHOLE);
        bmp_points rank = 0;
        bmp_place p = ct->place;
        if (p.lo > 0) {
            int64_t s = 0, c = p.hi - p.lo + 1;
            for (int pl = p.lo; pl <= p.hi && pl <= k; pl++)
                s += k - pl + 1;
            /* (sum of k - i + 1) x K / c, x 2/3 for 36-71 boards, rounded up */
            if (s > 0)
                rank = bmp_div_round(s * kn * 100 * (cut ? 2 : 3), kd * c * 3, BMP_ROUND_CEIL,
                                     BMP_UNIT_WHOLE);
        }
        bmp_award aw = {0};
        aw.contestant = i;
        aw.player = BMP_ALL_PLAYERS;
        aw.place = p;
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
    if (!st && bmp_awards_note(out, "EBU teams league (4.8): %s organisation, Division %d of %d, "
                                    "K = %.4g (printed %lld), %d teams, %d ranking awards",
                               ebu_status_name(org_m4), d, n, (double)kn / (double)kd,
                               (long long)kp, teams, k))
        st = bmp_error_set(err, BMP_ENOMEM, "out of memory");
    return st;
}
