/* web_buf: growable buffer and HTML escaping (see web_buf.h). */
#include "server/web_buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void web_buf_init(web_buf *b)
{
    b->data = NULL;
    b->len = 0;
    b->cap = 0;
    b->failed = false;
}

void web_buf_free(web_buf *b)
{
    free(b->data);
    web_buf_init(b);
}

void web_buf_reset(web_buf *b)
{
    b->len = 0;
    b->failed = false;
    if (b->data)
        b->data[0] = '\0';
}

static int grow(web_buf *b, size_t extra)
{
    if (b->failed)
        return -1;
    if (b->len + extra + 1 <= b->cap)
        return 0;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + extra + 1) {
        if (cap > ((size_t)-1) / 2) {
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

int web_buf_append(web_buf *b, const void *p, size_t n)
{
    if (grow(b, n) != 0)
        return -1;
    if (n)
        memcpy(b->data + b->len, p, n);
    b->len += n;
    b->data[b->len] = '\0';
    return 0;
}

int web_buf_puts(web_buf *b, const char *s)
{
    return s ? web_buf_append(b, s, strlen(s)) : 0;
}

int web_buf_printf(web_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || grow(b, (size_t)n) != 0)
        return -1;
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
    return 0;
}

static const char *entity(char c)
{
    switch (c) {
    case '&': return "&amp;";
    case '<': return "&lt;";
    case '>': return "&gt;";
    case '"': return "&quot;";
    case '\'': return "&#39;";
    default: return NULL;
    }
}

int web_buf_html(web_buf *b, const char *s)
{
    if (!s)
        return 0;
    const char *run = s;
    for (const char *p = s; *p; p++) {
        const char *e = entity(*p);
        if (!e)
            continue;
        if (web_buf_append(b, run, (size_t)(p - run)) != 0 || web_buf_puts(b, e) != 0)
            return -1;
        run = p + 1;
    }
    return web_buf_puts(b, run);
}
