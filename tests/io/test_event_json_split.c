/* The JSON event reader with $.contestants and $.matches streamed
 * (src/io/json_split.c)
 * against the whole-tree read it stands in for (issue 9, item 4: a 1M
 * contestant event loads in under 10 s).  For every JSON file under
 * tests/data and examples/, and for texts written here to reach each way
 * out of the split reader (errors in the order the tree read meets them,
 * syntax errors after a bad contestant, repeated keys, odd shapes), both
 * reads give the same status, the same message and the same event (its
 * JSON byte for byte). */
#include "bmp_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/bridgemp.h"
#include "core/strs.h"
#include "core/util.h"
#include "io/event_json.h"
#include "io/json_split.h"

static char *event_json(const bmp_event *ev)
{
    char *js = NULL;
    bmp_error e = {0};
    if (bmp_event_to_json(ev, &js, &e))
        fail_msg("event json: %s", e.msg);
    return js;
}

static char last_msg[BMP_ERROR_MSG_MAX];

/* Both reads of text: same status, message and event.  Returns the status. */
static bmp_status same_both_ways(const char *text, const char *src)
{
    bmp_event *a = NULL, *b = NULL;
    bmp_error ea = {0}, eb = {0};
    bmp_status sa = ej_load(text, src, true, &a, &ea);
    bmp_status sb = ej_load(text, src, false, &b, &eb);
    snprintf(last_msg, sizeof last_msg, "%s", sa ? ea.msg : "loaded");
    if (sa != sb || strcmp(ea.msg, eb.msg) != 0)
        fail_msg("%s: split read: %d \"%s\"; whole read: %d \"%s\"", src, sa, ea.msg, sb, eb.msg);
    if (sa == BMP_OK) {
        char *ja = event_json(a), *jb = event_json(b);
        if (strcmp(ja, jb) != 0)
            fail_msg("%s: the split and whole reads give different events", src);
        free(ja);
        free(jb);
    }
    bmp_event_free(a);
    bmp_event_free(b);
    return sa;
}

typedef struct tally {
    int files, loaded;
} tally;

static void json_file(const char *path, void *arg)
{
    tally *t = arg;
    char *buf;
    size_t len;
    bmp_error e = {0};
    if (core_read_file(path, &buf, &len, &e))
        fail_msg("%s", e.msg);
    if (strlen(buf) == len) {
        t->files++;
        t->loaded += same_both_ways(buf, path) == BMP_OK;
    }
    free(buf);
}

/* Every JSON file of the test data and the examples (events, and the
 * other JSON files, which both reads must refuse alike). */
static void test_files_same_event(void **state)
{
    (void)state;
    tally t = {0};
    bmp_test_walk(BMP_TEST_DATA, ".json", json_file, &t);
    bmp_test_walk(BMP_SOURCE_DIR "/examples", ".json", json_file, &t);
    print_message("%d JSON files, %d events loaded both ways\n", t.files, t.loaded);
    assert_true(t.files >= 50);
    assert_true(t.loaded >= 30);
}

#define HEAD                                                                                   \
    "{\"format\":\"bridgemp-event/1\",\"name\":\"t\",\"date\":\"2025-01-01\",\"body\":\"abf\","    \
    "\"kind\":\"pairs\",\"grade\":\"E\","
#define PAIR(id, place)                                                                        \
    "{\"id\":\"" id "\",\"place\":" place ",\"players\":[{\"id\":\"1\"},{\"id\":\"2\"}]}"

/* A team event of two teams, its contestants first (TEAMS) or later. */
#define HEAD_TEAMS                                                                             \
    "{\"format\":\"bridgemp-event/1\",\"name\":\"t\",\"date\":\"2025-01-01\",\"body\":\"abf\","    \
    "\"kind\":\"swiss-teams\",\"grade\":\"E\",\"boards_per_match\":16,"
#define TEAM(id, place)                                                                        \
    "{\"id\":\"" id "\",\"place\":" place ",\"players\":[{\"id\":\"1" id "\"},{\"id\":\"2" id "\"}]}"
