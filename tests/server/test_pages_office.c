/* The secretary's back office (issue 29 item 2, src/server/pages_office.c,
 * pages_batch.c) rendered as a logged-in secretary, its POSTs written
 * through the same web_ctx.write the server gives (a writing handle whose
 * `who` is the user's name): the queue with its counts and totals, a
 * batch's lines, held lines, carried against computed points, what it
 * replaces, the derivation on demand, accepting carried figures, the
 * period's dry run, close and reopen.  The browser drives the same pages
 * in tests/cli/serve/backoffice.py. */
#include "pages_test_util.h"

#include "bridgemp/awards.h"
#include "bridgemp/event.h"
#include "bridgemp/ledger_api.h"
#include "bridgemp/ledger_carried.h"
#include "bridgemp/ledger_charges.h"
#include "bridgemp/ledger_invoice.h"
#include "bridgemp/usebio.h"

#define EX BMP_SOURCE_DIR "/examples/"

static int serve(lt *t, const char *path, const args *a, const char *form, const bmp_user *u,
                 core_buf *out)
{
    return pages_serve(t, path, a, form, NULL, u, out);
}

/* POST the multipart form `m` (name, value, file name triples, NULL-ended)
 * to path as user u. */
static int serve_multi(lt *t, const char *path, const char *const *m, const bmp_user *u,
                       core_buf *out)
{
    return pages_serve(t, path, NULL, NULL, m, u, out);
}

static const char *batch_state(lt *t, int64_t id)
{
    static char buf[32];
    bmp_table b;
    bmp_table_init(&b);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_batch(t->l, id, &b, &e), BMP_OK);
    snprintf(buf, sizeof buf, "%s", lt_cell(&b, 0, "state"));
    bmp_table_free(&b);
    return buf;
}

/* The USEBIO of examples/abf/club-pairs.json with its MASTER_POINTS as
 * the engine computes them (malloc'd). */
static char *club_pairs_usebio(size_t *len)
{
    bmp_event *ev = NULL;
    bmp_awards aw;
    bmp_error e = {0};
    bmp_awards_init(&aw);
    assert_int_equal(bmp_event_load_file(EX "abf/club-pairs.json", &ev, &e), BMP_OK);
    assert_int_equal(bmp_award_event(ev, &aw, &e), BMP_OK);
    char *xml = NULL;
    assert_int_equal(bmp_usebio_write(ev, &aw, BMP_USEBIO_MP_DEFAULT, &xml, len, &e), BMP_OK);
    bmp_awards_free(&aw);
    bmp_event_free(ev);
    return xml;
}

/* The same, the first MASTER_POINTS_AWARDED 30 made 3000 (0.30 green
 * carried as 30.00). */
static const char *usebio_carrying_3000(lt *t)
{
    size_t len = 0;
    char *xml = club_pairs_usebio(&len);
    const char *from = "<MASTER_POINTS_AWARDED>30<";
    char *at = strstr(xml, from), *out = malloc(len + 64);
    assert_non_null(at);
    assert_non_null(out);
    snprintf(out, len + 64, "%.*s<MASTER_POINTS_AWARDED>3000<%s", (int)(at - xml), xml,
             at + strlen(from));
    const char *path = lt_file(t, "carried.xml", out);
    free(out);
    free(xml);
    return path;
}

/* The ABF clubs and players 1002, 1003 (Active) and 1004 (Dormant): the
 * event's other players are not registered.  Either batch 1: the club
 * pairs of 2025-08-04, and batch 2: its corrected file (places 2 and 3
 * swapped) replacing it (batch 1 then rejected); or (carried) batch 1: the same event
 * as USEBIO carrying 30.00 where the engine gives 0.30, held. */
static void office_site(lt *t, bool carried)
{
    pages_register(t, "1002,Player 2,Active,2074,\n"
                      "1003,Player 3,Active,2074,\n"
                      "1004,Player 4,Dormant,2074,\n");
    bmp_error e = {0};
    if (carried) {
        bmp_usebio_opts uo = {.grade = "E"}; /* what a USEBIO file cannot say */
        bmp_ledger_import_opts io = {.size = sizeof io, .body = "abf", .usebio = &uo};
        int64_t id = 0;
        bmp_problems pr = {0};
        assert_int_equal(bmp_ledger_import(t->l, usebio_carrying_3000(t), &io, &id, &pr, &e),
                         BMP_OK);
        bmp_problems_free(&pr);
        assert_int_equal(id, 1);
        return;
    }
    int64_t b1 = lt_import(t, EX "abf/club-pairs.json", "abf", BMP_OK);
    bmp_ledger_import_opts io = {.size = sizeof io, .body = "abf", .replaces = b1,
                                 .reason = "places 2 and 3 swapped"};
    int64_t id = 0;
    bmp_problems pr = {0};
    assert_int_equal(bmp_ledger_import(t->l, EX "ledger/club-pairs-corrected.json", &io, &id, &pr,
                                       &e), BMP_OK);
    bmp_problems_free(&pr);
    assert_int_equal(id, 2);
}

/* The queue: the groups' counts and totals, the batches linked, the
 * filters; who may see it; bad filters. */
