/* Issue 30 items 1 and 2: player pages read at a glance.  Each finding of
 * the issue is a test here (SQLite, and PostgreSQL as test_pages_glance_pg):
 *
 *   chart: a time axis by month (a month without postings keeps its slot),
 *   the current holding as the last step with its value, the rank
 *   thresholds through the rules interface with the next one highlighted,
 *   a y axis in round ticks;
 *   pages: the holdings' total where the body has one (never unlike units
 *   added), club names linked, event titles with date and club, every
 *   table's cells labelled for stacked rows, held lines with their real
 *   reason, the search by "Surname, First", "First Surname", part of either,
 *   accents ignored.
 *
 * What only a browser can show (no column cut off at 420 px, chart text at
 * least 12 px, axe) is tests/cli/serve/browser.py. */
#include "pages_test_util.h"

#include "bridgemp/ledger_api.h"
#include "core/util.h"
#include "ledger/register/name_search.h"
#include "server/pages_internal.h"

#define EX BMP_SOURCE_DIR "/examples/"

/* Harbourside (2074); Player 2, Player 3, Ava Bell, Zoë Müller and Sam
 * Dormer (Dormant).  2025-08: opening balances; 2025-09: the club pairs
 * (club 2074); 2025-10: nothing; 2025-11: an adjustment, Sam Dormer's line
 * held (Dormant). */
static void site(lt *t)
{
    pages_register(t, "1002,Player 2,Active,2074,\n"
                      "1003,Player 3,Active,2074,\n"
                      "1010,Ava Bell,Active,2074,\n"
                      "1011,Zoë Müller,Active,2074,\n"
                      "1012,Sam Dormer,Dormant,2074,\n");
    int64_t b1 = lt_import(t, lt_file(t, "open.csv", "number,point_type,points,event,reason\n"
                                                     "1003,green,4.80,opening balance,carried\n"
                                                     "1010,green,1.00,opening balance,carried\n"),
                           "abf", BMP_OK);
    pages_post(t, b1, "2025-08");
    pages_post(t, pages_import_club(t, EX "abf/club-pairs.json", "2074"), "2025-09");
    int64_t b3 = lt_import(t, lt_file(t, "nov.csv", "number,point_type,points,event,reason,name\n"
                                                    "1003,green,2.00,club sessions,November,"
                                                    "Player 3\n"
                                                    "1012,green,0.60,club sessions,November,"
                                                    "Sam Dormer\n"),
                           "abf", BMP_OK);
    pages_post(t, b3, "2025-11");
}

/* Finding: "the x axis counts periods, not time (a skipped month is drawn
 * as if it were not there)".  1003 has points at the 2025-08, 2025-09 and
 * 2025-11 closes: four month slots of 376 / 4 = 94 from x 50, 2025-10 among
 * them, the line flat across it.  ABF-86: 4.80 (Graduate Master), 5.10
 * (Club Master), 7.10 (4.80 + 0.30 ABF-6 + 2.00); Local Master at 15.00 tops
 * the axis in steps of 5 ((1500 + 3) / 4 = 375 -> 500).  y = 236 -
 * v*208/1500: 4.80 -> 170, 5.10 -> 166 (70.72), 7.10 -> 138 (98.45). */
static void chart_months_spaced_by_time(void **state)
{
    (void)state;
    lt t;
    site(&t);
    core_buf b;
    core_buf_init(&b);
    assert_int_equal(render(&t, "/player/abf/1003", NULL, &b), 200);
    has(&b, "4 months from 2025-08; 7.10 now");
    has(&b, "<text class=\"month\" x=\"285\" y=\"256\" text-anchor=\"middle\" font-size=\"14\">"
            "2025-10</text>");
    has(&b, "points=\"50,170 144,170 144,166 238,166 238,166 332,166 332,138 426,138\"");
    /* a month label under the middle of its step, not left of it */
    has(&b, ">2025-08</text>");
    has(&b, "<text class=\"month\" x=\"97\"");
    core_buf_free(&b);
    lt_done(&t);
}

