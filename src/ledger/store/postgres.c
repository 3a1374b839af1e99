/* The PostgreSQL backend of the ledger store (store.h), on libpq.
 *
 * A target is a libpq connection URI (postgresql://... or postgres://...);
 * the PG* environment variables fill in what it leaves out.  The schema is
 * the SQLite migrations translated mechanically (pg_translate.c), applied
 * under an advisory lock and recorded in bmp_schema.  Statements are
 * prepared once (?N rewritten to $N, types inferred by the server) and
 * every value travels as a parameter in text form.
 *
 * Concurrency (docs/ledger.md, "PostgreSQL"): begin() opens a READ
 * COMMITTED transaction and takes one transaction-level advisory lock, the
 * ledger's write lock -- the same contract as SQLite's BEGIN IMMEDIATE:
 * writers (imports, approvals, closes, registers) run one at a time and
 * each sees everything committed before it, so a duplicate event is always
 * found and a close never sees half an import; readers (reports, the web
 * service) never wait, reading committed data by MVCC. */
#include <libpq-fe.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/buf.h"
#include "ledger/migrations/sqlite_migrations.h"
#include "ledger/store/pg_translate.h"
#include "ledger/store/store.h"

/* pg_advisory_xact_lock keys: 'bmpW' (writers) and 'bmpM' (migrations). */
#define PG_WRITE_LOCK "1651339351"
#define PG_MIGRATE_LOCK "1651339341"
#define PG_MAX_PARAMS 65535

struct ledger_store {
    PGconn *c;
    unsigned next; /* prepared statement names s1, s2, ... */
    core_buf copy; /* COPY rows buffered for one PQputCopyData */
};

struct ledger_stmt {
    ledger_store *s;
    char name[16];
    int nparams;
    const char **params;          /* nparams of them, after the struct */
    char (*ints)[24];             /* integer parameters, as text */
    PGresult *desc;               /* the statement's columns */
    PGresult *res;                /* the executed result, NULL before the first step */
    int row;                      /* the current row; -1 before the first */
};

static const char *const *migrations_list(int *n);

/* SQLSTATE class 23 (integrity: unique, foreign key, check, and the
 * triggers' RAISE) is bad input, as SQLITE_CONSTRAINT is; the rest is the
 * database's trouble. */
static bmp_status pg_error(const PGresult *r, PGconn *c, bmp_error *err, const char *what)
{
    const char *state = r ? PQresultErrorField(r, PG_DIAG_SQLSTATE) : NULL;
    const char *msg = r ? PQresultErrorField(r, PG_DIAG_MESSAGE_PRIMARY) : NULL;
    bmp_status st = state && !strncmp(state, "23", 2)   ? BMP_EINVAL
                    : state && !strcmp(state, "53200") ? BMP_ENOMEM
                                                       : BMP_EIO;
    return bmp_error_set(err, st, "%s: %s", what, msg ? msg : PQerrorMessage(c));
}

/* Run SQL without parameters; an error leaves the transaction to the caller. */
static bmp_status run(PGconn *c, const char *sql, bmp_error *err, const char *what)
{
    PGresult *r = PQexec(c, sql);
    ExecStatusType t = PQresultStatus(r);
    bmp_status st = (t == PGRES_COMMAND_OK || t == PGRES_TUPLES_OK) ? BMP_OK
                                                                      : pg_error(r, c, err, what);
    PQclear(r);
    return st;
}

static int query_int(PGconn *c, const char *sql, int dflt)
{
    PGresult *r = PQexec(c, sql);
    int v = dflt;
    if (PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) > 0 && !PQgetisnull(r, 0, 0))
        v = atoi(PQgetvalue(r, 0, 0));
    PQclear(r);
    return v;
}

/* Apply the migrations after the recorded version, in one transaction
 * under the migration lock (two programs opening a new database at once
 * migrate it once). */
