/* The JSON event format (docs/event-format.md): what loads, and what is
 * rejected with a message naming the file, the JSON path and what was
 * expected. */
#include "bmp_test.h"

#include <string.h>

/* Expect the load to fail with status st and a message containing every
 * fragment given. */
static void expect_error(const char *json, bmp_status st, const char *frag1, const char *frag2)
{
    bmp_error e = {0};
    bmp_status got = bmp_test_event_error(json, &e);
    if (got != st)
        fail_msg("status %d (%s), expected %d; message: %s", got, bmp_status_name(got), st, e.msg);
    if (strncmp(e.msg, "test.json: ", 11) != 0)
        fail_msg("message does not name the file: %s", e.msg);
    if (frag1 && !strstr(e.msg, frag1))
        fail_msg("message lacks \"%s\": %s", frag1, e.msg);
    if (frag2 && !strstr(e.msg, frag2))
        fail_msg("message lacks \"%s\": %s", frag2, e.msg);
}

#define HEAD "{\"body\":\"acbl\",\"name\":\"Test\",\"kind\":\"pairs\","

static void loads_a_full_event(void **state)
{
    (void)state;
    bmp_event *ev = bmp_test_event(
        "{\"format\":\"bridgemp-event/1\",\"body\":\"ACBL\",\"edition\":\"2003\","
        "\"name\":\"Open Pairs\",\"date\":\"2024-02-29\",\"kind\":\"pairs\","
        "\"classification\":\"regional\",\"rating\":\"championship\",\"sessions\":2,"
        "\"boards\":26,\"movement\":\"two-winner\",\"tables\":12.5,\"upper_limit\":750,"
        "\"restrictions\":[\"senior\"],"
        "\"groups\":[{\"name\":\"A\",\"type\":\"stratum\",\"upper_limit\":null,\"tables\":12.5},"
        "            {\"name\":\"B\",\"type\":\"stratum\",\"upper_limit\":750,\"tables\":6}],"
        "\"contestants\":["
        " {\"id\":1,\"name\":\"Smith - Jones\",\"place\":\"1\",\"score\":63.2,"
        "  \"players\":[{\"id\":\"J123456\",\"name\":\"Ann Smith\"},{\"id\":\"K654321\"}],"
        "  \"rankings\":[{\"ranking\":\"B\",\"place\":1},"
        "              {\"session\":1,\"section\":\"A\",\"direction\":\"NS\",\"place\":\"2=\"}]},"
        " {\"id\":\"2\",\"place\":\"2=\","
        "  \"rankings\":[{\"session\":1,\"section\":\"A\",\"direction\":\"NS\",\"place\":\"2=\"}]},"
        " {\"id\":\"3\",\"place\":\"2=\",\"phantom\":false,"
        "  \"rankings\":[{\"session\":1,\"section\":\"A\",\"direction\":\"NS\",\"place\":1}],\"params\":{\"flight\":\"A\",\"x\":1.5,\"y\":true}}"
        "],"
        "\"params\":{\"nabc\":false,\"cuts\":1}}");
    assert_string_equal(ev->body, "acbl"); /* normalised */
    assert_string_equal(ev->edition, "2003");
    assert_int_equal(ev->kind, BMP_KIND_PAIRS);
    assert_int_equal(ev->sessions, 2);
    assert_int_equal(ev->movement, BMP_MOVEMENT_TWO_WINNER);
    assert_true(ev->tables == 12.5);
    assert_int_equal(ev->upper_limit, 750);
    assert_int_equal(ev->lower_limit, BMP_NO_LIMIT);
    assert_true(bmp_event_has_restriction(ev, "Senior"));
    assert_int_equal(ev->ngroups, 2);
    assert_int_equal(ev->groups[0].upper_limit, BMP_NO_LIMIT);
    assert_int_equal(ev->ncontestants, 3);
    assert_string_equal(ev->contestants[0].id, "1"); /* integer id becomes "1" */
    assert_int_equal(ev->contestants[0].nplayers, 2);
    assert_true(ev->contestants[0].players[1].participation == 1.0);
    /* "2=" twice resolves to places 2..3 */
    assert_int_equal(ev->contestants[1].place.lo, 2);
    assert_int_equal(ev->contestants[1].place.hi, 3);
    assert_int_equal(ev->contestants[2].place.hi, 3);
    /* the session ranking key is derived and its tie resolved too */
    assert_string_equal(ev->contestants[0].rankings[1].ranking, "session 1 A NS");
    assert_int_equal(ev->contestants[0].rankings[1].place.hi, 3);
    assert_true(bmp_params_number(&ev->contestants[2].params, "x", 0) == 1.5);
    assert_true(bmp_params_bool(&ev->contestants[2].params, "y", false));
    assert_string_equal(bmp_params_string(&ev->contestants[2].params, "flight", ""), "A");
    assert_true(bmp_params_number(&ev->params, "cuts", 0) == 1);
    assert_false(bmp_params_has(&ev->params, "absent"));
    bmp_event_free(ev);
}

