/* A club's submission page (issue 29 item 3; docs/serve.md "Club
 * submission"), for a scorer of the club:
 *
 *   GET  /submit[?club=abf:2074]   the upload form: the results file, and
 *                                  what the body needs of it from the
 *                                  body's own spec (bmp_rules scale_option
 *                                  and scale_values, editions, rating)
 *   POST /submit (multipart)       the preview: the import's own checks as
 *                                  a dry run (bmp_ledger_preview_memory),
 *                                  the awards per player with their
 *                                  derivation, held lines, carried
 *                                  differences, a duplicate, the batch a
 *                                  corrected file replaces; nothing written
 *   POST /submit (action=submit)   the import (bmp_ledger_import_memory),
 *                                  as the scorer, then to the club's batches
 *
 * Between the preview and the submit the file travels in the preview
 * page's submit form (base64url, no padding: a hidden field), so the
 * server keeps nothing between requests and writes no file: the submit
 * runs every check again on exactly the bytes it imports. */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bridgemp/ledger_api.h"
#include "bridgemp/ledger_preview.h"
#include "bridgemp/rules.h"
#include "server/pages_submit.h"

#define B64 sodium_base64_VARIANT_URLSAFE_NO_PADDING

/* What a submission says beside its file: each field checked. */
typedef struct upload {
    bmp_role club;
    const bmp_rules *r;
    char filename[128];
    const unsigned char *data; /* the file's bytes */
    size_t len;
    bool need_reason;          /* replaces given without a reason */
    unsigned char *own;        /* data when decoded from the submit form */
    char kind[16], scale[32], edition[32], rating[32], replaces[24], reason[520];
    char strict[8]; /* issue 43: "true": refuse the file for a player's number */
    char event[8];  /* issue 42: the event (1, 2 ...) of an ACBLscore game file */
    bmp_usebio_opts uo;
    bmp_ledger_import_opts o;
} upload;

/* ---- the scorer's club --------------------------------------------------- */

int page_scorer_club(page *p, const char *want, bmp_role *out)
{
    int st = page_require_any(p);
    if (st)
        return st;
    if (want) {
        char body[8] = "";
        const char *colon = strchr(want, ':');
        if (!colon || colon == want || (size_t)(colon - want) >= sizeof body || !colon[1] ||
            strlen(colon + 1) >= sizeof out->club)
            return page_error(p, 400, "club: expected body:number, such as abf:2074");
        memcpy(body, want, (size_t)(colon - want));
        if ((st = page_require(p, BMP_ROLE_SCORER, body, colon + 1)))
            return st;
        *out = (bmp_role){.kind = BMP_ROLE_SCORER};
        snprintf(out->body, sizeof out->body, "%s", body);
        snprintf(out->club, sizeof out->club, "%s", colon + 1);
        return 0;
    }
    for (size_t i = 0; i < p->user->nroles; i++)
        if (p->user->roles[i].kind == BMP_ROLE_SCORER) {
            *out = p->user->roles[i];
            return 0;
        }
    char msg[128];
    snprintf(msg, sizeof msg, "%s is not a scorer of any club.", p->user->name);
    return page_error(p, 403, msg);
}

/* "abf:2074" of a role, URL-encoded (for links) or as it is. */
static void club_key(char *buf, size_t size, const bmp_role *c)
{
    snprintf(buf, size, "%s:%s", c->body, c->club);
}

/* The club's name for a heading ("Harbourside (abf 2074)"). */
static void club_title(page *p, const bmp_role *c, char *buf, size_t size)
{
    bmp_table t;
    page_clubs_of(p, c->body, &t);
    const char *name = page_club_name(&t, c->club);
    if (strcmp(name, c->club) == 0)
        snprintf(buf, size, "club %s (%s)", c->club, c->body);
    else
        snprintf(buf, size, "%s (%s club %s)", name, c->body, c->club);
    bmp_table_free(&t);
}

/* ---- the upload form ----------------------------------------------------- */

