/* Allocation-failure injection for tests (tests/faults): the program is
 * linked with -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=strdup,
 * --wrap=strndup, so every allocation the library's own code makes goes
 * through failalloc; jansson, libxml2 and SQLite are pointed at the same
 * functions by failalloc_install().  Test-only global state: the library
 * itself has none. */
#ifndef BMP_FAILALLOC_H
#define BMP_FAILALLOC_H

#include <stddef.h>

/* Route jansson's, libxml2's and SQLite's allocators through failalloc
 * (call once, first thing in main). */
void failalloc_install(void);
/* Count allocations from now on; the k-th (1-based) fails, the others
 * succeed.  k = 0: none fails. */
void failalloc_arm(size_t k);
/* Allocations counted since the last arm, and whether the armed one has
 * failed. */
size_t failalloc_count(void);
int failalloc_fired(void);

#endif
