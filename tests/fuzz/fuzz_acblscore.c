/* libFuzzer harness: the ACBLscore game-file reader (issue 42 item 2) reads
 * files from anyone: it must never crash, read out of bounds or leak; a
 * damaged file is an input error (EPARSE, naming the offset); every event
 * of a file it accepts converts to a valid event or is refused with a
 * message, and its stored awards are file awards.  The seed corpus is the
 * 15 real files of tests/data/acblscore/. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/bridgemp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    bmp_acblscore_file *f = NULL;
    bmp_error e = {0};
    if (bmp_acblscore_read_memory(data, size, "fuzz.ACA", &f, &e) != BMP_OK) {
        if (e.code != BMP_EPARSE && e.code != BMP_ENOMEM && e.code != BMP_ENOTSUP)
            __builtin_trap(); /* refusals are input errors */
        return 0;
    }
    for (size_t i = 0; i < f->nevents; i++) {
        bmp_event *ev = NULL;
        if (bmp_acblscore_to_event(f, i, "fuzz.ACA", NULL, &ev, &e) == BMP_OK) {
            bmp_awards aw;
            bmp_awards_init(&aw);
            if (bmp_usebio_file_awards(ev, &aw, &e))
                __builtin_trap(); /* stored awards are whole hundredths by construction */
            bmp_awards_free(&aw);
            bmp_event_free(ev);
        } else if (e.code != BMP_EINVAL && e.code != BMP_EPARSE && e.code != BMP_ENOMEM &&
                   e.code != BMP_ERANGE) {
            __builtin_trap();
        }
    }
    bmp_acblscore_free(f);
    bmp_pipeline *p = NULL;
    if (bmp_pipeline_new(&p, &e))
        return 0;
    if (bmp_pipeline_read_memory(p, data, size, "fuzz.ACA", &e) == BMP_OK)
        bmp_pipeline_award(p, &e); /* computes or says why; never crashes */
    bmp_pipeline_free(p);
    return 0;
}
