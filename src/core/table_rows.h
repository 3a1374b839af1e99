/* A table written as its rows are made (issue 46: the award's output held
 * no longer in memory): the same text and CSV bytes as bmp_table_write of
 * a bmp_table holding the same cells, without the cells.  Internal. */
#ifndef BMP_CORE_TABLE_ROWS_H
#define BMP_CORE_TABLE_ROWS_H

#include <stdbool.h>
#include <stdio.h>

#include "bridgemp/table.h"

/* Row r's cells (ncols pointers; NULL is printed "(null)", as
 * bmp_table_cell's "%s" makes it), valid until the next call.  Rows are
 * asked for in order, 0 to nrows - 1, once per pass (twice for text: the
 * widths, then the print); *skip true: no row for r. */
enum { CORE_TABLE_MAX_COLS = 16 }; /* at most, in a table of rows */

typedef bmp_status (*core_row_fn)(void *ctx, size_t r, const char **cells, bool *skip,
                                  bmp_error *err);

typedef struct core_table_rows {
    const char *title;          /* text only; NULL: none */
    const char *const *columns; /* NULL-terminated */
    size_t nrows;               /* rows asked for (skipped ones included) */
    core_row_fn row;
    void *ctx;
} core_table_rows;

/* The column widths (ncols, escaped bytes, at least the heading's) and the
 * number of rows not skipped: the first pass of a text table. */
bmp_status core_table_rows_measure(const core_table_rows *t, size_t *widths, size_t *shown,
                                   bmp_error *err);

/* The text table (title, headings, rule, rows right-aligned in widths,
 * every cell escaped) or, widths NULL and csv, the CSV (headings then
 * rows, guarded).  Write errors: EIO "write error". */
bmp_status core_table_rows_write(const core_table_rows *t, const size_t *widths, bool csv,
                                 FILE *out, bmp_error *err);

#endif
