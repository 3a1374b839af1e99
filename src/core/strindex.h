/* Internal: a hash index from strings to positions in a caller's array
 * (not public API).  The index stores only a hash and a position; the key is
 * read back from the caller's array (key_of), so it never holds a pointer
 * that an edit of the array could leave dangling.  Open addressing, linear
 * probing, at most half full: O(1) expected per insert and lookup. */
#ifndef BMP_CORE_STRINDEX_H
#define BMP_CORE_STRINDEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The key of position i in the caller's array (NULL: not indexed). */
typedef const char *(*bmp_strindex_key)(const void *arr, size_t i);

typedef struct bmp_strindex {
    uint64_t *slots;  /* 0 empty, else (hash high 32 bits << 32) | (position + 1) */
    size_t cap;       /* power of two */
    size_t count;
    bmp_strindex_key key_of;
    const void *arr;
} bmp_strindex;

uint32_t bmp_strhash(const char *s);

/* Room for about n keys without growing; false on allocation failure. */
bool bmp_strindex_init(bmp_strindex *x, size_t n, bmp_strindex_key key_of, const void *arr);
void bmp_strindex_free(bmp_strindex *x);

/* Add position i under its key unless the key is there already: then
 * *first (may be NULL) is the position that holds it and nothing changes.
 * Returns false only on allocation failure (growing). */
bool bmp_strindex_add(bmp_strindex *x, size_t i, bool *dup, size_t *first);

/* Position of key, or false when absent. */
bool bmp_strindex_find(const bmp_strindex *x, const char *key, size_t *pos);

/* Positions 0..n-1 grouped by key: bucket numbers in order of first
 * appearance (all NULL keys share one bucket), each bucket's positions in
 * ascending order (a counting sort): O(n) expected. */
typedef struct bmp_buckets {
    size_t n, nb;
    size_t *start;  /* bucket k holds items[start[k] .. start[k + 1]) */
    size_t *items;  /* positions */
} bmp_buckets;

bool bmp_buckets_make(bmp_buckets *b, size_t n, bmp_strindex_key key_of, const void *arr);
void bmp_buckets_free(bmp_buckets *b);

#endif
