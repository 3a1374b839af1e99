/* SQLite schema migration 020: staff and club accounts for the pages of
 * `bridgemp serve` (issue 29 item 1, src/ledger/accounts.c, docs/serve.md
 * "Accounts and sessions").
 *
 * account: a person who logs in; the password only as its Argon2id string
 * (libsodium crypto_pwhash_str); disabled by date, never deleted (the
 * audit entries name it).  account_role: secretary of a body (club '') or
 * scorer of a club of a body; several per account.
 *
 * session: the server's sessions, by the BLAKE2b-256 hash of their random
 * id (the id itself is only in the browser's cookie); times in Unix
 * seconds (created, last seen, ended).  login_attempt: failed logins
 * counted per account ("account:<name>") and per address ("addr:<ip>")
 * within a window, and the time until which further tries are refused.
 * Both are the server's working state, not ledger history: exempt from
 * the audit chain (chain_tables.c says why); every login and logout is an
 * audit entry by the account's name. */
#include "ledger/migrations/sqlite_migrations.h"

const char ledger_sqlite_migration_020[] =
    "CREATE TABLE account (\n"
    "  id INTEGER PRIMARY KEY,\n"
    "  name TEXT NOT NULL UNIQUE,\n"
    "  pw_hash TEXT NOT NULL,\n"
    "  who TEXT NOT NULL,\n"
    "  created_at TEXT NOT NULL,\n"
    "  disabled_at TEXT\n"
    ") STRICT;\n"
    "CREATE TABLE account_role (\n"
    "  account_id INTEGER NOT NULL REFERENCES account(id),\n"
    "  role TEXT NOT NULL CHECK (role IN ('secretary', 'scorer')),\n"
    "  body TEXT NOT NULL,\n"
    "  club TEXT NOT NULL DEFAULT '',\n"
    "  PRIMARY KEY (account_id, role, body, club)\n"
    ") STRICT;\n"
    "CREATE TABLE session (\n"
    "  id_hash TEXT NOT NULL PRIMARY KEY,\n"
    "  account_id INTEGER NOT NULL REFERENCES account(id),\n"
    "  created INTEGER NOT NULL,\n"
    "  seen INTEGER NOT NULL,\n"
    "  ended INTEGER\n"
    ") STRICT;\n"
    "CREATE INDEX session_account ON session (account_id);\n"
    "CREATE TABLE login_attempt (\n"
    "  subject TEXT NOT NULL PRIMARY KEY,\n"
    "  failures INTEGER NOT NULL,\n"
    "  first_at INTEGER NOT NULL,\n"
    "  locked_until INTEGER NOT NULL DEFAULT 0\n"
    ") STRICT;\n";
