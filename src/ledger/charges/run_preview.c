/* A charge run previewed (bmp_ledger_run_preview, include/bridgemp/
 * ledger_runs.h; issue 44: "a preview says what it will leave out"): the
 * run is made as it would be, in its own transaction, its lines read at its
 * end (charge_run_close calls charge_preview_peek), and every commit is
 * refused and rolled back (lq_commit while l->run_peek is set), so nothing
 * it did is kept -- the same code, on either backend, as the real run. */
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_runs.h"
#include "ledger/body_ops.h"
#include "ledger/charges/charges.h"
#include "ledger/store/query.h"

/* The lines of run `run`, the club's name beside its number. */
static bmp_status preview_rows(bmp_ledger *l, int64_t run, bmp_table *out, bmp_error *err)
{
    static const char *const cols[] = {"club", "club_name", "player", "batch", "rule",
                                       "charge", "cents", NULL};
    bmp_status rc = bmp_table_columns(out, cols);
    ledger_stmt *st = NULL;
    bool row = true;
    if (!rc)
        rc = lq_query(l, &st, err,
                      "SELECT c.number, c.name, COALESCE(p.number, ''), COALESCE(g.batch_id, 0), "
                      "g.rule, g.what, g.cents FROM charge g JOIN club c ON c.id = g.club_id "
                      "LEFT JOIN player p ON p.id = g.player_id WHERE g.run_id = ?1 "
                      "ORDER BY g.id", "i", run);
    while (!rc) {
        rc = lq_step(l, st, &row, err);
        if (rc || !row)
            break;
        int64_t batch = lq_col_int(l, st, 3);
        for (int k = 0; k < 3 && !rc; k++)
            rc = bmp_table_cell(out, "%s", lq_col_text(l, st, k));
        if (!rc)
            rc = batch ? bmp_table_cell(out, "%lld", (long long)batch)
                       : bmp_table_cell(out, "%s", "");
        for (int k = 4; k < 6 && !rc; k++)
            rc = bmp_table_cell(out, "%s", lq_col_text(l, st, k));
        if (!rc)
            rc = bmp_table_cell(out, "%lld", (long long)lq_col_int(l, st, 6));
    }
    lq_finalize(l, st);
    return rc;
}

bmp_status charge_preview_peek(bmp_ledger *l, int64_t run, bmp_error *err)
{
    if (!l->run_peek || l->run_peek->seen)
        return BMP_OK;
    l->run_peek->seen = true;
    return preview_rows(l, run, l->run_peek->lines, err);
}

/* What the preview says: "ums 2026-07: a preview, nothing written: 3
 * line(s), total 12.34", and what it leaves out, one line each. */
static bmp_status preview_text(bmp_ledger_run_out *out, const char *name, const char *period,
                               bmp_error *err)
{
    char total[32];
    const bmp_ledger_run *r = &out->run;
    ledger_run_money(r->total, total);
    if (r->already)
        return ledger_run_say(out, err, "%s %s: made before as run %lld (%zu line(s), total "
                              "%s): making it again changes nothing", name, period,
                              (long long)r->id, r->lines, total);
    size_t n = strlen(r->skipped_why);
    int why = (int)(n && r->skipped_why[n - 1] == '\n' ? n - 1 : n);
    return ledger_run_say(out, err, "%s %s: a preview, nothing written: %zu line(s), total "
                          "%s%s%.*s", name, period, r->lines, total,
                          r->skipped ? "\nleaves out:\n" : "", r->skipped ? why : 0,
                          r->skipped_why);
}

bmp_status bmp_ledger_run_preview(bmp_ledger *l, const char *body, const char *name,
                                  const bmp_ledger_run_in *in, bmp_ledger_run_out *out,
                                  bmp_table *lines, bmp_problems *probs, bmp_error *err)
{
    const bmp_ledger_run_spec *spec = bmp_ledger_run_find(body, name);
    if (!l || !lines)
        return bmp_error_set(err, BMP_EINVAL, "a preview needs a ledger and a table");
    if (spec && spec->kind != BMP_LEDGER_OUT_RUN)
        return bmp_error_set(err, BMP_EINVAL, "%s makes no charge run: nothing to preview", name);
    if (l->run_peek)
        return bmp_error_set(err, BMP_EINVAL, "a preview is already in progress");
    bmp_ledger_run_in copy = {.size = sizeof copy};
    if (in) {
        copy.pos = in->pos;
        copy.npos = in->npos;
        copy.opts = in->opts; /* its output, a file, is not written */
    }
    ledger_run_peek pv = {.lines = lines};
    l->run_peek = &pv;
    bmp_status rc = bmp_ledger_run_call(l, body, name, in ? &copy : NULL, out, probs, err);
    l->run_peek = NULL;
    if (rc && pv.refused) { /* the run went to its end: nothing kept */
        rc = BMP_OK;
        if (err)
            memset(err, 0, sizeof *err);
    }
    if (rc)
        return rc;
    if (out->run.already) /* the lines of the run made before */
        rc = preview_rows(l, out->run.id, lines, err);
    else if (!pv.seen)    /* no run (nothing to charge): no lines */
        rc = bmp_table_columns(lines, (const char *const[]){"club", "club_name", "player",
                                                             "batch", "rule", "charge", "cents",
                                                             NULL});
    free(out->text);
    out->text = NULL;
    out->kind = BMP_LEDGER_OUT_RUN;
    if (!out->run.already)
        out->run.id = 0; /* the number it had was rolled back */
    if (!rc)
        rc = preview_text(out, name, in && in->npos ? in->pos[0] : "", err);
    return rc;
}
