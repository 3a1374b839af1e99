/* The SQLite backend of the ledger store (store.h): a file database in WAL
 * mode with foreign keys on, STRICT tables, prepared statements only, and
 * numbered migrations (migrations/sqlite_NNN_*.c) applied on open. */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ledger/migrations/sqlite_migrations.h"
#include "ledger/store/store.h"

struct ledger_store {
    sqlite3 *db;
    sqlite3_stmt *begin_read, *end_read; /* prepared once: a server runs them per request */
    sqlite3_stmt *data_version;          /* PRAGMA data_version, prepared once */
    const volatile void *wal_index;      /* the WAL-index header (s_watch_open) */
    bool in_tx;                          /* between our begin and commit/rollback */
    bool unkeyed;                        /* foreign keys off until set on again (keys_on) */
    int64_t register_writes;             /* rows of the register's tables changed (on_update) */
};

struct ledger_stmt {
    sqlite3_stmt *st;
    sqlite3 *db;
    ledger_store *store;
};

#define migrations ledger_migrations
#define NMIGRATIONS ledger_nmigrations

static const char *const tables[] = {
    "body",       "club",       "player", "alternate",   "batch",      "batch_total",
    "journal",    "held",       "held_release", "holding", "period",   "promotion",
    "audit",      "conversion", "charge_run",   "charge",  "batch_grade", "club_affiliation",
    "token",      "batch_event", "invoice", "nz_grading",
    "payment", "overdue_quarter", "levy_gate", "certificate",
    "close_rank", "reopen", "reopen_batch", "reopen_promotion", "certificate_revoked",
    "reopen_pending",
    "opening", "opening_player", "player_merge", "player_unmerge",
    "player_region", NULL};

static bmp_status db_error(sqlite3 *db, bmp_error *err, const char *what)
{
    int code = sqlite3_errcode(db);
    bmp_status st = code == SQLITE_CONSTRAINT ? BMP_EINVAL : code == SQLITE_NOMEM ? BMP_ENOMEM
                                                                                 : BMP_EIO;
    return bmp_error_set(err, st, "%s: %s", what, sqlite3_errmsg(db));
}

static bmp_status exec(sqlite3 *db, const char *sql, bmp_error *err)
{
    char *msg = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK) {
        bmp_status st = bmp_error_set(err, BMP_EIO, "database: %s", msg ? msg : "error");
        sqlite3_free(msg);
        return st;
    }
    return BMP_OK;
}

static int user_version(sqlite3 *db)
{
    sqlite3_stmt *st = NULL;
    int v = -1;
    if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st, NULL) == SQLITE_OK &&
        sqlite3_step(st) == SQLITE_ROW)
        v = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    return v;
}

/* Apply migrations after `from`, each in its own transaction with its
 * version number, so a killed migration leaves the previous version. */
static bmp_status migrate(sqlite3 *db, const char *path, bmp_error *err)
{
    if (exec(db, "BEGIN IMMEDIATE", err))
        return bmp_error_set(err, BMP_EIO, "%s: cannot lock the database: %s", path,
                             sqlite3_errmsg(db));
    int v = user_version(db);
    if (v < 0) { /* the version could not be read (no memory, I/O): change nothing */
        bmp_status st = db_error(db, err, "cannot read the schema version");
        exec(db, "ROLLBACK", NULL);
        return bmp_error_prefix(err, "%s: ", path), st;
    }
    if (v > NMIGRATIONS) {
        exec(db, "ROLLBACK", NULL);
        return bmp_error_set(err, BMP_ERANGE,
                             "%s: ledger schema version %d is newer than this program's (%d): "
                             "use a newer bridgemp",
                             path, v, NMIGRATIONS);
    }
    for (int i = v; i < NMIGRATIONS; i++) {
        char pragma[64];
        snprintf(pragma, sizeof pragma, "PRAGMA user_version = %d", i + 1);
        if (exec(db, migrations[i], err) || exec(db, pragma, err)) {
            bmp_error_prefix(err, "%s: migration %03d: ", path, i + 1);
            exec(db, "ROLLBACK", NULL);
            return BMP_EIO;
        }
    }
    return exec(db, "COMMIT", err);
}

