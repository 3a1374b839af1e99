/* The JSON event reader's internal entry (event_json.c). */
#ifndef BMP_IO_EVENT_JSON_H
#define BMP_IO_EVENT_JSON_H

#include <stdbool.h>

#include "bridgemp/bridgemp.h"

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

#endif
