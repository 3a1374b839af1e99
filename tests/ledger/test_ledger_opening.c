/* Opening balances from an old system (issue 28 item 2): one posted batch,
 * no promotion and no certificate, the carried rank kept and the floor of
 * every later close, once per player unless replacing, zero lines allowed,
 * every line checked (rulings MI-1..MI-3). */
#include "ledger_test_util.h"

#include "bridgemp/ledger_api.h"
#include "bridgemp/ledger_movein.h"

#define OPEN_HDR "number,green,red,gold,rank,rank_date\n"

static bmp_status opening(lt *t, const char *body, const char *name, const char *csv,
                          int64_t replaces, int64_t *id, bmp_problems *p)
{
    bmp_error e = {0};
    bmp_ledger_opening_opts o = {.size = sizeof o, .body = body, .reason = "from the old system",
                                 .replaces = replaces};
    bmp_status st = bmp_ledger_opening(t->l, lt_file(t, name, csv), &o, id, NULL, p, &e);
    if (st && !p)
        fprintf(stderr, "opening %s: %s\n", name, e.msg);
    return st;
}

/* One section of a dump ("== NAME" up to the next), freshly allocated. */
static char *section(lt *t, const char *table)
{
    char *d = lt_dump(t), head[64];
    snprintf(head, sizeof head, "== %s\n", table);
    const char *s = strstr(d, head);
    assert_non_null(s);
    const char *e = strstr(s + strlen(head) - 1, "\n== ");
    char *r = strndup(s, e ? (size_t)(e - s) + 1 : strlen(s));
    free(d);
    return r;
}

static const char *statement_cell(bmp_table *s, const char *period, const char *type)
{
    for (size_t r = 0; r < s->nrows; r++)
        if (strcmp(lt_cell(s, r, "period"), period) == 0 &&
            strcmp(lt_cell(s, r, "point_type"), type) == 0)
            return lt_cell(s, r, "points");
    return "";
}

/* The finding: the same holdings loaded as an adjustment made four
 * promotions (and certificates) for ranks the players already held
 * (Player 3 "Nil -> National Master").  As an opening: none, the ranks
 * carried, the statement says "opening balance" (ABF-86 ranks). */
static void opening_makes_no_promotion(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    int64_t id = 0;
    assert_int_equal(opening(&t, "abf", "o.csv", OPEN_HDR
                             "1002,1.80,0,0,Nil,\n"
                             "1003,160.00,80.00,0,National Master,2019-05-01\n"
                             "1004,24.90,0,0,Local Master,2020-01-02\n"
                             "1005,0,0,0,Nil,\n", /* a zero line */
                             0, &id, NULL),
                     BMP_OK);
    assert_true(id > 0);
    bmp_error e = {0};
    bmp_ledger_close_stats s = {0};
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2026-10", &s, &e), BMP_OK);
    assert_int_equal(s.promotions, 0);
    char *p = section(&t, "promotion");
    assert_string_equal(p, "== promotion\n");
    free(p);
    p = section(&t, "certificate");
    assert_string_equal(p, "== certificate\n");
    free(p);
    bmp_table st;
    bmp_table_init(&st);
    assert_int_equal(bmp_ledger_statement(t.l, "abf", "1003", &st, &e), BMP_OK);
    assert_string_equal(statement_cell(&st, "opening balance", "green"), "160.00");
    assert_string_equal(statement_cell(&st, "opening balance", "red"), "80.00");
    assert_string_equal(statement_cell(&st, "holding", "red"), "80.00");
    assert_non_null(strstr(st.notes[1], "National Master"));
    bmp_table_free(&st);
    assert_int_equal(bmp_ledger_verify(t.l, NULL, &e), BMP_OK);
    lt_done(&t);
}

/* A later close promotes only on new points: 1003 (National Master,
 * 160 + 80) wins 20 red and reaches Bronze National Master (total 200,
 * red+gold 100, ABF-86); 1004 (Local Master, 24.90) wins 0.05 green and
 * stays (Bronze Local needs 25 total: 24.95); nobody is re-promoted to a
 * rank carried in. */
