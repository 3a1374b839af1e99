/* Typed JSON of a ledger table (api_sub.h): what issue 30 asks of the API
 * for the new endpoints from the start -- counts and ids as numbers, points
 * as exact decimal strings with their hundredths. */
#include <stdlib.h>
#include <string.h>

#include "server/api_out.h"
#include "server/api_sub.h"

/* A table's rows typed by the one mechanism the public API uses
 * (srv_jw_cells, api_out.h), written as JSON text and read back as a
 * jansson tree for the endpoints that build one (back-office answers: a
 * few rows, never on the read path the cache serves). */
static json_t *typed(const bmp_table *t, size_t from, size_t to, bool array)
{
    core_buf b = {0};
    jw w;
    jw_init(&w, &b);
    if (array)
        jw_arr(&w);
    for (size_t r = from; r < to; r++) {
        jw_obj(&w);
        srv_jw_cells(&w, t, r);
        jw_end_obj(&w);
    }
    if (array)
        jw_end_arr(&w);
    json_t *j = jw_ok(&w) ? json_loadb(b.data, b.len, 0, NULL) : NULL;
    core_buf_free(&b);
    return j;
}

json_t *srv_typed_row(const bmp_table *t, size_t r)
{
    return typed(t, r, r + 1, false);
}

json_t *srv_typed_rows(const bmp_table *t)
{
    return t ? typed(t, 0, t->nrows, true) : json_array();
}
