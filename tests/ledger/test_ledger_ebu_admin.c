/* The EBU's administration runs over the ledger (include/bridgemp/
 * ledger_ebu.h): Gold Points at a date (EBU-3, rulings EA-1, EA-2), the
 * monthly UMS charge run (EBU-17, EBU-18, EBU-7; rulings EA-3 .. EA-6) and
 * the licence fee run (EBU-26, EBU-18; ruling EA-7), invoiced by the one
 * invoice mechanism. */
#include "ledger_test_util.h"

#include "bridgemp/awards.h"
#include "bridgemp/event.h"
#include "bridgemp/ledger_charges.h"
#include "bridgemp/ledger_ebu.h"
#include "bridgemp/ledger_invoice.h"
#include "bridgemp/ledger_runs.h"
#include "bridgemp/rank.h"
#include "bridgemp/rules.h"
#include "bridgemp/usebio.h"

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
    bmp_status st = bmp_ledger_import(t->l, path, &o, &id, NULL, &e);
    if (st)
        fprintf(stderr, "%s: %s\n", path, e.msg);
    assert_int_equal(st, BMP_OK);
    assert_int_equal(bmp_ledger_approve(t->l, id, &e), BMP_OK);
    return id;
}

/* A Gold line of `points` for `number` dated `date`, approved (an
 * adjustment when negative). */
static int64_t gold_line_of(lt *t, const char *number, const char *date, bmp_points points,
                            char hashch)
{
    bmp_error e = {0};
    char hash[65];
    memset(hash, hashch, 64);
    hash[64] = '\0';
    bmp_ledger_line ln = {.number = number, .point_type = "gold", .points = points,
                          .rule = "EBU-3", .event = "Gold test", .contestant = "1", .line = 1};
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "ebu"};
    int64_t id = 0;
    bmp_status st = bmp_ledger_import_lines(t->l, &o, points < 0 ? BMP_BATCH_ADJUSTMENT
                                                                 : BMP_BATCH_USEBIO_MP,
                                            "gold.xml", hash, "Gold test", date, &ln, 1, &id,
                                            NULL, &e);
    if (st)
        fprintf(stderr, "%s\n", e.msg);
    assert_int_equal(st, BMP_OK);
    assert_int_equal(bmp_ledger_approve(t->l, id, &e), BMP_OK);
    return id;
}

static int64_t gold_line(lt *t, const char *date, bmp_points points, char hashch)
{
    return gold_line_of(t, "900", date, points, hashch);
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
    gold_line_of(&t, "12", "2021-03-10", 200, 'c');
    gold_line_of(&t, "12", "2022-03-10", -50, 'd');
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_close_period(t.l, "ebu", "2024-03", NULL, &e), BMP_OK);
    /* player 12: 2.00 (k 2) x 3/5 = 1.20 less an adjustment of -0.50 made
     * a year later (k 1) x 4/5 = -0.40: 0.80; one award, original 1.50;
     * player 900 next to it keeps its own 0.74 */
    bmp_table pl;
    bmp_table_init(&pl);
    assert_int_equal(bmp_ledger_ebu_gold(t.l, "ebu", "2023-03-10", &pl, &e), BMP_OK);
    assert_int_equal(pl.nrows, 2);
    assert_string_equal(lt_cell(&pl, 0, "number"), "12");
    assert_string_equal(lt_cell(&pl, 0, "awards"), "1");
    assert_string_equal(lt_cell(&pl, 0, "original"), "1.50");
    assert_string_equal(lt_cell(&pl, 0, "value"), "0.80");
    assert_string_equal(lt_cell(&pl, 1, "value"), "0.74");
    bmp_table_free(&pl);
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

/* A club pairs event of n pairs (players base+1 ...) and its UMS code
 * ("" for none), as a file. */
