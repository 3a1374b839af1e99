/* EBU carry-forward scores (3.11.1, EBU-40; ruling EM-4): "awards are still
 * made for each separate stage of the event, including the stage(s) in
 * which a carry-forward score is included in the final result". */
#include "ebu_test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* EBU-40, EBU-51, EBU-54: a Club pairs quali-final, a 24-board qualifier of
 * 16 tables and a 24-board final of 8 tables carrying part of the
 * qualifying score forward: both stages are awarded. */
static void stages_awarded(void **state)
{
    (void)state;
    bmp_awards aw, ref;
    /* The qualifier: a basic event (4.2.1), one-winner pairs, 16 tables,
     * 18-35 boards: k = ceil(32/3) = 11, step 6: 66, 60, ..., 6. */
    char *j = event_json("\"kind\":\"pairs\",\"status\":\"club\",\"boards\":24,\"tables\":16,"
                         "\"params\":{\"stage\":\"qualifying\"}", 32, NULL, NULL);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "66.00");
    assert_points(total_of(&aw, 10), "6.00");
    assert_points(total_of(&aw, 11), "0.00");
    bmp_awards_free(&aw);
    /* The final with the carried score: Scale QA, original 16 tables,
     * one-winner pairs: k = ceil(16/2) = 8, step 11: 88, 77, ..., 11.  Its
     * duration is its own 24 boards (no 36+-board increase of 4.2.5, which
     * would make it District: 132). */
    const char *fin = "\"kind\":\"pairs\",\"status\":\"club\",\"boards\":24,\"tables\":8,"
                      "\"params\":{\"stage\":\"final\",\"original_tables\":16%s}";
    char h[256];
    snprintf(h, sizeof h, fin, ",\"carry_forward\":true");
    j = event_json(h, 16, NULL, NULL);
    run(j, &aw);
    free(j);
    assert_points(total_of(&aw, 0), "88.00");
    assert_points(total_of(&aw, 1), "77.00");
    assert_points(total_of(&aw, 7), "11.00");
    assert_points(total_of(&aw, 8), "0.00");
    assert_true(has_note(&aw, "over its own 24 boards"));
    assert_true(has_note(&aw, "3.11.1, EBU-40"));
    /* The same awards as the final without a carry-forward. */
    snprintf(h, sizeof h, fin, "");
    j = event_json(h, 16, NULL, NULL);
    run(j, &ref);
    free(j);
    for (size_t i = 0; i < 16; i++)
        assert_int_equal(total_of(&aw, i), total_of(&ref, i));
    assert_false(has_note(&ref, "3.11.1"));
    bmp_awards_free(&aw);
    bmp_awards_free(&ref);
}

static void expect_refusal(const char *head, const char *needle)
{
    bmp_error e = {0};
    char *j = event_json(head, 8, NULL, NULL);
    assert_int_equal(run_err(j, &e), BMP_EINVAL);
    if (!strstr(e.msg, needle))
        fail_msg("%s", e.msg);
    free(j);
}

/* EBU-40, EBU-132: a carry-forward only into a later stage of a
 * quali-final; Green events carry forward only as 6.4.6. */
static void refusals(void **state)
{
    (void)state;
    expect_refusal("\"kind\":\"pairs\",\"status\":\"club\",\"boards\":24,\"tables\":4,"
                   "\"params\":{\"carry_forward\":true}",
                   "expected stage final, later-qualifying or consolation, got \"basic\"");
    expect_refusal("\"kind\":\"pairs\",\"status\":\"club\",\"boards\":24,\"tables\":4,"
                   "\"params\":{\"carry_forward\":true,\"stage\":\"qualifying\"}",
                   "got \"qualifying\"");
    expect_refusal("\"kind\":\"round-robin\",\"status\":\"club\",\"boards\":168,"
                   "\"boards_per_match\":24,\"tables\":8,"
                   "\"params\":{\"carry_forward\":true,\"league\":true,\"stage\":\"final\"}",
                   "a league has none");
    expect_refusal("\"kind\":\"knockout\",\"status\":\"club\",\"boards_per_match\":24,"
                   "\"tables\":8,\"params\":{\"carry_forward\":true,\"stage\":\"final\"}",
                   "a knock-out has none");
    expect_refusal("\"kind\":\"pairs\",\"status\":\"county\",\"tables\":4,\"params\":{"
                   "\"points\":\"green\",\"green_event\":\"multiple-pairs-finals\","
                   "\"green_section\":\"A\",\"carry_forward\":true}",
                   "(6.4.6, EBU-132)");
    /* 6.4.6 a: the qualifier of a Green carry-forward event earns nothing;
     * carry_forward changes nothing there. */
    bmp_awards aw;
    char *j = event_json("\"kind\":\"pairs\",\"status\":\"county\",\"tables\":10,\"params\":{"
                         "\"points\":\"green\",\"green_event\":\"multiple-pairs-carry\","
                         "\"green_section\":\"qualifier\",\"carry_forward\":true}",
                         20, NULL, NULL);
    run(j, &aw);
    free(j);
    assert_int_equal(aw.count, 0);
    assert_true(has_note(&aw, "6.4.6 a"));
    bmp_awards_free(&aw);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(stages_awarded),
        cmocka_unit_test(refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
