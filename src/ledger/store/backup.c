/* Backups and restores of a SQLite ledger (include/bridgemp/ledger_backup.h,
 * docs/ledger.md "Backups"): the store's online copy into a temporary file
 * beside the destination, verified, then linked into place -- never a file
 * overwritten, never a half copy left under the destination's name. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bridgemp/ledger_backup.h"
#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"

#define PATH_CAP 4096

/* A new empty file "DIR/.BASE.WHAT-XXXXXX" beside `beside` (its folder). */
static bmp_status make_temp(const char *beside, const char *what, char tmp[PATH_CAP],
                            bmp_error *err)
{
    const char *slash = strrchr(beside, '/');
    int dirlen = slash ? (int)(slash - beside) : 1;
    const char *dir = slash ? beside : ".";
    const char *base = slash ? slash + 1 : beside;
    if (slash && dirlen == 0)
        dirlen = 1; /* "/name": the root folder */
    int n = snprintf(tmp, PATH_CAP, "%.*s/.%s.%s-XXXXXX", dirlen, dir, base, what);
    if (n < 0 || n >= PATH_CAP)
        return bmp_error_set(err, BMP_EINVAL, "%s: path too long", beside);
    int fd = mkstemp(tmp);
    if (fd < 0)
        return bmp_error_set(err, BMP_EIO, "%s: cannot create a temporary file beside it: %s",
                             beside, strerror(errno));
    close(fd);
    return BMP_OK;
}

/* fsync a file or a folder (what a rename or link made durable). */
static bmp_status sync_path(const char *path, bmp_error *err)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0 || fsync(fd) != 0) {
        bmp_status st = bmp_error_set(err, BMP_EIO, "%s: cannot sync: %s", path, strerror(errno));
        if (fd >= 0)
            close(fd);
        return st;
    }
    close(fd);
    return BMP_OK;
}

static void dir_of(const char *path, char dir[PATH_CAP])
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(dir, PATH_CAP, ".");
    else
        snprintf(dir, PATH_CAP, "%.*s", slash == path ? 1 : (int)(slash - path), path);
}

/* tmp becomes `dest`, which must not exist (link refuses an existing name
 * atomically, so two backups racing for one name cannot both win). */
static bmp_status place(const char *tmp, const char *dest, bmp_error *err)
{
    bmp_status rc = sync_path(tmp, err);
    if (rc)
        return rc;
    if (link(tmp, dest) != 0) {
        if (errno == EEXIST)
            return bmp_error_set(err, BMP_EINVAL, "%s: exists: never overwritten", dest);
        return bmp_error_set(err, BMP_EIO, "%s: cannot create: %s", dest, strerror(errno));
    }
    unlink(tmp);
    char dir[PATH_CAP];
    dir_of(dest, dir);
    return sync_path(dir, err);
}

/* Open the copy at path (bringing it to this program's schema), verify it,
 * read its head. */
static bmp_status verify_copy(const char *path, bmp_ledger_head *head, bmp_problems *probs,
                              bmp_error *err)
{
    bmp_ledger *c = NULL;
    bmp_ledger_opts o = {.size = sizeof o, .who = "bridgemp"};
    bmp_status rc = bmp_ledger_open(path, &o, &c, err);
    if (!rc)
        rc = bmp_ledger_verify(c, probs, err);
    if (!rc && head)
        rc = bmp_ledger_head_get(c, head, err);
    bmp_ledger_close(c);
    return rc;
}

bmp_status bmp_ledger_backup(bmp_ledger *l, const char *file, bmp_ledger_head *head,
                             bmp_problems *probs, bmp_error *err)
{
    if (!lq_can(l, LQ_CAN_BACKUP))
        return bmp_error_set(err, BMP_ENOTSUP, "not supported on %s: backup", lq_backend(l));
    if (access(file, F_OK) == 0)
        return bmp_error_set(err, BMP_EINVAL, "%s: exists: never overwritten", file);
    char tmp[PATH_CAP];
    bmp_status rc = make_temp(file, "backup", tmp, err);
    if (rc)
        return rc;
    rc = lq_backup(l, tmp, err);
    if (!rc && (rc = verify_copy(tmp, head, probs, err)) != BMP_OK)
        bmp_error_prefix(err, "%s: the copy fails verify, not kept: ", file);
    if (!rc)
        rc = place(tmp, file, err);
    unlink(tmp);
    return rc;
}

