/* Payments against invoices (include/bridgemp/ledger_payments.h): recorded
 * once and never changed, an invoice's balance and age on a date, and the
 * body's charge for a payment without the club number (its no_club_number:
 * the ABF's fee, ABF-115, 8.4) as a payment is recorded. */
#include <stdlib.h>
#include <string.h>

#include "ledger/chain/chain.h"
#include "core/date.h"
#include "core/util.h"
#include "ledger/body_ops.h"
#include "ledger/invoice/invoice_doc.h"
#include "ledger/charges/payments.h"
#include "ledger/store/query.h"

/* Days from a to b: calendar arithmetic, the same for every body (the
 * core's day count, as bmp_abf_days_between counts them). */
static bmp_status days_between(const char *a, const char *b, long *days, bmp_error *err)
{
    core_date da, db;
    bmp_status st;
    if ((st = core_date_get(a, "date", &da, err)) || (st = core_date_get(b, "date", &db, err)))
        return st;
    *days = core_date_days(db) - core_date_days(da);
    return BMP_OK;
}

bmp_status payment_balance(bmp_ledger *l, int64_t id, const char *date, bmp_ledger_balance *out,
                           bmp_error *err)
{
    ledger_stmt *st = NULL;
    bool row = false;
    memset(out, 0, sizeof *out);
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT i.total, COALESCE((SELECT sum(p.cents) FROM payment p "
                             "WHERE p.invoice_id = i.id AND p.paid <= ?2), 0), "
                             "(SELECT count(*) FROM invoice o WHERE o.credits = i.id AND "
                             "substr(o.issued, 1, 10) <= ?2), substr(i.issued, 1, 10) "
                             "FROM invoice i WHERE i.id = ?1",
                             "is", id, date);
    if (!rc)
        rc = lq_step(l, st, &row, err);
    if (!rc && !row)
        rc = bmp_error_set(err, BMP_ENOTFOUND, "no invoice %lld", (long long)id);
    if (!rc) {
        out->total = lq_col_int(l, st, 0);
        out->paid = lq_col_int(l, st, 1);
        out->credited = lq_col_int(l, st, 2) > 0;
        core_strlcpy(out->issued, lq_col_text(l, st, 3), sizeof out->issued);
        out->balance = out->credited ? 0 : out->total - out->paid;
    }
    lq_finalize(l, st);
    if (!rc && out->balance > 0 && strcmp(date, "9999-12-31") != 0)
        rc = days_between(out->issued, date, &out->age, err);
    if (out->age < 0)
        out->age = 0;
    return rc;
}

/* The invoice a payment names (its id found first, payment_targets),
 * refused for another club's, a credit note or a credited one. */
static bmp_status payable(bmp_ledger *l, const char *number, int64_t club, int64_t id,
                          bmp_ledger_balance *bal, bmp_error *err)
{
    ledger_stmt *st = NULL;
    bool row = false;
    int64_t owner = 0, credits = 0;
    bmp_status rc = lq_query(l, &st, err, "SELECT club_id, COALESCE(credits, 0) FROM invoice "
                             "WHERE id = ?1", "i", id);
    if (!rc && !(rc = lq_step(l, st, &row, err)) && row) {
        owner = lq_col_int(l, st, 0);
        credits = lq_col_int(l, st, 1);
    }
    lq_finalize(l, st);
    if (!rc && credits)
        rc = bmp_error_set(err, BMP_EINVAL, "%s is a credit note: nothing to pay", number);
    if (!rc && owner != club)
        rc = bmp_error_set(err, BMP_EINVAL, "invoice %s is not the club's: it bills another "
                           "club", number);
    if (!rc)
        rc = payment_balance(l, id, "9999-12-31", bal, err);
    if (!rc && bal->credited)
        rc = bmp_error_set(err, BMP_EINVAL, "invoice %s is credited (%s-CR): nothing to pay",
                           number, number);
    return rc;
}

/* The same reference recorded before: `already` when every value agrees. */
static bmp_status recorded_before(bmp_ledger *l, const ledger_body *b, const bmp_ledger_payment *p,
                                  int64_t club, int64_t inv, bmp_ledger_paid *out, bmp_error *err)
{
    ledger_stmt *st = NULL;
    bool row = false;
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT id, club_id, COALESCE(invoice_id, 0), cents, paid, club_number "
                             "FROM payment WHERE body_id = ?1 AND ref = ?2", "is", b->id, p->ref);
    if (!rc)
        rc = lq_step(l, st, &row, err);
    if (!rc && row) {
        bool same = lq_col_int(l, st, 1) == club && lq_col_int(l, st, 2) == inv &&
                    lq_col_int(l, st, 3) == p->cents &&
                    strcmp(lq_col_text(l, st, 4), p->date) == 0 &&
                    lq_col_int(l, st, 5) == (int64_t)p->club_number;
        out->id = lq_col_int(l, st, 0);
        out->already = true;
        if (!same)
            rc = bmp_error_set(err, BMP_EINVAL, "payment %s is recorded already with other "
                               "values (club, invoice, amount, date or club number): a payment "
                               "is never changed", p->ref);
    }
    lq_finalize(l, st);
    return rc;
}

