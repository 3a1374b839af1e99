/* A checked batch's lines into the journal and held (journal_write.h).
 * The journal's rows go in many a statement (JOURNAL_ROWS lines an INSERT,
 * the batch's id bound once): a national batch's thousands of lines each
 * paid a statement's start, its cursors opened on the journal, its two
 * indexes and its two foreign keys' parents, more than the row itself
 * costs (issue 46; docs/performance.md "Issue 46: the import"). */
#include <stdio.h>
#include <stdlib.h>

#include "core/buf.h"
#include "ledger/intake/journal_write.h"
#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"

enum { JOURNAL_ROWS = 64 }; /* lines an INSERT: 1 + 6 x 64 = 385 parameters */

static const char journal_one[] = "INSERT INTO journal (batch_id, player_id, point_type, points, "
                                  "rule, event, contestant) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)";

/* The INSERT of JOURNAL_ROWS lines: (?1, ?2..?7), (?1, ?8..?13), ... */
static char *journal_many_sql(void)
{
    core_buf b = {0};
    core_buf_puts(&b, "INSERT INTO journal (batch_id, player_id, point_type, points, rule, "
                      "event, contestant) VALUES ");
    for (int r = 0; r < JOURNAL_ROWS; r++) {
        int p = 2 + 6 * r;
        core_buf_printf(&b, "%s(?1, ?%d, ?%d, ?%d, ?%d, ?%d, ?%d)", r ? ", " : "", p, p + 1,
                        p + 2, p + 3, p + 4, p + 5);
    }
    if (b.failed) {
        core_buf_free(&b);
        return NULL;
    }
    return core_buf_take(&b, NULL);
}

/* A credited line's six values from parameter `at` on. */
static bmp_status bind_credit(bmp_ledger *l, ledger_stmt *st, int at, const bmp_ledger_line *ln,
                              const ledger_resolved *r, bmp_error *err)
{
    bmp_status rc = lq_bind_int(l, st, at, r->player, err);
    rc = rc ? rc : lq_bind_text(l, st, at + 1, ln->point_type, err);
    rc = rc ? rc : lq_bind_int(l, st, at + 2, ln->points, err);
    rc = rc ? rc : lq_bind_text(l, st, at + 3, ln->rule ? ln->rule : "", err);
    rc = rc ? rc : lq_bind_text(l, st, at + 4, ln->event ? ln->event : "", err);
    rc = rc ? rc : lq_bind_text(l, st, at + 5, ln->contestant ? ln->contestant : "", err);
    return rc;
}

