/* Invoices of charge runs (include/bridgemp/ledger_invoice.h, issue 13):
 * one invoice per club of a run, credit notes, the list.  The documents
 * are written by invoice_doc.c. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_invoice.h"
#include "ledger/invoice/invoice_doc.h"
#include "core/util.h"
#include "ledger/chain/chain.h"
#include "ledger/invoice/invoice_files.h"
#include "ledger/invoice/invoice_settings.h"
#include "ledger/ledger_internal.h"
#include "ledger/shared/text_door.h"
#include "ledger/store/query.h"

bool bmp_invoice_format_parse(const char *s, bmp_invoice_format *out)
{
    static const char *const names[] = {"html", "csv", "json"};
    for (int i = 0; s && i < 3; i++)
        if (strcmp(s, names[i]) == 0) {
            *out = (bmp_invoice_format)i;
            return true;
        }
    return false;
}

/* A club with lines in the run. */
typedef struct inv_club {
    int64_t club;
    char number[32];
    int64_t lines, total;
} inv_club;

/* One inv_club from the statement's current row (lq_rows). */
static bool fill_inv_club(bmp_ledger *l, ledger_stmt *st, void *row, void *ctx)
{
    (void)ctx;
    inv_club *c = row;
    c->club = lq_col_int(l, st, 0);
    core_strlcpy(c->number, lq_col_text(l, st, 1), sizeof c->number);
    c->lines = lq_col_int(l, st, 2);
    c->total = lq_col_int(l, st, 3);
    return true;
}

static bmp_status run_clubs(bmp_ledger *l, int64_t run, inv_club **out, size_t *n,
                            bmp_error *err)
{
    return lq_rows(l, out, n, sizeof **out, fill_inv_club, NULL, err,
                   "SELECT g.club_id, c.number, count(*), sum(g.cents) FROM charge g "
                   "JOIN club c ON c.id = g.club_id WHERE g.run_id = ?1 "
                   "GROUP BY g.club_id, c.number ORDER BY c.number",
                   "i", run);
}

/* "<BODY>-<run>-<club>": the invoice's number, unique per body. */
static void invoice_number(const ledger_body *b, int64_t run, const char *club, char *out,
                           size_t size)
{
    char code[8];
    size_t i = 0;
    for (; b->code[i] && i < sizeof code - 1; i++)
        code[i] = (char)toupper((unsigned char)b->code[i]);
    code[i] = '\0';
    snprintf(out, size, "%s-%lld-%s", code, (long long)run, club);
}

/* The terms of an invoice of `amount` cents issued at `at` (migration 019):
 * none without settings (net = total, as before them). */
typedef struct inv_terms {
    char due[16];
    int64_t net, tax, gross;
} inv_terms;

static bmp_status terms_of(const bmp_invoice_settings *s, const char *at, int64_t amount,
                           inv_terms *t, bmp_error *err)
{
    memset(t, 0, sizeof *t);
    t->net = t->gross = amount;
    if (!s->set)
        return BMP_OK;
    ledger_invoice_due(at, s->due_days, t->due);
    return bmp_invoice_tax(amount, s->tax_rate, s->tax_included, &t->net, &t->tax, &t->gross,
                           err);
}

/* One club's invoice, unless the run's club has one (*made false); its
 * number from the body's series when it has one (inside the caller's
 * transaction: no gap), else BODY-RUN-CLUB. */
