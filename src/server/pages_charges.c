/* The secretary's charge runs (issue 29 item 2: "charge runs and invoices:
 * list, view, download"; docs/serve.md "Back office"), for a secretary of
 * the body:
 *
 *   GET  /charges?body=   the body's charge runs, newest first
 *                         (bmp_ledger_charge_runs), each with its invoices
 *                         to view (HTML) or download (CSV); the form that
 *                         starts one of the body's charge runs for a period
 *                         (its run table, bmp_ledger_runs: the runs that
 *                         make a charge run from one argument), and for a
 *                         run not yet invoiced, the form that invoices it
 *   POST /charges         action=run (name, arg, reason) or action=invoice
 *                         (run), with the session's CSRF token, written as
 *                         the secretary (audited by name; a run's reason,
 *                         required, in its audit entry:
 *                         bmp_ledger_run_call_why); then back to the list;
 *                         action=preview or make: a run that needs its rate
 *                         files (pages_charges_files.c), previewed first
 *   GET  /charges?made=N  the list, saying what run N did (issue 44)
 *
 * A run of the same kind and period again changes nothing (the library's
 * charge runs are idempotent); invoicing a run twice makes no new invoice. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_invoice.h"
#include "bridgemp/ledger_runs.h"
#include "server/pages_internal.h"

/* A run the page can start: a charge run from one argument and no
 * required option. */
static bool startable(const bmp_ledger_run_spec *s)
{
    for (size_t i = 0; i < s->nopts; i++)
        if (s->opts[i].required)
            return false;
    return s->kind == BMP_LEDGER_OUT_RUN && s->npos == 1;
}

/* The invoices of run `run` (its id as text) as view and CSV links. */
static void run_invoices(page *p, const char *body, const char *run, const bmp_table *inv)
{
    size_t kn = page_col(inv, "number"), kr = page_col(inv, "run");
    core_buf *b = p->out;
    bool any = false;
    for (size_t r = 0; kn != (size_t)-1 && kr != (size_t)-1 && r < inv->nrows; r++) {
        if (strcmp(bmp_table_get(inv, r, kr), run) != 0)
            continue;
        const char *n = bmp_table_get(inv, r, kn);
        core_buf_puts(b, any ? "" : "<ul>");
        any = true;
        page_invoice_item(b, body, n);
    }
    core_buf_puts(b, any ? "</ul>\n" : "");
}

/* Each run's heading, its invoices, or the form that invoices it. */
static void runs_and_invoices(page *p, const char *body, const bmp_table *runs,
                              const bmp_table *inv)
{
    size_t kr = page_col(runs, "run"), kk = page_col(runs, "kind"), kp = page_col(runs, "period"),
           ki = page_col(runs, "invoices");
    if (kr == (size_t)-1 || kk == (size_t)-1 || kp == (size_t)-1 || ki == (size_t)-1)
        return;
    for (size_t r = 0; r < runs->nrows; r++) {
        const char *id = bmp_table_get(runs, r, kr);
        core_buf_printf(p->out, "<h3 id=\"run-%s\">Run ", id);
        web_buf_html(p->out, id);
        core_buf_puts(p->out, ": ");
        web_buf_html(p->out, bmp_table_get(runs, r, kk));
        core_buf_puts(p->out, " ");
        web_buf_html(p->out, bmp_table_get(runs, r, kp));
        core_buf_puts(p->out, "</h3>\n<p><a href=\"/charges?body=");
        page_url(p->out, body);
        core_buf_puts(p->out, "&amp;run=");
        page_url(p->out, id);
        core_buf_printf(p->out, "#lines-h\">Run %s's lines</a></p>\n", id);
        if (strcmp(bmp_table_get(runs, r, ki), "0") != 0) {
            run_invoices(p, body, id, inv);
            continue;
        }
        char form[32];
        snprintf(form, sizeof form, "invoice-%s", id);
        page_form_open(p, "/charges", form);
        core_buf_puts(p->out, "<input type=\"hidden\" name=\"body\" value=\"");
        web_buf_html(p->out, body);
        core_buf_puts(p->out, "\"><input type=\"hidden\" name=\"run\" value=\"");
        web_buf_html(p->out, id);
        core_buf_puts(p->out, "\"><button type=\"submit\" name=\"action\" value=\"invoice\">"
                              "Invoice this run</button></form>\n");
    }
}

