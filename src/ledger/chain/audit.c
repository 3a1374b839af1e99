/* The audit log's append (ledger_internal.h): one chained entry inside the
 * caller's transaction, carrying the images of the rows it touched
 * (chain.c, issue 27). */
#include <stdio.h>

#include "ledger/chain/chain.h"
#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"

bmp_status ledger_audit(bmp_ledger *l, const char *action, const char *detail, bmp_error *err)
{
    bmp_ledger_head head; /* the entry before this one (none: the genesis hash, 0) */
    bmp_status rc = bmp_ledger_head_get(l, &head, err);
    int64_t seq = head.entries + 1;
    l->wrote = true; /* bmp_ledger_changed: SQLite's counter misses our own writes */
    const char *prev = head.hash;
    char rows[65] = "";
    if (!rc) /* issue 45: the schema it was written under, when it changed */
        rc = ledger_schema_note(l, err);
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