static const char *pairs_file(lt *t, const char *name, const char *date, const char *code,
                              int n, int sessions, int base)
{
    size_t cap = 4096 + (size_t)n * 160, o = 0;
    char *b = malloc(cap);
    assert_non_null(b);
    o += (size_t)snprintf(b, cap, "{\"body\":\"ebu\",\"name\":\"%s\",\"kind\":\"pairs\","
                          "\"date\":\"%s\",\"status\":\"club\",\"sessions\":%d,\"boards\":24,"
                          "\"tables\":%d,\"params\":{%s%s%s},\"contestants\":[", name, date,
                          sessions, (n + 1) / 2, *code ? "\"ums_charge_code\":\"" : "", code,
                          *code ? "\"" : "");
    for (int i = 1; i <= n; i++)
        o += (size_t)snprintf(b + o, cap - o, "%s{\"id\":\"%d\",\"place\":%d,\"players\":"
                              "[{\"id\":\"%d\"},{\"id\":\"%d\"}]}", i > 1 ? "," : "", i, i,
                              base + 2 * i, base + 2 * i + 1);
    snprintf(b + o, cap - o, "]}");
    char fname[96];
    snprintf(fname, sizeof fname, "%s-%s.json", date, code);
    const char *path = lt_file(t, fname, b);
    free(b);
    return path;
}

/* Hypothetical rates (the real ones are the EBU's, EA-3): code 01 (club)
 * 40 cents a player-session, 45 from 1 April 2025; code 10 (county) 60. */
#define RATES "from,code,session\n2024-04-01,01,40\n2025-04-01,01,45\n2024-04-01,10,60\n"

static int64_t ev(lt *t, const char *name, const char *date, const char *code, int n,
                  int sessions, const char *club)
{
    return import_file(t, pairs_file(t, name, date, code, n, sessions, 2000 + 100 * atoi(date + 8)),
                       club);
}

static char *invoice_csv(lt *t, int64_t run, const char *club)
{
    char number[48], *doc = NULL;
    size_t len = 0;
    bmp_error e = {0};
    snprintf(number, sizeof number, "EBU-%lld-%s", (long long)run, club);
    assert_int_equal(bmp_ledger_invoice_document(t->l, "ebu", number, BMP_INVOICE_CSV, &doc, &len,
                                                 &e),
                     BMP_OK);
    return doc;
}

/* EBU-17, EBU-18, EBU-7: March 2025.
 *   batch 1 C1 3 Mar, code 01, 8 pairs x 1 session = 16 player-sessions
 *           x 40 = 640 cents
 *   batch 2 C1 4 Mar, code 02 (supplementary file): 0, EBU-7
 *   batch 3 C1 5 Mar, novice without magazine points (10 p-s): 0, EBU-17a
 *   batch 4 C1 6 Mar, the club's party session (12 p-s): 0, EBU-17b
 *   batch 5 C1 7 Mar, Children in Need (20 p-s): 0, EBU-17c
 *   batch 6 CTY 8 Mar, county event code 10, 12 pairs x 2 sessions = 48
 *           p-s x 60 = 2,880 cents
 * 6 lines, 3,520 cents.  Invoiced: C1 640 (5 lines), CTY 2,880.  Run
 * again: nothing new, and it says so. */
