/* Places and ties: parsing "3", "3=", "3/4"; resolving tie extents (the
 * share of a tie is core/tie.c).  Shared by every body. */
#include "bridgemp/place.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool read_int(const char **sp, int *out)
{
    const char *s = *sp;
    long v = 0;
    if (!isdigit((unsigned char)*s))
        return false;
    while (isdigit((unsigned char)*s)) {
        v = v * 10 + (*s++ - '0');
        if (v > 1000000)
            return false;
    }
    *out = (int)v;
    *sp = s;
    return true;
}

bool bmp_place_parse(const char *s, bmp_place *out)
{
    bmp_place p = {0, 0, false};
    if (!s)
        return false;
    while (isspace((unsigned char)*s))
        s++;
    if (*s == '=' || *s == 'T' || *s == 't') { /* "=3", "T3" */
        p.tied = true;
        s++;
    }
    if (!read_int(&s, &p.lo))
        return false;
    p.hi = p.lo;
    if (*s == '=') {
        p.tied = true;
        s++;
    } else if (*s == '/' || *s == '-') {
        s++;
        if (!read_int(&s, &p.hi) || p.hi < p.lo)
            return false;
        p.tied = p.hi > p.lo;
    }
    while (isspace((unsigned char)*s))
        s++;
    if (*s || p.lo < 0 || (p.lo == 0 && (p.tied || p.hi != 0)))
        return false;
    *out = p;
    return true;
}

int bmp_place_format(bmp_place p, char *buf, size_t size)
{
    if (p.lo == 0)
        return snprintf(buf, size, "-");
    if (p.hi > p.lo)
        return snprintf(buf, size, "%d/%d", p.lo, p.hi);
    if (p.tied)
        return snprintf(buf, size, "%d=", p.lo);
    return snprintf(buf, size, "%d", p.lo);
}

bmp_status bmp_places_resolve(bmp_place *pl, size_t n, bmp_error *err)
{
    /* 1. Extent of "N=" ties: count contestants written "N=". */
    for (size_t i = 0; i < n; i++) {
        if (pl[i].lo == 0 || !pl[i].tied || pl[i].hi != pl[i].lo)
            continue;
        int k = 0;
        for (size_t j = 0; j < n; j++)
            if (pl[j].tied && pl[j].lo == pl[i].lo && pl[j].hi == pl[j].lo)
                k++;
        if (k < 2)
            return bmp_error_set(err, BMP_EINVAL,
                                 "[%zu]: place \"%d=\" is a tie but no other contestant shares it",
                                 i, pl[i].lo);
    }
    int *ext = calloc(n ? n : 1, sizeof *ext);
    if (!ext)
        return bmp_error_oom(err);
    for (size_t i = 0; i < n; i++) {
        ext[i] = pl[i].hi;
        if (pl[i].lo && pl[i].tied && pl[i].hi == pl[i].lo) {
            int k = 0;
            for (size_t j = 0; j < n; j++)
                if (pl[j].tied && pl[j].lo == pl[i].lo && pl[j].hi == pl[j].lo)
                    k++;
            ext[i] = pl[i].lo + k - 1;
        }
    }
    bmp_status st = BMP_OK;
    for (size_t i = 0; i < n && st == BMP_OK; i++) {
        if (pl[i].lo == 0)
            continue;
        pl[i].hi = ext[i];
        if ((size_t)pl[i].hi > n) {
            st = bmp_error_set(err, BMP_ERANGE,
                               "[%zu]: place %d%s is out of range: only %zu contestants are ranked",
                               i, pl[i].hi > pl[i].lo ? pl[i].hi : pl[i].lo,
                               pl[i].hi > pl[i].lo ? " (end of the tie)" : "", n);
            break;
        }
    }
    free(ext);
    if (st != BMP_OK)
        return st;
    /* 2. Consistency: a range lo..hi holds exactly hi-lo+1 contestants, and no
     * other contestant's range overlaps it. */
    for (size_t i = 0; i < n; i++) {
        if (pl[i].lo == 0)
            continue;
        int same = 0;
        for (size_t j = 0; j < n; j++) {
            if (pl[j].lo == 0)
                continue;
            if (pl[j].lo == pl[i].lo && pl[j].hi == pl[i].hi) {
                same++;
            } else if (pl[j].lo <= pl[i].hi && pl[i].lo <= pl[j].hi) {
                char a[24], b[24];
                bmp_place_format(pl[i], a, sizeof a);
                bmp_place_format(pl[j], b, sizeof b);
                return bmp_error_set(err, BMP_EINVAL,
                                     "[%zu]: place %s overlaps place %s of contestant [%zu]", i, a,
                                     b, j);
            }
        }
        if (same != pl[i].hi - pl[i].lo + 1) {
            char a[24];
            bmp_place_format(pl[i], a, sizeof a);
            if (pl[i].hi == pl[i].lo)
                return bmp_error_set(err, BMP_EINVAL,
                                     "[%zu]: place %s is held by %d contestants; write \"%d=\" "
                                     "for a tie",
                                     i, a, same, pl[i].lo);
            return bmp_error_set(err, BMP_EINVAL,
                                 "[%zu]: place %s covers %d places but %d contestants hold it", i,
                                 a, pl[i].hi - pl[i].lo + 1, same);
        }
    }
    return BMP_OK;
}
