/* Places and ties: parsing "3", "3=", "3/4"; resolving tie extents (the
 * share of a tie is core/tie.c).  Shared by every body. */
#define _GNU_SOURCE /* qsort_r */
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

/* Positions sorted by (lo, hi, position): a tie's holders and a range's
 * holders are then runs of equal keys, found in O(n log n). */
static int cmp_place(const void *a, const void *b, void *arg)
{
    const bmp_place *pl = arg;
    size_t i = *(const size_t *)a, j = *(const size_t *)b;
    const bmp_place *x = &pl[i], *y = &pl[j];
    if (x->lo != y->lo)
        return x->lo < y->lo ? -1 : 1;
    if (x->hi != y->hi)
        return x->hi < y->hi ? -1 : 1;
    return (i > j) - (i < j);
}

/* "N=" written without its extent: lo == hi, tied. */
static bool open_tie(const bmp_place *p)
{
    return p->tied && p->hi == p->lo;
}

static bool placed(const bmp_place *p)
{
    return p->lo != 0;
}

/* ord[0..m) = positions i < n with keep(&pl[i]), sorted by place; cnt[i] =
 * how many positions share pl[i]'s (lo, hi). */
static size_t sort_runs(const bmp_place *pl, size_t n, bool (*keep)(const bmp_place *),
                        size_t *ord, size_t *cnt)
{
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (keep(&pl[i]))
            ord[m++] = i;
    qsort_r(ord, m, sizeof *ord, cmp_place, (void *)pl);
    for (size_t k = 0; k < m;) {
        size_t e = k;
        while (e < m && pl[ord[e]].lo == pl[ord[k]].lo && pl[ord[e]].hi == pl[ord[k]].hi)
            e++;
        for (size_t q = k; q < e; q++)
            cnt[ord[q]] = e - k;
        k = e;
    }
    return m;
}

/* 1. Extent of "N=" ties: the number of contestants written "N=". */
static bmp_status tie_extents(bmp_place *pl, size_t n, size_t *ord, size_t *cnt, bmp_error *err)
{
    bmp_place *ties = malloc((n ? n : 1) * sizeof *ties);
    if (!ties)
        return bmp_error_oom(err);
    /* Only the open ties take part: others get lo = 0 and are skipped. */
    for (size_t i = 0; i < n; i++)
        ties[i] = placed(&pl[i]) && open_tie(&pl[i]) ? pl[i] : (bmp_place){0, 0, false};
    sort_runs(ties, n, placed, ord, cnt);
    bmp_status st = BMP_OK;
    for (size_t i = 0; i < n && !st; i++)
        if (ties[i].lo && cnt[i] < 2)
            st = bmp_error_set(err, BMP_EINVAL,
                               "[%zu]: place \"%d=\" is a tie but no other contestant shares it",
                               i, pl[i].lo);
    for (size_t i = 0; i < n && !st; i++) {
        if (ties[i].lo)
            pl[i].hi = pl[i].lo + (int)cnt[i] - 1;
        if (pl[i].lo && (size_t)pl[i].hi > n)
            st = bmp_error_set(err, BMP_ERANGE,
                               "[%zu]: place %d%s is out of range: only %zu contestants are ranked",
                               i, pl[i].hi > pl[i].lo ? pl[i].hi : pl[i].lo,
                               pl[i].hi > pl[i].lo ? " (end of the tie)" : "", n);
    }
    free(ties);
    return st;
}

/* The message for the first inconsistent position i: the first other
 * range overlapping it, else its holder count (as a pairwise scan finds). */
static bmp_status inconsistent(const bmp_place *pl, size_t n, size_t i, size_t same,
                               bmp_error *err)
{
    char a[24], b[24];
    bmp_place_format(pl[i], a, sizeof a);
    for (size_t j = 0; j < n; j++) {
        if (pl[j].lo == 0 || (pl[j].lo == pl[i].lo && pl[j].hi == pl[i].hi))
            continue;
        if (pl[j].lo <= pl[i].hi && pl[i].lo <= pl[j].hi) {
            bmp_place_format(pl[j], b, sizeof b);
            return bmp_error_set(err, BMP_EINVAL,
                                 "[%zu]: place %s overlaps place %s of contestant [%zu]", i, a, b,
                                 j);
        }
    }
    if (pl[i].hi == pl[i].lo)
        return bmp_error_set(err, BMP_EINVAL,
                             "[%zu]: place %s is held by %zu contestants; write \"%d=\" "
                             "for a tie",
                             i, a, same, pl[i].lo);
    return bmp_error_set(err, BMP_EINVAL,
                         "[%zu]: place %s covers %d places but %zu contestants hold it", i, a,
                         pl[i].hi - pl[i].lo + 1, same);
}

/* 2. Consistency: a range lo..hi holds exactly hi-lo+1 contestants, and no
 * other contestant's range overlaps it.  Sorted by (lo, hi), a run overlaps
 * another iff an earlier run reaches its lo or the next run starts within it. */
static bmp_status check_ranges(const bmp_place *pl, size_t n, size_t *ord, size_t *cnt,
                               bmp_error *err)
{
    bool *bad = calloc(n ? n : 1, sizeof *bad);
    if (!bad)
        return bmp_error_oom(err);
    size_t m = sort_runs(pl, n, placed, ord, cnt);
    int reach = 0; /* highest hi of the runs before */
    for (size_t k = 0; k < m;) {
        const bmp_place *r = &pl[ord[k]];
        size_t e = k + cnt[ord[k]];
        bool over = (k > 0 && reach >= r->lo) || (e < m && pl[ord[e]].lo <= r->hi);
        bool wrong = (int64_t)cnt[ord[k]] != (int64_t)r->hi - r->lo + 1;
        for (size_t q = k; q < e; q++)
            bad[ord[q]] = over || wrong;
        if (r->hi > reach)
            reach = r->hi;
        k = e;
    }
    bmp_status st = BMP_OK;
    for (size_t i = 0; i < n; i++)
        if (bad[i]) {
            st = inconsistent(pl, n, i, cnt[i], err);
            break;
        }
    free(bad);
    return st;
}

bmp_status bmp_places_resolve(bmp_place *pl, size_t n, bmp_error *err)
{
    size_t *ord = malloc((n ? n : 1) * sizeof *ord);
    size_t *cnt = calloc(n ? n : 1, sizeof *cnt);
    bmp_status st = ord && cnt ? BMP_OK : bmp_error_oom(err);
    if (!st)
        st = tie_extents(pl, n, ord, cnt, err);
    if (!st)
        st = check_ranges(pl, n, ord, cnt, err);
    free(ord);
    free(cnt);
    return st;
}
