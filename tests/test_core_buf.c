/* core_buf (src/core/buf.h): the one byte buffer of the library, the
 * ledger and the server (issue 32). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/buf.h"

/* Bytes, strings, characters and printf, with embedded NULs kept. */
static void appends(void **state)
{
    (void)state;
    core_buf b = {0};
    assert_int_equal(core_buf_puts(&b, NULL), 0);
    assert_null(b.data);
    assert_int_equal(core_buf_puts(&b, ""), 0);
    assert_non_null(b.data);
    assert_string_equal(b.data, "");
    assert_int_equal(core_buf_append(&b, "a\0b", 3), 0);
    assert_int_equal(core_buf_putc(&b, 'c'), 0);
    assert_int_equal(core_buf_printf(&b, "%d|%s", 7, "x"), 0);
    assert_int_equal(b.len, 7);
    assert_memory_equal(b.data, "a\0bc7|x", 8);
    core_buf_free(&b);
    assert_null(b.data);
    assert_int_equal(b.len, 0);
}

/* Growth from 32 by doubling: a megabyte one byte at a time. */
static void grows_by_doubling(void **state)
{
    (void)state;
    core_buf b = {0};
    for (int i = 0; i < 1 << 20; i++)
        assert_int_equal(core_buf_putc(&b, (char)('a' + i % 26)), 0);
    assert_int_equal(b.len, 1 << 20);
    assert_int_equal(b.cap, (1 << 20) * 2);
    assert_int_equal(b.data[b.len], '\0');
    assert_int_equal(b.data[27], 'b');
    core_buf_free(&b);
}

/* A size that would overflow is refused; the failure sticks until reset. */
static void overflow_fails_and_sticks(void **state)
{
    (void)state;
    core_buf b = {0};
    assert_int_equal(core_buf_puts(&b, "ok"), 0);
    assert_int_equal(core_buf_append(&b, "", SIZE_MAX - 1), -1);
    assert_true(b.failed);
    assert_int_equal(core_buf_puts(&b, "more"), -1);
    assert_int_equal(core_buf_printf(&b, "%d", 1), -1);
    assert_string_equal(b.data, "ok");
    core_buf_reset(&b);
    assert_false(b.failed);
    assert_int_equal(b.len, 0);
    assert_int_equal(core_buf_puts(&b, "again"), 0);
    assert_string_equal(b.data, "again");
    core_buf_free(&b);
}

/* take hands the contents over and leaves an empty buffer. */
static void take_hands_over(void **state)
{
    (void)state;
    core_buf b = {0};
    size_t n = 99;
    assert_null(core_buf_take(&b, &n));
    assert_int_equal(n, 0);
    core_buf_puts(&b, "text");
    char *s = core_buf_take(&b, &n);
    assert_string_equal(s, "text");
    assert_int_equal(n, 4);
    assert_null(b.data);
    assert_int_equal(b.len, 0);
    assert_int_equal(b.cap, 0);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(appends),
        cmocka_unit_test(grows_by_doubling),
        cmocka_unit_test(overflow_fails_and_sticks),
        cmocka_unit_test(take_hands_over),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
