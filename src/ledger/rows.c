/* The ledger's one "query, grow the array, fill the struct" loop
 * (lq_rows, store/query.h), and its one "query into a table" loop
 * (lq_table: reports, batch show, close previews). */
#include <stdio.h>
#include <string.h>

#include "core/util.h"
#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"

/* Prepare and bind, the values from ap (lq_query's steps). */
static bmp_status vquery(bmp_ledger *l, ledger_stmt **st, bmp_error *err, const char *sql,
                         const char *fmt, va_list ap)
{
    bmp_status rc = lq_prepare(l, sql, st, err);
    if (!rc)
        rc = lq_bind(l, *st, fmt, ap, err);
    if (rc && *st) {
        lq_finalize(l, *st);
        *st = NULL;
    }
    return rc;
}

bmp_status lq_rows(bmp_ledger *l, void *out, size_t *n, size_t size, lq_row_fn fill, void *ctx,
                   bmp_error *err, const char *sql, const char *fmt, ...)
{
    ledger_stmt *st = NULL;
    void *v = NULL;
    size_t cap = 0;
    bool row = false;
    *n = 0;
    va_list ap;
    va_start(ap, fmt);
    bmp_status rc = vquery(l, &st, err, sql, fmt, ap);
    va_end(ap);
    while (!rc && !(rc = lq_step(l, st, &row, err)) && row) {
        void *w = core_grow(v, &cap, *n, size);
        if (!w) {
            rc = bmp_error_oom(err);
            break;
        }
        v = w;
        void *slot = (char *)v + (*n)++ * size;
        memset(slot, 0, size);
        if (!fill(l, st, slot, ctx))
            rc = bmp_error_oom(err);
    }
    if (st)
        lq_finalize(l, st);
    memcpy(out, &v, sizeof v); /* *(T **)out, without type punning */
    return rc;
}

/* A row's cells: a column named "...points" holds hundredths (12.34). */
static bmp_status table_row(bmp_ledger *l, ledger_stmt *st, int nc, const bool *pts, bmp_table *t,
                            bmp_error *err)
{
    for (int k = 0; k < nc; k++) {
        char p[32];
        if (pts[k] && !lq_col_null(l, st, k))
            bmp_points_format(lq_col_int(l, st, k), p, sizeof p);
        const char *v = lq_col_null(l, st, k) ? "" : pts[k] ? p : lq_col_text(l, st, k);
        if (bmp_table_cell(t, "%s", v))
            return bmp_error_oom(err);
    }
    return BMP_OK;
}

bmp_status lq_table(bmp_ledger *l, bmp_table *t, int group, size_t limit, bmp_error *err,
                    const char *sql, const char *fmt, ...)
{
    ledger_stmt *st = NULL;
    bool owned = false;
    bmp_status rc = lq_cached(l, sql, &st, &owned, err); /* the SQL is a literal */
    if (rc)
        return rc;
    va_list ap;
    va_start(ap, fmt);
    rc = lq_bind(l, st, fmt, ap, err);
    va_end(ap);
    int nc = lq_col_count(l, st);
    nc = nc < LQ_TABLE_MAX_COLS ? nc : LQ_TABLE_MAX_COLS;
    const char *names[LQ_TABLE_MAX_COLS + 1] = {0};
    bool pts[LQ_TABLE_MAX_COLS] = {0};
    for (int k = 0; k < nc; k++) {
        names[k] = lq_col_name(l, st, k);
        size_t n = strlen(names[k]);
        pts[k] = n >= 6 && strcmp(names[k] + n - 6, "points") == 0;
    }
    if (!rc && !t->ncols && bmp_table_columns(t, names))
        rc = bmp_error_oom(err);
    char last[128] = "";
    size_t in_group = 0;
    bool row = true;
    while (!rc && !(rc = lq_step(l, st, &row, err)) && row) {
        if (group >= 0) { /* at most `limit` rows per value of that column */
            const char *g = lq_col_text(l, st, group);
            in_group = strcmp(g, last) == 0 ? in_group + 1 : 1;
            snprintf(last, sizeof last, "%s", g);
            if (in_group > limit)
                continue;
        }
        rc = table_row(l, st, nc, pts, t, err);
    }
    lq_release(l, st, owned);
    return rc;
}
