/* EBU holdings and ranks (2.4.2, 2.6). */
#include "ebu_test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ebu.h"
#include "ebu/ebu_internal.h"

/* EBU-1, EBU-4: holdings and ranks (2.4.2, 2.6). */
static void ranks_2_6(void **state)
{
    (void)state;
    /* 2.6.1: 7.25 GP + 2.75 BP + 4,344 LP = 5,344; 2.4.2: 7.23 GP = 723. */
    bmp_ebu_holding h = {4344, 275, 725};
    assert_int_equal(bmp_ebu_total(&h), 5344);
    bmp_ebu_holding g = {0, 0, 723};
    assert_int_equal(bmp_ebu_total(&g), 723);
    bmp_ebu_rank r;
    bmp_error e = {0};
    /* 5,344 with 7.25 GP: Master (Premier Master needs 10 GP) ... but 2.75
     * Blue count as 0.92 Green: 7.25 + 0.92 < 10: still Master. */
    assert_int_equal(bmp_ebu_rank_of(&h, &r, &e), BMP_OK);
    assert_string_equal(r.name, "Master");
    /* 3 Blue = 1 Green: 7.25 GP + 8.25 BP = 10.00 GP: Premier Master. */
    h.blue = 825;
    h.local = 4344 - 550;
    assert_int_equal(bmp_ebu_rank_of(&h, &r, &e), BMP_OK);
    assert_string_equal(r.name, "Premier Master");
    assert_int_equal(r.seniority, 15);
    /* 99 points: no rank; 100: Local Master. */
    bmp_ebu_holding z = {99, 0, 0};
    bmp_ebu_rank_of(&z, &r, &e);
    assert_int_equal(r.seniority, 0);
    z.local = 100;
    bmp_ebu_rank_of(&z, &r, &e);
    assert_string_equal(r.name, "Local Master");
    /* 60,000 Local, no Green: ** Tournament Master (50,000 + 10,000). */
    bmp_ebu_holding t = {60000, 0, 0};
    bmp_ebu_rank_of(&t, &r, &e);
    assert_string_equal(r.name, "** Tournament Master");
    /* 30,000 with 10 GP: * Premier Master capped at 5 stars (10,000 + 4 x
     * 5,000 = 30,000); Regional Master needs 25 GP. */
    bmp_ebu_holding p = {29000, 0, 1000};
    bmp_ebu_rank_of(&p, &r, &e);
    assert_string_equal(r.name, "***** Premier Master");
    p.local = 38000; /* 39,000: 1 + 29,000/5,000 = 6 stars, capped at 5 */
    bmp_ebu_rank_of(&p, &r, &e);
    assert_int_equal(r.seniority, 16);
    assert_int_equal(r.stars, 5);
    /* Grand Master: 600 GP; up to 50 of them from 150 Blue.  550 GP + 300 BP
     * counts only 150 BP = 50 GP: 600 -> Grand Master; 549 GP -> not. */
    bmp_ebu_holding gm = {0, 30000, 55000};
    gm.local = 120000 - 85000;
    bmp_ebu_rank_of(&gm, &r, &e);
    assert_string_equal(r.name, "Grand Master");
    gm.green = 54900;
    gm.local += 100;
    bmp_ebu_rank_of(&gm, &r, &e);
    assert_string_equal(r.name, "Premier Life Master");
    /* * Grand Master: 800 GP, one more star per 200 GP: 1,250 GP -> ***. */
    bmp_ebu_holding sg = {0, 0, 125000};
    bmp_ebu_rank_of(&sg, &r, &e);
    assert_string_equal(r.name, "*** Grand Master");
    /* Premier Grand Master: 1,500 GP. */
    sg.green = 150000;
    bmp_ebu_rank_of(&sg, &r, &e);
    assert_string_equal(r.name, "Premier Grand Master");
    bmp_ebu_holding bad = {-1, 0, 0};
    assert_int_equal(bmp_ebu_rank_of(&bad, &r, &e), BMP_EINVAL);
}

/* EBU-4: every rank's printed requirements (ranks_2_6.csv). */
static void ranks_csv(void **state)
{
    (void)state;
    bmp_csv csv;
    bmp_csv_load(&csv, "ebu/ranks_2_6.csv");
    assert_int_equal((int)csv.nrows - 1, BMP_EBU_NRANKS);
    for (size_t r = 1; r < csv.nrows; r++) {
        const char *name;
        int64_t total;
        int green;
        assert_true(bmp_ebu_rank_requirements((int)r, &name, &total, &green));
        assert_int_equal(total, atoll(bmp_csv_get(&csv, r, 2)));
        assert_int_equal(green, atoi(bmp_csv_get(&csv, r, 3)));
        /* A holding of exactly the requirement earns that rank or a more
         * senior one (never a more junior one). */
        bmp_ebu_holding h = {total > green * 100 ? total - green * 100 : 0, 0, (bmp_points)green * 100};
        bmp_ebu_rank k;
        assert_int_equal(bmp_ebu_rank_of(&h, &k, NULL), BMP_OK);
        assert_true(k.seniority >= (int)r);
        const char *printed = bmp_csv_get(&csv, r, 1);
        assert_non_null(strstr(printed, name));
    }
    bmp_csv_free(&csv);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ranks_2_6),
        cmocka_unit_test(ranks_csv),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
