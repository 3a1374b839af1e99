/* The read -> award -> write pipeline and in-memory awards, used the way an
 * embedder uses them: this program links the shared libbridgemp and
 * includes only <bridgemp/...> and the tests' own bmp_test.h
 * (tests/CMakeLists.txt, BMP_EMBEDDER_TESTS). */
#include "bmp_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/bridgemp.h"

#define EX(rel) BMP_SOURCE_DIR "/examples/" rel
#define DATA(rel) BMP_SOURCE_DIR "/tests/data/" rel

static bmp_pipeline *new_pipeline(void)
{
    bmp_pipeline *p = NULL;
    bmp_error e = {0};
    assert_int_equal(bmp_pipeline_new(&p, &e), BMP_OK);
    return p;
}

/* The award of contestant `id` in `ranking`, or fail. */
static const bmp_award *find(const bmp_pipeline *p, const char *id, const char *ranking)
{
    const bmp_event *ev = bmp_pipeline_event(p);
    const bmp_awards *aw = bmp_pipeline_awards(p);
    for (size_t i = 0; i < bmp_awards_count(aw); i++) {
        const bmp_award *a = bmp_awards_at(aw, i);
        if (strcmp(ev->contestants[a->contestant].id, id) == 0 &&
            strcmp(a->ranking, ranking) == 0)
            return a;
    }
    fail_msg("no award for contestant %s in %s", id, ranking);
    return NULL;
}

/* ABF-6, ABF-10 (3.1.1, 4.1.1): grade E pairs weight W = 1.50, a 10-table
 * Mitchell: A1 = 0.02 x 1.50 x 10 = 0.30 green to each direction's winner;
 * 2nd 0.70 x 0.30 = 0.21; 3rd 0.30/2 = 0.15; 5th 0.30/4 = 0.075 -> 0.08
 * (half-up).  Read from memory, awards read in memory. */
static void memory_json_awards_iterated(void **state)
{
    (void)state;
    size_t len;
    char *json = bmp_test_slurp(EX("abf/club-pairs.json"), &len);
    bmp_pipeline *p = new_pipeline();
    bmp_error e = {0};
    assert_int_equal(bmp_pipeline_read_memory(p, json, len, "club-pairs.json", &e), BMP_OK);
    free(json);
    assert_int_equal(bmp_pipeline_award(p, &e), BMP_OK);
    const bmp_awards *aw = bmp_pipeline_awards(p);
    assert_int_equal(bmp_awards_count(aw), 10); /* 5 places paid (ABF-11) x 2 directions */
    assert_null(bmp_awards_at(aw, 10));
    const bmp_award *a = find(p, "1", "session 1 NS");
    assert_int_equal(a->points, 30);
    assert_string_equal(a->colour, "green");
    assert_string_equal(a->rule, "ABF-6");
    assert_int_equal(find(p, "2", "session 1 NS")->points, 21);
    assert_int_equal(find(p, "13", "session 1 EW")->points, 15);
    assert_int_equal(find(p, "15", "session 1 EW")->points, 8);
    /* event-level derivation notes: the weight W = 1.50 */
    bool w = false;
    for (size_t i = 0; i < bmp_awards_note_count(aw); i++)
        w |= strstr(bmp_awards_note_at(aw, i), "W = 1.50") != NULL;
    assert_true(w);
    assert_null(bmp_awards_note_at(aw, bmp_awards_note_count(aw)));
    bmp_pipeline_free(p);
}

