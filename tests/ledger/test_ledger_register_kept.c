/* Issue 46: the register as an import resolved it is kept on the handle
 * between imports (intake/player_resolve.c) and read again whenever the
 * register changed -- by this handle (a register import, a status, a
 * merge and its undoing), by another handle, or by a write rolled back --
 * so every import credits whom a fresh read of the register would. */
#include "ledger_test_util.h"

#include <sqlite3.h>

#include "bridgemp/ledger_movein.h"
#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"

/* 400 Active players 0002000..0002399 beside lt_abf's six: a batch naming
 * 300 of them reads the register whole and keeps it complete. */
static void big_register(lt *t)
{
    lt_abf(t);
    size_t size = 64 + 400 * 40, at = 0;
    char *csv = malloc(size);
    assert_non_null(csv);
    at += (size_t)snprintf(csv, size, "number,name,status,home_club\n");
    for (int i = 0; i < 400; i++)
        at += (size_t)snprintf(csv + at, size - at, "%d,Player %d,Active,2074\n", 2000 + i, i);
    bmp_error e = {0};
    size_t n = 0;
    assert_int_equal(bmp_ledger_import_players(t->l, "abf", lt_file(t, "big.csv", csv), &n, NULL,
                                               &e), BMP_OK);
    assert_int_equal(n, 400);
    free(csv);
}

/* One import on l of 0.10 green to each of nums (each once), as event
 * number k; *held the batch's held lines.  The status answered. */
static bmp_status import_nums(bmp_ledger *l, int k, const char *const *nums, size_t n,
                              int64_t *held, bmp_error *e)
{
    bmp_ledger_line *v = calloc(n, sizeof *v);
    assert_non_null(v);
    char event[32], hash[65], date[16];
    snprintf(date, sizeof date, "2026-10-%02d", k); /* another event's awards (issue 45) */
    snprintf(event, sizeof event, "kept %d", k);
    snprintf(hash, sizeof hash, "%064d", k);
    for (size_t i = 0; i < n; i++)
        v[i] = (bmp_ledger_line){.number = nums[i], .point_type = "green", .points = 10,
                                 .rule = "ABF-6", .event = event, .contestant = "1",
                                 .line = i + 1};
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "abf"};
    int64_t id = 0;
    bmp_problems p = {0};
    bmp_status st = bmp_ledger_import_lines(l, &o, BMP_BATCH_EVENT, "kept.csv", hash, event,
                                            date, v, n, &id, &p, e);
    bmp_problems_free(&p);
    free(v);
    *held = -1;
    if (st)
        return st;
    bmp_table tb;
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_batches(l, NULL, &tb, e), BMP_OK);
    char want[24];
    snprintf(want, sizeof want, "%lld", (long long)id);
    size_t r = bmp_table_find_row(&tb, want);
    assert_true(r != (size_t)-1);
    *held = atoll(lt_cell(&tb, r, "held"));
    bmp_table_free(&tb);
    return st;
}

/* One number imported alone: its held lines (0 or 1). */
static int64_t held_one(lt *t, int k, const char *number)
{
    int64_t held = -1;
    bmp_error e = {0};
    bmp_status st = import_nums(t->l, k, &number, 1, &held, &e);
    if (st)
        fail_msg("import %d of %s: %s", k, number, e.msg);
    return held;
}

/* The player a number's statement names ("player 0001002 Player 2"). */
static void statement_names(lt *t, const char *number, const char *who)
{
    bmp_table s;
    bmp_table_init(&s);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_statement(t->l, "abf", number, &s, &e), BMP_OK);
    assert_true(s.nnotes > 0);
    if (!strstr(s.notes[0], who))
        fail_msg("statement of %s: \"%s\", not %s", number, s.notes[0], who);
    bmp_table_free(&s);
}

static void add_player(bmp_ledger *l, lt *t, const char *row)
{
    char csv[160];
    snprintf(csv, sizeof csv, "number,name,status,home_club\n%s\n", row);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_import_players(l, "abf", lt_file(t, "add.csv", csv), NULL, NULL,
                                               &e), BMP_OK);
}

/* 0002000..0002299 imported as event 1 (the register read whole): the
 * batch's held lines. */
static int64_t import_first_300(lt *t)
{
    char nums[300][8];
    const char *p[300];
    for (int i = 0; i < 300; i++) {
        snprintf(nums[i], sizeof nums[i], "%d", 2000 + i);
        p[i] = nums[i];
    }
    int64_t held = -1;
    bmp_error e = {0};
    assert_int_equal(import_nums(t->l, 1, p, 300, &held, &e), BMP_OK);
    return held;
}

