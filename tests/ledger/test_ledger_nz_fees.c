/* NZ Bridge's monthly fee run (src/ledger/nzb/fees.c, ruling NZF-1): the
 * player-sessions and A points of the month's events at the rates in force
 * on each event's date, a charge run invoiced like any other. */
#include "ledger_test_util.h"

#include "bridgemp/event.h"
#include "bridgemp/ledger_charges.h"
#include "bridgemp/ledger_invoice.h"
#include "bridgemp/ledger_nz.h"
#include "bridgemp/usebio.h"

#define EX BMP_SOURCE_DIR "/examples/nzb/"

/* Every player of the three NZ examples, Active at club 100. */
static void nz_ledger(lt *t)
{
    lt_new(t);
    static const char *const files[] = {EX "club-pairs.json", EX "provincial-pairs-10A.json",
                                        EX "regional-swiss-teams-5A.json"};
    size_t cap = 1 << 16, len = 0;
    char *csv = malloc(cap);
    assert_non_null(csv);
    len += (size_t)snprintf(csv, cap, "number,name,status,home_club\n");
    for (size_t f = 0; f < 3; f++) {
        bmp_event *ev = NULL;
        bmp_error e = {0};
        assert_int_equal(bmp_event_load_file(files[f], &ev, &e), BMP_OK);
        for (size_t i = 0; i < ev->ncontestants; i++)
            for (size_t p = 0; p < ev->contestants[i].nplayers; p++)
                len += (size_t)snprintf(csv + len, cap - len, "%s,P,Active,100\n",
                                        ev->contestants[i].players[p].id);
        bmp_event_free(ev);
    }
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_import_clubs(t->l, "nzb",
                                             lt_file(t, "c.csv", "number,name,dummy\n"
                                                                 "100,Club,0\n"
                                                                 "900,Congress,1\n"),
                                             NULL, NULL, &e),
                     BMP_OK);
    assert_int_equal(bmp_ledger_import_players(t->l, "nzb", lt_file(t, "p.csv", csv), NULL, NULL,
                                               &e),
                     BMP_OK);
    free(csv);
}

static int64_t import_approved(lt *t, const char *path, const char *club)
{
    bmp_error e = {0};
    int64_t id = 0;
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "nzb", .club = club};
    assert_int_equal(bmp_ledger_import(t->l, path, &o, &id, NULL, &e), BMP_OK);
    assert_int_equal(bmp_ledger_approve(t->l, id, &e), BMP_OK);
    return id;
}

#define FEES "from,club_session,tournament_session,a_point\n" \
             "2025-01-01,60,150,20\n2025-07-01,70,160,25\n"

/* NZ-93a: the club pairs of 21 May 2025 (grade 40C, 1 session): 8
 * contestants, 2 of them phantoms, 12 players x 1 session = 12
 * player-sessions x 60 cents (the January rate) = 720 cents; no A points. */
static void club_session_fee(void **state)
{
    (void)state;
    lt t;
    nz_ledger(&t);
    import_approved(&t, EX "club-pairs.json", "100");
    bmp_error e = {0};
    bmp_ledger_run r;
    assert_int_equal(bmp_ledger_nz_fee_run(t.l, "nzb", "2025-05", lt_file(&t, "f.csv", FEES),
                                           NULL, &r, &e),
                     BMP_OK);
    assert_int_equal(r.lines, 1);
    assert_int_equal(r.total, 720);
    lt_done(&t);
}

/* NZ-93a with ruling L-11: the same club pairs arriving as the club
 * scorer's USEBIO file with its own MASTER_POINTS (grade 40C given at
 * import, as the file cannot say it) are charged alike: the event is kept
 * with the batch, 12 player-sessions x 60 cents = 720 cents. */
