/* Payments' shared steps (payments.c), used by abf/penalties.c. */
#ifndef BMP_LEDGER_PAYMENTS_H
#define BMP_LEDGER_PAYMENTS_H

#include "bridgemp/ledger_payments.h"
#include "ledger/ledger_internal.h"

/* Invoice `id`'s balance on `date` (yyyy-mm-dd; "9999-12-31": everything
 * recorded); age from `date`. */
bmp_status payment_balance(bmp_ledger *l, int64_t id, const char *date, bmp_ledger_balance *out,
                           bmp_error *err);

#endif
