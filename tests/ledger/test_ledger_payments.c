/* Payments against invoices and the ABF's runs built on them
 * (src/ledger/charges/payments.c, abf/penalties.c; issue 13): ABF-114 overdue
 * penalty, ABF-115 missing club number fee, ABF-116 congress and tour levy
 * gating (handbook 8.4, 5.1.1, 5.1.2; rulings AN-1..AN-3).  The test clock
 * issues every invoice on 2026-11-24. */
#include "ledger_test_util.h"

#include <signal.h>
#include <sys/wait.h>
#include <time.h>

#include "bridgemp/abf.h"
#include "bridgemp/ledger_charges.h"
#include "bridgemp/ledger_invoice.h"
#include "bridgemp/ledger_payments.h"

#define EX BMP_SOURCE_DIR "/examples/"

/* lt_abf's club 2074 (four Active home players) and a club 3200 with two:
 * capitation 2026 (ABF-111, $23.30 a player) invoiced as ABF-1-2074 =
 * 4 x 23.30 = 93.20 and ABF-1-3200 = 2 x 23.30 = 46.60. */
static void invoiced(lt *t)
{
    lt_abf(t);
    bmp_error e = {0};
    bmp_ledger_run r;
    bmp_ledger_invoices iv;
    assert_int_equal(bmp_ledger_import_clubs(t->l, "abf", lt_file(t, "c2.csv",
                     "number,name,dummy\n3200,Seaside,0\n"), NULL, NULL, &e), BMP_OK);
    assert_int_equal(bmp_ledger_import_players(t->l, "abf", lt_file(t, "p2.csv",
                     "number,name,status,home_club,alternates\n1020,A,Active,3200,\n"
                     "1021,B,Active,3200,\n"), NULL, NULL, &e), BMP_OK);
    assert_int_equal(bmp_ledger_capitation_run(t->l, "abf", 2026, NULL, &r, &e), BMP_OK);
    assert_int_equal(bmp_ledger_invoice_run(t->l, "abf", r.id, NULL, BMP_INVOICE_CSV, &iv, &e),
                     BMP_OK);
    assert_int_equal(iv.made, 2);
}

static bmp_status pay(lt *t, const char *club, const char *invoice, int64_t cents,
                      const char *date, const char *ref, bool number, bmp_ledger_paid *out)
{
    bmp_ledger_payment p = {club, invoice, cents, date, ref, number};
    bmp_error e = {0};
    bmp_ledger_paid r;
    bmp_status st = bmp_ledger_payment_record(t->l, "abf", &p, out ? out : &r, &e);
    if (st)
        fprintf(stderr, "payment %s: %s\n", ref, e.msg);
    return st;
}

static int64_t balance(lt *t, const char *number, const char *date, long *age)
{
    bmp_ledger_balance b;
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_invoice_balance(t->l, "abf", number, date, &b, &e), BMP_OK);
    if (age)
        *age = b.age;
    return b.balance;
}

/* A payment lowers its invoice's balance from its date on; the age counts
 * from the issue (2026-11-24 to 2026-11-30: 6 days).  Recording it again
 * changes nothing; the same reference with another amount, more than the
 * balance, another club's invoice and an unknown club are refused, nothing
 * recorded. */
