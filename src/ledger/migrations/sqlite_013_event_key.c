/* SQLite schema migration 013: each batch's event key (issue 26 item 1,
 * src/ledger/event_key.c): who ran which event when, the same from JSON,
 * USEBIO and credit files.  A file whose key is held by a live batch with
 * other content is refused with the per-player difference unless it says
 * what it replaces.  '' for batches without one (adjustments, reversals,
 * batches imported before this migration). */
#include "ledger/migrations/sqlite_migrations.h"

const char ledger_sqlite_migration_013[] =
    "ALTER TABLE batch ADD COLUMN event_key TEXT NOT NULL DEFAULT '';\n"
    "CREATE INDEX batch_event_key ON batch (body_id, event_key);\n";
