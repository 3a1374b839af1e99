/* The HTML pages of `bridgemp serve` (pages.h): the dispatcher, the layout
 * and the helpers every page uses, the stylesheet and the one script (the
 * batch page's approve/reject buttons, which call the API with a token). */
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

const char *page_arg(page *p, const char *key)
{
    const char *v = p->arg ? p->arg(p->ctx, key) : NULL;
    return v && *v ? v : NULL;
}

void page_head(page *p, const char *title)
{
    web_buf *b = p->out;
    web_buf_puts(b, "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
                    "<title>");
    web_buf_html(b, title);
    web_buf_puts(b, " · bridgemp</title><link rel=\"stylesheet\" href=\"/style.css\">"
                    "<script src=\"/app.js\" defer></script></head>\n<body><a class=\"skip\" "
                    "href=\"#main\">Skip to content</a><header><nav "
                    "aria-label=\"site\"><a href=\"/\">Masterpoints</a><a href=\"/clubs\">Clubs"
                    "</a><a href=\"/events\">Events</a></nav></header>\n<main id=\"main\">");
}

void page_foot(page *p)
{
    web_buf_puts(p->out, "</main>\n<footer>bridgemp — exact masterpoints</footer></body></html>\n");
}

int page_error(page *p, int status, const char *msg)
{
    web_buf_reset(p->out);
    page_head(p, status == 404 ? "Not found" : "Error");
    web_buf_printf(p->out, "<h1>%s</h1><p class=\"error\" role=\"alert\">",
                   status == 404 ? "Not found" : status == 400 ? "Bad request" : "Error");
    web_buf_html(p->out, msg);
    web_buf_puts(p->out, "</p>");
    page_foot(p);
    return status;
}

int page_fail(page *p, bmp_status st, const bmp_error *e)
{
    if (st == BMP_ENOTFOUND)
        return page_error(p, 404, e->msg);
    if (st == BMP_EINVAL || st == BMP_EPARSE || st == BMP_ERANGE)
        return page_error(p, 400, e->msg);
    page_lost(p, st);
    return 500;
}

bmp_status page_lost(page *p, bmp_status st)
{
    if (st && st != BMP_ENOTFOUND)
        p->out->failed = true;
    return st;
}

void page_url(web_buf *b, const char *s)
{
    static const char hex[] = "0123456789ABCDEF";
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
            c == '-' || c == '_' || c == '.' || c == '~') {
            web_buf_append(b, s, 1);
        } else {
            char e[3] = {'%', hex[c >> 4], hex[c & 15]};
            web_buf_append(b, e, 3);
        }
    }
}

void page_link(web_buf *b, const char *prefix, const char *key, const char *text)
{
    web_buf_puts(b, "<a href=\"");
    web_buf_html(b, prefix);
    page_url(b, key);
    web_buf_puts(b, "\">");
    web_buf_html(b, text);
    web_buf_puts(b, "</a>");
}

size_t page_col(const bmp_table *t, const char *name)
{
    for (size_t k = 0; k < t->ncols; k++)
        if (strcmp(t->columns[k], name) == 0)
            return k;
    return (size_t)-1;
}

static bool hidden(const page_table_opts *o, const char *col)
{
    for (size_t i = 0; o->hide && o->hide[i]; i++)
        if (strcmp(o->hide[i], col) == 0)
            return true;
    return false;
}

static bool numeric(const char *col)
{
    return strcmp(col, "points") == 0 || strcmp(col, "total_points") == 0 ||
           strcmp(col, "lines") == 0 || strcmp(col, "members") == 0;
}

/* "point_type" -> "point type" */
static void heading(web_buf *b, const char *col)
{
    for (; *col; col++)
        web_buf_append(b, *col == '_' ? " " : col, 1);
}

static void table_head(web_buf *b, const bmp_table *t, const page_table_opts *o)
{
    web_buf_puts(b, "<div class=\"wrap\"><table>");
    if (o->caption) {
        web_buf_puts(b, "<caption>");
        web_buf_html(b, o->caption);
        web_buf_puts(b, "</caption>");
    }
    web_buf_puts(b, "<thead><tr>");
    for (size_t k = 0; k < t->ncols; k++) {
        if (hidden(o, t->columns[k]))
            continue;
        web_buf_printf(b, "<th scope=\"col\"%s>", numeric(t->columns[k]) ? " class=\"n\"" : "");
        heading(b, t->columns[k]);
        web_buf_puts(b, "</th>");
    }
    web_buf_puts(b, "</tr></thead><tbody>\n");
}

