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
    "       bridgemp ledger invoice list --body B [--format table|csv|json]\n"
    "       bridgemp ledger invoice show NUMBER --body B [--as F] [--output FILE]\n"
    "       bridgemp ledger invoice credit NUMBER --reason R --body B [--as F] [--output DIR]\n\n"
    "Invoice charge run RUN (a capitation or levy run: `bridgemp ledger charges`)\n"
    "club by club: one invoice per club, numbered BODY-RUN-CLUB, its total the sum\n"
    "of the club's lines in cents.  All or nothing; invoicing the run again makes\n"
    "no new invoice.  --output DIR writes each as DIR/NUMBER.html (or .csv, .json\n"
    "with --as), atomically.  An invoice is never changed: `credit` issues a\n"
    "credit note NUMBER-CR reversing it in full (once), with its reason.\n";

static int usage_error(void)
{
    fputs(help_invoice, stderr);
    return LEDGER_EXIT_USAGE;
}

static bool doc_format(const ledger_args *a, bmp_invoice_format *f)
{
    *f = BMP_INVOICE_HTML;
    if (a->as && !bmp_invoice_format_parse(a->as, f)) {
        fprintf(stderr, "bridgemp ledger invoice: --as: expected html, csv or json, got \"%s\"\n",
                a->as);
        return false;
    }
    return true;
}

static int invoice_list(ledger_args *a, bmp_ledger *l)
{
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    bmp_status st = bmp_ledger_invoice_list(l, a->body, &t, &e);
    if (!st)
        st = bmp_table_write(&t, a->fmt, stdout, &e);
    bmp_table_free(&t);
    return st ? ledger_fail(&e, st) : 0;
}

static int invoice_show(ledger_args *a, bmp_ledger *l, bmp_invoice_format f)
{
    char *doc = NULL;
    size_t len = 0;
    bmp_error e = {0};
    bmp_status st = bmp_ledger_invoice_document(l, a->body, a->pos[2], f, &doc, &len, &e);
    if (!st)
        st = bmp_file_write_atomic(a->output ? a->output : "-", doc, len, &e);
    free(doc);
    return st ? ledger_fail(&e, st) : 0;
}

static int invoice_credit(ledger_args *a, bmp_ledger *l, bmp_invoice_format f)
{
    bmp_error e = {0};
    bmp_status st = bmp_ledger_invoice_credit(l, a->body, a->pos[2], a->reason, a->output, f, &e);
    if (st)
        return ledger_fail(&e, st);
    printf("invoice %s: credit note %s-CR issued\n", a->pos[2], a->pos[2]);
    return 0;
}

static int invoice_run(ledger_args *a, bmp_ledger *l, bmp_invoice_format f)
{
    char *end = NULL;
    long long run = strtoll(a->pos[1], &end, 10);
    if (*end || run <= 0)
        return usage_error();
    bmp_ledger_invoices r;
    bmp_error e = {0};
    bmp_status st = bmp_ledger_invoice_run(l, a->body, run, a->output, f, &r, &e);
    if (st)
        return ledger_fail(&e, st);
    long long t = r.total < 0 ? -r.total : r.total;
    printf("charge run %lld: %zu invoice(s) made, %zu already made; total %s%lld.%02lld%s%s\n",
           run, r.made, r.already, r.total < 0 ? "-" : "", t / 100, t % 100,
           a->output ? "; written to " : "", a->output ? a->output : "");
    return 0;
}

int ledger_cmd_invoice(ledger_args *a)
{
    if (a->help)
        return ledger_usage(a, help_invoice);
    bmp_invoice_format f;
    if (a->npos < 2 || !a->body || !doc_format(a, &f))
        return usage_error();
    const char *sub = a->pos[1];
    bool one = strcmp(sub, "show") == 0 || strcmp(sub, "credit") == 0;
    if ((one && a->npos != 3) || (!one && a->npos != 2))
        return usage_error();
    bmp_error e = {0};
    bmp_ledger *l = NULL;
    bmp_status st = ledger_open_db(a, false, &l, &e);
    if (st)
        return ledger_fail(&e, st);
    int rc = strcmp(sub, "list") == 0     ? invoice_list(a, l)
             : strcmp(sub, "show") == 0   ? invoice_show(a, l, f)
             : strcmp(sub, "credit") == 0 ? invoice_credit(a, l, f)
                                          : invoice_run(a, l, f);
    bmp_ledger_close(l);
    return rc;
}
