/* Internal helpers shared across the library (not public API). */
#ifndef BMP_CORE_UTIL_H
#define BMP_CORE_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include "bridgemp/error.h"

/* malloc'ed printf; NULL on allocation failure. */
char *core_vasprintf(const char *fmt, va_list ap);
char *core_asprintf(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
/* bmp_file_read (include/bridgemp/file.h) with the default limit: a whole
 * file ("-": standard input) into a malloc'ed, NUL-terminated buffer. */
bmp_status core_read_file(const char *path, char **buf, size_t *len, bmp_error *err);

/* Copy src into dst[size] (truncating, always terminated); the length of
 * src.  For hot paths where snprintf("%s") costs more than the copy. */
size_t core_strlcpy(char *dst, const char *src, size_t size);

/* Append src to the string in dst[size] (truncating, always terminated);
 * the length it tried to make.  Hot paths' "%s%s" without snprintf. */
size_t core_strlcat(char *dst, const char *src, size_t size);

/* Room for element n in arr (of *cap elements of elem > 0 bytes; NULL
 * when *cap is 0): the array, moved or not; the capacity starts at 32 and
 * doubles.  New elements are not initialised.  NULL on allocation failure
 * (or overflow): arr is still the caller's and *cap unchanged.  The one
 * growth rule of the library's arrays:
 *     T *v = core_grow(a->items, &a->cap, a->n, sizeof *v);
 *     if (!v) return oom;
 *     a->items = v; */
void *core_grow(void *arr, size_t *cap, size_t n, size_t elem);

/* strdup that accepts NULL. */
char *core_strdup(const char *s);

#endif