/* The register read whole (300 of 406 players in one batch), then: a
 * player this handle adds, one another handle adds, a number never
 * registered, a status this handle changes. */
static void register_changes_seen(void **state)
{
    (void)state;
    lt t;
    big_register(&t);
    int64_t held = import_first_300(&t);
    bmp_error e = {0};
    assert_int_equal(held, 0);
    int64_t own = 0; /* SQLite keeps the register read on the handle */
    assert_int_equal(lq_register_writes(t.l, &own), !lt_on_postgres());
    assert_true(t.l->reg != NULL);
    assert_int_equal(held_one(&t, 2, "2399"), 0); /* kept: registered */
    assert_int_equal(held_one(&t, 3, "1008"), 1); /* kept: not registered */
    add_player(t.l, &t, "1008,Player 8,Active,2074");
    assert_int_equal(held_one(&t, 4, "1008"), 0);
    statement_names(&t, "1008", "Player 8");
    assert_int_equal(held_one(&t, 5, "1009"), 1);
    bmp_ledger *other = NULL;
    bmp_ledger_opts o = {.size = sizeof o, .who = "other", .now = "2026-11-24T12:00:00Z"};
    assert_int_equal(bmp_ledger_open(t.db, &o, &other, &e), BMP_OK);
    add_player(other, &t, "1009,Player 9,Active,2074");
    bmp_ledger_close(other);
    assert_int_equal(held_one(&t, 6, "1009"), 0);
    statement_names(&t, "1009", "Player 9");
    assert_int_equal(held_one(&t, 7, "2100"), 0);
    add_player(t.l, &t, "2100,Player 100,Deceased,2074");
    const char *dead = "2100";
    assert_int_equal(import_nums(t.l, 8, &dead, 1, &held, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "Deceased"));
    assert_int_equal(held_one(&t, 9, "2101"), 0); /* a refused import forgot: read again */
    assert_int_equal(held_one(&t, 10, "1010"), 1);
    bmp_problems pr = {0};
    assert_int_equal(bmp_ledger_verify(t.l, &pr, &e), BMP_OK);
    bmp_problems_free(&pr);
    lt_done(&t);
}

/* The provisional points a number's statement shows ("" for none). */
static const char *provisional(lt *t, const char *number, bmp_table *s)
{
    bmp_table_init(s);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_statement(t->l, "abf", number, s, &e), BMP_OK);
    for (size_t r = 0; r < s->nrows; r++)
        if (strcmp(lt_cell(s, r, "period"), "(provisional)") == 0)
            return lt_cell(s, r, "points");
    return "";
}

static void post_all(lt *t, const char *period)
{
    bmp_table tb;
    bmp_table_init(&tb);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_batches(t->l, NULL, &tb, &e), BMP_OK);
    for (size_t r = 0; r < tb.nrows; r++)
        if (strcmp(lt_cell(&tb, r, "state"), "provisional") == 0)
            assert_int_equal(bmp_ledger_approve(t->l, atoll(lt_cell(&tb, r, "id")), &e), BMP_OK);
    bmp_table_free(&tb);
    bmp_status st = bmp_ledger_close_period(t->l, "abf", period, NULL, &e);
    if (st)
        fail_msg("close %s: %s", period, e.msg);
}

/* A duplicate's number reaches the player kept while merged, itself once
 * the merge is undone, each change seen by the next import on the handle
 * (the register read whole and kept before each). */
static void merge_and_unmerge_seen(void **state)
{
    (void)state;
    lt t;
    big_register(&t);
    bmp_table s;
    assert_int_equal(held_one(&t, 1, "1003"), 0);
    assert_string_equal(provisional(&t, "1003", &s), "0.10");
    bmp_table_free(&s);
    post_all(&t, "2026-09");
    bmp_error e = {0};
    int64_t m = 0;
    bmp_status st = bmp_ledger_merge(t.l, "abf", "1003", "1002", "same person", &m, &e);
    if (st)
        fail_msg("merge: %s", e.msg);
    assert_int_equal(held_one(&t, 2, "1003"), 0);
    assert_string_equal(provisional(&t, "1002", &s), "0.10");
    statement_names(&t, "1003", "player 0001002 Player 2");
    bmp_table_free(&s);
    post_all(&t, "2026-10");
    int64_t u = 0;
    assert_int_equal(bmp_ledger_unmerge(t.l, "abf", "1003", "not the same", &u, &e), BMP_OK);
    assert_int_equal(held_one(&t, 3, "1003"), 0);
    assert_string_equal(provisional(&t, "1003", &s), "0.10");
    bmp_table_free(&s);
    assert_string_equal(provisional(&t, "1002", &s), "");
    bmp_table_free(&s);
    bmp_problems pr = {0};
    assert_int_equal(bmp_ledger_verify(t.l, &pr, &e), BMP_OK);
    bmp_problems_free(&pr);
    lt_done(&t);
}

