/* Helpers for the NZ event tests: build pairs/teams events as JSON and read
 * the awards back. */
#ifndef NZB_TEST_UTIL_H
#define NZB_TEST_UTIL_H
#include "bmp_test.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct nz_sb {
    char *s;
    size_t n, cap;
} nz_sb;

static inline void nz_add(nz_sb *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (b->n + (size_t)k + 1 > b->cap) {
        b->cap = (b->n + (size_t)k + 1) * 2;
        b->s = realloc(b->s, b->cap);
        assert_non_null(b->s);
    }
    va_start(ap, fmt);
    vsnprintf(b->s + b->n, b->cap - b->n, fmt, ap);
    va_end(ap);
    b->n += (size_t)k;
}

/* An event whose contestants are "1".."n" with two players each (or
 * `players` players for teams), place i.  mitchell_ns > 0: the first
 * mitchell_ns contestants are N/S, the rest E/W, with session-1 rankings by
 * direction; session_rank: one-winner session-1 ranking place i as well.
 * head: the other top-level members, e.g. "\"grade\":\"40C\",\"boards\":24". */
static inline char *nz_event(const char *kind, const char *head, int n, int players,
                             int mitchell_ns, int sessions_ranked)
{
    nz_sb b = {0};
    nz_add(&b, "{\"format\":\"bridgemp-event/1\",\"body\":\"nzb\",\"name\":\"t\",\"date\":\"2025-05-21\",\"kind\":\"%s\",%s,"
               "\"contestants\":[",
           kind, head);
    for (int i = 1; i <= n; i++) {
        nz_add(&b, "%s{\"id\":\"%d\",", i > 1 ? "," : "", i);
        if (mitchell_ns > 0) {
            bool ns = i <= mitchell_ns;
            nz_add(&b, "\"rankings\":[{\"session\":1,\"direction\":\"%s\",\"place\":%d}],",
                   ns ? "NS" : "EW", ns ? i : i - mitchell_ns);
        } else {
            nz_add(&b, "\"place\":%d,", i);
            if (sessions_ranked > 0) {
                nz_add(&b, "\"rankings\":[");
                for (int s = 1; s <= sessions_ranked; s++)
                    nz_add(&b, "%s{\"session\":%d,\"place\":%d}", s > 1 ? "," : "", s, i);
                nz_add(&b, "],");
            }
        }
        nz_add(&b, "\"players\":[");
        for (int p = 0; p < players; p++)
            nz_add(&b, "%s{\"id\":\"%d\"}", p ? "," : "", i * 10 + p);
        nz_add(&b, "]}");
    }
    nz_add(&b, "]}");
    return b.s;
}

/* Compute the awards of a JSON event; fails the test on error. */
static inline bmp_event *nz_award(const char *json, bmp_awards *out)
{
    bmp_event *ev = bmp_test_event(json);
    bmp_awards_init(out);
    bmp_error err = {0};
    if (bmp_award_event(ev, out, &err))
        fail_msg("award: %s", err.msg);
    return ev;
}

/* Expect an award error; returns its status, message in err. */
static inline bmp_status nz_award_error(const char *json, bmp_error *err)
{
    bmp_event *ev = bmp_test_event(json);
    bmp_awards out;
    bmp_awards_init(&out);
    bmp_status st = bmp_award_event(ev, &out, err);
    bmp_awards_free(&out);
    bmp_event_free(ev);
    if (st == BMP_OK)
        fail_msg("award succeeded but an error was expected");
    return st;
}

/* Sum of the awards of contestant id, of `kind` ("session", "overall" ...)
 * and colour ("A", "B", "C"), given to all players (player < 0) or to one. */
static inline bmp_points nz_pts(const bmp_event *ev, const bmp_awards *a, const char *id,
                                const char *kind, const char *colour, int player)
{
    bmp_points sum = 0;
    for (size_t i = 0; i < a->count; i++) {
        const bmp_award *w = &a->items[i];
        if (strcmp(ev->contestants[w->contestant].id, id) || strcmp(w->kind, kind) ||
            strcmp(w->colour, colour))
            continue;
        if (player < 0 ? w->player != BMP_ALL_PLAYERS : w->player != player)
            continue;
        sum += w->points;
    }
    return sum;
}

static inline const bmp_award *nz_find(const bmp_event *ev, const bmp_awards *a, const char *id,
                                       const char *kind)
{
    for (size_t i = 0; i < a->count; i++)
        if (!strcmp(ev->contestants[a->items[i].contestant].id, id) &&
            !strcmp(a->items[i].kind, kind))
            return &a->items[i];
    return NULL;
}

static inline bool nz_note(const bmp_awards *a, const char *needle)
{
    for (size_t i = 0; i < a->nnotes; i++)
        if (strstr(a->notes[i], needle))
            return true;
    return false;
}
#endif
