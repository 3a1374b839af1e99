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
