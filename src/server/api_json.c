/* Typed JSON of a ledger table (api_sub.h): what issue 30 asks of the API
 * for the new endpoints from the start -- counts and ids as numbers, points
 * as exact decimal strings with their hundredths. */
#include <stdlib.h>
#include <string.h>

#include "server/api_sub.h"

/* Columns that are counts or ids. */
static bool is_count(const char *col)
{
    static const char *const names[] = {
        "id",        "batch",    "batches",      "lines",      "held",     "line",
        "members",   "players",  "promotions",   "reverses",   "replaces", "duplicate_of",
        "same_event", "count",   "replaced_by",  "held_lines", "certificates", NULL};
    for (size_t i = 0; names[i]; i++)
        if (strcmp(col, names[i]) == 0)
            return true;
    return false;
}

/* Columns that hold points: "points", "*_points", "carried", "computed". */
static bool is_points(const char *col)
{
    size_t n = strlen(col);
    return strcmp(col, "carried") == 0 || strcmp(col, "computed") == 0 ||
           (n >= 6 && strcmp(col + n - 6, "points") == 0);
}

json_t *srv_hundredths(const char *points)
{
    bmp_points v = 0;
    return points && *points && bmp_points_parse(points, &v) ? json_integer(v) : json_null();
}

static json_t *count_of(const char *s)
{
    char *end = NULL;
    long long v = s && *s ? strtoll(s, &end, 10) : 0;
    return s && *s && !*end ? json_integer(v) : s && *s ? srv_jstr(s) : json_null();
}

json_t *srv_typed_row(const bmp_table *t, size_t r)
{
    json_t *o = json_object();
    for (size_t c = 0; o && c < t->ncols; c++) {
        const char *col = t->columns[c], *v = bmp_table_get(t, r, c);
        if (is_count(col)) {
            json_object_set_new(o, col, count_of(v));
        } else if (is_points(col)) {
            json_object_set_new(o, col, srv_jstr(v));
            char key[64];
            if (strcmp(col, "points") == 0)
                snprintf(key, sizeof key, "hundredths");
            else
                snprintf(key, sizeof key, "%s_hundredths", col);
            json_object_set_new(o, key, srv_hundredths(v));
        } else if (!*v && (strcmp(col, "hold") == 0 || strcmp(col, "reason") == 0)) {
            json_object_set_new(o, col, json_null()); /* none */
        } else {
            json_object_set_new(o, col, srv_jstr(v));
        }
    }
    return o;
}

json_t *srv_typed_rows(const bmp_table *t)
{
    json_t *rows = json_array();
    for (size_t r = 0; rows && t && r < t->nrows; r++)
        json_array_append_new(rows, srv_typed_row(t, r));
    return rows;
}
