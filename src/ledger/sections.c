/* Sections of a secretary's view: a growing list of titled bmp_tables,
 * each filled from one parameterised query. */
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "ledger/sections.h"

void bmp_ledger_sections_free(bmp_ledger_sections *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->n; i++)
        bmp_table_free(&s->v[i]);
    free(s->v);
    s->v = NULL;
    s->n = 0;
}

const bmp_table *bmp_ledger_section(const bmp_ledger_sections *s, const char *title)
{
    for (size_t i = 0; s && i < s->n; i++)
        if (s->v[i].title && strcmp(s->v[i].title, title) == 0)
            return &s->v[i];
    return NULL;
}

bmp_status ledger_section_add(bmp_ledger_sections *s, const char *title, bmp_table **t,
                              bmp_error *err)
{
    if (s->n >= SIZE_MAX / sizeof *s->v - 1)
        return bmp_error_oom(err);
    bmp_table *v = realloc(s->v, (s->n + 1) * sizeof *v);
    if (!v)
        return bmp_error_oom(err);
    s->v = v;
    bmp_table_init(&v[s->n]);
    *t = &v[s->n++];
    bmp_status rc = bmp_table_title(*t, title);
    return rc ? bmp_error_oom(err) : BMP_OK;
}

bmp_status ledger_section_sql(bmp_ledger *l, bmp_table *t, bmp_error *err, const char *sql,
                              const char *fmt, ...)
{
    ledger_stmt *st = NULL;
    bmp_status rc = l->ops->prepare(l->s, sql, &st, err);
    if (rc)
        return rc;
    va_list ap;
    va_start(ap, fmt);
    rc = lq_bind(l, st, fmt, ap, err);
    va_end(ap);
    int nc = l->ops->col_count(st);
    const char *names[17] = {0};
    bool pts[16] = {0};
    for (int k = 0; k < nc && k < 16; k++) {
        names[k] = l->ops->col_name(st, k);
        size_t n = strlen(names[k]);
        pts[k] = n >= 6 && strcmp(names[k] + n - 6, "points") == 0;
    }
    if (!rc && !t->ncols && bmp_table_columns(t, names))
        rc = bmp_error_oom(err);
    bool row = true;
    while (!rc) {
        rc = l->ops->step(st, &row, err);
        if (rc || !row)
            break;
        for (int k = 0; k < nc && k < 16 && !rc; k++) {
            char p[32];
            if (pts[k] && !l->ops->col_null(st, k))
                bmp_points_format(l->ops->col_int(st, k), p, sizeof p);
            const char *v = l->ops->col_null(st, k) ? "" : pts[k] ? p : l->ops->col_text(st, k);
            if (bmp_table_cell(t, "%s", v))
                rc = bmp_error_oom(err);
        }
    }
    l->ops->finalize(st);
    return rc;
}
