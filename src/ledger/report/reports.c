/* Reports as bmp_tables (printed as a table, CSV or JSON by the caller):
 * player statement, club report, promotions, top earners, batch list. */
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_queue.h"
#include "core/util.h"
#include "ledger/ledger_internal.h"
#include "ledger/report/report_rows.h"
#include "ledger/shared/ranks_glue.h"
#include "ledger/body_ops.h"
#include "ledger/store/query.h"

/* The id a player's number reaches (ledger_internal.h). */
bmp_status ledger_find_resolved(bmp_ledger *l, const ledger_body *b, const char *number,
                                int64_t *id, bmp_error *err)
{
    char norm[16];
    bool found = false;
    bmp_status rc = ledger_number_check(b->code, number, norm, sizeof norm, err);
    if (!rc)
        rc = lq_int(l, id, &found, err, /* a merged duplicate reaches the player kept */
                    "SELECT id FROM " LEDGER_PLAYER_RESOLVED " WHERE body_id = ?1 AND number = ?2",
                    "is", b->id, norm);
    if (!rc && !found)
        rc = bmp_error_set(err, BMP_ENOTFOUND, "no %s player %s", b->code, number);
    return rc;
}

/* The statement's header notes: who, rank, and the next rank's shortfall. */
static bmp_status statement_notes(bmp_ledger *l, const ledger_body *b, int64_t id, bmp_table *t,
                                  bmp_error *err)
{
    ledger_stmt *st = NULL;
    bool owned = false;
    static const char sql[] =
        "SELECT p.number, p.name, p.status, coalesce(c.number || ' ' || c.name, "
        "'-'), p.rank, p.stars, p.rank_name, p.pre1982_red FROM player p "
        "LEFT JOIN club c ON c.id = p.home_club WHERE p.id = ?1";
    bmp_status rc = lq_cached(l, sql, &st, &owned, err);
    if (!rc)
        rc = lq_bind_int(l, st, 1, id, err);
    bool row = false;
    ledger_rank cur = {0};
    bmp_points pre82 = 0;
    if (!rc)
        rc = lq_step(l, st, &row, err);
    if (!rc && row) {
        rc = bmp_table_title(t, "statement");
        if (!rc)
            rc = bmp_table_note(t, "player %s %s (%s), home club %s", lq_col_text(l, st, 0),
                                lq_col_text(l, st, 1), lq_col_text(l, st, 2),
                                lq_col_text(l, st, 3));
        cur.rank = (int)lq_col_int(l, st, 4);
        cur.stars = (int)lq_col_int(l, st, 5);
        snprintf(cur.name, sizeof cur.name, "%s", lq_col_text(l, st, 6));
        pre82 = lq_col_int(l, st, 7);
        if (!rc)
            rc = bmp_table_note(t, "rank at the last close: %s", cur.name[0] ? cur.name : "none");
    }
    if (st)
        lq_release(l, st, owned);
    const char *types[LEDGER_MAX_TYPES];
    size_t ntypes = ledger_point_types(b->code, types);
    bmp_points h[LEDGER_MAX_TYPES] = {0};
    for (size_t k = 0; !rc && k < ntypes; k++) {
        int64_t v = 0;
        bool found = false;
        rc = lq_int(l, &v, &found, err,
                    "SELECT points FROM holding WHERE player_id = ?1 AND point_type = ?2", "is", id,
                    types[k]);
        h[k] = found ? v : 0;
    }
    char next[256];
    ledger_next_rank_held(b->code, h, pre82, cur.name, next, sizeof next);
    if (!rc && next[0])
        rc = bmp_table_note(t, strncmp(next, "above ", 6) ? "next rank: %s still missing"
                                                          : "next rank: %s", next);
    return rc;
}

/* The statement's history: posted by period, then what is still pending
 * by state (also the player page's chart, bmp_ledger_player_page). */
bmp_status ledger_statement_history(bmp_ledger *l, int64_t id, bmp_table *out, bmp_error *err)
{
    return lq_table(l, out, -1, 0, err,
                         /* posted at once, outside a period: an opening balance, a
                          * merge (issue 28), named by its event */
                         "SELECT CASE WHEN b.state = 'posted' AND b.period IS NULL THEN b.event "
                         "ELSE coalesce(b.period, '(' || b.state || ')') END AS period, "
                         "j.point_type, "
                         "count(*) AS lines, sum(j.points) AS points FROM journal j "
                         "JOIN batch b ON b.id = j.batch_id WHERE j.player_id = ?1 "
                         "AND b.state <> 'rejected' GROUP BY 1, 2 "
                         "ORDER BY min(CASE WHEN b.state = 'posted' AND b.period IS NULL THEN 0 "
                         "ELSE 1 END), min(b.period) IS NULL, 1, 2",
                         "i", id);
}

