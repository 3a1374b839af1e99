/* Benchmark: USEBIO import throughput.
 *
 * Generates a large USEBIO pairs file (bench/usebio_gen.h; default 20000
 * pairs, argv[1] to change) in a temporary directory, then times, on the
 * same bytes:
 *   baseline  libxml2 parsing the document into a tree and freeing it;
 *   import    bmp_usebio_read_file (read + parse + map into bmp_event).
 * Prints MB/s and records (pairs)/s for each, best of 3 runs.  No asserts:
 * numbers are for reading, not for CI. */
#include <libxml/parser.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bridgemp/bridgemp.h"
#include "bridgemp/usebio.h"
#include "usebio_gen.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static char *slurp(const char *path, long size)
{
    char *buf = malloc((size_t)size);
    FILE *f = fopen(path, "rb");
    if (!buf || !f || fread(buf, 1, (size_t)size, f) != (size_t)size) {
        free(buf);
        buf = NULL;
    }
    if (f)
        fclose(f);
    return buf;
}

int main(int argc, char **argv)
{
    long pairs = argc > 1 ? atol(argv[1]) : 20000;
    if (pairs < 2)
        pairs = 2;
    char dir[] = "/tmp/bmp-bench-XXXXXX";
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    char path[64];
    snprintf(path, sizeof path, "%s/results.xml", dir);
    long size = usebio_gen(path, pairs, 0);
    char *buf = size > 0 ? slurp(path, size) : NULL;
    if (!buf) {
        fprintf(stderr, "cannot generate %s\n", path);
        return 1;
    }
    double mb = size / 1e6, best_xml = 1e9, best_imp = 1e9;
    int rc = 0;
    for (int run = 0; run < 3 && rc == 0; run++) {
        double t0 = now();
        xmlDoc *doc = xmlReadMemory(buf, (int)size, path, NULL, XML_PARSE_NONET);
        if (!doc) {
            fprintf(stderr, "libxml2 could not parse the generated file\n");
            rc = 1;
            break;
        }
        xmlFreeDoc(doc);
        double t1 = now();
        bmp_usebio_opts o = {.body = "abf"};
        bmp_event *ev = NULL;
        bmp_error e = {0};
        if (bmp_usebio_read_file(path, &o, &ev, &e)) {
            fprintf(stderr, "import failed: %s\n", e.msg);
            rc = 1;
            break;
        }
        double t2 = now();
        if ((long)ev->ncontestants != pairs) {
            fprintf(stderr, "imported %zu pairs, generated %ld\n", ev->ncontestants, pairs);
            rc = 1;
        }
        bmp_event_free(ev);
        if (t1 - t0 < best_xml)
            best_xml = t1 - t0;
        if (t2 - t1 < best_imp)
            best_imp = t2 - t1;
    }
    if (rc == 0) {
        printf("usebio_import: %ld pairs, %.1f MB (best of 3)\n", pairs, mb);
        printf("  baseline libxml2 tree parse : %8.3f s  %8.1f MB/s  %10.0f records/s\n", best_xml,
               mb / best_xml, pairs / best_xml);
        printf("  bmp_usebio_read_file        : %8.3f s  %8.1f MB/s  %10.0f records/s\n", best_imp,
               mb / best_imp, pairs / best_imp);
        printf("  import / baseline           : %8.2fx\n", best_imp / best_xml);
    }
    free(buf);
    remove(path);
    rmdir(dir);
    return rc;
}
