/* The USEBIO reader's entry points: streamed first (usebio_stream.c), the
 * tree reader (usebio_read.c) when the stream cannot map a file's layout
 * or meets an error, so that results and messages are the tree reader's. */
#include <stdint.h>
#include <stdlib.h>

#include "bridgemp/bridgemp.h"
#include "core/util.h"
#include "io/usebio_internal.h"
#include "io/usebio_read.h"
#include "io/usebio_stream.h"

/* The tree reader: what the streamed one falls back to. */
static bmp_status read_tree(const char *data, size_t len, const char *source_name,
                            const bmp_usebio_opts *opts, bmp_event **out, bmp_error *err)
{
    ub_loaded l;
    bmp_status st = ub_load(data, len, source_name ? source_name : "<memory>", opts, false, &l,
                            err);
    if (st)
        return st;
    *out = l.ev;
    l.ev = NULL;
    ub_loaded_free(&l);
    return BMP_OK;
}

/* Streamed first (memory follows the event, not the file); read as a
 * tree when the stream cannot map the layout or meets an error, so that
 * results and messages are the tree reader's (usebio_stream.c). */
static bool streamed(bmp_status st, bmp_error *err)
{
    if (st == BMP_OK || st == BMP_ENOMEM)
        return true;
    if (err)
        *err = (bmp_error){0};
    return false;
}

/* Without a body nothing can be mapped: said before the file is read.
 * Met by the reader instead, the error sent the stream back to the tree
 * reader, which parsed the whole file (several times its size in memory)
 * to give it. */
bmp_status bmp_usebio_read_memory(const char *data, size_t len, const char *source_name,
                                  const bmp_usebio_opts *opts, bmp_event **out, bmp_error *err)
{
    *out = NULL;
    const char *src = source_name ? source_name : "<memory>";
    if (!io_usebio_opts_name_body(opts))
        return io_usebio_no_body(src, err);
    bmp_status st = len > (size_t)INT32_MAX ? BMP_EINVAL
                                            : ub_stream_load(NULL, data, len, src, opts, out, err);
    return streamed(st, err) ? st : read_tree(data, len, source_name, opts, out, err);
}

bmp_status bmp_usebio_read_file(const char *path, const bmp_usebio_opts *opts, bmp_event **out,
                                bmp_error *err)
{
    *out = NULL;
    if (!io_usebio_opts_name_body(opts))
        return io_usebio_no_body(path, err);
    bmp_status st = ub_stream_load(path, NULL, 0, path, opts, out, err);
    if (streamed(st, err))
        return st;
    char *buf;
    size_t len;
    bmp_status rs = core_read_file(path, &buf, &len, err);
    if (rs)
        return rs;
    st = read_tree(buf, len, path, opts, out, err);
    free(buf);
    return st;
}
