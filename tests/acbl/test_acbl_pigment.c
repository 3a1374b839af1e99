/* ACBL pigmentation (ACBL-85..94) and KO gold (ACBL-50).  Split from
 * test_acbl_structure.c by rule family. */
#include "acbl_test_util.h"

/* ACBL-91 restricted tournaments; ACBL-92 combined sections. */
static void colours_more(void **state)
{
    (void)state;
    const char *json = "{\"body\": \"acbl\", \"name\": \"c\", \"kind\": \"pairs\", "
                       "\"classification\": \"regional\", \"sessions\": 2, \"tables\": 20, "
                       "\"params\": {%s}, \"contestants\": [{\"id\": \"1\", \"place\": 1, "
                       "\"rankings\": [{\"session\": 1, \"place\": 1}]}, {\"id\": \"2\", "
                       "\"place\": 2, \"rankings\": [{\"session\": 1, \"place\": 2}]}, {\"id\": "
                       "\"3\", \"place\": 3, \"rankings\": [{\"session\": 1, \"place\": 3}]}]}";
    char buf[1024];
    snprintf(buf, sizeof buf, json, "\"restricted_tournament\": true");
    res r = go(buf);
    assert_string_equal(find(r.ev, &r.aw, "1", "overall", -2)->colour, "black");
    assert_string_equal(find(r.ev, &r.aw, "1", "overall", -2)->rule, "ACBL-8");
    done(&r);
    snprintf(buf, sizeof buf, json, "\"restricted_tournament\": true, \"open_sectional\": true");
    r = go(buf);
    assert_string_equal(find(r.ev, &r.aw, "1", "overall", -2)->colour, "silver");
    done(&r);
    snprintf(buf, sizeof buf, json,
             "\"restricted_tournament\": true, \"similarly_restricted\": true");
    r = go(buf);
    assert_string_equal(find(r.ev, &r.aw, "1", "overall", -2)->colour, "gold");
    done(&r);
    /* ACBL-92: 2 sections of 10 tables combined: session places 1 and 2 gold,
     * 3 red; with sections under 9 tables (3 x 6.67) only the top. */
    snprintf(buf, sizeof buf, json, "\"sections_combined\": 2");
    r = go(buf);
    assert_string_equal(find(r.ev, &r.aw, "2", "session", -2)->colour, "gold");
    assert_string_equal(find(r.ev, &r.aw, "3", "session", -2)->colour, "red");
    done(&r);
    snprintf(buf, sizeof buf, json, "\"sections_combined\": 3");
    r = go(buf);
    assert_string_equal(find(r.ev, &r.aw, "1", "session", -2)->colour, "gold");
    assert_string_equal(find(r.ev, &r.aw, "2", "session", -2)->colour, "red");
    done(&r);
}

/* ACBL-71 and ACBL-94 (they refer to the KO gold rules): Regional bracketed KO gold
 * shares split exactly with bmp_split. */
static void ko_gold(void **state)
{
    (void)state;
    int64_t g, r;
    bmp_points gp, rp;
    acbl_ko_bracket_gold(true, 100, &g, &r); /* top bracket: 100% gold */
    acbl_split_gold_red(1000, g, r, &gp, &rp);
    assert_points(gp, "10.00");
    assert_points(rp, "0.00");
    acbl_ko_bracket_gold(false, 750, &g, &r); /* 750+: 100% gold */
    assert_true(g == 1 && r == 0);
    acbl_ko_bracket_gold(false, 600, &g, &r); /* 500-749: 2/3 gold, 1/3 red */
    acbl_split_gold_red(1000, g, r, &gp, &rp);
    assert_points(gp, "6.67"); /* 10.00 x 2/3 = 6.667 -> 6.67, red the rest 3.33 */
    assert_points(rp, "3.33");
    acbl_ko_bracket_gold(false, 499, &g, &r); /* 300-499: 1/2, 1/2 */
    acbl_split_gold_red(1001, g, r, &gp, &rp);
    assert_points(gp, "5.01"); /* 10.01 / 2 = 5.005 -> 5.01; red 5.00 */
    assert_points(rp, "5.00");
    acbl_ko_bracket_gold(false, 299, &g, &r); /* under 300: 1/3 gold, 2/3 red */
    acbl_split_gold_red(900, g, r, &gp, &rp);
    assert_points(gp, "3.00");
    assert_points(rp, "6.00");
    /* flighted KO: flight 2 gold if 0-750 or higher; flight 3 no gold */
    assert_true(acbl_ko_flight_gold(1, BMP_NO_LIMIT));
    assert_true(acbl_ko_flight_gold(2, 750));
    assert_false(acbl_ko_flight_gold(2, 500));
    assert_false(acbl_ko_flight_gold(3, 5000));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(colours_more),
        cmocka_unit_test(ko_gold),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
