/* The players of a published list with their points per point type
 * (report_rows.c): what the ranking and the year's list share. */
#ifndef BMP_LEDGER_REPORT_ROWS_H
#define BMP_LEDGER_REPORT_ROWS_H

#include "bridgemp/ledger_publish.h"
#include "ledger/ledger_internal.h"
#include "ledger/shared/ranks_glue.h"
#include "ledger/register/region.h"

typedef struct report_player {
    int64_t id;
    char number[16], name[128], club[32], status[16], rank_name[64];
    char region[LEDGER_REGION_MAX + 1]; /* "" where the register has none */
    int rank, stars;
    bool overseas;
    bmp_points pts[LEDGER_MAX_TYPES];
    bmp_points total;
    bmp_points key;       /* the sort key (report_rows_sort) */
    char membership[16];  /* the club report's: home, alternate, earned here */
} report_player;

typedef struct report_rows {
    const char *types[LEDGER_MAX_TYPES];
    int weight[LEDGER_MAX_TYPES];
    size_t ntypes;
    bool has_total;        /* some type counts into the body's total */
    report_player *p;
    size_t n;
} report_rows;

/* The body's players (all statuses) by id, their point types and weights. */
bmp_status report_rows_load(bmp_ledger *l, const ledger_body *b, report_rows *r, bmp_error *err);
/* A club's members for its report (reports.c, ABF-94..96): home members,
 * alternates and the players who earned at the club in periods from..to,
 * each once (its closest membership), a merged number as the player kept
 * (issue 44 item 3), no Deceased player; with their holdings and totals
 * as report_rows_load + _add + _totals give them, sorted (report_rows_sort). */
bmp_status report_rows_club(bmp_ledger *l, const ledger_body *b, int64_t club, const char *from,
                            const char *to, report_rows *r, bmp_error *err);
/* Add `points` of type to player `player` (ERANGE on overflow). */
bmp_status report_rows_add(report_rows *r, int64_t player, const char *type, bmp_points points,
                           bmp_error *err);
/* Every player's total through the body's weights (overflow checked). */
bmp_status report_rows_totals(report_rows *r, bmp_error *err);
/* Sort: by total (or rank without one) highest first, then name, number. */
void report_rows_sort(report_rows *r);
/* Columns number, name, club, <region> (the body's word for it, or NULL:
 * none), <lead>, each type, total (if any), <tail>. */
bmp_status report_rows_columns(const report_rows *r, bmp_table *t, const char *region,
                               const char *lead, const char *tail);
/* One player's row as report_rows_columns laid it out (region: whether
 * it has the region's column). */
bmp_status report_rows_cells(const report_rows *r, const report_player *p, bmp_table *t,
                             bool region, const char *lead, const char *tail);
/* The head into *head (if not NULL) and a note "ledger head N:HASH". */
bmp_status report_head(bmp_ledger *l, bmp_ledger_head *head, bmp_table *t, bmp_error *err);
void report_rows_free(report_rows *r);

#endif
