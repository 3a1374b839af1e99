/* A 50 MB USEBIO file, generated at test time into the build directory
 * (never committed): the reader must read it whole, in linear time, and map
 * every pair.  No timing is asserted. */
#include "bmp_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/usebio.h"

#define TARGET_BYTES (50L * 1024 * 1024)

/* Pair i (1-based) is placed i; its percentage falls with i so the file is
 * internally consistent; every 1000th pair carries 0.57 green. */
static long generate(const char *path, long *pairs)
{
    FILE *f = fopen(path, "w");
    if (!f)
        fail_msg("cannot create %s", path);
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<USEBIO Version=\"1.2\">\n"
          "  <EVENT EVENT_TYPE=\"MP_PAIRS\">\n    <TITLE>Generated congress</TITLE>\n"
          "    <DATE>01/06/2025</DATE>\n    <WINNER_TYPE>1</WINNER_TYPE>\n"
          "    <PARTICIPANTS>\n",
          f);
    long n = 0;
    while (ftell(f) < TARGET_BYTES) {
        n++;
        fprintf(f,
                "      <PAIR>\n        <PAIR_NUMBER>%ld</PAIR_NUMBER>\n"
                "        <TOTAL_SCORE>%ld</TOTAL_SCORE>\n        <PERCENTAGE>%ld.%02ld</PERCENTAGE>\n"
                "        <PLACE>%ld</PLACE>\n",
                n, 1000000 - n, 99 - n / 10000, 99 - n % 100, n);
        if (n % 1000 == 0)
            fputs("        <MASTER_POINTS_AWARDED>57</MASTER_POINTS_AWARDED>\n"
                  "        <MASTER_POINT_TYPE>GREEN</MASTER_POINT_TYPE>\n",
                  f);
        for (int p = 0; p < 2; p++)
            fprintf(f,
                    "        <PLAYER>\n          <PLAYER_NAME>PLAYER %ld-%d WITH A LONGISH NAME</PLAYER_NAME>\n"
                    "          <NATIONAL_ID_NUMBER>%07ld</NATIONAL_ID_NUMBER>\n"
                    "          <CLUB_ID_NUMBER>%04ld</CLUB_ID_NUMBER>\n        </PLAYER>\n",
                    n, p, 2 * n + p, n % 3000);
        fputs("      </PAIR>\n", f);
    }
    fputs("    </PARTICIPANTS>\n  </EVENT>\n</USEBIO>\n", f);
    long size = ftell(f);
    fclose(f);
    *pairs = n;
    return size;
}

static void fifty_megabytes(void **state)
{
    (void)state;
    const char *path = "usebio_large_generated.xml";
    long pairs = 0;
    long size = generate(path, &pairs);
    assert_true(size >= TARGET_BYTES);
    bmp_usebio_opts o = {.body = "abf"};
    bmp_event *ev = NULL;
    bmp_error e = {0};
    bmp_status st = bmp_usebio_read_file(path, &o, &ev, &e);
    remove(path);
    if (st)
        fail_msg("%s", e.msg);
    assert_int_equal((long)ev->ncontestants, pairs);
    assert_true(ev->tables == pairs / 2.0);
    const bmp_contestant *last = &ev->contestants[pairs - 1];
    assert_int_equal(last->place.lo, pairs);
    char id[32];
    snprintf(id, sizeof id, "%ld", pairs);
    assert_string_equal(last->id, id);
    snprintf(id, sizeof id, "%07ld", 2 * pairs + 1);
    assert_string_equal(last->players[1].id, id);
    assert_true(bmp_params_number(&ev->contestants[999].params, "mp.green", 0) == 57);
    bmp_event_free(ev);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(fifty_megabytes)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
