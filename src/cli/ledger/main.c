/* bridgemp-ledger: the `ledger` and `serve` commands of bridgemp, a program
 * of their own (over libbridgemp-ledger) so that the engine's commands,
 * `bridgemp award` and the rest, load no database client.  `bridgemp ledger
 * ...` and `bridgemp serve ...` exec it with their argv unchanged
 * (src/cli/main.c), so argv[1] is the command and every message and exit
 * code is the one the command gives. */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli_io.h"
#include "cli/ledger/cmd_ledger.h"
#include "cli/ledger/cmd_serve.h"

/* Dispatch on argv[1], as bridgemp's own run() does for these two commands. */
static int run(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "ledger") == 0)
        return cli_ledger(argc - 1, argv + 1);
    if (argc >= 2 && strcmp(argv[1], "serve") == 0)
        return cli_serve(argc - 1, argv + 1);
    fputs("usage: bridgemp-ledger ledger|serve [ARGS]\n"
          "(run by 'bridgemp ledger' and 'bridgemp serve'; see 'bridgemp --help')\n",
          stderr);
    return BMP_EXIT_USAGE;
}

int main(int argc, char **argv)
{
    /* as bridgemp: a closed pipe is a write error (exit 1), not SIGPIPE */
    signal(SIGPIPE, SIG_IGN);
    return cli_finish_stdout(run(argc, argv));
}