/* The player page's history (bmp_ledger_player_page): the statement's rows
 * (period, point_type, lines, points) and, for the chart, the month each
 * counts from (issue 44 item 1: openings and merges were left out):
 * "YYYY-MM" for a period's rows; for a batch posted outside a period (an
 * opening balance, a merge's transfer) "after YYYY-MM", the last period
 * the body closed before it was posted (a close in the same second counts
 * as before when it posted a batch older than this one), or "carried
 * YYYY-MM", the month it was posted, when the body closed none before it
 * (counted from the chart's first month); "pending" for lines not posted. */
bmp_status ledger_chart_history(bmp_ledger *l, int64_t id, bmp_table *out, bmp_error *err)
{
    return lq_table(l, out, -1, 0, err,
                    "WITH x AS (SELECT CASE WHEN b.state = 'posted' AND b.period IS NULL THEN "
                    "b.event ELSE coalesce(b.period, '(' || b.state || ')') END AS period, "
                    "CASE WHEN b.state <> 'posted' THEN 'pending' WHEN b.period IS NOT NULL "
                    "THEN b.period ELSE coalesce('after ' || (SELECT max(q.period) FROM period q "
                    "WHERE q.body_id = b.body_id AND (q.closed_at < b.created_at OR "
                    "(q.closed_at = b.created_at AND EXISTS (SELECT 1 FROM batch o WHERE "
                    "o.body_id = q.body_id AND o.period = q.period AND o.id < b.id)))), "
                    "'carried ' || substr(b.created_at, 1, 7)) END AS chart_month, "
                    "CASE WHEN b.state = 'posted' AND b.period IS NULL THEN 0 ELSE 1 END AS k, "
                    "b.period AS bp, j.point_type, j.points FROM journal j "
                    "JOIN batch b ON b.id = j.batch_id WHERE j.player_id = ?1 "
                    "AND b.state <> 'rejected') "
                    "SELECT period, point_type, count(*) AS lines, sum(points) AS points, "
                    "chart_month FROM x GROUP BY period, chart_month, point_type "
                    "ORDER BY min(k), min(bp) IS NULL, period, chart_month, point_type",
                    "i", id);
}

bmp_status bmp_ledger_statement(bmp_ledger *l, const char *body, const char *number,
                                bmp_table *out, bmp_error *err)
{
    ledger_body b;
    int64_t id = 0;
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (!rc)
        rc = ledger_find_resolved(l, &b, number, &id, err);
    if (!rc)
        rc = statement_notes(l, &b, id, out, err);
    if (!rc)
        rc = ledger_statement_history(l, id, out, err);
    if (!rc)
        rc = lq_table(l, out, -1, 0, err,
                         "SELECT 'holding' AS period, point_type, '' AS lines, points FROM holding "
                         "WHERE player_id = ?1 ORDER BY point_type",
                         "i", id);
    return rc;
}

/* "2026-11" minus two months: the first month of the quarter ending there. */
static void quarter_start(const char *period, char out[16])
{
    int y = atoi(period), m = atoi(period + 5) - 2;
    if (m < 1) {
        m += 12;
        y--;
    }
    snprintf(out, 16, "%04d-%02d", y % 10000, m % 100);
}

/* The report's note: the club and the periods its visitors earned in,
 * named as the body names them (issue 44 item 2: no "ABF-96" on another
 * body's club, no "0000-00..9999-12" without a period). */
static bmp_status club_note(const ledger_body *b, const char *club, const char *period,
                            const char *from, const char *to, bmp_table *out)
{
    const char *rule = b->ops ? b->ops->club_quarter_rule : NULL;
    if (period && rule)
        return bmp_table_note(out, "club %s, quarter %s..%s (%s)", club, from, to, rule);
    if (period)
        return bmp_table_note(out, "club %s, members and players who earned here in %s..%s",
                              club, from, to);
    return bmp_table_note(out, "club %s, members and players who earned here in any period%s%s%s",
                          club, rule ? " (" : "", rule ? rule : "", rule ? ")" : "");
}

