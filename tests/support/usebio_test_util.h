/* Helpers for the USEBIO reader tests (test_usebio_read.c, _places.c,
 * _teams.c): load a file of tests/data/usebio/ or a string, and look up
 * contestants, places and rankings.  Header-only. */
#ifndef USEBIO_TEST_UTIL_H
#define USEBIO_TEST_UTIL_H

#include "bmp_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/usebio.h"

static inline bmp_event *load(const char *name, const char *body)
{
    char path[512];
    snprintf(path, sizeof path, "%s/usebio/%s", BMP_TEST_DATA, name);
    bmp_usebio_opts o = {.body = body};
    bmp_event *ev = NULL;
    bmp_error e = {0};
    if (bmp_usebio_read_file(path, &o, &ev, &e))
        fail_msg("%s did not load: %s", name, e.msg);
    return ev;
}

/* Load expecting failure; the message must contain every fragment. */
static inline void load_fails(const char *name, const char *body, bmp_status want,
                              const char *frag1, const char *frag2)
{
    char path[512];
    snprintf(path, sizeof path, "%s/usebio/%s", BMP_TEST_DATA, name);
    bmp_usebio_opts o = {.body = body};
    bmp_event *ev = NULL;
    bmp_error e = {0};
    bmp_status st = bmp_usebio_read_file(path, &o, &ev, &e);
    if (st == BMP_OK) {
        bmp_event_free(ev);
        fail_msg("%s loaded but an error was expected", name);
    }
    assert_null(ev);
    assert_int_equal(st, want);
    if (frag1 && !strstr(e.msg, frag1))
        fail_msg("message \"%s\" lacks \"%s\"", e.msg, frag1);
    if (frag2 && !strstr(e.msg, frag2))
        fail_msg("message \"%s\" lacks \"%s\"", e.msg, frag2);
}

static inline bmp_event *from_string(const char *xml, const char *body, bmp_error *e)
{
    bmp_usebio_opts o = {.body = body};
    bmp_event *ev = NULL;
    bmp_usebio_read_memory(xml, strlen(xml), "mem.xml", &o, &ev, e);
    return ev;
}

static inline const bmp_contestant *ct(const bmp_event *ev, const char *id)
{
    const bmp_contestant *c = bmp_event_contestant(ev, id);
    if (!c)
        fail_msg("no contestant \"%s\"", id);
    return c;
}

static inline void assert_place(bmp_place p, int lo, int hi)
{
    if (p.lo != lo || p.hi != hi)
        fail_msg("place %d..%d, expected %d..%d", p.lo, p.hi, lo, hi);
}

/* The ranking entry of c named `ranking`. */
static inline const bmp_ranking_entry *rk(const bmp_contestant *c, const char *ranking)
{
    for (size_t i = 0; i < c->nrankings; i++)
        if (strcmp(c->rankings[i].ranking, ranking) == 0)
            return &c->rankings[i];
    fail_msg("contestant %s has no ranking \"%s\"", c->id, ranking);
    return NULL;
}

static inline void expect_error(const char *xml, const char *body, const char *frag)
{
    bmp_error e = {0};
    bmp_event *ev = from_string(xml, body, &e);
    if (ev) {
        bmp_event_free(ev);
        fail_msg("loaded, expected an error with \"%s\"", frag);
    }
    if (!strstr(e.msg, frag))
        fail_msg("message \"%s\" lacks \"%s\"", e.msg, frag);
}

static inline bmp_event *ok_string(const char *xml, const char *body)
{
    bmp_error e = {0};
    bmp_event *ev = from_string(xml, body, &e);
    if (!ev)
        fail_msg("did not load: %s", e.msg);
    return ev;
}

#endif
