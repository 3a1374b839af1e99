/* I/O failure and crashes at every point of a ledger month (issue 16).
 *
 * A SQLite VFS shim over the default one counts every write, sync and
 * truncate of the ledger's files (database, WAL, shared memory excluded).
 * A clean month (import, approve, close: three transactions) counts them;
 * then, for every point k:
 *   - I/O error: the k-th operation and every one after it fail
 *     (SQLITE_IOERR, a disk gone bad); the month must stop with a clean
 *     error;
 *   - crash: a child process runs the month and _exit()s at the k-th
 *     operation, as a SIGKILL would (the operating system keeps what was
 *     written: a process crash, not a power cut).
 * After each, the ledger reopened through the real VFS must verify and be
 * in the state after 0, 1, 2 or 3 of the month's transactions -- the one
 * the month reached -- never in between.
 *
 *   test_fault_io                every point (a ledger month has a few
 *                                hundred)
 */
#include <sqlite3.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bridgemp/bridgemp.h"
#include "bridgemp/ledger.h"

#ifndef BMP_SOURCE_DIR
#define BMP_SOURCE_DIR "."
#endif

static int failures;

#define CHECK(cond, ...)                                                                   \
    do {                                                                                   \
        if (!(cond)) {                                                                     \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                           \
            fprintf(stderr, __VA_ARGS__);                                                  \
            fprintf(stderr, "\n");                                                         \
            failures++;                                                                    \
        }                                                                                  \
    } while (0)

/* ---- the shim ------------------------------------------------------------ */

enum { MODE_COUNT, MODE_FAIL, MODE_CRASH };
static int mode;
static size_t armed, counted;
static sqlite3_vfs *real_vfs;

typedef struct shim_file {
    sqlite3_file base;
    sqlite3_file *real; /* the real VFS's file, allocated right after this */
} shim_file;

/* Is this write, sync or truncate the one that fails (or every one after)? */
static int io_point(void)
{
    counted++;
    if (mode == MODE_CRASH && counted == armed)
        _exit(77); /* no atexit handlers, no buffers flushed: a kill */
    if (mode == MODE_FAIL && armed && counted >= armed)
        return 1;
    return 0;
}

#define REAL(f) (((shim_file *)(f))->real)

static int s_close(sqlite3_file *f)
{
    int rc = REAL(f)->pMethods->xClose(REAL(f));
    return rc;
}
static int s_read(sqlite3_file *f, void *b, int n, sqlite3_int64 o)
{
    return REAL(f)->pMethods->xRead(REAL(f), b, n, o);
}
static int s_write(sqlite3_file *f, const void *b, int n, sqlite3_int64 o)
{
    return io_point() ? SQLITE_IOERR_WRITE : REAL(f)->pMethods->xWrite(REAL(f), b, n, o);
}
static int s_truncate(sqlite3_file *f, sqlite3_int64 n)
{
    return io_point() ? SQLITE_IOERR_TRUNCATE : REAL(f)->pMethods->xTruncate(REAL(f), n);
}
static int s_sync(sqlite3_file *f, int flags)
{
    return io_point() ? SQLITE_IOERR_FSYNC : REAL(f)->pMethods->xSync(REAL(f), flags);
}
static int s_size(sqlite3_file *f, sqlite3_int64 *n) { return REAL(f)->pMethods->xFileSize(REAL(f), n); }
static int s_lock(sqlite3_file *f, int l) { return REAL(f)->pMethods->xLock(REAL(f), l); }
static int s_unlock(sqlite3_file *f, int l) { return REAL(f)->pMethods->xUnlock(REAL(f), l); }
static int s_reserved(sqlite3_file *f, int *r)
{
    return REAL(f)->pMethods->xCheckReservedLock(REAL(f), r);
}
static int s_fcntl(sqlite3_file *f, int op, void *a)
{
    return REAL(f)->pMethods->xFileControl(REAL(f), op, a);
}
static int s_sector(sqlite3_file *f) { return REAL(f)->pMethods->xSectorSize(REAL(f)); }
static int s_devchar(sqlite3_file *f) { return REAL(f)->pMethods->xDeviceCharacteristics(REAL(f)); }
static int s_shm_map(sqlite3_file *f, int pg, int sz, int ext, void volatile **p)
{
    return REAL(f)->pMethods->xShmMap(REAL(f), pg, sz, ext, p);
}
static int s_shm_lock(sqlite3_file *f, int off, int n, int flags)
{
    return REAL(f)->pMethods->xShmLock(REAL(f), off, n, flags);
}
static void s_shm_barrier(sqlite3_file *f) { REAL(f)->pMethods->xShmBarrier(REAL(f)); }
static int s_shm_unmap(sqlite3_file *f, int del) { return REAL(f)->pMethods->xShmUnmap(REAL(f), del); }
static int s_fetch(sqlite3_file *f, sqlite3_int64 o, int n, void **p)
{
    return REAL(f)->pMethods->xFetch(REAL(f), o, n, p);
}
static int s_unfetch(sqlite3_file *f, sqlite3_int64 o, void *p)
{
    return REAL(f)->pMethods->xUnfetch(REAL(f), o, p);
}

