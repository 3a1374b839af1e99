/* ACBL ties (ACBL-99, docs/rulings.md C-2), also across combined
 * sections (ACBL-92).  Split from test_acbl_structure.c by rule family. */
#include "acbl_test_util.h"

/* ACBL-89 with ACBL-92: two 10-table sections combined pay two gold session
 * places; a tie 2/3 straddles the last gold place.  later: "gold and red
 * points will be shared"; 2003: "gold points will be awarded" (audit: the
 * later split was made only when one place was gold, so 2/3 was all gold). */
static void combined_sections_tie(void **state)
{
    (void)state;
    const char *json = "{\"body\": \"acbl\", \"name\": \"c\", \"edition\": \"%s\", "
                       "\"kind\": \"pairs\", \"classification\": \"regional\", \"sessions\": 2, "
                       "\"tables\": 20, \"params\": {\"sections_combined\": 2}, \"contestants\": ["
                       "{\"id\": \"1\", \"rankings\": [{\"session\": 1, \"place\": 1}]},"
                       "{\"id\": \"2\", \"rankings\": [{\"session\": 1, \"place\": \"2=\"}]},"
                       "{\"id\": \"3\", \"rankings\": [{\"session\": 1, \"place\": \"2=\"}]}]}";
    char buf[1024];
    /* session 1st = 0.5 x 30/60 x 14 = 3.50; 2nd 70% = 2.45; 3rd 50% =
     * 1.75; tie 2/3 = (2.45 + 1.75)/2 = 2.10; later: gold 2.10 x 245/420 =
     * 1.225 -> 1.23, red the rest 0.87. */
    snprintf(buf, sizeof buf, json, "current");
    res r = go(buf);
    size_t gold = 0, red = 0;
    for (size_t i = 0; i < r.aw.count; i++) {
        const bmp_award *a = &r.aw.items[i];
        if (strcmp(r.ev->contestants[a->contestant].id, "2") != 0)
            continue;
        if (strcmp(a->colour, "gold") == 0) {
            assert_points(a->points, "1.23");
            gold++;
        } else {
            assert_string_equal(a->colour, "red");
            assert_points(a->points, "0.87");
            red++;
        }
        assert_string_equal(a->rule, "ACBL-89");
    }
    assert_int_equal(gold, 1);
    assert_int_equal(red, 1);
    done(&r);
    /* 2003: the whole 2.10 is gold */
    snprintf(buf, sizeof buf, json, "2003");
    r = go(buf);
    const bmp_award *a = find(r.ev, &r.aw, "3", "session", -2);
    assert_non_null(a);
    assert_points(a->points, "2.10");
    assert_string_equal(a->colour, "gold");
    done(&r);
}

/* ACBL-99: ties as stated: section-top tie by edition (ACBL-89), and the
 * average-of-places convention (C-2) for overall ties. */
static void ties(void **state)
{
    (void)state;
    /* Regional 1 session 10 tables: 1st 20/60 x 14 = 4.67; tie 1/2: (4.67 +
     * 3.50)/2 = 4.085 -> 4.09 (4.67 x 0.75 = 3.5025 -> 3.50) */
    res r = go("{\"body\": \"acbl\", \"name\": \"t\", \"kind\": \"pairs\", \"classification\": "
               "\"regional\", \"tables\": 10, \"contestants\": [{\"id\": \"1\", \"place\": "
               "\"1=\"}, {\"id\": \"2\", \"place\": \"1=\"}, {\"id\": \"3\", \"place\": 3}]}");
    expect_points(&r, "1", "overall", -2, "4.09");
    expect_points(&r, "2", "overall", -2, "4.09");
    done(&r);
    /* C-2 across the last paid place (ACBL-12): Regional 1 session 11
     * tables: 1st 21/60 x 14 = 4.90; floor 2.80 adds nothing (7th = 4.90 x
     * 0.75^6 = 0.87), 5% of 22 = 2, 35% = 7 -> the table's 6 places.  Tie
     * 6/7: (4.90 x 0.75^5 = 1.1628 -> 1.16, + 0 for the unpaid 7th) / 2 =
     * 0.58; 8th nothing. */
    r = go("{\"body\": \"acbl\", \"name\": \"t\", \"kind\": \"pairs\", \"classification\": "
           "\"regional\", \"tables\": 11, \"contestants\": [{\"id\": \"1\", \"place\": 1}, "
           "{\"id\": \"2\", \"place\": 2}, {\"id\": \"3\", \"place\": 3}, {\"id\": \"4\", "
           "\"place\": 4}, {\"id\": \"5\", \"place\": 5}, {\"id\": \"6\", \"place\": \"6=\"}, "
           "{\"id\": \"7\", \"place\": \"6=\"}, {\"id\": \"8\", \"place\": 8}]}");
    expect_points(&r, "6", "overall", -2, "0.58");
    expect_points(&r, "7", "overall", -2, "0.58");
    assert_null(find(r.ev, &r.aw, "8", "overall", -2));
    done(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(combined_sections_tie),
        cmocka_unit_test(ties),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