static void exec_sql(lt *t, const char *sqlite_sql, const char *pg_sql)
{
    if (lt_on_postgres()) {
        lt_pg_exec(t->db, pg_sql);
        return;
    }
    sqlite3 *h = NULL;
    char *msg = NULL;
    assert_int_equal(sqlite3_open(t->db, &h), SQLITE_OK);
    if (sqlite3_exec(h, sqlite_sql, NULL, NULL, &msg) != SQLITE_OK)
        fail_msg("%s: %s", sqlite_sql, msg);
    sqlite3_close(h);
}

/* A register import on the handle that wrote players and rolled back (a
 * trigger refuses its second row): what it wrote never reaches an import,
 * and what it would have changed stays as it was. */
static void rolled_back_register_import(void **state)
{
    (void)state;
    lt t;
    big_register(&t);
    exec_sql(&t,
             "CREATE TRIGGER boom AFTER INSERT ON player WHEN new.number = '0001011' "
             "BEGIN SELECT RAISE(ABORT, 'boom'); END",
             "CREATE FUNCTION boom() RETURNS trigger LANGUAGE plpgsql AS "
             "$$BEGIN RAISE EXCEPTION 'boom'; END$$; CREATE TRIGGER boom AFTER INSERT ON player "
             "FOR EACH ROW WHEN (NEW.number = '0001011') EXECUTE FUNCTION boom()");
    assert_int_equal(held_one(&t, 1, "1010"), 1);
    assert_int_equal(held_one(&t, 2, "1004"), 0);
    bmp_error e = {0};
    assert_int_not_equal(bmp_ledger_import_players(t.l, "abf", lt_file(&t, "rb.csv",
                         "number,name,status,home_club\n1004,Player 4,Deceased,2074\n"
                         "1010,Player 10,Active,2074\n1011,Player 11,Active,2074\n"), NULL, NULL,
                         &e), BMP_OK);
    assert_int_equal(held_one(&t, 3, "1010"), 1);
    assert_int_equal(held_one(&t, 4, "1004"), 0);
    bmp_table s;
    bmp_table_init(&s);
    assert_int_equal(bmp_ledger_statement(t.l, "abf", "1010", &s, &e), BMP_ENOTFOUND);
    bmp_table_free(&s);
    lt_done(&t);
}

/* PRAGMA foreign_keys on the handle (SQLite; 1 elsewhere: always on). */
static int64_t keys_enforced(lt *t)
{
    if (lt_on_postgres())
        return 1;
    int64_t on = -1;
    bool found = false;
    bmp_error e = {0};
    assert_int_equal(lq_int(t->l, &on, &found, &e, "PRAGMA foreign_keys", NULL), BMP_OK);
    assert_true(found);
    return on;
}

/* Journal rows whose player or batch is not in its table. */
static int64_t dangling(lt *t)
{
    int64_t n = -1;
    bool found = false;
    bmp_error e = {0};
    assert_int_equal(lq_int(t->l, &n, &found, &e,
                            "SELECT count(*) FROM journal j WHERE NOT EXISTS (SELECT 1 FROM "
                            "player p WHERE p.id = j.player_id) OR NOT EXISTS (SELECT 1 FROM "
                            "batch b WHERE b.id = j.batch_id)", NULL), BMP_OK);
    return n;
}

/* Issue 46: an import of 2,048 lines or more runs with SQLite's foreign
 * keys off (intake/README.md, "The journal's foreign keys").  A player
 * deleted behind the kept register's back (another connection) is not
 * credited but held; the keys are enforced again after an import, after
 * a refused one too, and a write with a missing player is refused; an
 * import inside a caller's transaction is refused, the keys untouched. */