static void ums_month(void **state)
{
    (void)state;
    lt t;
    ebu_ledger(&t);
    ev(&t, "Monday", "2025-03-03", "01", 8, 1, "C1");
    ev(&t, "Ladder bonus", "2025-03-04", "02", 8, 1, "C1");
    ev(&t, "Novice", "2025-03-05", "01", 5, 1, "C1");
    ev(&t, "Party", "2025-03-06", "01", 6, 1, "C1");
    ev(&t, "Children in Need", "2025-03-07", "01", 10, 1, "C1");
    ev(&t, "County pairs", "2025-03-08", "10", 12, 2, "CTY");
    ev(&t, "April", "2025-04-02", "01", 6, 1, "C1"); /* not March */
    char *rates = strdup(lt_file(&t, "r.csv", RATES));
    char *ex = strdup(lt_file(&t, "x.csv", "batch,exemption,note\n3,novice,\n4,party,Christmas\n"
                                          "5,children-in-need,\n"));
    bmp_error e = {0};
    bmp_ledger_run r, again;
    assert_int_equal(bmp_ledger_ebu_ums_run(t.l, "ebu", "2025-03", rates, ex, NULL, &r, &e),
                     BMP_OK);
    assert_false(r.already);
    assert_int_equal(r.lines, 6);
    assert_int_equal(r.total, 640 + 2880);
    char *before = lt_dump(&t);
    assert_int_equal(bmp_ledger_ebu_ums_run(t.l, "ebu", "2025-03", rates, ex, NULL, &again, &e),
                     BMP_OK);
    assert_true(again.already);
    assert_int_equal(again.id, r.id);
    assert_int_equal(again.total, r.total);
    lt_unchanged(&t, before);
    bmp_ledger_invoices iv;
    assert_int_equal(bmp_ledger_invoice_run(t.l, "ebu", r.id, NULL, BMP_INVOICE_CSV, &iv, &e),
                     BMP_OK);
    assert_int_equal(iv.made, 2);
    assert_int_equal(iv.total, 3520);
    char *doc = invoice_csv(&t, r.id, "C1");
    assert_non_null(strstr(doc, "1,EBU-17,\"Monday, 2025-03-03: 16 player-sessions x 0.40 "
                                "(UMS code 01)\",640\n"));
    assert_non_null(strstr(doc, "2,EBU-7,\"Ladder bonus, 2025-03-04: supplementary file (UMS "
                                "code 02): no charge\",0\n"));
    assert_non_null(strstr(doc, "3,EBU-17a,\"Novice, 2025-03-05: 10 player-sessions exempt: "
                                "novice session"));
    assert_non_null(strstr(doc, "4,EBU-17b,\"Party, 2025-03-06: 12 player-sessions exempt: "
                                "the club's party/"
                                "social/charity session of the year: Christmas\",0\n"));
    assert_non_null(strstr(doc, "5,EBU-17c,\"Children in Need, 2025-03-07: 20 player-sessions "
                                "exempt: Children in Need"));
    assert_non_null(strstr(doc, ",total,640\n"));
    free(doc);
    doc = invoice_csv(&t, r.id, "CTY");
    assert_non_null(strstr(doc, "6,EBU-17,\"County pairs, 2025-03-08: 48 player-sessions x "
                                "0.60 (UMS code 10)\",2880\n"));
    free(doc);
    /* EBU-17b: one party session a year -- April's is refused, nothing
     * written; without the claim April pays 6 pairs = 12 p-s x 45 = 540 */
    before = lt_dump(&t);
    assert_int_equal(bmp_ledger_ebu_ums_run(t.l, "ebu", "2025-04", rates,
                                            lt_file(&t, "y.csv", "batch,exemption\n7,party\n"),
                                            NULL, &r, &e),
                     BMP_EINVAL);
    assert_non_null(strstr(e.msg, "y.csv:2: batch 7: the club has had its 1 party session(s) "
                                  "of 2025"));
    lt_unchanged(&t, before);
    assert_int_equal(bmp_ledger_ebu_ums_run(t.l, "ebu", "2025-04", rates, NULL, NULL, &r, &e),
                     BMP_OK);
    assert_int_equal(r.total, 540);
    free(rates);
    free(ex);
    lt_done(&t);
}

/* EBU-17d: additional charity sessions by the club's player-sessions in
 * the previous year (EA-6).  C1 played 60 pairs x 90 sessions = 10,800
 * player-sessions in 2024 (10,001-20,000: one session); C2 50 pairs x 100
 * = 10,000 (none).  May 2025: C1's first charity session is exempt, a
 * second is refused; C2's is refused; nothing is written by a refused run.
 * Then C1 batch 4 exempt, batches 5 and 6 (6 pairs = 12 p-s x 45)
 * charged: 1,080 cents. */
static void ums_charity_allowance(void **state)
{
    (void)state;
    lt t;
    ebu_ledger(&t);
    ev(&t, "Year of C1", "2024-05-01", "01", 60, 90, "C1");
    ev(&t, "Year of C2", "2024-05-02", "01", 50, 100, "C2");
    ev(&t, "Ladder of C1", "2024-05-03", "02", 60, 90, "C1"); /* code 02: not counted */
    ev(&t, "Charity 1", "2025-05-05", "01", 6, 1, "C1");
    ev(&t, "Charity 2", "2025-05-12", "01", 6, 1, "C1");
    ev(&t, "Charity C2", "2025-05-13", "01", 6, 1, "C2");
    char *rates = strdup(lt_file(&t, "r.csv", RATES));
    char *before = lt_dump(&t);
    bmp_error e = {0};
    bmp_ledger_run r;
    assert_int_equal(bmp_ledger_ebu_ums_run(t.l, "ebu", "2025-05", rates,
                                            lt_file(&t, "a.csv", "batch,exemption\n4,charity\n"
                                                                 "5,charity\n"),
                                            NULL, &r, &e),
                     BMP_EINVAL);
    assert_non_null(strstr(e.msg, "a.csv:3: batch 5: the club has had its 1 charity session(s)"));
    assert_int_equal(bmp_ledger_ebu_ums_run(t.l, "ebu", "2025-05", rates,
                                            lt_file(&t, "b.csv", "batch,exemption\n6,charity\n"),
                                            NULL, &r, &e),
                     BMP_EINVAL);
    assert_non_null(strstr(e.msg, "the club had 10000 player-sessions in 2024: no additional "
                                  "charity session"));
    lt_unchanged(&t, before);
    assert_int_equal(bmp_ledger_ebu_ums_run(t.l, "ebu", "2025-05", rates,
                                            lt_file(&t, "c.csv", "batch,exemption\n4,charity\n"),
                                            NULL, &r, &e),
                     BMP_OK);
    assert_int_equal(r.lines, 3);
    assert_int_equal(r.total, 1080);
    free(rates);
    lt_done(&t);
}

