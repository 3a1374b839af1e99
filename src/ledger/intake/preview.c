/* A preview of an import (issue 29): what `ledger import` would make of a
 * file, nothing written.  The checks are the import's own (batch.c runs
 * them in a dry run, src->preview set); this file only keeps what they
 * found, in the sections include/bridgemp/ledger_preview.h describes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/event.h"
#include "bridgemp/ledger_preview.h"
#include "ledger/intake/preview.h"
#include "ledger/shared/sections.h"

static const char *const titles[PV_N] = {"preview",     "lines",    "totals",     "carried",
                                         "derivations", "problems", "differences"};

static const char *const summary_cols[] = {
    "file",  "body",      "club",         "source",     "event",    "event_date", "event_key",
    "hash",  "lines",     "held",         "verdict",    "hold",     "duplicate_of",
    "same_event", "replaces", "numbers", "rating", "carried_unchecked", NULL};
static const char *const line_cols[] = {"number", "name",       "point_type", "points", "rule",
                                        "contestant", "line",   "held",       NULL};
static const char *const total_cols[] = {"point_type", "points", "lines", NULL};
static const char *const carried_cols[] = {"contestant", "players",  "point_type",
                                           "carried_points", "computed_points", "derivation", NULL};
static const char *const problem_cols[] = {"problem", NULL};

bmp_status ledger_preview_start(ledger_preview *pv, bmp_ledger_sections *out, bmp_error *err)
{
    static const char *const *const cols[PV_N] = {summary_cols, line_cols,    total_cols,
                                                  carried_cols, NULL,         problem_cols,
                                                  NULL}; /* differences: replace_diff.c */
    memset(pv, 0, sizeof *pv);
    pv->out = out;
    bmp_status rc = BMP_OK;
    for (int i = 0; i < PV_N && !rc; i++) {
        bmp_table *t = NULL;
        rc = ledger_section_add(out, titles[i], &t, err);
        if (!rc && cols[i] && bmp_table_columns(t, cols[i]))
            rc = bmp_error_oom(err);
    }
    return rc;
}

static bmp_status cells(bmp_table *t, const char *const *v, size_t n, bmp_error *err)
{
    for (size_t i = 0; i < n; i++)
        if (bmp_table_cell(t, "%s", v[i] ? v[i] : ""))
            return bmp_error_oom(err);
    return BMP_OK;
}

bmp_status ledger_preview_line(ledger_preview *pv, const bmp_ledger_line *ln, const char *number,
                               const char *why, bmp_error *err)
{
    char pts[32], at[24];
    bmp_points_format(ln->points, pts, sizeof pts);
    snprintf(at, sizeof at, "%zu", ln->line);
    const char *v[] = {number ? number : ln->number, ln->name, ln->point_type, pts,
                       ln->rule, ln->contestant, at, why};
    pv->lines++;
    pv->held += number && why;
    return cells(&pv->out->v[PV_LINES], v, 8, err);
}

bmp_status ledger_preview_total(ledger_preview *pv, const char *type, bmp_points points,
                                int64_t lines, bmp_error *err)
{
    char pts[32], n[24];
    bmp_points_format(points, pts, sizeof pts);
    snprintf(n, sizeof n, "%lld", (long long)lines);
    const char *v[] = {type, pts, n};
    return cells(&pv->out->v[PV_TOTALS], v, 3, err);
}

void ledger_preview_holders(ledger_preview *pv, int64_t duplicate, int64_t same_event)
{
    pv->duplicate = duplicate;
    pv->same_event = same_event;
}

/* The points a file carries that differ from the engine's (carried.h). */
static bmp_status carried_rows(ledger_preview *pv, const ledger_carried *c, bmp_error *err)
{
    bmp_status rc = BMP_OK;
    for (size_t i = 0; c && i < c->n && !rc; i++) {
        const ledger_carried_row *r = &c->v[i];
        char a[32], b[32];
        bmp_points_format(r->carried, a, sizeof a);
        bmp_points_format(r->computed, b, sizeof b);
        const char *v[] = {r->contestant, r->players, r->type, a, b, r->derivation};
        rc = cells(&pv->out->v[PV_CARRIED], v, 6, err);
    }
    return rc;
}

static const char *source_name(bmp_batch_source s)
{
    static const char *const names[] = {"auto", "event", "usebio-mp", "abf-credit", "adjustment"};
    return (unsigned)s < 5 ? names[s] : "event";
}

static void id_text(char buf[24], int64_t id)
{
    if (id)
        snprintf(buf, 24, "%lld", (long long)id);
    else
        buf[0] = '\0';
}

