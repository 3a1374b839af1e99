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
#include "core/digits.h"

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
    volatile size_t huge = SIZE_MAX - 1; /* not a constant: the inline copy's bound is unknown */
    assert_int_equal(core_buf_puts(&b, "ok"), 0);
    assert_int_equal(core_buf_append(&b, "", huge), -1);
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

/* putc's in-place path (issue 30) at its edge: it stores while the byte
 * and the NUL fit, and grows exactly when they do not.  An empty buffer
 * first takes 31 bytes (31 + NUL = 32, the first capacity, full); the next
 * putc does not fit (32 + NUL = 33 > 32) and doubles it to 64.  Then 31
 * putcs from 32 bytes fill it to 63 + NUL = 64, and the 64th grows to 128. */
static void putc_at_capacity(void **state)
{
    (void)state;
    core_buf b = {0};
    assert_int_equal(core_buf_putc(&b, 'a'), 0); /* the first byte allocates */
    assert_int_equal(b.cap, 32);
    assert_int_equal(core_buf_append(&b, "bcdefghijklmnopqrstuvwxyz01234", 30), 0);
    assert_int_equal(b.len, 31);
    assert_int_equal(b.cap, 32); /* exactly full: 31 bytes and the NUL */
    assert_int_equal(core_buf_putc(&b, '5'), 0);
    assert_int_equal(b.len, 32);
    assert_int_equal(b.cap, 64);
    assert_string_equal(b.data, "abcdefghijklmnopqrstuvwxyz012345");
    for (int i = 0; i < 31; i++)
        assert_int_equal(core_buf_putc(&b, (char)('A' + i % 26)), 0);
    assert_int_equal(b.len, 63);
    assert_int_equal(b.cap, 64); /* in place all the way: full again */
    assert_int_equal(b.data[63], '\0');
    assert_int_equal(core_buf_putc(&b, '!'), 0);
    assert_int_equal(b.len, 64);
    assert_int_equal(b.cap, 128);
    assert_string_equal(b.data + 56, "YZABCDE!"); /* bytes 32..62: A..Z then A..E */
    core_buf_free(&b);
}

/* reserve: room for 1000 bytes and the NUL at once is 1024 (the doubling's
 * capacity: 32 x 2^5), empty and terminated; 1000 bytes then fit without
 * growing, the 1024th byte (1024 + NUL > 1024) doubles it. */
static void reserve_once(void **state)
{
    (void)state;
    core_buf b = {0};
    assert_int_equal(core_buf_reserve(&b, 1000), 0);
    assert_int_equal(b.cap, 1024);
    assert_int_equal(b.len, 0);
    assert_string_equal(b.data, "");
    char *old = b.data;
    for (int i = 0; i < 1023; i++)
        assert_int_equal(core_buf_putc(&b, 'x'), 0);
    assert_ptr_equal(b.data, old); /* never moved */
    assert_int_equal(b.cap, 1024);
    assert_int_equal(core_buf_putc(&b, 'y'), 0);
    assert_int_equal(b.cap, 2048);
    assert_int_equal(b.len, 1024);
    assert_string_equal(b.data + 1020, "xxxy");
    core_buf_free(&b);
}

/* append at the edge the same way: 20 bytes then 11 fill 31 + NUL = 32
 * with no growth; one more byte doubles. */
static void append_at_capacity(void **state)
{
    (void)state;
    core_buf b = {0};
    assert_int_equal(core_buf_append(&b, "01234567890123456789", 20), 0);
    assert_int_equal(b.cap, 32);
    assert_int_equal(core_buf_append(&b, "abcdefghijk", 11), 0);
    assert_int_equal(b.len, 31);
    assert_int_equal(b.cap, 32);
    assert_int_equal(core_buf_append(&b, "", 0), 0); /* nothing: still fits */
    assert_int_equal(b.cap, 32);
    assert_int_equal(core_buf_append(&b, "!", 1), 0);
    assert_int_equal(b.cap, 64);
    assert_string_equal(b.data, "01234567890123456789abcdefghijk!");
    core_buf_free(&b);
}

/* A failed buffer refuses putc even with room left (its contents are
 * already incomplete), until reset. */
static void putc_after_failure(void **state)
{
    (void)state;
    core_buf b = {0};
    volatile size_t huge = SIZE_MAX - 1; /* not a constant: the inline copy's bound is unknown */
    assert_int_equal(core_buf_puts(&b, "ok"), 0);
    assert_int_equal(core_buf_append(&b, "", huge), -1);
    assert_true(b.len + 1 < b.cap); /* room for a byte */
    assert_int_equal(core_buf_putc(&b, 'x'), -1);
    assert_int_equal(core_buf_int(&b, 7), -1);
    assert_string_equal(b.data, "ok");
    core_buf_reset(&b);
    assert_int_equal(core_buf_putc(&b, 'x'), 0);
    assert_string_equal(b.data, "x");
    core_buf_free(&b);
}

/* Integers as printf's %" PRId64 " writes them, the extremes included. */
static void ints(void **state)
{
    (void)state;
    core_buf b = {0};
    const int64_t v[] = {0, 7, -7, 10, 1000000, -1234567890123, INT64_MAX, INT64_MIN};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        assert_int_equal(core_buf_int(&b, v[i]), 0);
        core_buf_putc(&b, '|');
    }
    assert_string_equal(b.data, "0|7|-7|10|1000000|-1234567890123|9223372036854775807|"
                                "-9223372036854775808|");
    core_buf_free(&b);
}

/* The one digit writer: at least `width` digits, zeros in front, never
 * cut (2025 in 2 stays 2025); written backwards from end. */
static void digits(void **state)
{
    (void)state;
    char t[CORE_DIGITS_MAX], *end = t + sizeof t;
    const struct {
        uint64_t a;
        int width;
        const char *want;
    } c[] = {{0, 1, "0"}, {0, 2, "00"}, {7, 2, "07"}, {12, 2, "12"}, {123, 2, "123"},
             {5, 4, "0005"}, {2025, 4, "2025"}, {2025, 2, "2025"}, {0, 0, "0"},
             {UINT64_MAX, 1, "18446744073709551615"}};
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        char *s = core_digits(end, c[i].a, c[i].width);
        assert_int_equal((size_t)(end - s), strlen(c[i].want));
        assert_memory_equal(s, c[i].want, strlen(c[i].want));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(appends),
        cmocka_unit_test(grows_by_doubling),
        cmocka_unit_test(overflow_fails_and_sticks),
        cmocka_unit_test(take_hands_over),
        cmocka_unit_test(putc_at_capacity),
        cmocka_unit_test(append_at_capacity),
        cmocka_unit_test(reserve_once),
        cmocka_unit_test(putc_after_failure),
        cmocka_unit_test(ints),
        cmocka_unit_test(digits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
