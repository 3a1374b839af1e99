/* The audit log's append (ledger_internal.h): one chained entry inside the
 * caller's transaction, carrying the images of the rows it touched
 * (chain.c, issue 27). */
#include <stdio.h>

#include "ledger/chain.h"
#include "ledger/ledger_internal.h"

#define GENESIS "0000000000000000000000000000000000000000000000000000000000000000"

bmp_status ledger_audit(bmp_ledger *l, const char *action, const char *detail, bmp_error *err)
{
    ledger_stmt *st = NULL;
    bmp_status rc = lq_query(l, &st, err, "SELECT seq, hash FROM audit ORDER BY seq DESC LIMIT 1",
                             NULL);
    if (rc)
        return rc;
    bool row = false;
    char prev[65] = GENESIS;
    int64_t seq = 1;
    rc = l->ops->step(st, &row, err);
    if (!rc && row) {
        seq = l->ops->col_int(st, 0) + 1;
        snprintf(prev, sizeof prev, "%s", l->ops->col_text(st, 1));
    }
    l->ops->finalize(st);
    char rows[65] = "";
    if (!rc)
        rc = ledger_chain_fold(l, seq, rows, err);
    if (rc) {
        ledger_chain_reset(l);
        return rc;
    }
    char at[40], hash[65];
    ledger_now(l, at);
    ledger_audit_hash_rows(prev, seq, at, l->who, action, detail, rows, hash);
    rc = lq_run(l, err,
                "INSERT INTO audit (seq, at, who, action, detail, prev_hash, hash, rows_hash) "
                "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                "isssss" "ss", seq, at, l->who, action, detail, prev, hash, rows);
    if (!rc)
        rc = ledger_chain_write(l, seq, err);
    ledger_chain_reset(l);
    return rc;
}
