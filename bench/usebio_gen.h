/* The USEBIO pairs file the benchmarks read (bench/engine, bench/usebio_import):
 * one EVENT of `pairs` pairs ranked NS and EW, two players each, then,
 * when `boards` > 0, that many BOARDs holding one TRAVELLER_LINE a table
 * (pairs / 2 lines: one big section in which every table plays every
 * board), as scorers write a session's board results.  Participants cost
 * about USEBIO_GEN_PAIR_BYTES a pair, a traveller line USEBIO_GEN_LINE_BYTES.
 * Returns the file's size in bytes, -1 if it cannot be written. */
#ifndef BMP_BENCH_USEBIO_GEN_H
#define BMP_BENCH_USEBIO_GEN_H

#include <stdbool.h>
#include <stdio.h>

#define USEBIO_GEN_PAIR_BYTES 712
#define USEBIO_GEN_LINE_BYTES 386

static inline void usebio_gen_pair(FILE *f, long n, long pairs)
{
    const char *d = n % 2 ? "NS" : "EW";
    long place = (n + 1) / 2;
    fprintf(f,
            "      <PAIR>\n        <PAIR_NUMBER>%ld%s</PAIR_NUMBER>\n"
            "        <DIRECTION>%s</DIRECTION>\n        <TOTAL_SCORE>%ld</TOTAL_SCORE>\n"
            "        <PERCENTAGE>%ld.%02ld</PERCENTAGE>\n        <PLACE>%ld</PLACE>\n"
            "        <MASTER_POINTS_AWARDED>%ld</MASTER_POINTS_AWARDED>\n"
            "        <MASTER_POINT_TYPE>GREEN</MASTER_POINT_TYPE>\n",
            n, d, d, 10000000 - place, 70 - place * 40 / (pairs / 2 + 1), place % 100, place,
            place <= 3 ? 100 - place * 20 : 0);
    for (int p = 0; p < 2; p++)
        fprintf(f,
                "        <PLAYER>\n          <PLAYER_NAME>PLAYER %ld-%d</PLAYER_NAME>\n"
                "          <NATIONAL_ID_NUMBER>%07ld</NATIONAL_ID_NUMBER>\n"
                "          <CLUB_ID_NUMBER>%04ld</CLUB_ID_NUMBER>\n        </PLAYER>\n",
                n, p, 2 * n + p, n % 3000);
    fputs("      </PAIR>\n", f);
}

/* Board b: table t's NS pair (odd numbers) meets the EW pair t + b along. */
static inline void usebio_gen_board(FILE *f, int b, long tables)
{
    fprintf(f, "    <BOARD EVENT_TYPE=\"MP_PAIRS\">\n      <BOARD_NUMBER>%d</BOARD_NUMBER>\n", b);
    for (long t = 0; t < tables; t++)
        fprintf(f,
                "      <TRAVELLER_LINE>\n        <NS_PAIR_NUMBER>%ldNS</NS_PAIR_NUMBER>\n"
                "        <EW_PAIR_NUMBER>%ldEW</EW_PAIR_NUMBER>\n        <CONTRACT>4S</CONTRACT>\n"
                "        <PLAYED_BY>N</PLAYED_BY>\n        <LEAD>AH</LEAD>\n"
                "        <TRICKS>10</TRICKS>\n        <SCORE>420</SCORE>\n"
                "        <NS_MATCH_POINTS>%ld</NS_MATCH_POINTS>\n"
                "        <EW_MATCH_POINTS>%ld</EW_MATCH_POINTS>\n      </TRAVELLER_LINE>\n",
                2 * t + 1, 2 * ((t + b) % tables) + 2, t, tables - 1 - t);
    fputs("    </BOARD>\n", f);
}

static inline long usebio_gen(const char *path, long pairs, int boards)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<USEBIO Version=\"1.2\">\n"
          "  <EVENT EVENT_TYPE=\"MP_PAIRS\">\n    <TITLE>Benchmark congress</TITLE>\n"
          "    <DATE>01/06/2025</DATE>\n    <WINNER_TYPE>2</WINNER_TYPE>\n    <PARTICIPANTS>\n",
          f);
    for (long n = 1; n <= pairs; n++)
        usebio_gen_pair(f, n, pairs);
    fputs("    </PARTICIPANTS>\n", f);
    for (int b = 1; b <= boards; b++)
        usebio_gen_board(f, b, pairs / 2);
    fputs("  </EVENT>\n</USEBIO>\n", f);
    long size = ftell(f);
    bool bad = ferror(f);
    if (fclose(f) != 0 || bad)
        return -1;
    return size;
}

#endif
