/* The read pool of `bridgemp serve` (src/server/pool.c, issue 30): a
 * handle's snapshot is kept across requests while the ledger's change
 * stamp has not moved, and never serves a request older than the last
 * commit (ruling W-9, amended for the miss path); an idle pool lets go of
 * its snapshot after a write, so the WAL can be checkpointed.  Runs on
 * both backends (test_srv_pool_pg: no stamp there, a snapshot per
 * request); the sweep runs on the server's deadline thread, which
 * cli_serve_cache exercises under ThreadSanitizer (scripts/test.sh), and
 * threads_share_the_pool here does too. */
#include <pthread.h>
#include <sqlite3.h>

#include "ledger_test_util.h"
#include "bridgemp/ledger_api.h"
#include "server/http_internal.h"

/* Player 1003's name as one request reads it: a handle from the pool, the
 * summary, the handle given back. */
static const char *request_name(srv_pool *p, bmp_ledger **used)
{
    static char name[128];
    bmp_error e = {0};
    bmp_ledger *l = srv_pool_get(p, &e);
    assert_non_null(l);
    bmp_ledger_summary s;
    assert_int_equal(bmp_ledger_player_summary(l, "abf", "1003", &s, &e), BMP_OK);
    snprintf(name, sizeof name, "%s", s.name);
    srv_pool_put(p, l);
    if (used)
        *used = l;
    return name;
}

static bool on_sqlite(lt *t) { return strncmp(t->db, "postgres", 8) != 0; }

/* A write committed through another connection before a request is seen
 * by that request, though the pool's one handle kept its snapshot from the
 * request before (on SQLite: the same handle every time, its snapshot
 * reused while nothing is written). */
static void a_commit_is_seen_by_the_next_request(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    srv_pool p;
    char err[256];
    assert_int_equal(srv_pool_init(&p, t.db, err, sizeof err), 0);
    assert_int_equal(p.watch != NULL, on_sqlite(&t)); /* a stamp on SQLite (WAL) only */
    bmp_ledger *first = NULL, *l = NULL;
    assert_string_equal(request_name(&p, &first), "Player 3"); /* LT_ABF_PLAYERS */
    for (int i = 1; i <= 10; i++) {
        /* nothing written: the same handle, its snapshot kept on SQLite */
        assert_string_equal(request_name(&p, &l), i == 1 ? "Player 3" : "Player Three");
        assert_ptr_equal(l, first);
        char name[32];
        snprintf(name, sizeof name, "Player Three %d", i);
        lt_rename_1003(&t, name); /* committed before the next request */
        assert_string_equal(request_name(&p, &l), name);
        assert_ptr_equal(l, first); /* one handle: the kept one, its snapshot renewed */
        lt_rename_1003(&t, "Player Three");
    }
    assert_string_equal(request_name(&p, NULL), "Player Three");
    srv_pool_free(&p);
    lt_done(&t);
}

/* PRAGMA wal_checkpoint(TRUNCATE) on a connection of its own, not waiting
 * for readers: 1 when a reader's snapshot kept it from finishing. */
