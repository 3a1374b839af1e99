/* ABF levies, capitation and fines (Masterpoint Scheme 8.1-8.4).  Oracle:
 * tests/data/abf_admin/levies_fees_2025.csv, a transcription of 8.3/8.4 "as at
 * April 1st 2025". */
#include "bmp_test.h"

#include <stdlib.h>
#include <string.h>

#include "bridgemp/abf.h"

static int64_t cents(const char *s)
{
    bmp_points p;
    if (!bmp_points_parse(s, &p))
        fail_msg("bad amount \"%s\"", s);
    return p; /* dollars with 2 decimals read as hundredths = cents */
}

static int64_t levy(const char *date, const char *grade, bmp_points pts)
{
    int64_t c = -1;
    bmp_error e = {0};
    if (bmp_abf_levy(date, grade, pts, &c, &e))
        fail_msg("%s", e.msg);
    return c;
}

static void capitation(const char *date, bool new_player, bool exempt, const char *club,
                       int64_t want_fee, int64_t want_commission)
{
    bmp_abf_member m = {date, new_player, exempt, club};
    int64_t fee = -1, comm = -1;
    bmp_error e = {0};
    if (bmp_abf_capitation(&m, &fee, &comm, &e))
        fail_msg("%s", e.msg);
    if (fee != want_fee || comm != want_commission)
        fail_msg("%s: fee %lld commission %lld, expected %lld %lld", date, (long long)fee,
                 (long long)comm, (long long)want_fee, (long long)want_commission);
}

/* ABF-110, ABF-111, ABF-113..115: every row of the 2025 schedule. */
static void every_schedule_row(void **state)
{
    (void)state;
    const bmp_abf_fees *f;
    bmp_error e = {0};
    assert_int_equal(bmp_abf_fees_on("2025-04-01", &f, &e), BMP_OK);
    assert_string_equal(f->effective, "2025-04-01");
    bmp_csv c;
    bmp_csv_load(&c, "abf_admin/levies_fees_2025.csv");
    size_t item = bmp_csv_col(&c, "item"), to = bmp_csv_col(&c, "applies_to"),
           amt = bmp_csv_col(&c, "amount_AUD");
    int seen = 0;
    for (size_t r = 1; r < c.nrows; r++) {
        const char *it = bmp_csv_get(&c, r, item), *ap = bmp_csv_get(&c, r, to),
                   *am = bmp_csv_get(&c, r, amt);
        if (strcmp(it, "masterpoint_levy_per_point") == 0) {
            /* ABF-110: the rate of every grade named in the row. */
            char grades[64];
            snprintf(grades, sizeof grades, "%s", ap);
            for (char *g = strtok(grades, " "); g; g = strtok(NULL, " ")) {
                int64_t rate;
                assert_int_equal(bmp_abf_levy_rate(f, g, &rate, &e), BMP_OK);
                assert_int_equal(rate, cents(am));
                /* One masterpoint costs the rate. */
                assert_int_equal(levy("2025-04-01", g, 100), cents(am));
                seen++;
            }
        } else if (strcmp(it, "capitation_per_home_player") == 0) {
            /* ABF-111: first and last day of each registration period. */
            const char *first, *last;
            if (strstr(ap, "1 Apr"))
                first = "2025-04-01", last = "2025-09-30";
            else if (strstr(ap, "1 Oct"))
                first = "2025-10-01", last = "2025-12-31";
            else
                first = "2026-01-01", last = "2026-03-31";
            capitation(first, false, false, NULL, cents(am), 0);
            capitation(last, false, false, NULL, cents(am), 0);
            seen++;
        } else if (strcmp(it, "new_player_commission") == 0) {
            /* ABF-111: printed as a credit of $1 to the club. */
            assert_int_equal(-f->new_player_commission, cents(am));
            seen++;
        } else if (strcmp(it, "late_credit_file_penalty") == 0) {
            assert_int_equal(f->late_file_pct_per_month, atoi(bmp_csv_get(&c, r, amt)));
            assert_int_equal(f->late_file_grace_days, 30);
            seen++;
        } else if (strcmp(it, "overdue_account_penalty") == 0) {
            assert_int_equal(f->overdue_pct_per_quarter, atoi(am));
            assert_int_equal(f->overdue_grace_days, 90);
            seen++;
        } else if (strcmp(it, "payment_without_club_number") == 0) {
            assert_int_equal(f->no_club_number_fee, cents(am));
            seen++;
        } else {
            fail_msg("unexpected row %s", it);
        }
    }
    assert_int_equal(seen, 13 + 3 + 4); /* 13 grades, 3 periods, 4 other rows */
    bmp_csv_free(&c);
}

