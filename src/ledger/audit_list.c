/* The audit log read back (issue 28 item 6): every entry with its chain
 * hashes, filtered by date, who and action; `ledger audit` prints it. */
#include "bridgemp/ledger_movein.h"
#include "ledger/ledger_internal.h"

bmp_status bmp_ledger_audit_list(bmp_ledger *l, const bmp_ledger_audit_filter *f, bmp_table *out,
                                 bmp_error *err)
{
    bmp_ledger_audit_filter none = {0};
    if (!f)
        f = &none;
    bmp_status rc = bmp_table_title(out, "audit");
    /* --action matches the action or its first word ("import" is every import) */
    if (!rc)
        rc = lq_table(l, out, -1, 0, err,
                      "SELECT seq, at, who, action, detail, prev_hash, hash FROM audit "
                      "WHERE (CAST(?1 AS TEXT) IS NULL OR at >= ?1) "
                      "AND (CAST(?2 AS TEXT) IS NULL OR who = ?2) "
                      "AND (CAST(?3 AS TEXT) IS NULL OR action = ?3 OR "
                      "substr(action, 1, length(?3) + 1) = ?3 || ' ') ORDER BY seq",
                      "sss", f->since, f->who, f->action);
    return rc;
}
