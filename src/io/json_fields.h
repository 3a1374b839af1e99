/* Reading a JSON document field by field (json_fields.c): internal to
 * src/io.  Every reader keeps the JSON path of the value it reads in its
 * io_json_ctx, so every error names the source, the path and what was
 * expected; unknown keys are errors (a typo is never silently ignored). */
#ifndef BMP_IO_JSON_FIELDS_H
#define BMP_IO_JSON_FIELDS_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bridgemp/bridgemp.h"

typedef struct io_json_ctx {
    const char *src;
    bmp_error *err;
    /* The strings read (io_json_get_str, io_json_get_id): in these blocks
     * of an event (core/strs.h) when set, else each malloc'd. */
    bmp_event_strings **strs;
    char path[512];
} io_json_ctx;

/* A copy of s, or n bytes, where c keeps its strings; NULL when out of
 * memory. */
char *io_json_strdup(io_json_ctx *c, const char *s);
char *io_json_alloc(io_json_ctx *c, size_t n);

/* Error at the current path (+ optional suffix). */
bmp_status io_json_fail(io_json_ctx *c, bmp_status code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* Out of memory, at the current path. */
bmp_status io_json_oom(io_json_ctx *c);
bmp_status io_json_expected(io_json_ctx *c, const char *what, const json_t *got);
/* Path stack: push a key or index, pop back to a saved length. */
size_t io_json_push_key(io_json_ctx *c, const char *key);
size_t io_json_push_index(io_json_ctx *c, size_t i);
void io_json_pop(io_json_ctx *c, size_t len);
/* Reject keys not in the NULL-terminated list. */
bmp_status io_json_check_keys(io_json_ctx *c, json_t *obj, const char *const *known);
/* Optional string field: absent/null leaves *out NULL. */
bmp_status io_json_get_str(io_json_ctx *c, json_t *obj, const char *key, bool required,
                           char **out);
/* An id may be written as a string or an integer ("12" or 12). */
bmp_status io_json_get_id(io_json_ctx *c, json_t *obj, const char *key, bool required,
                          char **out);
bmp_status io_json_get_int(io_json_ctx *c, json_t *obj, const char *key, long long min,
                           long long max, int *out);
bmp_status io_json_get_num(io_json_ctx *c, json_t *obj, const char *key, double min, double max,
                           double *out, bool *has);
bmp_status io_json_get_bool(io_json_ctx *c, json_t *obj, const char *key, bool *out);
/* Masterpoint limit: non-negative integer, or null / absent for none. */
bmp_status io_json_get_limit(io_json_ctx *c, json_t *obj, const char *key, int64_t *out);
bmp_status io_json_get_place(io_json_ctx *c, json_t *obj, const char *key, bmp_place *out);
bmp_status io_json_get_params(io_json_ctx *c, json_t *obj, bmp_params *out);
/* Fetch an optional array field; *arr NULL when absent. */
bmp_status io_json_get_array(io_json_ctx *c, json_t *obj, const char *key, json_t **arr);
bmp_status io_json_need_object(io_json_ctx *c, json_t *v);

#endif
