/* The back office's queue and batch page, and a club's batches (issue 29,
 * docs/openapi.yaml):
 *   GET /api/v1/queue?state=&body=&club=&period=    secretary token
 *   GET /api/v1/batches/{id}/detail                 secretary, or the batch's club
 *   GET /api/v1/batches/{id}/derivation             the same
 *   GET /api/v1/clubs/{body}/{number}/batches       that club's token, or a secretary
 * Groups and batches are selected, counted and paged in SQL
 * (include/bridgemp/ledger_queue.h). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bridgemp/ledger_api.h"
#include "bridgemp/ledger_carried.h"
#include "bridgemp/ledger_queue.h"
#include "bridgemp/ledger_secretary.h"
#include "server/api_sub.h"

/* state= and period= checked (400 with the reason); NULL when absent. */
static bool filter_args(srv_req *rq, srv_resp *rs, bmp_ledger_queue_filter *f)
{
    static const char *const states[] = {"received", "provisional", "approved", "posted",
                                         "rejected", NULL};
    const char *st = srv_arg(rq, "state"), *p = srv_arg(rq, "period");
    bool ok = !st;
    for (size_t i = 0; st && states[i]; i++)
        ok = ok || strcmp(st, states[i]) == 0;
    if (!ok) {
        srv_error(rs, 400, "state \"%s\": expected received, provisional, approved, posted or "
                           "rejected", st);
        return false;
    }
    if (p && !(strlen(p) == 7 && isdigit((unsigned char)p[0]) && isdigit((unsigned char)p[1]) &&
               isdigit((unsigned char)p[2]) && isdigit((unsigned char)p[3]) && p[4] == '-' &&
               ((p[5] == '0' && p[6] >= '1' && p[6] <= '9') ||
                (p[5] == '1' && p[6] >= '0' && p[6] <= '2')))) {
        srv_error(rs, 400, "period \"%s\": expected yyyy-mm (a month 01 to 12)", p);
        return false;
    }
    *f = (bmp_ledger_queue_filter){.size = sizeof *f, .state = st, .period = p};
    return true;
}

/* The groups and the batches of filter f, one page of each. */
static void listing(srv_req *rq, srv_resp *rs, const bmp_ledger_queue_filter *f, json_t *head)
{
    size_t page, per_page, ngroups = 0, total = 0;
    if (!srv_paging(rq, rs, &page, &per_page)) {
        json_decref(head);
        return;
    }
    bmp_table g, b;
    bmp_table_init(&g);
    bmp_table_init(&b);
    bmp_error e = {0};
    bmp_status st;
    size_t off = (page - 1) * per_page;
    bmp_ledger *l = srv_pool_get(&rq->s->pool, &e);
    st = l ? bmp_ledger_queue_groups(l, f, off, per_page, &g, &ngroups, &e) : BMP_EIO;
    if (!st)
        st = bmp_ledger_queue_batches(l, f, off, per_page, &b, &total, &e);
    srv_pool_put(&rq->s->pool, l);
    if (st) {
        json_decref(head);
        srv_ledger_error(rs, st, &e, NULL);
    } else {
        json_t *j = srv_page_json(srv_typed_rows(&b), page, per_page, total);
        json_object_update(j, head);
        json_decref(head);
        json_object_set_new(j, "groups", srv_typed_rows(&g));
        json_object_set_new(j, "groups_total", json_integer((json_int_t)ngroups));
        srv_json(rs, 200, j);
    }
    bmp_table_free(&g);
    bmp_table_free(&b);
}

static json_t *or_null(const char *s)
{
    return s ? srv_jstr(s) : json_null();
}

int srv_queue(srv_req *rq, srv_resp *rs)
{
    bmp_ledger_queue_filter f;
    const char *body = srv_arg(rq, "body");
    if (!srv_secretary_of(rq, rs, body) || !filter_args(rq, rs, &f))
        return 0;
    f.body = rq->scope.body; /* a secretary's own body's queue */
    f.club = srv_arg(rq, "club");
    listing(rq, rs, &f,
            json_pack("{s:o,s:o,s:o,s:o}", "state", or_null(f.state), "body", srv_jstr(f.body),
                      "club", or_null(f.club), "period", or_null(f.period)));
    return 0;
}

int srv_club_batches(srv_req *rq, srv_resp *rs)
{
    bmp_ledger_queue_filter f;
    if (!srv_club_or_secretary(rq, rs, rq->params[0], rq->params[1]) ||
        !filter_args(rq, rs, &f))
        return 0;
    f.body = rq->scope.body;
    f.club = rq->params[1];
    listing(rq, rs, &f,
            json_pack("{s:o,s:o,s:o,s:o}", "body", srv_jstr(f.body), "club", srv_jstr(f.club),
                      "state", or_null(f.state), "period", or_null(f.period)));
    return 0;
}

/* ---- a batch ------------------------------------------------------------- */

/* The "batch" section (field, value) as an object; id and reverses numbers. */
static json_t *fields_json(const bmp_table *t)
{
    json_t *o = json_object();
    for (size_t r = 0; o && t && r < t->nrows; r++) {
        const char *k = bmp_table_get(t, r, 0), *v = bmp_table_get(t, r, 1);
        bool num = strcmp(k, "id") == 0 || strcmp(k, "reverses") == 0 || strcmp(k, "lines") == 0;
        json_object_set_new(o, k, num ? (*v ? json_integer(strtoll(v, NULL, 10)) : json_null())
                                      : srv_jstr(v));
    }
    return o;
}

