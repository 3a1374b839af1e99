/* The batch page for secretaries (/batch/<id>): the batch's state, totals,
 * held lines and reason, its event, and the approve/reject form.  The form
 * posts to the API with the token typed in (/app.js); the server checks
 * the token's scope exactly as for any API write (W-2). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_api.h"
#include "bridgemp/ledger_secretary.h"
#include "server/pages_internal.h"

static void field(page *p, const bmp_table *t, const char *col, const char *label)
{
    size_t k = page_col(t, col);
    const char *v = k == (size_t)-1 ? NULL : bmp_table_get(t, 0, k);
    if (!v || !*v)
        return;
    core_buf_puts(p->out, "<dt>");
    web_buf_html(p->out, label);
    core_buf_printf(p->out, "</dt><dd id=\"batch-%s\">", col);
    web_buf_html(p->out, v);
    core_buf_puts(p->out, "</dd>");
}

/* The held lines, each with its player and the reason it is held as the
 * ledger recorded it ("Dormant", "Resigned", "not registered; near: ...").
 * Issue 30: the page said "held for unregistered players" of a Dormant
 * player without naming anyone. */
static void held_lines(page *p, int64_t id)
{
    bmp_ledger_sections show = {0};
    bmp_error e = {0};
    if (!page_lost(p, bmp_ledger_batch_show(p->l, id, &show, &e))) {
        const bmp_table *h = bmp_ledger_section(&show, "held");
        if (h && h->nrows) {
            page_table(p->out, h, &(page_table_opts){
                                       .caption = "Held lines and why",
                                       .link_col = (size_t)-1,
                                       .hide = (const char *const[]){"contestant", NULL}});
        }
    }
    bmp_ledger_sections_free(&show);
}

static void decide_form(page *p, const char *id)
{
    core_buf *b = p->out;
    core_buf_puts(b, "<h2>Decide</h2>\n<form id=\"decide\" data-batch=\"");
    web_buf_html(b, id);
    core_buf_puts(b, "\"><p><label for=\"token\">Secretary's token</label><input id=\"token\" "
                    "name=\"token\" type=\"password\" autocomplete=\"off\" required></p><p><label "
                    "for=\"reason\">Reason (to reject)</label><input id=\"reason\" name=\"reason\">"
                    "</p><p><button type=\"submit\" name=\"action\" value=\"approve\">Approve"
                    "</button> <button type=\"submit\" name=\"action\" value=\"reject\">Reject"
                    "</button></p><p id=\"outcome\" role=\"status\" aria-live=\"polite\"></p>"
                    "</form>\n");
}

int page_batch(page *p)
{
    char *end = NULL;
    long long id = strtoll(p->seg[0], &end, 10);
    if (*end || id <= 0)
        return page_error(p, 400, "expected a batch number");
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    bmp_status st = bmp_ledger_batch(p->l, id, &t, &e);
    if (st) {
        bmp_table_free(&t);
        return page_fail(p, st, &e);
    }
    char title[32];
    snprintf(title, sizeof title, "Batch %lld", id);
    page_head(p, title);
    core_buf_printf(p->out, "<h1>%s</h1>\n<dl>", title);
    field(p, &t, "event", "Event or file");
    field(p, &t, "source", "Source");
    field(p, &t, "state", "State");
    field(p, &t, "period", "Period");
    field(p, &t, "lines", "Award lines");
    field(p, &t, "totals", "Totals");
    field(p, &t, "held", "Lines held");
    field(p, &t, "reverses", "Reverses batch");
    field(p, &t, "reason", "Reason");
    field(p, &t, "who", "Imported by");
    field(p, &t, "created_at", "Imported at");
    core_buf_puts(p->out, "</dl>\n");
    held_lines(p, id);
    const char *source = bmp_table_get(&t, 0, page_col(&t, "source"));
    const char *state = bmp_table_get(&t, 0, page_col(&t, "state"));
    const char *body = bmp_table_get(&t, 0, page_col(&t, "body"));
    if (source && strcmp(source, "event") == 0) {
        core_buf_puts(p->out, "<p><a href=\"/event/");
        page_url(p->out, body);
        core_buf_printf(p->out, "/%lld\">The event's awards</a></p>\n", id);
    }
    if (state && (strcmp(state, "provisional") == 0 || strcmp(state, "approved") == 0))
        decide_form(p, p->seg[0]);
    bmp_table_free(&t);
    page_foot(p);
    return 200;
}