static void unkeyed_import_guarded(void **state)
{
    (void)state;
    lt t;
    big_register(&t);
    enum { N = 2100 };
    char nums[400][8];
    const char *p[N];
    for (int i = 0; i < 400; i++)
        snprintf(nums[i], sizeof nums[i], "%d", 2000 + i);
    for (int i = 0; i < N; i++) /* 2399 never credited */
        p[i] = nums[i % 399];
    int64_t held = -1;
    bmp_error e = {0};
    assert_int_equal(import_nums(t.l, 1, p, N, &held, &e), BMP_OK);
    assert_int_equal(held, 0);
    assert_int_equal(keys_enforced(&t), 1);
    bmp_problems pr = {0}; /* the chain whole (the delete below is behind its back) */
    assert_int_equal(bmp_ledger_verify(t.l, &pr, &e), BMP_OK);
    bmp_problems_free(&pr);
    exec_sql(&t, "DELETE FROM player WHERE number = '0002399'",
             "DELETE FROM player WHERE number = '0002399'");
    for (int i = 0; i < N; i++) /* 2399 six times */
        p[i] = nums[i % 350 + 50];
    assert_int_equal(import_nums(t.l, 2, p, N, &held, &e), BMP_OK);
    assert_int_equal(held, 6);
    assert_int_equal(keys_enforced(&t), 1);
    assert_int_equal(dangling(&t), 0);
    add_player(t.l, &t, "2000,Player 0,Deceased,2074");
    assert_int_equal(import_nums(t.l, 3, p, N, &held, &e), BMP_OK); /* 2000 not named */
    p[7] = nums[0];
    assert_int_equal(import_nums(t.l, 4, p, N, &held, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "Deceased"));
    assert_int_equal(keys_enforced(&t), 1);
    int64_t batch = 0;
    bool found = false;
    assert_int_equal(lq_int(t.l, &batch, &found, &e, "SELECT max(id) FROM batch", NULL), BMP_OK);
    assert_int_equal(lq_run(t.l, &e, "INSERT INTO journal (batch_id, player_id, point_type, "
                                     "points, rule, event, contestant) VALUES (?1, 999999, "
                                     "'green', 1, '', '', '')", "i", batch), BMP_EINVAL);
    if (!lt_on_postgres()) { /* a caller's transaction open: refused, the keys on */
        assert_int_equal(lq_begin(t.l, &e), BMP_OK);
        assert_int_not_equal(lq_begin_unkeyed(t.l, &e), BMP_OK);
        assert_int_equal(keys_enforced(&t), 1);
        lq_rollback(t.l);
        assert_int_equal(keys_enforced(&t), 1);
    }
    assert_int_equal(dangling(&t), 0);
    lt_done(&t);
}

/* Rows of a table (count(*)). */
static int64_t rows_of(lt *t, const char *sql)
{
    int64_t n = -1;
    bool found = false;
    bmp_error e = {0};
    assert_int_equal(lq_int(t->l, &n, &found, &e, sql, NULL), BMP_OK);
    return n;
}

/* SQLite: the unkeyed import's 64-line INSERT is OR FAIL (no statement
 * journal), so a line refused half-way through a statement leaves the
 * statement's earlier rows in the transaction: the import must roll back
 * whole.  A trigger refuses the 1,000th line with RAISE(FAIL). */
