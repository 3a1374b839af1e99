/* EBU-102 (4.10.1-4.10.3): a single-section event restricted to top or
 * bottom players (by selection, rank ...) is a basic event of the
 * organising body, awarded on the actual entry only: the club pairs
 * example (7 tables, club status: 30, 20, 10 and a 2/3 tie of 15 per
 * direction, EBU-46) restricted to selected players pays exactly the same
 * awards -- the restriction neither raises nor lowers them (unlike the
 * ACBL's P factor). */
#include "ebu_test_util.h"

#include "bridgemp/file.h"

static char *example(const char *extra)
{
    char *json = NULL;
    size_t len = 0;
    bmp_error e = {0};
    assert_int_equal(bmp_file_read(BMP_SOURCE_DIR "/examples/ebu/club-pairs.json", 1 << 20, &json,
                                   &len, &e),
                     BMP_OK);
    const char *key = "\"kind\": \"pairs\",";
    char *at = strstr(json, key);
    assert_non_null(at);
    char *s = malloc(len + 256);
    assert_non_null(s);
    snprintf(s, len + 256, "%.*s%s %s%s", (int)(at - json), json, key, extra,
             at + strlen(key));
    free(json);
    return s;
}

static void restricted_is_basic(void **state)
{
    (void)state;
    char *open = example("");
    char *restricted = example("\"restrictions\": [\"selected top players\"],");
    bmp_awards a, b;
    run(open, &a);
    run(restricted, &b);
    assert_int_equal(a.count, b.count);
    assert_true(a.count >= 6);
    for (size_t i = 0; i < a.count; i++) {
        assert_int_equal(a.items[i].contestant, b.items[i].contestant);
        assert_int_equal(a.items[i].points, b.items[i].points);
        assert_string_equal(a.items[i].colour, b.items[i].colour);
    }
    assert_int_equal(a.items[0].points, 3000); /* 1st NS: 30 Local (EBU-46) */
    bmp_awards_free(&a);
    bmp_awards_free(&b);
    free(open);
    free(restricted);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(restricted_is_basic),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
