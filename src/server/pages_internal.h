/* Internal to the page renderer (pages*.c): one page's context and the
 * layout, table and link helpers every page uses.  Every value placed in
 * HTML goes through web_buf_html (text, attributes) or page_url (a path
 * segment or a query value, percent-encoded). */
#ifndef BMP_SERVER_PAGES_INTERNAL_H
#define BMP_SERVER_PAGES_INTERNAL_H

#include <stdbool.h>
#include "bridgemp/ledger.h"
#include "bridgemp/ledger_api.h"
#include "bridgemp/ledger_runs.h"
#include "bridgemp/rules.h"
#include "bridgemp/table.h"
#include "server/pages.h"
#include "server/web_buf.h"

typedef struct page {
    bmp_ledger *l;
    const char *(*arg)(void *ctx, const char *key);
    void *ctx;
    core_buf *out;
    const char *ctype;
    const char *seg[4];      /* path segments after the page name, NUL-cut */
    size_t nseg;
    const web_ctx *web;      /* the session, the form, writes (NULL: none; pages.h) */
    const char *path;        /* the page's path (login's next=) */
    const bmp_user *user;    /* the logged-in user, or NULL */
} page;

/* ---- sessions, roles and forms (pages_session.c; session.h explains) --- */

/* 0 when the user holds the role (club NULL for a secretary); else the
 * answer is in p->out: 303 to the login page for nobody, 403 for a user
 * without the role.  page_require_any: anyone logged in. */
int page_require(page *p, bmp_role_kind kind, const char *body, const char *club);
int page_require_any(page *p);
/* The 403 page of a POST refused before any handler runs (nothing done):
 * the form's CSRF token missing or wrong, or nobody logged in (site.c, and
 * login.c's logout). */
int page_refuse_post(page *p, bool logged_in);
/* <input type="hidden" name="csrf" value="..."> of the session. */
void page_csrf_input(page *p);
/* <form method="post" action="ACTION" id="ID"> and the CSRF input. */
void page_form_open(page *p, const char *action, const char *id);
/* A field of the POST's form, decoded into buf: buf, or NULL when absent. */
const char *page_form(page *p, const char *key, char *buf, size_t size);
/* A file of a multipart POST's form (its bytes, *len, *filename): NULL
 * when absent or the form is not multipart. */
const char *page_form_file(page *p, const char *key, size_t *len, const char **filename);
/* Run fn as the logged-in user (audited with their name). */
bmp_status page_write(page *p, web_write_fn fn, void *arg, bmp_error *e);
/* 303 See Other to `to` (a path of this site); NULL (its URL lost,
 * page_built): 500. */
int page_redirect(page *p, const char *to);

/* A query argument, NULL when absent or empty. */
const char *page_arg(page *p, const char *key);

/* The body of the page: ?body= when it names one the registry knows
 * (bmp_rules_find), else the first body with players; and a <select> of the
 * bodies (pages_util.c). */
const char *page_body(page *p);
/* Which of body's events the page's user may see listed (issue 44): the
 * public posted ones; a scorer of a club of the body also the club's own in
 * any state; a secretary of the body every one. */
bmp_ledger_event_filter page_events_filter(page *p, const char *body);
void page_body_select(page *p, const char *chosen);

/* <!doctype ...><main>: `title` is escaped. */
void page_head(page *p, const char *title);
void page_foot(page *p);
/* A ledger message in the browser's words, escaped: no command-line
 * option ("--replaces 1 --reason R": "Replaces batch 1" with a reason;
 * "--club": the club chosen), no content hash, an event's key as its name,
 * date and club (issue 44). */
void page_words(core_buf *b, const char *msg);
/* The whole answer for an error: an HTML page with `msg` (page_words). */
int page_error(page *p, int status, const char *msg);
/* The error page of a failed ledger read: 404 (not found), 400 (bad
 * input), else the page is lost (page_lost) and the server answers 500. */
int page_fail(page *p, bmp_status st, const bmp_error *e);
/* A read for part of a page failed: unless it only found nothing, the page
 * is incomplete and must not be answered 200 (out->failed). Returns st. */
bmp_status page_lost(page *p, bmp_status st);
/* The text built apart in b (a pager's or a redirect's URL, a title), or
 * NULL when one of its allocations failed: then the page is lost
 * (page_lost), never answered with that piece missing, cut short or put
 * in another's place.  page_pager and page_redirect take the NULL. */
const char *page_built(page *p, const core_buf *b);
/* s percent-encoded for a URL path segment or query value (then safe in an
 * HTML attribute as it is). */
void page_url(core_buf *b, const char *s);
/* <a href="prefix + url(key)">text</a>, every part encoded or escaped. */
void page_link(core_buf *b, const char *prefix, const char *key, const char *text);

/* A table of rows as HTML, with a caption; the column `link_col` (or
 * (size_t)-1 for none) links to prefix + the value of column `key_col`.
 * Columns whose name is in `hide` (NULL-terminated, may be NULL) are left
 * out.  Cells named points/total_points are right-aligned.  With `clubs`
 * (the body's bmp_ledger_clubs), a column "club" or "home_club" shows each
 * club's name linked to club_prefix + its number.  Each cell carries its
 * heading (data-label): under 40rem the stylesheet stacks a row's cells,
 * each with its heading, so that no column is cut off on a phone. */
