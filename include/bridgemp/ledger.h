/* bridgemp: the masterpoint ledger (docs/ledger.md).
 *
 * A body's masterpoint centre: a registry of clubs and players, award
 * batches (from events computed on import, USEBIO files carrying
 * MASTER_POINTS, ABF credit files and CSV adjustments) with a lifecycle
 * received -> provisional -> approved -> posted (or rejected), an
 * append-only journal, a hash-chained audit log, monthly period closes that
 * post, re-rank and record promotions, and reports.
 *
 * The handle is opaque (bmp_ledger *), every fallible call returns a
 * bmp_status and fills a caller-owned bmp_error.  Calls that check many
 * lines also list every problem in a caller-owned bmp_problems (may be
 * NULL); when any line is bad nothing is written.  The default store is an
 * SQLite file; the storage interface is src/ledger/store/store.h.
 */
#ifndef BRIDGEMP_LEDGER_H
#define BRIDGEMP_LEDGER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "bridgemp/error.h"
#include "bridgemp/points.h"
#include "bridgemp/pipeline.h"
#include "bridgemp/table.h"
#include "bridgemp/usebio.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bmp_ledger bmp_ledger;

/* Every problem of an all-or-nothing call, one message each. */
typedef struct bmp_problems {
    char **msgs;
    size_t count, cap;
} bmp_problems;
void bmp_problems_free(bmp_problems *p);

typedef struct bmp_ledger_opts {
    size_t size;       /* sizeof(bmp_ledger_opts): lets fields be added */
    bool create;       /* create the database when missing (ledger init) */
    const char *who;   /* who acts, recorded in the audit log (default "bridgemp") */
    const char *now;   /* UTC timestamp to record, "2026-11-30T23:00:00Z"; NULL = clock */
    bool read_only;    /* refuse every write on this connection (bridgemp serve's reads) */
} bmp_ledger_opts;

/* Open the ledger at path (an SQLite file), applying schema migrations;
 * a database newer than the program is refused (ERANGE). */
bmp_status bmp_ledger_open(const char *path, const bmp_ledger_opts *opts, bmp_ledger **out,
                           bmp_error *err);
void bmp_ledger_close(bmp_ledger *l);
/* A snapshot: the reads between begin and end see the ledger as it was at
 * the first of them (one read transaction; cheaper than one per query).
 * No write may be made on the handle meanwhile. */
bmp_status bmp_ledger_snapshot_begin(bmp_ledger *l, bmp_error *err);
void bmp_ledger_snapshot_end(bmp_ledger *l);
/* Has the ledger changed since this handle last asked?  The first call
 * answers true.  Inside a snapshot the answer is as of the snapshot.  Any
 * committed write counts, through another handle or process or this one;
 * an answer may be true when nothing changed (a write rolled back), never
 * false when something did.  SQLite: PRAGMA data_version; PostgreSQL: the
 * audit chain's last sequence number (bridgemp serve's response cache,
 * docs/serve.md). */
bmp_status bmp_ledger_changed(bmp_ledger *l, bool *changed, bmp_error *err);
/* The same question without a query (docs/rulings.md W-9), for a server
 * that asks it at every request: bmp_ledger_watch_open makes the handle a
 * watch (BMP_ENOTSUP where the store has no such stamp: PostgreSQL, a
 * SQLite file not in WAL mode); after it, bmp_ledger_watch_read may be
 * called from any number of threads at once, while the handle stays open
 * and is used for nothing else.  It answers a stamp that differs after
 * every write committed since, by any handle or process (SQLite: the WAL
 * index's header in shared memory), or 0 when it could not tell (take it
 * as a change).  It costs a few loads from memory: no lock, no call into
 * the database. */
bmp_status bmp_ledger_watch_open(bmp_ledger *l, bmp_error *err);
uint64_t bmp_ledger_watch_read(const bmp_ledger *l);
/* Schema version of the open database; the newest this program knows. */
int bmp_ledger_schema_version(bmp_ledger *l);
int bmp_ledger_schema_latest(void);
/* The backend the ledger is stored in: "sqlite" or "postgresql". */
const char *bmp_ledger_backend(const bmp_ledger *l);

/* ---- Registry ----------------------------------------------------------- */

typedef struct bmp_ledger_club {
    const char *number;
    const char *name;
    bool dummy;        /* an organiser that is not a club (NZ-98) */
} bmp_ledger_club;

