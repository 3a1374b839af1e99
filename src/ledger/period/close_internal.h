/* The period close's transaction (close.c), shared with its preview
 * (close_preview.c). */
#ifndef BMP_LEDGER_CLOSE_INTERNAL_H
#define BMP_LEDGER_CLOSE_INTERNAL_H

#include "ledger/ledger_internal.h"

/* Called inside the close's transaction once everything is written; the
 * transaction is then rolled back. */
typedef bmp_status (*ledger_close_peek)(bmp_ledger *l, int64_t body_id, const char *period,
                                        void *ctx, bmp_error *err);

/* Close `period` of `body`; with peek, look at the result and roll back
 * (a preview: the ledger is unchanged). */
bmp_status ledger_close_tx(bmp_ledger *l, const char *body, const char *period,
                           ledger_close_peek peek, void *ctx, bmp_ledger_close_stats *stats,
                           bmp_error *err);

#endif
