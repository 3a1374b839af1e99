/* A streaming JSON writer (issue 30 item 5): the hot reads (a player, a
 * history, a statement, the listings) write their answer straight into the
 * response's buffer, no tree built.  Commas and nesting are the writer's;
 * strings are escaped as JSON requires and written ASCII-only (\uXXXX,
 * surrogate pairs beyond U+FFFF, as jansson's JSON_ENSURE_ASCII did), a
 * byte that is not UTF-8 becoming '?' (as srv_jstr).  An allocation that
 * fails marks the buffer failed (core_buf), which the caller checks once at
 * the end. */
#ifndef BMP_SERVER_JSON_W_H
#define BMP_SERVER_JSON_W_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bridgemp/points.h"
#include "core/buf.h"

#define JW_MAX_DEPTH 16

typedef struct jw {
    core_buf *b;
    int depth;
    bool more[JW_MAX_DEPTH]; /* a value was written at this depth: the next needs a ',' */
    bool after_key;          /* a key was written: its value follows, no ',' */
    bool bad;                /* nesting misused (a bug): the answer is refused */
} jw;

void jw_init(jw *w, core_buf *b);
void jw_obj(jw *w);
void jw_end_obj(jw *w);
void jw_arr(jw *w);
void jw_end_arr(jw *w);
void jw_key(jw *w, const char *k);
void jw_str(jw *w, const char *s); /* NULL is "" */
void jw_int(jw *w, int64_t v);
void jw_bool(jw *w, bool v);
void jw_null(jw *w);
/* Members of the object being written: "key": value. */
void jw_kstr(jw *w, const char *k, const char *s);
void jw_kint(jw *w, const char *k, int64_t v);
/* "points": "5.10", "hundredths": 510 (the exact decimal beside the integer). */
void jw_points(jw *w, bmp_points v);
/* A string written by the caller between these two, bytes that need no
 * escaping only (a percent-encoded URL). */
void jw_str_open(jw *w);
void jw_str_close(jw *w);
/* Did everything fit, balanced? */
bool jw_ok(const jw *w);

/* Length of the valid UTF-8 sequence at s (1..4), 0 when it is not one
 * (overlong, surrogate, beyond U+10FFFF, cut short). */
size_t jw_utf8_len(const unsigned char *s);

#endif
