/* Issue 44: one number everywhere.  Each finding of the issue is a test
 * here (SQLite, and PostgreSQL as test_pages_one_number_pg):
 *
 *   1. the chart counts opening balances and merges (it ended at the
 *      period lines only: 36.00 for a player holding 226);
 *   2. the club report's total is the body's (report_rows, as `report
 *      ranking` and the player page), ordered by it, its note the body's;
 *   3. a merged number answers for the player kept on every surface;
 *   4. an EBU club file carrying its own points (usebio-mp) is a public
 *      event once posted, linked from the players' recent awards;
 *   5. no rejected line in the recent awards, a rank for every player in
 *      the search, EBU Local points and totals whole ("36"), the next rank
 *      in words ("needs 274 more in total").
 *
 * What only a browser shows (420 px, axe) is tests/cli/serve/browser.py. */
#include "pages_test_util.h"

#include "bridgemp/ledger_api.h"
#include "bridgemp/ledger_movein.h"
#include "bridgemp/ledger_publish.h"
#include "bridgemp/ledger_secretary.h"
#include "bridgemp/pointtype.h"
#include "server/pages_internal.h"

/* The EBU's Monday club 202131 and its members: Ruth Hart 115425 (opening
 * 190 local), Tom Bell 115426 (opening 4530 local, 10.00 blue, 15.00
 * green, 1.50 gold), Ann Lee 115428 (125 local) and her duplicate 115429
 * (36 local), Zed Nopoints 115430. */
static void ebu_site(lt *t)
{
    lt_new(t);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_import_clubs(t->l, "ebu",
                                             lt_file(t, "c.csv", "number,name,dummy\n"
                                                                 "202131,Monday Club,0\n"),
                                             NULL, NULL, &e), BMP_OK);
    assert_int_equal(bmp_ledger_import_players(t->l, "ebu",
                                               lt_file(t, "p.csv", "number,name,status,home_club\n"
                                                       "115425,Ruth Hart,Active,202131\n"
                                                       "115426,Tom Bell,Active,202131\n"
                                                       "115428,Ann Lee,Active,202131\n"
                                                       "115429,Ann Lee,Active,202131\n"
                                                       "115430,Zed Nopoints,Active,202131\n"),
                                               NULL, NULL, &e), BMP_OK);
    bmp_ledger_opening_opts o = {.size = sizeof o, .body = "ebu", .reason = "moved in"};
    int64_t id = 0;
    bmp_status st = bmp_ledger_opening(t->l, lt_file(t, "o.csv",
                                       "number,local,blue,green,gold,rank,rank_date\n"
                                       "115425,190,0,0,0,Local Master,2020-01-01\n"
                                       "115426,4530,10.00,15.00,1.50,Premier Master,2020-01-01\n"
                                       "115428,125,0,0,0,Local Master,2020-01-01\n"
                                       "115429,36,0,0,0,no rank,\n"),
                                       &o, &id, NULL, NULL, &e);
    if (st)
        fprintf(stderr, "opening: %s\n", e.msg);
    assert_int_equal(st, BMP_OK);
}

/* A club file carrying its own points (usebio-mp), club 202131: `number`
 * gets `local` points; approved. */
static int64_t club_file(lt *t, const char *number, bmp_points local, const char *date,
                         char hashch)
{
    bmp_error e = {0};
    char hash[65];
    memset(hash, hashch, 64);
    hash[64] = '\0';
    bmp_ledger_line ln = {.number = number, .point_type = "local", .points = local,
                          .rule = "EBU-33", .event = "Monday pairs", .contestant = "1",
                          .line = 1};
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "ebu", .club = "202131"};
    int64_t id = 0;
    bmp_status st = bmp_ledger_import_lines(t->l, &o, BMP_BATCH_USEBIO_MP, "monday.xml", hash,
                                            "Monday pairs", date, &ln, 1, &id, NULL, &e);
    if (st)
        fprintf(stderr, "%s\n", e.msg);
    assert_int_equal(st, BMP_OK);
    return id;
}

