/* core_buf: the one growable byte buffer (see buf.h). */
#include "core/buf.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/digits.h"

void core_buf_init(core_buf *b)
{
    b->data = NULL;
    b->len = 0;
    b->cap = 0;
    b->failed = false;
}

void core_buf_free(core_buf *b)
{
    free(b->data);
    core_buf_init(b);
}

void core_buf_reset(core_buf *b)
{
    b->len = 0;
    b->failed = false;
    if (b->data)
        b->data[0] = '\0';
}

/* Room for extra more bytes and the NUL: core_grow's rule (core/util.h;
 * from 32, doubling, overflow refused) written out here so that this file
 * depends on libc alone and the server, which links only the public API,
 * compiles it in.  A failure is remembered so that a half-built text is
 * never mistaken for a whole one. */
static int reserve(core_buf *b, size_t extra)
{
    if (b->failed)
        return -1;
    if (extra >= SIZE_MAX - b->len) {
        b->failed = true;
        return -1;
    }
    size_t need = b->len + extra + 1;
    if (need <= b->cap)
        return 0;
    size_t cap = b->cap ? b->cap : 32;
    while (cap < need) {
        if (cap > SIZE_MAX / 2) {
            b->failed = true;
            return -1;
        }
        cap *= 2;
    }
    char *p = realloc(b->data, cap);
    if (!p) {
        b->failed = true;
        return -1;
    }
    b->data = p;
    b->cap = cap;
    return 0;
}

int core_buf_reserve(core_buf *b, size_t n)
{
    if (reserve(b, n) != 0)
        return -1;
    b->data[b->len] = '\0';
    return 0;
}

int core_buf_append_grow(core_buf *b, const void *p, size_t n)
{
    if (reserve(b, n) != 0)
        return -1;
    if (n)
        memcpy(b->data + b->len, p, n);
    b->len += n;
    b->data[b->len] = '\0';
    return 0;
}

int core_buf_putc_grow(core_buf *b, char c)
{
    return core_buf_append_grow(b, &c, 1);
}

int core_buf_int(core_buf *b, int64_t v)
{
    char t[CORE_DIGITS_MAX];
    uint64_t a = v < 0 ? (uint64_t)(-(v + 1)) + 1u : (uint64_t)v;
    char *s = core_digits(t + sizeof t, a, 1);
    if (v < 0)
        *--s = '-';
    return core_buf_append(b, s, (size_t)(t + sizeof t - s));
}

/* Written in place into the room the buffer has; only when it does not
 * fit, grown to the measured size and written again (most calls format
 * once, not twice). */
int core_buf_printf(core_buf *b, const char *fmt, ...)
{
    if (b->failed || (b->cap <= b->len + 1 && reserve(b, 64) != 0))
        return -1;
    size_t room = b->cap - b->len;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(b->data + b->len, room, fmt, ap);
    va_end(ap);
    if (n < 0) {
        b->failed = true;
        b->data[b->len] = '\0';
        return -1;
    }
    if ((size_t)n >= room) {
        if (reserve(b, (size_t)n) != 0) {
            b->data[b->len] = '\0';
            return -1;
        }
        va_start(ap, fmt);
        vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    b->len += (size_t)n;
    return 0;
}

char *core_buf_take(core_buf *b, size_t *len)
{
    char *p = b->data;
    if (len)
        *len = b->len;
    core_buf_init(b);
    return p;
}
