/* A calendar year's list (bmp_ledger_year_report, issue 28 item 4): the
 * points each player won in the year from the posted journal lines of the
 * year's periods, the rank held on January 1, and the body's annual awards
 * through its room (body_ops.h year_awards: the ABF's McCutcheon). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "ledger/body_ops.h"
#include "ledger/report/report_rows.h"
#include "ledger/store/query.h"

static bmp_status year_points(bmp_ledger *l, const ledger_body *b, const char *from,
                              const char *to, report_rows *r, bmp_error *err)
{
    ledger_stmt *st = NULL;
    bool row = false;
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT j.player_id, j.point_type, sum(j.points) FROM journal j "
                             "JOIN batch b ON b.id = j.batch_id WHERE b.body_id = ?1 AND "
                             "b.state = 'posted' AND b.period >= ?2 AND b.period <= ?3 "
                             "GROUP BY j.player_id, j.point_type",
                             "iss", b->id, from, to);
    while (!rc && !(rc = lq_step(l, st, &row, err)) && row)
        rc = report_rows_add(r, lq_col_int(l, st, 0), lq_col_text(l, st, 1),
                             lq_col_int(l, st, 2), err);
    if (st)
        lq_finalize(l, st);
    return rc;
}

static int by_id(const void *key, const void *elem)
{
    int64_t a = *(const int64_t *)key, b = ((const report_player *)elem)->id;
    return a < b ? -1 : a > b;
}

/* The rank on January 1: what the first promotion of the year or later
 * promoted from; the rank held now for a player not promoted since
 * (rank and rank_name are overwritten: the list shows that rank). */
static bmp_status rank_at_start(bmp_ledger *l, const ledger_body *b, const char *from,
                                report_rows *r, bmp_error *err)
{
    ledger_stmt *st = NULL;
    bool row = false;
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT r.player_id, r.from_rank, r.from_name FROM promotion r "
                             "WHERE r.body_id = ?1 AND r.period >= ?2 AND NOT EXISTS (SELECT 1 "
                             "FROM promotion q WHERE q.body_id = r.body_id AND q.player_id = "
                             "r.player_id AND q.period >= ?2 AND q.period < r.period)",
                             "is", b->id, from);
    while (!rc && !(rc = lq_step(l, st, &row, err)) && row) {
        int64_t id = lq_col_int(l, st, 0);
        report_player *p = bsearch(&id, r->p, r->n, sizeof *r->p, by_id);
        if (p) {
            /* promotion.from_rank is ledger_rank_order: rank x 1000 + stars */
            int64_t o = lq_col_int(l, st, 1);
            p->rank = (int)(o / 1000);
            p->stars = (int)(o % 1000);
            core_strlcpy(p->rank_name, lq_col_text(l, st, 2), sizeof p->rank_name);
        }
    }
    if (st)
        lq_finalize(l, st);
    return rc;
}

/* Keep the players who won (or lost) points in the year. */
static void keep_earners(report_rows *r)
{
    size_t k = 0;
    for (size_t i = 0; i < r->n; i++) {
        bool any = false;
        for (size_t t = 0; t < r->ntypes; t++)
            any = any || r->p[i].pts[t] != 0;
        if (any)
            r->p[k++] = r->p[i];
    }
    r->n = k;
}

/* The body's awards (its room), award[i] for r->p[i]. */
static bmp_status awards(const ledger_body_ops *ops, const report_rows *r,
                         char (*award)[LEDGER_AWARD_SIZE], bmp_table *t, bmp_error *err)
{
    ledger_year_player *y = calloc(r->n ? r->n : 1, sizeof *y);
    if (!y)
        return bmp_error_oom(err);
    for (size_t i = 0; i < r->n; i++)
        y[i] = (ledger_year_player){r->p[i].number, r->p[i].name, r->p[i].rank,
                                    r->p[i].rank_name, r->has_total ? r->p[i].total : 0,
                                    r->p[i].overseas};
    bmp_status rc = ops->year_awards(y, r->n, award, t, err);
    free(y);
    return rc;
}

static bmp_status year_rows(bmp_ledger *l, const ledger_body *b, int year, report_rows *r,
                            bmp_error *err)
{
    char from[16], to[16];
    snprintf(from, sizeof from, "%04d-01", year);
    snprintf(to, sizeof to, "%04d-12", year);
    bmp_status rc = report_rows_load(l, b, r, err);
    if (!rc)
        rc = year_points(l, b, from, to, r, err);
    if (!rc)
        rc = rank_at_start(l, b, from, r, err);
    if (!rc)
        rc = report_rows_totals(r, err);
    if (!rc) {
        keep_earners(r);
        report_rows_sort(r);
    }
    return rc;
}

bmp_status bmp_ledger_year_report(bmp_ledger *l, const char *body, int year,
                                  bmp_ledger_head *head, bmp_table *out, bmp_error *err)
{
    ledger_body b;
    report_rows r = {0};
    char (*award)[LEDGER_AWARD_SIZE] = NULL;
    if (year < 1 || year > 9999)
        return bmp_error_set(err, BMP_EINVAL, "year %d is not 1..9999", year);
    bmp_status rc = ledger_body_get(l, body, &b, err);
    const ledger_body_ops *ops = rc ? NULL : b.ops;
    bool has_awards = ops && ops->year_awards;
    if (!rc)
        rc = year_rows(l, &b, year, &r, err);
    if (!rc && !(award = calloc(r.n ? r.n : 1, sizeof *award)))
        rc = bmp_error_oom(err);
    if (!rc && bmp_table_title(out, "year"))
        rc = bmp_error_oom(err);
    if (!rc && bmp_table_note(out, "points won in %04d (posted in periods %04d-01..%04d-12); "
                                   "rank_at_start: held on 1 January",
                              year, year, year))
        rc = bmp_error_oom(err);
    if (!rc && has_awards)
        rc = awards(ops, &r, award, out, err);
    if (!rc && report_rows_columns(&r, out, NULL, "rank_at_start", has_awards ? "award" : NULL))
        rc = bmp_error_oom(err);
    for (size_t i = 0; i < r.n && !rc; i++)
        if (report_rows_cells(&r, &r.p[i], out, false, r.p[i].rank_name,
                              has_awards ? award[i] : NULL))
            rc = bmp_error_oom(err);
    if (!rc)
        rc = report_head(l, head, out, err);
    free(award);
    report_rows_free(&r);
    return rc;
}