/* The site after the 2026-09 close: Ruth's 36 local from the club file
 * posted (190 + 36 = 226: Club Master, EBU-4 at 200). */
static int64_t ebu_closed(lt *t)
{
    ebu_site(t);
    int64_t b = club_file(t, "115425", 3600, "2026-09-14", 'a');
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_approve(t->l, b, &e), BMP_OK);
    assert_int_equal(bmp_ledger_close_period(t->l, "ebu", "2026-09", NULL, &e), BMP_OK);
    return b;
}

/* Finding 1: "/player/ebu/115425 holds 226.00, Club Master, but its chart
 * ends at 36.00".  The opening (190, posted before any close) counts from
 * the chart's first month, 2026-09, with the 36 posted then: 190 + 36 =
 * 226 at its one month's close, written whole (EBU-1). */
static void chart_counts_the_opening(void **state)
{
    (void)state;
    lt t;
    ebu_closed(&t);
    core_buf b;
    core_buf_init(&b);
    assert_int_equal(render(&t, "/player/ebu/115425", NULL, &b), 200);
    has(&b, "<dd id=\"rank\">Club Master</dd>");
    has(&b, "<td class=\"n\" data-label=\"Points\">226</td>"); /* local, whole */
    has(&b, "1 month from 2026-09; 226 now");
    has(&b, "font-weight=\"700\" fill=\"#1b1b1b\">226</text>");
    has(&b, "<tr><td data-label=\"Period\">2026-09</td><td class=\"n\" data-label=\"local\">226"
            "</td>");
    lacks(&b, ">36.00<");
    core_buf_free(&b);
    lt_done(&t);
}

/* Finding 1, ABF: "/player/abf/1002 holds 210.75 and its chart says 'No
 * points posted yet'": an opening and nothing else is charted at the
 * month it was posted, 210.75 (160.00 green + 50.75 red). */
static void chart_of_an_opening_only(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    bmp_error e = {0};
    bmp_ledger_opening_opts o = {.size = sizeof o, .body = "abf", .reason = "moved in"};
    int64_t id = 0;
    assert_int_equal(bmp_ledger_opening(t.l, lt_file(&t, "o.csv",
                                        "number,green,red,gold,rank,rank_date\n"
                                        "1002,160.00,50.75,0,National Master,2019-05-01\n"),
                                        &o, &id, NULL, NULL, &e), BMP_OK);
    core_buf b;
    core_buf_init(&b);
    assert_int_equal(render(&t, "/player/abf/1002", NULL, &b), 200);
    lacks(&b, "No points posted yet");
    has(&b, "<td class=\"n\" id=\"holding-total\" data-label=\"Total\">210.75</td>");
    has(&b, "210.75 now");
    has(&b, "font-weight=\"700\" fill=\"#1b1b1b\">210.75</text>");
    core_buf_free(&b);
    lt_done(&t);
}

/* The cell of `col` in the row of `number` ("" when not listed). */
static const char *row_cell(const bmp_table *t, const char *number, const char *col)
{
    size_t r = bmp_table_find_row(t, number);
    return r == (size_t)-1 ? "" : lt_cell(t, r, col);
}

/* Finding 2: "the club report gives a member 4556.50 where `report
 * ranking` and the player page say 7030.00": 4530 local + 100 x 10.00 blue
 * + 100 x 15.00 green = 7030 (2.6.1), Gold outside; the raw sum 4530 +
 * 10 + 15 + 1.50 was 4556.50.  Ordered by it: Tom 7030, Ruth 226, Ann
 * 125 + 36 = 161 (the merge below), Zed 0.  The note is the EBU's. */
