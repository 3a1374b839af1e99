/* The streaming JSON writer of the REST API (src/server/json_w.c, issue 30
 * item 5) and the raw path's segments (web_path_segments): escaping as
 * RFC 8259 requires, ASCII-only output (\uXXXX, surrogate pairs), bytes
 * that are not UTF-8 as '?', commas and nesting; every output parsed back
 * by jansson to the same values. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include <jansson.h>

#include "server/json_w.h"
#include "server/web_buf.h"

/* s written as one JSON string. */
static void str_of(const char *s, core_buf *b)
{
    jw w;
    core_buf_reset(b);
    jw_init(&w, b);
    jw_str(&w, s);
    assert_true(jw_ok(&w));
}

static void escapes(void **state)
{
    (void)state;
    core_buf b;
    core_buf_init(&b);
    str_of("O'Neil \"Q\" a\\b/c", &b);
    assert_string_equal(b.data, "\"O'Neil \\\"Q\\\" a\\\\b/c\"");
    /* the five short escapes; other controls as \u00XX; DEL passes (RFC 8259 7) */
    str_of("\n\r\t\b\f\x01\x1f\x7f", &b);
    assert_string_equal(b.data, "\"\\n\\r\\t\\b\\f\\u0001\\u001f\x7f\"");
    /* é U+00E9, € U+20AC, 😀 U+1F600 = the pair D83D DE00 */
    str_of("Zo\xc3\xab \xe2\x82\xac \xf0\x9f\x98\x80", &b);
    assert_string_equal(b.data, "\"Zo\\u00eb \\u20ac \\ud83d\\ude00\"");
    /* not UTF-8: a lone 0xFF, an overlong '/' (C0 AF), a surrogate (ED A0 80),
     * a sequence cut short (E2 82 then the end) -- each bad byte a '?' */
    str_of("a\xff" "b\xc0\xaf" "c\xed\xa0\x80" "d\xe2\x82", &b);
    assert_string_equal(b.data, "\"a?b??c???d??\"");
    str_of(NULL, &b);
    assert_string_equal(b.data, "\"\"");
    core_buf_free(&b);
}

/* Every single byte (the writer's table of bytes passed as they are):
 * 0x20-0x7F but '"' and '\\' as they are; '"' and '\\' and the controls
 * escaped; 0x80-0xFF alone not UTF-8, '?'. */
static void every_byte(void **state)
{
    (void)state;
    core_buf b;
    core_buf_init(&b);
    for (int c = 1; c < 256; c++) {
        char in[2] = {(char)c, '\0'}, want[8];
        if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\')
            memcpy(want, (char[]){'"', (char)c, '"', '\0'}, 4);
        else if (c == '"' || c == '\\')
            memcpy(want, (char[]){'"', '\\', (char)c, '"', '\0'}, 5);
        else if (c >= 0x80)
            memcpy(want, "\"?\"", 4);
        else
            want[0] = '\0'; /* a control: checked below */
        str_of(in, &b);
        if (want[0])
            assert_string_equal(b.data, want);
        else
            assert_true(b.len >= 4 && b.data[1] == '\\'); /* "\n" or "\u00XX" */
    }
    core_buf_free(&b);
}

/* Issue 30: the runs between escapes -- an escape first, in the middle,
 * last, two in a row, a control, UTF-8 -- in values and in keys; integers
 * and points written without printf, as printf wrote them. */
static void runs_and_numbers(void **state)
{
    (void)state;
    core_buf b;
    core_buf_init(&b);
    str_of("\"start", &b);
    assert_string_equal(b.data, "\"\\\"start\"");
    str_of("mid\\dle", &b);
    assert_string_equal(b.data, "\"mid\\\\dle\"");
    str_of("end\n", &b);
    assert_string_equal(b.data, "\"end\\n\"");
    str_of("\x02\x03two", &b);
    assert_string_equal(b.data, "\"\\u0002\\u0003two\"");
    str_of("caf\xc3\xa9 ok", &b); /* é U+00E9 */
    assert_string_equal(b.data, "\"caf\\u00e9 ok\"");
    core_buf_reset(&b);
    jw w;
    jw_init(&w, &b);
    jw_obj(&w);
    jw_kint(&w, "a\"b", 0);
    jw_kint(&w, "neg", -42);
    jw_kint(&w, "min", INT64_MIN);
    jw_kint(&w, "max", INT64_MAX);
    jw_key(&w, "h");
    jw_obj(&w);
    jw_points(&w, -5); /* -0.05 */
    jw_end_obj(&w);
    jw_key(&w, "list");
    jw_arr(&w);
    jw_int(&w, 1);
    jw_int(&w, 20);
    jw_end_arr(&w);
    jw_end_obj(&w);
    assert_true(jw_ok(&w));
    assert_string_equal(b.data, "{\"a\\\"b\":0,\"neg\":-42,\"min\":-9223372036854775808,"
                                "\"max\":9223372036854775807,\"h\":{\"points\":\"-0.05\","
                                "\"hundredths\":-5},\"list\":[1,20]}");
    core_buf_free(&b);
}

