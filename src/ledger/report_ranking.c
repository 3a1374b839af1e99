/* The ranking list a body publishes (bmp_ledger_ranking, issue 28 item 4):
 * every player's holdings per point type, the body's total where it has
 * one, the rank at the last close and the home club. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core/buf.h"
#include "ledger/report_rows.h"

/* The posted holdings (the journal's cache) into r. */
static bmp_status holdings(bmp_ledger *l, const ledger_body *b, report_rows *r, bmp_error *err)
{
    ledger_stmt *st = NULL;
    bool row = false;
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT h.player_id, h.point_type, h.points FROM holding h "
                             "JOIN player p ON p.id = h.player_id WHERE p.body_id = ?1",
                             "i", b->id);
    while (!rc && !(rc = l->ops->step(st, &row, err)) && row)
        rc = report_rows_add(r, l->ops->col_int(st, 0), l->ops->col_text(st, 1),
                             l->ops->col_int(st, 2), err);
    if (st)
        l->ops->finalize(st);
    return rc;
}

/* "Grand Master" matches "Grand Master" and "Grand Master 2*". */
static bool rank_matches(const char *held, const char *want)
{
    size_t n = strlen(want);
    if (strcasecmp(held, want) == 0)
        return true;
    return strncasecmp(held, want, n) == 0 && held[n] == ' ' && strchr(held + n, '*');
}

static bool listed(const report_player *p, const bmp_ledger_ranking_opts *o)
{
    if (o && o->status ? strcasecmp(p->status, o->status) != 0
                       : strcmp(p->status, "Deceased") == 0)
        return false;
    if (o && o->club && strcmp(p->club, o->club) != 0)
        return false;
    return !(o && o->rank && !rank_matches(p->rank_name, o->rank));
}

/* "total: green + red + gold" -- how the body's rules make the total, and
 * the types outside it. */
static bmp_status total_note(const report_rows *r, bmp_table *t)
{
    core_buf in, out;
    core_buf_init(&in);
    core_buf_init(&out);
    for (size_t k = 0; k < r->ntypes; k++) {
        if (r->weight[k] == 0)
            core_buf_printf(&out, "%s%s", out.len ? ", " : "", r->types[k]);
        else if (r->weight[k] == 1)
            core_buf_printf(&in, "%s%s", in.len ? " + " : "", r->types[k]);
        else
            core_buf_printf(&in, "%s%d x %s", in.len ? " + " : "", r->weight[k], r->types[k]);
    }
    bmp_status rc = BMP_OK;
    if (in.failed || out.failed)
        rc = BMP_ENOMEM;
    else if (!r->has_total)
        rc = bmp_table_note(t, "no total: the body does not add its point types; by rank");
    else
        rc = bmp_table_note(t, "total: %s%s%s", in.data, out.len ? "; kept apart, not in the "
                                                                   "total: " : "",
                            out.len ? out.data : "");
    core_buf_free(&in);
    core_buf_free(&out);
    return rc;
}

bmp_status bmp_ledger_ranking(bmp_ledger *l, const char *body, const bmp_ledger_ranking_opts *o,
                              bmp_ledger_head *head, bmp_table *out, bmp_error *err)
{
    ledger_body b;
    report_rows r = {0};
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (!rc)
        rc = report_rows_load(l, &b, &r, err);
    if (!rc)
        rc = holdings(l, &b, &r, err);
    if (!rc)
        rc = report_rows_totals(&r, err);
    if (!rc) {
        report_rows_sort(&r);
        rc = bmp_table_title(out, "ranking");
    }
    if (!rc && report_rows_columns(&r, out, "rank", NULL))
        rc = bmp_error_oom(err);
    size_t n = 0;
    for (size_t i = 0; i < r.n && !rc; i++) {
        if (!listed(&r.p[i], o))
            continue;
        n++;
        if (report_rows_cells(&r, &r.p[i], out, r.p[i].rank_name, NULL))
            rc = bmp_error_oom(err);
    }
    if (!rc && total_note(&r, out))
        rc = bmp_error_oom(err);
    if (!rc && bmp_table_note(out, "%zu player(s)", n))
        rc = bmp_error_oom(err);
    if (!rc)
        rc = report_head(l, head, out, err);
    report_rows_free(&r);
    return rc;
}
