/* libFuzzer harness: the USEBIO reader must never crash or leak, and what it
 * accepts must survive the writer: written back as USEBIO (from the model,
 * and as the faithful export of the file itself) it re-imports (same
 * contestants), and as JSON it passes the strict JSON reader. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/bridgemp.h"
#include "bridgemp/usebio.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const bodies[] = {"abf", "ebu", "nzb", "acbl"};
    if (size < 1)
        return 0;
    bmp_usebio_opts o = {.body = bodies[data[0] & 3]};
    bmp_event *ev = NULL;
    bmp_error e = {0};
    if (bmp_usebio_read_memory((const char *)data + 1, size - 1, "fuzz.xml", &o, &ev, &e))
        return 0;
    bmp_awards aw;
    bmp_awards_init(&aw);
    char *doc = NULL;
    if (bmp_usebio_file_awards(ev, &aw, &e) ||
        bmp_usebio_write(ev, &aw, (bmp_usebio_mp_form)((data[0] >> 2) % 3), &doc, NULL, &e)) {
        /* The only refusals allowed are the writer's documented ones. */
        if (e.code != BMP_EINVAL)
            __builtin_trap();
    } else {
        bmp_event *back = NULL;
        if (bmp_usebio_read_memory(doc, strlen(doc), "rewritten.xml", &o, &back, &e))
            __builtin_trap(); /* our own output must re-import */
        if (back->ncontestants != ev->ncontestants)
            __builtin_trap();
        bmp_event_free(back);
    }
    free(doc);
    /* The faithful export (rulings UX-1): the file's own awards put back
     * into the file as read re-import with the same contestants. */
    char *re = NULL;
    size_t rlen = 0;
    if (aw.count || ev->ncontestants) {
        if (bmp_usebio_rewrite((const char *)data + 1, size - 1, "fuzz.xml", &o, ev, &aw, NULL,
                               &re, &rlen, &e)) {
            if (e.code != BMP_EINVAL)
                __builtin_trap(); /* only the awards' documented refusals */
        } else {
            bmp_event *back = NULL;
            if (bmp_usebio_read_memory(re, rlen, "faithful.xml", &o, &back, &e))
                __builtin_trap();
            if (back->ncontestants != ev->ncontestants)
                __builtin_trap();
            bmp_event_free(back);
        }
    }
    free(re);
    bmp_awards_free(&aw);
    char *json = NULL;
    if (bmp_event_to_json(ev, &json, &e) == BMP_OK) {
        bmp_event *j = NULL;
        if (bmp_event_load_string(json, "fuzz.json", &j, &e))
            __builtin_trap(); /* `convert` promises JSON the JSON reader accepts */
        bmp_event_free(j);
    }
    free(json);
    bmp_event_free(ev);
    return 0;
}