static void tables_default_from_field(void **state)
{
    (void)state;
    /* C-3: pairs / 2 = 3 contestants (one phantom excluded) -> 1.5 tables... */
    bmp_event *ev = bmp_test_event(HEAD "\"contestants\":[{\"id\":\"1\"},{\"id\":\"2\"},"
                                        "{\"id\":\"3\"},{\"id\":\"4\",\"phantom\":true}]}");
    assert_true(ev->tables == 1.5);
    bmp_event_free(ev);
    /* ...teams count one per team. */
    ev = bmp_test_event("{\"body\":\"abf\",\"name\":\"T\",\"kind\":\"swiss-teams\","
                        "\"contestants\":[{\"id\":\"1\"},{\"id\":\"2\"},{\"id\":\"3\"}]}");
    assert_true(ev->tables == 3);
    bmp_event_free(ev);
}

static void rejects_bad_json_syntax(void **state)
{
    (void)state;
    expect_error("{\"body\": \"acbl\",, }", BMP_EPARSE, "line 1, column", "invalid JSON");
}

static void rejects_wrong_types(void **state)
{
    (void)state;
    expect_error(HEAD "\"sessions\":\"two\",\"contestants\":[]}", BMP_EINVAL, "$.sessions",
                 "expected an integer from 1 to 100, got \"two\"");
    expect_error(HEAD "\"tables\":true,\"contestants\":[]}", BMP_EINVAL, "$.tables",
                 "expected a number, got true");
    expect_error(HEAD "\"contestants\":{}}", BMP_EINVAL, "$.contestants", "expected an array");
    expect_error(HEAD "\"contestants\":[{\"id\":\"1\",\"players\":[{\"id\":[1]}]}]}", BMP_EINVAL,
                 "$.contestants[0].players[0].id", "expected a string or integer id");
    expect_error(HEAD "\"upper_limit\":-5,\"contestants\":[]}", BMP_EINVAL, "$.upper_limit",
                 "masterpoint limit");
    expect_error(HEAD "\"restrictions\":[\"women\",3],\"contestants\":[]}", BMP_EINVAL,
                 "$.restrictions[1]", "expected a restriction name");
    expect_error(HEAD "\"params\":{\"k\":[1]},\"contestants\":[]}", BMP_EINVAL, "$.params.k",
                 "expected a number, string or boolean");
    expect_error("[1,2]", BMP_EINVAL, "test.json: $:", "expected an object");
}

static void rejects_missing_fields(void **state)
{
    (void)state;
    expect_error("{\"name\":\"x\",\"kind\":\"pairs\",\"contestants\":[]}", BMP_EINVAL, "$.body",
                 "missing required field");
    expect_error("{\"body\":\"acbl\",\"kind\":\"pairs\",\"contestants\":[]}", BMP_EINVAL, "$.name",
                 "missing required field");
    expect_error(HEAD "\"sessions\":1}", BMP_EINVAL, "$.contestants", "missing required field");
    expect_error(HEAD "\"contestants\":[{\"name\":\"no id\"}]}", BMP_EINVAL, "$.contestants[0].id",
                 "missing required field");
    expect_error(HEAD "\"contestants\":[{\"id\":\"1\",\"players\":[{}]}]}", BMP_EINVAL,
                 "$.contestants[0].players[0]", "needs an \"id\"");
}

static void rejects_unknown_names(void **state)
{
    (void)state;
    expect_error("{\"body\":\"wbf\",\"name\":\"x\",\"kind\":\"pairs\",\"contestants\":[]}",
                 BMP_EINVAL, "$.body", "unknown body \"wbf\"");
    expect_error(HEAD "\"edition\":\"1999\",\"contestants\":[]}", BMP_EINVAL, "$.edition",
                 "unknown acbl edition \"1999\" (known: current, 2003)");
    expect_error("{\"body\":\"acbl\",\"name\":\"x\",\"kind\":\"rubber\",\"contestants\":[]}",
                 BMP_EINVAL, "$.kind", "unknown kind \"rubber\"");
    /* A typo is an error, not a silently ignored field. */
    expect_error(HEAD "\"tabels\":12,\"contestants\":[]}", BMP_EINVAL, "$.tabels",
                 "unknown key (expected one of:");
    expect_error(HEAD "\"movement\":\"howell\",\"contestants\":[]}", BMP_EINVAL, "$.movement",
                 "expected \"one-winner\" or \"two-winner\"");
    expect_error(HEAD "\"date\":\"2023-02-29\",\"contestants\":[]}", BMP_EINVAL, "$.date",
                 "YYYY-MM-DD");
    expect_error(HEAD "\"format\":\"usebio\",\"contestants\":[]}", BMP_EINVAL, "$.format",
                 "bridgemp-event/1");
}