static void club_report_is_the_ranking_total(void **state)
{
    (void)state;
    lt t;
    ebu_closed(&t);
    bmp_error e = {0};
    int64_t m = 0;
    assert_int_equal(bmp_ledger_merge(t.l, "ebu", "115429", "115428", "same person", &m, &e),
                     BMP_OK);
    bmp_table c, r;
    bmp_table_init(&c);
    bmp_table_init(&r);
    assert_int_equal(bmp_ledger_club_report(t.l, "ebu", "202131", NULL, &c, &e), BMP_OK);
    assert_int_equal(bmp_ledger_ranking(t.l, "ebu", NULL, NULL, &r, &e), BMP_OK);
    assert_int_equal(c.nrows, 4); /* 115429 is 115428 now (finding 3) */
    assert_string_equal(lt_cell(&c, 0, "number"), "115426");
    assert_string_equal(lt_cell(&c, 0, "total_points"), "7030.00");
    assert_string_equal(row_cell(&r, "115426", "total"), "7030.00");
    assert_string_equal(lt_cell(&c, 1, "number"), "115425");
    assert_string_equal(lt_cell(&c, 1, "total_points"), "226.00");
    assert_string_equal(row_cell(&r, "115425", "total"), "226.00");
    assert_string_equal(lt_cell(&c, 2, "number"), "115428");
    assert_string_equal(lt_cell(&c, 2, "total_points"), "161.00");
    assert_string_equal(lt_cell(&c, 3, "number"), "115430");
    assert_string_equal(lt_cell(&c, 3, "total_points"), "0.00");
    assert_true(bmp_table_find_row(&c, "115429") == (size_t)-1);
    assert_int_equal(c.nnotes, 1);
    assert_string_equal(c.notes[0],
                        "club 202131, members and players who earned here in any period");
    bmp_table_free(&c);
    bmp_table_init(&c);
    assert_int_equal(bmp_ledger_club_report(t.l, "ebu", "202131", "2026-09", &c, &e), BMP_OK);
    assert_string_equal(c.notes[0], "club 202131, members and players who earned here in "
                                    "2026-07..2026-09");
    bmp_table_free(&c);
    bmp_table_free(&r);
    core_buf b;
    core_buf_init(&b);
    assert_int_equal(render(&t, "/club/ebu/202131", NULL, &b), 200);
    has(&b, "<td class=\"n\" data-label=\"total points\">7030</td>");
    lacks(&b, "ABF-96");
    lacks(&b, "0000-00");
    lacks(&b, "4556.50");
    core_buf_free(&b);
    lt_done(&t);
}

/* Finding 3: "a merged number gives three answers".  115429 (36) merged
 * into 115428 (125): its page, its summary (the API's), its chart and its
 * statement all answer 115428's 161; the page says so and links there. */
static void merged_number_one_answer(void **state)
{
    (void)state;
    lt t;
    ebu_closed(&t);
    bmp_error e = {0};
    int64_t m = 0;
    assert_int_equal(bmp_ledger_merge(t.l, "ebu", "115429", "115428", "same person", &m, &e),
                     BMP_OK);
    bmp_ledger_summary s;
    assert_int_equal(bmp_ledger_player_summary(t.l, "ebu", "115429", &s, &e), BMP_OK);
    assert_string_equal(s.number, "115428");
    assert_string_equal(s.point_type[0], "local");
    assert_int_equal(s.holding[0], 16100);
    bmp_table st;
    bmp_table_init(&st);
    assert_int_equal(bmp_ledger_statement(t.l, "ebu", "115429", &st, &e), BMP_OK);
    assert_non_null(strstr(st.notes[0], "player 115428 Ann Lee"));
    bmp_table_free(&st);
    core_buf b;
    core_buf_init(&b);
    assert_int_equal(render(&t, "/player/ebu/115429", NULL, &b), 200);
    has(&b, "<p class=\"note\" id=\"merged\">Number 115429 was merged into <a "
            "href=\"/player/ebu/115428\">115428</a>");
    has(&b, "<td class=\"n\" id=\"holding-total\" data-label=\"Total\">161</td>");
    has(&b, "161 now"); /* the chart: the opening 125 and the merge's 36 */
    core_buf_free(&b);
    lt_done(&t);
}

