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

static core_exact norm(__int128 num, __int128 den)
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
    core_exact v = {0};
    if (den > INT64_MAX || num > INT64_MAX || num < -INT64_MAX) {
        v.real = true;
        v.r = (double)num / (double)den;
        return v;
    }
    v.num = (int64_t)num;
    v.den = (int64_t)den;
    return v;
}

core_exact core_exact_q(int64_t num, int64_t den)
{
    return norm(num, den);
}

core_exact core_exact_real(double r)
{
    core_exact v = {0};
    v.real = true;
    v.r = r;
    return v;
}

double core_exact_dbl(core_exact v)
{
    return v.real ? v.r : (double)v.num / (double)v.den;
}

core_exact core_exact_mul(core_exact v, int64_t num, int64_t den)
{
    if (v.real)
        return core_exact_real(v.r * (double)num / (double)den);
    int64_t g1 = gcd64(v.num, den), g2 = gcd64(num, v.den);
    return norm((__int128)(v.num / g1) * (num / g2), (__int128)(v.den / g2) * (den / g1));
}

core_exact core_exact_mulv(core_exact a, core_exact b)
{
    if (a.real || b.real)
        return core_exact_real(core_exact_dbl(a) * core_exact_dbl(b));
    return core_exact_mul(a, b.num, b.den);
}

core_exact core_exact_add(core_exact a, core_exact b)
{
    if (a.real || b.real)
        return core_exact_real(core_exact_dbl(a) + core_exact_dbl(b));
    return norm((__int128)a.num * b.den + (__int128)b.num * a.den, (__int128)a.den * b.den);
}

int core_exact_cmp(core_exact a, core_exact b)
{
    if (a.real || b.real) {
        double x = core_exact_dbl(a), y = core_exact_dbl(b);
        return x < y ? -1 : x > y;
    }
    __int128 l = (__int128)a.num * b.den, r = (__int128)b.num * a.den;
    return l < r ? -1 : l > r;
}

bool core_exact_is_zero(core_exact v)
{
    return v.real ? v.r == 0 : v.num == 0;
}

bmp_points core_exact_round(core_exact v, bmp_round_mode mode, int64_t unit)
{
    if (v.real)
        return bmp_round_real(v.r, mode, unit);
    return bmp_mul_ratio(100, v.num, v.den, mode, unit);
}
