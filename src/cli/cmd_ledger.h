/* `bridgemp ledger ...` (src/cli/cmd_ledger*.c). */
#ifndef BMP_CLI_LEDGER_H
#define BMP_CLI_LEDGER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "bridgemp/ledger.h"
#include "bridgemp/ledger_charges.h"
#include "bridgemp/ledger_invoice.h"

int bmp_cli_ledger(int argc, char **argv);

/* Parsed options shared by the ledger subcommands. */
typedef struct ledger_args {
    const char *db, *who, *body, *club, *number, *name, *status, *alternates, *reason,
        *state, *period, *output, *kind, *grade, *edition, *classification, *usebio_status,
        *rating, *sidecar, *limit, *replaces, *date, *scope;
    const char *foreign, *points, *ref, *earned; /* ledger convert (cmd_ledger_convert.c) */
    bool dummy, overseas, youth, all, help;
    bool exempt; /* ledger grade (cmd_ledger_charges.c) */
    const char *as; /* ledger invoice: html, csv or json (cmd_ledger_invoice.c) */
    const char *fees; /* ledger fees: the NZ fee table (cmd_ledger_charges.c) */
    const char *rate; /* ledger levy --rate: cents a player (NZ-97) */
    const char *rates, *exemptions, *events; /* ledger ums, licences (cmd_ledger_ebu.c) */
    const char *invoice, *amount; /* ledger payment (cmd_ledger_pay.c) */
    bool no_club_number, tour;    /* ABF-115; ledger event-levy --tour (ABF-116) */
    bmp_output_format fmt;
    const char **control;
    size_t ncontrol;
    const char **pos;
    size_t npos;
} ledger_args;

enum { LEDGER_EXIT_INPUT = 1, LEDGER_EXIT_USAGE = 2, LEDGER_EXIT_NOTSUP = 3 };

int ledger_fail(const bmp_error *e, bmp_status st);
/* The subcommand's help: to stdout and 0 when --help was asked for, else
 * (a usage error) to stderr and LEDGER_EXIT_USAGE. */
int ledger_usage(const ledger_args *a, const char *help);
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
/* "WHAT PERIOD: run N made|already made, nothing changed: L line(s), total
 * 12.34": what a charge run says it did. */
void ledger_print_run(const char *what, const char *period, const bmp_ledger_run *r);
/* --as html|csv|json for invoices and certificates (default html); false,
 * with a message, for anything else. */
bool ledger_doc_format(const ledger_args *a, bmp_invoice_format *f);

int ledger_cmd_report(ledger_args *a);
int ledger_cmd_token(ledger_args *a); /* cmd_ledger_token.c */
int ledger_cmd_convert(ledger_args *a);
int ledger_cmd_invoice(ledger_args *a); /* cmd_ledger_invoice.c */
int ledger_cmd_annual(ledger_args *a);   /* cmd_ledger_nz.c */
int ledger_cmd_gradings(ledger_args *a);
/* The administration subcommands (convert, capitation, members, grade,
 * levy, cancel, affiliated, daily) by name, or NULL. */
int (*ledger_admin_command(const char *name))(ledger_args *);
/* The EBU subcommands (gold, ums, licences) by name, or NULL (cmd_ledger_ebu.c). */
int (*ledger_ebu_command(const char *name))(ledger_args *);
/* payment, balances, overdue, event-levy, certificates (cmd_ledger_pay.c), or NULL. */
int (*ledger_pay_command(const char *name))(ledger_args *);

#endif