/* The same event from a path, written to a buffer in every award format. */
static void file_awards_to_buffers(void **state)
{
    (void)state;
    bmp_pipeline *p = new_pipeline();
    bmp_error e = {0};
    assert_int_equal(bmp_pipeline_read_file(p, EX("abf/club-pairs.json"), &e), BMP_OK);
    char *out = NULL;
    size_t len = 0;
    /* no awards yet: a clear error, not empty output */
    assert_int_equal(bmp_pipeline_write_buffer(p, BMP_PIPE_JSON, &out, &len, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "bmp_pipeline_award"));
    assert_null(out);
    assert_int_equal(bmp_pipeline_award(p, &e), BMP_OK);
    /* explain is off: no derivation text was formatted (issue 9: it costs as
     * much as the awards); setting explain later re-awards (below) */
    assert_true(bmp_pipeline_awards(p)->count > 0);
    assert_null(bmp_pipeline_awards(p)->items[0].explain);

    assert_int_equal(bmp_pipeline_write_buffer(p, BMP_PIPE_JSON, &out, &len, &e), BMP_OK);
    assert_int_equal(strlen(out), len);
    assert_non_null(strstr(out, "\"hundredths\": 30"));
    assert_null(strstr(out, "\"derivation\"")); /* explain is off */
    free(out);

    assert_int_equal(bmp_pipeline_write_buffer(p, BMP_PIPE_CSV, &out, &len, &e), BMP_OK);
    assert_non_null(strstr(out, "1,,session,session 1 NS,1,0.30,green,ABF-6,4.2.1"));
    free(out);

    assert_int_equal(bmp_pipeline_set(p, "explain", "true", &e), BMP_OK);
    assert_int_equal(bmp_pipeline_write_buffer(p, BMP_PIPE_TABLE, &out, &len, &e), BMP_OK);
    assert_non_null(strstr(out, "Derivation:"));
    assert_non_null(strstr(out, "formula W=1.50: 0.075 = 0.08"));
    free(out);

    /* a stream gets exactly the buffer's bytes */
    char *mem = NULL;
    size_t mlen = 0;
    FILE *f = open_memstream(&mem, &mlen);
    assert_int_equal(bmp_pipeline_write_stream(p, BMP_PIPE_TABLE, f, &e), BMP_OK);
    fclose(f);
    assert_int_equal(bmp_pipeline_write_buffer(p, BMP_PIPE_TABLE, &out, &len, &e), BMP_OK);
    assert_int_equal(mlen, len);
    assert_memory_equal(mem, out, len);
    free(mem);
    free(out);
    bmp_pipeline_free(p);
}

/* bmp_awards_write_buffer is bmp_awards_write into memory. */
static void awards_write_buffer_matches_stream(void **state)
{
    (void)state;
    bmp_event *ev = NULL;
    bmp_error e = {0};
    assert_int_equal(bmp_event_load_file(EX("abf/club-pairs.json"), &ev, &e), BMP_OK);
    bmp_awards aw;
    bmp_awards_init(&aw);
    assert_int_equal(bmp_award_event(ev, &aw, &e), BMP_OK);
    char *buf = NULL, *mem = NULL;
    size_t len = 0, mlen = 0;
    assert_int_equal(bmp_awards_write_buffer(ev, &aw, BMP_OUT_CSV, true, &buf, &len, &e), BMP_OK);
    FILE *f = open_memstream(&mem, &mlen);
    assert_int_equal(bmp_awards_write(ev, &aw, BMP_OUT_CSV, true, f, &e), BMP_OK);
    fclose(f);
    assert_int_equal(len, mlen);
    assert_memory_equal(buf, mem, len);
    assert_non_null(strstr(buf, "0.21"));
    free(buf);
    free(mem);
    bmp_awards_free(&aw);
    bmp_event_free(ev);
}

/* USEBIO in (body from an option, as the file cannot say), ABF credit files
 * out in memory: one .grn of 13-digit lines, ABF number + hundredths, CR LF
 * (App. D, ABF-117).  The file's own grade E, W = 1.50. */
static void usebio_to_abf_credit_in_memory(void **state)
{
    (void)state;
    bmp_pipeline *p = new_pipeline();
    bmp_error e = {0};
    assert_int_equal(bmp_pipeline_set(p, "body", "abf", &e), BMP_OK);
    assert_int_equal(bmp_pipeline_set(p, "grade", "E", &e), BMP_OK);
    assert_int_equal(bmp_pipeline_read_file(p, DATA("usebio/abf_club_5tables.xml"), &e), BMP_OK);
    assert_int_equal(bmp_pipeline_award(p, &e), BMP_OK);
    unsigned kinds = 0;
    assert_int_equal(bmp_pipeline_abf_credit_kinds(p, &kinds, &e), BMP_OK);
    assert_int_equal(kinds, 1u << BMP_ABF_CREDIT_GREEN);
    char *out = NULL;
    size_t len = 0;
    assert_int_equal(bmp_pipeline_write_buffer(p, BMP_PIPE_ABF_GREEN, &out, &len, &e), BMP_OK);
    assert_true(len > 0);
    assert_true(len % 15 == 0 || (len + 2) % 15 == 0); /* 13 digits + CR LF per line */
    assert_int_equal(out[13], '\r');
    free(out);
    /* no red awards: an empty red file */
    assert_int_equal(bmp_pipeline_write_buffer(p, BMP_PIPE_ABF_RED, &out, &len, &e), BMP_OK);
    assert_int_equal(len, 0);
    free(out);
    /* and USEBIO back out, with MASTER_POINTS */
    assert_int_equal(bmp_pipeline_write_buffer(p, BMP_PIPE_USEBIO, &out, &len, &e), BMP_OK);
    assert_non_null(strstr(out, "MASTER_POINTS"));
    free(out);
    bmp_pipeline_free(p);
}