/* Finding 4: "/events?body=ebu stays empty after two closed months,
 * /event/ebu/2 is 404, and a player's 'Recent awards' link goes to
 * /batch/2".  The club file (batch 2: the opening is 1) is listed and
 * shown with its award, whole (36); the player's award links to it; no
 * /batch/ link for the public. */
static void club_results_are_public(void **state)
{
    (void)state;
    lt t;
    int64_t id = ebu_closed(&t);
    assert_int_equal(id, 2);
    core_buf b;
    core_buf_init(&b);
    assert_int_equal(render(&t, "/events", &(args){{"body"}, {"ebu"}}, &b), 200);
    has(&b, "<a href=\"/event/ebu/2\">Monday pairs</a>");
    assert_int_equal(render(&t, "/event/ebu/2", NULL, &b), 200);
    has(&b, "<h1>Monday pairs</h1>");
    has(&b, "<a href=\"/player/ebu/115425\">Ruth Hart</a>");
    has(&b, "<td class=\"n\" data-label=\"points\">36</td>");
    lacks(&b, "/batch/");
    assert_int_equal(render(&t, "/player/ebu/115425", NULL, &b), 200);
    has(&b, "<a href=\"/event/ebu/2\">Monday pairs</a>");
    has(&b, "<td class=\"n\" data-label=\"points\">36</td>");
    lacks(&b, "/batch/");
    lacks(&b, "<a href=\"/event/ebu/1\">"); /* the opening is no event */
    core_buf_free(&b);
    lt_done(&t);
}

/* Finding 4, the list: "titles and states of unposted and rejected
 * batches still appear publicly".  After the close, batch 3 (received) and
 * batch 4 (rejected) of club 202131 are not in the public's /events nor
 * its home page's recent events; the body's secretary sees every one, the
 * club's scorer its own, another club's scorer the posted one only; the
 * library's filter (bmp_ledger_events_where) counts them so and refuses a
 * state that is none. */
static void unposted_events_not_public(void **state)
{
    (void)state;
    lt t;
    ebu_closed(&t);
    bmp_error e = {0};
    assert_int_equal(club_file(&t, "115426", 500, "2026-10-05", 'b'), 3);
    int64_t r = club_file(&t, "115428", 700, "2026-10-06", 'c');
    assert_int_equal(r, 4);
    assert_int_equal(bmp_ledger_reject(t.l, r, "wrong file", &e), BMP_OK);
    static const bmp_user ebu_sec = {.id = 2, .name = "eve", .nroles = 1,
                                     .roles = {{BMP_ROLE_SECRETARY, "ebu", ""}}};
    static const bmp_user scorer = {.id = 3, .name = "sam", .nroles = 1,
                                    .roles = {{BMP_ROLE_SCORER, "ebu", "202131"}}};
    static const bmp_user other = {.id = 4, .name = "olga", .nroles = 1,
                                   .roles = {{BMP_ROLE_SCORER, "ebu", "202999"}}};
    const bmp_user *const users[] = {NULL, &other, &scorer, &ebu_sec};
    const bool all[] = {false, false, true, true};
    core_buf b;
    core_buf_init(&b);
    for (size_t u = 0; u < 4; u++) {
        for (int pg = 0; pg < 2; pg++) {
            assert_int_equal(render_as(&t, pg ? "/" : "/events", users[u], &b), 200);
            has(&b, "<a href=\"/event/ebu/2\">Monday pairs</a>");
            if (all[u]) {
                has(&b, "<a href=\"/event/ebu/3\">");
                has(&b, "<a href=\"/event/ebu/4\">");
            } else {
                lacks(&b, "/event/ebu/3");
                lacks(&b, "/event/ebu/4");
                lacks(&b, "rejected");
                lacks(&b, "received");
            }
        }
    }
    core_buf_free(&b);
    bmp_table tb;
    size_t total = 0;
    bmp_ledger_event_filter f = {.size = sizeof f, .state = "posted"};
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_events_where(t.l, "ebu", &f, 0, 10, &tb, &total, &e), BMP_OK);
    assert_int_equal(total, 1);
    assert_int_equal(tb.nrows, 1);
    bmp_table_free(&tb);
    f.club = "202131";
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_events_where(t.l, "ebu", &f, 0, 2, &tb, &total, &e), BMP_OK);
    assert_int_equal(total, 3);
    assert_int_equal(tb.nrows, 2); /* the limit */
    bmp_table_free(&tb);
    f = (bmp_ledger_event_filter){.size = sizeof f, .state = "rejected"};
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_events_where(t.l, "ebu", &f, 0, 10, &tb, &total, &e), BMP_OK);
    assert_int_equal(total, 1);
    assert_string_equal(lt_cell(&tb, 0, "id"), "4");
    bmp_table_free(&tb);
    f.state = "bogus";
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_events_where(t.l, "ebu", &f, 0, 10, &tb, &total, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "state \"bogus\": expected received"));
    bmp_table_free(&tb);
    assert_int_equal(bmp_ledger_events(t.l, "ebu", 0, 10, &tb, &total, &e), BMP_OK);
    assert_int_equal(total, 3);
    bmp_table_free(&tb);
    lt_done(&t);
}

