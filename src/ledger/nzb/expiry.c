/* NZ-87 (and NZ-9): the points of a Temporary player are cancelled if the
 * player is not active within six months -- read as: still Temporary six
 * months after the first points (docs/rulings.md L-9).  One provisional
 * adjustment batch cancels every such holding, posted and pending. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"

/* "2026-03-15" minus six months: "2025-09-15". */
static bool six_months_before(const char *date, char out[16])
{
    int y, m, d;
    if (strlen(date) != 10 || sscanf(date, "%4d-%2d-%2d", &y, &m, &d) != 3 || m < 1 || m > 12 ||
        d < 1 || d > 31)
        return false;
    m -= 6;
    if (m < 1) {
        m += 12;
        y--;
    }
    snprintf(out, 16, "%04d-%02d-%02d", y % 10000, m % 100, d % 100);
    return true;
}

typedef struct cancel_list {
    bmp_ledger_line *v;
    char (*num)[16];
    char (*type)[16];
    size_t n, cap;
} cancel_list;

static bmp_status collect(bmp_ledger *l, int64_t body, const char *cutoff, cancel_list *c,
                          bmp_error *err)
{
    ledger_stmt *st = NULL;
    bmp_status rc = lq_query(
        l, &st, err,
        "WITH lines AS (SELECT j.player_id, j.point_type, j.points, CASE WHEN b.event_date <> '' "
        "  THEN b.event_date ELSE substr(b.created_at, 1, 10) END AS day FROM journal j "
        "  JOIN batch b ON b.id = j.batch_id WHERE b.body_id = ?1 AND b.state <> 'rejected') "
        "SELECT p.number, x.point_type, sum(x.points) FROM lines x JOIN player p "
        "ON p.id = x.player_id WHERE p.status = 'Temporary' AND x.player_id IN "
        "(SELECT player_id FROM lines GROUP BY player_id HAVING min(day) <= ?2) "
        "GROUP BY p.number, x.point_type HAVING sum(x.points) > 0 ORDER BY p.number, x.point_type",
        "is", body, cutoff);
    bool row = true;
    while (!rc) {
        rc = lq_step(l, st, &row, err);
        if (rc || !row)
            break;
        if (c->n == c->cap) {
            size_t cap = c->cap ? c->cap * 2 : 32;
            bmp_ledger_line *v = realloc(c->v, cap * sizeof *v);
            char(*num)[16] = realloc(c->num, cap * sizeof *num);
            char(*type)[16] = realloc(c->type, cap * sizeof *type);
            if (v)
                c->v = v;
            if (num)
                c->num = num;
            if (type)
                c->type = type;
            if (!v || !num || !type) {
                rc = bmp_error_oom(err);
                break;
            }
            c->cap = cap;
        }
        snprintf(c->num[c->n], 16, "%s", lq_col_text(l, st, 0));
        snprintf(c->type[c->n], 16, "%s", lq_col_text(l, st, 1));
        c->v[c->n] = (bmp_ledger_line){.points = -lq_col_int(l, st, 2), .rule = "NZ-87",
                                       .event = "temporary player expiry",
                                       .contestant = "NZ-87: not active within six months",
                                       .line = c->n + 1};
        c->n++;
    }
    lq_finalize(l, st);
    for (size_t i = 0; i < c->n; i++) { /* after the last realloc */
        c->v[i].number = c->num[i];
        c->v[i].point_type = c->type[i];
    }
    return rc;
}

bmp_status bmp_ledger_expire_temporary(bmp_ledger *l, const char *body, const char *date,
                                       int64_t *batch, size_t *lines, bmp_error *err)
{
    ledger_body b;
    char cutoff[16], file[64], hash[65];
    cancel_list c = {0};
    if (batch)
        *batch = 0;
    if (lines)
        *lines = 0;
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (rc)
        return rc;
    if (strcmp(b.code, "nzb") != 0)
        return bmp_error_set(err, BMP_EINVAL, "temporary player expiry is an NZ Bridge rule (NZ-87), "
                             "not %s's", b.code);
    if (!six_months_before(date, cutoff))
        return bmp_error_set(err, BMP_EINVAL, "date: expected yyyy-mm-dd, got \"%s\"", date);
    rc = collect(l, b.id, cutoff, &c, err);
    if (!rc && c.n == 0)
        rc = bmp_error_set(err, BMP_ENOTFOUND, "NZ-87: no Temporary player with points earned on "
                           "or before %s", cutoff);
    snprintf(file, sizeof file, "NZ-87 expiry %s", date);
    ledger_sha256_hex(file, strlen(file), hash);
    bmp_ledger_import_opts o = {.size = sizeof o, .body = "nzb"};
    ledger_batch_src src = {.source = BMP_BATCH_ADJUSTMENT, .file = file, .hash = hash,
                            .event = "temporary player expiry", .event_date = date};
    if (!rc)
        rc = ledger_import_checked(l, &o, &src, c.v, c.n, batch, NULL, err);
    if (!rc && lines)
        *lines = c.n;
    free(c.v);
    free(c.num);
    free(c.type);
    return rc;
}
