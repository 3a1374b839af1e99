/* Event identity (organiser's event id, sanction or charge code, organiser,
 * date, body) and the canonical content hash (docs/event-format.md,
 * "Identity" and "Content hash"): the ledger's key for refusing a duplicate.
 * The hash must be the same for one event read from JSON or from USEBIO and
 * differ when anything award-relevant changes. */
#include "bmp_test.h"

#include <stdlib.h>
#include <string.h>

#include "bridgemp/usebio.h"

static bmp_event *json_ev(const char *text)
{
    bmp_event *ev = NULL;
    bmp_error e = {0};
    if (bmp_event_load_string(text, "t.json", &ev, &e))
        fail_msg("did not load: %s", e.msg);
    return ev;
}

static void hash_of(const bmp_event *ev, char out[BMP_CONTENT_HASH_HEX])
{
    bmp_error e = {0};
    if (bmp_event_content_hash(ev, out, &e))
        fail_msg("hash failed: %s", e.msg);
    assert_int_equal(strlen(out), 64);
}

static bmp_event *usebio_ev(const char *name, const char *body, const char *grade)
{
    char path[512];
    snprintf(path, sizeof path, "%s/usebio/%s", BMP_TEST_DATA, name);
    bmp_usebio_opts o = {.body = body, .grade = grade};
    bmp_event *ev = NULL;
    bmp_error e = {0};
    if (bmp_usebio_read_file(path, &o, &ev, &e))
        fail_msg("%s did not load: %s", name, e.msg);
    return ev;
}

#define TINY_HEAD                                                                              \
    "{\"body\": \"abf\", \"grade\": \"E\", \"name\": \"Tuesday\", \"date\": \"2025-01-14\", "    \
    "\"event_id\": 5521, \"sanction\": \"10\", \"organiser\": \"3107\", \"kind\": \"pairs\", "

/* JSON: the identity keys are read (ids as strings or integers), written
 * back, and reachable through bmp_event_identity with the edition resolved. */
static void json_identity_round_trip(void **state)
{
    (void)state;
    bmp_event *ev = json_ev(TINY_HEAD "\"contestants\": [{\"id\": 1, \"place\": 1}]}");
    bmp_identity id;
    bmp_event_identity(ev, &id);
    assert_string_equal(id.body, "abf");
    assert_string_equal(id.edition, "2025"); /* the ABF default edition */
    assert_string_equal(id.date, "2025-01-14");
    assert_string_equal(id.event_id, "5521");
    assert_string_equal(id.sanction, "10");
    assert_string_equal(id.organiser, "3107");
    char *text = NULL;
    assert_int_equal(bmp_event_to_json(ev, &text, NULL), BMP_OK);
    assert_non_null(strstr(text, "\"event_id\": \"5521\""));
    assert_non_null(strstr(text, "\"sanction\": \"10\""));
    assert_non_null(strstr(text, "\"organiser\": \"3107\""));
    bmp_event *back = json_ev(text);
    char h1[BMP_CONTENT_HASH_HEX], h2[BMP_CONTENT_HASH_HEX];
    hash_of(ev, h1);
    hash_of(back, h2);
    assert_string_equal(h1, h2);
    free(text);
    bmp_event_free(back);
    bmp_event_free(ev);
}

/* Strict reader: a wrong type or an empty id names its JSON path. */
static void json_identity_errors(void **state)
{
    (void)state;
    bmp_event *ev = NULL;
    bmp_error e = {0};
    assert_int_equal(bmp_event_load_string("{\"body\": \"abf\", \"grade\": \"E\", \"name\": \"x\", "
                                           "\"kind\": \"pairs\", \"event_id\": true, "
                                           "\"contestants\": []}",
                                           "bad.json", &ev, &e),
                     BMP_EINVAL);
    assert_non_null(strstr(e.msg, "bad.json: $.event_id: expected a string or integer id"));
    assert_int_equal(bmp_event_load_string("{\"body\": \"abf\", \"grade\": \"E\", \"name\": \"x\", "
                                           "\"kind\": \"pairs\", \"organiser\": \"\", "
                                           "\"contestants\": []}",
                                           "bad.json", &ev, &e),
                     BMP_EINVAL);
    assert_non_null(strstr(e.msg, "bad.json: $.organiser: expected a non-empty id"));
    assert_int_equal(bmp_event_load_string("{\"body\": \"abf\", \"grade\": \"E\", \"name\": \"x\", "
                                           "\"kind\": \"pairs\", \"sanction\": [1], "
                                           "\"contestants\": []}",
                                           "bad.json", &ev, &e),
                     BMP_EINVAL);
    assert_non_null(strstr(e.msg, "$.sanction"));
    assert_null(ev);
}

