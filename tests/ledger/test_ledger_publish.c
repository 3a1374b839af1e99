/* The lists a body publishes (issue 28 item 4, src/ledger/report/report_*.c):
 * the ranking, the year's list with the ABF's McCutcheon (ABF-90, ABF-91;
 * 1.7.2, 1.7.3) and the promotions as published, each with the ledger
 * head it was made from. */
#include "ledger_test_util.h"

#include "bridgemp/ledger_publish.h"

#define ADJ "number,point_type,points,event,reason\n"

static void post(lt *t, const char *name, const char *csv, const char *period)
{
    bmp_error e = {0};
    bmp_ledger_close_stats s;
    int64_t id = lt_import(t, lt_file(t, name, csv), "abf", BMP_OK);
    assert_int_equal(bmp_ledger_approve(t->l, id, &e), BMP_OK);
    assert_int_equal(bmp_ledger_close_period(t->l, "abf", period, &s, &e), BMP_OK);
}

/* ABF-86..88 (1.8): December 2025 makes 1002 a Club Master (6.00: 5 needed)
 * and 1003, 1004 Graduate Masters (2 needed); 1005 holds nothing (Nil).
 * January 2026: 1002 +1.00 red, 1003 +3.00 and 1004 +2.50 (both promoted
 * to Club Master at 5.00), 1005 +0.50. */
static void two_months(lt *t)
{
    lt_abf(t);
    post(t, "dec.csv",
         ADJ "1002,green,6.00,old,carried\n1003,green,2.00,old,carried\n"
             "1004,green,2.50,old,carried\n",
         "2025-12");
    post(t, "jan.csv",
         ADJ "1002,red,1.00,jan,won\n1003,green,3.00,jan,won\n1004,red,2.50,jan,won\n"
             "1005,green,0.50,jan,won\n",
         "2026-01");
}

static char *head_text(lt *t)
{
    static char h[96];
    bmp_ledger_head hd;
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_head_get(t->l, &hd, &e), BMP_OK);
    bmp_ledger_head_format(&hd, h, sizeof h);
    return h;
}

/* By total, then name; the Deceased 1006 left out; the filters. */
static void ranking(void **state)
{
    (void)state;
    lt t;
    two_months(&t);
    bmp_error e = {0};
    bmp_table tb;
    bmp_ledger_head hd;
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_ranking(t.l, "abf", NULL, &hd, &tb, &e), BMP_OK);
    assert_int_equal(tb.nrows, 5); /* 1002..1005 and the Dormant 1007 */
    static const char *const order[] = {"0001002", "0001003", "0001004", "0001005", "0001007"};
    static const char *const totals[] = {"7.00", "5.00", "5.00", "0.50", "0.00"};
    for (size_t i = 0; i < 5; i++) {
        assert_string_equal(lt_cell(&tb, i, "number"), order[i]);
        assert_string_equal(lt_cell(&tb, i, "total"), totals[i]);
    }
    assert_string_equal(lt_cell(&tb, 0, "green"), "6.00");
    assert_string_equal(lt_cell(&tb, 0, "red"), "1.00");
    assert_string_equal(lt_cell(&tb, 0, "rank"), "Club Master");
    assert_string_equal(lt_cell(&tb, 0, "club"), "2074");
    char want[120];
    snprintf(want, sizeof want, "ledger head %s", head_text(&t));
    assert_string_equal(tb.notes[tb.nnotes - 1], want);
    bmp_table_free(&tb);

    bmp_ledger_ranking_opts o = {.size = sizeof o, .rank = "club master"};
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_ranking(t.l, "abf", &o, NULL, &tb, &e), BMP_OK);
    assert_int_equal(tb.nrows, 3);
    bmp_table_free(&tb);
    o = (bmp_ledger_ranking_opts){.size = sizeof o, .status = "Deceased"};
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_ranking(t.l, "abf", &o, NULL, &tb, &e), BMP_OK);
    assert_int_equal(tb.nrows, 1);
    assert_string_equal(lt_cell(&tb, 0, "number"), "0001006");
    bmp_table_free(&tb);
    o = (bmp_ledger_ranking_opts){.size = sizeof o, .club = "3101"};
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_ranking(t.l, "abf", &o, NULL, &tb, &e), BMP_OK);
    assert_int_equal(tb.nrows, 0);
    bmp_table_free(&tb);
    lt_done(&t);
}

