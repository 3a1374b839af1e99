/* Exact points: integer hundredths, and rounding that is exact at the
 * half-cent boundary.  See docs/architecture.md, "Exact points". */
#include "bridgemp/points.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/digits.h"

/* Relative tolerance within which a double is taken to sit on a rounding
 * boundary or on a whole unit.  Binary error after a handful of operations is
 * ~1e-15 relative; regulation inputs have at most six significant decimals,
 * so a true value this close to a boundary is the boundary. */
#define SNAP_REL 1e-9

/* Round integer `base + frac` (0 < frac < 1, or exactly .5 when tie) per mode.
 * `positive` tells the sign of the whole value, for away/toward-zero modes. */
static int64_t pick(int64_t base, int tie, int below_half, int positive, bmp_round_mode mode)
{
    switch (mode) {
    case BMP_ROUND_FLOOR: return base;
    case BMP_ROUND_CEIL: return base + 1;
    case BMP_ROUND_TRUNC: return positive ? base : base + 1;
    case BMP_ROUND_HALF_UP:
        if (tie)
            return positive ? base + 1 : base;
        return below_half ? base : base + 1;
    case BMP_ROUND_HALF_DOWN:
        if (tie)
            return positive ? base : base + 1;
        return below_half ? base : base + 1;
    case BMP_ROUND_HALF_EVEN:
        if (tie)
            return (base % 2 == 0) ? base : base + 1;
        return below_half ? base : base + 1;
    }
    return base;
}

bmp_points bmp_round_real(double points, bmp_round_mode mode, int64_t unit)
{
    if (unit <= 0)
        unit = 1;
    double y = points * 100.0 / (double)unit;
    double fl = floor(y);
    double frac = y - fl;
    double tol = SNAP_REL * fmax(1.0, fabs(y));
    int64_t base = (int64_t)fl;
    int64_t r;
    if (frac <= tol)
        r = base;
    else if (frac >= 1.0 - tol)
        r = base + 1;
    else
        r = pick(base, fabs(frac - 0.5) <= tol, frac < 0.5, y > 0, mode);
    return r * unit;
}

/* Round the exact quotient n/d (d != 0) to an integer per mode: floor
 * division, then the exact remainder decides (2r < d, 2r == d, 2r > d). */
static int64_t div128(__int128 n, __int128 d, bmp_round_mode mode)
{
    if (d < 0) {
        n = -n;
        d = -d;
    }
    __int128 q = n / d, r = n % d;
    if (r < 0) { /* C truncates toward zero: make it floor division */
        q -= 1;
        r += d;
    }
    if (r == 0)
        return (int64_t)q;
    return pick((int64_t)q, 2 * r == d, 2 * r < d, n > 0, mode);
}

bmp_points bmp_div_round(int64_t num, int64_t den, bmp_round_mode mode, int64_t unit)
{
    if (unit <= 0)
        unit = 1;
    if (den == 0)
        return 0;
    return div128(num, (__int128)den * unit, mode) * unit;
}

bmp_points bmp_mul_ratio(bmp_points p, int64_t num, int64_t den, bmp_round_mode mode, int64_t unit)
{
    if (unit <= 0)
        unit = 1;
    if (den == 0)
        return 0;
    return div128((__int128)p * num, (__int128)den * unit, mode) * unit;
}

void bmp_split(bmp_points p, const int64_t *weights, size_t n, bmp_round_mode mode,
               bmp_points *parts)
{
    int64_t total = 0;
    size_t last = n;
    for (size_t i = 0; i < n; i++) {
        total += weights[i];
        if (weights[i] != 0)
            last = i;
    }
    bmp_points used = 0;
    for (size_t i = 0; i < n; i++) {
        if (weights[i] == 0 || total == 0) {
            parts[i] = 0;
            continue;
        }
        if (i == last) {
            parts[i] = p - used;
        } else {
            parts[i] = bmp_mul_ratio(p, weights[i], total, mode, 1);
            used += parts[i];
        }
    }
}

/* As snprintf("%s%llu.%02llu") would write it (truncated to size, the
 * full length answered), digit by digit from the right (core_digits): the
 * pages and the API format a few of these per answer (issue 30). */
int bmp_points_format(bmp_points p, char *buf, size_t size)
{
    uint64_t a = p < 0 ? (uint64_t)(-(p + 1)) + 1u : (uint64_t)p;
    char t[32];
    char *s = core_digits(t + sizeof t, a % 100, 2);
    *--s = '.';
    s = core_digits(s, a / 100, 1);
    if (p < 0)
        *--s = '-';
    size_t i = (size_t)(s - t), n = sizeof t - i;
    if (size) {
        size_t k = n < size ? n : size - 1;
        memcpy(buf, t + i, k);
        buf[k] = '\0';
    }
    return (int)n;
}

bool bmp_points_parse(const char *s, bmp_points *out)
{
    if (!s || !*s)
        return false;
    int neg = 0;
    if (*s == '-' || *s == '+') {
        neg = *s == '-';
        s++;
    }
    if (!*s)
        return false;
    int64_t whole = 0, frac = 0;
    int nd = 0, nf = 0;
    while (*s >= '0' && *s <= '9') {
        if (whole > (INT64_MAX - 9) / 1000)
            return false;
        whole = whole * 10 + (*s++ - '0');
        nd++;
    }
    if (*s == '.') {
        s++;
        while (*s >= '0' && *s <= '9') {
            if (nf == 2)
                return false;
            frac = frac * 10 + (*s++ - '0');
            nf++;
        }
    }
    if (*s || (nd == 0 && nf == 0))
        return false;
    if (nf == 1)
        frac *= 10;
    int64_t v = whole * 100 + frac;
    *out = neg ? -v : v;
    return true;
}

double bmp_points_to_double(bmp_points p)
{
    return (double)p / 100.0;
}

static const char *const mode_names[] = {"half-up", "half-even", "half-down",
                                         "floor",   "ceil",      "trunc"};

const char *bmp_round_mode_name(bmp_round_mode m)
{
    return (unsigned)m < sizeof mode_names / sizeof *mode_names ? mode_names[m] : "?";
}

bool bmp_round_mode_parse(const char *name, bmp_round_mode *out)
{
    for (size_t i = 0; i < sizeof mode_names / sizeof *mode_names; i++)
        if (strcmp(name, mode_names[i]) == 0) {
            *out = (bmp_round_mode)i;
            return true;
        }
    return false;
}
