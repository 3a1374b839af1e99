/* The HTML pages of `bridgemp serve` (issue 14), rendered by the server.
 *
 * web_page_render renders the page at `path` (no query string) into `out`;
 * `arg(ctx, key)` returns a query parameter (NULL when absent) and
 * *content_type is set to a static string.  Returns the HTTP status
 * (200, 400, 404), or 0 when `path` is not a page (the router then tries its
 * other routes).  Every value placed in HTML is escaped (web_buf_html).
 *
 * Planned pages: / (search form), /players?q=, /player/<body>/<number>,
 * /club/<body>/<number>, /event/<id>, /batch/<id>, /style.css.
 * The batch page's approve/reject forms will POST to the server's API route
 * /api/batches/<id>/approve and /api/batches/<id>/reject (server enforces the
 * bearer token).
 *
 * STATUS: not supported yet — the renderer answers 0 ("not a page") for every
 * path, so the server serves only its API.  See docs/rulings.md W-20. */
#ifndef BMP_SERVER_PAGES_H
#define BMP_SERVER_PAGES_H

#include "bridgemp/ledger.h"
#include "server/web_buf.h"

int web_page_render(bmp_ledger *l, const char *path, const char *(*arg)(void *ctx, const char *key),
                    void *ctx, web_buf *out, const char **content_type);

#endif
