/* `bridgemp ledger charges`: the lines of a charge run, any body's
 * (bmp_ledger_charge_lines).  The bodies' runs themselves (capitation,
 * levy, ums, fees ...) are generated from their tables (cmd_ledger_runs.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_charges.h"
#include "cli/ledger/ledger_util.h"

static const char *const help_charges =
    "The lines of charge run RUN (capitation or levy): club, player, batch, rule,\n"
    "charge and cents, as a table, CSV or JSON.\n";

static bmp_status fill_charges(bmp_ledger *l, const ledger_args *a, const void *run,
                               bmp_table *t, bmp_error *e)
{
    return bmp_ledger_charge_lines(l, a->body, *(const int64_t *)run, t, e);
}

static int cmd_charges(void *arg)
{
    ledger_args *a = arg;
    long long run;
    if (!a->body || !ledger_number(a->pos[1], 1, INT64_MAX, &run))
        return ledger_usage(a);
    int64_t r = run;
    return ledger_report_table(a, fill_charges, &r);
}

static const cli_opt opts_charges[] = {LOPT_BODY, LEDGER_TABLE_OPTS, CLI_OPT_END};

const cli_cmd ledger_cmds_charges[] = {
    {"charges", "RUN", "the lines of a charge run", help_charges, opts_charges, 1, 1, cmd_charges,
     0},
    {NULL, NULL, NULL, NULL, NULL, 0, 0, NULL, 0}};
