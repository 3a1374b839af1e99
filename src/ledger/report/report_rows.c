/* Players and their points per point type for the published lists
 * (report_rows.h): the body's types and weights from its rules
 * (bmp_rules, pointtype.h), totals only where the body has one. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bridgemp/rules.h"
#include "core/util.h"
#include "ledger/report/report_rows.h"
#include "ledger/store/query.h"

static bool fill_player(bmp_ledger *l, ledger_stmt *st, void *row, void *ctx)
{
    (void)ctx;
    report_player *p = row;
    p->id = lq_col_int(l, st, 0);
    core_strlcpy(p->number, lq_col_text(l, st, 1), sizeof p->number);
    core_strlcpy(p->name, lq_col_text(l, st, 2), sizeof p->name);
    core_strlcpy(p->club, lq_col_text(l, st, 3), sizeof p->club);
    core_strlcpy(p->status, lq_col_text(l, st, 4), sizeof p->status);
    p->rank = (int)lq_col_int(l, st, 5);
    p->stars = (int)lq_col_int(l, st, 6);
    core_strlcpy(p->rank_name, lq_col_text(l, st, 7), sizeof p->rank_name);
    p->overseas = lq_col_int(l, st, 8) != 0;
    core_strlcpy(p->region, lq_col_text(l, st, 9), sizeof p->region);
    return true;
}

/* The body's point types and their weights in its total (bmp_rules). */
static void types_load(const ledger_body *b, report_rows *r)
{
    memset(r, 0, sizeof *r);
    const bmp_rules *rules = bmp_rules_find(b->code);
    r->ntypes = ledger_point_types(b->code, r->types);
    for (size_t k = 0; rules && k < r->ntypes; k++) {
        const bmp_point_type *t = bmp_rules_point_type(rules, r->types[k]);
        r->weight[k] = t ? t->total_weight : 0;
        r->has_total = r->has_total || r->weight[k] > 0;
    }
}

bmp_status report_rows_load(bmp_ledger *l, const ledger_body *b, report_rows *r, bmp_error *err)
{
    types_load(b, r);
    return lq_rows(l, &r->p, &r->n, sizeof *r->p, fill_player, NULL, err,
                   "SELECT p.id, p.number, p.name, coalesce(c.number, ''), p.status, p.rank, "
                   "p.stars, p.rank_name, p.overseas, coalesce(r.region, '') FROM player p "
                   "LEFT JOIN club c ON c.id = p.home_club LEFT JOIN player_region r ON "
                   "r.player_id = p.id WHERE p.body_id = ?1 ORDER BY p.id",
                   "i", b->id);
}

static bool fill_member(bmp_ledger *l, ledger_stmt *st, void *row, void *ctx)
{
    report_player *p = row;
    fill_player(l, st, row, ctx);
    core_strlcpy(p->membership, lq_col_text(l, st, 10), sizeof p->membership);
    return true;
}

/* The members (ABF-94..96) by the id their number reaches (player_resolved:
 * a merged duplicate is the player kept), as fill_player's columns and the
 * membership, by id. */
#define CLUB_CTE                                                                                  \
    "WITH m AS ("                                                                                \
    "  SELECT id AS player_id, 1 AS k FROM player WHERE home_club = ?1"                          \
    "  UNION SELECT player_id, 2 FROM alternate WHERE club_id = ?1"                              \
    "  UNION SELECT j.player_id, 3 FROM journal j JOIN batch b ON b.id = j.batch_id"            \
    "  WHERE b.club_id = ?1 AND b.state = 'posted' AND b.period BETWEEN ?2 AND ?3), "           \
    "best AS (SELECT r.id AS player_id, min(m.k) AS k FROM m JOIN player d ON d.id = "           \
    "  m.player_id JOIN player_resolved r ON r.body_id = d.body_id AND r.number = d.number "    \
    "  GROUP BY r.id) "

/* The club report's order: the key (report_rows_sort's) highest first,
 * then the number (as the report always listed its ties). */
static int cmp_member(const void *x, const void *y)
{
    const report_player *a = x, *b = y;
    if (a->key != b->key)
        return a->key > b->key ? -1 : 1;
    return strcmp(a->number, b->number);
}

bmp_status report_rows_club(bmp_ledger *l, const ledger_body *b, int64_t club, const char *from,
                            const char *to, report_rows *r, bmp_error *err)
{
    types_load(b, r);
    bmp_status rc = lq_rows(
        l, &r->p, &r->n, sizeof *r->p, fill_member, NULL, err,
        CLUB_CTE "SELECT p.id, p.number, p.name, coalesce(c.number, ''), p.status, p.rank, "
                 "p.stars, p.rank_name, p.overseas, '', CASE best.k WHEN 1 THEN 'home' WHEN 2 "
                 "THEN 'alternate' ELSE 'earned here' END FROM best JOIN player p ON p.id = "
                 "best.player_id LEFT JOIN club c ON c.id = p.home_club WHERE p.status <> "
                 "'Deceased' ORDER BY p.id",
        "iss", club, from, to);
    ledger_stmt *st = NULL;
    bool row = false;
    if (!rc)
        rc = lq_query(l, &st, err,
                      CLUB_CTE "SELECT h.player_id, h.point_type, h.points FROM holding h "
                               "WHERE h.player_id IN (SELECT player_id FROM best)",
                      "iss", club, from, to);
    while (!rc && !(rc = lq_step(l, st, &row, err)) && row)
        rc = report_rows_add(r, lq_col_int(l, st, 0), lq_col_text(l, st, 1),
                             lq_col_int(l, st, 2), err);
    if (st)
        lq_finalize(l, st);
    if (!rc)
        rc = report_rows_totals(r, err);
    if (!rc) {
        report_rows_sort(r); /* the keys */
        qsort(r->p, r->n, sizeof *r->p, cmp_member);
    }
    return rc;
}

