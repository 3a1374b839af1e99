/* The ABF's missing club number fee (ABF-115, 8.4): its no_club_number
 * (body_ops.h), charged by ledger/payments.c as a payment is recorded. */
#include <stdio.h>

#include "ledger/chain/chain.h"
#include "bridgemp/abf.h"
#include "ledger/abf/room.h"
#include "ledger/store/query.h"

/* ABF-115 (8.4): the $10 fee as a charge run of its own, kind admin-fee,
 * period the payment's reference (so once per payment). */
bmp_status abf_club_number_fee(bmp_ledger *l, const ledger_body *b, const bmp_ledger_payment *p,
                               int64_t club, bmp_ledger_paid *out, bmp_error *err)
{
    char at[40], what[160];
    bool found = false;
    bmp_status rc = bmp_abf_no_club_number_fee(p->date, 1, &out->fee_cents, err);
    ledger_now(l, at);
    if (!rc)
        rc = lq_int(l, &out->fee_run, &found, err,
                    "INSERT INTO charge_run (body_id, kind, period, rule, who, created_at, lines, "
                    "total) VALUES (?1, 'admin-fee', ?2, 'ABF-115', ?3, ?4, 1, ?5) RETURNING id",
                    "isssi", b->id, p->ref, l->who, at, out->fee_cents);
    snprintf(what, sizeof what, "payment %.60s of %s without the club number", p->ref, p->date);
    if (!rc)
        rc = lq_run(l, err,
                    "INSERT INTO charge (run_id, club_id, rule, what, cents) "
                    "VALUES (?1, ?2, 'ABF-115', ?3, ?4)", "iisi", out->fee_run, club, what,
                    out->fee_cents);
    if (!rc) /* the payment's audit entry images it */
        rc = ledger_touch_run(l, out->fee_run, err);
    return rc;
}
