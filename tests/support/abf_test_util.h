/* Helpers for the ABF tests: run an event given as JSON with single quotes,
 * and look up awards.  Header-only (each test_*.c becomes a program). */
#ifndef ABF_TEST_UTIL_H
#define ABF_TEST_UTIL_H

#include "bmp_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abf/abf_internal.h"

typedef struct run {
    bmp_event *ev;
    bmp_awards aw;
} run;

/* JSON with ' for " (readable in C). */
static inline run abf_run(const char *sq)
{
    char *j = strdup(sq);
    for (char *p = j; *p; p++)
        if (*p == '\'')
            *p = '"';
    run r;
    r.ev = bmp_test_event(j);
    free(j);
    bmp_awards_init(&r.aw);
    bmp_error e = {0};
    bmp_status st = bmp_award_event(r.ev, &r.aw, &e);
    if (st)
        fail_msg("award failed: %s", e.msg);
    return r;
}

/* Expect an error; returns it. */
static inline bmp_error abf_run_error(const char *sq, bmp_status want)
{
    char *j = strdup(sq);
    for (char *p = j; *p; p++)
        if (*p == '\'')
            *p = '"';
    bmp_event *ev = bmp_test_event(j);
    free(j);
    bmp_awards aw;
    bmp_awards_init(&aw);
    bmp_error e = {0};
    bmp_status st = bmp_award_event(ev, &aw, &e);
    assert_int_equal(st, want);
    bmp_awards_free(&aw);
    bmp_event_free(ev);
    return e;
}

static inline run abf_run_file(const char *rel, const char *from, const char *to)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", BMP_SOURCE_DIR, rel);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    if (from) {
        char *at = strstr(buf, from);
        assert_non_null(at);
        size_t lf = strlen(from), lt = strlen(to);
        memmove(at + lt, at + lf, strlen(at + lf) + 1);
        memcpy(at, to, lt);
    }
    run r;
    bmp_error e = {0};
    assert_int_equal(bmp_event_load_string(buf, rel, &r.ev, &e), BMP_OK);
    bmp_awards_init(&r.aw);
    if (bmp_award_event(r.ev, &r.aw, &e))
        fail_msg("award failed: %s", e.msg);
    return r;
}

static inline void abf_free(run *r)
{
    bmp_awards_free(&r->aw);
    bmp_event_free(r->ev);
}

static inline size_t abf_ci(const run *r, const char *id)
{
    const bmp_contestant *c = bmp_event_contestant(r->ev, id);
    assert_non_null(c);
    return (size_t)(c - r->ev->contestants);
}

/* Sum of awards of contestant id of a kind (NULL: all kinds) for player p
 * (BMP_ALL_PLAYERS awards count for everyone). */
static inline bmp_points abf_pts(const run *r, const char *id, const char *kind, int player)
{
    size_t ci = abf_ci(r, id);
    bmp_points t = 0;
    for (size_t i = 0; i < r->aw.count; i++) {
        const bmp_award *a = &r->aw.items[i];
        if (a->contestant == ci && (!kind || !strcmp(a->kind, kind)) &&
            (a->player == BMP_ALL_PLAYERS || a->player == player))
            t += a->points;
    }
    return t;
}

/* The award record (first) of contestant id and kind, or NULL. */
static inline const bmp_award *abf_find(const run *r, const char *id, const char *kind)
{
    size_t ci = abf_ci(r, id);
    for (size_t i = 0; i < r->aw.count; i++)
        if (r->aw.items[i].contestant == ci && !strcmp(r->aw.items[i].kind, kind))
            return &r->aw.items[i];
    return NULL;
}

static inline bool abf_has_note(const run *r, const char *needle)
{
    for (size_t i = 0; i < r->aw.nnotes; i++)
        if (strstr(r->aw.notes[i], needle))
            return true;
    return false;
}

#endif
