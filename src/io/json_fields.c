/* Reading a JSON document field by field (io/json_fields.h): the path of
 * the value being read, typed fields with their ranges, and errors that name
 * the source, the JSON path and what was expected.  Used by the strict
 * event reader (event_json.c). */
#include "io/json_fields.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/param_keys.h"
#include "core/strs.h"
#include "core/util.h"

bmp_status io_json_fail(io_json_ctx *c, bmp_status code, const char *fmt, ...)
{
    char what[BMP_ERROR_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    return bmp_error_set(c->err, code, "%s: %s: %s", c->src, c->path, what);
}

bmp_status io_json_oom(io_json_ctx *c)
{
    return io_json_fail(c, BMP_ENOMEM, "out of memory");
}

static const char *type_name(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER: return "an integer";
    case JSON_REAL: return "a number";
    case JSON_TRUE: return "true";
    case JSON_FALSE: return "false";
    case JSON_NULL: return "null";
    }
    return "?";
}

/* Describe the value found, for "expected X, got Y". */
static void describe(const json_t *v, char *buf, size_t n)
{
    if (json_is_string(v))
        snprintf(buf, n, "\"%.40s\"", json_string_value(v));
    else if (json_is_integer(v))
        snprintf(buf, n, "%lld", (long long)json_integer_value(v));
    else if (json_is_real(v))
        snprintf(buf, n, "%g", json_real_value(v));
    else
        snprintf(buf, n, "%s", type_name(v));
}

bmp_status io_json_expected(io_json_ctx *c, const char *what, const json_t *got)
{
    char g[64];
    describe(got, g, sizeof g);
    return io_json_fail(c, BMP_EINVAL, "expected %s, got %s", what, g);
}

/* Path stack: push a key or index, pop back to a saved length. */
/* Append n bytes of s to the path at len, cut at its end as snprintf would.
 * Every field read pushes its key, so this runs a few times per contestant:
 * without printf (a 1M-contestant load spent 12 % of its time formatting
 * paths that no error would ever print). */
static size_t path_append(io_json_ctx *c, size_t len, const char *s, size_t n)
{
    size_t room = sizeof c->path - 1 - len;
    if (n > room)
        n = room;
    memcpy(c->path + len, s, n);
    c->path[len + n] = '\0';
    return len + n;
}

size_t io_json_push_key(io_json_ctx *c, const char *key)
{
    size_t len = strlen(c->path);
    path_append(c, path_append(c, len, ".", 1), key, strlen(key));
    return len;
}

size_t io_json_push_index(io_json_ctx *c, size_t i)
{
    char buf[24];
    size_t k = sizeof buf;
    buf[--k] = ']';
    do
        buf[--k] = (char)('0' + i % 10);
    while (i /= 10);
    buf[--k] = '[';
    size_t len = strlen(c->path);
    path_append(c, len, buf + k, sizeof buf - k);
    return len;
}

void io_json_pop(io_json_ctx *c, size_t len)
{
    c->path[len] = '\0';
}

/* Reject keys not in the NULL-terminated list. */
bmp_status io_json_check_keys(io_json_ctx *c, json_t *obj, const char *const *known)
{
    const char *key;
    json_t *v;
    json_object_foreach(obj, key, v) {
        bool ok = false;
        for (size_t i = 0; known[i] && !ok; i++)
            ok = strcmp(key, known[i]) == 0;
        if (!ok) {
            char list[512] = "";
            for (size_t i = 0; known[i]; i++) {
                strncat(list, i ? ", " : "", sizeof list - strlen(list) - 1);
                strncat(list, known[i], sizeof list - strlen(list) - 1);
            }
            size_t l = io_json_push_key(c, key);
            bmp_status st = io_json_fail(c, BMP_EINVAL, "unknown key (expected one of: %s)", list);
            io_json_pop(c, l);
            return st;
        }
    }
    return BMP_OK;
}

char *io_json_alloc(io_json_ctx *c, size_t n)
{
    return c->strs ? core_strs_alloc(c->strs, n) : malloc(n);
}

char *io_json_strdup(io_json_ctx *c, const char *s)
{
    return c->strs ? core_strs_dupn(c->strs, s, strlen(s)) : core_strdup(s);
}

