/* Award lists: appending awards and derivation notes. */
#include "bridgemp/awards.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"

void bmp_awards_init(bmp_awards *a)
{
    memset(a, 0, sizeof *a);
}

void bmp_awards_free(bmp_awards *a)
{
    if (!a)
        return;
    for (size_t i = 0; i < a->count; i++)
        free(a->items[i].explain);
    free(a->items);
    for (size_t i = 0; i < a->nnotes; i++)
        free(a->notes[i]);
    free(a->notes);
    memset(a, 0, sizeof *a);
}

bmp_status bmp_awards_add(bmp_awards *a, const bmp_award *aw, const char *fmt, ...)
{
    if (a->count == a->cap) {
        size_t nc = a->cap ? a->cap * 2 : 16;
        bmp_award *n = realloc(a->items, nc * sizeof *n);
        if (!n)
            return BMP_ENOMEM;
        a->items = n;
        a->cap = nc;
    }
    bmp_award *dst = &a->items[a->count];
    *dst = *aw;
    dst->explain = NULL;
    if (fmt && !a->skip_explain) {
        va_list ap;
        va_start(ap, fmt);
        dst->explain = bmp_vasprintf(fmt, ap);
        va_end(ap);
        if (!dst->explain)
            return BMP_ENOMEM;
    }
    a->count++;
    return BMP_OK;
}

bmp_status bmp_awards_note(bmp_awards *a, const char *fmt, ...)
{
    if (a->skip_explain)
        return BMP_OK;
    if (a->nnotes == a->notes_cap) {
        size_t nc = a->notes_cap ? a->notes_cap * 2 : 8;
        char **n = realloc(a->notes, nc * sizeof *n);
        if (!n)
            return BMP_ENOMEM;
        a->notes = n;
        a->notes_cap = nc;
    }
    va_list ap;
    va_start(ap, fmt);
    char *s = bmp_vasprintf(fmt, ap);
    va_end(ap);
    if (!s)
        return BMP_ENOMEM;
    a->notes[a->nnotes++] = s;
    return BMP_OK;
}

/* Copy s into a field of size n, truncated as snprintf("%s") would. */
static void set_field(char *dst, size_t n, const char *s)
{
    size_t l = strnlen(s, n - 1);
    memcpy(dst, s, l);
    dst[l] = '\0';
}

void bmp_award_set(bmp_award *aw, const char *kind, const char *ranking, const char *colour,
                   const char *rule, const char *section)
{
    if (kind)
        set_field(aw->kind, sizeof aw->kind, kind);
    if (ranking)
        set_field(aw->ranking, sizeof aw->ranking, ranking);
    if (colour)
        set_field(aw->colour, sizeof aw->colour, colour);
    if (rule)
        set_field(aw->rule, sizeof aw->rule, rule);
    if (section)
        set_field(aw->section, sizeof aw->section, section);
}

bmp_points bmp_awards_player_total(const bmp_awards *a, size_t contestant, int player)
{
    bmp_points t = 0;
    for (size_t i = 0; i < a->count; i++)
        if (a->items[i].contestant == contestant &&
            (a->items[i].player == BMP_ALL_PLAYERS || a->items[i].player == player))
            t += a->items[i].points;
    return t;
}

bool bmp_output_format_parse(const char *s, bmp_output_format *out)
{
    if (strcmp(s, "table") == 0)
        *out = BMP_OUT_TABLE;
    else if (strcmp(s, "json") == 0)
        *out = BMP_OUT_JSON;
    else if (strcmp(s, "csv") == 0)
        *out = BMP_OUT_CSV;
    else
        return false;
    return true;
}
