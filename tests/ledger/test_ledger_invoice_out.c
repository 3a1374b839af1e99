/* Invoice output folders (issue 28, item 5): `invoice --output DIR` makes
 * the folder or refuses it BEFORE anything is committed, so that a failed
 * write never leaves invoices in the ledger without their documents. */
#include "ledger_test_util.h"

#include <sys/stat.h>

#include "bridgemp/file.h"
#include "bridgemp/ledger_charges.h"
#include "bridgemp/ledger_invoice.h"
#include "bridgemp/ledger_invoice_settings.h"

/* lt_abf's four Active home players of club 2074: capitation 2026 charges
 * 4 x 23.30 = 93.20 (ABF-111). */
static void one_club(lt *t, bmp_ledger_run *r)
{
    lt_abf(t);
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_capitation_run(t->l, "abf", 2026, NULL, r, &e), BMP_OK);
    assert_int_equal(r->total, 4 * 2330);
}

static size_t invoices(lt *t)
{
    bmp_table tb;
    bmp_error e = {0};
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_invoice_list(t->l, "abf", &tb, &e), BMP_OK);
    size_t n = tb.nrows;
    bmp_table_free(&tb);
    return n;
}

/* A folder that does not exist yet is made, and the document is in it. */
static void missing_folder_is_made(void **state)
{
    (void)state;
    lt t;
    bmp_ledger_run r;
    one_club(&t, &r);
    char dir[320], path[400];
    snprintf(dir, sizeof dir, "%s/inv/2026", t.dir);
    bmp_error e = {0};
    bmp_ledger_invoices iv;
    assert_int_equal(bmp_ledger_invoice_run(t.l, "abf", r.id, dir, BMP_INVOICE_CSV, &iv, &e),
                     BMP_OK);
    assert_int_equal(iv.made, 1);
    snprintf(path, sizeof path, "%s/ABF-1-2074.csv", dir);
    struct stat sb;
    assert_int_equal(stat(path, &sb), 0);
    assert_true(sb.st_size > 0);
    lt_done(&t);
}

/* A folder that cannot be made (a file is in the way): refused, and no
 * invoice is committed; once the way is clear the run invoices as new. */
static void unusable_folder_commits_nothing(void **state)
{
    (void)state;
    lt t;
    bmp_ledger_run r;
    one_club(&t, &r);
    char dir[320];
    snprintf(dir, sizeof dir, "%s/inv", t.dir);
    lt_file(&t, "inv", "a file, not a folder\n");
    bmp_error e = {0};
    bmp_ledger_invoices iv;
    assert_int_not_equal(
        bmp_ledger_invoice_run(t.l, "abf", r.id, dir, BMP_INVOICE_CSV, &iv, &e), BMP_OK);
    assert_non_null(strstr(e.msg, "inv"));
    assert_int_equal(invoices(&t), 0);
    assert_int_equal(remove(dir), 0);
    assert_int_equal(bmp_ledger_invoice_run(t.l, "abf", r.id, dir, BMP_INVOICE_CSV, &iv, &e),
                     BMP_OK);
    assert_int_equal(iv.made, 1);
    assert_int_equal(invoices(&t), 1);
    lt_done(&t);
}

/* Half up, away from zero, to the cent per invoice (rulings INV-1). */
static void tax_rounding(void **state)
{
    (void)state;
    bmp_error e = {0};
    int64_t net, tax, gross;
    assert_int_equal(bmp_invoice_tax(5, 1000, false, &net, &tax, &gross, &e), BMP_OK);
    assert_int_equal(tax, 1); /* 0.5 cent: up */
    assert_int_equal(gross, 6);
    assert_int_equal(bmp_invoice_tax(4, 1000, false, &net, &tax, &gross, &e), BMP_OK);
    assert_int_equal(tax, 0);
    assert_int_equal(bmp_invoice_tax(-5, 1000, false, &net, &tax, &gross, &e), BMP_OK);
    assert_int_equal(tax, -1); /* a credit mirrors its invoice */
    /* included: $16.50 with GST 10% holds $1.50 of it */
    assert_int_equal(bmp_invoice_tax(1650, 1000, true, &net, &tax, &gross, &e), BMP_OK);
    assert_int_equal(tax, 150);
    assert_int_equal(net, 1500);
    assert_int_equal(gross, 1650);
    assert_int_equal(bmp_invoice_tax(INT64_MAX, 1000, false, &net, &tax, &gross, &e),
                     BMP_ERANGE);
}

static void set_ok(lt *t, const char *const *items, size_t n)
{
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_invoice_settings_set(t->l, "abf", items, n, &e), BMP_OK);
}

static char *document(lt *t, const char *number, bmp_invoice_format f)
{
    char *doc = NULL;
    size_t len = 0;
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_invoice_document(t->l, "abf", number, f, &doc, &len, &e),
                     BMP_OK);
    return doc;
}

/* ABF 8.3: the fees include GST.  93.20 at 10% included holds 8.47 GST
 * (9320 / 11 = 847.27, to the cent), net 84.73; numbered from the series,
 * due 30 days after issue; the settings audited; a refused run takes no
 * number (no gap), the next run takes it. */
