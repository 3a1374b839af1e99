/* Which backend a ledger target names (store.h). */
#include <string.h>

#include "ledger/store/store.h"

const bmp_store_ops *bmp_store_for(const char *target)
{
    if (target && (!strncmp(target, "postgresql://", 13) || !strncmp(target, "postgres://", 11)))
        return &bmp_store_postgres;
    return &bmp_store_sqlite;
}