static void queue_page(void **state)
{
    (void)state;
    lt t;
    office_site(&t, false);
    core_buf b;
    core_buf_init(&b);
    assert_int_equal(serve(&t, "/office", NULL, NULL, &secretary, &b), 200);
    has(&b, "<h1>The queue</h1>");
    has(&b, "<form method=\"get\" action=\"/office\" id=\"filters\" role=\"search\">");
    /* issue 44: the rejected batch 1 is not work to do: left out unless asked */
    has(&b, "<p id=\"counts\">1 batch, 1 group.</p>");
    lacks(&b, "<tr><td data-label=\"state\">rejected</td>");
    lacks(&b, "href=\"/batch/1\"");
    args any = {{"state"}, {"any"}};
    assert_int_equal(serve(&t, "/office", &any, NULL, &secretary, &b), 200);
    has(&b, "<p id=\"counts\">2 batches, 2 groups.</p>");
    has(&b, "<option value=\"any\" selected>any</option>");
    /* ABF-6, W = 1.50, 10 tables, 5 places paid each way: 0.30 + 0.21 +
     * 0.15 + 0.10 + 0.08 = 0.84 a pair, two players, two directions:
     * 0.84 * 2 * 2 = 3.36 green in 20 lines; batch 1 (rejected) the same */
    has(&b, "<tr><td data-label=\"state\">provisional</td><td data-label=\"club\"></td><td "
            "data-label=\"period\">2025-08</td><td data-label=\"point type\">green</td><td "
            "data-label=\"batches\">1</td><td class=\"n\" data-label=\"lines\">20</td><td "
            "class=\"n\" data-label=\"points\">3.36</td></tr>");
    has(&b, "<tr><td data-label=\"state\">rejected</td>");
    has(&b, "<td data-label=\"id\"><a href=\"/batch/2\">2</a></td><td data-label=\"state\">"
            "provisional</td>");
    has(&b, "<td data-label=\"id\"><a href=\"/batch/1\">1</a></td><td data-label=\"state\">"
            "rejected</td>");
    has(&b, "<form method=\"get\" action=\"/period\" id=\"to-period\">");
    /* a filter: rejected only */
    args rej = {{"state"}, {"rejected"}};
    assert_int_equal(serve(&t, "/office", &rej, NULL, &secretary, &b), 200);
    has(&b, "<p id=\"counts\">1 batch, 1 group.</p>");
    has(&b, "<option selected>rejected</option>");
    lacks(&b, "href=\"/batch/2\"");
    args other = {{"club", "period"}, {"3101", "2025-08"}};
    assert_int_equal(serve(&t, "/office", &other, NULL, &secretary, &b), 200);
    has(&b, "<p id=\"counts\">0 batches, 0 groups.</p>");
    /* bad filters: 400 */
    args bad = {{"state"}, {"lost"}};
    assert_int_equal(serve(&t, "/office", &bad, NULL, &secretary, &b), 400);
    args badp = {{"period"}, {"2025-13"}};
    assert_int_equal(serve(&t, "/office", &badp, NULL, &secretary, &b), 400);
    /* nobody: the login page; a scorer, another body's secretary: 403 */
    assert_int_equal(serve(&t, "/office", NULL, NULL, NULL, &b), 303);
    has(&b, "/login?next=%2Foffice");
    bmp_user scorer = {.id = 2, .name = "sam", .nroles = 1,
                       .roles = {{BMP_ROLE_SCORER, "abf", "2074"}}};
    assert_int_equal(serve(&t, "/office", NULL, NULL, &scorer, &b), 403);
    lacks(&b, "href=\"/batch/");
    args ebu = {{"body"}, {"ebu"}};
    assert_int_equal(serve(&t, "/office", &ebu, NULL, &secretary, &b), 403);
    has(&b, "sally is not a secretary of ebu");
    core_buf_free(&b);
    lt_done(&t);
}

/* A batch for the secretary: lines, held lines with reasons and a
 * suggested match, what it replaces, the derivation on demand. */
static void batch_page_office(void **state)
{
    (void)state;
    lt t;
    office_site(&t, false);
    core_buf b;
    core_buf_init(&b);
    assert_int_equal(serve(&t, "/batch/2", NULL, NULL, &secretary, &b), 200);
    has(&b, "<caption>Award lines</caption>");
    has(&b, "<td data-label=\"name\"><a href=\"/player/abf/0001003\">Player 3</a></td><td "
            "data-label=\"point type\">green</td><td class=\"n\" data-label=\"points\">0.30</td>");
    has(&b, "<td data-label=\"number\">0001004</td><td data-label=\"name\">Player 4</td>");
    has(&b, "<td data-label=\"reason\">Dormant</td>");
    /* 1030 is 1003 with two digits transposed */
    has(&b, "<td data-label=\"reason\">not registered; near: 0001003 Player 3 (two digits "
            "transposed)</td>");
    /* places 2 and 3 of NS swapped: 0.21 <-> 0.15 (ABF-6) */
    has(&b, "<h2 id=\"replaces\">Replaces <a href=\"/batch/1\">batch 1</a></h2>");
    has(&b, "<tr><td data-label=\"number\">0001004</td><td data-label=\"point type\">green</td>"
            "<td data-label=\"replaced points\">0.21</td><td class=\"n\" data-label=\"points\">"
            "0.15</td></tr>");
    has(&b, "<a id=\"explain\" href=\"/batch/2?explain=1#derivation\">");
    lacks(&b, "id=\"derivation\"");
    lacks(&b, "id=\"carried\"");
    has(&b, "id=\"decide\"");
    args ex = {{"explain"}, {"1"}};
    assert_int_equal(serve(&t, "/batch/2", &ex, NULL, &secretary, &b), 200);
    has(&b, "<h2 id=\"derivation\">Derivation of each award</h2>");
    has(&b, "<li>grade E (Club events, green): pairs weight W = 1.50;");
    has(&b, "<td data-label=\"players\">Player 4 &amp; Player 5</td><td data-label=\"place\">3"
            "</td><td data-label=\"point type\">green</td><td class=\"n\" data-label=\"points\">"
            "0.15</td><td data-label=\"rule\">ABF-6</td>");
    /* a rejected batch: no forms */
    assert_int_equal(serve(&t, "/batch/1", NULL, NULL, &secretary, &b), 200);
    lacks(&b, "id=\"decide\"");
    core_buf_free(&b);
    lt_done(&t);
}

