/* The club of a batch (issue 26 item 3): the file's own club (USEBIO
 * CLUB_ID_NUMBER, JSON "organiser"), or --club; both given, they must
 * agree; a club the body's register does not hold is refused (ruling
 * CL-1 in docs/rulings.md). */
#include <string.h>

#include "ledger/intake/club_check.h"
#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"

bmp_status ledger_club_check(bmp_ledger *l, const char *body, const char *given,
                             const char *file_club, const char *path, const char **club,
                             bmp_error *err)
{
    bool has_given = given && *given, has_file = file_club && *file_club;
    *club = has_given ? given : has_file ? file_club : NULL;
    if (has_given && has_file && strcmp(given, file_club) != 0)
        return bmp_error_set(err, BMP_EINVAL, "%s: the file is club %s's event, not club %s's "
                             "(--club %s): import it as the file says or correct the file",
                             path, file_club, given, given);
    if (!*club || !body || !*body)
        return BMP_OK;
    ledger_body b;
    bmp_status rc = ledger_body_get(l, body, &b, err);
    int64_t id = 0, clubs = 0;
    bool found = false;
    if (!rc)
        rc = lq_int(l, &id, &found, err, "SELECT id FROM club WHERE body_id = ?1 AND number = ?2",
                    "is", b.id, *club);
    if (rc || found)
        return rc;
    rc = lq_int(l, &clubs, &found, err, "SELECT count(*) FROM club WHERE body_id = ?1", "i",
                b.id);
    if (rc)
        return rc;
    if (clubs == 0 && !has_given) { /* no register yet: the file's club is not attributed */
        *club = NULL;
        return BMP_OK;
    }
    return bmp_error_set(err, BMP_EINVAL, "%s: club %s is not in the %s club register (%s): "
                         "add it with `ledger club add` or name a registered club", path,
                         *club, b.code, has_given ? "--club" : "the file's club");
}
