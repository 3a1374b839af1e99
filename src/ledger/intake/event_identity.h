/* An event's identity that trusts nothing the file claims (issue 45 item 2,
 * rulings OE-5..OE-7): two fingerprints, the event's (what decides its
 * awards) and its award lines' (what it credits), found again in the
 * ledger's live batches whatever form the event came in. */
#ifndef BMP_LEDGER_EVENT_IDENTITY_H
#define BMP_LEDGER_EVENT_IDENTITY_H

#include "bridgemp/event.h"
#include "ledger/ledger_internal.h"

#define LEDGER_PRINT_HEX 65

/* The event's fingerprint: body, date, per contestant its players'
 * normalised numbers and its places (session, section, direction), a
 * score only where no place is given (to a tenth); as a set, sha256 hex.
 * "" when the event has no date or no numbered player. */
bmp_status ledger_event_print(const char *body, const bmp_event *ev, char hex[LEDGER_PRINT_HEX],
                              bmp_error *err);

/* The award lines' fingerprint: per normalised player number and point
 * type the sum of the points, sorted, sha256 hex ("" for no line). */
bmp_status ledger_award_print(const char *body, const bmp_ledger_line *lines, size_t n,
                              char hex[LEDGER_PRINT_HEX], bmp_error *err);

/* Inside the import's transaction: a live batch of the body (not
 * rejected, not reversed, not a reversal, not an adjustment, not
 * o->replaces) holding the same award lines, else the same event
 * fingerprint (src->event_print).  *holder 0 when none; how says which
 * ("the same award lines (fingerprint ...)"). */
bmp_status ledger_identity_holder(bmp_ledger *l, const ledger_body *b, int64_t replaces,
                                  const ledger_batch_src *src, const bmp_ledger_line *lines,
                                  size_t n, int64_t *holder, char state[16], char how[160],
                                  bmp_error *err);

/* Is batch `old` the same event as this import: the same event key, the
 * same event fingerprint, the same award lines, or the same players
 * credited in the same point types (a corrected credit file carries
 * nothing else)?  (A club's replaces=.) */
bmp_status ledger_identity_same(bmp_ledger *l, const ledger_body *b, int64_t old,
                                const ledger_batch_src *src, const bmp_ledger_line *lines,
                                size_t n, bool *same, bmp_error *err);

#endif