static void close_promotes_on_new_points(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    int64_t id = 0;
    assert_int_equal(opening(&t, "abf", "o.csv", OPEN_HDR
                             "1003,160.00,80.00,0,National Master,2019-05-01\n"
                             "1004,24.90,0,0,Local Master,2020-01-02\n", 0, &id, NULL),
                     BMP_OK);
    int64_t b = lt_import(&t, lt_file(&t, "a.csv", "number,point_type,points,event,reason\n"
                                                   "1003,red,20.00,x,y\n1004,green,0.05,x,y\n"),
                          "abf", BMP_OK);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_approve(t.l, b, &e), BMP_OK);
    bmp_ledger_close_stats s = {0};
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2026-10", &s, &e), BMP_OK);
    assert_int_equal(s.players, 2);
    assert_int_equal(s.promotions, 1);
    bmp_table pr;
    bmp_table_init(&pr);
    assert_int_equal(bmp_ledger_promotions(t.l, "abf", "2026-10", &pr, &e), BMP_OK);
    assert_int_equal(pr.nrows, 1);
    assert_string_equal(lt_cell(&pr, 0, "number"), "0001003");
    assert_string_equal(lt_cell(&pr, 0, "from_rank"), "National Master");
    assert_string_equal(lt_cell(&pr, 0, "to_rank"), "Bronze National Master");
    bmp_table_free(&pr);
    lt_done(&t);
}

/* NZ ranks follow the points (NZ-3), but a carried rank is the floor: a
 * Local Master carried in with A+B 30 (the points earn Club Master, A+B
 * 20) who wins 5 B stays Local Master at the close, and is promoted only
 * when the points earn a higher rank (Provincial Master: A+B 100, A 50). */
static void carried_rank_is_the_floor(void **state)
{
    (void)state;
    lt t;
    lt_new(&t);
    bmp_error e = {0};
    size_t n = 0;
    assert_int_equal(bmp_ledger_import_clubs(t.l, "nzb", lt_file(&t, "c.csv",
                     "number,name,dummy\n101,Auckland BC,0\n"), &n, NULL, &e), BMP_OK);
    assert_int_equal(bmp_ledger_import_players(t.l, "nzb", lt_file(&t, "p.csv",
                     "number,name,status,home_club\n1000,A,Active,101\n"), &n, NULL, &e),
                     BMP_OK);
    int64_t id = 0;
    assert_int_equal(opening(&t, "nzb", "o.csv", "number,a,b,c,rank,rank_date\n"
                             "1000,20,10,0,Local Master,2015-06-30\n", 0, &id, NULL),
                     BMP_OK);
    const char *adj = "number,point_type,points,event,reason\n1000,b,5.00,x,y\n";
    int64_t b = lt_import(&t, lt_file(&t, "a.csv", adj), "nzb", BMP_OK);
    assert_int_equal(bmp_ledger_approve(t.l, b, &e), BMP_OK);
    bmp_ledger_close_stats s = {0};
    assert_int_equal(bmp_ledger_close_period(t.l, "nzb", "2026-09", &s, &e), BMP_OK);
    assert_int_equal(s.players, 1);
    assert_int_equal(s.promotions, 0);
    char *p = section(&t, "player");
    assert_non_null(strstr(p, "Local Master"));
    free(p);
    b = lt_import(&t, lt_file(&t, "b.csv", "number,point_type,points,event,reason\n"
                                           "1000,a,30.00,x,y\n1000,b,35.00,x,y\n"),
                  "nzb", BMP_OK);
    assert_int_equal(bmp_ledger_approve(t.l, b, &e), BMP_OK);
    assert_int_equal(bmp_ledger_close_period(t.l, "nzb", "2026-10", &s, &e), BMP_OK);
    assert_int_equal(s.promotions, 1); /* A 50, A+B 100: Provincial Master (NZ-3) */
    bmp_table pr;
    bmp_table_init(&pr);
    assert_int_equal(bmp_ledger_promotions(t.l, "nzb", "2026-10", &pr, &e), BMP_OK);
    assert_string_equal(lt_cell(&pr, 0, "from_rank"), "Local Master");
    assert_string_equal(lt_cell(&pr, 0, "to_rank"), "Provincial Master");
    bmp_table_free(&pr);
    lt_done(&t);
}

