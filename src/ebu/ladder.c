/* EBU ladders (4.11): the series bonus, n awards of u (u n, u (n - 1), ...,
 * u) by the average full tables per game and the ladder's kind (4.11.5-
 * 4.11.7), times the status, one level higher with 18 or more games
 * available and one more when the ladder qualifies for a final (4.11.8,
 * 4.11.9).  Each game itself is a basic event (its own event file). */
#include <stdio.h>
#include <string.h>

#include "ebu/ebu_internal.h"

bmp_status ebu_ladder_event(const bmp_event *ev, int m4, const char *colour, bool blue,
                            bmp_awards *out, bmp_error *err)
{
    int kind = ev->kind == BMP_KIND_INDIVIDUAL ? 2
               : (ev->kind == BMP_KIND_PAIRS || ev->kind == BMP_KIND_SWISS_PAIRS) ? 1
                                                                                  : 0;
    if (!bmp_params_has(&ev->params, "ladder_games"))
        return bmp_error_set(err, BMP_EINVAL, "$.params.ladder_games: a ladder needs the number "
                                              "of games available (4.11.8)");
    int games = (int)bmp_params_number(&ev->params, "ladder_games", 0);
    /* 4.11.4 (EBU-103): at least 6 results must count. */
    if (games < 6)
        return bmp_error_set(err, BMP_EINVAL, "$.params.ladder_games: a ladder has at least 6 "
                                              "games (4.11.4), got %d", games);
    int avg = (int)(ev->tables + 1e-9); /* average full tables per game */
    int n, u;
    ebu_ladder(avg, kind, &n, &u);
    int up = (games >= 18) + bmp_params_bool(&ev->params, "ladder_final", false);
    int m4l = ebu_status_shift(m4, up);
    if (m4l == 0)
        return bmp_not_supported(err, "EBU status changes beyond the defined levels", "EBU-105",
                                 "4.11.8", NULL);
    for (size_t i = 0; i < ev->ncontestants; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        if (ct->phantom || ct->place.lo <= 0)
            continue;
        /* u x (sum of n - i + 1) / c x m4/4, rounded up (3.4.1, 3.5). */
        core_exact steps;
        core_tie_share_exact(ct->place.lo, ct->place.hi, n, ebu_linear_steps, &n, &steps);
        if (core_exact_is_zero(steps))
            continue;
        bmp_points pts =
            core_exact_round(core_exact_mul(steps, (int64_t)u * m4l, 4), BMP_ROUND_CEIL,
                             BMP_UNIT_WHOLE);
        /* 3.5 (EBU-34): a tie's share is never below 6 x the status factor
         * (only a tie straddling the last award can fall below it). */
        bmp_points mn = bmp_div_round((int64_t)6 * m4l * 100, 4, BMP_ROUND_CEIL, BMP_UNIT_WHOLE);
        if (pts < mn)
            pts = mn;
        bmp_award aw = {0};
        aw.contestant = i;
        aw.place = ct->place;
        aw.points = blue ? pts / 100 : pts;
        bmp_award_set(&aw, "ladder", "series", colour, "EBU-104", "4.11.6");
        bmp_status st = ebu_emit(ev, out, err, &aw, "ladder bonus: %d awards of %d x %s%s", n, u,
                                 ebu_status_name(m4l),
                                 blue ? "; in Blue Points (4.11.10)" : "");
        if (st)
            return st;
    }
    return bmp_awards_note(out, err,
                           "EBU ladder (4.11): %d average tables, %d games, %d awards of %d "
                                "at %s%s",
                           avg, games, n, u, ebu_status_name(m4l),
                           up ? " (raised: 18+ games and/or a final, 4.11.8-4.11.9)" : "");
}
