/* The layout, table and link helpers every page uses
 * (pages_internal.h), apart from the dispatcher (pages.c) so that the pages
 * and the dispatcher do not use each other. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_api.h"
#include "bridgemp/rules.h"
#include "server/pages_internal.h"

const char *page_arg(page *p, const char *key)
{
    const char *v = p->arg ? p->arg(p->ctx, key) : NULL;
    return v && *v ? v : NULL;
}

/* The links of the user's roles (issue 29): a scorer's submission page and
 * their club's batches, a secretary's back office; none for nobody (so a
 * public page's header is the same for everyone: the response cache). */
static void role_links(page *p)
{
    bool scorer = false, secretary = false;
    for (size_t i = 0; p->user && i < p->user->nroles; i++) {
        scorer |= p->user->roles[i].kind == BMP_ROLE_SCORER;
        secretary |= p->user->roles[i].kind == BMP_ROLE_SECRETARY;
    }
    if (scorer)
        core_buf_puts(p->out, "<a href=\"/submit\" id=\"nav-submit\">Submit</a><a "
                              "href=\"/submissions\" id=\"nav-batches\">My batches</a>");
    if (secretary)
        core_buf_puts(p->out, "<a href=\"/office\" id=\"nav-office\">Office</a>");
}

void page_head(page *p, const char *title)
{
    core_buf *b = p->out;
    core_buf_puts(b, "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
                    "<title>");
    web_buf_html(b, title);
    core_buf_puts(b, " · bridgemp</title><link rel=\"stylesheet\" href=\"/style.css\">"
                    "<script src=\"/app.js\" defer></script></head>\n<body><a class=\"skip\" "
                    "href=\"#main\">Skip to content</a><header><nav "
                    "aria-label=\"site\"><a href=\"/\">Masterpoints</a><a href=\"/clubs\">Clubs"
                    "</a><a href=\"/events\">Events</a>");
    role_links(p);
    core_buf_puts(b, "</nav>");
    if (p->user) { /* who is logged in, and the way out (a POST with the CSRF token) */
        core_buf_puts(b, "<form method=\"post\" action=\"/logout\" class=\"who\" id=\"logout\">");
        page_csrf_input(p);
        core_buf_puts(b, "<span id=\"user\">");
        web_buf_html(b, p->user->name);
        core_buf_puts(b, "</span> <button type=\"submit\">Log out</button></form>");
    }
    core_buf_puts(b, "</header>\n<main id=\"main\">");
}

void page_foot(page *p)
{
    core_buf_puts(p->out, "</main>\n<footer>bridgemp — exact masterpoints</footer></body></html>\n");
}

