/* Conversions between bodies in the ledger (src/ledger/intake/convert.c):
 * ABF-105 (1.3.4) foreign points credited on application as a provisional
 * adjustment batch citing the rule; the same points never twice; all or
 * nothing (a converting process killed with SIGKILL). */
#include "ledger_test_util.h"

#include <signal.h>
#include <sys/wait.h>
#include <time.h>

#include "bridgemp/ledger_convert.h"

static bmp_status conv(lt *t, const char *number, const char *kind, bmp_points pts,
                       const char *ref, bmp_ledger_converted *out, bmp_error *e)
{
    bmp_ledger_conversion c = {"abf", number, kind, pts, ref, "2026-11-20", NULL};
    return bmp_ledger_convert(t->l, &c, out, e);
}

static void batch_totals(lt *t, int64_t id, const char *source, const char *totals)
{
    bmp_error e = {0};
    bmp_table tb;
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_batches(t->l, NULL, &tb, &e), BMP_OK);
    char want[24];
    snprintf(want, sizeof want, "%lld", (long long)id);
    size_t r = bmp_table_find_row(&tb, want);
    assert_true(r != (size_t)-1);
    assert_string_equal(lt_cell(&tb, r, "source"), source);
    assert_string_equal(lt_cell(&tb, r, "state"), "provisional");
    assert_string_equal(lt_cell(&tb, r, "totals"), totals);
    bmp_table_free(&tb);
}

/* ABF-105: 1 NZ A = 1 gold, 1 UK green = 2.50 gold, 1 NZ C = 0.01 green,
 * 1 UK blue = 1 red. */
static void converts_at_the_stated_rates(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    bmp_error e = {0};
    bmp_ledger_converted out;
    /* 12.34 NZ A -> 12.34 gold */
    assert_int_equal(conv(&t, "1002", "nz-a", 1234, "NZB statement 2026-10", &out, &e), BMP_OK);
    assert_string_equal(out.point_type, "gold");
    assert_int_equal(out.points, 1234);
    assert_string_equal(out.rule, "ABF-105");
    batch_totals(&t, out.batch, "adjustment", "gold 12.34");
    /* 3 UK green -> 3 x 2.50 = 7.50 gold (the CSV wording is accepted too) */
    assert_int_equal(conv(&t, "1003", "UK green point", 300, "EBU 123456", &out, &e), BMP_OK);
    assert_string_equal(out.foreign, "uk-green");
    batch_totals(&t, out.batch, "adjustment", "gold 7.50");
    /* 150 NZ C -> 150 x 0.01 = 1.50 green */
    assert_int_equal(conv(&t, "1004", "nz-c", 15000, "NZB statement 2026-10", &out, &e), BMP_OK);
    batch_totals(&t, out.batch, "adjustment", "green 1.50");
    /* 4.25 UK blue -> 4.25 red */
    assert_int_equal(conv(&t, "1004", "uk-blue", 425, "EBU 99", &out, &e), BMP_OK);
    batch_totals(&t, out.batch, "adjustment", "red 4.25");
    /* approved and posted at the close, the player holds it */
    assert_int_equal(bmp_ledger_approve(t.l, 1, &e), BMP_OK);
    bmp_ledger_close_stats cs;
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2026-11", &cs, &e), BMP_OK);
    assert_int_equal(cs.batches, 1);
    bmp_problems p = {0};
    assert_int_equal(bmp_ledger_verify(t.l, &p, &e), BMP_OK);
    lt_done(&t);
}

/* ABF-105: the same points (player, kind, reference) are refused a second
 * time, naming the batch, and nothing changes; other points of the same
 * player are not; once the batch is rejected they may be applied again. */
static void second_conversion_refused(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    bmp_error e = {0};
    bmp_ledger_converted out, again;
    assert_int_equal(conv(&t, "1002", "nz-a", 500, "NZB 2026-10", &out, &e), BMP_OK);
    char *before = lt_dump(&t);
    assert_int_equal(conv(&t, "1002", "NZ A point", 500, "NZB 2026-10", &again, &e), BMP_EINVAL);
    assert_int_equal(again.batch, out.batch);
    assert_non_null(strstr(e.msg, "converted already"));
    assert_non_null(strstr(e.msg, "nothing changed"));
    lt_unchanged(&t, before);
    assert_int_equal(conv(&t, "1002", "nz-b", 500, "NZB 2026-10", &again, &e), BMP_OK);
    batch_totals(&t, again.batch, "adjustment", "red 5.00");
    assert_int_equal(bmp_ledger_reject(t.l, out.batch, "wrong statement", &e), BMP_OK);
    assert_int_equal(conv(&t, "1002", "nz-a", 500, "NZB 2026-10", &again, &e), BMP_OK);
    assert_true(again.batch != out.batch);
    lt_done(&t);
}

/* Bad input: named, nothing written. */
static void bad_input_changes_nothing(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    bmp_error e = {0};
    bmp_ledger_converted out;
    char *before = lt_dump(&t);
    assert_int_equal(conv(&t, "1002", "us-black", 100, "x", &out, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "expected nz-a"));
    assert_int_equal(conv(&t, "1002", "nz-a", 100, "", &out, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "reference"));
    assert_int_equal(conv(&t, "1002", "nz-a", 0, "x", &out, &e), BMP_EINVAL);
    assert_int_equal(conv(&t, "9999", "nz-a", 100, "x", &out, &e), BMP_ENOTFOUND);
    assert_non_null(strstr(e.msg, "register the player first"));
    bmp_ledger_conversion c = {"ebu", "1002", "nz-a", 100, "x", "2026-11-20", NULL};
    assert_int_equal(bmp_ledger_convert(t.l, &c, &out, &e), BMP_ENOTSUP);
    assert_non_null(strstr(e.msg, "not supported"));
    lt_unchanged(&t, before);
    lt_done(&t);
}

