/* The EBU charge runs' shared steps (ebu/ums.c, ebu/licences.c): rate
 * tables keyed by a code and the date they apply from. */
#ifndef BMP_LEDGER_EBU_ADMIN_H
#define BMP_LEDGER_EBU_ADMIN_H

#include <stddef.h>
#include <stdint.h>
#include "bridgemp/error.h"

/* One rate: from that date on, for that key (UMS code, licence category),
 * in cents. */
typedef struct ebu_rate {
    char from[11];
    char key[24];
    int64_t cents;
} ebu_rate;

/* Read a CSV from,<key>,<amount> (whole cents >= 0); every row checked,
 * the first bad one named by file and line (`rule` cited).  Nothing is
 * returned half-read. */
bmp_status ebu_rates_read(const char *path, const char *key, const char *amount,
                          const char *rule, ebu_rate **out, size_t *n, bmp_error *err);

/* The rate for `key` in force on `date`: the latest `from` on or before
 * it; NULL if none. */
const ebu_rate *ebu_rate_on(const ebu_rate *v, size_t n, const char *key, const char *date);

/* Whole cents (or a count) from text, >= 0. */
bool ebu_amount(const char *s, int64_t *out);

/* Free text that goes into a charge line: no commas, quotes or control
 * characters (the run's CSV does not quote). */
bool ebu_plain_text(const char *s);

#endif
