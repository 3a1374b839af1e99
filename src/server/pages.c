/* The HTML pages of `bridgemp serve` (pages.h): the dispatcher (one table
 * of pages, each with its GET handler and, for a form, its POST handler),
 * the stylesheet and the one script.  The layout and
 * the helpers every page uses are in pages_util.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_api.h"
#include "server/pages.h"
#include "server/pages_internal.h"

static const char style_css[] =
    "*{box-sizing:border-box}\n"
    "body{font:16px/1.45 system-ui,sans-serif;margin:0;color:#1b1b1b;background:#fafafa}\n"
    "header{background:#0b4f6c;color:#fff;padding:.6rem 1rem}\n"
    "header a{color:#fff;margin-right:1rem;text-decoration:none;font-weight:600}\n"
    "header{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:center}\n"
    "header form.who{margin:0}header form.who button{margin-left:.5rem}\n"
    "main{max-width:60rem;margin:0 auto;padding:1rem}\n"
    "h1{font-size:1.5rem;margin:.5rem 0}\n"
    "table{border-collapse:collapse;width:100%;margin:.5rem 0 1.5rem;background:#fff}\n"
    "caption{text-align:left;font-weight:600;padding:.3rem 0}\n"
    "th,td{border-bottom:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}\n"
    "td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}\n"
    ".wrap{overflow-x:auto}\n"
    "form{margin:.5rem 0 1rem}\n"
    "input,select,button{font:inherit;padding:.3rem .5rem;margin:.2rem 0}\n"
    "textarea{font-family:monospace;width:100%;max-width:40rem}\n"
    "fieldset{min-width:0;max-width:42rem}\n"
    "label{margin-right:.5rem}\n"
    ".chart{display:block;width:100%;max-width:36rem;height:auto;background:#fff;"
    "border:1px solid #ddd}\n"
    "tfoot th,tfoot td{font-weight:700;border-top:2px solid #888}\n"
    "td{overflow-wrap:break-word}\n"
    ".note{color:#555}\n"
    "dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}\n"
    "dt{font-weight:600}dd{margin:0}\n"
    ".error{color:#a00;font-weight:600}\n"
    "footer{color:#666;font-size:.85rem;text-align:center;padding:1rem}\n"
    /* the ledger's invoice document (pages_invoices.c) */
    "body.invoice{background:#fff;max-width:60rem;margin:0 auto;padding:1rem}\n"
    ".skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:.5rem;background:#fff;"
    "color:#000;padding:.3rem}\n"
    "@media (max-width:40rem){th,td{padding:.25rem}body{font-size:15px}main{padding:.6rem}\n"
    /* stacked rows: each cell on its own line with its column's heading
     * (data-label), so that no column is cut off on a phone (issue 30) */
    "table.stack thead{position:absolute;width:1px;height:1px;overflow:hidden;"
    "clip:rect(0 0 0 0)}\n"
    "table.stack,table.stack tbody,table.stack caption{display:block;width:100%}\n"
    "table.stack tr{display:block;border-bottom:1px solid #bbb;padding:.2rem 0}\n"
    "table.stack td{display:flex;justify-content:space-between;gap:1rem;border:0;"
    "text-align:right}\n"
    "table.stack td::before{content:attr(data-label);font-weight:600;text-align:left;"
    "flex:none}\n"
    /* the invoice's six columns on a phone: numbers kept whole, its rule
     * and charge wrapped anywhere */
    "body.invoice{padding:.6rem;font-size:14px}\n"
    "body.invoice th,body.invoice td{padding:.2rem .25rem}\n"
    "body.invoice td:first-child,body.invoice .n{white-space:nowrap}\n"
    "body.invoice td:nth-child(4),body.invoice td:nth-child(5){overflow-wrap:anywhere}\n"
    "}\n";

/* The one script: nothing needs it since the batch page's form became a
 * plain POST with its CSRF token (issue 29); kept for the pages to come. */
static const char app_js[] = "'use strict';\n";

typedef struct page_route {
    const char *name;   /* first path segment ("" for /) */
    size_t nseg;        /* segments after it */
    int (*fn)(page *p);
    int (*post)(page *p); /* NULL: the page takes no POST (405) */
} page_route;

