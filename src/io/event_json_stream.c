/* A streamed array of a JSON event: slots while the text is parsed, the
 * checks in document order afterwards (event_json_stream.h). */
#include "io/event_json_stream.h"

#include <stdlib.h>
#include <string.h>

#include "core/util.h"

void ej_stream_init(ej_stream *s, const char *src, const char *path, bmp_event *shell)
{
    /* the elements' strings in the shell's blocks, which the event read
     * from it holds too (ej_load_n) */
    *s = (ej_stream){.c = {.src = src, .err = &s->err, .strs = &shell->strings},
                     .path = path, .shell = shell};
}

static void set_path(io_json_ctx *c, const char *path, size_t i)
{
    strcpy(c->path, path);
    io_json_push_index(c, i);
}

void *ej_stream_slot(ej_stream *s, void **items, size_t *n, size_t i, size_t size)
{
    if (s->st)
        return NULL;
    set_path(&s->c, s->path, i);
    s->at = i;
    void *a = core_grow(*items, &s->cap, i, size);
    if (!a) {
        s->st = io_json_oom(&s->c);
        return NULL;
    }
    *items = a;
    (*n)++;
    /* zeroed: a partly read element is freed field by field */
    return memset((char *)a + i * size, 0, size);
}

void *ej_stream_take(void *items, size_t n, size_t size)
{
    char *a = realloc(items, (n + 1) * size);
    if (a)
        memset(a + n * size, 0, size);
    return a;
}

bmp_status ej_stream_check(const ej_stream *s, io_json_ctx *c, size_t n, ej_check_fn check,
                           void *arg)
{
    for (size_t i = 0; i < n; i++) {
        set_path(c, s->path, i);
        if (s->st && i == s->at) {
            *c->err = s->err;
            return s->st;
        }
        bmp_status st = check(c, i, arg);
        if (st)
            return st;
    }
    if (s->st) { /* no room was left for element n */
        *c->err = s->err;
        return s->st;
    }
    return BMP_OK;
}