/* The canonical text is pinned: keys sorted, names and dotted params left
 * out, contestants sorted as a set, places in bmp_place form.  Its SHA-256
 * was computed independently (Python hashlib.sha256 of the same bytes). */
static void canonical_text_pinned(void **state)
{
    (void)state;
    bmp_event *ev = json_ev(TINY_HEAD "\"params\": {\"usebio.venue\": \"Hall\"}, "
                                      "\"contestants\": [{\"id\": 2, \"name\": \"B\", \"place\": 2, "
                                      "\"players\": [{\"id\": \"7\", \"name\": \"Ann\"}, "
                                      "{\"name\": \"VISITOR\"}]}, "
                                      "{\"id\": 1, \"place\": 1, \"score\": 61.5}]}");
    char *text = NULL;
    assert_int_equal(bmp_event_canonical(ev, &text, NULL), BMP_OK);
    assert_string_equal(
        text, "{\"body\":\"abf\",\"canon\":\"bridgemp-content/1\",\"contestants\":["
              "{\"id\":\"1\",\"place\":\"1\",\"score\":61.5},"
              "{\"id\":\"2\",\"place\":\"2\",\"players\":[{\"id\":\"7\"},{\"name\":\"VISITOR\"}]}],"
              "\"date\":\"2025-01-14\",\"edition\":\"2025\",\"event_id\":\"5521\",\"grade\":\"E\","
              "\"kind\":\"pairs\",\"organiser\":\"3107\",\"sanction\":\"10\","
              "\"tables\":1}");
    char h[BMP_CONTENT_HASH_HEX];
    hash_of(ev, h);
    assert_string_equal(h, "a03e170f6fc681901ca8eeaf3fb22fe8b5c6435e0df1c4c50d599e59d0c262af");
    free(text);
    bmp_event_free(ev);
}

/* What is not award content leaves the hash alone: the event's and a
 * contestant's name, the source name, contestant order, importer metadata,
 * number formatting (7 vs 7.0) and an explicit default edition. */
static void hash_ignores_presentation(void **state)
{
    (void)state;
    const char *a = TINY_HEAD "\"contestants\": [{\"id\": 1, \"place\": 1, \"score\": 60}, "
                              "{\"id\": 2, \"place\": 2, \"name\": \"Smith - Jones\"}]}";
    const char *b = "{\"body\": \"ABF\", \"edition\": \"2025\", \"grade\": \"E\", "
                    "\"name\": \"Renamed\", \"date\": \"2025-01-14\", \"event_id\": \"5521\", "
                    "\"sanction\": 10, \"organiser\": 3107, \"kind\": \"pairs\", "
                    "\"params\": {\"usebio.program_name\": \"Compscore3\"}, "
                    "\"contestants\": [{\"id\": \"2\", \"place\": 2, "
                    "\"params\": {\"mp.green\": 30}}, {\"id\": \"1\", \"place\": 1, "
                    "\"score\": 60.0}]}";
    bmp_event *ea = json_ev(a), *eb = NULL;
    bmp_error e = {0};
    if (bmp_event_load_string(b, "other-file.json", &eb, &e))
        fail_msg("%s", e.msg);
    char ha[BMP_CONTENT_HASH_HEX], hb[BMP_CONTENT_HASH_HEX];
    hash_of(ea, ha);
    hash_of(eb, hb);
    assert_string_equal(ha, hb);
    bmp_event_free(ea);
    bmp_event_free(eb);
}

/* Change one award-relevant thing and the hash changes: a place, a
 * player's participation, the organiser's event id, the date, a rule
 * parameter, the grade. */