static void payments_and_balances(void **state)
{
    (void)state;
    lt t;
    invoiced(&t);
    bmp_ledger_paid r;
    long age = 0;
    assert_int_equal(pay(&t, "2074", "ABF-1-2074", 5000, "2026-12-01", "BANK-1", true, &r),
                     BMP_OK);
    assert_false(r.already);
    assert_int_equal(r.balance, 9320 - 5000); /* 43.20 */
    assert_int_equal(r.fee_run, 0);           /* the club number was given */
    assert_int_equal(balance(&t, "ABF-1-2074", "2026-11-30", &age), 9320);
    assert_int_equal(age, 6);
    assert_int_equal(balance(&t, "ABF-1-2074", "2026-12-01", &age), 4320);
    char *before = lt_dump(&t);
    assert_int_equal(pay(&t, "2074", "ABF-1-2074", 5000, "2026-12-01", "BANK-1", true, &r),
                     BMP_OK);
    assert_true(r.already);
    bmp_ledger_payment p = {"2074", "ABF-1-2074", 4000, "2026-12-01", "BANK-1", true};
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_payment_record(t.l, "abf", &p, &r, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "payment BANK-1 is recorded already with other values"));
    p = (bmp_ledger_payment){"2074", "ABF-1-2074", 5000, "2026-12-02", "BANK-2", true};
    assert_int_equal(bmp_ledger_payment_record(t.l, "abf", &p, &r, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "50.00 is more than invoice ABF-1-2074's balance 43.20"));
    p.invoice = "ABF-1-3200";
    assert_int_equal(bmp_ledger_payment_record(t.l, "abf", &p, &r, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "invoice ABF-1-3200 is not the club's"));
    p.club = "9999";
    assert_int_equal(bmp_ledger_payment_record(t.l, "abf", &p, &r, &e), BMP_ENOTFOUND);
    p = (bmp_ledger_payment){"2074", NULL, 0, "2026-12-02", "BANK-3", true};
    assert_int_equal(bmp_ledger_payment_record(t.l, "abf", &p, &r, &e), BMP_EINVAL);
    p.cents = 100;
    p.date = "2026-02-30";
    assert_int_equal(bmp_ledger_payment_record(t.l, "abf", &p, &r, &e), BMP_EINVAL);
    lt_unchanged(&t, before);
    /* on account: no invoice; the rest of the invoice paid off */
    assert_int_equal(pay(&t, "2074", NULL, 700, "2026-12-03", "BANK-4", true, &r), BMP_OK);
    assert_int_equal(pay(&t, "2074", "ABF-1-2074", 4320, "2026-12-03", "BANK-5", true, &r),
                     BMP_OK);
    assert_int_equal(r.balance, 0);
    assert_int_equal(balance(&t, "ABF-1-2074", "2027-06-01", &age), 0);
    assert_int_equal(age, 0);
    bmp_table tb;
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_payment_list(t.l, "abf", &tb, &e), BMP_OK);
    assert_int_equal(tb.nrows, 3);
    assert_string_equal(lt_cell(&tb, 1, "invoice"), "");
    assert_string_equal(lt_cell(&tb, 1, "amount"), "7.00");
    bmp_table_free(&tb);
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_balances(t.l, "abf", "2027-01-01", &tb, &e), BMP_OK);
    assert_int_equal(tb.nrows, 1); /* only ABF-1-3200 owes: 46.60, 38 days */
    assert_string_equal(lt_cell(&tb, 0, "number"), "ABF-1-3200");
    assert_string_equal(lt_cell(&tb, 0, "balance"), "46.60");
    assert_string_equal(lt_cell(&tb, 0, "age"), "38");
    bmp_table_free(&tb);
    lt_done(&t);
}

/* ABF-115 (8.4): "A $10 administration fee will apply each time a club
 * makes a payment to the Centre without including their club number": the
 * payment without it is charged 1000 cents, invoiced at once (run 2, so
 * ABF-2-3200); recording it again charges nothing more; each such payment
 * pays its own fee (BANK-8: run 3). */
