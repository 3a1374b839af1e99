#include "core/util.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "bridgemp/file.h"

char *core_vasprintf(const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n < 0)
        return NULL;
    char *s = malloc((size_t)n + 1);
    if (s)
        vsnprintf(s, (size_t)n + 1, fmt, ap);
    return s;
}

char *core_asprintf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = core_vasprintf(fmt, ap);
    va_end(ap);
    return s;
}

size_t core_strlcpy(char *dst, const char *src, size_t size)
{
    size_t n = strlen(src);
    if (size) {
        size_t k = n < size - 1 ? n : size - 1;
        memcpy(dst, src, k);
        dst[k] = '\0';
    }
    return n;
}

size_t core_strlcat(char *dst, const char *src, size_t size)
{
    size_t d = strnlen(dst, size);
    if (d == size)
        return size + strlen(src);
    return d + core_strlcpy(dst + d, src, size - d);
}

void *core_grow(void *arr, size_t *cap, size_t n, size_t elem)
{
    if (n < *cap)
        return arr;
    size_t c = *cap ? *cap : 32;
    while (c <= n) {
        if (c > SIZE_MAX / 2 / elem)
            return NULL;
        c *= 2;
    }
    if (c > SIZE_MAX / elem)
        return NULL;
    /* New elements are left as realloc gives them: zeroing the spare half
     * would fault in pages an array may never use (up to twice the memory
     * of a million awards).  Callers initialise each slot they take. */
    void *a = realloc(arr, c * elem);
    if (a)
        *cap = c;
    return a;
}

