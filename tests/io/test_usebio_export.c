/* Faithful USEBIO export (issue 15; rulings UX-1 .. UX-3): a re-export of an
 * imported file differs from it only in the MASTER_POINTS bridgemp fills
 * in.  Golden files are the inputs themselves: both documents are compared
 * in libxml2's canonical form (C14N 1.0), whole when the awards equal the
 * file's own, and with every MASTER_POINTS* / MASTER_POINT_TYPE element of
 * the participants and MPS_AWARDED_FLAG taken out when they differ. */
#include "bmp_test.h"

#include <libxml/c14n.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/usebio.h"
#include "core/util.h" /* an internal header: links the library, and its libxml2 */

static bool is_mp(const xmlNode *n)
{
    if (n->type != XML_ELEMENT_NODE)
        return false;
    const char *s = (const char *)n->name;
    const char *p = n->parent ? (const char *)n->parent->name : "";
    return strncmp(s, "MASTER_POINTS", 13) == 0 || strcmp(s, "MPS_AWARDED_FLAG") == 0 ||
           (strcmp(s, "MASTER_POINT_TYPE") == 0 && strcmp(p, "EVENT") != 0);
}

/* Remove the MASTER_POINTS elements (and the white space before them). */
static void strip_mp(xmlNode *n)
{
    for (xmlNode *c = n->children, *next; c; c = next) {
        next = c->next;
        if (is_mp(c)) {
            if (c->prev && c->prev->type == XML_TEXT_NODE && xmlIsBlankNode(c->prev)) {
                xmlNode *w = c->prev;
                xmlUnlinkNode(w);
                xmlFreeNode(w);
            }
            xmlUnlinkNode(c);
            xmlFreeNode(c);
        } else {
            strip_mp(c);
        }
    }
}

/* The canonical form of doc (strip: without MASTER_POINTS). */
static char *canonical(const char *doc, size_t len, bool strip)
{
    xmlDoc *d = xmlReadMemory(doc, (int)len, "x.xml", NULL, XML_PARSE_NONET | XML_PARSE_NOERROR);
    if (!d)
        fail_msg("not well-formed XML");
    if (strip)
        strip_mp(xmlDocGetRootElement(d));
    xmlChar *out = NULL;
    if (xmlC14NDocDumpMemory(d, NULL, XML_C14N_1_0, NULL, 0, &out) < 0)
        fail_msg("C14N failed");
    char *s = strdup((const char *)out);
    xmlFree(out);
    xmlFreeDoc(d);
    return s;
}

/* Re-export `rel` with `awards` (the file's own when NULL); returns the
 * document, checks it equals the input canonically (whole when `whole`,
 * else apart from MASTER_POINTS). */
static char *reexport(const char *rel, const bmp_usebio_opts *o, bool computed,
                      const char *flavour, bool whole, bmp_event **evout)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", BMP_TEST_DATA, rel);
    size_t len;
    char *orig = bmp_test_slurp(path, &len);
    bmp_event *ev = NULL;
    bmp_error e = {0};
    if (bmp_usebio_read_memory(orig, len, rel, o, &ev, &e))
        fail_msg("%s", e.msg);
    bmp_awards aw;
    bmp_awards_init(&aw);
    bmp_status st = computed ? bmp_award_event(ev, &aw, &e) : bmp_usebio_file_awards(ev, &aw, &e);
    if (st)
        fail_msg("%s: %s", rel, e.msg);
    bmp_usebio_write_opts wo = {.flavour = flavour};
    char *out = NULL;
    size_t olen = 0;
    if (bmp_usebio_rewrite(orig, len, rel, o, ev, &aw, &wo, &out, &olen, &e))
        fail_msg("%s: %s", rel, e.msg);
    char *a = canonical(orig, len, !whole), *b = canonical(out, olen, !whole);
    if (strcmp(a, b) != 0)
        fail_msg("%s: the re-export differs from the file%s:\n%s\n----\n%s", rel,
                 whole ? "" : " beyond MASTER_POINTS", a, b);
    free(a);
    free(b);
    free(orig);
    bmp_awards_free(&aw);
    if (evout)
        *evout = ev;
    else
        bmp_event_free(ev);
    return out;
}

/* UX-1: every valid test file re-exported with its own MASTER_POINTS is
 * canonically the file itself (numbers, DIRECTION, PLACE "3=", EVENT_TYPE,
 * BOARD/TRAVELLER_LINE, HANDSET, SESSION and SECTION as read). */
