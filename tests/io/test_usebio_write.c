/* USEBIO writer: MASTER_POINTS filled from awards constructed here (the
 * bodies' award rules live on other branches), then re-imported: the same
 * awards must come back, and the rest of the model must survive. */
#include "usebio_test_util.h"

#include <stdlib.h>
#include <string.h>

#include "bridgemp/usebio.h"

static bmp_event *reread(const char *xml, const char *body)
{
    bmp_usebio_opts o = {.body = body};
    bmp_event *ev = NULL;
    bmp_error e = {0};
    if (bmp_usebio_read_memory(xml, strlen(xml), "written.xml", &o, &ev, &e))
        fail_msg("written file did not re-import: %s\n%s", e.msg, xml);
    return ev;
}

static size_t idx(const bmp_event *ev, const char *id)
{
    const bmp_contestant *c = bmp_event_contestant(ev, id);
    if (!c)
        fail_msg("no contestant %s", id);
    return (size_t)(c - ev->contestants);
}

static void add(bmp_awards *aw, const bmp_event *ev, const char *id, int player,
                const char *colour, bmp_points p)
{
    bmp_award a = {0};
    a.contestant = idx(ev, id);
    a.player = player;
    a.points = p;
    bmp_award_set(&a, "overall", "overall", colour, "TEST", "test");
    assert_int_equal(bmp_awards_add(aw, NULL, &a, NULL), BMP_OK);
}

/* Points of one colour the file carries for contestant id. */
static bmp_points file_points(const bmp_event *ev, const char *id, const char *colour)
{
    bmp_awards aw;
    bmp_awards_init(&aw);
    assert_int_equal(bmp_usebio_file_awards(ev, &aw, NULL), BMP_OK);
    bmp_points t = 0;
    size_t ci = idx(ev, id);
    for (size_t i = 0; i < aw.count; i++)
        if (aw.items[i].contestant == ci && strcmp(aw.items[i].colour, colour) == 0)
            t += aw.items[i].points;
    bmp_awards_free(&aw);
    return t;
}

static char *write_doc(const bmp_event *ev, const bmp_awards *aw, bmp_usebio_mp_form form)
{
    char *doc = NULL;
    size_t len = 0;
    bmp_error e = {0};
    if (bmp_usebio_write(ev, aw, form, &doc, &len, &e))
        fail_msg("write: %s", e.msg);
    assert_int_equal(len, strlen(doc));
    return doc;
}

