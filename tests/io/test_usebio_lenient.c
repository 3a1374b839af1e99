/* USEBIO reader, issue 43 item 2: strict only where awards depend on it.
 * Team scores read by MATCH_SCORING_METHOD (VPs are not IMPs), the scale
 * words real programs write, errors at the XML line and element (never a
 * JSON path), and a check that changes no award as a warning. */
#include "usebio_test_util.h"

#include "bridgemp/pipeline.h"

/* The warnings a read hands to bmp_usebio_opts.warn. */
typedef struct seen {
    size_t n;
    size_t line[4];
    char msg[4][256];
} seen;

static void on_warn(void *ud, size_t line, const char *msg)
{
    seen *s = ud;
    if (s->n < 4) {
        s->line[s->n] = line;
        snprintf(s->msg[s->n], sizeof s->msg[0], "%s", msg);
    }
    s->n++;
}

static bmp_event *read_warned(const char *xml, const char *body, seen *s, bmp_error *e)
{
    bmp_usebio_opts o = {.size = sizeof o, .body = body, .warn = on_warn, .warn_ud = s};
    bmp_event *ev = NULL;
    bmp_usebio_read_memory(xml, strlen(xml), "mem.xml", &o, &ev, e);
    return ev;
}

#define TWO_TEAMS                                                                              \
    "<PARTICIPANTS><TEAM TEAM_ID=\"1\"><PLACE>1</PLACE></TEAM>"                                \
    "<TEAM TEAM_ID=\"2\"><PLACE>2</PLACE></TEAM></PARTICIPANTS>"

/* The TeamsScorer shape: VPS, TEAM_SCORE 12-8 with board IMPs summing to
 * 2.  Read as VPs (the match score), never compared with the IMPs; the
 * winner from the boards (rule 5). */
static void vps_team_score_is_vps(void **state)
{
    (void)state;
    seen s = {0};
    bmp_error e = {0};
    bmp_event *ev = read_warned(
        "<USEBIO><EVENT EVENT_TYPE=\"TEAMS\"><MATCH_SCORING_METHOD>VPS</MATCH_SCORING_METHOD>"
        TWO_TEAMS "<MATCH><TEAM>1</TEAM><OPPOSING_TEAM>2</OPPOSING_TEAM>"
        "<TEAM_SCORE>12</TEAM_SCORE><OPPOSING_TEAM_SCORE>8</OPPOSING_TEAM_SCORE>"
        "<BOARD><IMPS>3</IMPS></BOARD><BOARD><IMPS>-1</IMPS></BOARD></MATCH></EVENT></USEBIO>",
        "ebu", &s, &e);
    if (!ev)
        fail_msg("refused: %s", e.msg);
    const bmp_match *m = &ev->matches[0];
    assert_true(m->has_score && m->home_score == 12 && m->away_score == 8);
    assert_false(bmp_params_has(&m->params, "usebio.home_imps")); /* VPs are not IMPs */
    assert_string_equal(m->winner, "1");
    assert_int_equal(m->boards, 2);
    assert_true(ct(ev, "1")->match_wins == 1.0);
    assert_int_equal(s.n, 0); /* nothing compared, nothing to warn of */
    bmp_event_free(ev);
}

/* VPS with *_VICTORY_POINTS beside TEAM_SCORE: TEAM_SCORE is the IMP field
 * and is compared with the boards.  The same winner: a warning at the
 * MATCH's line; another winner: refused, naming the line and element. */
