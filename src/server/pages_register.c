/* The register in the secretary's back office (issue 29 item 2, docs/serve.md
 * "Back office"), for a secretary of the body:
 *   /register?body=&q=&page=      search by number or name (accent-insensitive,
 *        bmp_ledger_find_players), each player linked to their office record;
 *   /register/<body>/<number>     the record: register fields, holdings and
 *        rank, history (the journal), held lines and why; the forms, each a
 *        POST with the session's CSRF token: edit fields (a reason needed,
 *        bmp_ledger_player_edit), release held points (the renewal date and a
 *        reason, bmp_ledger_release_held_why), merge into another player and unmerge (a
 *        reason needed, bmp_ledger_merge/_unmerge);
 *   /duplicates?body=             likely duplicates (bmp_ledger_duplicates)
 *        with their evidence, each pair with a merge form (a POST to the
 *        duplicate's record).
 * Every write runs as the secretary (page_write: audited by name). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_api.h"
#include "bridgemp/ledger_movein.h"
#include "bridgemp/ledger_publish.h"
#include "server/pages_internal.h"

#define HISTORY_ROWS 50

/* The register fields an edit changes, with their labels (the number is
 * never edited); "region" stands for the body's word for it (edit_name). */
static const char *const edit_names[] = {"name", "status", "home_club", "alternates", "overseas",
                                         "youth", "registered_from", "registered_to",
                                         "pre1982_red", "birth_year", "region", NULL};
static const char *const edit_labels[] = {"Name", "Status", "Home club", "Alternate clubs",
                                          "Overseas (0 or 1)", "Youth (0 or 1)",
                                          "Registered from (year)", "Registered to (year)",
                                          "Red points before 1982", "Birth year", NULL, NULL};
#define EDIT_FIELDS 11

/* Field i's name for body: the region as the body calls it (state, county,
 * region, unit: bmp_ledger_region_word, rulings RG-1). */
static const char *edit_name(size_t i, const char *body)
{
    return strcmp(edit_names[i], "region") == 0 ? bmp_ledger_region_word(body) : edit_names[i];
}

/* Field i's label: the region's word with a capital ("State"). */
static const char *edit_label(size_t i, const char *body, char *buf, size_t size)
{
    if (edit_labels[i])
        return edit_labels[i];
    snprintf(buf, size, "%s", edit_name(i, body));
    buf[0] = (char)(buf[0] >= 'a' && buf[0] <= 'z' ? buf[0] - 'a' + 'A' : buf[0]);
    return buf;
}

static void hidden(core_buf *b, const char *name, const char *value)
{
    core_buf_printf(b, "<input type=\"hidden\" name=\"%s\" value=\"", name);
    web_buf_html(b, value);
    core_buf_puts(b, "\">");
}

/* A required reason input with its label (id unique on the page). */
static void reason_input(core_buf *b, const char *id)
{
    core_buf_printf(b, "<p><label for=\"%s\">Reason (needed)</label><input id=\"%s\" "
                       "name=\"reason\" maxlength=\"500\" required></p>", id, id);
}

/* ---- the search ------------------------------------------------------------ */

static size_t page_no(page *p)
{
    const char *s = page_arg(p, "page");
    char *end = NULL;
    long long v = s ? strtoll(s, &end, 10) : 1;
    return s && (*end || v < 1 || v > 1000000) ? 0 : (size_t)v;
}

static void office_links(page *p, const char *body)
{
    core_buf_puts(p->out, "<p><a href=\"/office\">The queue</a> · <a href=\"/register?body=");
    page_url(p->out, body);
    core_buf_puts(p->out, "\">The register</a> · <a href=\"/duplicates?body=");
    page_url(p->out, body);
    core_buf_puts(p->out, "\">Likely duplicates</a></p>\n");
}