static void club_number_fee(void **state)
{
    (void)state;
    lt t;
    invoiced(&t);
    bmp_ledger_paid r;
    assert_int_equal(pay(&t, "3200", "ABF-1-3200", 4660, "2026-12-10", "BANK-7", false, &r),
                     BMP_OK);
    assert_int_equal(r.fee_cents, 1000);
    assert_int_equal(r.fee_run, 2);
    assert_int_equal(balance(&t, "ABF-2-3200", "2026-12-10", NULL), 1000);
    char *doc = NULL;
    size_t len = 0;
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_invoice_document(t.l, "abf", "ABF-2-3200", BMP_INVOICE_CSV, &doc,
                                                 &len, &e), BMP_OK);
    assert_string_equal(doc, "invoice,club,player,name,batch,rule,charge,cents\n"
                             "ABF-2-3200,3200,,,,ABF-115,payment BANK-7 of 2026-12-10 without "
                             "the club number,1000\n"
                             "ABF-2-3200,3200,,,,,total,1000\n");
    free(doc);
    char *before = lt_dump(&t);
    assert_int_equal(pay(&t, "3200", "ABF-1-3200", 4660, "2026-12-10", "BANK-7", false, &r),
                     BMP_OK);
    assert_true(r.already);
    lt_unchanged(&t, before);
    assert_int_equal(pay(&t, "3200", NULL, 500, "2026-12-11", "BANK-8", false, &r), BMP_OK);
    assert_int_equal(r.fee_run, 3);
    assert_int_equal(balance(&t, "ABF-3-3200", "2026-12-11", NULL), 1000);
    /* once the invoice is credited: BANK-7 is still `already`; no new payment on
     * it, nor on its credit note */
    assert_int_equal(bmp_ledger_invoice_credit(t.l, "abf", "ABF-1-3200", "billed twice", NULL,
                                               BMP_INVOICE_CSV, &e), BMP_OK);
    assert_int_equal(pay(&t, "3200", "ABF-1-3200", 4660, "2026-12-10", "BANK-7", false, &r),
                     BMP_OK);
    assert_true(r.already);
    bmp_ledger_payment p = {"3200", "ABF-1-3200", 100, "2026-12-12", "BANK-10", true};
    assert_int_equal(bmp_ledger_payment_record(t.l, "abf", &p, &r, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "invoice ABF-1-3200 is credited (ABF-1-3200-CR)"));
    p.invoice = "ABF-1-3200-CR";
    assert_int_equal(bmp_ledger_payment_record(t.l, "abf", &p, &r, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "ABF-1-3200-CR is a credit note"));
    lt_done(&t);
}

/* ABF-114 (8.4): "A 10% per quarter penalty will be charged for all
 * accounts overdue by more than 90 days" (ruling AN-1).  Issued
 * 2026-11-24: on 2027-02-22 (90 days) nothing is due; on 2027-02-23 (91
 * days) quarter 1: ABF-1-2074 owes 93.20 -> 9.32; ABF-1-3200 paid 40.00 of
 * 46.60, owes 6.60 -> 0.66; run total 9.98.  The same date again, and a
 * later date of the same quarter, change nothing; on 2027-05-24 (181
 * days, quarter 2) 9.32 + 0.66 again -- never on the penalty invoices. */
static void overdue_quarters(void **state)
{
    (void)state;
    lt t;
    invoiced(&t);
    assert_int_equal(pay(&t, "3200", "ABF-1-3200", 4000, "2026-12-01", "BANK-1", true, NULL),
                     BMP_OK);
    bmp_ledger_run r;
    bmp_error e = {0};
    char *before = lt_dump(&t);
    assert_int_equal(bmp_ledger_overdue_run(t.l, "abf", "2027-02-22", NULL, BMP_INVOICE_HTML, &r,
                                            &e), BMP_OK);
    assert_int_equal(r.id, 0);
    lt_unchanged(&t, before);
    assert_int_equal(bmp_ledger_overdue_run(t.l, "abf", "2027-02-23", NULL, BMP_INVOICE_HTML, &r,
                                            &e), BMP_OK);
    assert_int_equal(r.id, 2);
    assert_int_equal(r.lines, 2);
    assert_int_equal(r.total, 932 + 66);
    assert_int_equal(balance(&t, "ABF-2-2074", "2027-02-23", NULL), 932);
    assert_int_equal(balance(&t, "ABF-2-3200", "2027-02-23", NULL), 66);
    before = lt_dump(&t);
    assert_int_equal(bmp_ledger_overdue_run(t.l, "abf", "2027-02-23", NULL, BMP_INVOICE_HTML, &r,
                                            &e), BMP_OK);
    assert_true(r.already);
    assert_int_equal(r.total, 998);
    assert_int_equal(bmp_ledger_overdue_run(t.l, "abf", "2027-05-23", NULL, BMP_INVOICE_HTML, &r,
                                            &e), BMP_OK);
    assert_int_equal(r.id, 0); /* 180 days: still quarter 1 */
    lt_unchanged(&t, before);
    assert_int_equal(bmp_ledger_overdue_run(t.l, "abf", "2027-05-24", NULL, BMP_INVOICE_HTML, &r,
                                            &e), BMP_OK);
    assert_int_equal(r.lines, 2);
    assert_int_equal(r.total, 998);
    /* the quarters add up to the handbook's penalty on the balance */
    int64_t p = 0;
    assert_int_equal(bmp_abf_overdue_penalty("2026-11-24", "2027-05-24", 9320, &p, &e), BMP_OK);
    assert_int_equal(p, 2 * 932);
    assert_int_equal(bmp_ledger_overdue_run(t.l, "nzb", "2027-05-24", NULL, BMP_INVOICE_HTML, &r,
                                            &e), BMP_ENOTSUP);
    assert_int_equal(bmp_ledger_overdue_run(t.l, "abf", "2027-13-01", NULL, BMP_INVOICE_HTML, &r,
                                            &e), BMP_EINVAL);
    lt_done(&t);
}

