/* JSON event writer (bmp_event_to_json): JSON -> model -> JSON is a fixed
 * point, and the model read back equals the model written. */
#include "bmp_test.h"

#include <stdlib.h>
#include <string.h>

#include "bridgemp/usebio.h"

/* Every field the reader knows, with ties, rankings, groups, params and
 * matches. */
static const char *const full_event =
    "{\"format\": \"bridgemp-event/1\", \"body\": \"ACBL\", \"edition\": \"2003\","
    " \"name\": \"Spring Sectional \\\"A\\\" Pairs\", \"date\": \"2025-04-05\","
    " \"kind\": \"pairs\", \"classification\": \"sectional\", \"rating\": \"championship\","
    " \"grade\": \"X\", \"status\": \"s\", \"sessions\": 2, \"boards\": 26,"
    " \"boards_per_match\": 0, \"movement\": \"two-winner\", \"tables\": 13.5,"
    " \"upper_limit\": 750, \"lower_limit\": 0, \"restrictions\": [\"senior\", \"women\"],"
    " \"groups\": [{\"name\": \"A\", \"type\": \"stratum\", \"tables\": 7, \"upper_limit\": null,"
    "              \"session\": 0, \"params\": {\"x\": 1}},"
    "            {\"name\": \"B\", \"type\": \"stratum\", \"upper_limit\": 750, \"lower_limit\": 300}],"
    " \"contestants\": ["
    "  {\"id\": 1, \"name\": \"Pair one\", \"place\": \"1\", \"group\": \"A\", \"score\": 61.25,"
    "   \"rankings\": [{\"ranking\": \"B\", \"place\": 1, \"score\": 61.25},"
    "                  {\"session\": 1, \"section\": \"C\", \"direction\": \"NS\", \"place\": \"2=\"}],"
    "   \"players\": [{\"id\": \"0012345\", \"name\": \"Ann\", \"participation\": 0.5,"
    "                  \"params\": {\"club\": \"x\"}}, {\"name\": \"Bob\"}],"
    "   \"params\": {\"mp.red\": 125, \"flag\": true, \"note\": \"\\u00e9t\\u00e9\"}},"
    "  {\"id\": \"2\", \"place\": \"2=\", \"group\": \"A\", \"score\": 50.1,"
    "   \"rankings\": [{\"session\": 1, \"section\": \"C\", \"direction\": \"NS\", \"place\": \"2=\"}],"
    "   \"matches_played\": 3, \"matches_won\": 2, \"match_wins\": 2.5},"
    "  {\"id\": \"3\", \"place\": \"2=\", \"group\": \"A\", \"phantom\": false,"
    "   \"rankings\": [{\"session\": 1, \"section\": \"C\", \"direction\": \"NS\", \"place\": 1}]},"
    "  {\"id\": \"4\", \"phantom\": true}"
    " ],"
    " \"matches\": [{\"round\": 1, \"stage\": \"final\", \"home\": 1, \"away\": \"2\","
    "               \"home_score\": 12.5, \"away_score\": 7.5, \"winner\": \"1\", \"boards\": 8,"
    "               \"params\": {\"imps\": 23}},"
    "              {\"home\": \"2\", \"away\": \"3\", \"winner\": \"tie\"}],"
    " \"params\": {\"acceleration\": 1.25, \"unit\": \"7\", \"open\": false}}";

static char *dump(const bmp_event *ev)
{
    char *s = NULL;
    bmp_error e = {0};
    if (bmp_event_to_json(ev, &s, &e))
        fail_msg("bmp_event_to_json: %s", e.msg);
    return s;
}