/* Refusals, each naming what was expected; the ledger unchanged: an event
 * without a UMS code (EBU-7), a code without a rate, a bad exemption file
 * line, a claim for a batch not of the month, a party claim on a
 * two-session event, a claim on a code 02 file, a club-session exemption
 * claimed for a county's event (1.3.1: "Exempt club sessions"), another
 * body. */
static void ums_refusals(void **state)
{
    (void)state;
    lt t;
    ebu_ledger(&t);
    ev(&t, "Two sessions", "2025-06-02", "01", 6, 2, "C1");
    char *rates = strdup(lt_file(&t, "r.csv", RATES));
    bmp_error e = {0};
    bmp_ledger_run r;
    char *before = lt_dump(&t);
    assert_int_equal(bmp_ledger_ebu_ums_run(t.l, "ebu", "2025-06", rates,
                                            lt_file(&t, "a.csv", "batch,exemption\n1,party\n"),
                                            NULL, &r, &e),
                     BMP_EINVAL);
    assert_non_null(strstr(e.msg, "a.csv:2: batch 1 has 2 sessions: the party exemption is for "
                                  "one session"));
    assert_int_equal(bmp_ledger_ebu_ums_run(t.l, "ebu", "2025-06", rates,
                                            lt_file(&t, "b.csv", "batch,exemption\n1,birthday\n"),
                                            NULL, &r, &e),
                     BMP_EINVAL);
    assert_non_null(strstr(e.msg, "b.csv:2: exemption \"birthday\": expected novice, party"));
    assert_int_equal(bmp_ledger_ebu_ums_run(t.l, "ebu", "2025-06", rates,
                                            lt_file(&t, "c.csv", "batch,exemption\n9,novice\n"),
                                            NULL, &r, &e),
                     BMP_EINVAL);
    assert_non_null(strstr(e.msg, "c.csv:2: batch 9 is not an EBU event of 2025-06"));
    assert_int_equal(bmp_ledger_ebu_ums_run(t.l, "ebu", "2025-06", rates,
                                            lt_file(&t, "d.csv", "batch,exemption\n1,ebu\n"),
                                            NULL, &r, &e),
                     BMP_EINVAL);
    assert_non_null(strstr(e.msg, "needs a note naming the EBU's grant"));
    assert_int_equal(bmp_ledger_ebu_ums_run(t.l, "ebu", "2025-06",
                                            lt_file(&t, "s.csv", "from,code,session\n"
                                                                 "2024-04-01,10,60\n"),
                                            NULL, NULL, &r, &e),
                     BMP_EINVAL);
    assert_non_null(strstr(e.msg, "batch 1: no UMS rate for charge code 01 on 2025-06-02"));
    assert_int_equal(bmp_ledger_ebu_ums_run(t.l, "ebu", "2025-06",
                                            lt_file(&t, "u.csv", "from,code,session\n"
                                                                 "2024-04-01,01,0.40\n"),
                                            NULL, NULL, &r, &e),
                     BMP_EINVAL);
    assert_non_null(strstr(e.msg, "u.csv:2: expected a date yyyy-mm-dd"));
    assert_int_equal(bmp_ledger_ebu_ums_run(t.l, "abf", "2025-06", rates, NULL, NULL, &r, &e),
                     BMP_ENOTSUP);
    assert_int_equal(bmp_ledger_ebu_ums_run(t.l, "ebu", "June", rates, NULL, NULL, &r, &e),
                     BMP_EINVAL);
    lt_unchanged(&t, before);
    ev(&t, "Bonus file", "2025-06-03", "02", 6, 1, "C1");
    ev(&t, "No code", "2025-07-01", "", 6, 1, "C1");
    before = lt_dump(&t);
    assert_int_equal(bmp_ledger_ebu_ums_run(t.l, "ebu", "2025-06", rates,
                                            lt_file(&t, "e.csv", "batch,exemption\n2,novice\n"),
                                            NULL, &r, &e),
                     BMP_EINVAL);
    assert_non_null(strstr(e.msg, "e.csv:2: batch 2 is a supplementary file (UMS code 02)"));
    ev(&t, "County pairs", "2025-06-04", "10", 6, 1, "CTY");
    free(before);
    before = lt_dump(&t);
    assert_int_equal(bmp_ledger_ebu_ums_run(t.l, "ebu", "2025-06", rates,
                                            lt_file(&t, "f.csv", "batch,exemption\n4,party\n"),
                                            NULL, &r, &e),
                     BMP_EINVAL);
    assert_non_null(strstr(e.msg, "f.csv:2: batch 4 is a county's or league's: the party "
                                  "exemption is for club sessions"));
    assert_int_equal(bmp_ledger_ebu_ums_run(t.l, "ebu", "2025-07", rates, NULL, NULL, &r, &e),
                     BMP_EINVAL);
    assert_non_null(strstr(e.msg, "batch 3: the event has no UMS charge code"));
    lt_unchanged(&t, before);
    free(rates);
    lt_done(&t);
}