int page_error(page *p, int status, const char *msg)
{
    core_buf_reset(p->out);
    const char *h = status == 404 ? "Not found" : status == 400 ? "Bad request"
                  : status == 403 ? "Not allowed" : "Error";
    page_head(p, status == 404 ? "Not found" : status == 403 ? "Not allowed" : "Error");
    core_buf_printf(p->out, "<h1>%s</h1><p class=\"error\" role=\"alert\">", h);
    web_buf_html(p->out, msg);
    core_buf_puts(p->out, "</p>");
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

void page_url(core_buf *b, const char *s)
{
    web_buf_url(b, s);
}

void page_link(core_buf *b, const char *prefix, const char *key, const char *text)
{
    core_buf_puts(b, "<a href=\"");
    web_buf_html(b, prefix);
    page_url(b, key);
    core_buf_puts(b, "\">");
    web_buf_html(b, text);
    core_buf_puts(b, "</a>");
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

/* "point_type" -> "point type", "why" -> "reason" (escaped: a heading is
 * also an attribute) */
static void heading(core_buf *b, const char *col)
{
    if (strcmp(col, "why") == 0)
        col = "reason";
    else if (strcmp(col, "event_date") == 0)
        col = "date";
    char h[64];
    size_t n = 0;
    for (; *col && n + 1 < sizeof h; col++)
        h[n++] = *col == '_' ? ' ' : *col;
    h[n] = '\0';
    web_buf_html(b, h);
}

static bool club_column(const page_table_opts *o, const char *col)
{
    return o->clubs && (strcmp(col, "club") == 0 || strcmp(col, "home_club") == 0);
}

static void table_head(core_buf *b, const bmp_table *t, const page_table_opts *o)
{
    core_buf_puts(b, "<div class=\"wrap\"><table class=\"stack\">");
    if (o->caption) {
        core_buf_puts(b, "<caption>");
        web_buf_html(b, o->caption);
        core_buf_puts(b, "</caption>");
    }
    core_buf_puts(b, "<thead><tr>");
    for (size_t k = 0; k < t->ncols; k++) {
        if (hidden(o, t->columns[k]))
            continue;
        core_buf_puts(b, numeric(t->columns[k]) ? "<th scope=\"col\" class=\"n\">"
                                                 : "<th scope=\"col\">");
        heading(b, t->columns[k]);
        core_buf_puts(b, "</th>");
    }
    core_buf_puts(b, "</tr></thead><tbody>\n");
}

/* A club's number as its name, linked to its page (the number where the
 * body's list has no such club). */
static void club_cell(core_buf *b, const page_table_opts *o, const char *number)
{
    page_link(b, o->club_prefix, number, page_club_name(o->clubs, number));
}

void page_table(core_buf *b, const bmp_table *t, const page_table_opts *o)
{
    table_head(b, t, o);
    for (size_t r = 0; r < t->nrows; r++) {
        core_buf_puts(b, "<tr>");
        for (size_t k = 0; k < t->ncols; k++) {
            if (hidden(o, t->columns[k]))
                continue;
            const char *v = bmp_table_get(t, r, k);
            core_buf_puts(b, numeric(t->columns[k]) ? "<td class=\"n\" data-label=\""
                                                     : "<td data-label=\"");
            heading(b, t->columns[k]);
            core_buf_puts(b, "\">");
            if (k == o->link_col && v && *v)
                page_link(b, o->prefix, bmp_table_get(t, r, o->key_col), v);
            else if (club_column(o, t->columns[k]) && v && *v)
                club_cell(b, o, v);
            else
                web_buf_html(b, v);
            core_buf_puts(b, "</td>");
        }
        core_buf_puts(b, "</tr>\n");
    }
    core_buf_puts(b, "</tbody></table></div>\n");
}

void page_pager(core_buf *b, const char *base, size_t pg, size_t per_page, size_t total)
{
    size_t last = total ? (total + per_page - 1) / per_page : 1;
    core_buf_printf(b, "<nav aria-label=\"pages\"><p>Page %zu of %zu", pg, last);
    if (pg > 1)
        core_buf_printf(b, " · <a rel=\"prev\" href=\"%s&amp;page=%zu\">previous</a>", base, pg - 1);
    if (pg < last)
        core_buf_printf(b, " · <a rel=\"next\" href=\"%s&amp;page=%zu\">next</a>", base, pg + 1);
    core_buf_puts(b, "</p></nav>\n");
}

/* The body of the page: ?body= when it names one, else the first body
 * with players (in the registry's order), else the registry's first. */
const char *page_body(page *p)
{
    const bmp_rules *want = bmp_rules_find(page_arg(p, "body"));
    if (want)
        return want->body;
    const bmp_rules *const *all = bmp_rules_list();
    for (size_t i = 0; all[i]; i++) { /* the first body with players */
        bmp_table t;
        bmp_table_init(&t);
        size_t total = 0;
        bmp_error e = {0};
        bmp_status st = page_lost(p, bmp_ledger_find_players(p->l, all[i]->body, NULL, 0, 1, &t,
                                                             &total, &e));
        bmp_table_free(&t);
        if (!st && total)
            return all[i]->body;
    }
    return all[0]->body;
}

/* A <select> of every body the registry knows, by its name. */
void page_body_select(page *p, const char *chosen)
{
    core_buf *b = p->out;
    const bmp_rules *const *all = bmp_rules_list();
    core_buf_puts(b, "<label for=\"body\">Body</label><select id=\"body\" name=\"body\">");
    for (size_t i = 0; all[i]; i++) {
        core_buf_puts(b, "<option value=\"");
        web_buf_html(b, all[i]->body);
        core_buf_printf(b, "\"%s>", strcmp(chosen, all[i]->body) == 0 ? " selected" : "");
        web_buf_html(b, all[i]->name);
        core_buf_puts(b, "</option>");
    }
    core_buf_puts(b, "</select>");
}

void page_clubs_of(page *p, const char *body, bmp_table *t)
{
    bmp_error e = {0};
    bmp_table_init(t);
    if (page_lost(p, bmp_ledger_club_names(p->l, body, t, &e)))
        bmp_table_free(t), bmp_table_init(t);
}

const char *page_club_name(const bmp_table *clubs, const char *number)
{
    size_t r = bmp_table_find_row(clubs, number);
    const char *name = r == (size_t)-1 ? NULL : bmp_table_get(clubs, r, 1);
    return name && *name ? name : number;
}

/* The session's CSRF token as a form's hidden input (issue 29, session.h). */
void page_csrf_input(page *p)
{
    const char *t = p->web && p->web->csrf ? p->web->csrf : "";
    core_buf_puts(p->out, "<input type=\"hidden\" name=\"csrf\" value=\"");
    web_buf_html(p->out, t);
    core_buf_puts(p->out, "\">");
}
