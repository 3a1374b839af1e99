/* Exact unrounded award values: rational while the computation is linear,
 * real once an irrational formula enters; rounded once (core/exact.h). */
#include "core/exact.h"

static int64_t gcd64(int64_t a, int64_t b)
{
    if (a < 0)
        a = -a;
    if (b < 0)
        b = -b;
    while (b) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a ? a : 1;
}

static bmp_exact norm(__int128 num, __int128 den)
{
    if (den < 0) {
        num = -num;
        den = -den;
    }
    __int128 a = num < 0 ? -num : num, b = den;
    while (b) {
        __int128 t = a % b;
        a = b;
        b = t;
    }
    if (a == 0)
        a = 1;
    num /= a;
    den /= a;
    bmp_exact v = {0};
    if (den > INT64_MAX || num > INT64_MAX || num < -INT64_MAX) {
        v.real = true;
        v.r = (double)num / (double)den;
        return v;
    }
    v.num = (int64_t)num;
    v.den = (int64_t)den;
    return v;
}

bmp_exact bmp_exact_q(int64_t num, int64_t den)
{
    return norm(num, den);
}

bmp_exact bmp_exact_real(double r)
{
    bmp_exact v = {0};
    v.real = true;
    v.r = r;
    return v;
}

double bmp_exact_dbl(bmp_exact v)
{
    return v.real ? v.r : (double)v.num / (double)v.den;
}

bmp_exact bmp_exact_mul(bmp_exact v, int64_t num, int64_t den)
{
    if (v.real)
        return bmp_exact_real(v.r * (double)num / (double)den);
    int64_t g1 = gcd64(v.num, den), g2 = gcd64(num, v.den);
    return norm((__int128)(v.num / g1) * (num / g2), (__int128)(v.den / g2) * (den / g1));
}

bmp_exact bmp_exact_mulv(bmp_exact a, bmp_exact b)
{
    if (a.real || b.real)
        return bmp_exact_real(bmp_exact_dbl(a) * bmp_exact_dbl(b));
    return bmp_exact_mul(a, b.num, b.den);
}

bmp_exact bmp_exact_add(bmp_exact a, bmp_exact b)
{
    if (a.real || b.real)
        return bmp_exact_real(bmp_exact_dbl(a) + bmp_exact_dbl(b));
    return norm((__int128)a.num * b.den + (__int128)b.num * a.den, (__int128)a.den * b.den);
}

int bmp_exact_cmp(bmp_exact a, bmp_exact b)
{
    if (a.real || b.real) {
        double x = bmp_exact_dbl(a), y = bmp_exact_dbl(b);
        return x < y ? -1 : x > y;
    }
    __int128 l = (__int128)a.num * b.den, r = (__int128)b.num * a.den;
    return l < r ? -1 : l > r;
}

bool bmp_exact_is_zero(bmp_exact v)
{
    return v.real ? v.r == 0 : v.num == 0;
}

bmp_points bmp_exact_round(bmp_exact v, bmp_round_mode mode, int64_t unit)
{
    if (v.real)
        return bmp_round_real(v.r, mode, unit);
    return bmp_mul_ratio(100, v.num, v.den, mode, unit);
}