/* ABF pairs: one colour per pair -> the flat form; two colours -> nested. */
static void abf_pairs_awards_round_trip(void **state)
{
    (void)state;
    bmp_event *ev = load("example_pairs.xml", "abf");
    bmp_awards aw;
    bmp_awards_init(&aw);
    /* 0.57 green + 0.25 green (two awards, summed) and 1.00 red for 3NS;
     * 0.42 green per player for 2EW, given player by player (equal). */
    add(&aw, ev, "3NS", BMP_ALL_PLAYERS, "green", 57);
    add(&aw, ev, "3NS", BMP_ALL_PLAYERS, "green", 25);
    add(&aw, ev, "3NS", BMP_ALL_PLAYERS, "red", 100);
    add(&aw, ev, "2EW", 0, "green", 42);
    add(&aw, ev, "2EW", 1, "green", 42);
    add(&aw, ev, "1NS", BMP_ALL_PLAYERS, "green", 7);
    char *doc = write_doc(ev, &aw, BMP_USEBIO_MP_DEFAULT);
    /* 1NS (NS place 2): one colour, flat; 3NS: two colours, nested. */
    assert_non_null(strstr(doc, "<PAIR_NUMBER>1NS</PAIR_NUMBER>"));
    assert_non_null(strstr(doc, "<MASTER_POINTS>\n          <MASTER_POINTS_AWARDED>82</MASTER_POINTS_AWARDED>\n"
                                "          <MASTER_POINT_TYPE>GREEN</MASTER_POINT_TYPE>"));
    assert_non_null(strstr(doc, "<PLACE>2</PLACE>\n        <MASTER_POINTS_AWARDED>7</MASTER_POINTS_AWARDED>\n"
                                "        <MASTER_POINT_TYPE>GREEN</MASTER_POINT_TYPE>"));
    assert_non_null(strstr(doc, "<MPS_AWARDED_FLAG>Y</MPS_AWARDED_FLAG>"));
    bmp_event *back = reread(doc, "abf");
    assert_points(file_points(back, "3NS", "green"), "0.82");
    assert_points(file_points(back, "3NS", "red"), "1.00");
    assert_points(file_points(back, "2EW", "green"), "0.42");
    assert_points(file_points(back, "1NS", "green"), "0.07");
    /* U-43: a pair without an award gets an explicit 0 in the ABF flat
     * form, as Compscore3 writes it (tests/data/realworld) */
    assert_points(file_points(back, "2NS", "green"), "0.00");
    assert_true(bmp_params_has(&back->contestants[idx(back, "2NS")].params, "mp.green"));
    assert_int_equal(bmp_params_number(&back->contestants[idx(back, "2NS")].params, "mp.green", -1), 0);
    /* The model survives: places, directions, players, date, movement. */
    assert_int_equal(back->movement, BMP_MOVEMENT_TWO_WINNER);
    assert_string_equal(back->date, "2025-01-14");
    const bmp_contestant *c = &back->contestants[idx(back, "3NS")];
    assert_int_equal(c->rankings[0].place.lo, 1);
    assert_string_equal(c->rankings[0].direction, "NS");
    assert_string_equal(c->players[0].id, "805610");
    assert_null(c->players[1].id);
    free(doc);
    /* Nested on request. */
    doc = write_doc(ev, &aw, BMP_USEBIO_MP_NESTED);
    assert_null(strstr(doc, "<PLACE>2</PLACE>\n        <MASTER_POINTS_AWARDED>"));
    bmp_event_free(back);
    back = reread(doc, "abf");
    assert_points(file_points(back, "1NS", "green"), "0.07");
    free(doc);
    bmp_event_free(back);
    bmp_awards_free(&aw);
    bmp_event_free(ev);
}

/* Teams (NZ a/b/c), matches, ties in places: written, re-read, equal. */
static void nz_teams_round_trip(void **state)
{
    (void)state;
    bmp_event *ev = load("example_teams.xml", "nzb");
    bmp_awards aw;
    bmp_awards_init(&aw);
    assert_int_equal(bmp_usebio_file_awards(ev, &aw, NULL), BMP_OK); /* the file's own */
    char *doc = write_doc(ev, &aw, BMP_USEBIO_MP_DEFAULT);
    assert_non_null(strstr(doc, "<TEAM TEAM_ID=\"3\" TEAM_NAME=\"CLARKE\">"));
    assert_non_null(strstr(doc, "<MASTER_POINT_TYPE>b</MASTER_POINT_TYPE>"));
    bmp_event *back = reread(doc, "nzb");
    /* NZ-1 (export side): B and C kept apart: CLARKE 8.00 B and 24.00 C. */
    assert_points(file_points(back, "3", "b"), "8.00");
    assert_points(file_points(back, "3", "c"), "24.00");
    assert_points(file_points(back, "2", "c"), "12.00");
    assert_int_equal(back->nmatches, 6);
    for (size_t i = 0; i < 6; i++) {
        assert_string_equal(back->matches[i].winner, ev->matches[i].winner);
        assert_true(back->matches[i].home_score == ev->matches[i].home_score);
        assert_true(bmp_params_number(&back->matches[i].params, "usebio.home_imps", -1) ==
                    bmp_params_number(&ev->matches[i].params, "usebio.home_imps", -2));
    }
    for (size_t i = 0; i < 4; i++) {
        assert_true(back->contestants[i].match_wins == ev->contestants[i].match_wins);
        assert_int_equal(back->contestants[i].place.lo, ev->contestants[i].place.lo);
        assert_int_equal(back->contestants[i].nplayers, ev->contestants[i].nplayers);
    }
    free(doc);
    bmp_event_free(back);
    bmp_awards_free(&aw);
    bmp_event_free(ev);
}