/* Optional string field: absent/null leaves *out NULL. */
bmp_status io_json_get_str(io_json_ctx *c, json_t *obj, const char *key, bool required,
                           char **out)
{
    json_t *v = json_object_get(obj, key);
    if (v && json_is_string(v) && (!required || json_string_length(v) > 0)) {
        /* the common case: no path to build (only an error prints it) */
        *out = io_json_strdup(c, json_string_value(v));
        if (*out)
            return BMP_OK;
    }
    size_t l = io_json_push_key(c, key);
    bmp_status st = BMP_OK;
    if (!v || json_is_null(v)) {
        if (required)
            st = io_json_fail(c, BMP_EINVAL, "missing required field (expected a string)");
    } else if (json_is_string(v)) {
        if (required && json_string_length(v) == 0)
            st = io_json_fail(c, BMP_EINVAL, "expected a non-empty string");
        else if (!(*out = io_json_strdup(c, json_string_value(v))))
            st = io_json_oom(c);
    } else {
        st = io_json_expected(c, "a string", v);
    }
    io_json_pop(c, l);
    return st;
}

/* An id may be written as a string or an integer ("12" or 12). */
bmp_status io_json_get_id(io_json_ctx *c, json_t *obj, const char *key, bool required, char **out)
{
    json_t *v = json_object_get(obj, key);
    if (v && json_is_integer(v)) {
        char num[24];
        snprintf(num, sizeof num, "%lld", (long long)json_integer_value(v));
        *out = io_json_strdup(c, num);
        return *out ? BMP_OK : BMP_ENOMEM;
    }
    bmp_status st = io_json_get_str(c, obj, key, required, out);
    if (st == BMP_EINVAL && v && !json_is_string(v)) {
        size_t l = io_json_push_key(c, key);
        st = io_json_expected(c, "a string or integer id", v);
        io_json_pop(c, l);
    }
    return st;
}

bmp_status io_json_get_int(io_json_ctx *c, json_t *obj, const char *key, long long min,
                           long long max, int *out)
{
    json_t *v = json_object_get(obj, key);
    if (!v || json_is_null(v))
        return BMP_OK;
    size_t l = io_json_push_key(c, key);
    bmp_status st = BMP_OK;
    if (!json_is_integer(v)) {
        char what[96];
        snprintf(what, sizeof what, "an integer from %lld to %lld", min, max);
        st = io_json_expected(c, what, v);
    } else if (json_integer_value(v) < min || json_integer_value(v) > max) {
        st = io_json_fail(c, BMP_ERANGE, "expected an integer from %lld to %lld, got %lld", min, max,
                  (long long)json_integer_value(v));
    } else {
        *out = (int)json_integer_value(v);
    }
    io_json_pop(c, l);
    return st;
}

bmp_status io_json_get_num(io_json_ctx *c, json_t *obj, const char *key, double min, double max,
                           double *out, bool *has)
{
    json_t *v = json_object_get(obj, key);
    if (!v || json_is_null(v))
        return BMP_OK;
    size_t l = io_json_push_key(c, key);
    bmp_status st = BMP_OK;
    if (!json_is_number(v)) {
        st = io_json_expected(c, "a number", v);
    } else {
        double d = json_number_value(v);
        if (!(d >= min && d <= max))
            st = io_json_fail(c, BMP_ERANGE, "expected a number from %g to %g, got %g", min, max, d);
        else {
            *out = d;
            if (has)
                *has = true;
        }
    }
    io_json_pop(c, l);
    return st;
}

bmp_status io_json_get_bool(io_json_ctx *c, json_t *obj, const char *key, bool *out)
{
    json_t *v = json_object_get(obj, key);
    if (!v || json_is_null(v))
        return BMP_OK;
    if (!json_is_boolean(v)) {
        size_t l = io_json_push_key(c, key);
        bmp_status st = io_json_expected(c, "true or false", v);
        io_json_pop(c, l);
        return st;
    }
    *out = json_is_true(v);
    return BMP_OK;
}

/* Masterpoint limit: non-negative integer, or null / absent for none. */
bmp_status io_json_get_limit(io_json_ctx *c, json_t *obj, const char *key, int64_t *out)
{
    *out = BMP_NO_LIMIT;
    json_t *v = json_object_get(obj, key);
    if (!v || json_is_null(v))
        return BMP_OK;
    size_t l = io_json_push_key(c, key);
    bmp_status st = BMP_OK;
    if (!json_is_integer(v) || json_integer_value(v) < 0)
        st = io_json_expected(c, "a masterpoint limit (integer >= 0) or null for none", v);
    else
        *out = json_integer_value(v);
    io_json_pop(c, l);
    return st;
}