/* Carried against computed (docs/ledger.md "Carried points"): the
 * difference shown, approval refused, the carried figures accepted with a
 * reason (audited by the secretary's name), then approved. */
static void carried_accept(void **state)
{
    (void)state;
    lt t;
    office_site(&t, true);
    core_buf b;
    core_buf_init(&b);
    assert_int_equal(serve(&t, "/batch/1", NULL, NULL, &secretary, &b), 200);
    has(&b, "<h2 id=\"carried\">Carried and computed points</h2>\n<p>Held: the points the file "
            "carries differ from the engine&#39;s award (1 difference)</p>");
    /* ABF-6: 1st NS of 10 tables, W = 1.50: 0.30; the file says 30.00 */
    has(&b, "<td data-label=\"players\">1002 1003</td><td data-label=\"point type\">green</td>"
            "<td data-label=\"carried points\">30.00</td><td data-label=\"computed points\">0.30"
            "</td>");
    has(&b, "<form method=\"post\" action=\"/batch/1\" id=\"accept\">");
    assert_int_equal(serve(&t, "/batch/1", NULL, "csrf=" CSRF "&action=approve", &secretary, &b),
                     400);
    has(&b, "batch 1 is held");
    assert_string_equal(batch_state(&t, 1), "provisional");
    assert_int_equal(serve(&t, "/batch/1", NULL, "csrf=" CSRF "&action=accept&reason=",
                           &secretary, &b), 400);
    has(&b, "accepting carried figures needs a reason");
    assert_int_equal(serve(&t, "/batch/1", NULL,
                           "csrf=" CSRF "&action=accept&reason=director%27s+award+confirmed",
                           &secretary, &b), 303);
    has(&b, "/batch/1");
    char *dump = lt_dump(&t);
    assert_non_null(strstr(dump, "director's award confirmed"));
    assert_non_null(strstr(dump, "sally"));
    free(dump);
    assert_int_equal(serve(&t, "/batch/1", NULL, NULL, &secretary, &b), 200);
    has(&b, "<p>The carried figures were accepted. ");
    lacks(&b, "id=\"accept\"");
    assert_int_equal(serve(&t, "/batch/1", NULL, "csrf=" CSRF "&action=approve", &secretary, &b),
                     303);
    assert_string_equal(batch_state(&t, 1), "approved");
    assert_int_equal(serve(&t, "/batch/1", NULL, "csrf=" CSRF "&action=dance", &secretary, &b),
                     400);
    core_buf_free(&b);
    lt_done(&t);
}

/* The period: the dry run writes nothing; the close; the page then says
 * why a close is refused; the reopen needs a reason. */
static void period_page(void **state)
{
    (void)state;
    lt t;
    office_site(&t, false);
    core_buf b;
    core_buf_init(&b);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_approve(t.l, 2, &e), BMP_OK);
    args per = {{"period"}, {"2025-08"}};
    assert_int_equal(serve(&t, "/period", &per, NULL, &secretary, &b), 200);
    has(&b, "<h1>Period 2025-08 of abf</h1>");
    lacks(&b, "id=\"reopen\""); /* issue 44: nothing closed yet, nothing to reopen */
    /* batch 2's 20 lines, 2 of them credited (1002, 1003; the rest held) */
    has(&b, "<p id=\"close-stats\">It posts 1 batch (20 lines) for 2 players and records 0 "
            "promotions.</p>");
    has(&b, "<caption>Batches it posts</caption>");
    has(&b, "<td data-label=\"batch\">2</td>");
    has(&b, "<td class=\"n\" data-label=\"points\">3.36</td>");
    has(&b, "<form method=\"post\" action=\"/period\" id=\"close\">");
    assert_string_equal(batch_state(&t, 2), "approved"); /* the dry run wrote nothing */
    /* the close: a POST through the same dispatcher the server uses */
    assert_true(web_page_posts("/period"));
    assert_false(web_page_posts("/office"));
    assert_int_equal(serve(&t, "/period", NULL, "csrf=" CSRF "&action=close&body=abf&period=2025-08",
                           &secretary, &b), 303);
    /* issue 44: the page it returns to says what the close did (it said
     * "A close is refused: ... already closed") */
    has(&b, "/period?body=abf&period=2025-08&done=close&batches=1&promotions=0");
    assert_string_equal(batch_state(&t, 2), "posted");
    args done = {{"period", "done", "batches", "promotions"}, {"2025-08", "close", "1", "0"}};
    assert_int_equal(serve(&t, "/period", &done, NULL, &secretary, &b), 200);
    has(&b, "<p class=\"ok\" id=\"done\" role=\"status\">Closed: 1 batch posted, 0 "
            "promotions.</p>");
    has(&b, "<p id=\"closed\">Period 2025-08 is closed: its batches are posted.</p>");
    lacks(&b, "id=\"refused\"");
    lacks(&b, "id=\"close\"");
    has(&b, "id=\"reopen\"");
    /* reopen: a reason needed; then the batch is approved again */
    assert_int_equal(serve(&t, "/period", NULL, "csrf=" CSRF "&action=reopen&body=abf&period=2025-08",
                           &secretary, &b), 400);
    has(&b, "a reopen needs a reason");
    assert_string_equal(batch_state(&t, 2), "posted");
    assert_int_equal(serve(&t, "/period", NULL,
                           "csrf=" CSRF "&action=reopen&body=abf&period=2025-08&reason=late+file",
                           &secretary, &b), 303);
    assert_string_equal(batch_state(&t, 2), "approved");
    /* another body's period, a bad period, nobody */
    assert_int_equal(serve(&t, "/period", NULL, "csrf=" CSRF "&action=close&body=ebu&period=2025-08",
                           &secretary, &b), 403);
    args badp = {{"period"}, {"2025-8"}};
    assert_int_equal(serve(&t, "/period", &badp, NULL, &secretary, &b), 400);
    assert_int_equal(serve(&t, "/period", &per, NULL, NULL, &b), 303);
    /* a scorer (issue 29: the period is the secretary's): neither the dry
     * run nor a close, batch 2 stays approved */
    bmp_user scorer = {.id = 2, .name = "sam", .nroles = 1,
                       .roles = {{BMP_ROLE_SCORER, "abf", "2074"}}};
    args sper = {{"body", "period"}, {"abf", "2025-08"}};
    assert_int_equal(serve(&t, "/period", &sper, NULL, &scorer, &b), 403);
    lacks(&b, "id=\"close-stats\"");
    assert_int_equal(serve(&t, "/period", NULL, "csrf=" CSRF "&action=close&body=abf&period=2025-08",
                           &scorer, &b), 403);
    assert_string_equal(batch_state(&t, 2), "approved");
    core_buf_free(&b);
    lt_done(&t);
}

