/* ACBLscore game files: the bounds-checked byte reader every structure
 * reads through (acblscore_internal.h): an offset and length outside the
 * file is an error naming the file, the offset and the structure. */
#include <stdio.h>

#include "io/acblscore_internal.h"

bool acs_fail(acs_rd *r, size_t off, const char *what, const char *msg)
{
    if (!r->st)
        r->st = bmp_error_set(r->err, BMP_EPARSE, "%s: offset 0x%zx: %s: %s", r->src, off, what,
                              msg);
    return false;
}

bool acs_need(acs_rd *r, size_t off, size_t len, const char *what)
{
    if (r->st)
        return false;
    if (off <= r->n && len <= r->n - off)
        return true;
    char msg[120];
    snprintf(msg, sizeof msg, "length %zu runs past the end of the file (size %zu)", len, r->n);
    return acs_fail(r, off, what, msg);
}

unsigned acs_u8(acs_rd *r, size_t off, const char *what)
{
    return acs_need(r, off, 1, what) ? r->d[off] : 0;
}

unsigned acs_u16(acs_rd *r, size_t off, const char *what)
{
    return acs_need(r, off, 2, what) ? (unsigned)r->d[off] | (unsigned)r->d[off + 1] << 8 : 0;
}

uint32_t acs_u32(acs_rd *r, size_t off, const char *what)
{
    if (!acs_need(r, off, 4, what))
        return 0;
    return (uint32_t)r->d[off] | (uint32_t)r->d[off + 1] << 8 | (uint32_t)r->d[off + 2] << 16 |
           (uint32_t)r->d[off + 3] << 24;
}

int32_t acs_i32(acs_rd *r, size_t off, const char *what)
{
    uint32_t u = acs_u32(r, off, what);
    return u <= INT32_MAX ? (int32_t)u : (int32_t)(u - 2147483648u) - INT32_MAX - 1;
}

void acs_str(acs_rd *r, size_t off, size_t width, char *dst, size_t size, const char *what)
{
    dst[0] = '\0';
    unsigned len = acs_u8(r, off, what);
    if (r->st)
        return;
    if (len > width) {
        char msg[120];
        snprintf(msg, sizeof msg, "a string of %u characters in a field of %zu", len, width);
        acs_fail(r, off, what, msg);
        return;
    }
    if (!acs_need(r, off + 1, len, what))
        return;
    size_t k = len < size - 1 ? len : size - 1;
    for (size_t i = 0; i < k; i++) { /* control bytes are not text */
        unsigned char c = r->d[off + 1 + i];
        dst[i] = (char)(c < 0x20 || c == 0x7f ? ' ' : c);
    }
    dst[k] = '\0';
}
