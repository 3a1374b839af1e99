/* SQLite schema migration 004: API tokens for `bridgemp serve` (issue 14,
 * docs/serve.md, ruling W-2).  A token is shown once when created and kept
 * only as its BLAKE2b hash; its scope is "club:<body>:<number>" (uploads of
 * that club's results) or "secretary:<body>" (approve, reject, correct).
 * Revoking sets revoked_at; a row is never deleted. */
#include "ledger/migrations/sqlite_migrations.h"

const char ledger_sqlite_migration_004[] =
    "CREATE TABLE token (\n"
    "  id INTEGER PRIMARY KEY,\n"
    "  scope TEXT NOT NULL,\n"
    "  label TEXT NOT NULL DEFAULT '',\n"
    "  hash TEXT NOT NULL UNIQUE,\n"
    "  who TEXT NOT NULL,\n"
    "  created_at TEXT NOT NULL,\n"
    "  revoked_at TEXT\n"
    ") STRICT;\n";
