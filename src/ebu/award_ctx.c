/* EBU awards: what the dispatcher (award.c) and the award families share
 * (award_ctx.h): errors and notes, emitting awards per eligible player
 * (3.3.2, through core/emit.h) in Local or Blue Points (5.4.1), places
 * without the contestants playing without standing (2.10) and awarding a
 * ranking from a scale (3.4, 3.5). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/emit.h"
#include "ebu/award_ctx.h"

bmp_status ebu_fail(ebu_ctx *c, bmp_status code, const char *path, const char *fmt, ...)
{
    char msg[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return bmp_error_set(c->err, code, "%s: %s", path, msg);
}

/* Format whole Local Points (or Blue) for an explanation. */
void ebu_fmt_pts(bmp_points p, char *buf, size_t n)
{
    bmp_points_format(p, buf, n);
}

/* 3.3.2 (EBU-31): a player who played fewer than 1/3 of the boards of the
 * stage gets no award. */
static void third_of_boards(void *ctx, const bmp_contestant *ct, size_t p,
                            core_player_award *pa)
{
    (void)ctx;
    if (ct->players[p].participation * 3 < 1.0 - 1e-9)
        pa->award = false;
    else
        snprintf(pa->why, sizeof pa->why, " (player played >= 1/3 of the boards, 3.3.2)");
}

/* Adds tmpl for every eligible player of its contestant (once for all
 * players when all are eligible, core/emit.h). */
