/* The player's card (issue 30 item 5, migration 021, docs/performance.md
 * "Issue 30: one leaf for the player's card"): the player summary looks a
 * player up through the covering index player_card, so on SQLite the
 * statement's plan searches that index COVERING (no read of the player
 * table's row); the values it reads are those of the statement without
 * the index choice and the register's own; on PostgreSQL the same
 * statement runs with SQLite's INDEXED BY left out (pg_translate.c).
 * Both backends (tests/pg.cmake). */
#include "ledger_test_util.h"

#include <sqlite3.h>

#include "bridgemp/ledger_api.h"
#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"
#include "ledger/store/pg_translate.h"

/* summary_row's statement as it was before migration 021 (the UNIQUE
 * (body_id, number) index, then the player's row). */
static const char plain_sql[] =
    "SELECT p.id, p.number, p.name, p.status, COALESCE(c.number, ''), p.rank_name, "
    "p.pre1982_red FROM player p LEFT JOIN club c ON c.id = p.home_club "
    "WHERE p.body_id = ?1 AND p.number = ?2";

/* lt_abf's six players, 1008 without a home club, and points posted:
 * 1002 6.00 green + 1.00 red = 7.00, 1004 3.50 green. */
static void card_ledger(lt *t)
{
    lt_abf(t);
    bmp_error e = {0};
    size_t n = 0;
    assert_int_equal(bmp_ledger_import_players(t->l, "abf",
                                               lt_file(t, "p8.csv", "number,name,status,home_club,"
                                                       "alternates\n1008,Player 8,Active,,\n"),
                                               &n, NULL, &e), BMP_OK);
    assert_int_equal(n, 1);
    int64_t id = lt_import(t, lt_file(t, "adj.csv", "number,point_type,points,event,reason\n"
                                      "1002,green,6.00,old,carried\n1002,red,1.00,old,carried\n"
                                      "1004,green,3.50,old,carried\n"), "abf", BMP_OK);
    assert_int_equal(bmp_ledger_approve(t->l, id, &e), BMP_OK);
    assert_int_equal(bmp_ledger_close_period(t->l, "abf", "2025-12", NULL, &e), BMP_OK);
}

/* The plan's detail lines of `sql` on the SQLite ledger at `path`, joined
 * by "\n" into out. */