/* The update hook: every row this connection inserts, updates or deletes
 * in a rowid table, triggers' and foreign-key actions' included, before
 * its transaction ends.  What it does not see -- a DELETE without WHERE
 * done by truncation (none of the three tables can be: player and
 * player_merge are foreign keys' parents, and the register's stamp counts
 * player_unmerge's rows besides), conflicting rows a REPLACE deletes
 * (its insert is seen) and a restore (s_restore counts it) -- cannot
 * change the register unseen. */
static void on_update(void *arg, int op, const char *db, const char *tbl, sqlite3_int64 rowid)
{
    (void)op, (void)db, (void)rowid;
    ledger_store *s = arg;
    if (tbl[0] == 'p' && strncmp(tbl, "player", 6) == 0 &&
        (!tbl[6] || !strcmp(tbl + 6, "_merge") || !strcmp(tbl + 6, "_unmerge")))
        s->register_writes++;
}

static int64_t s_register_writes(const ledger_store *s) { return s->register_writes; }

static bmp_status s_open(const char *path, bool create, ledger_store **out, bmp_error *err)
{
    *out = NULL;
    if (!create && access(path, F_OK) != 0)
        return bmp_error_set(err, BMP_ENOTFOUND,
                             "%s: no ledger database (create one with 'bridgemp ledger init')",
                             path);
    sqlite3 *db = NULL;
    /* NOMUTEX: a handle is used by one thread at a time (bmp_ledger is not
     * shared between threads; the server pools handles), so SQLite's own
     * per-call mutex is pure cost (2.7 % of a ledger month in perf). */
    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | (create ? SQLITE_OPEN_CREATE : 0);
    if (sqlite3_open_v2(path, &db, flags, NULL) != SQLITE_OK) {
        bmp_status st = bmp_error_set(err, BMP_EIO, "%s: cannot open: %s", path,
                                      db ? sqlite3_errmsg(db) : "out of memory");
        sqlite3_close(db);
        return st;
    }
    sqlite3_busy_timeout(db, 5000);
    sqlite3_extended_result_codes(db, 0);
    bmp_status st = exec(db,
                         "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;"
                         "PRAGMA foreign_keys = ON; PRAGMA trusted_schema = OFF;"
                         "PRAGMA cache_size = -65536; PRAGMA temp_store = MEMORY",
                         err);
    if (!st && (!sqlite3_db_readonly(db, "main")))
        st = migrate(db, path, err);
    if (st) {
        if (err && strncmp(err->msg, path, strlen(path)) != 0)
            bmp_error_prefix(err, "%s: ", path);
        sqlite3_close(db);
        return st;
    }
    ledger_store *s = calloc(1, sizeof *s);
    if (!s) {
        sqlite3_close(db);
        return bmp_error_oom(err);
    }
    s->db = db;
    sqlite3_update_hook(db, on_update, s);
    *out = s;
    return BMP_OK;
}

static void s_close(ledger_store *s)
{
    if (!s)
        return;
    sqlite3_finalize(s->begin_read);
    sqlite3_finalize(s->end_read);
    sqlite3_finalize(s->data_version);
    sqlite3_close(s->db);
    free(s);
}

static int s_version(ledger_store *s) { return user_version(s->db); }
static int s_latest(void) { return NMIGRATIONS; }

/* The foreign keys enforced again after a transaction begun unkeyed
 * (s_begin_unkeyed), once no transaction is open: false while they
 * could not be (no memory to run the pragma) -- then nothing else runs
 * on the connection (keys_checked) until they are. */
static bool keys_on(ledger_store *s)
{
    if (s->unkeyed && sqlite3_get_autocommit(s->db) &&
        sqlite3_exec(s->db, "PRAGMA foreign_keys = ON", NULL, NULL, NULL) == SQLITE_OK)
        s->unkeyed = false;
    return !s->unkeyed;
}

/* Every transaction and statement but the one begun unkeyed runs with the
 * foreign keys enforced. */
static bmp_status keys_checked(ledger_store *s, bmp_error *err)
{
    if (keys_on(s))
        return BMP_OK;
    return bmp_error_set(err, BMP_EIO, "database: the foreign keys could not be enforced again "
                         "after an import (%s)", sqlite3_errmsg(s->db));
}

