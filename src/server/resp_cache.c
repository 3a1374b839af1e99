/* The response cache (resp_cache.h): a hash table of entries chained per
 * bucket, a list in order of use for eviction, one mutex over both, and an
 * atomic generation.  An entry is one allocation: the header, the body and
 * the key.  An entry with an object (the server's prebuilt response) is
 * freed by the object's release (srv_cache_mem_free), which may come after
 * the entry left the table: a response still being sent keeps its body.
 *
 * Nothing is allocated, copied or freed under the mutex (but the rare
 * doubling of the table, and srv_cache_get's copy of a body): a new entry
 * is built before it is taken, the entries that leave the table are
 * collected and released after it is let go, and an entry's object is
 * made outside it, the entry pinned meanwhile.  malloc and free may wait
 * for glibc's arena lock of the other thread; under the cache's mutex
 * that wait would hold up every request (docs/performance.md, issue 30). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "server/resp_cache.h"

typedef struct entry {
    struct entry *chain;       /* the next entry of the bucket */
    struct entry *prev, *next; /* in order of use, the most recent first */
    uint64_t hash, gen;
    srv_cached head;
    size_t klen, len, cost;
    char *key;
    void *obj; /* made by the cache's make at the first hit, or NULL */
    bool tried; /* make was called (and failed, if obj is NULL) */
    bool making, gone; /* make runs outside the lock; the entry left meanwhile */
    char body[]; /* the body, then the key and its NUL */
} entry;

struct srv_cache {
    pthread_mutex_t mu;
    _Atomic uint64_t gen;
    entry **buckets;
    size_t nbuckets; /* a power of two */
    entry *first, *last;
    srv_cache_stats st;
    srv_cache_make make;
    srv_cache_unmake unmake;
    void *ctx;
    _Atomic uint32_t *seen; /* srv_cache_admit's fingerprints */
    size_t seen_mask;       /* their count less one (a power of two) */
};

static uint64_t hash_of(const char *s, size_t n)
{
    uint64_t h = 14695981039346656037u; /* FNV-1a */
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211u;
    return h;
}

void srv_cache_set_objects(srv_cache *c, srv_cache_make make, srv_cache_unmake unmake, void *ctx)
{
    c->make = make;
    c->unmake = unmake;
    c->ctx = ctx;
}

void srv_cache_mem_free(void *mem) { free(mem); }

/* An entry leaves: its object lets go of it (and frees it when the last
 * response using it is done), or it is freed now. */
static void release(srv_cache *c, entry *e)
{
    if (e->obj)
        c->unmake(e->obj);
    else
        free(e);
}

srv_cache *srv_cache_new(size_t max_bytes)
{
    if (!max_bytes)
        return NULL;
    srv_cache *c = calloc(1, sizeof *c);
    size_t nseen = 1024;
    while (nseen < max_bytes / 1024 && nseen < ((size_t)1 << 24))
        nseen *= 2;
    if (c) {
        c->buckets = calloc(c->nbuckets = 256, sizeof *c->buckets);
        c->seen = calloc(nseen, sizeof *c->seen);
        c->seen_mask = nseen - 1;
    }
    if (!c || !c->buckets || !c->seen) {
        if (c)
            free(c->buckets), free(c->seen);
        free(c);
        return NULL;
    }
    pthread_mutex_init(&c->mu, NULL);
    atomic_init(&c->gen, 1);
    c->st.max_bytes = max_bytes;
    return c;
}

void srv_cache_free(srv_cache *c)
{
    if (!c)
        return;
    for (entry *e = c->first, *n; e; e = n) {
        n = e->next;
        release(c, e);
    }
    free(c->buckets);
    free(c->seen);
    pthread_mutex_destroy(&c->mu);
    free(c);
}

uint64_t srv_cache_gen(srv_cache *c) { return atomic_load(&c->gen); }
void srv_cache_bump(srv_cache *c) { atomic_fetch_add(&c->gen, 1); }

/* Release the entries that left the table (chained by `chain`), after the
 * mutex is let go. */
static void release_all(srv_cache *c, entry *gone)
{
    for (entry *n; gone; gone = n) {
        n = gone->chain;
        release(c, gone);
    }
}

/* ---- under the mutex ------------------------------------------------------ */

static entry **slot_of(srv_cache *c, const char *key, size_t klen, uint64_t h)
{
    entry **p = &c->buckets[h & (c->nbuckets - 1)];
    while (*p && ((*p)->hash != h || (*p)->klen != klen || memcmp((*p)->key, key, klen) != 0))
        p = &(*p)->chain;
    return p;
}

static void unlink_use(srv_cache *c, entry *e)
{
    *(e->prev ? &e->prev->next : &c->first) = e->next;
    *(e->next ? &e->next->prev : &c->last) = e->prev;
    e->prev = e->next = NULL;
}

static void link_first(srv_cache *c, entry *e)
{
    e->next = c->first;
    *(c->first ? &c->first->prev : &c->last) = e;
    c->first = e;
}

/* e leaves the table: onto *gone, released once the mutex is let go; an
 * entry whose object is being made is left to its maker (gone). */
static void drop(srv_cache *c, entry *e, entry **gone)
{
    entry **p = slot_of(c, e->key, e->klen, e->hash);
    *p = e->chain;
    unlink_use(c, e);
    c->st.entries--;
    c->st.bytes -= e->cost;
    if (e->making) {
        e->gone = true;
        return;
    }
    e->chain = *gone;
    *gone = e;
}

/* Twice the buckets once there are more entries than buckets (a failed
 * allocation keeps the table as it is: longer chains, still correct). */
