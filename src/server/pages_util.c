/* The layout, table and link helpers every page uses
 * (pages_internal.h), apart from the dispatcher (pages.c) so that the pages
 * and the dispatcher do not use each other. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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
    } else { /* the same for everyone not logged in (the response cache) */
        core_buf_puts(b, "<a class=\"who\" id=\"login-link\" href=\"/login\">Log in</a>");
    }
    core_buf_puts(b, "</header>\n<main id=\"main\">");
}

void page_foot(page *p)
{
    core_buf_puts(p->out, "</main>\n<footer>bridgemp — exact masterpoints</footer></body></html>\n");
}

/* Leading digits of s as a span length. */
static size_t digits(const char *s)
{
    size_t n = 0;
    while (s[n] >= '0' && s[n] <= '9')
        n++;
    return n;
}

static size_t hexes(const char *s)
{
    size_t n = 0;
    while ((s[n] >= '0' && s[n] <= '9') || (s[n] >= 'a' && s[n] <= 'f'))
        n++;
    return n;
}

static bool starts(const char *s, const char *with)
{
    return strncmp(s, with, strlen(with)) == 0;
}

/* An event key "name=N;date=D;club=C" (event_key.c) up to ')' or the
 * end, as words: "N", D, club C.  Its length. */
static size_t event_key_words(core_buf *o, const char *s)
{
    size_t n = strcspn(s, ")");
    const char *end = s + n, *f = s;
    bool first = true;
    while (f < end) {
        const char *semi = memchr(f, ';', (size_t)(end - f)), *stop = semi ? semi : end;
        const char *eq = memchr(f, '=', (size_t)(stop - f));
        if (eq) {
            size_t kn = (size_t)(eq - f);
            core_buf_puts(o, first ? "" : ", ");
            if (kn == 4 && strncmp(f, "name", 4) == 0)
                core_buf_printf(o, "\u201c%.*s\u201d", (int)(stop - eq - 1), eq + 1);
            else if (kn == 4 && strncmp(f, "club", 4) == 0)
                core_buf_printf(o, "club %.*s", (int)(stop - eq - 1), eq + 1);
            else
                core_buf_append(o, eq + 1, (size_t)(stop - eq - 1));
            first = false;
        }
        f = stop + (semi ? 1 : 0);
    }
    return n;
}

/* A ledger message in the browser's words (issue 44): the command line's
 * options as the form's fields ("--replaces 1 --reason R" is "Replaces
 * batch 1" with a reason, "--club" the club chosen), content hashes left
 * out, an event's key as its name, date and club; then escaped. */
void page_words(core_buf *b, const char *msg)
{
    core_buf o;
    core_buf_init(&o);
    for (const char *s = msg ? msg : ""; *s;) {
        size_t n;
        if (starts(s, "give --replaces ") && (n = digits(s + 16)) &&
            starts(s + 16 + n, " --reason R to correct it")) {
            core_buf_printf(&o, "submit it again as a correction: choose \u201cReplaces batch "
                                "%.*s\u201d and give a reason", (int)n, s + 16);
            s += 16 + n + strlen(" --reason R to correct it");
        } else if (starts(s, "--replaces ") && (n = digits(s + 11))) {
            core_buf_printf(&o, "\u201cReplaces batch %.*s\u201d", (int)n, s + 11);
            s += 11 + n;
            if (starts(s, " --reason R")) {
                core_buf_puts(&o, " with a reason");
                s += strlen(" --reason R");
            }
        } else if (starts(s, "(--club ")) {
            core_buf_puts(&o, "(the club chosen: ");
            s += 8;
        } else if (starts(s, "--club")) {
            core_buf_puts(&o, "the club chosen");
            s += 6;
        } else if (starts(s, " (sha256 ") && (n = hexes(s + 9)) && starts(s + 9 + n, "...)")) {
            s += 9 + n + 4;
        } else if (starts(s, "sha256 ") && (n = hexes(s + 7)) >= 12) {
            core_buf_puts(&o, "the same content");
            s += 7 + n;
        } else if (starts(s, "name=") && strchr(s, ';')) {
            s += event_key_words(&o, s);
        } else {
            core_buf_putc(&o, *s++);
        }
    }
    if (o.failed) /* an allocation lost: the page is lost, never a shorter one */
        b->failed = true;
    else
        web_buf_html(b, o.data ? o.data : "");
    core_buf_free(&o);
}

