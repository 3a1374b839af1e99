/* The journal's database bound (issue 26 item 2, migration 015, rulings
 * L-26-2): a journal line of more than 1,000,000.00 points either way is
 * refused by the database itself -- a CHECK constraint, on SQLite and
 * PostgreSQL alike (tests/pg.cmake) -- while a line beyond it written
 * before the migration is kept (history is never edited) and `verify`
 * still names it.  The import's own check refuses it first, with the
 * line; this is the last wall, for a row that reaches the database by any
 * other way. */
#include "ledger_test_util.h"

#include <sqlite3.h>

#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"
#include "ledger/migrations/sqlite_migrations.h"
#include "ledger/store/pg_translate.h"

#define EX BMP_SOURCE_DIR "/examples/"

static bmp_status journal_row(lt *t, int64_t batch, int64_t player, int64_t points,
                              bmp_error *e)
{
    return lq_run(t->l, e, "INSERT INTO journal (batch_id, player_id, point_type, points, rule, "
                  "event, contestant) VALUES (?1, ?2, 'green', ?3, 'x', 'x', 'x')", "iii", batch,
                  player, points);
}

/* Raw SQL past the ledger's checks: 1,000,000.01 and -1,000,000.01 are
 * refused by the constraint (EINVAL, as every integrity error); the bound
 * itself, 1,000,000.00, is taken, and verify then reports nothing beyond
 * it (its control total differs, which verify says: the row was not the
 * import's). */
static void out_of_bound_row_refused(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    bmp_error e = {0};
    size_t n = 0; /* 1006 plays in club-pairs: Active, as test_ledger_carried has it */
    assert_int_equal(bmp_ledger_import_players(t.l, "abf", lt_file(&t, "p2.csv",
                                               "number,name,status,home_club\n"
                                               "1006,Player 6,Active,2074\n"), &n, NULL, &e),
                     BMP_OK);
    bool found = false;
    int64_t player = 0;
    assert_int_equal(lq_int(t.l, &player, &found, &e, "SELECT id FROM player WHERE number = ?1",
                            "s", "0001002"), BMP_OK);
    assert_true(found);
    int64_t id = lt_import(&t, EX "abf/club-pairs.json", "abf", BMP_OK);
    char *before = lt_dump(&t);
    assert_int_equal(journal_row(&t, id, player, 100000001, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "journal_points_bound"));
    assert_int_equal(journal_row(&t, id, player, -100000001, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "journal_points_bound"));
    assert_int_equal(journal_row(&t, id, player, INT64_MAX, &e), BMP_EINVAL);
    lt_unchanged(&t, before);
    assert_int_equal(journal_row(&t, id, player, 100000000, &e), BMP_OK);
    bmp_problems p = {0};
    assert_int_equal(bmp_ledger_verify(t.l, &p, &e), BMP_EINVAL);
    for (size_t i = 0; i < p.count; i++)
        assert_null(strstr(p.msgs[i], "beyond what any event can give"));
    bmp_problems_free(&p);
    lt_done(&t);
}

static void raw(sqlite3 *h, const char *sql)
{
    char *msg = NULL;
    if (sqlite3_exec(h, sql, NULL, NULL, &msg) != SQLITE_OK)
        fail_msg("%s: %s", sql, msg ? msg : "?");
    sqlite3_free(msg);
}

