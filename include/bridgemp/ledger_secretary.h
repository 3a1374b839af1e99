/* What a secretary sees before and undoes after (issue 26): a batch shown
 * in sections, a close previewed without writing, the last close reopened.
 * A "show" is a list of bmp_tables, one per section, in order; later
 * sections may be appended by new versions (a reader looks sections up by
 * their title, never by position). */
#ifndef BRIDGEMP_LEDGER_SECRETARY_H
#define BRIDGEMP_LEDGER_SECRETARY_H

#include "bridgemp/ledger.h"
#include "bridgemp/table.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bmp_ledger_sections {
    bmp_table *v; /* each with its title: "batch", "lines", "held"... */
    size_t n;
} bmp_ledger_sections;

void bmp_ledger_sections_free(bmp_ledger_sections *s);
/* The section titled `title`, or NULL. */
const bmp_table *bmp_ledger_section(const bmp_ledger_sections *s, const char *title);

/* A batch: "batch" (one row: id, state, body, club, event, date, source,
 * file, hash, who, created, period, reason, reverses), "lines" (the journal
 * lines: number, name, point_type, points, rule, contestant) and "held"
 * (the held lines with why).  ENOTFOUND for no such batch. */
bmp_status bmp_ledger_batch_show(bmp_ledger *l, int64_t batch, bmp_ledger_sections *out,
                                 bmp_error *err);

/* What bmp_ledger_close_period would do, without doing it (the close is run
 * in a transaction that is rolled back: the ledger is unchanged): "postings"
 * (the batches it would post), "promotions" (the promotions it would
 * record), and the stats.  Refuses what the close refuses. */
bmp_status bmp_ledger_close_preview(bmp_ledger *l, const char *body, const char *period,
                                    bmp_ledger_sections *out, bmp_ledger_close_stats *stats,
                                    bmp_error *err);

/* The body's last closed period ("2026-09") into last, "" when none is
 * closed: the one period bmp_ledger_reopen_period can reopen. */
bmp_status bmp_ledger_last_closed(bmp_ledger *l, const char *body, char last[16],
                                  bmp_error *err);

typedef struct bmp_ledger_reopen_stats {
    size_t batches, players, promotions, certificates;
} bmp_ledger_reopen_stats;

/* Reopen the LAST closed period of a body, with a reason (audited), in one
 * transaction: its posted batches go back to approved (the next close
 * posts them again), the holdings lose what the close added, the touched
 * players get back the ranks the close replaced, its promotions are undone
 * (kept in reopen_promotion) and its certificates revoked
 * (certificate_revoked).  The journal is never changed.  Refused for any
 * other period, or a period closed before the ledger kept the ranks a
 * close replaces (schema migration 012). */
bmp_status bmp_ledger_reopen_period(bmp_ledger *l, const char *body, const char *period,
                                    const char *reason, bmp_ledger_reopen_stats *stats,
                                    bmp_error *err);

#ifdef __cplusplus
}
#endif
#endif
