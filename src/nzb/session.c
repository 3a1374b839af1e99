/* NZ session awards: the Basic C Table per group per section (NZ-21,
 * NZ-22, NZ-26..NZ-30), factored in tournaments (NZ-40, NZ-50), and the
 * 1 A / 1 B session-winner bonus (NZ-39, NZ-49). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "nzb/award_families.h"

typedef struct sentry {
    size_t ci;
    int session;
    const char *section; /* "" when none */
    const char *dir;     /* "" when none */
    bmp_place place;
} sentry;

static const char *other_dir(const char *d)
{
    return !strcasecmp(d, "NS") ? "EW" : !strcasecmp(d, "EW") ? "NS" : NULL;
}

/* Order of groups: session, section, direction (case-insensitive), then
 * the entry's own order, so that a group's members keep theirs. */
static int group_cmp(const sentry *a, const sentry *b)
{
    int d = (a->session > b->session) - (a->session < b->session);
    if (!d)
        d = strcmp(a->section, b->section);
    if (!d)
        d = strcasecmp(a->dir, b->dir);
    return d;
}

static int ptr_cmp(const void *x, const void *y)
{
    const sentry *a = *(const sentry *const *)x, *b = *(const sentry *const *)y;
    int d = group_cmp(a, b);
    return d ? d : (a > b) - (a < b);
}

/* The groups (session, section, direction) of the entries: by[] lists the
 * entries group by group, group g being by[start[g] .. start[g + 1]), and
 * gid[i] is entry i's group.  O(n log n). */
typedef struct groups {
    size_t *by, *start, *gid;
    size_t ng;
} groups;

static void groups_free(groups *g)
{
    free(g->by);
    free(g->start);
    free(g->gid);
}

static bool groups_make(const sentry *e, size_t n, groups *g)
{
    g->by = malloc((n + 1) * sizeof *g->by);
    g->start = malloc((n + 2) * sizeof *g->start);
    g->gid = malloc((n + 1) * sizeof *g->gid);
    g->ng = 0;
    if (!g->by || !g->start || !g->gid)
        return false;
    const sentry **p = malloc((n + 1) * sizeof *p);
    if (!p)
        return false;
    for (size_t i = 0; i < n; i++)
        p[i] = &e[i];
    qsort(p, n, sizeof *p, ptr_cmp);
    for (size_t i = 0; i < n; i++)
        g->by[i] = (size_t)(p[i] - e);
    free(p);
    for (size_t k = 0; k < n; k++) {
        if (!k || group_cmp(&e[g->by[k - 1]], &e[g->by[k]]) != 0)
            g->start[g->ng++] = k;
        g->gid[g->by[k]] = g->ng - 1;
    }
    g->start[g->ng] = n;
    return true;
}

static size_t group_size(const groups *g, size_t gi)
{
    return g->start[gi + 1] - g->start[gi];
}

static bool same_section(const sentry *a, const sentry *b)
{
    return a->session == b->session && !strcmp(a->section, b->section);
}

/* The size of the other direction's group in the same session and
 * section (NZ-30), 0 if none.  A section's groups are adjacent in the
 * group order, one per direction. */
static size_t other_size(const sentry *e, const groups *g, size_t gi)
{
    const sentry *k = &e[g->by[g->start[gi]]];
    const char *od = other_dir(k->dir);
    if (!od)
        return 0;
    size_t lo = gi, hi = gi;
    while (lo > 0 && same_section(&e[g->by[g->start[lo - 1]]], k))
        lo--;
    while (hi + 1 < g->ng && same_section(&e[g->by[g->start[hi + 1]]], k))
        hi++;
    for (size_t h = lo; h <= hi; h++)
        if (!strcasecmp(e[g->by[g->start[h]]].dir, od))
            return group_size(g, h);
    return 0;
}

/* Collect the session places: contestants' session rankings, or for a
 * one-session club event without them, the contestant's own place. */
