#ifndef BMP_LEDGER_NEAR_MATCH_H
#define BMP_LEDGER_NEAR_MATCH_H

#include "bridgemp/ledger.h"

/* Near matches are looked for among a file's first near-lines lines only
 * (bmp_limits, default BMP_LIMIT_NEAR_LINES; issue 45: up to 10 x a
 * number's length look-ups per held line; 100,000 unregistered players
 * held the writer 23 s). */

/* Registered players near an unregistered `number` (normalised) named
 * `name`: "near: 1180290 Ben Cox (two digits transposed); ..." into out,
 * or "" when there is none (near_match.c, issue 26). */
bmp_status ledger_near_match(bmp_ledger *l, int64_t body, const char *number, const char *name,
                             char *out, size_t size, bmp_error *err);

#endif
