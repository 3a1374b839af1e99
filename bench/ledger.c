/* Benchmark: the ledger on SQLite.
 *
 *   ledger [PLAYERS [LINES [BATCH]]]   (default 100000 players, 1000000 lines
 *                                       in batches of 50000)
 *   ledger --db postgresql://... [...]  the same on a PostgreSQL server, with a
 *                                       COPY floor and 1, 4, 16 importers
 *                                       (bench/ledger_pg.h)
 *
 * In a temporary directory: registers PLAYERS ABF players from a CSV,
 * imports LINES award lines in batches (bmp_ledger_import_lines: every line
 * checked against the registry, control totals, journal and audit written
 * in one transaction per batch), approves them and closes a period
 * (post, holdings, re-rank every touched player, promotions).  The floor,
 * measured in the same run: a raw prepared-statement INSERT of the same
 * rows into an identical STRICT table, one transaction, same pragmas.
 * Floors with what the chain must do (issue 46): the raw post that also
 * hashes each changed holding row's image once (SHA-256 of its
 * "col=value|..." text, as the chain images a row), the same with also
 * each player the close re-ranked read and its row's image hashed once
 * (every row the close changes: the all-rows floor), and beside verify a
 * read of every row of every table of the ledger, each row's image hashed
 * the same way.
 * No asserts: figures for reading (docs/performance.md). */
#include <linux/perf_event.h>
#include <sodium.h>
#include <sqlite3.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bridgemp/ledger.h"

static double clock_of(clockid_t c)
{
    struct timespec ts;
    clock_gettime(c, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static double now(void) { return clock_of(CLOCK_MONOTONIC); }

/* Instructions retired by this process (user space), where the kernel lets
 * us count them: unlike time, they do not depend on the machine's load. */
static int insn_fd = -2;

static double insns(void)
{
    if (insn_fd == -2) {
        struct perf_event_attr a = {.type = PERF_TYPE_HARDWARE, .size = sizeof a,
                                    .config = PERF_COUNT_HW_INSTRUCTIONS, .exclude_kernel = 1,
                                    .exclude_hv = 1};
        insn_fd = (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, 0);
    }
    long long c = 0;
    if (insn_fd < 0 || read(insn_fd, &c, sizeof c) != sizeof c)
        return 0;
    return (double)c;
}

/* Wall clock, this process's CPU time and instructions: on a shared
 * machine the instruction count is the steady figure (SQLite works in the
 * calling thread). */
typedef struct span {
    double wall, cpu, ins;
} span;

static span span_start(void) { return (span){now(), clock_of(CLOCK_PROCESS_CPUTIME_ID), insns()}; }

static void span_add(span *total, span start)
{
    total->wall += now() - start.wall;
    total->cpu += clock_of(CLOCK_PROCESS_CPUTIME_ID) - start.cpu;
    total->ins += insns() - start.ins;
}

static void die(const char *what, const bmp_error *e)
{
    fprintf(stderr, "bench/ledger: %s: %s\n", what, e ? e->msg : "");
    exit(1);
}

/* The floor: the same rows, raw, one transaction.  With `keys`, the
 * journal also has the ledger's two foreign keys (to a batch and to a
 * player table of the same size, filled before the clock starts): what the
 * database itself must check for every line. */
__attribute__((noinline)) static span raw_insert(const char *path, long players, long lines,
                                                 bool keys)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *st = NULL;
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                        NULL) != SQLITE_OK) /* as the ledger opens it */
        die("raw open", NULL);
    sqlite3_exec(db,
                 "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;"
                 "CREATE TABLE kbatch (id INTEGER PRIMARY KEY) STRICT;"
                 "CREATE TABLE kplayer (id INTEGER PRIMARY KEY) STRICT;",
                 NULL, NULL, NULL);
    sqlite3_exec(db,
                 keys ? "CREATE TABLE journal (id INTEGER PRIMARY KEY, batch_id INTEGER NOT NULL "
                        "REFERENCES kbatch(id), player_id INTEGER NOT NULL REFERENCES kplayer(id), "
                        "point_type TEXT NOT NULL, points INTEGER NOT NULL, rule TEXT NOT NULL, "
                        "event TEXT NOT NULL, contestant TEXT NOT NULL) STRICT;"
                      : "CREATE TABLE journal (id INTEGER PRIMARY KEY, batch_id INTEGER NOT NULL, "
                        "player_id INTEGER NOT NULL, point_type TEXT NOT NULL, points INTEGER NOT "
                        "NULL, rule TEXT NOT NULL, event TEXT NOT NULL, contestant TEXT NOT NULL) "
                        "STRICT;",
                 NULL, NULL, NULL);
    sqlite3_exec(db,
                 "CREATE INDEX journal_batch ON journal (batch_id);"
                 "CREATE INDEX journal_player ON journal (player_id);"
                 "INSERT INTO kbatch (id) VALUES (1);",
                 NULL, NULL, NULL);
    sqlite3_exec(db, "BEGIN", NULL, NULL, NULL);
    if (sqlite3_prepare_v2(db, "INSERT INTO kplayer (id) VALUES (?1)", -1, &st, NULL) != SQLITE_OK)
        die("raw players", NULL);
    for (long i = 1; i <= players; i++) {
        sqlite3_bind_int64(st, 1, i);
        sqlite3_step(st);
        sqlite3_reset(st);
    }
    sqlite3_finalize(st);
    sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
    span t = {0}, t0 = span_start();
    sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
    sqlite3_prepare_v2(db,
                       "INSERT INTO journal (batch_id, player_id, point_type, points, rule, event, "
                       "contestant) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                       -1, &st, NULL);
    for (long i = 0; i < lines; i++) {
        sqlite3_bind_int64(st, 1, 1);
        sqlite3_bind_int64(st, 2, (i * 7919) % players + 1);
        sqlite3_bind_text(st, 3, "green", -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 4, 10 + i % 90);
        sqlite3_bind_text(st, 5, "ABF-6", -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 6, "bench", -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 7, "1", -1, SQLITE_STATIC);
        if (sqlite3_step(st) != SQLITE_DONE)
            die("raw insert", NULL);
        sqlite3_reset(st);
    }
    sqlite3_finalize(st);
    sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
    span_add(&t, t0);
    sqlite3_close(db);
    return t;
}

