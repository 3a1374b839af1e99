/* A USEBIO player's NATIONAL_ID_NUMBER checked by the body's syntax
 * (bmp_rules.player_id_check) as it is read, so that the error cites the
 * element's own line (issue 26 item 5: `award` and `validate` accepted
 * 9OOO71; the ledger cited the award's index as a line). */
#include "bridgemp/bridgemp.h"
#include "io/usebio_read.h"

bmp_status ub_check_player_id(rd *r, xmlNode *where, const char *id, const char *name)
{
    const bmp_rules *rules = r->ev->body ? bmp_rules_find(r->ev->body) : NULL;
    if (!id || !where || !rules || !rules->player_id_check)
        return BMP_OK;
    bmp_error e = {0};
    if (rules->player_id_check(id, 0, &e) == BMP_OK)
        return BMP_OK;
    return ub_fail(r, where, BMP_EINVAL, "player %s: %s", name ? name : "?", e.msg);
}