/* Finding: "the latest period's value is only a vertical blip at the right
 * edge": the last month's step spans its slot (332..426 at y 138) and the
 * value is written at its end. */
static void chart_current_holding_labelled(void **state)
{
    (void)state;
    lt t;
    site(&t);
    core_buf b;
    core_buf_init(&b);
    assert_int_equal(render(&t, "/player/abf/1003", NULL, &b), 200);
    has(&b, " 332,138 426,138\"");
    has(&b, "<circle cx=\"426\" cy=\"138\" r=\"4\"");
    has(&b, "<text id=\"chart-now\" x=\"424\" y=\"130\" text-anchor=\"end\" font-size=\"14\" "
            "font-weight=\"700\" fill=\"#1b1b1b\">7.10</text>");
    core_buf_free(&b);
    lt_done(&t);
}

/* Finding: "the y axis shows only 0 and the maximum, with no rank
 * thresholds".  Ticks 0, 5, 10, 15 (y 236, 167, 98, 28: 236 - v*208/15);
 * ABF-86 guides Graduate Master 2 (y 209), Club Master 5 (y 167) and the
 * next, Local Master 15 (7.10 + 7.90 missing), highlighted. */
static void chart_ticks_and_rank_guides(void **state)
{
    (void)state;
    lt t;
    site(&t);
    core_buf b;
    core_buf_init(&b);
    assert_int_equal(render(&t, "/player/abf/1003", NULL, &b), 200);
    has(&b, "<text class=\"tick\" x=\"44\" y=\"241\" text-anchor=\"end\" font-size=\"14\">0</text>");
    has(&b, "<text class=\"tick\" x=\"44\" y=\"172\" text-anchor=\"end\" font-size=\"14\">5</text>");
    has(&b, "<text class=\"tick\" x=\"44\" y=\"103\" text-anchor=\"end\" font-size=\"14\">10</text>");
    has(&b, "<text class=\"tick\" x=\"44\" y=\"33\" text-anchor=\"end\" font-size=\"14\">15</text>");
    has(&b, "<g class=\"guide\" data-rank=\"Graduate Master\" data-total=\"2\"><line x1=\"50\" "
            "y1=\"209\"");
    has(&b, "<g class=\"guide\" data-rank=\"Club Master\" data-total=\"5\"><line x1=\"50\" "
            "y1=\"167\"");
    has(&b, "<g class=\"guide next\" data-rank=\"Local Master\" data-total=\"15\"><line x1=\"50\" "
            "y1=\"28\"");
    has(&b, "font-weight=\"700\">Next: Local Master 15</text>");
    has(&b, "<td data-label=\"Rank\">Local Master (next)</td><td class=\"n\" "
            "data-label=\"Total needed\">15.00</td>");
    lacks(&b, "data-rank=\"Bronze Local Master\""); /* past the next: not drawn */
    core_buf_free(&b);
    lt_done(&t);
}

static void summary_of(bmp_ledger_summary *s, const char *body, const bmp_points *h, size_t n)
{
    memset(s, 0, sizeof *s);
    const bmp_rules *r = bmp_rules_find(body);
    for (size_t k = 0; k < n; k++) {
        s->point_type[k] = r->point_types[k].name;
        s->holding[k] = h[k];
    }
    s->ntypes = n;
}

/* The guides come from the rules interface, whatever the body: the EBU in
 * master points (EBU-4: Local 100, Club 200, Area 500; 150 local + 0.50
 * blue x 100 = 200, Gold outside), NZ in A+B (NZ-3: Certificate 5, Club
 * Master 20, Local Master 50, Provincial Master 100 with 50 A). */
