/* Shared parameter strings (param_keys.c): keys and values the readers put
 * on every contestant and player point into one constant table instead of
 * a copy each. */
#ifndef BMP_CORE_PARAM_KEYS_H
#define BMP_CORE_PARAM_KEYS_H

#include <stdbool.h>

/* The shared copy of s, or NULL when s is not one of the table's. */
const char *core_param_shared(const char *s);
/* True when p points into the table (never to be freed). */
bool core_param_is_shared(const char *p);
/* core_param_shared(s) if there is one, else a malloc'd copy; NULL on
 * allocation failure.  Free the result with core_param_str_free. */
char *core_param_str(const char *s);
void core_param_str_free(char *p);

/* Points a file carries ("mp.green", USEBIO MASTER_POINTS_AWARDED) are
 * whole hundredths from 0 to this, 1,000,000.00 points, above what any
 * event of any body gives (docs/rulings.md L-26-1): a larger figure is
 * refused where it is read, never cut or wrapped (issue 26). */
#define CORE_CARRIED_MAX 100000000LL

#endif
