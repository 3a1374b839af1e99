/* bmp_ledger_backup / bmp_ledger_restore (issue 27, item 4): a backup taken
 * while two importer threads and a reader thread use the ledger verifies and
 * its head is a prefix of the live chain; a raw copy of the main file while
 * another connection holds the WAL is stale by its head; restore refuses a
 * tampered copy and an existing ledger, and replaces all or nothing.  On
 * PostgreSQL (the _pg twin) both answer "not supported", naming the tool. */
#include "ledger_test_util.h"

#include <pthread.h>
#include <sys/stat.h>
#include <time.h>

#include "bridgemp/ledger_backup.h"

typedef struct worker {
    const char *db, *dir;
    int id, n;
    bmp_status st;
} worker;

static void *importer(void *arg)
{
    worker *w = arg;
    bmp_ledger *l = NULL;
    bmp_error e = {0};
    bmp_ledger_opts o = {.size = sizeof o, .who = "importer"};
    w->st = bmp_ledger_open(w->db, &o, &l, &e);
    for (int i = 0; i < w->n && !w->st; i++) {
        char csv[256];
        snprintf(csv, sizeof csv,
                 "number,point_type,points,event,reason\n100%d,green,0.%02d,worker %d event %d,x\n",
                 2 + w->id, i + 1, w->id, i);
        bmp_ledger_import_opts io = {.size = sizeof io, .body = "abf"};
        int64_t id = 0;
        w->st = bmp_ledger_import_memory(l, csv, strlen(csv), "adj.csv", &io, &id, NULL, &e);
        if (!w->st)
            w->st = bmp_ledger_approve(l, id, &e);
    }
    if (w->st)
        fprintf(stderr, "importer %d: %s\n", w->id, e.msg);
    bmp_ledger_close(l);
    return NULL;
}

static void *reader(void *arg)
{
    worker *w = arg;
    bmp_ledger *l = NULL;
    bmp_error e = {0};
    bmp_ledger_opts o = {.size = sizeof o, .who = "reader", .read_only = true};
    w->st = bmp_ledger_open(w->db, &o, &l, &e);
    for (int i = 0; i < 300 && !w->st; i++) {
        bmp_ledger_head h;
        w->st = bmp_ledger_head_get(l, &h, &e);
        w->n++;
    }
    bmp_ledger_close(l);
    return NULL;
}

/* Entry n of the live chain has hash `hash` (the copy is a prefix):
 * bmp_ledger_head_check, what `ledger verify --head N:HASH` runs. */
static void assert_prefix(lt *t, const bmp_ledger_head *h)
{
    char text[100];
    bmp_ledger_head_format(h, text, sizeof text);
    bmp_error e = {0};
    bmp_status st = bmp_ledger_head_check(t->l, text, &e);
    if (st)
        fprintf(stderr, "head %s: %s\n", text, e.msg);
    assert_int_equal(st, BMP_OK);
}

static bool on_pg_not_supported(lt *t)
{
    if (!lt_on_postgres())
        return false;
    bmp_error e = {0};
    char file[600];
    snprintf(file, sizeof file, "%s/b.db", t->dir);
    assert_int_equal(bmp_ledger_backup(t->l, file, NULL, NULL, &e), BMP_ENOTSUP);
    assert_string_equal(e.msg, "not supported on PostgreSQL: use pg_dump (docs/ledger.md)");
    assert_int_equal(access(file, F_OK), -1);
    return true;
}

