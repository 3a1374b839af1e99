/* The ledger subcommands' shared pieces (src/cli/ledger): the parsed
 * arguments, the subcommand table's entry, and the helpers every
 * subcommand uses (ledger_util.c) -- so that no two subcommand files use
 * each other. */
#ifndef BMP_CLI_LEDGER_UTIL_H
#define BMP_CLI_LEDGER_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "bridgemp/ledger.h"
#include "bridgemp/ledger_charges.h"
#include "bridgemp/ledger_invoice.h"
#include "cli/common/cmdline.h"

/* Parsed options (cli_parse stores them here through each subcommand's own
 * option table, cli/common/cmdline.h), the positional words and the parse
 * itself (for the options a body's run reads by name). */
typedef struct ledger_args {
    const char *db, *who, *body, *club, *number, *name, *status, *alternates, *reason,
        *state, *period, *output, *kind, *grade, *edition, *classification, *usebio_status,
        *rating, *sidecar, *limit, *replaces, *date, *scope, *event;
    const char *foreign, *points, *ref, *earned; /* ledger convert (cmd_ledger_convert.c) */
    bool dummy, overseas, youth, all, help;
    bool strict_numbers; /* import: refuse a file for a player's number (issue 43) */
    const char *limits;  /* import: the work a file may ask for (bmp_limits, issue 45) */
    const char *as; /* ledger invoice: html, csv or json (cmd_ledger_invoice.c) */
    const char *invoice, *amount; /* ledger payment (cmd_ledger_pay.c) */
    bool no_club_number;          /* ABF-115 */
    bool dry_run;                 /* ledger close --dry-run (cmd_ledger_secretary.c) */
    const char *ledger;           /* ledger restore --ledger TARGET (cmd_ledger_backup.c) */
    bool force_replace;           /* ledger restore --force-replace */
    const char *since, *action, *into; /* ledger audit, player merge; verify --since N:HASH */
    const char *head;             /* ledger verify --head N:HASH (issue 27) */
    bool rows;                    /* ledger audit --rows: the rows each entry wrote */
    const char *table;            /* ledger audit --table T */
    const char *format;           /* --format as given; fmt and html from it */
    bmp_output_format fmt;
    bool html;                    /* --format html (a table as a page) */
    const char *rank;             /* report ranking --rank */
    const char *region, *county;  /* report ranking --region, --county (and --state) */
    cli_list sets;                /* invoice-settings --set KEY=VALUE, repeatable */
    cli_list roles;               /* ledger user add --role ROLE, repeatable (issue 29) */
    bool password_stdin;          /* ledger user --password-stdin */
    cli_list control;             /* import --control TYPE=POINTS, repeatable */
    const char **pos;             /* the positional words, the subcommand's first */
    size_t npos;
    const cli_prog *prog;         /* the table and the parse (cmd_ledger.c) */
    const cli_parsed *cl;
} ledger_args;

/* Option table entries: a value stored in ledger_args field f, "--f V";
 * a required one; a flag named nm. */
#define LOPT(f, v, d) CLI_VALUE_AT(ledger_args, f, "--" #f, 0, v, d)
#define LOPT_REQ(f, v, d) CLI_REQUIRED_AT(ledger_args, f, "--" #f, v, d)
#define LFLAG(f, nm, d) CLI_FLAG_AT(ledger_args, f, nm, 0, d)
#define LOPT_BODY LOPT_REQ(body, "B", "the governing body: abf, nzb, ebu or acbl")
#define LOPT_FORMAT LOPT(format, "F", "table (default), csv, json or html")
#define LOPT_OUTPUT LOPT(output, "FILE", "write it to FILE (atomically), not standard output")
#define LOPT_REASON LOPT(reason, "R", "why: kept with the change and in the audit log")
#define LOPT_REASON_REQ LOPT_REQ(reason, "R", "why: kept with the change and in the audit log")
/* --format and --output: a subcommand that puts a table. */
#define LEDGER_TABLE_OPTS LOPT_OUTPUT, LOPT_FORMAT

/* The subcommands: one table (cli_cmd, cli/common/cmdline.h) of which
 * every file contributes a section; cmd_ledger.c joins the sections, and
 * cli_parse finds the entry, checks its options and positional count and
 * calls its run with the ledger_args. */
#define LEDGER_MANY CLI_MANY

