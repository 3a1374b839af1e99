/* Explain text only when asked (bmp_awards.skip_explain): for every example
 * event, the awards computed with explain off are those computed with it on,
 * field by field, minus the per-award derivations (event notes are kept). */
#include "bmp_test.h"

#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void award(const char *path, bool explain, bmp_event **ev, bmp_awards *aw)
{
    bmp_error e = {0};
    bmp_awards_init(aw);
    aw->skip_explain = !explain;
    if (bmp_event_load_file(path, ev, &e) == BMP_OK)
        bmp_award_event(*ev, aw, &e); /* an example may be a refused event */
}

static void same_minus_derivations(const char *path)
{
    bmp_event *e1 = NULL, *e0 = NULL;
    bmp_awards on, off;
    award(path, true, &e1, &on);
    award(path, false, &e0, &off);
    if (on.count != off.count)
        fail_msg("%s: %zu awards with explain, %zu without", path, on.count, off.count);
    for (size_t i = 0; i < on.count; i++) {
        bmp_award a = on.items[i], b = off.items[i];
        if (b.explain)
            fail_msg("%s: award %zu has a derivation with explain off", path, i);
        if (a.contestant != b.contestant || a.player != b.player || a.points != b.points ||
            a.place.lo != b.place.lo || a.place.hi != b.place.hi ||
            a.place.tied != b.place.tied || strcmp(a.kind, b.kind) ||
            strcmp(a.ranking, b.ranking) || strcmp(a.colour, b.colour) ||
            strcmp(a.rule, b.rule) || strcmp(a.section, b.section))
            fail_msg("%s: award %zu differs with explain off", path, i);
    }
    assert_int_equal(off.nnotes, on.nnotes);
    bmp_awards_free(&on);
    bmp_awards_free(&off);
    bmp_event_free(e1);
    bmp_event_free(e0);
}

static void every_example(void **state)
{
    (void)state;
    glob_t g;
    assert_int_equal(glob(BMP_SOURCE_DIR "/examples/*/*.json", 0, NULL, &g), 0);
    assert_true(g.gl_pathc >= 20);
    size_t with_notes = 0;
    for (size_t i = 0; i < g.gl_pathc; i++) {
        same_minus_derivations(g.gl_pathv[i]);
        /* ... and explain on still derives (the golden test pins the text). */
        bmp_event *ev = NULL;
        bmp_awards aw;
        award(g.gl_pathv[i], true, &ev, &aw);
        with_notes += aw.nnotes > 0;
        bmp_awards_free(&aw);
        bmp_event_free(ev);
    }
    assert_true(with_notes >= g.gl_pathc / 2);
    globfree(&g);
}

/* The guard itself: bmp_awards_add keeps the award, not the text. */
static void add_without_text(void **state)
{
    (void)state;
    bmp_awards a;
    bmp_awards_init(&a);
    bmp_award w = {.contestant = 3, .player = BMP_ALL_PLAYERS, .points = 125};
    assert_int_equal(bmp_awards_add(&a, NULL, &w, "place %d", 1), BMP_OK);
    assert_int_equal(bmp_awards_note(&a, NULL, "note %d", 1), BMP_OK);
    assert_string_equal(a.items[0].explain, "place 1");
    assert_int_equal(a.nnotes, 1);
    a.skip_explain = true;
    assert_int_equal(bmp_awards_add(&a, NULL, &w, "place %d", 2), BMP_OK);
    assert_int_equal(bmp_awards_note(&a, NULL, "note %d", 2), BMP_OK);
    assert_int_equal(a.count, 2);
    assert_null(a.items[1].explain);
    assert_int_equal(a.items[1].points, 125);
    assert_int_equal(a.nnotes, 2); /* event-level notes are kept (few, and read by outputs) */
    bmp_awards_free(&a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_example),
        cmocka_unit_test(add_without_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
