/* Invoice documents staged before the commit (invoice_files.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/util.h"
#include "ledger/invoice/invoice_doc.h"
#include "ledger/invoice/invoice_files.h"

static bmp_status one_dir(const char *path, bmp_error *err)
{
    struct stat sb;
    if (stat(path, &sb) == 0)
        return S_ISDIR(sb.st_mode)
                   ? BMP_OK
                   : bmp_error_set(err, BMP_EIO, "%s: not a folder: nothing invoiced", path);
    if (mkdir(path, 0777) != 0 && errno != EEXIST)
        return bmp_error_set(err, BMP_EIO, "%s: cannot make the folder: %s: nothing invoiced",
                             path, strerror(errno));
    return BMP_OK;
}

bmp_status ledger_dir_make(const char *dir, bmp_error *err)
{
    char *p = core_asprintf("%s", dir);
    if (!p)
        return bmp_error_oom(err);
    bmp_status rc = BMP_OK;
    for (char *s = p + 1; *s && !rc; s++)
        if (*s == '/') {
            *s = '\0';
            rc = one_dir(p, err);
            *s = '/';
        }
    if (!rc)
        rc = one_dir(p, err);
    free(p);
    return rc;
}

static bmp_status write_tmp(const char *tmpl, char **tmp, const char *data, size_t len,
                            bmp_error *err)
{
    char *t = core_asprintf("%s.XXXXXX", tmpl);
    if (!t)
        return bmp_error_oom(err);
    int fd = mkstemp(t);
    if (fd < 0) {
        bmp_status rc = bmp_error_set(err, BMP_EIO, "%s: cannot write: %s", tmpl,
                                      strerror(errno));
        free(t);
        return rc;
    }
    size_t at = 0;
    while (at < len) {
        ssize_t w = write(fd, data + at, len - at);
        if (w <= 0 && errno != EINTR)
            break;
        at += w > 0 ? (size_t)w : 0;
    }
    bool ok = at == len && fsync(fd) == 0;
    int e = errno;
    ok = close(fd) == 0 && ok;
    if (!ok) {
        unlink(t);
        free(t);
        return bmp_error_set(err, BMP_EIO, "%s: cannot write: %s", tmpl, strerror(e));
    }
    *tmp = t;
    return BMP_OK;
}

bmp_status ledger_stage_invoice(bmp_ledger *l, const ledger_body *b, const char *number,
                                const char *dir, bmp_invoice_format fmt, ledger_staged *s,
                                bmp_error *err)
{
    static const char *const ext[] = {"html", "csv", "json"};
    if (!*number || number[0] == '.' || strchr(number, '/') || strchr(number, '\\'))
        return bmp_error_set(err, BMP_EINVAL, "invoice \"%s\": not usable as a file name",
                             number);
    if (s->n == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 8;
        char **t = realloc(s->tmp, cap * sizeof *t);
        if (t)
            s->tmp = t;
        char **f = t ? realloc(s->final, cap * sizeof *f) : NULL;
        if (!f)
            return bmp_error_oom(err);
        s->final = f;
        s->cap = cap;
    }
    char *doc = NULL, *path = NULL, *tmp = NULL;
    size_t len = 0;
    bmp_status rc = invoice_doc(l, b, number, fmt, &doc, &len, err);
    if (!rc && !(path = core_asprintf("%s/%s.%s", dir, number, ext[fmt])))
        rc = bmp_error_oom(err);
    if (!rc)
        rc = write_tmp(path, &tmp, doc, len, err);
    free(doc);
    if (rc) {
        free(path);
        return rc;
    }
    s->tmp[s->n] = tmp;
    s->final[s->n++] = path;
    return BMP_OK;
}

static void stage_free(ledger_staged *s)
{
    for (size_t i = 0; i < s->n; i++) {
        free(s->tmp[i]);
        free(s->final[i]);
    }
    free(s->tmp);
    free(s->final);
    memset(s, 0, sizeof *s);
}

bmp_status ledger_stage_commit(ledger_staged *s, bmp_error *err)
{
    bmp_status rc = BMP_OK;
    for (size_t i = 0; i < s->n; i++) {
        if (!rc && rename(s->tmp[i], s->final[i]) != 0)
            rc = bmp_error_set(err, BMP_EIO, "%s: cannot rename into place: %s (the invoices "
                               "are committed: write them again with `invoice show`)",
                               s->final[i], strerror(errno));
        if (rc)
            unlink(s->tmp[i]);
    }
    if (!rc && s->n) { /* the renames durable too */
        char *dir = core_asprintf("%s", s->final[0]);
        char *slash = dir ? strrchr(dir, '/') : NULL;
        if (slash)
            *slash = '\0';
        int fd = slash ? open(dir, O_RDONLY) : -1;
        if (fd >= 0) {
            (void)fsync(fd);
            close(fd);
        }
        free(dir);
    }
    stage_free(s);
    return rc;
}

void ledger_stage_discard(ledger_staged *s)
{
    for (size_t i = 0; i < s->n; i++)
        unlink(s->tmp[i]);
    stage_free(s);
}
