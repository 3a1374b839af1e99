/* An EBU club's or county's events of one year (include/bridgemp/ebu_year.h):
 * the status of its own games (EBU-10, EBU-13, EBU-14) and the yearly
 * allowances (EBU-11, EBU-12, EBU-13, EBU-14, EBU-115, EBU-116, EBU-118,
 * EBU-119);
 * rulings ES-1 .. ES-5. */
#include "bmp_test.h"

#include <string.h>

#include "bridgemp/ebu_year.h"

#define EV(id_, date_, kind_, ...) {.id = id_, .date = date_, .kind = kind_, __VA_ARGS__}

static bmp_ebu_organiser_year year_of(bmp_ebu_organiser org, const bmp_ebu_year_event *ev, size_t n)
{
    return (bmp_ebu_organiser_year){.organiser = org, .events = ev, .nevents = n};
}
#define CLUB(ev) year_of(BMP_EBU_AFFILIATED_CLUB, ev, sizeof ev / sizeof ev[0])
#define COUNTY(ev) year_of(BMP_EBU_COUNTY_ASSOCIATION, ev, sizeof ev / sizeof ev[0])

static bmp_ebu_level level_of(const bmp_ebu_organiser_year *y, size_t i, bool overall,
                              const char *why)
{
    bmp_error e = {0};
    bmp_ebu_year_status s;
    assert_int_equal(bmp_ebu_year_status_of(y, i, overall, &s, &e), BMP_OK);
    assert_non_null(strstr(s.why, why));
    return s.level;
}

/* The check refuses, naming the event and the rule. */
static void refused(const bmp_ebu_organiser_year *y, const char *event, const char *rule)
{
    bmp_error e = {0};
    assert_int_equal(bmp_ebu_year_check(y, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, event));
    assert_non_null(strstr(e.msg, rule));
}

static void accepted(const bmp_ebu_organiser_year *y)
{
    bmp_error e = {0};
    assert_int_equal(bmp_ebu_year_check(y, &e), BMP_OK);
}

/* EBU-10 (1.2.1): "For Affiliated Clubs, Club status applies. For County
 * Associations, County status applies if the event is restricted to EBU
 * members only, otherwise District status applies" -- "if County
 * Association regular games are run more frequently than once a month, all
 * such regular games will only be able to have master points awarded at
 * club scale" (ES-2: two in one calendar month).  EBU-12 (1.2.3): a ladder
 * is a series of regular games, the same status. */
static void regular_games(void **state)
{
    (void)state;
    static const bmp_ebu_year_event club_ev[] = {
        EV("club night", "2025-01-07", BMP_EBU_REGULAR, .members_only = true)};
    bmp_ebu_organiser_year y = CLUB(club_ev);
    assert_int_equal(level_of(&y, 0, false, "affiliated club"), BMP_EBU_CLUB);

    static const bmp_ebu_year_event monthly[] = {
        EV("January", "2025-01-10", BMP_EBU_REGULAR, .members_only = true),
        EV("February", "2025-02-14", BMP_EBU_REGULAR),
        EV("March", "2025-03-14", BMP_EBU_REGULAR, .members_only = true),
        EV("ladder", "2025-04-01", BMP_EBU_LADDER)};
    y = COUNTY(monthly);
    assert_int_equal(level_of(&y, 0, false, "restricted to EBU members"), BMP_EBU_COUNTY);
    assert_int_equal(level_of(&y, 1, false, "open to non-members"), BMP_EBU_DISTRICT);
    assert_int_equal(level_of(&y, 3, false, "EBU-10"), BMP_EBU_DISTRICT);

    /* a second game in March: more often than monthly, all at Club */
    static const bmp_ebu_year_event twice_in_march[] = {
        EV("January", "2025-01-10", BMP_EBU_REGULAR, .members_only = true),
        EV("March", "2025-03-14", BMP_EBU_REGULAR, .members_only = true),
        EV("March again", "2025-03-28", BMP_EBU_REGULAR)};
    y = COUNTY(twice_in_march);
    assert_int_equal(level_of(&y, 0, false, "more often than once a month"), BMP_EBU_CLUB);
    assert_int_equal(level_of(&y, 2, false, "ES-2"), BMP_EBU_CLUB);
}

