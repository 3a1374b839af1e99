/* The derivation of an event batch's awards on demand (ruling W-21): the
 * event kept on import (batch_event, migration 006) is awarded again with
 * derivations.  The rules are deterministic, so the awards are the ones
 * the journal holds; the derivation text is made only when asked for. */
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_api.h"
#include "bridgemp/rules.h"
#include "ledger/ledger_internal.h"
#include "ledger/intake/preview.h"
#include "ledger/store/query.h"

/* The event JSON kept for batch `id` of body `b` (malloc'ed). */
static bmp_status kept_event(bmp_ledger *l, const ledger_body *b, int64_t id, char **json,
                             bmp_error *err)
{
    ledger_stmt *st = NULL;
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT e.event_json FROM batch_event e JOIN batch b ON b.id = e.batch_id "
                             "WHERE e.batch_id = ?1 AND b.body_id = ?2 AND b.source = 'event'",
                             "ii", id, b->id);
    bool row = false;
    if (!rc)
        rc = lq_step(l, st, &row, err);
    *json = NULL;
    if (!rc && !row)
        rc = bmp_error_set(err, BMP_ENOTFOUND,
                           "no %s event %lld with its event kept (events imported before schema "
                           "006 have no derivations)", b->code, (long long)id);
    if (!rc && !(*json = strdup(lq_col_text(l, st, 0))))
        rc = bmp_error_oom(err);
    if (st)
        lq_finalize(l, st);
    return rc;
}

/* The names of the players an award goes to, "A & B". */
static bmp_status players_cell(bmp_table *t, const bmp_contestant *c, int player)
{
    size_t n = 0;
    char buf[512] = "";
    for (size_t p = 0; p < c->nplayers; p++) {
        if (player != BMP_ALL_PLAYERS && (size_t)player != p)
            continue;
        const char *name = c->players[p].name ? c->players[p].name : c->players[p].id;
        n += (size_t)snprintf(buf + (n < sizeof buf ? n : sizeof buf - 1),
                              n < sizeof buf ? sizeof buf - n : 1, "%s%s", n ? " & " : "",
                              name ? name : "?");
    }
    return bmp_table_cell(t, "%s", buf);
}

static bmp_status award_row(bmp_table *t, const bmp_event *ev, const bmp_award *a)
{
    const bmp_contestant *c = &ev->contestants[a->contestant];
    char place[32] = "", pts[32];
    if (a->place.lo)
        bmp_place_format(a->place, place, sizeof place);
    bmp_points_format(a->points, pts, sizeof pts);
    bmp_status rc = bmp_table_cell(t, "%s", c->id ? c->id : "");
    if (!rc)
        rc = bmp_table_cell(t, "%s", c->name ? c->name : "");
    if (!rc)
        rc = players_cell(t, c, a->player);
    if (!rc)
        rc = bmp_table_cell(t, "%s", place);
    if (!rc)
        rc = bmp_table_cell(t, "%s", a->colour);
    if (!rc)
        rc = bmp_table_cell(t, "%s", pts);
    if (!rc)
        rc = bmp_table_cell(t, "%s", a->rule);
    if (!rc)
        rc = bmp_table_cell(t, "%s", a->section);
    if (!rc)
        rc = bmp_table_cell(t, "%s", a->explain ? a->explain : "");
    return rc;
}

static bmp_status explain_rows(bmp_table *t, const bmp_event *ev, const bmp_awards *aw)
{
    static const char *const cols[] = {"contestant", "name",    "players", "place",      "point_type",
                                       "points",     "rule",    "section", "derivation", NULL};
    bmp_status rc = bmp_table_title(t, "derivations");
    if (!rc)
        rc = bmp_table_columns(t, cols);
    for (size_t i = 0; i < aw->count && !rc; i++)
        if (aw->items[i].points && aw->items[i].contestant < ev->ncontestants)
            rc = award_row(t, ev, &aw->items[i]);
    for (size_t i = 0; i < aw->nnotes && !rc; i++)
        rc = bmp_table_note(t, "%s", aw->notes[i]);
    return rc;
}

bmp_status bmp_ledger_event_explain(bmp_ledger *l, const char *body, int64_t id, bmp_table *out,
                                    bmp_error *err)
{
    ledger_body b;
    char *json = NULL;
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (!rc)
        rc = kept_event(l, &b, id, &json, err);
    if (!rc)
        rc = ledger_explain_json(json, out, err);
    free(json);
    return rc;
}

/* An event's JSON awarded again with derivations (a kept event, or the
 * one an import preview computed, issue 29). */
bmp_status ledger_explain_json(const char *json, bmp_table *out, bmp_error *err)
{
    bmp_event *ev = NULL;
    bmp_awards aw;
    bmp_awards_init(&aw);
    bmp_status rc = bmp_event_load_string(json, "the kept event", &ev, err);
    if (!rc)
        rc = bmp_award_event(ev, &aw, err);
    if (!rc)
        rc = explain_rows(out, ev, &aw);
    bmp_awards_free(&aw);
    bmp_event_free(ev);
    return rc;
}
