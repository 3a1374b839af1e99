/* Batches of inputs (src/cli/cli_batch.c): FILE and DIR arguments expanded
 * to a sorted list, progress on a terminal, a summary of the failures. */
#ifndef BMP_CLI_BATCH_H
#define BMP_CLI_BATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "bridgemp/error.h"

typedef struct cli_input {
    char *path;          /* as given, or DIR/NAME */
    char *out;           /* the output path or prefix (NULL: standard output) */
    bmp_status st;       /* BMP_OK, or why this input failed */
    char *why;           /* the failure's message (malloc'ed) */
    bool skipped;        /* not computed (see cli_batch_skip_rest) */
} cli_input;

typedef struct cli_batch {
    cli_input *items;
    size_t n, cap;
    bool dirs;           /* a directory was among the arguments */
    /* progress (standard error is a terminal and the work takes > 1 s) */
    struct timespec start, last;
    bool tty, shown;
    bool quiet;          /* failures only in the summary (several inputs) */
} cli_batch;

/* Add each argument: "-" and files as they are, a directory as its *.json
 * and *.xml files (not hidden ones), sorted by name.  A directory without
 * any is recorded as a failed input.  ENOMEM only. */
bmp_status cli_batch_expand(cli_batch *b, char *const *args, size_t nargs, bmp_error *e);
/* Record a failure of item i (its message printed on stderr now, unless
 * b->quiet: then in the summary only). */
void cli_batch_fail(cli_batch *b, size_t i, bmp_status st, const char *msg);
/* Mark the inputs from `from` on as failed without computing them (a
 * shared cause, such as standard output gone); the summary counts them. */
void cli_batch_skip_rest(cli_batch *b, size_t from, const char *why);
/* Mark every input whose output path repeats an earlier input's as failed
 * (two inputs would write one file). */
void cli_batch_dedupe_outputs(cli_batch *b);
/* After item i: update the progress line when it is due. */
void cli_batch_progress(cli_batch *b, size_t done);
/* The summary on stderr (several inputs), and the exit code: 0 all
 * succeeded, 3 every failure "not supported", else 1. */
int cli_batch_finish(cli_batch *b, bool summary);
void cli_batch_free(cli_batch *b);

#endif
