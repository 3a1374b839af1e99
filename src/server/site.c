/* Pages: delegated to the HTML renderer (src/server/pages.h) once it is
 * merged; until then no path outside /api is a page. */
#include "server/site.h"

bool srv_site(srv_req *rq, srv_resp *rs)
{
    (void)rq;
    (void)rs;
    return false;
}
