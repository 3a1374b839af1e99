/* `bridgemp ledger` for a body moving in (issue 28, docs/ledger.md "Moving
 * in"): the register import that says what it changes, opening balances,
 * likely duplicates and merges, and the audit log. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/bridgemp.h"
#include "bridgemp/ledger.h"
#include "bridgemp/ledger_movein.h"
#include "cli/ledger/ledger_util.h"

/* The player group's help (its first line as `player add`'s: the group's
 * help is any member's). */
static const char *const help_player_import =
    "Player register CSV columns: number,name,status,home_club,alternates,overseas,\n"
    "youth,registered_from,registered_to,pre1982_red,birth_year and the player's\n"
    "region in the body's word: state (ABF: ACT, NSW, NT, QLD, SA, TAS, VIC, WA, or\n"
    "the name), county (EBU), region (NZ), unit (ACBL).  A header cell is read\n"
    "case-insensitively with spaces and hyphens as '_' (\"Home Club\" is home_club);\n"
    "any other column is refused, naming the valid ones.  number is required,\n"
    "name for a new player.  A file updates only the columns it has.  Statuses:\n"
    "Active, Dormant, Temporary, Resigned, Deceased, Unknown (NZ-88); a status\n"
    "change is listed and audited (a Deceased player is never credited, NZ-88).\n"
    "An empty number is allocated where the body allocates (NZ-89).  Every bad row is reported by line and nothing is imported if any row\n"
    "is bad.  --dry-run prints every change (new players; per field: \"from\" -> \"to\")\n"
    "and writes nothing; the import's audit entry lists the same.\n"
    "\n"
    "duplicates lists likely pairs: the same name (letters and digits, any case)\n"
    "and home club under numbers one digit apart or with two digits transposed.\n"
    "merge moves DUP's posted points to KEEP by a transfer batch (history is never\n"
    "edited), re-ranks KEEP, and makes DUP a redirect: statements and imports of\n"
    "DUP reach KEEP.  unmerge reverses the transfer and ends the redirect.\n";

static const char *const help_audit =
    "The audit log, oldest first: seq, when, who, action, detail and the chain's\n"
    "hashes (each entry hashes the one before; 'ledger verify' recomputes them).\n"
    "--since keeps entries at or after DATE (yyyy-mm-dd or a full timestamp);\n"
    "--action A keeps the action A or the actions whose first word is A\n"
    "(\"import\" is every import); --table T the entries that wrote a row of\n"
    "table T (player, batch, journal, ...).\n"
    "--rows: the rows each entry wrote, as the chain imaged them: table, key,\n"
    "new, changed or removed, and for a register's row each field changed\n"
    "(name: 'from' -> 'to'); a group of rows (a batch's journal lines) as\n"
    "rows=N.  Readable: under each entry; csv and json: one record a row\n"
    "(seq, at, who, action, table, key, what, change).\n";

/* ---- player import -------------------------------------------------------- */

static bmp_status player_import_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                                     bmp_problems *p, bmp_error *e)
{
    (void)arg;
    bmp_ledger_register_opts o = {.size = sizeof o, .dry_run = a->dry_run,
                                  .changes = a->dry_run ? stdout : NULL};
    bmp_ledger_register_stats s = {0};
    bmp_status st = bmp_ledger_import_register(l, a->body, a->pos[2], &o, &s, p, e);
    if (st)
        return st;
    if (a->dry_run)
        printf("%s: dry run: %zu rows: %zu new, %zu changed, %zu unchanged; nothing written\n",
               a->pos[2], s.rows, s.added, s.changed, s.unchanged);
    else
        printf("%s: %zu players imported\n", a->pos[2], s.rows);
    return BMP_OK;
}

static int cmd_player_import(void *arg)
{
    ledger_args *a = arg;
    if (!a->body)
        return ledger_usage(a);
    return ledger_run(a, player_import_step, NULL);
}

/* ---- duplicates and merges ------------------------------------------------ */

static bmp_status duplicates_fill(bmp_ledger *l, const ledger_args *a, const void *arg,
                                  bmp_table *t, bmp_error *e)
{
    (void)arg;
    return bmp_ledger_duplicates(l, a->body, t, e);
}

