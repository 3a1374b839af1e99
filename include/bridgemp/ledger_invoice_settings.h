/* bridgemp: a body's invoice settings (issue 28 item 5, docs/ledger.md
 * "Invoice settings", migration 019).
 *
 * Kept in the ledger, one set per body, every change audited: the invoice
 * number series (a prefix, the next number, zero-padded to `digits`), the
 * days an invoice is due after issue, the tax (its name, rate in basis
 * points: GST 10% = 1000, and whether the charges already include it) and
 * the body's address and tax id printed on each invoice.  An invoice copies
 * them when it is issued and never changes; a body without settings keeps
 * BODY-RUN-CLUB numbers and the documents it always had.
 *
 * Tax is computed per invoice on its whole amount, rounded half up (away
 * from zero) to the cent (rulings INV-1): added, tax = amount x rate /
 * 10000 and gross = amount + tax; included, tax = amount x rate / (10000 +
 * rate) and net = amount - tax. */
#ifndef BRIDGEMP_LEDGER_INVOICE_SETTINGS_H
#define BRIDGEMP_LEDGER_INVOICE_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "bridgemp/error.h"
#include "bridgemp/ledger.h"
#include "bridgemp/table.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bmp_invoice_settings {
    bool set;             /* the body has settings (made by a first change) */
    char prefix[32];      /* "INV-" */
    int64_t next_number;  /* the next number of the series; 0: no series */
    int digits;           /* zero-padded to (0..12) */
    int due_days;         /* 0..366; 0: due on issue */
    char tax_name[32];    /* "GST", "VAT"; "" with rate 0: no tax */
    int tax_rate;         /* basis points, 0..10000 */
    bool tax_included;    /* the charges include the tax (ABF 8.3) */
    char address[512];
    char tax_id[64];      /* "ABN 12 345 678 901" */
} bmp_invoice_settings;

/* The body's settings (all defaults and set false when it has none). */
bmp_status bmp_ledger_invoice_settings_get(bmp_ledger *l, const char *body,
                                           bmp_invoice_settings *out, bmp_error *err);

/* Change settings from "key=value" items (keys: prefix, next, digits,
 * due_days, tax_name, tax_rate, tax_included (yes/no), address, tax_id):
 * all or nothing, audited with each old and new value.  EINVAL naming the
 * item for an unknown key or a value out of range; a next number whose
 * invoice number exists already is refused. */
bmp_status bmp_ledger_invoice_settings_set(bmp_ledger *l, const char *body,
                                           const char *const *items, size_t n, bmp_error *err);

/* The settings as a table of key, value (and what it means). */
bmp_status bmp_ledger_invoice_settings_table(bmp_ledger *l, const char *body, bmp_table *out,
                                             bmp_error *err);

/* Net, tax and gross of an amount in cents at rate (basis points), the
 * tax included in amount or added to it; ERANGE on overflow. */
bmp_status bmp_invoice_tax(int64_t amount, int rate, bool included, int64_t *net, int64_t *tax,
                           int64_t *gross, bmp_error *err);

#ifdef __cplusplus
}
#endif
#endif
