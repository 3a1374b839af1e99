/* Shared parameter strings (and the ranking names and directions that are
 * as common: "NS", "EW", "overall").  A USEBIO or JSON event of 300,000 pairs holds
 * a dozen params on every contestant and player ("usebio.percentage",
 * "usebio.club_id", "mp.green", a direction "NS"); as copies, their keys
 * and short values were about a quarter of the event's memory
 * (docs/performance.md, "USEBIO streamed").  They point into this one
 * constant table instead; bmp_params frees only the strings outside it.
 * The table is sorted (bsearch) and is one array, so that "is this pointer
 * one of ours" is a range check. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/param_keys.h"
#include "core/util.h"

#define WIDTH 24
static const char table[][WIDTH] = {
    "EW",
    "NS",
    "guest",
    "mp.a",
    "mp.b",
    "mp.black",
    "mp.blue",
    "mp.c",
    "mp.gold",
    "mp.green",
    "mp.local",
    "mp.platinum",
    "mp.red",
    "mp.silver",
    "overall",
    "overall:",
    "usebio.boards_played",
    "usebio.club_id",
    "usebio.direction",
    "usebio.empty_players",
    "usebio.pair_number",
    "usebio.percentage",
    "usebio.section",
    "usebio.total_score",
    "usebio.wins_or_draws",
};
#define N (sizeof table / sizeof table[0])

static int cmp(const void *key, const void *elem)
{
    return strcmp(key, elem);
}

const char *core_param_shared(const char *s)
{
    if (!s || strlen(s) >= WIDTH)
        return NULL;
    return bsearch(s, table, N, WIDTH, cmp);
}

bool core_param_is_shared(const char *p)
{
    uintptr_t a = (uintptr_t)p, lo = (uintptr_t)table, hi = (uintptr_t)(table + N);
    return a >= lo && a < hi;
}

char *core_param_str(const char *s)
{
    const char *sh = core_param_shared(s);
    return sh ? (char *)(uintptr_t)sh : core_strdup(s);
}

void core_param_str_free(char *p)
{
    if (!core_param_is_shared(p))
        free(p);
}
