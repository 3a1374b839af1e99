/* NZ Bridge on the ledger (issue 13): masterpoint certificates (NZ-99,
 * src/ledger/report/certificates.c, ruling AN-4; the ABF's, ABF-88, ruling AN-6)
 * and the eligibility checks at
 * import -- members only (NZ-9, NZ-16), any club's session (NZ-10),
 * duplicate only (NZ-17), overseas players no points (NZ-103, ruling AN-5),
 * overseas players graded Open (NZ-105). */
#include "ledger_test_util.h"

#include "bridgemp/file.h"
#include "bridgemp/ledger_certificates.h"
#include "bridgemp/ledger_nz.h"

#define EX BMP_SOURCE_DIR "/examples/nzb/"
#define ADJ "number,point_type,points,event,reason\n"

/* 1000 (a hostile name) and 1001, members; 1002 an overseas visitor. */
static void nz_players(lt *t)
{
    lt_new(t);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_import_players(t->l, "nzb", lt_file(t, "p.csv",
                     "number,name,status,overseas\n1000,O'Neil <b>&amp;,Active,0\n"
                     "1001,Bea,Active,0\n1002,Visitor,Active,1\n"), NULL, NULL, &e), BMP_OK);
}

static void import_close(lt *t, const char *adj, const char *period)
{
    bmp_error e = {0};
    int64_t id = lt_import(t, lt_file(t, "a.csv", adj), "nzb", BMP_OK);
    assert_int_equal(bmp_ledger_approve(t->l, id, &e), BMP_OK);
    assert_int_equal(bmp_ledger_close_period(t->l, "nzb", period, NULL, &e), BMP_OK);
}

static char *document(lt *t, const char *period, bmp_invoice_format f)
{
    char *doc = NULL;
    size_t len = 0;
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_certificate_document(t->l, "nzb", period, f, &doc, &len, &e),
                     BMP_OK);
    return doc;
}

/* NZ-99 (Part E 3: "Masterpoint certificates will be generated
 * periodically with a target of once a month").  NZ-2/NZ-3: 4.00 B +
 * 150.00 C = 5 B -> Certificate of Proficiency (5) for 1000 in 2025-08;
 * 1001's 4.00 B + 99.00 C stays Novice.  One certificate, made once; in
 * 2025-09 1001's 1.00 C more makes 100 C = 1 B -> 5 B, its own
 * certificate, 2025-08's unchanged. */
static void certificates_monthly(void **state)
{
    (void)state;
    lt t;
    nz_players(&t);
    import_close(&t, ADJ "1000,b,4.00,x,opening\n1000,c,150.00,x,opening\n"
                         "1001,b,4.00,x,opening\n1001,c,99.00,x,opening\n", "2025-08");
    bmp_ledger_certificates r;
    bmp_error e = {0};
    char *before = lt_dump(&t);
    assert_int_equal(bmp_ledger_certificate_run(t.l, "nzb", "2025-09", &r, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "period \"2025-09\" is not a closed nzb period"));
    assert_int_equal(bmp_ledger_certificate_run(t.l, "ebu", "2025-08", &r, &e), BMP_ENOTSUP);
    assert_non_null(strstr(e.msg, "not supported: promotion certificates for ebu"));
    lt_unchanged(&t, before);
    assert_int_equal(bmp_ledger_certificate_run(t.l, "nzb", "2025-08", &r, &e), BMP_OK);
    assert_int_equal(r.made, 1);
    assert_int_equal(r.already, 0);
    before = lt_dump(&t);
    assert_int_equal(bmp_ledger_certificate_run(t.l, "nzb", "2025-08", &r, &e), BMP_OK);
    assert_int_equal(r.made, 0);
    assert_int_equal(r.already, 1);
    lt_unchanged(&t, before);
    char *csv = document(&t, "2025-08", BMP_INVOICE_CSV);
    assert_string_equal(csv, "certificate,player,name,from,rank,period,issued,club\n"
                             "NZB-2025-08-1000,1000,O'Neil <b>&amp;,Novice,"
                             "Certificate of Proficiency,2025-08,2026-11-24,\n");
    free(csv);
    import_close(&t, ADJ "1001,c,1.00,x,late result\n", "2025-09");
    assert_int_equal(bmp_ledger_certificate_run(t.l, "nzb", "2025-09", &r, &e), BMP_OK);
    assert_int_equal(r.made, 1);
    char *json = document(&t, "2025-09", BMP_INVOICE_JSON);
    assert_non_null(strstr(json, "\"certificate\": \"NZB-2025-09-1001\""));
    assert_non_null(strstr(json, "\"rank\": \"Certificate of Proficiency\""));
    assert_null(strstr(json, "1000"));
    free(json);
    lt_done(&t);
}

