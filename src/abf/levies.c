/* ABF levies, capitation fees and fines as dated data (Masterpoint Scheme
 * 8.1-8.4; ABF-110..115).  Money is int64 cents. */
#include "bridgemp/abf.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core/date.h"

/* 8.3 "Fees as at April 1st 2025".  The fees are set each year at the ABF
 * AGM (1.4.3): a new schedule is a new row, never an edit of an old one.
 * Sorted by effective date. */
static const bmp_abf_fees schedules[] = {
    {
        .effective = "2025-04-01",
        .levy_b3_b4_b5 = 268,
        .levy_c_d_e_f = 253,
        .levy_b4c_b4s_b5i = 203,
        .levy_a_a2_b = 174,
        .capitation_apr_sep = 2330,
        .capitation_oct_dec = 1165,
        .capitation_jan_mar = 0,
        .new_player_commission = 100,
        .late_file_pct_per_month = 4,
        .late_file_grace_days = 30,
        .overdue_pct_per_quarter = 10,
        .overdue_grace_days = 90,
        .no_club_number_fee = 1000,
    },
};
#define NSCHEDULES (sizeof schedules / sizeof *schedules)

bmp_status bmp_abf_fees_on(const char *date, const bmp_abf_fees **out, bmp_error *err)
{
    core_date d;
    bmp_status st = core_date_get(date, "ABF fee schedule", &d, err);
    if (st)
        return st;
    /* Validated ISO dates compare as strings. */
    const bmp_abf_fees *found = NULL;
    for (size_t i = 0; i < NSCHEDULES; i++)
        if (strcmp(schedules[i].effective, date) <= 0)
            found = &schedules[i];
    if (!found)
        return bmp_error_set(err, BMP_ENOTFOUND,
                             "no ABF fee schedule known for %s: the earliest is the one in force "
                             "from %s (8.3)",
                             date, schedules[0].effective);
    *out = found;
    return BMP_OK;
}

/* 8.3 item 1: levy per masterpoint by grade group. */
bmp_status bmp_abf_levy_rate(const bmp_abf_fees *f, const char *grade, int64_t *cents,
                             bmp_error *err)
{
    static const struct {
        const char *grades[4];
        size_t offset;
    } groups[] = {
        {{"B3", "B4", "B5", NULL}, offsetof(bmp_abf_fees, levy_b3_b4_b5)},
        {{"C", "D", "E", "F"}, offsetof(bmp_abf_fees, levy_c_d_e_f)},
        {{"B4c", "B4s", "B5i", NULL}, offsetof(bmp_abf_fees, levy_b4c_b4s_b5i)},
        {{"A", "A2", "B", NULL}, offsetof(bmp_abf_fees, levy_a_a2_b)},
    };
    /* Grade codes are case-sensitive where it matters: "B4c" is not "B4C"
     * in the handbook, but nothing else collides, so case is ignored. */
    for (size_t g = 0; g < sizeof groups / sizeof *groups; g++)
        for (size_t i = 0; i < 4 && groups[g].grades[i]; i++)
            if (grade && strcasecmp(grade, groups[g].grades[i]) == 0) {
                *cents = *(const int64_t *)((const char *)f + groups[g].offset);
                return BMP_OK;
            }
    return bmp_error_set(err, BMP_EINVAL,
                         "ABF levy: unknown grade \"%s\" (expected A, A2, B, B3, B4, B5, B4c, B4s, "
                         "B5i, C, D, E or F; 8.3)",
                         grade ? grade : "(none)");
}

/* 8.1: levy = points issued x rate, once on the total billed (quarterly for
 * clubs, per event for congresses), rounded half-up to the cent. */
bmp_status bmp_abf_levy(const char *date, const char *grade, bmp_points points, int64_t *cents,
                        bmp_error *err)
{
    const bmp_abf_fees *f = NULL;
    int64_t rate = 0;
    bmp_status st;
    if ((st = bmp_abf_fees_on(date, &f, err)) || (st = bmp_abf_levy_rate(f, grade, &rate, err)))
        return st;
    if (points < 0)
        return bmp_error_set(err, BMP_EINVAL, "ABF levy: points must not be negative");
    /* hundredths of a point x cents per point = hundredths of a cent. */
    *cents = bmp_mul_ratio(points, rate, 100, BMP_ROUND_HALF_UP, 1);
    return BMP_OK;
}

/* April 1 that starts the membership year containing d (1.3.1: April 1 to
 * March 31). */
static long membership_year(core_date d)
{
    return d.m >= 4 ? d.y : d.y - 1;
}

/* 8.2, 8.3 item 2: capitation by registration period; the new-club waiver;
 * no capitation for the overseas players' clubs (1.3.3) and the Youth
 * Players' Club (1.3.6). */
