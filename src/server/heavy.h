/* The writers' and uploads' own threads (heavy.c, issue 45). */
#ifndef BMP_SERVER_HEAVY_H
#define BMP_SERVER_HEAVY_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#define SRV_HEAVY_THREADS 2

typedef struct srv_heavy_job {
    struct srv_heavy_job *next;
    void (*run)(struct srv_heavy_job *j); /* on a heavy thread; owns j from then on */
} srv_heavy_job;

typedef struct srv_heavy {
    pthread_mutex_t mu;
    pthread_cond_t wake;
    srv_heavy_job *head, *tail;
    size_t queued, max_queued;
    pthread_t thread[SRV_HEAVY_THREADS];
    unsigned running;           /* threads started */
    bool stop;
} srv_heavy;

/* Start the threads; 0 or -1. */
int srv_heavy_start(srv_heavy *h, size_t max_queued);
/* Queue j (run by the next free thread): false when max_queued jobs wait
 * already, or the threads are stopping (j is then the caller's). */
bool srv_heavy_push(srv_heavy *h, srv_heavy_job *j);
/* Run what is queued, then stop the threads. */
void srv_heavy_stop(srv_heavy *h);

#endif
