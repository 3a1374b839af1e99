/* The ledger's schema migrations, in order (sqlite_migrations.h). */
#include "ledger/migrations/sqlite_migrations.h"

const char *const ledger_migrations[] = {
    ledger_sqlite_migration_001,
    ledger_sqlite_migration_003_abf, /* ABF charges, conversions (issue 13) */
    ledger_sqlite_migration_004,     /* API tokens (issue 14) */
    ledger_sqlite_migration_006,     /* events kept for derivations (issue 14) */
    ledger_sqlite_migration_007,     /* invoices of charge runs (issue 13) */
    ledger_sqlite_migration_008,     /* NZ annual rating points and gradings (issue 13) */
    ledger_sqlite_migration_010,     /* payments, penalties, levy gates, certificates (issue 13) */
    ledger_sqlite_migration_011,     /* carried points held, magnitudes bounded (issue 26) */
    ledger_sqlite_migration_012,     /* close ranks kept, reopen (issue 26) */
    ledger_sqlite_migration_013,     /* batch.event_key: one event, one batch (issue 26) */
    ledger_sqlite_migration_014,     /* players by name, for held lines' near matches (issue 26) */
    ledger_sqlite_migration_015,     /* the journal's points bounded by a CHECK (issue 26) */
    ledger_sqlite_migration_016,     /* row images in the audit chain, period heads (issue 27) */
    ledger_sqlite_migration_018,     /* opening balances, player merges (issue 28) */
    ledger_sqlite_migration_019,     /* invoice settings and terms (issue 28) */
    ledger_sqlite_migration_020,     /* accounts, roles, sessions, login attempts (issue 29) */
    ledger_sqlite_migration_023,     /* a player's state, county, region or unit (issue 28) */
    ledger_sqlite_migration_021,     /* a player's card in one index (issue 30; after 023, which
                                        was applied first) */
    ledger_sqlite_migration_024,     /* sessions bound to their login entry (issue 45) */
    ledger_sqlite_migration_025,     /* a holding's bound a CHECK, not two triggers (issue 46) */
};
const int ledger_nmigrations =
    (int)(sizeof ledger_migrations / sizeof ledger_migrations[0]);