static void test_backup_while_importing_and_reading(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    if (on_pg_not_supported(&t)) {
        lt_done(&t);
        return;
    }
    worker w[3] = {{t.db, t.dir, 0, 15, 0}, {t.db, t.dir, 1, 15, 0}, {t.db, t.dir, 2, 0, 0}};
    pthread_t th[3];
    assert_int_equal(pthread_create(&th[0], NULL, importer, &w[0]), 0);
    assert_int_equal(pthread_create(&th[1], NULL, importer, &w[1]), 0);
    assert_int_equal(pthread_create(&th[2], NULL, reader, &w[2]), 0);
    bmp_ledger_head heads[4];
    for (int k = 0; k < 4; k++) {
        char file[600];
        snprintf(file, sizeof file, "%s/b%d.db", t.dir, k);
        bmp_error e = {0};
        bmp_problems p = {0};
        bmp_status st = bmp_ledger_backup(t.l, file, &heads[k], &p, &e);
        if (st)
            fprintf(stderr, "backup %d: %s\n", k, e.msg);
        assert_int_equal(st, BMP_OK);
        assert_int_equal(p.count, 0);
        struct timespec ts = {0, 20 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    pthread_join(th[0], NULL);
    pthread_join(th[1], NULL);
    pthread_join(th[2], NULL);
    for (int k = 0; k < 3; k++)
        assert_int_equal(w[k].st, BMP_OK);
    assert_int_equal(w[2].n, 300);
    /* 2 register imports, then 30 imports + 30 approvals */
    bmp_ledger_head live;
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_head_get(t.l, &live, &e), BMP_OK);
    assert_int_equal(live.entries, 62);
    for (int k = 0; k < 4; k++) {
        assert_true(heads[k].entries >= 2 && heads[k].entries <= live.entries);
        assert_prefix(&t, &heads[k]);
        /* the copy, opened on its own, verifies and has that head */
        char file[600];
        snprintf(file, sizeof file, "%s/b%d.db", t.dir, k);
        bmp_ledger *c = NULL;
        bmp_ledger_opts o = {.size = sizeof o};
        assert_int_equal(bmp_ledger_open(file, &o, &c, &e), BMP_OK);
        assert_int_equal(bmp_ledger_verify(c, NULL, &e), BMP_OK);
        bmp_ledger_head ch;
        assert_int_equal(bmp_ledger_head_get(c, &ch, &e), BMP_OK);
        assert_int_equal(ch.entries, heads[k].entries);
        assert_string_equal(ch.hash, heads[k].hash);
        bmp_ledger_close(c);
    }
    lt_done(&t);
}

static void copy_file(const char *from, const char *to)
{
    FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
    assert_non_null(in);
    assert_non_null(out);
    char buf[8192];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0)
        assert_int_equal(fwrite(buf, 1, n, out), n);
    fclose(in);
    fclose(out);
}

/* A raw copy while another connection keeps the WAL un-checkpointed: the
 * batches in the WAL are missing; the copy verifies (it is consistent, only
 * old), and its head differs from the live head recorded before the copy. */
