/* The response cache of `bridgemp serve` (issue 30, docs/serve.md "Response
 * cache"): public GET answers kept in memory, keyed by the request's method
 * and raw target (path and query), each stamped with the generation it was
 * computed at.  The generation is bumped whenever a request's snapshot sees
 * the ledger changed (bmp_ledger_changed) and after every write the server
 * makes; an entry of an older generation is never served.  Memory is
 * bounded (least recently used entries go first).  Thread-safe: the
 * generation is atomic, the table under one mutex. */
#ifndef BMP_SERVER_RESP_CACHE_H
#define BMP_SERVER_RESP_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/buf.h"

typedef struct srv_cache srv_cache;

/* A cached answer as it goes back to a request: the status, the content
 * type (a string literal: every handler's is), the body and its ETag. */
typedef struct srv_cached {
    int status;
    const char *ctype;
    char etag[36];
} srv_cached;

typedef struct srv_cache_stats {
    size_t entries, bytes, max_bytes;
    uint64_t hits, misses, stores, evictions;
} srv_cache_stats;

/* A cache of at most max_bytes (entries, keys and bodies counted); NULL
 * when max_bytes is 0 (no cache) or memory ran out. */
srv_cache *srv_cache_new(size_t max_bytes);
void srv_cache_free(srv_cache *c);

/* The current generation, and a new one (everything cached is stale). */
uint64_t srv_cache_gen(srv_cache *c);
void srv_cache_bump(srv_cache *c);

/* The entry for key of generation gen: its head in *out and its body
 * appended to body (true); false when there is none, it is older, or the
 * body could not be copied. */
bool srv_cache_get(srv_cache *c, const char *key, uint64_t gen, srv_cached *out, core_buf *body);
/* Keep an answer computed in a snapshot begun at generation gen (read
 * before the snapshot began: a write committed meanwhile has bumped the
 * generation past it, so the entry is never served stale).  An answer
 * larger than an eighth of the cache is not kept. */
void srv_cache_put(srv_cache *c, const char *key, uint64_t gen, const srv_cached *head,
                   const char *body, size_t len);
void srv_cache_stats_get(srv_cache *c, srv_cache_stats *out);

/* Whether an answer just computed for key is worth keeping: true when key
 * was asked recently before, else false and key remembered, so that its
 * next ask is kept (a "doorkeeper", as in TinyLFU's admission).  Most
 * keys are asked once -- a crawler, a run over every player -- and
 * keeping each would cost an allocation, a copy of the body and an
 * eviction of an answer that is asked again, under the cache's lock.  The
 * memory is a table of 32-bit fingerprints by hash (a slot per KiB of the
 * cache, at least 1,024), each slot the last key that fell there: without
 * a lock, a key forgotten when another takes its slot (then kept one ask
 * later), a different key taken for it once in 2^32 (then kept at once). */
bool srv_cache_admit(srv_cache *c, const char *key);

/* Objects made once per entry and used at every hit (the server's
 * prebuilt libmicrohttpd response: a hit then costs a lookup, no copy and
 * no allocation).  make(ctx, head, body, len, mem) is called at an
 * entry's first srv_cache_serve, outside the cache's lock (the entry is
 * kept meanwhile; if it leaves the table meanwhile the object is unmade
 * at once and that ask is no hit); body (len bytes) stays valid until the object calls
 * srv_cache_mem_free(mem), which it must do exactly once, when unmake(obj)
 * was called and the object no longer uses the body (a response may still
 * be sending it).  make may answer NULL: the entry is then kept without.
 * Set before the cache is shared between threads. */
typedef void *(*srv_cache_make)(void *ctx, const srv_cached *head, const char *body, size_t len,
                                void *mem);
typedef void (*srv_cache_unmake)(void *obj);
void srv_cache_set_objects(srv_cache *c, srv_cache_make make, srv_cache_unmake unmake, void *ctx);
void srv_cache_mem_free(void *mem);
/* What an object is counted for, beside its entry (a response's headers). */
#define SRV_CACHE_OBJ_COST 1024
/* The entry for key of generation gen, if it has an object: use(ctx, head,
 * obj, len) is called under the cache's lock (the object cannot be
 * released meanwhile) and true answered; false otherwise (nothing counted
 * as a miss: srv_cache_get, asked next, counts it). */
typedef void (*srv_cache_use)(void *ctx, const srv_cached *head, void *obj, size_t len);
bool srv_cache_serve(srv_cache *c, const char *key, uint64_t gen, srv_cache_use use, void *ctx);

#endif