static void imp_fields_checked(void **state)
{
    (void)state;
    seen s = {0};
    bmp_error e = {0};
    bmp_event *ev = read_warned(
        "<USEBIO><EVENT EVENT_TYPE=\"TEAMS\"><MATCH_SCORING_METHOD>VPS</MATCH_SCORING_METHOD>"
        TWO_TEAMS "\n<MATCH><TEAM>1</TEAM><OPPOSING_TEAM>2</OPPOSING_TEAM>"
        "<TEAM_SCORE>10</TEAM_SCORE><OPPOSING_TEAM_SCORE>2</OPPOSING_TEAM_SCORE>"
        "<TEAM_VICTORY_POINTS>15</TEAM_VICTORY_POINTS>"
        "<OPPOSING_TEAM_VICTORY_POINTS>5</OPPOSING_TEAM_VICTORY_POINTS>"
        "<BOARD><IMPS>5</IMPS></BOARD></MATCH></EVENT></USEBIO>",
        "ebu", &s, &e);
    if (!ev)
        fail_msg("refused: %s", e.msg);
    assert_true(ev->matches[0].home_score == 15); /* the VPs rank */
    assert_true(bmp_params_number(&ev->matches[0].params, "usebio.home_imps", 0) == 10);
    assert_string_equal(ev->matches[0].winner, "1");
    assert_int_equal(s.n, 1);
    assert_int_equal(s.line[0], 2);
    assert_string_equal(s.msg[0], "/USEBIO/EVENT/MATCH: the BOARD IMPS sum to 5 but TEAM_SCORE "
                                  "- OPPOSING_TEAM_SCORE is 8 (the same winner: TEAM_SCORE taken)");
    bmp_event_free(ev);
    /* Another winner: which is right decides the awards */
    expect_error("<USEBIO><EVENT EVENT_TYPE=\"TEAMS\">" TWO_TEAMS
                 "<MATCH><TEAM>1</TEAM><OPPOSING_TEAM>2</OPPOSING_TEAM>"
                 "<TEAM_SCORE>10</TEAM_SCORE><OPPOSING_TEAM_SCORE>2</OPPOSING_TEAM_SCORE>"
                 "<BOARD><IMPS>-5</IMPS></BOARD></MATCH></EVENT></USEBIO>",
                 "abf",
                 "mem.xml:1: /USEBIO/EVENT/MATCH: the BOARD IMPS sum to -5 but TEAM_SCORE - "
                 "OPPOSING_TEAM_SCORE is 8: they name different winners");
}

/* A failed read hands over no warning (the tree reader re-reads what the
 * stream gave up on: each warning must count once). */
static void warnings_once(void **state)
{
    (void)state;
    char path[512];
    snprintf(path, sizeof path, "%s/usebio/ebu_teamsscorer_vps.xml", BMP_TEST_DATA);
    seen s = {0};
    bmp_usebio_opts o = {.size = sizeof o, .body = "ebu", .warn = on_warn, .warn_ud = &s};
    bmp_event *ev = NULL;
    bmp_error e = {0};
    if (bmp_usebio_read_file(path, &o, &ev, &e))
        fail_msg("refused: %s", e.msg);
    assert_int_equal(ev->nmatches, 6);
    assert_true(ev->matches[0].home_score == 12 && ev->matches[0].away_score == 8);
    assert_string_equal(ev->matches[0].winner, "1");
    assert_string_equal(ev->matches[2].winner, "tie"); /* 10-10, no boards */
    assert_true(ct(ev, "1")->match_wins == 2.5);
    assert_int_equal(s.n, 0);
    bmp_event_free(ev);
}

/* The scale words programs write, any case, as the EBU status they mean
 * (rulings U-48); --status still wins. */
static void scale_words(void **state)
{
    (void)state;
    static const char *const words[][2] = {
        {"EBU", "club"},      {"ebu", "club"},  {"CLUB", "club"},      {"club", "club"},
        {"County", "county"}, {"A", "club"},    {"b", "district"},     {"E", "national"},
        {"QC", "county"},     {"qd", "regional"}};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        char xml[512];
        snprintf(xml, sizeof xml,
                 "<USEBIO><EVENT EVENT_TYPE=\"PAIRS\"><MASTER_POINT_SCALE>%s</MASTER_POINT_SCALE>"
                 "<PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLACE>1</PLACE></PAIR>"
                 "</PARTICIPANTS></EVENT></USEBIO>",
                 words[i][0]);
        bmp_event *ev = ok_string(xml, "ebu");
        if (!ev->status || strcmp(ev->status, words[i][1]) != 0)
            fail_msg("scale \"%s\": status %s, expected %s", words[i][0],
                     ev->status ? ev->status : "(none)", words[i][1]);
        /* kept as written, for the faithful export */
        assert_string_equal(bmp_params_string(&ev->params, "usebio.master_point_scale", ""),
                            words[i][0]);
        bmp_event_free(ev);
    }
    /* Other bodies keep the scale as a param only */
    bmp_event *ev = ok_string("<USEBIO><EVENT EVENT_TYPE=\"PAIRS\"><MASTER_POINT_SCALE>EBU"
                              "</MASTER_POINT_SCALE><PARTICIPANTS><PAIR><PAIR_NUMBER>1"
                              "</PAIR_NUMBER><PLACE>1</PLACE></PAIR></PARTICIPANTS></EVENT>"
                              "</USEBIO>",
                              "abf");
    assert_null(ev->status);
    bmp_event_free(ev);
}

/* Through the pipeline: a file whose words are the real programs' computes;
 * an error the rules raise about a field names the element and line. */