static const page_route page_routes[] = {
    {"", 0, page_home, NULL},         {"players", 0, page_search, NULL},
    {"player", 2, page_player, NULL}, {"player", 3, page_rank, NULL},
    {"clubs", 0, page_clubs, NULL},
    {"club", 2, page_club, NULL},     {"events", 0, page_events, NULL},
    {"event", 2, page_event, NULL},   {"batch", 1, page_batch, page_batch_post},
    {"submit", 0, page_submit, page_submit_post}, /* a club's submission (issue 29) */
    {"submissions", 0, page_submissions, NULL},   /* a club's batches */
    /* the secretary's back office (pages_office.c, issue 29) */
    {"office", 0, page_office, NULL}, {"period", 0, page_period, page_period_post},
    {"invoices", 0, page_invoices, NULL}, {"invoice", 2, page_invoice, NULL},
    {"charges", 0, page_charges, page_charges_post}, /* charge runs (pages_charges.c) */
    {"register", 0, page_register, NULL}, /* the register (pages_register.c) */
    {"register", 2, page_register_record, page_register_post},
    {"duplicates", 0, page_duplicates, NULL},
    {NULL, 0, NULL, NULL},
};

/* Split "/name/a/b" into name and segments, each percent-decoded into buf
 * (web_path_segments: a club number "NZ/7" is the one segment NZ%2F7);
 * 5 when the path has more segments than any page, or is not a path. */
static size_t split(const char *path, char *buf, size_t size, const char **name, const char **seg)
{
    const char *all[6];
    int n = web_path_segments(path, buf, size, all, 6);
    *name = "";
    if (n < 1 || n > 5)
        return 5;
    *name = all[0];
    for (int i = 1; i < n; i++)
        seg[i - 1] = all[i];
    return (size_t)(n - 1);
}

static int asset(page *p, const char *text, const char *ctype)
{
    core_buf_puts(p->out, text);
    p->ctype = ctype;
    return 200;
}

/* The route of `path` (segments into p), or NULL. */
static const page_route *find_route(const char *path, char *buf, size_t size, page *p)
{
    const char *name = NULL;
    if (strlen(path) >= size)
        return NULL;
    p->nseg = split(path, buf, size, &name, p->seg);
    for (const page_route *r = page_routes; r->name; r++) {
        if (strcmp(r->name, name) != 0 || r->nseg != p->nseg)
            continue;
        for (size_t i = 0; i < p->nseg; i++)
            if (!*p->seg[i])
                return NULL;
        return r;
    }
    return NULL;
}

bool web_page_posts(const char *path)
{
    char buf[1024];
    page p = {0};
    const page_route *r = find_route(path, buf, sizeof buf, &p);
    return r && r->post;
}

int web_page_serve(const web_ctx *c, const char *path, core_buf *out, const char **content_type)
{
    bool post = c->method && strcmp(c->method, "POST") == 0;
    if (!post && (strcmp(path, "/style.css") == 0 || strcmp(path, "/app.js") == 0)) {
        page p = {.out = out};
        int st = path[1] == 's' ? asset(&p, style_css, "text/css; charset=utf-8")
                                : asset(&p, app_js, "text/javascript; charset=utf-8");
        *content_type = p.ctype;
        return st;
    }
    char buf[1024];
    page p = {.l = c->l, .arg = c->arg, .ctx = c->ctx, .out = out, .web = c, .path = path,
              .user = c->user, .ctype = "text/html; charset=utf-8"};
    const page_route *r = find_route(path, buf, sizeof buf, &p);
    if (!r || (post && !r->post))
        return r ? page_error(&p, 405, "this page takes no form") : 0;
    int st = post ? r->post(&p) : r->fn(&p);
    *content_type = p.ctype;
    return st;
}

int web_page_render(bmp_ledger *l, const char *path, const char *(*arg)(void *ctx, const char *key),
                    void *ctx, core_buf *out, const char **content_type)
{
    web_ctx c = {.l = l, .arg = arg, .ctx = ctx, .method = "GET", .csrf = ""};
    return web_page_serve(&c, path, out, content_type);
}