static bmp_status migrate(PGconn *c, const char *target, bool create, bmp_error *err)
{
    int n = 0;
    const char *const *m = migrations_list(&n);
    bmp_status st = run(c, "BEGIN", err, "database");
    if (!st)
        st = run(c, "SELECT pg_advisory_xact_lock(" PG_MIGRATE_LOCK ")", err, "database");
    if (!st)
        st = run(c, "CREATE TABLE IF NOT EXISTS bmp_schema (version BIGINT NOT NULL)", err,
                 "database");
    int v = st ? -1 : query_int(c, "SELECT max(version) FROM bmp_schema", 0);
    if (!st && v == 0 && !create)
        st = bmp_error_set(err, BMP_ENOTFOUND,
                           "no ledger in this database (create one with 'bridgemp ledger init')");
    if (!st && v > n)
        st = bmp_error_set(err, BMP_ERANGE,
                           "ledger schema version %d is newer than this program's (%d): use a "
                           "newer bridgemp",
                           v, n);
    for (int i = v; !st && i < n; i++) {
        char *ddl = ledger_pg_translate(m[i]);
        char set[96];
        if (!ddl) {
            st = bmp_error_set(err, BMP_EIO, "migration %03d: cannot translate it", i + 1);
            break;
        }
        snprintf(set, sizeof set, "DELETE FROM bmp_schema; INSERT INTO bmp_schema VALUES (%d)",
                 i + 1);
        st = run(c, ddl, err, "database");
        if (!st)
            st = run(c, set, err, "database");
        if (st)
            bmp_error_prefix(err, "migration %03d: ", i + 1);
        free(ddl);
    }
    if (!st)
        st = run(c, "COMMIT", err, "database: commit failed");
    else
        PQclear(PQexec(c, "ROLLBACK"));
    if (st)
        bmp_error_prefix(err, "%s: ", target);
    return st;
}

static bmp_status p_open(const char *target, bool create, ledger_store **out, bmp_error *err)
{
    *out = NULL;
    PGconn *c = PQconnectdb(target);
    if (!c)
        return bmp_error_oom(err);
    if (PQstatus(c) != CONNECTION_OK) {
        char msg[512];
        snprintf(msg, sizeof msg, "%s", PQerrorMessage(c));
        msg[strcspn(msg, "\n")] = '\0';
        PQfinish(c);
        return bmp_error_set(err, BMP_EIO, "%s: cannot connect: %s", target, msg);
    }
    bmp_status st = run(c, "SET client_min_messages = warning", err, "database");
    if (!st)
        st = migrate(c, target, create, err);
    ledger_store *s = st ? NULL : calloc(1, sizeof *s);
    if (!st && !s)
        st = bmp_error_oom(err);
    if (st) {
        PQfinish(c);
        return st;
    }
    s->c = c;
    *out = s;
    return BMP_OK;
}

static void p_close(ledger_store *s)
{
    if (!s)
        return;
    PQfinish(s->c);
    core_buf_free(&s->copy);
    free(s);
}

static int p_version(ledger_store *s)
{
    return query_int(s->c, "SELECT max(version) FROM bmp_schema", -1);
}

static int p_latest(void)
{
    int n = 0;
    migrations_list(&n);
    return n;
}

static bmp_status p_begin(ledger_store *s, bmp_error *err)
{
    bmp_status st = run(s->c, "BEGIN ISOLATION LEVEL READ COMMITTED", err,
                        "database: cannot begin a transaction");
    if (!st)
        st = run(s->c, "SELECT pg_advisory_xact_lock(" PG_WRITE_LOCK ")", err,
                 "database: cannot take the ledger's write lock");
    if (st)
        PQclear(PQexec(s->c, "ROLLBACK"));
    return st;
}

static bmp_status p_commit(ledger_store *s, bmp_error *err)
{
    PGresult *r = PQexec(s->c, "COMMIT");
    /* COMMIT of a failed transaction answers ROLLBACK, not an error */
    bool ok = PQresultStatus(r) == PGRES_COMMAND_OK && !strcmp(PQcmdStatus(r), "COMMIT");
    bmp_status st = ok ? BMP_OK
                       : PQresultStatus(r) == PGRES_COMMAND_OK
                           ? bmp_error_set(err, BMP_EIO, "database: commit failed: the transaction "
                                                         "was rolled back")
                           : pg_error(r, s->c, err, "database: commit failed");
    PQclear(r);
    return st;
}

/* A snapshot for a reader (the web service): one REPEATABLE READ read-only
 * transaction, ended by rollback. */
