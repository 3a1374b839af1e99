/* The ledger's storage interface (internal).
 *
 * Like SQLite's VFS, one struct of function pointers is the only thing the
 * ledger knows about its database: a backend (store/sqlite.c or
 * store/postgres.c) fills a ledger_store_ops and nothing above it asks which.
 * The ledger's SQL is the portable subset both engines speak: numbered
 * parameters ?1 ?2 ... (a PostgreSQL backend rewrites them to $1 $2),
 * INTEGER and TEXT values, INSERT ... ON CONFLICT, partial unique indexes.
 * Every value reaches the database as a bound parameter; the schema and its
 * numbered migrations (src/ledger/migrations/) belong to the backends.
 */
#ifndef BMP_LEDGER_STORE_H
#define BMP_LEDGER_STORE_H

#include <stdbool.h>
#include <stdint.h>
#include "bridgemp/error.h"

typedef struct ledger_store ledger_store;  /* a backend's connection */
typedef struct ledger_stmt ledger_stmt;    /* a backend's prepared statement */

/* One object of the schema (schema_objects): its kind ("function",
 * "index", "table", "trigger", "view"), name and definition as the
 * database reports it. */
typedef bmp_status (*ledger_schema_fn)(void *ctx, const char *kind, const char *name,
                                       const char *def, bmp_error *err);

