/* NZ Bridge Scorer's own XML (issue 43 items 3 and 4): the five real
 * <session> files of tests/data/nz-scorer/ (SOURCES.md) read into the
 * event model, with their real values: sections, tables, pairs, numbers,
 * places, ties, phantoms, NP/passed boards, handicaps and cpoints carried
 * as "mp.c"; then through the pipeline, which computes each and flags the
 * anonymised numbers instead of refusing them. */
#include "bmp_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/bridgemp.h"

#define NZ(rel) BMP_TEST_DATA "/nz-scorer/" rel

static bmp_event *read_nz(const char *path)
{
    size_t len;
    char *b = bmp_test_slurp(path, &len);
    assert_true(bmp_nzscorer_sniff(b, len));
    assert_false(bmp_usebio_sniff(b, len) && !bmp_nzscorer_sniff(b, len));
    bmp_event *ev = NULL;
    bmp_error e = {0};
    bmp_status st = bmp_nzscorer_read_memory(b, len, path, NULL, &ev, &e);
    if (st)
        fail_msg("%s", e.msg);
    free(b);
    return ev;
}

static const bmp_contestant *by_id(const bmp_event *ev, const char *id)
{
    for (size_t i = 0; i < ev->ncontestants; i++)
        if (strcmp(ev->contestants[i].id, id) == 0)
            return &ev->contestants[i];
    fail_msg("no contestant %s", id);
    return NULL;
}

static void pairs_mitchell(void **state)
{
    (void)state;
    bmp_event *ev = read_nz(NZ("pairs.xml"));
    assert_string_equal(ev->body, "nzb");
    assert_string_equal(ev->grade, "40C");
    assert_string_equal(ev->name, "Monday Afternoon November Pairs");
    assert_string_equal(ev->date, "2015-11-16");
    assert_string_equal(ev->organiser, "330");
    assert_int_equal(ev->movement, BMP_MOVEMENT_TWO_WINNER);
    assert_true(ev->tables == 13);
    assert_int_equal(ev->boards, 26);
    assert_int_equal(ev->ncontestants, 26);
    const bmp_contestant *c = by_id(ev, "5NS");
    assert_int_equal(c->nplayers, 2);
    assert_string_equal(c->players[0].name, "p0_1");
    assert_string_equal(c->players[0].id, "0"); /* unknown: flagged "no number" */
    assert_string_equal(c->players[1].id, "1");
    assert_int_equal(c->rankings[0].place.lo, 1);
    assert_true(c->score > 59.93 && c->score < 59.95);
    assert_true(bmp_params_number(&c->params, "mp.c", 0) == 4000);
    /* 13NS and 1NS tie 10th: "10=" */
    const bmp_contestant *t = by_id(ev, "1NS");
    assert_int_equal(t->rankings[0].place.lo, 10);
    assert_int_equal(t->rankings[0].place.hi, 11);
    const bmp_contestant *e7 = by_id(ev, "7EW");
    assert_string_equal(e7->players[0].id, "28");
    assert_true(bmp_params_number(&e7->params, "mp.c", 0) == 3000);
    assert_true(bmp_params_number(&by_id(ev, "10EW")->params, "mp.c", -1) == -1);
    bmp_event_free(ev);
}

static void np_passed_boards(void **state)
{
    (void)state;
    bmp_event *ev = read_nz(NZ("pairs-with-np-passed.xml"));
    assert_string_equal(ev->date, "2016-09-12");
    assert_string_equal(ev->organiser, "420");
    assert_true(bmp_params_number(&ev->params, "nzscorer.boards_not_played", 0) == 1);
    assert_true(bmp_params_number(&ev->params, "nzscorer.boards_passed", 0) == 2);
    assert_int_equal(ev->ncontestants, 26);
    const bmp_contestant *c = by_id(ev, "5NS");
    assert_int_equal(c->rankings[0].place.lo, 1);
    assert_string_equal(c->players[0].id, "34");
    /* 3EW and 1NS both 339/624 but in different directions: no tie */
    assert_int_equal(by_id(ev, "3EW")->rankings[0].place.hi, 3);
    bmp_event_free(ev);
}

