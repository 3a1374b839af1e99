/* The club submission's preview and refusal pages (pages_submit.h): what
 * bmp_ledger_preview_memory found, before anything is written. */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/pages_submit.h"

/* A field of the preview's one row ("" when absent). */
static const char *pv_field(const bmp_table *pv, const char *col)
{
    size_t k = pv ? page_col(pv, col) : (size_t)-1;
    const char *v = k == (size_t)-1 || !pv->nrows ? NULL : bmp_table_get(pv, 0, k);
    return v ? v : "";
}

static void dl_row(page *p, const char *id, const char *label, const char *v, bool batch)
{
    if (!*v)
        return;
    core_buf_printf(p->out, "<dt>%s</dt><dd id=\"preview-%s\">", label, id);
    if (batch) {
        char text[48];
        snprintf(text, sizeof text, "batch %s", v);
        page_link(p->out, "/batch/", v, text);
    } else {
        web_buf_html(p->out, v);
    }
    core_buf_puts(p->out, "</dd>");
}

static const char *verdict_text(const char *verdict)
{
    return strcmp(verdict, "provisional") == 0
               ? "It can be submitted: it becomes a provisional batch, for the body's secretary "
                 "to approve."
           : strcmp(verdict, "held") == 0
               ? "It can be submitted, but it will be held for the points it carries until the "
                 "secretary accepts them."
               : "It cannot be submitted as it is: see the problems.";
}

static void summary(page *p, const bmp_table *pv)
{
    const char *verdict = pv_field(pv, "verdict");
    core_buf_printf(p->out, "<p id=\"verdict\" class=\"%s\" role=\"status\">",
                    strcmp(verdict, "refused") == 0 ? "error" : "note");
    web_buf_html(p->out, verdict_text(verdict));
    core_buf_puts(p->out, "</p>\n<dl>");
    dl_row(p, "event", "Event", pv_field(pv, "event"), false);
    dl_row(p, "date", "Date", pv_field(pv, "event_date"), false);
    dl_row(p, "rating", "Rating", pv_field(pv, "rating"), false); /* issue 42: a club's game */
    dl_row(p, "lines", "Award lines", pv_field(pv, "lines"), false);
    dl_row(p, "held", "Lines held", strcmp(pv_field(pv, "held"), "0") ? pv_field(pv, "held") : "",
           false);
    dl_row(p, "hold", "Held because", pv_field(pv, "hold"), false);
    dl_row(p, "numbers", "Player numbers", pv_field(pv, "numbers"), false);
    dl_row(p, "duplicate", "Duplicate of", pv_field(pv, "duplicate_of"), true);
    dl_row(p, "same-event", "Same event as", pv_field(pv, "same_event"), true);
    dl_row(p, "replaces", "Replaces", pv_field(pv, "replaces"), true);
    core_buf_puts(p->out, "</dl>\n");
}

static void problems(page *p, const bmp_table *t)
{
    if (!t || !t->nrows)
        return;
    core_buf_puts(p->out, "<h2 id=\"problems\">Problems</h2>\n<ul class=\"error\">");
    for (size_t r = 0; r < t->nrows; r++) {
        core_buf_puts(p->out, "<li>");
        page_words(p->out, bmp_table_get(t, r, 0));
        core_buf_puts(p->out, "</li>");
    }
    core_buf_puts(p->out, "</ul>\n");
}

/* Issue 43 (RI-7): the lines held for their player's number, each with
 * its reason (guest, no number, not a valid <BODY> number: ...), one per
 * player and reason. */
