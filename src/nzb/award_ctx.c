/* NZ awards: what the dispatcher (award.c) and the families (session.c,
 * matches.c, overall.c) share (award_ctx.h): errors, eligibility (NZ-7,
 * NZ-8, NZ-12, NZ-15) and emitting awards per player (through
 * core/emit.h). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core/emit.h"
#include "nzb/award_ctx.h"

bmp_status nzb_fail(const nzb_ctx *c, bmp_status code, const char *path, const char *fmt, ...)
{
    char msg[700];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return bmp_error_set(c->err, code, "%s: %s", path, msg);
}

const char *nzb_fmtp(bmp_points p, char *buf, size_t n)
{
    bmp_points_format(p, buf, n);
    return buf;
}

/* NZ-7, NZ-8: a player graded (player param "grading") above what the
 * tournament admits is not eligible: 5B (Intermediate) admits players below
 * Open, 3B (Junior) Juniors only, a Restricted 8B (params.restricted) any
 * pair but Open-Open. */
int nzb_grading_rank(const char *g)
{
    if (!g)
        return -1;
    return !strcasecmp(g, "open")           ? 2
           : !strcasecmp(g, "intermediate") ? 1
           : !strcasecmp(g, "junior")       ? 0
                                            : -2;
}

static bool player_ineligible(const nzb_ctx *c, const bmp_contestant *ct, size_t p)
{
    const bmp_params *pp = &ct->players[p].params;
    if (bmp_params_bool(pp, "ineligible", false))
        return true;
    int gr = nzb_grading_rank(bmp_params_string(pp, "grading", NULL));
    if (gr < 0 || !c->g || c->ip)
        return false;
    if (!strcmp(c->g->code, "5B"))
        return gr >= 2;
    if (!strcmp(c->g->code, "3B"))
        return gr >= 1;
    if (!strcmp(c->g->code, "8B") && bmp_params_bool(&c->ev->params, "restricted", false) &&
        gr == 2) {
        size_t open = 0;
        for (size_t k = 0; k < ct->nplayers; k++)
            open +=
                nzb_grading_rank(bmp_params_string(&ct->players[k].params, "grading", NULL)) == 2;
        return ct->nplayers == 2 && open == 2;
    }
    return false;
}

/* NZ-15 (i): club sessions award on gross scores: the eligible players keep
 * their award, the non-eligible player gets none. */
static void club_player(void *ctx, const bmp_contestant *ct, size_t p, core_player_award *pa)
{
    const nzb_ctx *c = ctx;
    if (player_ineligible(c, ct, p)) {
        pa->award = false;
        return;
    }
    pa->rule = "NZ-15";
    pa->section = "Issue of Masterpoints 7";
}

/* One award to every player of contestant ci. */
bmp_status nzb_emit(nzb_ctx *c, size_t ci, int player, const char *kind, const char *ranking,
                    bmp_place place, bmp_points pts, char letter, const char *rule,
                    const char *section, const char *explain)
{
    if (pts <= 0)
        return BMP_OK;
    const bmp_contestant *ct = &c->ev->contestants[ci];
    bool has_inel = false;
    for (size_t p = 0; p < ct->nplayers; p++)
        has_inel |= player_ineligible(c, ct, p);
    if (has_inel && !c->club) {
        /* NZ-12: a non-eligible player in a Tournament: partners and
         * team-mates receive no masterpoints either. */
        return bmp_awards_reason(c->out, ci, BMP_ALL_PLAYERS, "NZ-12", "Issue of Masterpoints 5",
                                 "%s: a non-eligible player took part (NZ-7/NZ-8 grading "
                                 "or not eligible): no %s award to the pair or team (NZ-12)",
                                 ct->id ? ct->id : "?", kind)
                   ? bmp_error_oom(c->err)
                   : BMP_OK;
    }
    bmp_award aw = {0};
    aw.contestant = ci;
    aw.player = player;
    aw.place = place;
    aw.points = pts;
    char colour[2] = {letter, '\0'};
    bmp_award_set(&aw, kind, ranking, colour, rule, section);
    if (has_inel && player == BMP_ALL_PLAYERS)
        return core_emit_players(c->ev, c->out, c->err, &aw, explain, true, club_player, c);
    return bmp_awards_add(c->out, c->err, &aw, "%s", explain);
}
