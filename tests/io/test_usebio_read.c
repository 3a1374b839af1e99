/* USEBIO reader (ecosystem.md §2): the two reference examples and the
 * realistic variants under tests/data/usebio/, each asserting the mapped
 * model.  Expected values are read off the files by hand (comments say how). */
#include "usebio_test_util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/usebio.h"

/* example_pairs.xml: 1.2 file with 1.1 EVENT_TYPE MP_PAIRS, WINNER_TYPE 2
 * (Mitchell), flat MASTER_POINTS_AWARDED + MASTER_POINT_TYPE GREEN. */
static void example_pairs(void **state)
{
    (void)state;
    bmp_event *ev = load("example_pairs.xml", "abf");
    assert_string_equal(ev->body, "abf");
    assert_int_equal(ev->kind, BMP_KIND_PAIRS);
    assert_string_equal(bmp_params_string(&ev->params, "usebio.scoring", ""), "MATCH_POINTS");
    assert_string_equal(ev->name, "Tuesday Evening");
    assert_string_equal(ev->date, "2025-01-14"); /* DATE 14/01/2025, day first */
    assert_int_equal(ev->movement, BMP_MOVEMENT_TWO_WINNER);
    assert_int_equal(ev->boards, 2);
    assert_int_equal(ev->ncontestants, 6);
    assert_true(ev->tables == 3.0); /* 6 pairs = 3 tables (rulings C-3) */
    /* Identity: CLUB/CLUB_ID_NUMBER and EVENT_IDENTIFIER are typed fields. */
    assert_string_equal(ev->organiser, "3107");
    assert_string_equal(ev->event_id, "5521");
    assert_null(ev->sanction); /* no charge code in the file */
    assert_false(bmp_params_has(&ev->params, "usebio.club_id"));
    assert_string_equal(bmp_params_string(&ev->params, "usebio.master_point_scale", ""), "Club");
    assert_true(bmp_params_bool(&ev->params, "usebio.mps_awarded", false));
    assert_string_equal(bmp_params_string(&ev->params, "usebio.venue", ""), "Clubrooms");
    /* NZ-21 (import side): a Mitchell section gives two groups, N/S and E/W,
     * ranked separately: the places go to rankings "NS" and "EW", not to one
     * overall field. */
    const bmp_contestant *c = ct(ev, "3NS");
    assert_int_equal(c->place.lo, 0);
    assert_int_equal(c->nrankings, 1);
    assert_string_equal(c->rankings[0].ranking, "NS");
    assert_string_equal(c->rankings[0].direction, "NS");
    assert_place(c->rankings[0].place, 1, 1);
    assert_place(rk(ct(ev, "2EW"), "EW")->place, 1, 1); /* both fields have a winner */
    assert_place(rk(ct(ev, "1EW"), "EW")->place, 3, 3);
    assert_true(c->score == 75.0);                      /* PERCENTAGE 75.00 */
    assert_true(bmp_params_number(&c->params, "usebio.total_score", 0) == 6.0);
    /* Flat MP form: 30 = 0.30 green, 20 = 0.20, 0 = 0. */
    assert_true(bmp_params_number(&c->params, "mp.green", -1) == 30);
    assert_true(bmp_params_number(&ct(ev, "1NS")->params, "mp.green", -1) == 20);
    assert_true(bmp_params_number(&ct(ev, "2NS")->params, "mp.green", -1) == 0);
    /* Players: IDs as strings; the VISITOR placeholder has no number. */
    assert_int_equal(c->nplayers, 2);
    assert_string_equal(c->players[0].id, "805610");
    assert_string_equal(c->players[0].name, "ELLA EVANS");
    assert_null(c->players[1].id);
    assert_string_equal(c->players[1].name, "VISITOR");
    assert_string_equal(bmp_params_string(&ct(ev, "2NS")->players[1].params, "usebio.club_id", ""),
                        "2940");
    bmp_awards aw;
    bmp_awards_init(&aw);
    assert_int_equal(bmp_usebio_file_awards(ev, &aw, NULL), BMP_OK);
    assert_int_equal(aw.count, 6); /* one per pair, one colour each */
    assert_points(bmp_awards_player_total(&aw, 2, 0), "0.30"); /* 3NS, a player */
    bmp_awards_free(&aw);
    bmp_event_free(ev);
}

/* example_teams.xml: 1.2 Swiss teams, TEAM attributes, MATCH records,
 * nested and repeated MASTER_POINTS (NZ a/b/c). */