/* EBU-13 (1.2.4): "Club becomes District, District becomes County, County
 * becomes Regional".  EBU-14 (1.2.5): "Club heats at Club level ... Overall
 * results for County Associations at District level"; a club's sim needs a
 * special licence, whose status it takes. */
static void majors_and_sims(void **state)
{
    (void)state;
    static const bmp_ebu_year_event club_ev[] = {
        EV("pairs championship", "2025-05-03", BMP_EBU_MAJOR_PAIRS),
        EV("club sim", "2025-06-03", BMP_EBU_SIM_PAIRS, .licensed = true)};
    bmp_ebu_organiser_year y = CLUB(club_ev);
    assert_int_equal(level_of(&y, 0, false, "above Club"), BMP_EBU_DISTRICT);
    assert_int_equal(level_of(&y, 1, false, "club heat"), BMP_EBU_CLUB);
    bmp_error e = {0};
    bmp_ebu_year_status s;
    assert_int_equal(bmp_ebu_year_status_of(&y, 1, true, &s, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "special licence"));

    static const bmp_ebu_year_event county_ev[] = {
        EV("teams championship", "2025-02-01", BMP_EBU_MAJOR_TEAMS, .members_only = true),
        EV("pairs championship", "2025-03-01", BMP_EBU_MAJOR_PAIRS),
        EV("county sim", "2025-10-01", BMP_EBU_SIM_PAIRS),
        EV("licensed congress", "2025-11-01", BMP_EBU_OPEN_LICENSED, .licensed = true)};
    y = COUNTY(county_ev);
    assert_int_equal(level_of(&y, 0, false, "above County"), BMP_EBU_REGIONAL);
    assert_int_equal(level_of(&y, 1, false, "above District"), BMP_EBU_COUNTY);
    assert_int_equal(level_of(&y, 2, false, "club heat"), BMP_EBU_CLUB);
    assert_int_equal(level_of(&y, 2, true, "overall"), BMP_EBU_DISTRICT);
    /* EBU-118 (6.1.3): "Local Points are awarded at Regional status in
     * respect of any stage of the event which does not attract Green Point
     * awards" -- even for an open county pairs (County by 1.2.4). */
    static const bmp_ebu_year_event green_major[] = {
        EV("pairs championship", "2025-03-01", BMP_EBU_MAJOR_PAIRS, .green = true)};
    bmp_ebu_organiser_year g = COUNTY(green_major);
    assert_int_equal(level_of(&g, 0, false, "EBU-118"), BMP_EBU_REGIONAL);
    accepted(&g);
    g = CLUB(green_major); /* 6.1.1: "A County may nominate" */
    refused(&g, "\"pairs championship\"", "EBU-118, 6.1.1");
    /* a licensed event's status is 1.6's (EBU-22), not 1.2.1's */
    assert_int_equal(bmp_ebu_year_status_of(&y, 3, false, &s, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "EBU-22"));
    assert_int_equal(bmp_ebu_year_status_of(&y, 4, false, &s, &e), BMP_EINVAL);
}

/* EBU-12 (1.2.3): "two 'ladders' per annum"; EBU-13 (1.2.4): "one pairs
 * event and one teams event per annum"; ES-1: the year is the calendar
 * year of the dates. */