/* Model round trips through USEBIO for sections, phantoms, ties, 1.3 fields. */
static void model_round_trips(void **state)
{
    (void)state;
    static const char *const files[][2] = {{"sections.xml", "nzb"},   {"phantom.xml", "abf"},
                                           {"tied_places.xml", "ebu"}, {"acbl_13.xml", "acbl"},
                                           {"individual.xml", "ebu"},  {"latin1.xml", "abf"}};
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        bmp_event *ev = load(files[f][0], files[f][1]);
        bmp_awards aw;
        bmp_awards_init(&aw);
        assert_int_equal(bmp_usebio_file_awards(ev, &aw, NULL), BMP_OK);
        char *doc = write_doc(ev, &aw, BMP_USEBIO_MP_DEFAULT);
        bmp_event *back = reread(doc, files[f][1]);
        assert_int_equal(back->ncontestants, ev->ncontestants);
        assert_int_equal(back->ngroups, ev->ngroups);
        assert_true(back->tables == ev->tables);
        for (size_t i = 0; i < ev->ncontestants; i++) {
            const bmp_contestant *a = &ev->contestants[i], *b = &back->contestants[i];
            assert_string_equal(a->id, b->id);
            assert_int_equal(a->place.lo, b->place.lo);
            assert_int_equal(a->place.hi, b->place.hi);
            assert_int_equal(a->phantom, b->phantom);
            assert_int_equal(a->nrankings, b->nrankings);
            for (size_t r = 0; r < a->nrankings; r++)
                assert_int_equal(a->rankings[r].place.lo, b->rankings[r].place.lo);
            assert_true(a->score == b->score);
            for (size_t p = 0; p < a->nplayers && p < b->nplayers; p++) {
                assert_true((!a->players[p].id && !b->players[p].id) ||
                            strcmp(a->players[p].id, b->players[p].id) == 0);
            }
            for (size_t k = 0; k < a->params.count; k++)
                if (strncmp(a->params.items[k].key, "mp.", 3) == 0)
                    assert_true(bmp_params_number(&b->params, a->params.items[k].key, -1) ==
                                a->params.items[k].number);
        }
        /* 1.3 ACBL fields pass through. */
        if (strcmp(files[f][0], "acbl_13.xml") == 0)
            assert_string_equal(
                bmp_params_string(&back->params, "usebio.acbl_sanction_number", ""), "A1234567");
        free(doc);
        bmp_event_free(back);
        bmp_awards_free(&aw);
        bmp_event_free(ev);
    }
}

