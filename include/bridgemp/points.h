/* bridgemp: exact masterpoints.
 *
 * Points at rest are integers in hundredths (bmp_points).  Formulas may work
 * in double, then must come back through one of the rounding helpers below,
 * which are exact at the half-cent boundary (see docs/architecture.md,
 * "Exact points").  Rational steps (ratios of whole numbers of hundredths)
 * use bmp_div_round, which never touches floating point.
 */
#ifndef BRIDGEMP_POINTS_H
#define BRIDGEMP_POINTS_H

#include <stdint.h>
#include <stddef.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef int64_t bmp_points; /* hundredths of a masterpoint */

#define BMP_CENTS(whole, hundredths) ((bmp_points)(whole) * 100 + (hundredths))

typedef enum bmp_round_mode {
    BMP_ROUND_HALF_UP,   /* .5 goes away from zero (the regulations' "rounded") */
    BMP_ROUND_HALF_EVEN, /* .5 goes to the even neighbour (banker's) */
    BMP_ROUND_HALF_DOWN, /* .5 goes toward zero */
    BMP_ROUND_FLOOR,     /* toward -infinity ("rounded down") */
    BMP_ROUND_CEIL,      /* toward +infinity ("rounded up") */
    BMP_ROUND_TRUNC      /* toward zero */
} bmp_round_mode;

/* Units to round to, in hundredths. */
#define BMP_UNIT_CENT 1      /* 0.01 */
#define BMP_UNIT_TENTH 10    /* 0.1 */
#define BMP_UNIT_WHOLE 100   /* 1 */

/* Round a real number of points (e.g. 19.425) to a multiple of `unit`
 * hundredths.  A double that lies within a relative 1e-9 of a rounding
 * boundary is taken to be on it: every input the regulations use has at most
 * six significant decimals, so such a value is the boundary itself, carried
 * off by binary representation error (0.125 -> 0.12499999999999999). */
bmp_points bmp_round_real(double points, bmp_round_mode mode, int64_t unit);

/* Round num/den hundredths to a multiple of `unit` hundredths, exactly
 * (integer arithmetic only).  den must be non-zero. */
bmp_points bmp_div_round(int64_t num, int64_t den, bmp_round_mode mode, int64_t unit);

/* points * num / den, exactly rounded (128-bit intermediate). */
bmp_points bmp_mul_ratio(bmp_points p, int64_t num, int64_t den, bmp_round_mode mode,
                         int64_t unit);

/* Split p into parts proportional to weights[0..n-1]; the parts are rounded
 * with `mode` and the last non-zero-weight part takes the remainder so that
 * the parts sum to p exactly (used for mixed pigmentation, 2/3 gold 1/3 red). */
void bmp_split(bmp_points p, const int64_t *weights, size_t n, bmp_round_mode mode,
               bmp_points *parts);

/* Format as "12.34", "-0.05", "7.00".  Returns snprintf's count. */
int bmp_points_format(bmp_points p, char *buf, size_t size);

/* Parse "12", "12.3", "12.34", "-0.5" (at most 2 decimals); false on error. */
bool bmp_points_parse(const char *s, bmp_points *out);

/* Real value of p, for reporting only. */
double bmp_points_to_double(bmp_points p);

/* Mode name <-> enum ("half-up", "half-even", "half-down", "floor", "ceil",
 * "trunc"). */
const char *bmp_round_mode_name(bmp_round_mode m);
bool bmp_round_mode_parse(const char *name, bmp_round_mode *out);

#ifdef __cplusplus
}
#endif
#endif
