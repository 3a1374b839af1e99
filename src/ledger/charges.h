/* Charge runs' shared steps (charges.c), used by levy_run.c. */
#ifndef BMP_LEDGER_CHARGES_H
#define BMP_LEDGER_CHARGES_H

#include "bridgemp/ledger_charges.h"
#include "ledger/ledger_internal.h"

/* The run of `kind` and `period` made before, if any (out->already). */
bmp_status charge_earlier(bmp_ledger *l, const ledger_body *b, const char *kind,
                          const char *period, bmp_ledger_run *out, bmp_error *err);
/* The run's lines as CSV club,player,rule,charge,cents (atomic write). */
bmp_status charge_csv(bmp_ledger *l, int64_t run, const char *path, bmp_error *err);

#endif
