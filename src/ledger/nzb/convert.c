/* ABF points into NZ Bridge's (NZ-102, NZ-106): NZ Bridge's convert_rate
 * (body_ops.h), used by the body-neutral conversion in ledger/convert.c. */
#include <stdio.h>
#include <string.h>

#include "bridgemp/nzb.h"
#include "ledger/nzb/room.h"

/* NZ-102 (`bmp_nz_transfer`): 1 ABF gold = 1 A; 1 red of Klinger holidays
 * and cruises = 1 B; the green and red rates are not legible (not
 * supported).  NZ-106: gold transferred in the year it was earned is
 * flagged. */
bmp_status nzb_convert_rate(const bmp_ledger_conversion *c, bmp_ledger_converted *out,
                            bmp_error *err)
{
    const char *k = c->foreign ? c->foreign : "";
    bool gold = strcmp(k, "abf-gold") == 0;
    if (strncmp(k, "abf-", 4) != 0)
        return bmp_error_set(err, BMP_EINVAL, "foreign point kind '%s': expected abf-gold or "
                             "abf-red-tour (NZ-102)", k);
    if (gold && (!c->earned || strspn(c->earned, "0123456789") < 4))
        return bmp_error_set(err, BMP_EINVAL, "conversion of ABF gold: when the points were "
                             "earned is required (--earned yyyy, NZ-106)");
    char letter = 0;
    const char *nz = strcmp(k, "abf-red-tour") == 0 ? "klinger-red" : k + 4;
    bmp_status rc = bmp_nz_transfer(nz, c->points, &out->points, &letter, err);
    if (rc)
        return rc;
    snprintf(out->point_type, sizeof out->point_type, "%c", letter == 'A' ? 'a' : 'b');
    snprintf(out->rule, sizeof out->rule, "NZ-102");
    snprintf(out->foreign, sizeof out->foreign, "%s", k);
    if (gold && c->date && strncmp(c->earned, c->date, 4) == 0)
        snprintf(out->note, sizeof out->note, "NZ-106: not for the Baden Wilson Trophy");
    return BMP_OK;
}
