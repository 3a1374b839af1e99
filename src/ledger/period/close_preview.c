/* `ledger close PERIOD --dry-run`: the close run in its transaction, looked
 * at, and rolled back -- the postings and promotions it would make, the
 * ledger unchanged. */
#include <string.h>

#include "ledger/period/close_internal.h"
#include "ledger/shared/sections.h"
#include "ledger/store/query.h"

/* The batches the close posts, one row per batch and point type. */
static bmp_status peek_postings(bmp_ledger *l, int64_t body, const char *period, bmp_table *t,
                                bmp_error *err)
{
    return lq_table(l, t, -1, 0, err,
                              "SELECT b.id AS batch, b.source, b.event, b.event_date AS date, "
                              "t.point_type, t.lines, t.points FROM batch b "
                              "JOIN batch_total t ON t.batch_id = b.id "
                              "WHERE b.body_id = ?1 AND b.period = ?2 AND b.state = 'posted' "
                              "ORDER BY b.id, t.point_type",
                              "is", body, period);
}

/* The promotions the close records (ABF-88: in the period earned). */
static bmp_status peek_promotions(bmp_ledger *l, int64_t body, const char *period, bmp_table *t,
                                  bmp_error *err)
{
    return lq_table(l, t, -1, 0, err,
                              "SELECT p.number, p.name, r.from_name AS from_rank, "
                              "r.to_name AS to_rank FROM promotion r "
                              "JOIN player p ON p.id = r.player_id "
                              "WHERE r.body_id = ?1 AND r.period = ?2 "
                              "ORDER BY r.to_rank DESC, p.number",
                              "is", body, period);
}

static bmp_status peek(bmp_ledger *l, int64_t body, const char *period, void *ctx,
                       bmp_error *err)
{
    bmp_ledger_sections *out = ctx;
    bmp_table *t = NULL;
    bmp_status rc = ledger_section_add(out, "postings", &t, err);
    if (!rc)
        rc = peek_postings(l, body, period, t, err);
    if (!rc)
        rc = ledger_section_add(out, "promotions", &t, err);
    if (!rc)
        rc = peek_promotions(l, body, period, t, err);
    return rc;
}

bmp_status bmp_ledger_close_preview(bmp_ledger *l, const char *body, const char *period,
                                    bmp_ledger_sections *out, bmp_ledger_close_stats *stats,
                                    bmp_error *err)
{
    memset(out, 0, sizeof *out);
    bmp_ledger_close_stats s = {0};
    bmp_status rc = ledger_close_tx(l, body, period, peek, out, &s, err);
    if (!rc && out->n &&
        bmp_table_note(&out->v[0], "dry run, nothing changed: %zu batches would be posted (%zu "
                       "lines), %zu players re-ranked, %zu promotions", s.batches, s.lines,
                       s.players, s.promotions))
        rc = bmp_error_oom(err);
    if (!rc && stats)
        *stats = s;
    if (rc)
        bmp_ledger_sections_free(out);
    return rc;
}
