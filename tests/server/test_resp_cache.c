/* The response cache of `bridgemp serve` (src/server/resp_cache.c, issue
 * 30): an answer is served again at its generation and never at another;
 * memory stays under the cap, the least recently used going first; an
 * older answer never replaces a newer one; an entry's object is made
 * outside the lock (the entry may be replaced meanwhile); many threads at
 * once (run under ThreadSanitizer by scripts/test.sh). */
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "server/resp_cache.h"

static void put(srv_cache *c, const char *key, uint64_t gen, const char *body)
{
    srv_cached h = {.status = 200, .ctype = "application/json", .etag = "\"e\""};
    srv_cache_put(c, key, gen, &h, body, strlen(body));
}

/* The body kept for key at gen, or NULL (static buffer). */
static const char *get(srv_cache *c, const char *key, uint64_t gen)
{
    static char out[4096];
    core_buf b = {0};
    srv_cached h;
    bool hit = srv_cache_get(c, key, gen, &h, &b);
    if (hit) {
        assert_int_equal(h.status, 200);
        assert_string_equal(h.ctype, "application/json");
        snprintf(out, sizeof out, "%s", b.data ? b.data : "");
    }
    core_buf_free(&b);
    return hit ? out : NULL;
}

static void served_at_its_generation_only(void **state)
{
    (void)state;
    assert_null(srv_cache_new(0)); /* --cache-mb 0: no cache */
    srv_cache *c = srv_cache_new(1 << 20);
    assert_non_null(c);
    uint64_t g = srv_cache_gen(c);
    put(c, "/api/v1/players/abf/1003", g, "{\"name\":\"Player 3\"}");
    assert_string_equal(get(c, "/api/v1/players/abf/1003", g), "{\"name\":\"Player 3\"}");
    assert_string_equal(get(c, "/api/v1/players/abf/1003", g), "{\"name\":\"Player 3\"}");
    assert_null(get(c, "/api/v1/players/abf/1003?x", g)); /* the query is part of the key */
    srv_cache_bump(c);
    assert_int_equal(srv_cache_gen(c), g + 1);
    assert_null(get(c, "/api/v1/players/abf/1003", g + 1)); /* stale: dropped */
    assert_null(get(c, "/api/v1/players/abf/1003", g));     /* and gone */
    srv_cache_stats st;
    srv_cache_stats_get(c, &st);
    assert_int_equal(st.entries, 0);
    assert_int_equal(st.bytes, 0);
    assert_int_equal(st.hits, 2);
    assert_int_equal(st.misses, 3);
    /* an answer from an older snapshot never replaces a newer one */
    put(c, "/k", g + 1, "new");
    put(c, "/k", g, "old");
    assert_string_equal(get(c, "/k", g + 1), "new");
    srv_cache_free(c);
}

/* 64 KiB and answers of 1,000 bytes: at most 64 KiB held, at least 40
 * answers (each costs 1,000 bytes + key + header, under 1,200), the
 * least recently used evicted first. */