/* The printable page: every value escaped, nothing fetched from outside. */
static void certificate_page(void **state)
{
    (void)state;
    lt t;
    nz_players(&t);
    import_close(&t, ADJ "1000,b,5.00,x,opening\n", "2025-08");
    bmp_ledger_certificates r;
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_certificate_run(t.l, "nzb", "2025-08", &r, &e), BMP_OK);
    char *html = document(&t, "2025-08", BMP_INVOICE_HTML);
    assert_non_null(strstr(html, "<p class=\"who\">O&#39;Neil &lt;b&gt;&amp;amp;</p>"));
    assert_non_null(strstr(html, "<p class=\"rank\">Certificate of Proficiency</p>"));
    assert_null(strstr(html, "<b>"));
    assert_null(strstr(html, "http"));
    assert_null(strstr(html, "src="));
    assert_null(strstr(html, "<link"));
    free(html);
    lt_done(&t);
}

/* ABF-88 (1.8: "Players receive an official certificate with each Scheme
 * promotion"; 1.4.3: monthly "Promotion certificates"; App. A "Home Club":
 * "All Masterpoint Centre output for individual players (e.g. promotion
 * certificates) is forwarded to the player's home club").  1003 (club 2074)
 * 4.80 green and 1008 (club 1500) 2.50 green: both Nil -> Graduate Master
 * (2 points, ABF-86) in 2025-08; 1002's 1.80 stays Nil.  The certificates
 * come by home club (1500 before 2074), numbered ABF-<period>-<player>. */
static void abf_certificates_by_home_club(void **state)
{
    (void)state;
    lt t;
    lt_abf(&t);
    bmp_error e = {0};
    size_t n = 0;
    assert_int_equal(bmp_ledger_import_clubs(t.l, "abf", lt_file(&t, "c2.csv",
                     "number,name,dummy\n1500,Lakeside <i>,0\n"), &n, NULL, &e), BMP_OK);
    assert_int_equal(bmp_ledger_import_players(t.l, "abf", lt_file(&t, "p2.csv",
                     "number,name,status,home_club\n1008,=Player 8,Active,1500\n"), &n, NULL,
                     &e), BMP_OK);
    int64_t id = lt_import(&t, lt_file(&t, "o.csv", ADJ "1002,green,1.80,opening,carried over\n"
                                                      "1003,green,4.80,opening,carried over\n"
                                                      "1008,green,2.50,opening,carried over\n"),
                           "abf", BMP_OK);
    assert_int_equal(bmp_ledger_approve(t.l, id, &e), BMP_OK);
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2025-08", NULL, &e), BMP_OK);
    bmp_ledger_certificates r;
    assert_int_equal(bmp_ledger_certificate_run(t.l, "abf", "2025-08", &r, &e), BMP_OK);
    assert_int_equal(r.made, 2);
    char *doc = NULL;
    size_t len = 0;
    assert_int_equal(bmp_ledger_certificate_document(t.l, "abf", "2025-08", BMP_INVOICE_CSV, &doc,
                                                     &len, &e), BMP_OK);
    /* a name a spreadsheet would read as a formula is quoted (CSV injection) */
    assert_string_equal(doc, "certificate,player,name,from,rank,period,issued,club\n"
                             "ABF-2025-08-0001008,0001008,\"'=Player 8\",Nil,Graduate Master,"
                             "2025-08,2026-11-24,1500\n"
                             "ABF-2025-08-0001003,0001003,Player 3,Nil,Graduate Master,"
                             "2025-08,2026-11-24,2074\n");
    free(doc);
    assert_int_equal(bmp_ledger_certificate_document(t.l, "abf", "2025-08", BMP_INVOICE_HTML,
                                                     &doc, &len, &e), BMP_OK);
    assert_non_null(strstr(doc, "certificate ABF-2025-08-0001008, issued 2026-11-24; home club "
                                "1500 Lakeside &lt;i&gt;</p>"));
    assert_non_null(strstr(doc, "Australian Bridge Federation"));
    assert_true(strstr(doc, "0001008") < strstr(doc, "0001003"));
    free(doc);
    lt_done(&t);
}

