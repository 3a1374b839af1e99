/* Calendar dates: ISO yyyy-mm-dd, leap years, day counts.  Used by the event
 * reader and by dated rules (ABF fee schedules 8.3, registration periods 8.2). */
#include "core/date.h"

#include <stdio.h>
#include <string.h>

static bool leap(int y)
{
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

bool core_date_parse(const char *s, core_date *out)
{
    if (!s || strlen(s) != 10 || s[4] != '-' || s[7] != '-')
        return false;
    for (int i = 0; i < 10; i++)
        if (i != 4 && i != 7 && (s[i] < '0' || s[i] > '9'))
            return false;
    int y = (s[0] - '0') * 1000 + (s[1] - '0') * 100 + (s[2] - '0') * 10 + (s[3] - '0');
    int m = (s[5] - '0') * 10 + (s[6] - '0');
    int d = (s[8] - '0') * 10 + (s[9] - '0');
    static const int mdays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (m < 1 || m > 12 || d < 1 || d > mdays[m - 1] + (m == 2 && leap(y)))
        return false;
    out->y = y;
    out->m = m;
    out->d = d;
    return true;
}

bmp_status core_date_get(const char *s, const char *what, core_date *out, bmp_error *err)
{
    if (!core_date_parse(s, out))
        return bmp_error_set(err, BMP_EINVAL, "%s: expected a date as YYYY-MM-DD, got \"%s\"",
                             what, s ? s : "(none)");
    return BMP_OK;
}

/* Days from civil (proleptic Gregorian), the usual era arithmetic. */
long core_date_days(core_date dt)
{
    long y = dt.y - (dt.m <= 2);
    long era = (y >= 0 ? y : y - 399) / 400;
    long yoe = y - era * 400;
    long mp = (dt.m + 9) % 12;
    long doy = (153 * mp + 2) / 5 + dt.d - 1;
    long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}
