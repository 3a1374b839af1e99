/* NZ Bridge's room of the ledger (internal to src/ledger/nzb): the hooks
 * its ledger_body_ops (ops.c) points to. */
#ifndef BMP_LEDGER_NZB_ROOM_H
#define BMP_LEDGER_NZB_ROOM_H

#include "ledger/body_ops.h"

/* NZ-102 (`bmp_nz_transfer`), NZ-106: ABF points into NZ's (convert.c). */
bmp_status nzb_convert_rate(const bmp_ledger_conversion *c, bmp_ledger_converted *out,
                            bmp_error *err);

/* NZ-89: computer numbers for new players (numbers.c). */
bmp_status nzb_allocate_numbers(bmp_ledger *l, const ledger_body *b, char *const *numbers, size_t n,
                                size_t size, bmp_error *err);

#endif
