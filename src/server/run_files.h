/* A run's CSV values held for the run (run_files.c): the API's
 * POST /api/v1/runs/{body}/{name} (api_runs.c) and the office's charge run
 * form (pages_charges_files.c) give the ledger a file's content, not a file
 * on the server.  The content is held in an anonymous memory file (memfd)
 * that the run reads through /proc/self/fd/N: nothing is left on disk, even
 * after a crash (issue 30).  And a message that names the path names the
 * field it came from instead. */
#ifndef BMP_SERVER_RUN_FILES_H
#define BMP_SERVER_RUN_FILES_H

#include <stdbool.h>
#include <stddef.h>

typedef struct srv_run_file {
    int fd;         /* -1: none */
    char path[32];  /* "/proc/self/fd/N" */
    const char *label; /* what the client calls it: "rates" */
} srv_run_file;

/* Hold len bytes of content for a run: f->path the file to give it.
 * false (errno set, nothing held) when the memory file cannot be made. */
bool srv_run_file_hold(srv_run_file *f, const char *label, const char *content, size_t len);
/* Let the file go (f->fd -1 after; harmless twice). */
void srv_run_file_drop(srv_run_file *f);
/* In msg (NUL-terminated, changed in place), f's path becomes its label:
 * "rates:3: ..." rather than "/proc/self/fd/7:3: ...". */
void srv_run_file_hide(const srv_run_file *f, char *msg);

#endif
