/* The ABF's overdue account penalty (ABF-114, 8.4) and the levy of
 * congress and bridge-tour batches with the gate on their credits
 * (ABF-116, 5.1.1, 5.1.2), on the ledger's invoices and payments
 * (include/bridgemp/ledger_payments.h; rulings AN-1, AN-3). */
#include <stdlib.h>
#include <string.h>

#include "ledger/chain/chain.h"
#include "bridgemp/abf.h"
#include "core/date.h"
#include "core/util.h"
#include "ledger/charges/charges.h"
#include "ledger/invoice/invoice_doc.h"
#include "ledger/abf/levy_gate.h"
#include "ledger/charges/payments.h"
#include "ledger/store/query.h"

static bmp_status abf_body(bmp_ledger *l, const char *body, ledger_body *b, const char *what,
                           bmp_error *err)
{
    bmp_status rc = ledger_body_get(l, body, b, err);
    if (!rc && strcmp(b->code, "abf") != 0)
        rc = bmp_error_set(err, BMP_ENOTSUP, "not supported: %s for %s (the ABF's, 8.4, 5.1)",
                           what, b->code);
    return rc;
}

/* ---- ABF-114 ------------------------------------------------------------- */

typedef struct owing {
    int64_t id, club, charged; /* charged: quarters charged before */
    char number[64];
} owing;

/* One owing from the statement's current row (lq_rows). */
static bool fill_owing(bmp_ledger *l, ledger_stmt *st, void *row, void *ctx)
{
    (void)ctx;
    owing *o = row;
    o->id = lq_col_int(l, st, 0);
    o->club = lq_col_int(l, st, 1);
    core_strlcpy(o->number, lq_col_text(l, st, 2), sizeof o->number);
    o->charged = lq_col_int(l, st, 3);
    return true;
}

/* The body's invoices a penalty may fall on: not a credit note, not a
 * penalty's (no penalty on a penalty, ruling AN-1), issued by `date`. */
static bmp_status penalisable(bmp_ledger *l, const ledger_body *b, const char *date, owing **out,
                              size_t *n, bmp_error *err)
{
    return lq_rows(l, out, n, sizeof **out, fill_owing, NULL, err,
                   "SELECT i.id, i.club_id, i.number, COALESCE((SELECT max(q.quarter) "
                   "FROM overdue_quarter q WHERE q.invoice_id = i.id), 0) FROM invoice i "
                   "JOIN charge_run r ON r.id = i.run_id WHERE i.body_id = ?1 AND "
                   "i.credits IS NULL AND r.kind <> 'overdue' AND "
                   "substr(i.issued, 1, 10) <= ?2 ORDER BY i.number", "is", b->id, date);
}

/* Quarters overdue on `date`: each started 90 days beyond the grace (the
 * same count as bmp_abf_overdue_penalty). */
static int64_t quarters_overdue(long age, int grace)
{
    return age <= grace ? 0 : (age - grace + 89) / 90;
}

/* A penalty line to charge: quarter k of an invoice. */
typedef struct pline {
    int64_t invoice, club, k, cents;
    char what[160];
} pline;

typedef struct plines {
    pline *v;
    size_t n, cap;
} plines;

static bmp_status plines_add(plines *p, const owing *o, int64_t k, int64_t cents,
                             const bmp_ledger_balance *bal, bmp_error *err)
{
    pline *v = core_grow(p->v, &p->cap, p->n, sizeof *v);
    if (!v)
        return bmp_error_oom(err);
    p->v = v;
    pline *x = &p->v[p->n++];
    char owed[32];
    invoice_money(bal->balance, owed, sizeof owed);
    *x = (pline){o->id, o->club, k, cents, ""};
    char full[320]; /* whole, then cut to `what` as before */
    snprintf(full, sizeof full, "overdue penalty quarter %lld: invoice %s of %s owing %s "
             "(%ld days)", (long long)k, o->number, bal->issued, owed, bal->age);
    core_strlcpy(x->what, full, sizeof x->what);
    return BMP_OK;
}

/* One line per quarter k not charged yet: P(k) - P(k-1), P(j) = j x 10 %
 * of the balance half up, so that the quarters add up to
 * bmp_abf_overdue_penalty on the balance. */