/* Invoices: the list, one document as HTML and as CSV (ABF-111
 * capitation 23.30 a member: 2074 has four Active members, 1002..1005:
 * 4 * 23.30 = 93.20, as test_ledger_invoice's invoices_per_club). */
static void invoices_pages(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    bmp_error e = {0};
    bmp_ledger_run r;
    assert_int_equal(bmp_ledger_capitation_run(t.l, "abf", 2026, NULL, &r, &e), BMP_OK);
    bmp_ledger_invoices iv;
    assert_int_equal(bmp_ledger_invoice_run(t.l, "abf", r.id, NULL, BMP_INVOICE_HTML, &iv, &e),
                     BMP_OK);
    core_buf b;
    core_buf_init(&b);
    assert_int_equal(serve(&t, "/invoices", NULL, NULL, &secretary, &b), 200);
    has(&b, "<td data-label=\"number\">ABF-1-2074</td>");
    has(&b, "93.20");
    has(&b, "<a href=\"/invoice/abf/ABF-1-2074\">view</a>");
    has(&b, "<a download href=\"/invoice/abf/ABF-1-2074?format=csv\">CSV</a>");
    assert_int_equal(serve(&t, "/invoice/abf/ABF-1-2074", NULL, NULL, &secretary, &b), 200);
    has(&b, "ABF-1-2074");
    has(&b, "<html");
    /* the site's stylesheet, not the inline style the CSP blocks */
    has(&b, "<link rel=\"stylesheet\" href=\"/style.css\"></head><body class=\"invoice\">");
    lacks(&b, "<style>");
    args csv = {{"format"}, {"csv"}};
    assert_int_equal(serve(&t, "/invoice/abf/ABF-1-2074", &csv, NULL, &secretary, &b), 200);
    has(&b, "ABF-1-2074,2074,,,,,total,9320\n");
    args bad = {{"format"}, {"pdf"}};
    assert_int_equal(serve(&t, "/invoice/abf/ABF-1-2074", &bad, NULL, &secretary, &b), 400);
    assert_int_equal(serve(&t, "/invoice/abf/ABF-9-9999", NULL, NULL, &secretary, &b), 404);
    bmp_user scorer = {.id = 2, .name = "sam", .nroles = 1,
                       .roles = {{BMP_ROLE_SCORER, "abf", "2074"}}};
    assert_int_equal(serve(&t, "/invoice/abf/ABF-1-2074", NULL, NULL, &scorer, &b), 403);
    assert_int_equal(serve(&t, "/invoice/abf/ABF-1-2074", &csv, NULL, &scorer, &b), 403);
    lacks(&b, "9320");
    /* nor the list, with or without the body named */
    assert_int_equal(serve(&t, "/invoices", NULL, NULL, &scorer, &b), 403);
    lacks(&b, "ABF-1-2074");
    args abf = {{"body"}, {"abf"}};
    assert_int_equal(serve(&t, "/invoices", &abf, NULL, &scorer, &b), 403);
    lacks(&b, "ABF-1-2074");
    assert_int_equal(serve(&t, "/invoices", NULL, NULL, NULL, &b), 303);
    core_buf_free(&b);
    lt_done(&t);
}


/* Approve with a reason (issue 29): the reason is the batch's and the
 * audit's, with the secretary's name; then, the period closed, the posted
 * batch corrected without a file: reversed by a new provisional batch
 * (NZ-91), with the reason, and the reversal offers no correction itself. */
