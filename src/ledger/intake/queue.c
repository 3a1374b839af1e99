/* The secretary's queue and a club's batches (issue 29,
 * include/bridgemp/ledger_queue.h): one filter, grouped and listed in SQL,
 * paged there (nothing read that the page does not show). */
#include <string.h>

#include "bridgemp/ledger_queue.h"
#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"

/* A batch's period: its own once approved, else its event's month. */
#define PERIOD "coalesce(nullif(b.period, ''), substr(b.event_date, 1, 7), '')"

/* The filter, ?1..?4 (NULL: any; state "not rejected": every state but
 * rejected, the back office's default, issue 44). */
#define FILTER                                                                                    \
    "WHERE (CAST(?1 AS TEXT) IS NULL OR b.state = ?1 OR "                                         \
    "(?1 = 'not rejected' AND b.state <> 'rejected')) "                                           \
    "AND (CAST(?2 AS TEXT) IS NULL OR y.code = lower(?2)) "                                       \
    "AND (CAST(?3 AS TEXT) IS NULL OR c.number = ?3) "                                            \
    "AND (CAST(?4 AS TEXT) IS NULL OR " PERIOD " = ?4) "
#define WHERE                                                                                     \
    "FROM batch b JOIN body y ON y.id = b.body_id LEFT JOIN club c ON c.id = b.club_id " FILTER

#define GROUPS                                                                                    \
    "SELECT b.state, y.code AS body, coalesce(c.number, '') AS club, " PERIOD " AS period, "      \
    "coalesce(t.point_type, '') AS point_type, count(DISTINCT b.id) AS batches, "                 \
    "CAST(coalesce(sum(t.lines), 0) AS BIGINT) AS lines, "                                        \
    "CAST(coalesce(sum(t.points), 0) AS BIGINT) AS points "                                       \
    "FROM batch b JOIN body y ON y.id = b.body_id LEFT JOIN club c ON c.id = b.club_id "          \
    "LEFT JOIN batch_total t ON t.batch_id = b.id " FILTER                                       \
    "GROUP BY b.state, y.code, coalesce(c.number, ''), " PERIOD ", coalesce(t.point_type, '') "

static bmp_ledger_queue_filter full(const bmp_ledger_queue_filter *f)
{
    bmp_ledger_queue_filter x = {0};
    if (f)
        memcpy(&x, f, f->size && f->size < sizeof x ? f->size : sizeof x);
    return x;
}

/* One listing of filter f: its count, then its rows [offset, offset+limit)
 * (count and rows: SQL literals, their statements cached). */
static bmp_status listing(bmp_ledger *l, const char *title, const char *count, const char *rows,
                          const bmp_ledger_queue_filter *f, size_t offset, size_t limit,
                          bmp_table *out, size_t *total, bmp_error *err)
{
    bmp_ledger_queue_filter x = full(f);
    int64_t n = 0;
    bool found = false;
    bmp_status rc = bmp_table_title(out, title);
    if (!rc)
        rc = lq_int(l, &n, &found, err, count, "ssss", x.state, x.body, x.club, x.period);
    *total = (size_t)n;
    if (!rc)
        rc = lq_table(l, out, -1, 0, err, rows, "ssssii", x.state, x.body, x.club, x.period,
                      (int64_t)limit, (int64_t)offset);
    return rc;
}

static const char group_count[] = "SELECT count(*) FROM (" GROUPS ") q";
static const char group_rows[] = GROUPS "ORDER BY 1, 2, 3, 4 DESC, 5 LIMIT ?5 OFFSET ?6";
static const char batch_count[] = "SELECT count(*) " WHERE;
static const char batch_rows[] =
    "SELECT b.id, b.state, y.code AS body, coalesce(c.number, '') AS club, " PERIOD
    " AS period, b.source, b.event, b.event_date, b.file, b.lines, "
    "(SELECT count(*) FROM held h WHERE h.batch_id = b.id) AS held, "
    "coalesce((SELECT k.reason FROM batch_hold k WHERE k.batch_id = b.id AND NOT "
    "EXISTS (SELECT 1 FROM batch_hold_accept a WHERE a.batch_id = k.batch_id)), '') "
    "AS hold, coalesce(CAST(b.reverses AS TEXT), '') AS reverses, "
    "coalesce(b.reason, '') AS reason, b.who, b.created_at " WHERE
    "ORDER BY b.id DESC LIMIT ?5 OFFSET ?6";

bmp_status bmp_ledger_queue_groups(bmp_ledger *l, const bmp_ledger_queue_filter *f,
                                   size_t offset, size_t limit, bmp_table *out, size_t *total,
                                   bmp_error *err)
{
    return listing(l, "queue", group_count, group_rows, f, offset, limit, out, total, err);
}

bmp_status bmp_ledger_queue_batches(bmp_ledger *l, const bmp_ledger_queue_filter *f,
                                    size_t offset, size_t limit, bmp_table *out, size_t *total,
                                    bmp_error *err)
{
    return listing(l, "batches", batch_count, batch_rows, f, offset, limit, out, total, err);
}