int page_error(page *p, int status, const char *msg)
{
    core_buf_reset(p->out);
    const char *h = status == 404 ? "Not found" : status == 400 ? "Bad request"
                  : status == 403 ? "Not allowed" : "Error";
    page_head(p, status == 404 ? "Not found" : status == 403 ? "Not allowed" : "Error");
    core_buf_printf(p->out, "<h1>%s</h1><p class=\"error\" role=\"alert\">", h);
    page_words(p->out, msg);
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

const char *page_built(page *p, const core_buf *b)
{
    if (!b->failed)
        return b->data ? b->data : "";
    page_lost(p, BMP_ENOMEM);
    return NULL;
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

/* Whether the points of type `type` of rules r (NULL type: the body's
 * total) are recorded in whole points: a whole-unit type (EBU Local,
 * EBU-1), or a total whose every counted type is whole once weighted
 * (EBU: Local + 100 x Blue + 100 x Green, 2.6.1). */
static bool whole_unit(const bmp_rules *r, const char *type)
{
    if (!r)
        return false;
    if (type) {
        const bmp_point_type *t = bmp_rules_point_type(r, type);
        return t && t->unit == BMP_UNIT_WHOLE;
    }
    size_t n = bmp_rules_point_type_count(r), counted = 0;
    for (size_t k = 0; k < n; k++) {
        const bmp_point_type *t = &r->point_types[k];
        if (t->total_weight && (t->unit * t->total_weight) % BMP_UNIT_WHOLE)
            return false;
        counted += t->total_weight != 0;
    }
    return counted > 0;
}

void page_points(core_buf *b, const bmp_rules *r, const char *type, bmp_points v)
{
    char t[32];
    bmp_points_format(v, t, sizeof t);
    size_t n = strlen(t);
    if (whole_unit(r, type) && n > 3 && strcmp(t + n - 3, ".00") == 0)
        t[n - 3] = '\0';
    core_buf_puts(b, t);
}

/* A cell of points ("36.00") as the body writes it ("36" for EBU Local):
 * a column named after a point type, "total", or "points" beside a
 * "point_type" column; v itself otherwise. */
static void points_cell(core_buf *b, const bmp_table *t, size_t r, size_t k,
                        const page_table_opts *o, const char *v)
{
    const char *col = t->columns[k], *type = NULL;
    bool total = strcmp(col, "total") == 0 || strcmp(col, "total_points") == 0;
    size_t ct = page_col(t, "point_type");
    if (strcmp(col, "points") == 0 && ct != (size_t)-1)
        type = bmp_table_get(t, r, ct);
    else if (o->rules && bmp_rules_point_type(o->rules, col))
        type = col;
    bmp_points x = 0;
    if (strcmp(col, "rank") == 0 && v && !*v)
        core_buf_puts(b, "none yet"); /* as the player page says (issue 44 item 5) */
    else if (o->rules && (type || total) && v && bmp_points_parse(v, &x))
        page_points(b, o->rules, type, x);
    else
        web_buf_html(b, v);
}

void page_table(core_buf *b, const bmp_table *t, const page_table_opts *o)
{
    table_head(b, t, o);
    size_t lif = o->link_if ? page_col(t, o->link_if) : (size_t)-1;
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
            const char *when = lif == (size_t)-1 ? "1" : bmp_table_get(t, r, lif);
            if (k == o->link_col && v && *v && when && *when)
                page_link(b, o->prefix, bmp_table_get(t, r, o->key_col), v);
            else if (club_column(o, t->columns[k]) && v && *v)
                club_cell(b, o, v);
            else
                points_cell(b, t, r, k, o, v);
            core_buf_puts(b, "</td>");
        }
        core_buf_puts(b, "</tr>\n");
    }
    core_buf_puts(b, "</tbody></table></div>\n");
}

void page_pager(core_buf *b, const char *base, size_t pg, size_t per_page, size_t total)
{
    if (!base) { /* its URL lost (page_built): so is the page */
        b->failed = true;
        return;
    }
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

bmp_ledger_event_filter page_events_filter(page *p, const char *body)
{
    bmp_ledger_event_filter f = {.size = sizeof f, .state = "posted"};
    const bmp_rules *r = bmp_rules_find(body);
    for (size_t i = 0; p->user && i < p->user->nroles; i++) {
        const bmp_role *o = &p->user->roles[i];
        if (strcasecmp(o->body, body) != 0 && !(r && strcasecmp(o->body, r->body) == 0))
            continue;
        if (o->kind == BMP_ROLE_SECRETARY)
            return (bmp_ledger_event_filter){.size = sizeof f};
        if (!f.club)
            f.club = o->club;
    }
    return f;
}
