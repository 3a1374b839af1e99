/* Club and event pages: the clubs of a body (/clubs), a club's members and
 * ranking list for a period (/club/<body>/<number>?period=yyyy-mm), the
 * events (/events) and an event's results with its awards and, on demand,
 * the derivation of each award (/event/<body>/<id>?explain=1). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_api.h"
#include "bridgemp/ledger_secretary.h"
#include "server/pages_internal.h"

static int table_error(page *p, bmp_table *t, bmp_status st, const bmp_error *e)
{
    bmp_table_free(t);
    return page_fail(p, st, e);
}

int page_clubs(page *p)
{
    const char *body = page_body(p);
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    bmp_status st = bmp_ledger_clubs(p->l, body, &t, &e);
    if (st)
        return table_error(p, &t, st, &e);
    page_head(p, "Clubs");
    core_buf_puts(p->out, "<h1>Clubs</h1>\n<form action=\"/clubs\" method=\"get\">");
    page_body_select(p, body);
    core_buf_puts(p->out, " <button type=\"submit\">Show</button></form>\n");
    char prefix[32];
    snprintf(prefix, sizeof prefix, "/club/%s/", body);
    page_table(p->out, &t, &(page_table_opts){.caption = "Clubs", .link_col = page_col(&t, "name"),
                                              .key_col = page_col(&t, "number"), .prefix = prefix,
                                              .hide = (const char *const[]){"dummy", NULL}});
    bmp_table_free(&t);
    page_foot(p);
    return 200;
}

int page_club(page *p)
{
    const char *body = p->seg[0], *number = p->seg[1], *period = page_arg(p, "period");
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    bmp_status st = bmp_ledger_club_report(p->l, body, number, period, &t, &e);
    if (st)
        return table_error(p, &t, st, &e);
    char name[256], title[300], prefix[32];
    bmp_table clubs;
    page_clubs_of(p, body, &clubs);
    snprintf(name, sizeof name, "%s", page_club_name(&clubs, number));
    bmp_table_free(&clubs);
    if (strcmp(name, number) == 0)
        name[0] = '\0';
    snprintf(title, sizeof title, "%s %s", number, name);
    page_head(p, title);
    core_buf_puts(p->out, "<h1>");
    web_buf_html(p->out, name[0] ? name : number);
    core_buf_puts(p->out, "</h1>\n<form method=\"get\"><label for=\"period\">Period</label><input "
                         "id=\"period\" name=\"period\" placeholder=\"yyyy-mm\" pattern=\"[0-9]{4}-"
                         "[0-9]{2}\" value=\"");
    web_buf_html(p->out, period ? period : "");
    core_buf_puts(p->out, "\"> <button type=\"submit\">Show</button></form>\n");
    for (size_t i = 0; i < t.nnotes; i++) {
        core_buf_puts(p->out, "<p class=\"note\">");
        web_buf_html(p->out, t.notes[i]);
        core_buf_puts(p->out, "</p>\n");
    }
    snprintf(prefix, sizeof prefix, "/player/%s/", body);
    page_table(p->out, &t, &(page_table_opts){.caption = "Members and ranking list",
                                              .link_col = page_col(&t, "name"),
                                              .key_col = page_col(&t, "number"),
                                              .prefix = prefix, .rules = bmp_rules_find(body)});
    bmp_table_free(&t);
    page_foot(p);
    return 200;
}

int page_events(page *p)
{
    const char *body = page_body(p), *pgs = page_arg(p, "page");
    char *end = NULL;
    long long pg = pgs ? strtoll(pgs, &end, 10) : 1;
    if (pgs && (*end || pg < 1 || pg > 1000000))
        return page_error(p, 400, "page: expected a whole number from 1");
    size_t per = 50, total = 0;
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    bmp_ledger_event_filter f = page_events_filter(p, body);
    bmp_status st = bmp_ledger_events_where(p->l, body, &f, (size_t)(pg - 1) * per, per, &t,
                                            &total, &e);
    if (st)
        return table_error(p, &t, st, &e);
    page_head(p, "Events");
    core_buf_puts(p->out, "<h1>Events</h1>\n");
    char prefix[32], base[64], club_prefix[32];
    snprintf(prefix, sizeof prefix, "/event/%s/", body);
    snprintf(club_prefix, sizeof club_prefix, "/club/%s/", body);
    bmp_table clubs;
    page_clubs_of(p, body, &clubs);
    page_table(p->out, &t, &(page_table_opts){.caption = "Events, newest first",
                                              .link_col = page_col(&t, "event"),
                                              .key_col = page_col(&t, "id"), .prefix = prefix,
                                              .hide = (const char *const[]){"id", NULL},
                                              .clubs = &clubs, .club_prefix = club_prefix});
    bmp_table_free(&clubs);
    snprintf(base, sizeof base, "/events?body=%s", body);
    page_pager(p->out, base, (size_t)pg, per, total);
    bmp_table_free(&t);
    page_foot(p);
    return 200;
}

/* A field of a batch's "batch" section (field, value rows); "" if none. */
static const char *batch_field(const bmp_table *t, const char *field)
{
    size_t r = t ? bmp_table_find_row(t, field) : (size_t)-1;
    const char *v = r == (size_t)-1 ? NULL : bmp_table_get(t, r, 1);
    return v ? v : "";
}

/* The event's heading and title from its batch: its name, date and club
 * (linked by name), then the batch, its state and totals. */
