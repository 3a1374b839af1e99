/* Helpers for the ledger tests: a fresh ledger in a temporary directory,
 * files written from strings, and before/after dumps.  Header-only. */
#ifndef LEDGER_TEST_UTIL_H
#define LEDGER_TEST_UTIL_H

#include "bmp_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libpq-fe.h>

#include "bridgemp/ledger.h"

typedef struct lt {
    char dir[64];
    char db[512];      /* a SQLite file, or a postgresql:// URI */
    char pgname[64];   /* the PostgreSQL database made for this test */
    bmp_ledger *l;
} lt;

/* BMP_TEST_BACKEND=postgresql (ctest's *_pg twins): each test gets a new
 * database of the cluster BMP_TEST_PG names (scripts/pg-cluster.sh); the
 * twin is skipped (exit 77) when no cluster was started. */
static inline bool lt_on_postgres(void)
{
    const char *b = getenv("BMP_TEST_BACKEND");
    return b && strcmp(b, "postgresql") == 0;
}

static inline void lt_pg_exec(const char *uri, const char *sql)
{
    PGconn *c = PQconnectdb(uri);
    if (PQstatus(c) != CONNECTION_OK)
        fail_msg("cannot connect to %s: %s", uri, PQerrorMessage(c));
    PGresult *r = PQexec(c, sql);
    if (PQresultStatus(r) != PGRES_COMMAND_OK)
        fail_msg("%s: %s", sql, PQerrorMessage(c));
    PQclear(r);
    PQfinish(c);
}

/* A new database beside the cluster's `bmp` one: the URI with its name. */
static inline void lt_pg_new(lt *t)
{
    const char *base = getenv("BMP_TEST_PG");
    if (!base || !*base) {
        fprintf(stderr, "BMP_TEST_PG is not set: PostgreSQL twin skipped "
                        "(scripts/test.sh starts a cluster)\n");
        exit(77);
    }
    static int n;
    snprintf(t->pgname, sizeof t->pgname, "bmp_t%d_%d", (int)getpid(), ++n);
    char sql[128];
    snprintf(sql, sizeof sql, "CREATE DATABASE %s", t->pgname);
    lt_pg_exec(base, sql);
    const char *q = strchr(base + strlen("postgresql://"), '?');
    const char *slash = strchr(base + strlen("postgresql://"), '/');
    assert_non_null(slash);
    snprintf(t->db, sizeof t->db, "%.*s/%s%s", (int)(slash - base), base, t->pgname, q ? q : "");
}

static inline void lt_open(lt *t)
{
    bmp_error e = {0};
    bmp_ledger_opts o = {.size = sizeof o, .create = true, .who = "test",
                         .now = "2026-11-24T12:00:00Z"};
    assert_int_equal(bmp_ledger_open(t->db, &o, &t->l, &e), BMP_OK);
}

static inline void lt_new(lt *t)
{
    memset(t, 0, sizeof *t);
    snprintf(t->dir, sizeof t->dir, "/tmp/bmp-ledger-XXXXXX");
    assert_non_null(mkdtemp(t->dir));
    if (lt_on_postgres())
        lt_pg_new(t);
    else
        snprintf(t->db, sizeof t->db, "%s/l.db", t->dir);
    lt_open(t);
}

static inline void lt_done(lt *t)
{
    bmp_ledger_close(t->l);
    t->l = NULL;
    if (t->pgname[0]) {
        char sql[128];
        snprintf(sql, sizeof sql, "DROP DATABASE %s", t->pgname);
        lt_pg_exec(getenv("BMP_TEST_PG"), sql);
    }
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", t->dir);
    assert_int_equal(system(cmd), 0);
}

/* Write s to dir/name and return the path (static per call: copy it). */
static inline const char *lt_file(lt *t, const char *name, const char *s)
{
    static char path[4][256];
    static int k;
    char *p = path[k++ % 4];
    snprintf(p, 256, "%s/%s", t->dir, name);
    FILE *f = fopen(p, "wb");
    assert_non_null(f);
    fputs(s, f);
    fclose(f);
    return p;
}

static inline char *lt_dump(lt *t)
{
    char *d = NULL;
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_dump(t->l, &d, &e), BMP_OK);
    char *r = strdup(d);
    free(d);
    return r;
}

/* The dump is the same as before (and free both). */
static inline void lt_unchanged(lt *t, char *before)
{
    char *after = lt_dump(t);
    assert_string_equal(before, after);
    free(before);
    free(after);
}

/* Some problem in p contains s. */
static inline void lt_has(const bmp_problems *p, const char *s)
{
    for (size_t i = 0; i < p->count; i++)
        if (strstr(p->msgs[i], s))
            return;
    for (size_t i = 0; i < p->count; i++)
        fprintf(stderr, "  problem: %s\n", p->msgs[i]);
    fail_msg("no problem mentions \"%s\"", s);
}

static inline const char *lt_cell(const bmp_table *t, size_t row, const char *col)
{
    for (size_t c = 0; c < t->ncols; c++)
        if (strcmp(t->columns[c], col) == 0)
            return bmp_table_get(t, row, c);
    fail_msg("no column %s", col);
    return NULL;
}

#define LT_ABF_CLUBS "number,name,dummy\n2074,Harbourside,0\n3101,Congress,1\n"
#define LT_ABF_PLAYERS                                                                   \
    "number,name,status,home_club,alternates\n"                                          \
    "1002,Player 2,Active,2074,3101\n1003,Player 3,Active,2074,\n1004,Player 4,Active,2074,\n" \
    "1005,Player 5,Active,2074,\n1006,Player 6,Deceased,2074,\n1007,Player 7,Dormant,2074,\n"

/* A ledger with the ABF clubs and six players above. */
static inline void lt_abf(lt *t)
{
    lt_new(t);
    bmp_error e = {0};
    size_t n = 0;
    assert_int_equal(bmp_ledger_import_clubs(t->l, "abf", lt_file(t, "c.csv", LT_ABF_CLUBS), &n,
                                             NULL, &e), BMP_OK);
    assert_int_equal(bmp_ledger_import_players(t->l, "abf", lt_file(t, "p.csv", LT_ABF_PLAYERS),
                                               &n, NULL, &e), BMP_OK);
    assert_int_equal(n, 6);
}

/* lt_abf's player 1003 renamed by a register import: one committed write. */
static inline void lt_rename_1003(lt *t, const char *name)
{
    char csv[128];
    snprintf(csv, sizeof csv, "number,name,status,home_club,alternates\n1003,%s,Active,2074,\n",
             name);
    bmp_error e = {0};
    size_t n = 0;
    assert_int_equal(bmp_ledger_import_players(t->l, "abf", lt_file(t, "r.csv", csv), &n, NULL,
                                               &e), BMP_OK);
    assert_int_equal(n, 1);
}

static inline int64_t lt_import(lt *t, const char *path, const char *body, bmp_status want)
{
    bmp_error e = {0};
    bmp_problems p = {0};
    int64_t id = 0;
    bmp_ledger_import_opts o = {.size = sizeof o, .body = body};
    bmp_status st = bmp_ledger_import(t->l, path, &o, &id, &p, &e);
    if (st != want)
        fprintf(stderr, "import %s: %s\n", path, e.msg);
    assert_int_equal(st, want);
    bmp_problems_free(&p);
    return id;
}

#endif
