/* Which backend a ledger target names (store.h). */
#include <string.h>

#include "ledger/store/store.h"

const ledger_store_ops *ledger_store_for(const char *target)
{
    if (target && (!strncmp(target, "postgresql://", 13) || !strncmp(target, "postgres://", 11)))
        return &ledger_store_postgres;
    return &ledger_store_sqlite;
}