static bmp_status begin_write(ledger_store *s, bmp_error *err)
{
    if (sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
        return db_error(s->db, err, "database: cannot begin a transaction");
    s->in_tx = true;
    return BMP_OK;
}

static bmp_status s_begin(ledger_store *s, bmp_error *err)
{
    return keys_checked(s, err) ? BMP_EIO : begin_write(s, err);
}

/* A write transaction whose foreign keys SQLite does not check (store.h
 * begin_unkeyed): PRAGMA foreign_keys only changes outside a transaction
 * (inside one it is silently a no-op), so with one open -- a caller's --
 * this is begin, which refuses it.  The flag changes when the pragma is
 * prepared, hence sqlite3_exec, not a kept statement; commit and rollback
 * set it on again (keys_on). */
static bmp_status s_begin_unkeyed(ledger_store *s, bmp_error *err)
{
    if (keys_checked(s, err))
        return BMP_EIO;
    if (!sqlite3_get_autocommit(s->db) || s->in_tx)
        return begin_write(s, err);
    if (sqlite3_exec(s->db, "PRAGMA foreign_keys = OFF", NULL, NULL, NULL) != SQLITE_OK)
        return db_error(s->db, err, "database: foreign_keys");
    s->unkeyed = true;
    bmp_status st = begin_write(s, err);
    if (st)
        keys_on(s);
    return st;
}

static bmp_status s_commit(ledger_store *s, bmp_error *err)
{
    s->in_tx = false;
    bmp_status st = BMP_OK;
    if (sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
        st = db_error(s->db, err, "database: commit failed");
        sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    }
    keys_on(s);
    return st;
}

/* Run a one-off statement prepared on first use. */
static int run_kept(sqlite3 *db, sqlite3_stmt **st, const char *sql)
{
    if (!*st && sqlite3_prepare_v2(db, sql, -1, st, NULL) != SQLITE_OK)
        return SQLITE_ERROR;
    int rc = sqlite3_step(*st);
    sqlite3_reset(*st);
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

static void s_rollback(ledger_store *s)
{
    s->in_tx = false;
    if (!sqlite3_get_autocommit(s->db) && run_kept(s->db, &s->end_read, "ROLLBACK") != SQLITE_OK)
        sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    keys_on(s);
}

static bmp_status s_prepare(ledger_store *s, const char *sql, ledger_stmt **out, bmp_error *err)
{
    *out = NULL;
    ledger_stmt *st = calloc(1, sizeof *st);
    if (!st)
        return bmp_error_oom(err);
    if (sqlite3_prepare_v3(s->db, sql, -1, SQLITE_PREPARE_PERSISTENT, &st->st, NULL) !=
        SQLITE_OK) {
        bmp_status rc = db_error(s->db, err, "database: cannot prepare a statement");
        free(st);
        return rc;
    }
    st->db = s->db;
    st->store = s;
    *out = st;
    return BMP_OK;
}

static bmp_status s_bind_int(ledger_stmt *st, int idx, int64_t v, bmp_error *err)
{
    if (sqlite3_bind_int64(st->st, idx, v) != SQLITE_OK)
        return db_error(st->db, err, "database: bind");
    return BMP_OK;
}

static bmp_status s_bind_text(ledger_stmt *st, int idx, const char *v, bmp_error *err)
{
    int rc = v ? sqlite3_bind_text(st->st, idx, v, -1, SQLITE_STATIC)
               : sqlite3_bind_null(st->st, idx);
    if (rc != SQLITE_OK)
        return db_error(st->db, err, "database: bind");
    return BMP_OK;
}

static bmp_status s_step(ledger_stmt *st, bool *row, bmp_error *err)
{
    /* SQLite rolls a transaction back by itself after some errors (no
     * memory, a full disk); a statement after that would run, and commit,
     * on its own: refuse it, so the caller's transaction stays all or
     * nothing */
    if (st->store && st->store->unkeyed && !st->store->in_tx && keys_checked(st->store, err)) {
        if (row)
            *row = false;
        return BMP_EIO;
    }
    if (st->store && st->store->in_tx && sqlite3_get_autocommit(st->db)) {
        if (row)
            *row = false;
        return bmp_error_set(err, BMP_EIO, "database: the transaction was rolled back by the "
                             "database after an error (%s); nothing of it is written",
                             sqlite3_errmsg(st->db));
    }
    int rc = sqlite3_step(st->st);
    if (row)
        *row = rc == SQLITE_ROW;
    if (rc == SQLITE_ROW || rc == SQLITE_DONE)
        return BMP_OK;
    bmp_status s = db_error(st->db, err, "database");
    sqlite3_reset(st->st);
    return s;
}

static int64_t s_col_int(ledger_stmt *st, int col) { return sqlite3_column_int64(st->st, col); }
static const char *s_col_text(ledger_stmt *st, int col)
{
    /* the type first: a value SQLite cannot turn into text for want of
     * memory comes back NULL and becomes NULL itself */
    int type = sqlite3_column_type(st->st, col);
    const unsigned char *t = sqlite3_column_text(st->st, col);
    if (!t && type != SQLITE_NULL)
        return NULL; /* no memory to make the text: lq_col_text marks the transaction */
    return t ? (const char *)t : "";
}
static bool s_col_null(ledger_stmt *st, int col)
{
    return sqlite3_column_type(st->st, col) == SQLITE_NULL;
}
static int s_col_count(ledger_stmt *st) { return sqlite3_column_count(st->st); }
static const char *s_col_name(ledger_stmt *st, int col) { return sqlite3_column_name(st->st, col); }
static void s_reset(ledger_stmt *st)
{
    sqlite3_reset(st->st);
    sqlite3_clear_bindings(st->st);
}
static void s_finalize(ledger_stmt *st)
{
    if (!st)
        return;
    sqlite3_finalize(st->st);
    free(st);
}
static const char *const *s_tables(void) { return tables; }
static bmp_status s_begin_read(ledger_store *s, bmp_error *err)
{
    if (keys_checked(s, err))
        return BMP_EIO;
    if (run_kept(s->db, &s->begin_read, "BEGIN DEFERRED") != SQLITE_OK)
        return db_error(s->db, err, "database: cannot begin a read transaction");
    s->in_tx = true;
    return BMP_OK;
}
/* PRAGMA data_version: changes when another connection commits (in a read
 * transaction, as of its snapshot); this connection's own writes do not
 * change it. */
static bmp_status s_data_version(ledger_store *s, int64_t *out, bmp_error *err)
{
    if (!s->data_version &&
        sqlite3_prepare_v2(s->db, "PRAGMA data_version", -1, &s->data_version, NULL) != SQLITE_OK)
        return db_error(s->db, err, "database: data_version");
    int rc = sqlite3_step(s->data_version);
    *out = rc == SQLITE_ROW ? sqlite3_column_int64(s->data_version, 0) : 0;
    sqlite3_reset(s->data_version);
    return rc == SQLITE_ROW ? BMP_OK : db_error(s->db, err, "database: data_version");
}

/* PRAGMA query_only: every statement that would write fails (SQLITE_READONLY).
 * A reader (bridgemp serve's pool) also maps the file (mmap_size, up to
 * SQLite's own limit): its reads come from the operating system's page
 * cache, shared by every connection, instead of a private copy each
 * connection fills page by page (bench/serve: a random player of 1,000,000
 * cost 180 us of CPU, mostly pread and fresh cache pages; docs/performance.md). */
/* The change stamp (store.h watch_open): the WAL-index header in the
 * shared memory every connection to the file maps (the -shm file; SQLite's
 * file format, "WAL-Index Format").  Its first 48 bytes hold iChange (one
 * more at every commit), mxFrame (the last committed frame) and the WAL's
 * salts (new at each restart of the WAL); a commit rewrites them before it
 * returns, the second copy (bytes 48-95) first, then the first, and
 * readers take the two as the header only when they are equal -- as
 * SQLite's own readers do (walIndexTryHdr).  The region is SQLite's own
 * mapping of this connection's shared memory, obtained through the VFS
 * (xShmMap, region 0, 32 KiB as SQLite maps it): it stays mapped while
 * the connection is open, and while it is, no other process can truncate
 * the file (the connection holds its shared "DMS" lock). */
#define WAL_INDEX_REGION 32768
#define WAL_HDR_WORDS 12 /* 48 bytes */

static bmp_status s_watch_open(ledger_store *s, bmp_error *err)
{
    sqlite3_stmt *st = NULL;
    const char *mode = "";
    if (sqlite3_prepare_v2(s->db, "PRAGMA journal_mode", -1, &st, NULL) != SQLITE_OK)
        return db_error(s->db, err, "database: journal_mode");
    if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_text(st, 0))
        mode = (const char *)sqlite3_column_text(st, 0);
    bool wal = strcmp(mode, "wal") == 0;
    sqlite3_finalize(st);
    /* a read opens the WAL and maps the shared memory */
    if (wal && exec(s->db, "SELECT count(*) FROM sqlite_schema", err))
        return bmp_error_set(err, BMP_EIO, "database: cannot read the schema");
    sqlite3_file *f = NULL;
    volatile void *p = NULL;
    if (!wal || sqlite3_file_control(s->db, "main", SQLITE_FCNTL_FILE_POINTER, &f) != SQLITE_OK ||
        !f || !f->pMethods || f->pMethods->iVersion < 2 || !f->pMethods->xShmMap ||
        f->pMethods->xShmMap(f, 0, WAL_INDEX_REGION, 0, &p) != SQLITE_OK || !p)
        return bmp_error_set(err, BMP_ENOTSUP,
                             "database: no WAL index to watch (not in WAL mode)");
    s->wal_index = p;
    return BMP_OK;
}

static uint64_t s_watch_read(const ledger_store *s)
{
    const volatile uint32_t *h = s->wal_index;
    for (int tries = 0; tries < 100; tries++) {
        uint32_t a[WAL_HDR_WORDS], b[WAL_HDR_WORDS];
        for (int i = 0; i < WAL_HDR_WORDS; i++)
            a[i] = __atomic_load_n(&h[i], __ATOMIC_ACQUIRE);
        for (int i = 0; i < WAL_HDR_WORDS; i++)
            b[i] = __atomic_load_n(&h[WAL_HDR_WORDS + i], __ATOMIC_ACQUIRE);
        if (memcmp(a, b, sizeof a) != 0)
            continue; /* a commit is writing it: read again */
        uint64_t v = 14695981039346656037u; /* FNV-1a of the header */
        for (size_t i = 0; i < sizeof a; i++)
            v = (v ^ ((const unsigned char *)a)[i]) * 1099511628211u;
        return v ? v : 1;
    }
    return 0;
}

static bmp_status s_set_read_only(ledger_store *s, bmp_error *err)
{
    return exec(s->db, "PRAGMA query_only = ON; PRAGMA mmap_size = 4294967296", err);
}

/* Copy database `from` into `to` with SQLite's online backup API: one
 * sqlite3_backup_step(-1) copies every page under one read transaction of
 * `from` (one snapshot, while other connections keep writing in WAL) and
 * one write transaction of `to` (all or nothing).  A lock held elsewhere is
 * waited for, boundedly. */
static bmp_status copy_db(sqlite3 *from, sqlite3 *to, bmp_error *err)
{
    sqlite3_backup *b = sqlite3_backup_init(to, "main", from, "main");
    if (!b)
        return db_error(to, err, "backup");
    int rc = SQLITE_OK;
    for (int tries = 0; tries < 1000; tries++) {
        rc = sqlite3_backup_step(b, -1);
        if (rc != SQLITE_BUSY && rc != SQLITE_LOCKED)
            break;
        sqlite3_sleep(10);
    }
    int fin = sqlite3_backup_finish(b);
    if (rc == SQLITE_DONE && fin == SQLITE_OK)
        return BMP_OK;
    return bmp_error_set(err, BMP_EIO, "backup: %s",
                         rc == SQLITE_DONE ? sqlite3_errmsg(to) : sqlite3_errstr(rc));
}

static bmp_status open_plain(const char *file, int flags, sqlite3 **db, bmp_error *err)
{
    if (sqlite3_open_v2(file, db, flags | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
        bmp_status st = bmp_error_set(err, BMP_EIO, "%s: cannot open: %s", file,
                                      *db ? sqlite3_errmsg(*db) : "out of memory");
        sqlite3_close(*db);
        return st;
    }
    sqlite3_busy_timeout(*db, 5000);
    return BMP_OK;
}

static bmp_status s_backup(ledger_store *s, const char *file, bmp_error *err)
{
    sqlite3 *to = NULL;
    bmp_status st = open_plain(file, SQLITE_OPEN_READWRITE, &to, err);
    if (!st)
        st = copy_db(s->db, to, err);
    if (to && sqlite3_close(to) != SQLITE_OK && !st)
        st = bmp_error_set(err, BMP_EIO, "%s: cannot close the copy", file);
    return st;
}

static bmp_status s_restore(ledger_store *s, const char *file, bmp_error *err)
{
    if (!file)
        return BMP_OK;
    sqlite3 *from = NULL;
    bmp_status st = open_plain(file, SQLITE_OPEN_READWRITE, &from, err);
    if (!st)
        st = copy_db(from, s->db, err);
    s->register_writes++; /* the whole database replaced, the register with it */
    sqlite3_close(from);
    return st;
}

/* Every object sqlite_master holds with its CREATE text (SQLite's own
 * objects, sqlite_*, and the automatic indexes of UNIQUE and PRIMARY KEY,
 * which have no text, are part of their table's). */
static bmp_status schema_read(sqlite3 *db, ledger_schema_fn fn, void *ctx, bmp_error *err)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(db,
                           "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL "
                           "AND name NOT LIKE 'sqlite!_%' ESCAPE '!'",
                           -1, &st, NULL) != SQLITE_OK)
        return db_error(db, err, "the schema");
    bmp_status rc = BMP_OK;
    int r;
    while (!rc && (r = sqlite3_step(st)) == SQLITE_ROW)
        rc = fn(ctx, (const char *)sqlite3_column_text(st, 0),
                (const char *)sqlite3_column_text(st, 1), (const char *)sqlite3_column_text(st, 2),
                err);
    if (!rc && r != SQLITE_DONE)
        rc = db_error(db, err, "the schema");
    sqlite3_finalize(st);
    return rc;
}

