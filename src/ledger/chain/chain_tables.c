/* The registry of the ledger's tables for the audit chain (chain.h): every
 * table of the schema is here with its key, or exempt with a reason
 * (ctest chain_tables fails on a table that is neither: a new table must
 * say how its rows are chained).  A group (`order` set) is digested as one
 * unit: bulk rows written together and never one by one. */
#include <string.h>

#include "ledger/chain/chain.h"

const ledger_chain_table ledger_chain_tables[] = {
    {"body", "id", NULL, true},
    {"club", "id", NULL, true},
    {"player", "id", NULL, true},
    {"alternate", "player_id", "club_id", false}, /* replaced per player */
    {"batch", "id", NULL, true},
    {"batch_total", "batch_id", "point_type", false},
    {"journal", "batch_id", "id", false}, /* all lines of a batch: one digest */
    {"held", "batch_id", "id", false},
    {"held_release", "held_id", NULL, false},
    {"period", "body_id, period", NULL, true},
    {"promotion", "body_id, period", "player_id", false},
    {"conversion", "id", NULL, false},
    {"charge_run", "id", NULL, false},
    {"charge", "run_id", "id", false},
    {"batch_grade", "batch_id", NULL, false},
    {"club_affiliation", "club_id", NULL, false},
    {"token", "id", NULL, true},
    {"batch_event", "batch_id", NULL, false},
    {"invoice", "id", NULL, false},
    {"nz_grading", "year", "player_id", false},
    {"payment", "id", NULL, false},
    {"overdue_quarter", "invoice_id, quarter", NULL, false},
    {"levy_gate", "batch_id", NULL, false},
    {"certificate", "id", NULL, false},
    {"close_rank", "body_id, period", "player_id", false},
    {"reopen", "id", NULL, false},
    {"reopen_batch", "reopen_id", "batch_id", false},
    {"reopen_promotion", "reopen_id", "id", false},
    {"certificate_revoked", "certificate_id", NULL, false},
    {"reopen_pending", "id", NULL, false},
    {"batch_hold", "batch_id", NULL, false},
    {"batch_difference", "batch_id", "seq", false},
    {"batch_hold_accept", "batch_id", NULL, false},
    {"opening", "batch_id", NULL, false},                 /* issue 28: opening balances */
    {"opening_player", "batch_id", "id", false},          /* ... each player's carried rank */
    {"player_merge", "id", NULL, false},                  /* issue 28: merges */
    {"player_unmerge", "merge_id", NULL, false},
    {"invoice_setting", "body_id", NULL, true},           /* issue 28: a body's invoice terms */
    {"account", "id", NULL, true},                        /* issue 29: staff and club accounts */
    {"account_role", "account_id", "role, body, club", false}, /* ... their roles, as a set */
    {"player_region", "player_id", NULL, true},           /* issue 28: a player's region */
};
const size_t ledger_chain_ntables = sizeof ledger_chain_tables / sizeof ledger_chain_tables[0];

const ledger_chain_exempt ledger_chain_exempts[] = {
    {"audit", "the chain itself: each entry hashes the one before (verify recomputes it)"},
    {"audit_row", "the row images: each entry's rows_hash covers its own"},
    {"holding", "derived: verify recomputes every holding from the posted journal, both ways "
                "(a holding without its lines, lines without their holding); imaging them made "
                "an opening of 100,000 players 40 % slower (docs/performance.md)"},
    {"session", "the server's sessions (issue 29): working state rewritten as requests come "
                "(last seen) and ended by expiry, not ledger history; each login, logout and "
                "end by `user disable` is an audit entry by the account's name, and a session "
                "grants nothing the account row (chained) does not; a row is a session only "
                "when its login entry names it and its seal, keyed with a file the database "
                "does not hold, matches (issue 45: verify names any other)"},
    {"login_attempt", "failed logins counted per account and address to slow guessing (issue "
                      "29): a counter that decays with its window, not history; chaining it "
                      "would let anyone without a password append to the chain"},
    {"bmp_schema", "PostgreSQL's schema version (SQLite's is PRAGMA user_version): written by "
                   "migrations only, checked on every open"},
};
const size_t ledger_chain_nexempt = sizeof ledger_chain_exempts / sizeof ledger_chain_exempts[0];

const ledger_chain_table *ledger_chain_table_of(const char *name)
{
    for (size_t i = 0; i < ledger_chain_ntables; i++)
        if (strcmp(ledger_chain_tables[i].name, name) == 0)
            return &ledger_chain_tables[i];
    return NULL;
}