static void failed_line_rolls_back(void **state)
{
    (void)state;
    lt t;
    big_register(&t);
    if (lt_on_postgres()) {
        lt_done(&t);
        return;
    }
    exec_sql(&t, "CREATE TRIGGER seventy_seven BEFORE INSERT ON journal WHEN new.points = 77 "
                 "BEGIN SELECT RAISE(FAIL, 'seventy-seven'); END", "");
    enum { N = 2100 };
    bmp_ledger_line *v = calloc(N, sizeof *v);
    char nums[400][8];
    assert_non_null(v);
    for (int i = 0; i < 400; i++)
        snprintf(nums[i], sizeof nums[i], "%d", 2000 + i);
    for (int i = 0; i < N; i++)
        v[i] = (bmp_ledger_line){.number = nums[i % 400], .point_type = "green",
                                 .points = i == 999 ? 77 : 10, .rule = "ABF-6",
                                 .event = "fail", .contestant = "1", .line = (size_t)i + 1};
    int64_t journal = rows_of(&t, "SELECT count(*) FROM journal"),
            batches = rows_of(&t, "SELECT count(*) FROM batch");
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "abf"};
    int64_t id = 0;
    bmp_problems p = {0};
    bmp_error e = {0};
    char hash[65];
    snprintf(hash, sizeof hash, "%064d", 77);
    assert_int_not_equal(bmp_ledger_import_lines(t.l, &o, BMP_BATCH_EVENT, "fail.csv", hash,
                                                 "fail", "2026-10-30", v, N, &id, &p, &e),
                         BMP_OK);
    assert_non_null(strstr(e.msg, "seventy-seven"));
    assert_int_equal(rows_of(&t, "SELECT count(*) FROM journal"), journal);
    assert_int_equal(rows_of(&t, "SELECT count(*) FROM batch"), batches);
    assert_int_equal(keys_enforced(&t), 1);
    v[999].points = 10; /* the same file without the refused line's 77: imported whole */
    assert_int_equal(bmp_ledger_import_lines(t.l, &o, BMP_BATCH_EVENT, "fail.csv", hash, "fail",
                                             "2026-10-30", v, N, &id, &p, &e), BMP_OK);
    assert_int_equal(rows_of(&t, "SELECT count(*) FROM journal"), journal + N);
    bmp_problems_free(&p);
    free(v);
    lt_done(&t);
}

/* Rows of the tables a close writes that name a missing player or body
 * (and on SQLite, anything PRAGMA foreign_key_check finds). */
static int64_t close_dangling(lt *t)
{
    int64_t n = rows_of(t, "SELECT count(*) FROM holding h WHERE NOT EXISTS (SELECT 1 FROM "
                           "player p WHERE p.id = h.player_id)") +
                rows_of(t, "SELECT count(*) FROM close_rank c WHERE NOT EXISTS (SELECT 1 FROM "
                           "player p WHERE p.id = c.player_id) OR NOT EXISTS (SELECT 1 FROM "
                           "body b WHERE b.id = c.body_id)") +
                rows_of(t, "SELECT count(*) FROM promotion r WHERE NOT EXISTS (SELECT 1 FROM "
                           "period d WHERE d.body_id = r.body_id AND d.period = r.period)");
    return lt_on_postgres() ? n : n + rows_of(t, "SELECT count(*) FROM pragma_foreign_key_check");
}

/* Issue 46: a close runs with SQLite's foreign keys off and its many-row
 * statements OR FAIL (period/README.md, "The close's foreign keys").  A
 * holding refused half-way through the post's INSERT (a trigger's
 * RAISE(FAIL), SQLite) leaves nothing of the close and the keys on; the
 * close then made leaves the keys on, no row naming a missing player,
 * body or period, and the chain whole. */
static void unkeyed_close_guarded(void **state)
{
    (void)state;
    lt t;
    big_register(&t);
    assert_int_equal(import_first_300(&t), 0);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_approve(t.l, rows_of(&t, "SELECT max(id) FROM batch"), &e),
                     BMP_OK);
    if (!lt_on_postgres()) {
        exec_sql(&t, "CREATE TRIGGER boom BEFORE INSERT ON holding WHEN new.player_id = "
                     "(SELECT id FROM player WHERE number = '0002150') "
                     "BEGIN SELECT RAISE(FAIL, 'boom'); END", "");
        char *before = lt_dump(&t);
        assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2026-10", NULL, &e), BMP_EINVAL);
        assert_non_null(strstr(e.msg, "boom"));
        assert_int_equal(keys_enforced(&t), 1);
        exec_sql(&t, "DROP TRIGGER boom", "");
        lt_unchanged(&t, before);
    }
    bmp_ledger_close_stats st = {0};
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2026-10", &st, &e), BMP_OK);
    assert_int_equal(st.players, 300);
    assert_int_equal(keys_enforced(&t), 1);
    assert_int_equal(close_dangling(&t), 0);
    assert_int_equal(rows_of(&t, "SELECT count(*) FROM holding WHERE points = 10"), 300);
    bmp_problems pr = {0};
    assert_int_equal(bmp_ledger_verify(t.l, &pr, &e), BMP_OK);
    assert_int_equal(pr.count, 0);
    bmp_problems_free(&pr);
    lt_done(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(register_changes_seen),
        cmocka_unit_test(merge_and_unmerge_seen),
        cmocka_unit_test(rolled_back_register_import),
        cmocka_unit_test(unkeyed_import_guarded),
        cmocka_unit_test(failed_line_rolls_back),
        cmocka_unit_test(unkeyed_close_guarded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
