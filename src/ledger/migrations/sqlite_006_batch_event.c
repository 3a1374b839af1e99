/* SQLite schema migration 006: the event of each batch computed on import,
 * as JSON (issue 14, ruling W-21).  The event page of `bridgemp serve`
 * recomputes the awards from it with derivations on demand; the journal
 * keeps only each line's rule.  Append-only, like the journal. */
#include "ledger/migrations/sqlite_migrations.h"

const char ledger_sqlite_migration_006[] =
    "CREATE TABLE batch_event (\n"
    "  batch_id INTEGER PRIMARY KEY REFERENCES batch(id),\n"
    "  event_json TEXT NOT NULL\n"
    ") STRICT;\n"
    "CREATE TRIGGER batch_event_no_update BEFORE UPDATE ON batch_event\n"
    "BEGIN SELECT RAISE(ABORT, 'batch events are history'); END;\n"
    "CREATE TRIGGER batch_event_no_delete BEFORE DELETE ON batch_event\n"
    "BEGIN SELECT RAISE(ABORT, 'batch events are history'); END;\n";
