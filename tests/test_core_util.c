/* Core helpers (core/util.h) the hot paths lean on: bmp_grow's doubling
 * (linear cost for a million streamed contestants) and zeroed slots (a
 * partly read element is freed field by field), bmp_strlcpy's and
 * bmp_strlcat's truncation (award fields and ranking keys are fixed-size). */
#include "bmp_test.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"

typedef struct item {
    char *name;
    int64_t points;
} item;

static void grow_doubles_and_zeroes(void **state)
{
    (void)state;
    void *arr = NULL;
    size_t cap = 0;
    int reallocs = 0;
    size_t last = 0;
    for (size_t i = 0; i < 1000000; i++) {
        assert_true(bmp_grow(&arr, &cap, i, sizeof(item)));
        assert_true(cap > i);
        item *a = arr;
        /* every slot up to the capacity is zero until written */
        assert_null(a[i].name);
        assert_int_equal(a[i].points, 0);
        a[i].points = (int64_t)i + 1;
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
    assert_int_equal(a[999999].points, 1000000);
    assert_int_equal(a[1000000].points, 0);
    assert_null(a[1048575].name);
    /* room already there: nothing changes */
    void *same = arr;
    assert_true(bmp_grow(&arr, &cap, 5, sizeof(item)));
    assert_ptr_equal(arr, same);
    assert_int_equal(cap, 1048576);
    free(arr);
}

static void grow_refuses_overflow(void **state)
{
    (void)state;
    void *arr = NULL;
    size_t cap = 0;
    /* SIZE_MAX / 2 elements of 16 bytes cannot be addressed */
    assert_false(bmp_grow(&arr, &cap, SIZE_MAX / 2, 16));
    assert_null(arr);
    assert_int_equal(cap, 0);
}

static void strlcpy_strlcat_truncate(void **state)
{
    (void)state;
    char buf[8];
    assert_int_equal(bmp_strlcpy(buf, "ABF-19", sizeof buf), 6);
    assert_string_equal(buf, "ABF-19");
    /* 11 characters into 8 bytes: 7 kept and the terminator */
    assert_int_equal(bmp_strlcpy(buf, "final-match", sizeof buf), 11);
    assert_string_equal(buf, "final-m");
    assert_int_equal(bmp_strlcpy(buf, "", sizeof buf), 0);
    assert_string_equal(buf, "");
    /* strlcat: "session " + "12" fits in 11 bytes, then " NS" is cut to 0 */
    char key[11] = "";
    assert_int_equal(bmp_strlcat(key, "session ", sizeof key), 8);
    assert_int_equal(bmp_strlcat(key, "12", sizeof key), 10);
    assert_string_equal(key, "session 12");
    assert_int_equal(bmp_strlcat(key, " NS", sizeof key), 13);
    assert_string_equal(key, "session 12");
    /* a full buffer with no terminator in it is not read past */
    char full[4] = {'a', 'b', 'c', 'd'};
    assert_int_equal(bmp_strlcat(full, "xy", sizeof full), 6);
    assert_memory_equal(full, "abcd", 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(grow_doubles_and_zeroes),
        cmocka_unit_test(grow_refuses_overflow),
        cmocka_unit_test(strlcpy_strlcat_truncate),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
