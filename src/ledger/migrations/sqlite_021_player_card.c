/* SQLite schema migration 021: a player's card in one index (issue 30
 * item 5, docs/performance.md "Issue 30: one leaf for the player's
 * card"): the columns the player summary reads (src/ledger/api_reads.c
 * summary_row) in the index of (body_id, number), so a look-up touches
 * one leaf of the index and not also the player row's leaf. */
#include "ledger/migrations/sqlite_migrations.h"

const char ledger_sqlite_migration_021[] =
    "CREATE INDEX player_card ON player (body_id, number, name, status, home_club, rank_name, "
    "pre1982_red);\n";