static void batch_approve_reason_and_reverse(void **state)
{
    (void)state;
    lt t;
    office_site(&t, false);
    core_buf b;
    core_buf_init(&b);
    assert_int_equal(serve(&t, "/batch/2", NULL, NULL, &secretary, &b), 200);
    has(&b, "<label for=\"reason\">Reason (needed to reject; kept with an approval)</label>");
    /* a pending batch: the correction needs the corrected file */
    has(&b, "<form method=\"post\" action=\"/batch/2\" id=\"correct\" "
            "enctype=\"multipart/form-data\">");
    has(&b, "<input type=\"file\" id=\"correct-file\" name=\"file\" required>");
    has(&b, "<select id=\"correct-scale\" name=\"grade\"><option value=\"\">as the file "
            "says</option><option>F</option><option>E</option>");
    assert_int_equal(serve(&t, "/batch/2", NULL,
                           "csrf=" CSRF "&action=approve&reason=checked+against+the+travellers",
                           &secretary, &b), 303);
    assert_string_equal(batch_state(&t, 2), "approved");
    char *dump = lt_dump(&t);
    assert_non_null(strstr(dump, "batch 2 provisional -> approved: checked against the "
                                 "travellers"));
    free(dump);
    assert_int_equal(serve(&t, "/batch/2", NULL, NULL, &secretary, &b), 200);
    has(&b, "<dd id=\"batch-reason\">checked against the travellers</dd>");
    assert_int_equal(serve(&t, "/period", NULL, "csrf=" CSRF "&action=close&body=abf&period=2025-08",
                           &secretary, &b), 303);
    assert_string_equal(batch_state(&t, 2), "posted");
    const char *const none[] = {"csrf", CSRF, NULL, "action", "correct", NULL, "reason", "", NULL,
                                NULL};
    assert_int_equal(serve_multi(&t, "/batch/2", none, &secretary, &b), 400);
    has(&b, "a correction needs a reason");
    assert_int_equal(serve(&t, "/batch/2", NULL, NULL, &secretary, &b), 200);
    has(&b, "Without a file, the batch is only reversed.");
    has(&b, "<input type=\"file\" id=\"correct-file\" name=\"file\">");
    const char *const rev[] = {"csrf", CSRF, NULL, "action", "correct", NULL, "reason",
                               "the director's ruling was overturned", NULL, NULL};
    bmp_user scorer = {.id = 2, .name = "sam", .nroles = 1,
                       .roles = {{BMP_ROLE_SCORER, "abf", "2074"}}};
    assert_int_equal(serve_multi(&t, "/batch/2", rev, &scorer, &b), 403);
    assert_int_equal(serve_multi(&t, "/batch/2", rev, &secretary, &b), 303);
    has(&b, "/batch/3");
    assert_string_equal(batch_state(&t, 2), "posted"); /* posted history never edited */
    assert_string_equal(batch_state(&t, 3), "provisional");
    dump = lt_dump(&t);
    assert_non_null(strstr(dump, "batch 3 reverses posted batch 2: the director's ruling was "
                                 "overturned"));
    free(dump);
    assert_int_equal(serve(&t, "/batch/3", NULL, NULL, &secretary, &b), 200);
    has(&b, "<dd id=\"batch-reverses\">2</dd>");
    /* ABF-6: batch 2's 3.36 green negated */
    has(&b, "-3.36");
    lacks(&b, "id=\"correct\"");
    /* reversed once only */
    assert_int_equal(serve_multi(&t, "/batch/2", rev, &secretary, &b), 400);
    has(&b, "already reversed by batch 3");
    core_buf_free(&b);
    lt_done(&t);
}

/* Correct a held batch from its corrected file (a multipart upload): the
 * club's USEBIO carried 30.00 where the engine gives 0.30 (ABF-6); the
 * file with the engine's figures replaces it (batch 1 rejected with the
 * reason, batch 2 provisional and not held), as the secretary. */
static void batch_correct_file(void **state)
{
    (void)state;
    lt t;
    office_site(&t, true);
    core_buf b;
    core_buf_init(&b);
    size_t len = 0;
    char *xml = club_pairs_usebio(&len);
    const char *const nofile[] = {"csrf", CSRF, NULL, "action", "correct", NULL, "reason",
                                  "wrong figures", NULL, NULL};
    assert_int_equal(serve_multi(&t, "/batch/1", nofile, &secretary, &b), 400);
    has(&b, "a pending batch is corrected by its corrected file");
    const char *const badgrade[] = {"csrf", CSRF, NULL, "action", "correct", NULL, "reason",
                                    "wrong figures", NULL, "grade", "Z", NULL,
                                    "file", xml, "club-pairs.xml", NULL};
    assert_int_equal(serve_multi(&t, "/batch/1", badgrade, &secretary, &b), 400);
    assert_string_equal(batch_state(&t, 1), "provisional");
    const char *const fix[] = {"csrf", CSRF, NULL, "action", "correct", NULL, "reason",
                               "the club's file carried 30.00 for 0.30", NULL, "grade", "E", NULL,
                               "file", xml, "club-pairs.xml", NULL};
    assert_int_equal(serve_multi(&t, "/batch/1", fix, &secretary, &b), 303);
    has(&b, "/batch/2");
    free(xml);
    assert_string_equal(batch_state(&t, 1), "rejected");
    assert_string_equal(batch_state(&t, 2), "provisional");
    char *dump = lt_dump(&t);
    assert_non_null(strstr(dump, "batch 1 provisional -> rejected: the club's file carried "
                                 "30.00 for 0.30"));
    free(dump);
    assert_int_equal(serve(&t, "/batch/2", NULL, NULL, &secretary, &b), 200);
    has(&b, "<h2 id=\"replaces\">Replaces <a href=\"/batch/1\">batch 1</a></h2>");
    lacks(&b, "id=\"carried\"");
    /* the replaced batch is rejected: nothing to correct there */
    assert_int_equal(serve(&t, "/batch/1", NULL, NULL, &secretary, &b), 200);
    lacks(&b, "id=\"correct\"");
    assert_int_equal(serve(&t, "/batch/2", NULL, "csrf=" CSRF "&action=approve", &secretary, &b),
                     303);
    assert_string_equal(batch_state(&t, 2), "approved");
    core_buf_free(&b);
    lt_done(&t);
}