static void write_errors(void **state)
{
    (void)state;
    bmp_event *ev = load("example_pairs.xml", "abf");
    bmp_awards aw;
    bmp_error e = {0};
    char *doc = NULL;
    /* Players of one pair with different awards: USEBIO cannot say it. */
    bmp_awards_init(&aw);
    add(&aw, ev, "2EW", 0, "green", 42);
    add(&aw, ev, "2EW", 1, "green", 21);
    assert_int_equal(bmp_usebio_write(ev, &aw, BMP_USEBIO_MP_DEFAULT, &doc, NULL, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "players 1 and 2 receive different green awards (42 and 21"));
    assert_null(doc);
    bmp_awards_free(&aw);
    /* A colour the body does not have. */
    bmp_awards_init(&aw);
    add(&aw, ev, "2EW", BMP_ALL_PLAYERS, "platinum", 42);
    assert_int_equal(bmp_usebio_write(ev, &aw, BMP_USEBIO_MP_DEFAULT, &doc, NULL, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "no abf colour \"platinum\""));
    bmp_awards_free(&aw);
    /* Negative awards, and two colours in the flat form. */
    bmp_awards_init(&aw);
    add(&aw, ev, "2EW", BMP_ALL_PLAYERS, "green", -5);
    assert_int_equal(bmp_usebio_write(ev, &aw, BMP_USEBIO_MP_DEFAULT, &doc, NULL, &e), BMP_EINVAL);
    bmp_awards_free(&aw);
    bmp_awards_init(&aw);
    add(&aw, ev, "2EW", BMP_ALL_PLAYERS, "green", 5);
    add(&aw, ev, "2EW", BMP_ALL_PLAYERS, "red", 5);
    assert_int_equal(bmp_usebio_write(ev, &aw, BMP_USEBIO_MP_FLAT, &doc, NULL, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "flat"));
    bmp_awards_free(&aw);
    /* Fuzzing finding (corpus event_json/regress-control-char.json): a JSON
     * string with a control character was written raw, giving malformed XML. */
    {
        bmp_event *cc = bmp_test_event(
            "{\"body\": \"abf\", \"name\": \"n\", \"kind\": \"pairs\", \"params\": "
            "{\"usebio.club_name\": \"Har\\bour\"}, \"contestants\": [{\"id\": \"1\", \"place\": 1}]}");
        assert_int_equal(bmp_usebio_write(cc, NULL, BMP_USEBIO_MP_DEFAULT, &doc, NULL, &e),
                         BMP_EINVAL);
        assert_non_null(strstr(e.msg, "CLUB_NAME: \"Har\bour\" holds a character XML 1.0 cannot"));
        assert_null(doc);
        bmp_event_free(cc);
        cc = bmp_test_event("{\"body\": \"abf\", \"name\": \"n\", \"kind\": \"teams\","
                            " \"contestants\": [{\"id\": \"1\", \"name\": \"\\uffff\","
                            " \"place\": 1}]}");
        assert_int_equal(bmp_usebio_write(cc, NULL, BMP_USEBIO_MP_DEFAULT, &doc, NULL, &e),
                         BMP_EINVAL);
        assert_non_null(strstr(e.msg, "TEAM_NAME"));
        bmp_event_free(cc);
    }
    /* Strata have no USEBIO element: refused, not written as sections. */
    {
        bmp_event *st = bmp_test_event(
            "{\"body\": \"acbl\", \"name\": \"s\", \"kind\": \"pairs\", \"groups\": "
            "[{\"name\": \"A\", \"type\": \"stratum\"}], \"contestants\": "
            "[{\"id\": \"1\", \"group\": \"A\", \"place\": 1}]}");
        assert_int_equal(bmp_usebio_write(st, NULL, BMP_USEBIO_MP_DEFAULT, &doc, NULL, &e),
                         BMP_EINVAL);
        assert_non_null(strstr(e.msg, "is in stratum \"A\": USEBIO can only group"));
        bmp_event_free(st);
    }
    /* No awards at all: a valid file without MASTER_POINTS. */
    assert_int_equal(bmp_usebio_write(ev, NULL, BMP_USEBIO_MP_DEFAULT, &doc, NULL, &e), BMP_OK);
    assert_null(strstr(doc, "MASTER_POINTS_AWARDED"));
    free(doc);
    /* Write to a file and read it back. */
    assert_int_equal(bmp_usebio_write_file(ev, NULL, BMP_USEBIO_MP_DEFAULT, "usebio_write.xml", &e),
                     BMP_OK);
    bmp_usebio_opts o = {.body = "abf"};
    bmp_event *back = NULL;
    assert_int_equal(bmp_usebio_read_file("usebio_write.xml", &o, &back, &e), BMP_OK);
    assert_int_equal(back->ncontestants, 6);
    bmp_event_free(back);
    remove("usebio_write.xml");
    assert_int_equal(bmp_usebio_write_file(ev, NULL, 0, "/nonexistent-dir/x.xml", &e), BMP_EIO);
    bmp_event_free(ev);
}

/* Names with markup characters are escaped, not broken. */
static void escaping(void **state)
{
    (void)state;
    bmp_event *ev = bmp_test_event(
        "{\"body\": \"ebu\", \"name\": \"A & B <Cup> \\\"final\\\"\", \"kind\": \"teams\","
        " \"contestants\": [{\"id\": \"1\", \"name\": \"O'Neil & Co\", \"place\": 1,"
        " \"players\": [{\"name\": \"<script>\"}]}, {\"id\": \"2\", \"place\": 2}]}");
    char *doc = write_doc(ev, NULL, BMP_USEBIO_MP_DEFAULT);
    assert_non_null(strstr(doc, "A &amp; B &lt;Cup&gt;"));
    bmp_event *back = reread(doc, "ebu");
    assert_string_equal(back->name, "A & B <Cup> \"final\"");
    assert_string_equal(back->contestants[0].name, "O'Neil & Co");
    assert_string_equal(back->contestants[0].players[0].name, "<script>");
    free(doc);
    bmp_event_free(back);
    bmp_event_free(ev);
}