typedef struct ledger_store_ops {
    const char *name;  /* "sqlite", "postgresql" */
    /* Player numbers looked up per statement when checking a batch: 1 in
     * process (SQLite: a lookup is a function call), more over a socket
     * (PostgreSQL: each statement is a round trip). */
    int lookup_chunk;
    /* Open (create when `create`) the database at `target` and bring its
     * schema up to the newest migration; refuse a schema newer than the
     * program (ERANGE). */
    bmp_status (*open)(const char *target, bool create, ledger_store **out, bmp_error *err);
    void (*close)(ledger_store *s);
    /* Schema version of the open database and the newest this program knows. */
    int (*schema_version)(ledger_store *s);
    int (*schema_latest)(void);
    /* Transactions.  begin takes the write lock at once (an importer never
     * finds the database changed under it). */
    bmp_status (*begin)(ledger_store *s, bmp_error *err);
    /* Optional (NULL: the caller uses begin): the same, with the schema's
     * foreign keys not enforced by the database for this one transaction
     * (SQLite's PRAGMA foreign_keys, which changes only outside one), on
     * again when it commits or rolls back, whichever way it ends; with a
     * transaction already open it is begin.  Only for a writer that has
     * checked every key it writes inside the transaction itself
     * (intake/README.md, "The journal's foreign keys"). */
    bmp_status (*begin_unkeyed)(ledger_store *s, bmp_error *err);
    bmp_status (*commit)(ledger_store *s, bmp_error *err);
    void (*rollback)(ledger_store *s);
    /* Statements: prepare once, bind, step until no row, reset, reuse. */
    bmp_status (*prepare)(ledger_store *s, const char *sql, ledger_stmt **out, bmp_error *err);
    bmp_status (*bind_int)(ledger_stmt *st, int idx, int64_t v, bmp_error *err);
    /* v (NULL: SQL NULL) is not copied: it must stay valid until the statement
     * is reset or finalized. */
    bmp_status (*bind_text)(ledger_stmt *st, int idx, const char *v, bmp_error *err);
    /* One step: *row is true when a result row is available.  A constraint
     * failure is BMP_EINVAL with the database's message. */
    bmp_status (*step)(ledger_stmt *st, bool *row, bmp_error *err);
    int64_t (*col_int)(ledger_stmt *st, int col);
    const char *(*col_text)(ledger_stmt *st, int col); /* "" for NULL; valid until the next step */
    bool (*col_null)(ledger_stmt *st, int col);
    int (*col_count)(ledger_stmt *st);
    const char *(*col_name)(ledger_stmt *st, int col);
    void (*reset)(ledger_stmt *st);
    void (*finalize)(ledger_stmt *st);
    /* Optional (NULL: the ledger inserts row by row): many rows into one
     * table inside the caller's transaction, as PostgreSQL's COPY.
     * values[i] NULL is SQL NULL; the constraints and triggers hold as for
     * INSERT, and an error surfaces at the latest in copy_end. */
    bmp_status (*copy_begin)(ledger_store *s, const char *table, const char *columns,
                             bmp_error *err);
    bmp_status (*copy_row)(ledger_store *s, const char *const *values, int n, bmp_error *err);
    bmp_status (*copy_end)(ledger_store *s, bmp_error *err);
    /* Table names in schema order (for dumps); NULL-terminated, static. */
    const char *const *(*tables)(void);
    /* Start a read transaction: later reads see one snapshot until
     * rollback (NULL: each statement is its own snapshot). */
    bmp_status (*begin_read)(ledger_store *s, bmp_error *err);
    /* A number that changes when another connection commits a write,
     * comparable only with this connection's earlier answers (SQLite's
     * PRAGMA data_version).  NULL: the ledger reads the audit chain's head
     * instead (bmp_ledger_changed, head.c). */
    bmp_status (*data_version)(ledger_store *s, int64_t *out, bmp_error *err);
    /* The rows of the register's tables (player, player_merge,
     * player_unmerge) this connection has inserted, updated or deleted
     * since it opened, committed or rolled back (a restore counts as a
     * change): with data_version, a change stamp of the register that a
     * kept copy of it is checked against (intake/player_resolve.c).
     * NULL: not counted (no copy is kept between transactions). */
    int64_t (*register_writes)(const ledger_store *s);
    /* A change stamp read without a query (docs/rulings.md W-9): watch_open
     * prepares it on this connection (BMP_ENOTSUP when the store has none);
     * afterwards watch_read may be called from any thread at once, while
     * the connection stays open and is used for nothing else.  It answers a
     * number that differs after every committed write of any connection or
     * process, or 0 when it could not tell (then: assume a change).  NULL:
     * not supported. */
    bmp_status (*watch_open)(ledger_store *s, bmp_error *err);
    uint64_t (*watch_read)(const ledger_store *s);
    /* Refuse every later write on this connection (NULL: not supported). */
    bmp_status (*set_read_only)(ledger_store *s, bmp_error *err);
    /* Copy the whole database, as one snapshot taken while other
     * connections go on writing, into the SQLite file `file` (existing and
     * empty: the caller made it); a backend that cannot answers why not and
     * names its own tool (PostgreSQL: pg_dump).  NULL: not supported. */
    bmp_status (*backup)(ledger_store *s, const char *file, bmp_error *err);
    /* Replace the whole database by the SQLite file `file`'s content in one
     * transaction (file is read, never changed; other connections see the
     * old or the new database, nothing between); file NULL only asks
     * whether the backend can (BMP_OK) or why not.  NULL: not supported. */
    bmp_status (*restore)(ledger_store *s, const char *file, bmp_error *err);
    /* The schema's objects, every table, view, trigger and index (and on
     * PostgreSQL the triggers' functions), each once, in any order: of
     * this database (version < 0), or of migrations 1..version applied
     * to an empty scratch database (SQLite: one in memory; PostgreSQL: a
     * schema of its own in a transaction, or savepoint, rolled back), so
     * that verify compares the database with what the migrations make
     * (issue 45, docs/ledger.md "The schema checked"). */
    bmp_status (*schema_objects)(ledger_store *s, int version, ledger_schema_fn fn, void *ctx,
                                 bmp_error *err);
} ledger_store_ops;

/* The SQLite backend (sqlite.c): a file path. */
extern const ledger_store_ops ledger_store_sqlite;
/* The PostgreSQL backend (postgres.c): a postgresql:// or postgres:// URI. */
extern const ledger_store_ops ledger_store_postgres;

/* The backend a target names (store.c). */
const ledger_store_ops *ledger_store_for(const char *target);

#endif
