/* The batch page (/batch/<id>) for a secretary of its body or a scorer of
 * its club (issue 29): the batch's state, totals, held lines and reason,
 * its event; for the secretary, the approve/reject form, a POST with the
 * session's CSRF token, written as the secretary (audited by name). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_api.h"
#include "bridgemp/ledger_secretary.h"
#include "server/pages_internal.h"

static void field(page *p, const bmp_table *t, const char *col, const char *label)
{
    size_t k = page_col(t, col);
    const char *v = k == (size_t)-1 ? NULL : bmp_table_get(t, 0, k);
    if (!v || !*v)
        return;
    core_buf_puts(p->out, "<dt>");
    web_buf_html(p->out, label);
    core_buf_printf(p->out, "</dt><dd id=\"batch-%s\">", col);
    web_buf_html(p->out, v);
    core_buf_puts(p->out, "</dd>");
}

/* The held lines, each with its player and the reason it is held as the
 * ledger recorded it ("Dormant", "Resigned", "not registered; near: ...").
 * Issue 30: the page said "held for unregistered players" of a Dormant
 * player without naming anyone. */
static void held_lines(page *p, int64_t id)
{
    bmp_ledger_sections show = {0};
    bmp_error e = {0};
    if (!page_lost(p, bmp_ledger_batch_show(p->l, id, &show, &e))) {
        const bmp_table *h = bmp_ledger_section(&show, "held");
        if (h && h->nrows) {
            page_table(p->out, h, &(page_table_opts){
                                       .caption = "Held lines and why",
                                       .link_col = (size_t)-1,
                                       .hide = (const char *const[]){"contestant", NULL}});
        }
    }
    bmp_ledger_sections_free(&show);
}

/* Approve or reject, with a reason: a POST to this page with the session's
 * CSRF token (issue 29), for a secretary of the batch's body. */
static void decide_form(page *p, const char *id)
{
    core_buf *b = p->out;
    char action[48];
    snprintf(action, sizeof action, "/batch/%s", id);
    core_buf_puts(b, "<h2>Decide</h2>\n");
    page_form_open(p, action, "decide");
    core_buf_puts(b, "<p><label for=\"reason\">Reason (needed to reject)</label><input "
                    "id=\"reason\" name=\"reason\" maxlength=\"500\"></p><p><button "
                    "type=\"submit\" name=\"action\" value=\"approve\">Approve</button> "
                    "<button type=\"submit\" name=\"action\" value=\"reject\">Reject</button>"
                    "</p></form>\n");
}

/* The batch's header (bmp_ledger_batch) and who may see it: a secretary of
 * its body, or a scorer of its club.  0, or the answer is in p. */
static int read_batch(page *p, long long *id, bmp_table *t)
{
    if (!p->user)
        return page_require_any(p); /* nobody: to the login page, before any lookup */
    char *end = NULL;
    *id = strtoll(p->seg[0], &end, 10);
    if (*end || *id <= 0)
        return page_error(p, 400, "expected a batch number");
    bmp_error e = {0};
    char body[8], club[32];
    bmp_status st = bmp_ledger_batch_owner(p->l, *id, body, club, &e);
    if (!st)
        st = bmp_ledger_batch(p->l, *id, t, &e);
    if (st)
        return page_fail(p, st, &e);
    if (bmp_user_has_role(p->user, BMP_ROLE_SCORER, body, club))
        return 0;
    return page_require(p, BMP_ROLE_SECRETARY, body, NULL);
}

int page_batch(page *p)
{
    long long id = 0;
    bmp_table t;
    bmp_table_init(&t);
    int refused = read_batch(p, &id, &t);
    if (refused) {
        bmp_table_free(&t);
        return refused;
    }
    char title[32];
    snprintf(title, sizeof title, "Batch %lld", id);
    page_head(p, title);
    core_buf_printf(p->out, "<h1>%s</h1>\n<dl>", title);
    field(p, &t, "event", "Event or file");
    field(p, &t, "source", "Source");
    field(p, &t, "state", "State");
    field(p, &t, "period", "Period");
    field(p, &t, "lines", "Award lines");
    field(p, &t, "totals", "Totals");
    field(p, &t, "held", "Lines held");
    field(p, &t, "reverses", "Reverses batch");
    field(p, &t, "reason", "Reason");
    field(p, &t, "who", "Imported by");
    field(p, &t, "created_at", "Imported at");
    core_buf_puts(p->out, "</dl>\n");
    held_lines(p, id);
    const char *source = bmp_table_get(&t, 0, page_col(&t, "source"));
    const char *state = bmp_table_get(&t, 0, page_col(&t, "state"));
    const char *body = bmp_table_get(&t, 0, page_col(&t, "body"));
    if (source && strcmp(source, "event") == 0) {
        core_buf_puts(p->out, "<p><a href=\"/event/");
        page_url(p->out, body);
        core_buf_printf(p->out, "/%lld\">The event's awards</a></p>\n", id);
    }
    if (state && (strcmp(state, "provisional") == 0 || strcmp(state, "approved") == 0) &&
        bmp_user_has_role(p->user, BMP_ROLE_SECRETARY, body, NULL))
        decide_form(p, p->seg[0]);
    bmp_table_free(&t);
    page_foot(p);
    return 200;
}

typedef struct decision {
    long long id;
    bool approve;
    const char *reason;
} decision;

static bmp_status decide(bmp_ledger *w, void *arg, bmp_error *e)
{
    const decision *d = arg;
    return d->approve ? bmp_ledger_approve(w, d->id, e) : bmp_ledger_reject(w, d->id, d->reason, e);
}

/* POST /batch/<id>: action=approve|reject, reason (the dispatcher checked
 * the session and its CSRF token); the secretary of the batch's body. */
int page_batch_post(page *p)
{
    long long id = 0;
    bmp_table t;
    bmp_table_init(&t);
    int refused = read_batch(p, &id, &t);
    if (!refused)
        refused = page_require(p, BMP_ROLE_SECRETARY, bmp_table_get(&t, 0, page_col(&t, "body")),
                               NULL);
    bmp_table_free(&t);
    if (refused)
        return refused;
    char action[16], reason[520];
    decision d = {.id = id, .reason = page_form(p, "reason", reason, sizeof reason)};
    const char *a = page_form(p, "action", action, sizeof action);
    d.approve = a && strcmp(a, "approve") == 0;
    if (!a || (!d.approve && strcmp(a, "reject") != 0))
        return page_error(p, 400, "expected action approve or reject");
    if (!d.approve && !d.reason)
        return page_error(p, 400, "a rejection needs a reason");
    bmp_error e = {0};
    bmp_status st = page_write(p, decide, &d, &e);
    if (st)
        return page_fail(p, st, &e);
    char to[48];
    snprintf(to, sizeof to, "/batch/%lld", id);
    return page_redirect(p, to);
}
