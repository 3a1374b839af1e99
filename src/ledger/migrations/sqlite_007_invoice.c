/* SQLite schema migration 007: invoices of charge runs (issue 13,
 * include/bridgemp/ledger_invoice.h).  One invoice per run and club; a
 * credit note is an invoice row that names the one it reverses (once).
 * Rows are never changed or deleted. */
#include "ledger/migrations/sqlite_migrations.h"

const char ledger_sqlite_migration_007[] =
    "CREATE TABLE invoice (\n"
    "  id INTEGER PRIMARY KEY,\n"
    "  body_id INTEGER NOT NULL REFERENCES body(id),\n"
    "  number TEXT NOT NULL,\n"
    "  run_id INTEGER NOT NULL REFERENCES charge_run(id),\n"
    "  club_id INTEGER NOT NULL REFERENCES club(id),\n"
    "  issued TEXT NOT NULL,\n"
    "  who TEXT NOT NULL,\n"
    "  lines INTEGER NOT NULL,\n"
    "  total INTEGER NOT NULL,\n"
    "  credits INTEGER REFERENCES invoice(id),\n"
    "  reason TEXT NOT NULL DEFAULT '',\n"
    "  UNIQUE (body_id, number)\n"
    ") STRICT;\n"
    "CREATE UNIQUE INDEX invoice_once ON invoice (run_id, club_id) WHERE credits IS NULL;\n"
    "CREATE UNIQUE INDEX invoice_credited_once ON invoice (credits) WHERE credits IS NOT NULL;\n"
    "CREATE TRIGGER invoice_no_update BEFORE UPDATE ON invoice\n"
    "BEGIN SELECT RAISE(ABORT, 'invoices are never changed: credit them'); END;\n"
    "CREATE TRIGGER invoice_no_delete BEFORE DELETE ON invoice\n"
    "BEGIN SELECT RAISE(ABORT, 'invoices are never deleted: credit them'); END;\n";
