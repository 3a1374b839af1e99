/* EBU stratified basic events (4.12, Scale S): categories A (top) to D; the
 * A list ranks everyone, the B list B + C + D, and so on (4.12.3).  Each
 * list awards its usual top fraction on its own table count (4.12.4) with
 * the category's step and minimum (4.12.5, 4.12.8), needs 3 contestants
 * (4.12.8) and a contestant keeps only its highest award (4.12.5).
 *
 * Input: contestants[].params.category is the category "A".."D",
 * contestants[].place is the A-list place, rankings {ranking: "B", place}
 * give the lower lists. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ebu/ebu_internal.h"

static int cat_of(const bmp_contestant *ct)
{
    const char *g = bmp_params_string(&ct->params, "category", NULL);
    if (!g || strlen(g) != 1 || g[0] < 'A' || g[0] > 'D')
        return 0;
    return g[0] - 'A' + 1;
}

static bmp_place list_place(const bmp_contestant *ct, int list)
{
    bmp_place none = {0, 0, false};
    if (list == 1)
        return ct->place;
    char name[2] = {(char)('A' + list - 1), 0};
    for (size_t r = 0; r < ct->nrankings; r++)
        if (ct->rankings[r].ranking && strcmp(ct->rankings[r].ranking, name) == 0)
            return ct->rankings[r].place;
    return none;
}

bmp_status ebu_strat_event(const bmp_event *ev, int m4, ebu_band band, ebu_move mv,
                           const char *colour, bool blue, bmp_awards *out, bmp_error *err)
{
    size_t n = ev->ncontestants;
    int count[5] = {0};
    for (size_t i = 0; i < n; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        if (ct->phantom)
            continue;
        int c = cat_of(ct);
        if (c == 0)
            return bmp_error_set(err, BMP_EINVAL, "$.contestants[%zu].params.category: expected the "
                                                  "category A, B, C or D of a stratified event "
                                                  "(4.12.1)", i);
        for (int l = 1; l <= c; l++)
            count[l]++;
    }
    /* 4.12.1: at most 4 categories. */
    for (size_t i = 0; i < n; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        if (ct->phantom)
            continue;
        int c = cat_of(ct);
        bmp_points best = 0;
        int best_list = 0;
        bmp_place bp = {0, 0, false};
        for (int l = 1; l <= c; l++) {
            /* 4.12.8 (EBU-113): a list needs 3 contestants for any award. */
            if (count[l] < 3)
                continue;
            bmp_place p = list_place(ct, l);
            if (p.lo <= 0) {
                if (l == 1)
                    continue;
                return bmp_error_set(err, BMP_EINVAL, "$.contestants[%zu].rankings: expected a "
                                                      "place in list %c (4.12.3)", i, 'A' + l - 1);
            }
            /* 4.12.4, 4.12.8 ii: the list's own full tables (half ignored). */
            int tables = mv == EBU_PAIRS_1W ? count[l] / 2 : count[l];
            ebu_scale s = ebu_s_scale(m4, band, mv, tables, l);
            bmp_points pts = ebu_scale_share(&s, p.lo, p.hi);
            if (pts > best) { /* 4.12.5 (EBU-110): the higher award only */
                best = pts;
                best_list = l;
                bp = p;
            }
        }
        if (best <= 0)
            continue;
        bmp_award aw = {0};
        aw.contestant = i;
        aw.player = BMP_ALL_PLAYERS;
        aw.place = bp;
        aw.points = blue ? best / 100 : best;
        char ranking[16];
        snprintf(ranking, sizeof ranking, "list %c", 'A' + best_list - 1);
        bmp_award_set(&aw, "stratum", ranking, colour, "EBU-109", "4.12.5");
        bmp_status st = ebu_emit(ev, out, err, &aw,
                                 "Scale S, list %c (%d contestants), place %d: %lld (the highest "
                                 "of its lists, 4.12.5)",
                                 'A' + best_list - 1, count[best_list], bp.lo,
                                 (long long)(best / 100));
        if (st)
            return st;
    }
    return bmp_awards_note(out, "EBU stratified event (4.12, Scale S): %s, %s; lists A %d, B %d, "
                                "C %d, D %d contestants",
                           ebu_status_name(m4), ebu_band_name(band), count[1], count[2], count[3],
                           count[4])
               ? bmp_error_set(err, BMP_ENOMEM, "out of memory")
               : BMP_OK;
}