char *core_strdup(const char *s)
{
    if (!s)
        return NULL;
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

/* ---- Whole files in (include/bridgemp/file.h) ----------------------------- */

static void fmt_size(size_t n, char *out, size_t outsz)
{
    if (n >= ((size_t)1 << 30) && n % ((size_t)1 << 30) == 0)
        snprintf(out, outsz, "%zu GB", n >> 30);
    else if (n >= ((size_t)1 << 20) && n % ((size_t)1 << 20) == 0)
        snprintf(out, outsz, "%zu MB", n >> 20);
    else if (n >= 1024 && n % 1024 == 0)
        snprintf(out, outsz, "%zu KB", n >> 10);
    else
        snprintf(out, outsz, "%zu bytes", n);
}

static bmp_status too_large(const char *name, size_t max, bool known, bmp_error *err)
{
    char lim[32];
    fmt_size(max, lim, sizeof lim);
    return bmp_error_set(err, BMP_EINVAL,
                         "%s: %s the input limit of %s: refused (raise it with --max-input SIZE)",
                         name, known ? "larger than" : "not a regular file and more than", lim);
}

/* read(2) until buf is full or the end: bytes read, or -1 with errno. */
static ssize_t read_full(int fd, char *buf, size_t want)
{
    size_t got = 0;
    while (got < want) {
        ssize_t n = read(fd, buf + got, want - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return -1;
        if (n == 0)
            break;
        got += (size_t)n;
    }
    return (ssize_t)got;
}

bmp_status bmp_file_read(const char *path, size_t max, char **out, size_t *outlen,
                         bmp_error *err)
{
    *out = NULL;
    *outlen = 0;
    if (max == 0)
        max = BMP_MAX_INPUT_DEFAULT;
    bool is_stdin = strcmp(path, "-") == 0;
    const char *name = is_stdin ? "standard input" : path;
    int fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return bmp_error_set(err, BMP_EIO, "%s: cannot open: %s", name, strerror(errno));
    struct stat st;
    bmp_status rs = BMP_OK;
    if (fstat(fd, &st) != 0)
        rs = bmp_error_set(err, BMP_EIO, "%s: cannot read: %s", name, strerror(errno));
    else if (S_ISDIR(st.st_mode))
        rs = bmp_error_set(err, BMP_EIO, "%s: cannot read: %s", name, strerror(EISDIR));
    else if (S_ISREG(st.st_mode) && (uintmax_t)st.st_size > (uintmax_t)max)
        rs = too_large(name, max, true, err);
    /* A regular file is read in one go (plus a byte to see it did not grow);
     * anything else in doubling chunks, never past max + 1 bytes. */
    size_t cap = S_ISREG(st.st_mode) ? (size_t)st.st_size + 2 : (size_t)1 << 16;
    if (cap < 4096) /* small, or a /proc file that says 0 */
        cap = 4096;
    if (cap > max + 2)
        cap = max + 2;
    size_t len = 0;
    char *buf = rs ? NULL : malloc(cap);
    if (!rs && !buf)
        rs = bmp_error_set(err, BMP_ENOMEM, "%s: out of memory", name);
    while (!rs) {
        ssize_t n = read_full(fd, buf + len, cap - 1 - len);
        if (n < 0) {
            rs = bmp_error_set(err, BMP_EIO, "%s: read error: %s", name, strerror(errno));
            break;
        }
        len += (size_t)n;
        if (len > max) {
            rs = too_large(name, max, S_ISREG(st.st_mode), err);
            break;
        }
        if (len < cap - 1)
            break; /* the end */
        size_t nc = cap - 1 > max / 2 ? max + 2 : (cap - 1) * 2 + 1;
        char *nb = realloc(buf, nc);
        if (!nb) {
            rs = bmp_error_set(err, BMP_ENOMEM, "%s: out of memory", name);
            break;
        }
        buf = nb;
        cap = nc;
    }
    if (!is_stdin)
        close(fd);
    if (rs) {
        free(buf);
        return rs;
    }
    buf[len] = '\0';
    *out = buf;
    *outlen = len;
    return BMP_OK;
}

bmp_status core_read_file(const char *path, char **out, size_t *outlen, bmp_error *err)
{
    return bmp_file_read(path, 0, out, outlen, err);
}

static size_t line_of(const char *buf, size_t off)
{
    size_t line = 1;
    for (const char *p = buf; (p = memchr(p, '\n', (size_t)(buf + off - p))) != NULL; p++)
        line++;
    return line;
}

/* Length of the valid UTF-8 sequence at s (RFC 3629: no overlongs, no
 * surrogates, nothing past U+10FFFF), or 0. */
static size_t utf8_seq(const unsigned char *s, size_t left)
{
    unsigned c = s[0];
    if (c < 0x80)
        return 1;
    size_t n = c >= 0xC2 && c <= 0xDF   ? 2
               : c >= 0xE0 && c <= 0xEF ? 3
               : c >= 0xF0 && c <= 0xF4 ? 4
                                        : 0;
    if (n == 0 || n > left)
        return 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if ((c == 0xE0 && s[1] < 0xA0) || (c == 0xED && s[1] > 0x9F) || (c == 0xF0 && s[1] < 0x90) ||
        (c == 0xF4 && s[1] > 0x8F))
        return 0;
    return n;
}

bmp_status bmp_text_check(const char *name, const char *buf, size_t len, bool utf8, size_t *bom,
                          bmp_error *err)
{
    const unsigned char *u = (const unsigned char *)buf;
    if (bom)
        *bom = 0;
    if (len >= 2 && ((u[0] == 0xFF && u[1] == 0xFE) || (u[0] == 0xFE && u[1] == 0xFF)))
        return bmp_error_set(err, BMP_EPARSE,
                             "%s: byte 0: a UTF-16 byte-order mark (%02X %02X): UTF-16 text is "
                             "not accepted; save the file as UTF-8",
                             name, u[0], u[1]);
    const char *nul = memchr(buf, '\0', len);
    if (nul)
        return bmp_error_set(err, BMP_EPARSE,
                             "%s: byte %zu (line %zu): a NUL byte: UTF-16 or binary data, not "
                             "UTF-8 text; save the file as UTF-8",
                             name, (size_t)(nul - buf), line_of(buf, (size_t)(nul - buf)));
    size_t skip = len >= 3 && u[0] == 0xEF && u[1] == 0xBB && u[2] == 0xBF ? 3 : 0;
    if (bom)
        *bom = skip;
    for (size_t i = skip; utf8 && i < len;) {
        size_t n = utf8_seq(u + i, len - i);
        if (n == 0)
            return bmp_error_set(err, BMP_EPARSE,
                                 "%s: byte %zu (line %zu): invalid UTF-8 (byte 0x%02X): the file "
                                 "must be UTF-8 text",
                                 name, i, line_of(buf, i), u[i]);
        i += n;
    }
    return BMP_OK;
}

/* ---- Whole files out ------------------------------------------------------- */

static bool write_all(int fd, const char *p, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, p, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        p += n;
        len -= (size_t)n;
    }
    return true;
}

/* What is written: len bytes at p, or (fd >= 0) the whole of the file fd
 * (bmp_file_out's spool), read from its start. */
typedef struct wsrc {
    const char *p;
    size_t len;
    int fd;
} wsrc;

/* The spool's next chunk into buf: its length, 0 at the end, -1 (errno) on
 * a read error. */
static ssize_t spool_read(int fd, char *buf, size_t n)
{
    for (;;) {
        ssize_t r = read(fd, buf, n);
        if (r >= 0 || errno != EINTR)
            return r;
    }
}

static bool write_src(int fd, const wsrc *s)
{
    if (s->fd < 0)
        return write_all(fd, s->p, s->len);
    char buf[65536];
    ssize_t n;
    if (lseek(s->fd, 0, SEEK_SET) != 0)
        return false;
    while ((n = spool_read(s->fd, buf, sizeof buf)) > 0)
        if (!write_all(fd, buf, (size_t)n))
            return false;
    return n == 0;
}

static bmp_status write_stdout(const wsrc *s, bmp_error *err)
{
    bool ok = true;
    if (s->fd < 0) {
        ok = !s->len || fwrite(s->p, 1, s->len, stdout) == s->len;
    } else {
        char buf[65536];
        ssize_t n = lseek(s->fd, 0, SEEK_SET) == 0 ? 0 : -1;
        while (n == 0 && (n = spool_read(s->fd, buf, sizeof buf)) > 0)
            n = fwrite(buf, 1, (size_t)n, stdout) == (size_t)n ? 0 : -1;
        ok = n == 0;
    }
    if (!ok || fflush(stdout) != 0)
        return bmp_error_set(err, BMP_EIO, "standard output: write error: %s", strerror(errno));
    return BMP_OK;
}

/* A device or FIFO: written in place (no rename is possible or wanted). */
static bmp_status write_special(const char *path, const wsrc *s, bmp_error *err)
{
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return bmp_error_set(err, BMP_EIO, "%s: cannot write: %s", path, strerror(errno));
    bool ok = write_src(fd, s);
    int e = errno;
    if (close(fd) != 0 && ok) {
        ok = false;
        e = errno;
    }
    return ok ? BMP_OK : bmp_error_set(err, BMP_EIO, "%s: write error: %s", path, strerror(e));
}

/* The temporary file: "DIR/.BASE.tmp-PID-N", created exclusively with mode
 * 0666 less the umask (or the existing file's mode).  -1 with errno. */
static int open_temp(const char *path, char *tmp, size_t tmpsz, const struct stat *old)
{
    const char *slash = strrchr(path, '/');
    int dlen = slash ? (int)(slash - path + 1) : 0;
    const char *base = slash ? slash + 1 : path;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    for (unsigned i = 0; i < 100; i++) {
        unsigned long tag = ((unsigned long)ts.tv_nsec + i * 7919u) % 1000000u;
        if ((size_t)snprintf(tmp, tmpsz, "%.*s.%s.tmp-%ld-%lu", dlen, path, base, (long)getpid(),
                             tag) >= tmpsz) {
            errno = ENAMETOOLONG;
            return -1;
        }
        int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd >= 0) {
            if (old && fchmod(fd, old->st_mode & 07777) != 0) {
                int e = errno;
                close(fd);
                unlink(tmp);
                errno = e;
                return -1;
            }
            return fd;
        }
        if (errno != EEXIST)
            return -1;
    }
    errno = EEXIST;
    return -1;
}