static void hash_changes_with_content(void **state)
{
    (void)state;
    const char *base = TINY_HEAD "\"contestants\": [{\"id\": 1, \"place\": 1, \"players\": "
                                 "[{\"id\": \"7\"}]}, {\"id\": 2, \"place\": 2}]}";
    static const char *const variants[] = {
        TINY_HEAD "\"contestants\": [{\"id\": 1, \"place\": 2, \"players\": [{\"id\": \"7\"}]}, "
                  "{\"id\": 2, \"place\": 1}]}",
        TINY_HEAD "\"contestants\": [{\"id\": 1, \"place\": 1, \"players\": [{\"id\": \"7\", "
                  "\"participation\": 0.5}]}, {\"id\": 2, \"place\": 2}]}",
        TINY_HEAD "\"contestants\": [{\"id\": 1, \"place\": 1, \"players\": [{\"id\": \"8\"}]}, "
                  "{\"id\": 2, \"place\": 2}]}",
        TINY_HEAD "\"params\": {\"rounding\": \"floor\"}, \"contestants\": [{\"id\": 1, "
                  "\"place\": 1, \"players\": [{\"id\": \"7\"}]}, {\"id\": 2, \"place\": 2}]}",
        "{\"body\": \"abf\", \"grade\": \"E\", \"name\": \"Tuesday\", \"date\": \"2025-01-14\", "
        "\"event_id\": 5522, \"sanction\": \"10\", \"organiser\": \"3107\", \"kind\": \"pairs\", "
        "\"contestants\": [{\"id\": 1, \"place\": 1, \"players\": [{\"id\": \"7\"}]}, "
        "{\"id\": 2, \"place\": 2}]}",
        "{\"body\": \"abf\", \"grade\": \"E\", \"name\": \"Tuesday\", \"date\": \"2025-01-21\", "
        "\"event_id\": 5521, \"sanction\": \"10\", \"organiser\": \"3107\", \"kind\": \"pairs\", "
        "\"contestants\": [{\"id\": 1, \"place\": 1, \"players\": [{\"id\": \"7\"}]}, "
        "{\"id\": 2, \"place\": 2}]}",
        "{\"body\": \"abf\", \"grade\": \"D\", \"name\": \"Tuesday\", \"date\": \"2025-01-14\", "
        "\"event_id\": 5521, \"sanction\": \"10\", \"organiser\": \"3107\", \"kind\": \"pairs\", "
        "\"contestants\": [{\"id\": 1, \"place\": 1, \"players\": [{\"id\": \"7\"}]}, "
        "{\"id\": 2, \"place\": 2}]}",
    };
    bmp_event *eb = json_ev(base);
    char hb[BMP_CONTENT_HASH_HEX];
    hash_of(eb, hb);
    for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++) {
        bmp_event *ev = json_ev(variants[i]);
        char h[BMP_CONTENT_HASH_HEX];
        hash_of(ev, h);
        if (strcmp(h, hb) == 0)
            fail_msg("variant %zu hashes like the base event", i);
        bmp_event_free(ev);
    }
    bmp_event_free(eb);
}

/* One event read from USEBIO and from its JSON conversion (what `bridgemp
 * convert` writes: bmp_event_to_json) has one hash; moving one place in the
 * converted JSON changes it. */
static void usebio_and_json_hash_alike(void **state)
{
    (void)state;
    static const char *const files[] = {"example_pairs.xml", "example_teams.xml",
                                        "abf_club_5tables.xml", "sessions.xml", "sections.xml",
                                        "acbl_13.xml"};
    static const char *const bodies[] = {"abf", "nzb", "abf", "abf", "abf", "acbl"};
    static const char *const grades[] = {"E", "40C", "E", "E", "E", NULL};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        bmp_event *u = usebio_ev(files[i], bodies[i], grades[i]);
        char *text = NULL;
        assert_int_equal(bmp_event_to_json(u, &text, NULL), BMP_OK);
        bmp_event *j = json_ev(text);
        char hu[BMP_CONTENT_HASH_HEX], hj[BMP_CONTENT_HASH_HEX];
        hash_of(u, hu);
        hash_of(j, hj);
        if (strcmp(hu, hj) != 0)
            fail_msg("%s: USEBIO %s != JSON %s", files[i], hu, hj);
        bmp_event_free(j);
        free(text);
        bmp_event_free(u);
    }
    /* example_pairs.xml: the identity is the file's CLUB_ID_NUMBER 3107 and
     * EVENT_IDENTIFIER 5521; swap the places of NS pairs 1 and 3. */
    bmp_event *u = usebio_ev("example_pairs.xml", "abf", "E");
    assert_string_equal(u->organiser, "3107");
    assert_string_equal(u->event_id, "5521");
    char hu[BMP_CONTENT_HASH_HEX], hm[BMP_CONTENT_HASH_HEX];
    hash_of(u, hu);
    bmp_contestant *a = NULL, *b = NULL;
    for (size_t i = 0; i < u->ncontestants; i++) {
        if (strcmp(u->contestants[i].id, "1NS") == 0)
            a = &u->contestants[i];
        if (strcmp(u->contestants[i].id, "3NS") == 0)
            b = &u->contestants[i];
    }
    assert_non_null(a);
    assert_non_null(b);
    bmp_place t = a->rankings[0].place;
    a->rankings[0].place = b->rankings[0].place;
    b->rankings[0].place = t;
    hash_of(u, hm);
    assert_string_not_equal(hu, hm);
    bmp_event_free(u);
}

