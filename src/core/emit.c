/* Per-player emission (core/emit.h): one award to all players when they
 * receive it alike, else one award (or note) per player. */
#include "core/emit.h"

#include <stdio.h>
#include <string.h>

static void decide(const bmp_award *tmpl, const bmp_contestant *ct, size_t p,
                   core_player_rule_fn rule, void *ctx, core_player_award *pa)
{
    memset(pa, 0, sizeof *pa);
    pa->award = true;
    pa->points = tmpl->points;
    if (rule)
        rule(ctx, ct, p, pa);
}

static bool unchanged(const core_player_award *pa, const bmp_award *tmpl)
{
    return pa->award && pa->points == tmpl->points && !pa->colour && !pa->rule && !pa->section;
}

bmp_status core_emit_players(const bmp_event *ev, bmp_awards *out, bmp_error *err,
                             const bmp_award *tmpl, const char *explain, bool split,
                             core_player_rule_fn rule, void *ctx)
{
    const bmp_contestant *ct = &ev->contestants[tmpl->contestant];
    core_player_award pa;
    bool alike = !split;
    for (size_t p = 0; p < ct->nplayers && alike; p++) {
        decide(tmpl, ct, p, rule, ctx, &pa);
        alike = unchanged(&pa, tmpl);
    }
    bmp_award aw = *tmpl;
    aw.explain = NULL;
    if (alike || ct->nplayers == 0) {
        aw.player = BMP_ALL_PLAYERS;
        return bmp_awards_add(out, err, &aw, "%s", explain);
    }
    for (size_t p = 0; p < ct->nplayers; p++) {
        decide(tmpl, ct, p, rule, ctx, &pa);
        bmp_status st;
        if (!pa.award) {
            /* Say why (docs/output-format.md): a structured reason, cited
             * with the rule and section the body set (else the award's). */
            if (*pa.why && bmp_awards_reason(out, tmpl->contestant, (int)p,
                                             pa.rule ? pa.rule : tmpl->rule,
                                             pa.section ? pa.section : tmpl->section, "%s",
                                             pa.why))
                st = bmp_error_oom(err);
            else
                st = BMP_OK;
        } else {
            aw = *tmpl;
            aw.explain = NULL;
            aw.player = (int)p;
            aw.points = pa.points;
            bmp_award_set(&aw, NULL, NULL, pa.colour, pa.rule, pa.section);
            st = bmp_awards_add(out, err, &aw, "%s%s", explain, pa.why);
        }
        if (st)
            return st;
    }
    return BMP_OK;
}