/* Fuzzing finding (tests/fuzz/corpus/usebio/regress-phantom-direction): a
 * phantom in a two-winner event whose PAIR_NUMBER names no direction lost
 * its DIRECTION on writing, and the rewritten file no longer imported. */
static void regress_phantom_direction(void **state)
{
    (void)state;
    static const char xml[] =
        "<USEBIO Version=\"1.2\"><EVENT EVENT_TYPE=\"PAIRS\"><WINNER_TYPE>2</WINNER_TYPE>"
        "<PARTICIPANTS>"
        "<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>NS</DIRECTION><PLACE>1</PLACE></PAIR>"
        "<PAIR><PAIR_NUMBER>2</PAIR_NUMBER><DIRECTION>EW</DIRECTION><PLACE>1</PLACE></PAIR>"
        "<PAIR><PAIR_NUMBER>8</PAIR_NUMBER><DIRECTION>EW</DIRECTION>"
        "<PLAYER><PLAYER_NAME>PHANTOM</PLAYER_NAME></PLAYER></PAIR>"
        "</PARTICIPANTS></EVENT></USEBIO>";
    bmp_event *ev = reread(xml, "ebu");
    /* Bare number + DIRECTION: the id carries the direction (rulings U-18). */
    assert_true(bmp_event_contestant(ev, "8EW")->phantom);
    char *doc = write_doc(ev, NULL, BMP_USEBIO_MP_DEFAULT);
    /* UX-2: the number goes out as read, "8", not the id "8EW". */
    assert_non_null(strstr(doc, "<PAIR_NUMBER>8</PAIR_NUMBER>\n        <DIRECTION>EW</DIRECTION>"));
    bmp_event *back = reread(doc, "ebu");
    assert_true(bmp_event_contestant(back, "8EW")->phantom);
    free(doc);
    bmp_event_free(back);
    bmp_event_free(ev);
    /* A phantom needs no direction at all: it is never ranked. */
    static const char xml2[] =
        "<USEBIO><EVENT EVENT_TYPE=\"PAIRS\"><WINNER_TYPE>2</WINNER_TYPE><PARTICIPANTS>"
        "<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>NS</DIRECTION><PLACE>1</PLACE></PAIR>"
        "<PAIR><PAIR_NUMBER>9</PAIR_NUMBER><PLAYER><PLAYER_NAME>SIT OUT</PLAYER_NAME></PLAYER></PAIR>"
        "</PARTICIPANTS></EVENT></USEBIO>";
    ev = reread(xml2, "ebu");
    assert_true(bmp_event_contestant(ev, "9")->phantom);
    bmp_event_free(ev);
}

/* Fuzzing finding (corpus regress-individual-two-winner): WINNER_TYPE 2 on
 * an individual event put the places in a direction-less ranking the writer
 * did not write back.  Only pairs have NS and EW fields (rulings U-5). */
static void regress_individual_two_winner(void **state)
{
    (void)state;
    static const char xml[] =
        "<USEBIO><EVENT EVENT_TYPE=\"INDIVIDUAL\"><WINNER_TYPE>2</WINNER_TYPE><PARTICIPANTS>"
        "<PLAYER><PLAYER_NUMBER>1</PLAYER_NUMBER><PLACE>2</PLACE></PLAYER>"
        "<PLAYER><PLAYER_NUMBER>2</PLAYER_NUMBER><PLACE>1</PLACE></PLAYER>"
        "</PARTICIPANTS></EVENT></USEBIO>";
    bmp_event *ev = reread(xml, "ebu");
    assert_int_equal(bmp_event_contestant(ev, "2")->place.lo, 1);
    assert_int_equal(bmp_event_contestant(ev, "2")->nrankings, 0);
    char *doc = write_doc(ev, NULL, BMP_USEBIO_MP_DEFAULT);
    bmp_event *back = reread(doc, "ebu");
    assert_int_equal(bmp_event_contestant(back, "1")->place.lo, 2);
    free(doc);
    bmp_event_free(back);
    bmp_event_free(ev);
}