void page_table(web_buf *b, const bmp_table *t, const page_table_opts *o)
{
    table_head(b, t, o);
    for (size_t r = 0; r < t->nrows; r++) {
        web_buf_puts(b, "<tr>");
        for (size_t k = 0; k < t->ncols; k++) {
            if (hidden(o, t->columns[k]))
                continue;
            const char *v = bmp_table_get(t, r, k);
            web_buf_puts(b, numeric(t->columns[k]) ? "<td class=\"n\">" : "<td>");
            if (k == o->link_col && v && *v)
                page_link(b, o->prefix, bmp_table_get(t, r, o->key_col), v);
            else
                web_buf_html(b, v);
            web_buf_puts(b, "</td>");
        }
        web_buf_puts(b, "</tr>\n");
    }
    web_buf_puts(b, "</tbody></table></div>\n");
}

void page_pager(web_buf *b, const char *base, size_t pg, size_t per_page, size_t total)
{
    size_t last = total ? (total + per_page - 1) / per_page : 1;
    web_buf_printf(b, "<nav aria-label=\"pages\"><p>Page %zu of %zu", pg, last);
    if (pg > 1)
        web_buf_printf(b, " · <a rel=\"prev\" href=\"%s&amp;page=%zu\">previous</a>", base, pg - 1);
    if (pg < last)
        web_buf_printf(b, " · <a rel=\"next\" href=\"%s&amp;page=%zu\">next</a>", base, pg + 1);
    web_buf_puts(b, "</p></nav>\n");
}

typedef struct page_route {
    const char *name;   /* first path segment ("" for /) */
    size_t nseg;        /* segments after it */
    int (*fn)(page *p);
} page_route;

static const page_route page_routes[] = {
    {"", 0, page_home},        {"players", 0, page_search}, {"player", 2, page_player},
    {"clubs", 0, page_clubs},  {"club", 2, page_club},      {"events", 0, page_events},
    {"event", 2, page_event},  {"batch", 1, page_batch},    {NULL, 0, NULL},
};

/* Split "/name/a/b" into name and segments (copied into buf). */
static size_t split(const char *path, char *buf, size_t size, const char **name, const char **seg)
{
    snprintf(buf, size, "%s", path + (*path == '/'));
    *name = buf;
    size_t n = 0;
    for (char *s = strchr(buf, '/'); s; s = strchr(s + 1, '/')) {
        *s = '\0';
        if (n == 4)
            return 5;
        seg[n++] = s + 1;
    }
    return n;
}

static int asset(page *p, const char *text, const char *ctype)
{
    web_buf_puts(p->out, text);
    p->ctype = ctype;
    return 200;
}

int web_page_render(bmp_ledger *l, const char *path, const char *(*arg)(void *ctx, const char *key),
                    void *ctx, web_buf *out, const char **content_type)
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

static const char *const page_bodies[][2] = {
    {"abf", "ABF"}, {"nzb", "NZ Bridge"}, {"ebu", "EBU"}, {"acbl", "ACBL"}, {NULL, NULL}};

const char *page_body(page *p)
{
    const char *want = page_arg(p, "body");
    for (size_t i = 0; want && page_bodies[i][0]; i++)
        if (strcmp(want, page_bodies[i][0]) == 0)
            return page_bodies[i][0];
    for (size_t i = 0; page_bodies[i][0]; i++) { /* the first body with players */
        bmp_table t;
        bmp_table_init(&t);
        size_t total = 0;
        bmp_error e = {0};
        bmp_status st = page_lost(p, bmp_ledger_find_players(p->l, page_bodies[i][0], NULL, 0, 1,
                                                             &t, &total, &e));
        bmp_table_free(&t);
        if (!st && total)
            return page_bodies[i][0];
    }
    return page_bodies[0][0];
}

void page_body_select(page *p, const char *chosen)
{
    web_buf *b = p->out;
    web_buf_puts(b, "<label for=\"body\">Body</label><select id=\"body\" name=\"body\">");
    for (size_t i = 0; page_bodies[i][0]; i++)
        web_buf_printf(b, "<option value=\"%s\"%s>%s</option>", page_bodies[i][0],
                       strcmp(chosen, page_bodies[i][0]) == 0 ? " selected" : "",
                       page_bodies[i][1]);
    web_buf_puts(b, "</select>");
}
