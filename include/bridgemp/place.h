/* bridgemp: places and ties, shared by every body.
 *
 * A place is a range lo..hi.  "3" is 3..3; "3=" (or "=3") is a tie at 3 whose
 * extent is the number of contestants sharing it; "3/4" and "3-4" state the
 * range.  A tie shares the average of the tied places' awards
 * (bmp_tie_share), rounded by the body's convention.
 */
#ifndef BRIDGEMP_PLACE_H
#define BRIDGEMP_PLACE_H

#include <stdbool.h>
#include <stddef.h>
#include "bridgemp/points.h"
#include "bridgemp/error.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bmp_place {
    int lo;      /* first place covered; 0 = no place (did not finish, unplaced) */
    int hi;      /* last place covered; == lo when not tied */
    bool tied;   /* written with "=" or as a range */
} bmp_place;

/* Parse "3", "3=", "=3", "3/4", "3-4", "T3" ("T" as ACBLscore writes ties).
 * "3=" gives lo = hi = 3, tied = true; resolve the extent with
 * bmp_places_resolve.  Returns false when s is not a place. */
bool bmp_place_parse(const char *s, bmp_place *out);

/* Format "3", "3=" (extent unknown) or "3/4". */
int bmp_place_format(bmp_place p, char *buf, size_t size);

/* Resolve the extent of "=" ties in one ranking (one stratum, flight or
 * section) and check consistency: every place within 1..n, a tie at lo over k
 * contestants covers lo..lo+k-1, no two contestants claim the same place
 * untied, and stated ranges agree with the number of contestants in them.
 * On error, names the offending index (caller adds file/path context). */
bmp_status bmp_places_resolve(bmp_place *places, size_t n, bmp_error *err);

/* Award for one contestant tied over places lo..hi, given the awards for
 * places 1..n in awards[0..n-1] (places beyond n award 0): the average of the
 * tied places' awards, rounded to `unit` with `mode`, exactly. */
bmp_points bmp_tie_share(const bmp_points *awards, size_t n, int lo, int hi,
                         bmp_round_mode mode, int64_t unit);

#ifdef __cplusplus
}
#endif
#endif