static void sqlite_plan(const char *path, const char *sql, char *out, size_t size)
{
    sqlite3 *h = NULL;
    assert_int_equal(sqlite3_open_v2(path, &h, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    char q[512];
    snprintf(q, sizeof q, "EXPLAIN QUERY PLAN %s", sql);
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(h, q, -1, &st, NULL) != SQLITE_OK)
        fail_msg("%s: %s", q, sqlite3_errmsg(h));
    out[0] = '\0';
    while (sqlite3_step(st) == SQLITE_ROW) {
        size_t used = strlen(out);
        snprintf(out + used, size - used, "%s\n", (const char *)sqlite3_column_text(st, 3));
    }
    sqlite3_finalize(st);
    sqlite3_close(h);
}

/* SQLite: the summary's statement searches player_card COVERING on both
 * of its key columns, then the club by its rowid; the statement without
 * the index choice took the UNIQUE index and the player's row (what
 * migration 021 saves: that row's B-tree leaf). */
static void card_read_through_covering_index(void **state)
{
    (void)state;
    lt t;
    card_ledger(&t);
    if (!lt_on_postgres()) {
        char plan[512];
        sqlite_plan(t.db, ledger_player_card_sql, plan, sizeof plan);
        assert_string_equal(plan,
                            "SEARCH p USING COVERING INDEX player_card (body_id=? AND number=?)\n"
                            "SEARCH c USING INTEGER PRIMARY KEY (rowid=?) LEFT-JOIN\n");
        sqlite_plan(t.db, plain_sql, plan, sizeof plan);
        assert_string_equal(plan,
                            "SEARCH p USING INDEX sqlite_autoindex_player_1 (body_id=? AND "
                            "number=?)\nSEARCH c USING INTEGER PRIMARY KEY (rowid=?) LEFT-JOIN\n");
    } else {
        int np = 0;
        char *q = ledger_pg_placeholders(ledger_player_card_sql, &np);
        assert_non_null(q);
        assert_int_equal(np, 2);
        assert_null(strstr(q, "INDEXED"));
        assert_non_null(strstr(q, "FROM player p LEFT JOIN club c ON c.id = p.home_club "
                                  "WHERE p.body_id = $1 AND p.number = $2"));
        free(q);
    }
    lt_done(&t);
}

/* One statement's row for (body 'abf', number) as text, '|'-separated. */
static void row_of(lt *t, const char *sql, const char *number, char *out, size_t size)
{
    bmp_error e = {0};
    int64_t body = 0;
    assert_int_equal(lq_int(t->l, &body, NULL, &e, "SELECT id FROM body WHERE code = 'abf'", ""),
                     BMP_OK);
    ledger_stmt *st = NULL;
    bool row = false;
    assert_int_equal(lq_query(t->l, &st, &e, sql, "is", body, number), BMP_OK);
    assert_int_equal(t->l->ops->step(st, &row, &e), BMP_OK);
    assert_true(row);
    out[0] = '\0';
    for (int k = 0; k < 7; k++) {
        size_t used = strlen(out);
        snprintf(out + used, size - used, "%s%s", k ? "|" : "", t->l->ops->col_text(st, k));
    }
    t->l->ops->finalize(st);
}

/* The card's values are those of the statement without the index choice,
 * for every player of the fixture, and the summary reports the register
 * and the rank the close wrote (ABF 1.8: Graduate 2.00, Club 5.00, Local
 * 15.00 total): 1002 Player 2, Active, home club 2074, 6.00 green + 1.00
 * red = 7.00, Club Master (5.00 <= 7.00 < 15.00); 1004 3.50, Graduate
 * Master (2.00 <= 3.50 < 5.00); 1007 Dormant; 1008 no home club; 1009 no
 * such player. */
static void card_values_unchanged(void **state)
{
    (void)state;
    lt t;
    card_ledger(&t);
    static const char *const numbers[] = {"0001002", "0001003", "0001004", "0001005",
                                          "0001006", "0001007", "0001008"};
    for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++) {
        char card[256], plain[256];
        row_of(&t, ledger_player_card_sql, numbers[i], card, sizeof card);
        row_of(&t, plain_sql, numbers[i], plain, sizeof plain);
        assert_string_equal(card, plain);
    }
    bmp_error e = {0};
    bmp_ledger_summary s;
    assert_int_equal(bmp_ledger_player_summary(t.l, "abf", "1002", &s, &e), BMP_OK);
    assert_string_equal(s.number, "0001002");
    assert_string_equal(s.name, "Player 2");
    assert_string_equal(s.status, "Active");
    assert_string_equal(s.home_club, "2074");
    assert_string_equal(s.rank, "Club Master");
    assert_string_equal(s.point_type[0], "green");
    assert_int_equal(s.holding[0], 600);
    assert_string_equal(s.point_type[1], "red");
    assert_int_equal(s.holding[1], 100);
    assert_int_equal(bmp_ledger_player_summary(t.l, "abf", "1004", &s, &e), BMP_OK);
    assert_string_equal(s.rank, "Graduate Master");
    assert_int_equal(bmp_ledger_player_summary(t.l, "abf", "1007", &s, &e), BMP_OK);
    assert_string_equal(s.status, "Dormant");
    assert_string_equal(s.name, "Player 7");
    assert_int_equal(bmp_ledger_player_summary(t.l, "abf", "1008", &s, &e), BMP_OK);
    assert_string_equal(s.name, "Player 8");
    assert_string_equal(s.home_club, "");
    assert_int_equal(bmp_ledger_player_summary(t.l, "abf", "1009", &s, &e), BMP_ENOTFOUND);
    lt_done(&t);
}

/* pg_translate.c: "INDEXED BY name" (SQLite's choice of index) is left
 * out of a statement for PostgreSQL, a string literal that says it is
 * kept, and a longer word ending in it is not touched. */
static void pg_drops_indexed_by(void **state)
{
    (void)state;
    int np = 0;
    char *q = ledger_pg_placeholders("SELECT a FROM t x INDEXED BY t_ab WHERE x.a = ?1 AND "
                                     "x.b = 'INDEXED BY t_ab' AND x.reINDEXED BY_c = ?2", &np);
    assert_non_null(q);
    assert_string_equal(q, "SELECT a FROM t x WHERE x.a = $1 AND x.b = 'INDEXED BY t_ab' AND "
                           "x.reINDEXED BY_c = $2");
    assert_int_equal(np, 2);
    free(q);
}

/* pg_translate.c: SQLite's OR FAIL right after a statement's INSERT or
 * UPDATE is left out for PostgreSQL (a failing statement aborts its
 * transaction there anyway); elsewhere, and in a string, it is kept. */
static void pg_drops_or_fail(void **state)
{
    (void)state;
    int np = 0;
    char *q = ledger_pg_placeholders("INSERT OR FAIL INTO t (a) VALUES (?1), ('OR FAIL')", &np);
    assert_non_null(q);
    assert_string_equal(q, "INSERT INTO t (a) VALUES ($1), ('OR FAIL')");
    free(q);
    q = ledger_pg_placeholders("UPDATE OR FAIL t SET a = ?2 FROM (VALUES (?1)) AS v", &np);
    assert_non_null(q);
    assert_string_equal(q, "UPDATE t SET a = $2 FROM (VALUES ($1)) AS v");
    assert_int_equal(np, 2);
    free(q);
    q = ledger_pg_placeholders("SELECT a FROM t WHERE b = ?1 OR FAIL = 1", &np);
    assert_non_null(q);
    assert_string_equal(q, "SELECT a FROM t WHERE b = $1 OR FAIL = 1");
    free(q);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(card_read_through_covering_index),
        cmocka_unit_test(card_values_unchanged),
        cmocka_unit_test(pg_drops_indexed_by),
        cmocka_unit_test(pg_drops_or_fail),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
