/* `bridgemp ledger NAME ... --body B` for the runs of the bodies' tables
 * (include/bridgemp/ledger_runs.h; cmd_ledger_runs.c): the subcommands
 * generated from them, after the core's table (cmd_ledger.c). */
#ifndef BMP_CLI_CMD_LEDGER_RUNS_H
#define BMP_CLI_CMD_LEDGER_RUNS_H

#include <stdbool.h>
#include "cli/ledger/ledger_util.h"

/* The section of the ledger's table that the runs are: one entry per name
 * (every body's run of that name: its options are all of theirs), each
 * running a->pos[0] of body --body (its options checked against that
 * body's spec, so open to the parse: the message names that body's own;
 * its help, its arguments, then the run).  NULL when out of
 * memory; cli_runs_free frees it. */
cli_cmd *cli_runs_table(void);
void cli_runs_free(cli_cmd *t);

#endif