static void round_trip_fixed_point(void **state)
{
    (void)state;
    bmp_event *a = bmp_test_event(full_event);
    char *j1 = dump(a);
    bmp_event *b = bmp_test_event(j1);
    char *j2 = dump(b);
    assert_string_equal(j1, j2);
    /* The model read back: the values that matter for awards. */
    assert_string_equal(b->body, "acbl"); /* normalised by the reader */
    assert_string_equal(b->edition, "2003");
    assert_string_equal(b->name, "Spring Sectional \"A\" Pairs");
    assert_int_equal(b->kind, BMP_KIND_PAIRS);
    assert_int_equal(b->sessions, 2);
    assert_int_equal(b->boards, 26);
    assert_int_equal(b->movement, BMP_MOVEMENT_TWO_WINNER);
    assert_true(b->tables == 13.5);
    assert_true(b->upper_limit == 750 && b->lower_limit == 0);
    assert_int_equal(b->nrestrictions, 2);
    assert_int_equal(b->ngroups, 2);
    assert_true(b->groups[0].upper_limit == BMP_NO_LIMIT);
    assert_true(b->groups[1].lower_limit == 300);
    assert_true(b->groups[0].tables == 7);
    const bmp_contestant *c1 = bmp_event_contestant(b, "1");
    const bmp_contestant *c2 = bmp_event_contestant(b, "2");
    assert_non_null(c1);
    assert_non_null(c2);
    /* "2=" twice resolves to 2/3, and is written "2/3" which reads back the same. */
    assert_int_equal(c2->place.lo, 2);
    assert_int_equal(c2->place.hi, 3);
    assert_true(c2->place.tied);
    assert_non_null(strstr(j1, "\"place\": \"2/3\""));
    assert_int_equal(c1->nrankings, 2);
    assert_string_equal(c1->rankings[1].ranking, "session 1 C NS");
    assert_int_equal(c1->rankings[1].place.lo, 2);
    assert_int_equal(c1->rankings[1].place.hi, 3);
    assert_true(c1->players[0].participation == 0.5);
    assert_string_equal(c1->players[0].id, "0012345");
    assert_true(c2->match_wins == 2.5 && c2->matches_won == 2);
    assert_true(bmp_event_contestant(b, "4")->phantom);
    assert_true(bmp_params_number(&c1->params, "mp.red", 0) == 125);
    assert_true(bmp_params_bool(&c1->params, "flag", false));
    assert_string_equal(bmp_params_string(&c1->params, "note", ""), "\xc3\xa9t\xc3\xa9");
    assert_int_equal(b->nmatches, 2);
    assert_string_equal(b->matches[0].stage, "final");
    assert_true(b->matches[0].home_score == 12.5);
    assert_string_equal(b->matches[1].winner, "tie");
    assert_false(b->matches[1].has_score);
    assert_true(bmp_params_number(&b->params, "acceleration", 0) == 1.25);
    assert_string_equal(bmp_params_string(&b->params, "unit", ""), "7"); /* stays a string */
    /* 50.1 is written as 50.1, not 50.100000000000001. */
    assert_non_null(strstr(j1, "\"score\": 50.1,"));
    free(j1);
    free(j2);
    bmp_event_free(a);
    bmp_event_free(b);
}

/* A minimal event keeps defaults out of the output, including the tables
 * the reader counts from the field (4 pairs = 2 tables, rulings C-3). */
static void minimal_event(void **state)
{
    (void)state;
    bmp_event *a = bmp_test_event("{\"body\": \"ebu\", \"name\": \"m\", \"kind\": \"pairs\","
                                  " \"contestants\": [{\"id\": \"1\", \"place\": 1},"
                                  " {\"id\": \"2\"}, {\"id\": \"3\"}, {\"id\": \"4\"}]}");
    char *j = dump(a);
    assert_null(strstr(j, "movement"));
    assert_null(strstr(j, "upper_limit"));
    assert_null(strstr(j, "sessions"));
    assert_null(strstr(j, "tables"));
    bmp_event *b = bmp_test_event(j);
    assert_true(b->tables == 2.0);
    char *j2 = dump(b);
    assert_string_equal(j, j2);
    free(j);
    free(j2);
    bmp_event_free(a);
    bmp_event_free(b);
}

/* Every USEBIO example converts to JSON the JSON reader accepts, and that
 * JSON is a fixed point too. */