static bmp_status invoice_club(bmp_ledger *l, const ledger_body *b, bmp_invoice_settings *s,
                               int64_t run, const inv_club *c, bool *made, bmp_error *err)
{
    int64_t id = 0;
    bool found = false;
    *made = false;
    bmp_status rc = lq_int(l, &id, &found, err,
                           "SELECT id FROM invoice WHERE run_id = ?1 AND club_id = ?2 AND "
                           "credits IS NULL",
                           "ii", run, c->club);
    if (rc || found)
        return rc;
    char number[96], at[40];
    inv_terms t;
    ledger_now(l, at);
    if (s->next_number > 0)
        rc = ledger_invoice_take_number(l, b->id, s, number, sizeof number, err);
    else
        invoice_number(b, run, c->number, number, sizeof number);
    if (!rc)
        rc = terms_of(s, at, c->total, &t, err);
    if (!rc)
        rc = lq_run(l, err,
                    "INSERT INTO invoice (body_id, number, run_id, club_id, issued, who, lines, "
                    "total, with_terms, due, net, tax, tax_name, tax_rate, tax_included, "
                    "issuer_address, issuer_tax_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, "
                    "?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)",
                    "isiissiiisiisiiss", b->id, number, run, c->club, at, l->who, c->lines,
                    t.gross, (int64_t)s->set, t.due, t.net, t.tax, s->tax_name,
                    (int64_t)s->tax_rate, (int64_t)s->tax_included, s->address, s->tax_id);
    if (!rc)
        rc = ledger_touch_where(l, "invoice", "body_id = ?1 AND number = ?2", err, "is", b->id,
                                number);
    *made = !rc;
    return rc;
}

/* The number and total of the run's invoice to club `club`. */
static bmp_status run_invoice(bmp_ledger *l, int64_t run, int64_t club, char *number,
                              size_t size, int64_t *total, bmp_error *err)
{
    ledger_stmt *st = NULL;
    bool row = false;
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT number, total FROM invoice WHERE run_id = ?1 AND "
                             "club_id = ?2 AND credits IS NULL",
                             "ii", run, club);
    if (!rc)
        rc = lq_step(l, st, &row, err);
    if (!rc && !row)
        rc = bmp_error_set(err, BMP_ENOTFOUND, "no invoice of run %lld", (long long)run);
    if (!rc) {
        core_strlcpy(number, lq_col_text(l, st, 0), size);
        *total = lq_col_int(l, st, 1);
    }
    if (st)
        lq_finalize(l, st);
    return rc;
}

/* Every club's document staged (with dir) and the run's total summed. */
static bmp_status run_docs(bmp_ledger *l, const ledger_body *b, int64_t run, const inv_club *c,
                           size_t n, const char *dir, bmp_invoice_format fmt, ledger_staged *sg,
                           int64_t *total, bmp_error *err)
{
    bmp_status rc = BMP_OK;
    for (size_t i = 0; i < n && !rc; i++) {
        char number[96];
        int64_t t = 0;
        rc = run_invoice(l, run, c[i].club, number, sizeof number, &t, err);
        if (!rc && __builtin_add_overflow(*total, t, total))
            rc = bmp_error_set(err, BMP_ERANGE, "charge run %lld: total overflows",
                               (long long)run);
        if (!rc && dir)
            rc = ledger_stage_invoice(l, b, number, dir, fmt, sg, err);
    }
    return rc;
}

/* The clubs' invoices of a run, inside a transaction. */
static bmp_status invoice_clubs(bmp_ledger *l, const ledger_body *b, int64_t run,
                                const inv_club *c, size_t n, bmp_ledger_invoices *out,
                                bmp_error *err)
{
    bmp_invoice_settings s;
    bmp_status rc = ledger_invoice_settings_load(l, b->id, &s, err);
    for (size_t i = 0; i < n && !rc; i++) {
        bool made = false;
        rc = invoice_club(l, b, &s, run, &c[i], &made, err);
        out->made += made;
        out->already += !made;
    }
    if (!rc && out->made) {
        char *d = core_asprintf("%s charge run %lld invoiced: %zu invoice(s)", b->code,
                                (long long)run, out->made);
        rc = d ? ledger_audit(l, "invoice", d, err) : bmp_error_oom(err);
        free(d);
    }
    return rc;
}

