/* One command mechanism for both programs (`bridgemp`, src/cli/main.c, and
 * `bridgemp ledger`, src/cli/ledger/cmd_ledger.c): a table of commands,
 * each with a table of its own options; the parser that finds the command
 * named by the leading words, checks every option given against the
 * command's table (and the program's global options) and stores the
 * values; the help generated from the tables (usage line, options, the
 * subcommands); and the usage errors, exit 2, that name the valid commands
 * or options at whatever depth the wrong word is.  Options may come
 * anywhere on the line (before or after the command's words); "--"
 * ends them. */
#ifndef BMP_CLI_COMMON_CMDLINE_H
#define BMP_CLI_COMMON_CMDLINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum { CLI_EXIT_USAGE = 2, CLI_MANY = 255 };

/* A flag (stored as bool), a value (const char *) or a repeatable value
 * (cli_list). */
typedef enum cli_opt_kind { CLI_FLAG, CLI_VALUE, CLI_LIST } cli_opt_kind;

typedef struct cli_list {
    const char **v;
    size_t n;
} cli_list;

/* One option of a command: "--body", maybe a one-letter form, its value's
 * placeholder and one line of description.  With store, the parser writes
 * the value at off in the caller's struct (bool, const char * or cli_list
 * as kind says). */
typedef struct cli_opt {
    const char *name;  /* "--body"; NULL ends a table */
    char letter;       /* 'b' for -b, or 0 */
    cli_opt_kind kind;
    const char *value; /* "B" (a value's placeholder); NULL for a flag */
    const char *doc;   /* one line */
    bool store;
    size_t off;
    bool required;     /* shown without brackets in the usage line */
    int id;            /* the caller's code for it, for a command that reads the
                        * options given (cli_parsed.given) rather than stored ones */
} cli_opt;

/* Table entries: the option, its one-line doc, where it goes in struct T. */
#define CLI_FLAG_AT(T, f, nm, l, d) {nm, l, CLI_FLAG, NULL, d, true, offsetof(T, f), false, 0}
#define CLI_VALUE_AT(T, f, nm, l, v, d) {nm, l, CLI_VALUE, v, d, true, offsetof(T, f), false, 0}
#define CLI_LIST_AT(T, f, nm, l, v, d) {nm, l, CLI_LIST, v, d, true, offsetof(T, f), false, 0}
#define CLI_REQUIRED_AT(T, f, nm, v, d) {nm, 0, CLI_VALUE, v, d, true, offsetof(T, f), true, 0}
/* Not stored: read from cli_parsed.given by id (a flag when v is NULL). */
#define CLI_OPT_ID(id, nm, l, v, d) {nm, l, (v) ? CLI_VALUE : CLI_FLAG, v, d, false, 0, false, id}
#define CLI_OPT_END {NULL, 0, CLI_FLAG, NULL, NULL, false, 0, false, 0}

/* cli_cmd.flags */
enum {
    CLI_OWN_HELP = 1, /* run answers --help itself (the help depends on its arguments) */
    CLI_OPEN = 2,     /* takes other --NAME VALUE options too, checked by run */
    CLI_RAW = 4,      /* run gets the line as it is (another program's) */
    CLI_UNLISTED = 8, /* not in PROG --help's list of commands (prog->more lists it) */
};

/* One command.  A name of several words is a member of a group ("player
 * add"); a word in capitals stands for any word no other member of the
 * group is ("invoice RUN").  An entry without run names a group and holds
 * its summary and help.  min and max count the positional arguments after
 * the words. */
typedef struct cli_cmd {
    const char *name;    /* NULL ends a table */
    const char *args;    /* the positional arguments in the usage line, "FILE..." */
    const char *summary; /* one line in the list of commands */
    const char *help;    /* the text after the usage line, or NULL */
    const cli_opt *opts; /* its options (NULL: none besides the global ones) */
    unsigned char min, max;
    int (*run)(void *arg);
    unsigned flags;
} cli_cmd;

/* A program: its name as messages say it, its global options (every
 * command takes them, and --help), its command tables, and the text
 * around the list of commands in `PROG --help`. */
typedef struct cli_prog {
    const char *name;  /* "bridgemp ledger" */
    const char *usage; /* the first line of PROG --help after "usage: " */
    const char *head;  /* after the usage line, before "commands:" */
    const char *tail;  /* after the list */
    const cli_opt *globals;
    const cli_cmd *const *sections;
    size_t nsections;
    void (*more)(FILE *f); /* more of the list after it (the ledger's runs) */
    bool help_after_error; /* a usage error is followed by the command's help */
} cli_prog;

/* An option as given: its entry (NULL for a CLI_OPEN command's other), its
 * name as given and its value ("" for a flag). */
typedef struct cli_given {
    const cli_opt *opt;
    const char *name;
    size_t namelen;
    const char *value;
} cli_given;

typedef struct cli_parsed {
    const cli_cmd *cmd;
    const char **pos; /* every positional argument, the command's words first */
    size_t npos, nwords;
    cli_given *given; /* in the order given */
    size_t ngiven;
    bool help;
    int status;       /* cli_parse false: the exit status */
} cli_parsed;

/* Parse argv (the arguments after the program's own words) for prog:
 * true with p->cmd the command to run (values stored into dst, which may
 * be NULL when no option stores); false with p->status the exit status,
 * after the help (--help: 0) or a usage error (2) was printed.
 * `PROG --list-commands` prints every command's words, a line each. */
bool cli_parse(const cli_prog *prog, int argc, char **argv, void *dst, cli_parsed *p);
void cli_parsed_free(cli_parsed *p);
/* The value of option name as given last ("" for a flag), NULL if absent. */
const char *cli_value(const cli_parsed *p, const char *name);

/* Command c's help: its usage line, help text, options and, for a group
 * (c NULL and group words given), its members. */
void cli_help(const cli_prog *prog, const cli_cmd *c, FILE *f);
/* c's help to stdout and 0 with --help, else to stderr and 2. */
int cli_usage(const cli_prog *prog, const cli_cmd *c, const cli_parsed *p);
/* A usage error of command c: "PROG CMD: MESSAGE", then (when the program
 * gives it after errors) c's help, on stderr; returns 2. */
int cli_usage_error(const cli_prog *prog, const cli_cmd *c, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Every option given must be one of the tables' or the global ones: else
 * "PROG CMD: --x is not an option of CMD; its options: ..." and 2. */
int cli_check_opts(const cli_prog *prog, const cli_parsed *p, const char *cmd,
                   const cli_opt *const *tables, size_t ntables);
/* PROG --help: the usage line, head, every command and the tail. */
void cli_prog_help(const cli_prog *prog, FILE *f);

#endif
