/* Invoice documents (invoice_doc.c): an invoice or credit note of the
 * ledger as CSV, JSON or HTML. */
#ifndef BMP_LEDGER_INVOICE_DOC_H
#define BMP_LEDGER_INVOICE_DOC_H

#include "bridgemp/ledger_invoice.h"
#include "core/util.h"
#include "ledger/ledger_internal.h"

/* Cents as "12.34" / "-0.50". */
void invoice_money(int64_t cents, char *buf, size_t size);
/* Invoice `number` of body b as a document (malloc'ed). */
bmp_status invoice_doc(bmp_ledger *l, const ledger_body *b, const char *number,
                       bmp_invoice_format fmt, char **out, size_t *len, bmp_error *err);
#endif
