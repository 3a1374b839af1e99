/* EBU licensed events (include/bridgemp/ebu_licence.h): the status of 1.6
 * (EBU-22), league status (EBU-21, EBU-15 e), the licence fee (EBU-26) and
 * its due date (EBU-18); rulings EA-7, EA-8, EA-9. */
#include "bmp_test.h"

#include <string.h>

#include "bridgemp/ebu_licence.h"

static bmp_ebu_level status_of(const bmp_ebu_licensed_event *ev, bmp_ebu_licence_status *out)
{
    bmp_error e = {0};
    assert_int_equal(bmp_ebu_licensed_status(ev, out, &e), BMP_OK);
    return out->level;
}

/* EBU-22 (a), (b) (1.6): little outside entry: open Club, EBU members only
 * District; significant outside entry: open District, members only
 * County. */
static void status_a_and_b(void **state)
{
    (void)state;
    bmp_ebu_licence_status s;
    bmp_ebu_licensed_event ev = {.sessions = 2};
    assert_int_equal(status_of(&ev, &s), BMP_EBU_CLUB);
    assert_non_null(strstr(s.why, "EBU-22(a)"));
    ev.members_only = true;
    assert_int_equal(status_of(&ev, &s), BMP_EBU_DISTRICT);
    ev.significant_outside_entry = true;
    assert_int_equal(status_of(&ev, &s), BMP_EBU_COUNTY);
    assert_non_null(strstr(s.why, "EBU-22(b)"));
    ev.members_only = false;
    assert_int_equal(status_of(&ev, &s), BMP_EBU_DISTRICT);
    assert_string_equal(bmp_ebu_level_name(s.level), "District");
}

/* EBU-22 (c): a major event -- >= 4 sessions, an average of >= 50 tables
 * over last year's 4 best sessions, EBU members only, significant outside
 * entry -- is Regional.  Last year 60, 52, 44, 45, 30 tables: the 4 best
 * 60 + 52 + 45 + 44 = 201, average 50.25 >= 50: met.  60, 52, 44, 43 (and
 * 30): 199, average 49.75: not met -> County by (b), unless it was major
 * last year and has not had its one provisional year (then Regional,
 * provisional).  Three sessions this year: not met.  Only 3 sessions last
 * year: not met. */
static void status_c_major(void **state)
{
    (void)state;
    static const int met[] = {60, 52, 44, 45, 30}, short_of[] = {60, 52, 44, 43, 30},
                     three[] = {90, 90, 90};
    bmp_ebu_licence_status s;
    bmp_ebu_licensed_event ev = {.significant_outside_entry = true, .members_only = true,
                                 .major = true, .sessions = 4, .last_year_tables = met,
                                 .nlast_year = 5};
    assert_int_equal(status_of(&ev, &s), BMP_EBU_REGIONAL);
    assert_true(s.major_criteria);
    assert_false(s.provisional);
    assert_non_null(strstr(s.why, "EBU-22(c)"));
    ev.last_year_tables = short_of;
    assert_int_equal(status_of(&ev, &s), BMP_EBU_COUNTY);
    assert_false(s.major_criteria);
    ev.major_last_year = true;
    assert_int_equal(status_of(&ev, &s), BMP_EBU_REGIONAL);
    assert_true(s.provisional);
    ev.provisional_used = true;
    assert_int_equal(status_of(&ev, &s), BMP_EBU_COUNTY);
    ev.last_year_tables = met;
    ev.sessions = 3;
    assert_int_equal(status_of(&ev, &s), BMP_EBU_COUNTY);
    ev.sessions = 4;
    ev.last_year_tables = three;
    ev.nlast_year = 3;
    assert_int_equal(status_of(&ev, &s), BMP_EBU_COUNTY);
    /* open to non-members: never major (District by (b)) */
    ev.last_year_tables = met;
    ev.nlast_year = 5;
    ev.members_only = false;
    assert_int_equal(status_of(&ev, &s), BMP_EBU_DISTRICT);
    assert_false(s.major_criteria);
}

/* EBU-22: side events are one level lower than the event, minimum Club:
 * a Regional major's side event County; a Club event's side event Club.
 * A proper consolation is 4.3's (EBU-63 .. 65): not supported here. */
