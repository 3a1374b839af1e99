/* CLI commands that read and write event files in several formats
 * (src/cli/cmd_io.c) and the file handling every command shares
 * (src/cli/cli_files.c, src/cli/cli_batch.c).
 *
 * Exit codes (every command; docs/bridgemp.1 EXIT STATUS):
 *   0  success (with several inputs: every one succeeded)
 *   1  invalid input, a computation error or a failed read/write (with
 *      several inputs: at least one failed, other than "not supported")
 *   2  usage error: a missing or contradictory option (the help follows)
 *   3  a rule the input needs is not supported yet (with several inputs:
 *      every failure was of this kind) */
#ifndef BMP_CLI_IO_H
#define BMP_CLI_IO_H

#include <stdbool.h>
#include <stddef.h>

#include "bridgemp/bridgemp.h"
#include "bridgemp/pipeline.h"
#include "bridgemp/usebio.h"

enum {
    BMP_EXIT_OK = 0,
    BMP_EXIT_INPUT = 1,
    BMP_EXIT_USAGE = 2,
    BMP_EXIT_NOTSUP = 3,
    BMP_EXIT_EMPTY = 4 /* --fail-empty: a valid event that earns nothing */
};

/* bridgemp award FILE|DIR ...: JSON or USEBIO in; table, JSON, CSV, USEBIO
 * or ABF credit files out; convert; validate: cli_cmds_io (cli_cmds.h). */

/* ---- cli_files.c ---------------------------------------------------------- */

/* The exit code of a failed status. */
int cli_exit_of(bmp_status st);
/* Print "bridgemp: MSG" on stderr; returns cli_exit_of(st). */
int cli_fail(const bmp_error *e, bmp_status st);

/* --max-input SIZE: false (and a message naming the option) on a bad size. */
bool cli_parse_max_input(const char *cmd, const char *arg, size_t *max);
/* --limits KEY=N,... into *l (issue 45); false after a message naming what
 * it takes (a usage error). */
bool cli_parse_limits(const char *cmd, const char *arg, bmp_limits *l);

/* Read path ("-": standard input) once, whole, within max bytes, refuse
 * UTF-16 JSON and (for JSON) invalid UTF-8, then hand the bytes to the
 * pipeline (bridgemp/pipeline.h), which tells the format (JSON, USEBIO or,
 * by path's extension, an ABF credit file) and applies the options. */
bmp_status cli_read_pipeline(bmp_pipeline *p, const char *path, size_t max, bmp_error *e);

/* Standard input copied into a private file, dir/stdin (dir a new
 * <TMPDIR>/bridgemp-XXXXXX), for a reader that opens its file more than
 * once (the USEBIO sidecar); at most max bytes.  cli_unspool removes both
 * (names left empty: nothing to remove). */
enum { CLI_SPOOL_DIR = 64, CLI_SPOOL_PATH = 80 };
bmp_status cli_spool_stdin(size_t max, char dir[CLI_SPOOL_DIR], char path[CLI_SPOOL_PATH],
                           bmp_error *e);
void cli_unspool(char *dir, char *path);

/* DIR/NAME + ext, NAME being path's file name without its extension
 * (malloc'ed; NULL when out of memory). */
char *cli_output_name(const char *dir, const char *path, const char *ext);

/* Refuse (EINVAL, before anything is written) an output that is the same
 * file as one of the inputs (same device and inode; "-" = stdout/stdin). */
bmp_status cli_check_not_input(const char *out, const char *const *inputs, size_t ninputs,
                               bmp_error *e);

/* Write text to path ("-" or NULL: standard output) atomically. */
bmp_status cli_emit(const char *path, const char *text, size_t len, bmp_error *e);

/* Flush and close standard output at exit: a write error (disk full, closed
 * pipe) turns a success into exit 1 with a message. */
int cli_finish_stdout(int rc);

#endif
