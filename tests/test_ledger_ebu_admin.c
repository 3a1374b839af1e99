/* The EBU's administration runs over the ledger (include/bridgemp/
 * ledger_ebu.h): Gold Points at a date (EBU-3, rulings EA-1, EA-2), the
 * monthly UMS charge run (EBU-17, EBU-18, EBU-7; rulings EA-3 .. EA-6) and
 * the licence fee run (EBU-26, EBU-18; ruling EA-7), invoiced by the one
 * invoice mechanism. */
#include "ledger_test_util.h"

#include "bridgemp/ledger_charges.h"
#include "bridgemp/ledger_ebu.h"
#include "bridgemp/ledger_invoice.h"
#include "bridgemp/rank.h"
#include "bridgemp/rules.h"

/* A knock-out of n teams of four (team i: players i1..i4): team 1 beats
 * team 2^(k-1)+1 in round k, team T = 2^(R-1)+1 (the runner-up) beats
 * T + 2^(k-1) in the rounds before the final (as test_ebu_green). */
static char *ko_json(const char *date, int n, int rounds)
{
    size_t cap = 16384 + (size_t)n * 256, o = 0;
    char *b = malloc(cap);
    assert_non_null(b);
    o += (size_t)snprintf(b, cap, "{\"body\":\"ebu\",\"name\":\"County KO\",\"kind\":\"knockout\","
                          "\"date\":\"%s\",\"status\":\"county\",\"tables\":%d,"
                          "\"boards_per_match\":24,\"params\":{\"points\":\"green\"},"
                          "\"contestants\":[", date, n);
    for (int i = 1; i <= n; i++)
        o += (size_t)snprintf(b + o, cap - o, "%s{\"id\":\"%d\",\"players\":[{\"id\":\"%d1\"},"
                              "{\"id\":\"%d2\"},{\"id\":\"%d3\"},{\"id\":\"%d4\"}]}",
                              i > 1 ? "," : "", i, i, i, i, i);
    o += (size_t)snprintf(b + o, cap - o, "],\"matches\":[");
    int T = (1 << (rounds - 1)) + 1;
    for (int k = 1; k <= rounds; k++) {
        o += (size_t)snprintf(b + o, cap - o, "%s{\"round\":%d,\"home\":\"1\",\"away\":\"%d\","
                              "\"home_score\":50,\"away_score\":40}", k > 1 ? "," : "", k,
                              (1 << (k - 1)) + 1);
        if (k < rounds && T + (1 << (k - 1)) <= n)
            o += (size_t)snprintf(b + o, cap - o, ",{\"round\":%d,\"home\":\"%d\",\"away\":\"%d\","
                                  "\"home_score\":50,\"away_score\":40}", k, T,
                                  T + (1 << (k - 1)));
    }
    snprintf(b + o, cap - o, "]}");
    return b;
}

static void ebu_ledger(lt *t)
{
    lt_new(t);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_import_clubs(t->l, "ebu",
                                             lt_file(t, "c.csv", "number,name,dummy\n"
                                                                 "C1,Club One,0\nC2,Club Two,0\n"
                                                                 "CTY,Countyshire,1\n"),
                                             NULL, NULL, &e),
                     BMP_OK);
    assert_int_equal(bmp_ledger_import_players(t->l, "ebu",
                                               lt_file(t, "p.csv", "number,name,status\n"
                                                       "11,W1,Active\n12,W2,Active\n"
                                                       "13,W3,Active\n14,W4,Active\n"
                                                       "651,R1,Active\n652,R2,Active\n"
                                                       "900,G,Active\n"),
                                               NULL, NULL, &e),
                     BMP_OK);
}

static int64_t import_file(lt *t, const char *path, const char *club)
{
    bmp_error e = {0};
    int64_t id = 0;
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "ebu", .club = club,
                                .source = BMP_BATCH_EVENT};
    assert_int_equal(bmp_ledger_import(t->l, path, &o, &id, NULL, &e), BMP_OK);
    assert_int_equal(bmp_ledger_approve(t->l, id, &e), BMP_OK);
    return id;
}

