/* `bridgemp ledger payment|balances`: payments against invoices and what
 * is owing (include/bridgemp/ledger_payments.h).  The runs built on them
 * (overdue, event-levy, certificates) are the bodies' (cmd_ledger_runs.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_payments.h"
#include "cli/ledger/ledger_util.h"

static const char *const help_pay =
    "payment record: a payment from club C (against invoice NUMBER, else on account),\n"
    "  recorded once under its reference R; without the club number the ABF charges\n"
    "  its $10 administration fee, invoiced at once (ABF-115).\n"
    "balances: the invoices owing on DATE, with their age in days.\n";

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

/* What the command line gave payment record, checked before the ledger opens. */
typedef struct pay_arg {
    int64_t cents; /* --amount */
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

static int cmd_payment_record(void *arg)
{
    ledger_args *a = arg;
    pay_arg x = {0};
    if (!a->body)
        return ledger_usage(a);
    if (!cents_of(a->amount, &x.cents)) {
        fprintf(stderr, "bridgemp ledger payment: --amount: expected dollars and cents such as "
                        "93.20, got \"%s\"\n",
                a->amount ? a->amount : "");
        return LEDGER_EXIT_USAGE;
    }
    return ledger_run(a, pay_record, &x);
}

static int cmd_payment_list(void *arg)
{
    ledger_args *a = arg;
    if (!a->body)
        return ledger_usage(a);
    return ledger_report_table(a, fill_payments, NULL);
}

static int cmd_balances(void *arg)
{
    ledger_args *a = arg;
    if (!a->body)
        return ledger_usage(a);
    return ledger_report_table(a, fill_payments, a);
}

static const cli_opt opts_record[] = {
    LOPT_BODY, LOPT_REQ(club, "C", "the paying club's number"),
    LOPT_REQ(amount, "12.34", "the amount paid"), LOPT_REQ(date, "D", "the day it was paid"),
    LOPT_REQ(ref, "R", "the payment's reference (recorded once)"),
    LOPT(invoice, "NUMBER", "the invoice it pays (else on account)"),
    LFLAG(no_club_number, "--no-club-number", "paid without the club number (ABF-115 fee)"),
    CLI_OPT_END};
static const cli_opt opts_table[] = {LOPT_BODY, LEDGER_TABLE_OPTS, CLI_OPT_END};

const cli_cmd ledger_cmds_pay[] = {
    {"payment record", "", "a payment against an invoice, or on account", help_pay, opts_record,
     0, 0, cmd_payment_record, 0},
    {"payment list", "", "the payments recorded", help_pay, opts_table, 0, 0, cmd_payment_list, 0},
    {"balances", "DATE", "the invoices owing on DATE, with their age", help_pay, opts_table, 1, 1,
     cmd_balances, 0},
    {NULL, NULL, NULL, NULL, NULL, 0, 0, NULL, 0}};
