/* Calendar dates (internal): ISO yyyy-mm-dd parsing and day counts, shared
 * by the event reader and the administration rules. */
#ifndef BMP_CORE_DATE_H
#define BMP_CORE_DATE_H

#include <stdbool.h>

#include "bridgemp/error.h"

typedef struct bmp_date {
    int y, m, d;
} bmp_date;

/* Parse a valid ISO "yyyy-mm-dd" (Gregorian, leap years checked). */
bool bmp_date_parse(const char *s, bmp_date *out);
/* Parse or set EINVAL naming `what` and the text. */
bmp_status bmp_date_get(const char *s, const char *what, bmp_date *out, bmp_error *err);
/* Days since 1970-01-01. */
long bmp_date_days(bmp_date d);

#endif