/* A first run two quarters late charges both quarters as P(k) - P(k-1),
 * P(j) = j x 10 % half up: on 4.65 owing (93.20 less 88.55 paid), 0.465 ->
 * 0.47 and 0.93 - 0.47 = 0.46, together bmp_abf_overdue_penalty's 0.93. */
static void overdue_catch_up(void **state)
{
    (void)state;
    lt t;
    invoiced(&t);
    assert_int_equal(pay(&t, "2074", "ABF-1-2074", 8855, "2026-12-01", "BANK-1", true, NULL),
                     BMP_OK);
    assert_int_equal(pay(&t, "3200", "ABF-1-3200", 4660, "2026-12-01", "BANK-2", true, NULL),
                     BMP_OK);
    bmp_ledger_run r;
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_overdue_run(t.l, "abf", "2027-05-24", NULL, BMP_INVOICE_HTML, &r,
                                            &e), BMP_OK);
    assert_int_equal(r.lines, 2);
    assert_int_equal(r.total, 93);
    bmp_table tb;
    bmp_table_init(&tb);
    assert_int_equal(bmp_ledger_charge_lines(t.l, "abf", r.id, &tb, &e), BMP_OK);
    assert_string_equal(lt_cell(&tb, 0, "cents"), "47");
    assert_string_equal(lt_cell(&tb, 1, "cents"), "46");
    assert_string_equal(lt_cell(&tb, 0, "rule"), "ABF-114");
    bmp_table_free(&tb);
    int64_t p = 0;
    assert_int_equal(bmp_abf_overdue_penalty("2026-11-24", "2027-05-24", 465, &p, &e), BMP_OK);
    assert_int_equal(p, 93);
    lt_done(&t);
}

/* club-pairs.json (3.36 points, 4 Aug 2025) imported for `club`,
 * provisional, graded B4 ($2.68): levy 3.36 x 268 = 900.48 -> 9.00. */
static int64_t graded_batch(lt *t, const char *club)
{
    bmp_error e = {0};
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "abf", .club = club};
    int64_t id = 0;
    assert_int_equal(bmp_ledger_import_players(t->l, "abf", lt_file(t, "p6.csv",
                     "number,name,status,home_club\n1006,Player 6,Active,2074\n"), NULL, NULL,
                     &e), BMP_OK);
    assert_int_equal(bmp_ledger_import(t->l, EX "abf/club-pairs.json", &o, &id, NULL, &e),
                     BMP_OK);
    assert_int_equal(bmp_ledger_set_grade(t->l, "abf", id, "B4", false, &e), BMP_OK);
    return id;
}