/* examples/nzb/club-pairs.json with `kind` replaced. */
static const char *event_of_kind(lt *t, const char *kind)
{
    char *buf = NULL, out[8192];
    size_t len = 0;
    bmp_error e = {0};
    assert_int_equal(bmp_file_read(EX "club-pairs.json", 1 << 16, &buf, &len, &e), BMP_OK);
    char *k = strstr(buf, "\"kind\": \"pairs\"");
    assert_non_null(k);
    snprintf(out, sizeof out, "%.*s\"kind\": \"%s\"%s", (int)(k - buf), buf, kind,
             k + strlen("\"kind\": \"pairs\""));
    free(buf);
    return lt_file(t, "kind.json", out);
}

/* The 12 players of club-pairs.json, home club 100; `status` for 51234
 * (the winner), `overseas` for 52345 (its partner). */
static void pairs_players(lt *t, const char *status, bool overseas)
{
    static const char *const nums[] = {"51234", "52345", "53456", "54567", "55678", "56789",
                                       "57890", "58901", "59012", "50123", "50234", "50345"};
    char csv[1024] = "number,name,status,home_club,overseas\n";
    for (int i = 0; i < 12; i++)
        snprintf(csv + strlen(csv), sizeof csv - strlen(csv), "%s,P%d,%s,100,%d\n", nums[i], i,
                 i == 0 ? status : "Active", i == 1 && overseas);
    lt_new(t);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_import_clubs(t->l, "nzb", lt_file(t, "c.csv",
                     "number,name,dummy\n100,Home,0\n200,Other,0\n"), NULL, NULL, &e), BMP_OK);
    assert_int_equal(bmp_ledger_import_players(t->l, "nzb", lt_file(t, "p.csv", csv), NULL, NULL,
                                               &e), BMP_OK);
}

static bmp_status import_for(lt *t, const char *path, const char *club, bmp_problems *p,
                             bmp_error *e)
{
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "nzb", .club = club};
    int64_t id = 0;
    return bmp_ledger_import(t->l, path, &o, &id, p, e);
}

/* NZ-10 ("Club members are automatically entitled to play for masterpoints
 * in any session run by an authorised body") and NZ-16 (an eligible player
 * is a member of an affiliated club): club 100's members, one of them
 * Temporary (NZ-9: temporary players accrue), are credited at club 200's
 * session; a Dormant member is not a member: the batch is refused naming
 * him (NZ-9), nothing recorded. */
static void members_any_club(void **state)
{
    (void)state;
    for (int dormant = 0; dormant < 2; dormant++) {
        lt t;
        pairs_players(&t, dormant ? "Dormant" : "Temporary", false);
        bmp_problems p = {0};
        bmp_error e = {0};
        char *before = lt_dump(&t);
        bmp_status st = import_for(&t, EX "club-pairs.json", "200", &p, &e);
        if (dormant) {
            assert_int_equal(st, BMP_EINVAL);
            lt_has(&p, "player 51234 is Dormant: masterpoints are issued only to members (NZ-9)");
            lt_unchanged(&t, before);
        } else {
            assert_int_equal(st, BMP_OK);
            free(before);
            bmp_table tb;
            bmp_table_init(&tb);
            assert_int_equal(bmp_ledger_statement(t.l, "nzb", "51234", &tb, &e), BMP_OK);
            assert_true(tb.nrows >= 1); /* the winner's award is on his statement */
            bmp_table_free(&tb);
        }
        bmp_problems_free(&p);
        lt_done(&t);
    }
}