/* Issue 26 (ruling SK-1): an event of the month not yet approved is not
 * charged and is listed with why, never left out silently: batch 1 C1 3
 * Mar (16 p-s x 40 = 640 cents) charged, batch 2 C1 4 Mar imported, not
 * approved, listed. */
static void ums_lists_unapproved(void **state)
{
    (void)state;
    lt t;
    ebu_ledger(&t);
    ev(&t, "Monday", "2025-03-03", "01", 8, 1, "C1");
    bmp_error e = {0};
    int64_t id = 0;
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "ebu", .club = "C1",
                                .source = BMP_BATCH_EVENT};
    assert_int_equal(bmp_ledger_import(t.l, pairs_file(&t, "Tuesday", "2025-03-04", "01", 8, 1,
                                                       2400),
                                       &o, &id, NULL, &e),
                     BMP_OK);
    assert_int_equal(id, 2);
    char *rates = strdup(lt_file(&t, "r.csv", RATES));
    bmp_ledger_run r;
    assert_int_equal(bmp_ledger_ebu_ums_run(t.l, "ebu", "2025-03", rates, NULL, NULL, &r, &e),
                     BMP_OK);
    assert_int_equal(r.lines, 1);
    assert_int_equal(r.total, 640);
    assert_int_equal(r.skipped, 1);
    assert_memory_equal(r.skipped_why, "batch 2: ", 9);
    assert_non_null(strstr(r.skipped_why, ", not approved: not charged (EBU-18 charges the "
                                          "month's approved events)\n"));
    free(rates);
    lt_done(&t);
}

/* EBU-7 (2.8.2): the charge code may come as the event's sanction (a
 * USEBIO file's EBU_CHARGE_CODE): 6 pairs of a county's 12 March 2025
 * session with sanction 10 = 12 player-sessions x 60 = 720 cents.  A
 * USEBIO file imported with its own MASTER_POINTS (EBU_CHARGE_CODE 01, 10
 * April 2025) keeps its event too (L-11): its 6 pairs are 12
 * player-sessions x 45 (code 01 from 1 April 2025) = 540 cents. */