/* A held line (a prepared INSERT, prepared on the first). */
static bmp_status write_held(bmp_ledger *l, ledger_stmt **h, int64_t id,
                             const bmp_ledger_line *ln, const ledger_resolved *r, bmp_error *err)
{
    bmp_status rc = BMP_OK;
    if (!*h)
        rc = lq_prepare(l, "INSERT INTO held (batch_id, number, name, point_type, points, rule, "
                           "event, contestant, why) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                        h, err);
    if (rc)
        return rc;
    ledger_stmt *st = *h;
    lq_reset(l, st);
    rc = lq_bind_int(l, st, 1, id, err);
    rc = rc ? rc : lq_bind_text(l, st, 2, r->number, err);
    rc = rc ? rc : lq_bind_text(l, st, 3, ln->name ? ln->name : "", err);
    rc = rc ? rc : lq_bind_text(l, st, 4, ln->point_type, err);
    rc = rc ? rc : lq_bind_int(l, st, 5, ln->points, err);
    rc = rc ? rc : lq_bind_text(l, st, 6, ln->rule ? ln->rule : "", err);
    rc = rc ? rc : lq_bind_text(l, st, 7, ln->event ? ln->event : "", err);
    rc = rc ? rc : lq_bind_text(l, st, 8, ln->contestant ? ln->contestant : "", err);
    rc = rc ? rc : lq_bind_text(l, st, 9, r->why, err);
    return rc ? rc : lq_step(l, st, NULL, err);
}

/* Credited lines k[0..m) (line indexes), in order: JOURNAL_ROWS a
 * statement while that many are left, then one a statement. */
static bmp_status write_credited(bmp_ledger *l, int64_t id, const bmp_ledger_line *lines,
                                 const ledger_resolved *rv, const size_t *k, size_t m,
                                 bmp_error *err)
{
    ledger_stmt *st = NULL;
    bmp_status rc = BMP_OK;
    size_t i = 0;
    if (m >= JOURNAL_ROWS) {
        char *sql = journal_many_sql();
        rc = sql ? lq_prepare(l, sql, &st, err) : bmp_error_oom(err);
        free(sql);
    }
    for (; !rc && m - i >= JOURNAL_ROWS; i += JOURNAL_ROWS) {
        lq_reset(l, st);
        rc = lq_bind_int(l, st, 1, id, err);
        for (int r = 0; r < JOURNAL_ROWS && !rc; r++)
            rc = bind_credit(l, st, 2 + 6 * r, &lines[k[i + (size_t)r]], &rv[k[i + (size_t)r]],
                             err);
        rc = rc ? rc : lq_step(l, st, NULL, err);
    }
    if (st)
        lq_finalize(l, st);
    st = NULL;
    if (!rc && i < m)
        rc = lq_prepare(l, journal_one, &st, err);
    for (; !rc && i < m; i++) {
        lq_reset(l, st);
        rc = lq_bind_int(l, st, 1, id, err);
        rc = rc ? rc : bind_credit(l, st, 2, &lines[k[i]], &rv[k[i]], err);
        rc = rc ? rc : lq_step(l, st, NULL, err);
    }
    if (st)
        lq_finalize(l, st);
    return rc;
}

/* Held lines as they come, credited ones gathered and written in order. */
static bmp_status write_lines(bmp_ledger *l, int64_t id, const bmp_ledger_line *lines,
                              const ledger_resolved *rv, size_t n, bmp_error *err)
{
    size_t *k = malloc((n ? n : 1) * sizeof *k), m = 0;
    ledger_stmt *h = NULL;
    bmp_status rc = k ? BMP_OK : bmp_error_oom(err);
    for (size_t i = 0; i < n && !rc; i++) {
        if (rv[i].player)
            k[m++] = i;
        else
            rc = write_held(l, &h, id, &lines[i], &rv[i], err);
    }
    if (!rc)
        rc = write_credited(l, id, lines, rv, k, m, err);
    if (h)
        lq_finalize(l, h);
    free(k);
    return rc;
}

/* The same through the store's COPY (PostgreSQL): one stream per table. */
static bmp_status write_lines_copy(bmp_ledger *l, int64_t id, const bmp_ledger_line *lines,
                                   const ledger_resolved *rv, size_t n, bmp_error *err)
{
    char ids[24], player[24], pts[24];
    snprintf(ids, sizeof ids, "%lld", (long long)id);
    for (int pass = 0; pass < 2; pass++) { /* 0: journal, 1: held */
        size_t count = 0;
        for (size_t i = 0; i < n; i++)
            count += pass ? !rv[i].player : rv[i].player != 0;
        if (!count)
            continue;
        bmp_status rc = lq_copy_begin(l, pass ? "held" : "journal",
            pass ? "batch_id, number, name, point_type, points, rule, event, contestant, why"
                 : "batch_id, player_id, point_type, points, rule, event, contestant",
            err);
        for (size_t i = 0; i < n && !rc; i++) {
            const bmp_ledger_line *ln = &lines[i];
            if (pass ? rv[i].player != 0 : !rv[i].player)
                continue;
            snprintf(player, sizeof player, "%lld", (long long)rv[i].player);
            snprintf(pts, sizeof pts, "%lld", (long long)ln->points);
            const char *rule = ln->rule ? ln->rule : "", *ev = ln->event ? ln->event : "",
                       *ct = ln->contestant ? ln->contestant : "";
            const char *jv[] = {ids, player, ln->point_type, pts, rule, ev, ct};
            const char *hv[] = {ids, rv[i].number, ln->name ? ln->name : "", ln->point_type, pts,
                                rule, ev, ct, rv[i].why};
            rc = pass ? lq_copy_row(l, hv, 9, err) : lq_copy_row(l, jv, 7, err);
        }
        bmp_status end = lq_copy_end(l, err);
        if (rc || end)
            return rc ? rc : end;
    }
    return BMP_OK;
}


bmp_status ledger_journal_write(bmp_ledger *l, int64_t id, const bmp_ledger_line *lines,
                                const ledger_resolved *rv, size_t n, bmp_error *err)
{
    return lq_can(l, LQ_CAN_COPY) && n >= 64 ? write_lines_copy(l, id, lines, rv, n, err)
                                              : write_lines(l, id, lines, rv, n, err);
}
