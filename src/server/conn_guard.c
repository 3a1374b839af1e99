/* A request deadline a trickling client cannot extend (issue 30).
 *
 * libmicrohttpd's MHD_OPTION_CONNECTION_TIMEOUT is an idle timeout: a client
 * that sends one byte of its headers every few seconds resets it and holds
 * the connection for ever.  libmicrohttpd 0.9.75 has no absolute deadline,
 * so every connection is registered here when it opens
 * (MHD_OPTION_NOTIFY_CONNECTION); its clock starts then and again each time
 * a request completes (a keep-alive connection gets a full deadline per
 * request).  A reaper thread shuts down, once a second, the sockets of the
 * connections past their deadline: libmicrohttpd then reads end-of-file and
 * closes the connection itself.  A connection leaves the list in the CLOSED
 * notification, which libmicrohttpd sends before it closes the socket, so
 * the reaper never touches a socket number already reused. */
#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>

#include "server/conn_guard.h"

typedef struct guard_conn {
    struct guard_conn *prev, *next;
    MHD_socket fd;
    time_t start;
    bool cut;
} guard_conn;

static time_t now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec;
}

void srv_guard_notify(void *cls, struct MHD_Connection *c, void **socket_context,
                      enum MHD_ConnectionNotificationCode code)
{
    srv_guard *g = cls;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        const union MHD_ConnectionInfo *ci =
            MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
        guard_conn *n = calloc(1, sizeof *n);
        *socket_context = n;
        if (!n || !ci)
            return;
        n->fd = ci->connect_fd;
        n->start = now_s();
        pthread_mutex_lock(&g->mu);
        n->next = g->head;
        if (g->head)
            g->head->prev = n;
        g->head = n;
        pthread_mutex_unlock(&g->mu);
        return;
    }
    guard_conn *n = *socket_context;
    *socket_context = NULL;
    if (!n)
        return;
    pthread_mutex_lock(&g->mu);
    if (n->prev)
        n->prev->next = n->next;
    else if (g->head == n)
        g->head = n->next;
    if (n->next)
        n->next->prev = n->prev;
    pthread_mutex_unlock(&g->mu);
    free(n);
}

void srv_guard_request_done(srv_guard *g, struct MHD_Connection *c)
{
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    guard_conn *n = ci ? ci->socket_context : NULL;
    if (!n)
        return;
    pthread_mutex_lock(&g->mu);
    n->start = now_s();
    pthread_mutex_unlock(&g->mu);
}

static void *reaper(void *arg)
{
    srv_guard *g = arg;
    pthread_mutex_lock(&g->mu);
    while (!g->stop) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += 1;
        pthread_cond_timedwait(&g->wake, &g->mu, &until);
        time_t t = now_s();
        for (guard_conn *n = g->head; n; n = n->next)
            if (!n->cut && t - n->start >= (time_t)g->deadline) {
                n->cut = true;
                shutdown(n->fd, SHUT_RDWR);
            }
        if (g->tick && !g->stop) {
            pthread_mutex_unlock(&g->mu);
            g->tick(g->tick_cls);
            pthread_mutex_lock(&g->mu);
        }
    }
    pthread_mutex_unlock(&g->mu);
    return NULL;
}

int srv_guard_start(srv_guard *g, unsigned deadline, void (*tick)(void *cls), void *cls)
{
    g->deadline = deadline;
    g->tick = tick;
    g->tick_cls = cls;
    g->head = NULL;
    g->stop = false;
    pthread_mutex_init(&g->mu, NULL);
    pthread_cond_init(&g->wake, NULL);
    g->running = pthread_create(&g->thread, NULL, reaper, g) == 0;
    return g->running ? 0 : -1;
}

void srv_guard_stop(srv_guard *g)
{
    if (!g->running)
        return;
    pthread_mutex_lock(&g->mu);
    g->stop = true;
    pthread_cond_signal(&g->wake);
    pthread_mutex_unlock(&g->mu);
    pthread_join(g->thread, NULL);
    g->running = false;
    pthread_mutex_destroy(&g->mu);
    pthread_cond_destroy(&g->wake);
}
