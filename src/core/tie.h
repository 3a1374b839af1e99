/* Tie sharing, one mechanism for every body (not public API; the rounded
 * form over printed awards is bmp_tie_share in bridgemp/place.h).
 *
 * A contestant tied over places lo..hi shares the awards of the places it
 * covers: their sum, places beyond the last paid one counting 0, divided by
 * the number tied (docs/rulings.md C-2; ABF 4.4.6, EBU 3.4, NZ A-7, ACBL
 * The sum is of unrounded place awards; the body rounds the share
 * once, with its own mode and unit, and applies its own minimum.
 */
#ifndef BMP_CORE_TIE_H
#define BMP_CORE_TIE_H

#include "bridgemp/error.h"
#include "core/exact.h"

/* The unrounded award of one place (1-based) of the body's scale. */
typedef bmp_status (*core_place_value_fn)(void *ctx, int place, core_exact *value);

/* The unrounded share of a contestant tied over lo..hi when places 1..paid
 * are paid (paid < 0: every place is): sum of value(k) for k in lo..hi,
 * k <= paid, divided by hi - lo + 1.  Zero when lo > paid, lo < 1 or
 * hi < lo.  A failing value() stops the sum and its status is returned. */
bmp_status core_tie_share_exact(int lo, int hi, int paid, core_place_value_fn value, void *ctx,
                                core_exact *share);

/* The same, rounded to `unit` with `mode`; *share = 0 when nothing is paid. */
bmp_status core_tie_share_round(int lo, int hi, int paid, core_place_value_fn value, void *ctx,
                                bmp_round_mode mode, int64_t unit, bmp_points *share);

#endif
