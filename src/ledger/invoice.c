/* Invoices of charge runs (include/bridgemp/ledger_invoice.h, issue 13):
 * one invoice per club of a run, credit notes, the list.  The documents
 * are written by invoice_doc.c. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_invoice.h"
#include "ledger/invoice_doc.h"
#include "core/util.h"
#include "ledger/chain.h"
#include "ledger/ledger_internal.h"

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
    c->club = l->ops->col_int(st, 0);
    core_strlcpy(c->number, l->ops->col_text(st, 1), sizeof c->number);
    c->lines = l->ops->col_int(st, 2);
    c->total = l->ops->col_int(st, 3);
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

/* One club's invoice, unless the run's club has one (*made false). */
static bmp_status invoice_club(bmp_ledger *l, const ledger_body *b, int64_t run,
                               const inv_club *c, bool *made, bmp_error *err)
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
    char number[64], at[40];
    invoice_number(b, run, c->number, number, sizeof number);
    ledger_now(l, at);
    rc = lq_run(l, err,
                "INSERT INTO invoice (body_id, number, run_id, club_id, issued, who, lines, total) "
                "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                "isiissii", b->id, number, run, c->club, at, l->who, c->lines, c->total);
    if (!rc)
        rc = ledger_touch_where(l, "invoice", "body_id = ?1 AND number = ?2", err, "is", b->id,
                                number);
    *made = !rc;
    return rc;
}

static bmp_status write_docs(bmp_ledger *l, const ledger_body *b, int64_t run, const inv_club *c,
                             size_t n, const char *dir, bmp_invoice_format fmt, bmp_error *err)
{
    bmp_status rc = BMP_OK;
    for (size_t i = 0; i < n && !rc; i++) {
        char number[64];
        invoice_number(b, run, c[i].number, number, sizeof number);
        rc = invoice_doc_write(l, b, number, dir, fmt, err);
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
    inv_club *c = NULL;
    size_t n = 0;
    if (!rc)
        rc = l->ops->begin(l->s, err);
    if (rc)
        return rc;
    rc = run_clubs(l, run, &c, &n, err);
    for (size_t i = 0; i < n && !rc; i++) {
        bool made = false;
        rc = invoice_club(l, &b, run, &c[i], &made, err);
        out->made += made;
        out->already += !made;
        out->total += c[i].total;
    }
    if (!rc && out->made) {
        char *d = core_asprintf("%s charge run %lld invoiced: %zu invoice(s)", b.code,
                                (long long)run, out->made);
        rc = d ? ledger_audit(l, "invoice", d, err) : bmp_error_oom(err);
        free(d);
    }
    if (!rc)
        rc = l->ops->commit(l->s, err);
    else
        l->ops->rollback(l->s);
    if (!rc && dir) /* after the commit: a failed write is made again by a re-run */
        rc = write_docs(l, &b, run, c, n, dir, fmt, err);
    free(c);
    return rc;
}

bmp_status bmp_ledger_invoice_list(bmp_ledger *l, const char *body, bmp_table *out, bmp_error *err)
{
    static const char *const cols[] = {"number", "run",   "club",    "issued", "lines",
                                       "total",  "credits", "reason", NULL};
    ledger_body b;
    bmp_status rc = ledger_body_get(l, body, &b, err);
    ledger_stmt *st = NULL;
    if (!rc)
        rc = bmp_table_title(out, "invoices");
    if (!rc)
        rc = bmp_table_columns(out, cols);
    if (!rc)
        rc = lq_query(l, &st, err,
                      "SELECT i.number, i.run_id, c.number, i.issued, i.lines, i.total, "
                      "COALESCE((SELECT o.number FROM invoice o WHERE o.id = i.credits), ''), "
                      "i.reason FROM invoice i JOIN club c ON c.id = i.club_id "
                      "WHERE i.body_id = ?1 ORDER BY i.number",
                      "i", b.id);
    bool row = false;
    while (!rc && !(rc = l->ops->step(st, &row, err)) && row) {
        char total[32];
        invoice_money(l->ops->col_int(st, 5), total, sizeof total);
        rc = bmp_table_cell(out, "%s", l->ops->col_text(st, 0));
        for (int k = 1; k <= 4 && !rc; k++)
            rc = bmp_table_cell(out, "%s", l->ops->col_text(st, k));
        if (!rc)
            rc = bmp_table_cell(out, "%s", total);
        for (int k = 6; k <= 7 && !rc; k++)
            rc = bmp_table_cell(out, "%s", l->ops->col_text(st, k));
    }
    if (st)
        l->ops->finalize(st);
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
        rc = l->ops->step(st, &row, err);
    if (!rc && !row)
        rc = bmp_error_set(err, BMP_ENOTFOUND, "no %s invoice %s", b->code, number);
    else if (!rc && l->ops->col_int(st, 5))
        rc = bmp_error_set(err, BMP_EINVAL, "%s is a credit note: it cannot be credited",
                           number);
    else if (!rc && l->ops->col_int(st, 6))
        rc = bmp_error_set(err, BMP_EINVAL, "invoice %s is credited already (%s-CR)", number,
                           number);
    if (!rc) {
        *id = l->ops->col_int(st, 0);
        for (int k = 0; k < 4; k++)
            v[k] = l->ops->col_int(st, k + 1);
    }
    if (st)
        l->ops->finalize(st);
    return rc;
}

bmp_status bmp_ledger_invoice_credit(bmp_ledger *l, const char *body, const char *number,
                                     const char *reason, const char *dir, bmp_invoice_format fmt,
                                     bmp_error *err)
{
    ledger_body b;
    if (!reason || !*reason)
        return bmp_error_set(err, BMP_EINVAL, "a credit note needs a reason");
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (!rc)
        rc = l->ops->begin(l->s, err);
    if (rc)
        return rc;
    int64_t id = 0, v[4] = {0}; /* run, club, lines, total */
    char note[80], at[40];
    snprintf(note, sizeof note, "%s-CR", number);
    ledger_now(l, at);
    rc = creditable(l, &b, number, &id, v, err);
    if (!rc)
        rc = lq_run(l, err,
                    "INSERT INTO invoice (body_id, number, run_id, club_id, issued, who, lines, "
                    "total, credits, reason) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
                    "isiissiiis", b.id, note, v[0], v[1], at, l->who, v[2], -v[3], id, reason);
    if (!rc)
        rc = ledger_touch_where(l, "invoice", "body_id = ?1 AND number = ?2", err, "is", b.id,
                                note);
    if (!rc) {
        char *d = core_asprintf("%s invoice %s credited by %s: %s", b.code, number, note, reason);
        rc = d ? ledger_audit(l, "invoice", d, err) : bmp_error_oom(err);
        free(d);
    }
    if (!rc)
        rc = l->ops->commit(l->s, err);
    else
        l->ops->rollback(l->s);
    if (!rc && dir)
        rc = invoice_doc_write(l, &b, note, dir, fmt, err);
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
