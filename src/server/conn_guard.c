/* The connection limits and a request deadline a trickling client cannot
 * extend (issues 30 and 45).
 *
 * Limits: the accepting thread (acceptor.c) asks srv_guard_admit before it
 * hands a connection to libmicrohttpd, which counts every connection it
 * was handed and has not yet closed, in all and per address; past
 * --max-connections or --max-per-ip the connection is closed at once.
 * libmicrohttpd's own limits are set far above these and never reached:
 * in 0.9.75 a worker of the pool that finds itself at its share of
 * MHD_OPTION_CONNECTION_LIMIT as it takes a connection handed over by
 * MHD_add_connection ("Server reached connection limit") returns with its
 * cleanup mutex still locked, and the next lock of it waits for ever: the
 * worker stops serving, and MHD_stop_daemon waits for it (issue 45: 40
 * connections from four addresses with --max-connections 20 hung the
 * server, SIGTERM too).  A connection is counted from its admission (it is
 * "pending" until libmicrohttpd's STARTED notification) to its CLOSED
 * notification.  A pending one that never starts (libmicrohttpd dropped it
 * for want of memory) is forgotten when its socket number is accepted again
 * (the number is free, so that connection is gone) or after the deadline.
 *
 * Deadline: libmicrohttpd's MHD_OPTION_CONNECTION_TIMEOUT is an idle
 * timeout: a client that sends one byte of its headers every few seconds
 * resets it and holds the connection for ever.  libmicrohttpd 0.9.75 has no
 * absolute deadline, so every connection is registered here when it opens
 * (MHD_OPTION_NOTIFY_CONNECTION); its clock starts then and again each time
 * a request completes (a keep-alive connection gets a full deadline per
 * request).  A reaper thread shuts down, once a second, the sockets of the
 * connections past their deadline: libmicrohttpd then reads end-of-file and
 * closes the connection itself.  A connection leaves the list in the CLOSED
 * notification, which libmicrohttpd sends before it closes the socket, so
 * the reaper never touches a socket number already reused (a pending
 * connection's socket is never touched). */
#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>

#include "server/conn_guard.h"

typedef struct guard_conn {
    struct guard_conn *prev, *next;
    MHD_socket fd;
    uint32_t addr; /* IPv4, network order (0: unknown) */
    time_t start;
    bool cut;
    bool started; /* libmicrohttpd's STARTED came (else pending) */
} guard_conn;

static time_t now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec;
}

static void unlink_conn(srv_guard *g, guard_conn *n)
{
    if (n->prev)
        n->prev->next = n->next;
    else if (g->head == n)
        g->head = n->next;
    if (n->next)
        n->next->prev = n->prev;
    n->prev = n->next = NULL;
}

static void link_conn(srv_guard *g, guard_conn *n)
{
    n->next = g->head;
    if (g->head)
        g->head->prev = n;
    g->head = n;
}

/* The pending connection on fd (under the lock), or NULL. */
static guard_conn *pending(srv_guard *g, MHD_socket fd)
{
    for (guard_conn *n = g->head; n; n = n->next)
        if (!n->started && n->fd == fd)
            return n;
    return NULL;
}

bool srv_guard_admit(srv_guard *g, int fd, uint32_t addr)
{
    pthread_mutex_lock(&g->mu);
    guard_conn *old = pending(g, fd); /* fd was closed since: that one is gone */
    if (old) {
        unlink_conn(g, old);
        free(old);
    }
    unsigned all = 0, same = 0;
    for (guard_conn *n = g->head; n; n = n->next) {
        all++;
        same += n->addr == addr;
    }
    guard_conn *n = NULL;
    if ((!g->max_conns || all < g->max_conns) && (!g->max_per_ip || same < g->max_per_ip) &&
        (n = calloc(1, sizeof *n))) {
        n->fd = fd;
        n->addr = addr;
        n->start = now_s();
        link_conn(g, n);
    }
    pthread_mutex_unlock(&g->mu);
    return n != NULL;
}

void srv_guard_forget(srv_guard *g, int fd)
{
    pthread_mutex_lock(&g->mu);
    guard_conn *n = pending(g, fd);
    if (n)
        unlink_conn(g, n);
    pthread_mutex_unlock(&g->mu);
    free(n);
}

void srv_guard_notify(void *cls, struct MHD_Connection *c, void **socket_context,
                      enum MHD_ConnectionNotificationCode code)
{
    srv_guard *g = cls;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        const union MHD_ConnectionInfo *ci =
            MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
        *socket_context = NULL;
        if (!ci)
            return;
        pthread_mutex_lock(&g->mu);
        guard_conn *n = pending(g, ci->connect_fd);
        if (!n && (n = calloc(1, sizeof *n))) { /* not through srv_guard_admit */
            n->fd = ci->connect_fd;
            link_conn(g, n);
        }
        if (n) {
            n->started = true;
            n->start = now_s();
        }
        *socket_context = n;
        pthread_mutex_unlock(&g->mu);
        return;
    }
    guard_conn *n = *socket_context;
    *socket_context = NULL;
    if (!n)
        return;
    pthread_mutex_lock(&g->mu);
    unlink_conn(g, n);
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
        for (guard_conn *n = g->head, *next; n; n = next) {
            next = n->next;
            if (!n->started && t - n->start >= (time_t)g->deadline) {
                unlink_conn(g, n); /* never started: libmicrohttpd dropped it */
                free(n);
            } else if (n->started && !n->cut && t - n->start >= (time_t)g->deadline) {
                n->cut = true;
                shutdown(n->fd, SHUT_RDWR);
            }
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
    while (g->head) { /* admitted, never started (libmicrohttpd has stopped) */
        guard_conn *n = g->head;
        unlink_conn(g, n);
        free(n);
    }
    pthread_mutex_destroy(&g->mu);
    pthread_cond_destroy(&g->wake);
}
