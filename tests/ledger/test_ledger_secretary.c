/* What a secretary sees and undoes (issue 26 item 6): a batch shown in
 * sections, a close refused for a month not begun, a close previewed
 * without a change, and the last close reopened and closed again. */
#include "ledger_test_util.h"

#include "bridgemp/ledger_certificates.h"
#include "bridgemp/ledger_secretary.h"

#define EX BMP_SOURCE_DIR "/examples/"
#define ADJ "number,point_type,points,event,reason\n"

/* One section of a dump ("== holding" up to the next "=="), freshly allocated. */
static char *dump_section(const char *dump, const char *table)
{
    char head[64];
    snprintf(head, sizeof head, "== %s\n", table);
    const char *s = strstr(dump, head);
    assert_non_null(s);
    const char *e = strstr(s + strlen(head), "\n== ");
    return strndup(s, e ? (size_t)(e - s) : strlen(s));
}

/* ABF-86..88: 1.80 green and 4.80 green posted in 2025-08 (1003 Graduate),
 * then the club pairs approved (batch 2): the 2025-09 close would promote
 * 1002 to Graduate Master and 1003 to Club Master. */
static void two_months(lt *t)
{
    bmp_error e = {0};
    lt_abf(t);
    lt_import(t, lt_file(t, "o.csv", ADJ "1002,green,1.80,opening,carried over\n"
                                         "1003,green,4.80,opening,carried over\n"),
              "abf", BMP_OK);
    assert_int_equal(bmp_ledger_approve(t->l, 1, &e), BMP_OK);
    assert_int_equal(bmp_ledger_close_period(t->l, "abf", "2025-08", NULL, &e), BMP_OK);
    assert_int_equal(bmp_ledger_import_players(t->l, "abf", lt_file(t, "p2.csv",
                     "number,name,status,home_club\n1006,Player 6,Active,2074\n"), NULL, NULL, &e),
                     BMP_OK);
    lt_import(t, EX "abf/club-pairs.json", "abf", BMP_OK);
    assert_int_equal(bmp_ledger_approve(t->l, 2, &e), BMP_OK);
}

/* A typo such as 2062-03 froze every month before it: refused by the
 * ledger's clock (2026-11-24), as is next month; this month is not. */
static void close_future_refused(void **state)
{
    (void)state;
    lt t;
    two_months(&t);
    bmp_error e = {0};
    char *before = lt_dump(&t);
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2062-03", NULL, &e), BMP_EINVAL);
    assert_string_equal(e.msg, "period 2062-03 has not begun: today is 2026-11-24 by the "
                               "ledger's clock (a month is closed once it has begun)");
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2026-12", NULL, &e), BMP_EINVAL);
    bmp_ledger_sections s;
    assert_int_equal(bmp_ledger_close_preview(t.l, "abf", "2062-03", &s, NULL, &e), BMP_EINVAL);
    lt_unchanged(&t, before);
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2026-11", NULL, &e), BMP_OK);
    lt_done(&t);
}

/* A period before or equal to the last closed one is refused (the months
 * closed are frozen); a later month may follow a gap (ruling L-26-6). */
static void close_out_of_order_refused(void **state)
{
    (void)state;
    lt t;
    two_months(&t);
    bmp_error e = {0};
    char *before = lt_dump(&t);
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2025-07", NULL, &e), BMP_EINVAL);
    assert_string_equal(e.msg, "period 2025-07: abf is already closed up to 2025-08 (closed "
                               "periods are frozen)");
    lt_unchanged(&t, before);
    lt_done(&t);
}

/* --dry-run: the postings and promotions the close would make, the stats,
 * and the ledger's dump byte for byte the same; the close then does it. */
static void close_dry_run_changes_nothing(void **state)
{
    (void)state;
    lt t;
    two_months(&t);
    bmp_error e = {0};
    char *before = lt_dump(&t);
    bmp_ledger_sections s;
    bmp_ledger_close_stats cs;
    assert_int_equal(bmp_ledger_close_preview(t.l, "abf", "2025-09", &s, &cs, &e), BMP_OK);
    lt_unchanged(&t, before);
    assert_int_equal(cs.batches, 1);
    assert_int_equal(cs.promotions, 2);
    const bmp_table *p = bmp_ledger_section(&s, "postings");
    assert_non_null(p);
    assert_int_equal(p->nrows, 1);
    assert_string_equal(lt_cell(p, 0, "batch"), "2");
    assert_string_equal(lt_cell(p, 0, "point_type"), "green");
    assert_string_equal(lt_cell(p, 0, "lines"), "20"); /* the control total: held lines too */
    assert_string_equal(lt_cell(p, 0, "points"), "3.36");
    const bmp_table *pr = bmp_ledger_section(&s, "promotions");
    assert_non_null(pr);
    assert_int_equal(pr->nrows, 2);
    assert_string_equal(lt_cell(pr, 0, "number"), "0001003");
    assert_string_equal(lt_cell(pr, 0, "to_rank"), "Club Master");
    assert_string_equal(lt_cell(pr, 1, "number"), "0001002");
    assert_string_equal(lt_cell(pr, 1, "from_rank"), "Nil");
    assert_string_equal(lt_cell(pr, 1, "to_rank"), "Graduate Master");
    bmp_ledger_sections_free(&s);
    bmp_ledger_close_stats real;
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2025-09", &real, &e), BMP_OK);
    assert_int_equal(real.batches, cs.batches);
    assert_int_equal(real.lines, cs.lines);
    assert_int_equal(real.players, cs.players);
    assert_int_equal(real.promotions, cs.promotions);
    lt_done(&t);
}