static void grow(srv_cache *c)
{
    if (c->st.entries <= c->nbuckets)
        return;
    size_t n = c->nbuckets * 2;
    entry **b = calloc(n, sizeof *b);
    if (!b)
        return;
    for (size_t i = 0; i < c->nbuckets; i++)
        for (entry *e = c->buckets[i], *next; e; e = next) {
            next = e->chain;
            e->chain = b[e->hash & (n - 1)];
            b[e->hash & (n - 1)] = e;
        }
    free(c->buckets);
    c->buckets = b;
    c->nbuckets = n;
}

/* ---- the interface ----------------------------------------------------------- */

bool srv_cache_get(srv_cache *c, const char *key, uint64_t gen, srv_cached *out, core_buf *body)
{
    size_t klen = strlen(key);
    uint64_t h = hash_of(key, klen);
    bool hit = false;
    entry *gone = NULL;
    pthread_mutex_lock(&c->mu);
    entry *e = *slot_of(c, key, klen, h);
    if (e && e->gen != gen) { /* stale: never served again */
        drop(c, e, &gone);
        e = NULL;
    }
    if (e && core_buf_append(body, e->body, e->len) == 0) {
        *out = e->head;
        unlink_use(c, e);
        link_first(c, e);
        hit = true;
    }
    if (hit)
        c->st.hits++;
    else
        c->st.misses++;
    pthread_mutex_unlock(&c->mu);
    release_all(c, gone);
    return hit;
}

/* A hit through e's object: used under the mutex, e the most recent. */
static bool serve_hit(srv_cache *c, entry *e, srv_cache_use use, void *ctx)
{
    use(ctx, &e->head, e->obj, e->len);
    unlink_use(c, e);
    link_first(c, e);
    c->st.hits++;
    return true;
}

/* e's object, made outside the mutex (e pinned by `making`: its head and
 * body never change, and a drop meanwhile leaves it to us), then kept in
 * e and served, or released with e if e left the table meanwhile. */
static bool make_and_serve(srv_cache *c, entry *e, srv_cache_use use, void *ctx)
{
    void *obj = c->make(c->ctx, &e->head, e->body, e->len, e);
    pthread_mutex_lock(&c->mu);
    e->making = false;
    bool gone = e->gone, hit = false;
    if (!gone) {
        e->obj = obj;
        hit = obj && serve_hit(c, e, use, ctx);
    }
    pthread_mutex_unlock(&c->mu);
    if (gone) {
        e->obj = obj;
        release(c, e);
    }
    return hit;
}

bool srv_cache_serve(srv_cache *c, const char *key, uint64_t gen, srv_cache_use use, void *ctx)
{
    size_t klen = strlen(key);
    uint64_t h = hash_of(key, klen);
    pthread_mutex_lock(&c->mu);
    entry *e = *slot_of(c, key, klen, h);
    /* the second ask makes the object: most keys are never asked again,
     * so a miss does not pay for it */
    bool make = e && e->gen == gen && !e->obj && !e->tried && c->make;
    if (make)
        e->tried = e->making = true;
    bool hit = !make && e && e->gen == gen && e->obj && serve_hit(c, e, use, ctx);
    pthread_mutex_unlock(&c->mu);
    return make ? make_and_serve(c, e, use, ctx) : hit;
}

void srv_cache_put(srv_cache *c, const char *key, uint64_t gen, const srv_cached *head,
                   const char *body, size_t len)
{
    size_t klen = strlen(key);
    size_t size = sizeof(entry) + len + klen + 1;
    size_t cost = size + (c->make ? SRV_CACHE_OBJ_COST : 0);
    if (cost > c->st.max_bytes / 8)
        return;
    entry *e = malloc(size);
    if (!e)
        return;
    *e = (entry){.hash = hash_of(key, klen), .gen = gen, .head = *head, .klen = klen,
                 .len = len, .cost = cost};
    memcpy(e->body, body, len);
    e->key = e->body + len;
    memcpy(e->key, key, klen + 1);
    entry *gone = NULL;
    pthread_mutex_lock(&c->mu);
    entry **p = slot_of(c, key, klen, e->hash);
    if (*p && (*p)->gen > gen) { /* a newer answer is already kept */
        pthread_mutex_unlock(&c->mu);
        free(e);
        return;
    }
    if (*p)
        drop(c, *p, &gone);
    p = slot_of(c, key, klen, e->hash);
    *p = e;
    link_first(c, e);
    c->st.entries++;
    c->st.bytes += cost;
    c->st.stores++;
    while (c->st.bytes > c->st.max_bytes && c->last) {
        drop(c, c->last, &gone);
        c->st.evictions++;
    }
    grow(c);
    pthread_mutex_unlock(&c->mu);
    release_all(c, gone);
}

bool srv_cache_admit(srv_cache *c, const char *key)
{
    uint64_t h = hash_of(key, strlen(key));
    /* FNV-1a's high bits barely move with a key's last bytes (player
     * numbers): mixed first (MurmurHash3's finaliser), then the low bits
     * pick the slot and the high ones are the fingerprint */
    h = (h ^ (h >> 33)) * 0xff51afd7ed558ccdu;
    h = (h ^ (h >> 33)) * 0xc4ceb9fe1a85ec53u;
    h ^= h >> 33;
    uint32_t fp = (uint32_t)(h >> 32) | 1; /* never 0, an empty slot's */
    _Atomic uint32_t *slot = &c->seen[h & c->seen_mask];
    if (atomic_load_explicit(slot, memory_order_relaxed) == fp)
        return true;
    atomic_store_explicit(slot, fp, memory_order_relaxed);
    return false;
}

void srv_cache_stats_get(srv_cache *c, srv_cache_stats *out)
{
    pthread_mutex_lock(&c->mu);
    *out = c->st;
    pthread_mutex_unlock(&c->mu);
}