/* The site header's links by role (issue 29): a scorer's Submit and My
 * batches, a secretary's Office; none for nobody. */
static void header_links(void **state)
{
    (void)state;
    lt t;
    office_site(&t, false);
    core_buf b;
    core_buf_init(&b);
    assert_int_equal(serve(&t, "/", NULL, NULL, NULL, &b), 200);
    lacks(&b, "id=\"nav-submit\"");
    lacks(&b, "id=\"nav-batches\"");
    lacks(&b, "id=\"nav-office\"");
    assert_int_equal(serve(&t, "/", NULL, NULL, &secretary, &b), 200);
    has(&b, "<a href=\"/events\">Events</a><a href=\"/office\" id=\"nav-office\">Office</a>"
            "</nav>");
    lacks(&b, "id=\"nav-submit\"");
    bmp_user scorer = {.id = 2, .name = "sam", .nroles = 1,
                       .roles = {{BMP_ROLE_SCORER, "abf", "2074"}}};
    assert_int_equal(serve(&t, "/clubs", NULL, NULL, &scorer, &b), 200);
    has(&b, "<a href=\"/submit\" id=\"nav-submit\">Submit</a><a href=\"/submissions\" "
            "id=\"nav-batches\">My batches</a></nav>");
    lacks(&b, "id=\"nav-office\"");
    bmp_user both = {.id = 3, .name = "bo", .nroles = 2,
                     .roles = {{BMP_ROLE_SCORER, "abf", "2074"}, {BMP_ROLE_SECRETARY, "abf", ""}}};
    assert_int_equal(serve(&t, "/office", NULL, NULL, &both, &b), 200);
    has(&b, "My batches</a><a href=\"/office\" id=\"nav-office\">Office</a></nav>");
    core_buf_free(&b);
    lt_done(&t);
}


/* Charge runs (issue 29: "charge runs and invoices: list, view,
 * download"): the body's runs from its run table, a capitation run started
 * from the page with its reason, refused without one (ABF-111: 2074's four
 * Active members at 23.30: 4 * 23.30 = 93.20, as invoices_pages; the
 * reason in its audit entry), the same run again changing nothing, the
 * run invoiced from the page, its invoice linked; who may. */
