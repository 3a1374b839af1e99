/* `bridgemp ledger payment|balances|overdue|event-levy|certificates`:
 * payments against invoices and the runs built on them
 * (include/bridgemp/ledger_payments.h, ledger_certificates.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/file.h"
#include "bridgemp/ledger_certificates.h"
#include "bridgemp/ledger_payments.h"
#include "cli/ledger/ledger_util.h"

static const char *const help_pay =
    "usage: bridgemp ledger payment record --body B --club C --amount 12.34 --date D --ref R\n"
    "                                      [--invoice NUMBER] [--no-club-number]\n"
    "       bridgemp ledger payment list --body B [--format table|csv|json] [--output FILE]\n"
    "       bridgemp ledger balances DATE --body B [--format F] [--output FILE]\n"
    "       bridgemp ledger overdue DATE --body abf [--as html|csv|json] [--output DIR]\n"
    "       bridgemp ledger event-levy BATCH --body abf [--tour] [--as F] [--output DIR]\n"
    "       bridgemp ledger certificates PERIOD --body abf|nzb [--as F] [--output FILE]\n\n"
    "payment record: a payment from club C (against invoice NUMBER, else on account),\n"
    "  recorded once under its reference R; without the club number the ABF charges\n"
    "  its $10 administration fee, invoiced at once (ABF-115).\n"
    "balances: the invoices owing on DATE, with their age in days.\n"
    "overdue: the ABF's 10 %-a-quarter penalty on invoices owing more than 90 days\n"
    "  at DATE, each quarter once (ABF-114), invoiced.\n"
    "event-levy: the levy of a provisional congress (or --tour) batch, invoiced now;\n"
    "  the batch cannot be approved until it is paid (ABF-116).\n"
    "certificates: one certificate per promotion of closed period PERIOD (ABF-88,\n"
    "  NZ-99); the period's certificates by home club as a printable page (or --as\n"
    "  csv|json), to forward to the clubs.\n";

/* "12.34", "12", "12.3" -> cents; false for anything else. */
static bool cents_of(const char *s, int64_t *out)
{
    long long whole = 0, frac = 0;
    int n = 0, digits = 0;
    if (!s || sscanf(s, "%lld%n", &whole, &n) != 1 || whole < 0 || s[0] == '-' || s[0] == '+')
        return false;
    if (s[n] == '.') {
        for (const char *p = s + n + 1; *p; p++, digits++)
            if (*p < '0' || *p > '9' || digits >= 2)
                return false;
            else
                frac = frac * 10 + (*p - '0');
        if (digits == 0)
            return false;
        frac *= digits == 1 ? 10 : 1;
    } else if (s[n]) {
        return false;
    }
    *out = whole * 100 + frac;
    return whole < 100000000000LL;
}

/* What the command line gave a subcommand, checked before the ledger opens. */
typedef struct pay_arg {
    bmp_invoice_format f;
    int64_t cents;    /* payment record --amount */
    long long batch;  /* event-levy BATCH */
} pay_arg;

static bmp_status pay_record(bmp_ledger *l, const ledger_args *a, const void *arg,
                             bmp_problems *pr, bmp_error *e)
{
    (void)pr;
    const pay_arg *x = arg;
    bmp_ledger_payment p = {a->club, a->invoice, x->cents, a->date, a->ref, !a->no_club_number};
    bmp_ledger_paid r;
    bmp_status st = bmp_ledger_payment_record(l, a->body, &p, &r, e);
    if (st)
        return st;
    char amount[32], bal[32];
    ledger_money(p.cents, amount);
    ledger_money(r.balance, bal);
    printf("payment %s: %s%s%s%s%s\n", p.ref,
           r.already ? "recorded before, nothing changed" : "recorded ", r.already ? "" : amount,
           p.invoice ? "; invoice balance " : "", p.invoice ? bal : "",
           r.fee_run && !r.already ? "; no club number: administration fee charged (ABF-115)"
                                   : "");
    return BMP_OK;
}

/* payment list, or balances DATE (arg: non-NULL). */
static bmp_status fill_payments(bmp_ledger *l, const ledger_args *a, const void *balances,
                                bmp_table *t, bmp_error *e)
{
    return balances ? bmp_ledger_balances(l, a->body, a->pos[1], t, e)
                    : bmp_ledger_payment_list(l, a->body, t, e);
}

static void run_report(const char *what, const bmp_ledger_run *r, const char *dir)
{
    char total[32];
    ledger_money(r->total, total);
    if (!r->id)
        printf("%s: nothing to charge\n", what);
    else
        printf("%s: charge run %lld%s, %zu line(s), %s; invoiced%s%s\n", what, (long long)r->id,
               r->already ? " (made before: nothing changed)" : "", r->lines, total,
               dir ? "; written to " : "", dir ? dir : "");
}