bmp_status bmp_ledger_invoice_run(bmp_ledger *l, const char *body, int64_t run, const char *dir,
                                  bmp_invoice_format fmt, bmp_ledger_invoices *out,
                                  bmp_error *err)
{
    memset(out, 0, sizeof *out);
    ledger_body b;
    int64_t one = 0;
    bool found = false;
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (!rc)
        rc = lq_int(l, &one, &found, err,
                    "SELECT id FROM charge_run WHERE id = ?1 AND body_id = ?2", "ii", run, b.id);
    if (!rc && !found)
        return bmp_error_set(err, BMP_ENOTFOUND, "no %s charge run %lld", b.code, (long long)run);
    /* the folder first: made, or refused before anything is invoiced */
    if (!rc && dir)
        rc = ledger_dir_make(dir, err);
    inv_club *c = NULL;
    size_t n = 0;
    ledger_staged sg = {0};
    if (!rc)
        rc = lq_begin(l, err);
    if (rc)
        return rc;
    rc = run_clubs(l, run, &c, &n, err);
    if (!rc)
        rc = invoice_clubs(l, &b, run, c, n, out, err);
    /* the documents written before the commit, renamed into place after */
    if (!rc)
        rc = run_docs(l, &b, run, c, n, dir, fmt, &sg, &out->total, err);
    rc = ledger_tx_end(l, rc, err);
    if (!rc)
        rc = ledger_stage_commit(&sg, err);
    else
        ledger_stage_discard(&sg);
    if (rc)
        out->made = out->already = 0;
    free(c);
    return rc;
}

/* One listed invoice's cells; with terms (the body has invoice settings),
 * its due date, net and tax after the others. */
static bmp_status list_row(bmp_ledger *l, ledger_stmt *st, bool terms, bmp_table *out)
{
    char m[3][32];
    for (int k = 0; k < 3; k++)
        invoice_money(lq_col_int(l, st, k == 0 ? 5 : 8 + k), m[k], sizeof m[k]);
    bmp_status rc = bmp_table_cell(out, "%s", lq_col_text(l, st, 0));
    for (int k = 1; k <= 4 && !rc; k++)
        rc = bmp_table_cell(out, "%s", lq_col_text(l, st, k));
    if (!rc)
        rc = bmp_table_cell(out, "%s", m[0]);
    for (int k = 6; k <= 7 && !rc; k++)
        rc = bmp_table_cell(out, "%s", lq_col_text(l, st, k));
    if (terms && !rc)
        rc = bmp_table_cell(out, "%s", lq_col_text(l, st, 8));
    for (int k = 1; terms && k < 3 && !rc; k++)
        rc = bmp_table_cell(out, "%s", m[k]);
    return rc;
}

bmp_status bmp_ledger_invoice_list(bmp_ledger *l, const char *body, bmp_table *out, bmp_error *err)
{
    static const char *const cols[] = {"number", "run",     "club",   "issued", "lines", "total",
                                       "credits", "reason", "due",    "net",    "tax",   NULL};
    const char *shown[12];
    ledger_body b;
    bmp_invoice_settings s = {0};
    bmp_status rc = ledger_body_get(l, body, &b, err);
    ledger_stmt *st = NULL;
    if (!rc)
        rc = ledger_invoice_settings_load(l, b.id, &s, err);
    /* without settings, the columns it always had */
    memcpy(shown, cols, sizeof cols);
    if (!s.set)
        shown[8] = NULL;
    if (!rc)
        rc = bmp_table_title(out, "invoices");
    if (!rc)
        rc = bmp_table_columns(out, shown);
    if (!rc)
        rc = lq_query(l, &st, err,
                      "SELECT i.number, i.run_id, c.number, i.issued, i.lines, i.total, "
                      "COALESCE((SELECT o.number FROM invoice o WHERE o.id = i.credits), ''), "
                      "i.reason, i.due, CASE WHEN i.with_terms = 1 THEN i.net ELSE i.total END, "
                      "i.tax FROM invoice i JOIN club c ON c.id = i.club_id "
                      "WHERE i.body_id = ?1 ORDER BY i.number",
                      "i", b.id);
    bool row = false;
    while (!rc && !(rc = lq_step(l, st, &row, err)) && row)
        rc = list_row(l, st, s.set, out);
    if (st)
        lq_finalize(l, st);
    return rc;
}

/* The invoice to credit: its row, refused if it is a credit note or is
 * credited already. */