static int64_t count_of(sqlite3 *h, const char *sql)
{
    sqlite3_stmt *st = NULL;
    assert_int_equal(sqlite3_prepare_v2(h, sql, -1, &st, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    int64_t n = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return n;
}

/* A SQLite ledger at DIR/l.db (DIR from the template, written into it) of
 * the schema just before `migration`, in an open transaction: the caller
 * writes its rows and commits. */
static sqlite3 *schema_before(char *dir, char *db, size_t dbsize, const char *migration)
{
    assert_non_null(mkdtemp(dir));
    snprintf(db, dbsize, "%s/l.db", dir);
    sqlite3 *h = NULL;
    assert_int_equal(sqlite3_open(db, &h), SQLITE_OK);
    raw(h, "PRAGMA foreign_keys = ON; BEGIN");
    int before = 0; /* the schema version before it (versions count the list) */
    for (; before < ledger_nmigrations && ledger_migrations[before] != migration; before++)
        raw(h, ledger_migrations[before]);
    assert_true(before < ledger_nmigrations);
    char version[64];
    snprintf(version, sizeof version, "PRAGMA user_version = %d", before);
    raw(h, version);
    return h;
}

/* Opens the ledger schema_before made, which migrates it to the latest. */
static void open_migrated(lt *t, const char *dir, const char *db)
{
    memset(t, 0, sizeof *t);
    snprintf(t->dir, sizeof t->dir, "%s", dir);
    snprintf(t->db, sizeof t->db, "%s", db);
    bmp_error e = {0};
    bmp_ledger_opts o = {.size = sizeof o, .who = "test", .now = "2026-11-24T12:00:00Z"};
    if (bmp_ledger_open(t->db, &o, &t->l, &e) != BMP_OK)
        fail_msg("%s", e.msg);
    assert_int_equal(bmp_ledger_schema_version(t->l), bmp_ledger_schema_latest());
}

/* A SQLite ledger of the schema before migration 015 holding journal lines, one of them beyond
 * the bound (written before migration 015, as issue 26 finding 2's
 * overflow could): opening it migrates; every row is kept with its id, the
 * indexes and append-only triggers are back, verify still names the old
 * line, and a new line beyond the bound is refused. */
static void sqlite_upgrade_keeps_history(void **state)
{
    (void)state;
    if (lt_on_postgres())
        skip();
    char dir[] = "/tmp/bmp-journal-bound-XXXXXX", db[64];
    sqlite3 *h = schema_before(dir, db, sizeof db, ledger_sqlite_migration_015);
    raw(h, "INSERT INTO player (id, body_id, number, name, status) VALUES "
           "(1, (SELECT id FROM body WHERE code = 'abf'), '0001002', 'P', 'Active'); "
           "INSERT INTO batch (id, body_id, source, file, content_hash, state, who, created_at, "
           "lines) VALUES (1, (SELECT id FROM body WHERE code = 'abf'), 'adjustment', 'a.csv', "
           "'h', 'provisional', 'w', '2025-01-01', 2); "
           "INSERT INTO journal (id, batch_id, player_id, point_type, points, rule, event, "
           "contestant) VALUES (7, 1, 1, 'green', 150, 'r', 'e', 'c'), "
           "(9, 1, 1, 'green', 9200000000000000000, 'r', 'e', 'c'); COMMIT");
    sqlite3_close(h);
    lt t;
    open_migrated(&t, dir, db);
    bmp_error e = {0};
    bmp_problems p = {0};
    assert_int_equal(bmp_ledger_verify(t.l, &p, &e), BMP_EINVAL);
    lt_has(&p, "journal line 9 of batch 1: 92000000000000000.00 green points, beyond what any "
               "event can give (1000000.00)");
    bmp_problems_free(&p);
    assert_int_equal(journal_row(&t, 1, 1, 100000001, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "journal_points_bound"));
    assert_int_equal(journal_row(&t, 1, 1, 25, &e), BMP_OK);
    bmp_ledger_close(t.l);
    t.l = NULL;
    assert_int_equal(sqlite3_open(db, &h), SQLITE_OK);
    assert_int_equal(count_of(h, "SELECT count(*) FROM journal"), 3);
    assert_int_equal(count_of(h, "SELECT points FROM journal WHERE id = 7"), 150);
    assert_int_equal(count_of(h, "SELECT points FROM journal WHERE id = 9"),
                     9200000000000000000LL);
    assert_int_equal(count_of(h, "SELECT count(*) FROM sqlite_master WHERE tbl_name = 'journal' "
                                 "AND name IN ('journal_batch', 'journal_player', "
                                 "'journal_no_update', 'journal_no_delete')"), 4);
    assert_int_equal(sqlite3_exec(h, "UPDATE journal SET points = 1", NULL, NULL, NULL),
                     SQLITE_CONSTRAINT);
    assert_int_equal(sqlite3_exec(h, "DELETE FROM journal", NULL, NULL, NULL), SQLITE_CONSTRAINT);
    sqlite3_close(h);
    lt_done(&t);
}

/* Migration 025 (issue 46) on a SQLite ledger made before it: holdings
 * posted under migration 011's triggers, one beyond the bound written with
 * the insert trigger dropped (as a ledger older than 011 could hold).
 * Opening migrates: every holding kept with its points, the table WITHOUT
 * ROWID, the two triggers gone, the CHECK refusing beyond the bound either
 * way, by insert and by update, and taking the bound itself. */
static void sqlite_holding_bound_upgrade(void **state)
{
    (void)state;
    if (lt_on_postgres())
        skip();
    char dir[] = "/tmp/bmp-holding-bound-XXXXXX", db[64];
    sqlite3 *h = schema_before(dir, db, sizeof db, ledger_sqlite_migration_025);
    raw(h, "INSERT INTO player (id, body_id, number, name, status) VALUES "
           "(1, (SELECT id FROM body WHERE code = 'abf'), '0001002', 'P', 'Active'), "
           "(2, (SELECT id FROM body WHERE code = 'abf'), '0001003', 'Q', 'Active'); "
           "INSERT INTO holding (player_id, point_type, points) VALUES "
           "(1, 'green', 150), (2, 'red', -25); "
           "DROP TRIGGER holding_points_bound_insert; "
           "INSERT INTO holding (player_id, point_type, points) VALUES "
           "(1, 'gold', 9200000000000000000); COMMIT");
    assert_int_equal(sqlite3_exec(h, "UPDATE holding SET points = 1000000000001 WHERE "
                                  "player_id = 1 AND point_type = 'green'", NULL, NULL, NULL),
                     SQLITE_CONSTRAINT); /* 011's update trigger, before the migration */
    sqlite3_close(h);
    lt t;
    open_migrated(&t, dir, db);
    bmp_error e = {0};
    assert_int_equal(lq_run(t.l, &e, "INSERT INTO holding (player_id, point_type, points) VALUES "
                            "(2, 'green', 1000000000001)", NULL), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "holding_points_bound"));
    assert_int_equal(lq_run(t.l, &e, "UPDATE holding SET points = -1000000000001 WHERE "
                            "player_id = 2", NULL), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "holding_points_bound"));
    assert_int_equal(lq_run(t.l, &e, "UPDATE holding SET points = 1000000000000 WHERE "
                            "player_id = 1 AND point_type = 'green'", NULL), BMP_OK);
    bmp_ledger_close(t.l);
    t.l = NULL;
    assert_int_equal(sqlite3_open(db, &h), SQLITE_OK);
    assert_int_equal(count_of(h, "SELECT count(*) FROM holding"), 3);
    assert_int_equal(count_of(h, "SELECT points FROM holding WHERE player_id = 1 AND "
                                 "point_type = 'green'"), 1000000000000LL);
    assert_int_equal(count_of(h, "SELECT points FROM holding WHERE player_id = 2"), -25);
    assert_int_equal(count_of(h, "SELECT points FROM holding WHERE point_type = 'gold'"),
                     9200000000000000000LL);
    assert_int_equal(count_of(h, "SELECT count(*) FROM sqlite_master WHERE name = 'holding' AND "
                                 "sql LIKE '%WITHOUT ROWID'"), 1);
    assert_int_equal(sqlite3_exec(h, "SELECT rowid FROM holding", NULL, NULL, NULL), SQLITE_ERROR);
    assert_int_equal(count_of(h, "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND "
                                 "tbl_name = 'holding'"), 0);
    assert_int_equal(count_of(h, "SELECT count(*) FROM sqlite_master WHERE name = "
                                 "'holding_bounded'"), 0);
    sqlite3_close(h);
    lt_done(&t);
}