/* NZ-102: 1 ABF gold = 1 A, 1 red of Klinger holidays and cruises = 1 B;
 * NZ-106: gold transferred in the year it was earned is flagged as not
 * for the Baden Wilson Trophy; the green and red rates are not legible. */
static void abf_points_into_nz(void **state)
{
    (void)state;
    lt t;
    lt_new(&t);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_import_players(t.l, "nzb", lt_file(&t, "p.csv",
                     "number,name,status\n51234,Tane Walker,Active\n"), NULL, NULL, &e), BMP_OK);
    bmp_ledger_converted out;
    bmp_ledger_conversion c = {"nzb", "51234", "abf-gold", 350, "ABF 2026 gold", "2026-11-20",
                               "2026"};
    assert_int_equal(bmp_ledger_convert(t.l, &c, &out, &e), BMP_OK);
    assert_string_equal(out.point_type, "a");
    assert_int_equal(out.points, 350); /* 3.50 gold -> 3.50 A */
    assert_string_equal(out.rule, "NZ-102");
    assert_string_equal(out.note, "NZ-106: not for the Baden Wilson Trophy");
    batch_totals(&t, out.batch, "adjustment", "a 3.50");
    c = (bmp_ledger_conversion){"nzb", "51234", "abf-gold", 200, "ABF 2025 gold", "2026-11-20",
                                "2025"};
    assert_int_equal(bmp_ledger_convert(t.l, &c, &out, &e), BMP_OK);
    assert_string_equal(out.note, ""); /* earned the year before: counts */
    c = (bmp_ledger_conversion){"nzb", "51234", "abf-red-tour", 125, "Klinger cruise",
                                "2026-11-20", NULL};
    assert_int_equal(bmp_ledger_convert(t.l, &c, &out, &e), BMP_OK);
    batch_totals(&t, out.batch, "adjustment", "b 1.25");
    char *before = lt_dump(&t);
    c.foreign = "abf-green";
    assert_int_equal(bmp_ledger_convert(t.l, &c, &out, &e), BMP_ENOTSUP);
    assert_non_null(strstr(e.msg, "not supported"));
    c = (bmp_ledger_conversion){"nzb", "51234", "abf-gold", 100, "no year", "2026-11-20", NULL};
    assert_int_equal(bmp_ledger_convert(t.l, &c, &out, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "NZ-106"));
    lt_unchanged(&t, before);
    lt_done(&t);
}

static int convert_child(const char *db)
{
    bmp_ledger *l = NULL;
    bmp_error e = {0};
    bmp_ledger_opts o = {.size = sizeof o};
    if (bmp_ledger_open(db, &o, &l, &e))
        return 1;
    bmp_ledger_conversion c = {"abf", "1002", "nz-a", 700, "NZB kill", "2026-11-20", NULL};
    bmp_ledger_converted out;
    bmp_status st = bmp_ledger_convert(l, &c, &out, &e);
    bmp_ledger_close(l);
    return st ? 1 : 0;
}

static int64_t nbatches(bmp_ledger *l)
{
    bmp_error e = {0};
    bmp_table tb;
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_batches(l, NULL, &tb, &e), BMP_OK);
    int64_t n = (int64_t)tb.nrows;
    bmp_table_free(&tb);
    return n;
}

/* All or nothing: a converting process killed with SIGKILL at many points
 * (a fresh ledger each time) leaves either no batch or the whole
 * conversion (batch, line, total and conversion row; verify checks the
 * totals against the lines); converting again afterwards is refused when
 * it was whole and done when nothing was left, so there is one batch. */
static void killed_conversion_all_or_nothing(void **state)
{
    (void)state;
    int whole = 0, none = 0;
    for (int k = 0; k < 40; k++) {
        lt t;
        lt_abf(&t);
        bmp_ledger_close(t.l);
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0)
            _exit(convert_child(t.db));
        struct timespec ts = {0, (long)k * k * 50000L}; /* 0 .. 76 ms */
        nanosleep(&ts, NULL);
        kill(pid, SIGKILL);
        waitpid(pid, NULL, 0);
        lt_open(&t);
        bmp_error e = {0};
        bmp_problems p = {0};
        assert_int_equal(bmp_ledger_verify(t.l, &p, &e), BMP_OK);
        int64_t n = nbatches(t.l);
        assert_true(n == 0 || n == 1);
        n ? whole++ : none++;
        bmp_ledger_converted out;
        assert_int_equal(conv(&t, "1002", "nz-a", 700, "NZB kill", &out, &e),
                         n ? BMP_EINVAL : BMP_OK);
        assert_int_equal(nbatches(t.l), 1);
        batch_totals(&t, out.batch, "adjustment", "gold 7.00"); /* ABF-105: 7 NZ A = 7 gold */
        lt_done(&t);
    }
    fprintf(stderr, "convert killed 40 times: %d left nothing, %d the whole conversion\n", none,
            whole);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(converts_at_the_stated_rates),
        cmocka_unit_test(second_conversion_refused),
        cmocka_unit_test(bad_input_changes_nothing),
        cmocka_unit_test(abf_points_into_nz),
        cmocka_unit_test(killed_conversion_all_or_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