/* Finding 5: a rejected club file's line is no award; Zed (no points) has
 * a rank in the search ("none yet", as his page says); Ruth's next rank is
 * Area Master at 500 (EBU-4): 500 - 226 = 274 more in total. */
static void rejected_rank_and_words(void **state)
{
    (void)state;
    lt t;
    ebu_closed(&t);
    bmp_error e = {0};
    int64_t r = club_file(&t, "115425", 5000, "2026-10-05", 'b');
    assert_int_equal(bmp_ledger_reject(t.l, r, "wrong file", &e), BMP_OK);
    core_buf b;
    core_buf_init(&b);
    assert_int_equal(render(&t, "/player/ebu/115425", NULL, &b), 200);
    has(&b, "Recent awards (2 of 2)"); /* the 36 and the opening's line */
    lacks(&b, ">50<");
    has(&b, "<dd id=\"next-rank\">Area Master: needs 274 more in total</dd>");
    assert_int_equal(render(&t, "/players", &(args){{"body", "q"}, {"ebu", "Zed"}},
                            &b), 200);
    has(&b, "<td data-label=\"rank\">none yet</td>");
    core_buf_free(&b);
    lt_done(&t);
}

/* ---- every surface agrees, on random ledgers ---------------------------- */

#define NP 24 /* players 115500..115523, home clubs 202131 and 202132 */

static uint32_t rnd(uint32_t *s)
{
    *s = *s * 1103515245u + 12345u;
    return (*s >> 8) & 0xffffff;
}

static void number_of(int i, char out[16])
{
    snprintf(out, 16, "%d", 115500 + i);
}

/* A random EBU ledger through the public API: openings (local under 100,
 * no rank), six months of club files carrying their own points (local and
 * green) approved, one in four rejected, closed; merges between closes; a
 * reopen and close again. */
