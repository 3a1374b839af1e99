/* Internal to src/ledger: the carried ranks of opening balances (issue 28
 * item 2), the floor of every close (opening_floor.c). */
#ifndef BMP_LEDGER_OPENING_H
#define BMP_LEDGER_OPENING_H

#include "ledger/ledger_internal.h"
#include "ledger/ranks_glue.h"

typedef struct ledger_floor {
    int64_t player;
    ledger_rank rank;
} ledger_floor;

typedef struct ledger_floors {
    ledger_floor *v;
    size_t n, cap;
} ledger_floors;

/* The carried ranks of the body's players whose opening stands (not
 * replaced), sorted by player id. */
bmp_status ledger_floors_load(bmp_ledger *l, int64_t body, ledger_floors *f, bmp_error *err);
/* A close ranks a player with an opening at least at the carried rank:
 * now is raised to it (the old system's promotion stands; a close
 * promotes only on new points). */
void ledger_floor_apply(const ledger_floors *f, int64_t player, ledger_rank *now);
void ledger_floors_free(ledger_floors *f);

#endif
