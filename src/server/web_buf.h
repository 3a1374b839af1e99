/* web_buf: a growable byte buffer for HTTP bodies, with an HTML-escaping
 * appender.  Used by the page renderer (pages.h) and by the server.
 * Every append returns 0 on success, -1 when memory ran out; after a failure
 * the buffer is marked failed and further appends are no-ops returning -1. */
#ifndef BMP_SERVER_WEB_BUF_H
#define BMP_SERVER_WEB_BUF_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct web_buf {
    char *data;   /* NUL-terminated when len > 0 or after web_buf_init */
    size_t len;
    size_t cap;
    bool failed;  /* an allocation failed: the contents are incomplete */
} web_buf;

void web_buf_init(web_buf *b);
void web_buf_free(web_buf *b);
/* Empties the buffer, keeping its memory. */
void web_buf_reset(web_buf *b);
int web_buf_append(web_buf *b, const void *p, size_t n);
int web_buf_puts(web_buf *b, const char *s);
int web_buf_printf(web_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Appends s with & < > " ' replaced by entities; safe in element content
 * and in double- or single-quoted attribute values.  NULL appends nothing. */
int web_buf_html(web_buf *b, const char *s);

#endif