/* fsync the directory holding path so the rename itself is durable (best
 * effort: some file systems refuse to fsync a directory). */
static void sync_dir(const char *path)
{
    const char *slash = strrchr(path, '/');
    char dir[4096];
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else if (slash == path)
        snprintf(dir, sizeof dir, "/");
    else
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        (void)fsync(fd);
        close(fd);
    }
}

static bmp_status write_atomic(const char *path, const wsrc *src, bmp_error *err)
{
    if (strcmp(path, "-") == 0)
        return write_stdout(src, err);
    struct stat st;
    bool exists = stat(path, &st) == 0; /* follows a symbolic link */
    if (exists && S_ISDIR(st.st_mode))
        return bmp_error_set(err, BMP_EIO, "%s: cannot write: %s", path, strerror(EISDIR));
    if (exists && !S_ISREG(st.st_mode))
        return write_special(path, src, err);
    /* A read-only file stays read-only: renaming over it would not ask. */
    if (exists && access(path, W_OK) != 0)
        return bmp_error_set(err, BMP_EIO, "%s: cannot write: %s", path, strerror(errno));
    char *real = NULL;
    struct stat lst;
    if (exists && lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode) && !(real = realpath(path, NULL)))
        return bmp_error_set(err, BMP_EIO, "%s: cannot resolve: %s", path, strerror(errno));
    const char *target = real ? real : path;
    char tmp[4096];
    int fd = open_temp(target, tmp, sizeof tmp, exists ? &st : NULL);
    if (fd < 0) {
        int e = errno;
        free(real);
        return bmp_error_set(err, BMP_EIO, "%s: cannot write: %s", path, strerror(e));
    }
    bool ok = write_src(fd, src) && fsync(fd) == 0;
    int e = errno;
    if (close(fd) != 0 && ok) {
        ok = false;
        e = errno;
    }
    if (ok && rename(tmp, target) != 0) {
        ok = false;
        e = errno;
    }
    if (!ok)
        unlink(tmp);
    else
        sync_dir(target);
    free(real);
    return ok ? BMP_OK : bmp_error_set(err, BMP_EIO, "%s: write error: %s", path, strerror(e));
}