/* The close's floor: the holdings of the same rows summed into an
 * identical holding table in one statement (what any close must do). */
__attribute__((noinline)) static span raw_post(const char *path)
{
    sqlite3 *db = NULL;
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                        NULL) != SQLITE_OK) /* as the ledger opens it */
        die("raw open", NULL);
    sqlite3_exec(db,
                 "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;"
                 "CREATE TABLE holding (player_id INTEGER NOT NULL, point_type TEXT NOT NULL, "
                 "points INTEGER NOT NULL, PRIMARY KEY (player_id, point_type)) STRICT;",
                 NULL, NULL, NULL);
    span t = {0}, t0 = span_start();
    if (sqlite3_exec(db,
                     "BEGIN IMMEDIATE; INSERT INTO holding (player_id, point_type, points) "
                     "SELECT player_id, point_type, sum(points) FROM journal WHERE batch_id = 1 "
                     "GROUP BY player_id, point_type ON CONFLICT (player_id, point_type) "
                     "DO UPDATE SET points = holding.points + excluded.points; COMMIT",
                     NULL, NULL, NULL) != SQLITE_OK)
        die("raw post", NULL);
    span_add(&t, t0);
    sqlite3_close(db);
    return t;
}

/* A row's image as the chain writes it ("col=value|...", values as text,
 * NULL as \\N; escaping left out: the bench's values need none) and its
 * SHA-256 in hex, as the chain keeps it. */
static size_t hash_row(sqlite3_stmt *st, char *buf, size_t size, char hex[65])
{
    size_t used = 0;
    int n = sqlite3_column_count(st);
    for (int k = 0; k < n && used < size; k++) {
        const char *v = (const char *)sqlite3_column_text(st, k);
        used += (size_t)snprintf(buf + used, size - used, "%s%s=%s", k ? "|" : "",
                                 sqlite3_column_name(st, k), v ? v : "\\N");
    }
    if (used >= size)
        used = size - 1;
    unsigned char bin[crypto_hash_sha256_BYTES];
    crypto_hash_sha256(bin, (const unsigned char *)buf, used);
    sodium_bin2hex(hex, 65, bin, sizeof bin);
    return used;
}

/* The close's chain floor: the raw post into a second identical holding
 * table, each changed holding row returned and its image hashed once. */