/* ABF-110: dated lookup: no schedule before the first one is known. */
static void dated_lookup(void **state)
{
    (void)state;
    const bmp_abf_fees *f;
    bmp_error e = {0};
    assert_int_equal(bmp_abf_fees_on("2025-03-31", &f, &e), BMP_ENOTFOUND);
    assert_non_null(strstr(e.msg, "no ABF fee schedule known for 2025-03-31"));
    assert_int_equal(bmp_abf_fees_on("2030-01-01", &f, &e), BMP_OK);
    assert_string_equal(f->effective, "2025-04-01");
    assert_int_equal(bmp_abf_fees_on("2025-02-29", &f, &e), BMP_EINVAL);
    assert_int_equal(bmp_abf_fees_on("1/4/2025", &f, &e), BMP_EINVAL);
    assert_int_equal(bmp_abf_fees_on("2028-02-29", &f, &e), BMP_OK); /* leap year */
    int64_t c;
    assert_int_equal(bmp_abf_levy("2024-12-31", "E", 100, &c, &e), BMP_ENOTFOUND);
    assert_int_equal(bmp_abf_levy("2025-05-01", "G", 100, &c, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "unknown grade \"G\""));
}

/* ABF-110: levy = points x rate, rounded half-up to the cent. */
static void levy_amounts(void **state)
{
    (void)state;
    /* 0.42 x $2.53 = $1.0626 -> $1.06. */
    assert_int_equal(levy("2025-06-30", "E", 42), 106);
    /* 0.50 x $2.53 = $1.265 -> $1.27 (exactly half a cent: up). */
    assert_int_equal(levy("2025-06-30", "D", 50), 127);
    /* 0.25 x $2.53 = $0.6325 -> $0.63. */
    assert_int_equal(levy("2025-06-30", "F", 25), 63);
    /* 1.45 red at B4c: 1.45 x $2.03 = $2.9435 -> $2.94. */
    assert_int_equal(levy("2025-06-30", "B4c", 145), 294);
    /* A quarter's club total of 123.45 green: 123.45 x 2.53 = $312.3285 -> $312.33. */
    assert_int_equal(levy("2025-06-30", "E", 12345), 31233);
    /* A congress issuing 250.00 red at B4: $670.00; the same points at A: $435.00. */
    assert_int_equal(levy("2025-06-30", "B4", 25000), 67000);
    assert_int_equal(levy("2025-06-30", "A", 25000), 43500);
    /* 0.50 x $1.74 = $0.87 at B; grade names ignore case. */
    assert_int_equal(levy("2025-06-30", "b", 50), 87);
    assert_int_equal(levy("2025-06-30", "b4S", 100), 203);
}

/* ABF-111, ABF-112: capitation, commission, exempt clubs, new-club waiver. */
static void capitation_rules(void **state)
{
    (void)state;
    capitation("2025-04-01", true, false, NULL, 2330, 100);
    capitation("2025-11-20", true, false, NULL, 1165, 100);
    capitation("2026-02-01", true, false, NULL, 0, 100); /* nil period, commission too (AMB-18) */
    /* ABF-100, ABF-102: overseas players' clubs (1.3.3) and the Youth
     * Players' Club (1.3.6) pay no capitation. */
    capitation("2025-04-01", false, true, NULL, 0, 0);
    /* ABF-112: club first affiliated 2025-06-10: its first registration year
     * is 2025-04-01 .. 2026-03-31; new players then pay nothing. */
    capitation("2025-06-10", true, false, "2025-06-10", 0, 100);
    capitation("2025-10-15", true, false, "2025-06-10", 0, 100);
    capitation("2026-03-31", true, false, "2025-06-10", 0, 100);
    /* ... but a player who was in the scheme before pays, and so does
     * everyone from the next registration year. */
    capitation("2025-06-10", false, false, "2025-06-10", 2330, 0);
    capitation("2026-04-01", true, false, "2025-06-10", 2330, 100);
    bmp_abf_member m = {"2025-03-31", true, false, NULL};
    int64_t fee, comm;
    bmp_error e = {0};
    assert_int_equal(bmp_abf_capitation(&m, &fee, &comm, &e), BMP_ENOTFOUND);
    bmp_abf_member bad = {"2025-05-01", true, false, "2025-13-01"};
    assert_int_equal(bmp_abf_capitation(&bad, &fee, &comm, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "club affiliation date"));
}