static bmp_status collect(nzb_ctx *c, sentry **out, size_t *nout)
{
    const bmp_event *ev = c->ev;
    size_t cap = 0;
    for (size_t i = 0; i < ev->ncontestants; i++)
        cap += ev->contestants[i].nrankings + 1;
    sentry *e = calloc(cap ? cap : 1, sizeof *e);
    if (!e)
        return bmp_error_oom(c->err);
    size_t n = 0;
    for (size_t i = 0; i < ev->ncontestants; i++) {
        const bmp_contestant *ct = &ev->contestants[i];
        if (ct->phantom)
            continue;
        for (size_t r = 0; r < ct->nrankings; r++) {
            const bmp_ranking_entry *re = &ct->rankings[r];
            if (re->session < 1 || re->place.lo < 1)
                continue;
            e[n++] = (sentry){i, re->session, re->section ? re->section : "",
                              re->direction ? re->direction : "", re->place};
        }
    }
    if (n == 0 && c->club) {
        if (ev->movement == BMP_MOVEMENT_TWO_WINNER) {
            free(e);
            return nzb_fail(
                c, BMP_EINVAL, "$.contestants",
                "a two-winner (Mitchell) session needs session rankings with a direction "
                "(NZ-21: N/S and E/W are ranked separately)");
        }
        for (size_t i = 0; i < ev->ncontestants; i++) {
            const bmp_contestant *ct = &ev->contestants[i];
            if (!ct->phantom && ct->place.lo >= 1)
                e[n++] = (sentry){i, 1, "", "", ct->place};
        }
    }
    *out = e;
    *nout = n;
    return BMP_OK;
}

/* One group being awarded: its entries, size, the other direction's size,
 * and the Basic C value of each place. */
typedef struct sgroup {
    const sentry *k;          /* its first entry */
    char ranking[64];
    int gn, on;               /* sizes of this and the other direction */
    bool half, uneven;
    bmp_points *vals;         /* by place, 1..gn */
} sgroup;

/* NZ-27 / NZ-85: two complete tables in the section; NZ-28 / A-11: 11 or
 * more deals.  True when the group gets awards; else the reason is given. */
static bool group_qualifies(nzb_ctx *c, const sgroup *sg, bmp_status *st)
{
    const bmp_event *ev = c->ev;
    int per_table = ev->kind == BMP_KIND_INDIVIDUAL ? 4 : 2;
    int section_contestants = sg->gn + sg->on;
    if (section_contestants < 2 * per_table) {
        if (bmp_awards_reason(c->out, BMP_WHOLE_EVENT, BMP_ALL_PLAYERS, "NZ-27",
                              "Club Sessions A.1",
                              "%s: %d contestants, fewer than two complete tables: "
                              "no session awards (NZ-27)",
                              sg->ranking, section_contestants))
            *st = bmp_error_oom(c->err);
        return false;
    }
    if (ev->boards < 11) {
        if (bmp_awards_reason(c->out, BMP_WHOLE_EVENT, BMP_ALL_PLAYERS, "NZ-28",
                              "Club Sessions A.2",
                              "%s: %d deals in circulation, fewer than 11: no C "
                              "points (NZ-28, A-11)",
                              sg->ranking, ev->boards))
            *st = bmp_error_oom(c->err);
        return false;
    }
    return true;
}

/* The Basic C Table row for the group size; an uneven Mitchell averages
 * the two rows to the nearest whole, half up (NZ-30); 11-19 deals half,
 * rounded up (NZ-28); times the event factor. */
static bmp_status group_values(nzb_ctx *c, sgroup *sg, int factor)
{
    sg->vals = calloc((size_t)sg->gn, sizeof *sg->vals);
    if (!sg->vals)
        return bmp_error_oom(c->err);
    for (int p = 1; p <= sg->gn; p++) {
        int v = nzb_c_basic(sg->gn, p);
        if (sg->uneven)
            v = (v + nzb_c_basic(sg->on, p) + 1) / 2;
        if (sg->half)
            v = (v + 1) / 2;
        sg->vals[p - 1] = (bmp_points)v * factor * 100;
    }
    return BMP_OK;
}

/* One entry's C points (tied places averaged, NZ-29) and, for a first
 * place with 20+ deals in a pairs tournament, the 1 A / 1 B session-winner
 * bonus (NZ-39 / NZ-49, A-25). */
