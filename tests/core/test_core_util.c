/* Core helpers (core/util.h) the hot paths lean on: core_grow's doubling
 * (linear cost for a million streamed contestants) that keeps what was
 * written and the caller's array when it fails, core_strlcpy's and
 * core_strlcat's truncation (award fields and ranking keys are fixed-size). */
#include "bmp_test.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"

typedef struct item {
    char *name;
    int64_t points;
} item;

static void grow_doubles_and_keeps(void **state)
{
    (void)state;
    item *arr = NULL;
    size_t cap = 0;
    int reallocs = 0;
    size_t last = 0;
    for (size_t i = 0; i < 1000000; i++) {
        item *a = core_grow(arr, &cap, i, sizeof *a);
        assert_non_null(a);
        arr = a;
        assert_true(cap > i);
        a[i] = (item){.points = (int64_t)i + 1};
        if (cap != last) {
            reallocs++;
            last = cap;
        }
    }
    /* 32, 64, ... 2^20 = 1,048,576 > 999,999: 16 capacities (2^5 to 2^20),
     * not a million reallocations */
    assert_int_equal(cap, 1048576);
    assert_int_equal(reallocs, 16);
    item *a = arr;
    /* every element written survived the 15 moves */
    for (size_t i = 0; i < 1000000; i++)
        if (a[i].points != (int64_t)i + 1)
            fail_msg("element %zu holds %lld", i, (long long)a[i].points);
    /* room already there: nothing changes */
    assert_ptr_equal(core_grow(arr, &cap, 5, sizeof(item)), arr);
    assert_int_equal(cap, 1048576);
    free(arr);
}

static void grow_refuses_overflow(void **state)
{
    (void)state;
    size_t cap = 0;
    /* SIZE_MAX / 2 elements of 16 bytes cannot be addressed */
    assert_null(core_grow(NULL, &cap, SIZE_MAX / 2, 16));
    assert_int_equal(cap, 0);
    /* an existing array stays the caller's when growing fails */
    item *arr = core_grow(NULL, &cap, 0, sizeof *arr);
    assert_non_null(arr);
    arr[3].points = 7;
    assert_null(core_grow(arr, &cap, SIZE_MAX / 4, sizeof *arr));
    assert_int_equal(cap, 32);
    assert_int_equal(arr[3].points, 7);
    free(arr);
}

static void strlcpy_strlcat_truncate(void **state)
{
    (void)state;
    char buf[8];
    assert_int_equal(core_strlcpy(buf, "ABF-19", sizeof buf), 6);
    assert_string_equal(buf, "ABF-19");
    /* 11 characters into 8 bytes: 7 kept and the terminator */
    assert_int_equal(core_strlcpy(buf, "final-match", sizeof buf), 11);
    assert_string_equal(buf, "final-m");
    assert_int_equal(core_strlcpy(buf, "", sizeof buf), 0);
    assert_string_equal(buf, "");
    /* strlcat: "session " + "12" fits in 11 bytes, then " NS" is cut to 0 */
    char key[11] = "";
    assert_int_equal(core_strlcat(key, "session ", sizeof key), 8);
    assert_int_equal(core_strlcat(key, "12", sizeof key), 10);
    assert_string_equal(key, "session 12");
    assert_int_equal(core_strlcat(key, " NS", sizeof key), 13);
    assert_string_equal(key, "session 12");
    /* a full buffer with no terminator in it is not read past */
    char full[4] = {'a', 'b', 'c', 'd'};
    assert_int_equal(core_strlcat(full, "xy", sizeof full), 6);
    assert_memory_equal(full, "abcd", 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(grow_doubles_and_keeps),
        cmocka_unit_test(grow_refuses_overflow),
        cmocka_unit_test(strlcpy_strlcat_truncate),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
