/* The HTML pages of `bridgemp serve` (pages.h): the dispatcher (one table
 * of pages), the stylesheet and the one script (the batch page's
 * approve/reject buttons, which call the API with a token).  The layout and
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
    "main{max-width:60rem;margin:0 auto;padding:1rem}\n"
    "h1{font-size:1.5rem;margin:.5rem 0}\n"
    "table{border-collapse:collapse;width:100%;margin:.5rem 0 1.5rem;background:#fff}\n"
    "caption{text-align:left;font-weight:600;padding:.3rem 0}\n"
    "th,td{border-bottom:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}\n"
    "td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}\n"
    ".wrap{overflow-x:auto}\n"
    "form{margin:.5rem 0 1rem}\n"
    "input,select,button{font:inherit;padding:.3rem .5rem;margin:.2rem 0}\n"
    "label{margin-right:.5rem}\n"
    ".chart{max-width:100%;height:auto;background:#fff;border:1px solid #ddd}\n"
    ".note{color:#555}\n"
    "dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}\n"
    "dt{font-weight:600}dd{margin:0}\n"
    ".error{color:#a00;font-weight:600}\n"
    "footer{color:#666;font-size:.85rem;text-align:center;padding:1rem}\n"
    ".skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:.5rem;background:#fff;"
    "color:#000;padding:.3rem}\n"
    "@media (max-width:40rem){th,td{padding:.25rem}body{font-size:15px}}\n";

/* The batch page's form: POST /api/v1/batches/{id}/{approve|reject} with
 * the token typed in (writes need "Authorization: Bearer", W-2). */
static const char app_js[] =
    "'use strict';\n"
    "document.addEventListener('DOMContentLoaded', function () {\n"
    "  var f = document.getElementById('decide');\n"
    "  if (!f) return;\n"
    "  f.addEventListener('submit', function (ev) {\n"
    "    ev.preventDefault();\n"
    "    var action = ev.submitter ? ev.submitter.value : 'approve';\n"
    "    var out = document.getElementById('outcome');\n"
    "    var body = action === 'reject' ? JSON.stringify({reason: f.reason.value}) : '{}';\n"
    "    fetch('/api/v1/batches/' + f.dataset.batch + '/' + action, {method: 'POST',\n"
    "      headers: {'Authorization': 'Bearer ' + f.token.value,\n"
    "                'Content-Type': 'application/json'}, body: body})\n"
    "      .then(function (r) { return r.json().then(function (j) {\n"
    "        out.textContent = r.ok ? action + 'd' : (j.error || ('HTTP ' + r.status));\n"
    "        if (r.ok) location.reload(); }); })\n"
    "      .catch(function (e) { out.textContent = String(e); });\n"
    "  });\n"
    "});\n";

typedef struct page_route {
    const char *name;   /* first path segment ("" for /) */
    size_t nseg;        /* segments after it */
    int (*fn)(page *p);
} page_route;

static const page_route page_routes[] = {
    {"", 0, page_home},        {"players", 0, page_search}, {"player", 2, page_player},
    {"player", 3, page_rank},
    {"clubs", 0, page_clubs},  {"club", 2, page_club},      {"events", 0, page_events},
    {"event", 2, page_event},  {"batch", 1, page_batch},    {NULL, 0, NULL},
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

int web_page_render(bmp_ledger *l, const char *path, const char *(*arg)(void *ctx, const char *key),
                    void *ctx, core_buf *out, const char **content_type)
{
    if (strcmp(path, "/style.css") == 0 || strcmp(path, "/app.js") == 0) {
        page p = {.out = out};
        int st = path[1] == 's' ? asset(&p, style_css, "text/css; charset=utf-8")
                                : asset(&p, app_js, "text/javascript; charset=utf-8");
        *content_type = p.ctype;
        return st;
    }
    char buf[1024];
    const char *name = NULL;
    page p = {.l = l, .arg = arg, .ctx = ctx, .out = out, .ctype = "text/html; charset=utf-8"};
    if (strlen(path) >= sizeof buf)
        return 0;
    p.nseg = split(path, buf, sizeof buf, &name, p.seg);
    for (const page_route *r = page_routes; r->name; r++) {
        if (strcmp(r->name, name) != 0 || r->nseg != p.nseg)
            continue;
        for (size_t i = 0; i < p.nseg; i++)
            if (!*p.seg[i])
                return 0;
        int st = r->fn(&p);
        *content_type = p.ctype;
        return st;
    }
    return 0;
}