static size_t random_ledger(lt *t, uint32_t seed)
{
    lt_new(t);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_import_clubs(t->l, "ebu", lt_file(t, "c.csv",
                     "number,name,dummy\n202131,Monday Club,0\n202132,Tuesday Club,0\n"),
                     NULL, NULL, &e), BMP_OK);
    char csv[4096] = "number,name,status,home_club\n", open[4096] =
        "number,local,blue,green,gold,rank,rank_date\n";
    for (int i = 0; i < NP; i++) {
        char n[16];
        number_of(i, n);
        snprintf(csv + strlen(csv), sizeof csv - strlen(csv), "%s,Player %d,Active,%d\n", n, i,
                 202131 + i % 2);
        if (rnd(&seed) % 2)
            snprintf(open + strlen(open), sizeof open - strlen(open), "%s,%u,0,0,0,no rank,\n",
                     n, rnd(&seed) % 100);
    }
    assert_int_equal(bmp_ledger_import_players(t->l, "ebu", lt_file(t, "p.csv", csv), NULL, NULL,
                                               &e), BMP_OK);
    bmp_ledger_opening_opts oo = {.size = sizeof oo, .body = "ebu", .reason = "moved in"};
    int64_t id = 0;
    if (strchr(open, '\n') != strrchr(open, '\n'))
        assert_int_equal(bmp_ledger_opening(t->l, lt_file(t, "o.csv", open), &oo, &id, NULL, NULL,
                                            &e), BMP_OK);
    bool merged[NP] = {0};
    for (int month = 1; month <= 6; month++) {
        for (int f = 0; f < 3; f++) {
            bmp_ledger_line ln[6];
            char nums[6][16], hash[65], date[16];
            for (int k = 0; k < 6; k++) {
                number_of((int)(rnd(&seed) % NP), nums[k]);
                bool green = rnd(&seed) % 4 == 0;
                ln[k] = (bmp_ledger_line){.number = nums[k], .point_type = green ? "green" : "local",
                                          .points = green ? 25 * (1 + rnd(&seed) % 8)
                                                          : 100 * (1 + rnd(&seed) % 40),
                                          .rule = "EBU-33", .event = "club night",
                                          .contestant = "1", .line = (size_t)k + 1};
            }
            snprintf(hash, sizeof hash, "%064x", (unsigned)(seed ^ (uint32_t)(month * 7 + f)));
            snprintf(date, sizeof date, "2026-%02d-%02d", month, 3 + f * 7);
            bmp_ledger_import_opts o = {.size = sizeof o, .body = "ebu",
                                        .club = f % 2 ? "202132" : "202131"};
            bmp_status st = bmp_ledger_import_lines(t->l, &o, BMP_BATCH_USEBIO_MP, "night.xml",
                                                    hash, "club night", date, ln, 6, &id, NULL,
                                                    &e);
            if (st)
                continue; /* a line of a merged number's duplicate file, say: skipped */
            if (rnd(&seed) % 4 == 0)
                assert_int_equal(bmp_ledger_reject(t->l, id, "wrong file", &e), BMP_OK);
            else
                assert_int_equal(bmp_ledger_approve(t->l, id, &e), BMP_OK);
        }
        char period[8];
        snprintf(period, sizeof period, "2026-%02d", month);
        assert_int_equal(bmp_ledger_close_period(t->l, "ebu", period, NULL, &e), BMP_OK);
        if (month == 4) {
            bmp_ledger_reopen_stats rs = {0};
            assert_int_equal(bmp_ledger_reopen_period(t->l, "ebu", period, "late file", &rs, &e),
                             BMP_OK);
            assert_int_equal(bmp_ledger_close_period(t->l, "ebu", period, NULL, &e), BMP_OK);
        }
        int dup = (int)(rnd(&seed) % NP), keep = (int)(rnd(&seed) % NP);
        if (dup != keep && !merged[dup] && !merged[keep]) {
            char d[16], k[16];
            number_of(dup, d);
            number_of(keep, k);
            int64_t m = 0;
            /* refused where dup is itself a player kept (no chains) */
            if (bmp_ledger_merge(t->l, "ebu", d, k, "same person", &m, &e) == BMP_OK)
                merged[dup] = true;
        }
    }
    size_t n = 0;
    for (int i = 0; i < NP; i++)
        n += merged[i];
    return n;
}

/* The chart's last value ("226", or "" without a chart) of a page. */
static void chart_now(const core_buf *b, char *out, size_t size)
{
    const char *s = b->data ? strstr(b->data, "id=\"chart-now\"") : NULL;
    out[0] = '\0';
    if (s && (s = strchr(s, '>')))
        snprintf(out, size, "%.*s", (int)strcspn(s + 1, "<"), s + 1);
}

/* Done-when of issue 44: for every player number, the summary's total
 * (bmp_rules_total of the holdings, the page's and the API's), the
 * statement's holding, `report ranking`, the club report of the kept
 * player's home club, and the chart's last value agree. */
