/* The one error convention: status code + caller-owned message buffer. */
#include "bridgemp/error.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* What vsnprintf(msg, n, fmt, ap) writes when fmt holds no conversion but
 * %s and %% (most messages), without printf: false, and nothing read, for
 * any other fmt (issue 46: a message per flagged player of a big event). */
static bool plain_format(char *msg, size_t n, const char *fmt, va_list ap)
{
    for (const char *f = strchr(fmt, '%'); f; f = strchr(f + 2, '%'))
        if (f[1] != 's' && f[1] != '%')
            return false;
    size_t k = 0;
    for (const char *f = fmt;;) {
        const char *pct = strchr(f, '%');
        const char *part[2] = {f, NULL};
        size_t len[2] = {pct ? (size_t)(pct - f) : strlen(f), 0};
        if (pct && pct[1] == '%') {
            part[1] = "%";
            len[1] = 1;
        } else if (pct) {
            part[1] = va_arg(ap, const char *);
            part[1] = part[1] ? part[1] : "(null)"; /* as glibc prints NULL */
            len[1] = strlen(part[1]);
        }
        for (int i = 0; i < 2; i++) {
            size_t m = len[i] < n - 1 - k ? len[i] : n - 1 - k;
            memcpy(msg + k, part[i] ? part[i] : "", m);
            k += m;
        }
        if (!pct)
            break;
        f = pct + 2;
    }
    msg[k] = '\0';
    return true;
}

bmp_status bmp_error_set(bmp_error *err, bmp_status code, const char *fmt, ...)
{
    if (err) {
        va_list ap, again;
        va_start(ap, fmt);
        va_copy(again, ap);
        err->code = code;
        if (!plain_format(err->msg, sizeof err->msg, fmt, ap))
            vsnprintf(err->msg, sizeof err->msg, fmt, again);
        va_end(again);
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
