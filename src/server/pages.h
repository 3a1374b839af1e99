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
 * /batch/<id> (a secretary's or the club's view; approve, reject, accept
 * carried figures), /submit and /submissions (a club's submission and its
 * batches, issue 29), the back office /office, /period, /invoices,
 * /invoice/<body>/<number> (pages_office.c, pages_invoices.c), /style.css,
 * /app.js. */
#ifndef BMP_SERVER_PAGES_H
#define BMP_SERVER_PAGES_H

#include <stddef.h>
#include "bridgemp/ledger.h"
#include "bridgemp/ledger_user.h"
#include "server/web_buf.h"

int web_page_render(bmp_ledger *l, const char *path, const char *(*arg)(void *ctx, const char *key),
                    void *ctx, core_buf *out, const char **content_type);

/* A write a page makes (session.h's page_write): runs on a writing
 * connection whose `who` is the user's name. */
typedef bmp_status (*web_write_fn)(bmp_ledger *w, void *arg, bmp_error *e);

/* What the server knows of a request beyond its path (issue 29). */
typedef struct web_ctx {
    bmp_ledger *l;                                  /* a read-only handle */
    const char *(*arg)(void *ctx, const char *key); /* a query argument */
    void *ctx;
    const char *method;                             /* "GET" or "POST" */
    const bmp_user *user;                           /* NULL: nobody logged in */
    const char *csrf;                               /* the session's CSRF token, or "" */
    const char *body;                               /* a POST's form (urlencoded) */
    size_t body_len;
    bmp_status (*write)(void *ctx, const char *who, web_write_fn fn, void *arg, bmp_error *e);
    char *location;                                 /* [256]: where a 303 sends */
    /* A field of a multipart/form-data POST (a file upload's form, form.h):
     * its bytes and *len, *filename "" unless a file; NULL when absent.
     * NULL for a urlencoded POST (then body holds the form). */
    const char *(*field)(void *ctx, const char *name, size_t *len, const char **filename);
    /* Run fn on a read-only connection of its own, outside the request's
     * snapshot (a dry run with its own read transaction: the submission's
     * preview).  NULL: fn runs on l (tests). */
    bmp_status (*read)(void *ctx, web_write_fn fn, void *arg, bmp_error *e);
    const bmp_limits *limits;  /* the work a submitted file may ask for (NULL: defaults) */
} web_ctx;

/* web_page_render with the session: a POST reaches a page's post handler
 * (the server has checked its CSRF token); 405 for a POST to a page that
 * takes none. */
int web_page_serve(const web_ctx *c, const char *path, core_buf *out,
                   const char **content_type);
/* Does `path` name a page that takes a POST? */
bool web_page_posts(const char *path);
/* The ledger's HTML invoice or credit note (bmp_ledger_invoice_document,
 * len bytes) appended to out as the site serves it: its inline <style>
 * (which the server's Content-Security-Policy blocks) replaced by a link
 * to /style.css, its body of class "invoice" (pages_invoices.c); the
 * /invoice page and the API's ?format=html answer alike. */
void web_invoice_site_html(core_buf *out, const char *doc, size_t len);

#endif