/* ABF-90 (1.7.2): the Trophy to the most points of 2026, 1003's 3.00.
 * ABF-91 (1.7.3), groups by the rank on 1 January 2026: Graduate Master
 * (1003 3.00, 1004 2.50): 1003; Club Master (1002 1.00): 1002; 1005 held
 * no rank (Nil has no group) and wins nothing.  1003 and 1004 were promoted
 * in January: their rank_at_start is the rank they were promoted from. */
static void year_mccutcheon(void **state)
{
    (void)state;
    lt t;
    two_months(&t);
    bmp_error e = {0};
    bmp_table tb;
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_year_report(t.l, "abf", 2026, NULL, &tb, &e), BMP_OK);
    assert_int_equal(tb.nrows, 4);
    assert_string_equal(lt_cell(&tb, 0, "number"), "0001003");
    assert_string_equal(lt_cell(&tb, 0, "total"), "3.00");
    assert_string_equal(lt_cell(&tb, 0, "rank_at_start"), "Graduate Master");
    assert_string_equal(lt_cell(&tb, 0, "award"),
                        "McCutcheon Trophy; McCutcheon award, Graduate Master");
    assert_string_equal(lt_cell(&tb, 1, "number"), "0001004");
    assert_string_equal(lt_cell(&tb, 1, "rank_at_start"), "Graduate Master");
    assert_string_equal(lt_cell(&tb, 1, "award"), "");
    assert_string_equal(lt_cell(&tb, 2, "number"), "0001002");
    assert_string_equal(lt_cell(&tb, 2, "rank_at_start"), "Club Master");
    assert_string_equal(lt_cell(&tb, 2, "award"), "McCutcheon award, Club Master");
    assert_string_equal(lt_cell(&tb, 3, "number"), "0001005");
    assert_string_equal(lt_cell(&tb, 3, "rank_at_start"), "Nil");
    assert_string_equal(lt_cell(&tb, 3, "award"), "");
    bmp_table_free(&tb);
    /* 2025: December's points only; the Trophy to 1002's 6.00 */
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_year_report(t.l, "abf", 2025, NULL, &tb, &e), BMP_OK);
    assert_int_equal(tb.nrows, 3);
    assert_string_equal(lt_cell(&tb, 0, "number"), "0001002");
    assert_string_equal(lt_cell(&tb, 0, "total"), "6.00");
    assert_string_equal(lt_cell(&tb, 0, "award"), "McCutcheon Trophy");
    bmp_table_free(&tb);
    lt_done(&t);
}

/* As published: highest new rank first, then name; the close's date. */
static void promotions_published(void **state)
{
    (void)state;
    lt t;
    two_months(&t);
    bmp_error e = {0};
    bmp_table tb;
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_promotions_list(t.l, "abf", "2025", NULL, &tb, &e), BMP_OK);
    assert_int_equal(tb.nrows, 3);
    assert_string_equal(lt_cell(&tb, 0, "new_rank"), "Club Master");
    assert_string_equal(lt_cell(&tb, 0, "player"), "0001002");
    assert_string_equal(lt_cell(&tb, 0, "previous_rank"), "Nil");
    assert_string_equal(lt_cell(&tb, 0, "club"), "2074 Harbourside");
    assert_string_equal(lt_cell(&tb, 0, "date"), "2026-11-24");
    assert_string_equal(lt_cell(&tb, 1, "new_rank"), "Graduate Master");
    assert_string_equal(lt_cell(&tb, 1, "name"), "Player 3");
    assert_string_equal(lt_cell(&tb, 2, "name"), "Player 4");
    bmp_table_free(&tb);
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_promotions_list(t.l, "abf", "2026-01", NULL, &tb, &e), BMP_OK);
    assert_int_equal(tb.nrows, 2);
    assert_string_equal(lt_cell(&tb, 0, "previous_rank"), "Graduate Master");
    bmp_table_free(&tb);
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_promotions_list(t.l, "abf", "2026-13", NULL, &tb, &e),
                     BMP_EINVAL);
    bmp_table_free(&tb);
    lt_done(&t);
}

