/* SQLite schema migration 016: every change an entry in the chain (issue 27,
 * src/ledger/chain*.c).  audit.rows_hash is the digest of the row images an entry
 * carries (its hash covers it; '' for entries older than this migration);
 * audit_row holds the images: per (table, key) the row's canonical text and
 * its SHA-256, or per group (the journal lines of a batch ...) the digest of
 * its rows; `change` says which fields changed, from what to what.  Every
 * closed period records the head of the chain it was closed on. */
#include "ledger/migrations/sqlite_migrations.h"

const char ledger_sqlite_migration_016[] =
    "ALTER TABLE audit ADD COLUMN rows_hash TEXT NOT NULL DEFAULT '';\n"
    "CREATE TABLE audit_row (\n"
    "  seq INTEGER NOT NULL,\n"
    "  n INTEGER NOT NULL,\n"
    "  tbl TEXT NOT NULL,\n"
    "  key TEXT NOT NULL,\n"
    "  digest TEXT NOT NULL,\n"
    "  image TEXT,\n"
    "  change TEXT NOT NULL DEFAULT '',\n"
    "  PRIMARY KEY (seq, n)\n"
    ") STRICT;\n"
    "CREATE INDEX audit_row_key ON audit_row (tbl, key, seq);\n"
    "CREATE TRIGGER audit_row_no_update BEFORE UPDATE ON audit_row\n"
    "BEGIN SELECT RAISE(ABORT, 'row images are history'); END;\n"
    "CREATE TRIGGER audit_row_no_delete BEFORE DELETE ON audit_row\n"
    "BEGIN SELECT RAISE(ABORT, 'row images are history'); END;\n"
    "ALTER TABLE period ADD COLUMN head TEXT NOT NULL DEFAULT '';\n";
