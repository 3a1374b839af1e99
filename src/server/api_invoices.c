/* The charge runs and invoices of the back office over the API (issue 29
 * item 4: what the pages /charges, /invoices and /invoice do, the API does;
 * docs/openapi.yaml), each with a secretary token of the body:
 *   GET /api/v1/charge-runs/{body}   the body's charge runs (bmp_ledger_charge_runs)
 *   GET /api/v1/invoices/{body}      its invoices and credit notes (bmp_ledger_invoice_list)
 *   GET /api/v1/invoices/{body}/{number}?format=csv|html   one document as the
 *        ledger writes it (bmp_ledger_invoice_document), CSV by default; the
 *        HTML under the site's stylesheet as the /invoice page serves it
 *        (web_invoice_site_html: no inline style for the CSP to block).
 *   POST /api/v1/charge-runs/{body}/{run}/invoice   invoice the run (the page's
 *        "invoice this run"; bmp_ledger_invoice_run, all or nothing, under the
 *        write lock, audited with the token as who): {made, already, total}.
 * Starting a run is POST /api/v1/runs/{body}/{name} (api_runs.c). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_charges.h"
#include "bridgemp/ledger_invoice.h"
#include "server/api_args.h"
#include "server/api_sub.h"
#include "server/pages.h"

static const char *const no_args[] = {NULL};
static const char *const doc_args[] = {"format", NULL};

/* {body, KEY: rows} of one of the body's lists. */
static int body_list(srv_req *rq, srv_resp *rs, const char *key,
                     bmp_status (*list)(bmp_ledger *, const char *, bmp_table *, bmp_error *))
{
    if (!srv_secretary_of(rq, rs, rq->params[0]) || !srv_args_only(rq, rs, no_args))
        return 0;
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    bmp_status st;
    WITH_LEDGER(rq, rs, l, st = list(l, rq->params[0], &t, &e));
    if (st)
        srv_ledger_error(rs, st, &e, NULL);
    else
        srv_json(rs, 200, json_pack("{s:s,s:o}", "body", rq->params[0], key, srv_typed_rows(&t)));
    bmp_table_free(&t);
    return 0;
}

int srv_charge_runs(srv_req *rq, srv_resp *rs)
{
    return body_list(rq, rs, "runs", bmp_ledger_charge_runs);
}

int srv_invoices(srv_req *rq, srv_resp *rs)
{
    return body_list(rq, rs, "invoices", bmp_ledger_invoice_list);
}

int srv_invoice(srv_req *rq, srv_resp *rs)
{
    if (!srv_secretary_of(rq, rs, rq->params[0]) || !srv_args_only(rq, rs, doc_args))
        return 0;
    const char *f = srv_arg(rq, "format");
    bmp_invoice_format fmt = BMP_INVOICE_CSV;
    if (f && strcmp(f, "html") == 0)
        fmt = BMP_INVOICE_HTML;
    else if (f && strcmp(f, "csv") != 0) {
        srv_error(rs, 400, "format: expected csv or html");
        return 0;
    }
    char *doc = NULL;
    size_t len = 0;
    bmp_error e = {0};
    bmp_status st;
    WITH_LEDGER(rq, rs, l,
                st = bmp_ledger_invoice_document(l, rq->params[0], rq->params[1], fmt, &doc,
                                                 &len, &e));
    if (st) {
        srv_ledger_error(rs, st, &e, NULL);
        return 0;
    }
    core_buf_reset(&rs->body);
    if (fmt == BMP_INVOICE_HTML) /* under the site's stylesheet, as the /invoice page */
        web_invoice_site_html(&rs->body, doc, len);
    else
        core_buf_append(&rs->body, doc, len);
    free(doc);
    if (rs->body.failed) { /* a document cut short or empty is never answered 200 */
        srv_error(rs, 500, "out of memory");
        return 0;
    }
    rs->status = 200;
    rs->ctype = fmt == BMP_INVOICE_CSV ? "text/csv; charset=utf-8" : "text/html; charset=utf-8";
    return 0;
}

int srv_invoice_run(srv_req *rq, srv_resp *rs)
{
    if (!srv_secretary_of(rq, rs, rq->params[0]) || !srv_args_only(rq, rs, no_args))
        return 0;
    char *end = NULL;
    long long run = strtoll(rq->params[1], &end, 10);
    if (!*rq->params[1] || *end || run <= 0) {
        srv_error(rs, 400, "run: expected a charge run's number");
        return 0;
    }
    pthread_mutex_lock(&rq->s->write_mu);
    bmp_ledger *l = srv_open_writer(rq, rs);
    if (!l) {
        pthread_mutex_unlock(&rq->s->write_mu);
        return 0;
    }
    bmp_ledger_invoices iv = {0};
    bmp_error e = {0};
    bmp_status st = bmp_ledger_invoice_run(l, rq->params[0], (int64_t)run, NULL,
                                           BMP_INVOICE_CSV, &iv, &e);
    bmp_ledger_close(l);
    pthread_mutex_unlock(&rq->s->write_mu);
    if (st)
        srv_ledger_error(rs, st, &e, NULL);
    else
        srv_json(rs, 200, json_pack("{s:s,s:I,s:I,s:I,s:I}", "body", rq->params[0], "run",
                                    (json_int_t)run, "made", (json_int_t)iv.made, "already",
                                    (json_int_t)iv.already, "total", (json_int_t)iv.total));
    return 0;
}