/* The live schema, or the migrations' up to `version` in a database in
 * memory. */
static bmp_status s_schema_objects(ledger_store *s, int version, ledger_schema_fn fn, void *ctx,
                                   bmp_error *err)
{
    if (version < 0)
        return schema_read(s->db, fn, ctx, err);
    if (version > NMIGRATIONS)
        return bmp_error_set(err, BMP_ERANGE, "schema version %d: this program knows %d",
                             version, NMIGRATIONS);
    sqlite3 *mem = NULL;
    bmp_status st = open_plain(":memory:", SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, &mem, err);
    for (int i = 0; !st && i < version; i++) {
        st = exec(mem, migrations[i], err);
        if (st)
            bmp_error_prefix(err, "migration %03d in memory: ", i + 1);
    }
    if (!st)
        st = schema_read(mem, fn, ctx, err);
    sqlite3_close(mem);
    return st;
}

const ledger_store_ops ledger_store_sqlite = {
    .name = "sqlite",
    .lookup_chunk = 1,
    .open = s_open,
    .close = s_close,
    .schema_version = s_version,
    .schema_latest = s_latest,
    .begin = s_begin,
    .begin_unkeyed = s_begin_unkeyed,
    .commit = s_commit,
    .rollback = s_rollback,
    .prepare = s_prepare,
    .bind_int = s_bind_int,
    .bind_text = s_bind_text,
    .step = s_step,
    .col_int = s_col_int,
    .col_text = s_col_text,
    .col_null = s_col_null,
    .col_count = s_col_count,
    .col_name = s_col_name,
    .reset = s_reset,
    .finalize = s_finalize,
    .tables = s_tables,
    .begin_read = s_begin_read,
    .set_read_only = s_set_read_only,
    .data_version = s_data_version,
    .register_writes = s_register_writes,
    .watch_open = s_watch_open,
    .watch_read = s_watch_read,
    .backup = s_backup,
    .restore = s_restore,
    .schema_objects = s_schema_objects,
};
