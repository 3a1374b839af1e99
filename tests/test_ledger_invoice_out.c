/* Invoice output folders (issue 28, item 5): `invoice --output DIR` makes
 * the folder or refuses it BEFORE anything is committed, so that a failed
 * write never leaves invoices in the ledger without their documents. */
#include "ledger_test_util.h"

#include <sys/stat.h>

#include "bridgemp/file.h"
#include "bridgemp/ledger_charges.h"
#include "bridgemp/ledger_invoice.h"

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(missing_folder_is_made),
        cmocka_unit_test(unusable_folder_commits_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
