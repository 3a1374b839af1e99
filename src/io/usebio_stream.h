/* The streamed USEBIO reader (usebio_stream.c). */
#ifndef BMP_IO_USEBIO_STREAM_H
#define BMP_IO_USEBIO_STREAM_H

#include <stddef.h>

#include "bridgemp/usebio.h"

/* Read the file at path (or, path NULL, data[len]) streamed into *out.
 * BMP_ENOMEM is final; any other failure means "read it as a tree" (a
 * layout the stream does not map in one pass, or an error whose message
 * the tree reader gives with its element path). */
bmp_status ub_stream_load(const char *path, const char *data, size_t len, const char *src,
                          const bmp_usebio_opts *opts, bmp_event **out, bmp_error *err);

#endif