/* ABF-94..96: home members always, alternates at the club's request, and
 * other players only when they earned at the club in the past quarter;
 * each with the body's total (report_rows: the ranking's and the player
 * page's number, issue 44 item 2), by it, or each point type and by rank
 * where the body has no total. */
bmp_status bmp_ledger_club_report(bmp_ledger *l, const char *body, const char *club,
                                  const char *period, bmp_table *out, bmp_error *err)
{
    ledger_body b;
    int64_t cid = 0;
    bool found = false;
    char from[16] = "0000-00";
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (!rc)
        rc = lq_int(l, &cid, &found, err, "SELECT id FROM club WHERE body_id = ?1 AND number = ?2",
                    "is", b.id, club);
    if (!rc && !found)
        rc = bmp_error_set(err, BMP_ENOTFOUND, "no %s club %s", b.code, club);
    if (!rc && period && strlen(period) == 7)
        quarter_start(period, from);
    const char *to = period ? period : "9999-12";
    report_rows r = {0};
    if (!rc)
        rc = report_rows_club(l, &b, cid, from, to, &r, err);
    if (!rc && (bmp_table_title(out, "club report") ||
                club_note(&b, club, period, from, to, out)))
        rc = bmp_error_oom(err);
    const char *cols[LEDGER_MAX_TYPES + 6] = {"number", "name", "membership", "rank"};
    size_t nc = 4;
    for (size_t k = 0; !r.has_total && k < r.ntypes; k++)
        cols[nc++] = r.types[k];
    if (r.has_total)
        cols[nc++] = "total_points";
    if (!rc && bmp_table_columns(out, cols))
        rc = bmp_error_oom(err);
    for (size_t i = 0; !rc && i < r.n; i++) {
        const report_player *p = &r.p[i];
        char v[32];
        bool bad = bmp_table_cell(out, "%s", p->number) || bmp_table_cell(out, "%s", p->name) ||
                   bmp_table_cell(out, "%s", p->membership) ||
                   bmp_table_cell(out, "%s", p->rank_name);
        for (size_t k = 0; !bad && k < r.ntypes; k++) {
            bmp_points_format(r.has_total ? p->total : p->pts[k], v, sizeof v);
            bad = bmp_table_cell(out, "%s", v) != BMP_OK;
            if (r.has_total)
                break;
        }
        if (bad)
            rc = bmp_error_oom(err);
    }
    report_rows_free(&r);
    return rc;
}

bmp_status bmp_ledger_promotions(bmp_ledger *l, const char *body, const char *period,
                                 bmp_table *out, bmp_error *err)
{
    ledger_body b;
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (!rc)
        rc = bmp_table_title(out, "promotions");
    if (!rc)
        rc = lq_table(l, out, -1, 0, err,
                         "SELECT r.period, p.number, p.name, r.from_name AS from_rank, "
                         "r.to_name AS to_rank FROM promotion r JOIN player p ON p.id = r.player_id "
                         "WHERE r.body_id = ?1 AND (CAST(?2 AS TEXT) IS NULL OR r.period = ?2) "
                         "ORDER BY r.period, r.to_rank DESC, p.number",
                         "is", b.id, period);
    return rc;
}

bmp_status bmp_ledger_top_earners(bmp_ledger *l, const char *body, const char *period,
                                  size_t limit, bmp_table *out, bmp_error *err)
{
    ledger_body b;
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (!rc)
        rc = bmp_table_title(out, "top earners");
    if (!rc)
        rc = lq_table(l, out, 0, limit ? limit : 10, err,
                         "SELECT p.rank_name AS rank_group, p.number, p.name, "
                         "sum(j.points) AS points FROM journal j JOIN batch b ON b.id = j.batch_id "
                         "JOIN player p ON p.id = j.player_id WHERE b.body_id = ?1 AND "
                         "b.state = 'posted' AND (CAST(?2 AS TEXT) IS NULL OR b.period = ?2) AND p.status <> 'Deceased' "
                         "GROUP BY p.id ORDER BY p.rank, p.stars, p.rank_name, points DESC, p.number",
                         "is", b.id, period);
    return rc;
}

