/* NZ event-wide ranking across sections (issue 15; rulings UX-4): NZ
 * Scorer through scorer-to-usebio ranks every pair of the event as one
 * field, so a file with sections of 26, 20 and 20 pairs has places 1-66
 * across them.  Read as one field of 66 pairs (no section groups), each
 * pair keeping its section in params "usebio.section". */
#include "bmp_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/usebio.h"

/* Sections A (26 pairs), B (20), C (20); event-wide place p (1..66) goes to
 * section A, B, C in turn while each has room: A gets 1, 4, ..., 58 and
 * then 61-66 (B and C are full after 60), C's 20th pair 60. */
static char *nz_file(bool break_one)
{
    static const int size[3] = {26, 20, 20};
    int next[3] = {0, 0, 0};
    int place[3][26];
    for (int p = 1, s = 0; p <= 66; p++) {
        while (next[s] == size[s])
            s = (s + 1) % 3;
        place[s][next[s]++] = p;
        s = (s + 1) % 3;
    }
    if (break_one)
        place[2][19] = 65; /* 65 twice (C:20 and A:25), 60 nobody's */
    size_t cap = 64 * 1024, n = 0;
    char *x = malloc(cap);
    n += (size_t)snprintf(x + n, cap - n,
                          "<USEBIO Version=\"1.2\"><EVENT EVENT_TYPE=\"PAIRS\">"
                          "<TITLE>Provincial pairs</TITLE><WINNER_TYPE>1</WINNER_TYPE>"
                          "<BOARDS_PLAYED>26</BOARDS_PLAYED>");
    for (int s = 0; s < 3; s++) {
        n += (size_t)snprintf(x + n, cap - n, "<SECTION SECTION_ID=\"%c\"><PARTICIPANTS>",
                              'A' + s);
        for (int k = 0; k < size[s]; k++)
            n += (size_t)snprintf(x + n, cap - n,
                                  "<PAIR><PAIR_NUMBER>%d</PAIR_NUMBER><PLACE>%d</PLACE>"
                                  "<PLAYER><PLAYER_NAME>P%c%da</PLAYER_NAME></PLAYER>"
                                  "<PLAYER><PLAYER_NAME>P%c%db</PLAYER_NAME></PLAYER></PAIR>",
                                  k + 1, place[s][k], 'A' + s, k + 1, 'A' + s, k + 1);
        n += (size_t)snprintf(x + n, cap - n, "</PARTICIPANTS></SECTION>");
    }
    snprintf(x + n, cap - n, "</EVENT></USEBIO>");
    return x;
}

static void ranked_across_sections(void **state)
{
    (void)state;
    char *x = nz_file(false);
    bmp_usebio_opts o = {.body = "nzb"};
    bmp_event *ev = NULL;
    bmp_error e = {0};
    if (bmp_usebio_read_memory(x, strlen(x), "nz.xml", &o, &ev, &e))
        fail_msg("%s", e.msg);
    assert_int_equal(ev->ncontestants, 66);
    assert_int_equal(ev->ngroups, 0); /* one field */
    assert_true(bmp_params_bool(&ev->params, "usebio.ranked_across_sections", false));
    assert_true(ev->tables == 33.0); /* 66 pairs / 2 (C-3) */
    /* A's first pair is 1st of 66, its last (A:26) 66th, C:20 60th. */
    const bmp_contestant *a1 = bmp_event_contestant(ev, "A:1");
    const bmp_contestant *c20 = bmp_event_contestant(ev, "C:20");
    assert_int_equal(a1->place.lo, 1);
    assert_int_equal(bmp_event_contestant(ev, "A:26")->place.lo, 66);
    assert_int_equal(c20->place.lo, 60);
    assert_false(c20->place.tied);
    assert_string_equal(bmp_params_string(&c20->params, "usebio.section", ""), "C");
    /* The faithful export gives the file back, sections and all (UX-1). */
    bmp_awards aw;
    bmp_awards_init(&aw);
    char *out = NULL;
    size_t len = 0;
    assert_int_equal(bmp_usebio_rewrite(x, strlen(x), "nz.xml", &o, ev, &aw, NULL, &out, &len, &e),
                     BMP_OK);
    assert_non_null(strstr(out, "<SECTION SECTION_ID=\"C\"><PARTICIPANTS><PAIR><PAIR_NUMBER>1<"));
    free(out);
    /* The model writer puts each pair back in its SECTION, numbered as
     * read (no "C:"), and the result reads back as the same one field. */
    assert_int_equal(bmp_usebio_write(ev, NULL, BMP_USEBIO_MP_DEFAULT, &out, &len, &e), BMP_OK);
    assert_null(strstr(out, "C:20"));
    assert_non_null(strstr(out, "<SECTION SECTION_ID=\"C\">"));
    bmp_event *back = NULL;
    if (bmp_usebio_read_memory(out, len, "back.xml", &o, &back, &e))
        fail_msg("%s", e.msg);
    assert_int_equal(back->ncontestants, 66);
    assert_int_equal(back->ngroups, 0);
    assert_int_equal(bmp_event_contestant(back, "C:20")->place.lo, 60);
    bmp_event_free(back);
    free(out);
    bmp_awards_free(&aw);
    bmp_event_free(ev);
    free(x);
}

/* Not one field either (65 twice, 66 nobody's): refused, naming the
 * section's ranking as before (U-4). */
static void broken_field_refused(void **state)
{
    (void)state;
    char *x = nz_file(true);
    bmp_usebio_opts o = {.body = "nzb"};
    bmp_event *ev = NULL;
    bmp_error e = {0};
    assert_int_equal(bmp_usebio_read_memory(x, strlen(x), "nz.xml", &o, &ev, &e), BMP_ERANGE);
    /* The per-section check names the first place past its section. */
    assert_non_null(strstr(e.msg, "nz.xml:1: /USEBIO/EVENT/SECTION[1]/PARTICIPANTS/PAIR[10]/"
                                  "PLACE: place 28 is out of range: only 26 contestants are "
                                  "ranked (ranking \"A\")"));
    assert_null(ev);
    free(x);
}

/* Per-section places (each section 1..n) stay sections (U-6). */
static void per_section_places_stay_groups(void **state)
{
    (void)state;
    char path[1024];
    snprintf(path, sizeof path, "%s/usebio/sections.xml", BMP_TEST_DATA);
    bmp_usebio_opts o = {.body = "ebu"};
    bmp_event *ev = NULL;
    bmp_error e = {0};
    if (bmp_usebio_read_file(path, &o, &ev, &e))
        fail_msg("%s", e.msg);
    assert_int_equal(ev->ngroups, 2);
    assert_false(bmp_params_has(&ev->params, "usebio.ranked_across_sections"));
    bmp_event_free(ev);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ranked_across_sections),
        cmocka_unit_test(broken_field_refused),
        cmocka_unit_test(per_section_places_stay_groups),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
