/* One array of a JSON event mapped element by element as the text is
 * parsed (json_split.h): $.contestants (event_json.c) and $.matches
 * (event_json_matches.c) share this.  Each element is read into the
 * caller's shell event as it arrives; the checks that need the whole event
 * (a contestant's group, a match's teams) wait until the rest is read and
 * then run in document order, so that the first error reported is the one
 * the whole-tree read meets. */
#ifndef BMP_IO_EVENT_JSON_STREAM_H
#define BMP_IO_EVENT_JSON_STREAM_H

#include <stddef.h>

#include "bridgemp/bridgemp.h"
#include "io/json_fields.h"

typedef struct ej_stream {
    io_json_ctx c;     /* its own path; errors go to err */
    bmp_error err;
    const char *path;   /* the array's path, "$.contestants" */
    bmp_event *shell;   /* holds what was read; the caller frees it */
    size_t cap;         /* room in the shell's array */
    bmp_status st;      /* the first failure ... */
    size_t at;          /* ... at this element (the count: no room for it) */
} ej_stream;

void ej_stream_init(ej_stream *s, const char *src, const char *path, bmp_event *shell);

/* Element i's zeroed slot in *items (grown as needed and counted in *n),
 * the path set to it and the element marked as the one being read; NULL
 * after an earlier failure (the rest is only checked as JSON) or when
 * there is no room (recorded as the failure).  items: the address of the
 * shell's array, passed through a void * the caller stores back. */
void *ej_stream_slot(ej_stream *s, void **items, size_t *n, size_t i, size_t size);

/* The shell's n elements handed over with one zeroed element past the end,
 * as the whole-tree read leaves its arrays; NULL when out of memory. */
void *ej_stream_take(void *items, size_t n, size_t size);

/* Element i, read, checked against the whole event. */
typedef bmp_status (*ej_check_fn)(io_json_ctx *c, size_t i, void *arg);

/* The checks in document order: check for each of the n elements read,
 * the recorded failure in place of the element where it was met, then a
 * failure to make room for one more. */
bmp_status ej_stream_check(const ej_stream *s, io_json_ctx *c, size_t n, ej_check_fn check,
                           void *arg);

#endif
