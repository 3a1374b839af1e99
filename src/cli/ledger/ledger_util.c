/* The ledger subcommands' helpers (ledger_util.h): failures and usage,
 * opening the ledger, running a step, putting a table or a file. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bridgemp/bridgemp.h"
#include "bridgemp/file.h"
#include "bridgemp/ledger.h"
#include "bridgemp/ledger_publish.h"
#include "cli/ledger/ledger_util.h"
#include "cli/ledger/ledger_who.h"

/* A message as text, never a terminal's command (issue 27): a value it
 * quotes from a file or a database is shown escaped. */
static void put_safe(const char *fmt, const char *msg)
{
    char *s = bmp_text_escape(msg);
    fprintf(stderr, fmt, s ? s : msg);
    free(s);
}

int ledger_fail(const bmp_error *e, bmp_status st)
{
    put_safe("bridgemp ledger: %s\n", e->msg[0] ? e->msg : bmp_status_name(st));
    return st == BMP_ENOTSUP ? LEDGER_EXIT_NOTSUP : LEDGER_EXIT_INPUT;
}

int ledger_fail_problems(const bmp_problems *p, const bmp_error *e, bmp_status st)
{
    if (p->count <= 1)
        return ledger_fail(e, st);
    fprintf(stderr, "bridgemp ledger: %zu problems, nothing written:\n", p->count);
    for (size_t i = 0; i < p->count; i++)
        put_safe("  %s\n", p->msgs[i]);
    return LEDGER_EXIT_INPUT;
}

void ledger_money(int64_t cents, char buf[32])
{
    /* unsigned: the magnitude of INT64_MIN too */
    unsigned long long c = cents < 0 ? 0ULL - (unsigned long long)cents : (unsigned long long)cents;
    snprintf(buf, 32, "%s%llu.%02llu", cents < 0 ? "-" : "", c / 100, c % 100);
}

bool ledger_doc_format(const ledger_args *a, bmp_invoice_format *f)
{
    *f = BMP_INVOICE_HTML;
    if (a->as && !bmp_invoice_format_parse(a->as, f)) {
        fprintf(stderr, "bridgemp ledger %s: --as: expected html, csv or json, got \"%s\"\n",
                a->pos[0], a->as);
        return false;
    }
    return true;
}

bool ledger_number(const char *s, long long min, long long max, long long *out)
{
    char *end = NULL;
    if (!s)
        return false;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (end == s || *end || errno || v < min || v > max)
        return false;
    *out = v;
    return true;
}

/* The output goes through a memory stream so that a file is written whole
 * or not at all, and a full disk or closed pipe is an error, not a short
 * file. */
bmp_status ledger_put(const ledger_args *a, ledger_write_fn write, const void *arg, bmp_error *e)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return bmp_error_oom(e);
    bmp_status st = write(f, arg, e);
    if (fclose(f) != 0 && !st)
        st = bmp_error_oom(e);
    if (!st)
        st = bmp_file_write_atomic(a->output ? a->output : "-", buf, len, e);
    free(buf);
    return st;
}

typedef struct put_table {
    const bmp_table *t;
    bmp_output_format fmt;
    bool html; /* --format html: a page (bmp_ledger_report_write) */
} put_table;

static bmp_status write_table(FILE *f, const void *arg, bmp_error *e)
{
    const put_table *p = arg;
    if (p->html)
        return bmp_ledger_report_write(p->t, NULL, BMP_REPORT_HTML, f, e);
    return bmp_table_write(p->t, p->fmt, f, e);
}

bmp_status ledger_put_table(const bmp_table *t, const ledger_args *a, bmp_error *e)
{
    put_table p = {t, a->fmt, a->html};
    return ledger_put(a, write_table, &p, e);
}

bmp_status ledger_open_db(const ledger_args *a, bool create, bmp_ledger **l, bmp_error *e)
{
    const char *db = a->db ? a->db : getenv("BRIDGEMP_DB");
    char who[64];
    bmp_ledger_opts o = {.size = sizeof o, .create = create, .who = cli_ledger_who(a, who),
                         .now = getenv("BRIDGEMP_NOW")};
    return bmp_ledger_open(db && *db ? db : "bridgemp.db", &o, l, e);
}

int ledger_run(const ledger_args *a, ledger_step_fn step, const void *arg)
{
    bmp_error e = {0};
    bmp_problems p = {0};
    bmp_ledger *l = NULL;
    bmp_status st = ledger_open_db(a, false, &l, &e);
    if (!st) {
        st = step(l, a, arg, &p, &e);
        bmp_ledger_close(l);
    }
    int rc = st ? ledger_fail_problems(&p, &e, st) : 0;
    bmp_problems_free(&p);
    return rc;
}

typedef struct report {
    ledger_fill_fn fill;
    const void *arg;
} report;

bmp_status ledger_fill_put(bmp_ledger *l, const ledger_args *a, ledger_fill_fn fill,
                           const void *arg, bmp_error *e)
{
    bmp_table t;
    bmp_table_init(&t);
    bmp_status st = fill(l, a, arg, &t, e);
    if (!st)
        st = ledger_put_table(&t, a, e);
    bmp_table_free(&t);
    return st;
}

static bmp_status report_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                              bmp_problems *p, bmp_error *e)
{
    (void)p;
    const report *r = arg;
    return ledger_fill_put(l, a, r->fill, r->arg, e);
}

int ledger_report_table(const ledger_args *a, ledger_fill_fn fill, const void *arg)
{
    report r = {fill, arg};
    return ledger_run(a, report_step, &r);
}

int ledger_usage(const ledger_args *a)
{
    return cli_usage(a->prog, a->cl->cmd, a->cl);
}
