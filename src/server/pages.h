/* The HTML pages of `bridgemp serve` (issue 14), rendered by the server.
 *
 * web_page_render renders the page at `path` (no query string) into `out`;
 * `arg(ctx, key)` returns a query parameter (NULL when absent) and
 * *content_type is set to a static string.  Returns the HTTP status
 * (200, 400, 404), or 0 when `path` is not a page (the router then tries its
 * other routes).  Every value placed in HTML is escaped (web_buf_html).
 *
 * The pages: / (search form, recent events), /players?body=&q=&page=,
 * /player/<body>/<number> (holdings, rank, chart, recent awards), /clubs,
 * /club/<body>/<number>?period=, /events, /event/<body>/<id>?explain=1,
 * /batch/<id> (approve/reject through the API), /style.css, /app.js. */
#ifndef BMP_SERVER_PAGES_H
#define BMP_SERVER_PAGES_H

#include "bridgemp/ledger.h"
#include "server/web_buf.h"

int web_page_render(bmp_ledger *l, const char *path, const char *(*arg)(void *ctx, const char *key),
                    void *ctx, core_buf *out, const char **content_type);

#endif
