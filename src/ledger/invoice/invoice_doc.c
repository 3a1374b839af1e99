/* Invoice documents: the header (body, number, date, club, the run it
 * bills and, for a credit note, the invoice it reverses and why), one line
 * per charge of the club in the run (a credit note's negated), and the
 * total, all in integer cents.  CSV (RFC 4180 quoting), JSON (jansson) or
 * HTML (every value escaped); written to a temporary file and renamed. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/file.h"
#include "core/text_safe.h"
#include "ledger/invoice/invoice_doc.h"
#include "ledger/store/query.h"

void invoice_money(int64_t c, char *buf, size_t size)
{
    unsigned long long a = c < 0 ? 0ULL - (unsigned long long)c : (unsigned long long)c;
    snprintf(buf, size, "%s%llu.%02llu", c < 0 ? "-" : "", a / 100, a % 100);
}

/* What the document shows. */
typedef struct inv_head {
    char number[80], issued[40], club[32], club_name[256], body_name[128];
    char kind[32], period[32], rule[16], credits[80], reason[512];
    int64_t run, club_id, total, sign;
    /* the terms it was issued under (migration 019), with_terms */
    bool with_terms, tax_included;
    char due[16], tax_name[32], address[512], tax_id[64];
    int64_t net, tax, tax_rate;
} inv_head;

/* The terms' columns of invoice `number`. */
static bmp_status terms_of(bmp_ledger *l, const ledger_body *b, inv_head *h, bmp_error *err)
{
    ledger_stmt *st = NULL;
    bool row = false;
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT with_terms, due, net, tax, tax_name, tax_rate, tax_included, "
                             "issuer_address, issuer_tax_id FROM invoice WHERE body_id = ?1 AND "
                             "number = ?2",
                             "is", b->id, h->number);
    if (!rc)
        rc = lq_step(l, st, &row, err);
    if (!rc && row) {
        h->with_terms = lq_col_int(l, st, 0) != 0;
        core_strlcpy(h->due, lq_col_text(l, st, 1), sizeof h->due);
        h->net = lq_col_int(l, st, 2);
        h->tax = lq_col_int(l, st, 3);
        core_strlcpy(h->tax_name, lq_col_text(l, st, 4), sizeof h->tax_name);
        h->tax_rate = lq_col_int(l, st, 5);
        h->tax_included = lq_col_int(l, st, 6) != 0;
        core_strlcpy(h->address, lq_col_text(l, st, 7), sizeof h->address);
        core_strlcpy(h->tax_id, lq_col_text(l, st, 8), sizeof h->tax_id);
    }
    if (st)
        lq_finalize(l, st);
    return rc;
}

/* "GST 10%" / "GST 12.5%" (the rate in basis points). */
static void tax_label(const inv_head *h, char *buf, size_t size)
{
    int r = (int)(h->tax_rate % 100000);
    if (r % 100 == 0)
        snprintf(buf, size, "%.31s %d%%", h->tax_name[0] ? h->tax_name : "tax", r / 100);
    else
        snprintf(buf, size, "%.31s %d.%02d%%", h->tax_name[0] ? h->tax_name : "tax", r / 100,
                 r % 100);
}

