/* The head of the audit chain (entry count and last hash): what a report,
 * a closed period or an auditor's note records to anchor the books. */
#include <stdio.h>

#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"

#define GENESIS_HEX "0000000000000000000000000000000000000000000000000000000000000000"

bmp_status bmp_ledger_head_get(bmp_ledger *l, bmp_ledger_head *out, bmp_error *err)
{
    out->entries = 0;
    snprintf(out->hash, sizeof out->hash, "%s", GENESIS_HEX);
    ledger_stmt *st = NULL;
    bmp_status rc = lq_query(l, &st, err, "SELECT seq, hash FROM audit ORDER BY seq DESC LIMIT 1",
                             NULL);
    if (rc)
        return rc;
    bool row = false;
    rc = lq_step(l, st, &row, err);
    if (!rc && row) {
        out->entries = lq_col_int(l, st, 0);
        snprintf(out->hash, sizeof out->hash, "%s", lq_col_text(l, st, 1));
    }
    lq_finalize(l, st);
    return rc;
}

void bmp_ledger_head_format(const bmp_ledger_head *h, char *buf, size_t size)
{
    snprintf(buf, size, "%lld:%s", (long long)h->entries, h->hash);
}

/* The change counter (ledger.h): SQLite's data_version where the store has
 * one, else the audit chain's last sequence number.  Every write appends
 * an audit entry under the ledger's write lock, numbered head + 1, so on
 * PostgreSQL the number grows in commit order and a snapshot's maximum
 * changes exactly when a write committed (docs/rulings.md W-9). */
bmp_status bmp_ledger_changed(bmp_ledger *l, bool *changed, bmp_error *err)
{
    int64_t v = 0;
    bmp_status rc = lq_can(l, LQ_CAN_DATA_VERSION)
                        ? lq_data_version(l, &v, err)
                        : lq_int(l, &v, NULL, err, "SELECT coalesce(max(seq), 0) FROM audit", NULL);
    if (rc)
        return rc;
    *changed = !l->version_read || v != l->version || l->wrote;
    l->version = v;
    l->version_read = true;
    l->wrote = false;
    return BMP_OK;
}

bmp_status bmp_ledger_watch_open(bmp_ledger *l, bmp_error *err)
{
    if (!lq_can(l, LQ_CAN_WATCH))
        return bmp_error_set(err, BMP_ENOTSUP, "%s: no change stamp to watch",
                             bmp_ledger_backend(l));
    return lq_watch_open(l, err);
}

uint64_t bmp_ledger_watch_read(const bmp_ledger *l)
{
    return lq_watch_read(l);
}
