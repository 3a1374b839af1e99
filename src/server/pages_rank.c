/* "Rank on date" (issue 30 item 3): the player page's small GET form and
 * the page it asks, /player/{body}/{number}/rank?date=yyyy-mm-dd -- the
 * holdings, the rank and the rank table's rule as they stood at the end of
 * that day (bmp_ledger_player_rank_at, the API's /rank), the check an
 * organiser makes for a restricted event. */
#include <stdio.h>
#include <string.h>

#include "bridgemp/ledger_api.h"
#include "server/pages_internal.h"

void page_rank_form(page *p, const char *body, const char *number, const char *date)
{
    core_buf *b = p->out;
    core_buf_puts(b, "<form id=\"rank-on-date\" method=\"get\" action=\"/player/");
    page_url(b, body);
    core_buf_putc(b, '/');
    page_url(b, number);
    core_buf_puts(b, "/rank\"><label for=\"rank-date\">Rank on date</label><input type=\"date\" "
                     "id=\"rank-date\" name=\"date\" required");
    if (date) {
        core_buf_puts(b, " value=\"");
        web_buf_html(b, date);
        core_buf_putc(b, '"');
    }
    core_buf_puts(b, "> <button type=\"submit\">Show</button></form>\n");
}

static void standing_block(page *p, const bmp_ledger_standing *s)
{
    core_buf *b = p->out;
    core_buf_puts(b, "<dl><dt>Rank</dt><dd id=\"rank-at\">");
    web_buf_html(b, s->rank.name[0] ? s->rank.name : "the body has no ranks");
    core_buf_puts(b, "</dd><dt>Rule</dt><dd id=\"rank-rule\">");
    web_buf_html(b, s->rank.rule && s->rank.name[0] ? s->rank.rule : "none");
    core_buf_puts(b, "</dd><dt>Next rank</dt><dd id=\"next-rank-at\">");
    web_buf_html(b, s->rank.next[0] ? s->rank.next : "none");
    for (size_t i = 0; s->rank.next[0] && i < s->rank.nmissing; i++) {
        char pts[32];
        bmp_points_format(s->rank.missing[i].points, pts, sizeof pts);
        core_buf_printf(b, "%s%s ", i ? ", " : ": ", pts);
        web_buf_html(b, s->rank.missing[i].what);
    }
    core_buf_puts(b, "</dd></dl>\n<div class=\"wrap\"><table id=\"holdings-at\"><caption>"
                     "Holdings at the end of ");
    web_buf_html(b, s->date);
    core_buf_puts(b, "</caption><thead><tr><th scope=\"col\">Point type</th><th scope=\"col\" "
                     "class=\"n\">Points</th></tr></thead><tbody>");
    for (size_t k = 0; k < s->ntypes; k++) {
        char pts[32];
        bmp_points_format(s->holding[k], pts, sizeof pts);
        core_buf_puts(b, "<tr><td>");
        web_buf_html(b, s->point_type[k]);
        core_buf_printf(b, "</td><td class=\"n\">%s</td></tr>", pts);
    }
    core_buf_puts(b, "</tbody></table></div>\n");
}

int page_rank(page *p)
{
    const char *body = p->seg[0], *number = p->seg[1], *date = page_arg(p, "date");
    if (strcmp(p->seg[2], "rank") != 0)
        return 0;
    if (!date)
        return page_error(p, 400, "Rank on date: give a date (yyyy-mm-dd)");
    bmp_ledger_standing s;
    bmp_error e = {0};
    bmp_status st = bmp_ledger_player_rank_at(p->l, body, number, date, &s, &e);
    if (st)
        return page_fail(p, st, &e);
    char title[200];
    snprintf(title, sizeof title, "%s: rank on %s", s.name, s.date);
    page_head(p, title);
    core_buf_puts(p->out, "<h1>");
    web_buf_html(p->out, title);
    core_buf_puts(p->out, "</h1>\n<p><a href=\"/player/");
    page_url(p->out, body);
    core_buf_putc(p->out, '/');
    page_url(p->out, s.number);
    core_buf_puts(p->out, "\">");
    web_buf_html(p->out, s.name);
    core_buf_puts(p->out, "</a>: the holdings summed from the posted journal up to that day, "
                          "and the rank they earn.</p>\n");
    standing_block(p, &s);
    page_rank_form(p, body, s.number, s.date);
    page_foot(p);
    return 200;
}