static int cmd_duplicates(void *arg)
{
    ledger_args *a = arg;
    if (!a->body)
        return ledger_usage(a);
    return ledger_report_table(a, duplicates_fill, NULL);
}

static bmp_status merge_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                             bmp_problems *p, bmp_error *e)
{
    (void)p;
    bool merge = *(const bool *)arg;
    int64_t id = 0;
    bmp_status st = merge ? bmp_ledger_merge(l, a->body, a->pos[2], a->into, a->reason, &id, e)
                          : bmp_ledger_unmerge(l, a->body, a->pos[2], a->reason, &id, e);
    if (!st && merge)
        printf("player %s merged into %s: batch %lld moves its points; %s now reaches %s\n",
               a->pos[2], a->into, (long long)id, a->pos[2], a->into);
    else if (!st)
        printf("player %s unmerged: batch %lld reverses the merge\n", a->pos[2], (long long)id);
    return st;
}

static const bool merging = true, unmerging = false;

static int cmd_merge(void *arg)
{
    ledger_args *a = arg;
    if (!a->body || !a->into || !a->reason)
        return ledger_usage(a);
    return ledger_run(a, merge_step, &merging);
}

static int cmd_unmerge(void *arg)
{
    ledger_args *a = arg;
    if (!a->body || !a->reason)
        return ledger_usage(a);
    return ledger_run(a, merge_step, &unmerging);
}

/* ---- opening balances ---------------------------------------------------- */

static const char *const help_opening =
    "Opening balances from an old system, one line a player: the player's number,\n"
    "lifetime holdings per point type of the body, the rank held and the date it\n"
    "was reached (CSV number,<point types>,rank,rank_date; ABF\n"
    "number,green,red,gold,rank,rank_date).  Posted at once as one opening batch:\n"
    "no promotion, no certificate; the rank is kept and is the floor of every\n"
    "later close (a close promotes only on new points).  The rank must be one the\n"
    "body has and not below the rank the points earn (ruling MI-2).  Once per\n"
    "player: a second file for the same players is refused, naming them, unless\n"
    "--replaces ID names the opening batch it replaces (reversed, with --reason).\n"
    "Statements show the lines as \"opening balance\".\n";

static bmp_status opening_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                               bmp_problems *p, bmp_error *e)
{
    const long long *replaces = arg;
    bmp_ledger_opening_opts o = {.size = sizeof o, .body = a->body, .reason = a->reason,
                                 .replaces = *replaces};
    int64_t id = 0;
    size_t n = 0;
    bmp_status st = bmp_ledger_opening(l, a->pos[1], &o, &id, &n, p, e);
    if (!st)
        printf("%s: opening batch %lld posted: %zu players\n", a->pos[1], (long long)id, n);
    return st;
}

static int cmd_opening(void *arg)
{
    ledger_args *a = arg;
    long long replaces = 0;
    if (!a->body || !a->reason || (a->replaces && !ledger_number(a->replaces, 1, INT64_MAX,
                                                                &replaces)))
        return ledger_usage(a);
    return ledger_run(a, opening_step, &replaces);
}

/* ---- audit ---------------------------------------------------------------- */

/* The readable form: one block per entry, the detail's lines indented,
 * then (rows given) the rows it wrote, rows[*at..] being its own. */
static void audit_blocks(const bmp_table *t, const bmp_table *rows, FILE *f)
{
    size_t at = 0;
    for (size_t r = 0; r < t->nrows; r++) {
        const char *seq = bmp_table_get(t, r, 0);
        fprintf(f, "#%s %s %s: %s\n", seq, bmp_table_get(t, r, 1), bmp_table_get(t, r, 2),
                bmp_table_get(t, r, 3));
        const char *d = bmp_table_get(t, r, 4);
        while (*d) {
            const char *nl = strchr(d, '\n');
            size_t n = nl ? (size_t)(nl - d) : strlen(d);
            fprintf(f, "    %.*s\n", (int)n, d);
            d += n + (nl != NULL);
        }
        fprintf(f, "    hash %.16s (after %.16s)\n", bmp_table_get(t, r, 6),
                bmp_table_get(t, r, 5));
        for (; rows && at < rows->nrows && strcmp(bmp_table_get(rows, at, 0), seq) == 0; at++) {
            const char *change = bmp_table_get(rows, at, 7);
            fprintf(f, "      %s %s %s%s%s\n", bmp_table_get(rows, at, 4),
                    bmp_table_get(rows, at, 5), bmp_table_get(rows, at, 6), *change ? ": " : "",
                    change);
        }
    }
    fprintf(f, "%zu entries\n", t->nrows);
}

