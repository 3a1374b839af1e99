/* An event's key: one event, one batch (event_key.c, replace_diff.c;
 * issue 26 item 1). */
#ifndef BMP_LEDGER_EVENT_KEY_H
#define BMP_LEDGER_EVENT_KEY_H

#include "bridgemp/event.h"
#include "ledger/ledger_internal.h"

/* The key of ev ("" when it has none); club stands in for a file that
 * names none.  NULL on no memory; the caller frees. */
char *ledger_event_key(const bmp_event *ev, const char *club);
/* key completed with the import's club when the file named none. */
char *ledger_event_key_club(const char *key, const char *club);

/* Inside the import's transaction: a live batch holding the same key (or,
 * issue 45, the same award lines or event fingerprint) with other content
 * refuses this one, listing the per-player difference in
 * probs, unless o->replaces names it (the same awards: refused as already
 * imported).  Nothing to do for an empty key.  *holder: that batch (0:
 * none). */
bmp_status ledger_refuse_same_event(bmp_ledger *l, const ledger_body *b,
                                    const bmp_ledger_import_opts *o, const ledger_batch_src *src,
                                    const bmp_ledger_line *lines, size_t n, int64_t *holder,
                                    bmp_problems *pp, bmp_error *err);
/* The differences between batch `holder` (0: none) and the lines, per
 * player and point type, into out: number, point_type, batch_points,
 * points (a preview's, issue 29). */
bmp_status ledger_event_differences(bmp_ledger *l, const ledger_body *b, int64_t holder,
                                    const bmp_ledger_line *lines, size_t n, bmp_table *out,
                                    bmp_error *err);
/* A club's import (o->club) replaces only a batch of that club and of the
 * same event (issue 45). */
bmp_status ledger_replace_allowed(bmp_ledger *l, const ledger_body *b,
                                  const bmp_ledger_import_opts *o, const ledger_batch_src *src,
                                  const bmp_ledger_line *lines, size_t n, bmp_error *err);
/* Record the key on a batch just written. */
bmp_status ledger_event_key_store(bmp_ledger *l, int64_t batch, const char *key, bmp_error *err);

#endif