/* NZ-17 ("Masterpoints are awarded only for duplicate (individual, pairs or
 * teams) play. Rubber bridge does not qualify"): an event of a kind the
 * rules do not define (team-of-two) is refused at import naming NZ-17, a
 * kind that is not bridge the ledger knows (rubber) naming the field;
 * nothing is recorded. */
static void duplicate_only(void **state)
{
    (void)state;
    lt t;
    pairs_players(&t, "Active", false);
    bmp_problems p = {0};
    bmp_error e = {0};
    char *before = lt_dump(&t);
    assert_int_equal(import_for(&t, event_of_kind(&t, "team-of-two"), "100", &p, &e),
                     BMP_ENOTSUP);
    assert_non_null(strstr(e.msg, "not supported: NZ awards for this kind of event (NZ-17"));
    assert_int_equal(import_for(&t, event_of_kind(&t, "rubber"), "100", &p, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.kind: unknown kind \"rubber\""));
    lt_unchanged(&t, before);
    bmp_problems_free(&p);
    lt_done(&t);
}

/* NZ-103 ("Overseas players ... receive no masterpoints apart from the
 * exceptions above"): an event awarding the overseas 52345 (second of the
 * winning pair) is refused naming him and NZ-103, nothing recorded; an
 * adjustment (a transfer or NZ-104 recognition) may credit him. */
static void overseas_no_points(void **state)
{
    (void)state;
    lt t;
    pairs_players(&t, "Active", true);
    bmp_problems p = {0};
    bmp_error e = {0};
    char *before = lt_dump(&t);
    assert_int_equal(import_for(&t, EX "club-pairs.json", "100", &p, &e), BMP_EINVAL);
    lt_has(&p, "player 52345 is an overseas player: no NZ masterpoints apart from transfers "
               "(NZ-103, 8(b))");
    assert_int_equal(p.count, 1);
    lt_unchanged(&t, before);
    bmp_problems_free(&p);
    lt_import(&t, lt_file(&t, "a.csv", ADJ "52345,a,50.00,x,NZ-104 recognition\n"), "nzb",
              BMP_OK);
    lt_done(&t);
}

/* NZ-105 ("All overseas players ... are graded Open"): at the 2025 annual
 * run the overseas 1002 with no points is Open; 1001 (4.00 B, Novice, no A
 * points) is Junior (NZ-5). */
static void overseas_graded_open(void **state)
{
    (void)state;
    lt t;
    nz_players(&t);
    import_close(&t, ADJ "1001,b,4.00,x,opening\n", "2025-08");
    bmp_ledger_nz_year y;
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_nz_annual_run(t.l, "nzb", 2025, &y, &e), BMP_OK);
    bmp_table tb;
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_nz_gradings(t.l, "nzb", 2025, &tb, &e), BMP_OK);
    assert_string_equal(lt_cell(&tb, bmp_table_find_row(&tb, "1002"), "grading"), "Open");
    assert_string_equal(lt_cell(&tb, bmp_table_find_row(&tb, "1001"), "grading"), "Junior");
    bmp_table_free(&tb);
    lt_done(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(certificates_monthly), cmocka_unit_test(certificate_page),
        cmocka_unit_test(abf_certificates_by_home_club),
        cmocka_unit_test(members_any_club),     cmocka_unit_test(duplicate_only),
        cmocka_unit_test(overseas_no_points),   cmocka_unit_test(overseas_graded_open),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