static bmp_status penalise(bmp_ledger *l, const char *date, const owing *o, plines *out,
                           bmp_error *err)
{
    const bmp_abf_fees *f = NULL;
    bmp_ledger_balance bal;
    bmp_status rc = payment_balance(l, o->id, date, &bal, err);
    if (!rc && bal.balance > 0)
        rc = bmp_abf_fees_on(date, &f, err);
    if (rc || bal.balance <= 0)
        return rc;
    int64_t q = quarters_overdue(bal.age, f->overdue_grace_days);
    int64_t pct = f->overdue_pct_per_quarter;
    for (int64_t k = o->charged + 1; k <= q && !rc; k++)
        rc = plines_add(out, o, k,
                        bmp_mul_ratio(bal.balance, pct * k, 100, BMP_ROUND_HALF_UP, 1) -
                            bmp_mul_ratio(bal.balance, pct * (k - 1), 100, BMP_ROUND_HALF_UP, 1),
                        &bal, err);
    return rc;
}

static bmp_status charge_penalties(bmp_ledger *l, int64_t run, const plines *p,
                                   bmp_ledger_run *out, bmp_error *err)
{
    bmp_status rc = BMP_OK;
    for (size_t i = 0; i < p->n && !rc; i++) {
        const pline *x = &p->v[i];
        int64_t charge = 0;
        bool found = false;
        rc = lq_int(l, &charge, &found, err,
                    "INSERT INTO charge (run_id, club_id, rule, what, cents) VALUES (?1, ?2, "
                    "'ABF-114', ?3, ?4) RETURNING id", "iisi", run, x->club, x->what, x->cents);
        if (!rc)
            rc = lq_run(l, err, "INSERT INTO overdue_quarter (invoice_id, quarter, charge_id) "
                        "VALUES (?1, ?2, ?3)", "iii", x->invoice, x->k, charge);
        out->lines++;
        out->total += x->cents;
    }
    return rc;
}

/* The run, made only when some quarter is due (no run, no id, otherwise). */
static bmp_status make_overdue_run(bmp_ledger *l, const ledger_body *b, const char *date,
                                   bmp_ledger_run *out, bmp_error *err)
{
    owing *v = NULL;
    size_t n = 0;
    plines p = {0};
    bmp_status rc = penalisable(l, b, date, &v, &n, err);
    for (size_t i = 0; i < n && !rc; i++)
        rc = penalise(l, date, &v[i], &p, err);
    free(v);
    if (!rc && p.n)
        rc = charge_run_open(l, b, "overdue", date, "ABF-114", &out->id, err);
    if (!rc && p.n)
        rc = charge_penalties(l, out->id, &p, out, err);
    free(p.v);
    if (!rc && out->id)
        rc = charge_run_close(l, b, "overdue penalties at", date, "ABF-114", out, err);
    return rc;
}

bmp_status bmp_ledger_overdue_run(bmp_ledger *l, const char *body, const char *date,
                                  const char *dir, bmp_invoice_format fmt, bmp_ledger_run *out,
                                  bmp_error *err)
{
    ledger_body b;
    core_date d;
    memset(out, 0, sizeof *out);
    bmp_status rc = abf_body(l, body, &b, "overdue penalties (ABF-114)", err);
    if (!rc)
        rc = core_date_get(date, "overdue run date", &d, err);
    if (!rc)
        rc = lq_begin(l, err);
    if (rc)
        return rc;
    rc = charge_earlier(l, &b, "overdue", date, out, err);
    if (!rc && !out->already)
        rc = make_overdue_run(l, &b, date, out, err);
    if (!rc && !out->id) { /* nothing overdue: no run */
        lq_rollback(l);
        return BMP_OK;
    }
    rc = ledger_tx_end(l, rc, err);
    bmp_ledger_invoices iv;
    if (!rc) /* a re-run invoices what an interrupted one did not */
        rc = bmp_ledger_invoice_run(l, body, out->id, dir, fmt, &iv, err);
    return rc;
}

/* ---- ABF-116 ------------------------------------------------------------- */

typedef struct gated {
    int64_t club;
    bmp_points points;
    char state[16], grade[8], date[11], club_number[32];
} gated;

