/* $.matches of a JSON event (event_json_matches.c): read from the tree, or
 * streamed as the text is parsed (json_split.h) and checked once the
 * contestants are known. */
#ifndef BMP_IO_EVENT_JSON_MATCHES_H
#define BMP_IO_EVENT_JSON_MATCHES_H

#include <jansson.h>

#include "bridgemp/bridgemp.h"
#include "io/event_json_stream.h"
#include "io/json_fields.h"

/* A json_split_fn: element i of $.matches into the shell of arg, an
 * ej_stream (event_json_stream.h). */
void ej_map_match(void *arg, size_t i, json_t *el);

/* The streamed matches into ev (contestants indexed): the checks and the
 * first error exactly as ej_read_matches would report them. */
bmp_status ej_take_matches(io_json_ctx *c, const ej_stream *m, bmp_event *ev);

/* $.matches from the tree root, if present. */
bmp_status ej_read_matches(io_json_ctx *c, json_t *root, bmp_event *ev);

#endif
