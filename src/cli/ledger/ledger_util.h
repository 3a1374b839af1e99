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

/* Every option of every subcommand, one bit each (LO(BODY)); --help and -h
 * are not among them: every subcommand takes them. */
typedef enum ledger_opt {
    LO_DB, LO_WHO, LO_BODY, LO_CLUB, LO_NUMBER, LO_NAME, LO_STATUS, LO_ALTERNATES, LO_REASON,
    LO_STATE, LO_PERIOD, LO_OUTPUT, LO_KIND, LO_GRADE, LO_EDITION, LO_CLASSIFICATION,
    LO_RATING, LO_SIDECAR, LO_LIMIT, LO_REPLACES, LO_DATE, LO_SCOPE, LO_FOREIGN, LO_POINTS,
    LO_REF, LO_EARNED, LO_AS, LO_FEES, LO_RATE, LO_RATES, LO_EXEMPTIONS, LO_EVENTS,
    LO_USEBIO_STATUS, LO_DUMMY, LO_OVERSEAS, LO_YOUTH, LO_ALL, LO_EXEMPT, LO_INVOICE,
    LO_AMOUNT, LO_NO_CLUB_NUMBER, LO_TOUR, LO_DRY_RUN, LO_FORMAT, LO_CONTROL, LO_LEDGER,
    LO_FORCE_REPLACE,
    LO_RANK, LO_SET, /* report ranking --rank, invoice-settings --set (issue 28) */
    LO_SINCE, LO_ACTION, LO_INTO, /* ledger audit, player merge (cmd_ledger_movein.c) */
    LO_HEAD, /* ledger verify --head N:HASH (issue 27) */
    LO_ROLE, LO_PASSWORD_STDIN, /* ledger user (issue 29, cmd_ledger_user.c) */
    LO_ROWS, LO_TABLE, /* ledger audit --rows, --table T (issue 28) */
    LO_REGION, LO_COUNTY, /* report ranking --region (--state, --county) (issue 28) */
    LO_COUNT
} ledger_opt;
#define LO(x) (UINT64_C(1) << LO_##x)
/* Valid with every subcommand (as --help is). */
#define LEDGER_GLOBAL_OPTS (LO(DB) | LO(WHO))
/* --format and --output: a subcommand that puts a table. */
#define LEDGER_TABLE_OPTS (LO(FORMAT) | LO(OUTPUT))

/* Parsed options: the values, and which options were given, in order. */
typedef struct ledger_args {
    const char *db, *who, *body, *club, *number, *name, *status, *alternates, *reason,
        *state, *period, *output, *kind, *grade, *edition, *classification, *usebio_status,
        *rating, *sidecar, *limit, *replaces, *date, *scope;
    const char *foreign, *points, *ref, *earned; /* ledger convert (cmd_ledger_convert.c) */
    bool dummy, overseas, youth, all, help;
    bool exempt; /* ledger grade --exempt (a body's run, cmd_ledger_runs.c) */
    const char *as; /* ledger invoice: html, csv or json (cmd_ledger_invoice.c) */
    const char *fees; /* ledger fees --fees (a body's run, cmd_ledger_runs.c) */
    const char *rate; /* ledger levy --rate: cents a player (NZ-97) */
    const char *rates, *exemptions, *events; /* ledger ums, licences (cmd_ledger_runs.c) */
    const char *invoice, *amount; /* ledger payment (cmd_ledger_pay.c) */
    bool no_club_number, tour;    /* ABF-115; ledger event-levy --tour (ABF-116) */
    bool dry_run;                 /* ledger close --dry-run (cmd_ledger_secretary.c) */
    const char *ledger;           /* ledger restore --ledger TARGET (cmd_ledger_backup.c) */
    bool force_replace;           /* ledger restore --force-replace */
    const char *since, *action, *into; /* ledger audit, player merge (cmd_ledger_movein.c) */
    const char *head;             /* ledger verify --head N:HASH (issue 27) */
    bool rows;                    /* ledger audit --rows: the rows each entry wrote */
    const char *table;            /* ledger audit --table T */
    bmp_output_format fmt;
    bool html;                    /* --format html (a table as a page) */
    const char *rank;             /* report ranking --rank */
    const char *region, *county;  /* report ranking --region, --county (and --state) */
    const char **sets;            /* invoice-settings --set KEY=VALUE, repeatable */
    size_t nsets;
    const char **roles;           /* ledger user add --role ROLE, repeatable (issue 29) */
    size_t nroles;
    bool password_stdin;          /* ledger user --password-stdin */
    const char **control;
    size_t ncontrol;
    const char **pos;
    size_t npos;
    uint64_t given;                /* LO() bits of the options given */
    unsigned char order[LO_COUNT]; /* ... in the order first given */
    size_t norder;
} ledger_args;