static void example_teams(void **state)
{
    (void)state;
    bmp_event *ev = load("example_teams.xml", "nzb");
    assert_int_equal(ev->kind, BMP_KIND_SWISS_TEAMS);
    assert_string_equal(ev->date, "2025-03-22");
    assert_int_equal(ev->boards, 24);
    assert_int_equal(ev->boards_per_match, 8);
    assert_int_equal(ev->ncontestants, 4);
    assert_true(ev->tables == 4.0); /* teams count one each (C-3) */
    assert_string_equal(bmp_params_string(&ev->params, "usebio.match_scoring", ""), "VPS");
    const bmp_contestant *c = ct(ev, "3");
    assert_string_equal(c->name, "CLARKE");
    assert_place(c->place, 1, 1);
    assert_true(c->score == 37.45);
    assert_int_equal(c->nplayers, 4);
    assert_null(c->players[3].id); /* Carl Curtis: empty NATIONAL_ID_NUMBER */
    assert_int_equal(ct(ev, "2")->nplayers, 5);
    /* NZ-1 (import side): A, B and C points kept separately: CLARKE's two
     * MASTER_POINTS blocks are 800 b (8.00 B) and 2400 c (24.00 C). */
    assert_true(bmp_params_number(&c->params, "mp.b", -1) == 800);
    assert_true(bmp_params_number(&c->params, "mp.c", -1) == 2400);
    assert_false(bmp_params_has(&c->params, "mp.a"));
    /* Matches: 6, VPs as the match score, IMPs kept, winner from the IMPs. */
    assert_int_equal(ev->nmatches, 6);
    const bmp_match *m = &ev->matches[0];
    assert_int_equal(m->round, 1);
    assert_string_equal(m->home, "1");
    assert_string_equal(m->away, "2");
    assert_true(m->home_score == 15.23 && m->away_score == 4.77);
    assert_true(bmp_params_number(&m->params, "usebio.home_imps", 0) == 23);
    assert_string_equal(m->winner, "1");
    assert_int_equal(m->boards, 8); /* 8 BOARD elements; their IMPs sum to 23 - 8 = 15 */
    assert_string_equal(ev->matches[1].winner, "tie"); /* 12-12 */
    assert_int_equal(ev->matches[1].boards, 8);        /* BOARDS_PER_ROUND */
    /* Wins recomputed from the matches (ecosystem.md §2.4 rule 5):
     * CLARKE drew DUNN (12-12), beat ADAMS 17-10 and BROWN 22-9 -> 2.5,
     * which agrees with WINS_OR_DRAWS 2.5; DUNN: one draw, two losses. */
    assert_int_equal(c->matches_played, 3);
    assert_int_equal(c->matches_won, 2);
    assert_true(c->match_wins == 2.5);
    assert_true(ct(ev, "4")->match_wins == 0.5);
    assert_int_equal(ct(ev, "4")->matches_won, 0);
    assert_true(ct(ev, "1")->match_wins == 2.0);
    bmp_event_free(ev);
}

/* Two sections of 4 and 3 tables, each ranked on its own. */
static void sections_different_sizes(void **state)
{
    (void)state;
    bmp_event *ev = load("sections.xml", "nzb");
    assert_int_equal(ev->ngroups, 2);
    const bmp_group *a = bmp_event_group(ev, "A"), *b = bmp_event_group(ev, "B");
    assert_non_null(a);
    assert_non_null(b);
    assert_string_equal(a->type, "section");
    assert_true(a->tables == 4.0); /* 8 pairs */
    assert_true(b->tables == 3.0); /* 6 pairs */
    assert_true(ev->tables == 7.0);
    assert_int_equal(ev->ncontestants, 14);
    /* NZ-22 (import side): sections are separate competitions: both pair 1 of
     * A and pair 6 of B are first, each in its own section; ids are
     * qualified by the section so they stay unique. */
    const bmp_contestant *a1 = ct(ev, "A:1"), *b6 = ct(ev, "B:6");
    assert_string_equal(a1->group, "A");
    assert_string_equal(b6->group, "B");
    assert_place(a1->place, 1, 1);
    assert_place(b6->place, 1, 1);
    assert_place(ct(ev, "B:1")->place, 6, 6);
    bmp_event_free(ev);
}

/* Arrow-switched Mitchell: DIRECTION present but WINNER_TYPE 1 -> one field. */
static void arrow_switch_one_field(void **state)
{
    (void)state;
    bmp_event *ev = load("arrow_switch.xml", "abf");
    /* NZ-21 (import side): a scrambled (arrow-switched) Mitchell gives one group. */
    assert_int_equal(ev->movement, BMP_MOVEMENT_ONE_WINNER);
    assert_place(ct(ev, "2NS")->place, 1, 1);
    assert_place(ct(ev, "1EW")->place, 2, 2);
    assert_place(ct(ev, "3NS")->place, 6, 6);
    assert_int_equal(ct(ev, "2NS")->nrankings, 0);
    bmp_event_free(ev);
}

/* A phantom EW pair; players without national numbers. */
static void phantom_and_missing_ids(void **state)
{
    (void)state;
    bmp_event *ev = load("phantom.xml", "abf");
    const bmp_contestant *ph = ct(ev, "4EW");
    assert_true(ph->phantom);
    assert_int_equal(ph->nrankings, 0); /* never ranked */
    /* 7 real pairs = 3.5 tables: the phantom is not counted (C-3). */
    assert_true(ev->tables == 3.5);
    assert_place(rk(ct(ev, "1EW"), "EW")->place, 1, 1);
    assert_place(rk(ct(ev, "3EW"), "EW")->place, 2, 2);
    const bmp_contestant *c = ct(ev, "1NS");
    assert_string_equal(c->players[0].id, "0332135"); /* leading zero kept */
    assert_null(c->players[1].id);                    /* VISITOR, empty */
    c = ct(ev, "2NS");
    assert_null(c->players[0].id); /* "0" means unknown */
    assert_null(c->players[1].id); /* 88888888: EBU guest */
    assert_true(bmp_params_bool(&c->players[1].params, "guest", false));
    assert_string_equal(c->players[1].name, "GUEST PLAYER");
    bmp_event_free(ev);
}