static size_t count(const char *hay, const char *needle)
{
    size_t n = 0;
    for (const char *p = hay; (p = strstr(p, needle)); p++)
        n++;
    return n;
}

/* Audit: §2.4 "strict writer".  Header values the reader maps (club, ids,
 * scale, type, scoring, charge code) were also written back a second time
 * by the pass-through, as duplicate MASTER_POINT_SCALE / MASTER_POINT_TYPE
 * and as invented EVENT children CLUB_NAME, CLUB_ID, SCORING, DESCRIPTION,
 * EVENT_ID, COLOUR.  Each must appear once, under its §2.3 name only. */
static void header_written_once(void **state)
{
    (void)state;
    bmp_event *ev = load("example_pairs.xml", "abf");
    char *doc = write_doc(ev, NULL, BMP_USEBIO_MP_DEFAULT);
    assert_int_equal(count(doc, "<MASTER_POINT_SCALE>Club<"), 1);
    assert_int_equal(count(doc, "<MASTER_POINT_TYPE>GREEN<"), 1);
    assert_int_equal(count(doc, "<CLUB_NAME>Harbourside Bridge Club<"), 1); /* under CLUB */
    /* as in the file: CLUB + the 10 players of club 3107 (of 12: one 2940, one empty) */
    assert_int_equal(count(doc, "<CLUB_ID_NUMBER>3107<"), 1 + 10);
    assert_int_equal(count(doc, "<EVENT_IDENTIFIER>5521<"), 1);
    assert_int_equal(count(doc, "<BOARD_SCORING_METHOD>MATCH_POINTS<"), 1);
    static const char *const invented[] = {"<CLUB_ID>", "<SCORING>", "<DESCRIPTION>",
                                           "<EVENT_ID>", "<COLOUR>"};
    for (size_t i = 0; i < sizeof invented / sizeof invented[0]; i++)
        if (strstr(doc, invented[i]))
            fail_msg("writer invented %s", invented[i]);
    assert_int_equal(count(doc, "<VENUE>Clubrooms<"), 1); /* a real pass-through leaf */
    free(doc);
    bmp_event_free(ev);
}

/* Audit: an EBU JSON event's status goes out as MASTER_POINT_SCALE (the
 * §2.3 element the EBU upload reads) and comes back as the status (U-19). */
static void ebu_status_as_scale(void **state)
{
    (void)state;
    bmp_event *ev = reread("<USEBIO><EVENT EVENT_TYPE=\"PAIRS\"><PARTICIPANTS><PAIR>"
                           "<PAIR_NUMBER>1</PAIR_NUMBER><PLACE>1</PLACE></PAIR>"
                           "</PARTICIPANTS></EVENT></USEBIO>",
                           "ebu");
    assert_null(ev->status);
    ev->status = strdup("district");
    char *doc = write_doc(ev, NULL, BMP_USEBIO_MP_DEFAULT);
    assert_non_null(strstr(doc, "<MASTER_POINT_SCALE>District</MASTER_POINT_SCALE>"));
    bmp_event *back = reread(doc, "ebu");
    assert_string_equal(back->status, "district");
    free(doc);
    bmp_event_free(back);
    bmp_event_free(ev);
}

/* Audit: EBU local points.  The EBU rules award colour "local" in
 * hundredths of a Local Point (a 36-point club win = 3600); §2.3 says an EBU
 * file carries them whole ("36 for a club win") as MASTER_POINT_TYPE BLACK,
 * and blue in hundredths of a Blue Point (1 BP = 100).  The writer refused
 * every EBU local award (no colour "local") and the reader took "36" as 0.36
 * (rulings U-20). */
