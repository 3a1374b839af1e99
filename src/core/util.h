/* Internal helpers shared across the library (not public API). */
#ifndef BMP_CORE_UTIL_H
#define BMP_CORE_UTIL_H

#include <stdarg.h>
#include <stddef.h>

#include "bridgemp/error.h"

/* malloc'ed printf; NULL on allocation failure. */
char *bmp_vasprintf(const char *fmt, va_list ap);
char *bmp_asprintf(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
/* Read a whole file into a malloc'ed, NUL-terminated buffer (*len excludes
 * the NUL).  Errors name the path: cannot open, read error, out of memory
 * (or over 2 GB). */
bmp_status bmp_read_file(const char *path, char **buf, size_t *len, bmp_error *err);

/* strdup that accepts NULL. */
char *bmp_strdup(const char *s);

#endif