#define TEAMS HEAD_TEAMS "\"contestants\":[" TEAM("T1", "1") "," TEAM("T2", "2") "],"
#define MATCH(home, away)                                                                      \
    "{\"round\":1,\"home\":\"" home "\",\"away\":\"" away "\",\"home_score\":12,\"away_score\":8}"

static void count_element(void *arg, size_t index, json_t *el)
{
    size_t *n = arg;
    assert_int_equal(index, *n);
    assert_true(json_is_object(el));
    (*n)++;
}

/* json_split itself: which texts it streams and which it leaves whole. */
static void test_split_or_whole(void **state)
{
    (void)state;
    static const char *const streams[] = {
        HEAD "\"contestants\":[" PAIR("1", "1") "," PAIR("2", "2") "]}",
        " \n{ \"contestants\" : [ " PAIR("1", "1") " , " PAIR("2", "2") " ] , \"x\":1 }\r\n",
        "{\"a\":[1,{\"contestants\":[]}],\"contestants\":[" PAIR("1", "1") "," PAIR("2", "2") "]}",
    };
    for (size_t i = 0; i < sizeof streams / sizeof *streams; i++) {
        json_t *root = NULL;
        size_t n = 0;
        json_split_array a = {.key = "contestants", .fn = count_element, .arg = &n};
        assert_true(json_split(streams[i], &a, 1, &root));
        assert_true(a.found);
        assert_int_equal(n, 2);
        assert_null(json_object_get(root, "contestants")); /* not kept */
        json_decref(root);
    }
    static const char *const whole[] = {
        "[1,2]",                                              /* not an object */
        "{\"contestants\":[1,2]}",                            /* elements not objects */
        "{\"contestants\":[" PAIR("1", "1") "],\"contestants\":[]}", /* repeated */
        "{\"a\":1,\"a\":2,\"contestants\":[]}",               /* repeated key */
        "{\"contestants\":[" PAIR("1", "1") " " PAIR("2", "2") "]}", /* no comma */
        "{\"contestants\":[" PAIR("1", "1") ",]}",            /* trailing comma */
        "{\"contestants\":[]} x",                             /* after the root */
        "{\"contestants\":[{\"id\":\"1\",\"id\":\"2\"}]}",    /* repeated in an element */
        "{\"contestants\":[]",                                /* unterminated */
        "{\"matches\":[{}],\"contestants\":[],\"matches\":[]}",  /* a streamed key repeated */
        "{\"matches\":{},\"matches\":[]}",                      /* kept, then streamed */
        "{\"contestants\":[],\"matches\":[[1]]}",               /* a match not an object */
        "{\"a\" 1}",                                          /* no colon */
    };
    for (size_t i = 0; i < sizeof whole / sizeof *whole; i++) {
        json_t *root = NULL;
        size_t n = 0, nm = 0;
        json_split_array a[] = {{.key = "contestants", .fn = count_element, .arg = &n},
                                {.key = "matches", .fn = count_element, .arg = &nm}};
        if (json_split(whole[i], a, 2, &root))
            fail_msg("streamed, but must be read whole: %s", whole[i]);
        assert_null(root);
        assert_false(a[0].found);
        assert_false(a[1].found);
    }
    /* two arrays streamed, in either order, the rest kept */
    json_t *root = NULL;
    size_t n = 0, nm = 0;
    json_split_array two[] = {{.key = "contestants", .fn = count_element, .arg = &n},
                              {.key = "matches", .fn = count_element, .arg = &nm}};
    assert_true(json_split("{\"matches\":[{},{},{}],\"x\":[1],\"contestants\":[{}]}", two, 2,
                           &root));
    assert_true(two[0].found && two[1].found);
    assert_int_equal(n, 1);
    assert_int_equal(nm, 3);
    assert_null(json_object_get(root, "matches"));
    assert_non_null(json_object_get(root, "x"));
    json_decref(root);
    /* no contestants: streamed nothing, the rest kept */
    n = 0;
    json_split_array a = {.key = "contestants", .fn = count_element, .arg = &n};
    assert_true(json_split("{\"a\":{\"b\":[1]}}", &a, 1, &root));
    assert_false(a.found);
    assert_int_equal(json_integer_value(json_array_get(json_object_get(json_object_get(root, "a"),
                                                                       "b"), 0)),
                     1);
    json_decref(root);
}

