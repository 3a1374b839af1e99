/* The secretary's back office (issue 29 item 2, docs/serve.md "Back
 * office"), for a secretary of the body:
 *   /office?body=&state=&club=&period=&page=   the queue: counts and totals
 *        per state, club, period and point type, and the batches, each
 *        linked to its batch page (bmp_ledger_queue_groups/_batches);
 *   /period?body=&period=                      what a close of the period
 *        would post and whom it would promote (a dry run: the close run
 *        and rolled back, bmp_ledger_close_preview), then the close, or
 *        the reopen of the last closed period with a reason;
 *   POST /period   action=close|reopen, body, period, reason (CSRF checked
 *        by site.c before the handler runs), written as the secretary. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_queue.h"
#include "bridgemp/ledger_secretary.h"
#include "server/pages_internal.h"

const char *page_office_body(page *p)
{
    const char *b = page_arg(p, "body");
    if (b)
        return b;
    for (size_t i = 0; p->user && i < p->user->nroles; i++)
        if (p->user->roles[i].kind == BMP_ROLE_SECRETARY)
            return p->user->roles[i].body;
    return "";
}

static bool period_ok(const char *s)
{
    bool ok = s && strlen(s) == 7 && s[4] == '-';
    for (int i = 0; ok && i < 7; i++)
        ok = i == 4 || isdigit((unsigned char)s[i]);
    return ok && ((s[5] == '0' && s[6] != '0') || (s[5] == '1' && s[6] <= '2'));
}

static const char *const states[] = {"received", "provisional", "approved", "posted",
                                     "rejected", NULL};

static bool state_ok(const char *s)
{
    for (size_t i = 0; s && states[i]; i++)
        if (strcmp(s, states[i]) == 0)
            return true;
    return !s || strcmp(s, "not rejected") == 0;
}

/* ?state=: a state; "any" (NULL: every state); none: every state but
 * rejected (issue 44: rejected batches are not work to do). */
static const char *state_arg(page *p)
{
    const char *s = page_arg(p, "state");
    return !s ? "not rejected" : strcmp(s, "any") == 0 ? NULL : s;
}

/* <select> of the secretary's bodies (one option for most). */
static void body_select(page *p, const char *chosen)
{
    core_buf *b = p->out;
    core_buf_puts(b, "<label for=\"body\">Body</label><select id=\"body\" name=\"body\">");
    for (size_t i = 0; i < p->user->nroles; i++) {
        const bmp_role *r = &p->user->roles[i];
        if (r->kind != BMP_ROLE_SECRETARY)
            continue;
        core_buf_puts(b, "<option value=\"");
        web_buf_html(b, r->body);
        core_buf_printf(b, "\"%s>", strcmp(chosen, r->body) == 0 ? " selected" : "");
        web_buf_html(b, r->body);
        core_buf_puts(b, "</option>");
    }
    core_buf_puts(b, "</select>\n");
}

static void text_input(core_buf *b, const char *id, const char *name, const char *label,
                       const char *value, const char *extra)
{
    core_buf_printf(b, "<label for=\"%s\">%s</label><input id=\"%s\" name=\"%s\" %s value=\"",
                    id, label, id, name, extra);
    web_buf_html(b, value ? value : "");
    core_buf_puts(b, "\">\n");
}

/* The queue's filters, a GET form (nothing secret in the URL). */
static void queue_form(page *p, const bmp_ledger_queue_filter *f)
{
    core_buf *b = p->out;
    core_buf_puts(b, "<form method=\"get\" action=\"/office\" id=\"filters\" role=\"search\">\n");
    body_select(p, f->body);
    core_buf_puts(b, "<label for=\"state\">State</label><select id=\"state\" name=\"state\">"
                     "<option value=\"\">any but rejected</option>");
    core_buf_printf(b, "<option value=\"any\"%s>any</option>", f->state ? "" : " selected");
    for (size_t i = 0; states[i]; i++)
        core_buf_printf(b, "<option%s>%s</option>",
                        f->state && strcmp(f->state, states[i]) == 0 ? " selected" : "",
                        states[i]);
    core_buf_puts(b, "</select>\n");
    text_input(b, "club", "club", "Club", f->club, "size=\"8\" maxlength=\"31\"");
    text_input(b, "period", "period", "Period", f->period,
               "size=\"8\" maxlength=\"7\" placeholder=\"yyyy-mm\"");
    core_buf_puts(b, "<button type=\"submit\">Show</button></form>\n");
}

