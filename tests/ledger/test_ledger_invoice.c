/* Invoices of charge runs (src/ledger/invoice/invoice*.c, issue 13): one per club
 * of a run, in integer cents, idempotent, never edited (credit notes), as
 * CSV, JSON and HTML with every value escaped.  ABF-108 (1.4.3, 8.1): the
 * club's invoice and statement of the fees and levies; the amounts come
 * from the capitation run (ABF-111, test_ledger_charges). */
#include "ledger_test_util.h"

#include <sys/stat.h>

#include "bridgemp/ledger_charges.h"
#include "bridgemp/ledger_invoice.h"

/* lt_abf's Active home players 1002..1005 of club 2074 and two of a new
 * club 3200, one with a hostile name: capitation 2026 charges 2074 4 x
 * 23.30 = 93.20 and 3200 2 x 23.30 = 46.60 (ABF-111: $23.30 a home
 * player; the dummy club 3101 is an organiser and has no members). */
static void two_clubs(lt *t, bmp_ledger_run *r)
{
    lt_abf(t);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_import_clubs(t->l, "abf",
                                             lt_file(t, "c3200.csv", "number,name,dummy\n"
                                                                     "3200,Seaside <BC>,0\n"),
                                             NULL, NULL, &e),
                     BMP_OK);
    assert_int_equal(bmp_ledger_import_players(
                         t->l, "abf",
                         lt_file(t, "p3200.csv", "number,name,status,home_club,alternates\n"
                                                 "1020,O'Brien & <Sons>,Active,3200,\n"
                                                 "1021,Ann Other,Active,3200,\n"),
                         NULL, NULL, &e),
                     BMP_OK);
    assert_int_equal(bmp_ledger_capitation_run(t->l, "abf", 2026, NULL, r, &e), BMP_OK);
    assert_int_equal(r->total, 6 * 2330);
}

static char *doc_path(lt *t, const char *name)
{
    static char p[320];
    snprintf(p, sizeof p, "%s/inv/%s", t->dir, name);
    return p;
}

/* One invoice per club, numbered BODY-RUN-CLUB; the CSV lists the club's
 * lines and their total; a re-run makes none and writes the same files. */
static void invoices_per_club(void **state)
{
    (void)state;
    lt t;
    bmp_ledger_run r;
    two_clubs(&t, &r);
    char dir[300];
    snprintf(dir, sizeof dir, "%s/inv", t.dir);
    assert_int_equal(mkdir(dir, 0700), 0);
    bmp_error e = {0};
    bmp_ledger_invoices iv;
    assert_int_equal(bmp_ledger_invoice_run(t.l, "abf", r.id, dir, BMP_INVOICE_CSV, &iv, &e),
                     BMP_OK);
    assert_int_equal(iv.made, 2);
    assert_int_equal(iv.already, 0);
    assert_int_equal(iv.total, 13980); /* 9320 + 4660 */
    char *csv = bmp_test_slurp(doc_path(&t, "ABF-1-3200.csv"), NULL);
    assert_string_equal(csv, "invoice,club,player,name,batch,rule,charge,cents\n"
                             "ABF-1-3200,3200,0001020,O'Brien & <Sons>,,ABF-111,capitation,2330\n"
                             "ABF-1-3200,3200,0001021,Ann Other,,ABF-111,capitation,2330\n"
                             "ABF-1-3200,3200,,,,,total,4660\n");
    /* again: nothing new, the same document */
    assert_int_equal(bmp_ledger_invoice_run(t.l, "abf", r.id, dir, BMP_INVOICE_CSV, &iv, &e),
                     BMP_OK);
    assert_int_equal(iv.made, 0);
    assert_int_equal(iv.already, 2);
    char *again = bmp_test_slurp(doc_path(&t, "ABF-1-3200.csv"), NULL);
    assert_string_equal(csv, again);
    free(csv);
    free(again);
    bmp_table tb;
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_invoice_list(t.l, "abf", &tb, &e), BMP_OK);
    assert_int_equal(tb.nrows, 2);
    assert_string_equal(lt_cell(&tb, 0, "number"), "ABF-1-2074");
    assert_string_equal(lt_cell(&tb, 0, "total"), "93.20");
    assert_string_equal(lt_cell(&tb, 1, "total"), "46.60");
    bmp_table_free(&tb);
    lt_done(&t);
}

