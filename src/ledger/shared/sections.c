/* Sections of a secretary's view: a growing list of titled bmp_tables,
 * each filled from one parameterised query. */
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "ledger/shared/sections.h"

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