/* <select> of "a|b|c" (an empty first choice: `none`), `chosen` selected. */
static void select_of(page *p, const char *name, const char *label, const char *values,
                      const char *const *list, const char *none, const char *chosen)
{
    core_buf *b = p->out;
    core_buf_printf(b, "<p><label for=\"%s\">", name);
    web_buf_html(b, label);
    core_buf_printf(b, "</label> <select id=\"%s\" name=\"%s\"><option value=\"\">", name, name);
    web_buf_html(b, none);
    core_buf_puts(b, "</option>");
    for (size_t i = 0; (values && *values) || (list && list[i]); i++) {
        char v[64];
        if (list) {
            snprintf(v, sizeof v, "%s", list[i]);
        } else {
            size_t n = strcspn(values, "|");
            snprintf(v, sizeof v, "%.*s", (int)n, values);
            values += n + (values[n] == '|');
        }
        core_buf_puts(b, "<option");
        if (chosen && strcmp(chosen, v) == 0)
            core_buf_puts(b, " selected");
        core_buf_puts(b, ">");
        web_buf_html(b, v);
        core_buf_puts(b, "</option>");
    }
    core_buf_puts(b, "</select></p>\n");
}

static const char *scale_label(const char *opt)
{
    return strcmp(opt, "grade") == 0    ? "Grade of the event"
           : strcmp(opt, "status") == 0 ? "Status of the event"
                                        : "Classification of the event";
}

/* The body's own choices: its scale option, the rating with a
 * classification, the edition of its rules, and the file's kind. */
static void body_choices(page *p, const bmp_rules *r, const upload *u)
{
    if (r->scale_option)
        select_of(p, r->scale_option, scale_label(r->scale_option), r->scale_values, NULL,
                  "as the file says", u ? u->scale : NULL);
    if (r->scale_option && strcmp(r->scale_option, "classification") == 0)
        select_of(p, "rating", "Rating", "championship|non-championship|consolation|charity",
                  NULL, "as the file says", u ? u->rating : NULL);
    select_of(p, "edition", "Edition of the rules", NULL, r->editions, "the current one",
              u ? u->edition : NULL);
    select_of(p, "kind", "Kind of file", "event|usebio-mp|abf-credit", NULL,
              "recognised from the file", u ? u->kind : NULL);
}

static void club_nav(page *p, const bmp_role *c)
{
    size_t n = 0;
    for (size_t i = 0; i < p->user->nroles; i++)
        n += p->user->roles[i].kind == BMP_ROLE_SCORER;
    char key[48];
    club_key(key, sizeof key, c);
    core_buf_puts(p->out, "<p><a href=\"/submissions?club=");
    page_url(p->out, key);
    core_buf_puts(p->out, "\">My club's batches</a></p>\n");
    if (n < 2)
        return;
    core_buf_puts(p->out, "<nav aria-label=\"clubs\"><p>Submit for:</p><ul>");
    for (size_t i = 0; i < p->user->nroles; i++) {
        if (p->user->roles[i].kind != BMP_ROLE_SCORER)
            continue;
        club_key(key, sizeof key, &p->user->roles[i]);
        core_buf_puts(p->out, "<li>");
        page_link(p->out, "/submit?club=", key, key);
        core_buf_puts(p->out, "</li>");
    }
    core_buf_puts(p->out, "</ul></nav>\n");
}

