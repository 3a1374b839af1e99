/* A small RFC 4180 CSV reader for the ledger's registers and adjustment
 * files: quoted fields with "" escapes, CRLF or LF, a header row. */
#ifndef BMP_LEDGER_CSV_H
#define BMP_LEDGER_CSV_H

#include <stddef.h>
#include "bridgemp/error.h"

typedef struct lcsv_row {
    char **f;
    size_t n, cap;
    size_t line;   /* 1-based line the row starts on */
} lcsv_row;

typedef struct lcsv {
    lcsv_row *rows;   /* rows[0] is the header */
    size_t nrows, cap;
    size_t stray;     /* the first line with a stray quote (one inside an unquoted
                       * field, or text after a closing quote), 0: none; a strict
                       * reader (adjustments, issue 45) refuses it */
} lcsv;

/* Parse bytes; an unterminated quote is EPARSE naming source and line. */
bmp_status lcsv_parse(const char *data, size_t len, const char *source, lcsv *out,
                      bmp_error *err);
void lcsv_free(lcsv *c);
/* Column index of name in the header (case-insensitive), or -1. */
int lcsv_col(const lcsv *c, const char *name);
/* Field col of row r, "" when absent. */
const char *lcsv_get(const lcsv *c, size_t r, int col);

#endif
