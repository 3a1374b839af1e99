/* Benchmark: moving a body in on SQLite (issue 28).
 *
 *   ledger_opening [PLAYERS]   (default 100000)
 *
 * In a temporary directory: registers PLAYERS ABF players, then loads
 * their opening balances (bmp_ledger_opening: the CSV read, every line
 * checked against the register and the body's ranks, one posted batch
 * with its journal lines, holdings, carried ranks, opening rows, control
 * totals and audit entry, one transaction).  The floors, measured in the
 * same run with the same pragmas: the same rows inserted raw with prepared
 * statements in one transaction into identical STRICT tables -- the
 * journal lines, holdings and opening rows ("insert floor"), and the same
 * with the players' rank updates the opening also makes ("write floor").
 * No asserts: figures for reading (docs/performance.md). */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bridgemp/ledger.h"
#include "bridgemp/ledger_movein.h"

static double clock_of(clockid_t c)
{
    struct timespec ts;
    clock_gettime(c, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double now(void) { return clock_of(CLOCK_MONOTONIC); }
static double cpu(void) { return clock_of(CLOCK_PROCESS_CPUTIME_ID); }

/* Wall and CPU seconds of a span. */
typedef struct span {
    double wall, cpu;
} span;

static span since(span t0) { return (span){now() - t0.wall, cpu() - t0.cpu}; }
static span start(void) { return (span){now(), cpu()}; }

static void die(const char *what, const bmp_error *e)
{
    fprintf(stderr, "bench/ledger_opening: %s: %s\n", what, e ? e->msg : "");
    exit(1);
}

/* Player i's opening: green (hundredths), red, rank, one or two lines. */
static const struct {
    long green, red;
    const char *rank, *line;
} kinds[3] = {{300, 0, "Graduate Master", "3.00,0,0,Graduate Master,2021-04-01"},
              {1000, 0, "Club Master", "10.00,0,0,Club Master,2019-09-10"},
              {2000, 500, "Bronze Local Master", "20.00,5.00,0,Bronze Local Master,2015-02-28"}};

static void exec(sqlite3 *db, const char *sql)
{
    if (sqlite3_exec(db, sql, NULL, NULL, NULL) != SQLITE_OK)
        die(sqlite3_errmsg(db), NULL);
}

static void step(sqlite3_stmt *st)
{
    if (sqlite3_step(st) != SQLITE_DONE)
        die("raw step", NULL);
    sqlite3_reset(st);
}

/* The floor: the opening's rows, raw; with ranks, the player updates too. */
static span raw_floor(const char *path, long players, bool ranks)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *j = NULL, *h = NULL, *o = NULL, *u = NULL;
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX,
                        NULL) != SQLITE_OK)
        die("raw open", NULL);
    /* the ledger's own pragmas (src/ledger/store/sqlite.c) */
    exec(db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;"
             "PRAGMA cache_size = -65536; PRAGMA temp_store = MEMORY;"
             "CREATE TABLE player (id INTEGER PRIMARY KEY, rank INTEGER NOT NULL, stars INTEGER "
             "NOT NULL, rank_name TEXT NOT NULL) STRICT;"
             "CREATE TABLE journal (id INTEGER PRIMARY KEY, batch_id INTEGER NOT NULL, "
             "player_id INTEGER NOT NULL REFERENCES player(id), point_type TEXT NOT NULL, "
             "points INTEGER NOT NULL, rule TEXT NOT NULL, event TEXT NOT NULL, contestant TEXT "
             "NOT NULL) STRICT;"
             "CREATE INDEX journal_batch ON journal (batch_id);"
             "CREATE INDEX journal_player ON journal (player_id);"
             "CREATE TABLE holding (player_id INTEGER NOT NULL REFERENCES player(id), point_type "
             "TEXT NOT NULL, points INTEGER NOT NULL, PRIMARY KEY (player_id, point_type)) STRICT;"
             "CREATE TABLE opening_player (id INTEGER PRIMARY KEY, batch_id INTEGER NOT NULL, "
             "player_id INTEGER NOT NULL REFERENCES player(id), rank INTEGER NOT NULL, stars "
             "INTEGER NOT NULL, rank_name TEXT NOT NULL, rank_date TEXT NOT NULL, line INTEGER "
             "NOT NULL) STRICT;"
             "CREATE INDEX opening_player_of ON opening_player (player_id);"
             "CREATE INDEX opening_player_batch ON opening_player (batch_id);");
    sqlite3_prepare_v2(db, "INSERT INTO player (id, rank, stars, rank_name) VALUES (?1, 0, 0, '')",
                       -1, &u, NULL);
    exec(db, "BEGIN");
    for (long i = 1; i <= players; i++) {
        sqlite3_bind_int64(u, 1, i);
        step(u);
    }
    exec(db, "COMMIT");
    sqlite3_finalize(u);
    span t0 = start();
    exec(db, "BEGIN IMMEDIATE");
    sqlite3_prepare_v2(db, "INSERT INTO journal (batch_id, player_id, point_type, points, rule, "
                           "event, contestant) VALUES (?1, ?2, ?3, ?4, 'MI-1', 'opening balance', '')",
                       -1, &j, NULL);
    sqlite3_prepare_v2(db, "INSERT INTO holding (player_id, point_type, points) VALUES (?1, ?2, ?3)",
                       -1, &h, NULL);
    sqlite3_prepare_v2(db, "INSERT INTO opening_player (batch_id, player_id, rank, stars, rank_name,"
                           " rank_date, line) VALUES (1, ?1, ?2, 0, ?3, '2020-01-01', ?4)",
                       -1, &o, NULL);
    sqlite3_prepare_v2(db, "UPDATE player SET rank = ?2, stars = 0, rank_name = ?3 WHERE id = ?1",
                       -1, &u, NULL);
    for (long i = 1; i <= players; i++) {
        int k = (int)(i % 3);
        const char *types[2] = {"green", "red"};
        long pts[2] = {kinds[k].green, kinds[k].red};
        for (int t = 0; t < 2; t++) {
            if (!pts[t])
                continue;
            sqlite3_bind_int64(j, 1, 1);
            sqlite3_bind_int64(j, 2, i);
            sqlite3_bind_text(j, 3, types[t], -1, SQLITE_STATIC);
            sqlite3_bind_int64(j, 4, pts[t]);
            step(j);
            sqlite3_bind_int64(h, 1, i);
            sqlite3_bind_text(h, 2, types[t], -1, SQLITE_STATIC);
            sqlite3_bind_int64(h, 3, pts[t]);
            step(h);
        }
        if (ranks) {
            sqlite3_bind_int64(u, 1, i);
            sqlite3_bind_int64(u, 2, k + 1);
            sqlite3_bind_text(u, 3, kinds[k].rank, -1, SQLITE_STATIC);
            step(u);
        }
        sqlite3_bind_int64(o, 1, i);
        sqlite3_bind_int64(o, 2, k + 1);
        sqlite3_bind_text(o, 3, kinds[k].rank, -1, SQLITE_STATIC);
        sqlite3_bind_int64(o, 4, i + 1);
        step(o);
    }
    exec(db, "COMMIT");
    span t = since(t0);
    sqlite3_finalize(j);
    sqlite3_finalize(h);
    sqlite3_finalize(o);
    sqlite3_finalize(u);
    sqlite3_close(db);
    return t;
}

