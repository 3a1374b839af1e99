/* SQLite schema migration 003 (admin-abf, issue 13): conversions of a
 * foreign body's points into this body's (ABF-105), one row per
 * application, so the same points are never converted twice; and charge
 * runs (ABF-111 capitation ...): one run per body, kind and period, its
 * lines in cents traceable to the club and player they charge. */
#include "ledger/migrations/sqlite_migrations.h"

const char ledger_sqlite_migration_003_abf[] =
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
    "  note TEXT NOT NULL DEFAULT '',\n"
    "  batch_id INTEGER NOT NULL REFERENCES batch(id)\n"
    ") STRICT;\n"
    "CREATE INDEX conversion_key ON conversion (body_id, player_id, foreign_kind, ref);\n"
    "CREATE TABLE charge_run (\n"
    "  id INTEGER PRIMARY KEY,\n"
    "  body_id INTEGER NOT NULL REFERENCES body(id),\n"
    "  kind TEXT NOT NULL,\n"
    "  period TEXT NOT NULL,\n"
    "  rule TEXT NOT NULL,\n"
    "  who TEXT NOT NULL,\n"
    "  created_at TEXT NOT NULL,\n"
    "  lines INTEGER NOT NULL,\n"
    "  total INTEGER NOT NULL,\n"
    "  UNIQUE (body_id, kind, period)\n"
    ") STRICT;\n"
    "CREATE TABLE charge (\n"
    "  id INTEGER PRIMARY KEY,\n"
    "  run_id INTEGER NOT NULL REFERENCES charge_run(id),\n"
    "  club_id INTEGER NOT NULL REFERENCES club(id),\n"
    "  player_id INTEGER REFERENCES player(id),\n"
    "  batch_id INTEGER REFERENCES batch(id),\n"
    "  rule TEXT NOT NULL,\n"
    "  what TEXT NOT NULL,\n"
    "  cents INTEGER NOT NULL\n"
    ") STRICT;\n"
    "CREATE INDEX charge_run_lines ON charge (run_id);\n"
    /* the event grade of a batch, for the levy (ABF-110); exempt: GNOT and
     * GNP events, no late-file penalty (ABF-113) */
    "CREATE TABLE batch_grade (\n"
    "  batch_id INTEGER PRIMARY KEY REFERENCES batch(id),\n"
    "  grade TEXT NOT NULL,\n"
    "  exempt INTEGER NOT NULL DEFAULT 0 CHECK (exempt IN (0, 1))\n"
    ") STRICT;\n"
    /* the date a club first affiliated with its State (ABF-112) */
    "CREATE TABLE club_affiliation (\n"
    "  club_id INTEGER PRIMARY KEY REFERENCES club(id),\n"
    "  affiliated TEXT NOT NULL\n"
    ") STRICT;\n";
