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
#include "server/http_internal.h"
#include "server/upload_opts.h"

/* Open a writing connection that records `scope` as who acts. */
static bmp_ledger *open_writer(srv_req *rq, srv_resp *rs)
{
    char who[64];
    snprintf(who, sizeof who, "api token %lld", (long long)rq->scope.id);
    bmp_ledger_opts o = {.size = sizeof o, .who = who};
    bmp_ledger *l = NULL;
    bmp_error e = {0};
    bmp_status st = bmp_ledger_open(rq->s->db, &o, &l, &e);
    if (st) {
        srv_ledger_error(rs, st, &e, NULL);
        return NULL;
    }
    return l;
}

/* A file name as the upload names it: letters, digits, '.', '_', '-'. */
static bool name_ok(const char *n)
{
    size_t len = strlen(n);
    if (len == 0 || len > 128 || n[0] == '.' || !strchr(n, '.'))
        return false;
    return strspn(n, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") == len;
}

/* The scope allows this upload: a club token, its own club and body, and
 * not an adjustment (.csv: the body's own corrections, W-3). */
static bool upload_allowed(srv_req *rq, srv_resp *rs, const char *name)
{
    const char *club = srv_arg(rq, "club"), *body = srv_arg(rq, "body");
    const char *kind = srv_arg(rq, "kind");
    const char *ext = strrchr(name, '.');
    if (rq->scope.kind != BMP_TOKEN_CLUB)
        srv_error(rs, 403, "uploads need a club token (club:<body>:<number>)");
    else if (club && strcmp(club, rq->scope.club) != 0)
        srv_error(rs, 403, "this token uploads club %s's results, not club %s's",
                  rq->scope.club, club);
    else if (body && strcasecmp(body, rq->scope.body) != 0)
        srv_error(rs, 403, "this token uploads %s results, not %s", rq->scope.body, body);
    else if ((kind && strcmp(kind, "adjustment") == 0) || (ext && strcasecmp(ext, ".csv") == 0))
        srv_error(rs, 403, "adjustments are the body's: a club token uploads events, USEBIO "
                           "and ABF credit files");
    else
        return true;
    return false;
}

/* The ledger refused the upload because the file is another club's
 * (ledger_club_check): the token may not upload it (403, issue 26). */
static bool club_refused(const bmp_error *e)
{
    return e->code == BMP_EINVAL && strstr(e->msg, "'s event, not club ") != NULL;
}

static bool parse_kind(const char *s, bmp_batch_source *out)
{
    static const char *const names[] = {"auto", "event", "usebio-mp", "abf-credit"};
    for (int i = 0; i < 4; i++)
        if (!s || strcmp(s, names[i]) == 0) {
            *out = s ? (bmp_batch_source)i : BMP_BATCH_AUTO;
            return true;
        }
    return false;
}

static void import_upload(srv_req *rq, srv_resp *rs, const char *name, bmp_batch_source src)
{
    /* what a USEBIO file cannot say: the CLI import's options, each checked
     * (issue 26; upload_opts.c) */
    srv_upload_opts u;
    if (!srv_upload_opts_read(rq, rs, &u))
        return;
    bmp_ledger_import_opts o = {.size = sizeof o, .body = rq->scope.body, .source = src,
                                .club = rq->scope.club, .control = u.control,
                                .ncontrol = u.ncontrol, .usebio = &u.uo};
    /* a corrected event (issue 26): replaces=ID&reason=R, as --replaces */
    const char *rep = srv_arg(rq, "replaces");
    char *end = NULL;
    long long rv = rep ? strtoll(rep, &end, 10) : 0;
    if (rep && (!*rep || *end || rv <= 0)) {
        srv_error(rs, 400, "replaces \"%s\": expected a batch number", rep);
        return;
    }
    o.replaces = rv;
    o.reason = srv_arg(rq, "reason");
    pthread_mutex_lock(&rq->s->write_mu);
    bmp_ledger *l = open_writer(rq, rs);
    if (l) { /* from the request's buffer: no file is written */
        bmp_problems p = {0};
        bmp_error e = {0};
        int64_t id = 0;
        bmp_status st = bmp_ledger_import_memory(l, rq->body, rq->body_len, name, &o, &id, &p,
                                                 &e);
        if (st && club_refused(&e)) {
            srv_error(rs, 403, "this token uploads club %s's results: %s", rq->scope.club,
                      e.msg);
        } else if (st) {
            srv_ledger_error(rs, st, &e, &p);
        } else { /* the CLI's line: "FILE: batch N provisional" */
            char msg[768], why[400];
            bool held = false; /* issue 26: held for its carried points, and why */
            if (bmp_ledger_batch_hold(l, id, &held, NULL, why, sizeof why, NULL))
                held = false;
            snprintf(msg, sizeof msg, "%s: batch %lld provisional%s%s", name, (long long)id,
                     held ? ", held: " : "", held ? why : "");
            json_t *j = json_pack("{s:I,s:s,s:s,s:s}", "batch", (json_int_t)id, "state",
                                  "provisional", "file", name, "message", msg);
            if (j && held)
                json_object_set_new(j, "held", json_string(why));
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
    if (srv_auth(rq, rs))
        return 0;
    const char *name = srv_arg(rq, "filename");
    bmp_batch_source src = BMP_BATCH_AUTO;
    if (!name || !name_ok(name))
        srv_error(rs, 400, "filename \"%s\": expected the results file's name with its "
                           "extension (.json, .xml, .grn ...), letters, digits, . _ - only",
                  name ? name : "");
    else if (!parse_kind(srv_arg(rq, "kind"), &src) &&
             !(srv_arg(rq, "kind") && strcmp(srv_arg(rq, "kind"), "adjustment") == 0))
        srv_error(rs, 400, "kind \"%s\": expected auto, event, usebio-mp or abf-credit",
                  srv_arg(rq, "kind"));
    else if (!upload_allowed(rq, rs, name))
        ; /* 403 in rs */
    else if (rq->body_len == 0)
        srv_error(rs, 400, "empty upload: send the results file as the request body");
    else
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

/* The reason: {"reason": "..."} in the body, else ?reason=. */
static bool reason_of(srv_req *rq, srv_resp *rs, json_t **doc, const char **reason)
{
    *doc = NULL;
    *reason = srv_arg(rq, "reason");
    if (rq->body_len == 0)
        return true;
    json_error_t je;
    *doc = json_loadb(rq->body, rq->body_len, 0, &je);
    const char *r = NULL;
    if (!*doc || json_unpack(*doc, "{s?s}", "reason", &r) != 0) {
        srv_error(rs, 400, "request body: expected {\"reason\": \"...\"} (line %d: %s)", je.line,
                  *doc ? "reason must be a string" : je.text);
        return false;
    }
    if (r)
        *reason = r;
    return true;
}

static int lifecycle(srv_req *rq, srv_resp *rs, int which)
{
    int64_t id = 0, rev = 0;
    json_t *doc = NULL;
    const char *reason = NULL;
    if (!secretary_batch(rq, rs, &id) || !reason_of(rq, rs, &doc, &reason)) {
        json_decref(doc);
        return 0;
    }
    pthread_mutex_lock(&rq->s->write_mu);
    bmp_ledger *l = open_writer(rq, rs);
    if (l) {
        bmp_error e = {0};
        bmp_status st = which == 0   ? bmp_ledger_approve(l, id, &e)
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
