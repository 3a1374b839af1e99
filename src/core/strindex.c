/* A hash index from strings to positions in a caller's array (strindex.h). */
#include "core/strindex.h"

#include <stdlib.h>
#include <string.h>

/* FNV-1a, 32 bits: short ids, good spread, no allocation. */
uint32_t core_strhash(const char *s)
{
    uint32_t h = 2166136261u;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        h = (h ^ *p) * 16777619u;
    return h;
}

static size_t cap_for(size_t n)
{
    size_t cap = 16;
    while (cap < 2 * n + 2)
        cap *= 2;
    return cap;
}

bool core_strindex_init(core_strindex *x, size_t n, core_strindex_key key_of, const void *arr)
{
    memset(x, 0, sizeof *x);
    x->cap = cap_for(n);
    x->key_of = key_of;
    x->arr = arr;
    x->slots = calloc(x->cap, sizeof *x->slots);
    return x->slots != NULL;
}

void core_strindex_free(core_strindex *x)
{
    if (x) {
        free(x->slots);
        x->slots = NULL;
        x->cap = x->count = 0;
    }
}

/* Slot of key (hash h) or the empty slot where it would go. */
static size_t probe(const core_strindex *x, const char *key, uint32_t h)
{
    size_t mask = x->cap - 1, s = h & mask;
    for (;; s = (s + 1) & mask) {
        uint64_t v = x->slots[s];
        if (!v)
            return s;
        if ((uint32_t)(v >> 32) == h) {
            const char *k = x->key_of(x->arr, (size_t)(uint32_t)v - 1);
            if (k && strcmp(k, key) == 0)
                return s;
        }
    }
}

static bool grow(core_strindex *x)
{
    size_t ncap = x->cap * 2;
    uint64_t *ns = calloc(ncap, sizeof *ns);
    if (!ns)
        return false;
    for (size_t s = 0; s < x->cap; s++) {
        uint64_t v = x->slots[s];
        if (!v)
            continue;
        size_t t = (uint32_t)(v >> 32) & (ncap - 1);
        while (ns[t])
            t = (t + 1) & (ncap - 1);
        ns[t] = v;
    }
    free(x->slots);
    x->slots = ns;
    x->cap = ncap;
    return true;
}

bool core_strindex_add(core_strindex *x, size_t i, bool *dup, size_t *first)
{
    const char *key = x->key_of(x->arr, i);
    if (dup)
        *dup = false;
    if (!key || i >= UINT32_MAX)
        return true;
    if (2 * (x->count + 1) > x->cap && !grow(x))
        return false;
    uint32_t h = core_strhash(key);
    size_t s = probe(x, key, h);
    if (x->slots[s]) {
        if (dup)
            *dup = true;
        if (first)
            *first = (size_t)(uint32_t)x->slots[s] - 1;
        return true;
    }
    x->slots[s] = (uint64_t)h << 32 | (uint64_t)(i + 1);
    x->count++;
    return true;
}

bool core_strindex_find(const core_strindex *x, const char *key, size_t *pos)
{
    if (!x->slots || !key)
        return false;
    uint64_t v = x->slots[probe(x, key, core_strhash(key))];
    if (!v)
        return false;
    *pos = (size_t)(uint32_t)v - 1;
    return true;
}

void core_buckets_free(core_buckets *b)
{
    free(b->start);
    free(b->items);
    memset(b, 0, sizeof *b);
}

/* Bucket of every position, numbered in order of first appearance. */
static bool number_buckets(core_buckets *b, core_strindex_key key_of, const void *arr, size_t *of)
{
    core_strindex x;
    if (!core_strindex_init(&x, b->n, key_of, arr))
        return false;
    size_t null_bucket = SIZE_MAX;
    bool ok = true;
    for (size_t i = 0; ok && i < b->n; i++) {
        bool dup = false;
        size_t first = 0;
        if (!key_of(arr, i)) {
            if (null_bucket == SIZE_MAX)
                null_bucket = b->nb++;
            of[i] = null_bucket;
        } else if ((ok = core_strindex_add(&x, i, &dup, &first))) {
            of[i] = dup ? of[first] : b->nb++;
        }
    }
    core_strindex_free(&x);
    return ok;
}

bool core_buckets_make(core_buckets *b, size_t n, core_strindex_key key_of, const void *arr)
{
    memset(b, 0, sizeof *b);
    b->n = n;
    size_t *of = malloc((n ? n : 1) * sizeof *of);
    b->start = calloc(n + 2, sizeof *b->start);
    b->items = malloc((n ? n : 1) * sizeof *b->items);
    bool ok = of && b->start && b->items && number_buckets(b, key_of, arr, of);
    size_t *fill = ok ? calloc(b->nb ? b->nb : 1, sizeof *fill) : NULL;
    if ((ok = ok && fill)) {
        for (size_t i = 0; i < n; i++)
            b->start[of[i] + 1]++;
        for (size_t k = 0; k < b->nb; k++)
            b->start[k + 1] += b->start[k];
        for (size_t i = 0; i < n; i++)
            b->items[b->start[of[i]] + fill[of[i]]++] = i;
    }
    free(fill);
    free(of);
    if (!ok)
        core_buckets_free(b);
    return ok;
}
