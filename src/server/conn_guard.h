/* The absolute request deadline (conn_guard.c, issue 30). */
#ifndef BMP_SERVER_CONN_GUARD_H
#define BMP_SERVER_CONN_GUARD_H

#include <microhttpd.h>
#include <pthread.h>
#include <stdbool.h>

struct guard_conn;

typedef struct srv_guard {
    pthread_mutex_t mu;
    pthread_cond_t wake;
    pthread_t thread;
    struct guard_conn *head;    /* the open connections */
    unsigned deadline;          /* seconds from a connection's start or last request */
    bool stop, running;
    void (*tick)(void *cls);    /* called every second by the thread (NULL: none) */
    void *tick_cls;
} srv_guard;

/* The reaper thread: it also calls tick(cls) every second, outside its lock
 * (the read pool's sweep, pool.c). */
int srv_guard_start(srv_guard *g, unsigned deadline, void (*tick)(void *cls), void *cls);
/* Stop the reaper (after MHD_stop_daemon: no connection is left). */
void srv_guard_stop(srv_guard *g);
/* MHD_OPTION_NOTIFY_CONNECTION's callback (cls: the srv_guard). */
void srv_guard_notify(void *cls, struct MHD_Connection *c, void **socket_context,
                      enum MHD_ConnectionNotificationCode code);
/* A request on c completed: its next request gets a full deadline. */
void srv_guard_request_done(srv_guard *g, struct MHD_Connection *c);

#endif
