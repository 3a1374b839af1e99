/* The read-only ledger pool: reads are public, so they run on connections
 * that cannot write (bmp_ledger_opts.read_only, W-1).  A handle is taken
 * for one request and given back; new ones are opened on demand. */
#include <stdlib.h>
#include <string.h>

#include "server/http_internal.h"

static bmp_status open_ro(const char *db, bmp_ledger **l, bmp_error *e)
{
    bmp_ledger_opts o = {.size = sizeof o, .who = "serve", .read_only = true};
    return bmp_ledger_open(db, &o, l, e);
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
    srv_pool_put(p, l);
    return 0;
}

bmp_ledger *srv_pool_get(srv_pool *p, bmp_error *e)
{
    bmp_ledger *l = NULL;
    pthread_mutex_lock(&p->mu);
    if (p->nfree)
        l = p->free[--p->nfree];
    pthread_mutex_unlock(&p->mu);
    if (!l && open_ro(p->db, &l, e))
        return NULL;
    /* one snapshot per request: its reads agree, and cost one lock */
    if (bmp_ledger_snapshot_begin(l, e)) {
        bmp_ledger_close(l);
        return NULL;
    }
    return l;
}

void srv_pool_put(srv_pool *p, bmp_ledger *l)
{
    if (!l)
        return;
    bmp_ledger_snapshot_end(l);
    pthread_mutex_lock(&p->mu);
    if (p->nfree == p->cap) {
        size_t cap = p->cap ? p->cap * 2 : 8;
        bmp_ledger **f = realloc(p->free, cap * sizeof *f);
        if (!f) {
            pthread_mutex_unlock(&p->mu);
            bmp_ledger_close(l);
            return;
        }
        p->free = f;
        p->cap = cap;
    }
    p->free[p->nfree++] = l;
    pthread_mutex_unlock(&p->mu);
}

void srv_pool_free(srv_pool *p)
{
    for (size_t i = 0; i < p->nfree; i++)
        bmp_ledger_close(p->free[i]);
    free(p->free);
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
