/* SQLite schema migration 019: a body's invoice settings and the terms an
 * invoice was issued under (issue 28 item 5, src/ledger/invoice_settings.c).
 *
 * invoice_setting: one row per body, made by the first change
 * (`ledger invoice-settings --set`), every change audited.  next_number 0
 * means no series: invoices keep their BODY-RUN-CLUB numbers.  tax_rate is
 * in basis points (GST 10% = 1000); tax_included says whether the charges
 * already include the tax (the ABF's fees "including GST", 8.3) or the tax
 * is added to them (NZ-93 "+GST").
 *
 * invoice: the terms copied at issue (never changed afterwards, as the
 * rest of the row): due date, net, tax (name, rate) and the issuer's
 * address and tax id; total stays what the club owes (the gross).
 * with_terms 0 (every invoice issued before a setting was made) prints as
 * before: net is the total, no tax, no due date. */
#include "ledger/migrations/sqlite_migrations.h"

const char ledger_sqlite_migration_019[] =
    "CREATE TABLE invoice_setting (\n"
    "  body_id INTEGER NOT NULL REFERENCES body(id),\n"
    "  prefix TEXT NOT NULL DEFAULT '',\n"
    "  next_number INTEGER NOT NULL DEFAULT 0 CHECK (next_number >= 0),\n"
    "  digits INTEGER NOT NULL DEFAULT 0 CHECK (digits BETWEEN 0 AND 12),\n"
    "  due_days INTEGER NOT NULL DEFAULT 0 CHECK (due_days BETWEEN 0 AND 366),\n"
    "  tax_name TEXT NOT NULL DEFAULT '',\n"
    "  tax_rate INTEGER NOT NULL DEFAULT 0 CHECK (tax_rate BETWEEN 0 AND 10000),\n"
    "  tax_included INTEGER NOT NULL DEFAULT 0 CHECK (tax_included IN (0, 1)),\n"
    "  address TEXT NOT NULL DEFAULT '',\n"
    "  tax_id TEXT NOT NULL DEFAULT '',\n"
    "  PRIMARY KEY (body_id)\n"
    ") STRICT;\n"
    "ALTER TABLE invoice ADD COLUMN with_terms INTEGER NOT NULL DEFAULT 0;\n"
    "ALTER TABLE invoice ADD COLUMN due TEXT NOT NULL DEFAULT '';\n"
    "ALTER TABLE invoice ADD COLUMN net INTEGER NOT NULL DEFAULT 0;\n"
    "ALTER TABLE invoice ADD COLUMN tax INTEGER NOT NULL DEFAULT 0;\n"
    "ALTER TABLE invoice ADD COLUMN tax_name TEXT NOT NULL DEFAULT '';\n"
    "ALTER TABLE invoice ADD COLUMN tax_rate INTEGER NOT NULL DEFAULT 0;\n"
    "ALTER TABLE invoice ADD COLUMN tax_included INTEGER NOT NULL DEFAULT 0;\n"
    "ALTER TABLE invoice ADD COLUMN issuer_address TEXT NOT NULL DEFAULT '';\n"
    "ALTER TABLE invoice ADD COLUMN issuer_tax_id TEXT NOT NULL DEFAULT '';\n";