int page_submit(page *p)
{
    bmp_role c;
    int st = page_scorer_club(p, page_arg(p, "club"), &c);
    if (st)
        return st;
    const bmp_rules *r = bmp_rules_find(c.body);
    if (!r)
        return page_error(p, 404, "no such body");
    char title[160], key[48];
    club_title(p, &c, title, sizeof title);
    club_key(key, sizeof key, &c);
    page_head(p, "Submit results");
    core_buf_puts(p->out, "<h1>Submit results</h1>\n<p>For ");
    web_buf_html(p->out, title);
    core_buf_puts(p->out, ". Nothing is recorded until you have seen the preview and "
                          "submitted it.</p>\n");
    club_nav(p, &c);
    core_buf_puts(p->out, "<form method=\"post\" action=\"/submit\" id=\"upload\" "
                          "enctype=\"multipart/form-data\">");
    page_csrf_input(p);
    core_buf_puts(p->out, "<input type=\"hidden\" name=\"club\" value=\"");
    web_buf_html(p->out, key);
    core_buf_puts(p->out, "\"><p><label for=\"file\">Results file (USEBIO .xml, event "
                          ".json, ABF credit file .grn, ACBLscore game file .ACA .ACM .ACE)"
                          "</label><br><input type=\"file\" id=\"file\" name=\"file\" "
                          "required></p>\n"
                          /* issue 42: a game file of several events, one batch each */
                          "<p><label for=\"event\">Event of an ACBLscore game file (1, 2 "
                          "...; each event is its own batch)</label> <input id=\"event\" "
                          "name=\"event\" inputmode=\"numeric\" pattern=\"[0-9]*\" "
                          "size=\"4\"></p>\n");
    body_choices(p, r, NULL);
    core_buf_puts(p->out, "<fieldset><legend>A corrected file</legend><p><label "
                          "for=\"replaces\">Replaces batch</label> <input id=\"replaces\" "
                          "name=\"replaces\" inputmode=\"numeric\" pattern=\"[0-9]*\" "
                          "size=\"8\"></p><p><label for=\"reason\">Reason</label> <input "
                          "id=\"reason\" name=\"reason\" maxlength=\"500\"></p></fieldset>\n"
                          /* issue 43 (RI-7): off, a guest's or an invalid number is
                           * held with its reason; on, it refuses the file */
                          "<p><input type=\"checkbox\" id=\"strict-numbers\" "
                          "name=\"strict-numbers\" value=\"true\"> <label "
                          "for=\"strict-numbers\">Strict numbers: refuse the file if a "
                          "player has no valid number (a guest, none, or one the body cannot "
                          "have)</label></p>\n"
                          "<p><button type=\"submit\" name=\"action\" value=\"preview\">"
                          "Preview</button></p></form>\n");
    page_foot(p);
    return 200;
}

/* ---- the submission's fields, checked ---------------------------------- */

/* The browser's file name as the ledger records it: its last component,
 * letters, digits, '.', '_', '-' kept, anything else '_' (pages_internal.h;
 * the batch page's correction takes its file the same way). */
bool page_upload_name(const char *in, char *out, size_t size)
{
    const char *s = in;
    for (const char *q = in; *q; q++)
        if (*q == '/' || *q == '\\')
            s = q + 1;
    size_t n = 0;
    for (; *s && n + 1 < size; s++)
        out[n++] = strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-",
                          *s) ? *s : '_';
    out[n] = '\0';
    const char *dot = strrchr(out, '.');
    return n && out[0] != '.' && dot && dot[1];
}

static bool one_of(const char *v, const char *values, const char *const *list)
{
    if (!*v)
        return true;
    for (size_t i = 0; list && list[i]; i++)
        if (strcmp(v, list[i]) == 0)
            return true;
    size_t n = strlen(v);
    for (const char *s = values; s && *s;) {
        size_t k = strcspn(s, "|");
        if (k == n && strncmp(s, v, n) == 0)
            return true;
        s += k + (s[k] == '|');
    }
    return false;
}

static void field_or_empty(page *p, const char *key, char *buf, size_t size)
{
    if (!page_form(p, key, buf, size))
        *buf = '\0';
}

