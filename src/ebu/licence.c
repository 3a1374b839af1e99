/* EBU licensed events (include/bridgemp/ebu_licence.h): the status of 1.6
 * (EBU-22), the league status of 1.4.2 and 1.2.6(e) (EBU-21, EBU-15), the
 * licence fee of 1.5.3/1.11 (EBU-26) and its due date (EBU-18). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "bridgemp/ebu_licence.h"
#include "core/date.h"

const char *bmp_ebu_level_name(bmp_ebu_level level)
{
    static const char *const names[] = {"", "Club", "District", "County", "Regional",
                                        "National"};
    return level <= BMP_EBU_NATIONAL ? names[level] : "";
}

/* 1.6(c): the average of the 4 best sessions last year is >= 50 tables,
 * i.e. their sum is >= 200 (no division, no rounding). */
static bool best_four_average_50(const int *tables, size_t n)
{
    int best[4] = {-1, -1, -1, -1};
    for (size_t i = 0; i < n; i++)
        for (int k = 0; k < 4; k++)
            if (tables[i] > best[k]) {
                for (int j = 3; j > k; j--)
                    best[j] = best[j - 1];
                best[k] = tables[i];
                break;
            }
    if (best[3] < 0)
        return false; /* fewer than 4 sessions last year */
    return best[0] + best[1] + best[2] + best[3] >= 200;
}

static void decide(bmp_ebu_licence_status *out, bmp_ebu_level level, const char *why)
{
    out->level = level;
    snprintf(out->why, sizeof out->why, "%s", why);
}

/* The main event's status: (c), else (b), else (a). */
static void main_status(const bmp_ebu_licensed_event *ev, bmp_ebu_licence_status *out)
{
    out->major_criteria = ev->sessions >= 4 &&
                          best_four_average_50(ev->last_year_tables, ev->nlast_year) &&
                          ev->members_only && ev->significant_outside_entry;
    if (ev->major && out->major_criteria)
        return decide(out, BMP_EBU_REGIONAL, "EBU-22(c): a major event (>= 4 sessions, >= 50 "
                      "tables over last year's 4 best sessions, EBU members only)");
    if (ev->major && ev->major_last_year && !ev->provisional_used) {
        out->provisional = true;
        return decide(out, BMP_EBU_REGIONAL, "EBU-22(c): a major event short of the minimums, "
                      "its one provisional extra year");
    }
    if (ev->significant_outside_entry)
        return decide(out, ev->members_only ? BMP_EBU_COUNTY : BMP_EBU_DISTRICT,
                      ev->members_only ? "EBU-22(b): significant outside entry, EBU members only"
                                       : "EBU-22(b): significant outside entry, open");
    decide(out, ev->members_only ? BMP_EBU_DISTRICT : BMP_EBU_CLUB,
           ev->members_only ? "EBU-22(a): little outside entry, EBU members only"
                            : "EBU-22(a): little outside entry, open");
}

bmp_status bmp_ebu_licensed_status(const bmp_ebu_licensed_event *ev,
                                   bmp_ebu_licence_status *out, bmp_error *err)
{
    memset(out, 0, sizeof *out);
    if (ev->sessions < 1)
        return bmp_error_set(err, BMP_EINVAL, "licensed event: sessions %d: expected 1 or more "
                             "(EBU-22)", ev->sessions);
    for (size_t i = 0; i < ev->nlast_year; i++)
        if (ev->last_year_tables[i] < 0)
            return bmp_error_set(err, BMP_EINVAL, "licensed event: last year's session %zu has "
                                 "%d tables: expected 0 or more (EBU-22)", i + 1,
                                 ev->last_year_tables[i]);
    if (ev->side_event && ev->proper_consolation)
        return bmp_not_supported(err, "the status of a proper consolation as a licensed side "
                                 "event", "EBU-22", "1.6",
                                 "a consolation takes its status from 4.3 (EBU-63 .. EBU-65)");
    main_status(ev, out);
    if (ev->side_event) {
        bmp_ebu_level main = out->level;
        char why[160];
        snprintf(why, sizeof why, "EBU-22: a side event, one level below the event's %s "
                 "(minimum Club)", bmp_ebu_level_name(main));
        out->provisional = false;
        decide(out, main > BMP_EBU_CLUB ? main - 1 : BMP_EBU_CLUB, why);
    }
    return BMP_OK;
}