/* A credit file in: its lines become awards of kind "credit", readable and
 * writable in every award format; written back, the same bytes. */
static void credit_file_in(void **state)
{
    (void)state;
    const char grn[] = "0012345000150\r\n0067890001000\r\n";
    bmp_pipeline *p = new_pipeline();
    bmp_error e = {0};
    assert_int_equal(bmp_pipeline_read_memory(p, grn, strlen(grn), "club.grn", &e), BMP_OK);
    assert_int_equal(bmp_pipeline_award(p, &e), BMP_OK);
    const bmp_awards *aw = bmp_pipeline_awards(p);
    assert_int_equal(bmp_awards_count(aw), 2);
    assert_int_equal(bmp_awards_at(aw, 0)->points, 150); /* "000150" = 1.50 */
    assert_string_equal(bmp_awards_at(aw, 1)->colour, "green");
    assert_int_equal(bmp_awards_at(aw, 1)->points, 1000);
    char *out = NULL;
    size_t len = 0;
    assert_int_equal(bmp_pipeline_write_buffer(p, BMP_PIPE_ABF_GREEN, &out, &len, &e), BMP_OK);
    assert_int_equal(len, strlen(grn));
    assert_memory_equal(out, grn, len);
    free(out);
    assert_int_equal(bmp_pipeline_write_buffer(p, BMP_PIPE_CSV, &out, &len, &e), BMP_OK);
    assert_non_null(strstr(out, "0067890,,credit,credit file,-,10.00,green,ABF-117"));
    free(out);
    /* a credit file is not an event */
    assert_int_equal(bmp_pipeline_write_buffer(p, BMP_PIPE_USEBIO, &out, &len, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "club.grn"));
    /* a bad line names the file and line */
    const char bad[] = "0012345000150\r\n00123X5000150\r\n";
    assert_int_equal(bmp_pipeline_read_memory(p, bad, strlen(bad), "bad.grn", &e), BMP_EPARSE);
    assert_non_null(strstr(e.msg, "bad.grn:2:"));
    assert_null(bmp_pipeline_event(p));
    bmp_pipeline_free(p);
}

/* What the ledger asks of a read (issue 32, one front door): the kind
 * detected, whether the input carries awards of its own, a credit file's
 * every bad line (also after the failed read), the input told by option
 * rather than by name, a JSON event taken as written, USEBIO options at once. */
static void what_was_read(void **state)
{
    (void)state;
    bmp_pipeline *p = new_pipeline();
    bmp_error e = {0};
    assert_int_equal(bmp_pipeline_input_kind(p), BMP_PIPE_IN_NONE);
    assert_false(bmp_pipeline_carries_awards(p));
    const char bad[] = "0012345000150\r\n00123X5000150\r\n12\r\n";
    assert_int_equal(bmp_pipeline_read_memory(p, bad, strlen(bad), "bad.grn", &e), BMP_EPARSE);
    assert_int_equal(bmp_pipeline_input_kind(p), BMP_PIPE_IN_ABF_CREDIT);
    assert_int_equal(bmp_pipeline_problem_count(p), 2);
    size_t line = 0;
    assert_non_null(bmp_pipeline_problem(p, 1, &line));
    assert_int_equal(line, 3);
    assert_null(bmp_pipeline_problem(p, 2, &line));
    /* the same bytes told as an event: JSON (and not JSON) */
    assert_int_equal(bmp_pipeline_set(p, "input", "event", &e), BMP_OK);
    assert_int_equal(bmp_pipeline_read_memory(p, bad, strlen(bad), "bad.grn", &e), BMP_EPARSE);
    assert_int_equal(bmp_pipeline_input_kind(p), BMP_PIPE_IN_EVENT_JSON);
    assert_int_equal(bmp_pipeline_problem_count(p), 0);
    assert_int_equal(bmp_pipeline_set(p, "input", "any", &e), BMP_EINVAL);
    /* a JSON event taken as written: the body option does not override it */
    assert_int_equal(bmp_pipeline_set(p, "input", "auto", &e), BMP_OK);
    bmp_usebio_opts uo = {.body = "ebu"};
    assert_int_equal(bmp_pipeline_set_usebio(p, &uo, &e), BMP_OK);
    assert_int_equal(bmp_pipeline_set(p, "override-json", "false", &e), BMP_OK);
    assert_int_equal(bmp_pipeline_read_file(p, EX("abf/club-pairs.json"), &e), BMP_OK);
    assert_int_equal(bmp_pipeline_input_kind(p), BMP_PIPE_IN_EVENT_JSON);
    assert_string_equal(bmp_pipeline_event(p)->body, "abf");
    assert_false(bmp_pipeline_carries_awards(p));
    assert_int_equal(bmp_pipeline_set(p, "override-json", "true", &e), BMP_OK);
    assert_int_equal(bmp_pipeline_read_file(p, EX("abf/club-pairs.json"), &e), BMP_OK);
    assert_string_equal(bmp_pipeline_event(p)->body, "ebu");
    /* USEBIO written with MASTER_POINTS carries them */
    assert_int_equal(bmp_pipeline_set(p, "body", "abf", &e), BMP_OK);
    assert_int_equal(bmp_pipeline_read_file(p, EX("abf/club-pairs.json"), &e), BMP_OK);
    assert_int_equal(bmp_pipeline_award(p, &e), BMP_OK);
    char *xml = NULL;
    size_t len = 0;
    assert_int_equal(bmp_pipeline_write_buffer(p, BMP_PIPE_USEBIO, &xml, &len, &e), BMP_OK);
    assert_int_equal(bmp_pipeline_read_memory(p, xml, len, "club.xml", &e), BMP_OK);
    free(xml);
    assert_int_equal(bmp_pipeline_input_kind(p), BMP_PIPE_IN_USEBIO);
    assert_true(bmp_pipeline_carries_awards(p));
    bmp_pipeline_free(p);
}

