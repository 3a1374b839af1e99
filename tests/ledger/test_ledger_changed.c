/* bmp_ledger_changed: the change counter `bridgemp serve`'s response cache
 * checks before it answers from memory (issue 30, docs/serve.md "Response
 * cache"): SQLite's PRAGMA data_version, PostgreSQL's audit chain head
 * (ruling W-9).  Runs on both backends (test_ledger_changed_pg). */
#include "ledger_test_util.h"

static bmp_ledger *open_reader(lt *t)
{
    bmp_error e = {0};
    bmp_ledger *r = NULL;
    bmp_ledger_opts o = {.size = sizeof o, .who = "serve", .read_only = true};
    assert_int_equal(bmp_ledger_open(t->db, &o, &r, &e), BMP_OK);
    return r;
}

/* changed() in a snapshot of its own */
static bool changed(bmp_ledger *l)
{
    bmp_error e = {0};
    bool ch = false;
    assert_int_equal(bmp_ledger_snapshot_begin(l, &e), BMP_OK);
    assert_int_equal(bmp_ledger_changed(l, &ch, &e), BMP_OK);
    bmp_ledger_snapshot_end(l);
    return ch;
}

/* A reader sees a write committed through another handle (another
 * connection, as another process would be), once. */
static void a_write_elsewhere_is_seen_once(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    bmp_ledger *r = open_reader(&t);
    assert_true(changed(r));  /* the first answer: nothing known yet */
    assert_false(changed(r)); /* nothing written since */
    assert_false(changed(r));
    lt_rename_1003(&t, "Player Three");
    assert_true(changed(r));
    assert_false(changed(r));
    bmp_ledger_close(r);
    lt_done(&t);
}

/* A handle's own writes count (SQLite's data_version leaves them out). */
static void own_writes_count(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    assert_true(changed(t.l));
    assert_false(changed(t.l));
    lt_rename_1003(&t, "Player Three");
    assert_true(changed(t.l));
    assert_false(changed(t.l));
    lt_done(&t);
}

/* Inside a snapshot the answer is as of the snapshot: a write committed
 * after it began is seen by the next snapshot, not this one. */
static void as_of_the_snapshot(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    bmp_ledger *r = open_reader(&t);
    assert_true(changed(r));
    bmp_error e = {0};
    bool ch = true;
    assert_int_equal(bmp_ledger_snapshot_begin(r, &e), BMP_OK);
    assert_int_equal(bmp_ledger_changed(r, &ch, &e), BMP_OK);
    assert_false(ch);
    lt_rename_1003(&t, "Player Three");
    assert_int_equal(bmp_ledger_changed(r, &ch, &e), BMP_OK);
    assert_false(ch);
    bmp_ledger_snapshot_end(r);
    assert_true(changed(r));
    bmp_ledger_close(r);
    lt_done(&t);
}

/* The watch (bmp_ledger_watch_open/_read, W-9): the same question without
 * a query, asked by the server at every cached GET.  On SQLite (WAL mode)
 * the stamp stays while nothing is written and moves with every commit,
 * through another handle (as another process) -- 20 writes, 20 new
 * stamps, none seen before.  PostgreSQL has no such stamp: ENOTSUP, and
 * the server checks in each request's snapshot instead. */
static void the_watch_moves_with_every_write(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    bmp_ledger *w = open_reader(&t);
    bmp_error e = {0};
    if (strcmp(bmp_ledger_backend(w), "postgresql") == 0) {
        assert_int_equal(bmp_ledger_watch_open(w, &e), BMP_ENOTSUP);
        assert_int_equal(bmp_ledger_watch_read(w), 0);
        bmp_ledger_close(w);
        lt_done(&t);
        return;
    }
    assert_int_equal(bmp_ledger_watch_open(w, &e), BMP_OK);
    uint64_t seen[21] = {bmp_ledger_watch_read(w)};
    assert_int_not_equal(seen[0], 0);
    assert_int_equal(bmp_ledger_watch_read(w), seen[0]); /* nothing written */
    for (int i = 1; i <= 20; i++) {
        char name[32];
        snprintf(name, sizeof name, "Player Three %d", i);
        lt_rename_1003(&t, name);
        seen[i] = bmp_ledger_watch_read(w);
        assert_int_equal(bmp_ledger_watch_read(w), seen[i]);
        for (int k = 0; k < i; k++)
            assert_int_not_equal(seen[i], seen[k]);
    }
    bmp_ledger_close(w);
    lt_done(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_write_elsewhere_is_seen_once),
        cmocka_unit_test(own_writes_count),
        cmocka_unit_test(as_of_the_snapshot),
        cmocka_unit_test(the_watch_moves_with_every_write),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