static bmp_status head_of(bmp_ledger *l, const ledger_body *b, const char *number, inv_head *h,
                          bmp_error *err)
{
    ledger_stmt *st = NULL;
    bool row = false;
    bmp_status rc = lq_query(
        l, &st, err,
        "SELECT i.number, i.issued, c.number, c.name, y.name, r.kind, r.period, r.rule, "
        "COALESCE((SELECT o.number FROM invoice o WHERE o.id = i.credits), ''), i.reason, "
        "i.run_id, i.club_id, i.total FROM invoice i JOIN club c ON c.id = i.club_id "
        "JOIN charge_run r ON r.id = i.run_id JOIN body y ON y.id = i.body_id "
        "WHERE i.body_id = ?1 AND i.number = ?2",
        "is", b->id, number);
    if (!rc)
        rc = lq_step(l, st, &row, err);
    if (!rc && !row)
        rc = bmp_error_set(err, BMP_ENOTFOUND, "no %s invoice %s", b->code, number);
    if (!rc) {
        char *f[] = {h->number, h->issued, h->club, h->club_name, h->body_name,
                     h->kind,   h->period, h->rule, h->credits,   h->reason};
        size_t sz[] = {sizeof h->number, sizeof h->issued, sizeof h->club,  sizeof h->club_name,
                       sizeof h->body_name, sizeof h->kind, sizeof h->period, sizeof h->rule,
                       sizeof h->credits, sizeof h->reason};
        for (int k = 0; k < 10; k++)
            core_strlcpy(f[k], lq_col_text(l, st, k), sz[k]);
        h->run = lq_col_int(l, st, 10);
        h->club_id = lq_col_int(l, st, 11);
        h->total = lq_col_int(l, st, 12);
        h->sign = h->credits[0] ? -1 : 1;
    }
    if (st)
        lq_finalize(l, st);
    if (!rc)
        rc = terms_of(l, b, h, err);
    return rc;
}

/* The club's charge lines of the run: player, name, batch, rule, charge, cents. */
static bmp_status lines_of(bmp_ledger *l, const inv_head *h, ledger_stmt **st, bmp_error *err)
{
    return lq_query(l, st, err,
                    "SELECT COALESCE(p.number, ''), COALESCE(p.name, ''), "
                    "COALESCE(CAST(g.batch_id AS TEXT), ''), g.rule, g.what, g.cents "
                    "FROM charge g LEFT JOIN player p ON p.id = g.player_id "
                    "WHERE g.run_id = ?1 AND g.club_id = ?2 ORDER BY g.id",
                    "ii", h->run, h->club_id);
}

/* ---- CSV ------------------------------------------------------------------ */

static bmp_status write_csv(bmp_ledger *l, const inv_head *h, FILE *f, bmp_error *err)
{
    ledger_stmt *st = NULL;
    bmp_status rc = lines_of(l, h, &st, err);
    bool row = false;
    fputs("invoice,club,player,name,batch,rule,charge,cents\n", f);
    while (!rc && !(rc = lq_step(l, st, &row, err)) && row) {
        core_csv_put(f, h->number, true, ',');
        core_csv_put(f, h->club, true, ',');
        for (int k = 0; k < 5; k++)
            core_csv_put(f, lq_col_text(l, st, k), true, ',');
        fprintf(f, "%lld\n", (long long)(h->sign * lq_col_int(l, st, 5)));
    }
    if (!rc && h->with_terms) { /* the terms before the total (the gross) */
        char tax[96];
        tax_label(h, tax, sizeof tax);
        const char *what[] = {"net", tax};
        int64_t cents[] = {h->net, h->tax};
        for (int k = 0; k < 2; k++) {
            core_csv_put(f, h->number, true, ',');
            core_csv_put(f, h->club, true, ',');
            fputs(",,,,", f);
            core_csv_put(f, what[k], true, ',');
            fprintf(f, "%lld\n", (long long)cents[k]);
        }
    }
    if (!rc) {
        core_csv_put(f, h->number, true, ',');
        core_csv_put(f, h->club, true, ',');
        fprintf(f, ",,,,total,%lld\n", (long long)h->total);
    }
    if (!rc && h->with_terms && h->due[0]) {
        core_csv_put(f, h->number, true, ',');
        core_csv_put(f, h->club, true, ',');
        fprintf(f, ",,,,due %s,\n", h->due);
    }
    if (st)
        lq_finalize(l, st);
    return rc;
}

/* ---- JSON ----------------------------------------------------------------- */

/* The terms (migration 019): due, net, tax and the issuer; the total is the
 * gross. */