__attribute__((noinline)) static span raw_post_chain(const char *path)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *st = NULL;
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK)
        die("raw open", NULL);
    sqlite3_exec(db,
                 "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;"
                 "CREATE TABLE holding_c (player_id INTEGER NOT NULL, point_type TEXT NOT NULL, "
                 "points INTEGER NOT NULL, PRIMARY KEY (player_id, point_type)) STRICT;",
                 NULL, NULL, NULL);
    span t = {0}, t0 = span_start();
    sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
    if (sqlite3_prepare_v2(db,
                           "INSERT INTO holding_c (player_id, point_type, points) "
                           "SELECT player_id, point_type, sum(points) FROM journal WHERE "
                           "batch_id = 1 GROUP BY player_id, point_type ON CONFLICT (player_id, "
                           "point_type) DO UPDATE SET points = holding_c.points + "
                           "excluded.points RETURNING player_id, point_type, points",
                           -1, &st, NULL) != SQLITE_OK)
        die("raw post (chain)", NULL);
    char buf[512], hex[65];
    unsigned char mix = 0;
    while (sqlite3_step(st) == SQLITE_ROW) {
        hash_row(st, buf, sizeof buf, hex);
        mix ^= (unsigned char)hex[0];
    }
    sqlite3_finalize(st);
    if (sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
        die("raw post (chain) commit", NULL);
    span_add(&t, t0);
    sqlite3_close(db);
    if (mix == 0xff) /* keep the hashes used */
        fputc(' ', stderr);
    return t;
}

/* The players each of the first two closes re-ranked, for the
 * every-changed-row floor (issue 46), read from the finished ledger before
 * the floors' clocks start: per month m the ledger's player table copied
 * into the floor's database as player_cM (its columns in its order, so a
 * row's image has the chain's column names; id the rowid as in the
 * ledger), each player's rank, stars and rank name those the month's close
 * gave it (what the next month's close kept in close_rank for a reopen;
 * else the row's last), and the ids of the players month m's close imaged
 * (changed_cM: the keys of that entry's audit_row rows of table player).
 * n[m] and *chain_bytes: their count and the bytes of the chain's own
 * images, printed beside the floor's to show the images are the same size. */