int page_register(page *p)
{
    const char *body = page_office_body(p), *q = page_arg(p, "q");
    int st = page_require(p, BMP_ROLE_SECRETARY, body, NULL);
    if (st)
        return st;
    size_t pg = page_no(p), per = 50, total = 0;
    if (!pg)
        return page_error(p, 400, "page: expected a whole number from 1");
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    bmp_status s = q ? bmp_ledger_find_players(p->l, body, q, (pg - 1) * per, per, &t, &total, &e)
                     : BMP_OK;
    if (s) {
        bmp_table_free(&t);
        return page_fail(p, s, &e);
    }
    core_buf *b = p->out;
    page_head(p, "Back office: the register");
    core_buf_puts(b, "<h1>The register</h1>\n");
    office_links(p, body);
    core_buf_puts(b, "<form method=\"get\" action=\"/register\" id=\"find\" role=\"search\">");
    hidden(b, "body", body);
    core_buf_puts(b, "<label for=\"q\">Number or name</label><input id=\"q\" name=\"q\" "
                     "type=\"search\" autocomplete=\"off\" required value=\"");
    web_buf_html(b, q ? q : "");
    core_buf_puts(b, "\"> <button type=\"submit\">Find</button></form>\n");
    if (q) {
        core_buf_printf(b, "<p id=\"found\">%zu player%s found.</p>\n", total,
                        total == 1 ? "" : "s");
        char prefix[32];
        snprintf(prefix, sizeof prefix, "/register/%s/", body);
        page_table(b, &t, &(page_table_opts){.caption = "Players", .link_col = page_col(&t, "name"),
                                             .key_col = page_col(&t, "number"), .prefix = prefix});
        core_buf base;
        core_buf_init(&base);
        core_buf_puts(&base, "/register?body=");
        page_url(&base, body);
        core_buf_puts(&base, "&amp;q=");
        page_url(&base, q);
        page_pager(b, page_built(p, &base), pg, per, total);
        core_buf_free(&base);
    }
    bmp_table_free(&t);
    page_foot(p);
    return 200;
}

/* ---- the record ------------------------------------------------------------ */

/* What the last POST did (?done=), said on the page it returns to. */
static void done_note(page *p)
{
    const char *d = page_arg(p, "done"), *batch = page_arg(p, "batch");
    static const char *const what[][2] = {
        {"edit", "The register is changed."},
        {"same", "Nothing changed: the fields already held those values."},
        {"release", "The held points are released as a provisional batch: approve it, then the "
                    "period's close posts it."},
        {"merge", "Merged: this number now leads to the player kept."},
        {"unmerge", "Unmerged: the transfer is reversed."}};
    for (size_t i = 0; d && i < sizeof what / sizeof what[0]; i++) {
        if (strcmp(d, what[i][0]) != 0)
            continue;
        core_buf_puts(p->out, "<p id=\"done\" role=\"status\">");
        web_buf_html(p->out, what[i][1]);
        if (batch && *batch && strspn(batch, "0123456789") == strlen(batch)) {
            char text[40];
            snprintf(text, sizeof text, "Batch %.20s", batch);
            core_buf_puts(p->out, " ");
            page_link(p->out, "/batch/", batch, text);
            core_buf_puts(p->out, ".");
        }
        core_buf_puts(p->out, "</p>\n");
    }
}

/* The register fields (dl) and the edit form, filled with them. */
static void register_block(page *p, const char *body, const bmp_table *r)
{
    core_buf *b = p->out;
    core_buf_puts(b, "<h2>Register</h2>\n<dl id=\"register\">");
    for (size_t k = 0; k < r->ncols; k++) {
        const char *v = bmp_table_get(r, 0, k);
        if ((strcmp(r->columns[k], "merged_into") == 0 && !*v) ||
            !bmp_ledger_register_field(body, r->columns[k]))
            continue; /* the body's own fields only (issue 44) */
        core_buf_printf(b, "<dt>%s</dt><dd id=\"reg-%s\">", r->columns[k], r->columns[k]);
        web_buf_html(b, v);
        core_buf_puts(b, "</dd>");
    }
    core_buf_puts(b, "</dl>\n<h2>Edit the register</h2>\n");
    char action[64];
    snprintf(action, sizeof action, "/register/%s/%s", body, bmp_table_get(r, 0, 0));
    page_form_open(p, action, "edit");
    hidden(b, "action", "edit");
    for (size_t i = 0; edit_names[i]; i++) {
        const char *nm = edit_name(i, body);
        char label[16];
        if (!bmp_ledger_register_field(body, nm))
            continue;
        size_t k = page_col(r, nm);
        core_buf_printf(b, "<p><label for=\"f-%s\">%s</label><input id=\"f-%s\" name=\"%s\" "
                           "maxlength=\"200\" value=\"", nm,
                        edit_label(i, body, label, sizeof label), nm, nm);
        web_buf_html(b, k == (size_t)-1 ? "" : bmp_table_get(r, 0, k));
        core_buf_puts(b, "\"></p>");
    }
    reason_input(b, "edit-reason");
    core_buf_puts(b, "<button type=\"submit\">Save the changes</button></form>\n");
}

