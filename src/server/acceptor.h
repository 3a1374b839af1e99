/* The listening socket of `bridgemp serve`, and the thread that accepts its
 * connections and hands them to libmicrohttpd's workers (acceptor.c). */
#ifndef BMP_SERVER_ACCEPTOR_H
#define BMP_SERVER_ACCEPTOR_H

#include <microhttpd.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdbool.h>

typedef struct srv_acceptor {
    int fd;          /* the listening socket, or -1 */
    int wake[2];     /* a pipe: written once to stop the thread */
    pthread_t thread;
    bool running;
    struct MHD_Daemon *d;
    /* asked before a connection is handed over: false closes it at once
     * (the limits, conn_guard.c); forget: handed over and refused */
    bool (*admit)(void *cls, int fd, const struct sockaddr_in *peer);
    void (*forget)(void *cls, int fd);
    void *cls;
} srv_acceptor;

/* Bind to sa and listen (0 or -1 with errno set; a->fd -1 then). */
int srv_acceptor_listen(srv_acceptor *a, const struct sockaddr_in *sa);
/* The port it listens on (the one the system chose for port 0). */
unsigned srv_acceptor_port(const srv_acceptor *a);
/* Accept connections for d (started with MHD_USE_NO_LISTEN_SOCKET) until
 * srv_acceptor_stop; 0 or -1. */
int srv_acceptor_start(srv_acceptor *a, struct MHD_Daemon *d);
/* No new connection: the thread stopped and the socket closed (before
 * MHD_stop_daemon; the connections already handed over stay). */
void srv_acceptor_stop(srv_acceptor *a);

#endif