static void changed_players(const char *raw, const char *ledger, long n[2], double chain_bytes[2])
{
    sqlite3 *db = NULL;
    sqlite3_stmt *st = NULL;
    if (sqlite3_open_v2(raw, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK)
        die("raw open (players)", NULL);
    char sql[4096];
    snprintf(sql, sizeof sql, "ATTACH '%s' AS led", ledger); /* the bench's own path: no quote */
    if (sqlite3_exec(db, sql, NULL, NULL, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(db, "SELECT name, type FROM pragma_table_info('player', 'led') ORDER "
                           "BY cid", -1, &st, NULL) != SQLITE_OK)
        die("raw attach", NULL);
    char cols[3000];
    size_t used = 0;
    cols[0] = '\0';
    for (int k = 0; sqlite3_step(st) == SQLITE_ROW && used < sizeof cols; k++) {
        const char *name = (const char *)sqlite3_column_text(st, 0);
        used += (size_t)snprintf(cols + used, sizeof cols - used, "%s%s %s", k ? ", " : "", name,
                                 strcmp(name, "id") == 0 ? "INTEGER PRIMARY KEY"
                                                         : (const char *)sqlite3_column_text(st, 1));
    }
    sqlite3_finalize(st);
    if (used + 2 >= sizeof cols)
        die("raw player columns", NULL);
    for (int m = 0; m < 2; m++) {
        /* month m's ranks: the ranks the next close kept for a reopen
         * (close_rank of the next period), else the row's last */
        snprintf(sql, sizeof sql,
                 "CREATE TABLE player_c%d (%s);"
                 "INSERT INTO player_c%d SELECT * FROM led.player ORDER BY id;"
                 "UPDATE player_c%d SET rank = k.rank, stars = k.stars, rank_name = k.rank_name "
                 "FROM led.close_rank k WHERE k.period = '2025-%d' AND k.player_id = "
                 "player_c%d.id;"
                 "CREATE TABLE changed_c%d (id INTEGER PRIMARY KEY);"
                 "INSERT INTO changed_c%d SELECT CAST(key AS INTEGER) FROM led.audit_row WHERE "
                 "tbl = 'player' AND seq = (SELECT seq FROM led.audit WHERE action = 'close' "
                 "ORDER BY seq LIMIT 1 OFFSET %d)", m + 1, cols, m + 1, m + 1, m + 10, m + 1,
                 m + 1, m + 1, m);
        if (sqlite3_exec(db, sql, NULL, NULL, NULL) != SQLITE_OK)
            die("raw changed players", NULL);
        snprintf(sql, sizeof sql,
                 "SELECT count(*), coalesce(sum(length(image)), 0) FROM led.audit_row WHERE "
                 "tbl = 'player' AND seq = (SELECT seq FROM led.audit WHERE action = 'close' "
                 "ORDER BY seq LIMIT 1 OFFSET %d)", m);
        if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK ||
            sqlite3_step(st) != SQLITE_ROW)
            die("raw chain bytes", NULL);
        n[m] = (long)sqlite3_column_int64(st, 0);
        chain_bytes[m] = sqlite3_column_double(st, 1);
        sqlite3_finalize(st);
    }
    sqlite3_exec(db, "DETACH led", NULL, NULL, NULL);
    sqlite3_close(db);
}

/* The close's every-changed-row floor for month m (1 or 2): the raw post
 * with its holding images hashed, as raw_post_chain (into a fresh table of
 * its own), and in the same transaction each player month m's close
 * re-ranked read by its id from player_cM and its image ("col=value|...",
 * as the chain's, see changed_players) SHA-256'd once.  The player rows are read, not written: the floor leaves out the
 * rank UPDATE any close must also do.  *bytes: the player images' bytes. */
__attribute__((noinline)) static span raw_post_rows(const char *path, int m, double *bytes)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *st = NULL;
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK)
        die("raw open", NULL);
    char sql[600];
    snprintf(sql, sizeof sql,
             "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;"
             "CREATE TABLE holding_r%d (player_id INTEGER NOT NULL, point_type TEXT NOT NULL, "
             "points INTEGER NOT NULL, PRIMARY KEY (player_id, point_type)) STRICT;", m);
    sqlite3_exec(db, sql, NULL, NULL, NULL);
    span t = {0}, t0 = span_start();
    sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
    snprintf(sql, sizeof sql,
             "INSERT INTO holding_r%d (player_id, point_type, points) "
             "SELECT player_id, point_type, sum(points) FROM journal WHERE "
             "batch_id = 1 GROUP BY player_id, point_type ON CONFLICT (player_id, "
             "point_type) DO UPDATE SET points = holding_r%d.points + "
             "excluded.points RETURNING player_id, point_type, points", m, m);
    char buf[1024], hex[65];
    unsigned char mix = 0;
    *bytes = 0;
    for (int pass = 0; pass < 2; pass++) { /* 0: holdings, 1: the re-ranked players */
        if (pass)
            snprintf(sql, sizeof sql, "SELECT p.* FROM changed_c%d c JOIN player_c%d p ON p.id = "
                     "c.id ORDER BY c.id", m, m);
        if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
            die("raw post (rows)", NULL);
        while (sqlite3_step(st) == SQLITE_ROW) {
            size_t len = hash_row(st, buf, sizeof buf, hex);
            *bytes += pass ? (double)len : 0;
            mix ^= (unsigned char)hex[0];
        }
        sqlite3_finalize(st);
    }
    if (sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
        die("raw post (rows) commit", NULL);
    span_add(&t, t0);
    sqlite3_close(db);
    if (mix == 0xff)
        fputc(' ', stderr);
    return t;
}

/* Verify's floor: every row of every table of the ledger read, its image
 * hashed (one read transaction). */
__attribute__((noinline)) static span read_hash_all(const char *path, long *rows)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *tabs = NULL;
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK)
        die("raw open", NULL);
    span t = {0}, t0 = span_start();
    sqlite3_exec(db, "BEGIN", NULL, NULL, NULL);
    sqlite3_prepare_v2(db, "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT "
                       "LIKE 'sqlite_%' ORDER BY name", -1, &tabs, NULL);
    char buf[4096], hex[65], sql[200];
    unsigned char mix = 0;
    *rows = 0;
    while (sqlite3_step(tabs) == SQLITE_ROW) {
        sqlite3_stmt *st = NULL;
        snprintf(sql, sizeof sql, "SELECT * FROM \"%s\"", (const char *)sqlite3_column_text(tabs, 0));
        if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
            die("read table", NULL);
        while (sqlite3_step(st) == SQLITE_ROW) {
            hash_row(st, buf, sizeof buf, hex);
            mix ^= (unsigned char)hex[0];
            (*rows)++;
        }
        sqlite3_finalize(st);
    }
    sqlite3_finalize(tabs);
    sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
    span_add(&t, t0);
    sqlite3_close(db);
    if (mix == 0xff)
        fputc(' ', stderr);
    return t;
}