static void summary_block(page *p, const bmp_ledger_summary *s)
{
    core_buf *b = p->out;
    core_buf_puts(b, "<h2>Holdings and rank</h2>\n<dl><dt>Rank</dt><dd id=\"rank\">");
    web_buf_html(b, s->rank[0] ? s->rank : "none yet");
    core_buf_puts(b, "</dd></dl>\n<div class=\"wrap\"><table id=\"holdings\"><caption>Holdings"
                     "</caption><thead><tr><th scope=\"col\">Point type</th><th scope=\"col\" "
                     "class=\"n\">Points</th></tr></thead><tbody>");
    for (size_t k = 0; k < s->ntypes; k++) {
        char pts[32];
        bmp_points_format(s->holding[k], pts, sizeof pts);
        core_buf_puts(b, "<tr><td data-label=\"Point type\">");
        web_buf_html(b, s->point_type[k]);
        core_buf_printf(b, "</td><td class=\"n\" data-label=\"Points\" id=\"holding-%s\">%s"
                           "</td></tr>", s->point_type[k], pts);
    }
    core_buf_puts(b, "</tbody></table></div>\n");
}

/* The held lines and the release form. */
static void held_block(page *p, const char *body, const char *number, const bmp_table *h)
{
    core_buf *b = p->out;
    core_buf_puts(b, "<h2>Held points</h2>\n");
    if (!h->nrows) {
        core_buf_puts(b, "<p id=\"no-held\">No points are held for this number.</p>\n");
        return;
    }
    page_table(b, h, &(page_table_opts){.caption = "Held lines and why", .link_col = 0,
                                        .key_col = 0, .prefix = "/batch/"});
    char action[64];
    snprintf(action, sizeof action, "/register/%s/%s", body, number);
    page_form_open(p, action, "release");
    hidden(b, "action", "release");
    core_buf_puts(b, "<p class=\"note\">Release credits the held lines the body's rule allows "
                     "for a renewal on that date (ABF-99: the quarter of renewal and the one "
                     "before; EBU-5: all) as a provisional batch.</p><p><label "
                     "for=\"renewed\">Renewed on</label><input id=\"renewed\" name=\"renewed\" "
                     "type=\"date\" required></p>");
    reason_input(b, "release-reason");
    core_buf_puts(b, "<button type=\"submit\">Release held points</button></form>\n");
}

/* Merge this player into another, or undo the merge that stands. */
static void merge_block(page *p, const char *body, const char *number, const char *merged)
{
    core_buf *b = p->out;
    char action[64];
    snprintf(action, sizeof action, "/register/%s/%s", body, number);
    if (*merged) {
        core_buf_puts(b, "<h2>Unmerge</h2>\n<p id=\"merged\">Merged into ");
        char prefix[32];
        snprintf(prefix, sizeof prefix, "/register/%s/", body);
        page_link(b, prefix, merged, merged);
        core_buf_puts(b, ": lookups of this number reach that player.</p>\n");
        page_form_open(p, action, "unmerge");
        hidden(b, "action", "unmerge");
        reason_input(b, "unmerge-reason");
        core_buf_puts(b, "<button type=\"submit\">Unmerge</button></form>\n");
        return;
    }
    core_buf_puts(b, "<h2>Merge a duplicate</h2>\n<p class=\"note\">This player's posted "
                     "holdings move to the player kept by a transfer batch; this number then "
                     "leads to that player (undone by an unmerge).</p>\n");
    page_form_open(p, action, "merge");
    hidden(b, "action", "merge");
    core_buf_puts(b, "<p><label for=\"into\">Merge into (number kept)</label><input id=\"into\" "
                     "name=\"into\" maxlength=\"15\" required></p>");
    reason_input(b, "merge-reason");
    core_buf_puts(b, "<button type=\"submit\">Merge</button></form>\n");
}