bmp_status bmp_file_write_atomic(const char *path, const void *data, size_t len, bmp_error *err)
{
    wsrc s = {.p = data, .len = len, .fd = -1};
    return write_atomic(path, &s, err);
}

/* ---- Outputs written as they are made -------------------------------------- */

struct bmp_file_out {
    FILE *f;
    char *path;     /* as given */
    bool direct;    /* f is the temporary file beside the target, renamed at commit */
    char *real;     /* direct: the symbolic link's target, or NULL */
    char tmp[4096]; /* direct: the temporary file's name */
    char *mem;      /* no spool could be made: f is an open_memstream */
    size_t memlen;
    bool in_memory;
};

/* The temporary file beside path, as write_atomic makes it; false (nothing
 * made) where write_atomic would refuse, write in place or fail: the spool
 * then, and the commit's write_atomic says why, when it always did. */
static bool open_direct(bmp_file_out *o)
{
    struct stat st, lst;
    bool exists = stat(o->path, &st) == 0;
    if (exists && (!S_ISREG(st.st_mode) || access(o->path, W_OK) != 0))
        return false;
    if (exists && lstat(o->path, &lst) == 0 && S_ISLNK(lst.st_mode) &&
        !(o->real = realpath(o->path, NULL)))
        return false;
    int fd = open_temp(o->real ? o->real : o->path, o->tmp, sizeof o->tmp, exists ? &st : NULL);
    if (fd >= 0 && !(o->f = fdopen(fd, "w"))) {
        close(fd);
        unlink(o->tmp);
    }
    if (!o->f) {
        free(o->real);
        o->real = NULL;
        return false;
    }
    return o->direct = true;
}

/* An unlinked file in $TMPDIR (or /tmp) that holds the output until the
 * commit copies it where write_atomic writes: standard output, a device or
 * a FIFO, which cannot take it back on an error.  When no such file can be
 * made, memory (open_memstream) holds it, as it always did. */
static bool open_spool(bmp_file_out *o)
{
    const char *dir = getenv("TMPDIR");
    char name[4096];
    if ((size_t)snprintf(name, sizeof name, "%s/bridgemp-out-XXXXXX",
                         dir && *dir ? dir : "/tmp") >= sizeof name) {
        errno = ENAMETOOLONG;
        return false;
    }
    int fd = mkstemp(name);
    if (fd < 0) /* held in memory, as before the spool */
        return (o->in_memory = (o->f = open_memstream(&o->mem, &o->memlen)) != NULL);
    unlink(name);
    (void)fcntl(fd, F_SETFD, FD_CLOEXEC);
    if (!(o->f = fdopen(fd, "w+")))
        close(fd);
    return o->f != NULL;
}

