/* Typed rows and links of the REST API's answers (api_out.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/api_out.h"
#include "server/web_buf.h"

void srv_jw_begin(srv_resp *rs, int status, jw *w)
{
    core_buf_reset(&rs->body);
    core_buf_reserve(&rs->body, 1000); /* a player's answer (~800 bytes) in one allocation */
    rs->status = status;
    rs->ctype = "application/json";
    jw_init(w, &rs->body);
}

void srv_jw_end(srv_resp *rs, jw *w)
{
    core_buf_putc(&rs->body, '\n');
    if (!jw_ok(w))
        srv_error(rs, 500, "out of memory");
}

const char *srv_cell(const bmp_table *t, size_t r, const char *name)
{
    for (size_t c = 0; c < t->ncols; c++)
        if (strcmp(t->columns[c], name) == 0)
            return bmp_table_get(t, r, c);
    return "";
}

/* Columns that are counts or ids (every endpoint's tables: the public
 * API's and the back office's, one list). */
static bool is_count(const char *col)
{
    static const char *const counts[] = {
        "id",         "batch",    "batches",      "lines",      "held",     "line",
        "members",    "players",  "promotions",   "reverses",   "replaces", "duplicate_of",
        "same_event", "count",    "replaced_by",  "held_lines", "certificates", NULL};
    for (size_t i = 0; counts[i]; i++)
        if (strcmp(col, counts[i]) == 0)
            return true;
    return false;
}

static bool ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), k = strlen(tail);
    return n >= k && strcmp(s + n - k, tail) == 0;
}

/* Columns that hold points: "points", "X_points", "carried", "computed". */
static bool is_points(const char *col)
{
    return strcmp(col, "points") == 0 || ends_with(col, "_points") ||
           strcmp(col, "carried") == 0 || strcmp(col, "computed") == 0;
}

/* A whole number; null when the cell is empty; the text when it is not a
 * number (nothing is lost). */
static void count_value(jw *w, const char *s)
{
    char *end = NULL;
    long long v = s && *s ? strtoll(s, &end, 10) : 0;
    if (s && *s && !*end)
        jw_int(w, v);
    else if (s && *s)
        jw_str(w, s);
    else
        jw_null(w);
}

/* "points": "1.52", "hundredths": 152; "X_points" beside "X_hundredths";
 * "carried" beside "carried_hundredths".  An empty cell is null; text that
 * is not points stays text, its hundredths null. */
static void points_members(jw *w, const char *col, const char *s)
{
    char key[64];
    if (strcmp(col, "points") == 0 || ends_with(col, "_points"))
        snprintf(key, sizeof key, "%.*shundredths", (int)(strlen(col) - strlen("points")), col);
    else
        snprintf(key, sizeof key, "%s_hundredths", col);
    bmp_points v = 0;
    bool ok = s && *s && bmp_points_parse(s, &v);
    jw_key(w, col);
    if (s && *s)
        jw_str(w, s);
    else
        jw_null(w);
    jw_key(w, key);
    if (ok)
        jw_int(w, v);
    else
        jw_null(w);
}

/* "green 91.50, red 1.50" -> [{point_type, points, hundredths}]; a part
 * that is not TYPE POINTS is left out. */
static void totals_value(jw *w, const char *s)
{
    jw_arr(w);
    while (s && *s) {
        size_t n = strcspn(s, ",");
        char part[96];
        snprintf(part, sizeof part, "%.*s", (int)(n < 95 ? n : 95), s);
        char *sp = strrchr(part, ' ');
        bmp_points v = 0;
        const char *type = part + strspn(part, " ");
        if (sp && sp > type && bmp_points_parse(sp + 1, &v)) {
            *sp = '\0';
            jw_obj(w);
            jw_kstr(w, "point_type", type);
            jw_points(w, v);
            jw_end_obj(w);
        }
        s += n + (s[n] == ',');
    }
    jw_end_arr(w);
}

void srv_jw_cells(jw *w, const bmp_table *t, size_t r)
{
    for (size_t c = 0; c < t->ncols; c++) {
        const char *col = t->columns[c], *v = bmp_table_get(t, r, c);
        if (is_points(col)) {
            points_members(w, col, v);
            continue;
        }
        jw_key(w, col);
        if (is_count(col))
            count_value(w, v);
        else if (!(v && *v) && (strcmp(col, "hold") == 0 || strcmp(col, "reason") == 0 ||
                                strcmp(col, "numbers") == 0 ||
                                strcmp(col, "carried_unchecked") == 0))
            jw_null(w); /* none */
        else if (strcmp(col, "dummy") == 0)
            jw_bool(w, v && strcmp(v, "0") != 0 && *v);
        else if (strcmp(col, "totals") == 0)
            totals_value(w, v);
        else
            jw_str(w, v);
    }
}

void srv_jw_rows(jw *w, const bmp_table *t, srv_row_link link, const void *ctx)
{
    jw_arr(w);
    for (size_t r = 0; r < t->nrows; r++) {
        jw_obj(w);
        srv_jw_cells(w, t, r);
        if (link) {
            jw_key(w, "links");
            jw_obj(w);
            link(w, t, r, ctx);
            jw_end_obj(w);
        }
        jw_end_obj(w);
    }
    jw_end_arr(w);
}

void srv_jw_page(jw *w, const bmp_table *t, size_t page, size_t per_page, size_t total,
                 srv_row_link link, const void *ctx)
{
    jw_obj(w);
    jw_key(w, "items");
    srv_jw_rows(w, t, link, ctx);
    jw_kint(w, "page", (int64_t)page);
    jw_kint(w, "per_page", (int64_t)per_page);
    jw_kint(w, "total", (int64_t)total);
    jw_end_obj(w);
}

void srv_jw_link(jw *w, const char *key, const char *prefix, const char *const *segs)
{
    jw_key(w, key);
    jw_str_open(w);
    core_buf_puts(w->b, prefix);
    for (size_t i = 0; segs[i]; i++) {
        core_buf_putc(w->b, '/');
        web_buf_url(w->b, segs[i]);
    }
    jw_str_close(w);
}

void srv_jw_holdings(jw *w, size_t n, const char *const *types, const bmp_points *h)
{
    jw_key(w, "holdings");
    jw_arr(w);
    for (size_t k = 0; k < n; k++) {
        jw_obj(w);
        jw_kstr(w, "point_type", types[k]);
        jw_points(w, h[k]);
        jw_end_obj(w);
    }
    jw_end_arr(w);
}

static void str_or_null(jw *w, const char *key, const char *s)
{
    jw_key(w, key);
    if (s && *s)
        jw_str(w, s);
    else
        jw_null(w);
}

void srv_jw_rank(jw *w, const bmp_rank *r, const char *name_key)
{
    bool ranked = r->name[0] != '\0';
    str_or_null(w, name_key, r->name);
    str_or_null(w, "rule", ranked ? r->rule : NULL);
    jw_key(w, "next_rank");
    if (!ranked || !r->next[0]) {
        jw_null(w);
        return;
    }
    jw_obj(w);
    jw_kstr(w, "rank", r->next);
    jw_key(w, "missing");
    jw_arr(w);
    for (size_t i = 0; i < r->nmissing && i < BMP_RANK_MAX_MISSING; i++) {
        jw_obj(w);
        jw_kstr(w, "requirement", r->missing[i].what);
        jw_points(w, r->missing[i].points);
        jw_end_obj(w);
    }
    jw_end_arr(w);
    jw_end_obj(w);
}