static void history_block(page *p, const char *body, const char *number)
{
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    size_t total = 0;
    (void)body;
    if (!page_lost(p, bmp_ledger_player_journal(p->l, body, number, 0, HISTORY_ROWS, &t, &total,
                                                &e))) {
        char caption[64];
        snprintf(caption, sizeof caption, "History (%zu of %zu lines, newest first)", t.nrows,
                 total);
        page_table(p->out, &t, &(page_table_opts){.caption = caption,
                                                  .link_col = page_col(&t, "batch"),
                                                  .key_col = page_col(&t, "batch"),
                                                  .prefix = "/batch/"});
    }
    bmp_table_free(&t);
}

int page_register_record(page *p)
{
    const char *body = p->seg[0], *number = p->seg[1];
    int st = page_require(p, BMP_ROLE_SECRETARY, body, NULL);
    if (st)
        return st;
    bmp_table r, h;
    bmp_table_init(&r);
    bmp_table_init(&h);
    bmp_ledger_summary s;
    bmp_error e = {0};
    bmp_status rc = bmp_ledger_player_register(p->l, body, number, &r, &e);
    if (!rc)
        rc = bmp_ledger_player_summary(p->l, body, bmp_table_get(&r, 0, 0), &s, &e);
    if (!rc)
        rc = bmp_ledger_player_held(p->l, body, bmp_table_get(&r, 0, 0), &h, &e);
    if (rc) {
        bmp_table_free(&r);
        bmp_table_free(&h);
        return page_fail(p, rc, &e);
    }
    const char *num = bmp_table_get(&r, 0, 0), *name = bmp_table_get(&r, 0, 1);
    char title[192];
    snprintf(title, sizeof title, "Register: %s (%s)", name, num);
    page_head(p, title);
    core_buf_puts(p->out, "<h1>");
    web_buf_html(p->out, title);
    core_buf_puts(p->out, "</h1>\n");
    office_links(p, body);
    done_note(p);
    char prefix[32];
    snprintf(prefix, sizeof prefix, "/player/%s/", body);
    core_buf_puts(p->out, "<p>");
    page_link(p->out, prefix, num, "The player's public page");
    core_buf_puts(p->out, "</p>\n");
    register_block(p, body, &r);
    summary_block(p, &s);
    held_block(p, body, num, &h);
    merge_block(p, body, num, bmp_table_get(&r, 0, page_col(&r, "merged_into")));
    history_block(p, body, num);
    page_foot(p);
    bmp_table_free(&r);
    bmp_table_free(&h);
    return 200;
}

/* ---- the record's forms ----------------------------------------------------- */

typedef struct reg_act {
    const char *body, *number, *reason, *into, *renewed;
    bmp_ledger_field f[EDIT_FIELDS];
    size_t nf, changed;
    int what; /* 0 edit, 1 release, 2 merge, 3 unmerge */
    int64_t batch;
} reg_act;

static bmp_status reg_write(bmp_ledger *w, void *arg, bmp_error *e)
{
    reg_act *a = arg;
    size_t n = 0;
    switch (a->what) {
    case 0:
        return bmp_ledger_player_edit(w, a->body, a->number, a->f, a->nf, a->reason, &a->changed,
                                      NULL, e);
    case 1:
        return bmp_ledger_release_held_why(w, a->body, a->number, a->renewed, a->reason,
                                           &a->batch, &n, e);
    case 2:
        return bmp_ledger_merge(w, a->body, a->number, a->into, a->reason, &a->batch, e);
    default:
        return bmp_ledger_unmerge(w, a->body, a->number, a->reason, &a->batch, e);
    }
}

/* The edit's fields that differ from the register as it is (the form
 * shows every field; only what the secretary changed is sent on). */
