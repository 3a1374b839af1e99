/* Batches of inputs: `bridgemp award FILE... DIR...`.  Each input is
 * computed on its own; a failure is recorded and the next one goes on. */
#define _GNU_SOURCE /* qsort_r */
#include "cli_batch.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bridgemp/bridgemp.h"
#include "cli_io.h"

static bmp_status push(cli_batch *b, char *path, bmp_error *e)
{
    if (!path)
        return bmp_error_oom(e);
    if (b->n == b->cap) {
        size_t nc = b->cap ? b->cap * 2 : 16;
        cli_input *ni = realloc(b->items, nc * sizeof *ni);
        if (!ni) {
            free(path);
            return bmp_error_oom(e);
        }
        b->items = ni;
        b->cap = nc;
    }
    b->items[b->n++] = (cli_input){.path = path};
    return BMP_OK;
}

static bool is_event_name(const char *name)
{
    size_t l = strlen(name);
    return name[0] != '.' &&
           ((l > 5 && strcasecmp(name + l - 5, ".json") == 0) ||
            (l > 4 && strcasecmp(name + l - 4, ".xml") == 0));
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* DIR's event files, sorted, appended to b. */
static bmp_status expand_dir(cli_batch *b, const char *dir, bmp_error *e)
{
    DIR *d = opendir(dir);
    if (!d) {
        char msg[BMP_ERROR_MSG_MAX];
        snprintf(msg, sizeof msg, "%s: cannot open directory: %s", dir, strerror(errno));
        bmp_status st = push(b, strdup(dir), e);
        if (!st)
            cli_batch_fail(b, b->n - 1, BMP_EIO, msg);
        return st;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    bmp_status st = BMP_OK;
    size_t dl = strlen(dir);
    bool slash = dl > 0 && dir[dl - 1] == '/';
    for (struct dirent *de; !st && (de = readdir(d)) != NULL;) {
        if (!is_event_name(de->d_name))
            continue;
        char *p = malloc(dl + strlen(de->d_name) + 2);
        struct stat sb;
        if (p)
            sprintf(p, "%s%s%s", dir, slash ? "" : "/", de->d_name);
        if (p && (stat(p, &sb) != 0 || !S_ISREG(sb.st_mode))) {
            free(p);
            continue;
        }
        if (p && n == cap) {
            size_t nc = cap ? cap * 2 : 16;
            char **nn = realloc(names, nc * sizeof *nn);
            if (nn) {
                names = nn;
                cap = nc;
            } else {
                free(p);
                p = NULL;
            }
        }
        if (!p)
            st = bmp_error_oom(e);
        else
            names[n++] = p;
    }
    closedir(d);
    if (n)
        qsort(names, n, sizeof *names, cmp_str);
    size_t i = 0;
    for (; i < n && !st; i++)
        st = push(b, names[i], e);
    for (; i < n; i++)
        free(names[i]);
    free(names);
    if (!st && n == 0 && !(st = push(b, strdup(dir), e))) {
        char msg[BMP_ERROR_MSG_MAX];
        snprintf(msg, sizeof msg, "%s: no *.json or *.xml files in the directory", dir);
        cli_batch_fail(b, b->n - 1, BMP_EINVAL, msg);
    }
    return st;
}

bmp_status cli_batch_expand(cli_batch *b, char *const *args, size_t nargs, bmp_error *e)
{
    b->tty = isatty(STDERR_FILENO);
    clock_gettime(CLOCK_MONOTONIC, &b->start);
    b->last = b->start;
    bmp_status st = BMP_OK;
    b->quiet = nargs > 1;
    for (size_t i = 0; i < nargs && !st; i++) {
        struct stat sb;
        if (strcmp(args[i], "-") != 0 && stat(args[i], &sb) == 0 && S_ISDIR(sb.st_mode)) {
            b->dirs = b->quiet = true; /* a batch: failures go in the summary */
            st = expand_dir(b, args[i], e);
        } else {
            st = push(b, strdup(args[i]), e);
        }
    }
    return st;
}

static void progress_clear(cli_batch *b)
{
    if (b->shown) {
        fputs("\r\033[K", stderr);
        b->shown = false;
    }
}

void cli_batch_fail(cli_batch *b, size_t i, bmp_status st, const char *msg)
{
    cli_input *it = &b->items[i];
    it->st = st ? st : BMP_EINVAL;
    free(it->why);
    it->why = strdup(msg && msg[0] ? msg : bmp_status_name(it->st));
    if (!b->quiet) {
        progress_clear(b);
        fprintf(stderr, "bridgemp: %s\n", it->why ? it->why : bmp_status_name(it->st));
    }
}

void cli_batch_skip_rest(cli_batch *b, size_t from, const char *why)
{
    for (size_t j = from; j < b->n; j++) {
        if (b->items[j].st)
            continue;
        b->items[j].st = BMP_EIO;
        b->items[j].skipped = true;
        free(b->items[j].why);
        b->items[j].why = strdup(why);
    }
}

static int cmp_out(const void *a, const void *b, void *items)
{
    const cli_input *it = items;
    size_t i = *(const size_t *)a, j = *(const size_t *)b;
    int c = strcmp(it[i].out, it[j].out);
    return c ? c : (i > j) - (i < j);
}

void cli_batch_dedupe_outputs(cli_batch *b)
{
    size_t *idx = malloc((b->n ? b->n : 1) * sizeof *idx);
    size_t m = 0;
    if (!idx)
        return;
    for (size_t i = 0; i < b->n; i++)
        if (b->items[i].out && !b->items[i].st)
            idx[m++] = i;
    qsort_r(idx, m, sizeof *idx, cmp_out, b->items);
    for (size_t k = 1, first = 0; k < m; k++) {
        if (strcmp(b->items[idx[k]].out, b->items[idx[first]].out) != 0) {
            first = k;
            continue;
        }
        char msg[BMP_ERROR_MSG_MAX];
        snprintf(msg, sizeof msg, "%s: refused: its output %s is also the output of %s",
                 b->items[idx[k]].path, b->items[idx[k]].out, b->items[idx[first]].path);
        cli_batch_fail(b, idx[k], BMP_EINVAL, msg);
    }
    free(idx);
}

static double since(const struct timespec *a, const struct timespec *b)
{
    return (double)(b->tv_sec - a->tv_sec) + (double)(b->tv_nsec - a->tv_nsec) / 1e9;
}

void cli_batch_progress(cli_batch *b, size_t done)
{
    if (!b->tty || b->n < 2)
        return;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (since(&b->start, &now) < 1.0 || (b->shown && since(&b->last, &now) < 0.2))
        return;
    size_t failed = 0;
    for (size_t i = 0; i < done; i++)
        failed += b->items[i].st != BMP_OK;
    fprintf(stderr, "\r\033[Kbridgemp: %zu/%zu files", done, b->n);
    if (failed)
        fprintf(stderr, " (%zu failed)", failed);
    fflush(stderr);
    b->shown = true;
    b->last = now;
}

int cli_batch_finish(cli_batch *b, bool summary)
{
    progress_clear(b);
    size_t failed = 0, notsup = 0;
    for (size_t i = 0; i < b->n; i++) {
        failed += b->items[i].st != BMP_OK;
        notsup += b->items[i].st == BMP_ENOTSUP;
    }
    if (summary && failed) {
        fprintf(stderr, "bridgemp: %zu of %zu files failed (%zu computed):\n", failed, b->n,
                b->n - failed);
        size_t skipped = 0;
        const char *why = NULL;
        for (size_t i = 0; i < b->n; i++) {
            const cli_input *it = &b->items[i];
            if (it->skipped) {
                skipped++;
                why = it->why;
            } else if (it->st) {
                size_t pl = strlen(it->path);
                bool named = it->why && strncmp(it->why, it->path, pl) == 0 && it->why[pl] == ':';
                fprintf(stderr, "  %s%s%s\n", named ? "" : it->path, named ? "" : ": ",
                        it->why ? it->why : bmp_status_name(it->st));
            }
        }
        if (skipped)
            fprintf(stderr, "  %zu more not computed: %s\n", skipped, why ? why : "");
    } else if (summary) {
        fprintf(stderr, "bridgemp: all %zu files computed\n", b->n);
    }
    return failed == 0 ? BMP_EXIT_OK : notsup == failed ? BMP_EXIT_NOTSUP : BMP_EXIT_INPUT;
}

void cli_batch_free(cli_batch *b)
{
    for (size_t i = 0; i < b->n; i++) {
        free(b->items[i].path);
        free(b->items[i].out);
        free(b->items[i].why);
    }
    free(b->items);
    memset(b, 0, sizeof *b);
}