/* Bad input and bad options: clear errors naming the thing. */
static void errors_are_named(void **state)
{
    (void)state;
    bmp_pipeline *p = new_pipeline();
    bmp_error e = {0};
    assert_int_equal(bmp_pipeline_set(p, "bodie", "abf", &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "unknown option \"bodie\""));
    assert_non_null(strstr(e.msg, "body"));
    assert_int_equal(bmp_pipeline_set(p, "explain", "maybe", &e), BMP_EINVAL);
    assert_int_equal(bmp_pipeline_set(p, "set", "=x", &e), BMP_EINVAL);
    assert_int_equal(bmp_pipeline_set(p, "mp-form", "round", &e), BMP_EINVAL);
    assert_int_equal(bmp_pipeline_award(p, &e), BMP_EINVAL); /* nothing read */
    const char broken[] = "{\"body\": \"abf\",";
    assert_int_equal(bmp_pipeline_read_memory(p, broken, strlen(broken), "x.json", &e),
                     BMP_EPARSE);
    assert_non_null(strstr(e.msg, "x.json: line 1"));
    const char nul[] = "{\"a\"\0}";
    assert_int_equal(bmp_pipeline_read_memory(p, nul, sizeof nul - 1, "n.json", &e), BMP_EPARSE);
    assert_non_null(strstr(e.msg, "NUL"));
    assert_int_equal(bmp_pipeline_read_file(p, "/nonexistent/e.json", &e), BMP_EIO);
    assert_non_null(strstr(e.msg, "/nonexistent/e.json"));
    /* USEBIO without a body: the reader says what is missing */
    assert_int_equal(bmp_pipeline_read_file(p, DATA("usebio/abf_club_5tables.xml"), &e),
                     BMP_EINVAL);
    assert_non_null(strstr(e.msg, "body"));
    bmp_pipeline_format f;
    assert_true(bmp_pipeline_format_parse("abf-gold", &f));
    assert_int_equal(f, BMP_PIPE_ABF_GOLD);
    assert_string_equal(bmp_pipeline_format_name(BMP_PIPE_EVENT_JSON), "event-json");
    assert_false(bmp_pipeline_format_parse("xml", &f));
    bmp_pipeline_free(p);
    bmp_pipeline_free(NULL);
}

/* convert: the event itself as JSON, read back to the same awards. */
static void event_json_round_trip(void **state)
{
    (void)state;
    bmp_pipeline *p = new_pipeline();
    bmp_error e = {0};
    assert_int_equal(bmp_pipeline_read_file(p, EX("abf/club-pairs.json"), &e), BMP_OK);
    char *json = NULL;
    size_t len = 0;
    assert_int_equal(bmp_pipeline_write_buffer(p, BMP_PIPE_EVENT_JSON, &json, &len, &e), BMP_OK);
    assert_int_equal(json[len - 1], '\n');
    assert_int_equal(bmp_pipeline_read_memory(p, json, len, "again.json", &e), BMP_OK);
    free(json);
    assert_int_equal(bmp_pipeline_award(p, &e), BMP_OK);
    assert_int_equal(find(p, "1", "session 1 NS")->points, 30);
    bmp_pipeline_free(p);
}

