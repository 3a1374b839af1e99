/* `bridgemp ledger payment|balances|overdue|event-levy|certificates`:
 * payments against invoices and the runs built on them
 * (include/bridgemp/ledger_payments.h, ledger_certificates.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/file.h"
#include "bridgemp/ledger_certificates.h"
#include "bridgemp/ledger_payments.h"
#include "cli/cmd_ledger.h"

static const char *const help_pay =
    "usage: bridgemp ledger payment record --body B --club C --amount 12.34 --date D --ref R\n"
    "                                      [--invoice NUMBER] [--no-club-number]\n"
    "       bridgemp ledger payment list --body B [--format table|csv|json]\n"
    "       bridgemp ledger balances DATE --body B [--format F]\n"
    "       bridgemp ledger overdue DATE --body abf [--as html|csv|json] [--output DIR]\n"
    "       bridgemp ledger event-levy BATCH --body abf [--tour] [--as F] [--output DIR]\n"
    "       bridgemp ledger certificates PERIOD --body nzb [--as F] [--output FILE]\n\n"
    "payment record: a payment from club C (against invoice NUMBER, else on account),\n"
    "  recorded once under its reference R; without the club number the ABF charges\n"
    "  its $10 administration fee, invoiced at once (ABF-115).\n"
    "balances: the invoices owing on DATE, with their age in days.\n"
    "overdue: the ABF's 10 %-a-quarter penalty on invoices owing more than 90 days\n"
    "  at DATE, each quarter once (ABF-114), invoiced.\n"
    "event-levy: the levy of a provisional congress (or --tour) batch, invoiced now;\n"
    "  the batch cannot be approved until it is paid (ABF-116).\n"
    "certificates: one certificate per promotion of closed period PERIOD (NZ-99);\n"
    "  the period's certificates as a printable page (or --as csv|json).\n";

static int usage_error(void)
{
    fputs(help_pay, stderr);
    return LEDGER_EXIT_USAGE;
}

static bool doc_format(const ledger_args *a, bmp_invoice_format *f)
{
    *f = BMP_INVOICE_HTML;
    if (a->as && !bmp_invoice_format_parse(a->as, f)) {
        fprintf(stderr, "bridgemp ledger: --as: expected html, csv or json, got \"%s\"\n", a->as);
        return false;
    }
    return true;
}

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

static void money(int64_t c, char buf[32])
{
    long long a = c < 0 ? -c : c;
    snprintf(buf, 32, "%s%lld.%02lld", c < 0 ? "-" : "", a / 100, a % 100);
}

static int table_out(ledger_args *a, bmp_table *t, bmp_status st, bmp_error *e)
{
    if (!st)
        st = bmp_table_write(t, a->fmt, stdout, e);
    bmp_table_free(t);
    return st ? ledger_fail(e, st) : 0;
}

static int pay_record(ledger_args *a, bmp_ledger *l)
{
    bmp_ledger_payment p = {a->club, a->invoice, 0, a->date, a->ref, !a->no_club_number};
    if (!cents_of(a->amount, &p.cents)) {
        fprintf(stderr, "bridgemp ledger payment: --amount: expected dollars and cents such as "
                        "93.20, got \"%s\"\n", a->amount ? a->amount : "");
        return LEDGER_EXIT_USAGE;
    }
    bmp_ledger_paid r;
    bmp_error e = {0};
    bmp_status st = bmp_ledger_payment_record(l, a->body, &p, &r, &e);
    if (st)
        return ledger_fail(&e, st);
    char amount[32], bal[32], fee[32];
    money(p.cents, amount);
    money(r.balance, bal);
    money(r.fee_cents, fee);
    printf("payment %s: %s%s%s%s%s\n", p.ref, r.already ? "recorded before, nothing changed" : "recorded ",
           r.already ? "" : amount, p.invoice ? "; invoice balance " : "", p.invoice ? bal : "",
           r.fee_run && !r.already ? "; no club number: administration fee charged (ABF-115)" : "");
    (void)fee;
    return 0;
}

static int pay_list(ledger_args *a, bmp_ledger *l, bool balances)
{
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    bmp_status st = balances ? bmp_ledger_balances(l, a->body, a->pos[1], &t, &e)
                             : bmp_ledger_payment_list(l, a->body, &t, &e);
    return table_out(a, &t, st, &e);
}

static int run_report(const char *what, const bmp_ledger_run *r, const char *dir)
{
    char total[32];
    money(r->total, total);
    if (!r->id)
        printf("%s: nothing to charge\n", what);
    else
        printf("%s: charge run %lld%s, %zu line(s), %s; invoiced%s%s\n", what, (long long)r->id,
               r->already ? " (made before: nothing changed)" : "", r->lines, total,
               dir ? "; written to " : "", dir ? dir : "");
    return 0;
}

static int pay_overdue(ledger_args *a, bmp_ledger *l, bmp_invoice_format f)
{
    bmp_ledger_run r;
    bmp_error e = {0};
    bmp_status st = bmp_ledger_overdue_run(l, a->body, a->pos[1], a->output, f, &r, &e);
    return st ? ledger_fail(&e, st) : run_report("overdue penalties (ABF-114)", &r, a->output);
}

static int pay_event_levy(ledger_args *a, bmp_ledger *l, bmp_invoice_format f)
{
    char *end = NULL;
    long long batch = strtoll(a->pos[1], &end, 10);
    if (*end || batch <= 0)
        return usage_error();
    bmp_ledger_run r;
    bmp_error e = {0};
    bmp_status st = bmp_ledger_event_levy(l, a->body, batch, a->tour, a->output, f, &r, &e);
    return st ? ledger_fail(&e, st)
              : run_report(a->tour ? "bridge tour levy (ABF-116)" : "congress levy (ABF-116)", &r,
                           a->output);
}

static int pay_certificates(ledger_args *a, bmp_ledger *l, bmp_invoice_format f)
{
    bmp_ledger_certificates r;
    bmp_error e = {0};
    char *doc = NULL;
    size_t len = 0;
    bmp_status st = bmp_ledger_certificate_run(l, a->body, a->pos[1], &r, &e);
    if (!st && a->output)
        st = bmp_ledger_certificate_document(l, a->body, a->pos[1], f, &doc, &len, &e);
    if (!st && a->output)
        st = bmp_file_write_atomic(a->output, doc, len, &e);
    free(doc);
    if (st)
        return ledger_fail(&e, st);
    printf("certificates %s: %zu made, %zu made before%s%s\n", a->pos[1], r.made, r.already,
           a->output ? "; written to " : "", a->output ? a->output : "");
    return 0;
}

static int cmd_pay(ledger_args *a)
{
    if (a->help)
        return ledger_usage(a, help_pay);
    bmp_invoice_format f;
    const char *c = a->pos[0];
    bool payment = strcmp(c, "payment") == 0;
    if (a->npos != 2 || !a->body || !doc_format(a, &f) ||
        (payment && strcmp(a->pos[1], "record") != 0 && strcmp(a->pos[1], "list") != 0))
        return usage_error();
    bmp_error e = {0};
    bmp_ledger *l = NULL;
    bmp_status st = ledger_open_db(a, false, &l, &e);
    if (st)
        return ledger_fail(&e, st);
    int rc = payment && strcmp(a->pos[1], "record") == 0 ? pay_record(a, l)
             : payment                                  ? pay_list(a, l, false)
             : strcmp(c, "balances") == 0               ? pay_list(a, l, true)
             : strcmp(c, "overdue") == 0                ? pay_overdue(a, l, f)
             : strcmp(c, "event-levy") == 0             ? pay_event_levy(a, l, f)
                                                        : pay_certificates(a, l, f);
    bmp_ledger_close(l);
    return rc;
}

int (*ledger_pay_command(const char *name))(ledger_args *)
{
    static const char *const names[] = {"payment", "balances", "overdue", "event-levy",
                                        "certificates"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(names[i], name) == 0)
            return cmd_pay;
    return NULL;
}