typedef struct month {
    span imp, app, close;
    long batches;
    bmp_ledger_close_stats st;
} month;

/* One month: LINES award lines over the register in batches of BATCH
 * (each checked and written in one transaction), approved, then the
 * period closed. */
static void run_month(bmp_ledger *l, char (*num)[8], long players, long lines, long batch,
                      int m, const char *period, month *out)
{
    bmp_error e = {0};
    bmp_ledger_line *v = malloc((size_t)batch * sizeof *v);
    bmp_ledger_import_opts io = {.size = sizeof io, .body = "abf"};
    char event[32], date[16];
    snprintf(event, sizeof event, "bench %s", period);
    snprintf(date, sizeof date, "%.7s-01", period); /* each month's events of its own date: a
                                                      * month's batches are not the same event
                                                      * as another's (issue 45's fingerprint) */
    for (long done = 0; done < lines; out->batches++) {
        long n = lines - done < batch ? lines - done : batch;
        for (long k = 0; k < n; k++) {
            long i = done + k;
            v[k] = (bmp_ledger_line){.number = num[(i * 7919) % players], .point_type = "green",
                                     .points = 10 + i % 90, .rule = "ABF-6", .event = event,
                                     .contestant = "1", .line = (size_t)k + 1};
        }
        char hash[65];
        snprintf(hash, sizeof hash, "%02d%062ld", m, out->batches + 1);
        int64_t id = 0;
        span t0 = span_start();
        if (bmp_ledger_import_lines(l, &io, BMP_BATCH_EVENT, "bench", hash, event, date,
                                    v, (size_t)n, &id, NULL, &e))
            die("import", &e);
        span_add(&out->imp, t0);
        t0 = span_start();
        if (bmp_ledger_approve(l, id, &e))
            die("approve", &e);
        span_add(&out->app, t0);
        done += n;
    }
    span t0 = span_start();
    if (bmp_ledger_close_period(l, "abf", period, &out->st, &e))
        die("close", &e);
    span_add(&out->close, t0);
    free(v);
}

static void print_month(const char *title, long lines, const month *m, span raw, span keys,
                        span post, span post_chain, span post_rows)
{
    printf("  %s: %ld award lines in %ld batches\n", title, lines, m->batches);
    printf("    import (checked)      %10.0f lines/s    (%.3f s wall, %.3f s cpu)\n",
           lines / m->imp.wall, m->imp.wall, m->imp.cpu);
    printf("    import / floor        %10.0f %% wall  %4.0f %% cpu", 100.0 * raw.wall / m->imp.wall,
           100.0 * raw.cpu / m->imp.cpu);
    if (m->imp.ins > 0) /* where the machine counts instructions */
        printf("  %4.0f %% instructions (%.0f per line)", 100.0 * raw.ins / m->imp.ins,
               m->imp.ins / lines);
    printf("\n");
    printf("    import / keyed floor  %10.0f %% wall  %4.0f %% cpu\n",
           100.0 * keys.wall / m->imp.wall, 100.0 * keys.cpu / m->imp.cpu);
    printf("    approve               %10.3f s for %ld batches\n", m->app.wall, m->batches);
    printf("    close (post + re-rank)%10.0f players re-ranked/s (%zu players, %zu promotions, "
           "%.3f s wall, %.3f s cpu)\n", m->st.players / m->close.wall, m->st.players,
           m->st.promotions, m->close.wall, m->close.cpu);
    printf("    close / floor         %10.0f %% wall  %4.0f %% cpu\n", 100.0 * post.wall / m->close.wall,
           100.0 * post.cpu / m->close.cpu);
    printf("    close / chain floor   %10.0f %% wall  %4.0f %% cpu  (holdings' images only)\n",
           100.0 * post_chain.wall / m->close.wall, 100.0 * post_chain.cpu / m->close.cpu);
    if (post_rows.wall > 0) /* SQLite: every row the close changes */
        printf("    close / all-rows floor%10.0f %% wall  %4.0f %% cpu  (also the re-ranked "
               "players' images)\n", 100.0 * post_rows.wall / m->close.wall,
               100.0 * post_rows.cpu / m->close.cpu);
}