static void edit_fields(page *p, reg_act *a, const bmp_table *r, char vals[][208])
{
    for (size_t i = 0; edit_names[i]; i++) {
        const char *nm = edit_name(i, a->body);
        const char *v = page_form(p, nm, vals[i], 208);
        size_t k = page_col(r, nm);
        if (v && k != (size_t)-1 && strcmp(v, bmp_table_get(r, 0, k)) != 0)
            a->f[a->nf++] = (bmp_ledger_field){nm, v};
    }
}

/* POST /register/<body>/<number>: action=edit (the fields, reason),
 * release (renewed), merge (into, reason), unmerge (reason). */
int page_register_post(page *p)
{
    reg_act a = {.body = p->seg[0], .number = p->seg[1]};
    int st = page_require(p, BMP_ROLE_SECRETARY, a.body, NULL);
    if (st)
        return st;
    char action[16], reason[520], into[32], renewed[16], vals[EDIT_FIELDS][208];
    static const char *const acts[] = {"edit", "release", "merge", "unmerge"};
    const char *act = page_form(p, "action", action, sizeof action);
    while (act && a.what < 4 && strcmp(act, acts[a.what]) != 0)
        a.what++;
    if (!act || a.what == 4)
        return page_error(p, 400, "expected action edit, release, merge or unmerge");
    a.reason = page_form(p, "reason", reason, sizeof reason);
    a.into = page_form(p, "into", into, sizeof into);
    a.renewed = page_form(p, "renewed", renewed, sizeof renewed);
    if (!a.reason || !*a.reason)
        return page_error(p, 400, a.what == 0   ? "an edit of the register needs a reason"
                                  : a.what == 1 ? "a release of held points needs a reason"
                                  : a.what == 2 ? "a merge needs a reason"
                                                : "an unmerge needs a reason");
    if (a.what == 1 && (!a.renewed || !*a.renewed))
        return page_error(p, 400, "a release needs the date of renewal (yyyy-mm-dd)");
    if (a.what == 2 && (!a.into || !*a.into))
        return page_error(p, 400, "a merge needs the number of the player kept");
    bmp_table r; /* the player as registered: its number as the ledger writes it */
    bmp_table_init(&r);
    bmp_error e = {0};
    bmp_status s = bmp_ledger_player_register(p->l, a.body, a.number, &r, &e);
    char number[16] = "";
    if (!s) {
        snprintf(number, sizeof number, "%s", bmp_table_get(&r, 0, 0));
        if (a.what == 0)
            edit_fields(p, &a, &r, vals);
    }
    bmp_table_free(&r);
    a.number = number;
    if (!s && !(a.what == 0 && a.nf == 0))
        s = page_write(p, reg_write, &a, &e);
    if (s)
        return page_fail(p, s, &e);
    core_buf to;
    core_buf_init(&to);
    core_buf_puts(&to, "/register/");
    page_url(&to, a.body);
    core_buf_puts(&to, "/");
    page_url(&to, a.number);
    core_buf_printf(&to, "?done=%s", a.what == 0 && !a.changed ? "same" : acts[a.what]);
    if (a.batch)
        core_buf_printf(&to, "&batch=%lld", (long long)a.batch);
    st = page_redirect(p, page_built(p, &to)); /* never a cut-short URL, another player's */
    core_buf_free(&to);
    return st;
}

/* ---- likely duplicates ----------------------------------------------------- */

/* A pair's evidence for one number: its points (the body's total) and
 * when it last played (its newest line's date or period), issue 44. */