static const char *field(const bmp_table *t, const char *key)
{
    for (size_t r = 0; t && r < t->nrows; r++)
        if (strcmp(bmp_table_get(t, r, 0), key) == 0)
            return bmp_table_get(t, r, 1);
    return "";
}

/* The batch of the path, shown, and the token allowed to see it: a
 * secretary of its body, or the club it belongs to. */
static bool batch_of_path(srv_req *rq, srv_resp *rs, bmp_ledger *l, int64_t *id,
                          bmp_ledger_sections *s)
{
    char *end = NULL;
    long long v = strtoll(rq->params[0], &end, 10);
    bmp_error e = {0};
    if (*end || v <= 0) {
        srv_error(rs, 400, "\"%s\": expected a batch number", rq->params[0]);
        return false;
    }
    *id = v;
    bmp_status st = bmp_ledger_batch_show(l, v, s, &e);
    if (st) {
        srv_ledger_error(rs, st, &e, NULL);
        return false;
    }
    const bmp_table *b = bmp_ledger_section(s, "batch");
    const char *body = field(b, "body"), *club = field(b, "club");
    if (rq->scope.kind == BMP_TOKEN_SECRETARY && strcasecmp(body, rq->scope.body) != 0)
        srv_error(rs, 403, "batch %lld is %s's: this token is %s's secretary", v, body,
                  rq->scope.body);
    else if (rq->scope.kind == BMP_TOKEN_CLUB &&
             (strcasecmp(body, rq->scope.body) != 0 || strcmp(club, rq->scope.club) != 0))
        srv_error(rs, 403, "batch %lld is not club %s's: a club token sees only its own batches",
                  v, rq->scope.club);
    else
        return true;
    return false;
}

static void detail_answer(srv_req *rq, srv_resp *rs, bmp_ledger *l, int64_t id,
                          const bmp_ledger_sections *s)
{
    (void)rq;
    bmp_table rep;
    bmp_table_init(&rep);
    bmp_error e = {0};
    int64_t old = 0;
    bool held = false, accepted = false;
    char why[512] = "";
    bmp_status st = bmp_ledger_batch_hold(l, id, &held, &accepted, why, sizeof why, &e);
    if (!st)
        st = bmp_ledger_batch_replaced(l, id, &old, &rep, &e);
    if (st) {
        srv_ledger_error(rs, st, &e, NULL);
    } else {
        json_t *j = json_pack("{s:o,s:o,s:o,s:o}", "batch",
                              fields_json(bmp_ledger_section(s, "batch")), "lines",
                              srv_typed_rows(bmp_ledger_section(s, "lines")), "held",
                              srv_typed_rows(bmp_ledger_section(s, "held")), "carried",
                              srv_typed_rows(bmp_ledger_section(s, "carried")));
        json_object_set_new(j, "hold", held ? json_pack("{s:o,s:b}", "reason", srv_jstr(why),
                                                        "accepted", accepted)
                                            : json_null());
        json_object_set_new(j, "replaces", old ? json_integer(old) : json_null());
        json_object_set_new(j, "replace_differences", srv_typed_rows(&rep));
        srv_json(rs, 200, j);
    }
    bmp_table_free(&rep);
}

/* The derivation of the batch's awards on demand (ruling W-21), all or
 * one contestant's (?contestant=). */
static void explain_answer(srv_req *rq, srv_resp *rs, bmp_ledger *l, int64_t id,
                           const bmp_ledger_sections *s)
{
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    const char *body = field(bmp_ledger_section(s, "batch"), "body");
    const char *who = srv_arg(rq, "contestant");
    bmp_status st = bmp_ledger_event_explain(l, body, id, &t, &e);
    if (st) {
        srv_ledger_error(rs, st, &e, NULL);
    } else {
        json_t *rows = srv_typed_rows(&t), *keep = json_array(), *notes = json_array();
        size_t i;
        json_t *r;
        json_array_foreach(rows, i, r) {
            const char *c = json_string_value(json_object_get(r, "contestant"));
            if (!who || (c && strcmp(c, who) == 0))
                json_array_append(keep, r);
        }
        json_decref(rows);
        for (size_t k = 0; k < t.nnotes; k++)
            json_array_append_new(notes, srv_jstr(t.notes[k]));
        srv_json(rs, 200, json_pack("{s:I,s:o,s:o}", "batch", (json_int_t)id, "derivations",
                                    keep, "notes", notes));
    }
    bmp_table_free(&t);
}

typedef void (*batch_answer)(srv_req *rq, srv_resp *rs, bmp_ledger *l, int64_t id,
                             const bmp_ledger_sections *s);

/* The batch of the path, if the token may see it, answered by `fn`. */
static int with_batch(srv_req *rq, srv_resp *rs, batch_answer fn)
{
    if (srv_auth(rq, rs))
        return 0;
    bmp_ledger_sections s = {0};
    int64_t id = 0;
    WITH_LEDGER(rq, rs, l, if (batch_of_path(rq, rs, l, &id, &s)) fn(rq, rs, l, id, &s));
    bmp_ledger_sections_free(&s);
    return 0;
}

int srv_batch_detail(srv_req *rq, srv_resp *rs) { return with_batch(rq, rs, detail_answer); }
int srv_batch_explain(srv_req *rq, srv_resp *rs) { return with_batch(rq, rs, explain_answer); }
