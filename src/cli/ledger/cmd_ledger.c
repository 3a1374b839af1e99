/* `bridgemp ledger`: the masterpoint ledger from the command line
 * (docs/ledger.md).  Exit codes as in main.c.  Every core subcommand is an
 * entry of one table (ledger_cmd, ledger_util.h), each file contributing its
 * section; this file joins them, looks the subcommand up, checks its
 * options and positional arguments and calls it.  A name the table lacks is
 * a body's run (--body B), generated from the body's table
 * (cmd_ledger_runs.c, include/bridgemp/ledger_runs.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/ledger/cmd_ledger.h"
#include "cli/ledger/cmd_ledger_runs.h"
#include "cli/ledger/ledger_args.h"
#include "cli/ledger/ledger_run_help.h"
#include "cli/ledger/ledger_util.h"

/* `bridgemp ledger --help`: this head, the runs of each body (generated
 * from their tables, ledger_run_help.c) and the tail. */
static const char *const ledger_help_head =
    "usage: bridgemp ledger [--db FILE] COMMAND [ARGS]\n"
    "\n"
    "The masterpoint ledger: registry, award batches, period closes, reports.\n"
    "The database is --db FILE (SQLite) or --db postgresql://... (PostgreSQL), else\n"
    "$BRIDGEMP_DB, else ./bridgemp.db.\n"
    "\n"
    "commands:\n"
    "  init                         create the ledger (or migrate it)\n"
    "  player add|import|export     the player register (CSV)\n"
    "  club add|import|export       the club register (CSV)\n"
    "  import FILE...               award batches: events (JSON, USEBIO), USEBIO with\n"
    "                               MASTER_POINTS, ABF credit files, CSV adjustments\n"
    "  batches                      list batches and their states\n"
    "  approve ID...|--all          provisional -> approved\n"
    "  reject ID --reason R         provisional or approved -> rejected\n"
    "  correct ID --reason R        reverse a posted batch (a new batch)\n"
    "  accept-carried ID --reason R accept a held batch's carried points\n"
    "  release NUMBER --date D      credit held points of a now registered player\n"
    "  convert NUMBER --foreign K --points P --ref R --date D  credit another body's points\n"
    "  charges RUN --body B         the lines of a charge run\n"
    "  invoice RUN|list|show|credit invoices of a charge run, credit notes\n"
    "  payment record|list, balances DATE  payments against invoices, what is owing\n"
    "  close PERIOD --body B        post approved batches, re-rank, promotions, freeze\n"
    "                               (--dry-run: what it would do, nothing changed)\n"
    "  batch show ID                a batch: header, lines, held lines and why\n"
    "  reopen PERIOD --body B --reason R  undo the last close (audited)\n"
    "  report statement|club|promotions|top|batches\n"
    "  report ranking|year|promotions PERIOD  the lists a body publishes\n"
    "  invoice-settings --body B [--set KEY=VALUE]  invoice numbers, due days, tax\n"
    "  verify                       recompute the audit chain, totals and holdings\n"
    "  backup FILE                  a verified copy while the ledger is in use (SQLite)\n"
    "  restore FILE --ledger TARGET the copy back, verified, all or nothing\n"
    "  token create|list|revoke     API tokens for 'bridgemp serve' (docs/serve.md)\n"
    "  user add|passwd|disable|list staff and club accounts for serve's pages\n"
    "  opening FILE --body B        opening balances from an old system (moving in)\n"
    "  player duplicates|merge|unmerge  likely duplicates, and merging them\n"
    "  audit                        the audit log (--since, --who, --action, --format)\n";

static const char *const ledger_help_tail =
    "\n"
    "A body's run: 'bridgemp ledger RUN ARGS --body B'; 'bridgemp ledger RUN --help'.\n"
    "common options: --db FILE, --who NAME (recorded in the audit log),\n"
    "--body abf|nzb|ebu|acbl, --format table|csv|json.  'bridgemp ledger CMD --help'.\n";

static void ledger_help(FILE *f)
{
    fputs(ledger_help_head, f);
    cli_run_list(f);
    fputs(ledger_help_tail, f);
}

/* The table: every file's section. */
static const ledger_cmd *const sections[] = {
    ledger_cmds_core,    ledger_cmds_report,  ledger_cmds_token, ledger_cmds_user, ledger_cmds_convert,
    ledger_cmds_charges, ledger_cmds_invoice, ledger_cmds_pay,   ledger_cmds_secretary,
    ledger_cmds_intake,  ledger_cmds_backup, ledger_cmds_publish, ledger_cmds_movein};

/* A group member's second word in capitals ("invoice RUN") stands for any word. */
static bool is_placeholder(const char *w)
{
    return *w >= 'A' && *w <= 'Z';
}

/* The entry named by pos[0] (and pos[1] when pos[0] names a group): with
 * exact, only by its own words; else a placeholder word matches too.
 * *group is the first entry of the group pos[0] names, if it names one. */
static const ledger_cmd *find_cmd(const ledger_args *a, bool exact, const ledger_cmd **group)
{
    for (size_t s = 0; s < sizeof sections / sizeof sections[0]; s++)
        for (const ledger_cmd *c = sections[s]; c->name; c++) {
            const char *sp = strchr(c->name, ' ');
            size_t n = sp ? (size_t)(sp - c->name) : strlen(c->name);
            if (strlen(a->pos[0]) != n || strncmp(c->name, a->pos[0], n) != 0)
                continue;
            if (!sp)
                return c;
            if (!*group) /* the group's help: its first entry's */
                *group = c;
            bool any = !exact && is_placeholder(sp + 1);
            if (a->npos >= 2 && (any || strcmp(sp + 1, a->pos[1]) == 0))
                return c;
        }
    return NULL;
}

/* Run entry c: its options checked, --help, its positional count, then fn. */
static int run_cmd(const ledger_cmd *c, ledger_args *a)
{
    int rc = ledger_check_opts(a, c->name, c->opts);
    if (rc)
        return rc;
    if (a->help)
        return ledger_usage(a, c->help);
    size_t n = a->npos - (strchr(c->name, ' ') ? 2 : 1);
    if (n < c->min || n > c->max)
        return ledger_usage(a, c->help);
    return c->fn(a);
}

/* The subcommand pos[0] names (a group's help when its member is missing or unknown). */
static int dispatch(ledger_args *a)
{
    if (a->npos == 0) {
        ledger_help(a->help ? stdout : stderr);
        return a->help ? 0 : LEDGER_EXIT_USAGE;
    }
    const ledger_cmd *group = NULL;
    const ledger_cmd *c = find_cmd(a, true, &group);
    if (!c)
        c = find_cmd(a, false, &group);
    if (c)
        return run_cmd(c, a);
    if (group)
        return ledger_usage(a, group->help);
    if (cli_runs_known(a->pos[0]))
        return cli_runs_dispatch(a);
    fprintf(stderr, "bridgemp ledger: unknown command \"%s\"\n\n", a->pos[0]);
    ledger_help(stderr);
    return LEDGER_EXIT_USAGE;
}

int cli_ledger(int argc, char **argv)
{
    ledger_args a = {0};
    int rc = ledger_parse_args(argc - 1, argv + 1, &a);
    if (!rc)
        rc = dispatch(&a);
    free(a.pos);
    free(a.control);
    free(a.sets);
    free(a.roles);
    return rc;
}