static bmp_status entry_awards(nzb_ctx *c, const sgroup *sg, const sentry *en, int factor,
                               bool bonus, const char *c_rule, const char *c_sec)
{
    bmp_place pl = en->place;
    bmp_points pts =
        bmp_tie_share(sg->vals, (size_t)sg->gn, pl.lo, pl.hi, BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
    char ex[400], b[32];
    int len = snprintf(ex, sizeof ex, "Basic C Table N=%d", sg->gn);
    if (sg->uneven)
        len += snprintf(ex + len, sizeof ex - (size_t)len,
                        ", averaged with N=%d (uneven directions, NZ-30)", sg->on);
    if (sg->half)
        len += snprintf(ex + len, sizeof ex - (size_t)len, ", half for %d deals rounded up (NZ-28)",
                        c->ev->boards);
    if (factor != 1)
        len += snprintf(ex + len, sizeof ex - (size_t)len, ", x %d (%s)", factor, c_rule);
    if (pl.hi > pl.lo)
        len += snprintf(ex + len, sizeof ex - (size_t)len, ", average of places %d-%d (NZ-29)",
                        pl.lo, pl.hi);
    snprintf(ex + len, sizeof ex - (size_t)len, " = %s C", nzb_fmtp(pts, b, sizeof b));
    const char *rule = c_rule;
    if (!strcmp(c_rule, "NZ-26"))
        rule = sg->uneven ? "NZ-30" : pl.hi > pl.lo ? "NZ-29" : sg->half ? "NZ-28" : "NZ-26";
    bmp_status st =
        nzb_emit(c, en->ci, BMP_ALL_PLAYERS, "session", sg->ranking, pl, pts, 'C', rule, c_sec, ex);
    if (st || !bonus || pl.lo != 1 || sg->half)
        return st;
    char l = c->g->letter;
    char bx[160];
    snprintf(bx, sizeof bx, "session winner%s: 1 %c (%s)", pl.hi > 1 ? " (equal)" : "", l,
             l == 'A' ? "NZ-39" : "NZ-49");
    return nzb_emit(c, en->ci, BMP_ALL_PLAYERS, "session-top", sg->ranking, pl, 100, l,
                    l == 'A' ? "NZ-39" : "NZ-49",
                    l == 'A' ? "A Point Tournaments 3.1" : "B Point Tournaments 3.1", bx);
}

/* One group: whether it qualifies, its values, each member's awards in
 * the members' order. */
static bmp_status group_awards(nzb_ctx *c, const sentry *e, const groups *g, size_t gi,
                               int factor, bool bonus, const char *c_rule, const char *c_sec)
{
    sgroup sg = {.k = &e[g->by[g->start[gi]]], .gn = (int)group_size(g, gi),
                 .on = (int)other_size(e, g, gi)};
    snprintf(sg.ranking, sizeof sg.ranking, "session %d%s%s%s%s", sg.k->session,
             *sg.k->section ? " " : "", sg.k->section, *sg.k->dir ? " " : "", sg.k->dir);
    sg.half = c->ev->boards < 20;
    sg.uneven = sg.on > 0 && sg.on != sg.gn;
    bmp_status st = BMP_OK;
    if (!group_qualifies(c, &sg, &st))
        return st;
    st = group_values(c, &sg, factor);
    for (size_t m = g->start[gi]; m < g->start[gi + 1] && !st; m++)
        st = entry_awards(c, &sg, &e[g->by[m]], factor, bonus, c_rule, c_sec);
    free(sg.vals);
    return st;
}

/* NZ-26..NZ-30, NZ-40, NZ-50: per group per section per session (NZ-21,
 * NZ-22), the Basic C Table for the group size, both directions of an
 * uneven Mitchell averaging the two rows (NZ-30), half for 11-19 deals
 * rounded up (NZ-28), times the event factor, tied places averaged (NZ-29).
 * Groups are awarded in the order of their first entry. */
bmp_status nzb_session_awards(nzb_ctx *c, int factor, bool bonus, const char *c_rule,
                              const char *c_sec)
{
    sentry *e = NULL;
    size_t n = 0;
    bmp_status st = collect(c, &e, &n);
    if (st)
        return st;
    if (n == 0 && bmp_awards_note(c->out, c->err,
                                  "no session places given (contestants[].rankings): "
                                  "no session C or session-winner awards")) {
        free(e);
        return bmp_error_oom(c->err);
    }
    groups g = {0};
    bool *done = calloc(n + 1, sizeof *done);
    if (!done || !groups_make(e, n, &g))
        st = bmp_error_oom(c->err);
    for (size_t i = 0; i < n && !st; i++) {
        size_t gi = g.gid[i];
        if (!done[gi]) {
            done[gi] = true;
            st = group_awards(c, e, &g, gi, factor, bonus, c_rule, c_sec);
        }
    }
    groups_free(&g);
    free(done);
    free(e);
    return st;
}