bmp_status bmp_file_out_open(const char *path, bmp_file_out **out, bmp_error *err)
{
    *out = NULL;
    bmp_file_out *o = calloc(1, sizeof *o);
    if (o && !(o->path = core_strdup(path))) {
        free(o);
        o = NULL;
    }
    if (!o)
        return bmp_error_oom(err);
    if ((strcmp(path, "-") == 0 || !open_direct(o)) && !open_spool(o)) {
        int e = errno;
        free(o->path);
        free(o);
        return bmp_error_set(err, BMP_EIO, "%s: cannot write a temporary copy: %s",
                             strcmp(path, "-") == 0 ? "standard output" : path, strerror(e));
    }
    *out = o;
    return BMP_OK;
}

FILE *bmp_file_out_stream(const bmp_file_out *o)
{
    return o ? o->f : NULL;
}

bmp_status bmp_file_out_commit(bmp_file_out *o, bmp_error *err)
{
    bool ok = fflush(o->f) == 0 && !ferror(o->f);
    int e = errno;
    bmp_status st = BMP_OK;
    if (o->direct) {
        const char *target = o->real ? o->real : o->path;
        if (ok && fsync(fileno(o->f)) != 0) {
            ok = false;
            e = errno;
        }
        if (fclose(o->f) != 0 && ok) {
            ok = false;
            e = errno;
        }
        o->f = NULL;
        if (ok && rename(o->tmp, target) != 0) {
            ok = false;
            e = errno;
        }
        if (!ok)
            unlink(o->tmp);
        else
            sync_dir(target);
        o->direct = false;
        if (!ok)
            st = bmp_error_set(err, BMP_EIO, "%s: write error: %s", o->path, strerror(e));
    } else if (!ok) {
        st = bmp_error_set(err, BMP_EIO, "%s: write error (the temporary copy): %s",
                           strcmp(o->path, "-") == 0 ? "standard output" : o->path,
                           strerror(e));
    } else if (o->in_memory) {
        ok = fclose(o->f) == 0;
        o->f = NULL;
        wsrc s = {.p = o->mem, .len = o->memlen, .fd = -1};
        st = ok ? write_atomic(o->path, &s, err) : bmp_error_oom(err);
    } else {
        wsrc s = {.fd = fileno(o->f)};
        st = write_atomic(o->path, &s, err);
    }
    bmp_file_out_abort(o);
    return st;
}

void bmp_file_out_abort(bmp_file_out *o)
{
    if (!o)
        return;
    if (o->f)
        fclose(o->f);
    if (o->direct)
        unlink(o->tmp);
    free(o->real);
    free(o->mem);
    free(o->path);
    free(o);
}

bool bmp_file_same(const char *a, const char *b)
{
    struct stat sa, sb;
    int ra = strcmp(a, "-") == 0 ? fstat(STDIN_FILENO, &sa) : stat(a, &sa);
    int rb = strcmp(b, "-") == 0 ? fstat(STDOUT_FILENO, &sb) : stat(b, &sb);
    return ra == 0 && rb == 0 && S_ISREG(sa.st_mode) && S_ISREG(sb.st_mode) &&
           sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

bool bmp_size_parse(const char *s, size_t *out)
{
    if (!s || !isdigit((unsigned char)s[0]))
        return false;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || v == 0)
        return false;
    unsigned shift = 0;
    switch (toupper((unsigned char)*end)) {
    case 'K': shift = 10; break;
    case 'M': shift = 20; break;
    case 'G': shift = 30; break;
    case '\0': break;
    default: return false;
    }
    if (shift) {
        end++;
        if (toupper((unsigned char)*end) == 'B')
            end++;
    }
    if (*end || v > (unsigned long long)(SIZE_MAX >> shift) >> 1)
        return false;
    *out = (size_t)(v << shift);
    return true;
}
