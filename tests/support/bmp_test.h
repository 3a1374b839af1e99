/* Shared test helpers: cmocka, CSV oracles, and points assertions. */
#ifndef BMP_TEST_H
#define BMP_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "bridgemp/bridgemp.h"

/* A CSV file read whole: rows of cells (header is row 0). */
typedef struct bmp_csv {
    char ***rows;
    size_t *ncells;
    size_t nrows;
} bmp_csv;

/* Read tests/data/<rel>; fails the test when it cannot. Handles quotes. */
void bmp_csv_load(bmp_csv *csv, const char *rel);
void bmp_csv_free(bmp_csv *csv);
/* Column index by header name, or fails the test. */
size_t bmp_csv_col(const bmp_csv *csv, const char *name);
const char *bmp_csv_get(const bmp_csv *csv, size_t row, size_t col);

/* Assert points p equals the decimal text s ("12.34"), with a readable
 * message on failure. */
#define assert_points(p, s) bmp_assert_points((p), (s), __FILE__, __LINE__)
void bmp_assert_points(bmp_points p, const char *s, const char *file, int line);

/* Load an event from a JSON string; fails the test on error. */
bmp_event *bmp_test_event(const char *json);
/* Load an event expecting failure; returns the message (static buffer per call site not needed:
 * writes into err). */
bmp_status bmp_test_event_error(const char *json, bmp_error *err);

/* Load an event from JSON (it must load) and compute its awards into *aw
 * (initialised here; the caller frees it).  Returns the award status. */
bmp_status bmp_test_run(const char *json, bmp_awards *aw, bmp_error *err);
/* The same, failing the test if the award fails. */
void bmp_test_run_ok(const char *json, bmp_awards *aw);

/* Call fn(path, arg) for every file under dir (recursively, names starting
 * with '.' skipped) whose name ends in ext; fails the test if dir cannot be
 * opened. */
void bmp_test_walk(const char *dir, const char *ext, void (*fn)(const char *path, void *arg),
                   void *arg);

/* The whole file at path, NUL-terminated (the caller frees it); its length
 * into *len unless len is NULL.  Fails the test if it cannot be read. */
char *bmp_test_slurp(const char *path, size_t *len);
/* The same in a buffer of exactly the file's length, no NUL after it (so
 * that a read past the end is a sanitizer's error); the file not empty. */
char *bmp_test_slurp_exact(const char *path, size_t *len);

#endif
