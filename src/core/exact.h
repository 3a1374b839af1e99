/* Exact unrounded award values, shared by every body (not public API).
 *
 * A regulation rounds each award once, at the end (ABF 4.4.2, EBU 3.4,
 * NZ A-7).  Until then a value travels as a core_exact: a rational
 * num/den masterpoints while the computation is linear, a double once an
 * exponential or square-root formula enters.  A rational that would leave
 * int64 after reduction becomes a double.
 */
#ifndef BMP_CORE_EXACT_H
#define BMP_CORE_EXACT_H

#include <stdbool.h>
#include <stdint.h>

#include "bridgemp/points.h"

typedef struct core_exact {
    bool real;      /* true: value is r; false: num/den exactly */
    double r;
    int64_t num, den;
} core_exact;

/* num/den masterpoints (den != 0), reduced. */
core_exact core_exact_q(int64_t num, int64_t den);
core_exact core_exact_real(double r);
/* v x num/den. */
core_exact core_exact_mul(core_exact v, int64_t num, int64_t den);
core_exact core_exact_mulv(core_exact a, core_exact b);
core_exact core_exact_add(core_exact a, core_exact b);
double core_exact_dbl(core_exact v);
int core_exact_cmp(core_exact a, core_exact b); /* -1, 0, 1 */
bool core_exact_is_zero(core_exact v);
/* Round to a multiple of `unit` hundredths with `mode`: exactly from the
 * remainder while rational, through bmp_round_real once real. */
bmp_points core_exact_round(core_exact v, bmp_round_mode mode, int64_t unit);

#endif