static void ebu_local_points_whole(void **state)
{
    (void)state;
    bmp_event *ev = load("example_pairs.xml", "ebu");
    bmp_awards aw;
    bmp_awards_init(&aw);
    add(&aw, ev, "3NS", BMP_ALL_PLAYERS, "local", 3600); /* 36 local points */
    add(&aw, ev, "1NS", BMP_ALL_PLAYERS, "blue", 60);    /* 0.60 BP (EBU-R10: 60 Local) */
    char *doc = write_doc(ev, &aw, BMP_USEBIO_MP_DEFAULT);
    assert_non_null(strstr(doc, "<MASTER_POINTS_AWARDED>36</MASTER_POINTS_AWARDED>\n"
                                "          <MASTER_POINT_TYPE>BLACK</MASTER_POINT_TYPE>"));
    assert_non_null(strstr(doc, "<MASTER_POINTS_AWARDED>60</MASTER_POINTS_AWARDED>\n"
                                "          <MASTER_POINT_TYPE>BLUE</MASTER_POINT_TYPE>"));
    bmp_event *back = reread(doc, "ebu");
    assert_points(file_points(back, "3NS", "local"), "36.00");
    assert_points(file_points(back, "1NS", "blue"), "0.60");
    free(doc);
    bmp_event_free(back);
    /* A fraction of a local point has no USEBIO spelling: refused. */
    add(&aw, ev, "2NS", BMP_ALL_PLAYERS, "local", 3650);
    char *out = NULL;
    size_t len = 0;
    bmp_error e = {0};
    assert_int_equal(bmp_usebio_write(ev, &aw, BMP_USEBIO_MP_DEFAULT, &out, &len, &e),
                     BMP_EINVAL);
    assert_null(out);
    assert_non_null(strstr(e.msg, "\"2NS\""));
    assert_non_null(strstr(e.msg, "not a whole number"));
    bmp_awards_free(&aw);
    bmp_event_free(ev);
}

/* Audit: JSON -> USEBIO of the bodies' own one-session form (ABF session
 * rankings {session 1, direction, place}) wrote neither DIRECTION nor PLACE,
 * so the file could not even be read back ("WINNER_TYPE is 2 ... no
 * DIRECTION").  The session-1 ranking is the event's result (rulings U-21). */
static void one_session_rankings_written(void **state)
{
    (void)state;
    bmp_event *ev = bmp_test_event(
        "{\"body\": \"abf\", \"name\": \"T\", \"kind\": \"pairs\", \"movement\": \"two-winner\","
        " \"contestants\": ["
        " {\"id\": \"1\", \"rankings\": [{\"session\": 1, \"direction\": \"NS\", \"place\": 2}]},"
        " {\"id\": \"2\", \"rankings\": [{\"session\": 1, \"direction\": \"NS\", \"place\": 1}]},"
        " {\"id\": \"3\", \"rankings\": [{\"session\": 1, \"direction\": \"EW\", \"place\": \"1=\"}]},"
        " {\"id\": \"4\", \"rankings\": [{\"session\": 1, \"direction\": \"EW\", \"place\": \"1=\"}]}]}");
    char *doc = write_doc(ev, NULL, BMP_USEBIO_MP_DEFAULT);
    assert_non_null(strstr(doc, "<PAIR_NUMBER>1</PAIR_NUMBER>\n        <DIRECTION>NS</DIRECTION>\n"
                                "        <PLACE>2</PLACE>"));
    /* UX-3: the ABF flavour writes a tie as the bare integer (Compscore;
     * Cobalt does int(PLACE)), "1" for both EW pairs. */
    assert_non_null(strstr(doc, "<PAIR_NUMBER>4</PAIR_NUMBER>\n        <DIRECTION>EW</DIRECTION>\n"
                                "        <PLACE>1</PLACE>"));
    bmp_event *back = reread(doc, "abf");
    /* Bare number + DIRECTION: ids 1NS ... (U-18); EW "1", "1" is a 2-way
     * tie (U-22). */
    const bmp_contestant *c = bmp_event_contestant(back, "2NS");
    assert_non_null(c);
    assert_int_equal(c->nrankings, 1);
    assert_string_equal(c->rankings[0].direction, "NS");
    assert_int_equal(c->rankings[0].place.lo, 1);
    c = bmp_event_contestant(back, "4EW");
    assert_non_null(c);
    assert_int_equal(c->rankings[0].place.lo, 1);
    assert_int_equal(c->rankings[0].place.hi, 2);
    free(doc);
    bmp_event_free(back);
    bmp_event_free(ev);
    /* One winner: the session-1 ranking's place is the PLACE. */
    ev = bmp_test_event("{\"body\": \"abf\", \"name\": \"T\", \"kind\": \"pairs\", \"contestants\": ["
                        " {\"id\": \"1\", \"rankings\": [{\"session\": 1, \"place\": 2}]},"
                        " {\"id\": \"2\", \"rankings\": [{\"session\": 1, \"place\": 1}]}]}");
    doc = write_doc(ev, NULL, BMP_USEBIO_MP_DEFAULT);
    assert_non_null(strstr(doc, "<PAIR_NUMBER>1</PAIR_NUMBER>\n        <PLACE>2</PLACE>"));
    back = reread(doc, "abf");
    assert_int_equal(bmp_event_contestant(back, "2")->place.lo, 1);
    free(doc);
    bmp_event_free(back);
    bmp_event_free(ev);
}