static bmp_status p_begin_read(ledger_store *s, bmp_error *err)
{
    return run(s->c, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", err,
               "database: cannot begin a read transaction");
}

/* Every later transaction of this connection is read-only (the server
 * refuses writes: SQLSTATE 25006). */
static bmp_status p_set_read_only(ledger_store *s, bmp_error *err)
{
    return run(s->c, "SET default_transaction_read_only = on", err, "database: read-only");
}

/* A file copy of a server's database is the server's business: pg_dump and
 * pg_restore, then `ledger verify` (docs/ledger.md "Backups"). */
static bmp_status p_backup(ledger_store *s, const char *file, bmp_error *err)
{
    (void)s, (void)file;
    return bmp_error_set(err, BMP_ENOTSUP,
                         "not supported on PostgreSQL: use pg_dump (docs/ledger.md)");
}

static bmp_status p_restore(ledger_store *s, const char *file, bmp_error *err)
{
    (void)s, (void)file;
    return bmp_error_set(err, BMP_ENOTSUP,
                         "not supported on PostgreSQL: use pg_restore (docs/ledger.md)");
}

static void p_rollback(ledger_store *s)
{
    if (PQtransactionStatus(s->c) != PQTRANS_IDLE)
        PQclear(PQexec(s->c, "ROLLBACK"));
}

static bmp_status p_prepare(ledger_store *s, const char *sql, ledger_stmt **out, bmp_error *err)
{
    *out = NULL;
    int np = 0;
    char *q = ledger_pg_placeholders(sql, &np);
    if (np > PG_MAX_PARAMS) { /* the protocol's limit */
        free(q);
        return bmp_error_set(err, BMP_EINVAL, "database: a statement with %d parameters", np);
    }
    /* the parameters' pointers and integer texts after the struct */
    ledger_stmt *st = q ? calloc(1, sizeof *st + (size_t)np * (sizeof(char *) + 24)) : NULL;
    if (!st) {
        free(q);
        return bmp_error_oom(err);
    }
    st->params = (const char **)(st + 1);
    st->ints = (char (*)[24])(st->params + np);
    st->s = s;
    st->nparams = np;
    st->row = -1;
    snprintf(st->name, sizeof st->name, "s%u", ++s->next);
    PGresult *r = PQprepare(s->c, st->name, q, np, NULL);
    bmp_status rc = PQresultStatus(r) == PGRES_COMMAND_OK
                        ? BMP_OK
                        : pg_error(r, s->c, err, "database: cannot prepare a statement");
    if (rc) /* a program error: say which statement */
        bmp_error_prefix(err, "%.60s...: ", sql);
    PQclear(r);
    free(q);
    if (!rc) {
        st->desc = PQdescribePrepared(s->c, st->name);
        if (PQresultStatus(st->desc) != PGRES_COMMAND_OK)
            rc = pg_error(st->desc, s->c, err, "database: cannot describe a statement");
    }
    if (rc) {
        PQclear(st->desc);
        free(st);
        return rc;
    }
    *out = st;
    return BMP_OK;
}

static bmp_status p_bind_int(ledger_stmt *st, int idx, int64_t v, bmp_error *err)
{
    if (idx < 1 || idx > st->nparams)
        return bmp_error_set(err, BMP_EINVAL, "database: bind: no parameter %d", idx);
    snprintf(st->ints[idx - 1], sizeof st->ints[idx - 1], "%lld", (long long)v);
    st->params[idx - 1] = st->ints[idx - 1];
    return BMP_OK;
}

static bmp_status p_bind_text(ledger_stmt *st, int idx, const char *v, bmp_error *err)
{
    if (idx < 1 || idx > st->nparams)
        return bmp_error_set(err, BMP_EINVAL, "database: bind: no parameter %d", idx);
    st->params[idx - 1] = v;
    return BMP_OK;
}

/* The first step executes the statement; each one moves to the next row. */
static bmp_status p_step(ledger_stmt *st, bool *row, bmp_error *err)
{
    if (!st->res) {
        st->res = PQexecPrepared(st->s->c, st->name, st->nparams, st->params, NULL, NULL, 0);
        ExecStatusType t = PQresultStatus(st->res);
        if (t != PGRES_COMMAND_OK && t != PGRES_TUPLES_OK) {
            bmp_status rc = pg_error(st->res, st->s->c, err, "database");
            PQclear(st->res);
            st->res = NULL;
            if (row)
                *row = false;
            return rc;
        }
        st->row = -1;
    }
    st->row++;
    if (row)
        *row = st->row < PQntuples(st->res);
    return BMP_OK;
}

