/* Core per-player emission (core/emit.h): one award to all players when
 * they receive it alike, else one award or note per player. */
#include "bmp_test.h"

#include <stdio.h>
#include <string.h>

#include "core/emit.h"

#define TEAM                                                                                 \
    "{\"format\":\"bridgemp-event/1\",\"body\":\"ABF\",\"name\":\"T\",\"kind\":\"teams\","      \
    "\"sessions\":1,\"boards\":24,\"tables\":4,\"contestants\":[{\"id\":\"T1\",\"place\":\"1\",\"players\":[" \
    "{\"id\":\"1\",\"participation\":1},{\"id\":\"2\",\"participation\":%s},"                \
    "{\"id\":\"3\",\"participation\":1},{\"id\":\"4\",\"participation\":1}]}]}"

/* A threshold rule: players under *min get nothing, with a note. */
static void threshold(void *ctx, const bmp_contestant *ct, size_t p, core_player_award *pa)
{
    double min = *(const double *)ctx;
    if (ct->players[p].participation < min) {
        pa->award = false;
        snprintf(pa->why, sizeof pa->why, "player %s under %.0f%%", ct->players[p].id,
                 min * 100);
    } else {
        snprintf(pa->why, sizeof pa->why, " (played enough)");
    }
}

/* A weighted rule: points x participation, rounded down to 0.01. */
static void weighted(void *ctx, const bmp_contestant *ct, size_t p, core_player_award *pa)
{
    (void)ctx;
    pa->points = (bmp_points)(pa->points * ct->players[p].participation);
    pa->rule = "W-1";
}

static bmp_event *team(const char *part)
{
    char json[1024];
    snprintf(json, sizeof json, TEAM, part);
    return bmp_test_event(json);
}

static bmp_award tmpl(bmp_points pts)
{
    bmp_award aw = {0};
    aw.points = pts;
    bmp_award_set(&aw, "overall", "overall", "green", "R-1", "1.1");
    return aw;
}

static void all_alike_is_one_award(void **state)
{
    (void)state;
    bmp_event *ev = team("1");
    bmp_awards out;
    bmp_awards_init(&out);
    double min = 0.75;
    bmp_award aw = tmpl(150);
    assert_int_equal(core_emit_players(ev, &out, NULL, &aw, "x", false, threshold, &min), BMP_OK);
    assert_int_equal(out.count, 1);
    assert_int_equal(out.items[0].player, BMP_ALL_PLAYERS);
    assert_string_equal(out.items[0].explain, "x"); /* no per-player text */
    /* split: one award per player even when alike */
    assert_int_equal(core_emit_players(ev, &out, NULL, &aw, "x", true, threshold, &min), BMP_OK);
    assert_int_equal(out.count, 5);
    assert_int_equal(out.items[4].player, 3);
    assert_string_equal(out.items[4].explain, "x (played enough)");
    bmp_awards_free(&out);
    bmp_event_free(ev);
}

static void below_threshold_gets_a_note(void **state)
{
    (void)state;
    /* Player 2 played 50 % < 75 %: three awards and one note. */
    bmp_event *ev = team("0.5");
    bmp_awards out;
    bmp_awards_init(&out);
    double min = 0.75;
    bmp_award aw = tmpl(150);
    assert_int_equal(core_emit_players(ev, &out, NULL, &aw, "x", false, threshold, &min), BMP_OK);
    assert_int_equal(out.count, 3);
    assert_int_equal(out.items[0].player, 0);
    assert_int_equal(out.items[1].player, 2);
    assert_int_equal(out.items[2].player, 3);
    assert_points(out.items[1].points, "1.50");
    assert_int_equal(out.nnotes, 1);
    assert_string_equal(out.notes[0], "player 2 under 75%");
    bmp_awards_free(&out);
    bmp_event_free(ev);
}

static void weighted_shares(void **state)
{
    (void)state;
    /* 1.50 x 0.5 = 0.75 for player 2, rule W-1 on every player's award. */
    bmp_event *ev = team("0.5");
    bmp_awards out;
    bmp_awards_init(&out);
    bmp_award aw = tmpl(150);
    assert_int_equal(core_emit_players(ev, &out, NULL, &aw, "x", false, weighted, NULL), BMP_OK);
    assert_int_equal(out.count, 4);
    assert_points(out.items[1].points, "0.75");
    assert_points(out.items[0].points, "1.50");
    assert_string_equal(out.items[1].rule, "W-1");
    assert_string_equal(out.items[1].colour, "green");
    /* No rule: everyone receives it as is. */
    assert_int_equal(core_emit_players(ev, &out, NULL, &aw, "y", false, NULL, NULL), BMP_OK);
    assert_int_equal(out.count, 5);
    assert_int_equal(out.items[4].player, BMP_ALL_PLAYERS);
    bmp_awards_free(&out);
    bmp_event_free(ev);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(all_alike_is_one_award),
        cmocka_unit_test(below_threshold_gets_a_note),
        cmocka_unit_test(weighted_shares),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