static void ums_code_sources(void **state)
{
    (void)state;
    lt t;
    ebu_ledger(&t);
    char json[2048];
    int o = snprintf(json, sizeof json, "{\"body\":\"ebu\",\"name\":\"County heat\",\"kind\":"
                     "\"pairs\",\"date\":\"2025-03-12\",\"sanction\":\"10\",\"status\":\"club\","
                     "\"sessions\":1,\"boards\":24,\"tables\":3,\"contestants\":[");
    for (int i = 1; i <= 6; i++)
        o += snprintf(json + o, sizeof json - (size_t)o, "%s{\"id\":\"%d\",\"place\":%d,"
                      "\"players\":[{\"id\":\"%d\"},{\"id\":\"%d\"}]}", i > 1 ? "," : "", i, i,
                      300 + 2 * i, 301 + 2 * i);
    snprintf(json + o, sizeof json - (size_t)o, "]}");
    import_file(&t, lt_file(&t, "heat.json", json), "CTY");
    char *rates = strdup(lt_file(&t, "r.csv", RATES));
    bmp_error e = {0};
    bmp_ledger_run r;
    assert_int_equal(bmp_ledger_ebu_ums_run(t.l, "ebu", "2025-03", rates, NULL, NULL, &r, &e),
                     BMP_OK);
    assert_int_equal(r.total, 720);
    /* the example pairs as USEBIO with MASTER_POINTS and EBU_CHARGE_CODE 01 */
    bmp_event *evt = NULL;
    bmp_awards aw;
    bmp_awards_init(&aw);
    assert_int_equal(bmp_event_load_file(BMP_SOURCE_DIR "/examples/ebu/club-pairs.json", &evt,
                                         &e),
                     BMP_OK);
    assert_int_equal(bmp_award_event(evt, &aw, &e), BMP_OK);
    char path[160], *xml = NULL;
    snprintf(path, sizeof path, "%s/club.xml", t.dir);
    assert_int_equal(bmp_usebio_write_file(evt, &aw, BMP_USEBIO_MP_DEFAULT, path, &e), BMP_OK);
    bmp_awards_free(&aw);
    bmp_event_free(evt);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    xml = calloc(1, 1 << 16);
    assert_non_null(xml);
    size_t n = fread(xml, 1, (1 << 16) - 1, f);
    fclose(f);
    assert_true(n > 0);
    char *at = strstr(xml, "</MPS_AWARDED_FLAG>"), *date = strstr(xml, "<DATE>10/03/2025");
    assert_non_null(at);
    assert_non_null(date);
    memcpy(date + strlen("<DATE>10/"), "04", 2); /* played in April */
    at += strlen("</MPS_AWARDED_FLAG>");
    f = fopen(path, "wb");
    assert_non_null(f);
    fprintf(f, "%.*s<EBU_CHARGE_CODE>01</EBU_CHARGE_CODE>%s", (int)(at - xml), xml, at);
    fclose(f);
    free(xml);
    bmp_ledger_import_opts io = {.size = sizeof io, .body = "ebu", .club = "C1",
                                 .source = BMP_BATCH_USEBIO_MP};
    int64_t id = 0;
    assert_int_equal(bmp_ledger_import(t.l, path, &io, &id, NULL, &e), BMP_OK);
    assert_int_equal(bmp_ledger_approve(t.l, id, &e), BMP_OK);
    assert_int_equal(bmp_ledger_ebu_ums_run(t.l, "ebu", "2025-04", rates, NULL, NULL, &r, &e),
                     BMP_OK);
    assert_int_equal(r.total, 540);
    free(rates);
    lt_done(&t);
}

/* EBU-26, EBU-18 (EA-7): March 2025's licensed events at hypothetical
 * rates (standard 150, charity 50 cents a table-session):
 *   CTY Spring Congress ends 16 Mar, 4 sessions x 30 tables x 150 =
 *       18,000 cents, due 15 April (16 Mar + 30 days)
 *   C1  Charity Pairs ends 31 Mar, 1 x 12 x 50 = 600 cents, due 30 April
 * 18,600 in all; run again: nothing new.  A sim is charged by heats: not
 * supported; an event ending in April is not March's. */
