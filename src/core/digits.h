/* Decimal digits without printf: the one digit writer of the hot paths
 * (core_buf_int for the JSON and the pages, bmp_points_format for every
 * amount, the chart's months).  Header-only so that src/core/buf.c stays
 * libc-only (the server compiles it in; CMakeLists.txt). */
#ifndef BMP_CORE_DIGITS_H
#define BMP_CORE_DIGITS_H

#include <stdint.h>

/* Room for any uint64_t's digits and a sign. */
#define CORE_DIGITS_MAX 21

/* Writes the decimal digits of a, at least `width` of them (zeros in
 * front), backwards into the bytes before end; returns the first digit.
 * core_digits(t + 8, 7, 2) leaves "07" at t[6..8). */
static inline char *core_digits(char *end, uint64_t a, int width)
{
    int n = 0;
    do {
        *--end = (char)('0' + a % 10);
        a /= 10;
        n++;
    } while (a != 0 || n < width);
    return end;
}

#endif
