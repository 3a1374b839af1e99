/* The players an import's lines name, resolved (LEDGER_PLAYER_RESOLVED):
 * each distinct number looked up once, and the register as read kept on
 * the handle between imports while its change stamp holds (issue 46). */
#ifndef BMP_LEDGER_INTAKE_PLAYER_RESOLVE_H
#define BMP_LEDGER_INTAKE_PLAYER_RESOLVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ledger/ledger_internal.h"

typedef struct ledger_pslot {
    char number[16];      /* normalised (ledger_number_check) */
    int64_t id;           /* 0 = not registered */
    char status[12];
    bool overseas;        /* NZ-103 */
    bool known;           /* read from the register (else: being looked up) */
} ledger_pslot;

/* Inside the caller's transaction: out[i] the slot of norm[i] in body
 * `body` (NULL where norm[i] is "": not looked up), valid until the next
 * call on l, ledger_players_forget or the handle's close.  Reads the
 * store only for numbers not already known under the register's stamp. */
bmp_status ledger_players_resolve(bmp_ledger *l, int64_t body, const char (*norm)[16], size_t n,
                                  const ledger_pslot **out, bmp_error *err);
/* Forget the register kept on l: its transaction rolled back (what it
 * read is kept only past a commit). */
void ledger_players_forget(bmp_ledger *l);

#endif