static void handicap(void **state)
{
    (void)state;
    bmp_event *ev = read_nz(NZ("handicap_pairs.xml"));
    assert_true(bmp_params_bool(&ev->params, "nzscorer.handicap", false));
    assert_true(ev->tables == 9);
    const bmp_contestant *c = by_id(ev, "4NS");
    assert_true(bmp_params_number(&c->params, "nzscorer.handicap", 0) < -6.41);
    assert_true(bmp_params_number(&c->params, "nzscorer.raw_score", 0) > 57.38);
    assert_true(c->score > 54.17 && c->score < 54.19); /* the handicapped score */
    assert_true(bmp_params_number(&by_id(ev, "7NS")->params, "mp.c", 0) == 2700);
    bmp_event_free(ev);
}

static void howell_phantom(void **state)
{
    (void)state;
    bmp_event *ev = read_nz(NZ("three_quarter_howell_with_phantom.xml"));
    assert_int_equal(ev->movement, BMP_MOVEMENT_ONE_WINNER);
    assert_int_equal(ev->ncontestants, 11);
    assert_true(bmp_params_number(&ev->params, "nzscorer.phantoms", 0) == 1);
    assert_true(ev->tables == 6);
    const bmp_contestant *c = by_id(ev, "3");
    assert_int_equal(c->place.lo, 1);
    /* pairs 5 and 9 tie 8th */
    assert_int_equal(by_id(ev, "9")->place.lo, 8);
    assert_int_equal(by_id(ev, "9")->place.hi, 9);
    bmp_event_free(ev);
}

static void sections(void **state)
{
    (void)state;
    bmp_event *ev = read_nz(NZ("multi-section-multi-movement-pairs.xml"));
    assert_int_equal(ev->ngroups, 3);
    assert_string_equal(ev->groups[2].name, "C");
    assert_true(ev->tables == 33);
    const bmp_contestant *c = by_id(ev, "B:13NS");
    assert_string_equal(c->players[0].id, "52");
    assert_string_equal(c->rankings[0].section, "B");
    assert_int_equal(c->rankings[0].place.lo, 1);
    assert_true(bmp_params_number(&by_id(ev, "B:2EW")->params, "mp.c", 0) == 600);
    bmp_event_free(ev);
}

/* Every file computes through the pipeline (award, exit 0), its numbers
 * flagged as warnings, and --strict-numbers refuses the first. */
static void pipeline_awards_every_file(void **state)
{
    (void)state;
    static const char *const files[] = {"pairs.xml", "pairs-with-np-passed.xml",
                                        "handicap_pairs.xml",
                                        "three_quarter_howell_with_phantom.xml",
                                        "multi-section-multi-movement-pairs.xml"};
    static const size_t warnings[] = {52, 52, 36, 22, 132};
    for (size_t i = 0; i < 5; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/nz-scorer/%s", BMP_TEST_DATA, files[i]);
        bmp_pipeline *p = NULL;
        bmp_error e = {0};
        assert_int_equal(bmp_pipeline_new(&p, &e), BMP_OK); /* lenient: the default (RI-7) */
        if (bmp_pipeline_read_file(p, path, &e) || bmp_pipeline_award(p, &e))
            fail_msg("%s", e.msg);
        assert_int_equal(bmp_pipeline_input_kind(p), BMP_PIPE_IN_NZSCORER);
        assert_true(bmp_pipeline_carries_awards(p));
        assert_int_equal(bmp_pipeline_warning_count(p), warnings[i]);
        size_t line = 0;
        const char *w = bmp_pipeline_warning(p, 0, &line);
        assert_non_null(strstr(w, "no number"));
        assert_true(bmp_awards_count(bmp_pipeline_awards(p)) > 0);
        bmp_pipeline_free(p);

        assert_int_equal(bmp_pipeline_new(&p, &e), BMP_OK); /* strict on request */
        assert_int_equal(bmp_pipeline_set(p, "strict-numbers", "true", &e), BMP_OK);
        assert_int_equal(bmp_pipeline_read_file(p, path, &e), BMP_EINVAL);
        assert_non_null(strstr(e.msg, "NZB computer number"));
        bmp_pipeline_free(p);
    }
}

