/* Helpers for the ACBL award tests: load an event, award it, find an
 * award, check points and errors.  Header-only (each test_*.c becomes
 * a program). */
#ifndef ACBL_TEST_UTIL_H
#define ACBL_TEST_UTIL_H

#include "bmp_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acbl/acbl_internal.h"

static inline bmp_status run(const char *json, bmp_awards *aw, bmp_error *e)
{
    bmp_event *ev = bmp_test_event(json);
    bmp_awards_init(aw);
    bmp_status st = bmp_award_event(ev, aw, e);
    bmp_event_free(ev);
    return st;
}

/* Award of contestant id of a kind (and player index, -2 = any). */
static inline const bmp_award *find(const bmp_event *ev, const bmp_awards *aw, const char *id,
                             const char *kind, int player)
{
    for (size_t i = 0; i < aw->count; i++)
        if (strcmp(ev->contestants[aw->items[i].contestant].id, id) == 0 &&
            strcmp(aw->items[i].kind, kind) == 0 && (player == -2 || aw->items[i].player == player))
            return &aw->items[i];
    return NULL;
}

/* Load + award, keeping the event for lookups. */
typedef struct res {
    bmp_event *ev;
    bmp_awards aw;
} res;

static inline res go(const char *json)
{
    res r;
    r.ev = bmp_test_event(json);
    bmp_awards_init(&r.aw);
    bmp_error e = {0};
    if (bmp_award_event(r.ev, &r.aw, &e))
        fail_msg("award failed: %s", e.msg);
    return r;
}

static inline void done(res *r)
{
    bmp_awards_free(&r->aw);
    bmp_event_free(r->ev);
}

static inline void expect_points(const res *r, const char *id, const char *kind, int player,
                          const char *pts)
{
    const bmp_award *a = find(r->ev, &r->aw, id, kind, player);
    if (!a)
        fail_msg("no %s award for %s (player %d)", kind, id, player);
    assert_points(a->points, pts);
}

static inline bool note_has(const bmp_awards *aw, const char *text)
{
    for (size_t i = 0; i < aw->nnotes; i++)
        if (strstr(aw->notes[i], text))
            return true;
    return false;
}

static inline void expect_fail(const char *json, bmp_status code, const char *text)
{
    bmp_awards aw;
    bmp_error e = {0};
    assert_int_equal(run(json, &aw, &e), code);
    if (!strstr(e.msg, text))
        fail_msg("message \"%s\" lacks \"%s\"", e.msg, text);
    bmp_awards_free(&aw);
}

#endif
