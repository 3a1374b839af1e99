/* Real-world USEBIO files (tests/data/realworld/README.md): each is read,
 * its awards are computed, and they are compared with the file's own
 * MASTER_POINTS (the producing program is the body's: Compscore3 for ABF
 * clubs).  Every difference is either fixed or named by a ruling here. */
#include "bmp_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/usebio.h"

/* Hundredths per contestant id summed over the awards (BMP_ALL_PLAYERS
 * awards and per-player awards of player 0). */
static bmp_points sum_for(const bmp_event *ev, const bmp_awards *a, const char *id)
{
    bmp_points s = 0;
    for (size_t i = 0; i < a->count; i++) {
        const bmp_award *w = &a->items[i];
        if (w->contestant < ev->ncontestants && !strcmp(ev->contestants[w->contestant].id, id) &&
            (w->player == BMP_ALL_PLAYERS || w->player == 0))
            s += w->points;
    }
    return s;
}

/* Read tests/data/realworld/<name> for body/grade, compute, and check that
 * every contestant's computed total equals the file's MASTER_POINTS. */
static void compare_with_file(const char *name, const char *body, const char *grade,
                              size_t expect_paid)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/realworld/%s", BMP_TEST_DATA, name);
    bmp_usebio_opts o = {.body = body, .grade = grade};
    bmp_event *ev = NULL;
    bmp_error err = {0};
    if (bmp_usebio_read_file(path, &o, &ev, &err))
        fail_msg("%s: %s", name, err.msg);
    bmp_awards mine, file;
    bmp_awards_init(&mine);
    bmp_awards_init(&file);
    if (bmp_award_event(ev, &mine, &err) || bmp_usebio_file_awards(ev, &file, &err))
        fail_msg("%s: %s", name, err.msg);
    size_t paid = 0;
    for (size_t ci = 0; ci < ev->ncontestants; ci++) {
        const char *id = ev->contestants[ci].id;
        bmp_points want = sum_for(ev, &file, id), got = sum_for(ev, &mine, id);
        if (want != got)
            fail_msg("%s: pair %s: file %lld, computed %lld hundredths", name, id,
                     (long long)want, (long long)got);
        paid += want > 0;
    }
    assert_int_equal(paid, expect_paid);
    bmp_awards_free(&mine);
    bmp_awards_free(&file);
    bmp_event_free(ev);
}

/* ABF-24, ABF-7 (4.2.3, 4.2.1; ruling U-40): Compscore3, one-session Butler
 * pairs Howell, 8 pairs = 4 tables, Club scale (grade E): the file pays
 * places 1-4 0.24, 0.17, 0.12, 0.08 green = 0.04 x 1.5 x 4 = 0.24 and the
 * 4.2.1 one-winner fractions; before U-40 bridgemp paid nothing. */
static void compscore_butler_howell(void **state)
{
    (void)state;
    compare_with_file("compscore_butler_howell.xml", "abf", "E", 4);
}

/* ABF-7 (4.2.1): Compscore3 cross-IMP Howell, 9 pairs = 4.5 tables (counted
 * as 5 for the table award), grade E: 0.04 x 1.5 x 5 = 0.30, then 0.21, 0.15, 0.10 as in
 * the file. */
static void compscore_cross_imp_howell(void **state)
{
    (void)state;
    compare_with_file("compscore_cross_imp_howell.xml", "abf", "E", 4);
}

/* U-41, U-42: tests/data/usebio/no_boards_played.xml has no event-level
 * BOARDS_PLAYED and BOARD elements numbered 1, 2, 2, 3: 3 boards (a board
 * repeated, as in a multi-section file, counts once).  Pair 2's second
 * <PLAYER/> is empty: skipped (one player left), counted in the pair's
 * params, never a player called "UNKNOWN". */
static void lenient_boards_and_empty_player(void **state)
{
    (void)state;
    char path[1024];
    snprintf(path, sizeof path, "%s/usebio/no_boards_played.xml", BMP_TEST_DATA);
    bmp_usebio_opts o = {.body = "ebu"};
    bmp_event *ev = NULL;
    bmp_error err = {0};
    if (bmp_usebio_read_file(path, &o, &ev, &err))
        fail_msg("%s", err.msg);
    assert_int_equal(ev->boards, 3);
    assert_int_equal(ev->ncontestants, 2);
    assert_int_equal(ev->contestants[0].nplayers, 2);
    assert_int_equal(ev->contestants[1].nplayers, 1);
    assert_string_equal(ev->contestants[1].players[0].name, "A TWO");
    assert_int_equal(bmp_params_number(&ev->contestants[1].params, "usebio.empty_players", 0), 1);
    bmp_event_free(ev);
}

/* U-44, U-43: re-exporting the Compscore3 cross-IMP file with bridgemp's
 * awards keeps EVENT_TYPE="CROSS_IMP" (on EVENT and PARTICIPANTS; it used
 * to become PAIRS) and writes MASTER_POINTS_AWARDED for all 9 pairs, 0 for
 * the 5 unplaced ones, as the file does; reading it back gives the file's
 * 0.30 for pair 2 (ABF-7, place 1 of 5 tables at grade E). */
static void compscore_reexport(void **state)
{
    (void)state;
    char path[1024];
    snprintf(path, sizeof path, "%s/realworld/compscore_cross_imp_howell.xml", BMP_TEST_DATA);
    bmp_usebio_opts o = {.body = "abf", .grade = "E"};
    bmp_event *ev = NULL, *back = NULL;
    bmp_error err = {0};
    bmp_awards aw;
    bmp_awards_init(&aw);
    char *doc = NULL;
    size_t len = 0;
    if (bmp_usebio_read_file(path, &o, &ev, &err) || bmp_award_event(ev, &aw, &err) ||
        bmp_usebio_write(ev, &aw, BMP_USEBIO_MP_DEFAULT, &doc, &len, &err))
        fail_msg("%s", err.msg);
    assert_non_null(strstr(doc, "<EVENT EVENT_TYPE=\"CROSS_IMP\">"));
    assert_non_null(strstr(doc, "<PARTICIPANTS EVENT_TYPE=\"CROSS_IMP\">"));
    size_t n = 0, zeros = 0;
    for (const char *q = doc; (q = strstr(q, "<MASTER_POINTS_AWARDED>")); q++) {
        n++;
        zeros += !strncmp(q, "<MASTER_POINTS_AWARDED>0<", 25);
    }
    assert_int_equal(n, 9);
    assert_int_equal(zeros, 5);
    if (bmp_usebio_read_memory(doc, len, "re-export", &o, &back, &err))
        fail_msg("%s", err.msg);
    long i = -1;
    for (size_t ci = 0; ci < back->ncontestants; ci++)
        if (!strcmp(back->contestants[ci].id, "2"))
            i = (long)ci;
    assert_true(i >= 0);
    assert_int_equal(bmp_params_number(&back->contestants[i].params, "mp.green", -1), 30);
    free(doc);
    bmp_awards_free(&aw);
    bmp_event_free(back);
    bmp_event_free(ev);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(compscore_butler_howell),
        cmocka_unit_test(compscore_cross_imp_howell),
        cmocka_unit_test(lenient_boards_and_empty_player),
        cmocka_unit_test(compscore_reexport),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