static void surfaces_agree_on_random_ledgers(void **state)
{
    (void)state;
    const bmp_rules *r = bmp_rules_find("ebu");
    size_t merges = 0;
    for (uint32_t seed = 1; seed <= 3; seed++) {
        lt t;
        merges += random_ledger(&t, seed * 2654435761u);
        bmp_error e = {0};
        bmp_table rank;
        bmp_table_init(&rank);
        assert_int_equal(bmp_ledger_ranking(t.l, "ebu", NULL, NULL, &rank, &e), BMP_OK);
        bmp_table club[2];
        for (int c = 0; c < 2; c++) {
            bmp_table_init(&club[c]);
            assert_int_equal(bmp_ledger_club_report(t.l, "ebu", c ? "202132" : "202131", NULL,
                                                    &club[c], &e), BMP_OK);
        }
        core_buf b;
        core_buf_init(&b);
        for (int i = 0; i < NP; i++) {
            char n[16], path[64], want[32], now[32];
            number_of(i, n);
            bmp_ledger_summary s;
            assert_int_equal(bmp_ledger_player_summary(t.l, "ebu", n, &s, &e), BMP_OK);
            bmp_points by[BMP_MAX_POINT_TYPES] = {0};
            for (size_t k = 0; k < s.ntypes; k++)
                by[bmp_rules_point_type_index(r, s.point_type[k])] = s.holding[k];
            bmp_points total = bmp_rules_total(r, by);
            bmp_points_format(total, want, sizeof want);
            assert_string_equal(row_cell(&rank, s.number, "total"), want);
            int home = atoi(s.number) % 2; /* 115500 + i: home club 202131 + i % 2 */
            assert_string_equal(row_cell(&club[home], s.number, "total_points"), want);
            assert_true(bmp_table_find_row(&club[home], n) == (size_t)-1 ||
                        strcmp(n, s.number) == 0); /* a merged number is listed as kept */
            bmp_table st;
            bmp_table_init(&st);
            assert_int_equal(bmp_ledger_statement(t.l, "ebu", n, &st, &e), BMP_OK);
            for (size_t k = 0; k < s.ntypes; k++) {
                char v[32] = "0.00";
                for (size_t row = 0; row < st.nrows; row++)
                    if (strcmp(lt_cell(&st, row, "period"), "holding") == 0 &&
                        strcmp(lt_cell(&st, row, "point_type"), s.point_type[k]) == 0)
                        snprintf(v, sizeof v, "%s", lt_cell(&st, row, "points"));
                char h[32];
                bmp_points_format(s.holding[k], h, sizeof h);
                assert_string_equal(v, h);
            }
            bmp_table_free(&st);
            snprintf(path, sizeof path, "/player/ebu/%s", n);
            assert_int_equal(render(&t, path, NULL, &b), 200);
            chart_now(&b, now, sizeof now);
            core_buf w;
            core_buf_init(&w);
            page_points(&w, r, NULL, total); /* EBU totals whole (2.6.1) */
            if (total || now[0])
                assert_string_equal(now, w.data);
            core_buf_free(&w);
        }
        core_buf_free(&b);
        bmp_table_free(&club[0]);
        bmp_table_free(&club[1]);
        bmp_table_free(&rank);
        lt_done(&t);
    }
    assert_true(merges >= 3); /* the seeds merge: 115517 into 115516 among them */
}

/* The EBU's secretary, logged in. */
static const bmp_user ebu_secretary = {.id = 1, .name = "sally", .nroles = 1,
                                       .roles = {{BMP_ROLE_SECRETARY, "ebu", ""}}};

/* The office (item 6): the queue names the club (it showed 202131) and
 * leaves the rejected batch out unless asked; the close preview of 2026-10
 * says the provisional club file dated 2026-10-05 is left out; nothing is
 * closed before 2026-09's close is done, then only 2026-09 may be
 * reopened; `audit --action approve` finds the approval stored as
 * "approved"; the EBU's register page has none of the ABF's fields. */