static void ladders_and_majors(void **state)
{
    (void)state;
    static const bmp_ebu_year_event two[] = {
        EV("spring ladder", "2025-01-06", BMP_EBU_LADDER),
        EV("autumn ladder", "2025-09-01", BMP_EBU_LADDER),
        EV("pairs championship", "2025-05-03", BMP_EBU_MAJOR_PAIRS),
        EV("teams championship", "2025-06-03", BMP_EBU_MAJOR_TEAMS)};
    bmp_ebu_organiser_year y = CLUB(two);
    accepted(&y);
    y = COUNTY(two);
    accepted(&y);
    static const bmp_ebu_year_event three[] = {
        EV("spring ladder", "2025-01-06", BMP_EBU_LADDER),
        EV("summer ladder", "2025-05-05", BMP_EBU_LADDER),
        EV("autumn ladder", "2025-09-01", BMP_EBU_LADDER)};
    y = CLUB(three);
    refused(&y, "events[2] \"autumn ladder\"", "EBU-12");
    static const bmp_ebu_year_event majors[] = {
        EV("pairs championship", "2025-05-03", BMP_EBU_MAJOR_PAIRS),
        EV("teams championship", "2025-06-03", BMP_EBU_MAJOR_TEAMS),
        EV("pairs cup", "2025-07-03", BMP_EBU_MAJOR_PAIRS)};
    y = COUNTY(majors);
    refused(&y, "\"pairs cup\"", "EBU-13");
    static const bmp_ebu_year_event two_years[] = {
        EV("spring ladder", "2025-01-06", BMP_EBU_LADDER),
        EV("next spring ladder", "2026-01-05", BMP_EBU_LADDER)};
    y = CLUB(two_years);
    refused(&y, "events[1].date 2026-01-05", "ES-1");
}

/* EBU-14 (1.2.5): "Affiliated Clubs ... may not conduct Simultaneous Pairs
 * events without a special licence"; "County Associations may organise two
 * such events per annum without the need to apply for a licence. However,
 * these must be limited to their Affiliated Clubs only and may not be Blue
 * Point events" -- more, or non-affiliated heats, need a licence. */
static void sim_quota(void **state)
{
    (void)state;
    static const bmp_ebu_year_event two_and_licensed[] = {
        EV("spring sim", "2025-03-03", BMP_EBU_SIM_PAIRS),
        EV("autumn sim", "2025-10-03", BMP_EBU_SIM_PAIRS),
        EV("charity sim", "2025-12-03", BMP_EBU_SIM_PAIRS, .licensed = true,
           .non_affiliated_heats = true)};
    bmp_ebu_organiser_year y = COUNTY(two_and_licensed);
    accepted(&y);
    static const bmp_ebu_year_event three[] = {
        EV("spring sim", "2025-03-03", BMP_EBU_SIM_PAIRS),
        EV("autumn sim", "2025-10-03", BMP_EBU_SIM_PAIRS),
        EV("winter sim", "2025-12-03", BMP_EBU_SIM_PAIRS)};
    y = COUNTY(three);
    refused(&y, "\"winter sim\"", "a county may run two");
    static const bmp_ebu_year_event charity[] = {
        EV("charity sim", "2025-12-03", BMP_EBU_SIM_PAIRS, .non_affiliated_heats = true)};
    y = COUNTY(charity);
    refused(&y, "\"charity sim\"", "heats at non-affiliated clubs need a special licence");
    static const bmp_ebu_year_event blue[] = {
        EV("blue sim", "2025-12-03", BMP_EBU_SIM_PAIRS, .blue = true)};
    y = COUNTY(blue);
    refused(&y, "\"blue sim\"", "may not be a Blue Point event (EBU-14");
    static const bmp_ebu_year_event club_sim[] = {
        EV("club sim", "2025-12-03", BMP_EBU_SIM_PAIRS)};
    y = CLUB(club_sim);
    refused(&y, "\"club sim\"", "a club's simultaneous pairs needs a special licence");
}