static void rejects_bad_places(void **state)
{
    (void)state;
    expect_error(HEAD "\"contestants\":[{\"id\":\"1\",\"place\":true}]}", BMP_EINVAL,
                 "$.contestants[0].place", "expected a place such as 3");
    expect_error(HEAD "\"contestants\":[{\"id\":\"1\",\"place\":0}]}", BMP_EINVAL,
                 "$.contestants[0].place", "expected a place");
    /* Place out of range: 2 contestants, one placed 5th. */
    expect_error(HEAD "\"contestants\":[{\"id\":\"1\",\"place\":1},{\"id\":\"2\",\"place\":5}]}",
                 BMP_ERANGE, "$.contestants[1].place", "out of range");
    /* Same place twice without "=". */
    expect_error(HEAD "\"contestants\":[{\"id\":\"1\",\"place\":1},{\"id\":\"2\",\"place\":1}]}",
                 BMP_EINVAL, "$.contestants[", "write \"1=\" for a tie");
    /* Session ranking out of range names the ranking. */
    expect_error(HEAD "\"contestants\":[{\"id\":\"1\",\"rankings\":[{\"session\":1,\"place\":3}]}]}",
                 BMP_ERANGE, "$.contestants[0].rankings[0].place", "ranking \"session 1\"");
    expect_error(HEAD "\"contestants\":[{\"id\":\"1\",\"rankings\":[{\"session\":1,"
                      "\"direction\":\"N\",\"place\":1}]}]}",
                 BMP_EINVAL, "$.contestants[0].rankings[0].direction", "\"NS\" or \"EW\"");
}

static void rejects_bad_references(void **state)
{
    (void)state;
    expect_error(HEAD "\"contestants\":[{\"id\":\"1\",\"group\":\"Z\"}]}", BMP_EINVAL,
                 "$.contestants[0].group", "no group named \"Z\"");
    expect_error(HEAD "\"contestants\":[{\"id\":\"1\"},{\"id\":1}]}", BMP_EINVAL,
                 "$.contestants[1].id", "duplicate contestant id \"1\"");
    expect_error(HEAD "\"groups\":[{\"name\":\"A\"},{\"name\":\"A\"}],\"contestants\":[]}",
                 BMP_EINVAL, "$.groups[1].name", "duplicate group name");
    expect_error(HEAD "\"contestants\":[{\"id\":\"1\"}],\"matches\":[{\"home\":\"1\",\"away\":\"9\"}]}",
                 BMP_EINVAL, "$.matches[0].away", "no contestant with id \"9\"");
    /* A team playing itself, or a winner who did not play, would credit a
     * wrong team silently. */
    expect_error(HEAD "\"contestants\":[{\"id\":\"1\"},{\"id\":\"2\"},{\"id\":\"3\"}],"
                      "\"matches\":[{\"home\":\"1\",\"away\":\"2\",\"winner\":\"3\"}]}",
                 BMP_EINVAL, "$.matches[0].winner", "winner \"3\" did not play in this match");
    expect_error(HEAD "\"contestants\":[{\"id\":\"1\"},{\"id\":\"2\"}],"
                      "\"matches\":[{\"home\":\"1\",\"away\":\"2\",\"winner\":\"tie\"},"
                      "{\"home\":\"1\",\"away\":\"1\"}]}",
                 BMP_EINVAL, "$.matches[1].away", "\"home\" and \"away\" are both \"1\"");
    expect_error(HEAD "\"contestants\":[{\"id\":\"1\"},{\"id\":\"2\"}],"
                      "\"matches\":[{\"home\":\"1\",\"away\":\"2\",\"home_score\":12}]}",
                 BMP_EINVAL, "$.matches[0]", "both \"home_score\" and \"away_score\"");
    expect_error(HEAD "\"contestants\":[{\"id\":\"1\",\"players\":[{\"id\":\"1\","
                      "\"participation\":1.5}]}]}",
                 BMP_ERANGE, "$.contestants[0].players[0].participation", "from 0 to 1");
}