static int64_t p_col_int(ledger_stmt *st, int col)
{
    const char *v = PQgetvalue(st->res, st->row, col);
    if (v[0] == 't' && !v[1]) /* a boolean expression */
        return 1;
    return strtoll(v, NULL, 10);
}

static const char *p_col_text(ledger_stmt *st, int col) { return PQgetvalue(st->res, st->row, col); }
static bool p_col_null(ledger_stmt *st, int col) { return PQgetisnull(st->res, st->row, col); }
static int p_col_count(ledger_stmt *st) { return PQnfields(st->desc); }
static const char *p_col_name(ledger_stmt *st, int col) { return PQfname(st->desc, col); }

static void p_reset(ledger_stmt *st)
{
    PQclear(st->res);
    st->res = NULL;
    st->row = -1;
    memset(st->params, 0, (size_t)st->nparams * sizeof *st->params);
}

static void p_finalize(ledger_stmt *st)
{
    if (!st)
        return;
    PQclear(st->res);
    PQclear(st->desc);
    /* a failed transaction refuses DEALLOCATE; the server forgets the
     * statement with the connection then */
    if (PQtransactionStatus(st->s->c) != PQTRANS_INERROR) {
        char sql[48];
        snprintf(sql, sizeof sql, "DEALLOCATE %s", st->name);
        PQclear(PQexec(st->s->c, sql));
    }
    free(st);
}

/* ---- COPY: a batch's lines in one stream -------------------------------- */

static bmp_status p_copy_begin(ledger_store *s, const char *table, const char *columns,
                               bmp_error *err)
{
    char sql[256];
    snprintf(sql, sizeof sql, "COPY %s (%s) FROM STDIN", table, columns);
    PGresult *r = PQexec(s->c, sql);
    bmp_status st = PQresultStatus(r) == PGRES_COPY_IN ? BMP_OK
                                                       : pg_error(r, s->c, err, "database: COPY");
    PQclear(r);
    core_buf_reset(&s->copy);
    return st;
}

/* A failure is read at the flush (s->copy.failed). */
static void copy_put(ledger_store *s, const char *t, size_t n)
{
    core_buf_append(&s->copy, t, n);
}

/* COPY's text format: tab-separated, \N for NULL, backslash escapes. */
static void copy_value(ledger_store *s, const char *v)
{
    if (!v) {
        copy_put(s, "\\N", 2);
        return;
    }
    for (const char *p = v; *p; p++) {
        const char *esc = *p == '\\' ? "\\\\" : *p == '\t' ? "\\t" : *p == '\n' ? "\\n"
                          : *p == '\r' ? "\\r" : NULL;
        if (esc)
            copy_put(s, esc, 2);
        else
            copy_put(s, p, 1);
    }
}

static bmp_status copy_flush(ledger_store *s, bmp_error *err)
{
    if (s->copy.failed)
        return bmp_error_oom(err);
    if (s->copy.len && PQputCopyData(s->c, s->copy.data, (int)s->copy.len) != 1)
        return bmp_error_set(err, BMP_EIO, "database: COPY: %s", PQerrorMessage(s->c));
    s->copy.len = 0;
    return BMP_OK;
}

static bmp_status p_copy_row(ledger_store *s, const char *const *values, int n, bmp_error *err)
{
    for (int i = 0; i < n; i++) {
        if (i)
            copy_put(s, "\t", 1);
        copy_value(s, values[i]);
    }
    copy_put(s, "\n", 1);
    return s->copy.len >= 60000 ? copy_flush(s, err)
                                : (s->copy.failed ? bmp_error_oom(err) : BMP_OK);
}

