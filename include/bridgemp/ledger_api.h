/* bridgemp: paged listings of the ledger for the REST API of `bridgemp
 * serve` (docs/serve.md, docs/openapi.yaml), as bmp_tables whose columns
 * are the JSON field names.  Points are printed as the reports print them
 * ("5.10").  `offset`/`limit` page a listing; *total gets the count of all
 * rows (may be NULL). */
#ifndef BRIDGEMP_LEDGER_API_H
#define BRIDGEMP_LEDGER_API_H

#include <stddef.h>
#include <stdint.h>
#include "bridgemp/error.h"
#include "bridgemp/ledger.h"
#include "bridgemp/rank.h"
#include "bridgemp/table.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A player's summary: who, rank at the last close, holdings per point type
 * (every type of the body, 0 when none) and what the next rank needs. */
typedef struct bmp_ledger_summary {
    char number[16], name[128], status[16], home_club[16], rank[64];
    char next_rank[256];            /* "" at the top rank */
    size_t ntypes;
    const char *point_type[8];      /* the body's point types (static strings) */
    bmp_points holding[8];
    /* issue 30, for the API: the rank the holdings earn under the body's
     * rank table (`rank` above is the rank held: at the last close, for
     * life where the body says so), with .next, .missing and .rule (the
     * table's rule ID); .name "" for a body without rank rules */
    bmp_rank earned;
} bmp_ledger_summary;
bmp_status bmp_ledger_player_summary(bmp_ledger *l, const char *body, const char *number,
                                     bmp_ledger_summary *out, bmp_error *err);

/* A player's standing at the end of a day (issue 30: the check an
 * organiser makes for a restricted event): the holdings summed from the
 * journal's posted batches dated on or before `date` (yyyy-mm-dd) -- a
 * batch's date is its event date, else the first day of its period, else
 * (posted at once, outside a period: an opening balance, a merge) it counts
 * at every date; a reversal carries the date of the batch it reverses, so a
 * reversed batch counts at no date (ruling W-30r1) -- and the rank they earn
 * under the body's rank table then, with its rule ID.  EINVAL for a date
 * that is not a calendar date; ENOTFOUND for an unknown player. */
typedef struct bmp_ledger_standing {
    char number[16], name[128], date[16];
    size_t ntypes;
    const char *point_type[8];      /* the body's point types (static strings) */
    bmp_points holding[8];
    bmp_rank rank;                  /* .name "" for a body without rank rules */
} bmp_ledger_standing;
bmp_status bmp_ledger_player_rank_at(bmp_ledger *l, const char *body, const char *number,
                                     const char *date, bmp_ledger_standing *out, bmp_error *err);

/* Players of a body whose number is `q` or whose name matches `q` (NULL
 * or "": all), by name: number, name, status, home_club, rank.  A name
 * matches when each word of `q` begins one of its words, in any order
 * ("Bell, Ava" finds Ava Bell), or `q` is part of it as written; case and
 * accents are ignored ("zoe muller" finds Zoë Müller).  *total counts
 * every match; one read of the body's register (docs/rulings.md W-30p1). */
bmp_status bmp_ledger_find_players(bmp_ledger *l, const char *body, const char *q,
                                   size_t offset, size_t limit, bmp_table *out, size_t *total,
                                   bmp_error *err);
/* A player's award lines, newest batch first: batch, state, period, event,
 * event_date, point_type, points, rule.  ENOTFOUND for an unknown player. */
bmp_status bmp_ledger_player_journal(bmp_ledger *l, const char *body, const char *number,
                                     size_t offset, size_t limit, bmp_table *out, size_t *total,
                                     bmp_error *err);
/* A player's promotions at period closes, oldest first: period, from_rank,
 * to_rank.  ENOTFOUND for an unknown player. */
bmp_status bmp_ledger_player_promotions(bmp_ledger *l, const char *body, const char *number,
                                        bmp_table *out, bmp_error *err);
/* A player's page at once (issue 30: the player looked up once, not once
 * per read): the summary (as bmp_ledger_player_summary), the statement's
 * history into `history` (period, point_type, lines, points: the rows of
 * bmp_ledger_statement without its notes and "holding" rows), the
 * promotions (as bmp_ledger_player_promotions) and the newest `recent`
 * journal lines with their count in *total (as bmp_ledger_player_journal).
 * The tables are the caller's (bmp_table_init before, bmp_table_free
 * after, whatever the answer).  ENOTFOUND for an unknown player. */
bmp_status bmp_ledger_player_page(bmp_ledger *l, const char *body, const char *number,
                                  size_t recent, bmp_ledger_summary *sum, bmp_table *history,
                                  bmp_table *promotions, bmp_table *journal, size_t *total,
                                  bmp_error *err);
/* The derivation of every award of an event batch, recomputed from the
 * event kept on import (ruling W-21): contestant, name, players, place,
 * point_type, points, rule, section, derivation; the event-level lines are
 * the table's notes.  ENOTFOUND when `id` is not an event batch of the body
 * or its event was not kept (imported before schema 006). */
bmp_status bmp_ledger_event_explain(bmp_ledger *l, const char *body, int64_t id, bmp_table *out,
                                    bmp_error *err);
/* A body's clubs by number: number, name only (no member count: a cheap
 * read for pages that show club names, issue 30). */
bmp_status bmp_ledger_club_names(bmp_ledger *l, const char *body, bmp_table *out,
                                 bmp_error *err);
/* A body's clubs: number, name, dummy, members (home members). */
bmp_status bmp_ledger_clubs(bmp_ledger *l, const char *body, bmp_table *out, bmp_error *err);
/* Events (batches computed from an event file), newest first: id, event,
 * event_date, club, state, period, lines. */
bmp_status bmp_ledger_events(bmp_ledger *l, const char *body, size_t offset, size_t limit,
                             bmp_table *out, size_t *total, bmp_error *err);
/* Which events bmp_ledger_events_where lists (issue 44): `state` NULL for
 * every state, else that state only ("posted": the public's list); `club`,
 * with a state, a club number whose events are listed too whatever their
 * state (a club's own unposted ones).  `size` is sizeof the struct. */
typedef struct bmp_ledger_event_filter {
    size_t size;
    const char *state;
    const char *club;
} bmp_ledger_event_filter;
/* bmp_ledger_events of the events `f` lets through (f NULL: every one);
 * EINVAL for a state that is not a batch's (received, provisional,
 * approved, posted, rejected). */
bmp_status bmp_ledger_events_where(bmp_ledger *l, const char *body,
                                   const bmp_ledger_event_filter *f, size_t offset, size_t limit,
                                   bmp_table *out, size_t *total, bmp_error *err);
/* One event batch's awards, by points: number, name, contestant,
 * point_type, points, rule.  ENOTFOUND when `id` is not an event batch of
 * the body. */
bmp_status bmp_ledger_event_awards(bmp_ledger *l, const char *body, int64_t id, bmp_table *out,
                                   bmp_error *err);

#ifdef __cplusplus
}
#endif
#endif