static void refuses_what_is_wrong(void **state)
{
    (void)state;
    static const char bad_date[] =
        "<?xml version=\"1.0\"?>\n<session event_date=\"31-12-2015\" scoring_type=\"MP\">\n"
        "<sections><section sectid=\"A\" tables=\"2\"/></sections></session>\n";
    static const char bad_place[] =
        "<session event_date=\"1/2/2016\"><sections><section sectid=\"A\" tables=\"2\"/>"
        "</sections>\n<scores><scsection id=\"A\">\n<pair no=\"1\" dir=\"N\" place=\"x\"/>"
        "</scsection></scores></session>";
    bmp_event *ev = NULL;
    bmp_error e = {0};
    assert_int_equal(bmp_nzscorer_read_memory(bad_date, sizeof bad_date - 1, "d.xml", NULL, &ev,
                                              &e),
                     BMP_EINVAL);
    assert_string_equal(e.msg, "d.xml:2: <session>: event_date=\"31-12-2015\": expected a date "
                               "d/m/yyyy");
    assert_int_equal(bmp_nzscorer_read_memory(bad_place, sizeof bad_place - 1, "p.xml", NULL,
                                              &ev, &e),
                     BMP_EINVAL);
    assert_string_equal(e.msg, "p.xml:3: <pair>: place=\"x\": expected a whole number");
    assert_false(bmp_nzscorer_sniff("<USEBIO/>", 9));
    assert_true(bmp_nzscorer_sniff("<!-- x --><session/>", 20));
}

/* Issue 43's C API on a real file: the summary without the file's name
 * (and truncated to the caller's buffer), each player's flag, and the
 * parameter check and the event reader's refusals at the XML element. */
static void numbers_api_and_where(void **state)
{
    (void)state;
    bmp_pipeline *p = NULL;
    bmp_error e = {0};
    assert_int_equal(bmp_pipeline_new(&p, &e), BMP_OK);
    if (bmp_pipeline_read_file(p, NZ("pairs.xml"), &e) || bmp_pipeline_award(p, &e))
        fail_msg("%s", e.msg);
    char buf[512];
    size_t n = bmp_pipeline_numbers_summary(p, buf, sizeof buf);
    assert_string_equal(buf, "52 players without a valid NZB number (0 guests, 1 without a "
                             "number, 51 not valid): lines 350, 351, 352, 353, 354, 355, 356, "
                             "357, 358, 359 and 16 more");
    assert_int_equal(n, strlen(buf));
    assert_int_equal(bmp_pipeline_numbers_summary(p, buf, 8), 7);
    assert_string_equal(buf, "52 play");
    const bmp_event *ev = bmp_pipeline_event(p);
    assert_true(bmp_event_has_number_flags(ev));
    assert_string_equal(ev->contestants[0].id, "5NS"); /* nzb_no_1="0" nzb_no_2="1" */
    assert_string_equal(bmp_player_number_flag(ev, 0, 0, buf, sizeof buf), "no number");
    assert_string_equal(bmp_player_number_flag(ev, 0, 1, buf, sizeof buf),
                        "not a valid NZB number");
    assert_null(bmp_player_number_flag(ev, 0, 2, buf, sizeof buf)); /* out of range */
    assert_int_equal(bmp_pipeline_check_params(p, &e), BMP_OK);
    bmp_pipeline_free(p);

    assert_int_equal(bmp_pipeline_new(&p, &e), BMP_OK); /* a parameter of the options */
    assert_int_equal(bmp_pipeline_set(p, "set", "bogus=1", &e), BMP_OK);
    assert_int_equal(bmp_pipeline_read_file(p, NZ("pairs.xml"), &e), BMP_OK);
    assert_int_equal(bmp_pipeline_check_params(p, &e), BMP_EINVAL);
    assert_null(strstr(e.msg, "$."));
    assert_non_null(strstr(e.msg, "pairs.xml: parameter bogus (given with set or the sidecar, "
                                  "not in the file): unknown NZB parameter"));
    bmp_pipeline_free(p);

    assert_int_equal(bmp_pipeline_new(&p, &e), BMP_OK); /* the reader's check at <pair> */
    assert_int_equal(bmp_pipeline_read_file(p, BMP_TEST_DATA "/where/nz_place_overlap.xml", &e),
                     BMP_EINVAL);
    if (strstr(e.msg, "$.") || !strstr(e.msg, "nz_place_overlap.xml:20"))
        fail_msg("%s", e.msg);
    assert_non_null(strstr(e.msg, "nz_place_overlap.xml:20: <pair>: contestant \"1NS\": place "
                                  "1/2 overlaps place 2"));
    bmp_pipeline_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pairs_mitchell),   cmocka_unit_test(np_passed_boards),
        cmocka_unit_test(handicap),         cmocka_unit_test(howell_phantom),
        cmocka_unit_test(sections),         cmocka_unit_test(pipeline_awards_every_file),
        cmocka_unit_test(refuses_what_is_wrong), cmocka_unit_test(numbers_api_and_where),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