static size_t page_no(page *p)
{
    const char *s = page_arg(p, "page");
    char *end = NULL;
    long long v = s ? strtoll(s, &end, 10) : 1;
    return s && (*end || v < 1 || v > 1000000) ? 0 : (size_t)v;
}

/* The groups (at most 200: the filters narrow them) and one page of the
 * batches; the link keeps the filters. */
static void queue_tables(page *p, const bmp_ledger_queue_filter *f, size_t pg,
                         const bmp_table *g, size_t ngroups, const bmp_table *t, size_t total)
{
    core_buf *b = p->out;
    core_buf_printf(b, "<p id=\"counts\">%zu batch%s, %zu group%s.</p>\n", total,
                    total == 1 ? "" : "es", ngroups, ngroups == 1 ? "" : "s");
    bmp_table clubs; /* clubs by name (issue 44), linked to their pages */
    char club_prefix[32];
    page_clubs_of(p, f->body, &clubs);
    snprintf(club_prefix, sizeof club_prefix, "/club/%s/", f->body);
    page_table(b, g, &(page_table_opts){.caption = "Counts and totals by state, club, period "
                                                   "and point type",
                                        .link_col = (size_t)-1,
                                        .hide = (const char *const[]){"body", NULL},
                                        .clubs = &clubs, .club_prefix = club_prefix});
    if (ngroups > g->nrows)
        core_buf_printf(b, "<p class=\"note\">The first %zu groups of %zu: narrow the "
                           "filters.</p>\n", g->nrows, ngroups);
    page_table(b, t, &(page_table_opts){
                         .caption = "Batches, newest first", .link_col = page_col(t, "id"),
                         .key_col = page_col(t, "id"), .prefix = "/batch/",
                         .hide = (const char *const[]){"body", "file", "reason", "created_at",
                                                       NULL},
                         .clubs = &clubs, .club_prefix = club_prefix});
    bmp_table_free(&clubs);
    core_buf base;
    core_buf_init(&base);
    core_buf_puts(&base, "/office?body=");
    page_url(&base, f->body);
    const char *keys[] = {"state", "club", "period"};
    const char *vals[] = {!f->state ? "any" : strcmp(f->state, "not rejected") == 0 ? NULL
                                                                                  : f->state,
                          f->club, f->period};
    for (size_t i = 0; i < 3; i++) {
        if (!vals[i])
            continue;
        core_buf_printf(&base, "&amp;%s=", keys[i]);
        page_url(&base, vals[i]);
    }
    page_pager(b, page_built(p, &base), pg, 50, total);
    core_buf_free(&base);
}

/* A GET form to the period page (its close preview). */
static void period_form(page *p, const char *body, const char *period)
{
    core_buf *b = p->out;
    core_buf_puts(b, "<h2>Period close</h2>\n<form method=\"get\" action=\"/period\" "
                     "id=\"to-period\"><input type=\"hidden\" name=\"body\" value=\"");
    web_buf_html(b, body);
    core_buf_puts(b, "\">");
    text_input(b, "close-period", "period", "Period", period,
               "size=\"8\" maxlength=\"7\" placeholder=\"yyyy-mm\" required");
    core_buf_puts(b, "<button type=\"submit\">Preview the close</button></form>\n");
    core_buf_puts(b, "<h2>Charges</h2>\n<p id=\"office-charges\"><a href=\"/charges?body=");
    page_url(b, body);
    core_buf_puts(b, "\">Charge runs and their invoices</a> · <a href=\"/invoices?body=");
    page_url(b, body);
    core_buf_puts(b, "\">Every invoice and credit note</a></p>\n");
}

