/* Player pages: the search form (/), the search results (/players) and a
 * player's page (/player/<body>/<number>): holdings per point type, rank,
 * what the next rank needs, the holding over time as a chart with the
 * promotions marked, and the recent awards with their events and rules. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bridgemp/ledger_api.h"
#include "bridgemp/ledger_movein.h"
#include "bridgemp/rules.h"
#include "core/digits.h"
#include "server/pages_internal.h"

#define RECENT_AWARDS 20

static void search_form(page *p, const char *body, const char *q)
{
    core_buf *b = p->out;
    core_buf_puts(b, "<form action=\"/players\" method=\"get\" role=\"search\">");
    page_body_select(p, body);
    core_buf_puts(b, "<label for=\"q\">Name or number</label><input id=\"q\" name=\"q\" "
                    "type=\"search\" autocomplete=\"off\" value=\"");
    web_buf_html(b, q ? q : "");
    core_buf_puts(b, "\"> <button type=\"submit\">Search</button></form>\n");
}

int page_home(page *p)
{
    const char *body = page_body(p);
    page_head(p, "Masterpoints");
    core_buf_puts(p->out, "<h1>Find a player's masterpoints</h1>\n");
    search_form(p, body, NULL);
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    bmp_ledger_event_filter f = page_events_filter(p, body);
    if (!page_lost(p, bmp_ledger_events_where(p->l, body, &f, 0, 10, &t, NULL, &e)) && t.nrows) {
        char prefix[32], club_prefix[32];
        snprintf(prefix, sizeof prefix, "/event/%s/", body);
        snprintf(club_prefix, sizeof club_prefix, "/club/%s/", body);
        bmp_table clubs;
        page_clubs_of(p, body, &clubs);
        page_table(p->out, &t, &(page_table_opts){.caption = "Recent events",
                                                  .link_col = page_col(&t, "event"),
                                                  .key_col = page_col(&t, "id"),
                                                  .prefix = prefix,
                                                  .hide = (const char *const[]){"id", NULL},
                                                  .clubs = &clubs, .club_prefix = club_prefix});
        bmp_table_free(&clubs);
    }
    bmp_table_free(&t);
    page_foot(p);
    return 200;
}

static size_t page_number(page *p)
{
    const char *s = page_arg(p, "page");
    char *end = NULL;
    long long v = s ? strtoll(s, &end, 10) : 1;
    return s && (*end || v < 1 || v > 1000000) ? 0 : (size_t)v;
}

int page_search(page *p)
{
    const char *body = page_body(p), *q = page_arg(p, "q");
    size_t pg = page_number(p), per = 50, total = 0;
    if (!pg)
        return page_error(p, 400, "page: expected a whole number from 1");
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    bmp_status st = bmp_ledger_find_players(p->l, body, q, (pg - 1) * per, per, &t, &total, &e);
    if (st) {
        bmp_table_free(&t);
        return page_fail(p, st, &e);
    }
    page_head(p, "Players");
    core_buf_puts(p->out, "<h1>Players</h1>\n");
    search_form(p, body, q);
    core_buf_printf(p->out, "<p>%zu player%s found.</p>\n", total, total == 1 ? "" : "s");
    char prefix[32];
    snprintf(prefix, sizeof prefix, "/player/%s/", body);
    char club_prefix[32];
    snprintf(club_prefix, sizeof club_prefix, "/club/%s/", body);
    bmp_table clubs;
    page_clubs_of(p, body, &clubs);
    page_table(p->out, &t, &(page_table_opts){.caption = "Players", .link_col = page_col(&t, "name"),
                                              .key_col = page_col(&t, "number"), .prefix = prefix,
                                              .clubs = &clubs, .club_prefix = club_prefix});
    bmp_table_free(&clubs);
    core_buf base;
    core_buf_init(&base);
    core_buf_printf(&base, "/players?body=%s&amp;q=", body);
    page_url(&base, q);
    page_pager(p->out, page_built(p, &base), pg, per, total);
    core_buf_free(&base);
    bmp_table_free(&t);
    page_foot(p);
    return 200;
}

/* The holdings per point type and, where the body has one, its total
 * through the rules interface (bmp_rules_total: EBU blue and green count
 * 100 local each, Gold none; NZ C none): never a sum of unlike units. */
