/* Linear time at scale: a 100,000-contestant event loads and awards (the
 * engine has no quadratic step left: ids and places by hash and sort), and
 * its awards are the regulation's, checked by hand arithmetic. */
#include "bmp_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PAIRS 100000

/* ABF club pairs, grade E (W = 1.50), a one-winner (Howell) field of
 * 100,000 pairs = 50,000 tables.  Places 1..n, except "3=" for pairs 3 and
 * 4, and "99999=" for the last two. */
static char *big_event(void)
{
    size_t cap = (size_t)PAIRS * 160 + 1024, len = 0;
    char *s = malloc(cap);
    assert_non_null(s);
    len += (size_t)snprintf(s + len, cap - len,
                            "{\"format\":\"bridgemp-event/1\",\"body\":\"abf\",\"edition\":\"2025\","
                            "\"name\":\"100k pairs\",\"kind\":\"pairs\",\"grade\":\"E\","
                            "\"boards\":24,\"movement\":\"one-winner\",\"contestants\":[");
    for (int i = 1; i <= PAIRS; i++) {
        char place[16];
        if (i == 3 || i == 4)
            snprintf(place, sizeof place, "\"3=\"");
        else if (i >= PAIRS - 1)
            snprintf(place, sizeof place, "\"%d=\"", PAIRS - 1);
        else
            snprintf(place, sizeof place, "%d", i);
        len += (size_t)snprintf(s + len, cap - len,
                                "%s{\"id\":\"P%d\",\"place\":%s,\"players\":[{\"id\":\"%d\"},"
                                "{\"id\":\"%d\"}]}",
                                i > 1 ? "," : "", i, place, 2 * i, 2 * i + 1);
        assert_true(len < cap);
    }
    snprintf(s + len, cap - len, "]}");
    return s;
}

static const bmp_award *award_of(const bmp_awards *aw, size_t contestant)
{
    for (size_t i = 0; i < aw->count; i++)
        if (aw->items[i].contestant == contestant)
            return &aw->items[i];
    return NULL;
}

static void hundred_thousand_pairs(void **state)
{
    (void)state;
    char *json = big_event();
    bmp_event *ev = NULL;
    bmp_error e = {0};
    assert_int_equal(bmp_event_load_string(json, "100k.json", &ev, &e), BMP_OK);
    free(json);
    assert_int_equal(ev->ncontestants, PAIRS);
    /* The loader's index finds any id at once. */
    assert_ptr_equal(bmp_event_contestant(ev, "P77777"), &ev->contestants[77776]);
    /* Ties resolved over the whole field: "99999=" by 2 covers 99999..100000. */
    assert_int_equal(ev->contestants[PAIRS - 1].place.lo, PAIRS - 1);
    assert_int_equal(ev->contestants[PAIRS - 1].place.hi, PAIRS);
    assert_int_equal(ev->contestants[2].place.hi, 4);
    bmp_awards aw;
    bmp_awards_init(&aw);
    aw.skip_explain = true;
    assert_int_equal(bmp_award_event(ev, &aw, &e), BMP_OK);
    /* ABF-7 (3.1.1): Howell of T = 50,000 > 15 tables: W(1 - e^(-T/16)) =
     * 1.50 x (1 - e^-3125) = 1.50. */
    assert_points(award_of(&aw, 0)->points, "1.50");
    /* ABF-10 (4.1.1): runner-up 70 %: 1.05. */
    assert_points(award_of(&aw, 1)->points, "1.05");
    /* Tie for 3rd/4th (4.4.6): (1.50/2 + 1.50/3) / 2 = (0.75 + 0.50) / 2
     * = 0.625 -> 0.63 half-up. */
    assert_points(award_of(&aw, 2)->points, "0.63");
    assert_points(award_of(&aw, 3)->points, "0.63");
    /* Place k >= 3 gets 1.50/(k-1): 101st 1.50/100 = 0.015 -> 0.02; 301st
     * 1.50/300 = 0.005 -> 0.01 (half-up); 302nd 1.50/301 = 0.00498 -> 0.00,
     * no award: 301 awards in all. */
    assert_points(award_of(&aw, 100)->points, "0.02");
    assert_points(award_of(&aw, 300)->points, "0.01");
    assert_null(award_of(&aw, 301));
    assert_int_equal(aw.count, 301);
    assert_null(award_of(&aw, PAIRS - 1));
    /* Explain off: no derivation formatted. */
    assert_null(award_of(&aw, 0)->explain);
    bmp_awards_free(&aw);
    bmp_event_free(ev);
}

/* Places resolve in O(n log n) with the same errors as the pairwise check. */
static void places_errors_at_scale(void **state)
{
    (void)state;
    size_t n = 200000;
    bmp_place *pl = calloc(n, sizeof *pl);
    assert_non_null(pl);
    for (size_t i = 0; i < n; i++)
        pl[i] = (bmp_place){(int)i + 1, (int)i + 1, false};
    assert_int_equal(bmp_places_resolve(pl, n, NULL), BMP_OK);
    /* Contestant [150000] also claims place 7: the first inconsistent
     * position is [6], whose place 7 is held by 2. */
    pl[150000] = (bmp_place){7, 7, false};
    bmp_error e = {0};
    assert_int_equal(bmp_places_resolve(pl, n, &e), BMP_EINVAL);
    assert_string_equal(e.msg, "[6]: place 7 is held by 2 contestants; write \"7=\" for a tie");
    /* A range 5/6 at [150000] overlaps places 5 and 6: [4] is reported with
     * the first overlapping contestant. */
    pl[150000] = (bmp_place){5, 6, true};
    assert_int_equal(bmp_places_resolve(pl, n, &e), BMP_EINVAL);
    assert_string_equal(e.msg, "[4]: place 5 overlaps place 5/6 of contestant [150000]");
    free(pl);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hundred_thousand_pairs),
        cmocka_unit_test(places_errors_at_scale),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