static bmp_status gated_batch(bmp_ledger *l, const ledger_body *b, int64_t batch, gated *g,
                              bmp_error *err)
{
    ledger_stmt *st = NULL;
    bool row = false;
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT b.state, COALESCE(b.club_id, 0), COALESCE(c.number, ''), "
                             "COALESCE(g.grade, ''), COALESCE(b.event_date, ''), "
                             "substr(b.created_at, 1, 10), (SELECT COALESCE(sum(t.points), 0) "
                             "FROM batch_total t WHERE t.batch_id = b.id) FROM batch b "
                             "LEFT JOIN club c ON c.id = b.club_id LEFT JOIN batch_grade g ON "
                             "g.batch_id = b.id WHERE b.id = ?1 AND b.body_id = ?2",
                             "ii", batch, b->id);
    if (!rc)
        rc = lq_step(l, st, &row, err);
    if (!rc && !row)
        rc = bmp_error_set(err, BMP_ENOTFOUND, "no %s batch %lld", b->code, (long long)batch);
    if (!rc) {
        core_strlcpy(g->state, lq_col_text(l, st, 0), sizeof g->state);
        g->club = lq_col_int(l, st, 1);
        core_strlcpy(g->club_number, lq_col_text(l, st, 2), sizeof g->club_number);
        core_strlcpy(g->grade, lq_col_text(l, st, 3), sizeof g->grade);
        const char *ev = lq_col_text(l, st, 4);
        core_strlcpy(g->date, *ev ? ev : lq_col_text(l, st, 5), sizeof g->date);
        g->points = lq_col_int(l, st, 6);
    }
    lq_finalize(l, st);
    return rc;
}

static bmp_status levy_ready(const gated *g, int64_t batch, bmp_error *err)
{
    if (strcmp(g->state, "provisional") != 0)
        return bmp_error_set(err, BMP_EINVAL, "batch %lld is %s: a congress or tour levy is "
                             "charged before its credits are approved (ABF-116)",
                             (long long)batch, g->state);
    if (!g->club)
        return bmp_error_set(err, BMP_EINVAL, "batch %lld names no club: the levy is invoiced to "
                             "the congress's or tour's club (ABF-116)", (long long)batch);
    if (!g->grade[0])
        return bmp_error_set(err, BMP_EINVAL, "batch %lld has no grade: record it with `ledger "
                             "grade %lld GRADE` first (ABF-110)", (long long)batch,
                             (long long)batch);
    return BMP_OK;
}

static bmp_status make_event_levy(bmp_ledger *l, const ledger_body *b, int64_t batch, bool tour,
                                  const char *period, const gated *g, bmp_ledger_run *out,
                                  bmp_error *err)
{
    char at[40], pts[32], what[160];
    bool found = false;
    int64_t levy = 0;
    ledger_now(l, at);
    bmp_status rc = bmp_abf_levy(g->date, g->grade, g->points, &levy, err);
    bmp_points_format(g->points, pts, sizeof pts);
    snprintf(what, sizeof what, "%s levy batch %lld grade %s %s points",
             tour ? "bridge tour" : "congress", (long long)batch, g->grade, pts);
    if (!rc)
        rc = lq_int(l, &out->id, &found, err,
                    "INSERT INTO charge_run (body_id, kind, period, rule, who, created_at, lines, "
                    "total) VALUES (?1, 'event-levy', ?2, 'ABF-116', ?3, ?4, 1, ?5) RETURNING id",
                    "isssi", b->id, period, l->who, at, levy);
    if (!rc)
        rc = lq_run(l, err, "INSERT INTO charge (run_id, club_id, batch_id, rule, what, cents) "
                    "VALUES (?1, ?2, ?3, 'ABF-110', ?4, ?5)", "iiisi", out->id, g->club, batch,
                    what, levy);
    if (!rc)
        rc = lq_run(l, err, "INSERT INTO levy_gate (batch_id, kind, run_id) VALUES (?1, ?2, ?3)",
                    "isi", batch, tour ? "tour" : "congress", out->id);
    out->lines = 1;
    out->total = levy;
    if (!rc)
        rc = ledger_touch_run(l, out->id, err);
    if (!rc) {
        char *d = core_asprintf("charge run %lld: %s %s levy of batch %lld, %lld cents; credits "
                                "held until paid (ABF-116)", (long long)out->id, b->code,
                                tour ? "bridge tour" : "congress", (long long)batch,
                                (long long)levy);
        rc = d ? charge_audit(l, d, err) : bmp_error_oom(err);
        free(d);
    }
    return rc;
}

/* The batch's levy unless made before, in bmp_ledger_event_levy's
 * transaction. */
