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

#endif
