/* SQLite schema migration 018 (issue 28): moving a body in.
 *
 * opening: a batch of opening balances carried from an old system (its
 * kind; the batch's source stays 'adjustment' because migration 001's
 * CHECK on batch.source cannot be widened in SQLite without rebuilding the
 * journal's parent table), with its reason and the opening it replaces.
 * opening_player: each player's carried rank and the date it was reached
 * (the floor of every later close, src/ledger/opening_floor.c).
 * player_merge / player_unmerge: a duplicate's holdings moved to the
 * player kept by a transfer batch, the duplicate a redirect while the
 * merge stands (the view player_resolved: what lookups and imports read).
 * All append-only.  player.birth_year: the register's optional birth_year
 * column, evidence for likely duplicates. */
#include "ledger/migrations/sqlite_migrations.h"

#define NO_CHANGE(t, what)                                                              \
    "CREATE TRIGGER " t "_no_update BEFORE UPDATE ON " t "\n"                           \
    "BEGIN SELECT RAISE(ABORT, '" what " are history'); END;\n"                         \
    "CREATE TRIGGER " t "_no_delete BEFORE DELETE ON " t "\n"                           \
    "BEGIN SELECT RAISE(ABORT, '" what " are history'); END;\n"

const char ledger_sqlite_migration_018[] =
    /* the birth year where the register gives one (evidence for duplicates) */
    "ALTER TABLE player ADD COLUMN birth_year INTEGER;\n"
    "CREATE TABLE opening (\n"
    "  batch_id INTEGER PRIMARY KEY REFERENCES batch(id),\n"
    "  reason TEXT NOT NULL CHECK (reason <> ''),\n"
    "  replaces INTEGER REFERENCES batch(id),\n"
    "  reversal INTEGER REFERENCES batch(id)\n"
    ") STRICT;\n"
    "CREATE UNIQUE INDEX opening_replaces ON opening (replaces) WHERE replaces IS NOT NULL;\n"
    "CREATE TABLE opening_player (\n"
    "  id INTEGER PRIMARY KEY,\n"
    "  batch_id INTEGER NOT NULL REFERENCES opening(batch_id),\n"
    "  player_id INTEGER NOT NULL REFERENCES player(id),\n"
    "  rank INTEGER NOT NULL,\n"
    "  stars INTEGER NOT NULL,\n"
    "  rank_name TEXT NOT NULL,\n"
    "  rank_date TEXT NOT NULL,\n"
    "  line INTEGER NOT NULL\n"
    ") STRICT;\n"
    "CREATE INDEX opening_player_of ON opening_player (player_id);\n"
    "CREATE INDEX opening_player_batch ON opening_player (batch_id);\n"
    "CREATE TABLE player_merge (\n"
    "  id INTEGER PRIMARY KEY,\n"
    "  body_id INTEGER NOT NULL REFERENCES body(id),\n"
    "  dup_id INTEGER NOT NULL REFERENCES player(id),\n"
    "  keep_id INTEGER NOT NULL REFERENCES player(id),\n"
    "  batch_id INTEGER NOT NULL REFERENCES batch(id),\n"
    "  keep_rank INTEGER NOT NULL,\n"
    "  keep_stars INTEGER NOT NULL,\n"
    "  keep_rank_name TEXT NOT NULL,\n"
    "  reason TEXT NOT NULL CHECK (reason <> ''),\n"
    "  who TEXT NOT NULL,\n"
    "  at TEXT NOT NULL\n"
    ") STRICT;\n"
    "CREATE INDEX player_merge_dup ON player_merge (dup_id);\n"
    "CREATE TABLE player_unmerge (\n"
    "  merge_id INTEGER PRIMARY KEY REFERENCES player_merge(id),\n"
    "  batch_id INTEGER NOT NULL REFERENCES batch(id),\n"
    "  reason TEXT NOT NULL CHECK (reason <> ''),\n"
    "  who TEXT NOT NULL,\n"
    "  at TEXT NOT NULL\n"
    ") STRICT;\n"
    /* a number as lookups and imports see it: a merged duplicate is the
     * player kept (player_merge without player_unmerge) */
    "CREATE VIEW player_resolved AS SELECT p.body_id, p.number, coalesce(k.id, p.id) AS id, "
    "coalesce(k.status, p.status) AS status, coalesce(k.overseas, p.overseas) AS overseas "
    "FROM player p LEFT JOIN player_merge m ON m.dup_id = p.id AND NOT EXISTS (SELECT 1 FROM "
    "player_unmerge u WHERE u.merge_id = m.id) LEFT JOIN player k ON k.id = m.keep_id;\n"
    NO_CHANGE("opening", "openings")
    NO_CHANGE("opening_player", "opening ranks")
    NO_CHANGE("player_merge", "merges")
    NO_CHANGE("player_unmerge", "unmerges");