static const sqlite3_io_methods shim_io = {
    3,       s_close,  s_read,     s_write,   s_truncate,    s_sync,
    s_size,  s_lock,   s_unlock,   s_reserved, s_fcntl,      s_sector,
    s_devchar, s_shm_map, s_shm_lock, s_shm_barrier, s_shm_unmap, s_fetch,
    s_unfetch,
};

static int shim_open(sqlite3_vfs *v, const char *name, sqlite3_file *f, int flags, int *out)
{
    (void)v;
    shim_file *sf = (shim_file *)f;
    sf->real = (sqlite3_file *)(sf + 1);
    int rc = real_vfs->xOpen(real_vfs, name, sf->real, flags, out);
    /* a file the real VFS did not open has no methods to close */
    sf->base.pMethods = sf->real->pMethods ? &shim_io : NULL;
    return rc;
}

static int shim_delete(sqlite3_vfs *v, const char *name, int sync)
{
    (void)v;
    return io_point() ? SQLITE_IOERR_DELETE : real_vfs->xDelete(real_vfs, name, sync);
}
static int shim_access(sqlite3_vfs *v, const char *n, int f, int *r)
{
    (void)v;
    return real_vfs->xAccess(real_vfs, n, f, r);
}
static int shim_full(sqlite3_vfs *v, const char *n, int sz, char *out)
{
    (void)v;
    return real_vfs->xFullPathname(real_vfs, n, sz, out);
}
static int shim_random(sqlite3_vfs *v, int n, char *out)
{
    (void)v;
    return real_vfs->xRandomness(real_vfs, n, out);
}
static int shim_sleep(sqlite3_vfs *v, int us)
{
    (void)v;
    return real_vfs->xSleep(real_vfs, us);
}
static int shim_time(sqlite3_vfs *v, double *t)
{
    (void)v;
    return real_vfs->xCurrentTime(real_vfs, t);
}
static int shim_lasterr(sqlite3_vfs *v, int n, char *b)
{
    (void)v;
    return real_vfs->xGetLastError(real_vfs, n, b);
}
static int shim_time64(sqlite3_vfs *v, sqlite3_int64 *t)
{
    (void)v;
    return real_vfs->xCurrentTimeInt64(real_vfs, t);
}

static sqlite3_vfs shim_vfs;

/* The shim becomes the default VFS (bmp_ledger_open uses the default). */
static void shim_install(bool on)
{
    if (!real_vfs) {
        real_vfs = sqlite3_vfs_find(NULL);
        shim_vfs = (sqlite3_vfs){.iVersion = 2,
                                 .szOsFile = (int)sizeof(shim_file) + real_vfs->szOsFile,
                                 .mxPathname = real_vfs->mxPathname,
                                 .zName = "bmp-fault-shim",
                                 .xOpen = shim_open,
                                 .xDelete = shim_delete,
                                 .xAccess = shim_access,
                                 .xFullPathname = shim_full,
                                 .xRandomness = shim_random,
                                 .xSleep = shim_sleep,
                                 .xCurrentTime = shim_time,
                                 .xGetLastError = shim_lasterr,
                                 .xCurrentTimeInt64 = shim_time64};
    }
    if (on)
        sqlite3_vfs_register(&shim_vfs, 1);
    else
        sqlite3_vfs_register(real_vfs, 1);
}

