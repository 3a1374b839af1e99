/* The secretary's queue and a club's batches (issue 29): batches by state,
 * body, club and period, with counts and point totals per group, paged in
 * SQL; and what a batch replaced. */
#ifndef BRIDGEMP_LEDGER_QUEUE_H
#define BRIDGEMP_LEDGER_QUEUE_H

#include "bridgemp/ledger.h"
#include "bridgemp/table.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Which batches: each field NULL for any.  period is "yyyy-mm": a batch's
 * period once approved, else the month of its event's date.  state "not
 * rejected" keeps every state but rejected (the queue's and groups'). */
typedef struct bmp_ledger_queue_filter {
    size_t size; /* sizeof(bmp_ledger_queue_filter) */
    const char *state, *body, *club, *period;
} bmp_ledger_queue_filter;

/* One row per state, body, club, period and point type (GROUP BY): state,
 * body, club, period, point_type, batches (the batches with lines of that
 * type; a batch without lines counts under point_type ""), lines, points.
 * Ordered by state, body, club, period DESC, point_type; rows
 * [offset, offset+limit) of *total. */
bmp_status bmp_ledger_queue_groups(bmp_ledger *l, const bmp_ledger_queue_filter *f,
                                   size_t offset, size_t limit, bmp_table *out, size_t *total,
                                   bmp_error *err);

/* The batches themselves, newest first: id, state, body, club, period,
 * source, event, event_date, file, lines, held (lines held for their
 * player), hold (why held for carried points, "" if not or accepted),
 * reverses, reason, who, created_at. */
bmp_status bmp_ledger_queue_batches(bmp_ledger *l, const bmp_ledger_queue_filter *f,
                                    size_t offset, size_t limit, bmp_table *out, size_t *total,
                                    bmp_error *err);

/* bmp_ledger_batches_page's columns and order (id, body, source, state,
 * period, event, lines, totals, held, reverses, reason, who, created_at)
 * for the batches of f's state, body and club (period is not read): rows
 * [offset, offset+limit) of *total.  The API's batch list by a token's
 * scope (docs/rulings.md W-29s1). */
bmp_status bmp_ledger_batches_of(bmp_ledger *l, const bmp_ledger_queue_filter *f, size_t offset,
                                 size_t limit, bmp_table *out, size_t *total, bmp_error *err);

/* The batch `batch` replaced (*old, 0: none): the latest earlier batch of
 * the same event (its key) that is rejected or reversed; out: each player
 * and point type whose points differ, columns number, point_type,
 * replaced_points (in *old, credited and held), points (in batch). */
bmp_status bmp_ledger_batch_replaced(bmp_ledger *l, int64_t batch, int64_t *old, bmp_table *out,
                                     bmp_error *err);

#ifdef __cplusplus
}
#endif
#endif