static bmp_status pay_overdue(bmp_ledger *l, const ledger_args *a, const void *arg,
                              bmp_problems *p, bmp_error *e)
{
    (void)p;
    const pay_arg *x = arg;
    bmp_ledger_run r;
    bmp_status st = bmp_ledger_overdue_run(l, a->body, a->pos[1], a->output, x->f, &r, e);
    if (!st)
        run_report("overdue penalties (ABF-114)", &r, a->output);
    return st;
}

static bmp_status pay_event_levy(bmp_ledger *l, const ledger_args *a, const void *arg,
                                 bmp_problems *p, bmp_error *e)
{
    (void)p;
    const pay_arg *x = arg;
    bmp_ledger_run r;
    bmp_status st = bmp_ledger_event_levy(l, a->body, x->batch, a->tour, a->output, x->f, &r, e);
    if (!st)
        run_report(a->tour ? "bridge tour levy (ABF-116)" : "congress levy (ABF-116)", &r,
                   a->output);
    return st;
}

static bmp_status pay_certificates(bmp_ledger *l, const ledger_args *a, const void *arg,
                                   bmp_problems *p, bmp_error *e)
{
    (void)p;
    const pay_arg *x = arg;
    bmp_ledger_certificates r;
    char *doc = NULL;
    size_t len = 0;
    bmp_status st = bmp_ledger_certificate_run(l, a->body, a->pos[1], &r, e);
    if (!st && a->output)
        st = bmp_ledger_certificate_document(l, a->body, a->pos[1], x->f, &doc, &len, e);
    if (!st && a->output)
        st = bmp_file_write_atomic(a->output, doc, len, e);
    free(doc);
    if (!st)
        printf("certificates %s: %zu made, %zu made before%s%s\n", a->pos[1], r.made, r.already,
               a->output ? "; written to " : "", a->output ? a->output : "");
    return st;
}

/* A run that writes documents: --as checked first. */
static int doc_run(ledger_args *a, ledger_step_fn step, pay_arg *x)
{
    if (!a->body)
        return ledger_usage(a, help_pay);
    if (!ledger_doc_format(a, &x->f))
        return LEDGER_EXIT_USAGE;
    return ledger_run(a, step, x);
}

static int cmd_payment_record(ledger_args *a)
{
    pay_arg x = {0};
    if (!a->body)
        return ledger_usage(a, help_pay);
    if (!cents_of(a->amount, &x.cents)) {
        fprintf(stderr, "bridgemp ledger payment: --amount: expected dollars and cents such as "
                        "93.20, got \"%s\"\n",
                a->amount ? a->amount : "");
        return LEDGER_EXIT_USAGE;
    }
    return ledger_run(a, pay_record, &x);
}

static int cmd_payment_list(ledger_args *a)
{
    if (!a->body)
        return ledger_usage(a, help_pay);
    return ledger_report_table(a, fill_payments, NULL);
}

static int cmd_balances(ledger_args *a)
{
    if (!a->body)
        return ledger_usage(a, help_pay);
    return ledger_report_table(a, fill_payments, a);
}

static int cmd_overdue(ledger_args *a)
{
    pay_arg x = {0};
    return doc_run(a, pay_overdue, &x);
}

static int cmd_event_levy(ledger_args *a)
{
    pay_arg x = {0};
    if (!ledger_number(a->pos[1], 1, INT64_MAX, &x.batch))
        return ledger_usage(a, help_pay);
    return doc_run(a, pay_event_levy, &x);
}

static int cmd_certificates(ledger_args *a)
{
    pay_arg x = {0};
    return doc_run(a, pay_certificates, &x);
}

#define RECORD_OPTS                                                                          \
    (LO(BODY) | LO(CLUB) | LO(AMOUNT) | LO(DATE) | LO(REF) | LO(INVOICE) | LO(NO_CLUB_NUMBER))
#define DOC_OPTS (LO(BODY) | LO(AS) | LO(OUTPUT))
const ledger_cmd ledger_cmds_pay[] = {
    {"payment record", help_pay, RECORD_OPTS, 0, 0, cmd_payment_record},
    {"payment list", help_pay, LO(BODY) | LEDGER_TABLE_OPTS, 0, 0, cmd_payment_list},
    {"balances", help_pay, LO(BODY) | LEDGER_TABLE_OPTS, 1, 1, cmd_balances},
    {"overdue", help_pay, DOC_OPTS, 1, 1, cmd_overdue},
    {"event-levy", help_pay, DOC_OPTS | LO(TOUR), 1, 1, cmd_event_levy},
    {"certificates", help_pay, DOC_OPTS, 1, 1, cmd_certificates},
    {NULL, NULL, 0, 0, 0, NULL}};