/* EBU-116 (5.3.1): "two blue-pointed events per annum, with an additional
 * two for every 10,000 player sessions submitted by the club in the
 * previous year": 9,999 -> 2; 10,000 -> 4; 25,000 -> 2 + 2 x 2 = 6; 35,000
 * -> 2 + 2 x 3 = 8.  Open ones are licensed and for EBU members only
 * (5.3.2, 5.2.1); closed ones are the major championships (5.3.3).
 * EBU-11 (1.2.2): "up to four of which may be Blue Point events" (ES-4). */
static void club_blue(void **state)
{
    (void)state;
    assert_int_equal(bmp_ebu_club_blue_allowance(9999), 2);
    assert_int_equal(bmp_ebu_club_blue_allowance(10000), 4);
    assert_int_equal(bmp_ebu_club_blue_allowance(25000), 6);
    assert_int_equal(bmp_ebu_club_blue_allowance(35000), 8);
#define LIC(id, date) EV(id, date, BMP_EBU_OPEN_LICENSED, .blue = true, .licensed = true, \
                         .members_only = true)
    static const bmp_ebu_year_event three[] = {
        EV("pairs championship", "2025-05-03", BMP_EBU_MAJOR_PAIRS, .blue = true),
        LIC("spring open", "2025-04-12"), LIC("autumn open", "2025-10-11")};
    bmp_ebu_organiser_year y = CLUB(three);
    y.previous_player_sessions = 9999;
    refused(&y, "\"autumn open\"", "allowance is 2 (2 + 2 per 10,000 of its 9999");
    y.previous_player_sessions = 10000;
    accepted(&y);
    static const bmp_ebu_year_event seven[] = {
        EV("pairs championship", "2025-05-03", BMP_EBU_MAJOR_PAIRS, .blue = true),
        EV("teams championship", "2025-06-03", BMP_EBU_MAJOR_TEAMS, .blue = true),
        LIC("open 1", "2025-01-11"), LIC("open 2", "2025-03-11"), LIC("open 3", "2025-07-11"),
        LIC("open 4", "2025-09-11"), LIC("open 5", "2025-11-11")};
    y = CLUB(seven);
    y.previous_player_sessions = 25000;
    refused(&y, "\"open 5\"", "EBU-116, 5.3.1"); /* the 7th of 6 */
    y.previous_player_sessions = 35000;
    refused(&y, "\"open 5\"", "a fifth licensed Blue Point event"); /* 7 of 8, 5 licensed */
    static const bmp_ebu_year_event wrong[] = {
        EV("club night", "2025-01-07", BMP_EBU_REGULAR, .blue = true)};
    y = CLUB(wrong);
    refused(&y, "\"club night\"", "EBU-116, 5.3.3");
    static const bmp_ebu_year_event open_to_all[] = {
        EV("open", "2025-01-11", BMP_EBU_OPEN_LICENSED, .blue = true, .licensed = true)};
    y = CLUB(open_to_all);
    refused(&y, "\"open\"", "EBU members only (EBU-116");
}

/* EBU-115 (5.2.1-5.2.3, 1.2.6 a): a county's Blue events need a licence,
 * are open to EBU members only, at most half online in the calendar year;
 * the league's first division besides "up to 4 other Blue Point events"
 * (ES-5). */
