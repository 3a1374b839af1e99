/* The writes of the REST API (docs/serve.md): a club's upload of a results
 * file as a new batch, and a secretary's approve, reject and correct.  Each
 * needs a bearer token of the right scope (W-3); each is one ledger call,
 * hence one transaction: refused, failed or interrupted, nothing is
 * written.  Writes take the server's write lock (SQLite has one writer). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bridgemp/ledger_carried.h"
#include "server/api_sub.h"
#include "server/http_internal.h"
#include "server/upload_opts.h"

static void import_upload(srv_req *rq, srv_resp *rs, const char *name, bmp_batch_source src)
{
    /* what a USEBIO file cannot say: the CLI import's options, each checked
     * (issue 26; upload_opts.c), the same for a preview (api_preview.c) */
    srv_upload_opts u;
    bmp_ledger_import_opts o;
    if (!srv_upload_import_opts(rq, rs, src, &u, &o))
        return;
    pthread_mutex_lock(&rq->s->write_mu);
    bmp_ledger *l = srv_open_writer(rq, rs);
    if (l) { /* from the request's buffer: no file is written */
        bmp_problems p = {0};
        bmp_error e = {0};
        int64_t id = 0;
        bmp_status st = bmp_ledger_import_memory(l, rq->body, rq->body_len, name, &o, &id, &p,
                                                 &e);
        if (st && srv_upload_club_refused(&e)) {
            srv_error(rs, 403, "this token uploads club %s's results: %s", rq->scope.club,
                      e.msg);
        } else if (st) {
            srv_ledger_error(rs, st, &e, &p);
        } else { /* the CLI's line: "FILE: batch N provisional" */
            char msg[768], why[400], unchecked[600] = "";
            bool held = false; /* issue 26: held for its carried points, and why */
            if (bmp_ledger_batch_hold(l, id, &held, NULL, why, sizeof why, NULL))
                held = false;
            /* issue 45: a check that did not run is said, as the CLI says it */
            if (bmp_ledger_batch_carried_unchecked(l, id, unchecked, sizeof unchecked, NULL))
                unchecked[0] = '\0';
            snprintf(msg, sizeof msg, "%s: batch %lld provisional%s%s", name, (long long)id,
                     held ? ", held: " : "", held ? why : "");
            json_t *j = json_pack("{s:I,s:s,s:s,s:s}", "batch", (json_int_t)id, "state",
                                  "provisional", "file", name, "message", msg);
            if (j && held)
                json_object_set_new(j, "held", json_string(why));
            if (j)
                json_object_set_new(j, "carried_unchecked",
                                    *unchecked ? json_string(unchecked) : json_null());
            char *near = NULL; /* held lines' near matches, as the CLI shows them */
            if (j && bmp_ledger_held_near(l, id, &near, &e) == BMP_OK && *near)
                json_object_set_new(j, "near_matches", json_string(near));
            free(near);
            srv_json(rs, 201, j);
        }
        bmp_problems_free(&p);
    }
    bmp_ledger_close(l);
    pthread_mutex_unlock(&rq->s->write_mu);
}

int srv_upload(srv_req *rq, srv_resp *rs)
{
    const char *name = NULL;
    bmp_batch_source src = BMP_BATCH_AUTO;
    if (srv_upload_check(rq, rs, &name, &src))
        import_upload(rq, rs, name, src);
    return 0;
}

/* ---- secretaries ---------------------------------------------------------- */

/* The batch of the path, checked against a secretary token's body. */
static bool secretary_batch(srv_req *rq, srv_resp *rs, int64_t *id)
{
    if (srv_auth(rq, rs))
        return false;
    char *end = NULL;
    long long v = strtoll(rq->params[0], &end, 10);
    if (*end || v <= 0) {
        srv_error(rs, 400, "\"%s\": expected a batch number", rq->params[0]);
        return false;
    }
    if (rq->scope.kind != BMP_TOKEN_SECRETARY) {
        srv_error(rs, 403, "approving, rejecting and correcting need a secretary token");
        return false;
    }
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    bmp_ledger *l = srv_pool_get(&rq->s->pool, &e);
    bmp_status st = l ? bmp_ledger_batch(l, v, &t, &e) : BMP_EIO;
    srv_pool_put(&rq->s->pool, l);
    bool ok = false;
    if (st == BMP_ENOTFOUND)
        srv_error(rs, 404, "no batch %lld", v);
    else if (st)
        srv_ledger_error(rs, st, &e, NULL);
    else if (strcasecmp(bmp_table_get(&t, 0, 1), rq->scope.body) != 0)
        srv_error(rs, 403, "batch %lld is %s's: this token is %s's secretary", v,
                  bmp_table_get(&t, 0, 1), rq->scope.body);
    else
        ok = true;
    bmp_table_free(&t);
    *id = v;
    return ok;
}

static int lifecycle(srv_req *rq, srv_resp *rs, int which)
{
    int64_t id = 0, rev = 0;
    json_t *doc = NULL;
    const char *reason = NULL;
    if (!secretary_batch(rq, rs, &id) || !srv_reason_of(rq, rs, &doc, &reason)) {
        json_decref(doc);
        return 0;
    }
    pthread_mutex_lock(&rq->s->write_mu);
    bmp_ledger *l = srv_open_writer(rq, rs);
    if (l) {
        bmp_error e = {0};
        bmp_status st = which == 0   ? bmp_ledger_approve_reason(l, id, reason, &e)
                        : which == 1 ? bmp_ledger_reject(l, id, reason, &e)
                        : which == 3 ? bmp_ledger_accept_carried(l, id, reason, &e)
                                     : bmp_ledger_correct(l, id, reason, &rev, &e);
        if (st)
            srv_ledger_error(rs, st, &e, NULL);
        else if (which == 3)
            srv_json(rs, 200, json_pack("{s:I,s:s}", "batch", (json_int_t)id, "carried",
                                        "accepted"));
        else if (which == 2)
            srv_json(rs, 200, json_pack("{s:I,s:I,s:s}", "batch", (json_int_t)id, "reversal",
                                        (json_int_t)rev, "state", "provisional"));
        else
            srv_json(rs, 200, json_pack("{s:I,s:s}", "batch", (json_int_t)id, "state",
                                        which == 0 ? "approved" : "rejected"));
        bmp_ledger_close(l);
    }
    pthread_mutex_unlock(&rq->s->write_mu);
    json_decref(doc);
    return 0;
}

int srv_approve(srv_req *rq, srv_resp *rs) { return lifecycle(rq, rs, 0); }
int srv_reject(srv_req *rq, srv_resp *rs) { return lifecycle(rq, rs, 1); }
int srv_correct(srv_req *rq, srv_resp *rs) { return lifecycle(rq, rs, 2); }
int srv_accept_carried(srv_req *rq, srv_resp *rs) { return lifecycle(rq, rs, 3); }