/* The table's sections, one per file, each ending with {NULL}. */
extern const cli_cmd ledger_cmds_core[];     /* cmd_ledger_core.c */
extern const cli_cmd ledger_cmds_report[];   /* cmd_ledger_report.c */
extern const cli_cmd ledger_cmds_token[];    /* cmd_ledger_token.c */
extern const cli_cmd ledger_cmds_user[];     /* cmd_ledger_user.c (issue 29) */
extern const cli_cmd ledger_cmds_convert[];  /* cmd_ledger_convert.c */
extern const cli_cmd ledger_cmds_charges[];  /* cmd_ledger_charges.c */
extern const cli_cmd ledger_cmds_invoice[];  /* cmd_ledger_invoice.c */
extern const cli_cmd ledger_cmds_pay[];      /* cmd_ledger_pay.c */
extern const cli_cmd ledger_cmds_secretary[]; /* cmd_ledger_secretary.c */
extern const cli_cmd ledger_cmds_backup[];   /* cmd_ledger_backup.c */
extern const cli_cmd ledger_cmds_movein[];   /* cmd_ledger_movein.c */

/* cmd_ledger_secretary.c: a view's sections in --format (table or JSON), and
 * `close --dry-run` (what the close would do, printed; nothing changed). */
struct bmp_ledger_sections;
bmp_status cli_ledger_put_sections(const struct bmp_ledger_sections *s, const ledger_args *a,
                                   bmp_error *e);
bmp_status cli_ledger_close_preview(bmp_ledger *l, const ledger_args *a, bmp_error *e);
extern const cli_cmd ledger_cmds_intake[];   /* cmd_ledger_intake.c */
/* cmd_ledger_publish.c: report ranking, report year, invoice-settings, and
 * `report promotions PERIOD` (the published form; cmd_ledger_report.c
 * keeps the --period form and calls this for the other). */
extern const cli_cmd ledger_cmds_publish[];
int cli_ledger_published_promotions(ledger_args *a);
/* "FILE: batch N provisional", and ", held: WHY" for a batch held for its
 * carried points (cmd_ledger_intake.c). */
void ledger_print_imported(bmp_ledger *l, const char *file, int64_t id);
/* approve --all: true (and "batch N held: WHY; not approved" printed) for
 * a batch held for its carried points and not accepted. */
bool ledger_skip_held(bmp_ledger *l, int64_t id);

enum { LEDGER_EXIT_INPUT = 1, LEDGER_EXIT_USAGE = 2, LEDGER_EXIT_NOTSUP = 3 };

int ledger_fail(const bmp_error *e, bmp_status st);
/* The subcommand's help (generated from its entry): to stdout and 0 when
 * --help was asked for, else (a usage error) to stderr and LEDGER_EXIT_USAGE. */
int ledger_usage(const ledger_args *a);
int ledger_fail_problems(const bmp_problems *p, const bmp_error *e, bmp_status st);
bmp_status ledger_open_db(const ledger_args *a, bool create, bmp_ledger **l, bmp_error *e);

/* Every command that uses an existing ledger is its argument check and a
 * step: ledger_run opens the database, runs the step, closes it and turns
 * the result into the exit status (every problem listed when the step
 * found several).  The step prints what it did when it succeeds; arg is
 * what the command parsed from its arguments. */
typedef bmp_status (*ledger_step_fn)(bmp_ledger *l, const ledger_args *a, const void *arg,
                                     bmp_problems *p, bmp_error *e);
int ledger_run(const ledger_args *a, ledger_step_fn step, const void *arg);
/* A report command: ledger_run with a step that fills a table and puts it
 * as ledger_put_table does. */
typedef bmp_status (*ledger_fill_fn)(bmp_ledger *l, const ledger_args *a, const void *arg,
                                     bmp_table *t, bmp_error *e);
int ledger_report_table(const ledger_args *a, ledger_fill_fn fill, const void *arg);
/* Inside a step: fill a table and put it (a subcommand that lists). */
bmp_status ledger_fill_put(bmp_ledger *l, const ledger_args *a, ledger_fill_fn fill,
                           const void *arg, bmp_error *e);

/* What a command writes to --output FILE (atomically: bmp_file_write_atomic)
 * or else to standard output (flushed and checked). */
typedef bmp_status (*ledger_write_fn)(FILE *f, const void *arg, bmp_error *e);
bmp_status ledger_put(const ledger_args *a, ledger_write_fn write, const void *arg, bmp_error *e);
/* A table in --format, through ledger_put. */
bmp_status ledger_put_table(const bmp_table *t, const ledger_args *a, bmp_error *e);

/* s as a whole number from min to max; false when s is NULL or not one
 * (a usage error). */
bool ledger_number(const char *s, long long min, long long max, long long *out);
/* Cents as dollars and cents, "-0.50" keeping the sign. */
void ledger_money(int64_t cents, char buf[32]);
/* --as html|csv|json for invoices and certificates (default html); false,
 * with a message, for anything else. */
bool ledger_doc_format(const ledger_args *a, bmp_invoice_format *f);

#endif