static void club_session_fee_from_results_file(void **state)
{
    (void)state;
    lt t;
    nz_ledger(&t);
    bmp_error e = {0};
    bmp_event *ev = NULL;
    bmp_awards aw;
    bmp_awards_init(&aw);
    assert_int_equal(bmp_event_load_file(EX "club-pairs.json", &ev, &e), BMP_OK);
    assert_int_equal(bmp_award_event(ev, &aw, &e), BMP_OK);
    char path[256];
    snprintf(path, sizeof path, "%s/club.xml", t.dir);
    assert_int_equal(bmp_usebio_write_file(ev, &aw, BMP_USEBIO_MP_DEFAULT, path, &e), BMP_OK);
    bmp_awards_free(&aw);
    bmp_event_free(ev);
    bmp_usebio_opts uo = {.grade = "40C"};
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "nzb", .club = "100",
                                .source = BMP_BATCH_USEBIO_MP, .usebio = &uo};
    int64_t id = 0;
    assert_int_equal(bmp_ledger_import(t.l, path, &o, &id, NULL, &e), BMP_OK);
    assert_int_equal(bmp_ledger_approve(t.l, id, &e), BMP_OK);
    bmp_ledger_run r;
    assert_int_equal(bmp_ledger_nz_fee_run(t.l, "nzb", "2025-05", lt_file(&t, "f.csv", FEES),
                                           NULL, &r, &e),
                     BMP_OK);
    assert_int_equal(r.lines, 1);
    assert_int_equal(r.total, 720);
    lt_done(&t);
}

/* NZ-93b, NZ-93c: the provincial pairs of 5 July 2025 (grade 10A, 3
 * sessions, 14 pairs): 28 players x 3 = 84 player-sessions x 160 cents
 * (the rate from 1 July) = 13,440 cents; A points awarded (NZ-39 session
 * tops 3 x 1, NZ-60 overall 10 + 7 + 4 + 2, each to both players) =
 * 2 x 26 = 52.00 x 25 cents = 1,300 cents.  Total 14,740; one run per
 * month (NZ-96: the month's run, then one invoice per club; run again:
 * the same run, nothing new); invoiced to the organiser's dummy club 900
 * (NZ-98). */
static void tournament_fee_and_invoice(void **state)
{
    (void)state;
    lt t;
    nz_ledger(&t);
    import_approved(&t, EX "provincial-pairs-10A.json", "900");
    const char *fees = lt_file(&t, "f.csv", FEES);
    bmp_error e = {0};
    bmp_ledger_run r, again;
    assert_int_equal(bmp_ledger_nz_fee_run(t.l, "nzb", "2025-07", fees, NULL, &r, &e), BMP_OK);
    assert_int_equal(r.lines, 2);
    assert_int_equal(r.total, 13440 + 1300);
    assert_int_equal(bmp_ledger_nz_fee_run(t.l, "nzb", "2025-07", fees, NULL, &again, &e), BMP_OK);
    assert_true(again.already);
    assert_int_equal(again.total, r.total);
    bmp_ledger_invoices iv;
    assert_int_equal(bmp_ledger_invoice_run(t.l, "nzb", r.id, NULL, BMP_INVOICE_CSV, &iv, &e),
                     BMP_OK);
    assert_int_equal(iv.made, 1);
    char *doc = NULL;
    size_t len = 0;
    char number[32];
    snprintf(number, sizeof number, "NZB-%lld-900", (long long)r.id);
    assert_int_equal(bmp_ledger_invoice_document(t.l, "nzb", number, BMP_INVOICE_CSV, &doc, &len,
                                                 &e),
                     BMP_OK);
    assert_non_null(strstr(doc, "NZ-93b,batch 1: 84 player-sessions (tournament),13440\n"));
    assert_non_null(strstr(doc, "NZ-93c,batch 1: 52.00 A points awarded,1300\n"));
    assert_non_null(strstr(doc, ",total,14740\n"));
    free(doc);
    lt_done(&t);
}

/* NZ-94: only 2 x 12- and 3 x 8-board matches make a session; the 5A
 * Swiss teams plays 10-board matches: not supported, nothing written.  A
 * fee table without the columns or with a bad amount is refused by line;
 * another body has no such run. */
static void refusals(void **state)
{
    (void)state;
    lt t;
    nz_ledger(&t);
    import_approved(&t, EX "regional-swiss-teams-5A.json", "100");
    char *before = lt_dump(&t);
    bmp_error e = {0};
    bmp_ledger_run r;
    assert_int_equal(bmp_ledger_nz_fee_run(t.l, "nzb", "2025-08", lt_file(&t, "f.csv", FEES),
                                           NULL, &r, &e),
                     BMP_ENOTSUP);
    assert_non_null(strstr(e.msg, "NZ-94"));
    assert_int_equal(bmp_ledger_nz_fee_run(t.l, "nzb", "2025-08",
                                           lt_file(&t, "g.csv", "from,club_session\n"), NULL, &r,
                                           &e),
                     BMP_EINVAL);
    assert_non_null(strstr(e.msg, "expected columns from,club_session,tournament_session"));
    assert_int_equal(bmp_ledger_nz_fee_run(t.l, "nzb", "2025-08",
                                           lt_file(&t, "h.csv",
                                                   "from,club_session,tournament_session,a_point\n"
                                                   "2025-01-01,60,1.50,20\n"),
                                           NULL, &r, &e),
                     BMP_EINVAL);
    assert_non_null(strstr(e.msg, "h.csv:2:"));
    assert_int_equal(bmp_ledger_nz_fee_run(t.l, "nzb", "August", lt_file(&t, "f.csv", FEES), NULL,
                                           &r, &e),
                     BMP_EINVAL);
    assert_int_equal(bmp_ledger_nz_fee_run(t.l, "abf", "2025-08", lt_file(&t, "f.csv", FEES),
                                           NULL, &r, &e),
                     BMP_ENOTSUP);
    lt_unchanged(&t, before);
    lt_done(&t);
}

