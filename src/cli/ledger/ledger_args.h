/* The ledger subcommands' options (ledger_args.c): parsing and checking. */
#ifndef BMP_CLI_LEDGER_ARGS_H
#define BMP_CLI_LEDGER_ARGS_H

#include <stdint.h>
#include "cli/ledger/ledger_util.h"

/* Fill a from argv (no program or "ledger" word): options anywhere, the
 * rest positional.  0, or an exit status after a message (an unknown
 * option, a missing value, a bad --format). */
int ledger_parse_args(int argc, char **argv, ledger_args *a);
/* 0 when every option given is --db, --who or one of accepted; else
 * LEDGER_EXIT_USAGE after naming the first other one and the subcommand
 * cmd's options. */
int ledger_check_opts(const ledger_args *a, const char *cmd, uint64_t accepted);
/* The option named `name` ("--rates"): its LO_ index, LO_COUNT if none. */
int ledger_opt_index(const char *name);
/* Option k's value as given: the string, "" for a flag, NULL if absent. */
const char *ledger_opt_value(const ledger_args *a, int k);

#endif