/* pg_translate.c: a statement marked sqlite-only is left out of the
 * PostgreSQL text, a pg: comment is its statement; migration 015 becomes
 * the ALTER TABLE alone (no rebuild: an identity column copied would keep
 * its sequence at 1). */
static void pg_translation_of_the_markers(void **state)
{
    (void)state;
    char *t = ledger_pg_translate("/*sqlite*/CREATE TABLE x (a INTEGER) STRICT;\n"
                                  "/*sqlite*/CREATE TRIGGER x_no BEFORE DELETE ON x\n"
                                  "BEGIN SELECT RAISE(ABORT, 'no; never'); END;\n"
                                  "/*pg: ALTER TABLE y ADD CONSTRAINT c CHECK (b > 0) NOT VALID;*/\n"
                                  "CREATE TABLE w (b INTEGER) STRICT;\n");
    assert_non_null(t);
    assert_null(strstr(t, "TABLE x"));
    assert_null(strstr(t, "x_no"));
    assert_non_null(strstr(t, "ALTER TABLE y ADD CONSTRAINT c CHECK (b > 0) NOT VALID;"));
    assert_non_null(strstr(t, "CREATE TABLE w (b BIGINT);"));
    free(t);
    t = ledger_pg_translate(ledger_sqlite_migration_015);
    assert_non_null(t);
    assert_null(strstr(t, "journal_bounded"));
    assert_null(strstr(t, "PRAGMA"));
    assert_non_null(strstr(t, "ALTER TABLE journal ADD CONSTRAINT journal_points_bound"));
    free(t);
    t = ledger_pg_translate(ledger_sqlite_migration_025); /* the triggers' functions, then the CHECK */
    assert_non_null(t);
    assert_null(strstr(t, "holding_bounded"));
    assert_null(strstr(t, "PRAGMA"));
    const char *f = strstr(t, "DROP FUNCTION IF EXISTS bmp_raise_holding_points_bound_insert() "
                              "CASCADE;"),
               *g = strstr(t, "DROP FUNCTION IF EXISTS bmp_raise_holding_points_bound_update() "
                              "CASCADE;"),
               *c = strstr(t, "ALTER TABLE holding ADD CONSTRAINT holding_points_bound");
    assert_true(f && g && c && f < c && g < c);
    free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(out_of_bound_row_refused),
        cmocka_unit_test(sqlite_upgrade_keeps_history),
        cmocka_unit_test(sqlite_holding_bound_upgrade),
        cmocka_unit_test(pg_translation_of_the_markers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