static int64_t late(const char *grade, bool exempt, int64_t levy_c, const char *ended,
                    const char *lodged)
{
    int64_t p = -1;
    bmp_error e = {0};
    if (bmp_abf_late_file_penalty(grade, exempt, levy_c, ended, lodged, &p, &e))
        fail_msg("%s", e.msg);
    return p;
}

/* ABF-113: 4% per (started) month when a gold or red credit file is lodged
 * more than 30 days after the event. */
static void late_file(void **state)
{
    (void)state;
    /* Event ended 2025-05-01; levy $100.00. */
    assert_int_equal(late("B4", false, 10000, "2025-05-01", "2025-05-31"), 0);   /* 30 days */
    assert_int_equal(late("B4", false, 10000, "2025-05-01", "2025-06-01"), 400); /* 31: 1 month */
    assert_int_equal(late("B4", false, 10000, "2025-05-01", "2025-06-30"), 400); /* 60 */
    assert_int_equal(late("B4", false, 10000, "2025-05-01", "2025-07-01"), 800); /* 61: 2 */
    assert_int_equal(late("A", false, 10000, "2025-05-01", "2025-08-01"), 1200); /* 92: 3 x 4% */
    /* $12.34 x 4% = $0.4936 -> $0.49. */
    assert_int_equal(late("B", false, 1234, "2025-05-01", "2025-06-05"), 49);
    /* Exempt: green events, club B4c/B5i, GNOT and GNP (flagged). */
    assert_int_equal(late("E", false, 10000, "2025-05-01", "2025-09-01"), 0);
    assert_int_equal(late("B4c", false, 10000, "2025-05-01", "2025-09-01"), 0);
    assert_int_equal(late("B5i", false, 10000, "2025-05-01", "2025-09-01"), 0);
    assert_int_equal(late("A", true, 10000, "2025-05-01", "2025-09-01"), 0);
    int64_t p;
    bmp_error e = {0};
    assert_int_equal(bmp_abf_late_file_penalty("B4", false, 100, "2025-06-01", "2025-05-01", &p, &e),
                     BMP_EINVAL);
}

/* ABF-114: 10% per (started) quarter on accounts overdue more than 90 days.
 * ABF-115: $10 per payment without the club number. */
static void overdue_and_fee(void **state)
{
    (void)state;
    int64_t p;
    bmp_error e = {0};
    assert_int_equal(bmp_abf_overdue_penalty("2025-04-01", "2025-06-30", 55555, &p, &e), BMP_OK);
    assert_int_equal(p, 0); /* 90 days */
    assert_int_equal(bmp_abf_overdue_penalty("2025-04-01", "2025-07-01", 55555, &p, &e), BMP_OK);
    assert_int_equal(p, 5556); /* 91 days: $555.55 x 10% = $55.555 -> $55.56 */
    assert_int_equal(bmp_abf_overdue_penalty("2025-04-01", "2025-09-28", 55555, &p, &e), BMP_OK);
    assert_int_equal(p, 5556); /* 180 days: still one quarter */
    assert_int_equal(bmp_abf_overdue_penalty("2025-04-01", "2025-09-29", 55555, &p, &e), BMP_OK);
    assert_int_equal(p, 11111); /* 181 days: two quarters, $111.11 */
    int64_t fee;
    assert_int_equal(bmp_abf_no_club_number_fee("2025-08-01", 3, &fee, &e), BMP_OK);
    assert_int_equal(fee, 3000);
    assert_int_equal(bmp_abf_no_club_number_fee("2025-08-01", -1, &fee, &e), BMP_EINVAL);
    long d;
    assert_int_equal(bmp_abf_days_between("2024-02-28", "2024-03-01", &d, &e), BMP_OK);
    assert_int_equal(d, 2); /* leap day */
    assert_int_equal(bmp_abf_days_between("2025-12-31", "2026-01-01", &d, &e), BMP_OK);
    assert_int_equal(d, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_schedule_row), cmocka_unit_test(dated_lookup),
        cmocka_unit_test(levy_amounts),       cmocka_unit_test(capitation_rules),
        cmocka_unit_test(late_file),          cmocka_unit_test(overdue_and_fee),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