/* Issue 26, ruling SK-1: an event the month's run cannot charge is
 * listed with why, never left out silently: May's club pairs imported
 * without a club (nobody to invoice), July's 10A pairs not yet approved.
 * Neither is charged; each run says which batch and why. */
static void skipped_events_listed(void **state)
{
    (void)state;
    lt t;
    nz_ledger(&t);
    int64_t may = import_approved(&t, EX "club-pairs.json", NULL);
    bmp_error e = {0};
    int64_t july = 0;
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "nzb", .club = "100"};
    assert_int_equal(bmp_ledger_import(t.l, EX "provincial-pairs-10A.json", &o, &july, NULL, &e),
                     BMP_OK);
    bmp_ledger_run r;
    char want[160];
    assert_int_equal(bmp_ledger_nz_fee_run(t.l, "nzb", "2025-05", lt_file(&t, "f.csv", FEES),
                                           NULL, &r, &e),
                     BMP_OK);
    assert_int_equal(r.lines, 0);
    assert_int_equal(r.total, 0);
    assert_int_equal(r.skipped, 1);
    snprintf(want, sizeof want, "batch %lld: no club to invoice: not charged (import it with "
             "--club; organisers that are not clubs have dummy clubs, NZ-98)\n", (long long)may);
    assert_string_equal(r.skipped_why, want);
    assert_int_equal(bmp_ledger_nz_fee_run(t.l, "nzb", "2025-07", lt_file(&t, "f.csv", FEES),
                                           NULL, &r, &e),
                     BMP_OK);
    assert_int_equal(r.lines, 0);
    assert_int_equal(r.skipped, 1);
    snprintf(want, sizeof want, "batch %lld: ", (long long)july);
    assert_memory_equal(r.skipped_why, want, strlen(want));
    assert_non_null(strstr(r.skipped_why, ", not approved: not charged (NZ-96"));
    lt_done(&t);
}

/* The club pairs corrected (issue 26): pairs 1 and 2 exchange places, the
 * same event (name, date, club), other awards. */
static const char *corrected_club_pairs(lt *t)
{
    FILE *f = fopen(EX "club-pairs.json", "rb");
    assert_non_null(f);
    static char text[8192], out[8192];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    const char *one = "\"place\": 1, \"score\": 60.2", *two = "\"place\": 2, \"score\": 55.0";
    char *a = strstr(text, one), *b = strstr(text, two);
    assert_true(a && b && a < b);
    snprintf(out, sizeof out, "%.*s\"place\": 2, \"score\": 54.0%.*s\"place\": 1, \"score\": "
             "55.0%s", (int)(a - text), text, (int)(b - (a + strlen(one))), a + strlen(one),
             b + strlen(two));
    return lt_file(t, "corrected.json", out);
}

static int64_t import_replacing(lt *t, const char *path, int64_t old)
{
    bmp_error e = {0};
    int64_t id = 0;
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "nzb", .club = "100", .replaces = old,
                                .reason = "places 1 and 2 corrected"};
    assert_int_equal(bmp_ledger_import(t->l, path, &o, &id, NULL, &e), BMP_OK);
    return id;
}

/* Issue 26, ruling SK-1: an event corrected by --replaces is charged once,
 * as its replacement, and the replaced batch is listed with why.  May's
 * club pairs (grade 40C, 1 session): 12 player-sessions x 60 cents = 720
 * cents (NZ-93a), no A points (NZ-93c: nothing).  (a) replaced while
 * pending: the old batch is rejected; (b) replaced after it was posted:
 * the old batch is reversed, the replacement posted by the next close; old
 * code charged both (1,440 cents in two lines). */