static bmp_status check_payment(const bmp_ledger_payment *p, bmp_error *err)
{
    core_date d;
    if (!p->club || !*p->club)
        return bmp_error_set(err, BMP_EINVAL, "payment: the club it is credited to is required");
    if (!p->ref || !*p->ref)
        return bmp_error_set(err, BMP_EINVAL, "payment: a reference is required (the bank's or "
                             "the cheque's, unique per body)");
    if (p->cents <= 0)
        return bmp_error_set(err, BMP_EINVAL, "payment %s: amount %lld cents: expected more than "
                             "0", p->ref, (long long)p->cents);
    return core_date_get(p->date, "payment date", &d, err);
}

static bmp_status insert_payment(bmp_ledger *l, const ledger_body *b, const bmp_ledger_payment *p,
                                 int64_t club, int64_t inv, bmp_ledger_paid *out, bmp_error *err)
{
    char at[40], amount[32];
    bool found = false;
    ledger_now(l, at);
    bmp_status rc = inv ? lq_int(l, &out->id, &found, err,
                                 "INSERT INTO payment (body_id, ref, club_id, invoice_id, cents, "
                                 "paid, club_number, who, recorded) VALUES (?1, ?2, ?3, ?4, ?5, "
                                 "?6, ?7, ?8, ?9) RETURNING id",
                                 "isiiisiss", b->id, p->ref, club, inv, p->cents, p->date,
                                 (int64_t)p->club_number, l->who, at)
                        : lq_int(l, &out->id, &found, err,
                                 "INSERT INTO payment (body_id, ref, club_id, cents, paid, "
                                 "club_number, who, recorded) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, "
                                 "?8) RETURNING id",
                                 "isiisiss", b->id, p->ref, club, p->cents, p->date,
                                 (int64_t)p->club_number, l->who, at);
    invoice_money(p->cents, amount, sizeof amount);
    const ledger_body_ops *ops = b->ops;
    if (!rc && !p->club_number && ops && ops->no_club_number) /* ABF-115 */
        rc = ops->no_club_number(l, b, p, club, out, err);
    if (!rc)
        rc = ledger_touch_id(l, "payment", out->id, err);
    if (!rc) {
        char *d = core_asprintf("%s payment %s of %s from club %s on %s%s%s%s", b->code, p->ref,
                                amount, p->club, p->date, inv ? " against " : " on account",
                                inv ? p->invoice : "",
                                out->fee_run ? "; no club number: ABF-115 fee charged" : "");
        rc = d ? ledger_audit(l, "payment", d, err) : bmp_error_oom(err);
        free(d);
    }
    return rc;
}

