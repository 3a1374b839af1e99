/* core_buf: the one growable byte buffer (internal, not public API).
 * Used by the ledger (dumps, CSV fields, SQL translation, COPY data), the
 * server (HTTP bodies, pages) and anything else that builds bytes.
 * Growth goes through core_grow (doubling, overflow refused).  Every append
 * returns 0 on success, -1 when memory ran out; after a failure the buffer
 * is marked failed and further appends are no-ops returning -1 until
 * core_buf_reset.  A zeroed core_buf ({0}) is an empty buffer. */
#ifndef BMP_CORE_BUF_H
#define BMP_CORE_BUF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef struct core_buf {
    char *data;  /* NUL-terminated once allocated; NULL before */
    size_t len;  /* bytes held, the NUL not counted */
    size_t cap;  /* bytes allocated */
    bool failed; /* an allocation failed: the contents are incomplete */
} core_buf;

void core_buf_init(core_buf *b);
/* Frees the memory and leaves an empty buffer. */
void core_buf_free(core_buf *b);
/* Empties the buffer, keeping its memory, and clears a failure. */
void core_buf_reset(core_buf *b);
/* Room for n more bytes (and the NUL) at once: an answer of about a known
 * size allocated once, not grown from 32 by doubling.  The capacity is the
 * doubling's (a power of two from 32).  0, or -1 when memory ran out. */
int core_buf_reserve(core_buf *b, size_t n);

/* The appends are inline where the buffer has room for the bytes and the
 * NUL (issue 30: a JSON answer or a page is some hundreds of small
 * appends): copied in place, no call; a literal's length and a short copy
 * are then the compiler's.  Otherwise the _grow function, out of line,
 * grows the buffer (or refuses: failed) and appends. */
int core_buf_append_grow(core_buf *b, const void *p, size_t n);
int core_buf_putc_grow(core_buf *b, char c);

static inline int core_buf_append(core_buf *b, const void *p, size_t n)
{
    if (n < b->cap - b->len && !b->failed) { /* cap is 0 or more than len */
        if (n)
            memcpy(b->data + b->len, p, n);
        b->len += n;
        b->data[b->len] = '\0';
        return 0;
    }
    return core_buf_append_grow(b, p, n);
}

/* s as a C string; NULL appends nothing. */
static inline int core_buf_puts(core_buf *b, const char *s)
{
    return s ? core_buf_append(b, s, strlen(s)) : 0;
}

static inline int core_buf_putc(core_buf *b, char c)
{
    if (b->len + 1 < b->cap && !b->failed) {
        b->data[b->len++] = c;
        b->data[b->len] = '\0';
        return 0;
    }
    return core_buf_putc_grow(b, c);
}
/* v in decimal ("-42"), without printf (core/digits.h). */
int core_buf_int(core_buf *b, int64_t v);
int core_buf_printf(core_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* The contents (NULL if nothing was ever allocated), now the caller's to
 * free; *len (if not NULL) their length.  The buffer is left empty. */
char *core_buf_take(core_buf *b, size_t *len);

#endif
