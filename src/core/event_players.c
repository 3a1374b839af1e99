/* A player plays once per event (issue 26 item 1): a player number held
 * twice (both members of a pair, or in two contestants) would be credited
 * twice.  A contestant lists at most max_players, an event at most
 * max_contestants (issue 45).  Checked once, on every event the pipeline reads (award,
 * validate, convert, ledger import, uploads); players without a number
 * (visitors) are told apart by name and not checked. */
#include <stdlib.h>
#include <string.h>

#include "core/event_players.h"
#include "core/strindex.h"

typedef struct seat {
    const char *id;
    size_t contestant, player;
} seat;

static int cmp_seat(const void *a, const void *b)
{
    const seat *x = a, *y = b;
    int c = strcmp(x->id, y->id);
    if (c)
        return c;
    if (x->contestant != y->contestant)
        return x->contestant < y->contestant ? -1 : 1;
    return x->player < y->player ? -1 : x->player > y->player;
}

static const char *id_at(const void *arr, size_t i)
{
    return ((const char *const *)arr)[i];
}

/* Whether some number is held twice, by a hash of the numbers: O(n) where
 * the sort below is O(n log n) (issue 46: 160,000 players); the sort then
 * finds the pair to name, as before.  True also when the index cannot be
 * made (the sort decides).  Over the numbers alone, 8 bytes a player: the
 * seats (24) are made only when one is held twice (issue 46, award46r:
 * this runs at the read's peak of memory). */
static bool any_twice(const char *const *ids, size_t k)
{
    core_strindex x;
    if (!core_strindex_init(&x, k, id_at, ids))
        return true;
    bool dup = false;
    for (size_t i = 0; i < k && !dup; i++)
        if (!core_strindex_add(&x, i, &dup, NULL))
            dup = true;
    core_strindex_free(&x);
    return dup;
}

/* The k numbered players' numbers in ids; k. */
static size_t numbers(const bmp_event *ev, const char **ids)
{
    size_t k = 0;
    for (size_t i = 0; i < ev->ncontestants; i++)
        for (size_t p = 0; p < ev->contestants[i].nplayers; p++) {
            const char *id = ev->contestants[i].players[p].id;
            if (id && *id)
                ids[k++] = id;
        }
    return k;
}

bmp_status core_event_players_once(const bmp_event *ev, size_t max_players,
                                   size_t max_contestants, bmp_error *err)
{
    size_t n = 0;
    if (ev->ncontestants > max_contestants)
        return bmp_error_set(err, BMP_ERANGE,
                             "the event lists %zu contestants: an event has at most %zu (the "
                             "limit contestants=%zu, --limits)",
                             ev->ncontestants, max_contestants, max_contestants);
    for (size_t i = 0; i < ev->ncontestants; i++) {
        const bmp_contestant *c = &ev->contestants[i];
        if (c->nplayers > max_players)
            return bmp_error_set(err, BMP_ERANGE,
                                 "contestant %s (position %zu) lists %zu players: a contestant "
                                 "has at most %zu players (the limit players=%zu, --limits)",
                                 c->id ? c->id : "?", i + 1, c->nplayers, max_players,
                                 max_players);
        n += c->nplayers;
    }
    if (n < 2)
        return BMP_OK;
    const char **ids = malloc(n * sizeof *ids);
    if (!ids)
        return bmp_error_oom(err);
    bool twice = any_twice(ids, numbers(ev, ids));
    free(ids);
    if (!twice)
        return BMP_OK;
    seat *s = malloc(n * sizeof *s);
    if (!s)
        return bmp_error_oom(err);
    size_t k = 0;
    for (size_t i = 0; i < ev->ncontestants; i++)
        for (size_t p = 0; p < ev->contestants[i].nplayers; p++) {
            const char *id = ev->contestants[i].players[p].id;
            if (id && *id)
                s[k++] = (seat){id, i, p};
        }
    bmp_status st = BMP_OK;
    qsort(s, k, sizeof *s, cmp_seat);
    for (size_t i = 1; i < k && !st; i++) {
        if (strcmp(s[i - 1].id, s[i].id) != 0)
            continue;
        const bmp_contestant *a = &ev->contestants[s[i - 1].contestant],
                             *b = &ev->contestants[s[i].contestant];
        st = bmp_error_set(err, BMP_EINVAL,
                           "player %s appears twice: contestant %s (position %zu) player %zu and "
                           "contestant %s (position %zu) player %zu (a player plays once in an "
                           "event)",
                           s[i].id, a->id ? a->id : "?", s[i - 1].contestant + 1,
                           s[i - 1].player + 1, b->id ? b->id : "?", s[i].contestant + 1,
                           s[i].player + 1);
    }
    free(s);
    return st;
}
