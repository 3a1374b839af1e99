/* bridgemp: payments against invoices and the runs that need them
 * (docs/ledger.md "Payments", issue 13).
 *
 * A payment is recorded once, never changed: the club it is credited to,
 * the invoice it pays (or none: on account), the amount in cents, the date,
 * its reference (unique per body: recording the same payment again changes
 * nothing) and whether the club gave its number.  An invoice's balance on a
 * date is its total less the payments against it dated on or before that
 * date (nothing once a credit note reverses it); while a balance is owed
 * its age is the days since it was issued (ruling AN-1: an invoice is due
 * when issued).
 *
 * The ABF's fines and gates build on them (8.4, 5.1.1, 5.1.2):
 *  - ABF-115: a payment without the club number is charged the $10
 *    administration fee when it is recorded (a charge run of its own,
 *    invoiced like any other);
 *  - ABF-114: the overdue run at a date charges 10 % of an invoice's
 *    balance for each quarter it is overdue beyond 90 days, each quarter
 *    once (ruling AN-1);
 *  - ABF-116: a congress or bridge-tour batch's levy is charged as it is
 *    processed and the batch cannot be approved (its credits forwarded)
 *    until the levy -- for a tour every invoice of its club -- is paid. */
#ifndef BRIDGEMP_LEDGER_PAYMENTS_H
#define BRIDGEMP_LEDGER_PAYMENTS_H

#include <stdbool.h>
#include <stdint.h>
#include "bridgemp/error.h"
#include "bridgemp/ledger.h"
#include "bridgemp/ledger_charges.h"
#include "bridgemp/ledger_invoice.h"
#include "bridgemp/table.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bmp_ledger_payment {
    const char *club;        /* the club's number (required) */
    const char *invoice;     /* the invoice it pays, or NULL: on the club's account */
    int64_t cents;           /* > 0, at most the invoice's balance */
    const char *date;        /* yyyy-mm-dd, the day it arrived */
    const char *ref;         /* its reference: unique per body */
    bool club_number;        /* the club gave its number (false: ABF-115) */
} bmp_ledger_payment;

typedef struct bmp_ledger_paid {
    int64_t id;              /* the payment */
    bool already;            /* recorded before with the same values: nothing changed */
    int64_t fee_run;         /* ABF-115: the fee's charge run, 0 for none */
    int64_t fee_cents;
    int64_t balance;         /* the invoice's balance after it (0 on account) */
} bmp_ledger_paid;

/* Record a payment (all or nothing, audited).  The same reference again
 * with the same values is `already`; with others, EINVAL naming the
 * difference.  ENOTFOUND for an unknown club or invoice; EINVAL for an
 * invoice of another club, a credit note, a credited invoice or more than
 * its balance. */
bmp_status bmp_ledger_payment_record(bmp_ledger *l, const char *body, const bmp_ledger_payment *p,
                                     bmp_ledger_paid *out, bmp_error *err);

typedef struct bmp_ledger_balance {
    int64_t total, paid, balance; /* cents; balance 0 once credited */
    char issued[11];              /* yyyy-mm-dd */
    long age;                     /* days since issued while a balance is owed, else 0 */
    bool credited;
} bmp_ledger_balance;

/* Invoice `number`'s balance on `date` (yyyy-mm-dd). */
bmp_status bmp_ledger_invoice_balance(bmp_ledger *l, const char *body, const char *number,
                                      const char *date, bmp_ledger_balance *out, bmp_error *err);

/* The body's payments: ref, club, invoice, paid, amount ("12.34"),
 * club_number (yes/no); by reference. */
bmp_status bmp_ledger_payment_list(bmp_ledger *l, const char *body, bmp_table *out,
                                   bmp_error *err);

/* The body's invoices owing on `date`: number, club, issued, total, paid,
 * balance, age (days); by number. */
bmp_status bmp_ledger_balances(bmp_ledger *l, const char *body, const char *date, bmp_table *out,
                               bmp_error *err);

/* ABF-114 (8.4): the overdue run at `date`: for each ABF invoice (not a
 * penalty's, not a credit note nor credited) owing on that date, each
 * started 90-day quarter beyond its first 90 days not charged yet is one
 * line of 10 % of the balance (half up to the cent).  One run per date;
 * nothing to charge makes no run (out->id 0).  The run is invoiced (with
 * dir, its invoices written there). */
bmp_status bmp_ledger_overdue_run(bmp_ledger *l, const char *body, const char *date,
                                  const char *dir, bmp_invoice_format fmt, bmp_ledger_run *out,
                                  bmp_error *err);

/* ABF-116 (5.1.1, 5.1.2; 8.1 "billed as they are processed"): the levy of
 * a provisional congress (tour false) or bridge-tour batch, charged now
 * (its grade recorded first, ledger_charges.h) and invoiced to the batch's
 * club; from then the batch cannot be approved until that invoice is paid
 * -- for a tour, until every invoice of the club is.  The quarterly levy
 * leaves it out.  Once per batch: again is `already`. */
bmp_status bmp_ledger_event_levy(bmp_ledger *l, const char *body, int64_t batch, bool tour,
                                 const char *dir, bmp_invoice_format fmt, bmp_ledger_run *out,
                                 bmp_error *err);

#ifdef __cplusplus
}
#endif
#endif
