/* ABF awards: what every award family shares (award_ctx.h): errors, the
 * team share (4.1.2), emitting awards per player (4.1.2, 4.4.4, 4.4.5,
 * 5.1.2, through core/emit.h) and the unrounded value of tied places
 * (4.4.6, through core/tie.h).  The dispatcher is award.c; the families
 * session.c (4.2.1, 4.2.5), match_awards.c (4.2.3) and outright.c (4.3). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "abf/award_ctx.h"
#include "core/emit.h"

bmp_status abf_fail_at(const abf_ctx *c, bmp_status code, const char *path, const char *fmt, ...)
{
    char msg[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    /* The caller (CLI) prefixes the file name, as for every award error. */
    return bmp_error_set(c->err, code, "%s: %s", path, msg);
}

int abf_ctx_weight(const abf_ctx *c)
{
    return abf_grade_w100(c->g, c->teams);
}

static char table_letter(const abf_ctx *c)
{
    return c->teams ? c->g->teams_table : c->g->pairs_table;
}

static int table_factor100(const abf_ctx *c)
{
    return c->teams ? c->g->teams_factor100 : c->g->pairs_factor100;
}

void abf_fmt_pts(bmp_points p, char *buf, size_t n)
{
    bmp_points_format(p, buf, n);
}

/* 4.1.2 (ABF-27): a team of 5 members gets 4/5 each, of 6 2/3 each;
 * non-playing captains (player param "npc") get nothing and do not count. */
void abf_team_share(const abf_ctx *c, const bmp_contestant *ct, int64_t *num, int64_t *den)
{
    *num = *den = 1;
    if (!c->teams)
        return;
    size_t n = 0;
    for (size_t i = 0; i < ct->nplayers; i++)
        n += !bmp_params_bool(&ct->players[i].params, "npc", false);
    if (n == 5) {
        *num = 4;
        *den = 5;
    } else if (n >= 6) {
        *num = 2;
        *den = 3;
    }
}

/* The derivation text of a team share. */
const char *abf_team_share_text(int64_t num, int64_t den)
{
    if (num == den)
        return "";
    return num == 4 ? " x 4/5 (team of 5)" : " x 2/3 (team of 6)";
}

/* 4.4.5 NOTE (ABF-43): the Playoff Qualifying Point split of one team. */
typedef struct pqp {
    double shares[16];
    bmp_points parts[16];
    int slot[64]; /* player -> index in shares/parts, -1: npc or beyond 16 */
} pqp;

static void pqp_player(void *ctx, const bmp_contestant *ct, size_t p, core_player_award *pa)
{
    (void)ct;
    const pqp *q = ctx;
    int k = p < 64 ? q->slot[p] : -1;
    if (k < 0 || q->parts[k] <= 0) {
        pa->award = false;
        return;
    }
    pa->points = q->parts[k];
    pa->rule = "ABF-43";
    pa->section = "4.4.5";
    snprintf(pa->why, sizeof pa->why, "; PQP share %.2f (4.4.5 NOTE)", q->shares[k]);
}

/* 4.4.5 NOTE (ABF-43): in National teams finals, a player under 40 % with a
 * share of the Playoff Qualifying Points (player param "pqp_share") gets
 * that share; the rest goes to the eligible mates.  Non-playing captains
 * take no part (4.1.2): not in the split. */
static bmp_status emit_pqp(abf_ctx *c, const bmp_award *aw, const char *explain)
{
    const bmp_contestant *ct = &c->ev->contestants[aw->contestant];
    pqp q;
    size_t np = 0;
    for (size_t p = 0; p < 64; p++)
        q.slot[p] = -1;
    for (size_t p = 0; p < ct->nplayers && np < 16; p++) {
        if (bmp_params_bool(&ct->players[p].params, "npc", false))
            continue;
        if (p < 64)
            q.slot[p] = (int)np;
        q.shares[np++] = ct->players[p].participation >= 0.40
                             ? 1.0
                             : bmp_params_number(&ct->players[p].params, "pqp_share", 0);
    }
    abf_pqp_split(aw->points, q.shares, np, c->mode, q.parts);
    return core_emit_players(c->ev, c->out, c->err, aw, explain, true, pqp_player, &q);
}

