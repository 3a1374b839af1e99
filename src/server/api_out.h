/* The REST API's answers written with the streaming writer (json_w.h,
 * issue 30): typed rows of a ledger table and links built from encoded
 * path segments.  A table's cells are text; a column's JSON type is its
 * name's (docs/openapi.yaml), for every endpoint (the back office's
 * jansson answers take theirs from here too: srv_typed_rows, api_json.c):
 *   id, batch, batches, lines, line, held, held_lines, members, players,
 *   promotions, reverses, replaces, replaced_by, duplicate_of, same_event,
 *   count, certificates                 a number ("" is null)
 *   dummy                               true/false
 *   points, X_points, carried, computed the exact decimal string, and
 *                                       hundredths / X_hundredths /
 *                                       carried_hundredths, an integer
 *   totals ("green 1.52, red 0.30")     [{point_type, points, hundredths}]
 *   hold, reason                        a string, null when empty
 *   anything else                       a string */
#ifndef BMP_SERVER_API_OUT_H
#define BMP_SERVER_API_OUT_H

#include "bridgemp/rank.h"
#include "bridgemp/table.h"
#include "server/http_internal.h"
#include "server/json_w.h"

/* Start a JSON answer in rs->body (status, content type); srv_jw_end
 * finishes it ("\n"), or answers 500 if memory ran out. */
void srv_jw_begin(srv_resp *rs, int status, jw *w);
void srv_jw_end(srv_resp *rs, jw *w);

/* Row r's cells as members of the object being written. */
void srv_jw_cells(jw *w, const bmp_table *t, size_t r);
/* The rows as an array of objects; `link` (may be NULL) adds to each a
 * "links": {"self": ...} made by it from the row. */
typedef void (*srv_row_link)(jw *w, const bmp_table *t, size_t r, const void *ctx);
void srv_jw_rows(jw *w, const bmp_table *t, srv_row_link link, const void *ctx);
/* {items, page, per_page, total} of a listing. */
void srv_jw_page(jw *w, const bmp_table *t, size_t page, size_t per_page, size_t total,
                 srv_row_link link, const void *ctx);
/* "key": "PREFIX/a/b..." ("/api/v1", "/player") from the segments
 * (NULL-terminated), each percent-encoded: a '/' in a club number is %2F. */
void srv_jw_link(jw *w, const char *key, const char *prefix, const char *const *segs);

/* "holdings": [{point_type, points, hundredths}], every type of the body. */
void srv_jw_holdings(jw *w, size_t n, const char *const *types, const bmp_points *h);
/* "NAME_KEY": the rank's name, "rule": the rank table's rule ID, and
 * "next_rank": {rank, missing: [{requirement, points, hundredths}]} -- each
 * null at the top or for a body without rank rules (r->name ""). */
void srv_jw_rank(jw *w, const bmp_rank *r, const char *name_key);

/* The cell of row r in column `name`, "" when there is no such column. */
const char *srv_cell(const bmp_table *t, size_t r, const char *name);

#endif
