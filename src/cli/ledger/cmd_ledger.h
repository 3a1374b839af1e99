/* `bridgemp ledger ...` (src/cli/ledger/cmd_ledger.c): the one entry point
 * into the ledger subcommands. */
#ifndef BMP_CLI_LEDGER_H
#define BMP_CLI_LEDGER_H

int cli_ledger(int argc, char **argv);

#endif
