/* `bridgemp ledger NAME ... --body B` for the runs of the bodies' tables
 * (include/bridgemp/ledger_runs.h; cmd_ledger_runs.c): the subcommands
 * generated from them, after the core's table (cmd_ledger.c). */
#ifndef BMP_CLI_CMD_LEDGER_RUNS_H
#define BMP_CLI_CMD_LEDGER_RUNS_H

#include <stdbool.h>
#include "cli/ledger/ledger_util.h"

/* Is `name` a run of any body's table? */
bool cli_runs_known(const char *name);
/* Run a->pos[0] of body --body: its options checked against the spec, its
 * help, its arguments, then the run; the exit status. */
int cli_runs_dispatch(ledger_args *a);

#endif