/* The form's choices into u->o (pointing into u): 0, or a 400 in p. */
static int read_choices(page *p, upload *u)
{
    const bmp_rules *r = u->r;
    field_or_empty(p, "kind", u->kind, sizeof u->kind);
    field_or_empty(p, r->scale_option ? r->scale_option : "scale", u->scale, sizeof u->scale);
    field_or_empty(p, "edition", u->edition, sizeof u->edition);
    field_or_empty(p, "rating", u->rating, sizeof u->rating);
    field_or_empty(p, "replaces", u->replaces, sizeof u->replaces);
    field_or_empty(p, "reason", u->reason, sizeof u->reason);
    field_or_empty(p, "strict-numbers", u->strict, sizeof u->strict);
    field_or_empty(p, "event", u->event, sizeof u->event);
    static const char *const kinds[] = {"event", "usebio-mp", "abf-credit", NULL};
    bmp_batch_source src = BMP_BATCH_AUTO;
    for (int i = 0; kinds[i]; i++)
        if (strcmp(u->kind, kinds[i]) == 0)
            src = (bmp_batch_source)(i + 1);
    char *end = NULL;
    long long rep = *u->replaces ? strtoll(u->replaces, &end, 10) : 0;
    const char *ext = strrchr(u->filename, '.');
    if (*u->kind && src == BMP_BATCH_AUTO)
        return page_error(p, 400, "kind: expected event, usebio-mp or abf-credit");
    if (!one_of(u->scale, r->scale_values, NULL) || !one_of(u->edition, NULL, r->editions) ||
        !one_of(u->rating, "championship|non-championship|consolation|charity", NULL))
        return page_error(p, 400, "a choice is not one of the body's values: choose again");
    if (*u->replaces && (*end || rep <= 0))
        return page_error(p, 400, "replaces: expected a batch number");
    if (*u->strict && strcmp(u->strict, "true") != 0)
        return page_error(p, 400, "strict-numbers: expected true (the box ticked) or nothing");
    long ev = *u->event ? strtol(u->event, &end, 10) : 0;
    if (*u->event && (*end || ev < 1 || ev > 50))
        return page_error(p, 400, "event: expected an event number from 1 to 50 (the event "
                                  "of an ACBLscore game file)");
    u->need_reason = rep && !*u->reason; /* said on the preview, the file kept (issue 44) */
    if (ext && strcasecmp(ext, ".csv") == 0)
        return page_error(p, 403, "adjustments (.csv) are the body's: a club submits events, "
                                  "USEBIO and ABF credit files");
    const char *opt = r->scale_option ? r->scale_option : "";
    const char *sc = *u->scale ? u->scale : NULL;
    u->uo = (bmp_usebio_opts){.size = sizeof u->uo, .edition = *u->edition ? u->edition : NULL,
                              .grade = strcmp(opt, "grade") == 0 ? sc : NULL,
                              .status = strcmp(opt, "status") == 0 ? sc : NULL,
                              .classification = strcmp(opt, "classification") == 0 ? sc : NULL,
                              .rating = *u->rating ? u->rating : NULL};
    u->o = (bmp_ledger_import_opts){.size = sizeof u->o, .body = u->club.body, .source = src,
                                    .club = u->club.club, .usebio = &u->uo, .replaces = rep,
                                    .reason = *u->reason ? u->reason : NULL,
                                    .strict_numbers = *u->strict != '\0', .event = (int)ev,
                                    .club_view = true, /* a scorer: issue 45 */
                                    .limits = p->web ? p->web->limits : NULL};
    return 0;
}

/* The club of the form, its body's rules: 0, or the answer in p. */
static int read_club(page *p, upload *u)
{
    char want[48];
    int st = page_scorer_club(p, page_form(p, "club", want, sizeof want), &u->club);
    if (st)
        return st;
    u->r = bmp_rules_find(u->club.body);
    return u->r ? 0 : page_error(p, 404, "no such body");
}

/* ---- the preview and the submit (pages_submit_view.c renders) ---------- */

typedef struct preview_arg {
    const upload *u;
    bmp_ledger_sections *s;
    bmp_problems *pr;
} preview_arg;

static bmp_status preview_read(bmp_ledger *l, void *arg, bmp_error *e)
{
    preview_arg *a = arg;
    return bmp_ledger_preview_memory(l, a->u->data, a->u->len, a->u->filename, &a->u->o, a->s,
                                     a->pr, e);
}

/* The preview of u's file (a dry run in its own read transaction, rolled
 * back), with `error` above it when the form needs something more: the
 * page keeps the file, so nothing is uploaded again. */
static int show_preview(page *p, upload *u, const char *error, int status)
{
    bmp_ledger_sections s = {0};
    bmp_problems pr = {0};
    bmp_error e = {0};
    preview_arg pa = {u, &s, &pr};
    bmp_status rc = p->web && p->web->read ? p->web->read(p->web->ctx, preview_read, &pa, &e)
                                           : preview_read(p->l, &pa, &e);
    int st = status;
    if (rc)
        st = page_submit_failed(p, rc, &e, &pr, "The file cannot be read as results");
    else
        page_submit_preview(p, &(upload_view){.club = &u->club, .filename = u->filename,
                                              .data = u->data, .len = u->len,
                                              .kind = u->kind, .scale_option = u->r->scale_option,
                                              .scale = u->scale, .edition = u->edition,
                                              .rating = u->rating, .replaces = u->replaces,
                                              .reason = u->reason, .strict = u->strict,
                                              .event = u->event,
                                              .s = &s, .error = error});
    bmp_ledger_sections_free(&s);
    bmp_problems_free(&pr);
    return st;
}

#define NEED_REASON "a corrected file needs a reason: say why it replaces the batch, then submit"