static void side_events(void **state)
{
    (void)state;
    static const int met[] = {50, 50, 50, 50};
    bmp_ebu_licence_status s;
    bmp_ebu_licensed_event ev = {.significant_outside_entry = true, .members_only = true,
                                 .major = true, .sessions = 6, .last_year_tables = met,
                                 .nlast_year = 4, .side_event = true};
    assert_int_equal(status_of(&ev, &s), BMP_EBU_COUNTY);
    assert_non_null(strstr(s.why, "one level below the event's Regional"));
    bmp_ebu_licensed_event club = {.sessions = 1, .side_event = true};
    assert_int_equal(status_of(&club, &s), BMP_EBU_CLUB);
    club.proper_consolation = true;
    bmp_error e = {0};
    assert_int_equal(bmp_ebu_licensed_status(&club, &s, &e), BMP_ENOTSUP);
    assert_non_null(strstr(e.msg, "EBU-63"));
    bmp_ebu_licensed_event none = {.sessions = 0};
    assert_int_equal(bmp_ebu_licensed_status(&none, &s, &e), BMP_EINVAL);
}

/* EBU-21 (1.4.2): club league Club, district league District, county
 * league County; EBU-15(e) (1.2.6 e): inter-county league with 1
 * division National; 2: A National, B Regional; 3: C County; "and so on"
 * (EA-8): D District, E Club, none below. */
static void league_status(void **state)
{
    (void)state;
    bmp_error e = {0};
    bmp_ebu_level l;
    assert_int_equal(bmp_ebu_league_status(BMP_EBU_CLUB_LEAGUE, 1, 1, &l, &e), BMP_OK);
    assert_int_equal(l, BMP_EBU_CLUB);
    assert_int_equal(bmp_ebu_league_status(BMP_EBU_DISTRICT_LEAGUE, 1, 1, &l, &e), BMP_OK);
    assert_int_equal(l, BMP_EBU_DISTRICT);
    assert_int_equal(bmp_ebu_league_status(BMP_EBU_COUNTY_LEAGUE, 3, 3, &l, &e), BMP_OK);
    assert_int_equal(l, BMP_EBU_COUNTY);
    static const struct {
        int div, ndiv;
        bmp_ebu_level want;
    } ic[] = {{1, 1, BMP_EBU_NATIONAL}, {1, 2, BMP_EBU_NATIONAL}, {2, 2, BMP_EBU_REGIONAL},
              {3, 3, BMP_EBU_COUNTY},   {4, 5, BMP_EBU_DISTRICT}, {5, 5, BMP_EBU_CLUB}};
    for (size_t i = 0; i < sizeof ic / sizeof ic[0]; i++) {
        assert_int_equal(bmp_ebu_league_status(BMP_EBU_INTER_COUNTY_LEAGUE, ic[i].div,
                                               ic[i].ndiv, &l, &e),
                         BMP_OK);
        assert_int_equal(l, ic[i].want);
    }
    assert_int_equal(bmp_ebu_league_status(BMP_EBU_INTER_COUNTY_LEAGUE, 6, 6, &l, &e),
                     BMP_ENOTSUP);
    assert_int_equal(bmp_ebu_league_status(BMP_EBU_INTER_COUNTY_LEAGUE, 3, 2, &l, &e),
                     BMP_EINVAL);
}

/* EBU-26 (1.5.3): sessions x tables x rate: 4 x 30 x 150 = 18,000 cents;
 * EBU-18 (1.3.3, 1.5.2): due within 30 days of the end: 16 March 2025 ->
 * 15 April; 31 January 2025 -> 2 March; 15 February 2024 (leap year) ->
 * 16 March; 15 December 2025 -> 14 January 2026. */
static void fee_and_due_date(void **state)
{
    (void)state;
    bmp_error e = {0};
    int64_t cents = 0;
    assert_int_equal(bmp_ebu_licence_fee(4, 30, 150, &cents, &e), BMP_OK);
    assert_int_equal(cents, 18000);
    assert_int_equal(bmp_ebu_licence_fee(-1, 30, 150, &cents, &e), BMP_EINVAL);
    char due[11];
    static const char *const pairs[][2] = {{"2025-03-16", "2025-04-15"},
                                           {"2025-01-31", "2025-03-02"},
                                           {"2024-02-15", "2024-03-16"},
                                           {"2025-12-15", "2026-01-14"}};
    for (size_t i = 0; i < 4; i++) {
        assert_int_equal(bmp_ebu_licence_due(pairs[i][0], due, &e), BMP_OK);
        assert_string_equal(due, pairs[i][1]);
    }
    assert_int_equal(bmp_ebu_licence_due("2025-02-29", due, &e), BMP_EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(status_a_and_b), cmocka_unit_test(status_c_major),
        cmocka_unit_test(side_events),    cmocka_unit_test(league_status),
        cmocka_unit_test(fee_and_due_date),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
