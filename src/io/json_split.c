/* A JSON object read with some of its arrays streamed: see json_split.h. */
#include "io/json_split.h"

#include <string.h>

/* What jansson's whole-document read would have been given: duplicates
 * refused.  JSON_DISABLE_EOF_CHECK stops after one value and stores the
 * bytes it read in error.position; JSON_DECODE_ANY lets that value be a
 * key string or a scalar member. */
enum { ONE_VALUE = JSON_REJECT_DUPLICATES | JSON_DISABLE_EOF_CHECK | JSON_DECODE_ANY };

static const char *skip_ws(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
        p++;
    return p;
}

/* The byte at p, NUL at the end (the text need not be NUL-terminated). */
static char at(const char *p, const char *end)
{
    return p < end ? *p : '\0';
}

/* The byte at *p, and *p past it (never past the end). */
static char next(const char **p, const char *end)
{
    return *p < end ? *(*p)++ : '\0';
}

/* jansson refuses a document nested deeper than JSON_PARSER_MAX_DEPTH
 * values.  A value parsed on its own sits `above` levels higher than in
 * the whole document (1 for a root member, 2 for an array element), so a
 * value nested nearly that deep would be read here and refused there: true
 * when the brackets of text[len] (outside strings), plus the innermost
 * value, reach the limit from that height.  Conservative: an empty
 * innermost container counts one level more than jansson counts, and such
 * a value is merely read whole. */
static bool too_deep(const char *text, size_t len, int above)
{
    int depth = 0, limit = JSON_PARSER_MAX_DEPTH - above - 1;
    if (len < (size_t)limit)
        return false; /* each level takes at least one byte */
    bool str = false;
    for (size_t i = 0; i < len; i++) {
        char ch = text[i];
        if (str) {
            if (ch == '\\')
                i++;
            else if (ch == '"')
                str = false;
        } else if (ch == '"') {
            str = true;
        } else if (ch == '[' || ch == '{') {
            if (++depth >= limit)
                return true;
        } else if (ch == ']' || ch == '}') {
            depth--;
        }
    }
    return false;
}

/* One value at *p, parsed by jansson; *p moves past it.  NULL when it is
 * not valid JSON, or nested too deep for the whole document (too_deep). */
static json_t *one_value(const char **p, const char *end, int above)
{
    json_error_t e;
    json_t *v = json_loadb(*p, (size_t)(end - *p), ONE_VALUE, &e);
    if (v && too_deep(*p, e.position, above)) {
        json_decref(v);
        return NULL;
    }
    if (v)
        *p += e.position;
    return v;
}

/* Where the text is consumed: json_split_nd's hook. */
typedef struct consumed {
    json_split_done_fn fn;
    void *arg;
} consumed;

/* The array at *p (just past its '['): each element to fn and freed. */
static bool stream_array(const char **p, const char *end, json_split_fn fn, void *arg,
                         const consumed *done)
{
    const char *q = skip_ws(*p, end);
    if (at(q, end) == ']') {
        *p = q + 1;
        return true;
    }
    for (size_t i = 0;; i++) {
        q = skip_ws(q, end);
        if (at(q, end) != '{') /* a scalar or an array: read whole, as before */
            return false;
        json_t *el = one_value(&q, end, 2);
        if (!el)
            return false;
        fn(arg, i, el);
        json_decref(el);
        if (done->fn)
            done->fn(done->arg, q);
        q = skip_ws(q, end);
        if (at(q, end) == ']')
            break;
        if (next(&q, end) != ',')
            return false;
    }
    *p = q + 1;
    return true;
}

/* The array spec named name, or NULL. */
static json_split_array *streamed(json_split_array *arrays, size_t narrays, const char *name)
{
    for (size_t i = 0; i < narrays; i++)
        if (!strcmp(arrays[i].key, name))
            return &arrays[i];
    return NULL;
}

/* One "key": value member at *p into root, or a streamed array. */
static bool member(const char **p, const char *end, json_t *root, json_split_array *arrays,
                   size_t narrays, const consumed *done)
{
    const char *q = skip_ws(*p, end);
    json_t *k = at(q, end) == '"' ? one_value(&q, end, 1) : NULL;
    const char *name = json_string_value(k);
    json_split_array *a = name ? streamed(arrays, narrays, name) : NULL;
    bool ok = name && !json_object_get(root, name) && !(a && a->found);
    q = skip_ws(q, end);
    ok = ok && next(&q, end) == ':';
    if (ok && a && at(q = skip_ws(q, end), end) == '[') {
        q++;
        ok = a->found = stream_array(&q, end, a->fn, a->arg, done);
    } else if (ok) {
        json_t *v = one_value(&q, end, 1);
        ok = v && json_object_set_new(root, name, v) == 0;
    }
    json_decref(k);
    *p = q;
    return ok;
}

bool json_split(const char *text, json_split_array *arrays, size_t narrays, json_t **root)
{
    return json_split_n(text, strlen(text), arrays, narrays, root);
}

bool json_split_n(const char *text, size_t len, json_split_array *arrays, size_t narrays,
                  json_t **root)
{
    return json_split_nd(text, len, arrays, narrays, root, NULL, NULL);
}

bool json_split_nd(const char *text, size_t len, json_split_array *arrays, size_t narrays,
                   json_t **root, json_split_done_fn done_fn, void *done_arg)
{
    const consumed done = {done_fn, done_arg};
    *root = NULL;
    for (size_t i = 0; i < narrays; i++)
        arrays[i].found = false;
    const char *end = text + len, *p = skip_ws(text, end);
    if (next(&p, end) != '{')
        return false;
    json_t *obj = json_object();
    bool ok = obj != NULL;
    if (ok && at(skip_ws(p, end), end) == '}') {
        p = skip_ws(p, end) + 1;
    } else {
        while (ok && (ok = member(&p, end, obj, arrays, narrays, &done))) {
            p = skip_ws(p, end);
            if (at(p, end) == '}') {
                p++;
                break;
            }
            ok = next(&p, end) == ',';
        }
    }
    if (!ok || skip_ws(p, end) < end) {
        json_decref(obj);
        for (size_t i = 0; i < narrays; i++)
            arrays[i].found = false;
        return false;
    }
    *root = obj;
    return true;
}