/* ---- the month ------------------------------------------------------------ */

#define NOW "2026-11-25T12:00:00Z"

static bmp_status open_at(const char *db, bool create, bmp_ledger **l, bmp_error *e)
{
    bmp_ledger_opts o = {.size = sizeof o, .create = create, .who = "faults", .now = NOW};
    return bmp_ledger_open(db, &o, l, e);
}

/* Steps: 1 import, 2 approve, 3 close; *done counts the committed ones. */
static bmp_status month(const char *db, int upto, int *done, bmp_error *e)
{
    bmp_ledger *l = NULL;
    *done = 0;
    bmp_status st = open_at(db, false, &l, e);
    int64_t batch = 0;
    bmp_ledger_import_opts io = {.size = sizeof io, .body = "abf", .club = "2074"};
    bmp_ledger_close_stats cs;
    if (!st && upto >= 1 &&
        !(st = bmp_ledger_import(l, BMP_SOURCE_DIR "/examples/abf/club-pairs.json", &io, &batch,
                                 NULL, e)))
        ++*done;
    if (!st && upto >= 2 && !(st = bmp_ledger_approve(l, batch, e)))
        ++*done;
    if (!st && upto >= 3 && !(st = bmp_ledger_close_period(l, "abf", "2025-09", &cs, e)))
        ++*done;
    bmp_ledger_close(l);
    return st;
}

static char *dump_verified(const char *db)
{
    bmp_ledger *l = NULL;
    bmp_error e = {0};
    char *d = NULL;
    if (open_at(db, false, &l, &e) || bmp_ledger_dump(l, &d, &e)) {
        fprintf(stderr, "FAIL reopen %s: %s\n", db, e.msg);
        failures++;
        bmp_ledger_close(l);
        return strdup("(unreadable)");
    }
    bmp_problems p = {0};
    bmp_status v = bmp_ledger_verify(l, &p, &e);
    CHECK(v == BMP_OK && p.count == 0, "verify %s: %s", db, p.count ? p.msgs[0] : e.msg);
    bmp_problems_free(&p);
    bmp_ledger_close(l);
    return d;
}

static void remove_db(const char *db)
{
    char p[600];
    unlink(db);
    snprintf(p, sizeof p, "%s-wal", db);
    unlink(p);
    snprintf(p, sizeof p, "%s-shm", db);
    unlink(p);
}

static void copy_file(const char *from, const char *to)
{
    FILE *a = fopen(from, "rb"), *b = fopen(to, "wb");
    if (!a || !b)
        exit(2);
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, a)) > 0)
        fwrite(buf, 1, n, b);
    fclose(a);
    fclose(b);
}

static char dir[] = "/tmp/bmp-faultio-XXXXXX";
static char base[64], db[64];
static char *states[4];

static void make_states(void)
{
    bmp_ledger *l = NULL;
    bmp_error e = {0};
    size_t n = 0;
    if (open_at(base, true, &l, &e) ||
        bmp_ledger_import_clubs(l, "abf", BMP_SOURCE_DIR "/examples/ledger/abf-clubs.csv", &n,
                                NULL, &e) ||
        bmp_ledger_import_players(l, "abf", BMP_SOURCE_DIR "/examples/ledger/abf-players.csv",
                                  &n, NULL, &e)) {
        fprintf(stderr, "base ledger: %s\n", e.msg);
        exit(2);
    }
    bmp_ledger_close(l);
    for (int step = 0; step <= 3; step++) {
        remove_db(db);
        copy_file(base, db);
        int done = 0;
        if (month(db, step, &done, &e) || done != step) {
            fprintf(stderr, "clean month, step %d: %s\n", step, e.msg);
            exit(2);
        }
        states[step] = dump_verified(db);
    }
}