/* Reopen the last close: holdings, ranks and promotions as before it, the
 * batch approved again, verify passes; a re-close gives the same holdings,
 * ranks and promotions as the first. */
/* Drop the head ("|N:HASH") ending each period row (issue 27). */
static void strip_heads(char *s)
{
    char *w = s;
    for (char *line = s; *line;) {
        char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) : strlen(line);
        char *bar = NULL;
        for (char *p = line; p < line + n; p++)
            bar = *p == '|' ? p : bar;
        size_t keep = bar && strchr(bar, ':') && strchr(bar, ':') < line + n ? (size_t)(bar - line)
                                                                              : n;
        memmove(w, line, keep);
        w += keep;
        if (end)
            *w++ = '\n';
        line += n + (end ? 1 : 0);
    }
    *w = '\0';
}

static void reopen_then_reclose(void **state)
{
    (void)state;
    lt t;
    two_months(&t);
    bmp_error e = {0};
    char *d0 = lt_dump(&t);
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2025-09", NULL, &e), BMP_OK);
    char *d1 = lt_dump(&t);
    bmp_ledger_reopen_stats rs;
    assert_int_equal(bmp_ledger_reopen_period(t.l, "abf", "2025-09", "", &rs, &e), BMP_EINVAL);
    assert_int_equal(bmp_ledger_reopen_period(t.l, "abf", "2025-09", "closed a month early", &rs,
                                              &e), BMP_OK);
    assert_int_equal(rs.batches, 1);
    assert_int_equal(rs.promotions, 2);
    assert_int_equal(rs.certificates, 0);
    char *d2 = lt_dump(&t);
    static const char *const same[] = {"holding", "player", "period", "promotion", "journal"};
    for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
        char *a = dump_section(d0, same[i]), *b = dump_section(d2, same[i]);
        assert_string_equal(a, b);
        free(a);
        free(b);
    }
    bmp_table tb;
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_batch(t.l, 2, &tb, &e), BMP_OK);
    assert_string_equal(lt_cell(&tb, 0, "state"), "approved");
    assert_string_equal(lt_cell(&tb, 0, "period"), "");
    bmp_table_free(&tb);
    assert_int_equal(bmp_ledger_verify(t.l, NULL, &e), BMP_OK);
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2025-09", NULL, &e), BMP_OK);
    char *d3 = lt_dump(&t);
    static const char *const again[] = {"holding", "player", "period", "promotion", "batch"};
    for (size_t i = 0; i < sizeof again / sizeof again[0]; i++) {
        char *a = dump_section(d1, again[i]), *b = dump_section(d3, again[i]);
        if (strcmp(again[i], "period") == 0) { /* issue 27: each close records the head it */
            strip_heads(a);                    /* closed on, and the chain has grown since */
            strip_heads(b);
        }
        assert_string_equal(a, b);
        free(a);
        free(b);
    }
    char *r = dump_section(d3, "reopen");
    assert_non_null(strstr(r, "|2025-09|closed a month early|test|"));
    free(r);
    assert_int_equal(bmp_ledger_verify(t.l, NULL, &e), BMP_OK);
    free(d0);
    free(d1);
    free(d2);
    free(d3);
    lt_done(&t);
}

/* Only the last closed period reopens; nothing changes otherwise. */
static void reopen_not_last_refused(void **state)
{
    (void)state;
    lt t;
    two_months(&t);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2025-09", NULL, &e), BMP_OK);
    char *before = lt_dump(&t);
    assert_int_equal(bmp_ledger_reopen_period(t.l, "abf", "2025-08", "typo", NULL, &e),
                     BMP_EINVAL);
    assert_string_equal(e.msg, "reopen 2025-08: only the last closed abf period can be "
                               "reopened, and that is 2025-09 (reopen 2025-09 first)");
    assert_int_equal(bmp_ledger_reopen_period(t.l, "abf", "2025-10", "typo", NULL, &e),
                     BMP_EINVAL);
    assert_int_equal(bmp_ledger_reopen_period(t.l, "nzb", "2025-09", "typo", NULL, &e),
                     BMP_EINVAL);
    assert_string_equal(e.msg, "reopen 2025-09: no nzb period is closed");
    lt_unchanged(&t, before);
    lt_done(&t);
}