static int preview(page *p, upload *u)
{
    size_t len = 0;
    const char *fname = NULL;
    const char *data = page_form_file(p, "file", &len, &fname);
    if (!data || !fname || !*fname)
        return page_error(p, 400, "choose the results file to upload");
    if (!len)
        return page_error(p, 400, "the file is empty");
    if (!page_upload_name(fname, u->filename, sizeof u->filename))
        return page_error(p, 400, "the file's name needs its extension (.xml, .json, .grn)");
    u->data = (const unsigned char *)data;
    u->len = len;
    int st = read_choices(p, u);
    if (st)
        return st;
    const char *ext = strrchr(u->filename, '.');
    size_t lead = 0;
    while (lead < len && (data[lead] == ' ' || data[lead] == '\t' || data[lead] == '\r' ||
                          data[lead] == '\n'))
        lead++;
    if (ext && strcasecmp(ext, ".xml") == 0 && (lead == len || data[lead] != '<') &&
        !(len - lead >= 3 && (unsigned char)data[lead] == 0xEF))
        return page_submit_failed(p, BMP_EPARSE,
                                  &(bmp_error){.code = BMP_EPARSE,
                                               .msg = "the file is named .xml but is not XML "
                                                      "(it does not begin with \"<\"): "
                                                      "choose the USEBIO file the scoring "
                                                      "program wrote"},
                                  NULL, "The file is not XML");
    return show_preview(p, u, u->need_reason ? NEED_REASON : NULL, u->need_reason ? 400 : 200);
}

typedef struct import_arg {
    const upload *u;
    int64_t id;
    bmp_problems pr;
} import_arg;

static bmp_status import_write(bmp_ledger *w, void *arg, bmp_error *e)
{
    import_arg *a = arg;
    return bmp_ledger_import_memory(w, a->u->data, a->u->len, a->u->filename, &a->u->o, &a->id,
                                    &a->pr, e);
}

/* The submit form's file: base64url of the bytes the preview read. */
static int decode_content(page *p, upload *u)
{
    size_t cap = p->web ? p->web->body_len + 1 : 1;
    char *b64 = malloc(cap), name[160];
    if (!b64)
        return page_error(p, 500, "out of memory");
    int st = 0;
    size_t n = 0;
    if (!page_form(p, "content", b64, cap) || !page_form(p, "filename", name, sizeof name) ||
        !page_upload_name(name, u->filename, sizeof u->filename))
        st = page_error(p, 400, "the submission lost its file: upload it again");
    else if (!(u->own = malloc(strlen(b64) * 3 / 4 + 1)) ||
             sodium_base642bin(u->own, strlen(b64) * 3 / 4 + 1, b64, strlen(b64), NULL, &n,
                               NULL, B64) != 0 || !n)
        st = page_error(p, 400, "the submission's file is damaged: upload it again");
    free(b64);
    u->data = u->own;
    u->len = n;
    return st;
}

static int submit(page *p, upload *u)
{
    int st = decode_content(p, u);
    if (!st)
        st = read_choices(p, u);
    if (st)
        return st;
    if (u->need_reason) /* the preview again, its file kept, asking for the reason */
        return show_preview(p, u, NEED_REASON, 400);
    import_arg a = {.u = u};
    bmp_error e = {0};
    bmp_status rc = page_write(p, import_write, &a, &e);
    if (rc)
        st = page_submit_failed(p, rc, &e, &a.pr, "Nothing was submitted");
    bmp_problems_free(&a.pr);
    if (rc)
        return st;
    char key[48];
    club_key(key, sizeof key, &u->club);
    core_buf b;
    core_buf_init(&b);
    core_buf_puts(&b, "/submissions?club=");
    page_url(&b, key);
    core_buf_printf(&b, "&batch=%lld", (long long)a.id);
    /* lost, not "/submissions" without the batch: the charge runs' rule */
    st = page_redirect(p, page_built(p, &b));
    core_buf_free(&b);
    return st;
}

int page_submit_post(page *p)
{
    upload u = {0};
    char action[16];
    int st = read_club(p, &u);
    if (st)
        return st;
    const char *a = page_form(p, "action", action, sizeof action);
    if (a && strcmp(a, "submit") == 0)
        st = submit(p, &u);
    else if (!a || strcmp(a, "preview") == 0)
        st = preview(p, &u);
    else
        st = page_error(p, 400, "expected action preview or submit");
    free(u.own);
    return st;
}
