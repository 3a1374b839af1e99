/* bridgemp-ledger: the `ledger` and `serve` commands of bridgemp, a program
 * of their own (over libbridgemp-ledger) so that the engine's commands,
 * `bridgemp award` and the rest, load no database client.  `bridgemp ledger
 * ...` and `bridgemp serve ...` exec it with their argv unchanged
 * (src/cli/main.c), so argv[1] is the command and every message and exit
 * code is the one the command gives. */
#include <signal.h>
#include <sqlite3.h>
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
    /* SQLite's memory statistics off, before SQLite is initialised (it is
     * process-wide, so here and not in the library).  With them on (Debian
     * builds SQLITE_DEFAULT_MEMSTATUS=1) every sqlite3_malloc and
     * sqlite3_free takes SQLite's global STATIC_MEM mutex to count bytes,
     * and the server's worker threads contend on it (futex waits, wake-ups)
     * for figures nothing reads: no sqlite3_memory_used, _highwater or
     * sqlite3_status anywhere (docs/performance.md, issue 30). */
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    /* as bridgemp: a closed pipe is a write error (exit 1), not SIGPIPE */
    signal(SIGPIPE, SIG_IGN);
    return cli_finish_stdout(run(argc, argv));
}
