/* bmp_event_load_file: a JSON event read from its file, the text given
 * back as it is parsed (issue 46: at the end of the read the text of a
 * 40,000-contestant event, 7-14 MB, sat beside the whole event model).
 *
 * The file is read whole into an anonymous private mapping of our own; as
 * the streamed $.contestants and $.matches are parsed (json_split_nd),
 * the pages behind the parser are given back a megabyte at a time
 * (MADV_DONTNEED: dropped from memory, zeros if touched again, which they
 * are not).  Should the split reader refuse the text after some were given
 * back, the whole-tree read needs it all: those bytes are read from the
 * file again first.  A file that is not a regular file, an empty one, or
 * one that cannot be mapped is read as before (core_read_file), and so are
 * the messages of a file that cannot be opened or read. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bridgemp/bridgemp.h"
#include "core/util.h"
#include "io/event_json.h"
#include "io/file_map.h"

enum { GIVE_BACK_STEP = 1 << 20 };

/* to[0 .. len) from the file's offset 0; true when all were read. */
static bool read_at0(int fd, char *to, size_t len)
{
    size_t got = 0;
    while (got < len) {
        ssize_t r = pread(fd, to + got, len - got, (off_t)got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return false;
        got += (size_t)r;
    }
    return true;
}

static void give_back(void *arg, const char *upto)
{
    io_mapped *m = arg;
    size_t off = (size_t)(upto - m->base) / m->page * m->page;
    if (off < m->given + GIVE_BACK_STEP)
        return;
#ifdef MADV_DONTNEED
    if (madvise(m->base + m->given, off - m->given, MADV_DONTNEED) == 0)
        m->given = off;
#endif
}

static bmp_status restore(void *arg, bmp_error *err)
{
    io_mapped *m = arg;
    errno = 0;
    if (m->given && !read_at0(m->fd, m->base, m->given))
        return bmp_error_set(err, BMP_EIO, "%s: cannot read it again: %s", m->path,
                             errno ? strerror(errno) : "it is shorter");
    m->given = 0;
    return BMP_OK;
}

/* The old way: the whole file in a heap buffer. */
static bmp_status load_whole(const char *path, bmp_event **out, bmp_error *err)
{
    char *buf;
    size_t len;
    bmp_status rs = core_read_file(path, &buf, &len, err);
    if (rs)
        return rs;
    if (strlen(buf) != len) {
        free(buf);
        return bmp_error_set(err, BMP_EPARSE, "%s: contains a NUL byte: not a JSON text file", path);
    }
    bmp_status st = bmp_event_load_string(buf, path, out, err);
    free(buf);
    return st;
}

bool io_file_map(io_mapped *m, const char *path)
{
    *m = (io_mapped){.path = path, .fd = open(path, O_RDONLY | O_CLOEXEC)};
    struct stat sb;
    if (m->fd < 0)
        return false;
    if (fstat(m->fd, &sb) != 0 || !S_ISREG(sb.st_mode) || sb.st_size <= 0 ||
        (uintmax_t)sb.st_size >= SIZE_MAX / 2) {
        close(m->fd);
        return false;
    }
    m->len = (size_t)sb.st_size;
    long page = sysconf(_SC_PAGESIZE);
    m->page = page > 0 ? (size_t)page : 4096;
    /* one byte more, a NUL (the mapping is zeroed) */
    void *b = mmap(NULL, m->len + 1, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    char more;
    if (b != MAP_FAILED) {
        m->base = b;
        if (read_at0(m->fd, m->base, m->len) && pread(m->fd, &more, 1, (off_t)m->len) == 0)
            return true;
        munmap(m->base, m->len + 1);
    }
    close(m->fd);
    return false;
}

void io_file_unmap(io_mapped *m)
{
    munmap(m->base, m->len + 1);
    close(m->fd);
}

bmp_status bmp_event_load_file(const char *path, bmp_event **out, bmp_error *err)
{
    *out = NULL;
    io_mapped m;
    if (!io_file_map(&m, path))
        return load_whole(path, out, err);
    bmp_status st;
    if (memchr(m.base, '\0', m.len)) {
        st = bmp_error_set(err, BMP_EPARSE, "%s: contains a NUL byte: not a JSON text file", path);
    } else {
        ej_input in = {.done = give_back, .restore = restore, .arg = &m};
        st = ej_load_in(m.base, m.len, path, &in, out, err);
    }
    io_file_unmap(&m);
    return st;
}