bmp_status ebu_emit(const bmp_event *ev, bmp_awards *out, bmp_error *err, const bmp_award *tmpl,
                    const char *fmt, ...)
{
    char explain[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(explain, sizeof explain, fmt, ap);
    va_end(ap);
    if (tmpl->points <= 0)
        return BMP_OK;
    return core_emit_players(ev, out, err, tmpl, explain, false, third_of_boards, NULL);
}

/* Emit an award of `local` whole Local Points (hundredths), in Blue when the
 * event is a Blue Point event. */
/* 5.1.2 (EBU-114): an EBU Sim Pairs award of X whole Local Points is split
 * 75 % Local, rounded up to a whole point, and the rest in Blue at 100
 * Local to the Blue Point (EBU-1): X = 37 -> 28 Local + 0.09 Blue
 * (ruling EBU-R19: the value is kept whole). */
static bmp_status emit_sim(ebu_ctx *c, bmp_award *aw, bmp_points local, const char *explain)
{
    bmp_points whole = local / 100, lp = (whole * 75 + 99) / 100, bp = whole - lp;
    bmp_award b = *aw;
    aw->points = lp * 100;
    bmp_award_set(aw, NULL, NULL, "local", "EBU-114", "5.1.2");
    bmp_status st = ebu_emit(c->ev, c->out, c->err, aw, "%s; Sim Pairs: 75%% of %lld Local, "
                             "rounded up = %lld Local (5.1.2)", explain, (long long)whole,
                             (long long)lp);
    b.points = bp; /* bp Local = bp hundredths of a Blue Point */
    bmp_award_set(&b, NULL, NULL, "blue", "EBU-114", "5.1.2");
    if (!st && bp)
        st = ebu_emit(c->ev, c->out, c->err, &b, "%s; Sim Pairs: the other %lld Local as Blue "
                      "= %lld / 100 (5.1.2, EBU-1)", explain, (long long)bp, (long long)bp);
    return st;
}

bmp_status ebu_emit_local(ebu_ctx *c, size_t ci, const char *kind, const char *ranking,
                          bmp_place place, bmp_points local, const char *rule,
                          const char *section, const char *explain)
{
    bmp_award aw = {0};
    aw.contestant = ci;
    aw.place = place;
    /* 5.4.1 (EBU-2, EBU-117): a Blue award is the Local award / 100; in
     * hundredths of a Blue Point that is the Local figure itself. */
    aw.points = c->blue ? local / 100 : local;
    bmp_award_set(&aw, kind, ranking, c->colour, rule, section);
    if (c->sim)
        return emit_sim(c, &aw, local, explain);
    return ebu_emit(c->ev, c->out, c->err, &aw, "%s%s", explain,
                    c->blue ? "; Blue = Local / 100 (5.4.1)" : "");
}

/* The place of contestant ci in the ranking used: its direction ranking for a
 * two-winner field (dir = "NS"/"EW"), else its overall place.  Contestants
 * playing without standing (2.10, EBU-9) are taken out of the list: every
 * eligible contestant moves up past each one placed strictly above it
 * (docs/rulings.md EBU, AMB-13). */
bool ebu_without_standing(const bmp_contestant *ct)
{
    return bmp_params_bool(&ct->params, "without_standing", false);
}

static bmp_place place_in(const bmp_event *ev, size_t ci, const char *dir)
{
    const bmp_contestant *ct = &ev->contestants[ci];
    bmp_place none = {0, 0, false};
    if (!dir)
        return ct->place;
    for (size_t r = 0; r < ct->nrankings; r++) {
        const bmp_ranking_entry *e = &ct->rankings[r];
        if ((e->direction && strcmp(e->direction, dir) == 0) ||
            (!e->direction && e->ranking && strcmp(e->ranking, dir) == 0))
            return e->place;
    }
    return none;
}

bmp_place ebu_eligible_place(ebu_ctx *c, size_t ci, const char *dir)
{
    const bmp_event *ev = c->ev;
    bmp_place p = place_in(ev, ci, dir);
    if (p.lo <= 0)
        return p;
    /* Count the contestants without standing once per event: an event with
     * none (the usual case) then costs nothing here, and the scan below runs
     * only when someone actually plays without standing. */
    if (!c->ws_counted) {
        c->nws = 0;
        for (size_t j = 0; j < ev->ncontestants; j++)
            c->nws += ebu_without_standing(&ev->contestants[j]);
        c->ws_counted = true;
    }
    if (c->nws == 0)
        return p;
    int ahead = 0, tied = 0;
    for (size_t j = 0; j < ev->ncontestants; j++) {
        if (j == ci || !ebu_without_standing(&ev->contestants[j]))
            continue;
        bmp_place q = place_in(ev, j, dir);
        if (q.lo > 0 && q.hi < p.lo)
            ahead++;
        else if (q.lo > 0 && q.lo <= p.hi && q.hi >= p.lo)
            tied++; /* tied with ci: out of the list, the tie covers fewer places */
    }
    p.lo -= ahead;
    p.hi -= ahead + tied;
    if (p.hi <= p.lo) {
        p.hi = p.lo;
        p.tied = false;
    }
    return p;
}

/* The direction ranking of a contestant: "NS"/"EW" (two-winner), or a
 * ranking named "N", "E", "S" or "W" (four-winner individual, 4.1.4). */
static const char *dir_of(const bmp_contestant *ct)
{
    for (size_t r = 0; r < ct->nrankings; r++) {
        const bmp_ranking_entry *e = &ct->rankings[r];
        if (e->direction)
            return e->direction;
        if (e->ranking && strlen(e->ranking) == 1 && strchr("NESW", e->ranking[0]))
            return e->ranking;
    }
    return NULL;
}

int ebu_count_ranked(const bmp_event *ev, const char *dir)
{
    int n = 0;
    for (size_t i = 0; i < ev->ncontestants; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        if (ct->phantom || ebu_without_standing(ct))
            continue;
        if (place_in(ev, i, dir).lo > 0)
            n++;
    }
    return n;
}

/* Award every contestant of the ranking(s) from scale s. */
/* How a ranking award was derived (3.5, the scale's formula). */
static void explain_share(char *ex, size_t cap, const ebu_scale *s, bmp_place p, bmp_points pts,
                          const char *what)
{
    char buf[32], top[32];
    ebu_fmt_pts(pts, buf, sizeof buf);
    snprintf(top, sizeof top, "%.4g", ebu_scale_top(s));
    if (p.hi > p.lo)
        snprintf(ex, cap,
                 "%s: tie for places %d-%d shares their awards (each at least the "
                 "minimum), rounded up = %s (3.5)",
                 what, p.lo, p.hi, buf);
    else
        snprintf(ex, cap, "%s: place %d of %d awards: top %s x (%d - %d + 1)/%d, rounded up = %s",
                 what, p.lo, s->k, top, s->n, p.lo, s->n, buf);
}

bmp_status ebu_award_ranking(ebu_ctx *c, const ebu_scale *s, bool two_winner, const char *kind,
                             const char *rule, const char *section, const char *what)
{
    const bmp_event *ev = c->ev;
    for (size_t i = 0; i < ev->ncontestants; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        if (ct->phantom || ebu_without_standing(ct))
            continue;
        const char *dir = two_winner ? dir_of(ct) : NULL;
        if (two_winner && !dir) {
            char path[64];
            snprintf(path, sizeof path, "$.contestants[%zu].rankings", i);
            return ebu_fail(c, BMP_EINVAL, path,
                        "a two-winner event needs a ranking with a direction (NS or EW; "
                        "a four-winner individual a ranking N, E, S or W) for every "
                        "contestant (4.1.4)");
        }
        bmp_place p = ebu_eligible_place(c, i, dir);
        if (p.lo <= 0)
            continue;
        bmp_points pts = ebu_scale_share(s, p.lo, p.hi);
        if (pts <= 0)
            continue;
        const char *ranking = !dir ? "overall" : !strcmp(dir, "NS") ? "overall NS"
                            : !strcmp(dir, "EW") ? "overall EW" : NULL;
        char rbuf[64], ex[512] = "";
        if (!ranking) {
            snprintf(rbuf, sizeof rbuf, "overall %s", dir);
            ranking = rbuf;
        }
        if (!c->out->skip_explain) /* else the text is not kept: not made */
            explain_share(ex, sizeof ex, s, p, pts, what);
        bmp_status st = ebu_emit_local(c, i, kind, ranking, p, pts, rule, section, ex);
        if (st)
            return st;
    }
    return BMP_OK;
}

bmp_status ebu_note(ebu_ctx *c, const char *fmt, ...)
{
    char msg[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return bmp_awards_note(c->out, c->err, "%s", msg);
}

bool ebu_teams_like_kind(bmp_event_kind k)
{
    return k == BMP_KIND_TEAMS || k == BMP_KIND_SWISS_TEAMS || k == BMP_KIND_ROUND_ROBIN ||
           k == BMP_KIND_BAM;
}

/* 4.5.1: the length of the matches: boards_per_match, else the shortest
 * match listed (0 when there are none). */
int ebu_match_length(const bmp_event *ev)
{
    if (ev->boards_per_match > 0)
        return ev->boards_per_match;
    int b = 0;
    for (size_t k = 0; k < ev->nmatches; k++)
        if (ev->matches[k].boards > 0 && (b == 0 || ev->matches[k].boards < b))
            b = ev->matches[k].boards;
    return b;
}