static void test_raw_copy_is_stale(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    if (lt_on_postgres()) {
        lt_done(&t);
        return;
    }
    /* a second connection (a server's): the last one to close checkpoints */
    bmp_ledger *server = NULL;
    bmp_error e = {0};
    bmp_ledger_head before;
    assert_int_equal(bmp_ledger_head_get(t.l, &before, &e), BMP_OK);
    assert_int_equal(before.entries, 2);
    bmp_ledger_close(t.l); /* the last connection: the file now holds the registers */
    bmp_ledger_opts o = {.size = sizeof o, .read_only = true};
    assert_int_equal(bmp_ledger_open(t.db, &o, &server, &e), BMP_OK);
    lt_open(&t);
    for (int i = 0; i < 3; i++) {
        char name[32], csv[160];
        snprintf(name, sizeof name, "a%d.csv", i);
        snprintf(csv, sizeof csv, "number,point_type,points,event,reason\n1002,green,0.1%d,e%d,x\n",
                 i, i);
        lt_import(&t, lt_file(&t, name, csv), "abf", BMP_OK);
    }
    bmp_ledger_head live;
    assert_int_equal(bmp_ledger_head_get(t.l, &live, &e), BMP_OK);
    assert_int_equal(live.entries, before.entries + 3);
    char wal[600], raw[600];
    snprintf(wal, sizeof wal, "%s-wal", t.db);
    struct stat sb;
    assert_int_equal(stat(wal, &sb), 0);
    assert_true(sb.st_size > 0); /* the three batches are in the WAL */
    snprintf(raw, sizeof raw, "%s/raw.db", t.dir);
    copy_file(t.db, raw);
    bmp_ledger *c = NULL;
    bmp_ledger_opts co = {.size = sizeof co};
    assert_int_equal(bmp_ledger_open(raw, &co, &c, &e), BMP_OK);
    assert_int_equal(bmp_ledger_verify(c, NULL, &e), BMP_OK); /* consistent ... */
    bmp_ledger_head rh;
    assert_int_equal(bmp_ledger_head_get(c, &rh, &e), BMP_OK);
    bmp_ledger_close(c);
    assert_true(rh.entries < live.entries); /* ... but stale: its head is not the live one */
    assert_int_equal(rh.entries, before.entries);
    assert_string_not_equal(rh.hash, live.hash);
    /* the backup of the same moment has the live head */
    char file[600];
    snprintf(file, sizeof file, "%s/b.db", t.dir);
    bmp_ledger_head bh;
    assert_int_equal(bmp_ledger_backup(t.l, file, &bh, NULL, &e), BMP_OK);
    assert_int_equal(bh.entries, live.entries);
    assert_string_equal(bh.hash, live.hash);
    bmp_ledger_close(server);
    lt_done(&t);
}

static void test_restore(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    if (lt_on_postgres()) {
        bmp_error e = {0};
        assert_int_equal(bmp_ledger_restore(lt_file(&t, "x.db", ""), t.db, true, NULL, NULL, &e),
                         BMP_ENOTSUP);
        assert_string_equal(e.msg, "not supported on PostgreSQL: use pg_restore (docs/ledger.md)");
        lt_done(&t);
        return;
    }
    bmp_error e = {0};
    char b[600], r[600], missing[600];
    snprintf(b, sizeof b, "%s/b.db", t.dir);
    snprintf(r, sizeof r, "%s/r.db", t.dir);
    snprintf(missing, sizeof missing, "%s/none/r.db", t.dir);
    bmp_ledger_head bh, rh;
    assert_int_equal(bmp_ledger_backup(t.l, b, &bh, NULL, &e), BMP_OK);
    assert_int_equal(bmp_ledger_backup(t.l, b, NULL, NULL, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "b.db: exists: never overwritten"));
    assert_int_equal(bmp_ledger_restore(b, r, false, &rh, NULL, &e), BMP_OK);
    assert_string_equal(rh.hash, bh.hash);
    /* an existing ledger: refused, then replaced with --force-replace */
    lt_import(&t, lt_file(&t, "a.csv", "number,point_type,points,event,reason\n1002,green,1.00,e,x\n"),
              "abf", BMP_OK);
    char b2[600];
    snprintf(b2, sizeof b2, "%s/b2.db", t.dir);
    bmp_ledger_head b2h;
    assert_int_equal(bmp_ledger_backup(t.l, b2, &b2h, NULL, &e), BMP_OK);
    assert_int_equal(b2h.entries, bh.entries + 1);
    assert_int_equal(bmp_ledger_restore(b2, r, false, NULL, NULL, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "a ledger is there"));
    assert_int_equal(bmp_ledger_restore(b2, r, true, &rh, NULL, &e), BMP_OK);
    assert_string_equal(rh.hash, b2h.hash);
    /* a target whose folder does not exist: nothing made */
    assert_int_equal(bmp_ledger_restore(b, missing, false, NULL, NULL, &e), BMP_EIO);
    assert_int_equal(access(missing, F_OK), -1);
    lt_done(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_backup_while_importing_and_reading),
        cmocka_unit_test(test_raw_copy_is_stale),
        cmocka_unit_test(test_restore),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
