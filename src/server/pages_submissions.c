/* A club's batches (/submissions?club=abf:2074&page=N, issue 29 item 3):
 * what its scorer submitted, newest first, with each batch's state, held
 * lines and why a batch is held, paged in SQL (bmp_ledger_queue_batches);
 * ?batch=N after a submit names the new batch.  For a scorer of the club. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_queue.h"
#include "server/pages_internal.h"

#define PER_PAGE 25

static void submitted(page *p, const char *batch)
{
    char *end = NULL;
    long long id = batch ? strtoll(batch, &end, 10) : 0;
    if (!batch || *end || id <= 0)
        return;
    char text[48];
    snprintf(text, sizeof text, "batch %lld", id);
    core_buf_puts(p->out, "<p id=\"submitted\" class=\"note\" role=\"status\">Submitted as ");
    page_link(p->out, "/batch/", batch, text);
    core_buf_puts(p->out, ": the body's secretary approves or rejects it.</p>\n");
}

int page_submissions(page *p)
{
    bmp_role c;
    int st = page_scorer_club(p, page_arg(p, "club"), &c);
    if (st)
        return st;
    const char *pg = page_arg(p, "page");
    char *end = NULL;
    long long n = pg ? strtoll(pg, &end, 10) : 1;
    if ((pg && *end) || n < 1 || n > 1000000)
        return page_error(p, 400, "page: expected a number from 1");
    bmp_ledger_queue_filter f = {.size = sizeof f, .body = c.body, .club = c.club};
    bmp_table t, clubs;
    bmp_table_init(&t);
    size_t total = 0;
    bmp_error e = {0};
    st = bmp_ledger_queue_batches(p->l, &f, (size_t)(n - 1) * PER_PAGE, PER_PAGE, &t, &total, &e);
    if (st) {
        bmp_table_free(&t);
        return page_fail(p, st, &e);
    }
    page_clubs_of(p, c.body, &clubs);
    char title[160], key[48];
    snprintf(key, sizeof key, "%s:%s", c.body, c.club);
    snprintf(title, sizeof title, "Batches of %s", page_club_name(&clubs, c.club));
    bmp_table_free(&clubs);
    page_head(p, title);
    core_buf_puts(p->out, "<h1>");
    web_buf_html(p->out, title);
    core_buf_puts(p->out, "</h1>\n");
    submitted(p, page_arg(p, "batch"));
    core_buf_puts(p->out, "<p><a href=\"/submit?club=");
    page_url(p->out, key);
    core_buf_puts(p->out, "\">Submit results</a></p>\n");
    if (!t.nrows) {
        core_buf_puts(p->out, "<p>No batch yet.</p>\n");
    } else {
        page_table(p->out, &t, &(page_table_opts){
                                   .caption = "Newest first",
                                   .link_col = page_col(&t, "id"), .key_col = page_col(&t, "id"),
                                   .prefix = "/batch/",
                                   .hide = (const char *const[]){"body", "club", "source", "who",
                                                                 "reverses", "reason",
                                                                 "event_date", "created_at",
                                                                 NULL}});
    }
    core_buf b;
    core_buf_init(&b);
    core_buf_puts(&b, "/submissions?club=");
    page_url(&b, key);
    page_pager(p->out, page_built(p, &b), (size_t)n, PER_PAGE, total);
    core_buf_free(&b);
    bmp_table_free(&t);
    page_foot(p);
    return 200;
}
