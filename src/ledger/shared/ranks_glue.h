/* The ledger's one adapter to the bodies' point types and rank rules
 * (ranks_glue.c), all through the bmp_rules door. */
#ifndef BMP_LEDGER_RANKS_GLUE_H
#define BMP_LEDGER_RANKS_GLUE_H

#include <stdbool.h>
#include <stddef.h>
#include "bridgemp/error.h"
#include "bridgemp/pointtype.h"
#include "bridgemp/points.h"
#include "bridgemp/rank.h"

#define LEDGER_MAX_TYPES BMP_MAX_POINT_TYPES

typedef struct ledger_rank {
    int rank;          /* the body's rank ordinal (0 = the lowest) */
    int stars;
    char name[64];
} ledger_rank;

/* Order of ranks for promotion: rank, then stars. */
static inline long ledger_rank_order(const ledger_rank *r) { return (long)r->rank * 1000 + r->stars; }

/* The body's point type names in its order into names[0..LEDGER_MAX_TYPES);
 * returns their count (0 for an unknown body). */
size_t ledger_point_types(const char *body, const char **names);
/* The same point types' definitions (unit, rule ID ...), in that order. */
size_t ledger_point_type_defs(const char *body, const bmp_point_type **defs);

/* The rank earned by holdings h[] (indexed as ledger_point_types) and the
 * held rank (ABF ranks never go down, 1.4.4).  A body without rank rules
 * answers ENOTSUP. */
bmp_status ledger_rank_of(const char *body, const bmp_points *h, bmp_points pre1982_red,
                          const ledger_rank *held, ledger_rank *out, bmp_error *err);
/* "Club Master: 2.90 total" -- the next rank and what is missing; "" at
 * the top or without rank rules. */
void ledger_next_rank(const char *body, const bmp_points *h, bmp_points pre1982_red,
                      char *buf, size_t size);
/* The same for a player who holds the rank named `held`: when that rank is
 * above what the points earn (a rank carried from an old system, issue 28
 * item 2), the next rank is not the points' next one, and buf says so
 * ("above Life Master, the rank held: the points reach Nil"). */
void ledger_next_rank_held(const char *body, const bmp_points *h, bmp_points pre1982_red,
                           const char *held, char *buf, size_t size);

/* The rank holdings h[] earn under the body's rank table, with the next
 * rank, what is missing for it and the table's rule ID (issue 30: the
 * API's structured next_rank and the rank at a date).  ENOTSUP for a body
 * without rank rules. */
bmp_status ledger_rank_detail(const char *body, const bmp_points *h, bmp_points pre1982_red,
                              bmp_rank *out, bmp_error *err);

/* The body's ranks in order (as `bridgemp bodies B` lists them): out[i]
 * has rank i and the body's name for it, no stars; their count (at most
 * max). */
size_t ledger_rank_list(const char *body, ledger_rank *out, size_t max);
/* The body's rank names, ", " between them (for a message). */
void ledger_rank_names(const char *body, char *buf, size_t size);

#endif
