/* SQLite schema migration 011 (issue 26 item 2): points a file carries
 * are checked against the engine's own award.
 *
 * A batch whose carried points differ from the computed ones is held
 * (batch_hold: why) with its per-contestant differences (batch_difference:
 * carried, computed, the derivation), until the secretary accepts the
 * carried figures with a reason (batch_hold_accept) or rejects the batch.
 * All three are append-only.
 *
 * The database also refuses magnitudes no event can produce (rulings
 * L-26-2): a held line of more than 1,000,000.00 points either way, a
 * batch's control total beyond 10,000,000,000.00 and a holding beyond
 * 10,000,000,000.00.  SQLite cannot add a CHECK to an existing table, so
 * the existing tables get the check as a trigger (which the PostgreSQL
 * translation turns into a row trigger, pg_translate.c); the new tables
 * carry it as a CHECK.  The journal has no per-row trigger: it halved the
 * import rate (bench/ledger, 200,000 lines: 198k -> 100k lines/s; the same
 * reason as migration 001's); each of its lines is bounded by the import's
 * check, its batch's total by the trigger here, and `verify` reports a line
 * beyond the bound (ledger_verify_bounds). */
#include "ledger/migrations/sqlite_migrations.h"

#define LINE_MAX_HUNDREDTHS "100000000"
#define SUM_MAX_HUNDREDTHS "1000000000000"

const char ledger_sqlite_migration_011[] =
    "CREATE TABLE batch_hold (\n"
    "  batch_id INTEGER PRIMARY KEY REFERENCES batch(id),\n"
    "  reason TEXT NOT NULL CHECK (reason <> ''),\n"
    "  held_at TEXT NOT NULL\n"
    ") STRICT;\n"
    "CREATE TABLE batch_difference (\n"
    "  batch_id INTEGER NOT NULL REFERENCES batch_hold(batch_id),\n"
    "  seq INTEGER NOT NULL,\n"
    "  contestant TEXT NOT NULL,\n"
    "  players TEXT NOT NULL,\n"
    "  point_type TEXT NOT NULL,\n"
    "  carried INTEGER NOT NULL CHECK (carried BETWEEN 0 AND " LINE_MAX_HUNDREDTHS "),\n"
    "  computed INTEGER NOT NULL CHECK (computed BETWEEN 0 AND " LINE_MAX_HUNDREDTHS "),\n"
    "  derivation TEXT NOT NULL,\n"
    "  PRIMARY KEY (batch_id, seq)\n"
    ") STRICT;\n"
    "CREATE TABLE batch_hold_accept (\n"
    "  batch_id INTEGER PRIMARY KEY REFERENCES batch_hold(batch_id),\n"
    "  reason TEXT NOT NULL CHECK (reason <> ''),\n"
    "  who TEXT NOT NULL,\n"
    "  accepted_at TEXT NOT NULL\n"
    ") STRICT;\n"
    "CREATE TRIGGER batch_hold_no_update BEFORE UPDATE ON batch_hold\n"
    "BEGIN SELECT RAISE(ABORT, 'holds are history'); END;\n"
    "CREATE TRIGGER batch_hold_no_delete BEFORE DELETE ON batch_hold\n"
    "BEGIN SELECT RAISE(ABORT, 'holds are history'); END;\n"
    "CREATE TRIGGER batch_difference_no_update BEFORE UPDATE ON batch_difference\n"
    "BEGIN SELECT RAISE(ABORT, 'differences are history'); END;\n"
    "CREATE TRIGGER batch_difference_no_delete BEFORE DELETE ON batch_difference\n"
    "BEGIN SELECT RAISE(ABORT, 'differences are history'); END;\n"
    "CREATE TRIGGER batch_hold_accept_no_update BEFORE UPDATE ON batch_hold_accept\n"
    "BEGIN SELECT RAISE(ABORT, 'acceptances are history'); END;\n"
    "CREATE TRIGGER batch_hold_accept_no_delete BEFORE DELETE ON batch_hold_accept\n"
    "BEGIN SELECT RAISE(ABORT, 'acceptances are history'); END;\n"
    /* magnitudes no event can produce */
    "CREATE TRIGGER held_points_bound BEFORE INSERT ON held\n"
    "WHEN abs(NEW.points) > " LINE_MAX_HUNDREDTHS "\n"
    "BEGIN SELECT RAISE(ABORT, 'held points beyond what any event can give'); END;\n"
    "CREATE TRIGGER batch_total_points_bound BEFORE INSERT ON batch_total\n"
    "WHEN abs(NEW.points) > " SUM_MAX_HUNDREDTHS "\n"
    "BEGIN SELECT RAISE(ABORT, 'a batch total beyond what any batch can give'); END;\n"
    "CREATE TRIGGER holding_points_bound_insert BEFORE INSERT ON holding\n"
    "WHEN abs(NEW.points) > " SUM_MAX_HUNDREDTHS "\n"
    "BEGIN SELECT RAISE(ABORT, 'a holding beyond what any player can hold'); END;\n"
    "CREATE TRIGGER holding_points_bound_update BEFORE UPDATE ON holding\n"
    "WHEN abs(NEW.points) > " SUM_MAX_HUNDREDTHS "\n"
    "BEGIN SELECT RAISE(ABORT, 'a holding beyond what any player can hold'); END;\n";