/* Everything one run measured, for printing and for comparing two sizes
 * (--scale). */
typedef struct run {
    long players, lines, batch;
    span reg, ver, ver_since, raw, keys, post, post_chain, read;
    span post_rows[2]; /* SQLite: the every-changed-row floor of month 1 and 2 */
    long changed[2];   /* ... the players each month's close imaged */
    double chain_bytes[2], floor_bytes[2]; /* ... their images' bytes, the chain's and the floor's */
    month m1, m2;
    long nrows;
    int64_t checked;
    double bytes; /* the ledger's database at the end, bytes */
} run;

/* The register's numbers and its CSV (number,name,status). */
static char (*make_register(const char *csv, long players))[8]
{
    char (*num)[8] = malloc((size_t)players * sizeof *num);
    FILE *f = fopen(csv, "w");
    if (!num || !f)
        die("register", NULL);
    fputs("number,name,status\n", f);
    for (long i = 0; i < players; i++) {
        snprintf(num[i], sizeof num[i], "%07d", (int)((1000000 + i) % 10000000));
        fprintf(f, "%s,Player %ld,Active\n", num[i], i);
    }
    fclose(f);
    return num;
}

/* The ledger's steps on an open ledger (SQLite or PostgreSQL): the
 * register, two months, verify, one more batch and a close, verify --since
 * the head verify saw. */
static void ledger_steps(bmp_ledger *l, const char *csv, char (*num)[8], run *r)
{
    bmp_error e = {0};
    span t0 = span_start();
    if (bmp_ledger_import_players(l, "abf", csv, NULL, NULL, &e))
        die("players", &e);
    span_add(&r->reg, t0);
    /* the first month ranks everybody from nothing; the second is a
     * steady month over a ranked register */
    run_month(l, num, r->players, r->lines, r->batch, 1, "2025-09", &r->m1);
    run_month(l, num, r->players, r->lines, r->batch, 2, "2025-10", &r->m2);
    bmp_problems p = {0};
    t0 = span_start();
    if (bmp_ledger_verify(l, &p, &e))
        die("verify", &e);
    span_add(&r->ver, t0);
    bmp_problems_free(&p);
    /* issue 46: one more batch, then verify --since the head verify saw */
    bmp_ledger_head h0;
    char head[96];
    if (bmp_ledger_head_get(l, &h0, &e))
        die("head", &e);
    bmp_ledger_head_format(&h0, head, sizeof head);
    month m3 = {0};
    run_month(l, num, r->players, r->batch, r->batch, 3, "2025-11", &m3);
    t0 = span_start();
    if (bmp_ledger_verify_since(l, head, &r->checked, &p, &e))
        die("verify --since", &e);
    span_add(&r->ver_since, t0);
    bmp_problems_free(&p);
}

/* The whole SQLite run in a temporary directory (removed after). */
static void sqlite_run(run *r)
{
    char dir[256];
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/bmp-bench-ledger-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir))
        die("mkdtemp", NULL);
    char db[300], raw[300], csv[300];
    snprintf(db, sizeof db, "%s/ledger.db", dir);
    snprintf(raw, sizeof raw, "%s/raw.db", dir);
    snprintf(csv, sizeof csv, "%s/players.csv", dir);
    char (*num)[8] = make_register(csv, r->players);
    bmp_error e = {0};
    bmp_ledger *l = NULL;
    bmp_ledger_opts o = {.size = sizeof o, .create = true, .who = "bench"};
    if (bmp_ledger_open(db, &o, &l, &e))
        die("open", &e);
    ledger_steps(l, csv, num, r);
    bmp_ledger_close(l);
    free(num);
    struct stat sb;
    if (stat(db, &sb) == 0)
        r->bytes = (double)sb.st_size;
    r->read = read_hash_all(db, &r->nrows);
    r->raw = raw_insert(raw, r->players, r->lines, false);
    r->post = raw_post(raw);
    r->post_chain = raw_post_chain(raw);
    changed_players(raw, db, r->changed, r->chain_bytes);
    for (int m = 0; m < 2; m++)
        r->post_rows[m] = raw_post_rows(raw, m + 1, &r->floor_bytes[m]);
    snprintf(raw, sizeof raw, "%s/raw-keys.db", dir);
    r->keys = raw_insert(raw, r->players, r->lines, true);
    char cmd[320];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        die("rm", NULL);
}

