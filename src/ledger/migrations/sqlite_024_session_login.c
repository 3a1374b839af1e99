/* SQLite schema migration 024 (issue 45): a session is bound to its login.
 *
 * session.login_seq: the audit entry of the login that started it (its
 * detail names the session's hash); session.mac: a BLAKE2b keyed with the
 * server's session key (a file the database does not hold,
 * access/sessions.c) over the session's hash, account, creation time and
 * login entry.  A row written behind the program's back has neither, so it
 * is no login (docs/serve.md "Accounts and sessions").  Sessions started
 * before this migration have neither either: they end here, and their
 * users log in again. */
#include "ledger/migrations/sqlite_migrations.h"

const char ledger_sqlite_migration_024[] =
    "DELETE FROM session;\n"
    "ALTER TABLE session ADD COLUMN login_seq INTEGER;\n"
    "ALTER TABLE session ADD COLUMN mac TEXT NOT NULL DEFAULT '';\n";