static void holdings(core_buf *b, const char *body, const bmp_ledger_summary *s)
{
    const bmp_rules *r = bmp_rules_find(body);
    bmp_points by_type[BMP_MAX_POINT_TYPES] = {0};
    bool total = r && r->total_doc;
    core_buf_puts(b, "<div class=\"wrap\"><table id=\"holdings\"><caption>"
                     "Holdings</caption><thead><tr><th scope=\"col\">Point type</th><th "
                     "scope=\"col\" class=\"n\">Points</th></tr></thead><tbody>");
    for (size_t k = 0; k < s->ntypes; k++) {
        int i = r ? bmp_rules_point_type_index(r, s->point_type[k]) : -1;
        if (i < 0 || i >= BMP_MAX_POINT_TYPES)
            total = false; /* a type the rules do not know: no total */
        else
            by_type[i] = s->holding[k];
        core_buf_puts(b, "<tr><td data-label=\"Point type\">");
        web_buf_html(b, s->point_type[k]);
        core_buf_puts(b, "</td><td class=\"n\" data-label=\"Points\">");
        page_points(b, r, s->point_type[k], s->holding[k]);
        core_buf_puts(b, "</td></tr>");
    }
    core_buf_puts(b, "</tbody>");
    if (total) {
        core_buf_puts(b, "<tfoot><tr><th scope=\"row\">Total</th><td class=\"n\" "
                         "id=\"holding-total\" data-label=\"Total\">");
        page_points(b, r, NULL, bmp_rules_total(r, by_type));
        core_buf_puts(b, "</td></tr></tfoot>");
    }
    core_buf_puts(b, "</table></div>\n");
    if (total) {
        core_buf_puts(b, "<p class=\"note\" id=\"total-rule\">Total: ");
        web_buf_html(b, r->total_doc);
        core_buf_puts(b, ".</p>\n");
    }
}

/* The next rank and what it needs, in words and the body's units:
 * "Area Master: needs 274 more total" (issue 44 item 5: "Area Master:
 * 274.00 total" read as a target); the ledger's text where the rank held
 * is above what the points earn, or the body has no rank rules. */
static void next_rank(core_buf *b, const char *body, const bmp_ledger_summary *s)
{
    const bmp_rules *r = bmp_rules_find(body);
    const bmp_rank *k = &s->earned;
    if (!s->next_rank[0]) {
        core_buf_puts(b, "the top rank is reached");
        return;
    }
    if (!r || !k->next[0] || strncmp(s->next_rank, k->next, strlen(k->next)) != 0) {
        web_buf_html(b, s->next_rank);
        return;
    }
    web_buf_html(b, k->next);
    for (size_t i = 0; i < k->nmissing; i++) {
        const char *what = k->missing[i].what;
        bool type = bmp_rules_point_type(r, what) != NULL;
        core_buf_puts(b, i ? ", " : ": needs ");
        page_points(b, r, type ? what : NULL, k->missing[i].points);
        if (strcmp(what, "total") == 0) {
            core_buf_puts(b, " more in total");
            continue;
        }
        core_buf_puts(b, " more ");
        web_buf_html(b, what);
        if (type)
            core_buf_puts(b, " points");
    }
}

static void merged_note(page *p, const char *body, const char *number,
                        const bmp_ledger_summary *s);

static void summary_block(page *p, const char *body, const char *number,
                          const bmp_ledger_summary *s)
{
    core_buf *b = p->out;
    core_buf_puts(b, "<h1>");
    web_buf_html(b, s->name);
    core_buf_puts(b, "</h1>\n");
    merged_note(p, body, number, s);
    core_buf_puts(b, "<dl><dt>Number</dt><dd>");
    web_buf_html(b, s->number);
    core_buf_puts(b, "</dd><dt>Status</dt><dd>");
    web_buf_html(b, s->status);
    if (s->home_club[0]) {
        char prefix[32];
        bmp_table clubs;
        page_clubs_of(p, body, &clubs);
        snprintf(prefix, sizeof prefix, "/club/%s/", body);
        core_buf_puts(b, "</dd><dt>Home club</dt><dd id=\"home-club\">");
        page_link(b, prefix, s->home_club, page_club_name(&clubs, s->home_club));
        bmp_table_free(&clubs);
    }
    core_buf_puts(b, "</dd><dt>Rank</dt><dd id=\"rank\">");
    web_buf_html(b, s->rank[0] ? s->rank : "none yet");
    core_buf_puts(b, "</dd><dt>Next rank</dt><dd id=\"next-rank\">");
    next_rank(b, body, s);
    core_buf_puts(b, "</dd></dl>\n");
    holdings(b, body, s);
}

