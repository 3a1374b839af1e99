/* SQLite schema migration 003 (admin-abf, issue 13): conversions of a
 * foreign body's points into this body's (ABF-105), one row per
 * application, so the same points are never converted twice. */
#include "ledger/migrations/sqlite_migrations.h"

const char bmp_sqlite_migration_003_abf[] =
    "CREATE TABLE conversion (\n"
    "  id INTEGER PRIMARY KEY,\n"
    "  body_id INTEGER NOT NULL REFERENCES body(id),\n"
    "  player_id INTEGER NOT NULL REFERENCES player(id),\n"
    "  foreign_kind TEXT NOT NULL,\n"
    "  ref TEXT NOT NULL,\n"
    "  foreign_points INTEGER NOT NULL CHECK (foreign_points > 0),\n"
    "  point_type TEXT NOT NULL,\n"
    "  points INTEGER NOT NULL,\n"
    "  rule TEXT NOT NULL,\n"
    "  applied TEXT NOT NULL,\n"
    "  batch_id INTEGER NOT NULL REFERENCES batch(id)\n"
    ") STRICT;\n"
    "CREATE INDEX conversion_key ON conversion (body_id, player_id, foreign_kind, ref);\n";