static void params_check(void **state)
{
    (void)state;
    /* One mechanism for every body's params (bmp_params_check). */
    static const bmp_param_spec spec[] = {
        {.key = "cuts", .type = BMP_PARAM_NUMBER, .range = BMP_RANGE_WHOLE0, .rule = "ACBL-20"},
        {.key = "flight_a", .type = BMP_PARAM_BOOL, .rule = "ACBL-19"},
        {.key = "share", .type = BMP_PARAM_NUMBER, .range = BMP_RANGE_FRACTION},
        {.key = NULL}};
    bmp_error e = {0};
    bmp_event *ev = bmp_test_event(HEAD "\"contestants\":[],\"params\":{\"cuts\":1,\"share\":0.5}}");
    assert_int_equal(bmp_params_check(&ev->params, spec, "$", "ACBL", &e), BMP_OK);
    bmp_event_free(ev);
    ev = bmp_test_event(HEAD "\"contestants\":[],\"params\":{\"cutz\":1}}");
    assert_int_equal(bmp_params_check(&ev->params, spec, "$", "ACBL", &e), BMP_EINVAL);
    assert_string_equal(e.msg, "$.params.cutz: unknown ACBL parameter (expected one of: cuts, "
                               "flight_a, share)");
    bmp_event_free(ev);
    ev = bmp_test_event(HEAD "\"contestants\":[],\"params\":{\"flight_a\":1}}");
    assert_int_equal(bmp_params_check(&ev->params, spec, "$", "ACBL", &e), BMP_EINVAL);
    assert_string_equal(e.msg, "$.params.flight_a: expected true or false (ACBL-19)");
    bmp_event_free(ev);
    ev = bmp_test_event(HEAD "\"contestants\":[],\"params\":{\"cuts\":2.5}}");
    assert_int_equal(bmp_params_check(&ev->params, spec, "$", "ACBL", &e), BMP_ERANGE);
    assert_string_equal(e.msg, "$.params.cuts: expected a whole number >= 0, got 2.5");
    bmp_event_free(ev);
    ev = bmp_test_event(HEAD "\"contestants\":[],\"params\":{\"share\":1.5}}");
    assert_int_equal(bmp_params_check(&ev->params, spec, "$", "ACBL", &e), BMP_ERANGE);
    assert_non_null(strstr(e.msg, "expected a number from 0 to 1, got 1.5"));
    bmp_event_free(ev);
}

static void file_errors(void **state)
{
    (void)state;
    bmp_error e = {0};
    bmp_event *ev = NULL;
    assert_int_equal(bmp_event_load_file(BMP_TEST_DATA "/none.json", &ev, &e), BMP_EIO);
    assert_non_null(strstr(e.msg, "none.json: cannot open"));
    assert_null(ev);
}

static void every_example_validates(void **state)
{
    (void)state;
    /* One example per body under examples/ (docs/event-format.md). */
    static const char *const files[] = {"examples/ebu/club-pairs.json",
                                        "examples/nzb/club-pairs.json",
                                        "examples/format/knockout-bracket.json"};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", BMP_SOURCE_DIR, files[i]);
        bmp_error e = {0};
        bmp_event *ev = NULL;
        if (bmp_event_load_file(path, &ev, &e))
            fail_msg("%s", e.msg);
        bmp_event_free(ev);
    }
}

static void unimplemented_body_says_not_supported(void **state)
{
    (void)state;
    /* EBU Green Point pairs events need the EBU's standard formula (6.6),
     * which the handbook does not give. */
    bmp_event *ev = bmp_test_event("{\"body\":\"ebu\",\"name\":\"x\",\"kind\":\"pairs\","
                                   "\"status\":\"county\",\"params\":{\"points\":\"green\"},"
                                   "\"contestants\":[{\"id\":\"1\",\"place\":1}]}");
    bmp_awards aw;
    bmp_awards_init(&aw);
    bmp_error e = {0};
    assert_int_equal(bmp_award_event(ev, &aw, &e), BMP_ENOTSUP);
    assert_non_null(strstr(e.msg, "not supported: EBU Green Point events other than the county teams "
                                  "knock-out, its heats and inter-county leagues (EBU-137, \xC2\xA7"));
    bmp_awards_free(&aw);
    bmp_event_free(ev);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(loads_a_full_event),
        cmocka_unit_test(tables_default_from_field),
        cmocka_unit_test(rejects_bad_json_syntax),
        cmocka_unit_test(rejects_wrong_types),
        cmocka_unit_test(rejects_missing_fields),
        cmocka_unit_test(rejects_unknown_names),
        cmocka_unit_test(rejects_bad_places),
        cmocka_unit_test(rejects_bad_references),
        cmocka_unit_test(params_check),
        cmocka_unit_test(file_errors),
        cmocka_unit_test(every_example_validates),
        cmocka_unit_test(unimplemented_body_says_not_supported),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