static int checkpoint_busy(const char *db)
{
    sqlite3 *h = NULL;
    sqlite3_stmt *st = NULL;
    assert_int_equal(sqlite3_open(db, &h), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(h, "PRAGMA wal_checkpoint(TRUNCATE)", -1, &st, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    int busy = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    sqlite3_close(h);
    return busy;
}

/* An idle pool holding a snapshot: while nothing is written the sweep
 * leaves it (no WAL frame is newer than it); after a write it is older
 * than the ledger, a TRUNCATE checkpoint cannot finish (busy 1), and the
 * sweep ends it (1 snapshot), after which the checkpoint finishes (busy 0).
 * On PostgreSQL nothing is kept: the sweep has nothing to end. */
static void an_idle_pool_lets_go_after_a_write(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    srv_pool p;
    char err[256];
    assert_int_equal(srv_pool_init(&p, t.db, err, sizeof err), 0);
    assert_string_equal(request_name(&p, NULL), "Player 3");
    assert_int_equal(srv_pool_sweep(&p), 0); /* nothing written: kept */
    lt_rename_1003(&t, "Player Three");
    if (!on_sqlite(&t)) {
        assert_int_equal(srv_pool_sweep(&p), 0);
        srv_pool_free(&p);
        lt_done(&t);
        return;
    }
    assert_int_equal(checkpoint_busy(t.db), 1); /* the idle snapshot holds the WAL */
    assert_int_equal(srv_pool_sweep(&p), 1);
    assert_int_equal(srv_pool_sweep(&p), 0); /* ended once */
    assert_int_equal(checkpoint_busy(t.db), 0);
    assert_string_equal(request_name(&p, NULL), "Player Three");
    srv_pool_free(&p);
    lt_done(&t);
}

/* A write committed while a request holds the handle: the snapshot is
 * ended when the handle is given back (it is older than the ledger), so
 * the sweep finds nothing to end and the next request reads the write. */
static void given_back_after_a_write_it_is_ended(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    srv_pool p;
    char err[256];
    assert_int_equal(srv_pool_init(&p, t.db, err, sizeof err), 0);
    bmp_error e = {0};
    bmp_ledger *l = srv_pool_get(&p, &e);
    assert_non_null(l);
    bmp_ledger_summary s;
    assert_int_equal(bmp_ledger_player_summary(l, "abf", "1003", &s, &e), BMP_OK);
    lt_rename_1003(&t, "Player Three");
    /* still the request's snapshot: as it began */
    assert_int_equal(bmp_ledger_player_summary(l, "abf", "1003", &s, &e), BMP_OK);
    assert_string_equal(s.name, "Player 3");
    srv_pool_put(&p, l);
    assert_int_equal(srv_pool_sweep(&p), 0);
    if (on_sqlite(&t))
        assert_int_equal(checkpoint_busy(t.db), 0);
    assert_string_equal(request_name(&p, NULL), "Player Three");
    srv_pool_free(&p);
    lt_done(&t);
}

/* Four threads taking and giving back handles while a fifth sweeps and
 * the test writes: every request sees at least the last name committed
 * before it began (the names are numbered; ThreadSanitizer checks the
 * pool's shared state under scripts/test.sh). */
typedef struct shared {
    srv_pool *p;
    _Atomic int committed; /* the number of the last name committed */
    _Atomic bool stop;
    _Atomic int stale;     /* requests that read an older name than committed before */
} shared;

static void *reader(void *arg)
{
    shared *sh = arg;
    while (!sh->stop) {
        int before = sh->committed;
        bmp_error e = {0};
        bmp_ledger *l = srv_pool_get(sh->p, &e);
        if (!l)
            continue;
        bmp_ledger_summary s;
        int seen = -1;
        if (bmp_ledger_player_summary(l, "abf", "1003", &s, &e) == BMP_OK)
            sscanf(s.name, "Player Three %d", &seen);
        srv_pool_put(sh->p, l);
        if (seen < before)
            sh->stale++;
    }
    return NULL;
}

static void *sweeper(void *arg)
{
    shared *sh = arg;
    while (!sh->stop)
        srv_pool_sweep(sh->p);
    return NULL;
}

static void threads_share_the_pool(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    lt_rename_1003(&t, "Player Three 0");
    srv_pool p;
    char err[256];
    assert_int_equal(srv_pool_init(&p, t.db, err, sizeof err), 0);
    shared sh = {.p = &p};
    pthread_t th[5];
    for (int i = 0; i < 4; i++)
        assert_int_equal(pthread_create(&th[i], NULL, reader, &sh), 0);
    assert_int_equal(pthread_create(&th[4], NULL, sweeper, &sh), 0);
    for (int i = 1; i <= 30; i++) {
        char name[32];
        snprintf(name, sizeof name, "Player Three %d", i);
        lt_rename_1003(&t, name);
        sh.committed = i;
    }
    sh.stop = true;
    for (int i = 0; i < 5; i++)
        pthread_join(th[i], NULL);
    assert_int_equal(sh.stale, 0);
    assert_string_equal(request_name(&p, NULL), "Player Three 30");
    srv_pool_free(&p);
    lt_done(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_commit_is_seen_by_the_next_request),
        cmocka_unit_test(an_idle_pool_lets_go_after_a_write),
        cmocka_unit_test(given_back_after_a_write_it_is_ended),
        cmocka_unit_test(threads_share_the_pool),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