/* A Gold line of `points` for player 900 dated `date`, approved. */
static int64_t gold_line(lt *t, const char *date, bmp_points points, char hashch)
{
    bmp_error e = {0};
    char hash[65];
    memset(hash, hashch, 64);
    hash[64] = '\0';
    bmp_ledger_line ln = {.number = "900", .point_type = "gold", .points = points,
                          .rule = "EBU-3", .event = "Gold test", .contestant = "1", .line = 1};
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "ebu"};
    int64_t id = 0;
    assert_int_equal(bmp_ledger_import_lines(t->l, &o, BMP_BATCH_USEBIO_MP, "gold.xml", hash,
                                             "Gold test", date, &ln, 1, &id, NULL, &e),
                     BMP_OK);
    assert_int_equal(bmp_ledger_approve(t->l, id, &e), BMP_OK);
    return id;
}

static const char *gold_of(lt *t, const char *number, const char *as_of)
{
    static char v[32];
    bmp_error e = {0};
    bmp_table tb;
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_ebu_gold(t->l, "ebu", as_of, &tb, &e), BMP_OK);
    size_t r = bmp_table_find_row(&tb, number);
    if (r == (size_t)-1)
        bmp_table_write(&tb, BMP_OUT_CSV, stderr, &e);
    assert_true(r != (size_t)-1);
    snprintf(v, sizeof v, "%s", lt_cell(&tb, r, "value"));
    bmp_table_free(&tb);
    return v;
}

/* EBU-3 (2.5.1): a 128-team county KO in Green Points, computed by the
 * engine on import: the winners 11.25 GP, Gold 11.25 / 5 = 2.25 each; the
 * runners-up 8.25 GP, Gold 1.65.  Played 15 June 2020; 20 % of the
 * original lost at each anniversary (EA-2):
 *   winners   2.25, 2.25 x 4/5 = 1.80, x 3/5 = 1.35, x 2/5 = 0.90,
 *             x 1/5 = 0.45, then 0.00 from 15 June 2025;
 *   runner-up 1.65, 1.32, 0.99, 0.66, 0.33, 0.00.
 * Reading it writes nothing (EA-1). */
static void gold_decays_by_anniversary(void **state)
{
    (void)state;
    lt t;
    ebu_ledger(&t);
    char *j = ko_json("2020-06-15", 128, 7);
    import_file(&t, lt_file(&t, "ko.json", j), "CTY");
    free(j);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_close_period(t.l, "ebu", "2020-06", NULL, &e), BMP_OK);
    char *before = lt_dump(&t);
    static const struct {
        const char *at, *winner, *runner_up;
    } want[] = {{"2020-06-15", "2.25", "1.65"}, {"2021-06-14", "2.25", "1.65"},
                {"2021-06-15", "1.80", "1.32"}, {"2022-06-15", "1.35", "0.99"},
                {"2023-06-15", "0.90", "0.66"}, {"2024-06-15", "0.45", "0.33"},
                {"2025-06-14", "0.45", "0.33"}, {"2025-06-15", "0.00", "0.00"},
                {"2031-01-01", "0.00", "0.00"}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        assert_string_equal(gold_of(&t, "11", want[i].at), want[i].winner);
        assert_string_equal(gold_of(&t, "652", want[i].at), want[i].runner_up);
    }
    bmp_table tb;
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_ebu_gold(t.l, "ebu", "2022-07-01", &tb, &e), BMP_OK);
    size_t r = bmp_table_find_row(&tb, "14");
    assert_string_equal(lt_cell(&tb, r, "awards"), "1");
    assert_string_equal(lt_cell(&tb, r, "original"), "2.25");
    bmp_table_free(&tb);
    lt_unchanged(&t, before);
    lt_done(&t);
}

/* EBU-3, EA-2: the value is original x (5 - k) / 5 rounded to the nearest
 * hundredth, not the original less k rounded fifths: 1.23 awarded 10 March
 * 2021 is worth 123 x 4/5 = 98.4 -> 0.98 after a year, 73.8 -> 0.74 after
 * two (not 1.23 - 2 x 0.25 = 0.73), 49.2 -> 0.49, 24.6 -> 0.25, then 0.
 * 1.00 awarded 29 February 2024 has its first anniversary on 1 March 2025.
 * Player 900 holds both:
 *   28 Feb 2025: 0.49 (k 3) + 1.00 (k 0) = 1.49
 *    1 Mar 2025: 0.49 (k 3) + 0.80 (k 1) = 1.29
 *   10 Mar 2025: 0.25 (k 4) + 0.80       = 1.05
 *   10 Mar 2026: 0.00 (k 5) + 0.60 (k 2) = 0.60
 * The 2024 award reversed (posted): the reversal keeps the event date and
 * decays with it: 0.60 - 0.60 = 0.00, one award left, original 1.23. */