static int by_id(const void *key, const void *elem)
{
    int64_t a = *(const int64_t *)key, b = ((const report_player *)elem)->id;
    return a < b ? -1 : a > b;
}

bmp_status report_rows_add(report_rows *r, int64_t player, const char *type, bmp_points points,
                           bmp_error *err)
{
    report_player *p = bsearch(&player, r->p, r->n, sizeof *r->p, by_id);
    for (size_t k = 0; p && k < r->ntypes; k++)
        if (strcmp(r->types[k], type) == 0) {
            if (__builtin_add_overflow(p->pts[k], points, &p->pts[k]))
                return bmp_error_set(err, BMP_ERANGE, "player %s: %s points overflow",
                                     p->number, type);
            return BMP_OK;
        }
    return BMP_OK; /* a type the body no longer has: not listed */
}

bmp_status report_rows_totals(report_rows *r, bmp_error *err)
{
    for (size_t i = 0; i < r->n; i++) {
        report_player *p = &r->p[i];
        p->total = 0;
        for (size_t k = 0; k < r->ntypes; k++) {
            bmp_points w = 0;
            if (__builtin_mul_overflow(p->pts[k], (bmp_points)r->weight[k], &w) ||
                __builtin_add_overflow(p->total, w, &p->total))
                return bmp_error_set(err, BMP_ERANGE, "player %s: total overflows", p->number);
        }
    }
    return BMP_OK;
}

/* By key (the total, or the rank without one) highest first, then name,
 * number and id: a total order, so the list is the same on every run. */
static int cmp_player(const void *x, const void *y)
{
    const report_player *a = x, *b = y;
    if (a->key != b->key)
        return a->key > b->key ? -1 : 1;
    int c = strcmp(a->name, b->name);
    if (c)
        return c;
    c = strcmp(a->number, b->number);
    return c ? c : (a->id > b->id) - (a->id < b->id);
}

void report_rows_sort(report_rows *r)
{
    for (size_t i = 0; i < r->n; i++)
        r->p[i].key = r->has_total ? r->p[i].total
                                   : (bmp_points)r->p[i].rank * 1000 + r->p[i].stars;
    qsort(r->p, r->n, sizeof *r->p, cmp_player);
}

bmp_status report_rows_columns(const report_rows *r, bmp_table *t, const char *region,
                               const char *lead, const char *tail)
{
    const char *cols[LEDGER_MAX_TYPES + 8];
    size_t n = 0;
    cols[n++] = "number";
    cols[n++] = "name";
    cols[n++] = "club";
    if (region)
        cols[n++] = region;
    if (lead)
        cols[n++] = lead;
    for (size_t k = 0; k < r->ntypes; k++)
        cols[n++] = r->types[k];
    if (r->has_total)
        cols[n++] = "total";
    if (tail)
        cols[n++] = tail;
    cols[n] = NULL;
    return bmp_table_columns(t, cols) ? BMP_ENOMEM : BMP_OK;
}

bmp_status report_rows_cells(const report_rows *r, const report_player *p, bmp_table *t,
                             bool region, const char *lead, const char *tail)
{
    char v[32];
    bool bad = bmp_table_cell(t, "%s", p->number) || bmp_table_cell(t, "%s", p->name) ||
               bmp_table_cell(t, "%s", p->club) || (region && bmp_table_cell(t, "%s", p->region)) ||
               (lead && bmp_table_cell(t, "%s", lead));
    for (size_t k = 0; !bad && k < r->ntypes; k++) {
        bmp_points_format(p->pts[k], v, sizeof v);
        bad = bmp_table_cell(t, "%s", v) != BMP_OK;
    }
    if (!bad && r->has_total) {
        bmp_points_format(p->total, v, sizeof v);
        bad = bmp_table_cell(t, "%s", v) != BMP_OK;
    }
    if (!bad && tail)
        bad = bmp_table_cell(t, "%s", tail) != BMP_OK;
    return bad ? BMP_ENOMEM : BMP_OK;
}

bmp_status report_head(bmp_ledger *l, bmp_ledger_head *head, bmp_table *t, bmp_error *err)
{
    bmp_ledger_head h;
    char s[96];
    bmp_status rc = bmp_ledger_head_get(l, &h, err);
    if (rc)
        return rc;
    if (head)
        *head = h;
    bmp_ledger_head_format(&h, s, sizeof s);
    return bmp_table_note(t, "ledger head %s", s) ? bmp_error_oom(err) : BMP_OK;
}

void report_rows_free(report_rows *r)
{
    free(r->p);
    memset(r, 0, sizeof *r);
}