typedef struct audit_out {
    const bmp_table *entries, *rows;
} audit_out;

static bmp_status audit_write(FILE *f, const void *arg, bmp_error *e)
{
    (void)e;
    const audit_out *o = arg;
    audit_blocks(o->entries, o->rows, f);
    return BMP_OK;
}

static bmp_status audit_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                             bmp_problems *p, bmp_error *e)
{
    (void)arg;
    (void)p;
    bmp_ledger_audit_filter f = {.since = a->since, .who = a->who, .action = a->action,
                                 .table = a->table};
    bmp_table t, rows;
    bmp_table_init(&t);
    bmp_table_init(&rows);
    bool table = a->fmt == BMP_OUT_TABLE;
    bmp_status st = table || !a->rows ? bmp_ledger_audit_list(l, &f, &t, e) : BMP_OK;
    if (!st && a->rows)
        st = bmp_ledger_audit_rows(l, &f, &rows, e);
    audit_out o = {&t, a->rows ? &rows : NULL};
    if (!st)
        st = table ? ledger_put(a, audit_write, &o, e)
                   : ledger_put_table(a->rows ? &rows : &t, a, e);
    bmp_table_free(&t);
    bmp_table_free(&rows);
    return st;
}

static int cmd_audit(void *arg)
{
    ledger_args *a = arg;
    return ledger_run(a, audit_step, NULL);
}

static const cli_opt opts_import[] = {
    LOPT_BODY, LFLAG(dry_run, "--dry-run", "print every change; write nothing"), CLI_OPT_END};
static const cli_opt opts_dups[] = {LOPT_BODY, LEDGER_TABLE_OPTS, CLI_OPT_END};
static const cli_opt opts_merge[] = {
    LOPT_BODY, LOPT_REQ(into, "KEEP", "the number that stays"), LOPT_REASON_REQ, CLI_OPT_END};
static const cli_opt opts_unmerge[] = {LOPT_BODY, LOPT_REASON_REQ, CLI_OPT_END};
static const cli_opt opts_opening[] = {
    LOPT_BODY, LOPT_REASON_REQ, LOPT(replaces, "ID", "the opening batch this one replaces"),
    CLI_OPT_END};
static const cli_opt opts_audit[] = {
    LOPT(since, "DATE", "entries at or after DATE (yyyy-mm-dd or a timestamp)"),
    LOPT(action, "A", "the action A, or those whose first word is A"),
    LOPT(table, "T", "the entries that wrote a row of table T"),
    LFLAG(rows, "--rows", "the rows each entry wrote"), LEDGER_TABLE_OPTS, CLI_OPT_END};

const cli_cmd ledger_cmds_movein[] = {
    {"player import", "FILE", "players from CSV (new, or the columns a file has)",
     help_player_import, opts_import, 1, 1, cmd_player_import, 0},
    {"player duplicates", "", "likely duplicate players", help_player_import, opts_dups, 0, 0,
     cmd_duplicates, 0},
    {"player merge", "DUP", "merge a duplicate into the player kept", help_player_import,
     opts_merge, 1, 1, cmd_merge, 0},
    {"player unmerge", "DUP", "undo a merge", help_player_import, opts_unmerge, 1, 1, cmd_unmerge,
     0},
    {"opening", "FILE", "opening balances from an old system (moving in)", help_opening,
     opts_opening, 1, 1, cmd_opening, 0},
    {"audit", "", "the audit log (--since, --who, --action, --format)", help_audit, opts_audit, 0,
     0, cmd_audit, 0},
    {NULL, NULL, NULL, NULL, NULL, 0, 0, NULL, 0}};