/* One subcommand: the table entry every file contributes (cmd_ledger.c
 * joins the sections and dispatches).  A name of two words is a member of a
 * group ("player add"); a second word in capitals stands for any word no
 * other member of the group is ("invoice RUN").  min and max count the
 * positional arguments after the name; fn runs with the options checked. */
typedef struct ledger_cmd {
    const char *name;
    const char *help;
    uint64_t opts; /* LO() bits it takes besides LEDGER_GLOBAL_OPTS */
    unsigned char min, max;
    int (*fn)(ledger_args *a);
} ledger_cmd;
#define LEDGER_MANY 255

/* The table's sections, one per file, each ending with {NULL}. */
extern const ledger_cmd ledger_cmds_core[];     /* cmd_ledger_core.c */
extern const ledger_cmd ledger_cmds_report[];   /* cmd_ledger_report.c */
extern const ledger_cmd ledger_cmds_token[];    /* cmd_ledger_token.c */
extern const ledger_cmd ledger_cmds_user[];     /* cmd_ledger_user.c (issue 29) */
extern const ledger_cmd ledger_cmds_convert[];  /* cmd_ledger_convert.c */
extern const ledger_cmd ledger_cmds_charges[];  /* cmd_ledger_charges.c */
extern const ledger_cmd ledger_cmds_invoice[];  /* cmd_ledger_invoice.c */
extern const ledger_cmd ledger_cmds_pay[];      /* cmd_ledger_pay.c */
extern const ledger_cmd ledger_cmds_secretary[]; /* cmd_ledger_secretary.c */
extern const ledger_cmd ledger_cmds_backup[];   /* cmd_ledger_backup.c */
extern const ledger_cmd ledger_cmds_movein[];   /* cmd_ledger_movein.c */

/* cmd_ledger_secretary.c: a view's sections in --format (table or JSON), and
 * `close --dry-run` (what the close would do, printed; nothing changed). */
struct bmp_ledger_sections;
bmp_status cli_ledger_put_sections(const struct bmp_ledger_sections *s, const ledger_args *a,
                                   bmp_error *e);
bmp_status cli_ledger_close_preview(bmp_ledger *l, const ledger_args *a, bmp_error *e);
extern const ledger_cmd ledger_cmds_intake[];   /* cmd_ledger_intake.c */
/* cmd_ledger_publish.c: report ranking, report year, invoice-settings, and
 * `report promotions PERIOD` (the published form; cmd_ledger_report.c
 * keeps the --period form and calls this for the other). */
extern const ledger_cmd ledger_cmds_publish[];
int cli_ledger_published_promotions(ledger_args *a);
/* "FILE: batch N provisional", and ", held: WHY" for a batch held for its
 * carried points (cmd_ledger_intake.c). */
void ledger_print_imported(bmp_ledger *l, const char *file, int64_t id);
/* approve --all: true (and "batch N held: WHY; not approved" printed) for
 * a batch held for its carried points and not accepted. */
bool ledger_skip_held(bmp_ledger *l, int64_t id);

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
/* --as html|csv|json for invoices and certificates (default html); false,
 * with a message, for anything else. */
bool ledger_doc_format(const ledger_args *a, bmp_invoice_format *f);

#endif