static bmp_pipeline *pipe_file(const char *name, const char *status, bmp_error *e)
{
    char path[512];
    snprintf(path, sizeof path, "%s/usebio/%s", BMP_TEST_DATA, name);
    bmp_pipeline *p = NULL;
    assert_int_equal(bmp_pipeline_new(&p, e), BMP_OK);
    assert_int_equal(bmp_pipeline_set(p, "body", "ebu", e), BMP_OK);
    if (status)
        assert_int_equal(bmp_pipeline_set(p, "status", status, e), BMP_OK);
    assert_int_equal(bmp_pipeline_read_file(p, path, e), BMP_OK);
    return p;
}

static void pipeline_scale_and_where(void **state)
{
    (void)state;
    bmp_error e = {0};
    bmp_pipeline *p = pipe_file("ebuscoreteams_pab.xml", NULL, &e);
    assert_string_equal(bmp_pipeline_event(p)->status, "club");
    if (bmp_pipeline_award(p, &e))
        fail_msg("award refused: %s", e.msg);
    const bmp_awards *aw = bmp_pipeline_awards(p);
    assert_true(aw->count > 0);
    assert_string_equal(bmp_pipeline_event(p)->contestants[aw->items[0].contestant].id, "1");
    assert_int_equal(aw->items[0].points, 2000); /* 20 local points, EBU-46 */
    assert_string_equal(aw->items[0].colour, "local");
    bmp_pipeline_free(p);

    p = pipe_file("ebu_scale_unknown.xml", NULL, &e);
    assert_int_not_equal(bmp_pipeline_award(p, &e), BMP_OK);
    if (strstr(e.msg, "$."))
        fail_msg("a JSON path for an XML input: %s", e.msg);
    if (!strstr(e.msg, "ebu_scale_unknown.xml:15: /USEBIO/EVENT/MASTER_POINT_SCALE: expected "
                       "the EBU status") ||
        !strstr(e.msg, "the file's scale \"Weekly\" is none: give --status"))
        fail_msg("message \"%s\"", e.msg);
    bmp_pipeline_free(p);

    /* --status wins over the word */
    p = pipe_file("ebu_scale_unknown.xml", "county", &e);
    if (bmp_pipeline_award(p, &e))
        fail_msg("award refused: %s", e.msg);
    bmp_pipeline_free(p);
}

/* The pipeline lists a failed check as a warning before the numbers'. */
static void pipeline_check_warning(void **state)
{
    (void)state;
    static const char xml[] =
        "<USEBIO><EVENT EVENT_TYPE=\"TEAMS\">\n<MASTER_POINT_SCALE>Club</MASTER_POINT_SCALE>"
        "<BOARDS_PLAYED>24</BOARDS_PLAYED>" TWO_TEAMS
        "\n<MATCH><TEAM>1</TEAM><OPPOSING_TEAM>2</OPPOSING_TEAM>"
        "<TEAM_SCORE>10</TEAM_SCORE><OPPOSING_TEAM_SCORE>2</OPPOSING_TEAM_SCORE>"
        "<BOARD><IMPS>5</IMPS></BOARD></MATCH></EVENT></USEBIO>";
    bmp_error e = {0};
    bmp_pipeline *p = NULL;
    assert_int_equal(bmp_pipeline_new(&p, &e), BMP_OK);
    assert_int_equal(bmp_pipeline_set(p, "body", "ebu", &e), BMP_OK);
    if (bmp_pipeline_read_memory(p, xml, sizeof xml - 1, "t.xml", &e))
        fail_msg("refused: %s", e.msg);
    assert_int_equal(bmp_pipeline_warning_count(p), 1);
    size_t line = 0;
    const char *w = bmp_pipeline_warning(p, 0, &line);
    assert_int_equal(line, 3);
    assert_non_null(strstr(w, "/USEBIO/EVENT/MATCH: the BOARD IMPS sum to 5"));
    char buf[512] = "";
    FILE *f = fmemopen(buf, sizeof buf, "w");
    assert_int_equal(bmp_pipeline_write_warnings(p, f, &e), BMP_OK);
    fclose(f);
    assert_non_null(strstr(buf, "t.xml:3: warning: /USEBIO/EVENT/MATCH: the BOARD IMPS sum"));
    bmp_pipeline_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(vps_team_score_is_vps),
        cmocka_unit_test(imp_fields_checked),
        cmocka_unit_test(warnings_once),
        cmocka_unit_test(scale_words),
        cmocka_unit_test(pipeline_scale_and_where),
        cmocka_unit_test(pipeline_check_warning),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