/* The state of db is one of states[0..3]: which, or -1. */
static int state_of(const char *d)
{
    for (int i = 0; i <= 3; i++)
        if (strcmp(d, states[i]) == 0)
            return i;
    return -1;
}

static void sweep_errors(size_t total)
{
    size_t reached[4] = {0};
    for (size_t k = 1; k <= total; k++) {
        remove_db(db);
        copy_file(base, db);
        bmp_error e = {0};
        int done = 0;
        shim_install(true);
        mode = MODE_FAIL;
        armed = k;
        counted = 0;
        bmp_status st = month(db, 3, &done, &e);
        mode = MODE_COUNT;
        armed = 0;
        shim_install(false);
        CHECK(st != BMP_OK || done == 3, "I/O error %zu: no error reported", k);
        CHECK(st == BMP_OK || e.msg[0], "I/O error %zu: status %d without a message", k, (int)st);
        char *d = dump_verified(db);
        int s = state_of(d);
        CHECK(s >= 0, "I/O error at operation %zu: the ledger is in none of the month's states "
                      "(the month had committed %d step(s))", k, done);
        CHECK(s < 0 || s >= done, "I/O error at operation %zu: committed step %d lost", k, done);
        if (s >= 0)
            reached[s]++;
        free(d);
    }
    printf("I/O errors: %zu points; the ledger was left after step 0: %zu, 1: %zu, 2: %zu, "
           "3: %zu\n", total, reached[0], reached[1], reached[2], reached[3]);
}

static void sweep_crashes(size_t total)
{
    size_t reached[4] = {0}, killed = 0;
    for (size_t k = 1; k <= total; k++) {
        remove_db(db);
        copy_file(base, db);
        fflush(NULL);
        pid_t pid = fork();
        if (pid == 0) {
            shim_install(true);
            mode = MODE_CRASH;
            armed = k;
            counted = 0;
            bmp_error e = {0};
            int done = 0;
            month(db, 3, &done, &e);
            _exit(done == 3 ? 0 : 1);
        }
        int ws = 0;
        waitpid(pid, &ws, 0);
        killed += WIFEXITED(ws) && WEXITSTATUS(ws) == 77;
        char *d = dump_verified(db);
        int s = state_of(d);
        CHECK(s >= 0, "crash at operation %zu: the ledger is in none of the month's states", k);
        if (s >= 0)
            reached[s]++;
        free(d);
    }
    printf("crashes: %zu points (%zu killed mid-month); the ledger was left after step 0: %zu, "
           "1: %zu, 2: %zu, 3: %zu\n", total, killed, reached[0], reached[1], reached[2],
           reached[3]);
}

int main(void)
{
    if (!mkdtemp(dir))
        return 2;
    snprintf(base, sizeof base, "%s/base.db", dir);
    snprintf(db, sizeof db, "%s/l.db", dir);
    shim_install(false);
    make_states();

    /* the clean month through the shim: how many points it has */
    remove_db(db);
    copy_file(base, db);
    bmp_error e = {0};
    int done = 0;
    shim_install(true);
    mode = MODE_COUNT;
    counted = 0;
    bmp_status st = month(db, 3, &done, &e);
    size_t total = counted;
    shim_install(false);
    CHECK(st == BMP_OK && done == 3, "the clean month through the shim: %s", e.msg);
    char *d = dump_verified(db);
    CHECK(strcmp(d, states[3]) == 0, "the clean month through the shim differs");
    free(d);
    printf("a ledger month (import, approve, close): %zu writes, syncs and truncates\n", total);

    sweep_errors(total);
    sweep_crashes(total);

    for (int i = 0; i <= 3; i++)
        free(states[i]);
    remove_db(db);
    remove_db(base);
    rmdir(dir);
    if (failures)
        fprintf(stderr, "%d failure(s)\n", failures);
    return failures ? 1 : 0;
}