static bmp_status creditable(bmp_ledger *l, const ledger_body *b, const char *number,
                             int64_t *id, int64_t v[4], bmp_error *err)
{
    ledger_stmt *st = NULL;
    bool row = false;
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT i.id, i.run_id, i.club_id, i.lines, i.total, "
                             "i.credits IS NOT NULL, (SELECT count(*) FROM invoice o "
                             "WHERE o.credits = i.id) FROM invoice i "
                             "WHERE i.body_id = ?1 AND i.number = ?2",
                             "is", b->id, number);
    if (!rc)
        rc = lq_step(l, st, &row, err);
    if (!rc && !row)
        rc = bmp_error_set(err, BMP_ENOTFOUND, "no %s invoice %s", b->code, number);
    else if (!rc && lq_col_int(l, st, 5))
        rc = bmp_error_set(err, BMP_EINVAL, "%s is a credit note: it cannot be credited",
                           number);
    else if (!rc && lq_col_int(l, st, 6))
        rc = bmp_error_set(err, BMP_EINVAL, "invoice %s is credited already (%s-CR)", number,
                           number);
    if (!rc) {
        *id = lq_col_int(l, st, 0);
        for (int k = 0; k < 4; k++)
            v[k] = lq_col_int(l, st, k + 1);
    }
    if (st)
        lq_finalize(l, st);
    return rc;
}

bmp_status bmp_ledger_invoice_credit(bmp_ledger *l, const char *body, const char *number,
                                     const char *reason, const char *dir, bmp_invoice_format fmt,
                                     bmp_error *err)
{
    ledger_body b;
    if (!reason || !*reason)
        return bmp_error_set(err, BMP_EINVAL, "a credit note needs a reason");
    if (ledger_text_check("reason", reason, CORE_TEXT_REASON_MAX, false, err))
        return BMP_EINVAL;
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (!rc && dir) /* the folder first, as for a run */
        rc = ledger_dir_make(dir, err);
    if (!rc)
        rc = lq_begin(l, err);
    if (rc)
        return rc;
    int64_t id = 0, v[4] = {0}; /* run, club, lines, total */
    char note[112], at[40];
    ledger_staged sg = {0};
    snprintf(note, sizeof note, "%s-CR", number);
    ledger_now(l, at);
    rc = creditable(l, &b, number, &id, v, err);
    /* the invoice's terms negated (migration 019): no due date */
    if (!rc)
        rc = lq_run(l, err,
                    "INSERT INTO invoice (body_id, number, run_id, club_id, issued, who, lines, "
                    "total, credits, reason, with_terms, due, net, tax, tax_name, tax_rate, "
                    "tax_included, issuer_address, issuer_tax_id) SELECT body_id, ?2, run_id, "
                    "club_id, ?3, ?4, lines, -total, id, ?5, with_terms, '', -net, -tax, "
                    "tax_name, tax_rate, tax_included, issuer_address, issuer_tax_id "
                    "FROM invoice WHERE id = ?1",
                    "issss", id, note, at, l->who, reason);
    if (!rc)
        rc = ledger_touch_where(l, "invoice", "body_id = ?1 AND number = ?2", err, "is", b.id,
                                note);
    if (!rc) {
        char *d = core_asprintf("%s invoice %s credited by %s: %s", b.code, number, note, reason);
        rc = d ? ledger_audit(l, "invoice", d, err) : bmp_error_oom(err);
        free(d);
    }
    if (!rc && dir)
        rc = ledger_stage_invoice(l, &b, note, dir, fmt, &sg, err);
    rc = ledger_tx_end(l, rc, err);
    if (!rc)
        rc = ledger_stage_commit(&sg, err);
    else
        ledger_stage_discard(&sg);
    return rc;
}

bmp_status bmp_ledger_invoice_document(bmp_ledger *l, const char *body, const char *number,
                                       bmp_invoice_format fmt, char **out, size_t *len,
                                       bmp_error *err)
{
    ledger_body b;
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (!rc)
        rc = invoice_doc(l, &b, number, fmt, out, len, err);
    return rc;
}
