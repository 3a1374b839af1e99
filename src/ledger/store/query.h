/* The ledger's one query layer (internal): the only way from src/ledger to
 * its store (store.h).  Statements, binds, steps, columns and transactions
 * go through these helpers and nothing else calls the backend's table
 * (tests/check_store_calls.sh).  The per-row calls are static inline
 * wrappers over the handle's table, so the import and close paths pay no
 * extra call; the rest live in query.c (lq_run, lq_int, lq_query, the
 * statement cache, the capabilities) and rows.c (lq_rows, lq_table).
 */
#ifndef BMP_LEDGER_STORE_QUERY_H
#define BMP_LEDGER_STORE_QUERY_H

#include <stdarg.h>
#include "ledger/ledger_internal.h"

/* ---- one statement ------------------------------------------------------ */

static inline bmp_status lq_prepare(bmp_ledger *l, const char *sql, ledger_stmt **st,
                                    bmp_error *err)
{
    return l->ops->prepare(l->s, sql, st, err);
}
static inline bmp_status lq_bind_int(bmp_ledger *l, ledger_stmt *st, int idx, int64_t v,
                                     bmp_error *err)
{
    return l->ops->bind_int(st, idx, v, err);
}
/* v is not copied: it must stay valid until the statement is reset or
 * finalized (NULL: SQL NULL). */
static inline bmp_status lq_bind_text(bmp_ledger *l, ledger_stmt *st, int idx, const char *v,
                                      bmp_error *err)
{
    return l->ops->bind_text(st, idx, v, err);
}
/* One step: *row (may be NULL) true when a result row is available. */
static inline bmp_status lq_step(bmp_ledger *l, ledger_stmt *st, bool *row, bmp_error *err)
{
    return l->ops->step(st, row, err);
}
static inline int64_t lq_col_int(bmp_ledger *l, ledger_stmt *st, int col)
{
    return l->ops->col_int(st, col);
}
/* "" for NULL; valid until the next step.  A text the store could not
 * make (SQLite: no memory to terminate it) reads "" too, and marks the
 * transaction: its commit then fails and rolls back (lq_commit), so a
 * misread never decides what is written. */
static inline const char *lq_col_text(bmp_ledger *l, ledger_stmt *st, int col)
{
    const char *t = l->ops->col_text(st, col);
    if (t)
        return t;
    l->read_failed = true;
    return "";
}
static inline bool lq_col_null(bmp_ledger *l, ledger_stmt *st, int col)
{
    return l->ops->col_null(st, col);
}
static inline int lq_col_count(bmp_ledger *l, ledger_stmt *st) { return l->ops->col_count(st); }
static inline const char *lq_col_name(bmp_ledger *l, ledger_stmt *st, int col)
{
    return l->ops->col_name(st, col);
}
static inline void lq_reset(bmp_ledger *l, ledger_stmt *st) { l->ops->reset(st); }
/* st may be NULL. */
static inline void lq_finalize(bmp_ledger *l, ledger_stmt *st) { l->ops->finalize(st); }

/* ---- transactions ------------------------------------------------------- */

/* begin takes the write lock at once (an importer never finds the database
 * changed under it). */
static inline bmp_status lq_begin(bmp_ledger *l, bmp_error *err)
{
    l->read_failed = false;
    return l->ops->begin(l->s, err);
}
/* The same, with the foreign keys not checked by the database until the
 * transaction ends (store.h begin_unkeyed); lq_begin where the backend
 * cannot. */
static inline bmp_status lq_begin_unkeyed(bmp_ledger *l, bmp_error *err)
{
    l->read_failed = false;
    return l->ops->begin_unkeyed ? l->ops->begin_unkeyed(l->s, err) : l->ops->begin(l->s, err);
}
/* The commit, refused and rolled back (nothing written) when a text read in
 * the transaction could not be made (lq_col_text) or when a charge run is
 * only previewed (l->run_peek). */
static inline bmp_status lq_commit(bmp_ledger *l, bmp_error *err)
{
    if (l->read_failed) { /* a text read in it could not be made: write nothing */
        l->ops->rollback(l->s);
        l->read_failed = false;
        return bmp_error_oom(err);
    }
    if (!l->run_peek)
        return l->ops->commit(l->s, err);
    l->ops->rollback(l->s);
    l->run_peek->refused = true;
    return bmp_error_set(err, BMP_EINVAL, "a preview: nothing written");
}
static inline void lq_rollback(bmp_ledger *l) { l->ops->rollback(l->s); }
/* A read transaction (one snapshot until lq_rollback); only when
 * lq_can(l, LQ_CAN_SNAPSHOT). */
static inline bmp_status lq_begin_read(bmp_ledger *l, bmp_error *err)
{
    return l->ops->begin_read(l->s, err);
}
/* The end of a transaction the caller began: commit when rc is BMP_OK (the
 * commit's status is the answer), else roll back and answer rc (its error
 * kept in err). */
static inline bmp_status ledger_tx_end(bmp_ledger *l, bmp_status rc, bmp_error *err)
{
    if (!rc)
        return lq_commit(l, err);
    lq_rollback(l);
    return rc;
}
/* Run step(l, ctx, err) in one transaction: begin (its failure answered,
 * step not called), step, then ledger_tx_end with step's status. */
typedef bmp_status (*ledger_tx_fn)(bmp_ledger *l, void *ctx, bmp_error *err);
bmp_status ledger_tx(bmp_ledger *l, ledger_tx_fn step, void *ctx, bmp_error *err);

