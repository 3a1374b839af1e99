/* SQLite schema migration 025 (issue 46): the holdings rebuilt for the
 * period close's post, which adds every posted line to them in one upsert
 * (docs/performance.md, "close46i"):
 *
 * - a holding's bound, |points| <= 10,000,000,000.00 (rulings L-26-2,
 *   migration 011), is a CHECK constraint instead of two per-row triggers
 *   (SQLite cannot add a CHECK to a table, so 011 used triggers).  A
 *   trigger is a program run once a row; a CHECK is evaluated inside the
 *   insert or update itself, as the journal's since migration 015.  The
 *   same rows are refused (a value outside the bound either way; the
 *   trigger's abs() of the least integer overflowed, which refused it
 *   too); the message names the constraint, holding_points_bound, as the
 *   journal's names journal_points_bound;
 * - the table is WITHOUT ROWID, stored in its key (player_id, point_type):
 *   one B-tree, not a rowid table and the index of its primary key, for a
 *   row of three small columns.  No statement reads a holding's rowid, and
 *   every read of a player's holdings was already in key order (by that
 *   index).
 *
 * SQLite rebuilds the table as migration 015 rebuilt the journal: a new
 * table, every row copied as it is (a holding beyond the bound, possible
 * only before migration 011, is copied unchecked; `verify` recomputes
 * every holding from the journal), the old one dropped with its two
 * triggers, the new one renamed.  Nothing references holding.  PostgreSQL
 * keeps its table (it has no rowid), drops the triggers' functions (and so
 * the triggers; IF EXISTS: a schema set back by a test runs it again) and
 * adds the constraint in place, NOT VALID (the rows already there are
 * kept): its statements are the pg: comments (pg_translate.c). */
#include "ledger/migrations/sqlite_migrations.h"

#define SUM_MAX_HUNDREDTHS "1000000000000"

const char ledger_sqlite_migration_025[] =
    "/*sqlite*/CREATE TABLE holding_bounded (\n"
    "  player_id INTEGER NOT NULL REFERENCES player(id),\n"
    "  point_type TEXT NOT NULL,\n"
    "  points INTEGER NOT NULL CONSTRAINT holding_points_bound\n"
    "    CHECK (points BETWEEN -" SUM_MAX_HUNDREDTHS " AND " SUM_MAX_HUNDREDTHS "),\n"
    "  PRIMARY KEY (player_id, point_type)\n"
    ") STRICT, WITHOUT ROWID;\n"
    "/*sqlite*/PRAGMA ignore_check_constraints = ON;\n"
    "/*sqlite*/INSERT INTO holding_bounded (player_id, point_type, points)\n"
    "  SELECT player_id, point_type, points FROM holding ORDER BY player_id, point_type;\n"
    "/*sqlite*/PRAGMA ignore_check_constraints = OFF;\n"
    "/*sqlite*/DROP TABLE holding;\n"
    "/*sqlite*/ALTER TABLE holding_bounded RENAME TO holding;\n"
    "/*pg: DROP FUNCTION IF EXISTS bmp_raise_holding_points_bound_insert() CASCADE;*/\n"
    "/*pg: DROP FUNCTION IF EXISTS bmp_raise_holding_points_bound_update() CASCADE;*/\n"
    "/*pg: ALTER TABLE holding ADD CONSTRAINT holding_points_bound\n"
    "  CHECK (points BETWEEN -" SUM_MAX_HUNDREDTHS " AND " SUM_MAX_HUNDREDTHS ") NOT VALID;*/\n";