int page_office(page *p)
{
    bmp_ledger_queue_filter f = {.size = sizeof f, .body = page_office_body(p),
                                 .state = state_arg(p), .club = page_arg(p, "club"),
                                 .period = page_arg(p, "period")};
    int st = page_require(p, BMP_ROLE_SECRETARY, f.body, NULL);
    if (st)
        return st;
    size_t pg = page_no(p);
    if (!state_ok(f.state))
        return page_error(p, 400, "state: expected received, provisional, approved, posted or "
                                  "rejected");
    if (f.period && !period_ok(f.period))
        return page_error(p, 400, "period: expected yyyy-mm (a month 01 to 12)");
    if (!pg)
        return page_error(p, 400, "page: expected a whole number from 1");
    bmp_table g, t;
    bmp_table_init(&g);
    bmp_table_init(&t);
    size_t ngroups = 0, total = 0;
    bmp_error e = {0};
    bmp_status s = bmp_ledger_queue_groups(p->l, &f, 0, 200, &g, &ngroups, &e);
    if (!s)
        s = bmp_ledger_queue_batches(p->l, &f, (pg - 1) * 50, 50, &t, &total, &e);
    if (s) {
        st = page_fail(p, s, &e);
    } else {
        page_head(p, "Back office: the queue");
        core_buf_puts(p->out, "<h1>The queue</h1>\n<p><a href=\"/register\">The register</a> "
                              "· <a href=\"/duplicates\">Likely duplicates</a></p>\n");
        queue_form(p, &f);
        queue_tables(p, &f, pg, &g, ngroups, &t, total);
        period_form(p, f.body, f.period);
        page_foot(p);
        st = 200;
    }
    bmp_table_free(&g);
    bmp_table_free(&t);
    return st;
}

/* ---- the period ---------------------------------------------------------- */

typedef struct preview_args {
    const char *body, *period;
    bmp_ledger_sections s;
    bmp_ledger_close_stats cs;
} preview_args;

/* The dry run needs the write lock (the close is run, then rolled back). */
static bmp_status preview(bmp_ledger *w, void *arg, bmp_error *e)
{
    preview_args *a = arg;
    return bmp_ledger_close_preview(w, a->body, a->period, &a->s, &a->cs, e);
}

/* The batches of the period a close leaves out (issue 44 item 6): those
 * received or provisional, not yet approved, linked to the queue. */
static void left_out(page *p, const char *body, const char *period)
{
    static const char *const waiting[] = {"received", "provisional"};
    size_t n[2] = {0, 0};
    for (size_t i = 0; i < 2; i++) {
        bmp_ledger_queue_filter f = {.size = sizeof f, .state = waiting[i], .body = body,
                                     .period = period};
        bmp_table t;
        bmp_table_init(&t);
        bmp_error e = {0};
        page_lost(p, bmp_ledger_queue_batches(p->l, &f, 0, 1, &t, &n[i], &e));
        bmp_table_free(&t);
    }
    if (!n[0] && !n[1])
        return;
    core_buf_puts(p->out, "<p class=\"warning\" id=\"left-out\" role=\"status\">Left out of "
                          "this close: ");
    for (size_t i = 0; i < 2; i++) {
        if (!n[i])
            continue;
        if (i && n[0])
            core_buf_puts(p->out, " and ");
        core_buf_printf(p->out, "<a href=\"/office?body=");
        page_url(p->out, body);
        core_buf_printf(p->out, "&amp;state=%s&amp;period=", waiting[i]);
        page_url(p->out, period);
        core_buf_printf(p->out, "\">%zu %s batch%s</a>", n[i], waiting[i],
                        n[i] == 1 ? "" : "es");
    }
    core_buf_puts(p->out, " of this month, not yet approved: approve them before closing to "
                          "post them now, or they wait for a later close.</p>\n");
}

