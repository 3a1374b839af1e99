/* Foreign points into ABF colours (ABF-105, 1.3.4): the ABF's convert_rate
 * (body_ops.h), used by the body-neutral conversion in ledger/convert.c. */
#include <stdio.h>

#include "bridgemp/abf.h"
#include "ledger/abf/room.h"

/* ABF-105 (1.3.4): NZ and UK points into ABF colours. */
bmp_status abf_convert_rate(const bmp_ledger_conversion *c, bmp_ledger_converted *out,
                            bmp_error *err)
{
    bmp_abf_foreign kind;
    if (!c->foreign || !bmp_abf_foreign_parse(c->foreign, &kind))
        return bmp_error_set(err, BMP_EINVAL, "foreign point kind '%s': expected nz-a, nz-b, "
                             "nz-c, uk-local, uk-blue or uk-green (ABF-105)",
                             c->foreign ? c->foreign : "");
    const char *colour = NULL;
    bmp_status rc = bmp_abf_reciprocity(kind, c->points, &colour, &out->points, err);
    if (!rc) {
        snprintf(out->point_type, sizeof out->point_type, "%s", colour);
        snprintf(out->rule, sizeof out->rule, "ABF-105");
        snprintf(out->foreign, sizeof out->foreign, "%s", bmp_abf_foreign_name(kind));
    }
    return rc;
}