static void replaced_event_charged_once(void **state)
{
    (void)state;
    for (int posted = 0; posted < 2; posted++) {
        lt t;
        nz_ledger(&t);
        bmp_error e = {0};
        int64_t old = 0, rev = 0;
        bmp_ledger_import_opts o = {.size = sizeof o, .body = "nzb", .club = "100"};
        assert_int_equal(bmp_ledger_import(t.l, EX "club-pairs.json", &o, &old, NULL, &e),
                         BMP_OK);
        if (posted) {
            assert_int_equal(bmp_ledger_approve(t.l, old, &e), BMP_OK);
            assert_int_equal(bmp_ledger_close_period(t.l, "nzb", "2025-05", NULL, &e), BMP_OK);
            rev = old + 1; /* the reversal comes first, then the replacement */
        }
        int64_t now = import_replacing(&t, corrected_club_pairs(&t), old);
        if (rev)
            assert_int_equal(bmp_ledger_approve(t.l, rev, &e), BMP_OK);
        assert_int_equal(bmp_ledger_approve(t.l, now, &e), BMP_OK);
        assert_int_equal(bmp_ledger_close_period(t.l, "nzb", posted ? "2025-06" : "2025-05", NULL,
                                                 &e),
                         BMP_OK);
        bmp_ledger_run r;
        assert_int_equal(bmp_ledger_nz_fee_run(t.l, "nzb", "2025-05", lt_file(&t, "f.csv", FEES),
                                               NULL, &r, &e),
                         BMP_OK);
        assert_int_equal(r.lines, 1);  /* NZ-93a: one charge */
        assert_int_equal(r.total, 720); /* 12 x 60 cents */
        assert_int_equal(r.skipped, 1);
        char want[256];
        if (posted)
            snprintf(want, sizeof want, "batch %lld: reversed by batch %lld, replaced by batch "
                     "%lld: not charged (a corrected event is charged once, as its "
                     "replacement)\n", (long long)old, (long long)rev, (long long)now);
        else
            snprintf(want, sizeof want, "batch %lld: rejected, replaced by batch %lld: not "
                     "charged (a corrected event is charged once, as its replacement)\n",
                     (long long)old, (long long)now);
        assert_string_equal(r.skipped_why, want);
        bmp_ledger_invoices iv;
        assert_int_equal(bmp_ledger_invoice_run(t.l, "nzb", r.id, NULL, BMP_INVOICE_CSV, &iv, &e),
                         BMP_OK);
        char *doc = NULL;
        size_t len = 0;
        char number[32], line[96];
        snprintf(number, sizeof number, "NZB-%lld-100", (long long)r.id);
        assert_int_equal(bmp_ledger_invoice_document(t.l, "nzb", number, BMP_INVOICE_CSV, &doc,
                                                     &len, &e),
                         BMP_OK);
        snprintf(line, sizeof line, "NZ-93a,batch %lld: 12 player-sessions (club),720\n",
                 (long long)now);
        assert_non_null(strstr(doc, line));
        assert_non_null(strstr(doc, ",total,720\n"));
        free(doc);
        lt_done(&t);
    }
}

/* NZ-97, NZ-88: the levy on Active and Unknown players only, to each
 * one's home club: 1001 Active and 1002 Unknown at club 100, 1005 Active at
 * 200 = 3 players x 12.50 = 37.50; Dormant 1003 and Temporary 1004 pay
 * none.  Invoiced: club 100 25.00, club 200 12.50. */