static void own_awards_give_the_file_back(void **state)
{
    (void)state;
    static const struct {
        const char *file, *body;
    } files[] = {
        {"usebio/example_pairs.xml", "abf"},   {"usebio/example_teams.xml", "nzb"},
        {"usebio/tied_places.xml", "ebu"},     {"usebio/sessions.xml", "ebu"},
        {"usebio/sections.xml", "ebu"},        {"usebio/phantom.xml", "ebu"},
        {"usebio/individual.xml", "ebu"},      {"usebio/acbl_13.xml", "acbl"},
        {"usebio/no_boards_played.xml", "ebu"},
        {"realworld/compscore_butler_howell.xml", "abf"},
        {"realworld/compscore_cross_imp_howell.xml", "abf"},
    };
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        bmp_usebio_opts o = {.body = files[i].body};
        free(reexport(files[i].file, &o, false, NULL, true, NULL));
    }
    /* A file without MASTER_POINTS, ABF flavour: Compscore's explicit 0
     * GREEN goes in for every pair (U-43), nothing else changes. */
    bmp_usebio_opts abf = {.body = "abf"};
    char *out = reexport("usebio/abf_club_5tables.xml", &abf, false, NULL, false, NULL);
    assert_non_null(strstr(out, "<MASTER_POINTS_AWARDED>0</MASTER_POINTS_AWARDED>"));
    free(out);
}

static void add_award(bmp_awards *aw, const bmp_event *ev, const char *id, const char *colour,
                      bmp_points pts);

/* UX-1: flat amounts with the type on EVENT only and decimals, as the EBU
 * club scorer Salliere writes them (its testdata/mp.xml: "36.0", "0.0",
 * MASTER_POINT_TYPE BLACK on EVENT): new amounts keep that spelling and no
 * per-pair type is added.  3000 hundredths of local points go out whole,
 * "30.0" (U-20). */
static void salliere_style_amounts(void **state)
{
    (void)state;
    static const char xml[] =
        "<?xml version='1.0'?>\n<USEBIO Version='1.0'>\n<EVENT EVENT_TYPE='MP_PAIRS'>\n"
        "<TITLE>T</TITLE>\n<MASTER_POINT_TYPE>BLACK</MASTER_POINT_TYPE>\n"
        "<PARTICIPANTS EVENT_TYPE='MP_PAIRS'>\n"
        "<PAIR>\n<PAIR_NUMBER>17</PAIR_NUMBER>\n<DIRECTION>NS</DIRECTION>\n<PLACE>1</PLACE>\n"
        "<MASTER_POINTS_AWARDED>36.0</MASTER_POINTS_AWARDED>\n</PAIR>\n"
        "<PAIR>\n<PAIR_NUMBER>6</PAIR_NUMBER>\n<DIRECTION>NS</DIRECTION>\n<PLACE>2</PLACE>\n"
        "<MASTER_POINTS_AWARDED>0.0</MASTER_POINTS_AWARDED>\n</PAIR>\n"
        "</PARTICIPANTS>\n</EVENT>\n</USEBIO>\n";
    bmp_usebio_opts o = {.body = "ebu"};
    bmp_event *ev = NULL;
    bmp_error e = {0};
    assert_int_equal(bmp_usebio_read_memory(xml, strlen(xml), "s.xml", &o, &ev, &e), BMP_OK);
    bmp_awards aw;
    bmp_awards_init(&aw);
    add_award(&aw, ev, "17NS", "local", 3000);
    add_award(&aw, ev, "6NS", "local", 2400);
    char *out = NULL;
    size_t len = 0;
    assert_int_equal(bmp_usebio_rewrite(xml, strlen(xml), "s.xml", &o, ev, &aw, NULL, &out, &len,
                                        &e),
                     BMP_OK);
    assert_non_null(strstr(out, "<PLACE>1</PLACE>\n<MASTER_POINTS_AWARDED>30.0</MASTER_POINTS_AWARDED>\n"
                                "</PAIR>"));
    assert_non_null(strstr(out, "<MASTER_POINTS_AWARDED>24.0</MASTER_POINTS_AWARDED>\n</PAIR>"));
    assert_non_null(strstr(out, "<PAIR_NUMBER>17</PAIR_NUMBER>"));
    free(out);
    bmp_awards_free(&aw);
    bmp_event_free(ev);
}

