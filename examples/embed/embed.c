/* A program that embeds libbridgemp: load an event file (JSON or USEBIO),
 * compute its masterpoint awards and print them from memory.
 *
 *   make && ./embed ../abf/club-pairs.json
 *   ./embed results.xml abf E        (USEBIO: the body and grade it cannot say)
 *
 * Built against an installed libbridgemp found with pkg-config (Makefile). */
#include <stdio.h>
#include <stdlib.h>

#include <bridgemp/bridgemp.h>

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s EVENT-FILE [BODY [GRADE]]\n", argv[0]);
        return 2;
    }
    bmp_pipeline *p = NULL;
    bmp_error e = {0};
    bmp_status st = bmp_pipeline_new(&p, &e);
    if (!st && argc > 2)
        st = bmp_pipeline_set(p, "body", argv[2], &e);
    if (!st && argc > 3)
        st = bmp_pipeline_set(p, "grade", argv[3], &e);
    if (!st)
        st = bmp_pipeline_read_file(p, argv[1], &e);
    if (!st)
        st = bmp_pipeline_award(p, &e);
    if (st) {
        fprintf(stderr, "embed: %s\n", e.msg);
        bmp_pipeline_free(p);
        return 1;
    }

    /* Awards read in memory, one by one. */
    const bmp_event *ev = bmp_pipeline_event(p);
    const bmp_awards *aw = bmp_pipeline_awards(p);
    printf("%s (libbridgemp %s): %zu awards\n", ev->name ? ev->name : argv[1], bmp_version(),
           bmp_awards_count(aw));
    for (size_t i = 0; i < bmp_awards_count(aw); i++) {
        const bmp_award *a = bmp_awards_at(aw, i);
        char pts[32];
        bmp_points_format(a->points, pts, sizeof pts);
        printf("  %-6s %-16s %6s %-6s %s\n", ev->contestants[a->contestant].id, a->ranking,
               pts, a->colour, a->rule);
    }

    /* The same awards as CSV, written into a buffer. */
    char *csv = NULL;
    size_t len = 0;
    if (!(st = bmp_pipeline_write_buffer(p, BMP_PIPE_CSV, &csv, &len, &e)))
        printf("CSV: %zu bytes\n", len);
    else
        fprintf(stderr, "embed: %s\n", e.msg);
    free(csv);
    bmp_pipeline_free(p);
    return st ? 1 : 0;
}
