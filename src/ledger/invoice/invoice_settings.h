/* A body's invoice settings inside the ledger (invoice_settings.c): what
 * invoice.c asks when it issues an invoice. */
#ifndef BMP_LEDGER_INVOICE_SETTINGS_INTERNAL_H
#define BMP_LEDGER_INVOICE_SETTINGS_INTERNAL_H

#include "bridgemp/ledger_invoice_settings.h"
#include "ledger/ledger_internal.h"

/* The settings of body `body_id` (defaults, set false, without a row). */
bmp_status ledger_invoice_settings_load(bmp_ledger *l, int64_t body_id, bmp_invoice_settings *s,
                                        bmp_error *err);
/* The series' next number into out and the series moved on (inside the
 * caller's transaction: a rolled-back run leaves no gap). */
bmp_status ledger_invoice_take_number(bmp_ledger *l, int64_t body_id, bmp_invoice_settings *s,
                                      char *out, size_t size, bmp_error *err);
/* The date `days` after the date of timestamp `issued` ("2026-11-24T..."),
 * "yyyy-mm-dd"; "" when issued does not start with a date. */
void ledger_invoice_due(const char *issued, int days, char out[16]);

#endif
