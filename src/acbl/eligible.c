/* ACBL-154: contestants not eligible for awards
 * (contestants[].params.eligible false).  They keep their places in the
 * results but are never paid, and every ranking's eligible contestants are
 * re-ranked for the awards: the next pair is paid (docs/rulings.md
 * ACBL-R53).  The computation runs on a copy of the event whose contestants
 * carry the re-ranked places and whose ineligible contestants are marked
 * as not paid (the phantom flag every ACBL rule already honours). */
#include <stdlib.h>
#include <string.h>

#include "acbl/acbl_internal.h"

static bool ineligible(const bmp_contestant *ct)
{
    return !ct->phantom && !bmp_params_bool(&ct->params, "eligible", true);
}

bool acbl_any_ineligible(const bmp_event *ev)
{
    for (size_t i = 0; i < ev->ncontestants; i++)
        if (ineligible(&ev->contestants[i]))
            return true;
    return false;
}

static bool same_str(const char *a, const char *b)
{
    return a == b || (a && b && strcmp(a, b) == 0);
}

/* One place of one ranking: the overall place within its group (r < 0) or
 * rankings[r]. */
typedef struct slot {
    const bmp_ranking_entry *re; /* NULL: the overall place */
    const char *group;
    bmp_place place;
} slot;

static bool same_ranking(const slot *a, const slot *b)
{
    if (!a->re || !b->re)
        return !a->re && !b->re && same_str(a->group, b->group);
    return a->re->session == b->re->session && same_str(a->re->ranking, b->re->ranking) &&
           same_str(a->re->section, b->re->section) &&
           same_str(a->re->direction, b->re->direction);
}

/* The place of an eligible slot once the ineligible slots of its ranking
 * are taken out: those wholly above it move it up, those tied with it
 * narrow its tie. */
static bmp_place rerank(const slot *s, const slot *bad, size_t nbad)
{
    int above = 0, upto = 0;
    for (size_t k = 0; k < nbad; k++) {
        if (!same_ranking(s, &bad[k]))
            continue;
        above += bad[k].place.hi < s->place.lo;
        upto += bad[k].place.lo <= s->place.hi;
    }
    bmp_place p = s->place;
    p.lo -= above;
    p.hi -= upto;
    if (p.hi < p.lo)
        p.hi = p.lo;
    p.tied = p.hi > p.lo;
    return p;
}

/* Every placed slot of the ineligible contestants. */
static slot *bad_slots(const bmp_event *ev, size_t *n)
{
    size_t cap = 0;
    for (size_t i = 0; i < ev->ncontestants; i++)
        if (ineligible(&ev->contestants[i]))
            cap += 1 + ev->contestants[i].nrankings;
    slot *s = malloc((cap ? cap : 1) * sizeof *s);
    *n = 0;
    for (size_t i = 0; s && i < ev->ncontestants; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        if (!ineligible(ct))
            continue;
        if (ct->place.lo)
            s[(*n)++] = (slot){NULL, ct->group, ct->place};
        for (size_t r = 0; r < ct->nrankings; r++)
            s[(*n)++] = (slot){&ct->rankings[r], ct->group, ct->rankings[r].place};
    }
    return s;
}

bmp_status acbl_eligible_event(const bmp_event *ev, bmp_event *copy, bmp_awards *out,
                               bmp_error *err)
{
    *copy = *ev;
    size_t nbad;
    slot *bad = bad_slots(ev, &nbad);
    bmp_contestant *cs = calloc(ev->ncontestants ? ev->ncontestants : 1, sizeof *cs);
    if (!bad || !cs) {
        free(bad);
        free(cs);
        return bmp_error_oom(err);
    }
    copy->contestants = cs;
    bmp_status st = BMP_OK;
    for (size_t i = 0; i < ev->ncontestants && !st; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        cs[i] = *ct;
        cs[i].rankings = NULL;
        if (ineligible(ct)) {
            cs[i].phantom = true;
            st = bmp_awards_reason(out, i, BMP_ALL_PLAYERS, "ACBL-154", "ruling ACBL-R53",
                                   "not eligible for awards (params.eligible false): placed, "
                                   "unpaid; the eligible contestants below it are paid as "
                                   "ranked without it");
            cs[i].rankings = ct->rankings; /* placed as it is, never paid */
            continue;
        }
        if (ct->place.lo) {
            slot s = {NULL, ct->group, ct->place};
            cs[i].place = rerank(&s, bad, nbad);
        }
        if (!ct->nrankings)
            continue;
        cs[i].rankings = malloc(ct->nrankings * sizeof *cs[i].rankings);
        if (!cs[i].rankings) {
            st = bmp_error_oom(err);
            break;
        }
        for (size_t r = 0; r < ct->nrankings; r++) {
            cs[i].rankings[r] = ct->rankings[r];
            slot s = {&ct->rankings[r], ct->group, ct->rankings[r].place};
            cs[i].rankings[r].place = rerank(&s, bad, nbad);
        }
    }
    free(bad);
    if (!st)
        st = bmp_awards_note(out, err,
                             "contestants not eligible for awards are placed but unpaid; the "
                             "eligible are re-ranked for the awards (ACBL-154, ruling "
                             "ACBL-R53)");
    if (st)
        acbl_eligible_event_free(ev, copy);
    return st;
}

void acbl_eligible_event_free(const bmp_event *ev, bmp_event *copy)
{
    for (size_t i = 0; copy->contestants && i < ev->ncontestants; i++)
        if (copy->contestants[i].rankings != ev->contestants[i].rankings)
            free(copy->contestants[i].rankings);
    free(copy->contestants);
    copy->contestants = NULL;
}