/* The head in every format: a CSV column, a JSON field, an HTML page. */
static void head_in_formats(void **state)
{
    (void)state;
    lt t;
    two_months(&t);
    bmp_error e = {0};
    bmp_table tb;
    bmp_ledger_head hd;
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_ranking(t.l, "abf", NULL, &hd, &tb, &e), BMP_OK);
    const char *h = head_text(&t);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_int_equal(bmp_ledger_report_write(&tb, &hd, BMP_REPORT_CSV, f, &e), BMP_OK);
    fclose(f);
    char line[200];
    snprintf(line, sizeof line, "0001002,Player 2,2074,,Club Master,6.00,1.00,0.00,7.00,%s\n",
             h);
    assert_non_null(strstr(buf, "number,name,club,state,rank,green,red,gold,total,ledger_head\n"));
    assert_non_null(strstr(buf, line));
    free(buf);
    f = open_memstream(&buf, &len);
    assert_int_equal(bmp_ledger_report_write(&tb, &hd, BMP_REPORT_JSON, f, &e), BMP_OK);
    fclose(f);
    snprintf(line, sizeof line, "\"head\": \"%s\"", h);
    assert_non_null(strstr(buf, line));
    free(buf);
    f = open_memstream(&buf, &len);
    assert_int_equal(bmp_ledger_report_write(&tb, &hd, BMP_REPORT_HTML, f, &e), BMP_OK);
    fclose(f);
    assert_non_null(strstr(buf, "<td>Club Master</td>"));
    snprintf(line, sizeof line, "<p>ledger head %s</p>", h);
    assert_non_null(strstr(buf, line));
    free(buf);
    bmp_table_free(&tb);
    lt_done(&t);
}

/* EBU-1 (2.6.1): a Blue Point is 100 master points, a Local Point one; Gold
 * Points are kept apart (never added into the total).  W1: 50.00 local +
 * 1.00 blue = 150.00 master points, 2.00 gold shown on its own; W2: 120.00
 * local = 120.00. */
static void ebu_total_keeps_gold_apart(void **state)
{
    (void)state;
    lt t;
    lt_new(&t);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_import_players(
                         t.l, "ebu", lt_file(&t, "p.csv", "number,name,status\n11,W1,Active\n"
                                                          "12,W2,Active\n"),
                         NULL, NULL, &e),
                     BMP_OK);
    int64_t id = lt_import(&t,
                           lt_file(&t, "a.csv",
                                   ADJ "11,local,50.00,x,carried\n11,blue,1.00,x,carried\n"
                                       "11,gold,2.00,x,carried\n12,local,120.00,x,carried\n"),
                           "ebu", BMP_OK);
    assert_int_equal(bmp_ledger_approve(t.l, id, &e), BMP_OK);
    assert_int_equal(bmp_ledger_close_period(t.l, "ebu", "2024-01", NULL, &e), BMP_OK);
    bmp_table tb;
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_ranking(t.l, "ebu", NULL, NULL, &tb, &e), BMP_OK);
    assert_int_equal(tb.nrows, 2);
    assert_string_equal(lt_cell(&tb, 0, "name"), "W1");
    assert_string_equal(lt_cell(&tb, 0, "total"), "150.00");
    assert_string_equal(lt_cell(&tb, 0, "gold"), "2.00");
    assert_string_equal(lt_cell(&tb, 1, "total"), "120.00");
    bool noted = false;
    for (size_t i = 0; i < tb.nnotes; i++)
        noted = noted || strstr(tb.notes[i], "kept apart, not in the total: gold") != NULL;
    assert_true(noted);
    bmp_table_free(&tb);
    lt_done(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ranking),
        cmocka_unit_test(year_mccutcheon),
        cmocka_unit_test(promotions_published),
        cmocka_unit_test(head_in_formats),
        cmocka_unit_test(ebu_total_keeps_gold_apart),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