/* USEBIO writer: the identity goes out as CLUB_ID_NUMBER, EVENT_IDENTIFIER
 * and P2P_CHARGE_RATE, and reads back as the same hash. */
static void usebio_writes_identity(void **state)
{
    (void)state;
    bmp_event *ev = json_ev(TINY_HEAD "\"contestants\": [{\"id\": 1, \"place\": 1}, "
                                      "{\"id\": 2, \"place\": 2}]}");
    char *doc = NULL;
    assert_int_equal(bmp_usebio_write(ev, NULL, BMP_USEBIO_MP_FLAT, &doc, NULL, NULL), BMP_OK);
    assert_non_null(strstr(doc, "<CLUB_ID_NUMBER>3107</CLUB_ID_NUMBER>"));
    assert_non_null(strstr(doc, "<EVENT_IDENTIFIER>5521</EVENT_IDENTIFIER>"));
    assert_non_null(strstr(doc, "<P2P_CHARGE_RATE>10</P2P_CHARGE_RATE>"));
    bmp_usebio_opts o = {.body = "abf", .grade = "E"};
    bmp_event *back = NULL;
    bmp_error e = {0};
    if (bmp_usebio_read_memory(doc, strlen(doc), "w.xml", &o, &back, &e))
        fail_msg("%s", e.msg);
    assert_string_equal(back->organiser, "3107");
    assert_string_equal(back->event_id, "5521");
    assert_string_equal(back->sanction, "10");
    char h1[BMP_CONTENT_HASH_HEX], h2[BMP_CONTENT_HASH_HEX];
    hash_of(ev, h1);
    hash_of(back, h2);
    assert_string_equal(h1, h2);
    free(doc);
    bmp_event_free(back);
    bmp_event_free(ev);
}

/* What a USEBIO file lacks (a sanction, here) comes from the sidecar, and
 * the sidecar wins over the file's EVENT_IDENTIFIER (U-16 precedence). */
static void sidecar_identity(void **state)
{
    (void)state;
    char path[512], side[512];
    snprintf(path, sizeof path, "%s/usebio/example_pairs.xml", BMP_TEST_DATA);
    snprintf(side, sizeof side, "%s/output/sidecar_identity.json", BMP_TEST_DATA);
    bmp_usebio_opts o = {.sidecar = side};
    bmp_event *ev = NULL;
    bmp_error e = {0};
    if (bmp_usebio_read_file(path, &o, &ev, &e))
        fail_msg("%s", e.msg);
    assert_string_equal(ev->sanction, "ABF-2025-17");
    assert_string_equal(ev->event_id, "TUE-0114");
    assert_string_equal(ev->organiser, "3107"); /* from the file's CLUB */
    bmp_event_free(ev);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(json_identity_round_trip),
        cmocka_unit_test(json_identity_errors),
        cmocka_unit_test(canonical_text_pinned),
        cmocka_unit_test(hash_ignores_presentation),
        cmocka_unit_test(hash_changes_with_content),
        cmocka_unit_test(usebio_and_json_hash_alike),
        cmocka_unit_test(usebio_writes_identity),
        cmocka_unit_test(sidecar_identity),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
