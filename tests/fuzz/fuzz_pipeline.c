/* libFuzzer harness: the whole pipeline (include/bridgemp/pipeline.h) --
 * read from memory, award, write every format -- must never crash, leak or
 * hang, whatever the bytes.  The first byte picks the input's name (which
 * makes an ABF credit file of it, by extension), the body given as an option
 * (what a USEBIO file cannot say) and whether derivations are written. */
#include <stdint.h>
#include <stdlib.h>

#include "bridgemp/bridgemp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const names[] = {"in.json", "in.xml", "in.grn", "in.rag"};
    static const char *const bodies[] = {NULL, "abf", "ebu", "nzb", "acbl"};
    if (size < 1)
        return 0;
    bmp_pipeline *p = NULL;
    bmp_error e = {0};
    if (bmp_pipeline_new(&p, &e))
        return 0;
    const char *body = bodies[(data[0] >> 2) % 5];
    bmp_status st = body ? bmp_pipeline_set(p, "body", body, &e) : BMP_OK;
    if (!st)
        st = bmp_pipeline_set(p, "explain", data[0] & 0x80 ? "true" : "false", &e);
    if (!st)
        st = bmp_pipeline_read_memory(p, data + 1, size - 1, names[data[0] & 3], &e);
    if (!st && bmp_pipeline_award(p, &e))
        st = bmp_pipeline_file_awards(p, &e);
    for (int f = BMP_PIPE_TABLE; !st && f <= BMP_PIPE_ABF_GOLD; f++) {
        char *out = NULL;
        size_t len = 0;
        (void)bmp_pipeline_write_buffer(p, (bmp_pipeline_format)f, &out, &len, &e);
        free(out);
    }
    bmp_pipeline_free(p);
    return 0;
}