bmp_status io_json_get_place(io_json_ctx *c, json_t *obj, const char *key, bmp_place *out)
{
    out->lo = out->hi = 0;
    out->tied = false;
    json_t *v = json_object_get(obj, key);
    if (!v || json_is_null(v))
        return BMP_OK;
    size_t l = io_json_push_key(c, key);
    bmp_status st = BMP_OK;
    if (json_is_integer(v) && json_integer_value(v) >= 1 && json_integer_value(v) <= 1000000) {
        out->lo = out->hi = (int)json_integer_value(v);
    } else if (!json_is_string(v) || !bmp_place_parse(json_string_value(v), out) ||
               out->lo == 0) {
        st = io_json_expected(c, "a place such as 3, \"3=\" or \"3/4\" (1 or more)", v);
    }
    io_json_pop(c, l);
    return st;
}

/* A carried figure ("mp.green": hundredths): whole, 0..CORE_CARRIED_MAX
 * (issue 26: 1.999 is not 0.01, 9.2e18 is not a figure). */
static bool carried_ok(const json_t *v)
{
    if (json_is_integer(v))
        return json_integer_value(v) >= 0 && json_integer_value(v) <= CORE_CARRIED_MAX;
    double d = json_number_value(v);
    return d >= 0 && d <= (double)CORE_CARRIED_MAX && d == floor(d);
}

bmp_status io_json_get_params(io_json_ctx *c, json_t *obj, bmp_params *out)
{
    json_t *v = json_object_get(obj, "params");
    if (!v || json_is_null(v))
        return BMP_OK;
    size_t l = io_json_push_key(c, "params");
    bmp_status st = BMP_OK;
    if (!json_is_object(v)) {
        st = io_json_expected(c, "an object of name: value", v);
        io_json_pop(c, l);
        return st;
    }
    out->items = calloc(json_object_size(v) ? json_object_size(v) : 1, sizeof *out->items);
    if (!out->items) {
        io_json_pop(c, l);
        return io_json_oom(c);
    }
    const char *key;
    json_t *pv;
    json_object_foreach(v, key, pv) {
        bmp_param *p = &out->items[out->count];
        size_t l2 = io_json_push_key(c, key);
        if (json_is_number(pv) && strncmp(key, "mp.", 3) == 0 && !carried_ok(pv)) {
            st = io_json_expected(c, "a whole number of hundredths of a point from 0 to "
                                  "100000000 (1000000.00 points), never cut", pv);
            io_json_pop(c, l2);
            break;
        } else if (json_is_number(pv)) {
            p->type = BMP_PARAM_NUMBER;
            p->number = json_number_value(pv);
        } else if (json_is_string(pv)) {
            p->type = BMP_PARAM_STRING;
            p->string = core_param_str(json_string_value(pv));
        } else if (json_is_boolean(pv)) {
            p->type = BMP_PARAM_BOOL;
            p->boolean = json_is_true(pv);
        } else {
            st = io_json_expected(c, "a number, string or boolean", pv);
            io_json_pop(c, l2);
            break;
        }
        io_json_pop(c, l2);
        p->key = core_param_str(key);
        out->count++; /* counted before the check, so the free path frees it */
        if (!p->key || (p->type == BMP_PARAM_STRING && !p->string)) {
            st = io_json_oom(c);
            break;
        }
    }
    io_json_pop(c, l);
    return st;
}

/* Fetch an optional array field; *arr NULL when absent. */
bmp_status io_json_get_array(io_json_ctx *c, json_t *obj, const char *key, json_t **arr)
{
    json_t *v = json_object_get(obj, key);
    *arr = NULL;
    if (!v || json_is_null(v))
        return BMP_OK;
    if (!json_is_array(v)) {
        size_t l = io_json_push_key(c, key);
        bmp_status st = io_json_expected(c, "an array", v);
        io_json_pop(c, l);
        return st;
    }
    *arr = v;
    return BMP_OK;
}

bmp_status io_json_need_object(io_json_ctx *c, json_t *v)
{
    return json_is_object(v) ? BMP_OK : io_json_expected(c, "an object", v);
}