/* What the POST just did, from its redirect (?done=close|reopen with the
 * counts), in words; nothing for another value. */
static void done_note(page *p)
{
    const char *done = page_arg(p, "done"), *nb = page_arg(p, "batches"),
               *np = page_arg(p, "promotions");
    long b = nb ? strtol(nb, NULL, 10) : 0, pr = np ? strtol(np, NULL, 10) : 0;
    if (!done || (strcmp(done, "close") != 0 && strcmp(done, "reopen") != 0))
        return;
    bool close = strcmp(done, "close") == 0;
    core_buf_printf(p->out, "<p class=\"ok\" id=\"done\" role=\"status\">%s: %ld batch%s%s, "
                            "%ld promotion%s%s.</p>\n",
                    close ? "Closed" : "Reopened", b, b == 1 ? "" : "es",
                    close ? " posted" : " back to approved", pr, pr == 1 ? "" : "s",
                    close ? "" : " undone");
}

static void period_actions(page *p, const char *body, const char *period, bool can_close,
                           bool can_reopen)
{
    core_buf *b = p->out;
    const char *hidden[] = {"body", body, "period", period};
    if (can_close) {
        page_form_open(p, "/period", "close");
        for (size_t i = 0; i < 4; i += 2) {
            core_buf_printf(b, "<input type=\"hidden\" name=\"%s\" value=\"", hidden[i]);
            web_buf_html(b, hidden[i + 1]);
            core_buf_puts(b, "\">");
        }
        core_buf_puts(b, "<button type=\"submit\" name=\"action\" value=\"close\">Close the "
                         "period</button></form>\n");
    }
    if (!can_reopen) /* only the last closed period, once closed (issue 44 item 6) */
        return;
    core_buf_puts(b, "<h2>Reopen</h2>\n<p class=\"note\">Only the last closed period can be "
                     "reopened: its batches go back to approved, its promotions are "
                     "undone.</p>\n");
    page_form_open(p, "/period", "reopen");
    for (size_t i = 0; i < 4; i += 2) {
        core_buf_printf(b, "<input type=\"hidden\" name=\"%s\" value=\"", hidden[i]);
        web_buf_html(b, hidden[i + 1]);
        core_buf_puts(b, "\">");
    }
    core_buf_puts(b, "<p><label for=\"reopen-reason\">Reason (needed)</label><input "
                     "id=\"reopen-reason\" name=\"reason\" maxlength=\"500\" required> "
                     "<button type=\"submit\" name=\"action\" value=\"reopen\">Reopen the "
                     "period</button></p></form>\n");
}

