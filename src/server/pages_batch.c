/* The batch page (/batch/<id>) for a secretary of its body or a scorer of
 * its club (issue 29): the batch's state, totals, its lines, held lines and
 * reason, carried against computed points, the batch it replaces and what
 * differs, its event and the derivation of each award on demand
 * (?explain=1); for the secretary, approve/reject, accepting carried
 * figures and a correction (pages_batch_correct.c), each a POST with the session's CSRF token and a reason, written
 * as the secretary (audited by name). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_api.h"
#include "bridgemp/ledger_carried.h"
#include "bridgemp/ledger_queue.h"
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
    page_words(p->out, v); /* the ledger's words as the browser's (issue 44) */
    core_buf_puts(p->out, "</dd>");
}

/* The batch's lines (number linked to the player's page), then the held
 * lines, each with its player and the reason it is held as the ledger
 * recorded it ("Dormant", "Resigned", "not registered; near: ..." with the
 * suggested matches).  Issue 30: the page said "held for unregistered
 * players" of a Dormant player without naming anyone. */
static void lines_and_held(page *p, int64_t id, const char *body)
{
    bmp_ledger_sections show = {0};
    bmp_error e = {0};
    if (!page_lost(p, bmp_ledger_batch_show(p->l, id, &show, &e))) {
        const bmp_table *l = bmp_ledger_section(&show, "lines");
        char prefix[32];
        snprintf(prefix, sizeof prefix, "/player/%s/", body ? body : "");
        if (l && l->nrows)
            page_table(p->out, l, &(page_table_opts){.caption = "Award lines",
                                                     .link_col = page_col(l, "name"),
                                                     .key_col = page_col(l, "number"),
                                                     .prefix = prefix});
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

/* The hidden "action" and a reason input of a secretary's form. */
static void reason_form(page *p, const char *id, const char *form, const char *action,
                        const char *label)
{
    char to[48];
    snprintf(to, sizeof to, "/batch/%s", id);
    page_form_open(p, to, form);
    core_buf_printf(p->out, "<p><label for=\"%s-reason\">Reason (needed)</label><input "
                            "id=\"%s-reason\" name=\"reason\" maxlength=\"500\" required> "
                            "<button type=\"submit\" name=\"action\" value=\"%s\">%s</button>"
                            "</p></form>\n",
                    form, form, action, label);
}

/* Carried against computed points (docs/ledger.md "Carried points"): the
 * hold's reason, each difference with the engine's derivation, and for a
 * secretary while it is held, the form that accepts the carried figures. */
static void carried(page *p, int64_t id, const char *ids, bool secretary)
{
    bool held = false, accepted = false;
    char why[512] = "";
    bmp_error e = {0};
    if (page_lost(p, bmp_ledger_batch_hold(p->l, id, &held, &accepted, why, sizeof why, &e)) ||
        !held)
        return;
    core_buf_puts(p->out, "<h2 id=\"carried\">Carried and computed points</h2>\n<p>");
    web_buf_html(p->out, accepted ? "The carried figures were accepted. " : "Held: ");
    page_words(p->out, why);
    core_buf_puts(p->out, "</p>\n");
    bmp_table d;
    bmp_table_init(&d);
    if (!page_lost(p, bmp_ledger_batch_differences(p->l, id, &d, &e)) && d.nrows)
        page_table(p->out, &d, &(page_table_opts){.caption = "Where the file and the engine "
                                                            "differ",
                                                 .link_col = (size_t)-1});
    bmp_table_free(&d);
    if (secretary && !accepted)
        reason_form(p, ids, "accept", "accept", "Accept the carried figures");
}

/* The batch this one replaces (a rejected or reversed batch of the same
 * event) and each player's points that differ. */
static void replaced(page *p, int64_t id)
{
    int64_t old = 0;
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    if (!page_lost(p, bmp_ledger_batch_replaced(p->l, id, &old, &t, &e)) && old) {
        core_buf_printf(p->out, "<h2 id=\"replaces\">Replaces <a href=\"/batch/%lld\">batch "
                                "%lld</a></h2>\n",
                        (long long)old, (long long)old);
        if (t.nrows)
            page_table(p->out, &t, &(page_table_opts){.caption = "Points that differ from the "
                                                                "replaced batch",
                                                     .link_col = (size_t)-1});
        else
            core_buf_puts(p->out, "<p>No player's points differ.</p>\n");
    }
    bmp_table_free(&t);
}

/* The derivation of every award, on demand (?explain=1): the engine's
 * computation again from the event the batch kept (ruling W-21). */
static void derivation(page *p, int64_t id, const char *ids, const char *body)
{
    if (!page_arg(p, "explain")) {
        core_buf_printf(p->out, "<p><a id=\"explain\" href=\"/batch/%s?explain=1#derivation\">"
                                "The derivation of each award</a></p>\n",
                        ids);
        return;
    }
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    bmp_status st = bmp_ledger_event_explain(p->l, body, id, &t, &e);
    core_buf_puts(p->out, "<h2 id=\"derivation\">Derivation of each award</h2>\n");
    if (st == BMP_ENOTFOUND) {
        core_buf_puts(p->out, "<p>This batch kept no event to derive its awards from.</p>\n");
    } else if (!page_lost(p, st)) {
        core_buf_puts(p->out, "<ul class=\"note\">");
        for (size_t k = 0; k < t.nnotes; k++) {
            core_buf_puts(p->out, "<li>");
            web_buf_html(p->out, t.notes[k]);
            core_buf_puts(p->out, "</li>");
        }
        core_buf_puts(p->out, "</ul>\n");
        page_table(p->out, &t, &(page_table_opts){.caption = "Each award and how",
                                                 .link_col = (size_t)-1});
    }
    bmp_table_free(&t);
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
    core_buf_puts(b, "<p><label for=\"reason\">Reason (needed to reject; kept with an "
                    "approval)</label><input "
                    "id=\"reason\" name=\"reason\" maxlength=\"500\"></p><p><button "
                    "type=\"submit\" name=\"action\" value=\"approve\">Approve</button> "
                    "<button type=\"submit\" name=\"action\" value=\"reject\">Reject</button>"
                    "</p></form>\n");
}

/* The batch's header (bmp_ledger_batch), its body and club, and who may
 * see it: a secretary of its body, or a scorer of its club.  0, or the
 * answer is in p. */
static int read_batch(page *p, long long *id, bmp_table *t, char body[8], char club[32])
{
    if (!p->user)
        return page_require_any(p); /* nobody: to the login page, before any lookup */
    char *end = NULL;
    *id = strtoll(p->seg[0], &end, 10);
    if (*end || *id <= 0)
        return page_error(p, 400, "expected a batch number");
    bmp_error e = {0};
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
    char owner[8] = "", club[32] = "";
    int refused = read_batch(p, &id, &t, owner, club);
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
    const char *source = bmp_table_get(&t, 0, page_col(&t, "source"));
    const char *state = bmp_table_get(&t, 0, page_col(&t, "state"));
    const char *body = bmp_table_get(&t, 0, page_col(&t, "body"));
    bool secretary = bmp_user_has_role(p->user, BMP_ROLE_SECRETARY, body, NULL);
    bool open = state && (strcmp(state, "provisional") == 0 || strcmp(state, "approved") == 0);
    lines_and_held(p, id, body);
    carried(p, id, p->seg[0], secretary && open);
    replaced(p, id);
    if (source && strcmp(source, "event") == 0) {
        core_buf_puts(p->out, "<p><a href=\"/event/");
        page_url(p->out, body);
        core_buf_printf(p->out, "/%lld\">The event's awards</a></p>\n", id);
        derivation(p, id, p->seg[0], body);
    }
    if (open && secretary)
        decide_form(p, p->seg[0]);
    bool posted = state && strcmp(state, "posted") == 0;
    if (secretary && (open || posted) && source && strcmp(source, "reversal") != 0)
        page_batch_correct_form(p, p->seg[0], body, posted);
    bmp_table_free(&t);
    page_foot(p);
    return 200;
}

typedef enum verdict { APPROVE, REJECT, ACCEPT } verdict;

typedef struct decision {
    long long id;
    verdict what;
    const char *reason;
} decision;

static bmp_status decide(bmp_ledger *w, void *arg, bmp_error *e)
{
    const decision *d = arg;
    switch (d->what) {
    case APPROVE: return bmp_ledger_approve_reason(w, d->id, d->reason, e);
    case REJECT: return bmp_ledger_reject(w, d->id, d->reason, e);
    default: return bmp_ledger_accept_carried(w, d->id, d->reason, e);
    }
}

/* POST /batch/<id>: action=approve|reject|accept (the carried figures), reason (the dispatcher checked
 * the session and its CSRF token); the secretary of the batch's body. */
int page_batch_post(page *p)
{
    long long id = 0;
    bmp_table t;
    bmp_table_init(&t);
    char body[8] = "", club[32] = "", state[16] = "";
    int refused = read_batch(p, &id, &t, body, club);
    if (!refused)
        refused = page_require(p, BMP_ROLE_SECRETARY, body, NULL);
    if (!refused)
        snprintf(state, sizeof state, "%s", bmp_table_get(&t, 0, page_col(&t, "state")));
    bmp_table_free(&t);
    if (refused)
        return refused;
    char action[16], reason[520];
    decision d = {.id = id, .reason = page_form(p, "reason", reason, sizeof reason)};
    const char *a = page_form(p, "action", action, sizeof action);
    if (a && strcmp(a, "correct") == 0)
        return page_batch_correct(p, id, state, body, club);
    static const char *const names[] = {"approve", "reject", "accept"};
    size_t k = 0;
    while (a && k < 3 && strcmp(a, names[k]) != 0)
        k++;
    if (!a || k == 3)
        return page_error(p, 400, "expected action approve, reject, accept or correct");
    d.what = (verdict)k;
    if (d.what != APPROVE && (!d.reason || !*d.reason))
        return page_error(p, 400, d.what == REJECT ? "a rejection needs a reason"
                                                   : "accepting carried figures needs a reason");
    bmp_error e = {0};
    bmp_status st = page_write(p, decide, &d, &e);
    if (st)
        return page_fail(p, st, &e);
    char to[48];
    snprintf(to, sizeof to, "/batch/%lld", id);
    return page_redirect(p, to);
}