/* A byte copy of a backup file that nothing writes (its own -wal, if a raw
 * copy left one beside it, is not read: what the file holds is the backup). */
static bmp_status copy_bytes(const char *from, const char *to, bmp_error *err)
{
    FILE *in = fopen(from, "rb");
    if (!in)
        return bmp_error_set(err, BMP_ENOTFOUND, "%s: cannot read: %s", from, strerror(errno));
    FILE *out = fopen(to, "wb");
    bmp_status rc = out ? BMP_OK
                        : bmp_error_set(err, BMP_EIO, "%s: cannot write: %s", to, strerror(errno));
    char buf[65536];
    size_t n;
    while (!rc && (n = fread(buf, 1, sizeof buf, in)) > 0)
        if (fwrite(buf, 1, n, out) != n)
            rc = bmp_error_set(err, BMP_EIO, "%s: write error", to);
    if (!rc && ferror(in))
        rc = bmp_error_set(err, BMP_EIO, "%s: read error", from);
    if (out && fclose(out) != 0 && !rc)
        rc = bmp_error_set(err, BMP_EIO, "%s: write error", to);
    fclose(in);
    return rc;
}

/* The existing ledger at target (*t NULL when there is none). */
static bmp_status open_target(const char *target, bool replace, bmp_ledger **t, bmp_error *err)
{
    bmp_ledger_opts o = {.size = sizeof o, .who = "bridgemp"};
    bmp_status rc = bmp_ledger_open(target, &o, t, err);
    if (rc == BMP_ENOTFOUND) {
        *t = NULL;
        return BMP_OK;
    }
    if (rc)
        return rc;
    if (!replace) {
        bmp_ledger_close(*t);
        *t = NULL;
        return bmp_error_set(err, BMP_EINVAL,
                             "%s: a ledger is there: restore does not replace it "
                             "(--force-replace does, in one transaction)",
                             target);
    }
    if (!lq_can(*t, LQ_CAN_RESTORE))
        rc = bmp_error_set(err, BMP_ENOTSUP, "not supported on %s: restore", lq_backend(*t));
    else
        rc = lq_restore(*t, NULL, err); /* can it, before any file is made */
    if (rc) {
        bmp_ledger_close(*t);
        *t = NULL;
    }
    return rc;
}

bmp_status bmp_ledger_restore(const char *file, const char *target, bool replace,
                              bmp_ledger_head *head, bmp_problems *probs, bmp_error *err)
{
    if (access(file, R_OK) != 0)
        return bmp_error_set(err, BMP_ENOTFOUND, "%s: no backup file: %s", file,
                             strerror(errno));
    bmp_ledger *t = NULL;
    bmp_status rc = open_target(target, replace, &t, err);
    if (rc)
        return rc;
    /* Staged beside the new ledger, or beside the backup when an existing
     * ledger's content is replaced (its file stays where it is). */
    char tmp[PATH_CAP];
    rc = make_temp(t ? file : target, "restore", tmp, err);
    if (rc) {
        bmp_ledger_close(t);
        return rc;
    }
    rc = copy_bytes(file, tmp, err);
    if (!rc && (rc = verify_copy(tmp, head, probs, err)) != BMP_OK)
        bmp_error_prefix(err, "%s: the backup fails verify, nothing restored: ", file);
    if (!rc && t) {
        rc = lq_restore(t, tmp, err);
        if (!rc)
            rc = bmp_ledger_verify(t, probs, err);
        if (!rc && head)
            rc = bmp_ledger_head_get(t, head, err);
    } else if (!rc) {
        rc = place(tmp, target, err);
    }
    unlink(tmp);
    bmp_ledger_close(t);
    return rc;
}