/* The first error is the one the tree read reports, whichever reader. */
static void test_errors_in_order(void **state)
{
    (void)state;
    static const char *const texts[] = {
        /* a bad body before a bad contestant: the body's error */
        "{\"format\":\"bridgemp-event/1\",\"body\":\"fifa\",\"contestants\":[{\"id\":1}]}",
        /* a bad contestant, then a syntax error later: the syntax error */
        HEAD "\"contestants\":[{\"idd\":\"1\"}," PAIR("2", "2") "],\"tables\":}",
        /* a bad contestant, then a bad match: the contestant */
        HEAD "\"contestants\":[" PAIR("1", "1") ",{\"id\":\"2\",\"place\":\"x\"}],"
             "\"matches\":[{\"home\":\"9\"}]}",
        /* an unknown group on the first, a bad second: the group */
        HEAD "\"contestants\":[{\"id\":\"1\",\"group\":\"B\",\"place\":1},{\"iid\":2}],"
             "\"groups\":[{\"name\":\"A\"}]}",
        /* groups after contestants, every group known */
        HEAD "\"contestants\":[{\"id\":\"1\",\"group\":\"A\",\"place\":1,\"players\":[{\"id\":\"1\"}]},"
             "{\"id\":\"2\",\"group\":\"A\",\"place\":2,\"players\":[{\"id\":\"2\"}]}],"
             "\"groups\":[{\"name\":\"A\"}]}",
        /* a repeated id after a bad group: the group */
        HEAD "\"contestants\":[" PAIR("1", "1") ",{\"id\":\"2\",\"group\":\"Z\",\"place\":2}," PAIR(
            "1", "3") "]}",
        /* a repeated id */
        HEAD "\"contestants\":[" PAIR("1", "1") "," PAIR("2", "2") "," PAIR("1", "3") "]}",
        /* contestants of the wrong type, and missing */
        HEAD "\"contestants\":{}}",
        HEAD "\"tables\":3}",
        HEAD "\"contestants\":[]}",
        HEAD "\"contestants\":[1]}",
        /* invalid JSON at the end, and in the middle */
        HEAD "\"contestants\":[" PAIR("1", "1") "]",
        HEAD "\"contestants\":[" PAIR("1", "1") ",\n  {\"id\":\"2\",\"place\":2,}]}",
        /* the key spelled with an escape is the same key */
        HEAD "\"contest\\u0061nts\":[" PAIR("1", "1") "," PAIR("2", "2") "]}",
        /* a byte-order mark */
        "\xEF\xBB\xBF" HEAD "\"contestants\":[" PAIR("1", "1") "," PAIR("2", "2") "]}",
    };
    int ok = 0;
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        char src[32];
        snprintf(src, sizeof src, "case%zu.json", i);
        ok += same_both_ways(texts[i], src) == BMP_OK;
    }
    /* groups after contestants, no contestants, the escaped key, the BOM */
    assert_int_equal(ok, 4);
}

static void count_ignore(void *arg, size_t index, json_t *el)
{
    (void)index;
    (void)el;
    (*(size_t *)arg)++;
}

/* $.matches streamed: each case's first error (the one the tree read
 * meets), and whether json_split streamed the array at all. */
