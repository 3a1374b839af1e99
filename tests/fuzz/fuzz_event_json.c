/* libFuzzer harness: the JSON event reader must never crash or leak, and an
 * event it accepts must round-trip through the writer to a fixed point,
 * and the USEBIO writer must never crash on it nor write malformed XML.
 * Differential: the reader streams $.contestants (json_split.c); reading
 * the same text as one jansson tree must give the same status, message
 * and event, or the harness traps. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/bridgemp.h"
#include "bridgemp/usebio.h"
#include "io/event_json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char *to_json(const bmp_event *ev)
{
    char *j = NULL;
    bmp_error e = {0};
    if (bmp_event_to_json(ev, &j, &e))
        __builtin_trap();
    return j;
}

/* The split read and the whole-tree read agree. */
static void same_both_ways(const char *text, bmp_status st, const bmp_event *ev,
                           const bmp_error *e)
{
    bmp_event *w = NULL;
    bmp_error we = {0};
    bmp_status ws = ej_load(text, "fuzz.json", false, &w, &we);
    if (ws == BMP_ENOMEM || st == BMP_ENOMEM) {
        bmp_event_free(w);
        return;
    }
    if (ws != st || strcmp(we.msg, e->msg) != 0)
        __builtin_trap();
    if (st == BMP_OK) {
        char *a = to_json(ev), *b = to_json(w);
        if (strcmp(a, b) != 0)
            __builtin_trap();
        free(a);
        free(b);
    }
    bmp_event_free(w);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    bmp_event *ev = NULL;
    bmp_error e = {0};
    bmp_status st = bmp_event_load_string(text, "fuzz.json", &ev, &e);
    same_both_ways(text, st, ev, &e);
    if (st == BMP_OK) {
        char *j1 = NULL, *j2 = NULL;
        bmp_event *b = NULL;
        if (bmp_event_to_json(ev, &j1, &e))
            __builtin_trap();
        if (bmp_event_load_string(j1, "rewritten.json", &b, &e))
            __builtin_trap(); /* the writer's output must load */
        if (bmp_event_to_json(b, &j2, &e) || strcmp(j1, j2) != 0)
            __builtin_trap(); /* and be a fixed point */
        free(j1);
        free(j2);
        /* The USEBIO writer on arbitrary models: it may refuse (EINVAL),
         * never crash; what it writes must be well-formed enough to parse. */
        bmp_awards aw;
        bmp_awards_init(&aw);
        char *doc = NULL;
        if (bmp_usebio_file_awards(ev, &aw, &e) == BMP_OK &&
            bmp_usebio_write(ev, &aw, BMP_USEBIO_MP_DEFAULT, &doc, NULL, &e) == BMP_OK) {
            bmp_usebio_opts o = {.body = ev->body};
            bmp_event *u = NULL;
            if (bmp_usebio_read_memory(doc, strlen(doc), "written.xml", &o, &u, &e) == BMP_EPARSE)
                __builtin_trap(); /* the writer produced malformed XML */
            bmp_event_free(u);
        }
        free(doc);
        bmp_awards_free(&aw);
        bmp_event_free(b);
        bmp_event_free(ev);
    }
    free(text);
    return 0;
}