/* The form that starts one of the body's charge runs. */
static void start_form(page *p, const char *body)
{
    size_t n = 0;
    const bmp_ledger_run_spec *runs = bmp_ledger_runs(body, &n);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        k += startable(&runs[i]);
    if (!k)
        return;
    core_buf *b = p->out;
    core_buf_puts(b, "<h2 id=\"start-h\">Start a charge run</h2>\n");
    page_form_open(p, "/charges", "start");
    core_buf_puts(b, "<input type=\"hidden\" name=\"body\" value=\"");
    web_buf_html(b, body);
    core_buf_puts(b, "\"><p><label for=\"run-name\">Run</label> <select id=\"run-name\" "
                     "name=\"name\">");
    for (size_t i = 0; i < n; i++) {
        if (!startable(&runs[i]))
            continue;
        core_buf_puts(b, "<option value=\"");
        web_buf_html(b, runs[i].name);
        core_buf_puts(b, "\">");
        web_buf_html(b, runs[i].name);
        core_buf_puts(b, " ");
        web_buf_html(b, runs[i].args);
        core_buf_puts(b, " (");
        web_buf_html(b, runs[i].rule);
        core_buf_puts(b, "): ");
        web_buf_html(b, runs[i].doc);
        core_buf_puts(b, "</option>");
    }
    core_buf_puts(b, "</select></p><p><label for=\"run-arg\">For (the run's YEAR, QUARTER "
                     "yyyy-Qn, DATE or BATCH, as listed)</label> <input id=\"run-arg\" name=\"arg\" "
                     "maxlength=\"16\" required></p><p><label for=\"run-reason\">Reason (kept "
                     "in the audit log)</label> <input id=\"run-reason\" name=\"reason\" "
                     "maxlength=\"500\" required> <button type=\"submit\" name=\"action\" "
                     "value=\"preview\">Preview the run</button> <button type=\"submit\" "
                     "name=\"action\" value=\"run\">Start the run</button></p></form>\n");
}

/* ?made=N: what run N did, its lines and its invoice action linked. */
static void made_note(page *p, const char *body, const bmp_table *runs, const char *made)
{
    size_t kr = page_col(runs, "run"), kk = page_col(runs, "kind"), kp = page_col(runs, "period"),
           kl = page_col(runs, "lines"), kt = page_col(runs, "total");
    for (size_t r = 0; kr != (size_t)-1 && kk != (size_t)-1 && kp != (size_t)-1 &&
                       kl != (size_t)-1 && kt != (size_t)-1 && r < runs->nrows; r++) {
        const char *id = bmp_table_get(runs, r, kr), *n = bmp_table_get(runs, r, kl);
        if (strcmp(id, made) != 0)
            continue;
        core_buf *b = p->out;
        core_buf_puts(b, "<p id=\"made\" role=\"status\">Run ");
        web_buf_html(b, id);
        core_buf_puts(b, ": ");
        web_buf_html(b, bmp_table_get(runs, r, kk));
        core_buf_puts(b, " ");
        web_buf_html(b, bmp_table_get(runs, r, kp));
        core_buf_puts(b, ", ");
        web_buf_html(b, n);
        core_buf_printf(b, " line%s, total ", strcmp(n, "1") == 0 ? "" : "s");
        web_buf_html(b, bmp_table_get(runs, r, kt));
        core_buf_puts(b, ". <a href=\"/charges?body=");
        page_url(b, body);
        core_buf_puts(b, "&amp;run=");
        page_url(b, id);
        core_buf_puts(b, "#lines-h\">Its lines</a>; <a href=\"#run-");
        page_url(b, id);
        core_buf_puts(b, "\">its invoices</a></p>\n");
    }
}

/* The lines of run ?run= (issue 44: a run's lines seen in the browser, as
 * `bridgemp ledger charges RUN` lists them: bmp_ledger_charge_lines). */
static int run_lines(page *p, const char *body, const char *run)
{
    char *end = NULL;
    long long id = strtoll(run, &end, 10);
    if (*end || id <= 0)
        return page_error(p, 400, "run: expected a charge run's number");
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    bmp_status s = bmp_ledger_charge_lines(p->l, body, id, &t, &e);
    if (s) {
        bmp_table_free(&t);
        return page_fail(p, s, &e);
    }
    core_buf_printf(p->out, "<h2 id=\"lines-h\">Lines of run %lld</h2>\n", id);
    page_table(p->out, &t, &(page_table_opts){.caption = "Its lines, in the order charged",
                                              .link_col = (size_t)-1});
    bmp_table_free(&t);
    return 0;
}

