/* EBU county teams championship qualifying heats in Green Points (6.2.3):
 * 0.75 and 0.50 (18-35 boards) or 1.25, 1.00, 0.75, 0.50 (36+ boards) in
 * equal blocks down to halfway, smaller blocks first; fewer than 18 boards
 * earn Local Points only. */
#include <stdio.h>
#include <stdlib.h>

#include "ebu/ebu_internal.h"

typedef struct heat {
    int teams, boards;
} heat;

static bmp_status heat_place(void *ctx, int place, core_exact *v)
{
    const heat *h = ctx;
    *v = core_exact_q(ebu_green_heat(h->teams, h->boards, place), 100);
    return BMP_OK;
}

/* The Green award (hundredths) of place 1..teams of a heat of `teams` teams
 * and `boards` boards; 0 beyond halfway (floor(teams/2) places, AMB-18). */
bmp_points ebu_green_heat(int teams, int boards, int place)
{
    static const bmp_points v18[2] = {75, 50};
    static const bmp_points v36[4] = {125, 100, 75, 50};
    const bmp_points *v = boards >= 36 ? v36 : v18;
    int nb = boards >= 36 ? 4 : 2;
    int half = teams / 2;
    if (boards < 18 || place < 1 || place > half)
        return 0;
    /* Blocks as equal as possible, the smaller ones first. */
    int base = half / nb, rem = half % nb, at = 0;
    for (int b = 0; b < nb; b++) {
        int size = base + (b >= nb - rem ? 1 : 0);
        if (place <= at + size)
            return v[b];
        at += size;
    }
    return 0;
}

bmp_status ebu_green_heat_event(const bmp_event *ev, int duration, bmp_awards *out,
                                bmp_error *err)
{
    if (duration < 18)
        return bmp_error_set(err, BMP_EINVAL, "$.boards: a heat of fewer than 18 boards earns "
                                              "no Green Points (6.2.3 a): award it in Local "
                                              "Points");
    int teams = (int)(ev->tables + 1e-9);
    for (size_t i = 0; i < ev->ncontestants; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        if (ct->phantom || ct->place.lo <= 0)
            continue;
        /* a tie shares its places' awards (core/tie.h), rounded up to 0.01 */
        heat h = {teams, duration};
        core_exact share;
        core_tie_share_exact(ct->place.lo, ct->place.hi, -1, heat_place, &h, &share);
        if (core_exact_is_zero(share))
            continue;
        bmp_award aw = {0};
        aw.contestant = i;
        aw.place = ct->place;
        aw.points = core_exact_round(share, BMP_ROUND_CEIL, BMP_UNIT_CENT);
        bmp_award_set(&aw, "ranking", "heat", "green", "EBU-122", "6.2.3");
        bmp_status st = ebu_emit(ev, out, err, &aw, "heat of %d teams, %d boards: blocks to "
                                                    "halfway (%d places), smaller blocks first",
                                 teams, duration, teams / 2);
        if (st)
            return st;
    }
    return BMP_OK;
}