typedef struct event_levy_tx {
    const ledger_body *b;
    int64_t batch;
    bool tour;
    const char *period;
    bmp_ledger_run *out;
} event_levy_tx;

static bmp_status event_levy_step(bmp_ledger *l, void *ctx, bmp_error *err)
{
    const event_levy_tx *t = ctx;
    gated g;
    bmp_status rc = charge_earlier(l, t->b, "event-levy", t->period, t->out, err);
    if (!rc && !t->out->already)
        rc = gated_batch(l, t->b, t->batch, &g, err);
    if (!rc && !t->out->already)
        rc = levy_ready(&g, t->batch, err);
    if (!rc && !t->out->already)
        rc = make_event_levy(l, t->b, t->batch, t->tour, t->period, &g, t->out, err);
    return rc;
}

bmp_status bmp_ledger_event_levy(bmp_ledger *l, const char *body, int64_t batch, bool tour,
                                 const char *dir, bmp_invoice_format fmt, bmp_ledger_run *out,
                                 bmp_error *err)
{
    ledger_body b;
    char period[32];
    memset(out, 0, sizeof *out);
    snprintf(period, sizeof period, "batch %lld", (long long)batch);
    bmp_status rc = abf_body(l, body, &b, "congress and tour levies (ABF-116)", err);
    if (rc)
        return rc;
    event_levy_tx t = {&b, batch, tour, period, out};
    rc = ledger_tx(l, event_levy_step, &t, err);
    bmp_ledger_invoices iv;
    if (!rc)
        rc = bmp_ledger_invoice_run(l, body, out->id, dir, fmt, &iv, err);
    return rc;
}

/* The first invoice owing among `sql`'s (id, number) rows. */
static bmp_status first_owing(bmp_ledger *l, const char *sql, int64_t key, char number[64],
                              int64_t *balance, bmp_error *err)
{
    ledger_stmt *st = NULL;
    bool row = false;
    *balance = 0;
    bmp_status rc = lq_query(l, &st, err, sql, "i", key);
    while (!rc && !*balance && !(rc = lq_step(l, st, &row, err)) && row) {
        bmp_ledger_balance bal;
        rc = payment_balance(l, lq_col_int(l, st, 0), "9999-12-31", &bal, err);
        *balance = rc ? 0 : bal.balance;
        core_strlcpy(number, lq_col_text(l, st, 1), 64);
    }
    lq_finalize(l, st);
    return rc;
}

bmp_status ledger_levy_gate(bmp_ledger *l, int64_t batch, bmp_error *err)
{
    ledger_stmt *st = NULL;
    bool row = false, tour = false;
    int64_t run = 0, club = 0, balance = 0;
    char number[64] = "", owed[32];
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT g.kind, g.run_id, COALESCE(b.club_id, 0) FROM levy_gate g "
                             "JOIN batch b ON b.id = g.batch_id WHERE g.batch_id = ?1", "i", batch);
    if (!rc)
        rc = lq_step(l, st, &row, err);
    if (!rc && row) {
        tour = strcmp(lq_col_text(l, st, 0), "tour") == 0;
        run = lq_col_int(l, st, 1);
        club = lq_col_int(l, st, 2);
    }
    lq_finalize(l, st);
    if (rc || !row)
        return rc;
    if (tour) /* 5.1.2: until all outstanding levies are paid */
        rc = first_owing(l, "SELECT id, number FROM invoice WHERE club_id = ?1 AND "
                         "credits IS NULL ORDER BY number", club, number, &balance, err);
    else /* 5.1.1: the congress's levy */
        rc = first_owing(l, "SELECT id, number FROM invoice WHERE run_id = ?1 AND "
                         "credits IS NULL ORDER BY number", run, number, &balance, err);
    invoice_money(balance, owed, sizeof owed);
    if (!rc && balance > 0)
        rc = bmp_error_set(err, BMP_EINVAL,
                           tour ? "batch %lld (bridge tour): invoice %s is unpaid (balance %s): "
                                  "red credits are held until all levies are paid (ABF-116, "
                                  "5.1.2)"
                                : "batch %lld (congress): its levy invoice %s is unpaid (balance "
                                  "%s): the credits are not forwarded until it is paid (ABF-116, "
                                  "5.1.1)",
                           (long long)batch, number, owed);
    return rc;
}
