/* SQLite schema migration 023: a player's region (issue 28 item 4,
 * src/ledger/region.c, docs/rulings.md RG-1): the ABF's state or
 * territory, the EBU's county, NZ Bridge's region, the ACBL's unit.
 *
 * A table of its own rather than a column of player: player rows are
 * imaged in the audit chain with every column (SELECT *), so a column
 * added to them would make every player imaged before this migration
 * differ from its image at the next verify (rulings RG-2).  A player
 * without a row has no region recorded; the register import writes,
 * changes and removes rows, each imaged in the chain (chain_tables.c). */
#include "ledger/migrations/sqlite_migrations.h"

const char ledger_sqlite_migration_023[] =
    "CREATE TABLE player_region (\n"
    "  player_id INTEGER NOT NULL REFERENCES player(id),\n"
    "  region TEXT NOT NULL CHECK (region <> ''),\n"
    "  PRIMARY KEY (player_id)\n"
    ") STRICT;\n";
