/* bridgemp: a thin command line over libbridgemp.
 *
 * Exit codes (src/cli/cli_io.h): 0 success; 1 invalid input, computation
 * error or failed write; 2 usage error; 3 a rule the input needs is not
 * supported yet. */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bridgemp/bridgemp.h"
#include "cli_io.h"
#include "cmd_credit.h"
#include "cmd_params.h"
#include "cmd_rules.h"


static const char *const main_help =
    "usage: bridgemp [--help] [--version] COMMAND [ARGS]\n"
    "\n"
    "Exact masterpoint awards for contract bridge (ACBL, EBU, ABF, NZ Bridge).\n"
    "\n"
    "commands:\n"
    "  award FILE...   compute the awards of events (JSON, docs/event-format.md,\n"
    "                  or USEBIO results files, docs/usebio.md; a directory: its\n"
    "                  *.json and *.xml files; - is standard input)\n"
    "  convert IN OUT  convert between JSON events and USEBIO\n"
    "  scale BODY TBL  print a regulation table computed by the engine\n"
    "  validate FILE   check an event file (its body's parameters and rules) and\n"
    "                  summarise it\n"
    "  params BODY     the parameters a body reads, with types, values and rules\n"
    "  bodies [BODY]   list governing bodies, editions and tables; with BODY\n"
    "                  its point types, player numbers, ranks and functions\n"
    "  credit CMD      check, show or merge ABF credit files (.grn .red .gld .rag)\n"
    "  rank BODY       a player's rank from lifetime points (ABF, EBU, NZ), and\n"
    "                  the body's other functions (NZ grading, rating points, C->B)\n"
    "  abf-rank        the old name of 'rank abf'\n"
    "  ledger CMD      the masterpoint ledger (SQLite or PostgreSQL): registry,\n"
    "                  batches, closes\n"
    "  serve           the web service over the ledger: lookup pages and REST API\n"
    "\n"
    "Run 'bridgemp COMMAND --help' (or 'bridgemp help COMMAND') for a command's\n"
    "options; see bridgemp(1).\n"
    "Exit status: 0 success; 1 invalid input, computation error or failed\n"
    "write; 2 usage error; 3 a rule the input needs is not supported yet.\n";

static const char *const scale_help =
    "usage: bridgemp scale BODY TABLE [--edition ED] [--format table|json|csv]\n"
    "                     [--OPTION VALUE ...]\n"
    "\n"
    "Print a regulation table computed by the engine from the regulation's\n"
    "formulas (not copied from print).  'bridgemp bodies' lists the tables.\n"
    "Table-specific options are passed as --NAME VALUE (e.g. --sessions 2).\n"
    "\n"
    "  -e, --edition ED   the body's edition (default: the newest)\n"
    "  -f, --format FMT   table (default), json or csv\n"
    "  -h, --help         this help\n"
    "\n"
    "examples:\n"
    "  bridgemp scale acbl appendix-a --edition 2003\n"
    "  bridgemp scale acbl appendix-c --edition current --format csv\n";

static int wants_help(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0)
            return 1;
    return 0;
}

static int cmd_scale(int argc, char **argv)
{
    if (wants_help(argc, argv)) {
        fputs(scale_help, stdout);
        return 0;
    }
    const char *body = NULL, *table = NULL, *edition = NULL;
    bmp_output_format fmt = BMP_OUT_TABLE;
    bmp_params params = {0};
    params.items = calloc((size_t)argc, sizeof *params.items);
    int rc = 0;
    for (int i = 1; i < argc && rc == 0; i++) {
        const char *a = argv[i];
        if (strncmp(a, "--", 2) == 0 || (a[0] == '-' && a[1] && a[2] == '\0')) {
            const char *name = a[1] == '-' ? a + 2 : a + 1;
            const char *val = NULL;
            char key[64];
            const char *eq = strchr(name, '=');
            if (eq) {
                snprintf(key, sizeof key, "%.*s", (int)(eq - name), name);
                val = eq + 1;
            } else {
                snprintf(key, sizeof key, "%s", name);
                if (i + 1 >= argc) {
                    fprintf(stderr, "bridgemp scale: %s needs a value\n", a);
                    rc = BMP_EXIT_USAGE;
                    break;
                }
                val = argv[++i];
            }
            if (strcmp(key, "edition") == 0 || strcmp(key, "e") == 0)
                edition = val;
            else if (strcmp(key, "format") == 0 || strcmp(key, "f") == 0) {
                if (!bmp_output_format_parse(val, &fmt)) {
                    fprintf(stderr, "bridgemp scale: --format: expected table, json or csv, got \"%s\"\n",
                            val);
                    rc = BMP_EXIT_USAGE;
                }
            } else {
                bmp_param *p = &params.items[params.count++];
                p->key = strdup(key);
                p->type = BMP_PARAM_STRING;
                p->string = strdup(val);
            }
        } else if (!body) {
            body = a;
        } else if (!table) {
            table = a;
        } else {
            fprintf(stderr, "bridgemp scale: unexpected argument \"%s\"\n", a);
            rc = BMP_EXIT_USAGE;
        }
    }
    if (!rc && (!body || !table)) {
        fputs("bridgemp scale: expected BODY and TABLE\n", stderr);
        rc = BMP_EXIT_USAGE;
    }
    if (rc == BMP_EXIT_USAGE)
        fprintf(stderr, "\n%s", scale_help);
    if (!rc) {
        bmp_error e = {0};
        bmp_table t;
        bmp_table_init(&t);
        bmp_status st = bmp_scale(body, table, edition, &params, &t, &e);
        if (!st)
            st = bmp_table_write(&t, fmt, stdout, &e);
        if (st)
            rc = cli_fail(&e, st);
        bmp_table_free(&t);
    }
    for (size_t i = 0; i < params.count; i++) {
        free(params.items[i].key);
        free(params.items[i].string);
    }
    free(params.items);
    return rc;
}