static void guides_for_every_body(void **state)
{
    (void)state;
    chart_guide g[16];
    bmp_ledger_summary s;
    /* EBU: local 150 (whole), blue 0.50, green 0, gold 2.00 */
    summary_of(&s, "ebu", (const bmp_points[]){15000, 50, 0, 200}, 4);
    size_t n = page_rank_guides("ebu", &s, g, 16);
    assert_int_equal(n, 3);
    assert_string_equal(g[0].name, "Local Master");
    assert_int_equal(g[0].total, 10000);
    assert_string_equal(g[1].name, "Club Master");
    assert_int_equal(g[1].total, 20000);
    assert_string_equal(g[2].name, "Area Master");
    assert_int_equal(g[2].total, 50000); /* 200 now + 300 missing */
    assert_true(g[2].next && !g[1].next);
    /* NZ: A 30, B 25, C 150 (outside A+B) */
    summary_of(&s, "nzb", (const bmp_points[]){3000, 2500, 15000}, 3);
    n = page_rank_guides("nzb", &s, g, 16);
    assert_int_equal(n, 4);
    assert_string_equal(g[0].name, "Certificate of Proficiency");
    assert_int_equal(g[0].total, 500);
    assert_int_equal(g[2].total, 5000);
    assert_string_equal(g[3].name, "Provincial Master");
    assert_int_equal(g[3].total, 10000);
    assert_true(g[3].next);
    /* ACBL: no rank table in the regulations followed (RI-4): none */
    summary_of(&s, "acbl", (const bmp_points[]){500}, 1);
    assert_int_equal(page_rank_guides("acbl", &s, g, 16), 0);
}

/* Findings: "the holdings table has no total", "the home club shows as a
 * number", and an EBU total never adds unlike units (EBU-1: local + 100 x
 * blue + 100 x green; gold outside). */
static void holdings_total_and_club_name(void **state)
{
    (void)state;
    lt t;
    site(&t);
    core_buf b;
    core_buf_init(&b);
    assert_int_equal(render(&t, "/player/abf/1003", NULL, &b), 200);
    /* ABF-86: green 7.10 + red 0 + gold 0 */
    has(&b, "<tfoot><tr><th scope=\"row\">Total</th><td class=\"n\" id=\"holding-total\" "
            "data-label=\"Total\">7.10</td></tr></tfoot>");
    has(&b, "Total: lifetime total = green + red + gold (1.8, ABF-86).");
    has(&b, "<dd id=\"home-club\"><a href=\"/club/abf/2074\">Harbourside</a></dd>");
    lacks(&b, ">2074</a>");
    args q = {{"q"}, {"Ava"}};
    assert_int_equal(render(&t, "/players", &q, &b), 200);
    has(&b, "<td data-label=\"home club\"><a href=\"/club/abf/2074\">Harbourside</a></td>");
    assert_int_equal(render(&t, "/events", NULL, &b), 200);
    has(&b, "<td data-label=\"club\"><a href=\"/club/abf/2074\">Harbourside</a></td>");
    core_buf_free(&b);
    lt_done(&t);
}

static void ebu_total_weighted(void **state)
{
    (void)state;
    lt t;
    lt_new(&t);
    bmp_error e = {0};
    size_t n = 0;
    assert_int_equal(bmp_ledger_import_players(
                         t.l, "ebu", lt_file(&t, "p.csv", "number,name,status,home_club,alternates\n"
                                                          "5001,Eve Local,Active,,\n"),
                         &n, NULL, &e), BMP_OK);
    int64_t b1 = lt_import(&t, lt_file(&t, "a.csv", "number,point_type,points,event,reason\n"
                                                     "5001,local,150,club,carried\n"
                                                     "5001,blue,0.50,county,carried\n"
                                                     "5001,gold,2.00,national,carried\n"),
                           "ebu", BMP_OK);
    assert_int_equal(bmp_ledger_approve(t.l, b1, &e), BMP_OK);
    assert_int_equal(bmp_ledger_close_period(t.l, "ebu", "2025-08", NULL, &e), BMP_OK);
    core_buf b;
    core_buf_init(&b);
    assert_int_equal(render(&t, "/player/ebu/5001", NULL, &b), 200);
    /* 150 + 0.50 x 100 = 200 master points; gold 2.00 not added (not
     * 152.50, the sum of unlike units); whole, as the EBU writes its
     * totals (2.6.1; issue 44: it read "200.00"), Blue in hundredths */
    has(&b, "id=\"holding-total\" data-label=\"Total\">200</td>");
    has(&b, "<td data-label=\"Point type\">local</td><td class=\"n\" data-label=\"Points\">150"
            "</td>");
    has(&b, "<td data-label=\"Point type\">blue</td><td class=\"n\" data-label=\"Points\">"
            "0.50</td>");
    has(&b, "Gold is outside it");
    /* the chart: the total line beside the types, Area Master next */
    has(&b, "class=\"line line-total\"");
    has(&b, "data-rank=\"Area Master\" data-total=\"500\"");
    core_buf_free(&b);
    lt_done(&t);
}