static void office_words(void **state)
{
    (void)state;
    lt t;
    ebu_site(&t);
    bmp_error e = {0};
    int64_t b1 = club_file(&t, "115425", 3600, "2026-09-14", 'a');
    int64_t b2 = club_file(&t, "115425", 5000, "2026-09-21", 'b');
    club_file(&t, "115426", 1200, "2026-10-05", 'c');
    assert_int_equal(bmp_ledger_reject(t.l, b2, "wrong file", &e), BMP_OK);
    core_buf b;
    core_buf_init(&b);
    assert_int_equal(pages_serve(&t, "/office", &(args){{"body"}, {"ebu"}}, NULL, NULL,
                                 &ebu_secretary, &b), 200);
    has(&b, "<td data-label=\"club\"><a href=\"/club/ebu/202131\">Monday Club</a></td>");
    lacks(&b, "<td data-label=\"state\">rejected</td>");
    /* nothing closed: no reopen; 2026-09's preview */
    args per = {{"body", "period"}, {"ebu", "2026-09"}};
    assert_int_equal(pages_serve(&t, "/period", &per, NULL, NULL, &ebu_secretary, &b), 200);
    lacks(&b, "id=\"reopen\"");
    assert_int_equal(bmp_ledger_approve(t.l, b1, &e), BMP_OK);
    assert_int_equal(pages_serve(&t, "/period", NULL, "csrf=" CSRF "&action=close&body=ebu&"
                                 "period=2026-09", NULL, &ebu_secretary, &b), 303);
    has(&b, "/period?body=ebu&period=2026-09&done=close&batches=1&promotions=1");
    args oct = {{"body", "period"}, {"ebu", "2026-10"}};
    assert_int_equal(pages_serve(&t, "/period", &oct, NULL, NULL, &ebu_secretary, &b), 200);
    has(&b, "<p class=\"warning\" id=\"left-out\" role=\"status\">Left out of this close: "
            "<a href=\"/office?body=ebu&amp;state=provisional&amp;period=2026-10\">1 "
            "provisional batch</a> of this month");
    lacks(&b, "id=\"reopen\""); /* 2026-10 is not closed */
    assert_int_equal(pages_serve(&t, "/period", &per, NULL, NULL, &ebu_secretary, &b), 200);
    has(&b, "id=\"reopen\"");
    bmp_table a;
    bmp_table_init(&a);
    bmp_ledger_audit_filter f = {.action = "approve"};
    assert_int_equal(bmp_ledger_audit_list(t.l, &f, &a, &e), BMP_OK);
    assert_int_equal(a.nrows, 1);
    assert_string_equal(lt_cell(&a, 0, "action"), "approved");
    bmp_table_free(&a);
    bmp_table_init(&a);
    f.action = "reject";
    assert_int_equal(bmp_ledger_audit_list(t.l, &f, &a, &e), BMP_OK);
    assert_int_equal(a.nrows, 1);
    bmp_table_free(&a);
    assert_int_equal(pages_serve(&t, "/register/ebu/115425", NULL, NULL, NULL, &ebu_secretary,
                                 &b), 200);
    has(&b, "id=\"reg-name\"");
    lacks(&b, "Red points before 1982");
    lacks(&b, "pre1982_red");
    lacks(&b, "Overseas");
    lacks(&b, "overseas");
    core_buf_free(&b);
    lt_done(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(chart_counts_the_opening),
        cmocka_unit_test(chart_of_an_opening_only),
        cmocka_unit_test(club_report_is_the_ranking_total),
        cmocka_unit_test(merged_number_one_answer),
        cmocka_unit_test(club_results_are_public),
        cmocka_unit_test(unposted_events_not_public),
        cmocka_unit_test(rejected_rank_and_words),
        cmocka_unit_test(office_words),
        cmocka_unit_test(surfaces_agree_on_random_ledgers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
