/* `bridgemp ledger invoice`: invoices of charge runs and credit notes
 * (include/bridgemp/ledger_invoice.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/file.h"
#include "bridgemp/ledger_invoice.h"
#include "cli/cmd_ledger.h"

static const char *const help_invoice =
    "usage: bridgemp ledger invoice RUN --body B [--as html|csv|json] [--output DIR]\n"
    "       bridgemp ledger invoice list --body B [--format table|csv|json] [--output FILE]\n"
    "       bridgemp ledger invoice show NUMBER --body B [--as F] [--output FILE]\n"
    "       bridgemp ledger invoice credit NUMBER --reason R --body B [--as F] [--output DIR]\n\n"
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

static bmp_status invoice_show(bmp_ledger *l, const ledger_args *a, bmp_invoice_format f,
                               bmp_error *e)
{
    char *doc = NULL;
    size_t len = 0;
    bmp_status st = bmp_ledger_invoice_document(l, a->body, a->pos[2], f, &doc, &len, e);
    if (!st)
        st = bmp_file_write_atomic(a->output ? a->output : "-", doc, len, e);
    free(doc);
    return st;
}

static bmp_status invoice_credit(bmp_ledger *l, const ledger_args *a, bmp_invoice_format f,
                                 bmp_error *e)
{
    bmp_status st = bmp_ledger_invoice_credit(l, a->body, a->pos[2], a->reason, a->output, f, e);
    if (!st)
        printf("invoice %s: credit note %s-CR issued\n", a->pos[2], a->pos[2]);
    return st;
}

static bmp_status invoice_run(bmp_ledger *l, const ledger_args *a, const invoice_arg *x,
                              bmp_error *e)
{
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

static bmp_status invoice_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                               bmp_problems *p, bmp_error *e)
{
    (void)p;
    const invoice_arg *x = arg;
    const char *sub = a->pos[1];
    return strcmp(sub, "list") == 0     ? ledger_fill_put(l, a, fill_invoices, NULL, e)
           : strcmp(sub, "show") == 0   ? invoice_show(l, a, x->f, e)
           : strcmp(sub, "credit") == 0 ? invoice_credit(l, a, x->f, e)
                                        : invoice_run(l, a, x, e);
}

int ledger_cmd_invoice(ledger_args *a)
{
    if (a->help)
        return ledger_usage(a, help_invoice);
    invoice_arg x = {0};
    if (a->npos < 2 || !a->body)
        return ledger_usage(a, help_invoice);
    if (!ledger_doc_format(a, &x.f))
        return LEDGER_EXIT_USAGE;
    const char *sub = a->pos[1];
    bool one = strcmp(sub, "show") == 0 || strcmp(sub, "credit") == 0;
    bool run = !one && strcmp(sub, "list") != 0;
    if ((one && a->npos != 3) || (!one && a->npos != 2) ||
        (run && !ledger_number(sub, 1, INT64_MAX, &x.run)))
        return ledger_usage(a, help_invoice);
    return ledger_run(a, invoice_step, &x);
}