static void number_lines(page *p, const bmp_table *l)
{
    size_t kn = l ? page_col(l, "number") : (size_t)-1, km = l ? page_col(l, "name") : kn;
    size_t kh = l ? page_col(l, "held") : kn;
    if (kh == (size_t)-1 || kn == (size_t)-1 || km == (size_t)-1)
        return;
    size_t shown = 0;
    for (size_t r = 0; r < l->nrows; r++) {
        const char *why = bmp_table_get(l, r, kh);
        if (strncmp(why, "guest", 5) != 0 && strncmp(why, "no number", 9) != 0 &&
            strncmp(why, "not a valid ", 12) != 0)
            continue;
        bool seen = false;
        for (size_t q = 0; q < r && !seen; q++)
            seen = strcmp(bmp_table_get(l, q, kh), why) == 0 &&
                   strcmp(bmp_table_get(l, q, kn), bmp_table_get(l, r, kn)) == 0 &&
                   strcmp(bmp_table_get(l, q, km), bmp_table_get(l, r, km)) == 0;
        if (seen)
            continue;
        core_buf_puts(p->out, shown++ ? "" : "<h2 id=\"numbers\">Players without a valid "
                                             "number</h2>\n<p>Their lines are held, credited "
                                             "to nobody.</p>\n<ul id=\"number-lines\">");
        core_buf_puts(p->out, "<li>");
        const char *name = bmp_table_get(l, r, km), *num = bmp_table_get(l, r, kn);
        web_buf_html(p->out, *name ? name : "(no name)");
        if (*num) {
            core_buf_puts(p->out, " (");
            web_buf_html(p->out, num);
            core_buf_puts(p->out, ")");
        }
        core_buf_puts(p->out, ": ");
        web_buf_html(p->out, why);
        core_buf_puts(p->out, "</li>");
    }
    if (shown)
        core_buf_puts(p->out, "</ul>\n");
}

/* ---- the awards, each with its derivation -------------------------------- */

/* The derivations sorted by (contestant, point type), each with its row:
 * an award's derivations are found by binary search (no scan per line). */
typedef struct deriv_key {
    const char *c, *t;
    size_t row;
} deriv_key;

typedef struct deriv_ix {
    const bmp_table *d;
    size_t cd, n;
    deriv_key *k;
} deriv_ix;

static int cmp_key(const deriv_key *k, const char *c, const char *t)
{
    int r = strcmp(k->c, c);
    return r ? r : strcmp(k->t, t);
}

static int cmp_keys(const void *a, const void *b)
{
    const deriv_key *x = a, *y = b;
    int r = cmp_key(x, y->c, y->t);
    return r ? r : (x->row > y->row) - (x->row < y->row);
}

