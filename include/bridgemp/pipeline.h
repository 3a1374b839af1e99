/* bridgemp: the whole read -> award -> write pipeline as one library call.
 *
 * What `bridgemp award`, `convert` and `validate` do, for programs that
 * embed libbridgemp (a scorer, a club website), and the one way from a
 * file or bytes to an event: the ledger's imports and the server's uploads
 * read through it too (bmp_pipeline_input_kind, _carries_awards and
 * _problem tell them what was read):
 *
 *     bmp_pipeline *p;
 *     bmp_error e;
 *     char *out; size_t len;
 *     if (bmp_pipeline_new(&p, &e) == BMP_OK &&
 *         bmp_pipeline_set(p, "body", "abf", &e) == BMP_OK &&      // USEBIO needs it
 *         bmp_pipeline_read_memory(p, data, n, "club.xml", &e) == BMP_OK &&
 *         bmp_pipeline_award(p, &e) == BMP_OK &&
 *         bmp_pipeline_write_buffer(p, BMP_PIPE_JSON, &out, &len, &e) == BMP_OK) {
 *         ... use out[0..len) ...
 *         free(out);
 *     }
 *     bmp_pipeline_free(p);
 *
 * Inputs: a JSON event (docs/event-format.md), a USEBIO results file
 * (docs/usebio.md), an NZ Scorer <session> (docs/nzscorer.md), an
 * ACBLscore game file (docs/acblscore.md; by its magic, else by its name
 * .ACA .ACM .ACE), told apart by content; an ABF credit file (.grn .red
 * .gld .rag .mp5, Appendix D), told by the name's extension (option
 * "input" decides instead when the name is not to be trusted).  Outputs: the
 * awards as a table, JSON or CSV; USEBIO with MASTER_POINTS; the event as
 * JSON; one ABF credit file per colour; into a malloc'ed buffer or a FILE *.
 *
 * The handle is opaque so that it can grow (options, inputs, outputs)
 * without breaking a program built against an older libbridgemp; options are
 * set by name, in the command line's spelling.  A pipeline is used by one
 * thread at a time; separate pipelines share nothing and may run in parallel
 * (the library holds no mutable global state; tests/core/test_threads.c).
 */
#ifndef BRIDGEMP_PIPELINE_H
#define BRIDGEMP_PIPELINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "bridgemp/awards.h"
#include "bridgemp/error.h"
#include "bridgemp/event.h"
#include "bridgemp/usebio.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bmp_pipeline bmp_pipeline;

typedef enum bmp_pipeline_format {
    BMP_PIPE_TABLE = 0,  /* "table": awards and per-player totals, text */
    BMP_PIPE_JSON,       /* "json": awards as JSON */
    BMP_PIPE_CSV,        /* "csv": awards as CSV */
    BMP_PIPE_USEBIO,     /* "usebio": the event as USEBIO 1.2 with MASTER_POINTS */
    BMP_PIPE_EVENT_JSON, /* "event-json": the event itself (docs/event-format.md) */
    BMP_PIPE_ABF_GREEN,  /* "abf-green": the .grn credit file of the awards */
    BMP_PIPE_ABF_RED,    /* "abf-red": the .red credit file */
    BMP_PIPE_ABF_GOLD    /* "abf-gold": the .gld credit file */
} bmp_pipeline_format;

/* Format by name (the names above); false if unknown. */
bool bmp_pipeline_format_parse(const char *s, bmp_pipeline_format *out);
const char *bmp_pipeline_format_name(bmp_pipeline_format f);

bmp_status bmp_pipeline_new(bmp_pipeline **out, bmp_error *err);
void bmp_pipeline_free(bmp_pipeline *p); /* NULL is fine */

/* Set an option by name (values are copied).  Set them before reading:
 *   body, edition, grade, classification, status, rating
 *                  what a USEBIO file cannot say (they also override a JSON
 *                  event's own values, as bmp_usebio_apply_opts does)
 *   sidecar        path of a JSON sidecar with those fields
 *   sidecar-json   the sidecar's text itself (a JSON object), in place of a file
 *   set            KEY=VALUE, an event parameter (repeatable)
 *   explain        true|false: derivations in table/JSON/CSV output
 *   mp-form        default|flat|nested: USEBIO MASTER_POINTS form
 *   usebio-flavour abf|ebu|nz ("" = the body's own): USEBIO output as that
 *                  body's programs write it (docs/usebio.md "Flavours");
 *                  a USEBIO input is written back as read, only its
 *                  MASTER_POINTS filled in (bmp_usebio_rewrite)
 *   check-digit    true|false: ABF credit files need mod-11 check digits
 *   strict-numbers true|false: true: refuse an event with a player number
 *                  the body's syntax refuses, as before issue 43 (`--strict-numbers`).
 *                  false (the default; the ledger holds such lines with
 *                  their reason): every
 *                  readable event computes, and a player without a number,
 *                  with the body's guest or placeholder number, or with an
 *                  invalid one keeps the award line, flagged in every
 *                  output, and is a warning (bmp_pipeline_warning)
 *   event          N (1, 2 ...): the event of an ACBLscore game file that
 *                  holds several (default 1; bmp_pipeline_event_count
 *                  says how many; `bridgemp award` and `convert` go
 *                  through them all unless told --event N)
 *   input          auto|event|abf-credit: how the input is told (default
 *                  auto: an ABF credit file by the name's extension, else
 *                  USEBIO or JSON by content); event: USEBIO or JSON by
 *                  content whatever the name; abf-credit: a credit file
 *                  (its colour from the name's extension)
 *   limits         players=N,contestants=N,credit-lines=N,near-lines=N: the
 *                  work one input may ask for (bmp_limits, below)
 *   override-json  true|false: the options body ... rating, sidecar and set
 *                  also override a JSON event's own values (default true);
 *                  false: a JSON event is taken as written (the ledger
 *                  checks its body against the import's instead): the
 *                  options only fill what it leaves out (edition, grade,
 *                  classification, status, rating; set adds params), one
 *                  that contradicts it is EINVAL, and a sidecar is refused
 * An unknown name or a bad value is EINVAL naming what is accepted. */
