/* The event's strings in blocks (issue 46): a loader puts an event's many
 * small strings (contestants' and players' ids and names, rankings,
 * matches) one after another in a few large allocations instead of one
 * malloc each (a 10-byte string took a 32-byte chunk).  The blocks hang on
 * the event (bmp_event.strings) and go with bmp_event_free, which frees a
 * string field only when it is not inside them: a caller's own malloc'd
 * string put in a field is still freed as before (include/bridgemp/event.h,
 * "Ownership").
 *
 * The blocks are counted: the JSON reader's shell (what the streamed arrays
 * are read into) and the event it hands them to both hold them, and either
 * may be freed first. */
#ifndef BMP_CORE_STRS_H
#define BMP_CORE_STRS_H

#include <stdbool.h>
#include <stddef.h>

#include "bridgemp/event.h"

/* n bytes in *a's blocks (*a made when NULL); NULL when out of memory. */
char *core_strs_alloc(bmp_event_strings **a, size_t n);
/* A copy of s[0 .. n) and a NUL in *a's blocks; NULL when out of memory. */
char *core_strs_dupn(bmp_event_strings **a, const char *s, size_t n);
/* One more holder of a (NULL: none); a itself. */
bmp_event_strings *core_strs_hold(bmp_event_strings *a);
/* One holder fewer: the blocks freed with the last. */
void core_strs_release(bmp_event_strings *a);
/* True when p lies inside one of a's blocks (false for a NULL a). */
bool core_strs_owns(const bmp_event_strings *a, const void *p);

#endif