/* ---- many rows at once (COPY; only when lq_can(l, LQ_CAN_COPY)) -------- */

static inline bmp_status lq_copy_begin(bmp_ledger *l, const char *table, const char *columns,
                                       bmp_error *err)
{
    return l->ops->copy_begin(l->s, table, columns, err);
}
static inline bmp_status lq_copy_row(bmp_ledger *l, const char *const *values, int n,
                                     bmp_error *err)
{
    return l->ops->copy_row(l->s, values, n, err);
}
static inline bmp_status lq_copy_end(bmp_ledger *l, bmp_error *err)
{
    return l->ops->copy_end(l->s, err);
}

/* ---- the connection (query.c) ------------------------------------------- */

/* What the backend offers beside statements and transactions. */
typedef enum lq_cap {
    LQ_CAN_COPY,         /* lq_copy_* */
    LQ_CAN_SNAPSHOT,     /* lq_begin_read */
    LQ_CAN_DATA_VERSION, /* lq_data_version */
    LQ_CAN_WATCH,        /* lq_watch_open (lq_watch_read answers 0 without) */
    LQ_CAN_READ_ONLY,    /* lq_set_read_only */
    LQ_CAN_BACKUP,       /* lq_backup */
    LQ_CAN_RESTORE       /* lq_restore */
} lq_cap;
bool lq_can(const bmp_ledger *l, lq_cap c);

/* Open the store a target names into l (its backend chosen by the target). */
bmp_status lq_open(bmp_ledger *l, const char *target, bool create, bmp_error *err);
/* Finalize the cached statements (lq_cached). */
void lq_cache_clear(bmp_ledger *l);
void lq_close(bmp_ledger *l);
const char *lq_backend(const bmp_ledger *l); /* "sqlite", "postgresql" */
int lq_schema_version(bmp_ledger *l);
int lq_schema_latest(void);
int lq_lookup_chunk(const bmp_ledger *l); /* player numbers per look-up statement */
const char *const *lq_tables(const bmp_ledger *l); /* in schema order, NULL-terminated */
bmp_status lq_data_version(bmp_ledger *l, int64_t *out, bmp_error *err);
/* The store's count of this connection's writes to the register's tables
 * (store.h register_writes); false when the store keeps none. */
bool lq_register_writes(const bmp_ledger *l, int64_t *out);
bmp_status lq_watch_open(bmp_ledger *l, bmp_error *err);
uint64_t lq_watch_read(const bmp_ledger *l);
bmp_status lq_set_read_only(bmp_ledger *l, bmp_error *err);
bmp_status lq_backup(bmp_ledger *l, const char *file, bmp_error *err);
bmp_status lq_restore(bmp_ledger *l, const char *file, bmp_error *err);
/* The schema's objects, live (version < 0) or as migrations 1..version
 * make them (store.h). */
bmp_status lq_schema_objects(bmp_ledger *l, int version, ledger_schema_fn fn, void *ctx,
                             bmp_error *err);

/* ---- statements with their values (query.c, rows.c) --------------------- */

/* Bind `fmt` values to st: 'i' int64_t, 's' const char * (NULL = NULL). */
bmp_status lq_bind(bmp_ledger *l, ledger_stmt *st, const char *fmt, va_list ap, bmp_error *err);
/* Prepare, bind and run a statement that returns no rows. */
bmp_status lq_run(bmp_ledger *l, bmp_error *err, const char *sql, const char *fmt, ...);
/* Run a query returning one integer (*found false when no row). */
bmp_status lq_int(bmp_ledger *l, int64_t *out, bool *found, bmp_error *err, const char *sql,
                  const char *fmt, ...);
/* The handle's cached statement for a SQL literal (prepared once; keyed by
 * the literal's address); give it back with lq_release (reset, or
 * finalized when the cache was full: *owned). */
bmp_status lq_cached(bmp_ledger *l, const char *sql, ledger_stmt **st, bool *owned,
                     bmp_error *err);
void lq_release(bmp_ledger *l, ledger_stmt *st, bool owned);
/* Prepare and bind; the caller steps and finalizes. */
bmp_status lq_query(bmp_ledger *l, ledger_stmt **st, bmp_error *err, const char *sql,
                    const char *fmt, ...);

/* Fill one element of an lq_rows array from the statement's current row;
 * false when out of memory (the element is counted: the caller frees it). */
typedef bool (*lq_row_fn)(bmp_ledger *l, ledger_stmt *st, void *row, void *ctx);
/* Run a query and gather its rows into a growing array of `size`-byte
 * elements, each zeroed then filled by `fill`: *(T **)out and *n, the
 * caller's to free, also after a failure (rows.c). */
bmp_status lq_rows(bmp_ledger *l, void *out, size_t *n, size_t size, lq_row_fn fill, void *ctx,
                   bmp_error *err, const char *sql, const char *fmt, ...);

/* Fill t from a query (a literal: its statement is cached): its column
 * names are the headings (the first LQ_TABLE_MAX_COLS), a column whose name
 * ends in "points" holds hundredths, printed as 12.34, a NULL is "".  With
 * group >= 0, at most `limit` rows per value of that column (rows.c). */
#define LQ_TABLE_MAX_COLS 16
bmp_status lq_table(bmp_ledger *l, bmp_table *t, int group, size_t limit, bmp_error *err,
                    const char *sql, const char *fmt, ...);

#endif
