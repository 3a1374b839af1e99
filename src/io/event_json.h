/* The JSON event reader's internal entry (event_json.c). */
#ifndef BMP_IO_EVENT_JSON_H
#define BMP_IO_EVENT_JSON_H

#include <stdbool.h>

#include "bridgemp/bridgemp.h"
#include "io/json_split.h"

/* bmp_event_load_string with a choice: split streams $.contestants and
 * $.matches (json_split.h, what bmp_event_load_string does); !split reads the whole
 * text as one jansson tree, the reference the tests and the differential
 * fuzzer compare it with. */
bmp_status ej_load(const char *text, const char *source_name, bool split, bmp_event **out,
                   bmp_error *err);

/* The same over text[0 .. len), which need not be NUL-terminated and holds
 * no NUL (the pipeline reads the caller's bytes without a copy, issue 46). */
bmp_status ej_load_n(const char *text, size_t len, const char *source_name, bool split,
                     bmp_event **out, bmp_error *err);

/* A text the reader may give back as it parses it (event_json_file.c,
 * issue 46): done is told, after each streamed element, that the text
 * before upto is not looked at again; restore puts the whole text back
 * before a whole-tree read of it (split refused), or fails with err set. */
typedef struct ej_input {
    json_split_done_fn done;
    bmp_status (*restore)(void *arg, bmp_error *err);
    void *arg;
} ej_input;

/* ej_load_n split, over a text in may give back as it is read. */
bmp_status ej_load_in(const char *text, size_t len, const char *source_name, const ej_input *in,
                      bmp_event **out, bmp_error *err);

#endif
