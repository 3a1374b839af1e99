/* USEBIO reader: places and ties (ecosystem.md §2; rulings U-*): places
 * missing from a file rebuilt from the scores, per direction and across
 * Mitchell sections, ties with and without "=". */
#include "usebio_test_util.h"

/* Missing PLACE: rebuilt from PERCENTAGE, equal scores tied. */
static void missing_place_rebuilt(void **state)
{
    (void)state;
    bmp_event *ev = load("missing_place.xml", "acbl");
    /* 60.50 > 55.00 = 55.00 > 29.50: pair 2 first, 1 and 4 share 2/3, 3 last. */
    assert_place(ct(ev, "2")->place, 1, 1);
    assert_place(ct(ev, "1")->place, 2, 3);
    assert_true(ct(ev, "1")->place.tied);
    assert_place(ct(ev, "4")->place, 2, 3);
    assert_place(ct(ev, "3")->place, 4, 4);
    assert_true(bmp_params_bool(&ev->params, "usebio.places_rebuilt", false));
    assert_string_equal(ev->date, "2025-02-03"); /* 3/2/2025: d/m/yyyy */
    assert_int_equal(ev->movement, BMP_MOVEMENT_ONE_WINNER);
    bmp_event_free(ev);
}

/* "3=" ties: the extent is the number of pairs written "3=". */
static void tied_places(void **state)
{
    (void)state;
    bmp_event *ev = load("tied_places.xml", "abf");
    assert_place(ct(ev, "3")->place, 3, 4);
    assert_true(ct(ev, "3")->place.tied);
    assert_place(ct(ev, "4")->place, 3, 4);
    assert_place(ct(ev, "5")->place, 5, 5);
    assert_false(bmp_params_has(&ev->params, "usebio.places_rebuilt"));
    assert_string_equal(ev->date, "2025-02-10"); /* year-first date accepted */
    bmp_event_free(ev);
}

/* Missing places in one direction of a two-winner event: that field alone is
 * rebuilt, from TOTAL_SCORE when there is no PERCENTAGE (rulings U-4). */
static void rebuilt_per_direction(void **state)
{
    (void)state;
    bmp_event *ev = ok_string(
        "<USEBIO><EVENT EVENT_TYPE=\"MP_PAIRS\"><WINNER_TYPE>2</WINNER_TYPE><PARTICIPANTS>"
        "<PAIR><PAIR_NUMBER>1NS</PAIR_NUMBER><TOTAL_SCORE>30</TOTAL_SCORE></PAIR>"
        "<PAIR><PAIR_NUMBER>2NS</PAIR_NUMBER><TOTAL_SCORE>42</TOTAL_SCORE></PAIR>"
        "<PAIR><PAIR_NUMBER>3NS</PAIR_NUMBER><TOTAL_SCORE>30</TOTAL_SCORE></PAIR>"
        "<PAIR><PAIR_NUMBER>1EW</PAIR_NUMBER><TOTAL_SCORE>10</TOTAL_SCORE><PLACE>2</PLACE></PAIR>"
        "<PAIR><PAIR_NUMBER>2EW</PAIR_NUMBER><TOTAL_SCORE>5</TOTAL_SCORE><PLACE>1</PLACE></PAIR>"
        "</PARTICIPANTS></EVENT></USEBIO>",
        "nzb");
    /* NS: 42 > 30 = 30 -> 2NS first, 1NS and 3NS share 2/3. */
    assert_place(rk(ct(ev, "2NS"), "NS")->place, 1, 1);
    assert_place(rk(ct(ev, "1NS"), "NS")->place, 2, 3);
    assert_place(rk(ct(ev, "3NS"), "NS")->place, 2, 3);
    /* EW keeps the file's places even though they disagree with the totals
     * (a lower total may be better, e.g. aggregate): only missing ones are rebuilt. */
    assert_place(rk(ct(ev, "2EW"), "EW")->place, 1, 1);
    assert_place(rk(ct(ev, "1EW"), "EW")->place, 2, 2);
    assert_true(bmp_params_bool(&ev->params, "usebio.places_rebuilt", false));
    bmp_event_free(ev);
}