/* 1.2.6(e): A National, B Regional, C County, "and so on" (EA-8). */
static bmp_status inter_county(int division, int ndivisions, bmp_ebu_level *out,
                               bmp_error *err)
{
    if (ndivisions < 1 || division < 1 || division > ndivisions)
        return bmp_error_set(err, BMP_EINVAL, "inter-county league: division %d of %d: expected "
                             "1 (A) to the number of divisions (EBU-15)", division, ndivisions);
    if (division > 5)
        return bmp_not_supported(err, "an inter-county league division below E", "EBU-15",
                                 "1.2.6", "the levels run out at Club (ruling EA-8)");
    *out = (bmp_ebu_level)(BMP_EBU_NATIONAL - (division - 1));
    return BMP_OK;
}

bmp_status bmp_ebu_league_status(bmp_ebu_league kind, int division, int ndivisions,
                                 bmp_ebu_level *out, bmp_error *err)
{
    *out = BMP_EBU_LEVEL_NONE;
    switch (kind) {
    case BMP_EBU_CLUB_LEAGUE: *out = BMP_EBU_CLUB; return BMP_OK;
    case BMP_EBU_DISTRICT_LEAGUE: *out = BMP_EBU_DISTRICT; return BMP_OK;
    case BMP_EBU_COUNTY_LEAGUE: *out = BMP_EBU_COUNTY; return BMP_OK;
    case BMP_EBU_INTER_COUNTY_LEAGUE: return inter_county(division, ndivisions, out, err);
    }
    return bmp_error_set(err, BMP_EINVAL, "league type %d: expected club, district, county or "
                         "inter-county (EBU-21)", (int)kind);
}

bmp_status bmp_ebu_licence_fee(int sessions, int tables, int64_t rate_cents, int64_t *out,
                               bmp_error *err)
{
    *out = 0;
    if (sessions < 0 || tables < 0 || rate_cents < 0)
        return bmp_error_set(err, BMP_EINVAL, "licence fee: %d sessions x %d tables x %lld "
                             "cents: expected no negative figure (EBU-26)", sessions, tables,
                             (long long)rate_cents);
    int64_t ts = (int64_t)sessions * tables;
    if (rate_cents && ts > INT64_MAX / rate_cents)
        return bmp_error_set(err, BMP_EINVAL, "licence fee: %d sessions x %d tables x %lld "
                             "cents is too large (EBU-26)", sessions, tables,
                             (long long)rate_cents);
    *out = ts * rate_cents;
    return BMP_OK;
}

bmp_status bmp_ebu_licence_due(const char *end, char out[11], bmp_error *err)
{
    core_date d;
    bmp_status rc = core_date_get(end, "licence: the end of the event", &d, err);
    if (rc)
        return rc;
    long want = core_date_days(d) + 30; /* 1.5.2: "within 30 days of the conclusion" */
    char buf[48]; /* room for any int the compiler assumes */
    while (core_date_days(d) < want) {
        d.d++;
        snprintf(buf, sizeof buf, "%04d-%02d-%02d", d.y, d.m, d.d);
        core_date t;
        if (!core_date_parse(buf, &t)) {
            d.d = 1;
            if (++d.m > 12) {
                d.m = 1;
                d.y++;
            }
        }
    }
    snprintf(buf, sizeof buf, "%04d-%02d-%02d", d.y % 10000, d.m % 100, d.d % 100);
    memcpy(out, buf, 11);
    return BMP_OK;
}
