/* ACBLscore game files: every entry's places, per strat, overall and in
 * its section (and direction), from the per cents it scored.  ACBLscore
 * stores only the places it paid; the event model wants the whole
 * ranking.  Ranked by per cent, equal per cents tied, ineligible entries
 * (eligibility != 0) left out; an entry ranks in its own strat and every
 * strat above it; a section ranks with the sections ACBLscore ranked it
 * together with.  In the 15 real files every place ACBLscore stored for an
 * award (562) is the place computed so (docs/acblscore.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/acblscore_internal.h"

static bool ranks_in(const bmp_acblscore_event *ev, const bmp_acblscore_entry *en, size_t k)
{
    return !en->eligibility && en->percentage > 0 &&
           (ev->nstrats == 0 || (en->strat >= 1 && (size_t)en->strat >= k + 1));
}

void acs_places_free(acs_places *p)
{
    free(p->v);
    memset(p, 0, sizeof *p);
}

bool acs_places_compute(const bmp_acblscore_event *ev, acs_places *out)
{
    memset(out, 0, sizeof *out);
    for (size_t s = 0; s < ev->nsections; s++)
        out->n += ev->sections[s].nentries;
    out->v = calloc(out->n ? out->n : 1, sizeof *out->v);
    if (!out->v)
        return false;
    size_t i = 0;
    for (size_t s = 0; s < ev->nsections; s++)
        for (size_t e = 0; e < ev->sections[s].nentries; e++, i++) {
            out->v[i].sec = &ev->sections[s];
            out->v[i].en = &ev->sections[s].entries[e];
        }
    size_t nk = ev->nstrats ? ev->nstrats : 1;
    for (i = 0; i < out->n; i++)
        for (size_t k = 0; k < nk; k++) {
            acs_place *pl = &out->v[i].at[k];
            const bmp_acblscore_entry *me = out->v[i].en;
            if (!ranks_in(ev, me, k))
                continue;
            int above = 0, same = 0, sabove = 0, ssame = 0;
            for (size_t j = 0; j < out->n; j++) {
                const bmp_acblscore_entry *o = out->v[j].en;
                if (!ranks_in(ev, o, k))
                    continue;
                bool field = out->v[j].sec->ranked_with == out->v[i].sec->ranked_with &&
                             strcmp(o->direction, me->direction) == 0;
                above += o->percentage > me->percentage;
                same += o->percentage == me->percentage;
                sabove += field && o->percentage > me->percentage;
                ssame += field && o->percentage == me->percentage;
            }
            *pl = (acs_place){above + 1, above + same, sabove + 1, sabove + ssame};
        }
    return true;
}

const acs_place *acs_places_of(const acs_places *p, const bmp_acblscore_entry *en, size_t k)
{
    for (size_t i = 0; i < p->n; i++)
        if (p->v[i].en == en)
            return p->v[i].at[k].olo ? &p->v[i].at[k] : NULL;
    return NULL;
}

void acs_rank_group(const bmp_acblscore_event *ev, const bmp_acblscore_section *s, char *name,
                    size_t size, int *tables, int *nsections)
{
    name[0] = '\0';
    *tables = 0;
    *nsections = 0;
    for (size_t k = 0; k < ev->nsections; k++)
        if (ev->sections[k].ranked_with == s->ranked_with) {
            size_t l = strlen(name);
            snprintf(name + l, size - l, "%s%s", l ? "+" : "", ev->sections[k].letter);
            *tables += ev->sections[k].tables;
            (*nsections)++;
        }
}
