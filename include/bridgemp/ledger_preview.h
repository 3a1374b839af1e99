/* What an import would do, nothing written (issue 29: a club's submission
 * page and POST /api/v1/preview): the import's own checks run as a dry run,
 * each refusal kept as a problem instead of ending the run. */
#ifndef BRIDGEMP_LEDGER_PREVIEW_H
#define BRIDGEMP_LEDGER_PREVIEW_H

#include "bridgemp/ledger.h"
#include "bridgemp/ledger_secretary.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Preview bmp_ledger_import_memory(l, data, len, name, o): nothing is
 * written (the checks run in one read transaction, rolled back).  *out gets
 * the sections (looked up by title):
 *   "preview"     one row: file, body, club, source, event, event_date,
 *                 event_key, hash, lines, held (lines held for their
 *                 player), verdict ("provisional": the import would take it;
 *                 "held": take it, held for the points it carries;
 *                 "refused": the problems say why), hold (why held),
 *                 duplicate_of (the live batch of the same content, or of the
 *                 same event with the same awards), same_event (the live
 *                 batch of the same event), replaces (o->replaces, else
 *                 same_event: the batch a corrected file would replace),
 *                 numbers (issue 43: the one-line summary of the players
 *                 whose number identifies nobody, "2 players without a
 *                 valid EBU number (...): lines 41, 77"; their lines are
 *                 held, "lines" says why); ids and numbers are "" for none
 *   "lines"       number, name, point_type, points, rule, contestant, line,
 *                 held (why the line would be held, with near matches; ""
 *                 when credited)
 *   "totals"      point_type, points, lines
 *   "carried"     contestant, players, point_type, carried_points,
 *                 computed_points,
 *                 derivation: the points the file carries that differ from
 *                 the engine's award
 *   "derivations" as bmp_ledger_event_explain, for an event whose awards
 *                 are computed (empty otherwise)
 *   "differences" number, point_type, batch_points, points: per player and
 *                 point type, the batch replaced (o->replaces), else the
 *                 live batch of the same event with other awards, against
 *                 the file, where they differ
 *   "problems"    problem: every refusal the import would make (bad lines,
 *                 the same content or event as an earlier batch with the
 *                 per-player differences, control totals, ...)
 * A file that cannot be read as one (its problems in probs), a club check
 * refused, or a database failure is an error, as for the import. */
bmp_status bmp_ledger_preview_memory(bmp_ledger *l, const void *data, size_t len,
                                     const char *name, const bmp_ledger_import_opts *o,
                                     bmp_ledger_sections *out, bmp_problems *probs,
                                     bmp_error *err);

#ifdef __cplusplus
}
#endif
#endif
