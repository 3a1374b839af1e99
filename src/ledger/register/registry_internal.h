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

/* A body's clubs, number -> id, read once (a register import's thousands
 * of rows look their clubs up here, not a statement a row; issue 46). */
typedef struct ledger_club_ref {
    char *number;
    int64_t id;
} ledger_club_ref;
typedef struct ledger_clubs {
    ledger_club_ref *v;
    size_t n;
} ledger_clubs;
bmp_status ledger_clubs_load(bmp_ledger *l, int64_t body, ledger_clubs *out, bmp_error *err);
/* Club `number`'s id (false: none). */
bool ledger_clubs_find(const ledger_clubs *c, const char *number, int64_t *id);
void ledger_clubs_free(ledger_clubs *c);

/* Check p into out (every problem into probs with "where" in front); the
 * count of problems.  out is the caller's to free (ledger_prow_free).
 * clubs: the body's clubs (NULL: each looked up). */
size_t ledger_player_check(bmp_ledger *l, const ledger_body *b, const ledger_clubs *clubs,
                           const bmp_ledger_player *p, const char *where, ledger_prow *out,
                           bmp_problems *probs);
void ledger_prow_free(ledger_prow *r);
/* NZ-89: numbers for the rows without one. */
bmp_status ledger_allocate_numbers(bmp_ledger *l, const ledger_body *b, ledger_prow *rows,
                                   size_t n, bmp_error *err);
/* Insert or update one player and its alternates (inside a transaction). */
bmp_status ledger_player_write(bmp_ledger *l, const ledger_body *b, const ledger_prow *r,
                               bmp_error *err);

/* One register row for ledger_players_write: the checked player (its
 * number given or allocated), its birth year and region as they end. */
typedef struct ledger_pwrite {
    const ledger_prow *r;
    int birth;          /* 0: none */
    const char *region; /* "": none */
    bool fresh;         /* a new player (no alternates yet) */
    bool region_changed;
} ledger_pwrite;
/* Write w[0..n) as ledger_player_write and the region's and birth year's
 * statements would one by one, in that order (new players' ids in it),
 * many rows a statement, and touch the same units (register_write.c). */
bmp_status ledger_players_write(bmp_ledger *l, const ledger_body *b, const ledger_pwrite *w,
                                size_t n, bmp_error *err);
/* A CSV file with at least a header row. */
bmp_status ledger_read_csv(const char *path, lcsv *c, bmp_error *err);
/* Every number once in the file (rows without a number skipped). */
size_t ledger_number_duplicates(const ledger_prow *rows, size_t n, const char *path,
                                bmp_problems *probs);

#endif