/* The columns of the batch listing (CLI `batches`, API /batches). */
#define BATCH_ROWS                                                                                \
    "SELECT b.id, y.code AS body, b.source, b.state, coalesce(b.period, '') AS period, "        \
    "b.event, b.lines, (SELECT group_concat(point_type || ' ' || CASE WHEN points < 0 "          \
    "THEN '-' ELSE '' END || (abs(points) / 100) || '.' || "                                    \
    "substr('0' || (abs(points) % 100), -2), ', ') FROM batch_total t "                         \
    "WHERE t.batch_id = b.id) AS totals, "                                                      \
    "(SELECT count(*) FROM held h WHERE h.batch_id = b.id) AS held, "                           \
    "coalesce(CAST(b.reverses AS TEXT), '') AS reverses, b.reason, b.who, b.created_at "        \
    "FROM batch b JOIN body y ON y.id = b.body_id "

bmp_status bmp_ledger_batches(bmp_ledger *l, const char *state, bmp_table *out, bmp_error *err)
{
    bmp_status rc = bmp_table_title(out, "batches");
    if (!rc)
        rc = lq_table(l, out, -1, 0, err,
                         BATCH_ROWS "WHERE (CAST(?1 AS TEXT) IS NULL OR b.state = ?1) ORDER BY b.id",
                         "s", state);
    return rc;
}

bmp_status bmp_ledger_batches_page(bmp_ledger *l, const char *state, size_t offset, size_t limit,
                                   bmp_table *out, size_t *total, bmp_error *err)
{
    int64_t n = 0;
    bool found = false;
    bmp_status rc = bmp_table_title(out, "batches");
    if (!rc)
        rc = lq_int(l, &n, &found, err,
                    "SELECT count(*) FROM batch b WHERE (CAST(?1 AS TEXT) IS NULL OR b.state = ?1)",
                    "s", state);
    *total = (size_t)n;
    if (!rc)
        rc = lq_table(l, out, -1, 0, err,
                      BATCH_ROWS "WHERE (CAST(?1 AS TEXT) IS NULL OR b.state = ?1) ORDER BY b.id "
                                 "LIMIT ?2 OFFSET ?3",
                      "sii", state, (int64_t)limit, (int64_t)offset);
    return rc;
}

/* bmp_ledger_batches_page's rows of a filter (state, body, club; period
 * unused): the API's reads by a token's scope (ruling W-29s1). */
#define BATCH_FILTER                                                                              \
    "LEFT JOIN club c ON c.id = b.club_id WHERE (CAST(?1 AS TEXT) IS NULL OR b.state = ?1) "      \
    "AND (CAST(?2 AS TEXT) IS NULL OR y.code = lower(?2)) "                                       \
    "AND (CAST(?3 AS TEXT) IS NULL OR c.number = ?3) "

bmp_status bmp_ledger_batches_of(bmp_ledger *l, const bmp_ledger_queue_filter *f, size_t offset,
                                 size_t limit, bmp_table *out, size_t *total, bmp_error *err)
{
    bmp_ledger_queue_filter x = {0};
    if (f)
        memcpy(&x, f, f->size && f->size < sizeof x ? f->size : sizeof x);
    int64_t n = 0;
    bool found = false;
    bmp_status rc = bmp_table_title(out, "batches");
    if (!rc)
        rc = lq_int(l, &n, &found, err,
                    "SELECT count(*) FROM batch b JOIN body y ON y.id = b.body_id " BATCH_FILTER,
                    "sss", x.state, x.body, x.club);
    *total = (size_t)n;
    if (!rc)
        rc = lq_table(l, out, -1, 0, err,
                      BATCH_ROWS BATCH_FILTER "ORDER BY b.id LIMIT ?4 OFFSET ?5", "sssii", x.state,
                      x.body, x.club, (int64_t)limit, (int64_t)offset);
    return rc;
}

bmp_status bmp_ledger_batch(bmp_ledger *l, int64_t id, bmp_table *out, bmp_error *err)
{
    bmp_status rc = bmp_table_title(out, "batch");
    if (!rc)
        rc = lq_table(l, out, -1, 0, err, BATCH_ROWS "WHERE b.id = ?1", "i", id);
    if (!rc && out->nrows == 0)
        rc = bmp_error_set(err, BMP_ENOTFOUND, "no batch %lld", (long long)id);
    return rc;
}
