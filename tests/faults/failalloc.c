/* Allocation-failure injection (failalloc.h). */
#include "failalloc.h"

#include <execinfo.h>
#include <stdio.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
char *__real_strdup(const char *s);
char *__real_strndup(const char *s, size_t n);

static size_t armed, counted;
static int fired;

void failalloc_arm(size_t k)
{
    armed = k;
    counted = 0;
    fired = 0;
}

size_t failalloc_count(void) { return counted; }
int failalloc_fired(void) { return fired; }

/* Is this allocation the one that fails? */
static int fail_now(void)
{
    counted++;
    if (armed && counted == armed) {
        fired = 1;
        /* BMP_FAULT_TRACE=1: where each injected failure happens */
        const char *trace = getenv("BMP_FAULT_TRACE");
        if (trace && *trace == '1') {
            void *frames[12];
            int n = backtrace(frames, 12);
            fprintf(stderr, "failalloc: allocation %zu fails at\n", counted);
            backtrace_symbols_fd(frames, n, 2);
        }
        return 1;
    }
    return 0;
}

void *__wrap_malloc(size_t n) { return fail_now() ? NULL : __real_malloc(n); }
void *__wrap_calloc(size_t n, size_t size) { return fail_now() ? NULL : __real_calloc(n, size); }
void *__wrap_realloc(void *p, size_t n) { return fail_now() ? NULL : __real_realloc(p, n); }
char *__wrap_strdup(const char *s) { return fail_now() ? NULL : __real_strdup(s); }
char *__wrap_strndup(const char *s, size_t n) { return fail_now() ? NULL : __real_strndup(s, n); }

/* SQLite's allocator on top of ours.  xSize answers the size SQLite asked
 * for (kept in a header), not malloc_usable_size: SQLite sizes its arrays
 * by xSize (a VDBE's op array, a string's room) and skips a realloc that
 * fits, so with glibc's usable size the number of allocations a statement
 * makes followed the heap's layout, which differs from run to run (jansson
 * seeds its hash tables at random, so the order it frees an object's
 * members in does too): a page's count of allocations varied by one or
 * two between runs and the sweep's points fell on other allocations. */
enum { SQ_HEAD = 16 }; /* keeps malloc's alignment */
static void *sq_at(char *h, int n)
{
    if (!h)
        return NULL;
    memcpy(h, &n, sizeof n);
    return h + SQ_HEAD;
}
static void *sq_malloc(int n) { return sq_at(__wrap_malloc((size_t)n + SQ_HEAD), n); }
static void sq_free(void *p)
{
    if (p)
        free((char *)p - SQ_HEAD);
}
static void *sq_realloc(void *p, int n)
{
    if (!p)
        return sq_malloc(n);
    return sq_at(__wrap_realloc((char *)p - SQ_HEAD, (size_t)n + SQ_HEAD), n);
}
static int sq_size(void *p)
{
    int n = 0;
    if (p)
        memcpy(&n, (char *)p - SQ_HEAD, sizeof n);
    return n;
}
static int sq_roundup(int n) { return (n + 7) & ~7; }
static int sq_init(void *x) { (void)x; return SQLITE_OK; }
static void sq_shutdown(void *x) { (void)x; }

void failalloc_install(void)
{
    static const sqlite3_mem_methods m = {sq_malloc, sq_free, sq_realloc, sq_size,
                                          sq_roundup, sq_init, sq_shutdown, NULL};
    /* jansson's own allocations are not injected: its parser (2.14) loses a
     * character of a string when its buffer cannot grow instead of failing
     * (this sweep found it: "last 8 of 32" read as "last 8 o 32";
     * docs/reliability.md), which no caller can detect.  Nor are
     * libxml2's: its text writer (2.9.14) writes an empty element and
     * reports success when escaping the text fails (found here too:
     * <PLAYER_NAME/> for "Birch A"). */
    sqlite3_config(SQLITE_CONFIG_MALLOC, &m);
    /* SQLite's lookaside would hide most of its allocations from us */
    sqlite3_config(SQLITE_CONFIG_LOOKASIDE, 0, 0);
}