/* HTML escapes every value; JSON carries the lines and the total. */
static void html_and_json(void **state)
{
    (void)state;
    lt t;
    bmp_ledger_run r;
    two_clubs(&t, &r);
    bmp_error e = {0};
    bmp_ledger_invoices iv;
    assert_int_equal(bmp_ledger_invoice_run(t.l, "abf", r.id, NULL, BMP_INVOICE_HTML, &iv, &e),
                     BMP_OK);
    char *doc = NULL;
    size_t len = 0;
    assert_int_equal(bmp_ledger_invoice_document(t.l, "abf", "ABF-1-3200", BMP_INVOICE_HTML,
                                                 &doc, &len, &e),
                     BMP_OK);
    assert_non_null(strstr(doc, "<td>O&#39;Brien &amp; &lt;Sons&gt;</td>"));
    assert_null(strstr(doc, "<Sons>"));
    assert_non_null(strstr(doc, "<dd>3200 Seaside &lt;BC&gt;</dd>"));
    assert_non_null(strstr(doc, "<th class=\"n\" id=\"total\">46.60</th>"));
    free(doc);
    assert_int_equal(bmp_ledger_invoice_document(t.l, "abf", "ABF-1-2074", BMP_INVOICE_JSON,
                                                 &doc, &len, &e),
                     BMP_OK);
    assert_non_null(strstr(doc, "\"total_cents\": 9320"));
    size_t lines = 0;
    for (const char *q = doc; (q = strstr(q, "\"player\": ")); q++)
        lines++;
    assert_int_equal(lines, 4);
    assert_non_null(strstr(doc, "\"number\": \"2074\""));
    free(doc);
    assert_int_equal(bmp_ledger_invoice_document(t.l, "abf", "ABF-9-9999", BMP_INVOICE_CSV, &doc,
                                                 &len, &e),
                     BMP_ENOTFOUND);
    lt_done(&t);
}

/* An invoice is never edited: a credit note reverses it in full, once,
 * with its reason; refusals change nothing. */
static void credit_notes(void **state)
{
    (void)state;
    lt t;
    bmp_ledger_run r;
    two_clubs(&t, &r);
    bmp_error e = {0};
    bmp_ledger_invoices iv;
    assert_int_equal(bmp_ledger_invoice_run(t.l, "abf", r.id, NULL, BMP_INVOICE_HTML, &iv, &e),
                     BMP_OK);
    char *before = lt_dump(&t);
    assert_int_equal(bmp_ledger_invoice_credit(t.l, "abf", "ABF-1-2074", "", NULL,
                                               BMP_INVOICE_CSV, &e),
                     BMP_EINVAL);
    assert_int_equal(bmp_ledger_invoice_credit(t.l, "abf", "ABF-1-7777", "typo", NULL,
                                               BMP_INVOICE_CSV, &e),
                     BMP_ENOTFOUND);
    lt_unchanged(&t, before);
    assert_int_equal(bmp_ledger_invoice_credit(t.l, "abf", "ABF-1-2074", "wrong year", NULL,
                                               BMP_INVOICE_CSV, &e),
                     BMP_OK);
    char *doc = NULL;
    size_t len = 0;
    assert_int_equal(bmp_ledger_invoice_document(t.l, "abf", "ABF-1-2074-CR", BMP_INVOICE_CSV,
                                                 &doc, &len, &e),
                     BMP_OK);
    /* each line negated: -23.30 x 4 = -93.20 */
    assert_non_null(strstr(doc, "ABF-1-2074-CR,2074,0001002,Player 2,,ABF-111,capitation,-2330\n"));
    assert_non_null(strstr(doc, "ABF-1-2074-CR,2074,,,,,total,-9320\n"));
    free(doc);
    before = lt_dump(&t);
    assert_int_equal(bmp_ledger_invoice_credit(t.l, "abf", "ABF-1-2074", "again", NULL,
                                               BMP_INVOICE_CSV, &e),
                     BMP_EINVAL);
    assert_non_null(strstr(e.msg, "credited already"));
    assert_int_equal(bmp_ledger_invoice_credit(t.l, "abf", "ABF-1-2074-CR", "again", NULL,
                                               BMP_INVOICE_CSV, &e),
                     BMP_EINVAL);
    assert_non_null(strstr(e.msg, "is a credit note"));
    /* the run invoiced again: the credited invoice stands, nothing new */
    assert_int_equal(bmp_ledger_invoice_run(t.l, "abf", r.id, NULL, BMP_INVOICE_HTML, &iv, &e),
                     BMP_OK);
    assert_int_equal(iv.made, 0);
    lt_unchanged(&t, before);
    bmp_table tb;
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_invoice_list(t.l, "abf", &tb, &e), BMP_OK);
    assert_int_equal(tb.nrows, 3);
    assert_string_equal(lt_cell(&tb, 1, "number"), "ABF-1-2074-CR");
    assert_string_equal(lt_cell(&tb, 1, "total"), "-93.20");
    assert_string_equal(lt_cell(&tb, 1, "credits"), "ABF-1-2074");
    assert_string_equal(lt_cell(&tb, 1, "reason"), "wrong year");
    bmp_table_free(&tb);
    assert_int_equal(bmp_ledger_invoice_run(t.l, "abf", 42, NULL, BMP_INVOICE_HTML, &iv, &e),
                     BMP_ENOTFOUND);
    lt_done(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(invoices_per_club),
        cmocka_unit_test(html_and_json),
        cmocka_unit_test(credit_notes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
