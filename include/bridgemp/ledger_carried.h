/* bridgemp: points a file carries, checked against the engine's own award
 * (docs/ledger.md "Carried points", issue 26 item 2).
 *
 * A USEBIO file's MASTER_POINTS, a JSON event's "mp.*" figures are
 * compared on import with the awards the engine computes for the same
 * event whenever the file carries enough to compute them.  When they
 * differ (a figure, or a point type the event's scale does not give) the
 * batch is imported provisional but HELD: it cannot be approved until the
 * secretary accepts the carried figures, with a reason that is audited
 * (bmp_ledger_accept_carried), or rejects the batch.  The differences are
 * kept, one row per contestant and point type (per player where the
 * players of a contestant differ): what the file carried, what the engine
 * computed, and the engine's derivation. */
#ifndef BRIDGEMP_LEDGER_CARRIED_H
#define BRIDGEMP_LEDGER_CARRIED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "bridgemp/error.h"
#include "bridgemp/ledger.h"
#include "bridgemp/table.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Is batch held for its carried points?  *held, and the reason into
 * reason[0..size) (may be NULL); *accepted when the secretary has
 * accepted the carried figures.  ENOTFOUND for no such batch. */
bmp_status bmp_ledger_batch_hold(bmp_ledger *l, int64_t batch, bool *held, bool *accepted,
                                 char *reason, size_t size, bmp_error *err);

/* The batch's differences into t (initialised by the caller), columns
 * contestant, players, point_type, carried_points, computed_points,
 * derivation; empty for a batch that is not held.  The title names the
 * hold's reason and, once accepted, who accepted it and why. */
bmp_status bmp_ledger_batch_differences(bmp_ledger *l, int64_t batch, bmp_table *t,
                                        bmp_error *err);

/* Accept a held batch's carried figures (a non-empty reason required),
 * audited: the batch can then be approved and posted as it was imported.
 * EINVAL for a batch that is not held, already accepted, or no longer
 * provisional or approved. */
bmp_status bmp_ledger_accept_carried(bmp_ledger *l, int64_t batch, const char *reason,
                                     bmp_error *err);

/* Why batch's carried points were not compared with the engine's award
 * (issue 45): "carried points not checked: no grade in the file (give
 * --grade)", or the engine's reason, or that it awards nothing from what
 * the file lists; "" for a batch whose carried points were compared or
 * that carries none.  ENOTFOUND for no such batch. */
bmp_status bmp_ledger_batch_carried_unchecked(bmp_ledger *l, int64_t batch, char *why,
                                              size_t size, bmp_error *err);

#ifdef __cplusplus
}
#endif
#endif