bmp_status bmp_abf_capitation(const bmp_abf_member *m, int64_t *fee, int64_t *commission,
                              bmp_error *err)
{
    const bmp_abf_fees *f = NULL;
    core_date d, club;
    bmp_status st;
    if ((st = core_date_get(m->date, "capitation: registration date", &d, err)) ||
        (st = bmp_abf_fees_on(m->date, &f, err)))
        return st;
    if (m->club_affiliated &&
        (st = core_date_get(m->club_affiliated, "capitation: club affiliation date", &club, err)))
        return st;
    *commission = 0;
    if (m->exempt_club) {
        *fee = 0;
        return BMP_OK;
    }
    if (d.m >= 4 && d.m <= 9)
        *fee = f->capitation_apr_sep;
    else if (d.m >= 10)
        *fee = f->capitation_oct_dec;
    else
        *fee = f->capitation_jan_mar;
    /* "Clubs registering NEW players during these periods will receive $1
     * commission per player" - in every period, the nil one too (AMB-18). */
    if (m->new_player)
        *commission = f->new_player_commission;
    /* 8.2: first ABF registration year of a newly affiliated club (12 months
     * from April 1, or part thereof), for players never in the scheme. */
    if (m->club_affiliated && m->new_player && membership_year(club) == membership_year(d))
        *fee = 0;
    return BMP_OK;
}

/* Started periods of `period` days beyond `grace` days; 0 within the grace. */
static int64_t started_periods(long days, int grace, int period)
{
    return days <= grace ? 0 : (days - grace + period - 1) / period;
}

static bool is_green_grade(const char *g)
{
    return strcasecmp(g, "C") == 0 || strcasecmp(g, "D") == 0 || strcasecmp(g, "E") == 0 ||
           strcasecmp(g, "F") == 0;
}

bmp_status bmp_abf_days_between(const char *a, const char *b, long *days, bmp_error *err)
{
    core_date da, db;
    bmp_status st;
    if ((st = core_date_get(a, "date", &da, err)) || (st = core_date_get(b, "date", &db, err)))
        return st;
    *days = core_date_days(db) - core_date_days(da);
    return BMP_OK;
}

/* 8.4 first paragraph. */
bmp_status bmp_abf_late_file_penalty(const char *grade, bool exempt, int64_t levy_cents,
                                     const char *ended, const char *lodged, int64_t *penalty,
                                     bmp_error *err)
{
    const bmp_abf_fees *f = NULL;
    int64_t rate = 0;
    long days;
    bmp_status st;
    if ((st = bmp_abf_fees_on(lodged, &f, err)) || (st = bmp_abf_levy_rate(f, grade, &rate, err)) ||
        (st = bmp_abf_days_between(ended, lodged, &days, err)))
        return st;
    if (days < 0)
        return bmp_error_set(err, BMP_EINVAL, "late file: lodged %s before the event ended %s",
                             lodged, ended);
    /* Only gold and red events; club B4c/B5i are named exempt, GNOT and GNP
     * are flagged by the caller. */
    if (exempt || is_green_grade(grade) || strcasecmp(grade, "B4c") == 0 ||
        strcasecmp(grade, "B5i") == 0) {
        *penalty = 0;
        return BMP_OK;
    }
    int64_t months = started_periods(days, f->late_file_grace_days, 30);
    *penalty = bmp_mul_ratio(levy_cents, (int64_t)f->late_file_pct_per_month * months, 100,
                             BMP_ROUND_HALF_UP, 1);
    return BMP_OK;
}

/* 8.4 second paragraph. */
bmp_status bmp_abf_overdue_penalty(const char *due, const char *paid, int64_t balance_cents,
                                   int64_t *penalty, bmp_error *err)
{
    const bmp_abf_fees *f = NULL;
    long days;
    bmp_status st;
    if ((st = bmp_abf_fees_on(paid, &f, err)) || (st = bmp_abf_days_between(due, paid, &days, err)))
        return st;
    int64_t quarters = started_periods(days, f->overdue_grace_days, 90);
    *penalty = bmp_mul_ratio(balance_cents, (int64_t)f->overdue_pct_per_quarter * quarters, 100,
                             BMP_ROUND_HALF_UP, 1);
    return BMP_OK;
}

/* 8.4 third paragraph. */
bmp_status bmp_abf_no_club_number_fee(const char *date, int payments, int64_t *cents,
                                      bmp_error *err)
{
    const bmp_abf_fees *f = NULL;
    bmp_status st = bmp_abf_fees_on(date, &f, err);
    if (st)
        return st;
    if (payments < 0)
        return bmp_error_set(err, BMP_EINVAL, "payments must not be negative");
    *cents = f->no_club_number_fee * payments;
    return BMP_OK;
}
