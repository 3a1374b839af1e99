/* EBU stratified events (4.12): categories A (top) to D; the A list ranks
 * everyone, the B list B + C + D, and so on (4.12.3).  Each list awards its
 * usual top fraction on its own table count (4.12.4) with the category's
 * step and minimum (4.12.5, 4.12.8), needs 3 contestants (4.12.8), and a
 * contestant keeps only its highest award (4.12.5).  Basic events use Scale
 * S; the ranking awards of match-won events Scale QS (4.12.7), whose match
 * awards are unaffected.
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

/* Count the members of each list (count[1..4]); EINVAL for a contestant
 * without a category. */
bmp_status ebu_strat_counts(const bmp_event *ev, int count[5], bmp_error *err)
{
    for (int l = 0; l < 5; l++)
        count[l] = 0;
    for (size_t i = 0; i < ev->ncontestants; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        if (ct->phantom)
            continue;
        int c = cat_of(ct);
        if (c == 0)
            return bmp_error_set(err, BMP_EINVAL, "$.contestants[%zu].params.category: expected "
                                                  "the category A, B, C or D of a stratified "
                                                  "event (4.12.1)", i);
        for (int l = 1; l <= c; l++)
            count[l]++;
    }
    return BMP_OK;
}

/* The best award of contestant i over its lists (Scale S, or QS with pct
 * 100/150 when qs), with the list and place it comes from. */
bmp_status ebu_strat_best(const bmp_event *ev, size_t i, const int count[5], int m4,
                          ebu_band band, ebu_move mv, bool qs, int pct, bmp_points *best,
                          int *best_list, bmp_place *bp, bmp_error *err)
{
    const bmp_contestant *ct = &ev->contestants[i];
    *best = 0;
    *best_list = 0;
    int c = cat_of(ct);
    for (int l = 1; l <= c; l++) {
        /* 4.12.8 (EBU-113): a list needs 3 contestants for any award. */
        if (count[l] < 3)
            continue;
        bmp_place p = list_place(ct, l);
        if (p.lo <= 0) {
            if (l == 1)
                continue;
            return bmp_error_set(err, BMP_EINVAL, "$.contestants[%zu].rankings: expected a place "
                                                  "in list %c (4.12.3)", i, 'A' + l - 1);
        }
        /* 4.12.4, 4.12.8 ii: the list's own full tables (half ignored). */
        int tables = mv == EBU_PAIRS_1W ? count[l] / 2 : count[l];
        ebu_scale s = qs ? ebu_qs_scale(m4, mv, tables, l) : ebu_s_scale(m4, band, mv, tables, l);
        if (qs && pct != 100) {
            s.pct = pct;
            ebu_scale_cap(&s);
        }
        bmp_points pts = ebu_scale_share(&s, p.lo, p.hi);
        if (pts > *best) { /* 4.12.5 (EBU-110): the higher award only */
            *best = pts;
            *best_list = l;
            *bp = p;
        }
    }
    return BMP_OK;
}

bmp_status ebu_strat_event(const bmp_event *ev, int m4, ebu_band band, ebu_move mv, bool qs,
                           int pct, const char *colour, bool blue, bmp_awards *out, bmp_error *err)
{
    int count[5];
    bmp_status st = ebu_strat_counts(ev, count, err);
    if (st)
        return st;
    for (size_t i = 0; i < ev->ncontestants; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        if (ct->phantom)
            continue;
        bmp_points best;
        int best_list;
        bmp_place bp = {0, 0, false};
        if ((st = ebu_strat_best(ev, i, count, m4, band, mv, qs, pct, &best, &best_list, &bp,
                                 err)))
            return st;
        if (best <= 0)
            continue;
        bmp_award aw = {0};
        aw.contestant = i;
        aw.place = bp;
        aw.points = blue ? best / 100 : best;
        char ranking[16];
        snprintf(ranking, sizeof ranking, "list %c", 'A' + best_list - 1);
        bmp_award_set(&aw, "stratum", ranking, colour, qs ? "EBU-112" : "EBU-109",
                      qs ? "4.12.7" : "4.12.5");
        if ((st = ebu_emit(ev, out, err, &aw,
                           "Scale %s, list %c (%d contestants), place %d: %lld (the highest of "
                           "its lists, 4.12.5)",
                           qs ? "QS" : "S", 'A' + best_list - 1, count[best_list], bp.lo,
                           (long long)(best / 100))))
            return st;
    }
    return bmp_awards_note(out, err,
                           "EBU stratified %s (4.12, Scale %s): %s%s%s; lists A %d, B %d, "
                                "C %d, D %d contestants",
                           qs ? "ranking awards" : "event", qs ? "QS" : "S",
                           ebu_status_name(m4), qs ? "" : ", ", qs ? "" : ebu_band_name(band),
                           count[1], count[2], count[3], count[4])
               ? bmp_error_oom(err)
               : BMP_OK;
}
