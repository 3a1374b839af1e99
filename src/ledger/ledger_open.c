/* The ledger handle opened: its store opened and migrated, then its chain
 * upgraded (chain_upgrade.c). */
#include <sodium.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/text_safe.h"
#include "ledger/chain/chain.h"
#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"

bmp_status bmp_ledger_open(const char *path, const bmp_ledger_opts *opts, bmp_ledger **out,
                           bmp_error *err)
{
    *out = NULL;
    if (sodium_init() < 0)
        return bmp_error_set(err, BMP_EIO, "libsodium could not initialise");
    char why[160];
    if (core_text_fault(opts ? opts->who : NULL, CORE_TEXT_WHO_MAX, why, sizeof why))
        return bmp_error_set(err, BMP_EINVAL, "who: %s", why);
    bmp_ledger *l = calloc(1, sizeof *l);
    if (!l)
        return bmp_error_oom(err);
    snprintf(l->who, sizeof l->who, "%s", opts && opts->who ? opts->who : "bridgemp");
    snprintf(l->now, sizeof l->now, "%s", opts && opts->now ? opts->now : "");
    snprintf(l->path, sizeof l->path, "%s", path);
    bmp_status st = lq_open(l, path, opts && opts->create, err);
    if (st) {
        free(l);
        return st;
    }
    bool ro = opts && opts->size > offsetof(bmp_ledger_opts, read_only) && opts->read_only;
    if (ro)
        st = lq_can(l, LQ_CAN_READ_ONLY) ? lq_set_read_only(l, err)
                                   : bmp_error_set(err, BMP_ENOTSUP,
                                                   "not supported: a read-only %s connection",
                                                   lq_backend(l));
    else /* players imaged before migration 018 (docs/rulings.md MG-18) */
        st = ledger_chain_upgrade(l, err);
    if (st) {
        bmp_ledger_close(l);
        return st;
    }
    *out = l;
    return BMP_OK;
}
