/* The one error convention: status code + caller-owned message buffer. */
#include "bridgemp/error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

bmp_status bmp_error_set(bmp_error *err, bmp_status code, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        err->code = code;
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return code;
}

bmp_status bmp_not_supported(bmp_error *err, const char *rule, const char *id,
                             const char *section, const char *why)
{
    if (why)
        return bmp_error_set(err, BMP_ENOTSUP, "not supported: %s (%s, \xC2\xA7%s): %s", rule, id,
                             section, why);
    return bmp_error_set(err, BMP_ENOTSUP, "not supported: %s (%s, \xC2\xA7%s)", rule, id,
                         section);
}

bmp_status bmp_error_oom(bmp_error *err)
{
    return bmp_error_set(err, BMP_ENOMEM, "out of memory");
}

void bmp_error_prefix(bmp_error *err, const char *fmt, ...)
{
    if (!err)
        return;
    char pre[BMP_ERROR_MSG_MAX], old[BMP_ERROR_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(pre, sizeof pre, fmt, ap);
    va_end(ap);
    memcpy(old, err->msg, sizeof old);
    size_t n = strlen(pre);
    if (n >= sizeof err->msg)
        n = sizeof err->msg - 1;
    memcpy(err->msg, pre, n);
    size_t m = strlen(old);
    if (m > sizeof err->msg - 1 - n)
        m = sizeof err->msg - 1 - n;
    memcpy(err->msg + n, old, m);
    err->msg[n + m] = '\0';
}

const char *bmp_status_name(bmp_status s)
{
    switch (s) {
    case BMP_OK: return "ok";
    case BMP_EINVAL: return "invalid input";
    case BMP_EPARSE: return "parse error";
    case BMP_ENOTSUP: return "not supported";
    case BMP_ENOMEM: return "out of memory";
    case BMP_EIO: return "i/o error";
    case BMP_ERANGE: return "out of range";
    case BMP_ENOTFOUND: return "not found";
    }
    return "unknown error";
}
