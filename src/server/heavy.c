/* The requests that write or compute -- every request but GET and HEAD:
 * uploads, previews, approvals, logins -- run on threads of their own
 * (issue 45).  libmicrohttpd's workers each serve many connections in turn,
 * so a request that took 20 s in its handler (a preview of a large file,
 * an upload waiting for the write lock) held every other connection of
 * that worker: two previews at once left a public GET unanswered 34 s.
 * Such a request is suspended (MHD_suspend_connection), queued here, run
 * by one of SRV_HEAVY_THREADS threads, and its connection resumed with the
 * answer (http.c); the workers go on serving GETs meanwhile.  The queue is
 * bounded: past max_queued waiting, the request is answered 503 at once. */
#include "server/heavy.h"

static void *heavy_main(void *arg)
{
    srv_heavy *h = arg;
    pthread_mutex_lock(&h->mu);
    for (;;) {
        while (!h->head && !h->stop)
            pthread_cond_wait(&h->wake, &h->mu);
        srv_heavy_job *j = h->head;
        if (!j)
            break; /* stopping, and nothing is left */
        h->head = j->next;
        if (!h->head)
            h->tail = NULL;
        h->queued--;
        pthread_mutex_unlock(&h->mu);
        j->run(j);
        pthread_mutex_lock(&h->mu);
    }
    pthread_mutex_unlock(&h->mu);
    return NULL;
}

int srv_heavy_start(srv_heavy *h, size_t max_queued)
{
    pthread_mutex_init(&h->mu, NULL);
    pthread_cond_init(&h->wake, NULL);
    h->head = h->tail = NULL;
    h->queued = 0;
    h->max_queued = max_queued;
    h->stop = false;
    h->running = 0;
    while (h->running < SRV_HEAVY_THREADS &&
           pthread_create(&h->thread[h->running], NULL, heavy_main, h) == 0)
        h->running++;
    return h->running ? 0 : -1;
}

bool srv_heavy_push(srv_heavy *h, srv_heavy_job *j)
{
    pthread_mutex_lock(&h->mu);
    bool ok = h->running && !h->stop && h->queued < h->max_queued;
    if (ok) {
        j->next = NULL;
        if (h->tail)
            h->tail->next = j;
        else
            h->head = j;
        h->tail = j;
        h->queued++;
        pthread_cond_signal(&h->wake);
    }
    pthread_mutex_unlock(&h->mu);
    return ok;
}

void srv_heavy_stop(srv_heavy *h)
{
    if (!h->running)
        return;
    pthread_mutex_lock(&h->mu);
    h->stop = true;
    pthread_cond_broadcast(&h->wake);
    pthread_mutex_unlock(&h->mu);
    for (unsigned i = 0; i < h->running; i++)
        pthread_join(h->thread[i], NULL);
    h->running = 0;
    pthread_mutex_destroy(&h->mu);
    pthread_cond_destroy(&h->wake);
}