/* The chart from the statement's history and the promotions. */
static void chart_block(page *p, const char *body, const bmp_ledger_summary *s,
                        const bmp_table *history, const bmp_table *pr)
{
    core_buf_puts(p->out, "<h2>Holding over time</h2>\n");
    page_chart(p->out, history, pr, body, s);
}

/* The caption "Recent awards (20 of 143)" written from its end without
 * snprintf (every page, issue 30). */
static void recent_awards(page *p, const char *body, const bmp_table *t, size_t total)
{
    char caption[64], *end = caption + sizeof caption - 2;
    memcpy(end, ")", 2);
    char *s = core_digits(end, total, 1) - 4;
    memcpy(s, " of ", 4);
    s = core_digits(s, t->nrows, 1) - 15;
    memcpy(s, "Recent awards (", 15);
    char prefix[32];
    snprintf(prefix, sizeof prefix, "/event/%s/", body);
    page_table(p->out, t, &(page_table_opts){.caption = s,
                                             .link_col = page_col(t, "event"),
                                             .key_col = page_col(t, "batch"),
                                             .prefix = prefix, .link_if = "event_page",
                                             .hide = (const char *const[]){"event_page", NULL},
                                             .rules = bmp_rules_find(body)});
}

/* Whether two spellings of a number differ once leading zeros and case
 * are set aside ("1324" is "0001324"). */
static bool same_number(const char *a, const char *b)
{
    while (*a == '0')
        a++;
    while (*b == '0')
        b++;
    return strcasecmp(a, b) == 0;
}

/* A merged number answers for the player kept, on every surface (issue 44
 * item 3, docs/serve.md): the page of 1324 merged into 1234 is 1234's,
 * saying so and linking to it. */
static void merged_note(page *p, const char *body, const char *number,
                        const bmp_ledger_summary *s)
{
    if (same_number(number, s->number))
        return;
    bmp_table r;
    bmp_table_init(&r);
    bmp_error e = {0};
    const char *into = NULL;
    if (!page_lost(p, bmp_ledger_player_register(p->l, body, number, &r, &e)) && r.nrows)
        into = bmp_table_get(&r, 0, page_col(&r, "merged_into"));
    if (into && *into) {
        char prefix[32];
        snprintf(prefix, sizeof prefix, "/player/%s/", body);
        core_buf_puts(p->out, "<p class=\"note\" id=\"merged\">Number ");
        web_buf_html(p->out, bmp_table_get(&r, 0, page_col(&r, "number")));
        core_buf_puts(p->out, " was merged into ");
        page_link(p->out, prefix, s->number, s->number);
        core_buf_puts(p->out, ": its points are held there, and this page is that player's."
                              "</p>\n");
    }
    bmp_table_free(&r);
}

/* One read for the page (bmp_ledger_player_page: the player looked up
 * once), then the page. */
int page_player(page *p)
{
    const char *body = p->seg[0], *number = p->seg[1];
    bmp_ledger_summary s;
    bmp_table history, pr, journal;
    bmp_table_init(&history);
    bmp_table_init(&pr);
    bmp_table_init(&journal);
    size_t total = 0;
    bmp_error e = {0};
    bmp_status st = bmp_ledger_player_page(p->l, body, number, RECENT_AWARDS, &s, &history, &pr,
                                           &journal, &total, &e);
    if (!st) {
        page_head(p, s.name);
        summary_block(p, body, number, &s);
        page_rank_form(p, body, s.number, NULL);
        chart_block(p, body, &s, &history, &pr);
        recent_awards(p, body, &journal, total);
        page_foot(p);
    }
    bmp_table_free(&history);
    bmp_table_free(&pr);
    bmp_table_free(&journal);
    return st ? page_fail(p, st, &e) : 200;
}
