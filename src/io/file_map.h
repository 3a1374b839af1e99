/* A regular file read whole into an anonymous private mapping of its own
 * (event_json_file.c, issue 46): its pages can be given back as a reader
 * passes them (MADV_DONTNEED), and the mapping goes back to the system
 * whole when unmapped, where a heap buffer of the same size can stay in
 * the process. */
#ifndef BMP_IO_FILE_MAP_H
#define BMP_IO_FILE_MAP_H

#include <stdbool.h>
#include <stddef.h>

typedef struct io_mapped {
    const char *path;
    int fd;       /* open until io_file_unmap (to read the text again) */
    char *base;   /* the file's len bytes, then a NUL */
    size_t len;
    size_t page;
    size_t given; /* base[0 .. given) given back (event_json_file.c) */
} io_mapped;

/* path's bytes in m; false (nothing held) for a file that is not a regular
 * file, an empty one, one that cannot be opened, mapped or read whole (or
 * is longer than its size said): read it the old way, whose messages
 * those are. */
bool io_file_map(io_mapped *m, const char *path);
void io_file_unmap(io_mapped *m);

#endif
