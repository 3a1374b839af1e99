/* bridgemp: a thin command line over libbridgemp.
 *
 * Exit codes (src/cli/cli_io.h): 0 success; 1 invalid input, computation
 * error or failed write; 2 usage error; 3 a rule the input needs is not
 * supported yet. */
#include <errno.h>
#include <limits.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bridgemp/bridgemp.h"
#include "cli_cmds.h"
#include "cli_io.h"


static const char *const main_head =
    "Exact masterpoint awards for contract bridge (ACBL, EBU, ABF, NZ Bridge).\n";

static const char *const main_tail =
    "Run 'bridgemp COMMAND --help' (or 'bridgemp help COMMAND') for a command's\n"
    "options; see bridgemp(1).\n"
    "Exit status: 0 success; 1 invalid input, computation error or failed\n"
    "write; 2 usage error; 3 a rule the input needs is not supported yet.\n";

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

static int cmd_ledger_helper(void *arg)
{
    const cli_call *c = arg;
    return run_ledger_helper(c->argv);
}

/* `ledger` and `serve` are the helper's: their line goes to it as it is. */
static const cli_cmd helper_cmds[] = {
    {"ledger", "CMD", "the masterpoint ledger (SQLite or PostgreSQL): registry,\nbatches, closes",
     NULL, NULL, 0, CLI_MANY, cmd_ledger_helper, CLI_RAW},
    {"serve", "", "the web service over the ledger: lookup pages and REST API", NULL, NULL, 0,
     CLI_MANY, cmd_ledger_helper, CLI_RAW},
    {NULL, NULL, NULL, NULL, NULL, 0, 0, NULL, 0}};

static int run(int argc, char **argv)
{
    const cli_cmd *const sections[] = {cli_cmds_io,     cli_cmds_scale, cli_cmds_params,
                                       cli_cmds_bodies, cli_cmds_credit, cli_cmds_rank,
                                       helper_cmds};
    const cli_prog prog = {.name = "bridgemp",
                           .usage = "bridgemp [--help] [--version] COMMAND [ARGS]",
                           .head = main_head,
                           .tail = main_tail,
                           .sections = sections,
                           .nsections = sizeof sections / sizeof sections[0],
                           .help_after_error = true};
    const char *cmd = argc > 1 ? argv[1] : "";
    if (strcmp(cmd, "help") == 0 && argc > 2) { /* bridgemp help COMMAND */
        char *again[] = {argv[0], argv[2], "--help", NULL};
        return run(3, again);
    }
    if (strcmp(cmd, "help") == 0) {
        cli_prog_help(&prog, stdout);
        return 0;
    }
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "version") == 0) {
        printf("bridgemp %s\n", bmp_version());
        return 0;
    }
    cli_parsed p;
    int rc;
    if (cli_parse(&prog, argc - 1, argv + 1, NULL, &p)) {
        cli_call c = {&prog, &p, argv};
        rc = p.cmd->run(&c);
    } else {
        rc = p.status;
    }
    cli_parsed_free(&p);
    return rc;
}

int main(int argc, char **argv)
{
    /* A closed pipe is a write error (EPIPE) reported with exit 1, not a
     * silent death by SIGPIPE; standard output is checked at exit. */
    signal(SIGPIPE, SIG_IGN);
#if defined(__GLIBC__) && defined(M_MMAP_THRESHOLD)
    /* glibc's default (128 KB), kept: freeing the input's text, checked
     * and read again by the pipeline (cli_read_pipeline), would otherwise
     * raise it to the file's size, and the event's large arrays then grow
     * in the heap, where what they leave stays resident (issue 46: 3.6 MB
     * more at acbl-swiss' peak). */
    mallopt(M_MMAP_THRESHOLD, 128 * 1024);
#endif
    return cli_finish_stdout(run(argc, argv));
}
