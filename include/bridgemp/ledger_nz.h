/* bridgemp: NZ Bridge's annual runs over the ledger (docs/ledger.md).
 *
 * NZ-92: at 31 December of `year` the rating points of every registered
 * player (NZ-6: RP = last year's RP x 0.8 + the A and B points earned in
 * the year, from posted batches whose event date is in the year -- results
 * not processed by the cut-off are not included) and from them, the rank
 * and the lifetime A points, the grading that takes effect on 1 January
 * (NZ-5; overseas players Open, NZ-105).  One run per year, all or nothing,
 * kept for ever (ruling NZF-3). */
#ifndef BRIDGEMP_LEDGER_NZ_H
#define BRIDGEMP_LEDGER_NZ_H

#include <stdbool.h>
#include <stddef.h>
#include "bridgemp/error.h"
#include "bridgemp/ledger.h"
#include "bridgemp/table.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bmp_ledger_nz_year {
    size_t players;    /* graded */
    bool already;      /* the year's run had been made: nothing changed */
    size_t open, intermediate, junior;
} bmp_ledger_nz_year;

bmp_status bmp_ledger_nz_annual_run(bmp_ledger *l, const char *body, int year,
                                    bmp_ledger_nz_year *out, bmp_error *err);

/* The run's results: number, name, earned (A+B of the year), rating,
 * grading; by number. */
bmp_status bmp_ledger_nz_gradings(bmp_ledger *l, const char *body, int year, bmp_table *out,
                                  bmp_error *err);

#ifdef __cplusplus
}
#endif
#endif
