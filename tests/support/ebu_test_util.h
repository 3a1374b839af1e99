/* Helpers for the EBU tests: build an event with n placed contestants and
 * compute its awards.  Header-only (each test_*.c becomes a program). */
#ifndef EBU_TEST_UTIL_H
#define EBU_TEST_UTIL_H

#include "bmp_test.h"

#include <stdbool.h>
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

/* A player's total points (all colours) of contestant ci. */
static inline bmp_points total_of(const bmp_awards *aw, size_t ci)
{
    return bmp_awards_player_total(aw, ci, 0);
}

/* Whether a note of the awards contains needle. */
static inline bool has_note(const bmp_awards *aw, const char *needle)
{
    for (size_t i = 0; i < bmp_awards_note_count(aw); i++)
        if (strstr(bmp_awards_note_at(aw, i), needle))
            return true;
    return false;
}

/* A knock-out: n teams (head: the event's other fields); team 1 beats team
 * 2^(k-1)+1 in round k (k = 1..R); team T = 2^(R-1)+1 (the runner-up) beats
 * T + 2^(k-1) in rounds k < R. */
static inline char *ko_json(const char *head, int n, int rounds)
{
    size_t cap = 8192 + (size_t)n * 64;
    char *b = malloc(cap);
    size_t o = (size_t)snprintf(b, cap, "{\"body\":\"ebu\",\"name\":\"ko\",\"kind\":\"knockout\","
                                "%s,\"contestants\":[", head);
    for (int i = 1; i <= n; i++)
        o += (size_t)snprintf(b + o, cap - o, "%s{\"id\":\"%d\"}", i > 1 ? "," : "", i);
    o += (size_t)snprintf(b + o, cap - o, "],\"matches\":[");
    int T = (1 << (rounds - 1)) + 1;
    for (int k = 1; k <= rounds; k++) {
        o += (size_t)snprintf(b + o, cap - o, "%s{\"round\":%d,\"home\":\"1\",\"away\":\"%d\","
                              "\"home_score\":50,\"away_score\":40}",
                              k > 1 ? "," : "", k, (1 << (k - 1)) + 1);
        if (k < rounds && T + (1 << (k - 1)) <= n)
            o += (size_t)snprintf(b + o, cap - o, ",{\"round\":%d,\"home\":\"%d\",\"away\":"
                                  "\"%d\",\"home_score\":50,\"away_score\":40}",
                                  k, T, T + (1 << (k - 1)));
    }
    snprintf(b + o, cap - o, "]}");
    return b;
}

#endif
