/* bridgemp: reading and writing whole files safely.
 *
 * Inputs are read once, whole, into memory (then parsed from memory:
 * bmp_event_load_string, bmp_usebio_read_memory, bmp_abf_credit_parse), with
 * a size limit checked before the read for a regular file and during it for
 * a pipe or device (the buffer never grows past the limit).  Outputs are
 * written to a temporary file in the target's directory and renamed into
 * place only after a checked write, fsync and close, so a reader never sees
 * half a file and a failed write leaves the old file as it was.
 *
 * The path "-" means standard input (reading) or standard output (writing).
 * Every message names the file and, for an operating-system error, carries
 * its strerror text ("x.json: cannot open: No such file or directory").
 */
#ifndef BRIDGEMP_FILE_H
#define BRIDGEMP_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "bridgemp/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The default input limit: 256 MB (256 * 2^20 bytes). */
#define BMP_MAX_INPUT_DEFAULT ((size_t)256 << 20)

/* Read the whole of path ("-": standard input) into a malloc'ed buffer with
 * a NUL after the last byte (*len excludes it).  max is the limit in bytes
 * (0: BMP_MAX_INPUT_DEFAULT); a larger input is EINVAL, refused before
 * reading when its size is known.  A directory is EIO. */
bmp_status bmp_file_read(const char *path, size_t max, char **buf, size_t *len,
                         bmp_error *err);

/* Check that buf holds text this library reads.  UTF-16/UTF-32 (a byte-order
 * mark FF FE or FE FF, or any NUL byte) is always refused; when utf8 is true,
 * bytes that are not valid UTF-8 are refused too.  Messages name `name` and
 * the byte offset (and line).  *bom (if not NULL) gets 3 when the text starts
 * with a UTF-8 byte-order mark (to skip), else 0. */
bmp_status bmp_text_check(const char *name, const char *buf, size_t len, bool utf8,
                          size_t *bom, bmp_error *err);

/* Write len bytes to path ("-": standard output, flushed and checked).  A
 * regular file (new or existing) is written to a temporary file in the same
 * directory, flushed, fsync'ed, closed and renamed over path; an existing
 * file keeps its permissions and a symbolic link is followed.  A device or
 * FIFO (e.g. /dev/null) is written in place.  Any failure is EIO with the
 * path and strerror, and leaves no temporary file behind. */
bmp_status bmp_file_write_atomic(const char *path, const void *data, size_t len,
                                 bmp_error *err);

/* An output written as it is made, with bmp_file_write_atomic's guarantee
 * (all of it or, on an error, nothing) without holding it in memory.
 * bmp_file_out_open: a regular file (new or existing) is written to a
 * temporary file in its directory, made as bmp_file_write_atomic makes it;
 * standard output ("-"), a device, a FIFO, and a path that
 * bmp_file_write_atomic would refuse are spooled in an unlinked file in
 * $TMPDIR (or /tmp), or in memory when no such file can be made.  Write to bmp_file_out_stream's stream (checked at the
 * commit).  bmp_file_out_commit flushes and syncs it and renames it into
 * place, or writes the spool where bmp_file_write_atomic writes (its
 * messages, at the commit as before); either way it frees the output.
 * bmp_file_out_abort drops it (the temporary file removed, nothing
 * written) and frees it; NULL is a no-op. */
typedef struct bmp_file_out bmp_file_out;
bmp_status bmp_file_out_open(const char *path, bmp_file_out **out, bmp_error *err);
FILE *bmp_file_out_stream(const bmp_file_out *o);
bmp_status bmp_file_out_commit(bmp_file_out *o, bmp_error *err);
void bmp_file_out_abort(bmp_file_out *o);

/* True when a and b are the same existing regular file (same device and
 * inode; a terminal or pipe is never "the same file").  "-" is compared
 * through the descriptor of standard input (as a) and standard output (as
 * b). */
bool bmp_file_same(const char *a, const char *b);

/* Parse a size such as 1048576, 512K, 256M or 2G (powers of 1024; K, M, G
 * or KB, MB, GB in either case).  False on anything else or zero. */
bool bmp_size_parse(const char *s, size_t *out);

#ifdef __cplusplus
}
#endif
#endif