/* A 1.3 file: ACBL elements kept verbatim, EBU_CHARGE_CODE, ACBL pigments. */
static void acbl_13(void **state)
{
    (void)state;
    bmp_event *ev = load("acbl_13.xml", "acbl");
    assert_string_equal(bmp_params_string(&ev->params, "usebio.version", ""), "1.3");
    assert_string_equal(ev->sanction, "60"); /* EBU_CHARGE_CODE wins over ACBL_SANCTION_NUMBER */
    assert_string_equal(bmp_params_string(&ev->params, "usebio.acbl_sanction_number", ""),
                        "A1234567");
    assert_string_equal(bmp_params_string(&ev->params, "usebio.acbl_club_number", ""),
                        "123456");
    const bmp_contestant *c = ct(ev, "1");
    /* Nested MASTER_POINTS with ACBLscore pigments: R = red, B = black. */
    assert_true(bmp_params_number(&c->params, "mp.red", -1) == 800);
    assert_true(bmp_params_number(&c->params, "mp.black", -1) == 120);
    assert_string_equal(c->players[0].id, "J123456");
    assert_string_equal(c->players[1].id, "0012345");
    bmp_event_free(ev);
}

/* Overall results plus each session's: sessions become rankings. */
static void sessions(void **state)
{
    (void)state;
    bmp_event *ev = load("sessions.xml", "abf");
    assert_int_equal(ev->sessions, 2);
    assert_string_equal(ev->date, "2025-03-15"); /* dd-mm-yyyy */
    const bmp_contestant *c = ct(ev, "1");
    assert_place(c->place, 2, 2);
    assert_true(c->score == 110.5); /* TOTAL_SCORE, no PERCENTAGE */
    assert_int_equal(c->nrankings, 2);
    const bmp_ranking_entry *s2 = rk(c, "session 2");
    assert_int_equal(s2->session, 2);
    assert_place(s2->place, 3, 3);
    assert_place(rk(c, "session 1")->place, 1, 1);
    assert_true(s2->has_score && s2->score == 50.5);
    assert_int_equal(ev->ncontestants, 4);
    bmp_event_free(ev);
}

static void individual(void **state)
{
    (void)state;
    bmp_event *ev = load("individual.xml", "ebu");
    assert_int_equal(ev->kind, BMP_KIND_INDIVIDUAL);
    assert_int_equal(ev->ncontestants, 4);
    assert_true(ev->tables == 1.0); /* 4 players = 1 table */
    assert_place(ct(ev, "2")->place, 1, 1);
    assert_int_equal(ct(ev, "2")->nplayers, 1);
    assert_string_equal(ct(ev, "2")->players[0].id, "5002");
    bmp_event_free(ev);
}

/* Encodings: declared UTF-8 but Latin-1 bytes; UTF-16 with a BOM. */
static void encodings(void **state)
{
    (void)state;
    bmp_event *ev = load("latin1.xml", "abf");
    assert_string_equal(ct(ev, "1")->players[0].name, "ZO\xc3\x8b ZAPATA"); /* ZOË in UTF-8 */
    assert_string_equal(ct(ev, "1")->players[1].name, "REN\xc3\x89 ROUX");
    assert_string_equal(bmp_params_string(&ev->params, "usebio.encoding", ""), "ISO-8859-1");
    bmp_event_free(ev);
    ev = load("utf16.xml", "abf");
    assert_string_equal(ct(ev, "1")->players[0].name, "\xc5\x81UKASZ \xc5\xbb" "AK");
    assert_string_equal(ev->name, "UTF-16 file");
    bmp_event_free(ev);
}

/* Problems are reported with file, line and element path. */
static void errors_name_line_and_path(void **state)
{
    (void)state;
    load_fails("bad_place.xml", "abf", BMP_EINVAL,
               "bad_place.xml:23: /USEBIO/EVENT/PARTICIPANTS/PAIR[3]/PLACE: expected a place",
               "got \"x\"");
    load_fails("malformed.xml", "abf", BMP_EPARSE, "malformed.xml:7: malformed XML",
               "mismatch");
    load_fails("xxe.xml", "abf", BMP_EPARSE, "entity declarations are not accepted", NULL);
    load_fails("example_pairs.xml", NULL, BMP_EINVAL, "--body", NULL);
    load_fails("example_teams.xml", "abf", BMP_EINVAL, "MASTER_POINTS[1]/MASTER_POINT_TYPE",
               "expected one of GREEN, RED, GOLD (abf), got \"b\"");
    load_fails("no-such.xml", "abf", BMP_EIO, "cannot open", NULL);
}

