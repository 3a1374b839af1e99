/* Carried points: compared with the engine's award, held, bounded
 * (carried.c, carried_compare.c; issue 26 item 2). */
#ifndef BMP_LEDGER_CARRIED_H
#define BMP_LEDGER_CARRIED_H

#include <stdbool.h>
#include <stddef.h>
#include "bridgemp/ledger.h"
#include "bridgemp/pipeline.h"

/* The ledger's own bound on one line, either way (migration 011). */
#define LEDGER_LINE_MAX ((bmp_points)100000000)

typedef struct ledger_carried_row {
    char *contestant, *players, *type, *derivation;
    bmp_points carried, computed;
} ledger_carried_row;

/* A file's carried figures against the engine's: the rows that differ and
 * the reason the batch is held (NULL: not held). */
typedef struct ledger_carried {
    ledger_carried_row *v;
    size_t n, cap;
    char *reason;
} ledger_carried;

void ledger_carried_free(ledger_carried *c);

/* After bmp_pipeline_file_awards: award the event under its body's rules
 * and compare (p's awards become the computed ones).  An event the engine
 * cannot award (not enough in the file) is not compared: BMP_OK, nothing
 * held.  Only memory failures are errors. */
bmp_status ledger_carried_compare(bmp_pipeline *p, ledger_carried *out, bmp_error *err);

/* Record the hold and its rows for batch (inside the import's transaction). */
bmp_status ledger_carried_write(bmp_ledger *l, int64_t batch, const ledger_carried *c,
                                bmp_error *err);

/* verify: every journal line within LEDGER_LINE_MAX (a problem each). */
bmp_status ledger_verify_bounds(bmp_ledger *l, bmp_problems *pp, size_t *bad, bmp_error *err);

/* Refuse approval of a held batch not accepted. */
/* Why a file carrying points (its event as JSON) is not compared with the
 * engine's award, as bmp_ledger_batch_carried_unchecked says it; "" when
 * it is (carried_note.c, issue 45: a preview says it too). */
void ledger_carried_unchecked_json(const char *event_json, char *why, size_t size);
bmp_status ledger_carried_gate(bmp_ledger *l, int64_t batch, bmp_error *err);

/* The most one event gives of point type `type` of body `code` (its
 * table's max_event_points, else LEDGER_LINE_MAX); why: the evidence. */
bmp_points ledger_event_bound(const char *code, const char *type, const char **why);

/* A line beyond what one event of its body gives of its type (event:
 * a line of an event, a USEBIO file or a credit file), else beyond the
 * ledger's own bound (an adjustment, either way): the problem added, true. */
bool ledger_line_unbounded(const char *code, bool event, const bmp_ledger_line *ln,
                           const char *file, size_t at, bmp_problems *pp);
/* *sum += v, or the problem "the batch's total overflows" added, true. */
bool ledger_tally_add(bmp_points *sum, bmp_points v, const char *file, size_t at,
                      bmp_problems *pp);

#endif
