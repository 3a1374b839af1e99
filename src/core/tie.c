/* Tie sharing: the sum of the tied places' unrounded awards divided by the
 * number tied, rounded once (core/tie.h, docs/rulings.md C-2). */
#include "core/tie.h"

#include "bridgemp/place.h"

bmp_status core_tie_share_exact(int lo, int hi, int paid, core_place_value_fn value, void *ctx,
                                core_exact *share)
{
    *share = core_exact_q(0, 1);
    if (lo < 1 || hi < lo || (paid >= 0 && lo > paid))
        return BMP_OK;
    core_exact sum = core_exact_q(0, 1);
    for (int k = lo; k <= hi && (paid < 0 || k <= paid); k++) {
        core_exact v;
        bmp_status st = value(ctx, k, &v);
        if (st)
            return st;
        sum = core_exact_add(sum, v);
    }
    *share = core_exact_mul(sum, 1, hi - lo + 1);
    return BMP_OK;
}

bmp_status core_tie_share_round(int lo, int hi, int paid, core_place_value_fn value, void *ctx,
                                bmp_round_mode mode, int64_t unit, bmp_points *share)
{
    core_exact v;
    bmp_status st = core_tie_share_exact(lo, hi, paid, value, ctx, &v);
    *share = st ? 0 : core_exact_round(v, mode, unit);
    return st;
}

/* Printed awards in hundredths: awards[0..n-1] for places 1..n. */
typedef struct printed {
    const bmp_points *awards;
} printed;

static bmp_status printed_value(void *ctx, int place, core_exact *v)
{
    *v = core_exact_q(((const printed *)ctx)->awards[place - 1], 100);
    return BMP_OK;
}

bmp_points bmp_tie_share(const bmp_points *awards, size_t n, int lo, int hi, bmp_round_mode mode,
                         int64_t unit)
{
    printed p = {awards};
    bmp_points share = 0;
    core_tie_share_round(lo, hi, (int)n, printed_value, &p, mode, unit, &share);
    return share;
}
