/* The ledger's one adapter to the bodies' rank rules (ranks_glue.c).  When
 * bmp_rules grows a generic rank door, only ranks_glue.c changes. */
#ifndef BMP_LEDGER_RANKS_GLUE_H
#define BMP_LEDGER_RANKS_GLUE_H

#include <stddef.h>
#include "bridgemp/error.h"
#include "bridgemp/points.h"

#define LEDGER_MAX_TYPES 6

typedef struct ledger_rank {
    int rank;          /* the body's rank number (0 = none) */
    int stars;
    char name[64];
} ledger_rank;

/* Order of ranks for promotion: rank, then stars. */
static inline long ledger_rank_order(const ledger_rank *r) { return (long)r->rank * 1000 + r->stars; }

/* The rank earned by holdings h[] (indexed as ledger_point_types(body))
 * and the held rank (ranks that never go down keep it: ABF 1.4.4).  A body
 * without rank rules answers ENOTSUP. */
bmp_status ledger_rank_of(const char *body, const bmp_points *h, bmp_points pre1982_red,
                          const ledger_rank *held, ledger_rank *out, bmp_error *err);
/* "Bronze Life Master: 12.50 total, 3.00 gold" -- the next rank and what
 * is missing; "" at the top. */
void ledger_next_rank(const char *body, const bmp_points *h, bmp_points pre1982_red,
                      const ledger_rank *cur, char *buf, size_t size);

#endif