typedef struct page_table_opts {
    const char *caption;
    size_t link_col, key_col;
    const char *prefix;
    const char *const *hide;
    const bmp_table *clubs;
    const char *club_prefix;
    /* with link_if, a column's name: only rows where it is not "" are
     * linked (issue 44: a result's event page, not an opening's) */
    const char *link_if;
    /* the body's rules: points in its unit ("36" for EBU Local, page_points) */
    const bmp_rules *rules;
} page_table_opts;
void page_table(core_buf *b, const bmp_table *t, const page_table_opts *o);
/* The body's clubs (number, name: bmp_ledger_club_names) into t, for page_table_opts.clubs
 * and page_club_name; empty when the read fails (the page is then lost). */
void page_clubs_of(page *p, const char *body, bmp_table *t);
/* The name of club `number` in `clubs`, else the number itself. */
const char *page_club_name(const bmp_table *clubs, const char *number);
/* Points of `type` (NULL: the body's total) as the body writes them:
 * whole where it records whole points ("36" EBU Local, EBU-1; an EBU total,
 * 2.6.1), else hundredths ("36.00"); no rules: hundredths. */
void page_points(core_buf *b, const bmp_rules *r, const char *type, bmp_points v);
/* The column of t named `name`, or (size_t)-1. */
size_t page_col(const bmp_table *t, const char *name);
/* A page of a paged listing: "previous / next" links keeping `base`
 * (already encoded) and adding &page=N; NULL (its URL lost, page_built):
 * the page is lost. */
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
int page_batch_post(page *p);
/* A correction from the batch page (pages_batch_correct.c): the form (a
 * multipart upload of the corrected file with a reason), and its POST
 * for batch `id` in `state` of `body` and `club` ("" for none). */
void page_batch_correct_form(page *p, const char *id, const char *body, bool posted);
int page_batch_correct(page *p, long long id, const char *state, const char *body,
                       const char *club);
/* The club's submission (pages_submit.c, issue 29 item 3): the upload
 * form, its preview, the submit; the club's batches (pages_submissions.c). */
/* The charge runs that need their rate files (pages_charges_files.c, issue
 * 44): is s one (a charge run of one argument with a required option); the
 * forms of the body's such runs; POST action=preview (the run previewed,
 * nothing written) or make, for a secretary of body. */
bool page_charge_files_run(const bmp_ledger_run_spec *s);
void page_charge_files_forms(page *p, const char *body);
int page_charge_files_post(page *p, const char *body, bool preview);
int page_submit(page *p);
int page_submit_post(page *p);
int page_submissions(page *p);
/* The scorer role of the request: ?club= / the form's club "body:number"
 * when given (else the user's first scorer role).  0, or the answer (303
 * to log in, 403) is in p. */
int page_scorer_club(page *p, const char *want, bmp_role *out);
/* The secretary's back office (pages_office.c): the queue, the period. */
int page_office(page *p);
int page_period(page *p);
int page_period_post(page *p);
/* ?body=, else the body of the user's first secretary role ("" for none:
 * page_require then refuses). */
const char *page_office_body(page *p);
/* The register (pages_register.c): the search, a player's record and its
 * forms (edit, release held points, merge, unmerge), likely duplicates. */
int page_register(page *p);
int page_register_record(page *p);
int page_register_post(page *p);
int page_duplicates(page *p);
/* Invoices: the list, one document (pages_invoices.c). */
int page_invoices(page *p);
int page_invoice(page *p);
/* "<li>N: view · CSV</li>": invoice number of body, linked both ways. */
void page_invoice_item(core_buf *b, const char *body, const char *number);
/* An uploaded file's name as the ledger records it (its last component,
 * anything but letters, digits, '.', '_', '-' made '_') into out; false
 * without an extension (pages_submit.c). */
bool page_upload_name(const char *in, char *out, size_t size);
/* Charge runs with their invoices, and starting and invoicing one
 * (pages_charges.c). */
int page_charges(page *p);
int page_charges_post(page *p);

/* A rank threshold on the chart: the rank's name and the total it needs
 * (the unit of bmp_rules_total); `next` for the player's next rank. */
typedef struct chart_guide {
    char name[64];
    bmp_points total;
    bool next;
} chart_guide;
/* The thresholds of the ranks up to the player's next, through the rules
 * interface (pages_guides.c); their count, at most max. */
size_t page_rank_guides(const char *body, const bmp_ledger_summary *s, chart_guide *g,
                        size_t max);

/* The holding over time as inline SVG (pages_chart.c): a time axis by
 * month, one step line per point type from a player's statement (period,
 * point_type, lines, points) and the body's total, the current holding
 * labelled, the rank thresholds (the next highlighted), the promotions
 * (period, from_rank, to_rank) marked; the numbers in tables under it. */
void page_chart(core_buf *b, const bmp_table *statement, const bmp_table *promotions,
                const char *body, const bmp_ledger_summary *s);

#endif
