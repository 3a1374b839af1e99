/* EBU-114 (5.1.2): the EBU Simultaneous Pairs keeps its scale, each award
 * split 75 % Local (rounded up to a whole point) and the rest in Blue at
 * 100 Local to the Blue Point (EBU-1, ruling EBU-R19).  The club pairs
 * example (7 tables, club status) pays 30, 20, 10 and a 2/3 tie of 15 per
 * direction (EBU-46, test_ebu*): as a Sim Pairs heat
 *   30 -> 75 % = 22.5, up = 23 Local + 7 Local = 0.07 Blue
 *   20 -> 15 Local + 0.05 Blue;  10 -> 7.5, up = 8 Local + 0.02 Blue
 *   15 -> 11.25, up = 12 Local + 0.03 Blue. */
#include "ebu_test_util.h"

#include "bridgemp/file.h"

static char *sim_event(const char *params)
{
    char *json = NULL;
    size_t len = 0;
    bmp_error e = {0};
    assert_int_equal(bmp_file_read(BMP_SOURCE_DIR "/examples/ebu/club-pairs.json", 1 << 20, &json,
                                   &len, &e),
                     BMP_OK);
    const char *old = "\"params\": { \"ums_charge_code\": \"01\" }";
    char *at = strstr(json, old);
    assert_non_null(at);
    char *s = malloc(len + 256);
    assert_non_null(s);
    snprintf(s, len + 256, "%.*s\"params\": { %s }%s", (int)(at - json), json, params,
             at + strlen(old));
    free(json);
    return s;
}

/* the award of colour `colour` to contestant id */
static bmp_points award_of(const bmp_awards *aw, const char *contestant_id, const char *colour,
                           const bmp_event *ev)
{
    for (size_t i = 0; i < aw->count; i++)
        if (strcmp(ev->contestants[aw->items[i].contestant].id, contestant_id) == 0 &&
            strcmp(aw->items[i].colour, colour) == 0)
            return aw->items[i].points;
    return -1;
}

static void sim_pairs_split(void **state)
{
    (void)state;
    char *json = sim_event("\"sim_pairs\": true");
    bmp_event *ev = bmp_test_event(json);
    bmp_awards aw;
    bmp_awards_init(&aw);
    bmp_error e = {0};
    assert_int_equal(bmp_award_event(ev, &aw, &e), BMP_OK);
    assert_int_equal(award_of(&aw, "1", "local", ev), 2300);
    assert_int_equal(award_of(&aw, "1", "blue", ev), 7);
    assert_int_equal(award_of(&aw, "2", "local", ev), 1500);
    assert_int_equal(award_of(&aw, "2", "blue", ev), 5);
    assert_int_equal(award_of(&aw, "3", "local", ev), 800);
    assert_int_equal(award_of(&aw, "3", "blue", ev), 2);
    assert_int_equal(award_of(&aw, "12", "local", ev), 1200);
    assert_int_equal(award_of(&aw, "12", "blue", ev), 3);
    for (size_t i = 0; i < aw.count; i++)
        assert_string_equal(aw.items[i].rule, "EBU-114");
    bmp_awards_free(&aw);
    bmp_event_free(ev);
    free(json);
}

/* A Sim Pairs awards Local: Blue or Green points are refused. */
static void sim_pairs_local_only(void **state)
{
    (void)state;
    char *json = sim_event("\"sim_pairs\": true, \"points\": \"blue\"");
    bmp_error e = {0};
    assert_int_equal(run_err(json, &e), BMP_EINVAL);
    assert_non_null(strstr(e.msg, "EBU-114"));
    free(json);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sim_pairs_split),
        cmocka_unit_test(sim_pairs_local_only),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
