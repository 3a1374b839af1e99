/* The status of an EBU club's or county's own events
 * (include/bridgemp/ebu_year.h): regular games and minor championships
 * (1.2.1, EBU-10), ladders (1.2.3, EBU-12), major championships (1.2.4,
 * EBU-13) and simultaneous pairs (1.2.5, EBU-14); ruling ES-2. */
#include <stdio.h>
#include <string.h>

#include "bridgemp/ebu_year.h"
#include "core/date.h"

static void decide(bmp_ebu_year_status *out, bmp_ebu_level level, const char *why)
{
    out->level = level;
    snprintf(out->why, sizeof out->why, "%s", why);
}

/* ES-2: a county's regular games are "run more frequently than once a
 * month" when two of them fall in one calendar month. */
static bool more_than_monthly(const bmp_ebu_organiser_year *y)
{
    int per_month[13] = {0};
    for (size_t i = 0; i < y->nevents; i++) {
        core_date d;
        if (y->events[i].kind == BMP_EBU_REGULAR && core_date_parse(y->events[i].date, &d) &&
            ++per_month[d.m] > 1)
            return true;
    }
    return false;
}

/* 1.2.1: the organiser's regular games, minor championships and ladders. */
static void regular_status(const bmp_ebu_organiser_year *y, const bmp_ebu_year_event *e,
                           bmp_ebu_year_status *out)
{
    if (y->organiser == BMP_EBU_AFFILIATED_CLUB)
        return decide(out, BMP_EBU_CLUB, "EBU-10 (1.2.1): an affiliated club's game, Club");
    if (more_than_monthly(y))
        return decide(out, BMP_EBU_CLUB, "EBU-10 (1.2.1): the county's regular games are run "
                                         "more often than once a month, all at Club (ES-2)");
    if (e->members_only)
        return decide(out, BMP_EBU_COUNTY, "EBU-10 (1.2.1): a county event restricted to EBU "
                                           "members, County");
    decide(out, BMP_EBU_DISTRICT, "EBU-10 (1.2.1): a county event open to non-members, "
                                  "District");
}

/* 1.2.4: one level up from the organiser's 1.2.1 status. */
static void major_status(const bmp_ebu_organiser_year *y, const bmp_ebu_year_event *e,
                         bmp_ebu_year_status *out)
{
    if (e->green && y->organiser == BMP_EBU_COUNTY_ASSOCIATION)
        return decide(out, BMP_EBU_REGIONAL, "EBU-118 (6.1.3): a county's Green Point major "
                                             "championship, Local at Regional in its stages "
                                             "without Green");
    bmp_ebu_level base = y->organiser == BMP_EBU_AFFILIATED_CLUB ? BMP_EBU_CLUB
                         : e->members_only                      ? BMP_EBU_COUNTY
                                                                : BMP_EBU_DISTRICT;
    char why[160];
    snprintf(why, sizeof why, "EBU-13 (1.2.4): a major championship, one level above %s",
             bmp_ebu_level_name(base));
    decide(out, (bmp_ebu_level)(base + 1), why);
}

bmp_status bmp_ebu_year_status_of(const bmp_ebu_organiser_year *y, size_t i, bool overall,
                                  bmp_ebu_year_status *out, bmp_error *err)
{
    memset(out, 0, sizeof *out);
    if (i >= y->nevents)
        return bmp_error_set(err, BMP_EINVAL, "event %zu: expected 0 to %zu", i,
                             y->nevents ? y->nevents - 1 : 0);
    const bmp_ebu_year_event *e = &y->events[i];
    bool club = y->organiser == BMP_EBU_AFFILIATED_CLUB;
    switch (e->kind) {
    case BMP_EBU_REGULAR:
    case BMP_EBU_LADDER: regular_status(y, e, out); return BMP_OK;
    case BMP_EBU_MAJOR_PAIRS:
    case BMP_EBU_MAJOR_TEAMS: major_status(y, e, out); return BMP_OK;
    case BMP_EBU_SIM_PAIRS:
        if (!overall) {
            decide(out, BMP_EBU_CLUB, "EBU-14 (1.2.5): a club heat of a simultaneous pairs, "
                                      "Club (awarded by affiliated clubs only)");
            return BMP_OK;
        }
        if (!club) {
            decide(out, BMP_EBU_DISTRICT, "EBU-14 (1.2.5): a county's overall simultaneous "
                                          "pairs result, District (on the numbers playing at "
                                          "affiliated clubs)");
            return BMP_OK;
        }
        return bmp_error_set(err, BMP_EINVAL, "events[%zu]: a club's simultaneous pairs overall "
                             "result takes the status of its special licence (EBU-14, 1.2.5; "
                             "EBU-22)", i);
    default:
        return bmp_error_set(err, BMP_EINVAL, "events[%zu]: a licensed, league or Green Point "
                             "event takes its status from its licence (EBU-22, 1.6), its league "
                             "(EBU-21) or Chapter 6, not from 1.2.1", i);
    }
}
