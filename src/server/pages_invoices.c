/* The secretary's invoices (issue 29 item 2, docs/serve.md "Back office"),
 * for a secretary of the body:
 *   /invoices?body=                      the body's invoices and credit notes
 *        (bmp_ledger_invoice_list), each to view (HTML) or download (CSV);
 *   /invoice/<body>/<number>?format=csv  one document as the ledger writes it
 *        (bmp_ledger_invoice_document: a printable HTML page, every value
 *        escaped by the ledger, or CSV). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_invoice.h"
#include "server/pages_internal.h"

void page_invoice_item(core_buf *b, const char *body, const char *n)
{
    core_buf_puts(b, "<li>");
    web_buf_html(b, n);
    core_buf_puts(b, ": <a href=\"/invoice/");
    page_url(b, body);
    core_buf_puts(b, "/");
    page_url(b, n);
    core_buf_puts(b, "\">view</a> · <a download href=\"/invoice/");
    page_url(b, body);
    core_buf_puts(b, "/");
    page_url(b, n);
    core_buf_puts(b, "?format=csv\">CSV</a></li>");
}

/* Each invoice's view and download links, after the list. */
static void invoice_links(page *p, const char *body, const bmp_table *t)
{
    size_t k = page_col(t, "number");
    if (k == (size_t)-1 || !t->nrows)
        return;
    core_buf *b = p->out;
    core_buf_puts(b, "<h2>Documents</h2>\n<ul id=\"documents\">");
    for (size_t r = 0; r < t->nrows; r++) {
        const char *n = bmp_table_get(t, r, k);
        page_invoice_item(b, body, n);
    }
    core_buf_puts(b, "</ul>\n");
}

int page_invoices(page *p)
{
    const char *body = page_office_body(p);
    int st = page_require(p, BMP_ROLE_SECRETARY, body, NULL);
    if (st)
        return st;
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    bmp_status s = bmp_ledger_invoice_list(p->l, body, &t, &e);
    if (s) {
        bmp_table_free(&t);
        return page_fail(p, s, &e);
    }
    page_head(p, "Invoices");
    core_buf_puts(p->out, "<h1>Invoices</h1>\n");
    core_buf_printf(p->out, "<p id=\"invoice-count\">%zu invoice%s and credit notes.</p>\n",
                    t.nrows, t.nrows == 1 ? "" : "s");
    page_table(p->out, &t, &(page_table_opts){.caption = "Invoices and credit notes",
                                              .link_col = (size_t)-1});
    invoice_links(p, body, &t);
    bmp_table_free(&t);
    page_foot(p);
    return 200;
}

/* The ledger's printable document served under the site's stylesheet
 * (pages.h): its own <style> element (blocked by the server's
 * Content-Security-Policy, style-src 'self') becomes a link to /style.css
 * and its body the class "invoice", whose rules fit the lines to a phone's
 * width (the file the CLI writes keeps its inline style).  A document
 * without them is as it is.  The page /invoice and the API's format=html
 * answer (api_invoices.c) both serve it so. */
void web_invoice_site_html(core_buf *out, const char *doc, size_t len)
{
    const char *a = strstr(doc, "<style>"), *z = a ? strstr(a, "</style>") : NULL;
    const char *body = z ? strstr(z, "<body>") : NULL;
    if (!body) {
        core_buf_append(out, doc, len);
        return;
    }
    core_buf_append(out, doc, (size_t)(a - doc));
    core_buf_puts(out, "<link rel=\"stylesheet\" href=\"/style.css\">");
    z += strlen("</style>");
    core_buf_append(out, z, (size_t)(body - z));
    core_buf_puts(out, "<body class=\"invoice\">");
    body += strlen("<body>");
    core_buf_append(out, body, len - (size_t)(body - doc));
}

int page_invoice(page *p)
{
    const char *body = p->seg[0], *number = p->seg[1], *f = page_arg(p, "format");
    int st = page_require(p, BMP_ROLE_SECRETARY, body, NULL);
    if (st)
        return st;
    bmp_invoice_format fmt = BMP_INVOICE_HTML;
    if (f && strcmp(f, "csv") == 0)
        fmt = BMP_INVOICE_CSV;
    else if (f && strcmp(f, "html") != 0)
        return page_error(p, 400, "format: expected html or csv");
    char *doc = NULL;
    size_t len = 0;
    bmp_error e = {0};
    bmp_status s = bmp_ledger_invoice_document(p->l, body, number, fmt, &doc, &len, &e);
    if (s)
        return page_fail(p, s, &e);
    core_buf_reset(p->out);
    if (fmt == BMP_INVOICE_HTML)
        web_invoice_site_html(p->out, doc, len);
    else
        core_buf_append(p->out, doc, len);
    free(doc);
    p->ctype = fmt == BMP_INVOICE_CSV ? "text/csv; charset=utf-8" : "text/html; charset=utf-8";
    return 200;
}
