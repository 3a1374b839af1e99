/* The read-only ledger pool: reads are public, so they run on connections
 * that cannot write (bmp_ledger_opts.read_only, W-1).  A handle is taken
 * for one request and given back; new ones are opened on demand.
 *
 * Each request reads in one snapshot.  Where the store has a change stamp
 * (SQLite in WAL mode: bmp_ledger_watch_read), a handle's snapshot is kept
 * open across requests while the stamp has not moved (ruling W-9, amended
 * for the miss path): the stamp is read before the snapshot begins and kept
 * with the handle, and a request reuses the snapshot only when the stamp it
 * reads now is that one, so no commit happened since and the snapshot is
 * the ledger as the request arrived.  A snapshot whose stamp moved is ended
 * when its handle is given back, and by srv_pool_sweep (the server calls it
 * every second) on the handles idle in the pool: an old snapshot does not
 * pin the WAL for long after a write (docs/serve.md "Response cache"). */
#include <stdlib.h>
#include <string.h>

#include "server/http_internal.h"

/* One pooled handle.  busy (under the pool's mutex): lent to a request;
 * only that request touches stamp and the snapshot meanwhile. */
struct srv_held {
    bmp_ledger *l;
    uint64_t stamp; /* the stamp read before its snapshot began; 0: no snapshot open */
    bool busy;
};

static bmp_status open_ro(const char *db, bmp_ledger **l, bmp_error *e)
{
    bmp_ledger_opts o = {.size = sizeof o, .who = "serve", .read_only = true};
    return bmp_ledger_open(db, &o, l, e);
}

/* The watch: a read-only handle of its own whose stamp is read without a
 * query; none where the store has no stamp (PostgreSQL, not WAL). */
static void watch_open(srv_pool *p)
{
    bmp_error e = {0};
    if (open_ro(p->db, &p->watch, &e) == BMP_OK && bmp_ledger_watch_open(p->watch, &e) == BMP_OK)
        return;
    bmp_ledger_close(p->watch);
    p->watch = NULL;
}

/* A new handle, lent (busy) from the start. */
static struct srv_held *held_add(srv_pool *p, bmp_ledger *l)
{
    struct srv_held *h = calloc(1, sizeof *h);
    if (!h)
        return NULL;
    *h = (struct srv_held){.l = l, .busy = true};
    pthread_mutex_lock(&p->mu);
    if (p->n == p->cap) {
        size_t cap = p->cap ? p->cap * 2 : 8;
        struct srv_held **a = realloc(p->all, cap * sizeof *a);
        if (!a) {
            pthread_mutex_unlock(&p->mu);
            free(h);
            return NULL;
        }
        p->all = a;
        p->cap = cap;
    }
    p->all[p->n++] = h;
    pthread_mutex_unlock(&p->mu);
    return h;
}

int srv_pool_init(srv_pool *p, const char *db, char *errbuf, size_t size)
{
    memset(p, 0, sizeof *p);
    p->db = db;
    pthread_mutex_init(&p->mu, NULL);
    bmp_error e = {0};
    bmp_ledger *l = NULL;
    if (open_ro(db, &l, &e)) {
        snprintf(errbuf, size, "%s", e.msg);
        return -1;
    }
    struct srv_held *h = held_add(p, l);
    if (!h) {
        bmp_ledger_close(l);
        snprintf(errbuf, size, "out of memory");
        return -1;
    }
    h->busy = false;
    watch_open(p);
    return 0;
}

uint64_t srv_pool_stamp(const srv_pool *p)
{
    return p->watch ? bmp_ledger_watch_read(p->watch) : 0;
}

/* An idle handle, one whose snapshot is at stamp `now` if there is one. */
static struct srv_held *take_idle(srv_pool *p, uint64_t now)
{
    struct srv_held *got = NULL;
    pthread_mutex_lock(&p->mu);
    for (size_t i = 0; i < p->n; i++) {
        struct srv_held *h = p->all[i];
        if (h->busy)
            continue;
        if (!got || (now && h->stamp == now))
            got = h;
        if (now && h->stamp == now)
            break;
    }
    if (got)
        got->busy = true;
    pthread_mutex_unlock(&p->mu);
    return got;
}

bmp_ledger *srv_pool_get(srv_pool *p, bmp_error *e)
{
    uint64_t now = srv_pool_stamp(p); /* before the snapshot begins (W-9) */
    struct srv_held *h = take_idle(p, now);
    if (!h) {
        bmp_ledger *l = NULL;
        if (open_ro(p->db, &l, e))
            return NULL;
        if (!(h = held_add(p, l))) {
            bmp_ledger_close(l);
            bmp_error_oom(e);
            return NULL;
        }
    }
    if (now && h->stamp == now)
        return h->l; /* nothing committed since its snapshot began */
    if (h->stamp)
        bmp_ledger_snapshot_end(h->l);
    h->stamp = 0;
    /* one snapshot per request at least: its reads agree, and cost one lock */
    if (bmp_ledger_snapshot_begin(h->l, e)) {
        srv_pool_put(p, h->l);
        return NULL;
    }
    h->stamp = now; /* 0 (no stamp): the snapshot ends with the request */
    return h->l;
}

void srv_pool_put(srv_pool *p, bmp_ledger *l)
{
    if (!l)
        return;
    struct srv_held *h = NULL;
    pthread_mutex_lock(&p->mu);
    for (size_t i = 0; i < p->n && !h; i++)
        if (p->all[i]->l == l)
            h = p->all[i];
    pthread_mutex_unlock(&p->mu);
    if (!h) { /* not ours: cannot happen */
        bmp_ledger_close(l);
        return;
    }
    /* kept open only while no commit has happened since it began */
    if (!h->stamp || h->stamp != srv_pool_stamp(p)) {
        bmp_ledger_snapshot_end(l);
        h->stamp = 0;
    }
    pthread_mutex_lock(&p->mu);
    h->busy = false;
    pthread_mutex_unlock(&p->mu);
}

size_t srv_pool_sweep(srv_pool *p)
{
    if (!p->watch)
        return 0;
    uint64_t now = srv_pool_stamp(p);
    size_t ended = 0;
    pthread_mutex_lock(&p->mu);
    for (size_t i = 0; i < p->n; i++) {
        struct srv_held *h = p->all[i];
        if (h->busy || !h->stamp || h->stamp == now)
            continue;
        bmp_ledger_snapshot_end(h->l);
        h->stamp = 0;
        ended++;
    }
    pthread_mutex_unlock(&p->mu);
    return ended;
}

void srv_pool_free(srv_pool *p)
{
    for (size_t i = 0; i < p->n; i++) {
        if (p->all[i]->stamp)
            bmp_ledger_snapshot_end(p->all[i]->l);
        bmp_ledger_close(p->all[i]->l);
        free(p->all[i]);
    }
    free(p->all);
    bmp_ledger_close(p->watch);
    pthread_mutex_destroy(&p->mu);
}

bmp_ledger *srv_req_ledger(srv_req *rq, bmp_error *e)
{
    return rq->l ? rq->l : srv_pool_get(&rq->s->pool, e);
}

void srv_req_ledger_put(srv_req *rq, bmp_ledger *l)
{
    if (l != rq->l)
        srv_pool_put(&rq->s->pool, l);
}