static void test_matches_in_order(void **state)
{
    (void)state;
    static const struct {
        const char *text, *want;
        bool streamed;
    } cases[] = {
        /* a bad key at [1] after a good [0] */
        {TEAMS "\"matches\":[" MATCH("T1", "T2") ",{\"round\":1,\"hom\":\"T1\"}]}",
         "$.matches[1].hom: unknown key", true},
        /* an unknown side at [0], a bad match at [1]: the side */
        {TEAMS "\"matches\":[" MATCH("T1", "T9") ",{\"round\":\"x\"}]}",
         "$.matches[0].away: no contestant with id \"T9\"", true},
        /* a bad match at [0], an unknown side at [1]: the bad match */
        {TEAMS "\"matches\":[{\"round\":1,\"home\":\"T1\"}," MATCH("T1", "T9") "]}",
         "$.matches[0].away: missing required field", true},
        /* a team against itself; a winner who is no contestant */
        {TEAMS "\"matches\":[" MATCH("T1", "T2") "," MATCH("T2", "T2") "]}",
         "$.matches[1].away: \"home\" and \"away\" are both \"T2\"", true},
        {TEAMS "\"matches\":[{\"round\":1,\"home\":\"T1\",\"away\":\"T2\",\"winner\":\"T3\"}]}",
         "$.matches[0].winner: no contestant with id \"T3\"", true},
        /* matches before the contestants, all good */
        {HEAD_TEAMS "\"matches\":[" MATCH("T1", "T2") "," MATCH("T2", "T1") "],\"contestants\":["
             TEAM("T1", "1") "," TEAM("T2", "2") "]}",
         NULL, true},
        /* a bad match before a bad contestant, in the text: the contestant */
        {HEAD_TEAMS "\"matches\":[{\"rund\":1}],\"contestants\":[" TEAM("T1", "1")
             ",{\"id\":\"T2\",\"plac\":2}]}",
         "$.contestants[1].plac: unknown key", true},
        /* a bad match, then a syntax error later: the syntax error */
        {TEAMS "\"matches\":[{\"rund\":1}],\"tables\":}", "invalid JSON", false},
        /* matches of the wrong type (kept in the tree, refused there); none; one */
        {TEAMS "\"matches\":{}}", "$.matches: expected an array, got an object", false},
        {TEAMS "\"matches\":[]}", NULL, true},
        {TEAMS "\"matches\":[" MATCH("T1", "T2") "]}", NULL, true},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char src[32];
        snprintf(src, sizeof src, "match%zu.json", i);
        bmp_status st = same_both_ways(cases[i].text, src);
        if (cases[i].want ? st == BMP_OK || !strstr(last_msg, cases[i].want) : st != BMP_OK)
            fail_msg("%s: expected %s, got \"%s\"", src, cases[i].want ? cases[i].want : "loaded",
                     last_msg);
        json_t *root = NULL;
        size_t n = 0, nm = 0;
        json_split_array a[] = {{.key = "contestants", .fn = count_ignore, .arg = &n},
                                {.key = "matches", .fn = count_ignore, .arg = &nm}};
        bool split = json_split(cases[i].text, a, 2, &root);
        if ((split && a[1].found) != cases[i].streamed)
            fail_msg("%s: $.matches %s", src, cases[i].streamed ? "not streamed" : "streamed");
        json_decref(root);
    }
}

/* jansson refuses values nested deeper than JSON_PARSER_MAX_DEPTH; parsed on
 * its own a contestant, a match or a root member sits higher, so near the
 * limit the split read must hand over to the whole read, which reports it. */
static char *nested(const char *before, int levels, const char *after)
{
    size_t lb = strlen(before), la = strlen(after);
    char *t = malloc(lb + 2 * (size_t)levels + 2 + la);
    assert_non_null(t);
    char *p = t;
    memcpy(p, before, lb);
    p += lb;
    memset(p, '[', (size_t)levels);
    p += levels;
    *p++ = '1';
    memset(p, ']', (size_t)levels);
    p += levels;
    memcpy(p, after, la + 1);
    return t;
}

static void test_deep_nesting(void **state)
{
    (void)state;
    int refused = 0, cases = 0;
    for (int levels = JSON_PARSER_MAX_DEPTH - 6; levels <= JSON_PARSER_MAX_DEPTH; levels++) {
        char *texts[3] = {
            nested(TEAMS "\"matches\":[{\"home\":\"T1\",\"away\":\"T2\",\"round\":", levels, "}]}"),
            nested(HEAD_TEAMS "\"contestants\":[{\"id\":\"T1\",\"place\":", levels, "}]}"),
            nested(HEAD_TEAMS "\"params\":", levels, ",\"contestants\":[]}"),
        };
        for (int k = 0; k < 3; k++) {
            char src[32];
            snprintf(src, sizeof src, "deep%d-%d.json", levels, k);
            if (same_both_ways(texts[k], src) == BMP_EPARSE) {
                assert_non_null(strstr(last_msg, "maximum parsing depth reached"));
                refused++;
            }
            cases++;
            free(texts[k]);
        }
    }
    /* the deepest of each kind go past jansson's limit in the whole read */
    print_message("%d of %d deep texts refused as too deep\n", refused, cases);
    assert_true(refused >= 3 && refused < cases);
}

