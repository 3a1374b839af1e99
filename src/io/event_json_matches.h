/* $.matches of a JSON event (event_json_matches.c): read from the tree, or
 * streamed as the text is parsed (json_split.h) and checked once the
 * contestants are known. */
#ifndef BMP_IO_EVENT_JSON_MATCHES_H
#define BMP_IO_EVENT_JSON_MATCHES_H

#include <jansson.h>

#include "bridgemp/bridgemp.h"
#include "io/json_fields.h"

/* The matches mapped while the text was parsed (each element freed once
 * read) into shell->matches; their checks against the contestants wait for
 * ej_take_matches.  shell belongs to the caller, who frees it with
 * bmp_event_free. */
typedef struct ej_matches_stream {
    bmp_json_ctx c;     /* its own path; errors go to err */
    bmp_error err;
    bmp_event *shell;
    size_t cap;
    bmp_status st;      /* the first failure ... */
    size_t at;          /* ... at this match (nmatches: no room for it) */
} ej_matches_stream;

/* A json_split_fn: element i of $.matches into arg's shell. */
void ej_map_match(void *arg, size_t i, json_t *el);

/* The streamed matches into ev (contestants indexed): the checks and the
 * first error exactly as ej_read_matches would report them. */
bmp_status ej_take_matches(bmp_json_ctx *c, ej_matches_stream *m, bmp_event *ev);

/* $.matches from the tree root, if present. */
bmp_status ej_read_matches(bmp_json_ctx *c, json_t *root, bmp_event *ev);

#endif