int page_charges(page *p)
{
    const char *body = page_office_body(p);
    int st = page_require(p, BMP_ROLE_SECRETARY, body, NULL);
    if (st)
        return st;
    bmp_table runs, inv;
    bmp_table_init(&runs);
    bmp_table_init(&inv);
    bmp_error e = {0};
    bmp_status s = bmp_ledger_charge_runs(p->l, body, &runs, &e);
    if (!s)
        s = bmp_ledger_invoice_list(p->l, body, &inv, &e);
    if (s) {
        bmp_table_free(&runs);
        bmp_table_free(&inv);
        return page_fail(p, s, &e);
    }
    page_head(p, "Charge runs");
    core_buf_printf(p->out, "<h1>Charge runs</h1>\n<p id=\"run-count\">%zu charge run%s. "
                            "<a href=\"/invoices?body=",
                    runs.nrows, runs.nrows == 1 ? "" : "s");
    page_url(p->out, body);
    core_buf_puts(p->out, "\">Every invoice and credit note</a></p>\n");
    const char *made = page_arg(p, "made");
    if (made)
        made_note(p, body, &runs, made);
    page_table(p->out, &runs, &(page_table_opts){.caption = "Charge runs, newest first",
                                                 .link_col = (size_t)-1});
    const char *run = page_arg(p, "run");
    if (run && (st = run_lines(p, body, run)) != 0) {
        bmp_table_free(&runs);
        bmp_table_free(&inv);
        return st;
    }
    core_buf_puts(p->out, "<h2>Their invoices</h2>\n");
    runs_and_invoices(p, body, &runs, &inv);
    start_form(p, body);
    page_charge_files_forms(p, body);
    bmp_table_free(&runs);
    bmp_table_free(&inv);
    page_foot(p);
    return 200;
}

typedef struct charge_post {
    const char *body, *name, *arg, *reason;
    int64_t run;
} charge_post;

static bmp_status start_run(bmp_ledger *w, void *arg, bmp_error *e)
{
    const charge_post *c = arg;
    const char *pos[] = {c->arg};
    bmp_ledger_run_in in = {.size = sizeof in, .pos = pos, .npos = 1};
    bmp_ledger_run_out out = {.size = sizeof out};
    bmp_problems pr = {0};
    bmp_status st = bmp_ledger_run_call_why(w, c->body, c->name, &in, c->reason, &out, &pr, e);
    if (st && pr.count) /* the first problem is the reason */
        bmp_error_set(e, st, "%s", pr.msgs[0]);
    bmp_problems_free(&pr);
    bmp_ledger_run_out_free(&out);
    return st;
}

static bmp_status invoice_run(bmp_ledger *w, void *arg, bmp_error *e)
{
    const charge_post *c = arg;
    bmp_ledger_invoices iv = {0};
    return bmp_ledger_invoice_run(w, c->body, c->run, NULL, BMP_INVOICE_HTML, &iv, e);
}

/* POST /charges: action=run (name, arg, reason) or invoice (run), for body. */
int page_charges_post(page *p)
{
    char body[16], action[16], name[48], arg[24], run[24], reason[520];
    charge_post c = {.body = page_form(p, "body", body, sizeof body)};
    int st = page_require(p, BMP_ROLE_SECRETARY, c.body ? c.body : "", NULL);
    if (st)
        return st;
    const char *a = page_form(p, "action", action, sizeof action);
    bmp_error e = {0};
    bmp_status s;
    if (a && strcmp(a, "run") == 0) {
        c.name = page_form(p, "name", name, sizeof name);
        c.arg = page_form(p, "arg", arg, sizeof arg);
        const bmp_ledger_run_spec *spec = c.name ? bmp_ledger_run_find(c.body, c.name) : NULL;
        if (!spec || !startable(spec))
            return page_error(p, 400, "name: expected one of the body's charge runs");
        if (!c.arg || !*c.arg)
            return page_error(p, 400, "the run needs its YEAR, QUARTER, DATE or BATCH");
        c.reason = page_form(p, "reason", reason, sizeof reason);
        if (!c.reason || !*c.reason)
            return page_error(p, 400, "starting a charge run needs a reason");
        s = page_write(p, start_run, &c, &e);
    } else if (a && (strcmp(a, "preview") == 0 || strcmp(a, "make") == 0)) {
        return page_charge_files_post(p, c.body, strcmp(a, "preview") == 0);
    } else if (a && strcmp(a, "invoice") == 0) {
        char *end = NULL;
        const char *r = page_form(p, "run", run, sizeof run);
        c.run = r ? strtoll(r, &end, 10) : 0;
        if (!r || *end || c.run <= 0)
            return page_error(p, 400, "run: expected a charge run's number");
        s = page_write(p, invoice_run, &c, &e);
    } else {
        return page_error(p, 400, "expected action run, preview, make or invoice");
    }
    if (s)
        return page_fail(p, s, &e);
    core_buf to;
    core_buf_init(&to);
    core_buf_puts(&to, "/charges?body=");
    page_url(&to, c.body);
    st = page_redirect(p, page_built(p, &to));
    core_buf_free(&to);
    return st;
}