/* Who of a team receives a session or outright award. */
typedef struct eligibility {
    const abf_ctx *c;
    const char *kind;
    double min_part;
} eligibility;

static void abf_player(void *ctx, const bmp_contestant *ct, size_t p, core_player_award *pa)
{
    const eligibility *e = ctx;
    const bmp_player *pl = &ct->players[p];
    if (bmp_params_bool(&pl->params, "npc", false)) {
        pa->award = false; /* 4.1.2: non-playing captains take no part */
        return;
    }
    if (pl->participation < e->min_part) {
        pa->award = false;
        pa->rule = e->min_part > 0.5 ? "ABF-16" : "ABF-42";
        pa->section = e->min_part > 0.5 ? "4.4.4" : "4.4.5";
        snprintf(pa->why, sizeof pa->why, "%s: player %s played %.0f%% < %.0f%%: no %s award (%s)",
                 ct->id, pl->id ? pl->id : pl->name, pl->participation * 100, e->min_part * 100,
                 e->kind, e->min_part > 0.5 ? "4.4.4" : "4.4.5");
        return;
    }
    /* 5.1.2 (ABF-66): on a Bridge Tour, players living within 50 km who are
     * not tour members (player param "local") get green points only. */
    if (e->c->tour && bmp_params_bool(&pl->params, "local", false)) {
        pa->colour = "green";
        snprintf(pa->why, sizeof pa->why, "; green only: local non-member of the tour (5.1.2)");
    }
}

/* Add an award for contestant ci to every player whose participation
 * reaches min_part (ABF-16 75 % for session awards, ABF-42 40 % for
 * outright awards), or to all players at once when all do (core/emit.h). */
bmp_status abf_emit(abf_ctx *c, size_t ci, const char *kind, const char *ranking, bmp_place place,
                    bmp_points pts, const char *rule, const char *section, double min_part,
                    const char *explain)
{
    const bmp_contestant *ct = &c->ev->contestants[ci];
    if (pts <= 0)
        return BMP_OK;
    bmp_award aw = {0};
    aw.contestant = ci;
    aw.place = place;
    aw.points = pts;
    bmp_award_set(&aw, kind, ranking, c->g->colour, rule, section);
    if (c->nat)
        for (size_t p = 0; p < ct->nplayers; p++)
            if (bmp_params_has(&ct->players[p].params, "pqp_share"))
                return emit_pqp(c, &aw, explain);
    eligibility e = {c, kind, min_part};
    return core_emit_players(c->ev, c->out, c->err, &aw, explain, false, abf_player, &e);
}

/* The unrounded award for places lo..hi (tied) of a field whose winner gets
 * winner_at(w100), with `paid` places.  Formula route: evaluated with the
 * grade weight (3.1.1/3.1.2 with W).  Table route: evaluated at the table's
 * weight, rounded as the table prints it, then x the 3.1.3 factor. */

static core_exact winner_at(abf_winner_spec s, int w100)
{
    if (s.kind == 3)
        return abf_outright_winner(s.tables, s.sessions, w100);
    return abf_session_winner(s.kind == 2, s.tables, w100);
}

bool abf_place_value(const abf_ctx *c, abf_winner_spec s, int paid, int lo, int hi, core_exact *out,
                     char *how, size_t hown)
{
    core_exact v;
    if (!c->table_route) {
        if (!abf_tie_share(winner_at(s, abf_ctx_weight(c)), paid, lo, hi, &v))
            return false;
        snprintf(how, hown, "formula W=%.2f: %.6g", abf_ctx_weight(c) / 100.0, core_exact_dbl(v));
        *out = v;
        return true;
    }
    char letter = table_letter(c);
    if (!abf_tie_share(winner_at(s, abf_table_w100(letter)), paid, lo, hi, &v))
        return false;
    bmp_points cell = abf_round(v, c->mode);
    char b[32];
    abf_fmt_pts(cell, b, sizeof b);
    snprintf(how, hown, "Table %d%c %s x %.2f", s.kind, letter, b, table_factor100(c) / 100.0);
    *out = core_exact_mul(core_exact_q(cell, 100), table_factor100(c), 100);
    return true;
}