/* Finding: "an event page's title is just 'Monday' (no date, no club)". */
static void event_title_date_club(void **state)
{
    (void)state;
    lt t;
    site(&t);
    core_buf b;
    core_buf_init(&b);
    assert_int_equal(render(&t, "/event/abf/2", NULL, &b), 200);
    has(&b, "<title>Club Monday Pairs (grade E, 10-table Mitchell), 2025-08-04, Harbourside · "
            "bridgemp</title>");
    has(&b, "<p id=\"event-when\">2025-08-04 · <a href=\"/club/abf/2074\">Harbourside</a></p>");
    core_buf_free(&b);
    lt_done(&t);
}

/* Finding: "at 420 px the points column of 'Recent awards' is cut": every
 * cell of a listing carries its heading, for the stacked rows the
 * stylesheet draws under 40rem (the browser test measures them). */
static void tables_stack_on_phones(void **state)
{
    (void)state;
    lt t;
    site(&t);
    core_buf b;
    core_buf_init(&b);
    assert_int_equal(render(&t, "/player/abf/1003", NULL, &b), 200);
    has(&b, "<table class=\"stack\"><caption>Recent awards (3 of 3)</caption>");
    has(&b, "<td class=\"n\" data-label=\"points\">2.00</td>");
    args ex = {{"explain"}, {"1"}};
    assert_int_equal(render(&t, "/event/abf/2", &ex, &b), 200);
    has(&b, "<td data-label=\"derivation\">session 1 NS");
    lacks(&b, "<td>"); /* no cell without its heading */
    assert_int_equal(render(&t, "/style.css", NULL, &b), 200);
    has(&b, "table.stack td::before{content:attr(data-label)");
    core_buf_free(&b);
    lt_done(&t);
}

/* Finding: "the batch page says 'Lines held for unregistered players: 1'
 * without naming anyone (that player was Dormant, not unregistered)". */
static void held_lines_named_with_reason(void **state)
{
    (void)state;
    lt t;
    site(&t);
    core_buf b;
    core_buf_init(&b);
    assert_int_equal(render_as(&t, "/batch/3", &secretary, &b), 200);
    has(&b, "<dt>Lines held</dt><dd id=\"batch-held\">1</dd>");
    has(&b, "<caption>Held lines and why</caption>");
    has(&b, "<td data-label=\"number\">0001012</td><td data-label=\"name\">Sam Dormer</td>");
    has(&b, "<td data-label=\"reason\">Dormant</td>");
    lacks(&b, "unregistered");
    core_buf_free(&b);
    lt_done(&t);
}

/* The numbers of the players a search lists. */
static size_t found(lt *t, const char *q, const char *want)
{
    bmp_table r;
    bmp_table_init(&r);
    bmp_error e = {0};
    size_t total = 0;
    assert_int_equal(bmp_ledger_find_players(t->l, "abf", q, 0, 50, &r, &total, &e), BMP_OK);
    assert_int_equal(total, r.nrows);
    if (want)
        assert_int_not_equal(bmp_table_find_row(&r, want), (size_t)-1);
    bmp_table_free(&r);
    return total;
}

/* Finding: "searching 'Bell, Ava' finds nothing" (the register says "Ava
 * Bell"): surname first with a comma, first name first, part of either,
 * any case, accents ignored ("Zoe Muller" finds "Zoë Müller"). */
