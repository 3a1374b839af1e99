/* The connection limits and the absolute request deadline (conn_guard.c,
 * issues 30 and 45). */
#ifndef BMP_SERVER_CONN_GUARD_H
#define BMP_SERVER_CONN_GUARD_H

#include <microhttpd.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

struct guard_conn;

typedef struct srv_guard {
    pthread_mutex_t mu;
    pthread_cond_t wake;
    pthread_t thread;
    struct guard_conn *head;    /* the open connections, and those admitted not yet started */
    unsigned deadline;          /* seconds from a connection's start or last request */
    unsigned max_conns;         /* connections in all (0: no limit) */
    unsigned max_per_ip;        /* connections from one address (0: no limit) */
    bool stop, running;
    void (*tick)(void *cls);    /* called every second by the thread (NULL: none) */
    void *tick_cls;
} srv_guard;

/* The reaper thread: it also calls tick(cls) every second, outside its lock
 * (the read pool's sweep, pool.c). */
int srv_guard_start(srv_guard *g, unsigned deadline, void (*tick)(void *cls), void *cls);
/* The accepting thread asks before it hands socket fd from addr (IPv4,
 * network order) to libmicrohttpd: false past either limit (then it
 * closes fd at once), else fd is counted from now on. */
bool srv_guard_admit(srv_guard *g, int fd, uint32_t addr);
/* fd was admitted but libmicrohttpd refused it (and closed it). */
void srv_guard_forget(srv_guard *g, int fd);
/* Stop the reaper (after MHD_stop_daemon: no connection is left). */
void srv_guard_stop(srv_guard *g);
/* MHD_OPTION_NOTIFY_CONNECTION's callback (cls: the srv_guard). */
void srv_guard_notify(void *cls, struct MHD_Connection *c, void **socket_context,
                      enum MHD_ConnectionNotificationCode code);
/* A request on c completed: its next request gets a full deadline. */
void srv_guard_request_done(srv_guard *g, struct MHD_Connection *c);

#endif