/* Audit: a Mitchell numbers NS 1..n and EW 1..n, and many scorers write the
 * bare number with DIRECTION (§2.3 PAIR_NUMBER "1", DIRECTION NS/EW).  NS 1
 * and EW 1 are two pairs, not a duplicate (was refused as "duplicate
 * contestant \"1\""); ids carry the direction (rulings U-18). */
static void mitchell_bare_numbers(void **state)
{
    (void)state;
    bmp_event *ev = ok_string(
        "<USEBIO><EVENT EVENT_TYPE=\"MP_PAIRS\"><WINNER_TYPE>2</WINNER_TYPE><PARTICIPANTS>"
        "<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>NS</DIRECTION><PLACE>2</PLACE>"
        "<PLAYER><NATIONAL_ID_NUMBER>11</NATIONAL_ID_NUMBER></PLAYER></PAIR>"
        "<PAIR><PAIR_NUMBER>2</PAIR_NUMBER><DIRECTION>NS</DIRECTION><PLACE>1</PLACE></PAIR>"
        "<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>EW</DIRECTION><PLACE>1</PLACE>"
        "<PLAYER><NATIONAL_ID_NUMBER>55</NATIONAL_ID_NUMBER></PLAYER></PAIR>"
        "<PAIR><PAIR_NUMBER>2</PAIR_NUMBER><DIRECTION>EW</DIRECTION><PLACE>2</PLACE></PAIR>"
        "</PARTICIPANTS></EVENT></USEBIO>",
        "abf");
    assert_int_equal(ev->ncontestants, 4);
    assert_place(rk(ct(ev, "1NS"), "NS")->place, 2, 2);
    assert_place(rk(ct(ev, "2NS"), "NS")->place, 1, 1);
    assert_place(rk(ct(ev, "1EW"), "EW")->place, 1, 1);
    assert_place(rk(ct(ev, "2EW"), "EW")->place, 2, 2);
    /* One session: the NS/EW fields are session 1's (U-25). */
    assert_int_equal(rk(ct(ev, "2EW"), "EW")->session, 1);
    assert_string_equal(ct(ev, "1NS")->players[0].id, "11");
    assert_string_equal(ct(ev, "1EW")->players[0].id, "55");
    /* 4 pairs = 2 tables (C-3). */
    assert_true(ev->tables == 2.0);
    bmp_event_free(ev);
}

/* Audit: §2.3 PLACE is "integer, possibly with = for ties": a producer
 * that leaves the "=" off writes the tie as "2", "2", then "4".  That is
 * the same tie as "2=" twice (was refused: "place 2 is held by 2
 * contestants"); inconsistent places stay errors (rulings U-22). */