/* A rank carried above what the points earn (ruling MI-2) is not followed
 * by the points' next rank: a Life Master carried in with no points has no
 * "next rank: Graduate Master" (the points reach Nil, ABF-86). */
static void carried_rank_above_points_next_rank(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    int64_t id = 0;
    assert_int_equal(opening(&t, "abf", "o.csv", OPEN_HDR "1005,0,0,0,Life Master,2001-01-01\n",
                             0, &id, NULL),
                     BMP_OK);
    bmp_error e = {0};
    bmp_ledger_close_stats s = {0};
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2026-10", &s, &e), BMP_OK);
    bmp_table st;
    bmp_table_init(&st);
    assert_int_equal(bmp_ledger_statement(t.l, "abf", "1005", &st, &e), BMP_OK);
    bool found = false;
    for (size_t i = 0; i < st.nnotes; i++) {
        assert_null(strstr(st.notes[i], "Graduate Master"));
        found |= strcmp(st.notes[i], "next rank: above Life Master, the rank held: the points "
                                     "reach Nil") == 0;
    }
    assert_true(found);
    bmp_table_free(&st);
    bmp_ledger_summary sum;
    assert_int_equal(bmp_ledger_player_summary(t.l, "abf", "1005", &sum, &e), BMP_OK);
    assert_string_equal(sum.next_rank, "above Life Master, the rank held: the points reach Nil");
    lt_done(&t);
}

/* Once per player: a second file naming the same players is refused,
 * naming them; with --replaces the first is reversed and the second
 * stands (holdings of the second only). */
static void once_per_player_unless_replacing(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    int64_t first = 0, second = 0;
    assert_int_equal(opening(&t, "abf", "o.csv", OPEN_HDR "1002,1.80,0,0,Nil,\n"
                             "1003,10.00,0,0,Club Master,2020-02-02\n", 0, &first, NULL),
                     BMP_OK);
    char *before = lt_dump(&t);
    bmp_problems p = {0};
    assert_int_equal(opening(&t, "abf", "o2.csv", OPEN_HDR "1003,12.00,0,0,Club Master,"
                             "2020-02-02\n1004,3,0,0,Graduate Master,2021-01-01\n", 0, &second, &p),
                     BMP_EINVAL);
    assert_int_equal(p.count, 1);
    lt_has(&p, "o2.csv:2: player 0001003 already has an opening balance (batch 1)");
    bmp_problems_free(&p);
    lt_unchanged(&t, before);
    assert_int_equal(opening(&t, "abf", "o3.csv", OPEN_HDR "1003,12.00,0,0,Club Master,"
                             "2020-02-02\n", first, &second, NULL),
                     BMP_OK);
    bmp_error e = {0};
    bmp_table st;
    bmp_table_init(&st);
    assert_int_equal(bmp_ledger_statement(t.l, "abf", "1003", &st, &e), BMP_OK);
    assert_string_equal(statement_cell(&st, "opening balance", "green"), "12.00");
    assert_string_equal(statement_cell(&st, "holding", "green"), "12.00");
    bmp_table_free(&st);
    /* the replaced opening cannot be replaced again */
    assert_int_equal(opening(&t, "abf", "o4.csv", OPEN_HDR "1003,13,0,0,Club Master,2020-02-02\n",
                             first, &second, NULL), BMP_EINVAL);
    assert_int_equal(bmp_ledger_verify(t.l, NULL, &e), BMP_OK);
    lt_done(&t);
}

/* Every line checked, all listed, nothing written (MI-2: a rank below the
 * points' is refused, one above is carried). */
