/* bridgemp: moving a body into the ledger (issue 28, docs/ledger.md "Moving
 * in"): a register import that says what it changes, opening balances
 * carried from an old system, likely duplicates and their merge, and the
 * audit log read back. */
#ifndef BRIDGEMP_LEDGER_MOVEIN_H
#define BRIDGEMP_LEDGER_MOVEIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "bridgemp/error.h"
#include "bridgemp/ledger.h"
#include "bridgemp/table.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- The player register import ---------------------------------------- */

typedef struct bmp_ledger_register_opts {
    size_t size;      /* sizeof(bmp_ledger_register_opts) */
    bool dry_run;     /* check and list every change; nothing written */
    FILE *changes;    /* every change, one a line ("0001002 status: "Active" -> "Deceased"");
                         may be NULL */
} bmp_ledger_register_opts;

typedef struct bmp_ledger_register_stats {
    size_t rows, added, changed, unchanged;
} bmp_ledger_register_stats;

/* The player register CSV (docs/ledger.md "Registers", "Moving in"):
 * number,name,status,home_club,alternates,overseas,youth,registered_from,
 * registered_to,pre1982_red, the optional birth_year and the region in the
 * body's word (bmp_ledger_region_word: state, county, region, unit; an ABF
 * state one of the eight, by abbreviation or name).  The header is
 * checked against the documented columns (a header cell is matched
 * case-insensitively with spaces and hyphens read as '_': "Home Club" is
 * home_club; any other column is refused, naming the valid ones); a file
 * updates only the columns it has; every status change is listed (a
 * Deceased player is never credited: batch.c, NZ-88).  The audit entry lists the changes (a summary and one line per
 * field changed, each bounded). */
bmp_status bmp_ledger_import_register(bmp_ledger *l, const char *body, const char *path,
                                      const bmp_ledger_register_opts *o,
                                      bmp_ledger_register_stats *stats, bmp_problems *probs,
                                      bmp_error *err);

/* ---- One player's register record (issue 29: the back office) ------------ */

/* One player's register fields as one row, as the export writes them:
 * number, name, status, home_club, alternates, overseas, youth,
 * registered_from, registered_to, pre1982_red, birth_year, and
 * merged_into (the player kept while a merge of this one stands, else "").
 * ENOTFOUND for a number the register does not hold. */
bmp_status bmp_ledger_player_register(bmp_ledger *l, const char *body, const char *number,
                                      bmp_table *out, bmp_error *err);

/* A register field and its new value, as a register file's cell would
 * hold it ("status", "Dormant"; "youth", "1"; "pre1982_red", "12.50"). */
typedef struct bmp_ledger_field {
    const char *name, *value;
} bmp_ledger_field;

/* Edit fields of one registered player with a reason (required, at most
 * 500 characters): the same checks and rules as the register import (a
 * status as the body lists it, NZ-88; a club the registry knows; a year;
 * points), all or nothing, through the same code.  A field that is not
 * one of name, status, home_club, alternates, overseas, youth,
 * registered_from, registered_to, pre1982_red, birth_year and the region
 * in the body's word (bmp_ledger_region_word: "state" for the ABF) (the
 * number is never edited), or is given twice, is refused naming the
 * fields.  One
 * audit entry "edit player" by the ledger's who: "abf player 1003 edited:
 * REASON" and a line per field changed ("status (1): 1003 "Active" ->
 * "Dormant""); the player's row is imaged in the chain.  An edit that
 * changes nothing writes nothing.  *changed gets the fields changed.
 * ENOTFOUND for a number the register does not hold (an edit never adds a
 * player). */
bmp_status bmp_ledger_player_edit(bmp_ledger *l, const char *body, const char *number,
                                  const bmp_ledger_field *fields, size_t n, const char *reason,
                                  size_t *changed, bmp_problems *probs, bmp_error *err);

/* The held lines of `number` not yet released (a number the register did
 * not know, or whose player could not be credited, when its batch came):
 * batch, state (of the batch), event, date, point_type, points, why; oldest
 * first.  What bmp_ledger_release_held would credit (within its rules). */
bmp_status bmp_ledger_player_held(bmp_ledger *l, const char *body, const char *number,
                                  bmp_table *out, bmp_error *err);

/* ---- Opening balances ---------------------------------------------------- */

typedef struct bmp_ledger_opening_opts {
    size_t size;          /* sizeof(bmp_ledger_opening_opts) */
    const char *body;
    const char *reason;   /* required */
    int64_t replaces;     /* an opening batch this file replaces (reversed), or 0 */
} bmp_ledger_opening_opts;

/* Opening balances from an old system (CSV number,<each point type of the
 * body>,rank,rank_date): one posted batch of source "opening" that writes
 * the holdings and the carried rank, creates no promotion and no
 * certificate; the carried rank is the floor of every later close.  Once
 * per player unless o->replaces names the opening batch it replaces.
 * *batch gets the new batch's id. */
bmp_status bmp_ledger_opening(bmp_ledger *l, const char *path, const bmp_ledger_opening_opts *o,
                              int64_t *batch, size_t *players, bmp_problems *probs,
                              bmp_error *err);

/* ---- Duplicates and merges ------------------------------------------------ */

/* Likely duplicate pairs: same normalised name and home club, numbers one
 * transposition or one digit apart, the same birth year where known; the
 * evidence in each row (sorted and grouped, never all pairs). */
bmp_status bmp_ledger_duplicates(bmp_ledger *l, const char *body, bmp_table *out,
                                 bmp_error *err);
/* Move dup's posted holdings to keep by a transfer batch (posted history
 * is never edited), re-rank keep, and make dup a redirect to keep. */
bmp_status bmp_ledger_merge(bmp_ledger *l, const char *body, const char *dup, const char *keep,
                            const char *reason, int64_t *batch, bmp_error *err);
/* Undo the merge of dup: the transfer reversed, the redirect ended. */
bmp_status bmp_ledger_unmerge(bmp_ledger *l, const char *body, const char *dup,
                              const char *reason, int64_t *batch, bmp_error *err);

/* ---- The audit log ------------------------------------------------------- */

typedef struct bmp_ledger_audit_filter {
    const char *since;   /* entries at or after this date/time (yyyy-mm-dd...), or NULL */
    const char *who;     /* entries by this name, or NULL */
    const char *action;  /* entries of this action ("import players", "close"), or NULL */
    const char *table;   /* entries that wrote a row of this table ("player"), or NULL */
} bmp_ledger_audit_filter;

/* The audit log (seq, at, who, action, detail, prev_hash, hash), oldest first. */
bmp_status bmp_ledger_audit_list(bmp_ledger *l, const bmp_ledger_audit_filter *f, bmp_table *out,
                                 bmp_error *err);
/* The rows those entries wrote, as the chain imaged them (issue 28): seq,
 * at, who, action, table, key, what ("new", "changed", "removed") and
 * change (a register's row: per field, "col: 'from' -> 'to'"; a group of
 * rows, as the journal lines of a batch: "rows=N"); in entry order, and
 * only f->table's rows when it is set. */
bmp_status bmp_ledger_audit_rows(bmp_ledger *l, const bmp_ledger_audit_filter *f, bmp_table *out,
                                 bmp_error *err);

#ifdef __cplusplus
}
#endif

#endif