typedef struct bmp_ledger_player {
    const char *number;      /* national ID; NULL or "" = allocate (NZ-89) */
    const char *name;
    const char *status;      /* Active, Dormant, Temporary, Resigned, Deceased, Unknown (NZ-88) */
    const char *home_club;   /* club number, or NULL (ABF-94) */
    const char *alternates;  /* club numbers separated by ';' (ABF-95), or NULL */
    bool overseas, youth;    /* ABF-100, ABF-102 */
    int registered_from;     /* first registration year, 0 = unknown (ABF-98) */
    int registered_to;       /* last year registered, 0 = still registered */
    bmp_points pre1982_red;  /* ABF-86: red points earned before 1982 */
} bmp_ledger_player;

bmp_status bmp_ledger_add_club(bmp_ledger *l, const char *body, const bmp_ledger_club *c,
                               bmp_error *err);
/* Add one player; the number allocated (or validated and normalised) is
 * written to number_out. */
bmp_status bmp_ledger_add_player(bmp_ledger *l, const char *body, const bmp_ledger_player *p,
                                 char *number_out, size_t size, bmp_error *err);

/* CSV registers (docs/ledger.md): players
 *   number,name,status,home_club,alternates,overseas,youth,registered_from,registered_to,pre1982_red
 * and the region in the body's word (the export's last column; state, county,
 * region or unit: bmp_ledger_region_word), and clubs number,name,dummy.
 * Existing numbers are updated, new ones added; every bad row is listed by
 * line and nothing is imported if any is bad.  *count gets the rows
 * imported. */
bmp_status bmp_ledger_import_players(bmp_ledger *l, const char *body, const char *path,
                                     size_t *count, bmp_problems *probs, bmp_error *err);
bmp_status bmp_ledger_import_clubs(bmp_ledger *l, const char *body, const char *path,
                                   size_t *count, bmp_problems *probs, bmp_error *err);
bmp_status bmp_ledger_export_players(bmp_ledger *l, const char *body, FILE *out, bmp_error *err);
bmp_status bmp_ledger_export_clubs(bmp_ledger *l, const char *body, FILE *out, bmp_error *err);

/* ---- Award batches ------------------------------------------------------ */

typedef enum bmp_batch_source {
    BMP_BATCH_AUTO = 0,      /* from the file: .grn/.red/.gld/.rag, .csv, USEBIO, JSON */
    BMP_BATCH_EVENT,         /* a JSON or USEBIO event: awards computed on import */
    BMP_BATCH_USEBIO_MP,     /* a USEBIO file carrying MASTER_POINTS */
    BMP_BATCH_ABF_CREDIT,    /* an ABF credit file */
    BMP_BATCH_ADJUSTMENT     /* CSV number,point_type,points,reason[,event] (NZ-91) */
} bmp_batch_source;

/* One award line. */
typedef struct bmp_ledger_line {
    const char *number;      /* player's national ID */
    const char *name;        /* as the source wrote it (may be NULL) */
    const char *point_type;  /* the body's point type: "green", "a", "local" ... */
    bmp_points points;
    const char *rule;        /* rule ID that produced it, "NZ-91" for an adjustment */
    const char *event;
    const char *contestant;
    size_t line;             /* line (or award) number in the source, for messages */
} bmp_ledger_line;

typedef struct bmp_ledger_import_opts {
    size_t size;                   /* sizeof(bmp_ledger_import_opts) */
    const char *body;              /* required unless the file names it */
    bmp_batch_source source;
    const char *club;              /* club number the batch belongs to (club reports) */
    const char *const *control;    /* expected totals "green=12.34", one per point type */
    size_t ncontrol;
    const bmp_usebio_opts *usebio; /* what a USEBIO file cannot say */
    int64_t replaces;              /* a corrected submission: the batch it replaces (posted:
                                    * reversed; pending: rejected), in the same transaction */
    const char *reason;            /* why (required with replaces, NZ-44) */
    bool strict_numbers;           /* issue 43: refuse a file for a player's number (guest, none,
                                    * invalid), as before; false: hold each such line with its
                                    * reason (RI-7), the file posted */
    int event;                     /* issue 42: the event (1, 2 ...) of an ACBLscore game file;
                                    * 0: its only one (a file of several is refused) */
    bool club_view;                /* issue 45: the caller sees club's own batches only (a
                                    * club's token or scorer, bridgemp serve): a batch of
                                    * another club holding the same content or event is not
                                    * named ("already submitted by another club", no number,
                                    * state or awards); false: named (the CLI, the secretary) */
    const bmp_limits *limits;      /* issue 45: the work one file may ask for (players per
                                    * contestant, contestants, credit file lines, the near
                                    * matches' window); NULL: the defaults (pipeline.h) */
} bmp_ledger_import_opts;

