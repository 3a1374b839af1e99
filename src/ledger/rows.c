/* The ledger's one "query, grow the array, fill the struct" loop
 * (lq_rows, ledger_internal.h). */
#include <string.h>

#include "core/util.h"
#include "ledger/ledger_internal.h"

/* Prepare and bind, the values from ap (lq_query's steps). */
static bmp_status vquery(bmp_ledger *l, ledger_stmt **st, bmp_error *err, const char *sql,
                         const char *fmt, va_list ap)
{
    bmp_status rc = l->ops->prepare(l->s, sql, st, err);
    if (!rc)
        rc = lq_bind(l, *st, fmt, ap, err);
    if (rc && *st) {
        l->ops->finalize(*st);
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
    while (!rc && !(rc = l->ops->step(st, &row, err)) && row) {
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
        l->ops->finalize(st);
    memcpy(out, &v, sizeof v); /* *(T **)out, without type punning */
    return rc;
}