static void bounded_least_recently_used_first(void **state)
{
    (void)state;
    srv_cache *c = srv_cache_new(64 << 10);
    char body[1001], key[32];
    memset(body, 'x', 1000);
    body[1000] = '\0';
    for (int i = 0; i < 1000; i++) {
        snprintf(key, sizeof key, "/p/%d", i);
        put(c, key, 1, body);
        assert_non_null(get(c, "/p/0", 1)); /* kept in use: never the oldest */
        srv_cache_stats st;
        srv_cache_stats_get(c, &st);
        assert_true(st.bytes <= 64 << 10);
    }
    srv_cache_stats st;
    srv_cache_stats_get(c, &st);
    assert_true(st.entries >= 40 && st.entries <= 65);
    assert_int_equal(st.evictions, 1000 - st.entries);
    assert_null(get(c, "/p/1", 1));   /* the oldest unused went first */
    assert_non_null(get(c, "/p/999", 1));
    /* an answer over an eighth of the cache is not kept */
    char big[9000];
    memset(big, 'y', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    put(c, "/big", 1, big);
    assert_null(get(c, "/big", 1));
    srv_cache_free(c);
}

/* An object as the server's prebuilt response is one: made from the
 * entry's body, counted references (the cache's, and one per "response in
 * flight"), the entry's memory given back when the last one goes. */
typedef struct obj {
    _Atomic int refs;
    char body[64];
    void *mem;
} obj;

typedef struct objs {
    _Atomic int made, freed;
} objs;

static objs *g_objs; /* the test's counters, for unmake (which has no context) */
static void (*g_during_make)(void); /* run inside make, if set */

static void *make(void *ctx, const srv_cached *h, const char *body, size_t len, void *mem)
{
    objs *o = ctx;
    obj *b = calloc(1, sizeof *b);
    assert_non_null(b);
    assert_int_equal(h->status, 200);
    snprintf(b->body, sizeof b->body, "%.*s", (int)len, body);
    b->refs = 1;
    b->mem = mem;
    o->made++;
    if (g_during_make)
        g_during_make();
    return b;
}

static void obj_unref(obj *b)
{
    if (atomic_fetch_sub(&b->refs, 1) == 1) {
        srv_cache_mem_free(b->mem);
        free(b);
        g_objs->freed++;
    }
}

static void unmake(void *p) { obj_unref(p); }

/* use: take a reference, as MHD_queue_response does */
static void use(void *ctx, const srv_cached *h, void *p, size_t len)
{
    obj **out = ctx;
    obj *b = p;
    assert_int_equal(h->status, 200);
    assert_int_equal(strlen(b->body), len);
    b->refs++;
    *out = b;
}

/* A hit through srv_cache_serve: the object is made at the second ask of
 * a key (the first after it was stored), never before, once; it is
 * released when the entry goes stale, and the entry's memory lives until
 * the last response using it is done (run under ASan and Valgrind by the
 * sanitizer CI: a use after free or a leak fails there). */
static void objects_made_at_the_second_ask_and_released(void **state)
{
    (void)state;
    objs o = {0};
    g_objs = &o;
    srv_cache *c = srv_cache_new(1 << 20);
    srv_cache_set_objects(c, make, unmake, &o);
    obj *got = NULL;
    assert_false(srv_cache_serve(c, "/a", 1, use, &got)); /* nothing stored */
    put(c, "/a", 1, "{\"a\":1}");
    assert_int_equal(o.made, 0); /* a miss does not pay for the object */
    assert_true(srv_cache_serve(c, "/a", 1, use, &got));
    assert_int_equal(o.made, 1);
    assert_string_equal(got->body, "{\"a\":1}");
    obj *first = got;
    assert_true(srv_cache_serve(c, "/a", 1, use, &got));
    assert_ptr_equal(got, first); /* made once, served again */
    assert_int_equal(o.made, 1);
    assert_false(srv_cache_serve(c, "/a", 2, use, &got)); /* another generation */
    /* stale: dropped by the next get, released by the cache, but two
     * "responses" still hold it */
    assert_null(get(c, "/a", 2));
    assert_int_equal(o.freed, 0);
    assert_string_equal(first->body, "{\"a\":1}");
    obj_unref(first);
    assert_int_equal(o.freed, 0);
    obj_unref(first); /* the last: the entry's memory goes with it */
    assert_int_equal(o.freed, 1);
    /* one stored and served, one stored only: freeing the cache releases
     * the first's object and frees the second's entry */
    put(c, "/b", 2, "b");
    put(c, "/c", 2, "c");
    assert_true(srv_cache_serve(c, "/b", 2, use, &got));
    obj_unref(got);
    srv_cache_stats st;
    srv_cache_stats_get(c, &st);
    assert_int_equal(st.hits, 3);
    srv_cache_free(c);
    assert_int_equal(o.made, 2);
    assert_int_equal(o.freed, 2);
}

/* make runs outside the cache's lock: meanwhile another request may use
 * the cache, even replace the very entry whose object is being made. */
static srv_cache *g_cache;
static void replace_x(void)
{
    put(g_cache, "/x", 2, "x2"); /* under the old code (make under the lock): a deadlock */
}

static void entry_replaced_while_its_object_is_made(void **state)
{
    (void)state;
    objs o = {0};
    g_objs = &o;
    srv_cache *c = g_cache = srv_cache_new(1 << 20);
    srv_cache_set_objects(c, make, unmake, &o);
    put(c, "/x", 1, "x1");
    g_during_make = replace_x;
    obj *got = NULL;
    /* the object of "x1" is made, but its entry left meanwhile: no hit,
     * the object released at once (the entry's memory with it) */
    assert_false(srv_cache_serve(c, "/x", 1, use, &got));
    g_during_make = NULL;
    assert_null(got);
    assert_int_equal(o.made, 1);
    assert_int_equal(o.freed, 1);
    assert_string_equal(get(c, "/x", 2), "x2"); /* the newer answer is kept */
    /* and its object is made and served as usual: made 2, freed 1 */
    assert_true(srv_cache_serve(c, "/x", 2, use, &got));
    assert_string_equal(got->body, "x2");
    obj_unref(got);
    srv_cache_stats st;
    srv_cache_stats_get(c, &st);
    assert_int_equal(st.entries, 1);
    assert_int_equal(st.hits, 2); /* the get and the serve of "x2" */
    srv_cache_free(c);
    assert_int_equal(o.made, 2);
    assert_int_equal(o.freed, 2);
}

typedef struct worker {
    srv_cache *c;
    int id;
    long hits;
} worker;

/* Readers and writers at once: every hit is the body its key was given.
 * Every other request is one of 10 hot keys that every thread asks (kept:
 * about 20 other entries come between two asks of one, the cache holds
 * about 50), the others one of 300 cold keys (evictions all along). */
static void *work(void *arg)
{
    worker *w = arg;
    char key[32], body[64];
    for (int i = 0; i < 20000; i++) {
        int k = i % 2 ? (i / 2) % 10 : 10 + (i * 7 + w->id) % 300;
        snprintf(key, sizeof key, "/p/%d", k);
        snprintf(body, sizeof body, "body of %d", k);
        uint64_t g = srv_cache_gen(w->c);
        core_buf b = {0};
        srv_cached h;
        obj *got = NULL;
        if (i % 3 == 0 && srv_cache_serve(w->c, key, g, use, &got)) {
            assert_string_equal(got->body, body);
            obj_unref(got);
            w->hits++;
        } else if (srv_cache_get(w->c, key, g, &h, &b)) {
            assert_string_equal(b.data, body);
            w->hits++;
        } else if (i % 4 == 0 || srv_cache_admit(w->c, key)) {
            srv_cached n = {.status = 200, .ctype = "text/plain"};
            srv_cache_put(w->c, key, g, &n, body, strlen(body));
        }
        core_buf_free(&b);
        if (i % 5000 == 4999 && w->id == 0)
            srv_cache_bump(w->c);
    }
    return NULL;
}

/* The doorkeeper (srv_cache_admit): a key is kept from its second ask; a
 * key whose slot other keys took since is forgotten (kept one ask later);
 * the table is sized by the cache (1 MiB: 1,024 slots). */
static void admitted_from_the_second_ask(void **state)
{
    (void)state;
    srv_cache *c = srv_cache_new(1 << 20);
    assert_false(srv_cache_admit(c, "/api/v1/players/abf/1003"));
    assert_true(srv_cache_admit(c, "/api/v1/players/abf/1003"));
    assert_true(srv_cache_admit(c, "/api/v1/players/abf/1003")); /* still remembered */
    assert_false(srv_cache_admit(c, "/api/v1/players/abf/1003?x")); /* a key of its own */
    assert_false(srv_cache_admit(c, "/player/abf/1003"));
    /* 100,000 other keys over 1,024 slots: each slot taken about 98 times,
     * so the first key's too (left untaken: probability about e^-98) */
    char key[32];
    int again = 0;
    for (int i = 0; i < 100000; i++) {
        snprintf(key, sizeof key, "/api/v1/players/abf/%d", 2000000 + i);
        again += srv_cache_admit(c, key);
    }
    /* each asked once: admitted only where an equal fingerprint was left
     * in its slot (none of 100,000 at 1 in 2^31) */
    assert_int_equal(again, 0);
    assert_false(srv_cache_admit(c, "/api/v1/players/abf/1003"));
    assert_true(srv_cache_admit(c, "/api/v1/players/abf/1003"));
    srv_cache_free(c);
}

static void threads(void **state)
{
    (void)state;
    /* small: evictions all along (an entry with an object costs about
     * 1,150 bytes: about 55 fit) */
    srv_cache *c = srv_cache_new(64 << 10);
    objs o = {0};
    g_objs = &o;
    srv_cache_set_objects(c, make, unmake, &o); /* and prebuilt objects */
    pthread_t t[4];
    worker w[4];
    for (int i = 0; i < 4; i++) {
        w[i] = (worker){.c = c, .id = i};
        assert_int_equal(pthread_create(&t[i], NULL, work, &w[i]), 0);
    }
    long hits = 0;
    for (int i = 0; i < 4; i++) {
        pthread_join(t[i], NULL);
        hits += w[i].hits;
    }
    srv_cache_stats st;
    srv_cache_stats_get(c, &st);
    assert_true(st.bytes <= 64 << 10);
    assert_int_equal(st.hits, (uint64_t)hits);
    assert_int_equal(st.hits + st.misses, 80000); /* a serve's miss is counted by the get */
    assert_true(hits > 0);
    srv_cache_free(c);
    assert_true(o.made > 0);
    assert_int_equal(o.freed, o.made); /* every object released once */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(served_at_its_generation_only),
        cmocka_unit_test(bounded_least_recently_used_first),
        cmocka_unit_test(admitted_from_the_second_ask),
        cmocka_unit_test(threads),
        cmocka_unit_test(objects_made_at_the_second_ask_and_released),
        cmocka_unit_test(entry_replaced_while_its_object_is_made),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
