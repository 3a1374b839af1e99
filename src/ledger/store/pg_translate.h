/* SQLite SQL to PostgreSQL SQL (pg_translate.c), for the PostgreSQL store. */
#ifndef BMP_LEDGER_PG_TRANSLATE_H
#define BMP_LEDGER_PG_TRANSLATE_H

#include <stdbool.h>

/* A SQLite migration (the portable subset of store.h) as PostgreSQL DDL:
 * INTEGER -> BIGINT, INTEGER PRIMARY KEY -> an identity column, STRICT
 * dropped, each RAISE(ABORT) trigger -> a plpgsql function and a row
 * trigger.  malloc'ed; NULL on no memory or a trigger it cannot read. */
char *ledger_pg_translate(const char *sqlite_sql);

/* A statement: ?N -> $N, group_concat -> string_agg, substr(x, -n) ->
 * right(x, n), SQLite's "INDEXED BY name" and a leading INSERT's or
 * UPDATE's "OR FAIL" left out; *nparams the highest
 * N.  malloc'ed; NULL on no memory. */
char *ledger_pg_placeholders(const char *sql, int *nparams);

#endif