/* Issue 46: the streamed elements' strings are in the event's blocks
 * (core/strs.h), the whole-tree read's are heap copies, both the same
 * event; a string a caller puts in a field without freeing the old one
 * (include/bridgemp/event.h, "Ownership") is freed with the event (no leak
 * under valgrind or ASan, no free of a block's string). */
static void test_strings_in_blocks(void **state)
{
    (void)state;
    static const char text[] =
        "{\"format\":\"bridgemp-event/1\",\"name\":\"t\",\"date\":\"2025-01-01\","
        "\"body\":\"ebu\",\"kind\":\"pairs\",\"contestants\":["
        "{\"id\":1,\"name\":\"N and S\",\"rankings\":[{\"session\":1,\"direction\":\"NS\",\"place\":1}],"
        "\"players\":[{\"id\":\"100010\",\"name\":\"Player 1-0\"},{\"id\":\"100011\",\"name\":\"P\"}]},"
        "{\"id\":\"2\",\"rankings\":[{\"session\":1,\"direction\":\"NS\",\"place\":2}],"
        "\"players\":[{\"id\":\"100020\",\"name\":\"Player 2-0\"}]}]}";
    bmp_event *a = NULL, *b = NULL;
    bmp_error e = {0};
    assert_int_equal(ej_load(text, "blocks.json", true, &a, &e), BMP_OK);
    assert_int_equal(ej_load(text, "blocks.json", false, &b, &e), BMP_OK);
    char *ja = event_json(a), *jb = event_json(b);
    assert_string_equal(ja, jb);
    free(ja);
    free(jb);
    assert_non_null(a->strings);
    assert_null(b->strings);
    const bmp_contestant *c = &a->contestants[0];
    assert_string_equal(c->id, "1");
    assert_string_equal(c->rankings[0].ranking, "session 1 NS");
    assert_string_equal(c->players[1].name, "P");
    const void *in[] = {c->id, c->name, c->rankings[0].ranking, c->rankings[0].direction,
                        c->players[0].id, c->players[1].name, a->contestants[1].id};
    for (size_t i = 0; i < sizeof in / sizeof *in; i++) {
        assert_true(core_strs_owns(a->strings, in[i]));
        assert_false(core_strs_owns(b->strings, in[i]));
    }
    assert_false(core_strs_owns(a->strings, a->source)); /* the event's own: a heap copy */
    assert_false(core_strs_owns(a->strings, b->contestants[0].id));
    /* the caller's strings in place of the loader's, the old ones not freed */
    a->contestants[0].name = strdup("Renamed");
    a->contestants[1].players[0].id = strdup("100099");
    a->contestants[0].rankings[0].direction = NULL;
    assert_false(core_strs_owns(a->strings, a->contestants[0].name));
    bmp_event_free(a);
    bmp_event_free(b);
    /* a match's teams too */
    assert_int_equal(ej_load(TEAMS "\"matches\":[" MATCH("T1", "T2") "]}", "m.json", true, &a, &e),
                     BMP_OK);
    assert_string_equal(a->matches[0].home, "T1");
    assert_true(core_strs_owns(a->strings, a->matches[0].home));
    assert_true(core_strs_owns(a->strings, a->matches[0].away));
    a->matches[0].winner = strdup("T1");
    bmp_event_free(a);
}

/* core/strs.h: a string longer than a block has one of its own; two
 * holders, either released first. */