static void charges_page(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    core_buf b;
    core_buf_init(&b);
    assert_int_equal(serve(&t, "/charges", NULL, NULL, &secretary, &b), 200);
    has(&b, "<p id=\"run-count\">0 charge runs. ");
    has(&b, "<form method=\"post\" action=\"/charges\" id=\"start\">");
    has(&b, "<option value=\"capitation\">capitation YEAR (ABF-111): ");
    has(&b, "<option value=\"levy\">levy QUARTER (ABF-110): ");
    lacks(&b, "<option value=\"members\">"); /* a table, not a charge run */
    has(&b, "<input id=\"run-reason\" name=\"reason\" maxlength=\"500\" required>");
    has(&b, "<button type=\"submit\" name=\"action\" value=\"preview\">Preview the run</button>");
    /* a run needs a reason, as every back-office write (issue 29) */
    char *none = lt_dump(&t);
    assert_int_equal(serve(&t, "/charges", NULL,
                           "csrf=" CSRF "&body=abf&action=run&name=capitation&arg=2026",
                           &secretary, &b), 400);
    has(&b, "starting a charge run needs a reason");
    assert_int_equal(serve(&t, "/charges", NULL,
                           "csrf=" CSRF "&body=abf&action=run&name=capitation&arg=2026&reason=",
                           &secretary, &b), 400);
    /* issue 44: previewed first, nothing written */
    assert_int_equal(serve(&t, "/charges", NULL,
                           "csrf=" CSRF "&body=abf&action=preview&name=capitation&arg=2026"
                           "&reason=membership+year+2026+opens", &secretary, &b), 200);
    has(&b, "<h1>Preview: the capitation run of 2026</h1>");
    has(&b, "it will charge");
    has(&b, "total 93.20, to 1 club.");
    has(&b, "<button type=\"submit\" name=\"action\" value=\"make\">Make this run</button>");
    lt_unchanged(&t, none);
    none = lt_dump(&t);
    assert_int_equal(serve(&t, "/charges", NULL,
                           "csrf=" CSRF "&body=abf&action=preview&name=members&arg=2026&reason=r",
                           &secretary, &b), 400); /* a table: no charge run to preview */
    lt_unchanged(&t, none);
    assert_int_equal(serve(&t, "/charges", NULL,
                           "csrf=" CSRF "&body=abf&action=run&name=capitation&arg=2026"
                           "&reason=membership+year+2026+opens", &secretary, &b), 303);
    has(&b, "/charges?body=abf");
    /* the reason in the run's audit entry beside the secretary's name:
     * 2074's four Active members at 23.30, 4 * 2330 = 9320 cents */
    char *dump = lt_dump(&t);
    assert_non_null(strstr(dump, "(ABF-111): membership year 2026 opens"));
    assert_non_null(strstr(dump, "9320 cents (ABF-111): membership year 2026 opens"));
    free(dump);
    assert_int_equal(serve(&t, "/charges", NULL,
                           "csrf=" CSRF "&body=abf&action=run&name=capitation&arg=2026"
                           "&reason=again", &secretary, &b), 303); /* again: the same run */
    assert_int_equal(serve(&t, "/charges", NULL, NULL, &secretary, &b), 200);
    has(&b, "<p id=\"run-count\">1 charge run. ");
    has(&b, "<td data-label=\"kind\">capitation</td>");
    has(&b, "<td data-label=\"total\">93.20</td><td data-label=\"invoices\">0</td>"
            "<td data-label=\"who\">sally</td>");
    has(&b, "<form method=\"post\" action=\"/charges\" id=\"invoice-1\">");
    /* the run's lines (issue 44: "no charge run's lines can be seen") */
    has(&b, "<a href=\"/charges?body=abf&amp;run=1#lines-h\">Run 1's lines</a>");
    assert_int_equal(serve(&t, "/charges", &(args){{"body", "run"}, {"abf", "1"}}, NULL,
                           &secretary, &b), 200);
    has(&b, "<h2 id=\"lines-h\">Lines of run 1</h2>");
    has(&b, "<td data-label=\"club\">2074</td>");
    has(&b, "<td data-label=\"rule\">ABF-111</td>");
    assert_int_equal(serve(&t, "/charges", &(args){{"body", "run"}, {"abf", "x"}}, NULL,
                           &secretary, &b), 400);
    assert_int_equal(serve(&t, "/charges", NULL, "csrf=" CSRF "&body=abf&action=invoice&run=1",
                           &secretary, &b), 303);
    assert_int_equal(serve(&t, "/charges", NULL, NULL, &secretary, &b), 200);
    has(&b, "<td data-label=\"invoices\">1</td>");
    has(&b, "<li>ABF-1-2074: <a href=\"/invoice/abf/ABF-1-2074\">view</a> · <a download "
            "href=\"/invoice/abf/ABF-1-2074?format=csv\">CSV</a></li>");
    lacks(&b, "id=\"invoice-1\"");
    /* refused: an unknown run, a table run, no argument, no action */
    char *before = lt_dump(&t);
    assert_int_equal(serve(&t, "/charges", NULL, "csrf=" CSRF "&body=abf&action=run&name=dance&arg=1"
                                                 "&reason=r", &secretary, &b), 400);
    assert_int_equal(serve(&t, "/charges", NULL,
                           "csrf=" CSRF "&body=abf&action=run&name=members&arg=2026&reason=r",
                           &secretary, &b), 400);
    assert_int_equal(serve(&t, "/charges", NULL,
                           "csrf=" CSRF "&body=abf&action=run&name=levy&arg=&reason=r", &secretary,
                           &b), 400);
    assert_int_equal(serve(&t, "/charges", NULL, "csrf=" CSRF "&body=abf", &secretary, &b), 400);
    assert_int_equal(serve(&t, "/charges", NULL, "csrf=" CSRF "&body=abf&action=run&name=levy"
                                                 "&arg=2026-Q9&reason=r", &secretary, &b), 400);
    lt_unchanged(&t, before);
    /* who may: a secretary of the body only */
    bmp_user scorer = {.id = 2, .name = "sam", .nroles = 1,
                       .roles = {{BMP_ROLE_SCORER, "abf", "2074"}}};
    assert_int_equal(serve(&t, "/charges", NULL, NULL, &scorer, &b), 403);
    assert_int_equal(serve(&t, "/charges", NULL,
                           "csrf=" CSRF "&body=abf&action=run&name=capitation&arg=2027&reason=r",
                           &scorer, &b), 403);
    args ebu = {{"body"}, {"ebu"}};
    assert_int_equal(serve(&t, "/charges", &ebu, NULL, &secretary, &b), 403);
    assert_int_equal(serve(&t, "/charges", NULL, NULL, NULL, &b), 303);
    assert_true(web_page_posts("/charges"));
    core_buf_free(&b);
    lt_done(&t);
}


/* Issue 44: the EBU's UMS run from the page, with its rates (a file chosen
 * or pasted), previewed before it is made.  examples/ebu/club-pairs.json
 * (12 player-sessions, UMS code 01, 10 March 2025) approved for C1 at 40
 * cents: 1 line, 4.80; a second event of the month not approved is left
 * out and the preview says so; nothing is written by the preview; a form
 * without its rates or reason, or with rates the run refuses, comes back
 * filled with the problem in the page's words; "Make this run" makes it
 * and the list says what it did. */