static void every_line_checked(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    char *before = lt_dump(&t);
    bmp_problems p = {0};
    int64_t id = 0;
    assert_int_equal(opening(&t, "abf", "bad.csv", OPEN_HDR
                             "9999,1,0,0,Nil,\n"
                             "1002,x,0,0,Nil,\n"
                             "1003,20,0,0,Grand Poobah,2020-01-01\n"
                             "1004,20,0,0,Club Master,2020-01-01\n" /* earns Local Master */
                             "1005,0,0,0,Club Master,2030-01-01\n"
                             "1002,1,0,0,Nil,\n",
                             0, &id, &p),
                     BMP_EINVAL);
    lt_has(&p, "bad.csv:2: number: no abf player 0009999 in the register");
    lt_has(&p, "bad.csv:3: green: expected points from 0 to 1000000.00");
    lt_has(&p, "bad.csv:4: rank: \"Grand Poobah\" is not a rank of abf; its ranks: Nil, "
               "Graduate Master,");
    lt_has(&p, "bad.csv:5: rank: Club Master is below Local Master, the rank these points earn");
    lt_has(&p, "bad.csv:6: rank_date: expected the date the rank was reached");
    lt_has(&p, "bad.csv:7: number: 0001002 is also on line 3");
    assert_int_equal(p.count, 6);
    bmp_problems_free(&p);
    bmp_error e = {0};
    bmp_ledger_opening_opts o = {.size = sizeof o, .body = "abf", .reason = "r"};
    assert_int_equal(bmp_ledger_opening(t.l, lt_file(&t, "h.csv", "number,green,rank,silver\n"), &o,
                                        &id, NULL, NULL, &e), BMP_EPARSE);
    assert_non_null(strstr(e.msg, "unknown column \"silver\"; the columns of a abf opening are "
                                  "number,green,red,gold,rank,rank_date"));
    o.reason = "";
    assert_int_equal(bmp_ledger_opening(t.l, lt_file(&t, "z.csv", OPEN_HDR), &o, &id, NULL, NULL,
                                        &e), BMP_EINVAL);
    lt_unchanged(&t, before);
    lt_done(&t);
}

/* Ruling MI-7: EBU Local Points are whole points (EBU-1, the point types of
 * 2.4; EBU-33, 3.4.1: a Local award is rounded up to a whole number), so
 * an EBU opening with a fraction of a Local Point is refused by line and
 * nothing is written; Blue and Green are held to 2 decimals (EBU-1) and
 * take hundredths.  The accepted file: 12 Local + 100 x 0.55 Blue + 100 x
 * 0.45 Green = 112 master points, Local Master (100, EBU ranks 2.6). */
static void ebu_local_points_are_whole(void **state)
{
    (void)state;
    lt t;
    lt_new(&t);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_import_players(t.l, "ebu", lt_file(&t, "p.csv",
                     "number,name,status\n123456,Ruth Hart,Active\n234567,Tom Bell,Active\n"),
                     NULL, NULL, &e), BMP_OK);
    char *before = lt_dump(&t);
    bmp_problems p = {0};
    int64_t id = 0;
    assert_int_equal(opening(&t, "ebu", "frac.csv", "number,local,blue,green,gold,rank,rank_date\n"
                             "123456,12.50,0.55,0.45,0,Nil,\n"
                             "234567,40,1.25,0,0.10,Local Master,2020-01-01\n",
                             0, &id, &p),
                     BMP_EINVAL);
    lt_has(&p, "frac.csv:2: local: Local Points are recorded in whole points (EBU-1), got "
               "\"12.50\": an opening carries the old system's total, never rounded (ruling "
               "MI-7)");
    assert_int_equal(p.count, 1);
    bmp_problems_free(&p);
    lt_unchanged(&t, before);
    assert_int_equal(opening(&t, "ebu", "whole.csv", "number,local,blue,green,gold,rank,rank_date\n"
                             "123456,12,0.55,0.45,0,Local Master,2021-06-30\n"
                             "234567,40,1.25,0,0.10,Local Master,2020-01-01\n",
                             0, &id, NULL),
                     BMP_OK);
    char *op = section(&t, "opening_player");
    assert_non_null(strstr(op, "Local Master"));
    free(op);
    lt_done(&t);
}

