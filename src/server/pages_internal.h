/* Internal to the page renderer (pages*.c): one page's context and the
 * layout, table and link helpers every page uses.  Every value placed in
 * HTML goes through web_buf_html (text, attributes) or page_url (a path
 * segment or a query value, percent-encoded). */
#ifndef BMP_SERVER_PAGES_INTERNAL_H
#define BMP_SERVER_PAGES_INTERNAL_H

#include <stdbool.h>
#include "bridgemp/ledger.h"
#include "bridgemp/table.h"
#include "server/web_buf.h"

typedef struct page {
    bmp_ledger *l;
    const char *(*arg)(void *ctx, const char *key);
    void *ctx;
    core_buf *out;
    const char *ctype;
    const char *seg[4];      /* path segments after the page name, NUL-cut */
    size_t nseg;
} page;

/* A query argument, NULL when absent or empty. */
const char *page_arg(page *p, const char *key);

/* The body of the page: ?body= when it names one the registry knows
 * (bmp_rules_find), else the first body with players; and a <select> of the
 * bodies (pages_util.c). */
const char *page_body(page *p);
void page_body_select(page *p, const char *chosen);

/* <!doctype ...><main>: `title` is escaped. */
void page_head(page *p, const char *title);
void page_foot(page *p);
/* The whole answer for an error: an HTML page with `msg` (escaped). */
int page_error(page *p, int status, const char *msg);
/* The error page of a failed ledger read: 404 (not found), 400 (bad
 * input), else the page is lost (page_lost) and the server answers 500. */
int page_fail(page *p, bmp_status st, const bmp_error *e);
/* A read for part of a page failed: unless it only found nothing, the page
 * is incomplete and must not be answered 200 (out->failed). Returns st. */
bmp_status page_lost(page *p, bmp_status st);
/* s percent-encoded for a URL path segment or query value (then safe in an
 * HTML attribute as it is). */
void page_url(core_buf *b, const char *s);
/* <a href="prefix + url(key)">text</a>, every part encoded or escaped. */
void page_link(core_buf *b, const char *prefix, const char *key, const char *text);

/* A table of rows as HTML, with a caption; the column `link_col` (or
 * (size_t)-1 for none) links to prefix + the value of column `key_col`.
 * Columns whose name is in `hide` (NULL-terminated, may be NULL) are left
 * out.  Cells named points/total_points are right-aligned. */
typedef struct page_table_opts {
    const char *caption;
    size_t link_col, key_col;
    const char *prefix;
    const char *const *hide;
} page_table_opts;
void page_table(core_buf *b, const bmp_table *t, const page_table_opts *o);
/* The column of t named `name`, or (size_t)-1. */
size_t page_col(const bmp_table *t, const char *name);
/* A page of a paged listing: "previous / next" links keeping `base`
 * (already encoded) and adding &page=N. */
void page_pager(core_buf *b, const char *base, size_t page, size_t per_page, size_t total);

/* The pages (pages_player.c, pages_club.c, pages_batch.c). */
int page_home(page *p);
int page_search(page *p);
int page_player(page *p);
/* "Rank on date" (pages_rank.c): the player page's form (date, when given,
 * fills it) and /player/{body}/{number}/rank?date=yyyy-mm-dd. */
void page_rank_form(page *p, const char *body, const char *number, const char *date);
int page_rank(page *p);
int page_events(page *p);
int page_clubs(page *p);
int page_club(page *p);
int page_event(page *p);
int page_batch(page *p);

/* The holding over time as inline SVG (pages_chart.c): one step line per
 * point type from a player's statement (period, point_type, lines, points),
 * the body's total when there are several, the promotions (period,
 * from_rank, to_rank) marked. */
void page_chart(core_buf *b, const bmp_table *statement, const bmp_table *promotions,
                const char *body);

#endif
