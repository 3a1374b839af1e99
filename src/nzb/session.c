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

static bool same_group(const sentry *a, const sentry *b)
{
    return a->session == b->session && !strcmp(a->section, b->section) && !strcmp(a->dir, b->dir);
}

static const char *other_dir(const char *d)
{
    return !strcasecmp(d, "NS") ? "EW" : !strcasecmp(d, "EW") ? "NS" : NULL;
}

static size_t group_size(const sentry *e, size_t n, int session, const char *section,
                         const char *dir)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        k +=
            e[i].session == session && !strcmp(e[i].section, section) && !strcasecmp(e[i].dir, dir);
    return k;
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

/* NZ-26..NZ-30, NZ-40, NZ-50: per group per section per session (NZ-21,
 * NZ-22), the Basic C Table for the group size, both directions of an
 * uneven Mitchell averaging the two rows (NZ-30), half for 11-19 deals
 * rounded up (NZ-28), times the event factor, tied places averaged (NZ-29). */
bmp_status nzb_session_awards(nzb_ctx *c, int factor, bool bonus, const char *c_rule,
                              const char *c_sec)
{
    const bmp_event *ev = c->ev;
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
    bmp_points *vals = NULL;
    bool *done = calloc(n ? n : 1, sizeof *done);
    if (!done) {
        free(e);
        return bmp_error_oom(c->err);
    }
    int deals = ev->boards;
    int per_table = ev->kind == BMP_KIND_INDIVIDUAL ? 4 : 2;
    for (size_t i = 0; i < n && !st; i++) {
        if (done[i])
            continue;
        const sentry *k = &e[i];
        int gn = (int)group_size(e, n, k->session, k->section, k->dir);
        const char *od = other_dir(k->dir);
        int on = od ? (int)group_size(e, n, k->session, k->section, od) : 0;
        char ranking[64];
        snprintf(ranking, sizeof ranking, "session %d%s%s%s%s", k->session, *k->section ? " " : "",
                 k->section, *k->dir ? " " : "", k->dir);
        /* NZ-27 / NZ-85: two complete tables in the section. */
        int section_contestants = gn + on;
        if (section_contestants < 2 * per_table) {
            if (bmp_awards_reason(c->out, BMP_WHOLE_EVENT, BMP_ALL_PLAYERS, "NZ-27",
                                  "Club Sessions A.1",
                                  "%s: %d contestants, fewer than two complete tables: "
                                  "no session awards (NZ-27)",
                                  ranking, section_contestants)) {
                st = bmp_error_oom(c->err);
                break;
            }
            for (size_t j = i; j < n; j++)
                if (same_group(&e[j], k))
                    done[j] = true;
            continue;
        }
        /* NZ-28 / A-11: >= 20 deals full, 11-19 half rounded up, else none. */
        if (deals < 11) {
            if (bmp_awards_reason(c->out, BMP_WHOLE_EVENT, BMP_ALL_PLAYERS, "NZ-28",
                                  "Club Sessions A.2",
                                  "%s: %d deals in circulation, fewer than 11: no C "
                                  "points (NZ-28, A-11)",
                                  ranking, deals)) {
                st = bmp_error_oom(c->err);
                break;
            }
            for (size_t j = i; j < n; j++)
                if (same_group(&e[j], k))
                    done[j] = true;
            continue;
        }
        bool half = deals < 20;
        bool uneven = on > 0 && on != gn;
        free(vals);
        vals = calloc((size_t)gn, sizeof *vals);
        if (!vals) {
            st = bmp_error_oom(c->err);
            break;
        }
        for (int p = 1; p <= gn; p++) {
            int v = nzb_c_basic(gn, p);
            if (uneven) /* NZ-30: average of the two rows, to the nearest whole (half up) */
                v = (v + nzb_c_basic(on, p) + 1) / 2;
            if (half)
                v = (v + 1) / 2;
            vals[p - 1] = (bmp_points)v * factor * 100;
        }
        for (size_t j = i; j < n && !st; j++) {
            if (!same_group(&e[j], k))
                continue;
            done[j] = true;
            bmp_place pl = e[j].place;
            bmp_points pts =
                bmp_tie_share(vals, (size_t)gn, pl.lo, pl.hi, BMP_ROUND_HALF_UP, BMP_UNIT_CENT);
            char ex[400], b[32];
            int len = snprintf(ex, sizeof ex, "Basic C Table N=%d", gn);
            if (uneven)
                len += snprintf(ex + len, sizeof ex - (size_t)len,
                                ", averaged with N=%d (uneven directions, NZ-30)", on);
            if (half)
                len += snprintf(ex + len, sizeof ex - (size_t)len,
                                ", half for %d deals rounded up (NZ-28)", deals);
            if (factor != 1)
                len += snprintf(ex + len, sizeof ex - (size_t)len, ", x %d (%s)", factor, c_rule);
            if (pl.hi > pl.lo)
                len += snprintf(ex + len, sizeof ex - (size_t)len,
                                ", average of places %d-%d (NZ-29)", pl.lo, pl.hi);
            snprintf(ex + len, sizeof ex - (size_t)len, " = %s C", nzb_fmtp(pts, b, sizeof b));
            const char *rule = c_rule;
            if (!strcmp(c_rule, "NZ-26"))
                rule = uneven ? "NZ-30" : pl.hi > pl.lo ? "NZ-29" : half ? "NZ-28" : "NZ-26";
            st = nzb_emit(c, e[j].ci, BMP_ALL_PLAYERS, "session", ranking, pl, pts, 'C', rule,
                          c_sec, ex);
            /* NZ-39 / NZ-49: 1 A / 1 B to every first-equal winner of each
             * group, >= 20 deals, pairs tournaments only. */
            if (!st && bonus && pl.lo == 1 && !half) {
                char l = c->g->letter;
                char bx[160];
                snprintf(bx, sizeof bx, "session winner%s: 1 %c (%s)", pl.hi > 1 ? " (equal)" : "",
                         l, l == 'A' ? "NZ-39" : "NZ-49");
                st = nzb_emit(c, e[j].ci, BMP_ALL_PLAYERS, "session-top", ranking, pl, 100, l,
                              l == 'A' ? "NZ-39" : "NZ-49",
                              l == 'A' ? "A Point Tournaments 3.1" : "B Point Tournaments 3.1", bx);
            }
        }
    }
    free(vals);
    free(done);
    free(e);
    return st;
}
