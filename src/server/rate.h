/* The work one club token may make the server do (rate.c, issue 45). */
#ifndef BMP_SERVER_RATE_H
#define BMP_SERVER_RATE_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct srv_rate_slot {
    int64_t token;  /* the token's id */
    double credit;  /* milliseconds of work it may still start (below 0: owed) */
    double at;      /* when credit was last brought up to date (seconds) */
    unsigned busy;  /* its requests in progress */
} srv_rate_slot;

typedef struct srv_rate {
    pthread_mutex_t mu;
    double per_sec; /* milliseconds of work a token earns a second */
    double burst;   /* the most it may save up, milliseconds */
    srv_rate_slot *v;
    size_t n, cap;
} srv_rate;

/* work_ms a second, burst_ms at most (0: the defaults, 500 and 2000). */
void srv_rate_init(srv_rate *r, unsigned work_ms, unsigned burst_ms);
void srv_rate_free(srv_rate *r);
/* May `token` start a request at `now` (seconds, monotonic)?  0: yes, and
 * the request is counted until srv_rate_leave; else the whole seconds to
 * wait (Retry-After): it has one in progress, or it used its credit. */
unsigned srv_rate_enter(srv_rate *r, int64_t token, double now);
/* The request of `token` that entered at `began` ended at `now`: its time
 * is charged. */
void srv_rate_leave(srv_rate *r, int64_t token, double began, double now);

#endif
