/* web_buf: HTML escaping into the core byte buffer (core/buf.h), for the
 * page renderer (pages.h) and the server.  Returns 0 on success, -1 when
 * memory ran out (the buffer is then marked failed). */
#ifndef BMP_SERVER_WEB_BUF_H
#define BMP_SERVER_WEB_BUF_H

#include "core/buf.h"

/* Appends s with & < > " ' replaced by entities; safe in element content
 * and in double- or single-quoted attribute values.  Control characters
 * (but tab and line feed) and the bidirectional overrides and isolates
 * U+202A-U+202E, U+2066-U+2069 are shown as text (\e, \x07, \u202e),
 * never sent: a name cannot turn the page's text around.  NULL appends
 * nothing. */
int web_buf_html(core_buf *b, const char *s);

/* Appends s percent-encoded for one URL path segment or query value: every
 * byte but A-Z a-z 0-9 - _ . ~ as %XX, so a '/' in a club number stays in
 * its segment (then safe in an HTML attribute as it is). */
int web_buf_url(core_buf *b, const char *s);

/* The segments of a request's raw path (as sent, percent-encoded), each
 * decoded, into buf: seg[0..n) point into it.  Returns n, or -1 when the
 * path does not start with '/', holds more than `max` segments, does not
 * fit buf, or a segment decodes to a NUL or holds a bad escape. */
int web_path_segments(const char *raw, char *buf, size_t size, const char **seg, size_t max);

#endif
