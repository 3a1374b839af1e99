/* bmp_ledger_import_memory (issue 32, one front door): bytes in memory give
 * the same batch as the file holding them, through the same pipeline: a
 * JSON event, USEBIO computed on import, USEBIO carrying MASTER_POINTS, ABF
 * credit files (.grn, .rag) and an adjustment CSV; the same problems for a
 * bad credit file; the bytes need no terminating NUL. */
#include "ledger_test_util.h"

#include "bridgemp/usebio.h"

#define EX BMP_SOURCE_DIR "/examples/"

/* A file of t's directory written from an event: USEBIO, with its awards
 * as MASTER_POINTS when mp, else without. */
static const char *usebio_file(lt *t, const char *name, bool mp)
{
    static char path[256];
    bmp_event *ev = NULL;
    bmp_awards aw;
    bmp_error e = {0};
    bmp_awards_init(&aw);
    assert_int_equal(bmp_event_load_file(EX "abf/club-pairs.json", &ev, &e), BMP_OK);
    assert_int_equal(bmp_award_event(ev, &aw, &e), BMP_OK);
    snprintf(path, sizeof path, "%s/%s", t->dir, name);
    assert_int_equal(bmp_usebio_write_file(ev, mp ? &aw : NULL, BMP_USEBIO_MP_DEFAULT, path, &e),
                     BMP_OK);
    bmp_awards_free(&aw);
    bmp_event_free(ev);
    return path;
}

/* Import path into a (path form) and its bytes into b (memory form, named
 * path): the same status, batch and problems, and the same database after
 * (lines, content hash, event, control totals, audit). */
static void same_batch(lt *a, lt *b, const char *path, const char *body, bmp_status want,
                       const char *source)
{
    /* what a USEBIO file cannot say (ABF 1.5.1: the grade) */
    bmp_usebio_opts uo = {.grade = "E"};
    bmp_ledger_import_opts o = {.size = sizeof o, .body = body, .usebio = &uo};
    bmp_problems pa = {0}, pb = {0};
    bmp_error ea = {0}, eb = {0};
    int64_t ia = -1, ib = -2;
    size_t len = 0;
    char *data = bmp_test_slurp_exact(path, &len);
    bmp_status sa = bmp_ledger_import(a->l, path, &o, &ia, &pa, &ea);
    if (sa != want)
        fprintf(stderr, "import %s: %s\n", path, ea.msg);
    assert_int_equal(sa, want);
    assert_int_equal(bmp_ledger_import_memory(b->l, data, len, path, &o, &ib, &pb, &eb), want);
    free(data);
    assert_string_equal(ea.msg, eb.msg);
    assert_int_equal(pa.count, pb.count);
    for (size_t i = 0; i < pa.count; i++)
        assert_string_equal(pa.msgs[i], pb.msgs[i]);
    if (want == BMP_OK) {
        assert_int_equal(ia, ib);
        bmp_table tb;
        bmp_table_init(&tb);
        assert_int_equal(bmp_ledger_batch(b->l, ib, &tb, &eb), BMP_OK);
        assert_string_equal(lt_cell(&tb, 0, "source"), source);
        bmp_table_free(&tb);
    }
    char *da = lt_dump(a), *db = lt_dump(b);
    assert_string_equal(da, db);
    free(da);
    free(db);
    bmp_problems_free(&pa);
    bmp_problems_free(&pb);
}

/* The ABF registers (lt_abf's, player 1006 active: the examples credit
 * him) from files of a's directory into l: both ledgers read the same
 * paths, so that even their audit chains agree. */
static void abf_registers(lt *a, bmp_ledger *l)
{
    bmp_error e = {0};
    size_t n = 0;
    assert_int_equal(bmp_ledger_import_clubs(l, "abf", lt_file(a, "c.csv", LT_ABF_CLUBS), &n,
                                             NULL, &e), BMP_OK);
    assert_int_equal(bmp_ledger_import_players(l, "abf", lt_file(a, "p.csv", LT_ABF_PLAYERS),
                                               &n, NULL, &e), BMP_OK);
    assert_int_equal(bmp_ledger_import_players(l, "abf", lt_file(a, "p2.csv",
                                               "number,name,status,home_club\n"
                                               "1006,Player 6,Active,2074\n"), &n, NULL, &e),
                     BMP_OK);
}

/* Two ABF ledgers alike. */
static void two(lt *a, lt *b)
{
    lt_new(a);
    lt_new(b);
    abf_registers(a, a->l);
    abf_registers(a, b->l);
}

static void done(lt *a, lt *b)
{
    lt_done(a);
    lt_done(b);
}

/* A JSON event computed on import (ABF-6 club pairs). */
static void json_event(void **state)
{
    (void)state;
    lt a, b;
    two(&a, &b);
    same_batch(&a, &b, EX "abf/club-pairs.json", "abf", BMP_OK, "event");
    /* the same content again: refused alike, naming the batch */
    same_batch(&a, &b, EX "abf/club-pairs.json", "abf", BMP_EINVAL, NULL);
    done(&a, &b);
}

/* USEBIO: computed on import, and carrying MASTER_POINTS (ABF-103). */
static void usebio_files(void **state)
{
    (void)state;
    lt a, b;
    two(&a, &b);
    same_batch(&a, &b, usebio_file(&a, "club.xml", false), "abf", BMP_OK, "event");
    done(&a, &b);
    two(&a, &b);
    same_batch(&a, &b, usebio_file(&a, "club-mp.xml", true), "abf", BMP_OK, "usebio-mp");
    done(&a, &b);
}

/* ABF credit files (App. D): a .grn, a .rag (red and green, ABF-118), and a
 * bad one whose every bad line is listed alike. */
static void credit_files(void **state)
{
    (void)state;
    lt a, b;
    two(&a, &b);
    same_batch(&a, &b, EX "ledger/harbourside-tuesday-2025-09-16.grn", NULL, BMP_OK,
               "abf-credit");
    same_batch(&a, &b, lt_file(&a, "club.rag", "0001002000030000015\n0001003000000000021\n"),
               NULL, BMP_OK, "abf-credit");
    same_batch(&a, &b, lt_file(&a, "bad.grn", "0001002000030\n00010030000x1\n12\n"), NULL,
               BMP_EINVAL, NULL);
    done(&a, &b);
}

/* An adjustment CSV (the ledger's own source) from memory too. */
static void adjustment_csv(void **state)
{
    (void)state;
    lt a, b;
    two(&a, &b);
    same_batch(&a, &b,
               lt_file(&a, "adj.csv", "number,point_type,points,event,reason\n"
                                      "1002,green,1.25,Club night,carried over\n"),
               "abf", BMP_OK, "adjustment");
    done(&a, &b);
}

/* No name: "<memory>" stands for the file; no data with a length: EINVAL. */
static void unnamed_and_null(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "abf"};
    bmp_error e = {0};
    int64_t id = 0;
    assert_int_equal(bmp_ledger_import_memory(t.l, NULL, 5, NULL, &o, &id, NULL, &e),
                     BMP_EINVAL);
    assert_string_equal(e.msg, "<memory>: no data");
    assert_int_equal(bmp_ledger_import_memory(t.l, "{", 1, NULL, &o, &id, NULL, &e), BMP_EPARSE);
    assert_non_null(strstr(e.msg, "<memory>"));
    lt_done(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(json_event),
        cmocka_unit_test(usebio_files),
        cmocka_unit_test(credit_files),
        cmocka_unit_test(adjustment_csv),
        cmocka_unit_test(unnamed_and_null),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