/* Issue 29: with override-json off (the ledger's import), a scale option
 * fills what a JSON event leaves out, agrees with what it says, or is
 * refused naming both -- never ignored (`ledger import --grade E` of an
 * event without a grade was dropped, then "missing grade"). */
static void json_fill_only(void **state)
{
    (void)state;
    bmp_pipeline *p = NULL;
    bmp_error e = {0};
    assert_int_equal(bmp_pipeline_new(&p, &e), BMP_OK);
    assert_int_equal(bmp_pipeline_set(p, "override-json", "false", &e), BMP_OK);
    const char *nograde = "{\"body\":\"abf\",\"name\":\"x\",\"kind\":\"pairs\",\"contestants\":[]}";
    assert_int_equal(bmp_pipeline_set(p, "grade", "E", &e), BMP_OK);
    assert_int_equal(bmp_pipeline_read_memory(p, nograde, strlen(nograde), "x.json", &e), BMP_OK);
    assert_string_equal(bmp_pipeline_event(p)->grade, "E");
    assert_int_equal(bmp_pipeline_read_file(p, EX("abf/club-pairs.json"), &e), BMP_OK);
    assert_string_equal(bmp_pipeline_event(p)->grade, "E");
    assert_int_equal(bmp_pipeline_set(p, "grade", "B", &e), BMP_OK);
    assert_int_equal(bmp_pipeline_read_file(p, EX("abf/club-pairs.json"), &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "--grade B, but the event says grade \"E\""));
    bmp_pipeline_free(p);
}

/* Issue 43's warnings, one a flagged player (tests/data/numbers), since
 * issue 46 made when first asked for: the same text at the same line, each
 * pointer still valid after the others were asked for; a read that fails
 * after them (--grade for an EBU event, refused once the event is read)
 * keeps them, made before its event was dropped, and its summary still
 * names the body. */
static void number_warnings_made_when_asked(void **state)
{
    (void)state;
    static const char *want[] = {
        "contestant 1 player Tom Bell: guest",
        ("contestant 11 player Kim Shaw: not a valid EBU number: EBU number \"12X45\" is not "
         "all digits"),
        "contestant 12 player Sam Pike: no number"};
    static const size_t lines[] = {34, 96, 122};
    for (int failed = 0; failed < 2; failed++) {
        bmp_pipeline *p = new_pipeline();
        bmp_error e = {0};
        if (failed)
            assert_int_equal(bmp_pipeline_set(p, "grade", "B", &e), BMP_OK);
        assert_int_equal(bmp_pipeline_read_file(p, DATA("numbers/ebu_guest.json"), &e),
                         failed ? BMP_EINVAL : BMP_OK);
        if (failed)
            assert_null(bmp_pipeline_event(p));
        assert_int_equal(bmp_pipeline_warning_count(p), 3);
        const char *w[3];
        size_t line = 0;
        for (size_t i = 0; i < 3; i++) {
            w[2 - i] = bmp_pipeline_warning(p, 2 - i, &line);
            assert_non_null(w[2 - i]);
            assert_int_equal(line, lines[2 - i]);
        }
        for (size_t i = 0; i < 3; i++) {
            assert_string_equal(w[i], want[i]);
            assert_ptr_equal(bmp_pipeline_warning(p, i, NULL), w[i]);
        }
        assert_null(bmp_pipeline_warning(p, 3, &line));
        char sum[160];
        size_t n = bmp_pipeline_numbers_summary(p, sum, sizeof sum);
        assert_int_equal(n, strlen(sum));
        /* after the failed read too: the body whose rules checked the numbers */
        assert_string_equal(sum, "3 players without a valid EBU number (1 guest, 1 without "
                                 "a number, 1 not valid): lines 34, 96, 122");
        bmp_pipeline_free(p);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(memory_json_awards_iterated),
        cmocka_unit_test(file_awards_to_buffers),
        cmocka_unit_test(awards_write_buffer_matches_stream),
        cmocka_unit_test(usebio_to_abf_credit_in_memory),
        cmocka_unit_test(credit_file_in),
        cmocka_unit_test(what_was_read),
        cmocka_unit_test(errors_are_named),
        cmocka_unit_test(event_json_round_trip), cmocka_unit_test(json_fill_only),
        cmocka_unit_test(number_warnings_made_when_asked),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
