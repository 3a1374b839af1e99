/* POST /api/v1/preview (issue 29): what POST /api/v1/batches would do with
 * the same body and the same query, nothing written -- the awards per
 * player with their derivation, the lines that would be held and why (near
 * matches), the points the file carries that differ from the computed
 * ones, a duplicate of an earlier batch, the batch a corrected file would
 * replace, and every problem the import would refuse it for.  The checks
 * are the upload's (upload_opts.c) and the import's own, run as a dry run
 * (bmp_ledger_preview_memory). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_preview.h"
#include "server/api_sub.h"
#include "server/upload_opts.h"

/* "contestant\x1fpoint_type" -> the derivations of its awards, joined. */
static json_t *derivation_index(const bmp_table *d)
{
    json_t *ix = json_object();
    size_t cc = (size_t)-1, ct = cc, cd = cc;
    for (size_t c = 0; d && c < d->ncols; c++) {
        cc = strcmp(d->columns[c], "contestant") == 0 ? c : cc;
        ct = strcmp(d->columns[c], "point_type") == 0 ? c : ct;
        cd = strcmp(d->columns[c], "derivation") == 0 ? c : cd;
    }
    for (size_t r = 0; ix && d && cd != (size_t)-1 && r < d->nrows; r++) {
        char key[256];
        const char *why = bmp_table_get(d, r, cd);
        snprintf(key, sizeof key, "%s\x1f%s", bmp_table_get(d, r, cc), bmp_table_get(d, r, ct));
        json_t *old = json_object_get(ix, key);
        if (!old)
            json_object_set_new(ix, key, srv_jstr(why));
        else
            json_object_set_new(ix, key, json_sprintf("%s; %s", json_string_value(old), why));
    }
    return ix;
}

/* The lines, each with the derivation of its contestant's award. */
static json_t *awards_json(const bmp_table *lines, const bmp_table *d)
{
    json_t *ix = derivation_index(d), *out = srv_typed_rows(lines);
    size_t i;
    json_t *a;
    json_array_foreach(out, i, a) {
        const char *c = json_string_value(json_object_get(a, "contestant"));
        const char *t = json_string_value(json_object_get(a, "point_type"));
        char key[256];
        snprintf(key, sizeof key, "%s\x1f%s", c ? c : "", t ? t : "");
        json_t *why = json_object_get(ix, key);
        json_object_set(a, "derivation", why ? why : json_null());
    }
    json_decref(ix);
    return out;
}

static json_t *problems_json(const bmp_table *t)
{
    json_t *a = json_array();
    for (size_t r = 0; a && t && r < t->nrows; r++)
        json_array_append_new(a, srv_jstr(bmp_table_get(t, r, 0)));
    return a;
}

static void answer(srv_resp *rs, const bmp_ledger_sections *s)
{
    const bmp_table *d = bmp_ledger_section(s, "derivations");
    json_t *j = srv_typed_row(bmp_ledger_section(s, "preview"), 0);
    json_object_set_new(j, "awards", awards_json(bmp_ledger_section(s, "lines"), d));
    json_object_set_new(j, "totals", srv_typed_rows(bmp_ledger_section(s, "totals")));
    json_object_set_new(j, "carried", srv_typed_rows(bmp_ledger_section(s, "carried")));
    json_object_set_new(j, "derivations", srv_typed_rows(d));
    json_object_set_new(j, "derivation_notes", json_array());
    for (size_t i = 0; d && i < d->nnotes; i++)
        json_array_append_new(json_object_get(j, "derivation_notes"), srv_jstr(d->notes[i]));
    json_object_set_new(j, "differences", srv_typed_rows(bmp_ledger_section(s, "differences")));
    json_object_set_new(j, "problems", problems_json(bmp_ledger_section(s, "problems")));
    srv_json(rs, 200, j);
}

int srv_preview(srv_req *rq, srv_resp *rs)
{
    const char *name = NULL;
    bmp_batch_source src = BMP_BATCH_AUTO;
    srv_upload_opts u;
    bmp_ledger_import_opts o;
    if (!srv_upload_check(rq, rs, &name, &src) || !srv_upload_import_opts(rq, rs, src, &u, &o))
        return 0;
    /* its own read-only connection: the preview's one read transaction */
    bmp_ledger_opts lo = {.size = sizeof lo, .who = "serve", .read_only = true};
    bmp_ledger *l = NULL;
    bmp_error e = {0};
    bmp_status st = bmp_ledger_open(rq->s->db, &lo, &l, &e);
    bmp_problems p = {0};
    bmp_ledger_sections s = {0};
    if (!st)
        st = bmp_ledger_preview_memory(l, rq->body, rq->body_len, name, &o, &s, &p, &e);
    if (st && srv_upload_club_refused(&e))
        srv_error(rs, 403, "this token uploads club %s's results: %s", rq->scope.club, e.msg);
    else if (st)
        srv_ledger_error(rs, st, &e, &p);
    else
        answer(rs, &s);
    bmp_ledger_sections_free(&s);
    bmp_problems_free(&p);
    bmp_ledger_close(l);
    return 0;
}