/* Import a file as one batch, left provisional.  All or nothing: every bad
 * line is listed in probs and the database is unchanged.  The same content
 * again is refused, naming the batch that holds it. */
bmp_status bmp_ledger_import(bmp_ledger *l, const char *path, const bmp_ledger_import_opts *o,
                             int64_t *batch, bmp_problems *probs, bmp_error *err);
/* The same from a file's bytes in memory (an upload): the same batch, lines
 * and content hash as bmp_ledger_import of a file holding them.  name (NULL:
 * "<memory>") is used in messages and recorded as the batch's file; its
 * extension tells an ABF credit file or a CSV adjustment, as a path's does. */
bmp_status bmp_ledger_import_memory(bmp_ledger *l, const void *data, size_t len,
                                    const char *name, const bmp_ledger_import_opts *o,
                                    int64_t *batch, bmp_problems *probs, bmp_error *err);
/* The same from lines already in memory; `file` and `hash` identify the
 * source (hash: 64 hex digits of its content). */
bmp_status bmp_ledger_import_lines(bmp_ledger *l, const bmp_ledger_import_opts *o,
                                   bmp_batch_source source, const char *file, const char *hash,
                                   const char *event, const char *event_date,
                                   const bmp_ledger_line *lines, size_t n, int64_t *batch,
                                   bmp_problems *probs, bmp_error *err);

/* The held lines of `batch` with near matches (issue 26: a registered
 * number one transposition or one digit away, or the same name under
 * another number), one a line: "held: player NUMBER NAME: not registered;
 * near: ...\n"; *text (malloc'd, the caller frees) is "" when none. */
bmp_status bmp_ledger_held_near(bmp_ledger *l, int64_t batch, char **text, bmp_error *err);

bmp_status bmp_ledger_approve(bmp_ledger *l, int64_t batch, bmp_error *err);
/* Approve with the approver's reason (NULL or "": none, as
 * bmp_ledger_approve): the reason is kept as the batch's and written in the
 * audit entry with who approved ("batch 7 provisional -> approved: REASON").
 * Text checked as a rejection's (control characters, length). */
bmp_status bmp_ledger_approve_reason(bmp_ledger *l, int64_t batch, const char *reason,
                                     bmp_error *err);
bmp_status bmp_ledger_reject(bmp_ledger *l, int64_t batch, const char *reason, bmp_error *err);
/* Reverse a posted batch (NZ-91, NZ-44): a new provisional batch with every
 * line negated, carrying the reason, who and when; both stay in history. */
bmp_status bmp_ledger_correct(bmp_ledger *l, int64_t batch, const char *reason,
                              int64_t *reversal, bmp_error *err);

/* Credit the points held for `number` (now registered) as a provisional
 * batch: under the ABF only those earned in the calendar quarter of
 * renewal (`renewed`, yyyy-mm-dd) and the quarter before (ABF-99); under the
 * EBU all (EBU-5).  ENOTFOUND when nothing qualifies. */
bmp_status bmp_ledger_release_held(bmp_ledger *l, const char *body, const char *number,
                                   const char *renewed, int64_t *batch, size_t *released,
                                   bmp_error *err);
/* The same with the secretary's reason (NULL: none; at most 500
 * characters) in the audit entry: "batch N releases M held lines of abf
 * 0009999 (ABF-99, renewed 2026-12-02): REASON" (issue 29, the back office). */
bmp_status bmp_ledger_release_held_why(bmp_ledger *l, const char *body, const char *number,
                                       const char *renewed, const char *reason, int64_t *batch,
                                       size_t *released, bmp_error *err);

/* NZ-87: cancel, by one provisional adjustment batch, the points of every
 * NZ player still Temporary six months after the first of them (as of
 * `date`, yyyy-mm-dd).  ENOTFOUND when there is none. */
bmp_status bmp_ledger_expire_temporary(bmp_ledger *l, const char *body, const char *date,
                                       int64_t *batch, size_t *lines, bmp_error *err);

