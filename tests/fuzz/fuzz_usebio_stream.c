/* libFuzzer harness: the streamed USEBIO reader (src/io/usebio_stream.c)
 * against the tree reader it stands in for.  Whatever the stream maps, the
 * tree reader must map to the same event (their JSON byte for byte); what
 * the stream refuses is left to the tree reader, and neither may crash or
 * leak.  Input: one byte choosing the body, then the file (as fuzz_usebio). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/bridgemp.h"
#include "bridgemp/usebio.h"
#include "io/usebio_read.h"
#include "io/usebio_stream.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const bodies[] = {"abf", "ebu", "nzb", "acbl"};
    if (size < 1)
        return 0;
    bmp_usebio_opts o = {.body = bodies[data[0] & 3]};
    const char *d = (const char *)data + 1;
    bmp_event *sev = NULL;
    bmp_error e = {0};
    if (ub_stream_load(NULL, d, size - 1, "fuzz.xml", &o, &sev, &e))
        return 0;
    ub_loaded l;
    if (ub_load(d, size - 1, "fuzz.xml", &o, false, &l, &e))
        __builtin_trap(); /* streamed, but the reference refuses it */
    char *a = NULL, *b = NULL;
    if (bmp_event_to_json(sev, &a, &e) || bmp_event_to_json(l.ev, &b, &e) || strcmp(a, b) != 0)
        __builtin_trap(); /* a different event */
    free(a);
    free(b);
    ub_loaded_free(&l);
    bmp_event_free(sev);
    return 0;
}