static void charges_rate_files(void **state)
{
    (void)state;
    lt t;
    lt_new(&t);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_import_clubs(t.l, "ebu", lt_file(&t, "c.csv",
                                                                 "number,name,dummy\n"
                                                                 "C1,Club One,0\n"),
                                             NULL, NULL, &e), BMP_OK);
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "ebu", .club = "C1"};
    int64_t id = 0;
    assert_int_equal(bmp_ledger_import(t.l, EX "ebu/club-pairs.json", &o, &id, NULL, &e), BMP_OK);
    assert_int_equal(bmp_ledger_approve(t.l, id, &e), BMP_OK);
    /* the same pairs on Tuesday 11 March, not approved */
    char *tue = bmp_test_slurp(EX "ebu/club-pairs.json", NULL), *at = strstr(tue, "2025-03-10");
    assert_non_null(at);
    memcpy(at, "2025-03-11", 10);
    memcpy(strstr(tue, "Monday"), "Friday", 6);
    assert_int_equal(bmp_ledger_import(t.l, lt_file(&t, "tue.json", tue), &o, &id, NULL, &e),
                     BMP_OK);
    free(tue);
    bmp_user sec = {.id = 1, .name = "sally", .nroles = 1,
                    .roles = {{BMP_ROLE_SECRETARY, "ebu", ""}}};
    args ebu = {{"body"}, {"ebu"}};
    core_buf b;
    core_buf_init(&b);
    assert_int_equal(serve(&t, "/charges", &ebu, NULL, &sec, &b), 200);
    has(&b, "<h2 id=\"files-h\">Start a run from its rates</h2>");
    has(&b, "id=\"run-ums\" enctype=\"multipart/form-data\">");
    has(&b, "id=\"run-licences\" enctype=\"multipart/form-data\">");
    has(&b, "<label for=\"ums-arg\">Month (yyyy-mm)</label>");
    has(&b, "<input type=\"file\" id=\"ums-rates-file\" name=\"rates-file\" accept=\".csv,text/csv\">");
    has(&b, "<textarea id=\"ums-rates\" name=\"rates\" rows=\"4\" cols=\"60\">");
    has(&b, "<legend>Exemptions (if any)</legend>");
    lacks(&b, "--rates");
    char *none = lt_dump(&t);
    /* no rates: the form again, filled */
    const char *no_rates[] = {"body", "ebu", NULL, "name", "ums", NULL, "arg", "2025-03", NULL,
                              "rates", "", NULL, "reason", "March UMS", NULL,
                              "action", "preview", NULL, NULL};
    assert_int_equal(serve_multi(&t, "/charges", no_rates, &sec, &b), 400);
    has(&b, "<p class=\"error\" id=\"run-error\" role=\"alert\">Rates: choose the file or paste "
            "it.</p>");
    has(&b, "name=\"arg\" maxlength=\"16\" required value=\"2025-03\">");
    has(&b, "name=\"reason\" maxlength=\"500\" required value=\"March UMS\">");
    /* rates without code 01: the run's problem, by the field's name */
    const char *bad[] = {"body", "ebu", NULL, "name", "ums", NULL, "arg", "2025-03", NULL,
                         "rates-file", "from,code,session\n2024-04-01,10,60\n", "r.csv",
                         "reason", "March UMS", NULL, "action", "preview", NULL, NULL};
    assert_int_equal(serve_multi(&t, "/charges", bad, &sec, &b), 400);
    has(&b, "role=\"alert\">batch 1: no UMS rate for charge code 01 on 2025-03-10 in the rate "
            "table (EBU-17)</p>");
    has(&b, "cols=\"60\">\nfrom,code,session\n2024-04-01,10,60\n</textarea>"); /* kept */
    lt_unchanged(&t, none);
    none = lt_dump(&t);
    /* the preview: what it charges and what it leaves out, nothing written */
    const char *good[] = {"body", "ebu", NULL, "name", "ums", NULL, "arg", "2025-03", NULL,
                          "rates-file", "from,code,session\n2024-04-01,01,40\n", "r.csv",
                          "reason", "March UMS", NULL, "action", "preview", NULL, NULL};
    assert_int_equal(serve_multi(&t, "/charges", good, &sec, &b), 200);
    has(&b, "<p id=\"preview-summary\">For 2025-03 it will charge 1 line, total 4.80, to 1 "
            "club. Nothing is written until you make it.</p>");
    has(&b, "<ul id=\"left-out\"><li>batch 2: provisional, not approved: not charged (EBU-18 "
            "charges the month&#39;s approved events)</li></ul>");
    has(&b, "<h1>Preview: the ums run of 2025-03</h1>");
    has(&b, "<td data-label=\"club name\">Club One</td>");
    has(&b, "12 player-sessions x 0.40 (UMS code 01)");
    has(&b, "<button type=\"submit\" name=\"action\" value=\"make\">Make this run</button>");
    has(&b, "<input type=\"hidden\" name=\"reason\" value=\"March UMS\">");
    has(&b, "name=\"rates\" rows=\"4\" cols=\"60\" readonly>\nfrom,code,session\n");
    lt_unchanged(&t, none);
    /* made, as the preview's form sends it */
    const char *make[] = {"body", "ebu", NULL, "name", "ums", NULL, "arg", "2025-03", NULL,
                          "rates", "from,code,session\r\n2024-04-01,01,40\r\n", NULL,
                          "reason", "March UMS", NULL, "action", "make", NULL, NULL};
    assert_int_equal(serve_multi(&t, "/charges", make, &sec, &b), 303);
    has(&b, "/charges?body=ebu&made=1#made");
    char *dump = lt_dump(&t);
    assert_non_null(strstr(dump, "480 cents (EBU-18): March UMS"));
    free(dump);
    assert_int_equal(serve(&t, "/charges", &(args){{"body", "made"}, {"ebu", "1"}}, NULL, &sec,
                           &b), 200);
    has(&b, "<p id=\"made\" role=\"status\">Run 1: ums 2025-03, 1 line, total 4.80. <a "
            "href=\"/charges?body=ebu&amp;run=1#lines-h\">Its lines</a>; <a href=\"#run-1\">its "
            "invoices</a></p>");
    has(&b, "<form method=\"post\" action=\"/charges\" id=\"invoice-1\">");
    /* previewed again: the run made before */
    assert_int_equal(serve_multi(&t, "/charges", good, &sec, &b), 200);
    has(&b, "This run was made before: run 1, 1 line, total 4.80.");
    lacks(&b, "value=\"make\"");
    /* the ABF's secretary may not */
    assert_int_equal(serve_multi(&t, "/charges", good, &secretary, &b), 403);
    core_buf_free(&b);
    lt_done(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(queue_page),
        cmocka_unit_test(batch_page_office),
        cmocka_unit_test(carried_accept),
        cmocka_unit_test(period_page),
        cmocka_unit_test(invoices_pages),
        cmocka_unit_test(batch_approve_reason_and_reverse),
        cmocka_unit_test(batch_correct_file),
        cmocka_unit_test(header_links),
        cmocka_unit_test(charges_page),
        cmocka_unit_test(charges_rate_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