static void usebio_to_json_is_valid(void **state)
{
    (void)state;
    static const char *const files[][2] = {
        {"example_pairs.xml", "abf"}, {"example_teams.xml", "nzb"}, {"sections.xml", "nzb"},
        {"phantom.xml", "abf"},       {"sessions.xml", "abf"},      {"acbl_13.xml", "acbl"},
        {"individual.xml", "ebu"},    {"tied_places.xml", "abf"},   {"missing_place.xml", "abf"},
        {"utf16.xml", "abf"},         {"latin1.xml", "abf"},        {"arrow_switch.xml", "abf"}};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/usebio/%s", BMP_TEST_DATA, files[i][0]);
        bmp_usebio_opts o = {.body = files[i][1]};
        bmp_event *ev = NULL;
        bmp_error e = {0};
        if (bmp_usebio_read_file(path, &o, &ev, &e))
            fail_msg("%s: %s", files[i][0], e.msg);
        char *j1 = dump(ev);
        bmp_event *b = NULL;
        if (bmp_event_load_string(j1, files[i][0], &b, &e))
            fail_msg("%s as JSON: %s", files[i][0], e.msg);
        char *j2 = dump(b);
        assert_string_equal(j1, j2);
        assert_int_equal(b->ncontestants, ev->ncontestants);
        for (size_t k = 0; k < ev->ncontestants; k++) {
            assert_int_equal(b->contestants[k].place.lo, ev->contestants[k].place.lo);
            assert_int_equal(b->contestants[k].place.hi, ev->contestants[k].place.hi);
        }
        free(j1);
        free(j2);
        bmp_event_free(ev);
        bmp_event_free(b);
    }
}

/* Fuzzing finding (tests/fuzz/corpus/usebio/regress-quarter-table): an
 * individual event of one player counts 0.25 tables; written as "tables":
 * 0.25 the JSON reader refused it (a stated table count is at least 0.5). */
static void regress_quarter_table(void **state)
{
    (void)state;
    static const char xml[] =
        "<USEBIO><EVENT EVENT_TYPE=\"INDIVIDUAL\"><PARTICIPANTS><PLAYER>"
        "<PLAYER_NUMBER>1</PLAYER_NUMBER><PLACE>1</PLACE></PLAYER></PARTICIPANTS></EVENT></USEBIO>";
    bmp_usebio_opts o = {.body = "ebu"};
    bmp_event *ev = NULL;
    bmp_error e = {0};
    assert_int_equal(bmp_usebio_read_memory(xml, strlen(xml), "q.xml", &o, &ev, &e), BMP_OK);
    assert_true(ev->tables == 0.25);
    char *j = dump(ev);
    bmp_event *b = bmp_test_event(j);
    assert_true(b->tables == 0.25);
    free(j);
    bmp_event_free(b);
    bmp_event_free(ev);
}

/* Fuzzing finding (tests/fuzz/corpus/usebio/regress-repeated-ranking): a
 * contestant naming the same ranking twice overflowed the JSON reader's
 * place arrays (src/io/event_json.c resolve_places, heap-buffer-overflow
 * under ASan).  It is now refused with the path of the repeat. */
static void regress_repeated_ranking(void **state)
{
    (void)state;
    bmp_error e = {0};
    assert_int_equal(
        bmp_test_event_error("{\"body\": \"abf\", \"name\": \"r\", \"kind\": \"pairs\","
                             " \"contestants\": [{\"id\": \"1\", \"rankings\": ["
                             "{\"session\": 1, \"place\": 1}, {\"session\": 1, \"place\": 2}]}]}",
                             &e),
        BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.contestants[0].rankings[1]: ranking \"session 1\" repeated"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(round_trip_fixed_point),
        cmocka_unit_test(minimal_event),
        cmocka_unit_test(usebio_to_json_is_valid),
        cmocka_unit_test(regress_quarter_table),
        cmocka_unit_test(regress_repeated_ranking),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