static void player_levy(void **state)
{
    (void)state;
    lt t;
    lt_new(&t);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_import_clubs(t.l, "nzb",
                                             lt_file(&t, "c.csv", "number,name,dummy\n"
                                                                  "100,One,0\n200,Two,0\n"),
                                             NULL, NULL, &e),
                     BMP_OK);
    assert_int_equal(bmp_ledger_import_players(
                         t.l, "nzb",
                         lt_file(&t, "p.csv", "number,name,status,home_club\n"
                                              "1001,A,Active,100\n1002,U,Unknown,100\n"
                                              "1003,D,Dormant,100\n1004,T,Temporary,200\n"
                                              "1005,B,Active,200\n"),
                         NULL, NULL, &e),
                     BMP_OK);
    bmp_ledger_run r;
    assert_int_equal(bmp_ledger_nz_levy_run(t.l, "nzb", "2025", 1250, NULL, &r, &e), BMP_OK);
    assert_int_equal(r.lines, 3);
    assert_int_equal(r.total, 3750);
    bmp_ledger_run again;
    assert_int_equal(bmp_ledger_nz_levy_run(t.l, "nzb", "2025", 1250, NULL, &again, &e), BMP_OK);
    assert_true(again.already);
    bmp_ledger_invoices iv;
    assert_int_equal(bmp_ledger_invoice_run(t.l, "nzb", r.id, NULL, BMP_INVOICE_CSV, &iv, &e),
                     BMP_OK);
    assert_int_equal(iv.made, 2);
    bmp_table tb;
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_invoice_list(t.l, "nzb", &tb, &e), BMP_OK);
    assert_string_equal(lt_cell(&tb, 0, "club"), "100");
    assert_string_equal(lt_cell(&tb, 0, "total"), "25.00");
    assert_string_equal(lt_cell(&tb, 1, "total"), "12.50");
    bmp_table_free(&tb);
    /* a levied player without a home club stops the next run; no rate, no run */
    assert_int_equal(bmp_ledger_import_players(
                         t.l, "nzb", lt_file(&t, "q.csv", "number,name,status\n1006,H,Active\n"),
                         NULL, NULL, &e),
                     BMP_OK);
    char *before = lt_dump(&t);
    assert_int_equal(bmp_ledger_nz_levy_run(t.l, "nzb", "2026", 1250, NULL, &r, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "1 Active or Unknown player(s) have no home club"));
    assert_int_equal(bmp_ledger_nz_levy_run(t.l, "nzb", "2026", 0, NULL, &r, &e), BMP_EINVAL);
    lt_unchanged(&t, before);
    lt_done(&t);
}

/* NZ-92, NZ-6, NZ-5: the annual run.  Pair 1 of the July 10A event (70010,
 * 70011) earned 11 A (a session top, NZ-39, and first overall, NZ-60) and
 * 144 C; RP 2025 = 0 x 0.8 + 11.00 (A and B only) = 11.00; rank from A 11 +
 * B 1 (144 C = 1 B, NZ-2) = Certificate of Proficiency; <= 30 RP, >= 5 A:
 * Intermediate.  A player with nothing: RP 0, Junior.  2026 with nothing
 * earned: RP = 11.00 x 0.8 = 8.80, still Intermediate.  Run twice: nothing
 * changes. */
static void annual_run(void **state)
{
    (void)state;
    lt t;
    nz_ledger(&t);
    import_approved(&t, EX "provincial-pairs-10A.json", "900");
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_close_period(t.l, "nzb", "2025-07", NULL, &e), BMP_OK);
    bmp_ledger_nz_year y;
    assert_int_equal(bmp_ledger_nz_annual_run(t.l, "nzb", 2025, &y, &e), BMP_OK);
    assert_false(y.already);
    bmp_table tb;
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_nz_gradings(t.l, "nzb", 2025, &tb, &e), BMP_OK);
    size_t r = bmp_table_find_row(&tb, "70010");
    assert_true(r != (size_t)-1);
    assert_string_equal(lt_cell(&tb, r, "earned"), "11.00");
    assert_string_equal(lt_cell(&tb, r, "rating"), "11.00");
    assert_string_equal(lt_cell(&tb, r, "grading"), "Intermediate");
    bmp_table_free(&tb);
    bmp_ledger_nz_year again;
    assert_int_equal(bmp_ledger_nz_annual_run(t.l, "nzb", 2025, &again, &e), BMP_OK);
    assert_true(again.already);
    assert_int_equal(again.players, y.players);
    assert_int_equal(bmp_ledger_nz_annual_run(t.l, "nzb", 2026, &y, &e), BMP_OK);
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_nz_gradings(t.l, "nzb", 2026, &tb, &e), BMP_OK);
    r = bmp_table_find_row(&tb, "70011");
    assert_string_equal(lt_cell(&tb, r, "earned"), "0.00");
    assert_string_equal(lt_cell(&tb, r, "rating"), "8.80");
    assert_string_equal(lt_cell(&tb, r, "grading"), "Intermediate");
    bmp_table_free(&tb);
    assert_int_equal(bmp_ledger_nz_annual_run(t.l, "abf", 2026, &y, &e), BMP_ENOTSUP);
    lt_done(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(club_session_fee),
        cmocka_unit_test(club_session_fee_from_results_file),
        cmocka_unit_test(tournament_fee_and_invoice),
        cmocka_unit_test(refusals),
        cmocka_unit_test(skipped_events_listed),
        cmocka_unit_test(replaced_event_charged_once),
        cmocka_unit_test(player_levy),
        cmocka_unit_test(annual_run),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
