/* Internal to src/ledger: the register's checked player row and the
 * pieces registry.c shares with the register import (register_import.c). */
#ifndef BMP_LEDGER_REGISTRY_INTERNAL_H
#define BMP_LEDGER_REGISTRY_INTERNAL_H

#include "ledger/shared/csv.h"
#include "ledger/ledger_internal.h"

/* One checked player, ready to write. */
typedef struct ledger_prow {
    char number[16];
    char *name, *home, *alts;
    const char *status;
    bool overseas, youth;
    int from, to;
    bmp_points pre82;
    size_t line;
} ledger_prow;

/* NZ-88: one of the six statuses, matched case-insensitively, as listed
 * ("" is Active); NULL for anything else. */
const char *ledger_status_norm(const char *s);
/* "0/1/yes/no/true/false/''" and "" or a year 1900..2200 (0 = ""). */
bool ledger_parse_flag(const char *s, bool *out);
bool ledger_parse_year(const char *s, int *out);
bmp_status ledger_club_id(bmp_ledger *l, int64_t body, const char *number, int64_t *id,
                          bool *found, bmp_error *err);
/* Check p into out (every problem into probs with "where" in front); the
 * count of problems.  out is the caller's to free (ledger_prow_free). */
size_t ledger_player_check(bmp_ledger *l, const ledger_body *b, const bmp_ledger_player *p,
                           const char *where, ledger_prow *out, bmp_problems *probs);
void ledger_prow_free(ledger_prow *r);
/* NZ-89: numbers for the rows without one. */
bmp_status ledger_allocate_numbers(bmp_ledger *l, const ledger_body *b, ledger_prow *rows,
                                   size_t n, bmp_error *err);
/* Insert or update one player and its alternates (inside a transaction). */
bmp_status ledger_player_write(bmp_ledger *l, const ledger_body *b, const ledger_prow *r,
                               bmp_error *err);
/* A CSV file with at least a header row. */
bmp_status ledger_read_csv(const char *path, lcsv *c, bmp_error *err);
/* Every number once in the file (rows without a number skipped). */
size_t ledger_number_duplicates(const ledger_prow *rows, size_t n, const char *path,
                                bmp_problems *probs);

#endif
