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
    for (size_t i = 0; i < a->nreasons; i++)
        free(a->reasons[i].text);
    free(a->reasons);
    memset(a, 0, sizeof *a);
}

bmp_status bmp_awards_add(bmp_awards *a, bmp_error *err, const bmp_award *aw, const char *fmt,
                          ...)
{
    bmp_award *n = core_grow(a->items, &a->cap, a->count, sizeof *n);
    if (!n)
        return bmp_error_oom(err);
    a->items = n;
    bmp_award *dst = &a->items[a->count];
    *dst = *aw;
    dst->explain = NULL;
    if (fmt && !a->skip_explain) { /* derivation text only when asked */
        va_list ap;
        va_start(ap, fmt);
        dst->explain = core_vasprintf(fmt, ap);
        va_end(ap);
        if (!dst->explain)
            return bmp_error_oom(err);
    }
    a->count++;
    return BMP_OK;
}

bmp_status bmp_awards_note(bmp_awards *a, bmp_error *err, const char *fmt, ...)
{
    char **n = core_grow(a->notes, &a->notes_cap, a->nnotes, sizeof *n);
    if (!n)
        return bmp_error_oom(err);
    a->notes = n;
    va_list ap;
    va_start(ap, fmt);
    char *s = core_vasprintf(fmt, ap);
    va_end(ap);
    if (!s)
        return bmp_error_oom(err);
    a->notes[a->nnotes++] = s;
    return BMP_OK;
}

bmp_status bmp_awards_reason(bmp_awards *a, size_t contestant, int player, const char *rule,
                             const char *section, const char *fmt, ...)
{
    bmp_reason *n = core_grow(a->reasons, &a->reasons_cap, a->nreasons, sizeof *n);
    if (!n)
        return BMP_ENOMEM;
    a->reasons = n;
    va_list ap;
    va_start(ap, fmt);
    char *s = core_vasprintf(fmt, ap);
    va_end(ap);
    if (!s)
        return BMP_ENOMEM;
    /* A whole-event reason met once per contestant or session (a rule
     * checked in a loop) is said once. */
    for (size_t i = 0; contestant == BMP_WHOLE_EVENT && i < a->nreasons; i++)
        if (a->reasons[i].contestant == BMP_WHOLE_EVENT && strcmp(a->reasons[i].text, s) == 0) {
            free(s);
            return BMP_OK;
        }
    if (bmp_awards_note(a, NULL, "%s", s)) {
        free(s);
        return BMP_ENOMEM;
    }
    bmp_reason *r = &a->reasons[a->nreasons++];
    memset(r, 0, sizeof *r);
    r->contestant = contestant;
    r->player = player;
    core_strlcpy(r->rule, rule ? rule : "", sizeof r->rule);
    core_strlcpy(r->section, section ? section : "", sizeof r->section);
    r->text = s;
    return BMP_OK;
}

void bmp_award_set(bmp_award *aw, const char *kind, const char *ranking, const char *colour,
                   const char *rule, const char *section)
{
    if (kind)
        core_strlcpy(aw->kind, kind, sizeof aw->kind);
    if (ranking)
        core_strlcpy(aw->ranking, ranking, sizeof aw->ranking);
    if (colour)
        core_strlcpy(aw->colour, colour, sizeof aw->colour);
    if (rule)
        core_strlcpy(aw->rule, rule, sizeof aw->rule);
    if (section)
        core_strlcpy(aw->section, section, sizeof aw->section);
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

/* ---- Reading awards in memory -------------------------------------------- */

size_t bmp_awards_count(const bmp_awards *a)
{
    return a ? a->count : 0;
}

const bmp_award *bmp_awards_at(const bmp_awards *a, size_t i)
{
    return a && i < a->count ? &a->items[i] : NULL;
}

size_t bmp_awards_note_count(const bmp_awards *a)
{
    return a ? a->nnotes : 0;
}

const char *bmp_awards_note_at(const bmp_awards *a, size_t i)
{
    return a && i < a->nnotes ? a->notes[i] : NULL;
}