enum { HELPER_PATH_MAX = PATH_MAX + 128 };

/* Where the helper bridgemp-ledger may be: beside this program (the build
 * tree), then the libexec directory of the prefix this program is installed
 * in, then the configured one; *n paths, duplicates dropped. */
static void helper_paths(char paths[3][HELPER_PATH_MAX], int *n)
{
    char self[PATH_MAX], dir[PATH_MAX + 64];
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    *n = 0;
    if (len > 0) {
        self[len] = '\0';
        char *slash = strrchr(self, '/');
        if (slash)
            *slash = '\0';
        snprintf(paths[(*n)++], HELPER_PATH_MAX, "%s/bridgemp-ledger", self);
        snprintf(dir, sizeof dir, "%s/%s", self, BMP_BIN_TO_LIBEXEC);
        char real[PATH_MAX];
        snprintf(paths[(*n)++], HELPER_PATH_MAX, "%s/bridgemp-ledger", realpath(dir, real) ? real : dir);
    }
    snprintf(paths[*n], HELPER_PATH_MAX, "%s/bridgemp-ledger", BMP_LIBEXEC_DIR);
    if (*n == 0 || strcmp(paths[*n], paths[*n - 1]) != 0)
        (*n)++;
}

/* `ledger` and `serve` are the helper's (src/cli/ledger/main.c), so that
 * the engine's commands load no database client: exec it with argv as it
 * is; returns only when no helper could be run. */
static int run_ledger_helper(char **argv)
{
    char paths[3][HELPER_PATH_MAX];
    int n, err = ENOENT;
    helper_paths(paths, &n);
    fflush(NULL);
    for (int i = 0; i < n; i++) {
        execv(paths[i], argv);
        if (errno != ENOENT)
            err = errno;
    }
    fprintf(stderr, "bridgemp: %s: cannot run the helper bridgemp-ledger (%s); looked for", argv[1],
            strerror(err));
    for (int i = 0; i < n; i++)
        fprintf(stderr, "%s %s", i ? " and" : "", paths[i]);
    fputc('\n', stderr);
    return BMP_EXIT_INPUT;
}

static int run(int argc, char **argv)
{
    if (argc < 2) {
        fputs(main_help, stderr);
        return BMP_EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "help") == 0 && argc > 2) { /* bridgemp help COMMAND */
        char *again[] = {argv[0], argv[2], "--help", NULL};
        return run(3, again);
    }
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        fputs(main_help, stdout);
        return 0;
    }
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "version") == 0) {
        printf("bridgemp %s\n", bmp_version());
        return 0;
    }
    if (strcmp(cmd, "award") == 0)
        return cli_award(argc - 1, argv + 1);
    if (strcmp(cmd, "convert") == 0)
        return cli_convert(argc - 1, argv + 1);
    if (strcmp(cmd, "scale") == 0)
        return cmd_scale(argc - 1, argv + 1);
    if (strcmp(cmd, "validate") == 0)
        return cli_validate(argc - 1, argv + 1);
    if (strcmp(cmd, "bodies") == 0)
        return cli_bodies(argc - 1, argv + 1);
    if (strcmp(cmd, "params") == 0)
        return cli_params(argc - 1, argv + 1);
    if (strcmp(cmd, "credit") == 0)
        return cli_credit(argc - 1, argv + 1);
    if (strcmp(cmd, "ledger") == 0 || strcmp(cmd, "serve") == 0)
        return run_ledger_helper(argv);
    if (strcmp(cmd, "rank") == 0)
        return cli_rank(argc - 1, argv + 1);
    if (strcmp(cmd, "abf-rank") == 0)
        return cli_abf_rank(argc - 1, argv + 1);
    fprintf(stderr, "bridgemp: unknown command \"%s\"\n\n%s", cmd, main_help);
    return BMP_EXIT_USAGE;
}

int main(int argc, char **argv)
{
    /* A closed pipe is a write error (EPIPE) reported with exit 1, not a
     * silent death by SIGPIPE; standard output is checked at exit. */
    signal(SIGPIPE, SIG_IGN);
    return cli_finish_stdout(run(argc, argv));
}