static void licence_fees(void **state)
{
    (void)state;
    lt t;
    ebu_ledger(&t);
    char *rates = strdup(lt_file(&t, "r.csv", "from,category,table_session\n"
                                              "2024-04-01,standard,150\n2024-04-01,charity,50\n"));
    char *evs = strdup(lt_file(&t, "e.csv", "club,event,end,sessions,tables,category\n"
                                           "CTY,Spring Congress,2025-03-16,4,30,standard\n"
                                           "C1,Charity Pairs,2025-03-31,1,12,charity\n"));
    bmp_error e = {0};
    bmp_ledger_run r, again;
    assert_int_equal(bmp_ledger_ebu_licence_run(t.l, "ebu", "2025-03", evs, rates, NULL, &r, &e),
                     BMP_OK);
    assert_int_equal(r.lines, 2);
    assert_int_equal(r.total, 18600);
    char *before = lt_dump(&t);
    assert_int_equal(bmp_ledger_ebu_licence_run(t.l, "ebu", "2025-03", evs, rates, NULL, &again,
                                                &e),
                     BMP_OK);
    assert_true(again.already);
    lt_unchanged(&t, before);
    bmp_ledger_invoices iv;
    assert_int_equal(bmp_ledger_invoice_run(t.l, "ebu", r.id, NULL, BMP_INVOICE_CSV, &iv, &e),
                     BMP_OK);
    assert_int_equal(iv.made, 2);
    char *doc = invoice_csv(&t, r.id, "CTY");
    assert_non_null(strstr(doc, "EBU-26,licence Spring Congress (standard): 4 sessions x 30 "
                                "tables x 150 cents; due 2025-04-15,18000\n"));
    free(doc);
    doc = invoice_csv(&t, r.id, "C1");
    assert_non_null(strstr(doc, "due 2025-04-30,600\n"));
    free(doc);
    before = lt_dump(&t);
    assert_int_equal(bmp_ledger_ebu_licence_run(t.l, "ebu", "2025-04",
                                                lt_file(&t, "f.csv",
                                                        "club,event,end,sessions,tables,category\n"
                                                        "C1,Sim,2025-04-02,1,8,sim\n"),
                                                rates, NULL, &r, &e),
                     BMP_ENOTSUP);
    assert_non_null(strstr(e.msg, "EBU-26"));
    assert_int_equal(bmp_ledger_ebu_licence_run(t.l, "ebu", "2025-04",
                                                lt_file(&t, "g.csv",
                                                        "club,event,end,sessions,tables,category\n"
                                                        "C1,Late,2025-05-02,1,8,standard\n"),
                                                rates, NULL, &r, &e),
                     BMP_EINVAL);
    assert_non_null(strstr(e.msg, "g.csv:2: end \"2025-05-02\": expected a date yyyy-mm-dd in "
                                  "2025-04"));
    assert_int_equal(bmp_ledger_ebu_licence_run(t.l, "ebu", "2025-04",
                                                lt_file(&t, "h.csv",
                                                        "club,event,end,sessions,tables,category\n"
                                                        "XX,Nobody,2025-04-02,1,8,standard\n"),
                                                rates, NULL, &r, &e),
                     BMP_EINVAL);
    assert_non_null(strstr(e.msg, "h.csv:2: club \"XX\": no such EBU club"));
    lt_unchanged(&t, before);
    free(rates);
    free(evs);
    lt_done(&t);
}


/* Issue 44: a charge run previewed (bmp_ledger_run_preview) says what the
 * run will charge and what it leaves out, and writes nothing; the run then
 * made charges the same.  March 2025: batch 1 C1 (16 p-s x 40 = 640
 * cents), batch 2 CTY code 10 (48 p-s x 60 = 2,880), batch 3 C1 not
 * approved (left out, listed): 2 lines, 3,520 cents, 2 clubs.  Previewed
 * again after the run: the run made before, its lines.  A licence run
 * whose events name no club answers the run's error, nothing written; a
 * run that is a read (gold) has nothing to preview. */
