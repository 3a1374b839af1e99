/* ABF-109 (1.4.3): the annual schedule of registered home members, the
 * list a club checks for the cancellation process (ABF-98); the same
 * selection as the capitation run (charges.c, ABF-R53). */
#include <string.h>

#include "core/date.h"

#include "bridgemp/ledger_charges.h"
#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"

static bmp_status schedule_rows(bmp_ledger *l, const ledger_body *b, int year, bmp_table *out,
                                bmp_error *err)
{
    ledger_stmt *st = NULL;
    bool row = true;
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT c.number, p.number, p.name, p.overseas, p.youth, "
                             "CASE WHEN p.registered_from = ?2 THEN 1 ELSE 0 END "
                             "FROM player p JOIN club c ON c.id = p.home_club "
                             "WHERE p.body_id = ?1 AND p.status = 'Active' AND c.dummy = 0 "
                             "AND COALESCE(p.registered_from, 0) <= ?2 "
                             "AND (COALESCE(p.registered_to, 0) = 0 OR p.registered_to >= ?2) "
                             "ORDER BY c.number, p.number",
                             "ii", b->id, (int64_t)year);
    while (!rc) {
        rc = lq_step(l, st, &row, err);
        if (rc || !row)
            break;
        for (int k = 0; k < 3 && !rc; k++)
            rc = bmp_table_cell(out, "%s", lq_col_text(l, st, k));
        for (int k = 3; k < 6 && !rc; k++)
            rc = bmp_table_cell(out, "%s", lq_col_int(l, st, k) ? "yes" : "no");
    }
    lq_finalize(l, st);
    return rc;
}

bmp_status bmp_ledger_member_schedule(bmp_ledger *l, const char *body, int year, bmp_table *out,
                                      bmp_error *err)
{
    static const char *const cols[] = {"club", "number", "name", "overseas", "youth", "new",
                                       NULL};
    ledger_body b;
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (rc)
        return rc;
    if (strcmp(b.code, "abf") != 0)
        return bmp_error_set(err, BMP_ENOTSUP, "not supported: a membership schedule for %s "
                             "(ABF-109 is the ABF's)", b.code);
    if (year < 1980 || year > 9998)
        return bmp_error_set(err, BMP_EINVAL, "member schedule: membership year %d: expected "
                             "yyyy", year);
    char title[96];
    snprintf(title, sizeof title, "Registered home members %d-%02d (ABF-109)", year,
             (year + 1) % 100);
    rc = bmp_table_title(out, title);
    if (!rc)
        rc = bmp_table_columns(out, cols);
    if (!rc)
        rc = schedule_rows(l, &b, year, out, err);
    return rc;
}

static bmp_status daily_rows(bmp_ledger *l, const ledger_body *b, const char *date,
                             bmp_table *out, bmp_error *err)
{
    ledger_stmt *st = NULL;
    bool row = true;
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT b.id, b.source, b.event, b.event_date, "
                             "COALESCE(c.number, ''), b.state, b.lines, (SELECT "
                             "COALESCE(sum(t.points), 0) FROM batch_total t WHERE "
                             "t.batch_id = b.id) FROM batch b LEFT JOIN club c ON c.id = b.club_id "
                             "WHERE b.body_id = ?1 AND substr(b.created_at, 1, 10) = ?2 "
                             "ORDER BY b.id", "is", b->id, date);
    while (!rc) {
        rc = lq_step(l, st, &row, err);
        if (rc || !row)
            break;
        char pts[32];
        bmp_points_format(lq_col_int(l, st, 7), pts, sizeof pts);
        rc = bmp_table_cell(out, "%lld", (long long)lq_col_int(l, st, 0));
        for (int k = 1; k < 6 && !rc; k++)
            rc = bmp_table_cell(out, "%s", lq_col_text(l, st, k));
        if (!rc)
            rc = bmp_table_cell(out, "%lld", (long long)lq_col_int(l, st, 6));
        if (!rc)
            rc = bmp_table_cell(out, "%s", pts);
    }
    lq_finalize(l, st);
    return rc;
}

bmp_status bmp_ledger_daily_report(bmp_ledger *l, const char *body, const char *date,
                                   bmp_table *out, bmp_error *err)
{
    static const char *const cols[] = {"batch", "source", "event", "event_date", "club",
                                       "state", "lines", "points", NULL};
    ledger_body b;
    core_date d;
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (!rc)
        rc = core_date_get(date, "daily report date", &d, err);
    char title[64];
    snprintf(title, sizeof title, "Batches processed %.10s (ABF-106)", date ? date : "");
    if (!rc)
        rc = bmp_table_title(out, title);
    if (!rc)
        rc = bmp_table_columns(out, cols);
    if (!rc)
        rc = daily_rows(l, &b, date, out, err);
    return rc;
}

static bmp_status b4c_rows(bmp_ledger *l, const ledger_body *b, const char *period,
                           bmp_table *out, bmp_error *err)
{
    ledger_stmt *st = NULL;
    bool row = true;
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT b.id, g.grade, COALESCE(c.number, ''), b.event, b.event_date, "
                             "(SELECT COALESCE(sum(t.points), 0) FROM batch_total t WHERE "
                             "t.batch_id = b.id) FROM batch b JOIN batch_grade g ON "
                             "g.batch_id = b.id LEFT JOIN club c ON c.id = b.club_id "
                             "WHERE b.body_id = ?1 AND b.state = 'posted' AND b.period = ?2 "
                             "AND g.grade IN ('B4c', 'B4s', 'B5i') ORDER BY b.id",
                             "is", b->id, period);
    while (!rc) {
        rc = lq_step(l, st, &row, err);
        if (rc || !row)
            break;
        char pts[32];
        bmp_points_format(lq_col_int(l, st, 5), pts, sizeof pts);
        rc = bmp_table_cell(out, "%lld", (long long)lq_col_int(l, st, 0));
        for (int k = 1; k < 5 && !rc; k++)
            rc = bmp_table_cell(out, "%s", lq_col_text(l, st, k));
        if (!rc)
            rc = bmp_table_cell(out, "%s", pts);
    }
    lq_finalize(l, st);
    return rc;
}

bmp_status bmp_ledger_b4c_list(bmp_ledger *l, const char *body, const char *period,
                               bmp_table *out, bmp_error *err)
{
    static const char *const cols[] = {"batch", "grade", "club", "event", "event_date", "points",
                                       NULL};
    ledger_body b;
    int y = 0, m = 0;
    char tail = 0;
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (!rc && (!period || sscanf(period, "%4d-%2d%c", &y, &m, &tail) != 2 || m < 1 || m > 12 ||
                strlen(period) != 7))
        rc = bmp_error_set(err, BMP_EINVAL, "B4c list: period '%s': expected yyyy-mm",
                           period ? period : "");
    char title[64];
    snprintf(title, sizeof title, "B4c, B4s and B5i points processed %.7s (ABF-107)",
             period ? period : "");
    if (!rc)
        rc = bmp_table_title(out, title);
    if (!rc)
        rc = bmp_table_columns(out, cols);
    if (!rc)
        rc = b4c_rows(l, &b, period, out, err);
    return rc;
}