static void test_strs_blocks(void **state)
{
    (void)state;
    bmp_event_strings *s = NULL;
    char big[20000];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    char *p = core_strs_dupn(&s, "abc", 3), *q = core_strs_dupn(&s, big, strlen(big));
    char *r = core_strs_dupn(&s, "de", 2);
    assert_non_null(p);
    assert_non_null(q);
    assert_non_null(r);
    assert_string_equal(p, "abc");
    assert_string_equal(q, big);
    assert_string_equal(r, "de");
    assert_true(core_strs_owns(s, p) && core_strs_owns(s, q) && core_strs_owns(s, r));
    assert_true(core_strs_owns(s, q + strlen(big)));
    assert_false(core_strs_owns(s, big));
    assert_false(core_strs_owns(NULL, p));
    for (int i = 0; i < 100000; i++) /* past the first blocks, to the largest */
        assert_non_null(core_strs_dupn(&s, "0123456789", 10));
    assert_true(core_strs_owns(s, p));
    assert_ptr_equal(core_strs_hold(s), s);
    core_strs_release(s);
    assert_string_equal(p, "abc"); /* still held */
    core_strs_release(s);
}

/* A text of n pairs (about 100 bytes each) and then tail. */
static char *many_pairs(size_t n, const char *tail)
{
    size_t cap = 256 + n * 120 + strlen(tail);
    char *t = malloc(cap);
    assert_non_null(t);
    size_t len = (size_t)snprintf(t, cap, "%s", HEAD "\"contestants\":[");
    for (size_t i = 0; i < n; i++)
        len += (size_t)snprintf(t + len, cap - len,
                                "%s{\"id\":\"%zu\",\"place\":%zu,\"players\":[{\"id\":\"1%zu\"},"
                                "{\"id\":\"2%zu\",\"name\":\"Player %zu\"}]}",
                                i ? "," : "", i + 1, i + 1, i, i, i);
    snprintf(t + len, cap - len, "]%s", tail);
    return t;
}

/* Issue 46: bmp_event_load_file gives the text back as it parses it (past
 * 1 MB); the same event and the same messages as the text read whole,
 * also when the split reader refuses the text after giving some back (the
 * text read again from the file for the whole-tree read). */
static void test_file_given_back(void **state)
{
    (void)state;
    static const char *const tails[] = {
        "}",                               /* read */
        ",\"name\":\"again\"}",            /* a repeated key: read whole, refused */
        ",\"params\":{\"a\":1,\"a\":2}}", /* repeated in a member: the same */
        ",\"x\":1",                        /* unterminated */
    };
    for (size_t k = 0; k < sizeof tails / sizeof *tails; k++) {
        char *t = many_pairs(30000, tails[k]);
        assert_true(strlen(t) > (2u << 20));
        char path[] = "/tmp/bmp_given_back_XXXXXX";
        int fd = mkstemp(path);
        assert_true(fd >= 0);
        FILE *f = fdopen(fd, "w");
        assert_non_null(f);
        assert_int_equal(fwrite(t, 1, strlen(t), f), strlen(t));
        assert_int_equal(fclose(f), 0);
        bmp_event *a = NULL, *b = NULL;
        bmp_error ea = {0}, eb = {0};
        bmp_status sa = bmp_event_load_file(path, &a, &ea);
        bmp_status sb = bmp_event_load_string(t, path, &b, &eb);
        assert_int_equal(sa, sb);
        assert_string_equal(ea.msg, eb.msg);
        assert_int_equal(sa != BMP_OK, k > 0);
        if (!sa) {
            char *ja = event_json(a), *jb = event_json(b);
            assert_string_equal(ja, jb);
            free(ja);
            free(jb);
            assert_int_equal(a->ncontestants, 30000);
        }
        bmp_event_free(a);
        bmp_event_free(b);
        remove(path);
        free(t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_files_same_event),
        cmocka_unit_test(test_split_or_whole),
        cmocka_unit_test(test_errors_in_order),
        cmocka_unit_test(test_matches_in_order),
        cmocka_unit_test(test_deep_nesting),
        cmocka_unit_test(test_strings_in_blocks),
        cmocka_unit_test(test_strs_blocks),
        cmocka_unit_test(test_file_given_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