/* What the writer wrote parses back (jansson) to the values written. */
static void parses_back(void **state)
{
    (void)state;
    static const char *const names[] = {"plain", "Zo\xc3\xab \"Q\"", "tab\there\n",
                                        "\xf0\x9f\x82\xa1 \xe4\xb8\xad", "\x01\x02\x1b[31m"};
    core_buf b;
    core_buf_init(&b);
    jw w;
    jw_init(&w, &b);
    jw_obj(&w);
    jw_kint(&w, "n", -9223372036854775807LL - 1);
    jw_key(&w, "names");
    jw_arr(&w);
    for (size_t i = 0; i < 5; i++)
        jw_str(&w, names[i]);
    jw_end_arr(&w);
    jw_key(&w, "empty");
    jw_obj(&w);
    jw_end_obj(&w);
    jw_key(&w, "h");
    jw_obj(&w);
    jw_points(&w, 510); /* 5.10 */
    jw_end_obj(&w);
    jw_key(&w, "none");
    jw_null(&w);
    jw_key(&w, "yes");
    jw_bool(&w, true);
    jw_end_obj(&w);
    assert_true(jw_ok(&w));
    for (size_t i = 0; i < b.len; i++)
        assert_true((unsigned char)b.data[i] < 0x80); /* ASCII only */
    json_error_t err;
    json_t *j = json_loads(b.data, 0, &err);
    assert_non_null(j);
    assert_int_equal(json_integer_value(json_object_get(j, "n")), INT64_MIN);
    for (size_t i = 0; i < 5; i++)
        assert_string_equal(json_string_value(json_array_get(json_object_get(j, "names"), i)),
                            names[i]);
    assert_int_equal(json_object_size(json_object_get(j, "empty")), 0);
    assert_string_equal(json_string_value(json_object_get(json_object_get(j, "h"), "points")),
                        "5.10");
    assert_int_equal(json_integer_value(json_object_get(json_object_get(j, "h"), "hundredths")),
                     510);
    assert_true(json_is_null(json_object_get(j, "none")));
    assert_true(json_is_true(json_object_get(j, "yes")));
    json_decref(j);
    core_buf_free(&b);
}

/* An unbalanced or misused writer is not ok (the server then answers 500,
 * never half a document). */
static void refuses_misuse(void **state)
{
    (void)state;
    core_buf b;
    core_buf_init(&b);
    jw w;
    jw_init(&w, &b);
    jw_obj(&w);
    assert_false(jw_ok(&w)); /* open */
    jw_key(&w, "k");
    jw_end_obj(&w); /* a key without its value */
    assert_false(jw_ok(&w));
    jw_init(&w, &b);
    jw_end_arr(&w); /* nothing open */
    assert_false(jw_ok(&w));
    core_buf_free(&b);
}

/* Issue 30: a club number "NZ/7" linked as NZ%2F7 is one segment again. */
static void path_segments(void **state)
{
    (void)state;
    char buf[64];
    const char *seg[4];
    core_buf b;
    core_buf_init(&b);
    web_buf_url(&b, "NZ/7 \xc3\xa9%");
    assert_string_equal(b.data, "NZ%2F7%20%C3%A9%25");
    assert_int_equal(web_path_segments("/api/clubs/NZ%2F7%20%c3%A9%25", buf, sizeof buf, seg, 4),
                     3);
    assert_string_equal(seg[0], "api");
    assert_string_equal(seg[1], "clubs");
    assert_string_equal(seg[2], "NZ/7 \xc3\xa9%");
    assert_int_equal(web_path_segments("/", buf, sizeof buf, seg, 4), 1);
    assert_string_equal(seg[0], "");
    assert_int_equal(web_path_segments("/a/b/c/d/e", buf, sizeof buf, seg, 4), -1); /* 5 > 4 */
    assert_int_equal(web_path_segments("/a%00b", buf, sizeof buf, seg, 4), -1);      /* a NUL */
    assert_int_equal(web_path_segments("/a%2", buf, sizeof buf, seg, 4), -1);        /* cut */
    assert_int_equal(web_path_segments("/a%zz", buf, sizeof buf, seg, 4), -1);
    assert_int_equal(web_path_segments("a/b", buf, sizeof buf, seg, 4), -1);
    assert_int_equal(web_path_segments("/abcdef", buf, 4, seg, 4), -1); /* does not fit */
    core_buf_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(escapes),
        cmocka_unit_test(runs_and_numbers),
        cmocka_unit_test(every_byte),
        cmocka_unit_test(parses_back),
        cmocka_unit_test(refuses_misuse),
        cmocka_unit_test(path_segments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
