/* EBU ladders (4.11): the worked example 4.11.9 and the bonus as an event. */
#include "ebu_test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ebu.h"
#include "ebu/ebu_internal.h"

/* EBU-104, EBU-105: 4.11.9 Club pairs ladder, fewer than 18 sessions, 10
 * tables: 4 awards at 16 = 64, 48, 32, 16; qualifying for a final +1
 * (District): 96, 72, 48, 24. */
static void ladder_4_11_9(void **state)
{
    (void)state;
    int n, u;
    ebu_ladder(10, 1, &n, &u);
    assert_int_equal(n, 4);
    assert_int_equal(u, 16);
    int m4 = ebu_status_shift(EBU_M4_CLUB, 1);
    for (int i = 0; i < n; i++) {
        assert_int_equal(u * (n - i), 64 - 16 * i);
        assert_int_equal(u * (n - i) * m4 / 4, 96 - 24 * i);
    }
}

/* EBU-103, EBU-104, EBU-105, EBU-106: ladder bonus as an event (4.11). */
static void ladder_event(void **state)
{
    (void)state;
    bmp_awards aw;
    /* 4.11.9: Club pairs ladder, 12 games, 10 average tables: 64, 48, 32, 16. */
    char *j = event_json("\"kind\":\"pairs\",\"status\":\"club\",\"tables\":10,"
                         "\"params\":{\"ladder\":true,\"ladder_games\":12}", 6, NULL, NULL);
    run(j, &aw);
    free(j);
    static const char *const a[5] = {"64.00", "48.00", "32.00", "16.00", "0.00"};
    for (size_t i = 0; i < 5; i++)
        assert_points(total_of(&aw, i), a[i]);
    bmp_awards_free(&aw);
    /* With a final: +1 (District): 96, 72, 48, 24. */
    j = event_json("\"kind\":\"pairs\",\"status\":\"club\",\"tables\":10,"
                   "\"params\":{\"ladder\":true,\"ladder_games\":12,\"ladder_final\":true}", 6, NULL, NULL);
    run(j, &aw);
    free(j);
    static const char *const b[4] = {"96.00", "72.00", "48.00", "24.00"};
    for (size_t i = 0; i < 4; i++)
        assert_points(total_of(&aw, i), b[i]);
    bmp_awards_free(&aw);
    /* 18+ games and a final: +2 (County x2): 128, 96, 64, 32; in Blue
     * (a major pairs championship ladder, 4.11.10): 1.28 ... */
    j = event_json("\"kind\":\"pairs\",\"status\":\"club\",\"tables\":10,"
                   "\"params\":{\"ladder\":true,\"ladder_games\":20,\"ladder_final\":true,"
                   "\"points\":\"blue\"}", 6, NULL, NULL);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "1.28");
    assert_points(total_of(&aw, 3), "0.32");
    bmp_awards_free(&aw);
    /* Teams ladder, 5 average tables: 1 award of 27; a tie for 1st shares
     * (27 + 0)/2 = 13.5 -> 14. */
    const char *t = "{\"body\":\"ebu\",\"name\":\"l\",\"kind\":\"teams\",\"status\":\"club\","
                    "\"tables\":5,\"params\":{\"ladder\":true,\"ladder_games\":8},"
                    "\"contestants\":[{\"id\":\"1\",\"place\":\"1=\"},{\"id\":\"2\",\"place\":\"1=\"},"
                    "{\"id\":\"3\",\"place\":3}]}";
    run(t, &aw);
    assert_points(total_of(&aw, 0), "14.00");
    assert_points(total_of(&aw, 2), "0.00");
    bmp_awards_free(&aw);
    bmp_error e = {0};
    j = event_json("\"kind\":\"pairs\",\"status\":\"club\",\"tables\":10,"
                   "\"params\":{\"ladder\":true,\"ladder_games\":5}", 6, NULL, NULL);
    assert_int_equal(run_err(j, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "4.11.4"));
    free(j);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ladder_4_11_9),
        cmocka_unit_test(ladder_event),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