static void search_names_any_order_no_accents(void **state)
{
    (void)state;
    lt t;
    site(&t);
    static const char *const bell[] = {"Bell, Ava", "Ava Bell", "bell ava", "BELL", "Bel",
                                       "av be", "Bell,Ava", NULL};
    for (size_t i = 0; bell[i]; i++)
        if (found(&t, bell[i], "0001010") != 1)
            fail_msg("\"%s\" should find Ava Bell only", bell[i]);
    static const char *const zoe[] = {"Zoe Muller", "Müller, Zoë", "muller", "ZOË", "zo mu",
                                      NULL};
    for (size_t i = 0; zoe[i]; i++)
        if (found(&t, zoe[i], "0001011") != 1)
            fail_msg("\"%s\" should find Zoë Müller only", zoe[i]);
    assert_int_equal(found(&t, "Bell, Eva", NULL), 0);
    assert_int_equal(found(&t, "ella", NULL), 0); /* the middle of a word is no name */
    assert_int_equal(found(&t, "Player", NULL), 2);
    assert_int_equal(found(&t, "ayer 3", "0001003"), 1); /* part of the name as written */
    assert_int_equal(found(&t, "1010", "0001010"), 1);  /* a number */
    /* paged: the total counts every match, the page holds its rows */
    bmp_table r;
    bmp_table_init(&r);
    bmp_error e = {0};
    size_t total = 0;
    assert_int_equal(bmp_ledger_find_players(t.l, "abf", "player", 1, 1, &r, &total, &e), BMP_OK);
    assert_int_equal(total, 2);
    assert_int_equal(r.nrows, 1);
    assert_string_equal(lt_cell(&r, 0, "name"), "Player 3");
    bmp_table_free(&r);
    /* the page's form */
    core_buf b;
    core_buf_init(&b);
    args q = {{"q"}, {"Bell, Ava"}};
    assert_int_equal(render(&t, "/players", &q, &b), 200);
    has(&b, "<p>1 player found.</p>");
    has(&b, "<a href=\"/player/abf/0001010\">Ava Bell</a>");
    core_buf_free(&b);
    lt_done(&t);
}

/* The folding the search compares (name_search.h). */
static void name_folding(void **state)
{
    (void)state;
    char out[64];
    static const char *const cases[][2] = {
        {"O'Brien,  Mary-Jane", "obrien mary jane"},
        {"Zoë Müller", "zoe muller"},
        {"Łukasz Żółć", "lukasz zolc"},
        {"Straße", "strasse"},
        {"Œuvre Ærø", "oeuvre aero"},
        {"D\xe2\x80\x99" "Arcy, Ann", "darcy ann"},
        {"  Bell ,Ava ", "bell ava"},
        {"Ĳssel", "ijssel"},
        {"Σοφία", "Σοφία"}, /* not Latin: kept as written */
        {"", ""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ledger_name_fold(cases[i][0], out, sizeof out);
        assert_string_equal(out, cases[i][1]);
    }
    ledger_name_fold("Abcdefgh", out, 4); /* cut at the buffer */
    assert_string_equal(out, "abc");
    assert_true(ledger_name_matches("ava bell", "bell ava"));
    assert_true(ledger_name_matches("ava bell", "be"));
    assert_true(ledger_name_matches("ava bell", "ell"));  /* as written: part of the name */
    assert_false(ledger_name_matches("ava bell", "ella"));
    assert_true(ledger_name_matches("player 3", "ayer 3"));
    assert_false(ledger_name_matches("player 13", "player 3"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(chart_months_spaced_by_time),
        cmocka_unit_test(chart_current_holding_labelled),
        cmocka_unit_test(chart_ticks_and_rank_guides),
        cmocka_unit_test(guides_for_every_body),
        cmocka_unit_test(holdings_total_and_club_name),
        cmocka_unit_test(ebu_total_weighted),
        cmocka_unit_test(event_title_date_club),
        cmocka_unit_test(tables_stack_on_phones),
        cmocka_unit_test(held_lines_named_with_reason),
        cmocka_unit_test(search_names_any_order_no_accents),
        cmocka_unit_test(name_folding),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
