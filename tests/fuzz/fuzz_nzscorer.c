/* libFuzzer harness: the NZ Scorer <session> reader (issue 43 item 3) must
 * never crash or leak; what it accepts is a valid event (its JSON passes the
 * strict JSON reader with the same contestants), its carried cpoints are
 * file awards, and the pipeline reads the same bytes, computing or refusing
 * with a message, flagging numbers instead of refusing them. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/bridgemp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *d = (const char *)data;
    bmp_event *ev = NULL;
    bmp_error e = {0};
    if (bmp_nzscorer_read_memory(d, size, "fuzz.xml", NULL, &ev, &e) == BMP_OK) {
        char *json = NULL;
        if (bmp_event_to_json(ev, &json, &e))
            __builtin_trap(); /* a read event always writes */
        bmp_event *back = NULL;
        if (bmp_event_load_string(json, "back.json", &back, &e) ||
            back->ncontestants != ev->ncontestants)
            __builtin_trap(); /* and reads back the same */
        bmp_event_free(back);
        free(json);
        bmp_awards aw;
        bmp_awards_init(&aw);
        if (bmp_usebio_file_awards(ev, &aw, &e))
            __builtin_trap(); /* cpoints are whole hundredths by construction */
        bmp_awards_free(&aw);
        bmp_event_free(ev);
    } else if (e.code != BMP_EINVAL && e.code != BMP_EPARSE && e.code != BMP_ENOMEM &&
               e.code != BMP_ENOTSUP && e.code != BMP_ERANGE) {
        __builtin_trap(); /* refusals are input errors */
    }
    bmp_pipeline *p = NULL;
    if (bmp_pipeline_new(&p, &e))
        return 0;
    if (bmp_nzscorer_sniff(d, size) && bmp_pipeline_read_memory(p, d, size, "fuzz.xml", &e) == 0)
        bmp_pipeline_award(p, &e); /* computes or says why; never crashes */
    bmp_pipeline_free(p);
    return 0;
}
