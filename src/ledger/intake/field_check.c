/* A field claimed is checked against the contestants listed (issue 45 item
 * 6; ruling L-45-2).  `"tables": 100000` over a club pairs of 20 pairs was
 * believed, and the field is an award's input (ABF 10 tables: 0.30 green
 * to the winners; 100,000 tables: 1.50).  A file may list only its placed
 * contestants and state the field (an EBU club night: 7 tables, 6 pairs
 * listed, rulings OE-3), so a larger claim is not wrong in itself; it is
 * inconsistent when a field of that size pays a place the file does not
 * list.  The probe: the event as claimed with one more contestant just
 * below the lowest place of each ranking (overall and each session,
 * section, direction); if the engine gives any of them points, the file
 * left out contestants its claimed field pays, and is refused.  A claim
 * smaller than the pairs listed (2 a table) is refused too, and so is one
 * larger than the field of a file that lists it whole: one listing a
 * contestant who earns nothing lists everyone (club-pairs.json: 20 pairs,
 * places 1 to 10 both ways, 10 tables; 11 claimed raised every award). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/rules.h"
#include "ledger/intake/field_check.h"

#define PROBES_MAX 64

typedef struct probe {
    bmp_contestant *v;
    bmp_ranking_entry *r;
    bmp_player pl[2];
    char ids[PROBES_MAX][16];
    size_t n;
} probe;

static bool same_slot(const bmp_ranking_entry *a, const bmp_ranking_entry *b)
{
    return a->session == b->session && !strcmp(a->section ? a->section : "",
                                                b->section ? b->section : "") &&
           !strcmp(a->direction ? a->direction : "", b->direction ? b->direction : "") &&
           !strcmp(a->ranking ? a->ranking : "", b->ranking ? b->ranking : "");
}

/* The lowest place of ranking slot e (or of the overall place: e NULL). */
static int lowest(const bmp_event *ev, const bmp_ranking_entry *e)
{
    int hi = 0;
    for (size_t i = 0; i < ev->ncontestants; i++) {
        const bmp_contestant *c = &ev->contestants[i];
        if (!e && c->place.hi > hi)
            hi = c->place.hi;
        for (size_t k = 0; e && k < c->nrankings; k++)
            if (same_slot(&c->rankings[k], e) && c->rankings[k].place.hi > hi)
                hi = c->rankings[k].place.hi;
    }
    return hi;
}

static bmp_contestant *probe_add(probe *p)
{
    if (p->n >= PROBES_MAX)
        return NULL;
    bmp_contestant *c = &p->v[p->n];
    memset(c, 0, sizeof *c);
    snprintf(p->ids[p->n], sizeof p->ids[p->n], "~probe%zu", p->n + 1);
    c->id = p->ids[p->n];
    c->players = p->pl;
    c->nplayers = 2;
    p->n++;
    return c;
}

/* One probe below each ranking's lowest place; the overall place too. */
static void build_probes(const bmp_event *ev, probe *p)
{
    int hi = lowest(ev, NULL);
    bmp_contestant *c = hi ? probe_add(p) : NULL;
    if (c)
        c->place = (bmp_place){hi + 1, hi + 1, false};
    for (size_t i = 0; i < ev->ncontestants; i++) {
        const bmp_contestant *x = &ev->contestants[i];
        for (size_t k = 0; k < x->nrankings; k++) {
            const bmp_ranking_entry *e = &x->rankings[k];
            bool seen = false;
            for (size_t j = 0; j < p->n && !seen; j++)
                seen = p->v[j].nrankings && same_slot(&p->r[j], e);
            if (seen || !e->place.lo || !(c = probe_add(p)))
                continue;
            p->r[p->n - 1] = *e;
            p->r[p->n - 1].place = (bmp_place){lowest(ev, e) + 1, lowest(ev, e) + 1, false};
            p->r[p->n - 1].has_score = false;
            c->rankings = &p->r[p->n - 1];
            c->nrankings = 1;
            c->group = x->group;
        }
    }
}

static size_t listed(const bmp_event *ev)
{
    size_t n = 0;
    for (size_t i = 0; i < ev->ncontestants; i++)
        n += !ev->contestants[i].phantom;
    return n;
}

/* Does the file list a contestant the event pays nothing (aw: its awards)?
 * Then it lists its whole field, not only its placed contestants. */
