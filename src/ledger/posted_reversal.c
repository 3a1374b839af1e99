/* A posted batch reversed at once (opening.h): for an opening replaced
 * (MI-3) and a merge undone (MI-5), which no close posts; and the one
 * statement that posts a batch's lines into the holdings. */
#include <string.h>

#include "ledger/chain.h"
#include "ledger/opening.h"

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
    char at[40], rhash[65];
    bool found = false;
    ledger_sha256_hex(seed, strlen(seed), rhash);
    ledger_now(l, at);
    bmp_status rc = lq_int(l, rev, &found, err,
                           "INSERT INTO batch (body_id, source, file, event, event_date, club_id, "
                           "content_hash, state, reason, who, created_at, reverses, lines) "
                           "SELECT body_id, 'reversal', file, event, event_date, club_id, ?2, "
                           "'posted', ?3, ?4, ?5, id, lines FROM batch WHERE id = ?1 RETURNING id",
                           "issss", old, rhash, reason, l->who, at);
    if (!rc)
        rc = lq_run(l, err,
                    "INSERT INTO journal (batch_id, player_id, point_type, points, rule, event, "
                    "contestant) SELECT ?2, player_id, point_type, -points, rule, event, "
                    "contestant FROM journal WHERE batch_id = ?1 ORDER BY id",
                    "ii", old, *rev);
    if (!rc)
        rc = lq_run(l, err,
                    "INSERT INTO batch_total (batch_id, point_type, points, lines) "
                    "SELECT ?2, point_type, -points, lines FROM batch_total WHERE batch_id = ?1",
                    "ii", old, *rev);
    if (!rc)
        rc = ledger_holdings_post(l, *rev, err);
    if (!rc)
        rc = ledger_touch_batch(l, *rev, err);
    if (!rc)
        rc = ledger_touch_id(l, "batch", old, err);
    return rc;
}