static bmp_status p_copy_end(ledger_store *s, bmp_error *err)
{
    bmp_status st = copy_flush(s, err);
    if (PQputCopyEnd(s->c, st ? "aborted" : NULL) != 1 && !st)
        st = bmp_error_set(err, BMP_EIO, "database: COPY: %s", PQerrorMessage(s->c));
    PGresult *r;
    while ((r = PQgetResult(s->c))) {
        if (!st && PQresultStatus(r) != PGRES_COMMAND_OK)
            st = pg_error(r, s->c, err, "database: COPY");
        PQclear(r);
    }
    return st;
}

/* ---- the schema's objects (store.h schema_objects) --------------------- */

/* Every table (columns with types, NOT NULL, defaults and identity; its
 * constraints), view, index, trigger (with whether it is disabled),
 * function, rewrite rule and row security policy of schema $1 (the last
 * two: none made by the migrations, so any is named), each as PostgreSQL
 * prints it, with the schema's
 * name taken out so that two schemas made alike read alike. */
static const char pg_schema_sql[] =
    "WITH ns AS (SELECT oid, nspname FROM pg_namespace WHERE nspname = $1) "
    "SELECT kind, name, replace(def, quote_ident((SELECT nspname FROM ns)) || '.', '') FROM ("
    "SELECT 'table' AS kind, c.relname AS name, "
    " (SELECT string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || "
    "   CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END || "
    "   CASE WHEN a.attidentity <> '' THEN ' IDENTITY' ELSE '' END || "
    "   coalesce(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), ''), ', ' ORDER BY a.attnum) "
    "  FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid "
    "  AND d.adnum = a.attnum WHERE a.attrelid = c.oid AND a.attnum > 0 "
    "  AND NOT a.attisdropped) || coalesce((SELECT '; ' || string_agg(k.conname || ' ' || "
    "  pg_get_constraintdef(k.oid), '; ' ORDER BY k.conname) FROM pg_constraint k "
    "  WHERE k.conrelid = c.oid), '') AS def "
    "FROM pg_class c WHERE c.relnamespace = (SELECT oid FROM ns) AND c.relkind IN ('r', 'p') "
    "AND c.relname <> 'bmp_schema' "
    "UNION ALL SELECT 'view', c.relname, pg_get_viewdef(c.oid) FROM pg_class c "
    "WHERE c.relnamespace = (SELECT oid FROM ns) AND c.relkind IN ('v', 'm') "
    "UNION ALL SELECT 'index', c.relname, pg_get_indexdef(c.oid) FROM pg_class c "
    "WHERE c.relnamespace = (SELECT oid FROM ns) AND c.relkind IN ('i', 'I') "
    "AND c.relname <> 'bmp_schema_pkey' "
    "UNION ALL SELECT 'trigger', t.tgname, pg_get_triggerdef(t.oid) || "
    "CASE WHEN t.tgenabled = 'D' THEN ' DISABLED' ELSE '' END FROM pg_trigger t "
    "JOIN pg_class c ON c.oid = t.tgrelid WHERE c.relnamespace = (SELECT oid FROM ns) "
    "AND NOT t.tgisinternal "
    "UNION ALL SELECT 'function', p.proname, pg_get_function_identity_arguments(p.oid) || ' ' "
    "|| pg_get_function_result(p.oid) || ' ' || p.prosrc FROM pg_proc p "
    "WHERE p.pronamespace = (SELECT oid FROM ns) "
    "UNION ALL SELECT 'rule', r.rulename, pg_get_ruledef(r.oid) FROM pg_rewrite r "
    "JOIN pg_class c ON c.oid = r.ev_class WHERE c.relnamespace = (SELECT oid FROM ns) "
    "AND r.rulename <> '_RETURN' "
    "UNION ALL SELECT 'policy', c.relname || '.' || y.polname, coalesce(pg_get_expr(y.polqual, "
    "y.polrelid), '') || ' ' || coalesce(pg_get_expr(y.polwithcheck, y.polrelid), '') "
    "FROM pg_policy y JOIN pg_class c ON c.oid = y.polrelid "
    "WHERE c.relnamespace = (SELECT oid FROM ns) "
    "UNION ALL SELECT 'row_security', c.relname, 'on' FROM pg_class c "
    "WHERE c.relnamespace = (SELECT oid FROM ns) AND c.relrowsecurity) x";