bmp_status bmp_pipeline_set(bmp_pipeline *p, const char *name, const char *value,
                            bmp_error *err);

/* The work one input may ask for (issue 45; docs/reliability.md "Limits"
 * says how the defaults were derived from the largest real events).  A
 * field 0 takes its default.  An event over a limit is refused (ERANGE,
 * naming the limit) before it is awarded or imported. */
typedef struct bmp_limits {
    size_t size;         /* sizeof(bmp_limits), or 0 */
    size_t players;      /* players one contestant lists (BMP_LIMIT_PLAYERS) */
    size_t contestants;  /* contestants of one event (BMP_LIMIT_CONTESTANTS) */
    size_t credit_lines; /* lines of one ABF credit file (BMP_LIMIT_CREDIT_LINES) */
    size_t near_lines;   /* the ledger: the lines of a file whose unregistered players
                          * are looked for near matches (BMP_LIMIT_NEAR_LINES) */
} bmp_limits;
#define BMP_LIMIT_PLAYERS 16
#define BMP_LIMIT_CONTESTANTS 10000
#define BMP_LIMIT_CREDIT_LINES 100000
#define BMP_LIMIT_NEAR_LINES 1000
/* The limits in effect: each field of l (NULL: none) or its default. */
bmp_limits bmp_limits_effective(const bmp_limits *l);
/* "players=16,contestants=10000,credit-lines=100000,near-lines=1000" (any
 * of them, in any order) into *l, its other fields kept: EINVAL naming the
 * key or value and what is accepted (each a whole number from 1 to
 * 1,000,000,000). */
bmp_status bmp_limits_parse(const char *spec, bmp_limits *l, bmp_error *err);
/* The limits of the pipeline's reads (also its option "limits", the text
 * bmp_limits_parse takes); NULL: the defaults. */
bmp_status bmp_pipeline_set_limits(bmp_pipeline *p, const bmp_limits *l, bmp_error *err);
/* Every field of a bmp_usebio_opts at once (body ... rating, sidecar, each
 * of set), as bmp_pipeline_set would; a NULL field leaves its option as it
 * was.  o may be NULL (nothing set). */
bmp_status bmp_pipeline_set_usebio(bmp_pipeline *p, const bmp_usebio_opts *o, bmp_error *err);

/* Read the input (replacing an earlier one).  Errors name the file. */
bmp_status bmp_pipeline_read_file(bmp_pipeline *p, const char *path, bmp_error *err);
/* The same from memory; name (may be NULL) is used in messages and, for an
 * ABF credit file, its extension gives the colour. */
bmp_status bmp_pipeline_read_memory(bmp_pipeline *p, const void *data, size_t len,
                                    const char *name, bmp_error *err);

/* Compute the awards under the event's body rules.  For an ABF credit file
 * the awards are its lines (nothing to compute). */
bmp_status bmp_pipeline_award(bmp_pipeline *p, bmp_error *err);
/* Take the awards the input itself carries instead: USEBIO MASTER_POINTS
 * (bmp_usebio_file_awards), a credit file's lines, none for a JSON event. */
bmp_status bmp_pipeline_file_awards(bmp_pipeline *p, bmp_error *err);

/* The event read and the awards (empty until awarded); owned by p, valid
 * until the next read or bmp_pipeline_free.  NULL event before a read. */
const bmp_event *bmp_pipeline_event(const bmp_pipeline *p);
const bmp_awards *bmp_pipeline_awards(const bmp_pipeline *p);

/* What the input was taken for: the format detected (by content, or by the
 * name's extension for an ABF credit file).  Also after a failed read (what
 * it failed as); BMP_PIPE_IN_NONE before any read. */
