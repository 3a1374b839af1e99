/* The head of the audit chain (entry count and last hash): what a report,
 * a closed period or an auditor's note records to anchor the books. */
#include <stdio.h>

#include "ledger/ledger_internal.h"

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
    rc = l->ops->step(st, &row, err);
    if (!rc && row) {
        out->entries = l->ops->col_int(st, 0);
        snprintf(out->hash, sizeof out->hash, "%s", l->ops->col_text(st, 1));
    }
    l->ops->finalize(st);
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
    bmp_status rc = l->ops->data_version
                        ? l->ops->data_version(l->s, &v, err)
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
    if (!l->ops->watch_open)
        return bmp_error_set(err, BMP_ENOTSUP, "%s: no change stamp to watch",
                             bmp_ledger_backend(l));
    return l->ops->watch_open(l->s, err);
}

uint64_t bmp_ledger_watch_read(const bmp_ledger *l)
{
    return l->ops->watch_read ? l->ops->watch_read(l->s) : 0;
}