static void ties_without_equals(void **state)
{
    (void)state;
    bmp_event *ev = ok_string(
        "<USEBIO><EVENT EVENT_TYPE=\"MP_PAIRS\"><PARTICIPANTS>"
        "<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLACE>1</PLACE></PAIR>"
        "<PAIR><PAIR_NUMBER>2</PAIR_NUMBER><PLACE>2</PLACE></PAIR>"
        "<PAIR><PAIR_NUMBER>3</PAIR_NUMBER><PLACE>2</PLACE></PAIR>"
        "<PAIR><PAIR_NUMBER>4</PAIR_NUMBER><PLACE>4</PLACE></PAIR>"
        "</PARTICIPANTS></EVENT></USEBIO>",
        "abf");
    assert_place(ct(ev, "2")->place, 2, 3);
    assert_true(ct(ev, "3")->place.tied);
    assert_place(ct(ev, "3")->place, 2, 3);
    assert_place(ct(ev, "4")->place, 4, 4);
    bmp_event_free(ev);
    /* "1", "1", "2": a tie for 1st spans 1-2, so a 2nd cannot exist. */
    bmp_error e = {0};
    ev = from_string("<USEBIO><EVENT EVENT_TYPE=\"MP_PAIRS\"><PARTICIPANTS>"
                     "<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLACE>1</PLACE></PAIR>"
                     "<PAIR><PAIR_NUMBER>2</PAIR_NUMBER><PLACE>1</PLACE></PAIR>"
                     "<PAIR><PAIR_NUMBER>3</PAIR_NUMBER><PLACE>2</PLACE></PAIR>"
                     "</PARTICIPANTS></EVENT></USEBIO>",
                     "abf", &e);
    assert_null(ev);
    assert_non_null(strstr(e.msg, "/PLACE"));
    /* A Mitchell without WINNER_TYPE: NS 1, 2 and EW 1, 2 in one field are
     * not ties (1= would span 1-2 and clash with 2=): an error that points
     * at the missing WINNER_TYPE 2 (U-5). */
    ev = from_string("<USEBIO><EVENT EVENT_TYPE=\"MP_PAIRS\"><PARTICIPANTS>"
                     "<PAIR><PAIR_NUMBER>1NS</PAIR_NUMBER><PLACE>1</PLACE></PAIR>"
                     "<PAIR><PAIR_NUMBER>2NS</PAIR_NUMBER><PLACE>2</PLACE></PAIR>"
                     "<PAIR><PAIR_NUMBER>1EW</PAIR_NUMBER><PLACE>1</PLACE></PAIR>"
                     "<PAIR><PAIR_NUMBER>2EW</PAIR_NUMBER><PLACE>2</PLACE></PAIR>"
                     "</PARTICIPANTS></EVENT></USEBIO>",
                     "abf", &e);
    assert_null(ev);
    assert_non_null(strstr(e.msg, "needs WINNER_TYPE 2"));
}

/* Audit: a ranking rebuilt from scores (U-4) compared a PERCENTAGE with
 * another entry's TOTAL_SCORE: pair 2 (35 %, total 90) was put below pair 1
 * (only TOTAL_SCORE 40, which is not a percentage) as 35 < 40.  With mixed entries the totals decide when all have one (90 > 40 >
 * 30: 2, 1, 3), else the file is refused (rulings U-23). */
static void rebuilt_mixed_scores(void **state)
{
    (void)state;
    bmp_event *ev = ok_string(
        "<USEBIO><EVENT EVENT_TYPE=\"MP_PAIRS\"><PARTICIPANTS>"
        "<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><TOTAL_SCORE>40</TOTAL_SCORE></PAIR>"
        "<PAIR><PAIR_NUMBER>2</PAIR_NUMBER><TOTAL_SCORE>90</TOTAL_SCORE><PERCENTAGE>35</PERCENTAGE></PAIR>"
        "<PAIR><PAIR_NUMBER>3</PAIR_NUMBER><TOTAL_SCORE>30</TOTAL_SCORE><PERCENTAGE>15</PERCENTAGE></PAIR>"
        "</PARTICIPANTS></EVENT></USEBIO>",
        "abf");
    assert_place(ct(ev, "2")->place, 1, 1);
    assert_place(ct(ev, "1")->place, 2, 2);
    assert_place(ct(ev, "3")->place, 3, 3);
    bmp_event_free(ev);
    bmp_error e = {0};
    ev = from_string("<USEBIO><EVENT EVENT_TYPE=\"MP_PAIRS\"><PARTICIPANTS>"
                     "<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><TOTAL_SCORE>40</TOTAL_SCORE></PAIR>"
                     "<PAIR><PAIR_NUMBER>2</PAIR_NUMBER><PERCENTAGE>45</PERCENTAGE></PAIR>"
                     "</PARTICIPANTS></EVENT></USEBIO>",
                     "abf", &e);
    assert_null(ev);
    assert_non_null(strstr(e.msg, "PAIR[2]"));
    assert_non_null(strstr(e.msg, "cannot be compared"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(missing_place_rebuilt),
        cmocka_unit_test(tied_places),
        cmocka_unit_test(rebuilt_per_direction),
        cmocka_unit_test(mitchell_bare_numbers),
        cmocka_unit_test(ties_without_equals),
        cmocka_unit_test(rebuilt_mixed_scores),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