static int terms_json(const inv_head *h, json_t *doc)
{
    json_t *tax = json_pack("{s:s,s:I,s:b,s:I}", "name", h->tax_name, "rate_bp",
                            (json_int_t)h->tax_rate, "included", h->tax_included, "cents",
                            (json_int_t)h->tax);
    json_t *issuer = json_pack("{s:s,s:s}", "address", h->address, "tax_id", h->tax_id);
    int bad = !tax || !issuer;
    bad = bad || json_object_set_new(doc, "due", json_string(h->due)) != 0;
    bad = bad || json_object_set_new(doc, "net_cents", json_integer(h->net)) != 0;
    bad = bad || json_object_set(doc, "tax", tax) != 0;
    bad = bad || json_object_set_new(doc, "gross_cents", json_integer(h->total)) != 0;
    bad = bad || json_object_set(doc, "issuer", issuer) != 0;
    json_decref(tax);
    json_decref(issuer);
    return bad ? -1 : 0;
}

static bmp_status write_json(bmp_ledger *l, const inv_head *h, FILE *f, bmp_error *err)
{
    ledger_stmt *st = NULL;
    bmp_status rc = lines_of(l, h, &st, err);
    json_t *lines = json_array();
    bool row = false;
    while (!rc && lines && !(rc = lq_step(l, st, &row, err)) && row)
        json_array_append_new(
            lines, json_pack("{s:s,s:s,s:s,s:s,s:s,s:I}", "player", lq_col_text(l, st, 0),
                             "name", lq_col_text(l, st, 1), "batch", lq_col_text(l, st, 2),
                             "rule", lq_col_text(l, st, 3), "charge", lq_col_text(l, st, 4),
                             "cents", (json_int_t)(h->sign * lq_col_int(l, st, 5))));
    if (st)
        lq_finalize(l, st);
    json_t *doc = rc || !lines ? NULL
                               : json_pack("{s:s,s:s,s:s,s:{s:s,s:s},s:{s:I,s:s,s:s,s:s},s:o,"
                                           "s:I,s:s,s:s}",
                                           "number", h->number, "body", h->body_name, "issued",
                                           h->issued, "club", "number", h->club, "name",
                                           h->club_name, "run", "id", (json_int_t)h->run, "kind",
                                           h->kind, "period", h->period, "rule", h->rule, "lines",
                                           json_incref(lines), "total_cents",
                                           (json_int_t)h->total, "credits", h->credits, "reason",
                                           h->reason);
    json_decref(lines);
    if (doc && h->with_terms && terms_json(h, doc) != 0) {
        json_decref(doc);
        doc = NULL;
    }
    if (!rc && (!doc || json_dumpf(doc, f, JSON_INDENT(2) | JSON_PRESERVE_ORDER) != 0))
        rc = bmp_error_set(err, BMP_ENOMEM, "invoice %s: cannot write JSON (out of memory or "
                                            "not UTF-8)", h->number);
    if (!rc)
        fputc('\n', f);
    json_decref(doc);
    return rc;
}

/* ---- HTML ----------------------------------------------------------------- */

/* "Tax invoice " where a tax is charged (the words the ATO asks for),
 * "Credit note ", else "Invoice ". */
static const char *doc_kind(const inv_head *h)
{
    if (h->credits[0])
        return "Credit note ";
    return h->with_terms && h->tax_rate > 0 ? "Tax invoice " : "Invoice ";
}

/* Net and tax rows above the total (migration 019's terms). */
static void html_terms(const inv_head *h, FILE *f)
{
    char net[32], tax[32], label[96];
    invoice_money(h->net, net, sizeof net);
    invoice_money(h->tax, tax, sizeof tax);
    tax_label(h, label, sizeof label);
    fprintf(f, "<tr><th colspan=\"5\">Net</th><th class=\"n\" id=\"net\">%s</th></tr>", net);
    fputs("<tr><th colspan=\"5\">", f);
    core_html_put(f, label);
    if (h->tax_included)
        fputs(" (included)", f);
    fprintf(f, "</th><th class=\"n\" id=\"tax\">%s</th></tr>", tax);
}

