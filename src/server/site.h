/* The HTML pages (web-pages' renderer, src/server/pages.h) as seen by the
 * router: true when `rq` is a page and rs holds it. */
#ifndef BMP_SERVER_SITE_H
#define BMP_SERVER_SITE_H

#include <stdbool.h>
#include "server/http_internal.h"

bool srv_site(srv_req *rq, srv_resp *rs);

#endif
