/* The registry of the ledger's tables for the audit chain (chain.h): every
 * table of the schema is here with its key, or exempt with a reason
 * (ctest chain_tables fails on a table that is neither: a new table must
 * say how its rows are chained).  A group (`order` set) is digested as one
 * unit: bulk rows written together and never one by one. */
#include <string.h>

#include "ledger/chain.h"

const ledger_chain_table ledger_chain_tables[] = {
    {"body", "id", NULL},
    {"club", "id", NULL},
    {"player", "id", NULL},
    {"alternate", "player_id", "club_id"}, /* replaced per player */
    {"batch", "id", NULL},
    {"batch_total", "batch_id", "point_type"},
    {"journal", "batch_id", "id"}, /* all lines of a batch: one digest */
    {"held", "batch_id", "id"},
    {"held_release", "held_id", NULL},
    {"holding", "player_id, point_type", NULL},
    {"period", "body_id, period", NULL},
    {"promotion", "body_id, period", "player_id"},
    {"conversion", "id", NULL},
    {"charge_run", "id", NULL},
    {"charge", "run_id", "id"},
    {"batch_grade", "batch_id", NULL},
    {"club_affiliation", "club_id", NULL},
    {"token", "id", NULL},
    {"batch_event", "batch_id", NULL},
    {"invoice", "id", NULL},
    {"nz_grading", "year", "player_id"},
    {"payment", "id", NULL},
    {"overdue_quarter", "invoice_id, quarter", NULL},
    {"levy_gate", "batch_id", NULL},
    {"certificate", "id", NULL},
    {"close_rank", "body_id, period", "player_id"},
    {"reopen", "id", NULL},
    {"reopen_batch", "reopen_id", "batch_id"},
    {"reopen_promotion", "reopen_id", "id"},
    {"certificate_revoked", "certificate_id", NULL},
    {"reopen_pending", "id", NULL},
    {"batch_hold", "batch_id", NULL},
    {"batch_difference", "batch_id", "seq"},
    {"batch_hold_accept", "batch_id", NULL},
};
const size_t ledger_chain_ntables = sizeof ledger_chain_tables / sizeof ledger_chain_tables[0];

const ledger_chain_exempt ledger_chain_exempts[] = {
    {"audit", "the chain itself: each entry hashes the one before (verify recomputes it)"},
    {"audit_row", "the row images: each entry's rows_hash covers its own"},
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
