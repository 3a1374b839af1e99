/* An EBU club's or county's events of one calendar year
 * (include/bridgemp/ebu_year.h): the yearly allowances of 1.2.2-1.2.6, 5.2,
 * 5.3, 6.1.4 and 6.1.5 (EBU-11 .. EBU-14, EBU-115, EBU-116, EBU-119) and
 * the status of the organiser's own games (1.2.1, EBU-10); rulings ES-1 ..
 * ES-5. */
#include <stdio.h>
#include <string.h>

#include "bridgemp/ebu_year.h"
#include "core/date.h"

/* Counts of the year so far. */
typedef struct year_counts {
    int ladders, major_pairs, major_teams, free_sims;
    int blue, licensed_blue, online_blue, league_blue;
    int one_day_green, congress_green;
} year_counts;

typedef struct year_walk {
    const bmp_ebu_organiser_year *y;
    const bmp_ebu_year_event *ev;
    size_t i;
    bool club;
    year_counts n;
    bmp_error *err;
} year_walk;

static bmp_status refuse(const year_walk *w, const char *rule, const char *what)
{
    return bmp_error_set(w->err, BMP_EINVAL, "events[%zu] \"%s\" (%s): %s (%s)", w->i,
                         w->ev->id ? w->ev->id : "", w->ev->date ? w->ev->date : "", what, rule);
}

/* ES-1: "per annum" is the calendar year of the events' dates. */
static bmp_status check_dates(const bmp_ebu_organiser_year *y, bmp_error *err)
{
    core_date first = {0};
    for (size_t i = 0; i < y->nevents; i++) {
        core_date d;
        char what[48];
        snprintf(what, sizeof what, "events[%zu].date", i);
        bmp_status st = core_date_get(y->events[i].date, what, &d, err);
        if (st)
            return st;
        if (i == 0)
            first = d;
        else if (d.y != first.y)
            return bmp_error_set(err, BMP_EINVAL, "events[%zu].date %s: expected a date in %04d, "
                                 "the calendar year of events[0]: the allowances are per annum "
                                 "(ruling ES-1)", i, y->events[i].date, first.y);
    }
    return BMP_OK;
}

int bmp_ebu_club_blue_allowance(int64_t previous_player_sessions)
{
    if (previous_player_sessions < 0)
        previous_player_sessions = 0;
    int64_t extra = previous_player_sessions / 10000;
    return extra > 1000 ? 2002 : 2 + 2 * (int)extra; /* 5.3.1 */
}

/* 1.2.3, 1.2.4, 6.1.1: two ladders, one major pairs and one major teams a
 * year, Green Point majors a county's. */
static bmp_status check_club_and_county(year_walk *w)
{
    bool major = w->ev->kind == BMP_EBU_MAJOR_PAIRS || w->ev->kind == BMP_EBU_MAJOR_TEAMS;
    if (w->ev->green && (!major || w->club))
        return refuse(w, "EBU-118, 6.1.1", "`green` marks a county's nominated major "
                                           "championship (one-day and congress Green events "
                                           "are kinds of their own)");
    switch (w->ev->kind) {
    case BMP_EBU_LADDER:
        if (++w->n.ladders > 2)
            return refuse(w, "EBU-12, 1.2.3", "a third ladder: clubs and counties may run two "
                                              "ladders per annum");
        break;
    case BMP_EBU_MAJOR_PAIRS:
        if (++w->n.major_pairs > 1)
            return refuse(w, "EBU-13, 1.2.4", "a second major pairs championship: one a year");
        break;
    case BMP_EBU_MAJOR_TEAMS:
        if (++w->n.major_teams > 1)
            return refuse(w, "EBU-13, 1.2.4", "a second major teams championship: one a year");
        break;
    default:
        break;
    }
    return BMP_OK;
}

/* 1.2.5: clubs need a licence for a sim; a county runs two a year without
 * one, affiliated clubs only and not Blue Point. */
static bmp_status check_sim(year_walk *w)
{
    const bmp_ebu_year_event *e = w->ev;
    if (e->licensed)
        return BMP_OK;
    if (w->club)
        return refuse(w, "EBU-14, 1.2.5", "a club's simultaneous pairs needs a special licence");
    if (e->non_affiliated_heats)
        return refuse(w, "EBU-14, 1.2.5", "heats at non-affiliated clubs need a special licence "
                                          "(a charity sim)");
    if (e->blue)
        return refuse(w, "EBU-14, 1.2.5", "a county's sim without a licence may not be a Blue "
                                          "Point event");
    if (++w->n.free_sims > 2)
        return refuse(w, "EBU-14, 1.2.5", "a third simultaneous pairs without a licence: a "
                                          "county may run two per annum");
    return BMP_OK;
}

/* 5.3 (ruling ES-4): a club's Blue events are its closed major
 * championships or licensed open events open to EBU members only, at most
 * the 5.3.1 allowance, of them at most four licensed (1.2.2). */
