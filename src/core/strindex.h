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
typedef const char *(*core_strindex_key)(const void *arr, size_t i);

typedef struct core_strindex {
    uint64_t *slots;  /* 0 empty, else (hash high 32 bits << 32) | (position + 1) */
    size_t cap;       /* power of two */
    size_t count;
    core_strindex_key key_of;
    const void *arr;
} core_strindex;

uint32_t core_strhash(const char *s);

/* Room for about n keys without growing; false on allocation failure. */
bool core_strindex_init(core_strindex *x, size_t n, core_strindex_key key_of, const void *arr);
void core_strindex_free(core_strindex *x);

/* Add position i under its key unless the key is there already: then
 * *first (may be NULL) is the position that holds it and nothing changes.
 * Returns false only on allocation failure (growing). */
bool core_strindex_add(core_strindex *x, size_t i, bool *dup, size_t *first);

/* Position of key, or false when absent. */
bool core_strindex_find(const core_strindex *x, const char *key, size_t *pos);

/* Positions 0..n-1 grouped by key: bucket numbers in order of first
 * appearance (all NULL keys share one bucket), each bucket's positions in
 * ascending order (a counting sort): O(n) expected. */
typedef struct core_buckets {
    size_t n, nb;
    size_t *start;  /* bucket k holds items[start[k] .. start[k + 1]) */
    size_t *items;  /* positions */
} core_buckets;

bool core_buckets_make(core_buckets *b, size_t n, core_strindex_key key_of, const void *arr);
void core_buckets_free(core_buckets *b);

#endif
