/* The ledger store: schema migrations, refusing a newer database, and the
 * database itself refusing to change history (issue 11). */
#include "ledger_test_util.h"

#include <sqlite3.h>

static void raw_exec(const char *db, const char *sql, int want)
{
    sqlite3 *h = NULL;
    assert_int_equal(sqlite3_open(db, &h), SQLITE_OK);
    char *msg = NULL;
    int rc = sqlite3_exec(h, sql, NULL, NULL, &msg);
    if (rc != want)
        fprintf(stderr, "%s: %s\n", sql, msg ? msg : "ok");
    assert_int_equal(rc, want);
    sqlite3_free(msg);
    sqlite3_close(h);
}

static void init_and_reopen(void **state)
{
    (void)state;
    lt t;
    lt_new(&t);
    assert_int_equal(bmp_ledger_schema_version(t.l), bmp_ledger_schema_latest());
    assert_true(bmp_ledger_schema_latest() >= 1);
    bmp_ledger_close(t.l);
    lt_open(&t); /* reopening migrates nothing and changes nothing */
    assert_int_equal(bmp_ledger_schema_version(t.l), bmp_ledger_schema_latest());
    lt_done(&t);
}

static void missing_file_not_created(void **state)
{
    (void)state;
    bmp_error e = {0};
    bmp_ledger *l = NULL;
    bmp_ledger_opts o = {.size = sizeof o};
    assert_int_equal(bmp_ledger_open("/tmp/no-such-dir-bmp/x.db", &o, &l, &e), BMP_ENOTFOUND);
    assert_non_null(strstr(e.msg, "bridgemp ledger init"));
}

static void newer_schema_refused(void **state)
{
    (void)state;
    lt t;
    lt_new(&t);
    bmp_ledger_close(t.l);
    char sql[64];
    snprintf(sql, sizeof sql, "PRAGMA user_version = %d", bmp_ledger_schema_latest() + 1);
    raw_exec(t.db, sql, SQLITE_OK);
    bmp_error e = {0};
    bmp_ledger_opts o = {.size = sizeof o};
    assert_int_equal(bmp_ledger_open(t.db, &o, &t.l, &e), BMP_ERANGE);
    assert_non_null(strstr(e.msg, "is newer than this program"));
    t.l = NULL;
    lt_done(&t);
}

/* Posted rows are never updated or deleted: the database raises. */
static void history_immutable_in_the_database(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    const char *csv = lt_file(&t, "a.csv", "number,point_type,points,event,reason\n"
                                           "1002,green,1.50,club night,carried over\n");
    int64_t id = lt_import(&t, csv, "abf", BMP_OK);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_approve(t.l, id, &e), BMP_OK);
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2025-08", NULL, &e), BMP_OK);
    bmp_ledger_close(t.l);
    raw_exec(t.db, "UPDATE journal SET points = 999", SQLITE_CONSTRAINT);
    raw_exec(t.db, "DELETE FROM journal", SQLITE_CONSTRAINT);
    raw_exec(t.db, "UPDATE batch SET reason = 'x' WHERE id = 1", SQLITE_CONSTRAINT);
    raw_exec(t.db, "DELETE FROM batch", SQLITE_CONSTRAINT);
    raw_exec(t.db, "UPDATE audit SET who = 'mallory'", SQLITE_CONSTRAINT);
    raw_exec(t.db, "DELETE FROM audit", SQLITE_CONSTRAINT);
    raw_exec(t.db, "DELETE FROM period", SQLITE_CONSTRAINT);
    /* foreign keys (enforced on connections that turn them on, as the ledger's do) */
    raw_exec(t.db, "PRAGMA foreign_keys = ON; INSERT INTO journal (batch_id, player_id, point_type, "
                   "points, rule, event, contestant) VALUES (99, 1, 'green', 5, 'x', 'x', 'x')", SQLITE_CONSTRAINT);
    /* STRICT tables refuse a value of the wrong type */
    raw_exec(t.db, "INSERT INTO club (body_id, number, name, dummy) VALUES ('abf', 1, 'x', 0)",
             SQLITE_CONSTRAINT);
    lt_open(&t);
    lt_done(&t);
}

/* verify recomputes the hash chain and holdings: an edit made behind the
 * triggers' back is found. */
static void verify_finds_tampering(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    int64_t id = lt_import(&t, lt_file(&t, "a.csv", "number,point_type,points,event,reason\n"
                                                    "1002,green,1.50,club night,carried over\n"),
                           "abf", BMP_OK);
    bmp_error e = {0};
    bmp_problems p = {0};
    assert_int_equal(bmp_ledger_approve(t.l, id, &e), BMP_OK);
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2025-08", NULL, &e), BMP_OK);
    assert_int_equal(bmp_ledger_verify(t.l, &p, &e), BMP_OK);
    bmp_ledger_close(t.l);
    raw_exec(t.db, "DROP TRIGGER audit_no_update; UPDATE audit SET detail = 'nothing' WHERE seq = 2;"
                   "UPDATE holding SET points = 9999;"
                   "INSERT INTO journal (batch_id, player_id, point_type, points, rule, event, "
                   "contestant) VALUES (1, 2, 'green', 5, 'x', 'x', 'x')", SQLITE_OK);
    lt_open(&t);
    assert_int_equal(bmp_ledger_verify(t.l, &p, &e), BMP_EINVAL);
    lt_has(&p, "audit 2: hash mismatch");
    lt_has(&p, "holding of player 0001002 green: recorded 99.99, recomputed 1.50");
    /* a line slipped into the posted batch: its control total no longer agrees */
    lt_has(&p, "control total of batch 1 green: recorded 1.50, recomputed 1.55");
    lt_has(&p, "holding of player 0001003 green: recorded 0.00, recomputed 0.05");
    bmp_problems_free(&p);
    lt_done(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(init_and_reopen),
        cmocka_unit_test(missing_file_not_created),
        cmocka_unit_test(newer_schema_refused),
        cmocka_unit_test(history_immutable_in_the_database),
        cmocka_unit_test(verify_finds_tampering),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