static void gold_rounding_and_leap_day(void **state)
{
    (void)state;
    lt t;
    ebu_ledger(&t);
    gold_line(&t, "2021-03-10", 123, 'a');
    int64_t leap = gold_line(&t, "2024-02-29", 100, 'b');
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_close_period(t.l, "ebu", "2024-03", NULL, &e), BMP_OK);
    bmp_table tb;
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_ebu_gold_awards(t.l, "ebu", "900", "2023-03-10", &tb, &e),
                     BMP_OK);
    assert_int_equal(tb.nrows, 2);
    assert_string_equal(lt_cell(&tb, 0, "date"), "2021-03-10");
    assert_string_equal(lt_cell(&tb, 0, "years"), "2");
    assert_string_equal(lt_cell(&tb, 0, "value"), "0.74");
    assert_string_equal(lt_cell(&tb, 1, "value"), "0.00"); /* not awarded yet */
    bmp_table_free(&tb);
    assert_string_equal(gold_of(&t, "900", "2022-03-10"), "0.98");
    assert_string_equal(gold_of(&t, "900", "2025-02-28"), "1.49");
    assert_string_equal(gold_of(&t, "900", "2025-03-01"), "1.29");
    assert_string_equal(gold_of(&t, "900", "2025-03-10"), "1.05");
    assert_string_equal(gold_of(&t, "900", "2026-03-10"), "0.60");
    int64_t rev = 0;
    assert_int_equal(bmp_ledger_correct(t.l, leap, "wrong event", &rev, &e), BMP_OK);
    assert_int_equal(bmp_ledger_approve(t.l, rev, &e), BMP_OK);
    assert_int_equal(bmp_ledger_close_period(t.l, "ebu", "2026-04", NULL, &e), BMP_OK);
    assert_string_equal(gold_of(&t, "900", "2026-03-10"), "0.00");
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_ebu_gold(t.l, "ebu", "2026-03-10", &tb, &e), BMP_OK);
    size_t r = bmp_table_find_row(&tb, "900");
    assert_string_equal(lt_cell(&tb, r, "awards"), "1");
    assert_string_equal(lt_cell(&tb, r, "original"), "1.23");
    bmp_table_free(&tb);
    /* a bad date, another body */
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_ebu_gold(t.l, "ebu", "2025-02-30", &tb, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "2025-02-30"));
    assert_int_equal(bmp_ledger_ebu_gold(t.l, "nzb", "2025-02-28", &tb, &e), BMP_ENOTSUP);
    bmp_table_free(&tb);
    lt_done(&t);
}

/* EBU-3 (2.5.2): "Gold Points are irrelevant for the purpose of determining
 * a player's Master Points rank": 1,000.00 Gold with nothing else ranks as
 * nothing at all, and 200 Local Points (Club Master) rank the same with or without it. */
static void gold_not_for_rank(void **state)
{
    (void)state;
    const bmp_rules *r = bmp_rules_find("ebu");
    assert_non_null(r);
    bmp_error e = {0};
    bmp_holding none = {0}, gold = {0}, local = {0}, both = {0};
    bmp_rank a, b, c, d;
    assert_int_equal(bmp_holding_set(r, &gold, "gold", 100000, &e), BMP_OK);
    assert_int_equal(bmp_holding_set(r, &local, "local", 20000, &e), BMP_OK);
    assert_int_equal(bmp_holding_set(r, &both, "local", 20000, &e), BMP_OK);
    assert_int_equal(bmp_holding_set(r, &both, "gold", 100000, &e), BMP_OK);
    assert_int_equal(bmp_rules_rank(r, &none, &a, &e), BMP_OK);
    assert_int_equal(bmp_rules_rank(r, &gold, &b, &e), BMP_OK);
    assert_int_equal(bmp_rules_rank(r, &local, &c, &e), BMP_OK);
    assert_int_equal(bmp_rules_rank(r, &both, &d, &e), BMP_OK);
    assert_string_equal(a.name, b.name);
    assert_int_equal(a.ordinal, b.ordinal);
    assert_int_equal(a.total, b.total);
    assert_string_equal(c.name, d.name);
    assert_int_equal(c.total, d.total);
    assert_int_equal(c.total, 20000); /* 200 master points: Local only */
    assert_true(c.ordinal > a.ordinal);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(gold_decays_by_anniversary),
    cmocka_unit_test(gold_rounding_and_leap_day),
    cmocka_unit_test(gold_not_for_rank),
};

int main(void)
{
    return cmocka_run_group_tests(tests, NULL, NULL);
}
