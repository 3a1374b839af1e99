/* bridgemp: promotion certificates -- the ABF's (ABF-88, 1.8: "an official
 * certificate with each Scheme promotion"; ruling AN-6) and NZ Bridge's
 * (NZ-99, Part E 3: "Masterpoint certificates will be generated
 * periodically with a target of once a month"; docs/ledger.md).
 *
 * A certificate records a player's promotion to a new rank (ruling AN-4):
 * the period close records promotions; the certificate run of a closed
 * period makes one certificate per promotion of that period that has none
 * yet, numbered "ABF-<period>-<player>" or "NZB-<period>-<player>".
 * Running it again makes none.  The run's certificates, by home club (the
 * Centre forwards them to the clubs, ABF App. A), are a printable HTML page
 * (one certificate a page, no external assets, every value escaped), or a
 * CSV or JSON list. */
#ifndef BRIDGEMP_LEDGER_CERTIFICATES_H
#define BRIDGEMP_LEDGER_CERTIFICATES_H

#include <stddef.h>
#include "bridgemp/error.h"
#include "bridgemp/ledger.h"
#include "bridgemp/ledger_invoice.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bmp_ledger_certificates {
    size_t made;     /* certificates made now */
    size_t already;  /* the period's promotions certified before */
} bmp_ledger_certificates;

/* The certificate run of closed period `period` (yyyy-mm), all or nothing,
 * audited.  EINVAL for a period not closed (its promotions are not known);
 * ENOTSUP for a body whose regulations issue none (EBU, ACBL). */
bmp_status bmp_ledger_certificate_run(bmp_ledger *l, const char *body, const char *period,
                                      bmp_ledger_certificates *out, bmp_error *err);

/* The certificates of `period` as a document (malloc'ed): HTML, or CSV
 * certificate,player,name,from,rank,period,issued,club, or JSON. */
bmp_status bmp_ledger_certificate_document(bmp_ledger *l, const char *body, const char *period,
                                           bmp_invoice_format fmt, char **out, size_t *len,
                                           bmp_error *err);

#ifdef __cplusplus
}
#endif
#endif
