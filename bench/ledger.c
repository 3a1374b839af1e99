/* Benchmark: the ledger on SQLite.
 *
 *   ledger [PLAYERS [LINES [BATCH]]]   (default 100000 players, 1000000 lines
 *                                       in batches of 50000)
 *
 * In a temporary directory: registers PLAYERS ABF players from a CSV,
 * imports LINES award lines in batches (bmp_ledger_import_lines: every line
 * checked against the registry, control totals, journal and audit written
 * in one transaction per batch), approves them and closes a period
 * (post, holdings, re-rank every touched player, promotions).  The floor,
 * measured in the same run: a raw prepared-statement INSERT of the same
 * rows into an identical STRICT table, one transaction, same pragmas.
 * No asserts: figures for reading (docs/performance.md). */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bridgemp/ledger.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void die(const char *what, const bmp_error *e)
{
    fprintf(stderr, "bench/ledger: %s: %s\n", what, e ? e->msg : "");
    exit(1);
}

/* The floor: the same rows, raw, one transaction. */
__attribute__((noinline)) static double raw_insert(const char *path, long players, long lines)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *st = NULL;
    if (sqlite3_open(path, &db) != SQLITE_OK)
        die("raw open", NULL);
    sqlite3_exec(db,
                 "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;"
                 "CREATE TABLE journal (id INTEGER PRIMARY KEY, batch_id INTEGER NOT NULL, "
                 "player_id INTEGER NOT NULL, point_type TEXT NOT NULL, points INTEGER NOT NULL, "
                 "rule TEXT NOT NULL, event TEXT NOT NULL, contestant TEXT NOT NULL) STRICT;"
                 "CREATE INDEX journal_batch ON journal (batch_id);"
                 "CREATE INDEX journal_player ON journal (player_id);",
                 NULL, NULL, NULL);
    double t0 = now();
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
    double t = now() - t0;
    sqlite3_close(db);
    return t;
}

int main(int argc, char **argv)
{
    long players = argc > 1 ? atol(argv[1]) : 100000;
    long lines = argc > 2 ? atol(argv[2]) : 1000000;
    long batch = argc > 3 ? atol(argv[3]) : 50000;
    if (players < 1 || lines < 1 || batch < 1)
        return fprintf(stderr, "usage: ledger [PLAYERS [LINES [BATCH]]]\n"), 2;
    char dir[256];
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/bmp-bench-ledger-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir))
        die("mkdtemp", NULL);
    char db[300], raw[300], csv[300];
    snprintf(db, sizeof db, "%s/ledger.db", dir);
    snprintf(raw, sizeof raw, "%s/raw.db", dir);
    snprintf(csv, sizeof csv, "%s/players.csv", dir);

    /* the register */
    char (*num)[8] = malloc((size_t)players * sizeof *num);
    FILE *f = fopen(csv, "w");
    fputs("number,name,status\n", f);
    for (long i = 0; i < players; i++) {
        snprintf(num[i], sizeof num[i], "%07d", (int)((1000000 + i) % 10000000));
        fprintf(f, "%s,Player %ld,Active\n", num[i], i);
    }
    fclose(f);
    bmp_error e = {0};
    bmp_ledger *l = NULL;
    bmp_ledger_opts o = {.size = sizeof o, .create = true, .who = "bench"};
    if (bmp_ledger_open(db, &o, &l, &e))
        die("open", &e);
    double t0 = now();
    if (bmp_ledger_import_players(l, "abf", csv, NULL, NULL, &e))
        die("players", &e);
    double t_reg = now() - t0;

    /* the award lines, in batches */
    bmp_ledger_line *v = malloc((size_t)batch * sizeof *v);
    bmp_ledger_import_opts io = {.size = sizeof io, .body = "abf"};
    double t_imp = 0, t_app = 0;
    long done = 0, nb = 0;
    while (done < lines) {
        long n = lines - done < batch ? lines - done : batch;
        for (long k = 0; k < n; k++) {
            long i = done + k;
            v[k] = (bmp_ledger_line){.number = num[(i * 7919) % players], .point_type = "green",
                                     .points = 10 + i % 90, .rule = "ABF-6", .event = "bench",
                                     .contestant = "1", .line = (size_t)k + 1};
        }
        char hash[65];
        snprintf(hash, sizeof hash, "%064ld", nb + 1);
        int64_t id = 0;
        t0 = now();
        if (bmp_ledger_import_lines(l, &io, BMP_BATCH_EVENT, "bench", hash, "bench", "2025-09-01",
                                    v, (size_t)n, &id, NULL, &e))
            die("import", &e);
        t_imp += now() - t0;
        t0 = now();
        if (bmp_ledger_approve(l, id, &e))
            die("approve", &e);
        t_app += now() - t0;
        done += n;
        nb++;
    }
    bmp_ledger_close_stats s;
    t0 = now();
    if (bmp_ledger_close_period(l, "abf", "2025-09", &s, &e))
        die("close", &e);
    double t_close = now() - t0;
    bmp_problems p = {0};
    t0 = now();
    if (bmp_ledger_verify(l, &p, &e))
        die("verify", &e);
    double t_ver = now() - t0;
    bmp_ledger_close(l);
    double t_raw = raw_insert(raw, players, lines);

    printf("ledger on SQLite: %ld players, %ld award lines in %ld batches\n", players, lines, nb);
    printf("  register players        %10.0f players/s  (%.3f s)\n", players / t_reg, t_reg);
    printf("  import (checked)        %10.0f lines/s    (%.3f s)\n", lines / t_imp, t_imp);
    printf("  floor: raw insert       %10.0f lines/s    (%.3f s, one transaction)\n",
           lines / t_raw, t_raw);
    printf("  import / floor          %10.0f %%\n", 100.0 * t_raw / t_imp);
    printf("  approve                 %10.3f s for %ld batches\n", t_app, nb);
    printf("  close (post + re-rank)  %10.0f players re-ranked/s (%zu players, %zu promotions, "
           "%.3f s)\n", s.players / t_close, s.players, s.promotions, t_close);
    printf("  verify                  %10.3f s\n", t_ver);
    free(v);
    free(num);
    char cmd[320];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : 1;
}