static bmp_status check_club_blue(year_walk *w)
{
    const bmp_ebu_year_event *e = w->ev;
    bool major = e->kind == BMP_EBU_MAJOR_PAIRS || e->kind == BMP_EBU_MAJOR_TEAMS;
    if (!major && e->kind != BMP_EBU_OPEN_LICENSED)
        return refuse(w, "EBU-116, 5.3.3", "a club's Blue Point event is a licensed open event "
                                           "or its major pairs or teams championship");
    if (e->kind == BMP_EBU_OPEN_LICENSED && !e->members_only)
        return refuse(w, "EBU-116, 5.3.2, 5.2.1", "an open Blue Point event is open to EBU "
                                                  "members only");
    int allow = bmp_ebu_club_blue_allowance(w->y->previous_player_sessions);
    if (++w->n.blue > allow) {
        char what[160];
        snprintf(what, sizeof what, "Blue Point event %d of the year: the club's allowance is "
                 "%d (2 + 2 per 10,000 of its %lld player-sessions last year)", w->n.blue, allow,
                 (long long)w->y->previous_player_sessions);
        return refuse(w, "EBU-116, 5.3.1", what);
    }
    if (e->kind == BMP_EBU_OPEN_LICENSED && ++w->n.licensed_blue > 4)
        return refuse(w, "EBU-11, 1.2.2", "a fifth licensed Blue Point event: up to four of a "
                                          "club's special licences may be Blue Point");
    return BMP_OK;
}

/* 5.2, 1.2.6(a) (ruling ES-5): a county's league division 1 and up to
 * four other Blue events, licensed and open to EBU members only. */
static bmp_status check_county_blue(year_walk *w)
{
    const bmp_ebu_year_event *e = w->ev;
    if (e->kind == BMP_EBU_LEAGUE_DIV1) {
        if (++w->n.league_blue > 1)
            return refuse(w, "EBU-115, 5.2.3", "Blue Points for the first division of the "
                                               "county teams league: one league division");
        return BMP_OK;
    }
    if (e->kind == BMP_EBU_SIM_PAIRS)
        return BMP_OK; /* a licensed Blue sim: its licence's terms (1.2.5) */
    if (!e->licensed)
        return refuse(w, "EBU-115, 5.2.1", "a county Blue Point event needs a licence");
    if (!e->members_only)
        return refuse(w, "EBU-115, 5.2.1", "a county Blue Point event is open to EBU members "
                                           "only");
    if (++w->n.blue > 4)
        return refuse(w, "EBU-115, 1.2.6(a)", "a fifth Blue Point event: up to four besides "
                                              "the league's first division");
    w->n.online_blue += e->online;
    return BMP_OK;
}

/* 6.1.4, 6.1.5 (ruling ES-3): up to two one-day Green events, a congress
 * Green event taking the place of one; none online from 1 April 2023. */
static bmp_status check_green(year_walk *w)
{
    const bmp_ebu_year_event *e = w->ev;
    if (w->club)
        return refuse(w, "EBU-119, 6.1.4", "one-day and congress Green Point events are a "
                                           "county's, not a club's");
    if (e->kind == BMP_EBU_ONE_DAY_GREEN && e->online && strcmp(e->date, "2023-04-01") >= 0)
        return refuse(w, "EBU-119, 6.1.4", "a one-day Green Point event may not be played "
                                           "online from 1 April 2023");
    if (e->kind == BMP_EBU_CONGRESS_GREEN && ++w->n.congress_green > 1)
        return refuse(w, "EBU-119, 6.1.5", "a second congress Green Point event: one, within "
                                           "the county's annual congress");
    if (e->kind == BMP_EBU_ONE_DAY_GREEN)
        w->n.one_day_green++;
    if (w->n.one_day_green + w->n.congress_green > 2)
        return refuse(w, "EBU-119, 6.1.4, 6.1.5", "a third Green Point event: two one-day "
                                                  "events a year, a congress event in place "
                                                  "of one");
    return BMP_OK;
}

static bmp_status check_event(year_walk *w)
{
    const bmp_ebu_year_event *e = w->ev;
    bmp_status st = check_club_and_county(w);
    if (!st && e->kind == BMP_EBU_SIM_PAIRS)
        st = check_sim(w);
    if (!st && e->kind == BMP_EBU_OPEN_LICENSED && !e->licensed)
        st = refuse(w, "EBU-11, 1.2.2", "an open licensed event without its licence");
    if (!st && e->blue)
        st = w->club ? check_club_blue(w) : check_county_blue(w);
    if (!st && (e->kind == BMP_EBU_ONE_DAY_GREEN || e->kind == BMP_EBU_CONGRESS_GREEN))
        st = check_green(w);
    return st;
}

bmp_status bmp_ebu_year_check(const bmp_ebu_organiser_year *y, bmp_error *err)
{
    bmp_status st = check_dates(y, err);
    if (st)
        return st;
    year_walk w = {.y = y, .club = y->organiser == BMP_EBU_AFFILIATED_CLUB, .err = err};
    for (w.i = 0; w.i < y->nevents; w.i++) {
        w.ev = &y->events[w.i];
        if ((st = check_event(&w)))
            return st;
    }
    /* 5.2.1: at most half of a county's Blue events of the year online. */
    if (2 * w.n.online_blue > w.n.blue)
        return bmp_error_set(err, BMP_EINVAL, "%d of the county's %d Blue Point events are "
                             "online: at most half may be (EBU-115, 5.2.1)", w.n.online_blue,
                             w.n.blue);
    return BMP_OK;
}
