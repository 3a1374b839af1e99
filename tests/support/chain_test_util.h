/* What the chain's tests share (they link the library's internals): the
 * digest ledger_chain_scan reads back from the rows of one group of a
 * table, to compare with the one an entry holds. */
#ifndef BMP_CHAIN_TEST_UTIL_H
#define BMP_CHAIN_TEST_UTIL_H

#include <stdio.h>
#include <string.h>

#include "ledger/chain/chain.h"

typedef struct chain_group_want {
    const char *key;
    char got[65];
} chain_group_want;

static bmp_status chain_group_grab(void *ctx, const ledger_chain_table *t, const char *key,
                                   const char *digest, const char *image, bmp_error *err)
{
    (void)t, (void)image, (void)err;
    chain_group_want *w = ctx;
    if (strcmp(key, w->key) == 0)
        snprintf(w->got, sizeof w->got, "%s", digest);
    return BMP_OK;
}

/* Group `key` of `table`, read back from its rows now, into got ("" if
 * the scan does not meet it). */
static inline void chain_group_read_back(bmp_ledger *l, const char *table, const char *key,
                                         char got[65])
{
    chain_group_want w = {.key = key, .got = ""};
    bmp_error e = {0};
    assert_int_equal(ledger_chain_scan(l, ledger_chain_table_of(table), chain_group_grab, &w, &e),
                     BMP_OK);
    snprintf(got, 65, "%s", w.got);
}

#endif