#define HEAD "<USEBIO Version=\"1.2\"><EVENT EVENT_TYPE=\"PAIRS\">"
#define PAIR(n, pl, pct)                                                                        \
    "<PAIR><PAIR_NUMBER>" n "</PAIR_NUMBER><PERCENTAGE>" pct "</PERCENTAGE><PLACE>" pl          \
    "</PLACE><PLAYER><PLAYER_NAME>P" n "</PLAYER_NAME></PLAYER></PAIR>"

static void small_cases(void **state)
{
    (void)state;
    /* Dates: ambiguous two-digit years and impossible dates are refused. */
    expect_error(HEAD "<DATE>14/01/25</DATE><PARTICIPANTS>" PAIR("1", "1", "50")
                      "</PARTICIPANTS></EVENT></USEBIO>",
                 "abf", "4-digit year");
    expect_error(HEAD "<DATE>01/14/2025</DATE><PARTICIPANTS>" PAIR("1", "1", "50")
                      "</PARTICIPANTS></EVENT></USEBIO>",
                 "abf", "day-first date");
    /* A tie that nobody shares, a place beyond the field. */
    expect_error(HEAD "<PARTICIPANTS>" PAIR("1", "1=", "50") PAIR("2", "2", "40")
                      "</PARTICIPANTS></EVENT></USEBIO>",
                 "abf", "no other contestant shares it");
    expect_error(HEAD "<PARTICIPANTS>" PAIR("1", "1", "50") PAIR("2", "3", "40")
                      "</PARTICIPANTS></EVENT></USEBIO>",
                 "abf", "out of range");
    /* MP amounts are whole hundredths ("36.0" is fine, "0.5" is not). */
    expect_error(HEAD "<PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLACE>1</PLACE>"
                      "<MASTER_POINTS_AWARDED>0.5</MASTER_POINTS_AWARDED></PAIR>"
                      "</PARTICIPANTS></EVENT></USEBIO>",
                 "ebu", "whole number of hundredths");
    /* Unknown event type, wrong root, second EVENT. */
    expect_error("<USEBIO><EVENT EVENT_TYPE=\"LADDER\"><PARTICIPANTS/></EVENT></USEBIO>", "abf",
                 "EVENT_TYPE: expected one of");
    expect_error("<RESULTS/>", "abf", "expected the root element USEBIO");
    expect_error("<USEBIO><EVENT><PARTICIPANTS/></EVENT></USEBIO>", "abf",
                 "no EVENT_TYPE (expected e.g. MP_PAIRS");
    expect_error("<USEBIO Version=\"2.0\"/>", "abf", "Version: expected 1.0");
    expect_error(HEAD "<PARTICIPANTS>" PAIR("1", "1", "50") "</PARTICIPANTS></EVENT>"
                      "<EVENT EVENT_TYPE=\"PAIRS\"/></USEBIO>",
                 "abf", "a second EVENT");
    expect_error(HEAD "<PARTICIPANTS>" PAIR("1", "1", "50") PAIR("1", "2", "40")
                      "</PARTICIPANTS></EVENT></USEBIO>",
                 "abf", "duplicate contestant \"1\"");
    /* Two-winner without a direction. */
    expect_error(HEAD "<WINNER_TYPE>2</WINNER_TYPE><PARTICIPANTS>" PAIR("1", "1", "50")
                      "</PARTICIPANTS></EVENT></USEBIO>",
                 "abf", "no DIRECTION NS or EW");
    /* The same pair twice in one session's result (fuzzing finding,
     * corpus regress-repeated-ranking). */
    expect_error(HEAD "<PARTICIPANTS>" PAIR("1", "1", "50") PAIR("2", "2", "40")
                      "</PARTICIPANTS><SESSION SESSION_ID=\"1\"><PARTICIPANTS>" PAIR("2", "1", "50")
                          PAIR("2", "2", "40") "</PARTICIPANTS></SESSION></EVENT></USEBIO>",
                 "abf", "\"2\" appears twice in ranking \"session 1\"");
    /* A session's pair missing from the overall result (fuzzing finding,
     * corpus regress-session-only-pair; rulings U-7). */
    expect_error(HEAD "<PARTICIPANTS>" PAIR("1", "1", "50") PAIR("2", "2", "40")
                      "</PARTICIPANTS><SESSION SESSION_ID=\"1\"><PARTICIPANTS>" PAIR("3", "1", "50")
                          "</PARTICIPANTS></SESSION></EVENT></USEBIO>",
                 "abf", "\"3\" is in this session's results but not in the event's overall");
    /* Missing place and no score to rebuild it. */
    expect_error(HEAD "<PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER></PAIR>"
                      "</PARTICIPANTS></EVENT></USEBIO>",
                 "abf", "no PERCENTAGE or TOTAL_SCORE");
    /* Board IMPs that name another winner than the match score (one that
     * names the same winner is a warning: test_usebio_lenient.c). */
    expect_error("<USEBIO><EVENT EVENT_TYPE=\"TEAMS\"><PARTICIPANTS>"
                 "<TEAM TEAM_ID=\"1\"><PLACE>1</PLACE></TEAM><TEAM TEAM_ID=\"2\"><PLACE>2</PLACE></TEAM>"
                 "</PARTICIPANTS><MATCH><TEAM>1</TEAM><OPPOSING_TEAM>2</OPPOSING_TEAM>"
                 "<TEAM_SCORE>10</TEAM_SCORE><OPPOSING_TEAM_SCORE>2</OPPOSING_TEAM_SCORE>"
                 "<BOARD><IMPS>-5</IMPS></BOARD></MATCH></EVENT></USEBIO>",
                 "abf", "BOARD IMPS sum to -5");
    expect_error("<USEBIO><EVENT EVENT_TYPE=\"TEAMS\"><PARTICIPANTS>"
                 "<TEAM TEAM_ID=\"1\"><PLACE>1</PLACE></TEAM></PARTICIPANTS>"
                 "<MATCH><TEAM>1</TEAM><OPPOSING_TEAM>9</OPPOSING_TEAM></MATCH></EVENT></USEBIO>",
                 "abf", "no participant with id \"9\"");
    /* Lenient: flat MP without a type is EBU black (local); "36.0" is 36
     * whole local points (§2.3: "36 for a club win"), 3600 hundredths in the
     * EBU rules' unit (audit: was read as 0.36, rulings U-20);
     * "T2"/"=2" ties (ACBLscore writes T). */
    bmp_error e = {0};
    bmp_event *ev = from_string(
        HEAD "<PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLACE>1</PLACE>"
             "<MASTER_POINTS_AWARDED>36.0</MASTER_POINTS_AWARDED></PAIR>" PAIR("2", "T2", "40")
                 PAIR("3", "=2", "40") "</PARTICIPANTS></EVENT></USEBIO>",
        "ebu", &e);
    if (!ev)
        fail_msg("%s", e.msg);
    assert_true(bmp_params_number(&ct(ev, "1")->params, "mp.local", -1) == 3600);
    assert_place(ct(ev, "3")->place, 2, 3);
    bmp_event_free(ev);
}

