/* The REST API's query parameters checked (api_args.c, issue 30): each
 * answers 400 with the reason in rs and returns false/NULL when refused. */
#ifndef BMP_SERVER_API_ARGS_H
#define BMP_SERVER_API_ARGS_H

#include <stdbool.h>

#include "server/http_internal.h"

/* No query parameter but those of `allowed` (NULL-terminated). */
bool srv_args_only(srv_req *rq, srv_resp *rs, const char *const *allowed);
/* ?body=, required, a body of the registry (bmp_rules_find). */
const char *srv_body_arg(srv_req *rq, srv_resp *rs);
/* ?NAME=, required (the ledger checks it is a calendar date: EINVAL, 400). */
bool srv_date_arg(srv_req *rq, srv_resp *rs, const char *name, const char **out);
/* ?NAME=yyyy-mm, a month (*out NULL when absent). */
bool srv_month_arg(srv_req *rq, srv_resp *rs, const char *name, const char **out);

#endif
