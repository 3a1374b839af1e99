/* A club token's share of the server (issue 45 item 4): every request of a
 * club token other than GET (uploads, previews) runs on the two heavy
 * threads (heavy.c), so a client sending large files back to back held
 * them, and everyone queued behind it, for as long as it liked.  Each
 * token has a bucket of work in milliseconds: it earns `per_sec` a second
 * (--token-work, default 500: half of one thread) up to `burst`
 * (--token-burst, default 2000), a request starts only while the bucket
 * is above zero, and its time on the thread is taken from it when it
 * ends (it may go below zero: the next request waits until it is paid).
 * And a token has one request in progress at a time, so one client never
 * holds both threads: a second one meanwhile is 429 with Retry-After.
 * Cheap requests (a preview of a club's file takes milliseconds) never
 * meet the limit; a flood of heavy ones is answered 429 in microseconds
 * and others are served between them.  One table per server (struct srv),
 * under its mutex: the heavy threads share it; nothing global. */
#include <math.h>
#include <stdlib.h>

#include "server/rate.h"

void srv_rate_init(srv_rate *r, unsigned work_ms, unsigned burst_ms)
{
    pthread_mutex_init(&r->mu, NULL);
    r->per_sec = work_ms ? work_ms : 500;
    r->burst = burst_ms ? burst_ms : 2000;
    r->v = NULL;
    r->n = r->cap = 0;
}

void srv_rate_free(srv_rate *r)
{
    free(r->v);
    r->v = NULL;
    r->n = r->cap = 0;
    pthread_mutex_destroy(&r->mu);
}

/* The token's slot, credit brought up to now; NULL if memory ran out. */
static srv_rate_slot *slot(srv_rate *r, int64_t token, double now)
{
    srv_rate_slot *s = NULL;
    for (size_t i = 0; i < r->n && !s; i++)
        s = r->v[i].token == token ? &r->v[i] : NULL;
    if (!s) {
        if (r->n == r->cap) {
            size_t cap = r->cap ? 2 * r->cap : 16;
            srv_rate_slot *v = realloc(r->v, cap * sizeof *v);
            if (!v)
                return NULL;
            r->v = v;
            r->cap = cap;
        }
        s = &r->v[r->n++];
        *s = (srv_rate_slot){.token = token, .credit = r->burst, .at = now};
    }
    if (now > s->at)
        s->credit = fmin(r->burst, s->credit + (now - s->at) * r->per_sec);
    s->at = fmax(s->at, now);
    return s;
}

unsigned srv_rate_enter(srv_rate *r, int64_t token, double now)
{
    pthread_mutex_lock(&r->mu);
    srv_rate_slot *s = slot(r, token, now);
    unsigned wait = 0;
    if (s && s->busy)
        wait = 1;
    else if (s && s->credit <= 0)
        wait = (unsigned)ceil((1 - s->credit) / r->per_sec);
    else if (s)
        s->busy++;
    pthread_mutex_unlock(&r->mu);
    return wait; /* no memory: not limited (the request then fails elsewhere) */
}

void srv_rate_leave(srv_rate *r, int64_t token, double began, double now)
{
    pthread_mutex_lock(&r->mu);
    srv_rate_slot *s = slot(r, token, now);
    if (s) {
        s->busy -= s->busy > 0;
        s->credit -= (now - began) * 1000;
    }
    pthread_mutex_unlock(&r->mu);
}
