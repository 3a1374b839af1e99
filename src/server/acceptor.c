/* Connections accepted here, handed to libmicrohttpd's workers in turn
 * (issue 30, docs/serve.md "Hardening").
 *
 * Why not libmicrohttpd's own accept: in 0.9.75 the worker threads of its
 * pool share one listening socket, each waiting on it in its own epoll, and
 * whichever wakes first accepts up to ten connections in a row.  A client
 * that opens its connections at once (a proxy's keep-alive pool, wrk) often
 * finds them all on one worker, which then serves every request while the
 * other idles: bench/serve measured one worker at 87 % of a core and the
 * other at 12 %, and the player page at 27,000 requests/s instead of
 * 37,000, in about half its runs.  MHD_add_connection gives a connection to
 * the worker numbered by its socket, modulo the pool's size (then the next
 * one with room), so connections opened together alternate between them.
 * The limits are the server's own (issue 45, conn_guard.c): past
 * --max-connections, or --max-per-ip from one address, the connection is
 * closed here at once, before libmicrohttpd sees it. */
#define _GNU_SOURCE /* accept4, pipe2 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include "server/acceptor.h"

int srv_acceptor_listen(srv_acceptor *a, const struct sockaddr_in *sa)
{
    *a = (srv_acceptor){.fd = -1, .wake = {-1, -1}};
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    int on = 1;
    /* as libmicrohttpd's MHD_OPTION_LISTENING_ADDRESS_REUSE 1, used before */
    if (fd < 0 || setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on) ||
        setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &on, sizeof on) ||
        bind(fd, (const struct sockaddr *)sa, sizeof *sa) || listen(fd, SOMAXCONN) ||
        pipe2(a->wake, O_CLOEXEC)) {
        int e = errno;
        if (fd >= 0)
            close(fd);
        errno = e;
        return -1;
    }
    a->fd = fd;
    return 0;
}

unsigned srv_acceptor_port(const srv_acceptor *a)
{
    struct sockaddr_in sa;
    socklen_t len = sizeof sa;
    if (a->fd < 0 || getsockname(a->fd, (struct sockaddr *)&sa, &len))
        return 0;
    return ntohs(sa.sin_port);
}

/* Out of descriptors or memory: accepting again at once would spin (the
 * connection stays in the backlog), so the loop waits 100 ms, or for the
 * stop, first. */
static bool transient(int e) { return e == EMFILE || e == ENFILE || e == ENOBUFS || e == ENOMEM; }

static void *accept_loop(void *arg)
{
    srv_acceptor *a = arg;
    struct pollfd p[2] = {{.fd = a->fd, .events = POLLIN}, {.fd = a->wake[0], .events = POLLIN}};
    bool backoff = false;
    for (;;) {
        p[0].revents = p[1].revents = 0;
        if (backoff && poll(&p[1], 1, 100) > 0)
            break; /* stopped while waiting */
        backoff = false;
        if (poll(p, 2, -1) < 0 && errno != EINTR)
            break;
        if (p[1].revents)
            break; /* srv_acceptor_stop */
        if (!p[0].revents)
            continue;
        struct sockaddr_in peer;
        socklen_t len = sizeof peer;
        int c = accept4(a->fd, (struct sockaddr *)&peer, &len, SOCK_CLOEXEC | SOCK_NONBLOCK);
        if (c < 0) {
            backoff = transient(errno);
            continue; /* EAGAIN, ECONNABORTED, EINTR...: the next one */
        }
        if (a->admit && !a->admit(a->cls, c, &peer)) {
            close(c); /* over a limit */
            continue;
        }
        /* closes c itself when it refuses it (out of memory) */
        if (MHD_add_connection(a->d, c, (const struct sockaddr *)&peer, len) != MHD_YES &&
            a->forget)
            a->forget(a->cls, c);
    }
    return NULL;
}

int srv_acceptor_start(srv_acceptor *a, struct MHD_Daemon *d)
{
    a->d = d;
    if (pthread_create(&a->thread, NULL, accept_loop, a))
        return -1;
    a->running = true;
    return 0;
}

void srv_acceptor_stop(srv_acceptor *a)
{
    if (a->running) {
        char b = 1;
        while (write(a->wake[1], &b, 1) < 0 && errno == EINTR)
            ;
        pthread_join(a->thread, NULL);
        a->running = false;
    }
    for (int i = 0; i < 2; i++)
        if (a->wake[i] >= 0)
            close(a->wake[i]), a->wake[i] = -1;
    if (a->fd >= 0)
        close(a->fd), a->fd = -1;
}
