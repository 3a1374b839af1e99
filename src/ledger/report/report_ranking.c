/* The ranking list a body publishes (bmp_ledger_ranking, issue 28 item 4):
 * every player's holdings per point type, the body's total where it has
 * one, the rank at the last close and the home club. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/buf.h"
#include "ledger/report/report_rows.h"
#include "ledger/store/query.h"

/* The posted holdings (the journal's cache) into r. */
static bmp_status holdings(bmp_ledger *l, const ledger_body *b, report_rows *r, bmp_error *err)
{
    ledger_stmt *st = NULL;
    bool row = false;
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT h.player_id, h.point_type, h.points FROM holding h "
                             "JOIN player p ON p.id = h.player_id WHERE p.body_id = ?1",
                             "i", b->id);
    while (!rc && !(rc = lq_step(l, st, &row, err)) && row)
        rc = report_rows_add(r, lq_col_int(l, st, 0), lq_col_text(l, st, 1),
                             lq_col_int(l, st, 2), err);
    if (st)
        lq_finalize(l, st);
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

/* region: the filter as stored (region_filter), or NULL for every region. */
static bool listed(const report_player *p, const bmp_ledger_ranking_opts *o, const char *region)
{
    if (region && strcasecmp(p->region, region) != 0)
        return false;
    if (o && o->status ? strcasecmp(p->status, o->status) != 0
                       : strcmp(p->status, "Deceased") == 0)
        return false;
    if (o && o->club && strcmp(p->club, o->club) != 0)
        return false;
    return !(o && o->rank && !rank_matches(p->rank_name, o->rank));
}

static int cmp_text(const void *a, const void *b)
{
    return strcasecmp(*(char *const *)a, *(char *const *)b);
}

/* BMP_EINVAL: "county "Surry": no player of the register has it; the
 * counties are Kent, Surrey" (the first 20, sorted, any case once). */
static bmp_status region_unknown(const report_rows *r, const char *word, const char *want,
                                 bmp_error *err)
{
    const char **v = malloc((r->n ? r->n : 1) * sizeof *v);
    if (!v)
        return bmp_error_oom(err);
    size_t n = 0;
    for (size_t i = 0; i < r->n; i++)
        if (r->p[i].region[0])
            v[n++] = r->p[i].region;
    qsort(v, n, sizeof *v, cmp_text);
    core_buf b;
    core_buf_init(&b);
    size_t shown = 0;
    for (size_t i = 0; i < n && shown < 20; i++)
        if (i == 0 || strcasecmp(v[i], v[i - 1]) != 0)
            core_buf_printf(&b, "%s%s", shown++ ? ", " : "", v[i]);
    free(v);
    bmp_status rc =
        b.failed ? bmp_error_oom(err)
        : shown  ? bmp_error_set(err, BMP_EINVAL, "%s \"%s\": no player of the register has it; "
                                 "the register's are %s%s", word, want, b.data,
                                 shown == 20 ? ", ..." : "")
                 : bmp_error_set(err, BMP_EINVAL, "%s \"%s\": no player of the register has a "
                                 "%s (player import, column %s)", word, want, word, word);
    core_buf_free(&b);
    return rc;
}

/* The region filter as stored into out (rulings RG-1): the ABF's state
 * by its abbreviation or name; another body's region as some player of
 * the register has it.  BMP_EINVAL naming what is expected otherwise. */
static bmp_status region_filter(const ledger_body *b, const report_rows *r, const char *want,
                                char out[LEDGER_REGION_MAX + 1], bmp_error *err)
{
    char why[200];
    const char *word = ledger_region_word(b->code);
    if (!ledger_region_norm(b->code, want, out, why, sizeof why))
        return bmp_error_set(err, BMP_EINVAL, "%s", why);
    if (!*out) {
        char list[256];
        ledger_region_list(b->code, list, sizeof list);
        return bmp_error_set(err, BMP_EINVAL, "%s: empty; expected %s%s", word,
                             *list ? "one of " : "a name some player of the register has",
                             list);
    }
    if (ledger_region_listed(b->code))
        return BMP_OK;
    for (size_t i = 0; i < r->n; i++)
        if (strcasecmp(r->p[i].region, out) == 0)
            return BMP_OK;
    return region_unknown(r, word, out, err);
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
    char region[LEDGER_REGION_MAX + 1] = "";
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (!rc)
        rc = report_rows_load(l, &b, &r, err);
    bool by_region = o && o->size >= offsetof(bmp_ledger_ranking_opts, region) + sizeof o->region &&
                     o->region;
    if (!rc && by_region)
        rc = region_filter(&b, &r, o->region, region, err);
    if (!rc)
        rc = holdings(l, &b, &r, err);
    if (!rc)
        rc = report_rows_totals(&r, err);
    if (!rc) {
        report_rows_sort(&r);
        rc = bmp_table_title(out, "ranking");
    }
    if (!rc && report_rows_columns(&r, out, ledger_region_word(b.code), "rank", NULL))
        rc = bmp_error_oom(err);
    size_t n = 0;
    for (size_t i = 0; i < r.n && !rc; i++) {
        if (!listed(&r.p[i], o, by_region ? region : NULL))
            continue;
        n++;
        if (report_rows_cells(&r, &r.p[i], out, true, r.p[i].rank_name, NULL))
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
