/* SQLite schema migration 008: NZ Bridge's annual rating points and
 * gradings (NZ-92, NZ-5, NZ-6; include/bridgemp/ledger_nz.h): one row per
 * player and year, set at 1 January and never changed. */
#include "ledger/migrations/sqlite_migrations.h"

const char ledger_sqlite_migration_008[] =
    "CREATE TABLE nz_grading (\n"
    "  player_id INTEGER NOT NULL REFERENCES player(id),\n"
    "  year INTEGER NOT NULL,\n"
    "  earned INTEGER NOT NULL,\n"
    "  rating INTEGER NOT NULL,\n"
    "  grading TEXT NOT NULL CHECK (grading IN ('Junior', 'Intermediate', 'Open')),\n"
    "  PRIMARY KEY (player_id, year)\n"
    ") STRICT;\n"
    "CREATE TRIGGER nz_grading_no_update BEFORE UPDATE ON nz_grading\n"
    "BEGIN SELECT RAISE(ABORT, 'gradings are history'); END;\n"
    "CREATE TRIGGER nz_grading_no_delete BEFORE DELETE ON nz_grading\n"
    "BEGIN SELECT RAISE(ABORT, 'gradings are history'); END;\n";