static void county_blue(void **state)
{
    (void)state;
    static const bmp_ebu_year_event four[] = {
        EV("league division 1", "2025-09-01", BMP_EBU_LEAGUE_DIV1, .blue = true),
        LIC("spring", "2025-03-01"), LIC("summer", "2025-06-01"),
        EV("online autumn", "2025-10-01", BMP_EBU_OPEN_LICENSED, .blue = true, .licensed = true,
           .members_only = true, .online = true),
        EV("online winter", "2025-12-01", BMP_EBU_OPEN_LICENSED, .blue = true, .licensed = true,
           .members_only = true, .online = true)};
    bmp_ebu_organiser_year y = COUNTY(four); /* 2 online of 4: half */
    accepted(&y);
    static const bmp_ebu_year_event three_online[] = {
        LIC("spring", "2025-03-01"),
        EV("online summer", "2025-06-01", BMP_EBU_OPEN_LICENSED, .blue = true, .licensed = true,
           .members_only = true, .online = true),
        EV("online autumn", "2025-10-01", BMP_EBU_OPEN_LICENSED, .blue = true, .licensed = true,
           .members_only = true, .online = true)};
    y = COUNTY(three_online);
    refused(&y, "2 of the county's 3 Blue Point events are online", "EBU-115, 5.2.1");
    static const bmp_ebu_year_event five[] = {
        LIC("b1", "2025-01-01"), LIC("b2", "2025-03-01"), LIC("b3", "2025-05-01"),
        LIC("b4", "2025-07-01"), LIC("b5", "2025-09-01")};
    y = COUNTY(five);
    refused(&y, "\"b5\"", "EBU-115, 1.2.6(a)");
    static const bmp_ebu_year_event unlicensed[] = {
        EV("b1", "2025-01-01", BMP_EBU_REGULAR, .blue = true, .members_only = true)};
    y = COUNTY(unlicensed);
    refused(&y, "\"b1\"", "needs a licence (EBU-115");
    static const bmp_ebu_year_event open_to_all[] = {
        EV("b1", "2025-01-01", BMP_EBU_OPEN_LICENSED, .blue = true, .licensed = true)};
    y = COUNTY(open_to_all);
    refused(&y, "\"b1\"", "EBU members only (EBU-115");
}

/* EBU-119 (6.1.4, 6.1.5): "up to two County One-day Green Point pairs or
 * teams events per annum"; "From 1st April 2023, these One-Day Green Point
 * event may not be played online"; a congress Green event is "an
 * alternative to one" of them (ES-3). */
static void county_green(void **state)
{
    (void)state;
    static const bmp_ebu_year_event two[] = {
        EV("green pairs", "2025-02-01", BMP_EBU_ONE_DAY_GREEN),
        EV("congress teams", "2025-08-01", BMP_EBU_CONGRESS_GREEN)};
    bmp_ebu_organiser_year y = COUNTY(two);
    accepted(&y);
    static const bmp_ebu_year_event three[] = {
        EV("green pairs", "2025-02-01", BMP_EBU_ONE_DAY_GREEN),
        EV("congress teams", "2025-08-01", BMP_EBU_CONGRESS_GREEN),
        EV("green teams", "2025-11-01", BMP_EBU_ONE_DAY_GREEN)};
    y = COUNTY(three);
    refused(&y, "\"green teams\"", "a congress event in place of one (EBU-119");
    static const bmp_ebu_year_event congresses[] = {
        EV("congress pairs", "2025-08-01", BMP_EBU_CONGRESS_GREEN),
        EV("congress teams", "2025-08-02", BMP_EBU_CONGRESS_GREEN)};
    y = COUNTY(congresses);
    refused(&y, "\"congress teams\"", "EBU-119, 6.1.5");
    static const bmp_ebu_year_event online_before[] = {
        EV("online pairs", "2023-03-31", BMP_EBU_ONE_DAY_GREEN, .online = true)};
    y = COUNTY(online_before);
    accepted(&y);
    static const bmp_ebu_year_event online_after[] = {
        EV("online pairs", "2023-04-01", BMP_EBU_ONE_DAY_GREEN, .online = true)};
    y = COUNTY(online_after);
    refused(&y, "\"online pairs\"", "online from 1 April 2023 (EBU-119");
    y = CLUB(online_before);
    refused(&y, "\"online pairs\"", "a county's, not a club's");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(regular_games), cmocka_unit_test(majors_and_sims),
        cmocka_unit_test(ladders_and_majors), cmocka_unit_test(sim_quota),
        cmocka_unit_test(club_blue), cmocka_unit_test(county_blue),
        cmocka_unit_test(county_green),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
