/* The audit log read back (issue 28 item 6): every entry with its chain
 * hashes, filtered by date, who, action and the table it wrote; and the
 * rows each entry wrote, as its images say (what changed, field by field).
 * `ledger audit [--rows]` prints them. */
#include "bridgemp/ledger_movein.h"
#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"

/* The entries a filter keeps: ?1 since, ?2 who, ?3 action (the action or
 * its first word: "import" is every import; the CLI's verb for a batch's
 * state, "approve" or "reject", is the state it stores, "approved",
 * "rejected": issue 44), ?4 a table the entry wrote. */
#define AUDIT_WHERE                                                                               \
    "(CAST(?1 AS TEXT) IS NULL OR a.at >= ?1) "                                                   \
    "AND (CAST(?2 AS TEXT) IS NULL OR a.who = ?2) "                                               \
    "AND (CAST(?3 AS TEXT) IS NULL OR a.action = ?3 OR a.action = ?3 || 'd' OR "                  \
    "a.action = ?3 || 'ed' OR "                                                                   \
    "substr(a.action, 1, length(?3) + 1) = ?3 || ' ') "                                           \
    "AND (CAST(?4 AS TEXT) IS NULL OR EXISTS (SELECT 1 FROM audit_row t WHERE t.seq = a.seq AND " \
    "t.tbl = ?4))"

bmp_status bmp_ledger_audit_list(bmp_ledger *l, const bmp_ledger_audit_filter *f, bmp_table *out,
                                 bmp_error *err)
{
    bmp_ledger_audit_filter none = {0};
    if (!f)
        f = &none;
    bmp_status rc = bmp_table_title(out, "audit");
    if (!rc)
        rc = lq_table(l, out, -1, 0, err,
                      "SELECT a.seq, a.at, a.who, a.action, a.detail, a.prev_hash, a.hash "
                      "FROM audit a WHERE " AUDIT_WHERE " ORDER BY a.seq",
                      "ssss", f->since, f->who, f->action, f->table);
    return rc;
}

bmp_status bmp_ledger_audit_rows(bmp_ledger *l, const bmp_ledger_audit_filter *f, bmp_table *out,
                                 bmp_error *err)
{
    bmp_ledger_audit_filter none = {0};
    if (!f)
        f = &none;
    bmp_status rc = bmp_table_title(out, "audit rows");
    /* new or changed: whether the chain imaged the unit before this entry
     * (a look-up in the index (tbl, key, seq)); a group's change is its
     * image, "rows=N"; an opening's players are not imaged, their carried
     * ranks are its opening_player rows (docs/rulings.md CH-7); a schema
     * note is the schema the entry was written under (schema.c) */
    if (!rc)
        rc = lq_table(l, out, -1, 0, err,
                      "SELECT a.seq, a.at, a.who, a.action, r.tbl AS \"table\", r.key, "
                      "CASE WHEN r.digest = '-' THEN 'removed' WHEN EXISTS (SELECT 1 FROM "
                      "audit_row p WHERE p.tbl = r.tbl AND p.key = r.key AND p.seq < r.seq) "
                      "THEN 'changed' ELSE 'new' END AS what, "
                      "CASE WHEN r.tbl = 'opening_player' AND r.digest <> '-' THEN r.image || "
                      "'; each player''s rank, stars and rank_name set to its carried rank "
                      "(ruling CH-7)' "
                      "WHEN r.tbl = 'schema' THEN 'the schema the entry was written under "
                      "(its tables, views, triggers and indexes; verify checks it)' "
                      "WHEN r.change = '' AND r.image LIKE 'rows=%' THEN r.image "
                      "ELSE r.change END AS change "
                      "FROM audit a JOIN audit_row r ON r.seq = a.seq WHERE " AUDIT_WHERE
                      " AND (CAST(?4 AS TEXT) IS NULL OR r.tbl = ?4) ORDER BY a.seq, r.n",
                      "ssss", f->since, f->who, f->action, f->table);
    return rc;
}
