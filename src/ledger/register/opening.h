/* Internal to src/ledger: the carried ranks of opening balances (issue 28
 * item 2), the floor of every close (opening_floor.c). */
#ifndef BMP_LEDGER_OPENING_H
#define BMP_LEDGER_OPENING_H

#include "ledger/ledger_internal.h"
#include "ledger/shared/ranks_glue.h"

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

/* Add batch's journal lines to the holdings, in one statement (an
 * opening, a merge and a reversal posted at once; posted_reversal.c). */
bmp_status ledger_holdings_post(bmp_ledger *l, int64_t batch, bmp_error *err);
/* Reverse posted batch `old` at once, inside the caller's transaction: a
 * reversal batch of the negated lines and totals, posted, the holdings
 * taken down by them (an opening replaced, a merge undone; seed makes its
 * content hash).  *rev gets its id (posted_reversal.c). */
bmp_status ledger_reverse_now(bmp_ledger *l, int64_t old, const char *seed, const char *reason,
                              int64_t *rev, bmp_error *err);
/* Rank `player` from its holdings (the held rank and its opening's
 * carried rank as floors, and `also` when not NULL) and write it; *was
 * and *now the ranks before and after (opening_floor.c). */
bmp_status ledger_rerank(bmp_ledger *l, const char *body, int64_t body_id, int64_t player,
                         const ledger_rank *also, ledger_rank *was, ledger_rank *now,
                         bmp_error *err);

#endif