/* The event's rating in words (issue 42 item 3), from the event as read:
 * an ACBL club game's "NAP club level, open, 2 strats", "club masterpoint
 * game, restricted 0-200, 1 strat"; else its classification, grade or
 * status ("sectional", "grade E"), its game type and limit, its strata. */
static void rating_kind(const bmp_event *ev, char *buf, size_t size)
{
    const char *special = bmp_params_string(&ev->params, "special", NULL);
    const char *cls = ev->classification ? ev->classification : "";
    if (special && strcmp(special, "nap-club") == 0)
        snprintf(buf, size, "NAP club level");
    else if (special && strcmp(special, "gnt-club") == 0)
        snprintf(buf, size, "GNT club level");
    else if (special)
        snprintf(buf, size, "%s %s", special, *cls ? cls : "event");
    else if (strcmp(cls, "club-championship") == 0)
        snprintf(buf, size, "club championship");
    else if (strcmp(cls, "club-masterpoint") == 0)
        snprintf(buf, size, "club masterpoint game");
    else if (*cls)
        snprintf(buf, size, "%s", cls);
    else if (ev->grade)
        snprintf(buf, size, "grade %s", ev->grade);
    else if (ev->status)
        snprintf(buf, size, "status %s", ev->status);
    else
        buf[0] = '\0';
}

static void rating_text(const char *json, char *buf, size_t size)
{
    buf[0] = '\0';
    bmp_event *ev = NULL;
    bmp_error ignored;
    if (!json || !*json || bmp_event_load_string(json, "the event", &ev, &ignored))
        return;
    rating_kind(ev, buf, size);
    size_t n = strlen(buf), strats = 0;
    const char *gt = bmp_params_string(&ev->params, "game_type", NULL);
    const char *sep = n ? ", " : "";
    if (gt && ev->upper_limit != BMP_NO_LIMIT)
        n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s%s 0-%lld", sep, gt,
                              (long long)ev->upper_limit);
    else if (gt)
        n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s%s", sep, gt);
    for (size_t g = 0; g < ev->ngroups; g++)
        strats += ev->groups[g].type && (strcmp(ev->groups[g].type, "stratum") == 0 ||
                                         strcmp(ev->groups[g].type, "flight") == 0);
    if (strats && n < size)
        snprintf(buf + n, size - n, "%s%zu strat%s", n ? ", " : "", strats,
                 strats == 1 ? "" : "s");
    bmp_event_free(ev);
}

/* verdict: what the import would do -- refused (a problem), held (for its
 * carried points, issue 26) or provisional. */
static bmp_status summary_row(ledger_preview *pv, const ledger_batch_src *src, const char *body,
                              const char *club, const bmp_ledger_import_opts *o, bool refused,
                              bmp_error *err)
{
    const char *hold = src->carried ? src->carried->reason : NULL;
    char lines[24], held[24], dup[24], same[24], rep[24], rating[160], unchecked[600] = "";
    rating_text(src->event_json, rating, sizeof rating);
    if (src->source == BMP_BATCH_USEBIO_MP) /* issue 45: said, as the import says it */
        ledger_carried_unchecked_json(src->event_json, unchecked, sizeof unchecked);
    snprintf(lines, sizeof lines, "%zu", pv->lines);
    snprintf(held, sizeof held, "%zu", pv->held);
    id_text(dup, pv->duplicate);
    id_text(same, pv->same_event);
    /* a corrected file replaces the batch of its event: the one named, or
     * the one found holding the event */
    id_text(rep, o->replaces ? o->replaces : pv->same_event);
    const char *v[] = {src->file, body, club, source_name(src->source), src->event,
                       src->event_date, src->event_key, src->hash, lines, held,
                       refused ? "refused" : hold ? "held" : "provisional", hold, dup, same, rep,
                       src->numbers, rating, unchecked};
    return cells(&pv->out->v[PV_SUMMARY], v, 18, err);
}

bmp_status ledger_preview_finish(ledger_preview *pv, const ledger_batch_src *src,
                                 const char *body, const char *club,
                                 const bmp_ledger_import_opts *o, const bmp_problems *pp,
                                 size_t since, bmp_error *err)
{
    bmp_status rc = summary_row(pv, src, body, club, o, pp->count > since, err);
    if (!rc)
        rc = carried_rows(pv, src->carried, err);
    if (!rc && src->source == BMP_BATCH_EVENT && src->event_json && *src->event_json)
        rc = ledger_explain_json(src->event_json, &pv->out->v[PV_DERIVATIONS], err);
    if (!rc && bmp_table_title(&pv->out->v[PV_DERIVATIONS], "derivations"))
        rc = bmp_error_oom(err);
    for (size_t i = since; i < pp->count && !rc; i++)
        rc = cells(&pv->out->v[PV_PROBLEMS], (const char *const *)&pp->msgs[i], 1, err);
    return rc;
}