/* NZ-99: the reopened period's certificates are revoked (the certificate
 * rows stay: they are history). */
static void reopen_revokes_certificates(void **state)
{
    (void)state;
    lt t;
    lt_new(&t);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_import_players(t.l, "nzb", lt_file(&t, "p.csv",
                     "number,name,status\n1000,Ann,Active\n"), NULL, NULL, &e), BMP_OK);
    int64_t id = lt_import(&t, lt_file(&t, "a.csv", ADJ "1000,b,4.00,x,opening\n"
                                                        "1000,c,150.00,x,opening\n"), "nzb",
                           BMP_OK);
    assert_int_equal(bmp_ledger_approve(t.l, id, &e), BMP_OK);
    assert_int_equal(bmp_ledger_close_period(t.l, "nzb", "2025-08", NULL, &e), BMP_OK);
    bmp_ledger_certificates c;
    assert_int_equal(bmp_ledger_certificate_run(t.l, "nzb", "2025-08", &c, &e), BMP_OK);
    assert_int_equal(c.made, 1);
    bmp_ledger_reopen_stats rs;
    assert_int_equal(bmp_ledger_reopen_period(t.l, "nzb", "2025-08", "wrong file", &rs, &e),
                     BMP_OK);
    assert_int_equal(rs.certificates, 1);
    assert_int_equal(rs.promotions, 1);
    char *d = lt_dump(&t);
    char *rev = dump_section(d, "certificate_revoked"), *cert = dump_section(d, "certificate");
    assert_string_equal(rev, "== certificate_revoked\n1|1");
    assert_non_null(strstr(cert, "|2025-08|"));
    free(rev);
    free(cert);
    free(d);
    assert_int_equal(bmp_ledger_verify(t.l, NULL, &e), BMP_OK);
    lt_done(&t);
}

/* batch show: the header, every line, and each held line with its reason
 * (1007 Dormant and the players the register does not know: held, ABF-99). */
static void batch_show_sections(void **state)
{
    (void)state;
    lt t;
    two_months(&t);
    bmp_error e = {0};
    bmp_ledger_sections s;
    assert_int_equal(bmp_ledger_batch_show(t.l, 99, &s, &e), BMP_ENOTFOUND);
    assert_int_equal(bmp_ledger_batch_show(t.l, 2, &s, &e), BMP_OK);
    assert_int_equal(s.n, 4); /* batch, lines, held, carried (empty: not held) */
    const bmp_table *c = bmp_ledger_section(&s, "carried");
    assert_non_null(c);
    assert_int_equal(c->nrows, 0);
    const bmp_table *h = bmp_ledger_section(&s, "batch");
    assert_non_null(h);
    assert_string_equal(bmp_table_get(h, 1, 0), "state");
    assert_string_equal(bmp_table_get(h, 1, 1), "approved");
    assert_string_equal(bmp_table_get(h, 2, 1), "abf");
    assert_string_equal(bmp_table_get(h, 7, 0), "file");
    assert_non_null(strstr(bmp_table_get(h, 7, 1), "abf/club-pairs.json"));
    const bmp_table *ln = bmp_ledger_section(&s, "lines");
    assert_non_null(ln);
    assert_int_equal(ln->nrows, 5); /* 1002..1006 */
    assert_string_equal(lt_cell(ln, 0, "number"), "0001002");
    assert_string_equal(lt_cell(ln, 0, "points"), "0.30");
    const bmp_table *held = bmp_ledger_section(&s, "held");
    assert_non_null(held);
    assert_int_equal(held->nrows, 15); /* 1007 Dormant, 14 not registered (ABF-99) */
    assert_string_equal(lt_cell(held, 0, "number"), "0001007");
    assert_string_equal(lt_cell(held, 0, "points"), "0.15");
    assert_string_equal(lt_cell(held, 0, "why"), "Dormant");
    assert_string_equal(lt_cell(held, 1, "number"), "0001008");
    assert_string_equal(lt_cell(held, 1, "why"), "not registered");
    bmp_ledger_sections_free(&s);
    lt_done(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(close_future_refused),
        cmocka_unit_test(close_out_of_order_refused),
        cmocka_unit_test(close_dry_run_changes_nothing),
        cmocka_unit_test(reopen_then_reclose),
        cmocka_unit_test(reopen_not_last_refused),
        cmocka_unit_test(reopen_revokes_certificates),
        cmocka_unit_test(batch_show_sections),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
