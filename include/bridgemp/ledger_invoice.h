/* bridgemp: invoices of the ledger's charge runs (docs/ledger.md
 * "Invoices", issue 13).
 *
 * One mechanism for every body: a charge run (ABF capitation ABF-111, the
 * masterpoint levy ABF-110 ...) is invoiced club by club.  Each club with
 * lines in the run gets one invoice, numbered "<BODY>-<run>-<club>", whose
 * total is the sum of its lines in integer cents.  Invoicing a run again
 * makes no new invoice (and writes the same documents); a posted invoice is
 * never edited: a credit note ("<number>-CR", the total negated, with its
 * reason) reverses it, once.  Documents are CSV, JSON or HTML (every value
 * escaped), each written to a temporary file before the commit and renamed
 * after it (the output folder made or refused first).  A body's invoice
 * settings (ledger_invoice_settings.h) give a number series, due dates and
 * tax. */
#ifndef BRIDGEMP_LEDGER_INVOICE_H
#define BRIDGEMP_LEDGER_INVOICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "bridgemp/error.h"
#include "bridgemp/ledger.h"
#include "bridgemp/table.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum bmp_invoice_format {
    BMP_INVOICE_HTML = 0, /* a printable page */
    BMP_INVOICE_CSV,      /* line,player,batch,rule,charge,cents; then the total */
    BMP_INVOICE_JSON      /* {number, club, run, issued, lines: [...], total_cents} */
} bmp_invoice_format;

/* "html", "csv" or "json"; false for anything else. */
bool bmp_invoice_format_parse(const char *s, bmp_invoice_format *out);

typedef struct bmp_ledger_invoices {
    size_t made;          /* invoices made now */
    size_t already;       /* invoices of the run made before: unchanged */
    int64_t total;        /* cents, over all the run's invoices: what the clubs
                             owe (with a tax setting, the gross) */
} bmp_ledger_invoices;

/* Invoice charge run `run` of the body, club by club (all or nothing).
 * With dir (may be NULL), each invoice is written as dir/<number>.<ext>. */
bmp_status bmp_ledger_invoice_run(bmp_ledger *l, const char *body, int64_t run, const char *dir,
                                  bmp_invoice_format fmt, bmp_ledger_invoices *out,
                                  bmp_error *err);

/* The body's invoices and credit notes: number, run, club, issued, lines,
 * total (cents as "12.34"), credits (the invoice a credit note reverses),
 * reason; by number. */
bmp_status bmp_ledger_invoice_list(bmp_ledger *l, const char *body, bmp_table *out, bmp_error *err);

/* A credit note reversing invoice `number` in full, with a reason
 * (required).  ENOTFOUND for an unknown invoice; EINVAL when it is a
 * credit note or already credited.  With dir, the note is written there. */
bmp_status bmp_ledger_invoice_credit(bmp_ledger *l, const char *body, const char *number,
                                     const char *reason, const char *dir, bmp_invoice_format fmt,
                                     bmp_error *err);

/* Invoice or credit note `number` as a document, in a malloc'ed buffer. */
bmp_status bmp_ledger_invoice_document(bmp_ledger *l, const char *body, const char *number,
                                       bmp_invoice_format fmt, char **out, size_t *len,
                                       bmp_error *err);

#ifdef __cplusplus
}
#endif
#endif
