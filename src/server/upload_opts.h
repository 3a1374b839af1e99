/* The upload's options (POST /api/v1/batches): every option `ledger import`
 * takes, read from the query and checked (upload_opts.c). */
#ifndef BMP_SERVER_UPLOAD_OPTS_H
#define BMP_SERVER_UPLOAD_OPTS_H

#include <stdbool.h>

#include "bridgemp/usebio.h"
#include "server/http_internal.h"

#define SRV_UPLOAD_MAX_CONTROL 8
#define SRV_UPLOAD_MAX_SET 16

typedef struct srv_upload_opts {
    const char *control[SRV_UPLOAD_MAX_CONTROL];
    size_t ncontrol;
    const char *set[SRV_UPLOAD_MAX_SET];
    size_t nset;
    bmp_usebio_opts uo; /* edition, grade, classification, status, rating, sidecar_json, set */
} srv_upload_opts;

/* Fill u from the request's query; false after a 400 naming the parameter
 * and why (an unknown one, a set= without KEY=VALUE, a sidecar= that is not
 * a JSON object, status= and usebio-status= that disagree, too many). */
bool srv_upload_opts_read(srv_req *rq, srv_resp *rs, srv_upload_opts *u);

/* An upload's request (POST /api/v1/batches and /api/v1/preview): a club
 * token of its club and body, a file name, a kind, a body; false after the
 * 401/403/400 in rs. */
bool srv_upload_check(srv_req *rq, srv_resp *rs, const char **name, bmp_batch_source *src);
/* The import's options: u read from the query (srv_upload_opts_read), and
 * o, pointing into u and the request, with the token's body and club and
 * replaces=, reason=.  false after the 400 in rs. */
bool srv_upload_import_opts(srv_req *rq, srv_resp *rs, bmp_batch_source src, srv_upload_opts *u,
                            bmp_ledger_import_opts *o);
/* The ledger refused the file as another club's (ledger_club_check). */
bool srv_upload_club_refused(const bmp_error *e);

#endif