/* The player page's one read (bmp_ledger_player_page, issue 30) answers
 * what the single reads answer: 1003 (opening 160 green + 80 red, then 20
 * red in 2026-10, promoted National Master -> Bronze National Master at
 * that close: 160 + 80 + 20 = 260 total, red 100) has the statement's
 * history rows, the promotion and the journal with its count; 1005 has no
 * line: no history, no promotion, a journal with its 8 columns and 0 rows. */
static void player_page_reads_once(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    int64_t id = 0;
    assert_int_equal(opening(&t, "abf", "o.csv", OPEN_HDR
                             "1003,160.00,80.00,0,National Master,2019-05-01\n", 0, &id, NULL),
                     BMP_OK);
    int64_t b = lt_import(&t, lt_file(&t, "a.csv", "number,point_type,points,event,reason\n"
                                                   "1003,red,20.00,x,y\n"),
                          "abf", BMP_OK);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_approve(t.l, b, &e), BMP_OK);
    bmp_ledger_close_stats s = {0};
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2026-10", &s, &e), BMP_OK);
    bmp_ledger_summary sum, one;
    bmp_table h, pr, j, jo;
    bmp_table_init(&h), bmp_table_init(&pr), bmp_table_init(&j), bmp_table_init(&jo);
    size_t total = 99, total1 = 99;
    assert_int_equal(bmp_ledger_player_page(t.l, "abf", "1003", 20, &sum, &h, &pr, &j, &total,
                                            &e), BMP_OK);
    assert_int_equal(bmp_ledger_player_summary(t.l, "abf", "1003", &one, &e), BMP_OK);
    assert_memory_equal(&sum, &one, sizeof sum);
    assert_string_equal(sum.name, "Player 3");
    assert_string_equal(statement_cell(&h, "opening balance", "green"), "160.00");
    assert_string_equal(statement_cell(&h, "opening balance", "red"), "80.00");
    assert_string_equal(statement_cell(&h, "2026-10", "red"), "20.00");
    assert_int_equal(pr.nrows, 1);
    assert_string_equal(lt_cell(&pr, 0, "period"), "2026-10");
    assert_string_equal(lt_cell(&pr, 0, "to_rank"), "Bronze National Master");
    assert_int_equal(bmp_ledger_player_journal(t.l, "abf", "1003", 0, 20, &jo, &total1, &e),
                     BMP_OK);
    assert_true(total >= 3); /* at least the two opening lines and the 20 red */
    assert_int_equal(total, total1);
    assert_int_equal(j.nrows, jo.nrows);
    assert_int_equal(jo.ncols, 8); /* the API's journal keeps its eight */
    assert_string_equal(lt_cell(&j, 0, "points"), "20.00"); /* the newest batch first */
    bmp_table_free(&h), bmp_table_free(&pr), bmp_table_free(&j), bmp_table_free(&jo);
    bmp_table_init(&h), bmp_table_init(&pr), bmp_table_init(&j);
    assert_int_equal(bmp_ledger_player_page(t.l, "abf", "1005", 20, &sum, &h, &pr, &j, &total,
                                            &e), BMP_OK);
    assert_int_equal(total, 0);
    assert_int_equal(h.nrows + pr.nrows + j.nrows, 0);
    assert_int_equal(j.ncols, 9); /* + event_page (issue 44: a result's public page) */
    assert_string_equal(j.columns[0], "batch");
    assert_string_equal(j.columns[8], "event_page");
    assert_int_equal(bmp_ledger_player_page(t.l, "abf", "9999", 20, &sum, &h, &pr, &j, &total,
                                            &e), BMP_ENOTFOUND);
    bmp_table_free(&h), bmp_table_free(&pr), bmp_table_free(&j);
    lt_done(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(opening_makes_no_promotion),
        cmocka_unit_test(close_promotes_on_new_points),
        cmocka_unit_test(player_page_reads_once),
        cmocka_unit_test(carried_rank_is_the_floor),
        cmocka_unit_test(carried_rank_above_points_next_rank),
        cmocka_unit_test(once_per_player_unless_replacing),
        cmocka_unit_test(every_line_checked),
        cmocka_unit_test(ebu_local_points_are_whole),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
