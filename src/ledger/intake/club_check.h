#ifndef BMP_LEDGER_CLUB_CHECK_H
#define BMP_LEDGER_CLUB_CHECK_H

#include "bridgemp/ledger.h"

/* The club a batch is recorded under: `given` (--club, a club token's) and
 * the file's own `file_club` must agree when both are set; the result (NULL:
 * none) must be in the body's club register, except a file's club while the
 * body has no register at all (then none).  EINVAL naming the conflict. */
bmp_status ledger_club_check(bmp_ledger *l, const char *body, const char *given,
                             const char *file_club, const char *path, const char **club,
                             bmp_error *err);

#endif