static int lists_unpaid(const bmp_event *ev, const bmp_awards *aw)
{
    bool *paid = calloc(ev->ncontestants, sizeof *paid);
    if (!paid)
        return -1;
    for (size_t i = 0; i < aw->count; i++)
        if (aw->items[i].contestant < ev->ncontestants && aw->items[i].points > 0)
            paid[aw->items[i].contestant] = true;
    bool unpaid = false;
    for (size_t i = 0; i < ev->ncontestants && !unpaid; i++)
        unpaid = !paid[i] && !ev->contestants[i].phantom;
    free(paid);
    return unpaid;
}

/* Pairs 2 a table, individuals 4 (ruling C-3); the claim of a file that
 * lists its whole field is that field, a sit-out's half table included. */
static bmp_status check_listed(const bmp_event *ev, const bmp_awards *aw, const char *name,
                               bmp_error *err)
{
    size_t n = listed(ev), per = ev->kind == BMP_KIND_PAIRS ? 2
                                 : ev->kind == BMP_KIND_INDIVIDUAL ? 4 : 0;
    if (!per)
        return BMP_OK;
    const char *what = per == 2 ? "pairs" : "players";
    size_t most = (ev->ncontestants + per - 1) / per; /* a phantom or sit-out has its seat */
    if ((double)n > (double)per * ev->tables)
        return bmp_error_set(err, BMP_EINVAL, "%s: %g tables claimed, but the file lists %zu "
                             "%s: at least %zu tables (ruling L-45-2)", name, ev->tables, n,
                             what, (n + per - 1) / per);
    int whole = lists_unpaid(ev, aw);
    if (whole < 0)
        return bmp_error_oom(err);
    if (whole && ev->tables > (double)most)
        return bmp_error_set(err, BMP_EINVAL, "%s: %g tables claimed, but the file lists its "
                             "whole field (contestants who earn nothing included): %zu %s, %zu "
                             "tables (ruling L-45-2)", name, ev->tables, ev->ncontestants, what,
                             most);
    return BMP_OK;
}

bmp_status ledger_field_check(const bmp_event *ev, const bmp_awards *given, const char *name,
                              bmp_error *err)
{
    if (!ev || ev->tables <= 0 || !ev->ncontestants)
        return BMP_OK;
    size_t n = listed(ev);
    bmp_status rc = check_listed(ev, given, name, err);
    if (rc)
        return rc;
    probe p = {.v = calloc(PROBES_MAX, sizeof *p.v), .r = calloc(PROBES_MAX, sizeof *p.r)};
    bmp_event *copy = malloc(sizeof *copy);
    bmp_contestant *all = calloc(ev->ncontestants + PROBES_MAX, sizeof *all);
    if (!p.v || !p.r || !copy || !all) {
        free(p.v);
        free(p.r);
        free(copy);
        free(all);
        return bmp_error_oom(err);
    }
    for (int k = 0; k < 2; k++)
        p.pl[k] = (bmp_player){.name = (char *)"probe", .participation = 1.0};
    build_probes(ev, &p);
    memcpy(all, ev->contestants, ev->ncontestants * sizeof *all);
    memcpy(all + ev->ncontestants, p.v, p.n * sizeof *all);
    *copy = *ev; /* shallow: the event's own strings, its contestants and the probes */
    copy->contestants = all;
    copy->ncontestants = ev->ncontestants + p.n;
    copy->index = NULL;
    bmp_awards aw;
    bmp_awards_init(&aw);
    bmp_status st = BMP_OK;
    bmp_error ignored; /* a probe beyond the field: the file lists the whole of it */
    if (p.n && bmp_award_event(copy, &aw, &ignored) == BMP_OK) {
        for (size_t i = 0; i < aw.count && !st; i++) {
            const bmp_award *a = &aw.items[i];
            if (a->contestant < ev->ncontestants || a->points <= 0)
                continue;
            const bmp_contestant *c = &all[a->contestant];
            bmp_place at = c->nrankings ? c->rankings[0].place : c->place;
            st = bmp_error_set(err, BMP_EINVAL,
                               "%s: %g tables claimed, but the file lists %zu contestants and "
                               "a field of %g tables pays place %d%s%s, which it does not "
                               "list: give the whole field, or the tables played (ruling "
                               "L-45-2)", name, ev->tables, n, ev->tables, at.lo,
                               c->nrankings && c->rankings[0].direction ? " " : "",
                               c->nrankings && c->rankings[0].direction
                                   ? c->rankings[0].direction : "");
        }
    }
    bmp_awards_free(&aw);
    free(p.v);
    free(p.r);
    free(copy);
    free(all);
    return st;
}