/* The club and the invoice (0: on account) a payment names, checked. */
static bmp_status payment_targets(bmp_ledger *l, const ledger_body *b, const bmp_ledger_payment *p,
                                  int64_t *club, int64_t *inv, bmp_error *err)
{
    bool found = false;
    bmp_status rc = lq_int(l, club, &found, err,
                           "SELECT id FROM club WHERE body_id = ?1 AND number = ?2", "is", b->id,
                           p->club);
    if (!rc && !found)
        rc = bmp_error_set(err, BMP_ENOTFOUND, "payment %s: no %s club %s", p->ref, b->code,
                           p->club);
    *inv = 0;
    if (!rc && p->invoice && *p->invoice)
        rc = lq_int(l, inv, &found, err, "SELECT id FROM invoice WHERE body_id = ?1 AND "
                    "number = ?2", "is", b->id, p->invoice);
    if (!rc && p->invoice && *p->invoice && !found)
        rc = bmp_error_set(err, BMP_ENOTFOUND, "payment %s: no %s invoice %s", p->ref, b->code,
                           p->invoice);
    return rc;
}

bmp_status bmp_ledger_payment_record(bmp_ledger *l, const char *body, const bmp_ledger_payment *p,
                                     bmp_ledger_paid *out, bmp_error *err)
{
    ledger_body b;
    int64_t club = 0, inv = 0;
    bmp_ledger_balance bal;
    memset(out, 0, sizeof *out);
    bmp_status rc = check_payment(p, err);
    if (!rc)
        rc = ledger_body_get(l, body, &b, err);
    if (!rc)
        rc = lq_begin(l, err);
    if (rc)
        return rc;
    memset(&bal, 0, sizeof bal);
    rc = payment_targets(l, &b, p, &club, &inv, err);
    if (!rc) /* first: a payment recorded is `already` whatever its invoice became */
        rc = recorded_before(l, &b, p, club, inv, out, err);
    if (!rc && !out->already && inv)
        rc = payable(l, p->invoice, club, inv, &bal, err);
    if (!rc && !out->already && inv && p->cents > bal.balance) {
        char amount[32], owed[32];
        invoice_money(p->cents, amount, sizeof amount);
        invoice_money(bal.balance, owed, sizeof owed);
        rc = bmp_error_set(err, BMP_EINVAL, "payment %s: %s is more than invoice %s's balance "
                           "%s: record the rest on account (without an invoice)", p->ref, amount,
                           p->invoice, owed);
    }
    if (!rc && !out->already)
        rc = insert_payment(l, &b, p, club, inv, out, err);
    rc = ledger_tx_end(l, rc, err);
    if (!rc && out->already) /* the fee run made with it, if any */
        rc = lq_int(l, &out->fee_run, &(bool){false}, err,
                    "SELECT COALESCE((SELECT id FROM charge_run WHERE body_id = ?1 AND "
                    "kind = 'admin-fee' AND period = ?2), 0)", "is", b.id, p->ref);
    if (!rc && out->already && out->fee_run)
        rc = lq_int(l, &out->fee_cents, &(bool){false}, err,
                    "SELECT total FROM charge_run WHERE id = ?1", "i", out->fee_run);
    if (!rc && out->fee_run) { /* invoiced after the commit: a re-run completes it */
        bmp_ledger_invoices iv;
        rc = bmp_ledger_invoice_run(l, body, out->fee_run, NULL, BMP_INVOICE_HTML, &iv, err);
    }
    if (!rc && inv)
        rc = payment_balance(l, inv, "9999-12-31", &bal, err);
    out->balance = inv ? bal.balance : 0;
    return rc;
}

bmp_status bmp_ledger_invoice_balance(bmp_ledger *l, const char *body, const char *number,
                                      const char *date, bmp_ledger_balance *out, bmp_error *err)
{
    ledger_body b;
    core_date d;
    int64_t id = 0;
    bool found = false;
    bmp_status rc = core_date_get(date, "balance date", &d, err);
    if (!rc)
        rc = ledger_body_get(l, body, &b, err);
    if (!rc)
        rc = lq_int(l, &id, &found, err, "SELECT id FROM invoice WHERE body_id = ?1 AND "
                    "number = ?2", "is", b.id, number);
    if (!rc && !found)
        rc = bmp_error_set(err, BMP_ENOTFOUND, "no %s invoice %s", b.code, number);
    if (!rc)
        rc = payment_balance(l, id, date, out, err);
    return rc;
}

