#include "core/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <string.h>

char *bmp_vasprintf(const char *fmt, va_list ap)
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

char *bmp_asprintf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = bmp_vasprintf(fmt, ap);
    va_end(ap);
    return s;
}

char *bmp_strdup(const char *s)
{
    if (!s)
        return NULL;
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

bmp_status bmp_read_file(const char *path, char **out, size_t *outlen, bmp_error *err)
{
    *out = NULL;
    *outlen = 0;
    FILE *f = fopen(path, "rb");
    if (!f)
        return bmp_error_set(err, BMP_EIO, "%s: cannot open: %s", path, strerror(errno));
    size_t cap = 1 << 16, len = 0, n;
    char *buf = malloc(cap);
    while (buf && (n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
        len += n;
        if (len + 1 == cap) {
            char *nb = cap > ((size_t)1 << 31) ? NULL : realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
            cap *= 2;
        }
    }
    int ioerr = ferror(f);
    fclose(f);
    if (!buf)
        return bmp_error_set(err, BMP_ENOMEM, "%s: out of memory (or over 2 GB)", path);
    if (ioerr) {
        free(buf);
        return bmp_error_set(err, BMP_EIO, "%s: read error", path);
    }
    buf[len] = '\0';
    *out = buf;
    *outlen = len;
    return BMP_OK;
}
