/* A posted batch reversed at once (opening.h): for an opening replaced
 * (MI-3) and a merge undone (MI-5), which no close posts; and the one
 * statement that posts a batch's lines into the holdings. */
#include <string.h>

#include "ledger/chain/chain.h"
#include "ledger/register/opening.h"
#include "ledger/store/query.h"

bmp_status ledger_holdings_post(bmp_ledger *l, int64_t batch, bmp_error *err)
{
    return lq_run(l, err,
                  "INSERT INTO holding (player_id, point_type, points) "
                  "SELECT player_id, point_type, sum(points) FROM journal WHERE batch_id = ?1 "
                  "GROUP BY player_id, point_type ON CONFLICT (player_id, point_type) "
                  "DO UPDATE SET points = holding.points + excluded.points",
                  "i", batch);
}

bmp_status ledger_reverse_now(bmp_ledger *l, int64_t old, const char *seed, const char *reason,
                              int64_t *rev, bmp_error *err)
{
    char rhash[65];
    ledger_sha256_hex(seed, strlen(seed), rhash);
    bmp_status rc = ledger_reversal_rows(l, old, rhash, "posted", reason, rev, err);
    if (!rc)
        rc = ledger_holdings_post(l, *rev, err);
    if (!rc)
        rc = ledger_touch_batch(l, *rev, err);
    if (!rc)
        rc = ledger_touch_id(l, "batch", old, err);
    return rc;
}