static void evidence(page *p, const char *body, const char *number)
{
    bmp_ledger_summary s;
    bmp_table j;
    bmp_table_init(&j);
    bmp_error e = {0};
    const bmp_rules *r = bmp_rules_find(body);
    core_buf_puts(p->out, "<dt>");
    web_buf_html(p->out, number);
    core_buf_puts(p->out, "</dt><dd>");
    if (!page_lost(p, bmp_ledger_player_summary(p->l, body, number, &s, &e)) && r) {
        bmp_points by[BMP_MAX_POINT_TYPES] = {0};
        for (size_t k = 0; k < s.ntypes; k++) {
            int i = bmp_rules_point_type_index(r, s.point_type[k]);
            if (i >= 0 && i < BMP_MAX_POINT_TYPES)
                by[i] = s.holding[k];
        }
        page_points(p->out, r, NULL, bmp_rules_total(r, by));
        core_buf_puts(p->out, " points");
    }
    size_t n = 0;
    if (!page_lost(p, bmp_ledger_player_journal(p->l, body, number, 0, 1, &j, &n, &e)) &&
        j.nrows) {
        const char *d = bmp_table_get(&j, 0, page_col(&j, "event_date"));
        if (!d || !*d)
            d = bmp_table_get(&j, 0, page_col(&j, "period"));
        core_buf_puts(p->out, ", last played ");
        web_buf_html(p->out, d && *d ? d : "(not dated)");
    } else {
        core_buf_puts(p->out, ", never played");
    }
    core_buf_puts(p->out, "</dd>");
    bmp_table_free(&j);
}

/* The form merging dup into keep (the pair's `n`th; suffix "b" for the
 * other way round): the secretary chooses the number kept (issue 44). */
static void merge_form(page *p, const char *body, const char *dup, const char *keep, size_t n,
                       const char *suffix)
{
    core_buf *b = p->out;
    char action[64], id[32], rid[40];
    snprintf(action, sizeof action, "/register/%s/%s", body, dup);
    snprintf(id, sizeof id, "merge-%zu%s", n, suffix);
    snprintf(rid, sizeof rid, "merge-%zu%s-reason", n, suffix);
    page_form_open(p, action, id);
    hidden(b, "action", "merge");
    hidden(b, "into", keep);
    reason_input(b, rid);
    core_buf_puts(b, "<button type=\"submit\">Keep ");
    web_buf_html(b, keep);
    core_buf_puts(b, ": merge ");
    web_buf_html(b, dup);
    core_buf_puts(b, " into it</button></form>\n");
}

int page_duplicates(page *p)
{
    const char *body = page_office_body(p);
    int st = page_require(p, BMP_ROLE_SECRETARY, body, NULL);
    if (st)
        return st;
    bmp_table t;
    bmp_table_init(&t);
    bmp_error e = {0};
    bmp_status rc = bmp_ledger_duplicates(p->l, body, &t, &e);
    if (rc) {
        bmp_table_free(&t);
        return page_fail(p, rc, &e);
    }
    core_buf *b = p->out;
    page_head(p, "Back office: likely duplicates");
    core_buf_puts(b, "<h1>Likely duplicates</h1>\n");
    office_links(p, body);
    core_buf_printf(b, "<p id=\"pairs\">%zu likely pair%s: same name and home club, numbers "
                       "one transposition or one digit apart (the evidence in each).</p>\n",
                    t.nrows, t.nrows == 1 ? "" : "s");
    char prefix[32];
    snprintf(prefix, sizeof prefix, "/register/%s/", body);
    page_table(b, &t, &(page_table_opts){.caption = "Pairs and their evidence",
                                         .link_col = page_col(&t, "name"),
                                         .key_col = page_col(&t, "number"), .prefix = prefix});
    for (size_t i = 0; i < t.nnotes; i++) {
        core_buf_puts(b, "<p class=\"note\">");
        web_buf_html(b, t.notes[i]);
        core_buf_puts(b, "</p>\n");
    }
    size_t kn = page_col(&t, "number"), ko = page_col(&t, "other_number");
    for (size_t r = 0; r < t.nrows && kn != (size_t)-1 && ko != (size_t)-1; r++) {
        const char *a = bmp_table_get(&t, r, kn), *o = bmp_table_get(&t, r, ko);
        core_buf_puts(b, "<h2>");
        web_buf_html(b, o);
        core_buf_puts(b, " and ");
        web_buf_html(b, a);
        core_buf_puts(b, "</h2>\n<dl class=\"evidence\">");
        evidence(p, body, a);
        evidence(p, body, o);
        core_buf_puts(b, "</dl>\n");
        merge_form(p, body, o, a, r + 1, "");  /* the second number into the first */
        merge_form(p, body, a, o, r + 1, "b"); /* or the first into the second */
    }
    bmp_table_free(&t);
    page_foot(p);
    return 200;
}