/* The first sorted position of (c, t), or x->n. */
static size_t first_of(const deriv_ix *x, const char *c, const char *t)
{
    size_t lo = 0, hi = x->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (cmp_key(&x->k[mid], c, t) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static void index_derivations(deriv_ix *x, const bmp_table *d)
{
    *x = (deriv_ix){.d = d};
    size_t cc = d ? page_col(d, "contestant") : (size_t)-1;
    size_t ct = d ? page_col(d, "point_type") : (size_t)-1;
    x->cd = d ? page_col(d, "derivation") : (size_t)-1;
    if (!d || !d->nrows || cc == (size_t)-1 || ct == (size_t)-1 || x->cd == (size_t)-1 ||
        !(x->k = malloc(d->nrows * sizeof *x->k)))
        return;
    for (size_t i = 0; i < d->nrows; i++)
        x->k[i] = (deriv_key){bmp_table_get(d, i, cc), bmp_table_get(d, i, ct), i};
    x->n = d->nrows;
    qsort(x->k, x->n, sizeof *x->k, cmp_keys);
}

static void cell(page *p, const char *label, const char *v, bool num)
{
    core_buf_printf(p->out, "<td%s data-label=\"%s\">", num ? " class=\"n\"" : "", label);
    web_buf_html(p->out, v ? v : "");
    core_buf_puts(p->out, "</td>");
}

static const char *const award_cols[] = {"number", "name", "point_type", "points", "rule",
                                         "held"};
static const char *const award_labels[] = {"player", "name", "point type", "points", "rule",
                                           "held", "derivation"};

/* show[i]: column i has a value in some row (a credit file has no names
 * and no derivations: those columns are left out). */
static void award_row(page *p, const bmp_table *l, size_t r, const deriv_ix *x, const bool *show)
{
    core_buf_puts(p->out, "<tr>");
    for (size_t i = 0; i < 6; i++) {
        size_t k = page_col(l, award_cols[i]);
        if (show[i])
            cell(p, award_labels[i], k == (size_t)-1 ? "" : bmp_table_get(l, r, k), i == 3);
    }
    size_t kc = page_col(l, "contestant"), kt = page_col(l, "point_type");
    if (!show[6] || kc == (size_t)-1 || kt == (size_t)-1) {
        core_buf_puts(p->out, "</tr>\n");
        return;
    }
    core_buf_puts(p->out, "<td data-label=\"derivation\">");
    const char *c = bmp_table_get(l, r, kc), *t = bmp_table_get(l, r, kt);
    size_t first = first_of(x, c, t);
    for (size_t i = first; i < x->n && !cmp_key(&x->k[i], c, t); i++) {
        core_buf_puts(p->out, i > first ? "; " : "");
        web_buf_html(p->out, bmp_table_get(x->d, x->k[i].row, x->cd));
    }
    core_buf_puts(p->out, "</td></tr>\n");
}

static void awards(page *p, const bmp_table *l, const bmp_table *d)
{
    if (!l || !l->nrows)
        return;
    deriv_ix x;
    index_derivations(&x, d);
    bool show[7] = {true, false, true, true, true, false, x.n > 0};
    for (size_t i = 1; i < 6; i += 4) {
        size_t k = page_col(l, award_cols[i]);
        for (size_t r = 0; k != (size_t)-1 && r < l->nrows && !show[i]; r++)
            show[i] = *bmp_table_get(l, r, k) != '\0';
    }
    core_buf_puts(p->out, "<div class=\"wrap\"><table class=\"stack\" id=\"awards\"><caption>"
                          "The awards, each with its derivation</caption><thead><tr>");
    for (size_t i = 0; i < 7; i++)
        if (show[i])
            core_buf_printf(p->out, "<th scope=\"col\"%s>%s</th>", i == 3 ? " class=\"n\"" : "",
                            award_labels[i]);
    core_buf_puts(p->out, "</tr></thead><tbody>\n");
    for (size_t r = 0; r < l->nrows; r++)
        award_row(p, l, r, &x, show);
    core_buf_puts(p->out, "</tbody></table></div>\n");
    free(x.k);
}

static void section_table(page *p, const bmp_table *t, const char *caption)
{
    if (t && t->nrows)
        page_table(p->out, t, &(page_table_opts){.caption = caption, .link_col = (size_t)-1,
                                                 .hide = (const char *const[]){"contestant",
                                                                               NULL}});
}

/* ---- the submit form ------------------------------------------------------ */

static void hidden(page *p, const char *name, const char *v)
{
    if (!v || !*v)
        return;
    core_buf_printf(p->out, "<input type=\"hidden\" name=\"%s\" value=\"", name);
    web_buf_html(p->out, v);
    core_buf_puts(p->out, "\">");
}

/* The file again, base64url (only [A-Za-z0-9_-]: safe in the attribute). */
static void content(page *p, const upload_view *v)
{
    size_t n = sodium_base64_ENCODED_LEN(v->len, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
    char *b = malloc(n);
    if (!b) {
        p->out->failed = true;
        return;
    }
    sodium_bin2base64(b, n, v->data, v->len, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
    core_buf_puts(p->out, "<input type=\"hidden\" name=\"content\" value=\"");
    core_buf_puts(p->out, b);
    core_buf_puts(p->out, "\">");
    free(b);
}

static void submit_form(page *p, const upload_view *v, const bmp_table *pv)
{
    /* the same content again is no correction: nothing to replace (issue 44:
     * it offered a pre-ticked "replaces batch 1") */
    const char *rep = *v->replaces              ? v->replaces
                      : *pv_field(pv, "duplicate_of") ? ""
                                                    : pv_field(pv, "replaces");
    bool refused = strcmp(pv_field(pv, "verdict"), "refused") == 0;
    char key[48];
    snprintf(key, sizeof key, "%s:%s", v->club->body, v->club->club);
    if (refused && !*rep) {
        core_buf_puts(p->out, "<p>Nothing can be submitted as it is: correct the file and ");
        page_link(p->out, "/submit?club=", key, "upload it again");
        core_buf_puts(p->out, ".</p>\n");
        return;
    }
    core_buf_puts(p->out, "<h2>Submit</h2>\n");
    page_form_open(p, "/submit", "submit");
    hidden(p, "club", key);
    hidden(p, "filename", v->filename);
    hidden(p, "kind", v->kind);
    hidden(p, v->scale_option ? v->scale_option : "scale", v->scale);
    hidden(p, "edition", v->edition);
    hidden(p, "rating", v->rating);
    hidden(p, "strict-numbers", v->strict);
    hidden(p, "event", v->event);
    content(p, v);
    if (*rep) { /* a corrected file: it replaces the earlier batch, with a reason */
        core_buf_puts(p->out, "<fieldset><legend>A corrected file</legend><p><input "
                              "type=\"checkbox\" id=\"replaces\" name=\"replaces\" value=\"");
        web_buf_html(p->out, rep);
        core_buf_printf(p->out, "\"%s> <label for=\"replaces\">This file replaces batch ",
                        *v->replaces || refused ? " checked" : "");
        web_buf_html(p->out, rep);
        core_buf_puts(p->out, "</label></p><p><label for=\"reason\">Reason</label> <input "
                              "id=\"reason\" name=\"reason\" maxlength=\"500\" value=\"");
        web_buf_html(p->out, v->reason);
        core_buf_puts(p->out, "\"></p></fieldset>\n");
    }
    core_buf_puts(p->out, "<p><button type=\"submit\" name=\"action\" value=\"submit\">Submit "
                          "the batch</button> <a href=\"/submit?club=");
    page_url(p->out, key);
    core_buf_puts(p->out, "\">Cancel</a></p></form>\n");
}

void page_submit_preview(page *p, const upload_view *v)
{
    const bmp_table *pv = bmp_ledger_section(v->s, "preview");
    page_head(p, "Preview of a submission");
    core_buf_puts(p->out, "<h1>Preview of ");
    web_buf_html(p->out, v->filename);
    core_buf_puts(p->out, "</h1>\n<p class=\"note\">Nothing has been recorded yet.</p>\n");
    if (v->error) {
        core_buf_puts(p->out, "<p class=\"error\" id=\"form-error\" role=\"alert\">");
        web_buf_html(p->out, v->error);
        core_buf_puts(p->out, " (<a href=\"#reason\">the reason</a>).</p>\n");
    }
    summary(p, pv);
    problems(p, bmp_ledger_section(v->s, "problems"));
    number_lines(p, bmp_ledger_section(v->s, "lines"));
    awards(p, bmp_ledger_section(v->s, "lines"), bmp_ledger_section(v->s, "derivations"));
    section_table(p, bmp_ledger_section(v->s, "totals"), "Totals by point type");
    section_table(p, bmp_ledger_section(v->s, "carried"),
                  "Points the file carries that differ from the computed ones");
    char cap[96];
    const char *other = *pv_field(pv, "replaces") ? pv_field(pv, "replaces")
                                                   : pv_field(pv, "same_event");
    snprintf(cap, sizeof cap, "Points that differ from batch %s", other);
    section_table(p, bmp_ledger_section(v->s, "differences"), cap);
    submit_form(p, v, pv);
    page_foot(p);
}

int page_submit_failed(page *p, bmp_status st, const bmp_error *e, const bmp_problems *pr,
                       const char *title)
{
    bool other_club = st == BMP_EINVAL && strstr(e->msg, "'s event, not club ");
    if (other_club) /* issue 44: not "cannot be read as results" */
        title = "This file is another club's event";
    int status = other_club ? 403
                 : st == BMP_ENOTFOUND                                       ? 404
                 : st == BMP_EINVAL || st == BMP_EPARSE || st == BMP_ERANGE || st == BMP_ENOTSUP
                     ? 400
                     : 0;
    if (!status) {
        return page_fail(p, st, e);
    }
    core_buf_reset(p->out);
    page_head(p, title);
    core_buf_puts(p->out, "<h1>");
    web_buf_html(p->out, title);
    core_buf_puts(p->out, "</h1>\n<p class=\"error\" role=\"alert\">");
    page_words(p->out, e->msg);
    core_buf_puts(p->out, "</p>\n");
    if (pr && pr->count) {
        core_buf_puts(p->out, "<ul class=\"error\">");
        for (size_t i = 0; i < pr->count; i++) {
            core_buf_puts(p->out, "<li>");
            page_words(p->out, pr->msgs[i]);
            core_buf_puts(p->out, "</li>");
        }
        core_buf_puts(p->out, "</ul>\n");
    }
    core_buf_puts(p->out, "<p><a href=\"/submit\">Upload a file again</a></p>\n");
    page_foot(p);
    return status;
}
