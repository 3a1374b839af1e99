/* The public reads of the REST API (docs/openapi.yaml) that are not
 * listings: health, a player, a statement, a club report, batches and a
 * batch.  The routes are in api.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_api.h"
#include "bridgemp/ledger_queue.h"
#include "bridgemp/ledger_secretary.h"
#include "bridgemp/ledger_user.h"
#include "server/api_sub.h"
#include "server/api_out.h"
#include "server/api_args.h"
#include "server/http_internal.h"

int srv_healthz(srv_req *rq, srv_resp *rs)
{
    WITH_LEDGER(rq, rs, l,
                srv_json(rs, 200, json_pack("{s:s,s:i}", "status", "ok", "schema",
                                            bmp_ledger_schema_version(l))));
    return 0;
}

/* The notes of a report table: ["...", ...]. */
static void notes_json(jw *w, const bmp_table *t)
{
    jw_key(w, "notes");
    jw_arr(w);
    for (size_t i = 0; i < t->nnotes; i++)
        jw_str(w, t->notes[i]);
    jw_end_arr(w);
}

static const char *const no_args[] = {NULL};

int srv_player(srv_req *rq, srv_resp *rs)
{
    bmp_ledger_summary sum;
    bmp_error e = {0};
    bmp_status st;
    if (!srv_args_only(rq, rs, no_args))
        return 0;
    WITH_LEDGER(rq, rs, l, st = bmp_ledger_player_summary(l, rq->params[0], rq->params[1], &sum, &e));
    if (st) {
        srv_ledger_error(rs, st, &e, NULL);
        return 0;
    }
    jw w;
    srv_jw_begin(rs, 200, &w);
    jw_obj(&w);
    jw_kstr(&w, "body", rq->params[0]);
    jw_kstr(&w, "number", sum.number);
    jw_kstr(&w, "name", sum.name);
    jw_kstr(&w, "status", sum.status);
    jw_key(&w, "home_club");
    if (sum.home_club[0])
        jw_str(&w, sum.home_club);
    else
        jw_null(&w);
    jw_kstr(&w, "rank", sum.rank);
    srv_jw_rank(&w, &sum.earned, "points_rank");
    srv_jw_holdings(&w, sum.ntypes, sum.point_type, sum.holding);
    jw_key(&w, "links");
    jw_obj(&w);
    const char *b = rq->params[0], *n = sum.number;
    srv_jw_link(&w, "self", "/api/v1", (const char *const[]){"players", b, n, NULL});
    srv_jw_link(&w, "history", "/api/v1", (const char *const[]){"players", b, n, "history", NULL});
    srv_jw_link(&w, "statement", "/api/v1",
                (const char *const[]){"players", b, n, "statement", NULL});
    srv_jw_link(&w, "rank", "/api/v1", (const char *const[]){"players", b, n, "rank", NULL});
    if (sum.home_club[0])
        srv_jw_link(&w, "home_club", "/api/v1",
                    (const char *const[]){"clubs", b, sum.home_club, NULL});
    srv_jw_link(&w, "page", "", (const char *const[]){"player", b, n, NULL});
    jw_end_obj(&w);
    jw_end_obj(&w);
    srv_jw_end(rs, &w);
    rs->cacheable = true;
    return 0;
}

/* A statement and the head of the chain it was made from, read in the
 * request's one snapshot (pool.c; issue 27: a statement carries the head
 * that anchors it). */
static bmp_status statement_at_head(bmp_ledger *l, const char *body, const char *number,
                                    bmp_table *t, char head[96], bmp_error *e)
{
    bmp_ledger_head h;
    bmp_status st = bmp_ledger_head_get(l, &h, e);
    if (!st)
        st = bmp_ledger_statement(l, body, number, t, e);
    if (!st)
        bmp_ledger_head_format(&h, head, 96);
    return st;
}

