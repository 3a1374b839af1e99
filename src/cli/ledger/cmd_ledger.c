/* `bridgemp ledger`: the masterpoint ledger from the command line
 * (docs/ledger.md).  Exit codes as in main.c.  Every subcommand is an entry
 * of one table (cli_cmd, cli/common/cmdline.h) with its own options; each
 * file contributes its section, the bodies' runs are a section generated
 * from the bodies' tables (cmd_ledger_runs.c, include/bridgemp/ledger_runs.h),
 * and this file joins them.  cli_parse finds the subcommand, checks its
 * options and positional arguments (a usage error, exit 2, names the valid
 * ones), answers --help from the table, and this file calls the entry. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/bridgemp.h"
#include "cli/ledger/cmd_ledger.h"
#include "cli/ledger/cmd_ledger_runs.h"
#include "cli/ledger/ledger_run_help.h"
#include "cli/ledger/ledger_util.h"

/* `bridgemp ledger --help`: this head, every subcommand (from the table),
 * the runs of each body (generated from their tables, ledger_run_help.c)
 * and the tail. */
static const char *const ledger_help_head =
    "The masterpoint ledger: registry, award batches, period closes, reports.\n"
    "The database is --db FILE (SQLite) or --db postgresql://... (PostgreSQL), else\n"
    "$BRIDGEMP_DB, else ./bridgemp.db.\n";

static const char *const ledger_help_tail =
    "A body's run: 'bridgemp ledger RUN ARGS --body B'; 'bridgemp ledger RUN --help'.\n"
    "common options: --db FILE, --who NAME (recorded in the audit log),\n"
    "--body abf|nzb|ebu|acbl, --format table|csv|json.  'bridgemp ledger CMD --help'.\n";

/* Every subcommand takes these (and --help). */
static const cli_opt ledger_globals[] = {
    LOPT(db, "FILE", "the ledger: SQLite FILE or postgresql://... (else $BRIDGEMP_DB)"),
    LOPT(who, "NAME", "who is recorded in the audit log"), CLI_OPT_END};

/* --format as given: a table's format, or html (a table as a page). */
static int format_of(ledger_args *a)
{
    if (!a->format)
        return 0;
    if (strcmp(a->format, "html") == 0) {
        a->html = true; /* a table as a page (bmp_ledger_report_write) */
        a->fmt = BMP_OUT_TABLE;
    } else if (!bmp_output_format_parse(a->format, &a->fmt)) {
        fprintf(stderr,
                "bridgemp ledger: --format: expected table, csv, json or html, got \"%s\"\n",
                a->format);
        return LEDGER_EXIT_USAGE;
    }
    return 0;
}

int cli_ledger(int argc, char **argv)
{
    cli_cmd *runs = cli_runs_table();
    if (!runs) {
        fputs("bridgemp ledger: out of memory\n", stderr);
        return LEDGER_EXIT_INPUT;
    }
    const cli_cmd *const sections[] = {
        ledger_cmds_core,    ledger_cmds_report,  ledger_cmds_token, ledger_cmds_user,
        ledger_cmds_convert, ledger_cmds_charges, ledger_cmds_invoice, ledger_cmds_pay,
        ledger_cmds_secretary, ledger_cmds_intake, ledger_cmds_backup, ledger_cmds_publish,
        ledger_cmds_movein,  runs};
    const cli_prog prog = {.name = "bridgemp ledger",
                           .usage = "bridgemp ledger [--db FILE] COMMAND [ARGS]",
                           .head = ledger_help_head,
                           .tail = ledger_help_tail,
                           .globals = ledger_globals,
                           .sections = sections,
                           .nsections = sizeof sections / sizeof sections[0],
                           .more = cli_run_list};
    ledger_args a = {0};
    cli_parsed p;
    int rc = p.status = 0;
    if (cli_parse(&prog, argc - 1, argv + 1, &a, &p)) {
        a.pos = p.pos;
        a.npos = p.npos;
        a.help = p.help;
        a.prog = &prog;
        a.cl = &p;
        rc = format_of(&a);
        if (!rc)
            rc = p.cmd->run(&a);
    } else {
        rc = p.status;
    }
    cli_parsed_free(&p);
    free(a.control.v);
    free(a.sets.v);
    free(a.roles.v);
    cli_runs_free(runs);
    return rc;
}
