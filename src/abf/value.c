/* Exact unrounded award values for the ABF rules: rational while the
 * computation is linear, real once an exponential formula enters (4.4.2:
 * round only at the final stage). */
#include <math.h>

#include "abf/abf_internal.h"

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

static abf_val norm(__int128 num, __int128 den)
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
    abf_val v = {0};
    if (den > INT64_MAX || num > INT64_MAX || num < -INT64_MAX) {
        v.real = true;
        v.r = (double)num / (double)den;
        return v;
    }
    v.num = (int64_t)num;
    v.den = (int64_t)den;
    return v;
}

abf_val abf_q(int64_t num, int64_t den)
{
    return norm(num, den);
}

abf_val abf_real(double r)
{
    abf_val v = {0};
    v.real = true;
    v.r = r;
    return v;
}

double abf_dbl(abf_val v)
{
    return v.real ? v.r : (double)v.num / (double)v.den;
}

abf_val abf_mul(abf_val v, int64_t num, int64_t den)
{
    if (v.real)
        return abf_real(v.r * (double)num / (double)den);
    int64_t g1 = gcd64(v.num, den), g2 = gcd64(num, v.den);
    return norm((__int128)(v.num / g1) * (num / g2), (__int128)(v.den / g2) * (den / g1));
}

abf_val abf_mulv(abf_val a, abf_val b)
{
    if (a.real || b.real)
        return abf_real(abf_dbl(a) * abf_dbl(b));
    return abf_mul(a, b.num, b.den);
}

abf_val abf_add(abf_val a, abf_val b)
{
    if (a.real || b.real)
        return abf_real(abf_dbl(a) + abf_dbl(b));
    return norm((__int128)a.num * b.den + (__int128)b.num * a.den, (__int128)a.den * b.den);
}

int abf_cmp(abf_val a, abf_val b)
{
    if (a.real || b.real) {
        double x = abf_dbl(a), y = abf_dbl(b);
        return x < y ? -1 : x > y;
    }
    __int128 l = (__int128)a.num * b.den, r = (__int128)b.num * a.den;
    return l < r ? -1 : l > r;
}

/* 4.4.2: to the nearest 0.01; the tie rule is the caller's (AMB-1). */
bmp_points abf_round(abf_val v, bmp_round_mode mode)
{
    if (v.real)
        return bmp_round_real(v.r, mode, BMP_UNIT_CENT);
    return bmp_mul_ratio(100, v.num, v.den, mode, 1);
}
