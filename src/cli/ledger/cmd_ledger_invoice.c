/* `bridgemp ledger invoice`: invoices of charge runs and credit notes
 * (include/bridgemp/ledger_invoice.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/file.h"
#include "bridgemp/ledger_invoice.h"
#include "cli/ledger/ledger_util.h"

static const char *const help_invoice =
    "Invoice charge run RUN (a capitation or levy run: `bridgemp ledger charges`)\n"
    "club by club: one invoice per club, numbered BODY-RUN-CLUB, its total the sum\n"
    "of the club's lines in cents.  All or nothing; invoicing the run again makes\n"
    "no new invoice.  --output DIR writes each as DIR/NUMBER.html (or .csv, .json\n"
    "with --as), atomically.  An invoice is never changed: `credit` issues a\n"
    "credit note NUMBER-CR reversing it in full (once), with its reason.\n";

typedef struct invoice_arg {
    bmp_invoice_format f;
    long long run; /* invoice RUN */
} invoice_arg;

static bmp_status fill_invoices(bmp_ledger *l, const ledger_args *a, const void *arg,
                                bmp_table *t, bmp_error *e)
{
    (void)arg;
    return bmp_ledger_invoice_list(l, a->body, t, e);
}

static bmp_status invoice_show(bmp_ledger *l, const ledger_args *a, const void *arg,
                               bmp_problems *p, bmp_error *e)
{
    (void)p;
    bmp_invoice_format f = ((const invoice_arg *)arg)->f;
    char *doc = NULL;
    size_t len = 0;
    bmp_status st = bmp_ledger_invoice_document(l, a->body, a->pos[2], f, &doc, &len, e);
    if (!st)
        st = bmp_file_write_atomic(a->output ? a->output : "-", doc, len, e);
    free(doc);
    return st;
}

static bmp_status invoice_credit(bmp_ledger *l, const ledger_args *a, const void *arg,
                                 bmp_problems *p, bmp_error *e)
{
    (void)p;
    bmp_invoice_format f = ((const invoice_arg *)arg)->f;
    bmp_status st = bmp_ledger_invoice_credit(l, a->body, a->pos[2], a->reason, a->output, f, e);
    if (!st)
        printf("invoice %s: credit note %s-CR issued\n", a->pos[2], a->pos[2]);
    return st;
}

static bmp_status invoice_run(bmp_ledger *l, const ledger_args *a, const void *arg,
                              bmp_problems *p, bmp_error *e)
{
    (void)p;
    const invoice_arg *x = arg;
    bmp_ledger_invoices r;
    bmp_status st = bmp_ledger_invoice_run(l, a->body, x->run, a->output, x->f, &r, e);
    if (st)
        return st;
    char total[32];
    ledger_money(r.total, total);
    printf("charge run %lld: %zu invoice(s) made, %zu already made; total %s%s%s\n", x->run,
           r.made, r.already, total, a->output ? "; written to " : "",
           a->output ? a->output : "");
    return BMP_OK;
}

/* show and credit: --body, and --as checked. */
static int invoice_cmd(ledger_args *a, ledger_step_fn step, invoice_arg *x)
{
    if (!a->body)
        return ledger_usage(a);
    if (!ledger_doc_format(a, &x->f))
        return LEDGER_EXIT_USAGE;
    return ledger_run(a, step, x);
}

static int cmd_invoice_run(void *arg)
{
    ledger_args *a = arg;
    invoice_arg x = {0};
    if (!a->body)
        return ledger_usage(a);
    if (!ledger_doc_format(a, &x.f))
        return LEDGER_EXIT_USAGE;
    if (!ledger_number(a->pos[1], 1, INT64_MAX, &x.run))
        return ledger_usage(a);
    return ledger_run(a, invoice_run, &x);
}

static int cmd_invoice_show(void *arg)
{
    ledger_args *a = arg;
    invoice_arg x = {0};
    return invoice_cmd(a, invoice_show, &x);
}

static int cmd_invoice_credit(void *arg)
{
    ledger_args *a = arg;
    invoice_arg x = {0};
    return invoice_cmd(a, invoice_credit, &x);
}

static int cmd_invoice_list(void *arg)
{
    ledger_args *a = arg;
    if (!a->body)
        return ledger_usage(a);
    return ledger_report_table(a, fill_invoices, NULL);
}

#define LOPT_AS LOPT(as, "F", "html (default), csv or json")
static const cli_opt opts_list[] = {LOPT_BODY, LEDGER_TABLE_OPTS, CLI_OPT_END};
static const cli_opt opts_show[] = {LOPT_BODY, LOPT_AS, LOPT_OUTPUT, CLI_OPT_END};
static const cli_opt opts_credit[] = {
    LOPT_BODY, LOPT_REASON_REQ, LOPT_AS,
    LOPT(output, "DIR", "write the credit note into DIR (atomically)"), CLI_OPT_END};
static const cli_opt opts_run[] = {
    LOPT_BODY, LOPT_AS, LOPT(output, "DIR", "write each invoice as DIR/NUMBER.html (or .csv, .json)"),
    CLI_OPT_END};

const cli_cmd ledger_cmds_invoice[] = {
    {"invoice RUN", "", "invoice a charge run, club by club", help_invoice, opts_run, 0, 0,
     cmd_invoice_run, 0},
    {"invoice list", "", "the body's invoices", help_invoice, opts_list, 0, 0, cmd_invoice_list, 0},
    {"invoice show", "NUMBER", "one invoice as a document", help_invoice, opts_show, 1, 1,
     cmd_invoice_show, 0},
    {"invoice credit", "NUMBER", "a credit note reversing an invoice", help_invoice, opts_credit,
     1, 1, cmd_invoice_credit, 0},
    {NULL, NULL, NULL, NULL, NULL, 0, 0, NULL, 0}};
