/* Charge runs' shared steps (charges.h): every run (capitation, levies,
 * fees, penalties, UMS, licences) opens, finds and closes its row here, one
 * run per body, kind and period. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ledger/chain/chain.h"
#include "bridgemp/file.h"
#include "core/text_safe.h"
#include "core/util.h"
#include "ledger/charges/charges.h"
#include "ledger/store/query.h"

bmp_status charge_run_open(bmp_ledger *l, const ledger_body *b, const char *kind,
                           const char *period, const char *rule, int64_t *id, bmp_error *err)
{
    char at[40];
    bool found = false;
    ledger_now(l, at);
    if (l->run_peek) /* a preview takes no number from PostgreSQL's sequence: rolled back, it
                        would stay taken and the next run's number skip (run_preview.c) */
        return lq_int(l, id, &found, err,
                      "INSERT INTO charge_run (id, body_id, kind, period, rule, who, created_at, "
                      "lines, total) VALUES ((SELECT COALESCE(max(id), 0) + 1 FROM charge_run), "
                      "?1, ?2, ?3, ?4, ?5, ?6, 0, 0) RETURNING id",
                      "isssss", b->id, kind, period, rule, l->who, at);
    return lq_int(l, id, &found, err,
                  "INSERT INTO charge_run (body_id, kind, period, rule, who, created_at, lines, "
                  "total) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 0, 0) RETURNING id",
                  "isssss", b->id, kind, period, rule, l->who, at);
}

bmp_status charge_run_close(bmp_ledger *l, const ledger_body *b, const char *what,
                            const char *period, const char *rule, const bmp_ledger_run *out,
                            bmp_error *err)
{
    bmp_status rc = lq_run(l, err, "UPDATE charge_run SET lines = ?2, total = ?3 WHERE id = ?1",
                           "iii", out->id, (int64_t)out->lines, out->total);
    if (!rc)
        rc = ledger_touch_run(l, out->id, err);
    if (!rc) /* a preview reads the lines here (run_preview.c) */
        rc = charge_preview_peek(l, out->id, err);
    if (rc)
        return rc;
    char *d = core_asprintf("charge run %lld: %s %s %s, %zu line(s), %lld cents (%s)",
                            (long long)out->id, b->code, what, period, out->lines,
                            (long long)out->total, rule);
    rc = d ? charge_audit(l, d, err) : bmp_error_oom(err);
    free(d);
    return rc;
}

bmp_status charge_audit(bmp_ledger *l, const char *detail, bmp_error *err)
{
    if (!l->reason)
        return ledger_audit(l, "charge", detail, err);
    char *d = core_asprintf("%s: %s", detail, l->reason);
    bmp_status rc = d ? ledger_audit(l, "charge", d, err) : bmp_error_oom(err);
    free(d);
    return rc;
}

bmp_status charge_earlier(bmp_ledger *l, const ledger_body *b, const char *kind,
                          const char *period, bmp_ledger_run *out, bmp_error *err)
{
    ledger_stmt *st = NULL;
    bool row = false;
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT id, lines, total FROM charge_run WHERE body_id = ?1 AND "
                             "kind = ?3 AND period = ?2", "iss", b->id, period, kind);
    if (!rc)
        rc = lq_step(l, st, &row, err);
    if (!rc && row) {
        out->already = true;
        out->id = lq_col_int(l, st, 0);
        out->lines = (size_t)lq_col_int(l, st, 1);
        out->total = lq_col_int(l, st, 2);
    }
    lq_finalize(l, st);
    return rc;
}

bmp_status charge_csv(bmp_ledger *l, int64_t run, const char *path, bmp_error *err)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return bmp_error_oom(err);
    fputs("club,player,rule,charge,cents\n", f);
    ledger_stmt *st = NULL;
    bool row = true;
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT c.number, COALESCE(p.number, ''), g.rule, g.what, g.cents "
                             "FROM charge g JOIN club c ON c.id = g.club_id "
                             "LEFT JOIN player p ON p.id = g.player_id WHERE g.run_id = ?1 "
                             "ORDER BY g.id", "i", run);
    while (!rc) {
        rc = lq_step(l, st, &row, err);
        if (rc || !row)
            break;
        /* the charge may name an event (a UMS line, issue 44): RFC 4180
         * quoting and the formula guard, as the invoice's CSV */
        for (int k = 0; k < 4; k++)
            core_csv_put(f, lq_col_text(l, st, k), true, ',');
        fprintf(f, "%lld\n", (long long)lq_col_int(l, st, 4));
    }
    lq_finalize(l, st);
    fclose(f);
    if (!rc)
        rc = bmp_file_write_atomic(path, buf, len, err);
    free(buf);
    return rc;
}

/* The body's charge runs, newest first (the back office's list, issue 29):
 * run, kind, period, rule, lines, total (cents as 12.34), invoices (made of
 * it, credit notes not counted), who, created_at. */
bmp_status bmp_ledger_charge_runs(bmp_ledger *l, const char *body, bmp_table *out, bmp_error *err)
{
    ledger_body b;
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (!rc)
        rc = bmp_table_title(out, "charge runs");
    if (!rc)
        rc = lq_table(l, out, -1, 0, err,
                      "SELECT r.id AS run, r.kind, r.period, r.rule, r.lines, "
                      "CASE WHEN r.total < 0 THEN '-' ELSE '' END || (abs(r.total) / 100) || '.' "
                      "|| CASE WHEN abs(r.total) % 100 < 10 THEN '0' ELSE '' END || "
                      "(abs(r.total) % 100) AS total, (SELECT count(*) FROM invoice i WHERE "
                      "i.run_id = r.id AND i.credits IS NULL) AS invoices, r.who, r.created_at "
                      "FROM charge_run r WHERE r.body_id = ?1 ORDER BY r.id DESC",
                      "i", b.id);
    return rc;
}
