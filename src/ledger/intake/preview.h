/* A preview of an import (issue 29, include/bridgemp/ledger_preview.h): the
 * import's own checks run in a dry run (batch.c: ledger_batch_src.preview),
 * their refusals kept as problems, the lines as checked kept in sections,
 * nothing written (preview.c). */
#ifndef BMP_LEDGER_PREVIEW_H
#define BMP_LEDGER_PREVIEW_H

#include "bridgemp/ledger_secretary.h"
#include "ledger/intake/carried.h"
#include "ledger/ledger_internal.h"

/* The sections, made at the start (their tables never move). */
enum {
    PV_SUMMARY,
    PV_LINES,
    PV_TOTALS,
    PV_CARRIED,
    PV_DERIVATIONS,
    PV_PROBLEMS,
    PV_DIFFERENCES,
    PV_N
};

typedef struct ledger_preview {
    bmp_ledger_sections *out;
    int64_t duplicate;  /* the live batch with the same content (0: none) */
    int64_t same_event; /* the live batch of the same event (0: none) */
    size_t lines, held;
} ledger_preview;

bmp_status ledger_preview_start(ledger_preview *pv, bmp_ledger_sections *out, bmp_error *err);
/* One line as checked: number (normalised; NULL for a line refused before
 * its number was read), why it would be held (NULL: credited). */
bmp_status ledger_preview_line(ledger_preview *pv, const bmp_ledger_line *ln, const char *number,
                               const char *why, bmp_error *err);
bmp_status ledger_preview_total(ledger_preview *pv, const char *type, bmp_points points,
                                int64_t lines, bmp_error *err);
void ledger_preview_holders(ledger_preview *pv, int64_t duplicate, int64_t same_event);
/* The summary row, the carried differences, the derivations of a computed
 * event and the problems listed since `since`. */
bmp_status ledger_preview_finish(ledger_preview *pv, const ledger_batch_src *src,
                                 const char *body, const char *club,
                                 const bmp_ledger_import_opts *o, const bmp_problems *pp,
                                 size_t since, bmp_error *err);

/* The derivation of every award of an event given as JSON (event_explain.c):
 * the table bmp_ledger_event_explain answers. */
bmp_status ledger_explain_json(const char *json, bmp_table *out, bmp_error *err);

#endif
