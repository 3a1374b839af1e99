/* Calendar dates (internal): ISO yyyy-mm-dd parsing and day counts, shared
 * by the event reader and the administration rules. */
#ifndef BMP_CORE_DATE_H
#define BMP_CORE_DATE_H

#include <stdbool.h>

#include "bridgemp/error.h"

typedef struct core_date {
    int y, m, d;
} core_date;

/* Parse a valid ISO "yyyy-mm-dd" (Gregorian, leap years checked). */
bool core_date_parse(const char *s, core_date *out);
/* Parse or set EINVAL naming `what` and the text. */
bmp_status core_date_get(const char *s, const char *what, core_date *out, bmp_error *err);
/* Days since 1970-01-01. */
long core_date_days(core_date d);

#endif
