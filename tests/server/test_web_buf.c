/* web_buf: HTML escaping into the core byte buffer (core/buf.h), and the buffer
 * itself, shared by the page renderer and the server (issue 14: every value
 * placed in HTML escaped). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "server/web_buf.h"

/* A hostile player name and an event name with quotes and ampersands. */
static void escapes_hostile_values(void **state)
{
    (void)state;
    core_buf b;
    core_buf_init(&b);
    assert_int_equal(web_buf_html(&b, "<script>alert(1)</script>"), 0);
    assert_int_equal(core_buf_puts(&b, "|"), 0);
    assert_int_equal(web_buf_html(&b, "A \"B\" & C's"), 0);
    assert_string_equal(b.data, "&lt;script&gt;alert(1)&lt;/script&gt;|A &quot;B&quot; &amp; C&#39;s");
    core_buf_free(&b);
}

/* Issue 27: controls and bidirectional overrides are shown, never sent;
 * tab, line feed and other UTF-8 (é, U+2028 is not a control) pass. */
static void neutralises_controls_and_bidi(void **state)
{
    (void)state;
    core_buf b;
    core_buf_init(&b);
    assert_int_equal(web_buf_html(&b, "a\xe2\x80\xae" "b\x1b[31mc\x07" "d\x7f\xc2\x9b" "e\xe2\x81\xa6"
                                      "f\t\n\xc3\xa9\xe2\x80\xa8<"), 0);
    assert_string_equal(b.data, "a\\u202eb\\e[31mc\\x07d\\x7f\\u009be\\u2066f\t\n\xc3\xa9\xe2\x80\xa8&lt;");
    core_buf_free(&b);
}

/* Growth past the first 256 bytes: 10,000 "&" become 10,000 x 5 bytes. */
static void grows(void **state)
{
    (void)state;
    core_buf b;
    core_buf_init(&b);
    for (int i = 0; i < 10000; i++)
        assert_int_equal(web_buf_html(&b, "&"), 0);
    assert_int_equal(b.len, 50000);
    assert_int_equal(core_buf_printf(&b, "%d-%s", 42, "x"), 0);
    assert_int_equal(b.len, 50004);
    assert_string_equal(b.data + 49995, "&amp;42-x");
    core_buf_reset(&b);
    assert_int_equal(b.len, 0);
    assert_string_equal(b.data, "");
    core_buf_free(&b);
}

/* Issue 30: unchanged bytes go out in runs; a replacement at the start,
 * in the middle and at the end of a value, two in a row, and the bytes
 * that only might start one (tab, line feed, a C2 or E2 lead byte of
 * ordinary text: U+00A0, U+2014, U+2026) passed through. */
static void html_runs(void **state)
{
    (void)state;
    core_buf b;
    core_buf_init(&b);
    assert_int_equal(web_buf_html(&b, "<a"), 0);
    assert_int_equal(web_buf_html(&b, "|b&c|"), 0);
    assert_int_equal(web_buf_html(&b, "d>"), 0);
    assert_int_equal(web_buf_html(&b, "|\"'|"), 0);
    assert_string_equal(b.data, "&lt;a|b&amp;c|d&gt;|&quot;&#39;|");
    core_buf_reset(&b);
    assert_int_equal(web_buf_html(&b, "\x01start mid\x1f" "dle end\x7f"), 0);
    assert_string_equal(b.data, "\\x01start mid\\x1fdle end\\x7f");
    core_buf_reset(&b);
    assert_int_equal(web_buf_html(&b, "a\tb\nc\xc2\xa0" "d\xe2\x80\x94" "e\xe2\x80\xa6"), 0);
    assert_string_equal(b.data, "a\tb\nc\xc2\xa0" "d\xe2\x80\x94" "e\xe2\x80\xa6");
    core_buf_reset(&b);
    /* a lead byte at the very end (cut short): passed, nothing read past it */
    assert_int_equal(web_buf_html(&b, "x\xc2"), 0);
    assert_int_equal(web_buf_html(&b, "y\xe2"), 0);
    assert_string_equal(b.data, "x\xc2y\xe2");
    core_buf_free(&b);
}

/* URL segments in runs: an escape first, in the middle, last, several in
 * a row, UTF-8 byte by byte; nothing for NULL or "". */
static void url_runs(void **state)
{
    (void)state;
    core_buf b;
    core_buf_init(&b);
    assert_int_equal(web_buf_url(&b, "/2074"), 0);
    core_buf_putc(&b, '|');
    assert_int_equal(web_buf_url(&b, "a b/c"), 0);
    core_buf_putc(&b, '|');
    assert_int_equal(web_buf_url(&b, "end?"), 0);
    core_buf_putc(&b, '|');
    assert_int_equal(web_buf_url(&b, "Zo\xc3\xab&&"), 0);
    core_buf_putc(&b, '|');
    assert_int_equal(web_buf_url(&b, "A-Z_a.z~09"), 0);
    core_buf_putc(&b, '|');
    assert_int_equal(web_buf_url(&b, NULL), 0);
    assert_int_equal(web_buf_url(&b, ""), 0);
    assert_string_equal(b.data, "%2F2074|a%20b%2Fc|end%3F|Zo%C3%AB%26%26|A-Z_a.z~09|");
    core_buf_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(escapes_hostile_values),
        cmocka_unit_test(neutralises_controls_and_bidi),
        cmocka_unit_test(grows),
        cmocka_unit_test(html_runs),
        cmocka_unit_test(url_runs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
