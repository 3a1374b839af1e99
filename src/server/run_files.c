/* A run's CSV values in anonymous memory files (run_files.h). */
#define _GNU_SOURCE /* memfd_create */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "server/run_files.h"

bool srv_run_file_hold(srv_run_file *f, const char *label, const char *content, size_t len)
{
    f->fd = memfd_create("run.csv", MFD_CLOEXEC);
    f->label = label;
    f->path[0] = '\0';
    if (f->fd < 0)
        return false;
    size_t done = 0;
    while (done < len) {
        ssize_t k = write(f->fd, content + done, len - done);
        if (k <= 0) {
            srv_run_file_drop(f);
            return false;
        }
        done += (size_t)k;
    }
    snprintf(f->path, sizeof f->path, "/proc/self/fd/%d", f->fd);
    return true;
}

void srv_run_file_drop(srv_run_file *f)
{
    if (f->fd >= 0)
        close(f->fd);
    f->fd = -1;
}

void srv_run_file_hide(const srv_run_file *f, char *msg)
{
    size_t n = strlen(f->path), k = f->label ? strlen(f->label) : 0;
    char *at = n ? strstr(msg, f->path) : NULL;
    if (!at || k > n)
        return;
    memcpy(at, f->label, k);
    memmove(at + k, at + n, strlen(at + n) + 1); /* shorter: in place */
}