/* Options and the sidecar fill in what the file cannot say. */
static void options_and_sidecar(void **state)
{
    (void)state;
    char side[512];
    snprintf(side, sizeof side, "%s/usebio/sidecar_abf.json", BMP_TEST_DATA);
    char path[512];
    snprintf(path, sizeof path, "%s/usebio/example_pairs.xml", BMP_TEST_DATA);
    const char *set[] = {"acceleration=1.5", "note=club champs", "open=true"};
    bmp_usebio_opts o = {.sidecar = side, .grade = "C", .set = set, .nset = 3};
    bmp_event *ev = NULL;
    bmp_error e = {0};
    if (bmp_usebio_read_file(path, &o, &ev, &e))
        fail_msg("%s", e.msg);
    assert_string_equal(ev->body, "abf");      /* from the sidecar */
    assert_string_equal(ev->grade, "C");       /* option wins over sidecar's "D" */
    assert_string_equal(ev->rating, "championship");
    assert_string_equal(ev->name, "Harbourside Tuesday"); /* sidecar wins over TITLE */
    assert_true(ev->upper_limit == 300);
    assert_true(bmp_params_number(&ev->params, "acceleration", 0) == 1.5);
    assert_string_equal(bmp_params_string(&ev->params, "note", ""), "club champs");
    assert_true(bmp_params_bool(&ev->params, "open", false));
    assert_true(bmp_params_number(&ev->params, "from_sidecar", 0) == 7);
    bmp_event_free(ev);
    /* A field a sidecar cannot hold. */
    snprintf(side, sizeof side, "%s/usebio/sidecar_bad.json", BMP_TEST_DATA);
    o = (bmp_usebio_opts){.sidecar = side};
    assert_int_equal(bmp_usebio_read_file(path, &o, &ev, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.contestants: not a sidecar field"));
    snprintf(side, sizeof side, "%s/usebio/sidecar_bad_date.json", BMP_TEST_DATA);
    o = (bmp_usebio_opts){.sidecar = side};
    assert_int_equal(bmp_usebio_read_file(path, &o, &ev, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.date: expected a date as YYYY-MM-DD, got \"14/01/2025\""));
    o = (bmp_usebio_opts){.body = "wbf"};
    assert_int_equal(bmp_usebio_read_file(path, &o, &ev, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "unknown body \"wbf\""));
    /* No body from the options or the sidecar: said before the file is
     * read (the reader met it after the header, and its tree reader had
     * then parsed the whole file to say so).  A malformed file, a missing
     * one and a sidecar without "body" all answer it; a sidecar that
     * cannot be read gives its own error. */
    char bad[1024];
    snprintf(bad, sizeof bad, "%s/usebio/malformed.xml", BMP_TEST_DATA);
    o = (bmp_usebio_opts){.grade = "E"};
    assert_int_equal(bmp_usebio_read_file(bad, &o, &ev, &e), BMP_EINVAL);
    assert_null(ev);
    assert_non_null(strstr(e.msg, "malformed.xml: a USEBIO file does not say which body's rules "
                                  "apply: give --body acbl|ebu|abf|nzb"));
    assert_int_equal(bmp_usebio_read_file("/nonexistent/r.xml", NULL, &ev, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "/nonexistent/r.xml: a USEBIO file does not say which body"));
    assert_int_equal(bmp_usebio_read_memory("<x", 2, "m.xml", &o, &ev, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "m.xml: a USEBIO file does not say which body"));
    snprintf(side, sizeof side, "%s/usebio/sidecar_nobody.json", BMP_TEST_DATA);
    o = (bmp_usebio_opts){.sidecar = side};
    assert_int_equal(bmp_usebio_read_file(bad, &o, &ev, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "does not say which body's rules apply"));
    o = (bmp_usebio_opts){.sidecar = "/nonexistent/side.json"};
    assert_int_equal(bmp_usebio_read_file(path, &o, &ev, &e), BMP_EPARSE);
    assert_non_null(strstr(e.msg, "/nonexistent/side.json"));
    /* a sidecar's own error is its own, even without a body: a misspelt
     * "Body" is named; "body": null names no body */
    snprintf(side, sizeof side, "%s/usebio/sidecar_misspelt.json", BMP_TEST_DATA);
    o = (bmp_usebio_opts){.sidecar = side};
    assert_int_equal(bmp_usebio_read_file(path, &o, &ev, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.Body: not a sidecar field"));
    snprintf(side, sizeof side, "%s/usebio/sidecar_null_body.json", BMP_TEST_DATA);
    o = (bmp_usebio_opts){.sidecar = side};
    assert_int_equal(bmp_usebio_read_file(bad, &o, &ev, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "malformed.xml: a USEBIO file does not say which body"));
    snprintf(side, sizeof side, "%s/usebio/sidecar_nobody.json", BMP_TEST_DATA);
    o = (bmp_usebio_opts){.sidecar = side, .body = "ebu"}; /* the option names it */
    assert_int_equal(bmp_usebio_read_file(path, &o, &ev, &e), BMP_OK);
    assert_string_equal(ev->body, "ebu");
    bmp_event_free(ev);
    ev = NULL;
    /* A file without EVENT_TYPE: the sidecar's "kind" supplies it. */
    snprintf(side, sizeof side, "%s/usebio/sidecar_kind.json", BMP_TEST_DATA);
    o = (bmp_usebio_opts){.sidecar = side};
    static const char nokind[] = "<USEBIO><EVENT><PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER>"
                                 "<PLACE>1</PLACE></PAIR></PARTICIPANTS></EVENT></USEBIO>";
    if (bmp_usebio_read_memory(nokind, strlen(nokind), "nokind.xml", &o, &ev, &e))
        fail_msg("%s", e.msg);
    assert_int_equal(ev->kind, BMP_KIND_PAIRS);
    assert_string_equal(ev->body, "ebu");
    assert_string_equal(ev->date, "2025-05-01");
    assert_int_equal(ev->movement, BMP_MOVEMENT_ONE_WINNER);
    bmp_event_free(ev);
    o = (bmp_usebio_opts){.body = "acbl", .edition = "1999"};
    snprintf(path, sizeof path, "%s/usebio/acbl_13.xml", BMP_TEST_DATA);
    assert_int_equal(bmp_usebio_read_file(path, &o, &ev, &e), BMP_EINVAL);
}

static void sniff_and_colours(void **state)
{
    (void)state;
    assert_true(bmp_usebio_sniff("<?xml version=\"1.0\"?>", 21));
    assert_true(bmp_usebio_sniff("\xef\xbb\xbf  <USEBIO>", 12));
    assert_true(bmp_usebio_sniff("\xff\xfe<\0", 4));
    assert_false(bmp_usebio_sniff("{\"body\": \"abf\"}", 15));
    assert_false(bmp_usebio_sniff("", 0));
    /* ecosystem.md §2.4 rule 2: types normalised per body, case-insensitive. */
    assert_string_equal(bmp_usebio_colour("abf", "green"), "green");
    assert_string_equal(bmp_usebio_colour("abf", "G"), "green");
    assert_string_equal(bmp_usebio_colour("abf", "Y"), "gold");
    assert_string_equal(bmp_usebio_colour("ebu", "Blue"), "blue");
    assert_string_equal(bmp_usebio_colour("nzb", "A"), "a");
    assert_string_equal(bmp_usebio_colour("acbl", "P"), "platinum");
    assert_null(bmp_usebio_colour("abf", "BLACK"));
    assert_string_equal(bmp_usebio_type("nzb", "c"), "c");
    assert_string_equal(bmp_usebio_type("abf", "red"), "RED");
    assert_null(bmp_usebio_type("ebu", "silver"));
}

/* Sessions with sections, no event-level results: session rankings only. */
static void sessions_without_overall(void **state)
{
    (void)state;
    bmp_event *ev = ok_string(
        "<USEBIO><EVENT EVENT_TYPE=\"PAIRS\"><WINNER_TYPE>2</WINNER_TYPE>"
        "<SESSION SESSION_ID=\"1\"><SECTION SECTION_ID=\"A\"><PARTICIPANTS>"
        "<PAIR><PAIR_NUMBER>1NS</PAIR_NUMBER><PLACE>1</PLACE></PAIR>"
        "<PAIR><PAIR_NUMBER>1EW</PAIR_NUMBER><PLACE>1</PLACE></PAIR>"
        "</PARTICIPANTS></SECTION></SESSION>"
        "<SESSION SESSION_ID=\"2\"><SECTION SECTION_ID=\"A\"><PARTICIPANTS>"
        "<PAIR><PAIR_NUMBER>1NS</PAIR_NUMBER><PLACE>1</PLACE></PAIR>"
        "<PAIR><PAIR_NUMBER>2NS</PAIR_NUMBER><PLACE>2</PLACE></PAIR>"
        "</PARTICIPANTS></SECTION></SESSION>"
        "</EVENT></USEBIO>",
        "abf");
    assert_int_equal(ev->sessions, 2);
    assert_int_equal(ev->ncontestants, 3); /* 1NS matched across the sessions */
    const bmp_contestant *c = ct(ev, "1NS");
    assert_int_equal(c->place.lo, 0);      /* no overall result in the file */
    assert_int_equal(c->nrankings, 2);
    const bmp_ranking_entry *r2 = rk(c, "session 2 section A NS");
    assert_int_equal(r2->session, 2);
    assert_string_equal(r2->section, "A");
    assert_string_equal(r2->direction, "NS");
    assert_place(rk(ct(ev, "2NS"), "session 2 section A NS")->place, 2, 2);
    assert_place(rk(ct(ev, "1EW"), "session 1 section A EW")->place, 1, 1);
    assert_null(c->group); /* session sections are not the event's groups */
    /* The mapped event is valid as a JSON event too. */
    char *json = NULL;
    assert_int_equal(bmp_event_to_json(ev, &json, NULL), BMP_OK);
    bmp_event *j = bmp_test_event(json);
    assert_int_equal(j->ncontestants, 3);
    bmp_event_free(j);
    free(json);
    bmp_event_free(ev);
    /* Two sections per session and no overall: ids are section-qualified. */
    ev = ok_string(
        "<USEBIO><EVENT EVENT_TYPE=\"PAIRS\">"
        "<SESSION SESSION_ID=\"1\"><SECTION SECTION_ID=\"A\"><PARTICIPANTS>"
        "<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLACE>1</PLACE></PAIR></PARTICIPANTS></SECTION>"
        "<SECTION SECTION_ID=\"B\"><PARTICIPANTS>"
        "<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLACE>1</PLACE></PAIR></PARTICIPANTS></SECTION></SESSION>"
        "<SESSION SESSION_ID=\"2\"><SECTION SECTION_ID=\"A\"><PARTICIPANTS>"
        "<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLACE>1</PLACE></PAIR></PARTICIPANTS></SECTION></SESSION>"
        "</EVENT></USEBIO>",
        "abf");
    assert_int_equal(ev->ncontestants, 2);
    assert_int_equal(ct(ev, "A:1")->nrankings, 2);
    assert_int_equal(ct(ev, "B:1")->nrankings, 1);
    bmp_event_free(ev);
}

/* BOARDS_PLAYED per pair -> participation; the EVENT's type for flat MPs. */
static void participation_and_event_type(void **state)
{
    (void)state;
    bmp_event *ev = ok_string(
        "<USEBIO><EVENT EVENT_TYPE=\"PAIRS\"><BOARDS_PLAYED>24</BOARDS_PLAYED>"
        "<MASTER_POINT_TYPE>RED</MASTER_POINT_TYPE><PARTICIPANTS>"
        "<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLACE>1</PLACE><BOARDS_PLAYED>18</BOARDS_PLAYED>"
        "<MASTER_POINTS_AWARDED>125</MASTER_POINTS_AWARDED>"
        "<PLAYER><PLAYER_NAME>X</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>Y</PLAYER_NAME></PLAYER></PAIR>"
        "<PAIR><PAIR_NUMBER>2</PAIR_NUMBER><PLACE>2</PLACE><BOARDS_PLAYED>24</BOARDS_PLAYED></PAIR>"
        "</PARTICIPANTS></EVENT></USEBIO>",
        "abf");
    const bmp_contestant *c = ct(ev, "1");
    assert_true(c->players[0].participation == 0.75); /* 18 of 24 boards */
    assert_true(bmp_params_number(&c->params, "mp.red", -1) == 125);
    assert_string_equal(bmp_params_string(&ev->params, "usebio.colour", ""), "red");
    bmp_event_free(ev);
}

/* Audit: §2.3 MASTER_POINT_SCALE -- for the EBU it names the event's
 * status (Club, District, County, Regional, National = EBU 3.2); the EBU
 * rules require a status, so a file saying "Club" was refused without
 * --status (rulings U-19).  Options still win; other bodies keep it as a
 * param only (ABF Compscore writes "Club" too). */
static void ebu_scale_is_status(void **state)
{
    (void)state;
    bmp_event *ev = load("example_pairs.xml", "ebu"); /* MASTER_POINT_SCALE Club */
    assert_string_equal(ev->status, "club");
    bmp_event_free(ev);
    char path[512];
    snprintf(path, sizeof path, "%s/usebio/example_pairs.xml", BMP_TEST_DATA);
    bmp_usebio_opts o = {.body = "ebu", .status = "county"};
    bmp_error e = {0};
    assert_int_equal(bmp_usebio_read_file(path, &o, &ev, &e), BMP_OK);
    assert_string_equal(ev->status, "county");
    bmp_event_free(ev);
    ev = load("example_pairs.xml", "abf");
    assert_null(ev->status);
    assert_string_equal(bmp_params_string(&ev->params, "usebio.master_point_scale", ""), "Club");
    bmp_event_free(ev);
    /* Salliere's letter scales: B is District (EBU-42: Club->A ...
     * National->E; rulings U-48, which amends U-19's "not mapped"). */
    ev = ok_string("<USEBIO><EVENT EVENT_TYPE=\"MP_PAIRS\"><MASTER_POINT_SCALE>B"
                   "</MASTER_POINT_SCALE><PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER>"
                   "<PLACE>1</PLACE></PAIR></PARTICIPANTS></EVENT></USEBIO>",
                   "ebu");
    assert_string_equal(ev->status, "district");
    bmp_event_free(ev);
    /* A word that names no status stays none (the rules then refuse). */
    ev = ok_string("<USEBIO><EVENT EVENT_TYPE=\"MP_PAIRS\"><MASTER_POINT_SCALE>F"
                   "</MASTER_POINT_SCALE><PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER>"
                   "<PLACE>1</PLACE></PAIR></PARTICIPANTS></EVENT></USEBIO>",
                   "ebu");
    assert_null(ev->status);
    bmp_event_free(ev);
}

/* Audit: a degenerate file -- PARTICIPANTS present but empty -- computed an
 * empty award list with exit 0 instead of the "nothing to award" error a
 * file without PARTICIPANTS gets; the error names the EVENT path. */
static void empty_participants(void **state)
{
    (void)state;
    expect_error("<USEBIO><EVENT EVENT_TYPE=\"PAIRS\"><PARTICIPANTS></PARTICIPANTS>"
                 "</EVENT></USEBIO>",
                 "abf", "mem.xml:1: /USEBIO/EVENT: PARTICIPANTS hold no PAIR");
    expect_error("<USEBIO><EVENT EVENT_TYPE=\"TEAMS\"><SESSION SESSION_ID=\"1\"><SECTION "
                 "SECTION_ID=\"A\"><PARTICIPANTS/></SECTION></SESSION></EVENT></USEBIO>",
                 "nzb", "nothing to award");
}

/* Audit (U-18): sessions name a pair by bare number + the DIRECTION it sat
 * in that session; the overall result names it without a direction.  Pair 1
 * sat NS in session 1 and EW in session 2: both are the overall pair "1". */
static void session_direction_matches_overall(void **state)
{
    (void)state;
    bmp_event *ev = ok_string(
        "<USEBIO><EVENT EVENT_TYPE=\"MP_PAIRS\"><PARTICIPANTS>"
        "<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLACE>1</PLACE></PAIR>"
        "<PAIR><PAIR_NUMBER>2</PAIR_NUMBER><PLACE>2</PLACE></PAIR></PARTICIPANTS>"
        "<SESSION SESSION_ID=\"1\"><PARTICIPANTS>"
        "<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>NS</DIRECTION><PLACE>1</PLACE></PAIR>"
        "<PAIR><PAIR_NUMBER>2</PAIR_NUMBER><DIRECTION>EW</DIRECTION><PLACE>2</PLACE></PAIR>"
        "</PARTICIPANTS></SESSION><SESSION SESSION_ID=\"2\"><PARTICIPANTS>"
        "<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>EW</DIRECTION><PLACE>2</PLACE></PAIR>"
        "<PAIR><PAIR_NUMBER>2</PAIR_NUMBER><DIRECTION>NS</DIRECTION><PLACE>1</PLACE></PAIR>"
        "</PARTICIPANTS></SESSION></EVENT></USEBIO>",
        "abf");
    assert_int_equal(ev->ncontestants, 2);
    assert_place(ct(ev, "1")->place, 1, 1);
    assert_place(rk(ct(ev, "1"), "session 1")->place, 1, 1);
    assert_place(rk(ct(ev, "1"), "session 2")->place, 2, 2);
    assert_place(rk(ct(ev, "2"), "session 2")->place, 1, 1);
    bmp_event_free(ev);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(example_pairs),
        cmocka_unit_test(example_teams),
        cmocka_unit_test(sections_different_sizes),
        cmocka_unit_test(arrow_switch_one_field),
        cmocka_unit_test(phantom_and_missing_ids),
        cmocka_unit_test(acbl_13),
        cmocka_unit_test(sessions),
        cmocka_unit_test(individual),
        cmocka_unit_test(encodings),
        cmocka_unit_test(errors_name_line_and_path),
        cmocka_unit_test(small_cases),
        cmocka_unit_test(options_and_sidecar),
        cmocka_unit_test(sniff_and_colours),
        cmocka_unit_test(sessions_without_overall),
        cmocka_unit_test(participation_and_event_type),
        cmocka_unit_test(ebu_scale_is_status),
        cmocka_unit_test(empty_participants),
        cmocka_unit_test(session_direction_matches_overall),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