static void event_heading(page *p, const char *body, int64_t id)
{
    bmp_ledger_sections show = {0};
    bmp_table b, clubs;
    bmp_table_init(&b);
    bmp_error e = {0};
    page_lost(p, bmp_ledger_batch_show(p->l, id, &show, &e));
    page_lost(p, bmp_ledger_batch(p->l, id, &b, &e));
    page_clubs_of(p, body, &clubs);
    const bmp_table *h = bmp_ledger_section(&show, "batch");
    const char *event = batch_field(h, "event"), *date = batch_field(h, "date");
    const char *club = batch_field(h, "club");
    const char *club_name = *club ? page_club_name(&clubs, club) : "";
    core_buf title;
    core_buf_init(&title);
    core_buf_printf(&title, "%s%s%s%s%s", *event ? event : "Event", *date ? ", " : "", date,
                    *club_name ? ", " : "", club_name);
    /* a title that could not be made loses the page (not "Event" in its place) */
    const char *made = page_built(p, &title);
    page_head(p, made ? made : "Event");
    core_buf_free(&title);
    core_buf_puts(p->out, "<h1>");
    web_buf_html(p->out, *event ? event : "Event");
    core_buf_puts(p->out, "</h1>\n<p id=\"event-when\">");
    web_buf_html(p->out, date);
    if (*club) {
        char prefix[32];
        snprintf(prefix, sizeof prefix, "/club/%s/", body);
        core_buf_puts(p->out, *date ? " · " : "");
        page_link(p->out, prefix, club, club_name);
    }
    core_buf_puts(p->out, "</p>\n");
    bool staff = false; /* batches are staff-only (issue 44 item 4) */
    for (size_t i = 0; p->user && i < p->user->nroles; i++)
        staff |= p->user->roles[i].kind == BMP_ROLE_SECRETARY;
    if (b.nrows && staff) {
        core_buf_puts(p->out, "<p>Batch ");
        page_link(p->out, "/batch/", bmp_table_get(&b, 0, 0), bmp_table_get(&b, 0, 0));
        core_buf_puts(p->out, ", ");
        web_buf_html(p->out, bmp_table_get(&b, 0, page_col(&b, "state")));
        core_buf_puts(p->out, ", ");
        web_buf_html(p->out, bmp_table_get(&b, 0, page_col(&b, "totals")));
        core_buf_puts(p->out, "</p>\n");
    }
    bmp_table_free(&clubs);
    bmp_table_free(&b);
    bmp_ledger_sections_free(&show);
}

static void derivations(page *p, const char *body, int64_t id)
{
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    if (page_lost(p, bmp_ledger_event_explain(p->l, body, id, &t, &e))) {
        core_buf_puts(p->out, "<p class=\"error\">");
        web_buf_html(p->out, e.msg);
        core_buf_puts(p->out, "</p>\n");
    } else {
        core_buf_puts(p->out, "<h2 id=\"derivation\">Derivation of each award</h2>\n");
        for (size_t i = 0; i < t.nnotes; i++) {
            core_buf_puts(p->out, "<p class=\"note\">");
            web_buf_html(p->out, t.notes[i]);
            core_buf_puts(p->out, "</p>\n");
        }
        page_table(p->out, &t, &(page_table_opts){.caption = "Awards as computed",
                                                  .link_col = (size_t)-1});
    }
    bmp_table_free(&t);
}

/* Is batch id posted?  The public page shows no other (issue 45: the lines
 * of a provisional or rejected batch are its body's and its club's, shown
 * in the back office and under "My club's batches"). */
static bool event_posted(page *p, int64_t id)
{
    bmp_table b;
    bmp_table_init(&b);
    bmp_error e = {0};
    const char *state = page_lost(p, bmp_ledger_batch(p->l, id, &b, &e))
                            ? NULL
                            : bmp_table_get(&b, 0, page_col(&b, "state"));
    bool posted = state && strcmp(state, "posted") == 0;
    bmp_table_free(&b);
    return posted;
}

int page_event(page *p)
{
    const char *body = p->seg[0];
    char *end = NULL;
    long long id = strtoll(p->seg[1], &end, 10);
    if (*end || id <= 0)
        return page_error(p, 400, "expected an event (batch) number");
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    bmp_status st = bmp_ledger_event_awards(p->l, body, id, &t, &e);
    if (!st && !event_posted(p, id)) /* issue 45: public once posted */
        st = p->out->failed ? bmp_error_oom(&e) /* the state unread: 500, not 404 */
                            : bmp_error_set(&e, BMP_ENOTFOUND, "no %s event %lld", body, id);
    if (st)
        return table_error(p, &t, st, &e);
    event_heading(p, body, id);
    char prefix[32];
    snprintf(prefix, sizeof prefix, "/player/%s/", body);
    page_table(p->out, &t, &(page_table_opts){.caption = "Awards", .link_col = page_col(&t, "name"),
                                              .key_col = page_col(&t, "number"), .prefix = prefix,
                                              .rules = bmp_rules_find(body)});
    if (page_arg(p, "explain"))
        derivations(p, body, id);
    else {
        core_buf_puts(p->out, "<p><a id=\"explain\" href=\"/event/");
        page_url(p->out, body);
        core_buf_printf(p->out, "/%lld?explain=1#derivation\">Show the derivation of each award"
                               "</a></p>\n", id);
    }
    bmp_table_free(&t);
    page_foot(p);
    return 200;
}