static void settings_on_invoices(void **state)
{
    (void)state;
    lt t;
    bmp_ledger_run r;
    one_club(&t, &r);
    static const char *const items[] = {
        "prefix=INV-", "next=41", "digits=5", "due_days=30", "tax_name=GST", "tax_rate=1000",
        "tax_included=yes", "address=1 Bridge St, Canberra", "tax_id=ABN 70 053 651 666"};
    set_ok(&t, items, 9);
    bmp_error e = {0};
    static const char *const bad[] = {"due_days=10", "colour=red"};
    char *before = lt_dump(&t);
    assert_int_equal(bmp_ledger_invoice_settings_set(t.l, "abf", bad, 2, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "colour=red"));
    lt_unchanged(&t, before);
    char *dump = lt_dump(&t);
    assert_non_null(strstr(dump, "tax_rate: \"0\" -> \"1000\""));
    free(dump);
    /* refused (a file in the folder's way): no number taken */
    char dir[320];
    snprintf(dir, sizeof dir, "%s/inv", t.dir);
    lt_file(&t, "inv", "x");
    bmp_ledger_invoices iv;
    assert_int_not_equal(
        bmp_ledger_invoice_run(t.l, "abf", r.id, dir, BMP_INVOICE_CSV, &iv, &e), BMP_OK);
    bmp_invoice_settings s;
    assert_int_equal(bmp_ledger_invoice_settings_get(t.l, "abf", &s, &e), BMP_OK);
    assert_int_equal(s.next_number, 41);
    assert_int_equal(remove(dir), 0);
    assert_int_equal(bmp_ledger_invoice_run(t.l, "abf", r.id, dir, BMP_INVOICE_CSV, &iv, &e),
                     BMP_OK);
    assert_int_equal(iv.total, 9320);
    assert_int_equal(bmp_ledger_invoice_settings_get(t.l, "abf", &s, &e), BMP_OK);
    assert_int_equal(s.next_number, 42);
    bmp_table tb; /* the list shows the terms once the body has settings */
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_invoice_list(t.l, "abf", &tb, &e), BMP_OK);
    assert_string_equal(lt_cell(&tb, 0, "number"), "INV-00041");
    assert_string_equal(lt_cell(&tb, 0, "total"), "93.20");
    assert_string_equal(lt_cell(&tb, 0, "due"), "2026-12-24");
    assert_string_equal(lt_cell(&tb, 0, "net"), "84.73");
    assert_string_equal(lt_cell(&tb, 0, "tax"), "8.47");
    bmp_table_free(&tb);
    char *json = document(&t, "INV-00041", BMP_INVOICE_JSON);
    assert_non_null(strstr(json, "\"total_cents\": 9320"));
    assert_non_null(strstr(json, "\"due\": \"2026-12-24\""));
    assert_non_null(strstr(json, "\"net_cents\": 8473"));
    assert_non_null(strstr(json, "\"cents\": 847"));
    assert_non_null(strstr(json, "\"tax_id\": \"ABN 70 053 651 666\""));
    free(json);
    char *html = document(&t, "INV-00041", BMP_INVOICE_HTML);
    assert_non_null(strstr(html, "<h1>Tax invoice INV-00041</h1>"));
    assert_non_null(strstr(html, "<dd id=\"due\">2026-12-24</dd>"));
    assert_non_null(strstr(html, "id=\"tax\">8.47<"));
    free(html);
    char path[400];
    snprintf(path, sizeof path, "%s/INV-00041.csv", dir);
    char *csv = NULL;
    size_t len = 0;
    assert_int_equal(bmp_file_read(path, 1 << 20, &csv, &len, &e), BMP_OK);
    assert_non_null(strstr(csv, "INV-00041,2074,,,,,net,8473\n"
                                "INV-00041,2074,,,,,GST 10%,847\n"
                                "INV-00041,2074,,,,,total,9320\n"
                                "INV-00041,2074,,,,,due 2026-12-24,\n"));
    free(csv);
    /* the credit note mirrors the tax */
    assert_int_equal(bmp_ledger_invoice_credit(t.l, "abf", "INV-00041", "wrong club", NULL,
                                               BMP_INVOICE_JSON, &e),
                     BMP_OK);
    json = document(&t, "INV-00041-CR", BMP_INVOICE_JSON);
    assert_non_null(strstr(json, "\"cents\": -847"));
    assert_non_null(strstr(json, "\"total_cents\": -9320"));
    free(json);
    lt_done(&t);
}

/* NZ-93 "+GST": the tax added to the charges: 93.20 + 9.32 = 102.52. */
static void tax_added(void **state)
{
    (void)state;
    lt t;
    bmp_ledger_run r;
    one_club(&t, &r);
    static const char *const items[] = {"tax_name=GST", "tax_rate=1000"};
    set_ok(&t, items, 2);
    bmp_error e = {0};
    bmp_ledger_invoices iv;
    assert_int_equal(bmp_ledger_invoice_run(t.l, "abf", r.id, NULL, BMP_INVOICE_CSV, &iv, &e),
                     BMP_OK);
    assert_int_equal(iv.total, 10252);
    char *json = document(&t, "ABF-1-2074", BMP_INVOICE_JSON); /* no series: as before */
    assert_non_null(strstr(json, "\"net_cents\": 9320"));
    assert_non_null(strstr(json, "\"gross_cents\": 10252"));
    assert_non_null(strstr(json, "\"due\": \"2026-11-24\"")); /* due_days 0 */
    free(json);
    /* the series may not start on a number in use */
    static const char *const clash[] = {"prefix=ABF-1-", "next=2074"};
    assert_int_equal(bmp_ledger_invoice_settings_set(t.l, "abf", clash, 2, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "ABF-1-2074 exists"));
    lt_done(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(missing_folder_is_made),
        cmocka_unit_test(unusable_folder_commits_nothing),
        cmocka_unit_test(tax_rounding),
        cmocka_unit_test(settings_on_invoices),
        cmocka_unit_test(tax_added),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