/* ABF-116 (5.1.1): "Any applicable State Association Congress Levies must
 * be paid before the masterpoint credits are forwarded": the congress
 * batch's levy (9.00) is invoiced to its organiser 3101 (ABF-2-3101) and
 * the batch cannot be approved until it is paid in full; the quarterly
 * levy does not charge it again. */
static void congress_gate(void **state)
{
    (void)state;
    lt t;
    invoiced(&t);
    int64_t id = graded_batch(&t, "3101");
    bmp_ledger_run r;
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_event_levy(t.l, "abf", id, false, NULL, BMP_INVOICE_HTML, &r, &e),
                     BMP_OK);
    assert_int_equal(r.total, 900);
    char *before = lt_dump(&t);
    assert_int_equal(bmp_ledger_event_levy(t.l, "abf", id, false, NULL, BMP_INVOICE_HTML, &r, &e),
                     BMP_OK);
    assert_true(r.already);
    lt_unchanged(&t, before);
    assert_int_equal(bmp_ledger_approve(t.l, id, &e), BMP_EINVAL);
    assert_string_equal(e.msg, "batch 1 (congress): its levy invoice ABF-2-3101 is unpaid "
                               "(balance 9.00): the credits are not forwarded until it is paid "
                               "(ABF-116, 5.1.1)");
    assert_int_equal(pay(&t, "3101", "ABF-2-3101", 500, "2026-11-25", "C-1", true, NULL), BMP_OK);
    assert_int_equal(bmp_ledger_approve(t.l, id, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "(balance 4.00)"));
    assert_int_equal(pay(&t, "3101", "ABF-2-3101", 400, "2026-11-26", "C-2", true, NULL), BMP_OK);
    assert_int_equal(bmp_ledger_approve(t.l, id, &e), BMP_OK);
    assert_int_equal(bmp_ledger_close_period(t.l, "abf", "2025-10", NULL, &e), BMP_OK);
    assert_int_equal(bmp_ledger_levy_run(t.l, "abf", "2025-Q4", NULL, &r, &e), BMP_OK);
    assert_int_equal(r.lines, 0); /* levied as processed (8.1), not again */
    /* an unknown batch */
    assert_int_equal(bmp_ledger_event_levy(t.l, "abf", 99, false, NULL, BMP_INVOICE_HTML, &r, &e),
                     BMP_ENOTFOUND);
    lt_done(&t);
}

/* ABF-116 (5.1.2): Bridge Tour red credits "will not be forwarded ... until
 * all outstanding levies have been paid": the tour run by club 2074 waits
 * for its capitation invoice ABF-1-2074 (93.20) as well as its own levy. */
static void tour_gate(void **state)
{
    (void)state;
    lt t;
    invoiced(&t);
    int64_t id = graded_batch(&t, "2074");
    bmp_ledger_run r;
    bmp_error e = {0};
    assert_int_equal(bmp_ledger_event_levy(t.l, "abf", id, true, NULL, BMP_INVOICE_HTML, &r, &e),
                     BMP_OK);
    assert_int_equal(bmp_ledger_approve(t.l, id, &e), BMP_EINVAL);
    assert_string_equal(e.msg, "batch 1 (bridge tour): invoice ABF-1-2074 is unpaid (balance "
                               "93.20): red credits are held until all levies are paid "
                               "(ABF-116, 5.1.2)");
    assert_int_equal(pay(&t, "2074", "ABF-1-2074", 9320, "2026-11-25", "T-1", true, NULL),
                     BMP_OK);
    assert_int_equal(bmp_ledger_approve(t.l, id, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "invoice ABF-2-2074 is unpaid (balance 9.00)"));
    assert_int_equal(pay(&t, "2074", "ABF-2-2074", 900, "2026-11-25", "T-2", true, NULL),
                     BMP_OK);
    assert_int_equal(bmp_ledger_approve(t.l, id, &e), BMP_OK);
    /* levied once: asking again changes nothing */
    assert_int_equal(bmp_ledger_event_levy(t.l, "abf", id, true, NULL, BMP_INVOICE_HTML, &r, &e),
                     BMP_OK);
    assert_true(r.already);
    assert_int_equal(r.total, 900);
    lt_done(&t);
}