int page_period(page *p)
{
    const char *body = page_office_body(p), *period = page_arg(p, "period");
    int st = page_require(p, BMP_ROLE_SECRETARY, body, NULL);
    if (st)
        return st;
    if (!period_ok(period))
        return page_error(p, 400, "period: expected yyyy-mm (a month 01 to 12)");
    preview_args a = {.body = body, .period = period};
    bmp_error e = {0};
    bmp_status s = page_write(p, preview, &a, &e);
    if (s && s != BMP_EINVAL) {
        bmp_ledger_sections_free(&a.s);
        return page_fail(p, s, &e);
    }
    char title[64];
    snprintf(title, sizeof title, "Period %s of %s", period, body);
    page_head(p, title);
    core_buf_puts(p->out, "<h1>");
    web_buf_html(p->out, title);
    core_buf_puts(p->out, "</h1>\n<p><a href=\"/office?body=");
    page_url(p->out, body);
    core_buf_puts(p->out, "&amp;period=");
    page_url(p->out, period);
    core_buf_puts(p->out, "\">This period's batches in the queue</a></p>\n");
    char last[16] = "";
    bmp_error le = {0};
    page_lost(p, bmp_ledger_last_closed(p->l, body, last, &le));
    bool closed = last[0] && strcmp(period, last) <= 0;
    done_note(p);
    if (closed) {
        core_buf_puts(p->out, "<p id=\"closed\">Period ");
        web_buf_html(p->out, period);
        core_buf_puts(p->out, " is closed: its batches are posted.</p>\n");
    } else if (s) { /* what the close refuses (an earlier period open, ...) */
        core_buf_puts(p->out, "<p class=\"error\" id=\"refused\">A close is refused: ");
        web_buf_html(p->out, e.msg);
        core_buf_puts(p->out, "</p>\n");
    } else {
        core_buf_printf(p->out, "<h2>What a close will do (dry run, nothing written)</h2>\n"
                                "<p id=\"close-stats\">It posts %zu batch%s (%zu line%s) for "
                                "%zu player%s and records %zu promotion%s.</p>\n",
                        a.cs.batches, a.cs.batches == 1 ? "" : "es", a.cs.lines,
                        a.cs.lines == 1 ? "" : "s", a.cs.players, a.cs.players == 1 ? "" : "s",
                        a.cs.promotions, a.cs.promotions == 1 ? "" : "s");
        const bmp_table *post = bmp_ledger_section(&a.s, "postings");
        const bmp_table *promo = bmp_ledger_section(&a.s, "promotions");
        if (post && post->nrows)
            page_table(p->out, post, &(page_table_opts){.caption = "Batches it posts",
                                                        .link_col = (size_t)-1});
        if (promo && promo->nrows)
            page_table(p->out, promo, &(page_table_opts){.caption = "Whom it promotes",
                                                         .link_col = (size_t)-1});
        left_out(p, body, period);
    }
    period_actions(p, body, period, s == BMP_OK && !closed, strcmp(period, last) == 0);
    bmp_ledger_sections_free(&a.s);
    page_foot(p);
    return 200;
}

typedef struct period_act {
    const char *body, *period, *reason;
    bool close;
    bmp_ledger_close_stats cs;   /* what it did, said on the page it returns to */
    bmp_ledger_reopen_stats rs;
} period_act;

static bmp_status period_write(bmp_ledger *w, void *arg, bmp_error *e)
{
    period_act *a = arg;
    if (a->close)
        return bmp_ledger_close_period(w, a->body, a->period, &a->cs, e);
    return bmp_ledger_reopen_period(w, a->body, a->period, a->reason, &a->rs, e);
}

/* POST /period: action=close|reopen, body, period, reason (a reopen). */
int page_period_post(page *p)
{
    char body[8], period[16], action[16], reason[520];
    period_act a = {.body = page_form(p, "body", body, sizeof body),
                    .period = page_form(p, "period", period, sizeof period),
                    .reason = page_form(p, "reason", reason, sizeof reason)};
    int st = page_require(p, BMP_ROLE_SECRETARY, a.body ? a.body : "", NULL);
    if (st)
        return st;
    const char *act = page_form(p, "action", action, sizeof action);
    a.close = act && strcmp(act, "close") == 0;
    if (!act || (!a.close && strcmp(act, "reopen") != 0))
        return page_error(p, 400, "expected action close or reopen");
    if (!period_ok(a.period))
        return page_error(p, 400, "period: expected yyyy-mm (a month 01 to 12)");
    if (!a.close && (!a.reason || !*a.reason))
        return page_error(p, 400, "a reopen needs a reason");
    bmp_error e = {0};
    bmp_status s = page_write(p, period_write, &a, &e);
    if (s)
        return page_fail(p, s, &e);
    char to[160];
    snprintf(to, sizeof to, "/period?body=%s&period=%s&done=%s&batches=%zu&promotions=%zu",
             a.body, a.period, a.close ? "close" : "reopen", a.close ? a.cs.batches : a.rs.batches,
             a.close ? a.cs.promotions : a.rs.promotions);
    return page_redirect(p, to);
}
