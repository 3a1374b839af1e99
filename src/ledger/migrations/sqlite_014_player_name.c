/* SQLite schema migration 014: players by name, for the near matches of a
 * held line (issue 26 item 5, src/ledger/near_match.c): the same name under
 * another number is one indexed look-up, not a scan of the register. */
#include "ledger/migrations/sqlite_migrations.h"

const char ledger_sqlite_migration_014[] =
    "CREATE INDEX player_name ON player (body_id, name);\n";