/* The run a child is killed in: 'o' the overdue run of 2027-02-23 (ABF-114,
 * 9.32 + 0.66 as in overdue_quarters), 'p' a payment without the club
 * number (ABF-115, 10.00). */
static bmp_status the_step(bmp_ledger *l, char which, int64_t *cents, bool *already,
                           bmp_error *e)
{
    if (which == 'o') {
        bmp_ledger_run r;
        bmp_status st = bmp_ledger_overdue_run(l, "abf", "2027-02-23", NULL, BMP_INVOICE_HTML,
                                               &r, e);
        *cents = r.total;
        *already = r.already;
        return st;
    }
    bmp_ledger_payment p = {"3200", NULL, 500, "2026-12-10", "BANK-9", false};
    bmp_ledger_paid r;
    bmp_status st = bmp_ledger_payment_record(l, "abf", &p, &r, e);
    *cents = r.fee_cents;
    *already = r.already;
    return st;
}

static int step_child(const char *db, char which)
{
    bmp_ledger *l = NULL;
    bmp_error e = {0};
    bmp_ledger_opts o = {.size = sizeof o, .now = "2026-11-24T12:00:00Z"};
    int64_t cents = 0;
    bool already = false;
    if (bmp_ledger_open(db, &o, &l, &e))
        return 1;
    bmp_status st = the_step(l, which, &cents, &already, &e);
    bmp_ledger_close(l);
    return st ? 1 : 0;
}

/* All or nothing: killed with SIGKILL at many points, the run or payment
 * is there whole or not at all; doing it again afterwards finishes it
 * (its invoices too: 2 capitation + 2 penalty invoices, or + the fee's)
 * with the same amounts, and the ledger verifies. */
static void killed_all_or_nothing(void **state)
{
    (void)state;
    for (const char *w = "op"; *w; w++) {
        int whole = 0, none = 0;
        for (int k = 0; k < 12; k++) {
            lt t;
            invoiced(&t);
            assert_int_equal(pay(&t, "3200", "ABF-1-3200", 4000, "2026-12-01", "BANK-1", true,
                                 NULL), BMP_OK);
            bmp_ledger_close(t.l);
            pid_t pid = fork();
            assert_true(pid >= 0);
            if (pid == 0)
                _exit(step_child(t.db, *w));
            struct timespec ts = {0, (long)k * k * 300000L}; /* 0 .. 36 ms */
            nanosleep(&ts, NULL);
            kill(pid, SIGKILL);
            waitpid(pid, NULL, 0);
            lt_open(&t);
            bmp_error e = {0};
            int64_t cents = 0;
            bool already = false;
            assert_int_equal(the_step(t.l, *w, &cents, &already, &e), BMP_OK);
            already ? whole++ : none++;
            assert_int_equal(cents, *w == 'o' ? 998 : 1000);
            bmp_table tb;
            bmp_table_init(&tb);
            assert_int_equal(bmp_ledger_invoice_list(t.l, "abf", &tb, &e), BMP_OK);
            assert_int_equal(tb.nrows, *w == 'o' ? 4 : 3);
            bmp_table_free(&tb);
            bmp_problems p = {0};
            assert_int_equal(bmp_ledger_verify(t.l, &p, &e), BMP_OK);
            bmp_problems_free(&p);
            lt_done(&t);
        }
        fprintf(stderr, "%s killed 12 times: %d left nothing, %d the whole\n",
                *w == 'o' ? "overdue run" : "payment", none, whole);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(payments_and_balances), cmocka_unit_test(club_number_fee),
        cmocka_unit_test(overdue_quarters),      cmocka_unit_test(overdue_catch_up),
        cmocka_unit_test(congress_gate),         cmocka_unit_test(tour_gate),
        cmocka_unit_test(killed_all_or_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