/* UX-1 with computed awards: the Compscore3 files (ABF-7 session awards,
 * grade E; tests/io/test_usebio_realworld.c) come back byte for byte in
 * canonical form, MASTER_POINTS included, because bridgemp computes what
 * Compscore wrote (U-40, U-43). */
static void compscore_reexport_is_the_file(void **state)
{
    (void)state;
    bmp_usebio_opts o = {.body = "abf", .grade = "E"};
    char *out = reexport("realworld/compscore_butler_howell.xml", &o, true, NULL, true, NULL);
    /* Compscore's explicit 0 and bare integer places are kept (U-43). */
    assert_non_null(strstr(out, "<MASTER_POINTS_AWARDED>0</MASTER_POINTS_AWARDED>"));
    free(out);
    free(reexport("realworld/compscore_cross_imp_howell.xml", &o, true, NULL, true, NULL));
}

/* A two-winner EBU-style file without awards: "17" stays "17" with its
 * DIRECTION, "2=" stays "2=", the BOARD/TRAVELLER_LINE stays, and the
 * awards bridgemp computes go in as nested MASTER_POINTS (EBU flavour) or,
 * with --usebio-flavour abf, flat with explicit zeros (UX-2, UX-3). */
static const char two_winner[] =
    "<?xml version=\"1.0\"?>\n"
    "<USEBIO Version=\"1.2\">\n"
    "  <EVENT EVENT_TYPE=\"MP_PAIRS\">\n"
    "    <TITLE>T</TITLE>\n"
    "    <WINNER_TYPE>2</WINNER_TYPE>\n"
    "    <PARTICIPANTS>\n"
    "      <PAIR>\n"
    "        <PAIR_NUMBER>17</PAIR_NUMBER>\n"
    "        <DIRECTION>NS</DIRECTION>\n"
    "        <PLACE>1</PLACE>\n"
    "      </PAIR>\n"
    "      <PAIR>\n"
    "        <PAIR_NUMBER>3</PAIR_NUMBER>\n"
    "        <DIRECTION>NS</DIRECTION>\n"
    "        <PLACE>2=</PLACE>\n"
    "      </PAIR>\n"
    "      <PAIR>\n"
    "        <PAIR_NUMBER>4</PAIR_NUMBER>\n"
    "        <DIRECTION>NS</DIRECTION>\n"
    "        <PLACE>2=</PLACE>\n"
    "      </PAIR>\n"
    "      <PAIR>\n"
    "        <PAIR_NUMBER>17</PAIR_NUMBER>\n"
    "        <DIRECTION>EW</DIRECTION>\n"
    "        <PLACE>1</PLACE>\n"
    "      </PAIR>\n"
    "    </PARTICIPANTS>\n"
    "    <BOARD>\n"
    "      <BOARD_NUMBER>1</BOARD_NUMBER>\n"
    "      <TRAVELLER_LINE><NS_PAIR_NUMBER>17</NS_PAIR_NUMBER><EW_PAIR_NUMBER>17</EW_PAIR_NUMBER>"
    "<SCORE>A6040</SCORE></TRAVELLER_LINE>\n"
    "    </BOARD>\n"
    "  </EVENT>\n"
    "</USEBIO>\n";

static void add_award(bmp_awards *aw, const bmp_event *ev, const char *id, const char *colour,
                      bmp_points pts)
{
    const bmp_contestant *c = bmp_event_contestant(ev, id);
    assert_non_null(c);
    bmp_award a = {.contestant = (size_t)(c - ev->contestants), .player = BMP_ALL_PLAYERS,
                   .points = pts};
    bmp_award_set(&a, "test", "by hand", colour, "UX-1", "-");
    bmp_error e = {0};
    assert_int_equal(bmp_awards_add(aw, &e, &a, NULL), BMP_OK);
}

