/* SQLite schema migration 015 (issue 26 item 2, rulings L-26-2): the
 * journal refuses a line no event can produce, |points| > 1,000,000.00
 * (LEDGER_LINE_MAX, src/ledger/carried.h), as a CHECK constraint.
 *
 * Migration 011 bounded the held lines, batch totals and holdings with
 * triggers but left the journal to the import's own check and `verify`:
 * a per-row trigger halved the import rate.  A CHECK is evaluated inside
 * the insert itself (no trigger program per row): bench/ledger's import,
 * measured before and after in one session, is in docs/performance.md
 * ("The journal's CHECK").
 *
 * SQLite cannot add a CHECK to a table, so the journal is rebuilt: a new
 * table with the CHECK, every row copied as it is (ids kept), the old one
 * dropped, the new one renamed, and its indexes and append-only triggers
 * made again as migration 001 made them.  A line beyond the bound written
 * before this migration (the overflow of issue 26 finding 2) is history:
 * it is copied unchecked (ignore_check_constraints, for the copy only; a
 * failed migration closes the connection) and `verify` keeps reporting it.
 *
 * PostgreSQL adds the constraint in place, NOT VALID (the same meaning:
 * new rows are checked, the rows already there are kept and `verify`
 * reports them): the statements marked sqlite-only are left out of its
 * translation and the pg: comment is its statement (pg_translate.c). */
#include "ledger/migrations/sqlite_migrations.h"

#define BOUND "100000000"

const char ledger_sqlite_migration_015[] =
    "/*sqlite*/CREATE TABLE journal_bounded (\n"
    "  id INTEGER PRIMARY KEY,\n"
    "  batch_id INTEGER NOT NULL REFERENCES batch(id),\n"
    "  player_id INTEGER NOT NULL REFERENCES player(id),\n"
    "  point_type TEXT NOT NULL,\n"
    "  points INTEGER NOT NULL CONSTRAINT journal_points_bound\n"
    "    CHECK (points BETWEEN -" BOUND " AND " BOUND "),\n"
    "  rule TEXT NOT NULL,\n"
    "  event TEXT NOT NULL,\n"
    "  contestant TEXT NOT NULL\n"
    ") STRICT;\n"
    "/*sqlite*/PRAGMA ignore_check_constraints = ON;\n"
    "/*sqlite*/INSERT INTO journal_bounded (id, batch_id, player_id, point_type, points, rule,\n"
    "  event, contestant) SELECT id, batch_id, player_id, point_type, points, rule, event,\n"
    "  contestant FROM journal ORDER BY id;\n"
    "/*sqlite*/PRAGMA ignore_check_constraints = OFF;\n"
    "/*sqlite*/DROP TABLE journal;\n"
    "/*sqlite*/ALTER TABLE journal_bounded RENAME TO journal;\n"
    "/*sqlite*/CREATE INDEX journal_batch ON journal (batch_id);\n"
    "/*sqlite*/CREATE INDEX journal_player ON journal (player_id);\n"
    "/*sqlite*/CREATE TRIGGER journal_no_update BEFORE UPDATE ON journal\n"
    "BEGIN SELECT RAISE(ABORT, 'journal rows are append-only'); END;\n"
    "/*sqlite*/CREATE TRIGGER journal_no_delete BEFORE DELETE ON journal\n"
    "BEGIN SELECT RAISE(ABORT, 'journal rows are append-only'); END;\n"
    "/*pg: ALTER TABLE journal ADD CONSTRAINT journal_points_bound\n"
    "  CHECK (points BETWEEN -" BOUND " AND " BOUND ") NOT VALID;*/\n";