int srv_statement(srv_req *rq, srv_resp *rs)
{
    bmp_table t;
    bmp_error e = {0};
    bmp_status st;
    char head[96] = "";
    if (!srv_args_only(rq, rs, no_args))
        return 0;
    bmp_table_init(&t);
    WITH_LEDGER(rq, rs, l,
                st = statement_at_head(l, rq->params[0], rq->params[1], &t, head, &e));
    if (st) {
        srv_ledger_error(rs, st, &e, NULL);
    } else {
        jw w;
        srv_jw_begin(rs, 200, &w);
        jw_obj(&w);
        jw_kstr(&w, "body", rq->params[0]);
        jw_kstr(&w, "number", rq->params[1]);
        jw_kstr(&w, "head", head);
        jw_key(&w, "rows");
        srv_jw_rows(&w, &t, NULL, NULL);
        notes_json(&w, &t);
        jw_end_obj(&w);
        srv_jw_end(rs, &w);
        rs->cacheable = true;
    }
    bmp_table_free(&t);
    return 0;
}

int srv_club(srv_req *rq, srv_resp *rs)
{
    static const char *const args[] = {"period", NULL};
    const char *period = NULL;
    if (!srv_args_only(rq, rs, args) || !srv_month_arg(rq, rs, "period", &period))
        return 0;
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    bmp_status st;
    WITH_LEDGER(rq, rs, l,
                st = bmp_ledger_club_report(l, rq->params[0], rq->params[1], period, &t, &e));
    if (st) {
        srv_ledger_error(rs, st, &e, NULL);
    } else {
        jw w;
        srv_jw_begin(rs, 200, &w);
        jw_obj(&w);
        jw_kstr(&w, "body", rq->params[0]);
        jw_kstr(&w, "club", rq->params[1]);
        jw_key(&w, "rows");
        srv_jw_rows(&w, &t, NULL, NULL);
        notes_json(&w, &t);
        jw_end_obj(&w);
        srv_jw_end(rs, &w);
        rs->cacheable = true;
    }
    bmp_table_free(&t);
    return 0;
}

static const char *const states[] = {"received", "provisional", "approved", "posted", "rejected",
                                     NULL};

static bool state_ok(const char *s)
{
    for (int i = 0; s && states[i]; i++)
        if (strcmp(s, states[i]) == 0)
            return true;
    return !s;
}

/* "links": {"self": "/api/v1/batches/ID"} (rows of the batch listing). */
static void batch_link(jw *w, const bmp_table *t, size_t r, const void *ctx)
{
    (void)ctx;
    srv_jw_link(w, "self", "/api/v1", (const char *const[]){"batches", srv_cell(t, r, "id"), NULL});
}

/* Ruling W-29s1 (docs/rulings.md): a posted batch is public (its lines are
 * in the players' public histories); any other (received, provisional,
 * approved, rejected) is the body's and its club's until posted: a
 * secretary token of the body, or the club token of its club. */
static bool has_token(srv_req *rq)
{
    return MHD_lookup_connection_value(rq->conn, MHD_HEADER_KIND, "Authorization") != NULL;
}

/* The list's scope: without a token the posted batches only (another
 * state: 401); a secretary token its body's, a club token its club's. */
static bool batches_scope(srv_req *rq, srv_resp *rs, bmp_ledger_queue_filter *f)
{
    if (has_token(rq)) {
        if (srv_auth(rq, rs))
            return false;
        f->body = rq->scope.body;
        if (rq->scope.kind == BMP_TOKEN_CLUB)
            f->club = rq->scope.club;
        return true;
    }
    if (f->state && strcmp(f->state, "posted") != 0) {
        rs->challenge = true;
        srv_error(rs, 401, "%s batches are the body's and their club's until posted: this "
                           "needs \"Authorization: Bearer <token>\" (a secretary's, or the "
                           "club's)", f->state);
        return false;
    }
    f->state = "posted";
    return true;
}

