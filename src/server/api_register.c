/* The register of the back office over the API (issue 29 item 4: what the
 * pages do, the API does; docs/openapi.yaml), each with a secretary token of
 * the body:
 *   GET  /api/v1/register/{body}?q=&page=&per_page=  players by number or name
 *   GET  /api/v1/register/{body}/{number}   register fields, holdings, held lines
 *   POST /api/v1/register/{body}/{number}   edit: {"fields": {"status": "Dormant"},
 *        "reason": "..."} (bmp_ledger_player_edit)
 *   POST /api/v1/register/{body}/{number}/release  {"renewed": "yyyy-mm-dd", "reason": "..."}
 *   POST /api/v1/register/{body}/{number}/merge    {"into": "KEEP", "reason": "..."}
 *   POST /api/v1/register/{body}/{number}/unmerge  {"reason": "..."}
 *   GET  /api/v1/duplicates/{body}          likely duplicates and their evidence
 * Each write is one ledger call (one transaction) under the write lock,
 * audited with the token as who ("api token N"). */
#include <string.h>

#include "bridgemp/ledger_api.h"
#include "bridgemp/ledger_movein.h"
#include "server/api_args.h"
#include "server/api_sub.h"

static const char *const search_args[] = {"q", "page", "per_page", NULL};
static const char *const no_args[] = {NULL};

int srv_register_find(srv_req *rq, srv_resp *rs)
{
    size_t page, per_page, total = 0;
    const char *q = srv_arg(rq, "q");
    if (!srv_secretary_of(rq, rs, rq->params[0]) || !srv_args_only(rq, rs, search_args) ||
        !srv_paging(rq, rs, &page, &per_page))
        return 0;
    if (!q || !*q) {
        srv_error(rs, 400, "q: a number or a name to find is needed");
        return 0;
    }
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    bmp_status st;
    WITH_LEDGER(rq, rs, l,
                st = bmp_ledger_find_players(l, rq->params[0], q, (page - 1) * per_page,
                                             per_page, &t, &total, &e));
    if (st)
        srv_ledger_error(rs, st, &e, NULL);
    else
        srv_json(rs, 200, srv_page_json(srv_typed_rows(&t), page, per_page, total));
    bmp_table_free(&t);
    return 0;
}

static json_t *holdings_json(const bmp_ledger_summary *s)
{
    json_t *a = json_array();
    for (size_t k = 0; a && k < s->ntypes; k++) {
        char pts[32];
        bmp_points_format(s->holding[k], pts, sizeof pts);
        json_array_append_new(a, json_pack("{s:s,s:s,s:I}", "point_type", s->point_type[k],
                                           "points", pts, "hundredths",
                                           (json_int_t)s->holding[k]));
    }
    return a;
}

int srv_register_get(srv_req *rq, srv_resp *rs)
{
    if (!srv_secretary_of(rq, rs, rq->params[0]) || !srv_args_only(rq, rs, no_args))
        return 0;
    bmp_table r, h;
    bmp_table_init(&r);
    bmp_table_init(&h);
    bmp_ledger_summary s;
    bmp_error e = {0};
    bmp_status st;
    WITH_LEDGER(rq, rs, l, {
        st = bmp_ledger_player_register(l, rq->params[0], rq->params[1], &r, &e);
        if (!st)
            st = bmp_ledger_player_summary(l, rq->params[0], bmp_table_get(&r, 0, 0), &s, &e);
        if (!st)
            st = bmp_ledger_player_held(l, rq->params[0], bmp_table_get(&r, 0, 0), &h, &e);
    });
    if (st) {
        srv_ledger_error(rs, st, &e, NULL);
    } else {
        json_t *reg = json_object();
        for (size_t k = 0; reg && k < r.ncols; k++)
            json_object_set_new(reg, r.columns[k], json_string(bmp_table_get(&r, 0, k)));
        srv_json(rs, 200, json_pack("{s:s,s:s,s:o,s:s,s:o,s:o}", "body", rq->params[0],
                                    "number", bmp_table_get(&r, 0, 0), "register", reg, "rank",
                                    s.rank, "holdings", holdings_json(&s), "held",
                                    srv_typed_rows(&h)));
    }
    bmp_table_free(&r);
    bmp_table_free(&h);
    return 0;
}

/* ---- the writes ------------------------------------------------------------ */

/* The JSON body (an object; {} when empty): false after a 400. */
static bool body_of(srv_req *rq, srv_resp *rs, json_t **doc)
{
    json_error_t je;
    *doc = rq->body_len ? json_loadb(rq->body, rq->body_len, 0, &je) : json_object();
    if (!*doc || !json_is_object(*doc)) {
        srv_error(rs, 400, "request body: expected a JSON object (%s)",
                  *doc ? "not an object" : je.text);
        json_decref(*doc);
        *doc = NULL;
        return false;
    }
    return true;
}

/* A string member (NULL when absent); false after a 400 for another type. */
static bool str_of(srv_resp *rs, json_t *doc, const char *key, const char **out)
{
    json_t *v = json_object_get(doc, key);
    *out = v ? json_string_value(v) : NULL;
    if (v && !*out)
        srv_error(rs, 400, "%s: expected a string", key);
    return !v || *out;
}

