/* The ACBL's table for the ledger core (body_ops.h): its player numbers;
 * the ledger has no ACBL administration runs. */
#include <ctype.h>
#include <string.h>

#include "core/util.h"
#include "ledger/body_ops.h"

/* ACBL player numbers: 1 to 10 letters and digits. */
static bmp_status number_check(const char *in, char *out, size_t size, bmp_error *err)
{
    size_t n = strlen(in);
    bool ok = n >= 1 && n <= 10;
    for (size_t i = 0; ok && i < n; i++)
        ok = isalnum((unsigned char)in[i]);
    if (!ok)
        return bmp_error_set(err, BMP_EINVAL,
                             "expected an ACBL player number (1 to 10 letters and digits), "
                             "got \"%s\"", in);
    core_strlcpy(out, in, size);
    return BMP_OK;
}

static const ledger_point_bound max_event_points[] = {
    /* ACBL D17: NABC first places are in the low hundreds; every award of
     * the charts is far below 1,000 (rulings L-26-1) */
    {NULL, 100000, "1000.00, above any ACBL chart's award (ACBL-8, D17; rulings L-26-1)"},
};

const ledger_body_ops ledger_acbl_ops = {
    .code = "acbl",
    .title = "the ACBL",
    .unknown_rule = "ACBL",
    .number_check = number_check,
    .max_event_points = max_event_points,
    .region_word = "unit", /* RG-1 */
};
