#ifndef BMP_LEDGER_NEAR_MATCH_H
#define BMP_LEDGER_NEAR_MATCH_H

#include "bridgemp/ledger.h"

/* Held lines of one file that get near matches; past them none are looked
 * for (issue 45: the look-ups grow with the file, not with anything a
 * scorer reads). */
#define LEDGER_NEAR_MAX 200

/* Registered players near an unregistered `number` (normalised) named
 * `name`: "near: 1180290 Ben Cox (two digits transposed); ..." into out,
 * or "" when there is none (near_match.c, issue 26). */
bmp_status ledger_near_match(bmp_ledger *l, int64_t body, const char *number, const char *name,
                             char *out, size_t size, bmp_error *err);

#endif
