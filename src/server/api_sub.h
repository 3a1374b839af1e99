/* Issue 29's endpoints under the back office and the club's submission
 * pages (docs/openapi.yaml): a preview of an upload, a body's upload
 * parameters, the queue of batches and a batch's detail, a period's close
 * (preview, close, reopen) and a club's batches.  JSON: counts and ids are
 * numbers, points exact decimal strings with their `hundredths`. */
#ifndef BMP_SERVER_API_SUB_H
#define BMP_SERVER_API_SUB_H

#include "server/http_internal.h"

/* A table's rows as JSON objects with typed values (api_json.c), typed
 * as every endpoint's are (srv_jw_cells, api_out.h): counts and ids
 * numbers, points decimal strings beside their hundredths ("points" ->
 * "hundredths", "carried" -> "carried_hundredths"), the rest strings. */
json_t *srv_typed_rows(const bmp_table *t);
json_t *srv_typed_row(const bmp_table *t, size_t r);

/* A secretary token of `body` (401/403 in rs, false). */
bool srv_secretary_of(srv_req *rq, srv_resp *rs, const char *body);
/* Does `body` (as a path or query names it: "abf", "ABF", "nz") name the
 * token scope's body `scope`? */
bool srv_same_body(const char *body, const char *scope);
/* A club token of club `club` of `body`, or a secretary token of `body`
 * (401/403 in rs, false): a scorer sees only their own club's batches. */
bool srv_club_or_secretary(srv_req *rq, srv_resp *rs, const char *body, const char *club);
/* The reason of a write: {"reason": "..."} in the body, else ?reason=
 * (*doc: the parsed body, the caller's to json_decref; false after a 400). */
bool srv_reason_of(srv_req *rq, srv_resp *rs, json_t **doc, const char **reason);
/* Open a connection that writes, recording the token as who acts. */
bmp_ledger *srv_open_writer(srv_req *rq, srv_resp *rs);

int srv_preview(srv_req *rq, srv_resp *rs);         /* api_preview.c */
int srv_body_params(srv_req *rq, srv_resp *rs);     /* api_params.c */
int srv_queue(srv_req *rq, srv_resp *rs);           /* api_queue.c */
int srv_batch_detail(srv_req *rq, srv_resp *rs);
int srv_batch_explain(srv_req *rq, srv_resp *rs);
int srv_club_batches(srv_req *rq, srv_resp *rs);
int srv_close_preview(srv_req *rq, srv_resp *rs);   /* api_periods.c */
int srv_close(srv_req *rq, srv_resp *rs);
int srv_reopen(srv_req *rq, srv_resp *rs);
int srv_register_find(srv_req *rq, srv_resp *rs);    /* api_register.c */
int srv_register_get(srv_req *rq, srv_resp *rs);
int srv_register_edit(srv_req *rq, srv_resp *rs);
int srv_register_release(srv_req *rq, srv_resp *rs);
int srv_register_merge(srv_req *rq, srv_resp *rs);
int srv_register_unmerge(srv_req *rq, srv_resp *rs);
int srv_duplicates(srv_req *rq, srv_resp *rs);
int srv_charge_runs(srv_req *rq, srv_resp *rs);      /* api_invoices.c */
int srv_invoices(srv_req *rq, srv_resp *rs);
int srv_invoice(srv_req *rq, srv_resp *rs);
int srv_invoice_run(srv_req *rq, srv_resp *rs);

#endif