typedef struct reg_call {
    int what; /* 0 edit, 1 release, 2 merge, 3 unmerge */
    const char *body, *number, *reason, *into, *renewed;
    bmp_ledger_field f[16];
    size_t nf, changed, released;
    int64_t batch;
} reg_call;

static void reg_run(srv_req *rq, srv_resp *rs, reg_call *c)
{
    pthread_mutex_lock(&rq->s->write_mu);
    bmp_ledger *l = srv_open_writer(rq, rs);
    if (l) {
        bmp_error e = {0};
        bmp_problems p = {0};
        bmp_status st =
            c->what == 0 ? bmp_ledger_player_edit(l, c->body, c->number, c->f, c->nf, c->reason,
                                                  &c->changed, &p, &e)
            : c->what == 1 ? bmp_ledger_release_held_why(l, c->body, c->number, c->renewed,
                                                         c->reason, &c->batch, &c->released, &e)
            : c->what == 2 ? bmp_ledger_merge(l, c->body, c->number, c->into, c->reason,
                                              &c->batch, &e)
                           : bmp_ledger_unmerge(l, c->body, c->number, c->reason, &c->batch, &e);
        bmp_ledger_close(l);
        if (st)
            srv_ledger_error(rs, st, &e, &p);
        else if (c->what == 0)
            srv_json(rs, 200, json_pack("{s:s,s:s,s:I}", "body", c->body, "number", c->number,
                                        "changed", (json_int_t)c->changed));
        else
            srv_json(rs, 200, json_pack("{s:s,s:s,s:I,s:I}", "body", c->body, "number",
                                        c->number, "batch", (json_int_t)c->batch, "released",
                                        (json_int_t)c->released));
        bmp_problems_free(&p);
    }
    pthread_mutex_unlock(&rq->s->write_mu);
}

static int reg_write(srv_req *rq, srv_resp *rs, int what)
{
    json_t *doc = NULL;
    reg_call c = {.what = what, .body = rq->params[0], .number = rq->params[1]};
    if (!srv_secretary_of(rq, rs, rq->params[0]) || !body_of(rq, rs, &doc))
        return 0;
    bool ok = str_of(rs, doc, "reason", &c.reason) && str_of(rs, doc, "into", &c.into) &&
              str_of(rs, doc, "renewed", &c.renewed);
    json_t *fields = json_object_get(doc, "fields");
    if (ok && what == 0) {
        const char *k;
        json_t *v;
        if (!json_is_object(fields) || json_object_size(fields) == 0 ||
            json_object_size(fields) > 16) {
            srv_error(rs, 400, "fields: expected an object of register fields and their new "
                               "values, e.g. {\"status\": \"Dormant\"}");
            ok = false;
        }
        json_object_foreach(ok ? fields : NULL, k, v) {
            if (!json_is_string(v)) {
                srv_error(rs, 400, "fields.%s: expected a string (as a register file's cell)", k);
                ok = false;
                break;
            }
            c.f[c.nf++] = (bmp_ledger_field){k, json_string_value(v)};
        }
    }
    if (ok && (!c.reason || !*c.reason)) {
        srv_error(rs, 400, "reason: needed (%s)", what == 0   ? "an edit of the register"
                                                  : what == 1 ? "a release of held points"
                                                  : what == 2 ? "a merge"
                                                              : "an unmerge");
        ok = false;
    } else if (ok && what == 1 && (!c.renewed || !*c.renewed)) {
        srv_error(rs, 400, "renewed: the date of renewal (yyyy-mm-dd) is needed");
        ok = false;
    } else if (ok && what == 2 && (!c.into || !*c.into)) {
        srv_error(rs, 400, "into: the number of the player kept is needed");
        ok = false;
    }
    if (ok)
        reg_run(rq, rs, &c);
    json_decref(doc);
    return 0;
}

int srv_register_edit(srv_req *rq, srv_resp *rs) { return reg_write(rq, rs, 0); }
int srv_register_release(srv_req *rq, srv_resp *rs) { return reg_write(rq, rs, 1); }
int srv_register_merge(srv_req *rq, srv_resp *rs) { return reg_write(rq, rs, 2); }
int srv_register_unmerge(srv_req *rq, srv_resp *rs) { return reg_write(rq, rs, 3); }

int srv_duplicates(srv_req *rq, srv_resp *rs)
{
    if (!srv_secretary_of(rq, rs, rq->params[0]) || !srv_args_only(rq, rs, no_args))
        return 0;
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    bmp_status st;
    WITH_LEDGER(rq, rs, l, st = bmp_ledger_duplicates(l, rq->params[0], &t, &e));
    if (st) {
        srv_ledger_error(rs, st, &e, NULL);
    } else {
        json_t *notes = json_array();
        for (size_t i = 0; notes && i < t.nnotes; i++)
            json_array_append_new(notes, json_string(t.notes[i]));
        srv_json(rs, 200, json_pack("{s:s,s:o,s:o}", "body", rq->params[0], "pairs",
                                    srv_typed_rows(&t), "notes", notes));
    }
    bmp_table_free(&t);
    return 0;
}
