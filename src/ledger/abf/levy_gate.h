/* ABF-116 (5.1.1, 5.1.2): may a batch be approved, its credits forwarded?
 * (abf/penalties.c, reached by lifecycle.c through the ABF's
 * ledger_body_ops.approve_gate). */
#ifndef BMP_LEDGER_LEVY_GATE_H
#define BMP_LEDGER_LEVY_GATE_H

#include "ledger/ledger_internal.h"

/* BMP_OK for a batch without a congress or tour levy; else EINVAL naming
 * the unpaid invoice and its balance while one is owed. */
bmp_status ledger_levy_gate(bmp_ledger *l, int64_t batch, bmp_error *err);

#endif
