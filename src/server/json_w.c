/* The streaming JSON writer (json_w.h). */
#include <string.h>

#include "server/json_w.h"

void jw_init(jw *w, core_buf *b)
{
    memset(w, 0, sizeof *w);
    w->b = b;
}

size_t jw_utf8_len(const unsigned char *s)
{
    size_t n = s[0] < 0x80 ? 1 : (s[0] & 0xE0) == 0xC0 && s[0] >= 0xC2 ? 2
             : (s[0] & 0xF0) == 0xE0 ? 3 : (s[0] & 0xF8) == 0xF0 && s[0] <= 0xF4 ? 4 : 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if ((n == 3 && s[0] == 0xE0 && s[1] < 0xA0) || (n == 3 && s[0] == 0xED && s[1] >= 0xA0) ||
        (n == 4 && s[0] == 0xF0 && s[1] < 0x90) || (n == 4 && s[0] == 0xF4 && s[1] >= 0x90))
        return 0; /* overlong, surrogate, beyond U+10FFFF */
    return n;
}

/* The comma before a value or a key, unless a key was just written. */
static void sep(jw *w)
{
    if (w->after_key) {
        w->after_key = false;
        return;
    }
    if (w->more[w->depth])
        core_buf_putc(w->b, ',');
    w->more[w->depth] = true;
}

static void open(jw *w, char c)
{
    sep(w);
    core_buf_putc(w->b, c);
    if (w->depth + 1 >= JW_MAX_DEPTH) {
        w->bad = true;
        return;
    }
    w->more[++w->depth] = false;
}

static void close_(jw *w, char c)
{
    if (w->depth == 0 || w->after_key)
        w->bad = true;
    else
        w->depth--;
    core_buf_putc(w->b, c);
}

void jw_obj(jw *w) { open(w, '{'); }
void jw_end_obj(jw *w) { close_(w, '}'); }
void jw_arr(jw *w) { open(w, '['); }
void jw_end_arr(jw *w) { close_(w, ']'); }

static void put_u(core_buf *b, unsigned u)
{
    static const char hex[] = "0123456789abcdef";
    char e[6] = {'\\', 'u', hex[(u >> 12) & 15], hex[(u >> 8) & 15], hex[(u >> 4) & 15],
                 hex[u & 15]};
    core_buf_append(b, e, 6);
}

/* The code point of the n-byte UTF-8 sequence at s (valid: jw_utf8_len). */
static unsigned code_point(const unsigned char *s, size_t n)
{
    unsigned c = n == 2 ? s[0] & 0x1Fu : n == 3 ? s[0] & 0x0Fu : s[0] & 0x07u;
    for (size_t i = 1; i < n; i++)
        c = (c << 6) | (s[i] & 0x3Fu);
    return c;
}

/* The bytes a JSON string carries as they are: printable ASCII (DEL
 * included, RFC 8259 7) but '"' and '\\'.  A table, one load per byte
 * (issue 30: the scan was the writer's hottest loop). */
#define P16 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1
#define Z16 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
static const unsigned char plain[256] = {
    Z16, Z16,                                             /* 0x00-0x1F: controls */
    1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,       /* 0x20-0x2F: '"' at 0x22 */
    P16, P16,                                             /* 0x30-0x4F */
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1,       /* 0x50-0x5F: '\\' at 0x5C */
    P16, P16,                                             /* 0x60-0x7F */
    Z16, Z16, Z16, Z16, Z16, Z16, Z16, Z16};              /* 0x80-0xFF: UTF-8 */
#undef P16
#undef Z16

static void escaped(core_buf *b, const char *str)
{
    const unsigned char *s = (const unsigned char *)str;
    core_buf_putc(b, '"');
    while (*s) {
        const unsigned char *run = s; /* bytes written as they are */
        while (plain[*s])
            s++;
        if (s > run)
            core_buf_append(b, run, (size_t)(s - run));
        if (!*s)
            break;
        size_t n = jw_utf8_len(s);
        if (*s == '"' || *s == '\\') {
            char e[2] = {'\\', (char)*s};
            core_buf_append(b, e, 2);
        } else if (*s < 0x20) {
            const char *short_ = *s == '\n' ? "\\n" : *s == '\r' ? "\\r" : *s == '\t' ? "\\t"
                               : *s == '\b' ? "\\b" : *s == '\f' ? "\\f" : NULL;
            if (short_)
                core_buf_puts(b, short_);
            else
                put_u(b, *s);
        } else if (!n) {
            core_buf_putc(b, '?');
            n = 1;
        } else {
            unsigned c = code_point(s, n);
            if (c >= 0x10000) { /* a surrogate pair */
                c -= 0x10000;
                put_u(b, 0xD800 + (c >> 10));
                put_u(b, 0xDC00 + (c & 0x3FF));
            } else {
                put_u(b, c);
            }
        }
        s += n ? n : 1;
    }
    core_buf_putc(b, '"');
}

void jw_key(jw *w, const char *k)
{
    if (w->after_key)
        w->bad = true;
    sep(w);
    escaped(w->b, k);
    core_buf_putc(w->b, ':');
    w->after_key = true;
}

void jw_str(jw *w, const char *s)
{
    sep(w);
    escaped(w->b, s ? s : "");
}

void jw_str_open(jw *w)
{
    sep(w);
    core_buf_putc(w->b, '"');
}

void jw_str_close(jw *w)
{
    core_buf_putc(w->b, '"');
}

void jw_int(jw *w, int64_t v)
{
    sep(w);
    core_buf_int(w->b, v);
}

void jw_bool(jw *w, bool v)
{
    sep(w);
    core_buf_puts(w->b, v ? "true" : "false");
}

void jw_null(jw *w)
{
    sep(w);
    core_buf_puts(w->b, "null");
}

void jw_kstr(jw *w, const char *k, const char *s)
{
    jw_key(w, k);
    jw_str(w, s);
}

void jw_kint(jw *w, const char *k, int64_t v)
{
    jw_key(w, k);
    jw_int(w, v);
}

void jw_points(jw *w, bmp_points v)
{
    char p[32];
    int n = bmp_points_format(v, p, sizeof p);
    jw_key(w, "points");
    jw_str_open(w); /* digits, '-' and '.': nothing to escape */
    core_buf_append(w->b, p, (size_t)n);
    jw_str_close(w);
    jw_kint(w, "hundredths", v);
}

bool jw_ok(const jw *w)
{
    return !w->bad && !w->b->failed && w->depth == 0 && !w->after_key;
}