/* Audit: U-9 -- the EBU guest number 88888888 is read as "no number" plus
 * player param guest; it was written back as an empty NATIONAL_ID_NUMBER,
 * so USEBIO -> USEBIO lost the guest flag the EBU upload relies on. */
static void guest_number_round_trip(void **state)
{
    (void)state;
    bmp_event *ev = reread("<USEBIO><EVENT EVENT_TYPE=\"PAIRS\"><PARTICIPANTS><PAIR>"
                           "<PAIR_NUMBER>1</PAIR_NUMBER><PLACE>1</PLACE>"
                           "<PLAYER><PLAYER_NAME>A GUEST</PLAYER_NAME><NATIONAL_ID_NUMBER>88888888"
                           "</NATIONAL_ID_NUMBER></PLAYER>"
                           "<PLAYER><PLAYER_NAME>B</PLAYER_NAME><NATIONAL_ID_NUMBER>0"
                           "</NATIONAL_ID_NUMBER></PLAYER></PAIR>"
                           "</PARTICIPANTS></EVENT></USEBIO>",
                           "ebu");
    char *doc = write_doc(ev, NULL, BMP_USEBIO_MP_DEFAULT);
    assert_non_null(strstr(doc, "<PLAYER_NAME>A GUEST</PLAYER_NAME>\n          "
                                "<NATIONAL_ID_NUMBER>88888888</NATIONAL_ID_NUMBER>"));
    /* "0" (unknown, not a guest) stays empty. */
    assert_non_null(strstr(doc, "<PLAYER_NAME>B</PLAYER_NAME>\n          "
                                "<NATIONAL_ID_NUMBER></NATIONAL_ID_NUMBER>"));
    bmp_event *back = reread(doc, "ebu");
    const bmp_contestant *c = bmp_event_contestant(back, "1");
    assert_null(c->players[0].id);
    assert_true(bmp_params_bool(&c->players[0].params, "guest", false));
    assert_false(bmp_params_bool(&c->players[1].params, "guest", false));
    free(doc);
    bmp_event_free(back);
    bmp_event_free(ev);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(abf_pairs_awards_round_trip),
        cmocka_unit_test(nz_teams_round_trip),
        cmocka_unit_test(model_round_trips),
        cmocka_unit_test(write_errors),
        cmocka_unit_test(escaping),
        cmocka_unit_test(regress_phantom_direction),
        cmocka_unit_test(regress_individual_two_winner),
        cmocka_unit_test(header_written_once),
        cmocka_unit_test(ebu_status_as_scale),
        cmocka_unit_test(ebu_local_points_whole),
        cmocka_unit_test(one_session_rankings_written),
        cmocka_unit_test(guest_number_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