static char *rewrite_two_winner(const char *body, const char *flavour, const char *colour,
                                bmp_points first, bmp_points second)
{
    bmp_usebio_opts o = {.body = body};
    bmp_event *ev = NULL;
    bmp_error e = {0};
    size_t len = strlen(two_winner);
    assert_int_equal(bmp_usebio_read_memory(two_winner, len, "tw.xml", &o, &ev, &e), BMP_OK);
    bmp_awards aw;
    bmp_awards_init(&aw);
    add_award(&aw, ev, "17NS", colour, first);
    add_award(&aw, ev, "17EW", colour, first);
    add_award(&aw, ev, "3NS", colour, second);
    bmp_usebio_write_opts wo = {.flavour = flavour};
    char *out = NULL;
    size_t olen = 0;
    if (bmp_usebio_rewrite(two_winner, len, "tw.xml", &o, ev, &aw, &wo, &out, &olen, &e))
        fail_msg("%s", e.msg);
    char *a = canonical(two_winner, len, true), *b = canonical(out, olen, true);
    assert_string_equal(a, b); /* only MASTER_POINTS differ */
    free(a);
    free(b);
    /* Read back: the awards are the file's MASTER_POINTS now. */
    bmp_event *back = NULL;
    assert_int_equal(bmp_usebio_read_memory(out, olen, "out.xml", &o, &back, &e), BMP_OK);
    char key[32];
    snprintf(key, sizeof key, "mp.%s", colour);
    assert_int_equal(bmp_params_number(&bmp_event_contestant(back, "17EW")->params, key, -1),
                     (double)first);
    assert_int_equal(bmp_params_number(&bmp_event_contestant(back, "3NS")->params, key, -1),
                     (double)second);
    assert_false(bmp_params_has(&bmp_event_contestant(back, "4NS")->params, key) &&
                 bmp_params_number(&bmp_event_contestant(back, "4NS")->params, key, 0) != 0);
    bmp_event_free(back);
    bmp_awards_free(&aw);
    bmp_event_free(ev);
    return out;
}

static void numbers_places_boards_kept(void **state)
{
    (void)state;
    /* EBU flavour (the body's own): nested blocks after PLACE, indented
     * as the file is; pair 4 without an award gets nothing. 60 = 0.60 blue. */
    char *out = rewrite_two_winner("ebu", NULL, "blue", 60, 40);
    assert_non_null(strstr(out, "<PAIR_NUMBER>17</PAIR_NUMBER>\n"
                                "        <DIRECTION>NS</DIRECTION>\n"
                                "        <PLACE>1</PLACE>\n"
                                "        <MASTER_POINTS>\n"
                                "          <MASTER_POINTS_AWARDED>60</MASTER_POINTS_AWARDED>\n"
                                "          <MASTER_POINT_TYPE>BLUE</MASTER_POINT_TYPE>\n"
                                "        </MASTER_POINTS>\n"));
    assert_non_null(strstr(out, "<PLACE>2=</PLACE>"));
    assert_non_null(strstr(out, "<SCORE>A6040</SCORE>"));
    assert_non_null(strstr(out, "<EVENT EVENT_TYPE=\"MP_PAIRS\">"));
    assert_null(strstr(out, "17NS"));
    free(out);
    /* UX-3: --usebio-flavour abf on an ABF event: flat, and pair 4 gets
     * Compscore's explicit 0 GREEN (U-43). 30 = 0.30 green. */
    out = rewrite_two_winner("abf", "abf", "green", 30, 21);
    assert_non_null(strstr(out, "<PLACE>1</PLACE>\n"
                                "        <MASTER_POINTS_AWARDED>30</MASTER_POINTS_AWARDED>\n"
                                "        <MASTER_POINT_TYPE>GREEN</MASTER_POINT_TYPE>\n"));
    assert_non_null(strstr(out, "<PLACE>2=</PLACE>\n"
                                "        <MASTER_POINTS_AWARDED>0</MASTER_POINTS_AWARDED>\n"));
    free(out);
}

/* UX-3: the model writer (JSON -> USEBIO) writes ties as the flavour
 * does: "2=" (ebu), "2" for each tied pair (abf, nz); abf flat with an
 * explicit 0, nz nested; an unknown flavour is refused, naming the names. */