static void html_head(const inv_head *h, FILE *f)
{
    fputs("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>", f);
    core_html_put(f, doc_kind(h));
    core_html_put(f, h->number);
    fputs("</title><style>body{font:15px/1.4 sans-serif;margin:2rem}table{border-collapse:"
          "collapse;width:100%}th,td{border-bottom:1px solid #ccc;padding:.25rem .5rem;"
          "text-align:left}td.n,th.n{text-align:right}</style></head><body>\n<h1>", f);
    core_html_put(f, doc_kind(h));
    core_html_put(f, h->number);
    fputs("</h1>\n<p>", f);
    core_html_put(f, h->body_name);
    if (h->with_terms && h->address[0]) {
        fputs("<br>", f);
        core_html_put(f, h->address);
    }
    if (h->with_terms && h->tax_id[0]) {
        fputs("<br>", f);
        core_html_put(f, h->tax_id);
    }
    fputs("</p>\n<dl><dt>To</dt><dd>", f);
    core_html_put(f, h->club);
    fputs(" ", f);
    core_html_put(f, h->club_name);
    fputs("</dd><dt>Issued</dt><dd>", f);
    core_html_put(f, h->issued);
    if (h->with_terms && h->due[0]) {
        fputs("</dd><dt>Due</dt><dd id=\"due\">", f);
        core_html_put(f, h->due);
    }
    fputs("</dd><dt>For</dt><dd>", f);
    core_html_put(f, h->kind);
    fputs(" ", f);
    core_html_put(f, h->period);
    fputs(" (", f);
    core_html_put(f, h->rule);
    fputs(")</dd>", f);
    if (h->credits[0]) {
        fputs("<dt>Reverses</dt><dd>", f);
        core_html_put(f, h->credits);
        fputs("</dd><dt>Reason</dt><dd>", f);
        core_html_put(f, h->reason);
        fputs("</dd>", f);
    }
    fputs("</dl>\n<table><thead><tr><th>Player</th><th>Name</th><th>Batch</th><th>Rule</th>"
          "<th>Charge</th><th class=\"n\">Amount</th></tr></thead><tbody>\n", f);
}

static bmp_status write_html(bmp_ledger *l, const inv_head *h, FILE *f, bmp_error *err)
{
    ledger_stmt *st = NULL;
    bmp_status rc = lines_of(l, h, &st, err);
    bool row = false;
    html_head(h, f);
    while (!rc && !(rc = lq_step(l, st, &row, err)) && row) {
        char m[32];
        invoice_money(h->sign * lq_col_int(l, st, 5), m, sizeof m);
        fputs("<tr>", f);
        for (int k = 0; k < 5; k++) {
            fputs("<td>", f);
            core_html_put(f, lq_col_text(l, st, k));
            fputs("</td>", f);
        }
        fprintf(f, "<td class=\"n\">%s</td></tr>\n", m);
    }
    if (st)
        lq_finalize(l, st);
    char total[32];
    invoice_money(h->total, total, sizeof total);
    fputs("</tbody><tfoot>", f);
    if (h->with_terms)
        html_terms(h, f);
    fprintf(f, "<tr><th colspan=\"5\">Total</th><th class=\"n\" id=\"total\">%s"
               "</th></tr></tfoot></table>\n</body></html>\n", total);
    return rc;
}

bmp_status invoice_doc(bmp_ledger *l, const ledger_body *b, const char *number,
                       bmp_invoice_format fmt, char **out, size_t *len, bmp_error *err)
{
    inv_head h;
    *out = NULL;
    *len = 0;
    bmp_status rc = head_of(l, b, number, &h, err);
    if (rc)
        return rc;
    FILE *f = open_memstream(out, len);
    if (!f)
        return bmp_error_oom(err);
    rc = fmt == BMP_INVOICE_CSV    ? write_csv(l, &h, f, err)
         : fmt == BMP_INVOICE_JSON ? write_json(l, &h, f, err)
                                   : write_html(l, &h, f, err);
    if (fclose(f) != 0 && !rc)
        rc = bmp_error_oom(err);
    if (rc) {
        free(*out);
        *out = NULL;
        *len = 0;
    }
    return rc;
}