static void preview_writes_nothing(void **state)
{
    (void)state;
    lt t;
    ebu_ledger(&t);
    ev(&t, "Monday", "2025-03-03", "01", 8, 1, "C1");
    ev(&t, "County pairs", "2025-03-08", "10", 12, 2, "CTY");
    bmp_error e = {0};
    int64_t id = 0;
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "ebu", .club = "C1",
                                .source = BMP_BATCH_EVENT};
    assert_int_equal(bmp_ledger_import(t.l, pairs_file(&t, "Tuesday", "2025-03-04", "01", 8, 1,
                                                       2400), &o, &id, NULL, &e), BMP_OK);
    char *rates = strdup(lt_file(&t, "r.csv", RATES));
    const char *pos[] = {"2025-03"}, *opts[] = {rates, NULL};
    bmp_ledger_run_in in = {sizeof in, pos, 1, opts, "/nonexistent/ums.csv"};
    bmp_ledger_run_out out = {.size = sizeof out};
    bmp_table lines;
    bmp_table_init(&lines);
    char *before = lt_dump(&t);
    assert_int_equal(bmp_ledger_run_preview(t.l, "ebu", "ums", &in, &out, &lines, NULL, &e),
                     BMP_OK);
    lt_unchanged(&t, before);
    assert_false(out.run.already);
    assert_int_equal(out.run.id, 0);
    assert_int_equal(out.run.lines, 2);
    assert_int_equal(out.run.total, 3520);
    assert_int_equal(out.run.skipped, 1);
    assert_non_null(strstr(out.run.skipped_why, "batch 3: provisional, not approved"));
    assert_string_equal(out.text, "ums 2025-03: a preview, nothing written: 2 line(s), total "
                                  "35.20\nleaves out:\nbatch 3: provisional, not approved: not "
                                  "charged (EBU-18 charges the month's approved events)");
    assert_int_equal(lines.nrows, 2);
    assert_string_equal(lt_cell(&lines, 0, "club"), "C1");
    assert_string_equal(lt_cell(&lines, 0, "club_name"), "Club One");
    assert_string_equal(lt_cell(&lines, 0, "batch"), "1");
    assert_string_equal(lt_cell(&lines, 0, "cents"), "640");
    assert_string_equal(lt_cell(&lines, 1, "club_name"), "Countyshire");
    assert_string_equal(lt_cell(&lines, 1, "cents"), "2880");
    bmp_table_free(&lines);
    bmp_ledger_run_out_free(&out);
    /* the run made: the same lines and total */
    in.output = NULL;
    assert_int_equal(bmp_ledger_run_call_why(t.l, "ebu", "ums", &in, "March's UMS", &out, NULL,
                                             &e), BMP_OK);
    assert_int_equal(out.run.lines, 2);
    assert_int_equal(out.run.total, 3520);
    int64_t run = out.run.id;
    assert_int_equal(run, 1); /* the preview took no number, on PostgreSQL too */
    bmp_ledger_run_out_free(&out);
    bmp_table_init(&lines);
    before = lt_dump(&t);
    assert_int_equal(bmp_ledger_run_preview(t.l, "ebu", "ums", &in, &out, &lines, NULL, &e),
                     BMP_OK);
    assert_true(out.run.already);
    assert_int_equal(out.run.id, run);
    assert_int_equal(lines.nrows, 2);
    assert_non_null(strstr(out.text, "made before as run"));
    bmp_table_free(&lines);
    bmp_ledger_run_out_free(&out);
    /* the run's own error, nothing written */
    char *lr = strdup(lt_file(&t, "lr.csv", "from,category,table_session\n"
                                            "2024-04-01,standard,150\n"));
    const char *lopts[] = {lt_file(&t, "le.csv", "club,event,end,sessions,tables,category\n"
                                                 "XX,Nobody,2025-03-02,1,8,standard\n"), lr};
    bmp_ledger_run_in lin = {sizeof lin, pos, 1, lopts, NULL};
    bmp_table_init(&lines);
    assert_int_equal(bmp_ledger_run_preview(t.l, "ebu", "licences", &lin, &out, &lines, NULL,
                                            &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "le.csv:2: club \"XX\": no such EBU club"));
    const char *gpos[] = {"2025-03-01"};
    bmp_ledger_run_in gin = {sizeof gin, gpos, 1, NULL, NULL};
    assert_int_equal(bmp_ledger_run_preview(t.l, "ebu", "gold", &gin, &out, &lines, NULL, &e),
                     BMP_EINVAL);
    assert_string_equal(e.msg, "gold makes no charge run: nothing to preview");
    lt_unchanged(&t, before);
    bmp_table_free(&lines);
    bmp_ledger_run_out_free(&out);
    free(lr);
    free(rates);
    lt_done(&t);
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(gold_decays_by_anniversary),
    cmocka_unit_test(gold_rounding_and_leap_day),
    cmocka_unit_test(gold_not_for_rank),
    cmocka_unit_test(ums_month),
    cmocka_unit_test(ums_lists_unapproved),
    cmocka_unit_test(ums_charity_allowance),
    cmocka_unit_test(ums_refusals),
    cmocka_unit_test(ums_code_sources),
    cmocka_unit_test(licence_fees),
    cmocka_unit_test(preview_writes_nothing),
};

int main(void)
{
    return cmocka_run_group_tests(tests, NULL, NULL);
}
