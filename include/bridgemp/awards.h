/* bridgemp: computed awards and their derivation.
 *
 * A body's rules turn a bmp_event into a bmp_awards: one bmp_award per
 * contestant (or per player where players differ) per award family, each
 * carrying its points in hundredths, its colour, the rule ID and section that
 * produced it, and a one-line derivation for --explain.  Event-level
 * derivation steps (the factors, the first-place computation) go in notes.
 */
#ifndef BRIDGEMP_AWARDS_H
#define BRIDGEMP_AWARDS_H

#include <stdio.h>
#include <stddef.h>
#include "bridgemp/error.h"
#include "bridgemp/event.h"
#include "bridgemp/points.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BMP_ALL_PLAYERS (-1)

typedef struct bmp_award {
    size_t contestant;   /* index into event->contestants */
    int player;          /* index into the contestant's players; BMP_ALL_PLAYERS = each player */
    char kind[24];       /* "overall", "session", "match", "section-top", "stratum" ... */
    char ranking[64];    /* which ranking: "overall", "B", "session 1 A NS" ... */
    bmp_place place;
    bmp_points points;   /* hundredths, per player */
    char colour[16];     /* "black", "silver", "red", "gold", "platinum", "green", ... */
    char rule[16];       /* rule ID, e.g. "ACBL-9" */
    char section[48];    /* regulation section, e.g. "later §I.B" */
    char *explain;       /* derivation of this award (owned), may be NULL */
} bmp_award;

/* Why an event, a contestant or a player earns nothing (docs/output-format.md
 * "Say why"): the rule ID and section, and one line of text. */
#define BMP_WHOLE_EVENT ((size_t)-1)
typedef struct bmp_reason {
    size_t contestant;   /* index into event->contestants, or BMP_WHOLE_EVENT */
    int player;          /* index into the contestant's players, or BMP_ALL_PLAYERS */
    char rule[16];       /* rule ID ("EBU-28") or ruling ("C-4"); "" if not known */
    char section[48];    /* regulation section ("3.1.2"); "" if not known */
    char *text;          /* owned */
} bmp_reason;

typedef struct bmp_awards {
    bmp_award *items;
    size_t count, cap;
    char **notes;        /* event-level derivation lines (owned) */
    size_t nnotes, notes_cap;
    bmp_reason *reasons; /* structured "no award" reasons (bmp_awards_reason) */
    size_t nreasons, reasons_cap;
} bmp_awards;

void bmp_awards_init(bmp_awards *a);
void bmp_awards_free(bmp_awards *a);

/* Append a copy of *aw; explain_fmt (may be NULL) becomes aw->explain.
 * On failure returns BMP_ENOMEM and fills err (may be NULL): callers pass
 * the status on and never word the error themselves. */
bmp_status bmp_awards_add(bmp_awards *a, bmp_error *err, const bmp_award *aw,
                          const char *explain_fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* Append an event-level derivation line; BMP_ENOMEM fills err as above. */
bmp_status bmp_awards_note(bmp_awards *a, bmp_error *err, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* A reason for no award: recorded as a structured reason (output "notes")
 * and appended as a derivation note with the same text. */
bmp_status bmp_awards_reason(bmp_awards *a, size_t contestant, int player, const char *rule,
                             const char *section, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;

/* Fill the fixed-size text fields of an award safely. */
void bmp_award_set(bmp_award *aw, const char *kind, const char *ranking, const char *colour,
                   const char *rule, const char *section);

/* Total points one player of contestant c receives: the plain sum of every
 * award, whatever its point type.  Meaningful only where the awards share
 * one unit (one point type, or ACBL pigments); NZ A and C, EBU Local and
 * Blue, or Green and Gold are different units: use
 * bmp_awards_player_type_total or bmp_awards_player_totals (pointtype.h).
 * Kept for the per-player table of bmp_awards_write, whose output the
 * golden files pin. */
bmp_points bmp_awards_player_total(const bmp_awards *a, size_t contestant, int player);

typedef enum bmp_output_format {
    BMP_OUT_TABLE,
    BMP_OUT_JSON,
    BMP_OUT_CSV
} bmp_output_format;

bool bmp_output_format_parse(const char *s, bmp_output_format *out);

/* Print awards per contestant and per player (docs/output-format.md; JSON:
 * docs/output.schema.json).  With explain, the event notes and each award's
 * derivation, rule ID and section are printed too.  Table cells have control
 * characters escaped, CSV cells that a spreadsheet would read as a formula
 * are neutralised, JSON is always valid UTF-8. */
bmp_status bmp_awards_write(const bmp_event *ev, const bmp_awards *a, bmp_output_format fmt,
                            bool explain, FILE *out, bmp_error *err);

/* ---- Reading awards in memory (for programs that embed the library) ----
 * The awards are a documented array (a->items[0..a->count)); these read it
 * without touching the struct, which may grow. */

/* Number of awards; 0 for NULL. */
size_t bmp_awards_count(const bmp_awards *a);
/* Award i, or NULL when i >= count. */
const bmp_award *bmp_awards_at(const bmp_awards *a, size_t i);
/* Event-level derivation lines. */
size_t bmp_awards_note_count(const bmp_awards *a);
const char *bmp_awards_note_at(const bmp_awards *a, size_t i);

/* What bmp_awards_write prints, into a malloc'ed NUL-terminated buffer
 * (*len without the NUL; len may be NULL).  The caller frees *out. */
bmp_status bmp_awards_write_buffer(const bmp_event *ev, const bmp_awards *a,
                                   bmp_output_format fmt, bool explain, char **out, size_t *len,
                                   bmp_error *err);

/* ---- output helpers (src/io/awards_out.c) ------------------------------ */

/* The fixed award-kind vocabulary of the output ("overall", "stratum",
 * "session", "match", "bonus", "other") for a body's own term (the label):
 * "outright" (ABF) and "ranking" (EBU) are "overall". */
const char *bmp_award_kind_class(const char *label);

/* True when no award carries points: "valid event, no awards". */
bool bmp_awards_empty(const bmp_awards *a);

/* Every reason for no award: the body's (bmp_awards_reason), then one for
 * the whole event when it earns nothing and the body gave none, then one
 * per contestant left out (a phantom) without one.  Free with
 * bmp_reasons_free. */
bmp_status bmp_awards_reasons(const bmp_event *ev, const bmp_awards *a, bmp_reason **out,
                              size_t *n, bmp_error *err);
void bmp_reasons_free(bmp_reason *r, size_t n);

/* The reasons as lines "bridgemp: no award: WHO: TEXT (RULE, §SECTION)",
 * for standard error beside table and CSV output. */
bmp_status bmp_awards_write_reasons(const bmp_event *ev, const bmp_awards *a, FILE *diag,
                                    bmp_error *err);

#ifdef __cplusplus
}
#endif
#endif
