/* Helpers for the EBU tests: build an event with n placed contestants and
 * compute its awards.  Header-only (tests/test_*.c become programs). */
#ifndef EBU_TEST_UTIL_H
#define EBU_TEST_UTIL_H

#include "bmp_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Build an event JSON with n contestants placed 1..n (2 players each);
 * extra_fmt gets (n - i) for contestant i (e.g. match wins). */
static inline char *event_json(const char *head, int n, const char *extra_fmt, const char *tail)
{
    size_t cap = 4096 + (size_t)n * 256;
    char *b = malloc(cap);
    size_t o = (size_t)snprintf(b, cap, "{\"body\":\"ebu\",\"name\":\"t\",%s,\"contestants\":[", head);
    for (int i = 1; i <= n; i++) {
        char extra[128] = "";
        if (extra_fmt)
            snprintf(extra, sizeof extra, extra_fmt, n - i);
        o += (size_t)snprintf(b + o, cap - o,
                              "%s{\"id\":\"%d\",\"place\":%d%s,\"players\":[{\"id\":\"%d1\"},"
                              "{\"id\":\"%d2\"}]}",
                              i > 1 ? "," : "", i, i, extra, i, i);
    }
    snprintf(b + o, cap - o, "]%s}", tail ? tail : "");
    return b;
}

static inline void run(const char *json, bmp_awards *aw)
{
    bmp_test_run_ok(json, aw);
}

static inline bmp_status run_err(const char *json, bmp_error *e)
{
    bmp_event *ev = bmp_test_event(json);
    bmp_awards aw;
    bmp_awards_init(&aw);
    bmp_status st = bmp_award_event(ev, &aw, e);
    bmp_awards_free(&aw);
    bmp_event_free(ev);
    return st;
}

#endif