static void writer_flavours(void **state)
{
    (void)state;
    bmp_event *ev = bmp_test_event(
        "{\"body\": \"nzb\", \"name\": \"T\", \"kind\": \"pairs\", \"contestants\": ["
        " {\"id\": \"1\", \"place\": 1}, {\"id\": \"2\", \"place\": \"2=\"},"
        " {\"id\": \"3\", \"place\": \"2=\"}]}");
    bmp_awards aw;
    bmp_awards_init(&aw);
    add_award(&aw, ev, "1", "c", 50);
    bmp_error e = {0};
    char *out = NULL;
    size_t len = 0;
    bmp_usebio_write_opts nz = {0}; /* the body's own: nz */
    assert_int_equal(bmp_usebio_write_with(ev, &aw, &nz, &out, &len, &e), BMP_OK);
    assert_non_null(strstr(out, "<PAIR_NUMBER>3</PAIR_NUMBER>\n        <PLACE>2</PLACE>"));
    assert_non_null(strstr(out, "<MASTER_POINTS>\n          <MASTER_POINTS_AWARDED>50<"));
    assert_null(strstr(out, "<MASTER_POINTS_AWARDED>0<"));
    free(out);
    bmp_usebio_write_opts ebu = {.flavour = "ebu"};
    assert_int_equal(bmp_usebio_write_with(ev, &aw, &ebu, &out, &len, &e), BMP_OK);
    assert_non_null(strstr(out, "<PAIR_NUMBER>3</PAIR_NUMBER>\n        <PLACE>2=</PLACE>"));
    free(out);
    bmp_usebio_write_opts bad = {.flavour = "acbl"};
    assert_int_equal(bmp_usebio_write_with(ev, &aw, &bad, &out, &len, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "expected one of"));
    assert_non_null(strstr(e.msg, "\"acbl\""));
    assert_null(out);
    bmp_awards_free(&aw);
    bmp_event_free(ev);
}

/* UX-1: an event that was not read from the document is refused. */
static void foreign_event_refused(void **state)
{
    (void)state;
    bmp_event *ev = bmp_test_event(
        "{\"body\": \"ebu\", \"name\": \"T\", \"kind\": \"pairs\", \"contestants\": ["
        " {\"id\": \"99NS\", \"place\": 1}]}");
    bmp_awards aw;
    bmp_awards_init(&aw);
    bmp_usebio_opts o = {.body = "ebu"};
    bmp_error e = {0};
    char *out = NULL;
    assert_int_equal(bmp_usebio_rewrite(two_winner, strlen(two_winner), "tw.xml", &o, ev, &aw,
                                        NULL, &out, NULL, &e),
                     BMP_EINVAL);
    assert_non_null(strstr(e.msg, "\"99NS\" is not in tw.xml"));
    assert_null(out);
    bmp_awards_free(&aw);
    bmp_event_free(ev);
}

/* Fuzzing finding (corpus usebio/regress-utf7-declaration): a file
 * declaring encoding="UTF-7" was written back in UTF-7 ("+ADw-USEBIO"),
 * which no USEBIO reader reads.  The faithful export is always UTF-8
 * (UX-1), so it re-imports with the same pairs and places. */
static void regress_utf7_declaration(void **state)
{
    (void)state;
    static const char xml[] =
        "<?xml version=\"1.0\" encoding=\"UTF-7\"?>\n"
        "<USEBIO Version=\"1.2\"><EVENT EVENT_TYPE=\"MP_PAIRS\"><TITLE>T</TITLE><PARTICIPANTS>"
        "<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLACE>1</PLACE></PAIR>"
        "<PAIR><PAIR_NUMBER>2</PAIR_NUMBER><PLACE>2</PLACE></PAIR>"
        "</PARTICIPANTS></EVENT></USEBIO>\n";
    bmp_usebio_opts o = {.body = "abf"};
    bmp_event *ev = NULL;
    bmp_error e = {0};
    assert_int_equal(bmp_usebio_read_memory(xml, strlen(xml), "u7.xml", &o, &ev, &e), BMP_OK);
    bmp_awards aw;
    bmp_awards_init(&aw);
    char *out = NULL;
    size_t len = 0;
    assert_int_equal(bmp_usebio_rewrite(xml, strlen(xml), "u7.xml", &o, ev, &aw, NULL, &out, &len,
                                        &e),
                     BMP_OK);
    assert_null(strstr(out, "+ADw-"));
    assert_non_null(strstr(out, "encoding=\"UTF-8\""));
    bmp_event *back = NULL;
    assert_int_equal(bmp_usebio_read_memory(out, len, "out.xml", &o, &back, &e), BMP_OK);
    assert_int_equal(back->ncontestants, 2);
    assert_int_equal(bmp_event_contestant(back, "2")->place.lo, 2);
    bmp_event_free(back);
    free(out);
    bmp_awards_free(&aw);
    bmp_event_free(ev);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(own_awards_give_the_file_back),
        cmocka_unit_test(salliere_style_amounts),
        cmocka_unit_test(compscore_reexport_is_the_file),
        cmocka_unit_test(numbers_places_boards_kept),
        cmocka_unit_test(writer_flavours),
        cmocka_unit_test(foreign_event_refused),
        cmocka_unit_test(regress_utf7_declaration),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
