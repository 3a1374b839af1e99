/* The SQLite backend's numbered schema migrations, in order.  A new
 * migration is a new file sqlite_NNN_name.c and one line in the list in
 * store/sqlite.c; an applied migration is never edited. */
#ifndef BMP_LEDGER_SQLITE_MIGRATIONS_H
#define BMP_LEDGER_SQLITE_MIGRATIONS_H

extern const char ledger_sqlite_migration_001[];
extern const char ledger_sqlite_migration_003_abf[];
extern const char ledger_sqlite_migration_004[];
extern const char ledger_sqlite_migration_006[];
extern const char ledger_sqlite_migration_007[];
extern const char ledger_sqlite_migration_008[];
extern const char ledger_sqlite_migration_010[];
extern const char ledger_sqlite_migration_011[];
extern const char ledger_sqlite_migration_012[];
extern const char ledger_sqlite_migration_013[];
extern const char ledger_sqlite_migration_014[];
extern const char ledger_sqlite_migration_015[];
extern const char ledger_sqlite_migration_016[];
extern const char ledger_sqlite_migration_018[];
extern const char ledger_sqlite_migration_019[]; /* invoice settings (issue 28) */
extern const char ledger_sqlite_migration_020[]; /* accounts, sessions (issue 29) */
extern const char ledger_sqlite_migration_023[]; /* a player's region (issue 28) */
extern const char ledger_sqlite_migration_021[]; /* a player's card, one index (issue 30) */
extern const char ledger_sqlite_migration_024[]; /* sessions bound to their login (issue 45) */
extern const char ledger_sqlite_migration_025[]; /* a holding's bound a CHECK (issue 46) */

/* Every migration in order (list.c): SQLite applies them as they are, the
 * PostgreSQL store translated (pg_translate.c).  A new migration is one
 * file and one line there. */
extern const char *const ledger_migrations[];
extern const int ledger_nmigrations;

#endif