int srv_batches(srv_req *rq, srv_resp *rs)
{
    static const char *const args[] = {"state", "page", "per_page", NULL};
    const char *state = srv_arg(rq, "state");
    size_t page, per_page, total = 0;
    if (!srv_args_only(rq, rs, args) || !srv_paging(rq, rs, &page, &per_page))
        return 0;
    if (!state_ok(state)) {
        srv_error(rs, 400, "state \"%s\": expected received, provisional, approved, posted or "
                           "rejected", state);
        return 0;
    }
    bmp_ledger_queue_filter f = {.size = sizeof f, .state = state};
    bool token = has_token(rq);
    if (!batches_scope(rq, rs, &f))
        return 0;
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    bmp_status st;
    WITH_LEDGER(rq, rs, l,
                st = bmp_ledger_batches_of(l, &f, (page - 1) * per_page, per_page, &t, &total,
                                           &e));
    if (st) {
        srv_ledger_error(rs, st, &e, NULL);
    } else {
        jw w;
        srv_jw_begin(rs, 200, &w);
        srv_jw_page(&w, &t, page, per_page, total, batch_link, NULL);
        srv_jw_end(rs, &w);
        rs->cacheable = !token;
    }
    bmp_table_free(&t);
    return 0;
}

/* The batch's row and its sections (lines, held lines with why). */
static bmp_status batch_read(bmp_ledger *l, int64_t id, bmp_table *t, bmp_ledger_sections *s,
                             char body[8], char club[32], bmp_error *e)
{
    bmp_status st = bmp_ledger_batch(l, id, t, e);
    if (!st)
        st = bmp_ledger_batch_owner(l, id, body, club, e);
    return st ? st : bmp_ledger_batch_show(l, id, s, e);
}

int srv_batch(srv_req *rq, srv_resp *rs)
{
    char *end = NULL;
    long long id = strtoll(rq->params[0], &end, 10);
    if (*end || id <= 0) {
        srv_error(rs, 404, "no batch %s", rq->params[0]);
        return 0;
    }
    if (!srv_args_only(rq, rs, no_args))
        return 0;
    bmp_table t;
    bmp_table_init(&t);
    bmp_ledger_sections s = {0};
    bmp_error e = {0};
    bmp_status st;
    char body[8] = "", club[32] = "";
    WITH_LEDGER(rq, rs, l, st = batch_read(l, id, &t, &s, body, club, &e));
    if (!st && t.nrows != 1)
        st = bmp_error_set(&e, BMP_ENOTFOUND, "no batch %lld", id);
    bool posted = !st && strcmp(bmp_table_get(&t, 0, 3), "posted") == 0;
    if (st) {
        srv_ledger_error(rs, st, &e, NULL);
    } else if (!posted && !srv_club_or_secretary(rq, rs, body, club)) {
        /* W-29s1: not posted, the body's and its club's only (rs: 401, 403) */
    } else {
        jw w;
        srv_jw_begin(rs, 200, &w);
        jw_obj(&w);
        srv_jw_cells(&w, &t, 0);
        /* issue 26: the lines and the held lines, as `ledger batch show`
         * lists them ("lines" and "held" are the counts) */
        static const char *const sec[] = {"lines", "held"}, *const key[] = {"journal_lines",
                                                                           "held_lines"};
        for (size_t i = 0; i < 2; i++) {
            const bmp_table *t2 = bmp_ledger_section(&s, sec[i]);
            if (t2) {
                jw_key(&w, key[i]);
                srv_jw_rows(&w, t2, NULL, NULL);
            }
        }
        jw_key(&w, "links");
        jw_obj(&w);
        batch_link(&w, &t, 0, NULL);
        jw_end_obj(&w);
        jw_end_obj(&w);
        srv_jw_end(rs, &w);
        rs->cacheable = posted;
    }
    bmp_ledger_sections_free(&s);
    bmp_table_free(&t);
    return 0;
}