/* ---- Period close ------------------------------------------------------- */

typedef struct bmp_ledger_close_stats {
    size_t batches, lines, players, promotions;
} bmp_ledger_close_stats;

/* Close period "yyyy-mm" of a body in one transaction: post its approved
 * batches, recompute the touched players' holdings and ranks, record
 * promotions and freeze the period.  A holding that would go negative
 * refuses the close. */
bmp_status bmp_ledger_close_period(bmp_ledger *l, const char *body, const char *period,
                                   bmp_ledger_close_stats *stats, bmp_error *err);

/* ---- Integrity ---------------------------------------------------------- */

/* Recompute the audit hash chain, each batch's control totals and every
 * holding from the journal; each difference is a problem (EINVAL). */
bmp_status bmp_ledger_verify(bmp_ledger *l, bmp_problems *probs, bmp_error *err);
/* The head of the audit chain: how many entries it has and the hash of the
 * last one ("0"*64 and 0 entries for an empty chain).  A head seen earlier
 * and kept outside the database anchors the books: the chain must still
 * pass through it (docs/ledger.md, "Audit and backups"). */
typedef struct bmp_ledger_head {
    int64_t entries;
    char hash[65];
} bmp_ledger_head;
bmp_status bmp_ledger_head_get(bmp_ledger *l, bmp_ledger_head *out, bmp_error *err);
/* The head as text, "N:HASH" (at least 86 bytes). */
void bmp_ledger_head_format(const bmp_ledger_head *h, char *buf, size_t size);
/* A head seen earlier ("N:HASH", as bmp_ledger_head_format writes it):
 * entry N must still be in the chain with that hash (EINVAL naming a cut
 * or rewritten tail otherwise).  Run with bmp_ledger_verify, which checks
 * that the chain from there on is whole. */
bmp_status bmp_ledger_head_check(bmp_ledger *l, const char *head, bmp_error *err);
/* Incremental verify (issue 46): only the chain after a head seen earlier
 * ("N:HASH"): entry N must still have that hash, then each later entry's
 * link, hash and row images, and the live schema with the schema notes of
 * those entries.  *checked: the entries read (those after N).  Entries up
 * to N, the tables against the chain's images, the control totals and the
 * holdings are left to a full bmp_ledger_verify. */
bmp_status bmp_ledger_verify_since(bmp_ledger *l, const char *head, int64_t *checked,
                                   bmp_problems *probs, bmp_error *err);

/* Every table's rows in a stable text form (tests compare before/after). */
bmp_status bmp_ledger_dump(bmp_ledger *l, char **out, bmp_error *err);

/* ---- Reports (bmp_table: print as table, CSV or JSON) -------------------- */

/* Player statement: holdings by period and point type (provisional too),
 * rank, next rank and what is missing. */
bmp_status bmp_ledger_statement(bmp_ledger *l, const char *body, const char *number,
                                bmp_table *out, bmp_error *err);
/* Club report (ABF-94..96): home and alternate members, and players who
 * earned at the club in the three months to `period`. */
bmp_status bmp_ledger_club_report(bmp_ledger *l, const char *body, const char *club,
                                  const char *period, bmp_table *out, bmp_error *err);
bmp_status bmp_ledger_promotions(bmp_ledger *l, const char *body, const char *period,
                                 bmp_table *out, bmp_error *err);
/* Top earners of a period (NULL: all time) by rank group. */
bmp_status bmp_ledger_top_earners(bmp_ledger *l, const char *body, const char *period,
                                  size_t limit, bmp_table *out, bmp_error *err);
/* Batches, optionally of one state. */
bmp_status bmp_ledger_batches(bmp_ledger *l, const char *state, bmp_table *out, bmp_error *err);
/* A page of bmp_ledger_batches (rows offset.. offset+limit-1, read in SQL);
 * *total: how many batches there are of that state. */
bmp_status bmp_ledger_batches_page(bmp_ledger *l, const char *state, size_t offset, size_t limit,
                                   bmp_table *out, size_t *total, bmp_error *err);
/* One batch, the columns of bmp_ledger_batches; ENOTFOUND if none. */
bmp_status bmp_ledger_batch(bmp_ledger *l, int64_t id, bmp_table *out, bmp_error *err);

#ifdef __cplusplus
}
#endif
#endif
