/* The query layer's helpers that are not inline (query.h): statements
 * with their values, the handle's statement cache, transactions around a
 * step function, and the connection's capabilities. */
#include <stdint.h>

#include "ledger/store/query.h"

bmp_status lq_bind(bmp_ledger *l, ledger_stmt *st, const char *fmt, va_list ap, bmp_error *err)
{
    for (int i = 0; fmt && fmt[i]; i++) {
        bmp_status rc = fmt[i] == 'i' ? lq_bind_int(l, st, i + 1, va_arg(ap, int64_t), err)
                                      : lq_bind_text(l, st, i + 1, va_arg(ap, const char *), err);
        if (rc)
            return rc;
    }
    return BMP_OK;
}

bmp_status lq_query(bmp_ledger *l, ledger_stmt **st, bmp_error *err, const char *sql,
                    const char *fmt, ...)
{
    bmp_status rc = lq_prepare(l, sql, st, err);
    if (rc)
        return rc;
    va_list ap;
    va_start(ap, fmt);
    rc = lq_bind(l, *st, fmt, ap, err);
    va_end(ap);
    if (rc) {
        lq_finalize(l, *st);
        *st = NULL;
    }
    return rc;
}

/* The cached statement for a SQL literal (prepared on first use); a full
 * cache falls back to a statement of the caller's (*owned true). */
bmp_status lq_cached(bmp_ledger *l, const char *sql, ledger_stmt **st, bool *owned,
                     bmp_error *err)
{
    size_t n = sizeof l->cache / sizeof l->cache[0];
    size_t i = ((uintptr_t)sql >> 3) % n;
    for (size_t k = 0; k < n; k++, i = (i + 1) % n) {
        if (l->cache[i].sql == sql) {
            *st = l->cache[i].st;
            *owned = false;
            return BMP_OK;
        }
        if (!l->cache[i].sql) {
            bmp_status rc = lq_prepare(l, sql, st, err);
            if (!rc) {
                l->cache[i].sql = sql;
                l->cache[i].st = *st;
                *owned = false;
            }
            return rc;
        }
    }
    *owned = true;
    return lq_prepare(l, sql, st, err);
}

void lq_release(bmp_ledger *l, ledger_stmt *st, bool owned)
{
    if (owned)
        lq_finalize(l, st);
    else
        lq_reset(l, st);
}

bmp_status lq_run(bmp_ledger *l, bmp_error *err, const char *sql, const char *fmt, ...)
{
    ledger_stmt *st = NULL;
    bool owned = false;
    bmp_status rc = lq_cached(l, sql, &st, &owned, err);
    if (rc)
        return rc;
    va_list ap;
    va_start(ap, fmt);
    rc = lq_bind(l, st, fmt, ap, err);
    va_end(ap);
    if (!rc)
        rc = lq_step(l, st, NULL, err);
    lq_release(l, st, owned);
    return rc;
}

bmp_status lq_int(bmp_ledger *l, int64_t *out, bool *found, bmp_error *err, const char *sql,
                  const char *fmt, ...)
{
    ledger_stmt *st = NULL;
    bool owned = false;
    bmp_status rc = lq_cached(l, sql, &st, &owned, err);
    if (rc)
        return rc;
    va_list ap;
    va_start(ap, fmt);
    rc = lq_bind(l, st, fmt, ap, err);
    va_end(ap);
    bool row = false;
    if (!rc)
        rc = lq_step(l, st, &row, err);
    if (!rc && row)
        *out = lq_col_int(l, st, 0);
    if (found)
        *found = !rc && row;
    lq_release(l, st, owned);
    return rc;
}

bmp_status ledger_tx(bmp_ledger *l, ledger_tx_fn step, void *ctx, bmp_error *err)
{
    bmp_status rc = lq_begin(l, err);
    if (rc)
        return rc;
    return ledger_tx_end(l, step(l, ctx, err), err);
}

bool lq_can(const bmp_ledger *l, lq_cap c)
{
    switch (c) {
    case LQ_CAN_COPY: return l->ops->copy_begin != NULL;
    case LQ_CAN_SNAPSHOT: return l->ops->begin_read != NULL;
    case LQ_CAN_DATA_VERSION: return l->ops->data_version != NULL;
    case LQ_CAN_WATCH: return l->ops->watch_open != NULL;
    case LQ_CAN_READ_ONLY: return l->ops->set_read_only != NULL;
    case LQ_CAN_BACKUP: return l->ops->backup != NULL;
    case LQ_CAN_RESTORE: return l->ops->restore != NULL;
    }
    return false;
}

bmp_status lq_open(bmp_ledger *l, const char *target, bool create, bmp_error *err)
{
    l->ops = ledger_store_for(target);
    return l->ops->open(target, create, &l->s, err);
}

void lq_cache_clear(bmp_ledger *l)
{
    for (size_t i = 0; i < sizeof l->cache / sizeof l->cache[0]; i++)
        l->ops->finalize(l->cache[i].st);
}

void lq_close(bmp_ledger *l) { l->ops->close(l->s); }
const char *lq_backend(const bmp_ledger *l) { return l->ops->name; }
int lq_schema_version(bmp_ledger *l) { return l->ops->schema_version(l->s); }
int lq_schema_latest(void) { return ledger_store_sqlite.schema_latest(); }
int lq_lookup_chunk(const bmp_ledger *l) { return l->ops->lookup_chunk; }
const char *const *lq_tables(const bmp_ledger *l) { return l->ops->tables(); }

bmp_status lq_data_version(bmp_ledger *l, int64_t *out, bmp_error *err)
{
    return l->ops->data_version(l->s, out, err);
}

bool lq_register_writes(const bmp_ledger *l, int64_t *out)
{
    if (!l->ops->register_writes || !l->ops->data_version)
        return false;
    *out = l->ops->register_writes(l->s);
    return true;
}

bmp_status lq_watch_open(bmp_ledger *l, bmp_error *err) { return l->ops->watch_open(l->s, err); }
uint64_t lq_watch_read(const bmp_ledger *l)
{
    return l->ops->watch_read ? l->ops->watch_read(l->s) : 0;
}

bmp_status lq_set_read_only(bmp_ledger *l, bmp_error *err)
{
    return l->ops->set_read_only(l->s, err);
}

bmp_status lq_backup(bmp_ledger *l, const char *file, bmp_error *err)
{
    return l->ops->backup(l->s, file, err);
}

bmp_status lq_restore(bmp_ledger *l, const char *file, bmp_error *err)
{
    return l->ops->restore(l->s, file, err);
}

bmp_status lq_schema_objects(bmp_ledger *l, int version, ledger_schema_fn fn, void *ctx,
                             bmp_error *err)
{
    return l->ops->schema_objects(l->s, version, fn, ctx, err);
}