typedef enum bmp_pipeline_input {
    BMP_PIPE_IN_NONE = 0,
    BMP_PIPE_IN_EVENT_JSON,  /* a JSON event (docs/event-format.md) */
    BMP_PIPE_IN_USEBIO,      /* a USEBIO results file (with or without MASTER_POINTS) */
    BMP_PIPE_IN_ABF_CREDIT,  /* an ABF credit file (App. D) */
    BMP_PIPE_IN_NZSCORER,    /* an NZ Bridge Scorer <session> (bridgemp/nzscorer.h) */
    BMP_PIPE_IN_ACBLSCORE    /* an ACBLscore game file (bridgemp/acblscore.h) */
} bmp_pipeline_input;
bmp_pipeline_input bmp_pipeline_input_kind(const bmp_pipeline *p);

/* How many events the last input holds: an ACBLscore game file one or
 * more (option "event" picks the one read), every other input 1; 0 before
 * a successful read. */
size_t bmp_pipeline_event_count(const bmp_pipeline *p);

/* True when the input carries awards of its own, which
 * bmp_pipeline_file_awards takes: a USEBIO file's MASTER_POINTS (also in a
 * JSON event converted from one: contestants' "mp." params), a credit
 * file's lines.  False before a read. */
bool bmp_pipeline_carries_awards(const bmp_pipeline *p);

/* The line-level problems of the last read (every malformed line of an
 * ABF credit file; the first is also in the read's error), kept after a
 * failed read until the next one.  bmp_pipeline_problem gives problem i's
 * message and, in *line (may be NULL), its 1-based line (0: the file as a
 * whole); NULL when i is out of range. */
size_t bmp_pipeline_problem_count(const bmp_pipeline *p);
const char *bmp_pipeline_problem(const bmp_pipeline *p, size_t i, size_t *line);

/* The last read's warnings (issue 43): first each check of a USEBIO file
 * that failed but changes no award ("/USEBIO/EVENT/MATCH[2]: the BOARD
 * IMPS sum to 3 but ..."), then one per player whose number identifies
 * nobody (no number, the body's guest or placeholder number, a number the
 * body cannot have), message "contestant C player P: guest"; in *line (may
 * be NULL) the file's line (0: not known); NULL when i is out of range.
 * No number warnings under strict-numbers, which refuses instead.
 * bmp_pipeline_write_warnings writes each check on its own line
 * ("file:12: warning: ...") and the numbers as one summary line. */
size_t bmp_pipeline_warning_count(const bmp_pipeline *p);
const char *bmp_pipeline_warning(const bmp_pipeline *p, size_t i, size_t *line);
/* Their one-line summary ("club.xml: 2 players without a valid EBU number
 * (...): lines 41, 77"), nothing when there are none. */
bmp_status bmp_pipeline_write_warnings(const bmp_pipeline *p, FILE *out, bmp_error *err);
/* The same summary as text, without the file's name and the newline ("2
 * players without a valid EBU number (1 guest, 1 without a number, 0 not
 * valid): lines 41, 77"), into buf (n bytes, truncated, NUL-terminated):
 * its length; 0 and "" when no player is flagged (or under strict-numbers). */
size_t bmp_pipeline_numbers_summary(const bmp_pipeline *p, char *buf, size_t n);

/* Issue 43: the flag of player `player` of contestant `contestant` of ev,
 * as every award output shows it ("guest", "no number", "not a valid EBU
 * number", in buf when it needs it); NULL when the number identifies the
 * player (or the indexes are out of range).  A player without a number is
 * flagged only in an event that numbers some player.  Linear in the
 * event's players: bmp_event_has_number_flags first tells whether any is. */
const char *bmp_player_number_flag(const bmp_event *ev, size_t contestant, size_t player,
                                   char *buf, size_t n);
bool bmp_event_has_number_flags(const bmp_event *ev);

/* The body's parameter spec checked on every params bag of the event read
 * (bmp_params_check_event), as `validate` does before awarding.  Its error
 * names the input; for a USEBIO or NZ Scorer input, the XML line and element
 * a value came from, never a JSON path, and a parameter that came from the
 * options (set, sidecar), not from the file, as such. */
bmp_status bmp_pipeline_check_params(bmp_pipeline *p, bmp_error *err);
/* Write into a malloc'ed NUL-terminated buffer (*len without the NUL; len
 * may be NULL).  Award formats need bmp_pipeline_award or _file_awards
 * first.  An ABF credit format with no line of its colour gives an empty
 * buffer (bmp_pipeline_abf_credit_kinds says which colours have lines). */
bmp_status bmp_pipeline_write_buffer(bmp_pipeline *p, bmp_pipeline_format f, char **out,
                                     size_t *len, bmp_error *err);
bmp_status bmp_pipeline_write_stream(bmp_pipeline *p, bmp_pipeline_format f, FILE *out,
                                     bmp_error *err);

/* Bits (1u << BMP_ABF_CREDIT_GREEN / _RED / _GOLD) of the credit files the
 * awards fill.  EINVAL (naming the contestant) when an award cannot go in
 * a credit file: a player without an ABF number, a colour that is not ABF. */
bmp_status bmp_pipeline_abf_credit_kinds(bmp_pipeline *p, unsigned *kinds, bmp_error *err);

#ifdef __cplusplus
}
#endif
#endif