static bmp_status schema_read(PGconn *c, const char *schema, ledger_schema_fn fn, void *ctx,
                              bmp_error *err)
{
    const char *params[1] = {schema};
    PGresult *r = PQexecParams(c, pg_schema_sql, 1, NULL, params, NULL, NULL, 0);
    bmp_status st = PQresultStatus(r) == PGRES_TUPLES_OK ? BMP_OK
                                                         : pg_error(r, c, err, "the schema");
    for (int i = 0; !st && i < PQntuples(r); i++)
        st = fn(ctx, PQgetvalue(r, i, 0), PQgetvalue(r, i, 1), PQgetvalue(r, i, 2), err);
    PQclear(r);
    return st;
}

/* Migrations 1..version in a schema of their own (search_path set to it
 * for the transaction), read, and rolled back: nothing is left. */
static bmp_status schema_scratch(ledger_store *s, int version, ledger_schema_fn fn, void *ctx,
                                 bmp_error *err)
{
    int n = 0;
    const char *const *m = migrations_list(&n);
    if (version > n)
        return bmp_error_set(err, BMP_ERANGE, "schema version %d: this program knows %d",
                             version, n);
    bool in_tx = PQtransactionStatus(s->c) != PQTRANS_IDLE;
    bmp_status st = run(s->c, in_tx ? "SAVEPOINT bmp_expect" : "BEGIN READ WRITE", err,
                        "database: the migrations' schema");
    if (st)
        return st;
    char name[48], sql[160];
    snprintf(name, sizeof name, "bmp_expect_%ld_%u", (long)getpid(), ++s->next);
    snprintf(sql, sizeof sql, "CREATE SCHEMA %s; SET LOCAL search_path = %s", name, name);
    st = run(s->c, sql, err, "database: the migrations' schema");
    for (int i = 0; !st && i < version; i++) {
        char *ddl = ledger_pg_translate(m[i]);
        st = ddl ? run(s->c, ddl, err, "database") : bmp_error_oom(err);
        if (st)
            bmp_error_prefix(err, "migration %03d in a scratch schema: ", i + 1);
        free(ddl);
    }
    if (!st)
        st = schema_read(s->c, name, fn, ctx, err);
    PQclear(PQexec(s->c, in_tx ? "ROLLBACK TO SAVEPOINT bmp_expect; RELEASE SAVEPOINT bmp_expect"
                               : "ROLLBACK"));
    return st;
}

static bmp_status p_schema_objects(ledger_store *s, int version, ledger_schema_fn fn, void *ctx,
                                   bmp_error *err)
{
    if (version >= 0)
        return schema_scratch(s, version, fn, ctx, err);
    PGresult *r = PQexec(s->c, "SELECT current_schema()");
    bmp_status st = PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) == 1
                        ? BMP_OK
                        : pg_error(r, s->c, err, "the schema");
    char schema[128] = "";
    if (!st)
        snprintf(schema, sizeof schema, "%s", PQgetvalue(r, 0, 0));
    PQclear(r);
    return st ? st : schema_read(s->c, schema, fn, ctx, err);
}

static const char *const *migrations_list(int *n)
{
    *n = ledger_nmigrations;
    return ledger_migrations;
}

static const char *const *p_tables(void) { return ledger_store_sqlite.tables(); }

const ledger_store_ops ledger_store_postgres = {
    .name = "postgresql",
    .lookup_chunk = 256,
    .open = p_open,
    .close = p_close,
    .schema_version = p_version,
    .schema_latest = p_latest,
    .begin = p_begin,
    .commit = p_commit,
    .rollback = p_rollback,
    .prepare = p_prepare,
    .bind_int = p_bind_int,
    .bind_text = p_bind_text,
    .step = p_step,
    .col_int = p_col_int,
    .col_text = p_col_text,
    .col_null = p_col_null,
    .col_count = p_col_count,
    .col_name = p_col_name,
    .reset = p_reset,
    .finalize = p_finalize,
    .copy_begin = p_copy_begin,
    .copy_row = p_copy_row,
    .copy_end = p_copy_end,
    .tables = p_tables,
    .begin_read = p_begin_read,
    .set_read_only = p_set_read_only,
    .backup = p_backup,
    .restore = p_restore,
    .schema_objects = p_schema_objects,
};
