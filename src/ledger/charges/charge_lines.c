/* A charge run's lines as a table (bmp_ledger_charge_lines,
 * include/bridgemp/ledger_charges.h): any body's run, one row per charge. */
#include <stdio.h>

#include "bridgemp/ledger_charges.h"
#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"

static bmp_status charge_rows(bmp_ledger *l, int64_t run, bmp_table *out, bmp_error *err)
{
    ledger_stmt *st = NULL;
    bool row = true;
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT c.number, COALESCE(p.number, ''), COALESCE(g.batch_id, 0), "
                             "g.rule, g.what, g.cents FROM charge g JOIN club c ON "
                             "c.id = g.club_id LEFT JOIN player p ON p.id = g.player_id "
                             "WHERE g.run_id = ?1 ORDER BY g.id", "i", run);
    while (!rc) {
        rc = lq_step(l, st, &row, err);
        if (rc || !row)
            break;
        int64_t batch = lq_col_int(l, st, 2);
        rc = bmp_table_cell(out, "%s", lq_col_text(l, st, 0));
        if (!rc)
            rc = bmp_table_cell(out, "%s", lq_col_text(l, st, 1));
        if (!rc)
            rc = batch ? bmp_table_cell(out, "%lld", (long long)batch) : bmp_table_cell(out, "%s", "");
        for (int k = 3; k < 5 && !rc; k++)
            rc = bmp_table_cell(out, "%s", lq_col_text(l, st, k));
        if (!rc)
            rc = bmp_table_cell(out, "%lld", (long long)lq_col_int(l, st, 5));
    }
    lq_finalize(l, st);
    return rc;
}

bmp_status bmp_ledger_charge_lines(bmp_ledger *l, const char *body, int64_t run, bmp_table *out,
                                   bmp_error *err)
{
    static const char *const cols[] = {"club", "player", "batch", "rule", "charge", "cents",
                                       NULL};
    ledger_body b;
    char kind[16] = "", period[16] = "";
    ledger_stmt *st = NULL;
    bool row = false;
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (!rc)
        rc = lq_query(l, &st, err, "SELECT kind, period FROM charge_run WHERE id = ?1 AND "
                      "body_id = ?2", "ii", run, b.id);
    if (!rc)
        rc = lq_step(l, st, &row, err);
    if (!rc && row) {
        snprintf(kind, sizeof kind, "%s", lq_col_text(l, st, 0));
        snprintf(period, sizeof period, "%s", lq_col_text(l, st, 1));
    }
    lq_finalize(l, st);
    if (!rc && !row)
        rc = bmp_error_set(err, BMP_ENOTFOUND, "no %s charge run %lld", b.code, (long long)run);
    char title[64];
    snprintf(title, sizeof title, "Charge run %lld: %s %s", (long long)run, kind, period);
    if (!rc)
        rc = bmp_table_title(out, title);
    if (!rc)
        rc = bmp_table_columns(out, cols);
    if (!rc)
        rc = charge_rows(l, run, out, err);
    return rc;
}