/* A run's figures; `engine` names the database (on PostgreSQL the cpu
 * figures are this client's only). */
static void run_print(const char *engine, const run *r)
{
    long players = r->players, lines = r->lines;
    printf("ledger on %s: %ld players, two months of %ld award lines\n", engine, players, lines);
    printf("  register players        %10.0f players/s  (%.3f s wall, %.3f s cpu)\n",
           players / r->reg.wall, r->reg.wall, r->reg.cpu);
    printf("  floor: raw insert       %10.0f lines/s    (%.3f s wall, %.3f s cpu, one "
           "transaction)\n", lines / r->raw.wall, r->raw.wall, r->raw.cpu);
    printf("  floor: same, with keys  %10.0f lines/s    (%.3f s wall, %.3f s cpu: also the "
           "journal's two foreign keys)\n", lines / r->keys.wall, r->keys.wall, r->keys.cpu);
    printf("  floor: raw post         %10.0f players/s  (%.3f s wall: the same lines summed into "
           "holdings, one statement)\n", players / r->post.wall, r->post.wall);
    printf("  floor: post + hashes    %10.0f players/s  (%.3f s wall: the same, each changed "
           "holding's image hashed once)\n", players / r->post_chain.wall, r->post_chain.wall);
    for (int m = 0; m < 2 && r->post_rows[m].wall > 0; m++)
        printf("  floor: all rows, month %d %7.0f players/s  (%.3f s wall, %.3f s cpu: also the "
               "%ld players the close re-ranked, each row's image hashed once: %.0f bytes, the "
               "chain's %.0f)\n", m + 1, players / r->post_rows[m].wall, r->post_rows[m].wall,
               r->post_rows[m].cpu, r->changed[m], r->floor_bytes[m], r->chain_bytes[m]);
    printf("  floor: read + hash      %10.0f rows/s     (%.3f s wall, %.3f s cpu: every row of "
           "the ledger, %ld rows)\n", r->nrows / r->read.wall, r->read.wall, r->read.cpu, r->nrows);
    print_month("month 1 (first ranks)", lines, &r->m1, r->raw, r->keys, r->post, r->post_chain,
                r->post_rows[0]);
    print_month("month 2 (steady)", lines, &r->m2, r->raw, r->keys, r->post, r->post_chain,
                r->post_rows[1]);
    printf("  verify                  %10.3f s wall  %.3f s cpu\n", r->ver.wall, r->ver.cpu);
    printf("  verify --since (+1 batch and a close: %lld entries) %.3f s wall, %.1f %% of "
           "verify's\n", (long long)r->checked, r->ver_since.wall,
           100.0 * r->ver_since.wall / r->ver.wall);
    printf("  verify / read+hash floor%10.0f %% wall  %4.0f %% cpu\n",
           100.0 * r->read.wall / r->ver.wall, 100.0 * r->read.cpu / r->ver.cpu);
}

#include "ledger_pg.h"
#include "ledger_scale.h"

int main(int argc, char **argv)
{
    const char *pg = NULL;
    bool scale = false;
    for (;;) {
        if (argc > 2 && strcmp(argv[1], "--db") == 0) { /* --db postgresql://... */
            pg = argv[2];
            argc -= 2;
            argv += 2;
        } else if (argc > 1 && strcmp(argv[1], "--scale") == 0) {
            scale = true;
            argc--;
            argv++;
        } else {
            break;
        }
    }
    long players = argc > 1 ? atol(argv[1]) : 100000;
    long lines = argc > 2 ? atol(argv[2]) : scale ? 2 * players : 1000000;
    long batch = argc > 3 ? atol(argv[3]) : 50000;
    if (players < 1 || lines < 1 || batch < 1)
        return fprintf(stderr, "usage: ledger [--scale] [--db postgresql://...] "
                               "[PLAYERS [LINES [BATCH]]]\n"), 2;
    if (scale)
        return bench_scale(pg, players, lines, batch);
    if (pg)
        return bench_pg(pg, players, lines, batch);
    run r = {.players = players, .lines = lines, .batch = batch};
    sqlite_run(&r);
    run_print("SQLite", &r);
    return 0;
}
