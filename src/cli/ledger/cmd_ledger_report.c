/* `bridgemp ledger report ...` and `batches`: statements, club reports,
 * promotions, top earners and batches as a table, CSV or JSON. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/bridgemp.h"
#include "cli/ledger/ledger_util.h"

static const char *const help_report =
    "statement: history by period and point type (pending batches in brackets),\n"
    "holdings, rank, and what the next rank still needs.  club: home and\n"
    "alternate members and players who earned at the club in the quarter to\n"
    "--period (ABF-94..96).  top: top earners by rank group.\n";

static const char *const help_batches =
    "";

static bmp_status fill_statement(bmp_ledger *l, const ledger_args *a, const void *arg,
                                 bmp_table *t, bmp_error *e)
{
    (void)arg;
    return bmp_ledger_statement(l, a->body, a->pos[2], t, e);
}

static bmp_status fill_club(bmp_ledger *l, const ledger_args *a, const void *arg, bmp_table *t,
                            bmp_error *e)
{
    (void)arg;
    return bmp_ledger_club_report(l, a->body, a->pos[2], a->period, t, e);
}

static bmp_status fill_promotions(bmp_ledger *l, const ledger_args *a, const void *arg,
                                  bmp_table *t, bmp_error *e)
{
    (void)arg;
    return bmp_ledger_promotions(l, a->body, a->period, t, e);
}

static bmp_status fill_top(bmp_ledger *l, const ledger_args *a, const void *arg, bmp_table *t,
                           bmp_error *e)
{
    (void)arg;
    return bmp_ledger_top_earners(l, a->body, a->period,
                                  a->limit ? (size_t)strtoul(a->limit, NULL, 10) : 10, t, e);
}

static bmp_status fill_batches(bmp_ledger *l, const ledger_args *a, const void *arg,
                               bmp_table *t, bmp_error *e)
{
    (void)arg;
    return bmp_ledger_batches(l, a->state, t, e);
}

/* The report and the head of the chain it was made from, read in one
 * snapshot; a table on standard output ends with "ledger head N:HASH"
 * (issue 27: a published list anchors the books it was made from). */
typedef struct head_arg {
    ledger_fill_fn fill;
} head_arg;

static bmp_status head_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                            bmp_problems *p, bmp_error *e)
{
    (void)p;
    bmp_ledger_head h;
    bmp_status st = bmp_ledger_snapshot_begin(l, e);
    if (!st)
        st = bmp_ledger_head_get(l, &h, e);
    if (!st)
        st = ledger_fill_put(l, a, ((const head_arg *)arg)->fill, NULL, e);
    bmp_ledger_snapshot_end(l);
    if (!st && a->fmt == BMP_OUT_TABLE && (!a->output || strcmp(a->output, "-") == 0)) {
        char hs[96];
        bmp_ledger_head_format(&h, hs, sizeof hs);
        printf("ledger head %s\n", hs);
    }
    return st;
}

/* A report of a body needs --body. */
static int body_report(ledger_args *a, ledger_fill_fn fill)
{
    if (!a->body)
        return ledger_usage(a);
    head_arg h = {fill};
    return ledger_run(a, head_step, &h);
}

static int cmd_statement(void *a) { return body_report(a, fill_statement); }

static int cmd_club(void *a) { return body_report(a, fill_club); }

/* With PERIOD, the published form (cmd_ledger_publish.c); else as before. */
static int cmd_promotions(void *arg)
{
    ledger_args *a = arg;
    if (a->npos > 2)
        return a->period ? ledger_usage(a) : cli_ledger_published_promotions(a);
    return body_report(a, fill_promotions);
}

static int cmd_top(void *a) { return body_report(a, fill_top); }

static int cmd_batches(void *a) { return ledger_report_table(a, fill_batches, NULL); }

static const cli_opt opts_body_table[] = {LOPT_BODY, LEDGER_TABLE_OPTS, CLI_OPT_END};
static const cli_opt opts_period[] = {
    LOPT_BODY, LOPT(period, "yyyy-mm", "the month (else the last closed)"), LEDGER_TABLE_OPTS,
    CLI_OPT_END};
static const cli_opt opts_top[] = {
    LOPT_BODY, LOPT(period, "yyyy-mm", "the month (else the last closed)"),
    LOPT(limit, "N", "at most N players a rank group"), LEDGER_TABLE_OPTS, CLI_OPT_END};
static const cli_opt opts_batches[] = {
    LOPT(state, "S", "only batches in state S (provisional, approved, posted, rejected)"),
    LEDGER_TABLE_OPTS, CLI_OPT_END};

const cli_cmd ledger_cmds_report[] = {
    {"report statement", "NUMBER", "a player's history, holdings and rank", help_report,
     opts_body_table, 1, 1, cmd_statement, 0},
    {"report club", "CLUB", "a club's members and the players who earned there", help_report,
     opts_period, 1, 1, cmd_club, 0},
    {"report promotions", "[PERIOD]", "promotions (PERIOD: as published)", help_report,
     opts_period, 0, 1, cmd_promotions, 0},
    {"report top", "", "top earners by rank group", help_report, opts_top, 0, 0, cmd_top, 0},
    {"report batches", "", "batches and their states", help_batches, opts_batches, 0, 0,
     cmd_batches, 0},
    {"batches", "", "list batches and their states", help_batches, opts_batches, 0, 0,
     cmd_batches, 0},
    {NULL, NULL, NULL, NULL, NULL, 0, 0, NULL, 0}};
