/* bridgemp: a small text table, used to print regulation tables computed by
 * the engine (`bridgemp scale`) as text, CSV or JSON. */
#ifndef BRIDGEMP_TABLE_H
#define BRIDGEMP_TABLE_H

#include <stdio.h>
#include <stddef.h>
#include "bridgemp/awards.h"
#include "bridgemp/error.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bmp_table {
    char *title;
    char **columns;
    size_t ncols;
    char **cells;        /* row-major, nrows * ncols */
    size_t nrows, cap;   /* cap in cells */
    size_t cur;          /* cells filled in the current row */
    char **notes;
    size_t nnotes;
} bmp_table;

void bmp_table_init(bmp_table *t);
void bmp_table_free(bmp_table *t);
bmp_status bmp_table_title(bmp_table *t, const char *title);
/* Set the column headings from a NULL-terminated list. */
bmp_status bmp_table_columns(bmp_table *t, const char *const *names);
/* Append one cell (printf-style); rows fill left to right, wrapping at ncols. */
bmp_status bmp_table_cell(bmp_table *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
bmp_status bmp_table_note(bmp_table *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
const char *bmp_table_get(const bmp_table *t, size_t row, size_t col);
/* Row whose first cell equals key, or (size_t)-1. */
size_t bmp_table_find_row(const bmp_table *t, const char *key);
bmp_status bmp_table_write(const bmp_table *t, bmp_output_format fmt, FILE *out, bmp_error *err);
/* s as a table shows it on a terminal (docs/output-format.md "Safe output"):
 * control characters, bidirectional overrides and bytes that are not UTF-8
 * as visible escapes (\e, \u202e, \xff).  malloc'ed; NULL on no memory. */
char *bmp_text_escape(const char *s);

#ifdef __cplusplus
}
#endif
#endif
