/* Exact unrounded award values, shared by every body (not public API).
 *
 * A regulation rounds each award once, at the end (ABF 4.4.2, EBU 3.4,
 * NZ A-7).  Until then a value travels as a bmp_exact: a rational
 * num/den masterpoints while the computation is linear, a double once an
 * exponential or square-root formula enters.  A rational that would leave
 * int64 after reduction becomes a double.
 */
#ifndef BMP_CORE_EXACT_H
#define BMP_CORE_EXACT_H

#include <stdbool.h>
#include <stdint.h>

#include "bridgemp/points.h"

typedef struct bmp_exact {
    bool real;      /* true: value is r; false: num/den exactly */
    double r;
    int64_t num, den;
} bmp_exact;

/* num/den masterpoints (den != 0), reduced. */
bmp_exact bmp_exact_q(int64_t num, int64_t den);
bmp_exact bmp_exact_real(double r);
/* v x num/den. */
bmp_exact bmp_exact_mul(bmp_exact v, int64_t num, int64_t den);
bmp_exact bmp_exact_mulv(bmp_exact a, bmp_exact b);
bmp_exact bmp_exact_add(bmp_exact a, bmp_exact b);
double bmp_exact_dbl(bmp_exact v);
int bmp_exact_cmp(bmp_exact a, bmp_exact b); /* -1, 0, 1 */
bool bmp_exact_is_zero(bmp_exact v);
/* Round to a multiple of `unit` hundredths with `mode`: exactly from the
 * remainder while rational, through bmp_round_real once real. */
bmp_points bmp_exact_round(bmp_exact v, bmp_round_mode mode, int64_t unit);

#endif