int main(int argc, char **argv)
{
    long players = argc > 1 ? atol(argv[1]) : 100000;
    if (players < 1 || players > 8999999)
        return fprintf(stderr, "usage: ledger_opening [PLAYERS]\n"), 2;
    char dir[256], db[300], reg[300], open[300], raw[300], raw2[300];
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/bmp-bench-opening-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir))
        die("mkdtemp", NULL);
    snprintf(db, sizeof db, "%s/ledger.db", dir);
    snprintf(reg, sizeof reg, "%s/players.csv", dir);
    snprintf(open, sizeof open, "%s/opening.csv", dir);
    snprintf(raw, sizeof raw, "%s/raw.db", dir);
    snprintf(raw2, sizeof raw2, "%s/raw-ranks.db", dir);
    FILE *r = fopen(reg, "w"), *o = fopen(open, "w");
    if (!r || !o)
        die("files", NULL);
    fputs("number,name,status\n", r);
    fputs("number,green,red,gold,rank,rank_date\n", o);
    long lines = 0;
    for (long i = 1; i <= players; i++) {
        fprintf(r, "%07ld,Player %ld,Active\n", 1000000 + i, i);
        fprintf(o, "%07ld,%s\n", 1000000 + i, kinds[i % 3].line);
        lines += 1 + (kinds[i % 3].red != 0);
    }
    fclose(r);
    fclose(o);
    bmp_error e = {0};
    bmp_ledger *l = NULL;
    bmp_ledger_opts lo = {.size = sizeof lo, .create = true, .who = "bench"};
    if (bmp_ledger_open(db, &lo, &l, &e))
        die("open", &e);
    span t0 = start();
    if (bmp_ledger_import_players(l, "abf", reg, NULL, NULL, &e))
        die("players", &e);
    span t_reg = since(t0);
    bmp_ledger_opening_opts oo = {.size = sizeof oo, .body = "abf", .reason = "bench"};
    int64_t id = 0;
    t0 = start();
    if (bmp_ledger_opening(l, open, &oo, &id, NULL, NULL, &e))
        die("opening", &e);
    span t_open = since(t0);
    bmp_ledger_close(l);
    span t_raw = raw_floor(raw, players, false), t_raw2 = raw_floor(raw2, players, true);
    printf("opening balances on SQLite: %ld players, %ld journal lines\n", players, lines);
    printf("  register players        %10.0f players/s  (%.3f s wall, %.3f s cpu)\n",
           players / t_reg.wall, t_reg.wall, t_reg.cpu);
    printf("  opening (checked)       %10.0f players/s  (%.3f s wall, %.3f s cpu: CSV, checks, "
           "ranks, batch)\n", players / t_open.wall, t_open.wall, t_open.cpu);
    printf("  floor: raw inserts      %10.0f players/s  (%.3f s wall, %.3f s cpu: the same "
           "journal, holding and opening rows, prepared, one transaction)\n",
           players / t_raw.wall, t_raw.wall, t_raw.cpu);
    printf("  floor: raw writes       %10.0f players/s  (%.3f s wall, %.3f s cpu: the same, and "
           "the rank updates)\n", players / t_raw2.wall, t_raw2.wall, t_raw2.cpu);
    printf("  opening / insert floor  %10.0f %% wall  %4.0f %% cpu\n",
           100.0 * t_raw.wall / t_open.wall, 100.0 * t_raw.cpu / t_open.cpu);
    printf("  opening / write floor   %10.0f %% wall  %4.0f %% cpu\n",
           100.0 * t_raw2.wall / t_open.wall, 100.0 * t_raw2.cpu / t_open.cpu);
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : 1;
}