static bmp_status table_rows(bmp_ledger *l, ledger_stmt *st, int ncols, const int *money,
                             bmp_table *out, bmp_error *err)
{
    bool row = false;
    bmp_status rc = BMP_OK;
    while (!rc && !(rc = lq_step(l, st, &row, err)) && row)
        for (int k = 0; k < ncols && !rc; k++) {
            char m[32];
            if (money[k])
                invoice_money(lq_col_int(l, st, k), m, sizeof m);
            rc = bmp_table_cell(out, "%s", money[k] ? m : lq_col_text(l, st, k));
        }
    return rc;
}

bmp_status bmp_ledger_payment_list(bmp_ledger *l, const char *body, bmp_table *out,
                                   bmp_error *err)
{
    static const char *const cols[] = {"ref", "club", "invoice", "paid", "amount",
                                       "club_number", NULL};
    static const int money[] = {0, 0, 0, 0, 1, 0};
    ledger_body b;
    ledger_stmt *st = NULL;
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (!rc)
        rc = bmp_table_title(out, "payments");
    if (!rc)
        rc = bmp_table_columns(out, cols);
    if (!rc)
        rc = lq_query(l, &st, err,
                      "SELECT p.ref, c.number, COALESCE(i.number, ''), p.paid, p.cents, "
                      "CASE WHEN p.club_number = 1 THEN 'yes' ELSE 'no' END FROM payment p "
                      "JOIN club c ON c.id = p.club_id LEFT JOIN invoice i ON i.id = p.invoice_id "
                      "WHERE p.body_id = ?1 ORDER BY p.ref", "i", b.id);
    if (!rc)
        rc = table_rows(l, st, 6, money, out, err);
    if (st)
        lq_finalize(l, st);
    return rc;
}

bmp_status bmp_ledger_balances(bmp_ledger *l, const char *body, const char *date, bmp_table *out,
                               bmp_error *err)
{
    static const char *const cols[] = {"number", "club", "issued", "total", "paid", "balance",
                                       "age", NULL};
    ledger_body b;
    core_date d;
    ledger_stmt *st = NULL;
    bool row = false;
    bmp_status rc = core_date_get(date, "balance date", &d, err);
    if (!rc)
        rc = ledger_body_get(l, body, &b, err);
    if (!rc)
        rc = bmp_table_title(out, "balances");
    if (!rc)
        rc = bmp_table_columns(out, cols);
    if (!rc)
        rc = lq_query(l, &st, err,
                      "SELECT i.id, i.number, c.number FROM invoice i JOIN club c ON "
                      "c.id = i.club_id WHERE i.body_id = ?1 AND i.credits IS NULL AND "
                      "substr(i.issued, 1, 10) <= ?2 ORDER BY i.number", "is", b.id, date);
    while (!rc && !(rc = lq_step(l, st, &row, err)) && row) {
        bmp_ledger_balance bal;
        char t[32], p[32], o[32];
        rc = payment_balance(l, lq_col_int(l, st, 0), date, &bal, err);
        if (rc || bal.balance == 0)
            continue;
        invoice_money(bal.total, t, sizeof t);
        invoice_money(bal.paid, p, sizeof p);
        invoice_money(bal.balance, o, sizeof o);
        rc = bmp_table_cell(out, "%s", lq_col_text(l, st, 1));
        if (!rc)
            rc = bmp_table_cell(out, "%s", lq_col_text(l, st, 2));
        if (!rc)
            rc = bmp_table_cell(out, "%s", bal.issued);
        for (int k = 0; k < 3 && !rc; k++)
            rc = bmp_table_cell(out, "%s", k == 0 ? t : k == 1 ? p : o);
        if (!rc)
            rc = bmp_table_cell(out, "%ld", bal.age);
    }
    if (st)
        lq_finalize(l, st);
    return rc;
}
