/* Correcting a batch from its page (issue 29: "approve, reject, correct,
 * accept carried figures, each with a reason"), for a secretary of the
 * batch's body:
 *
 *   - with the corrected file (a multipart upload, form.h): the file is
 *     imported as the batch's club, replacing it in the same transaction
 *     (bmp_ledger_import_memory with replaces: a pending batch is rejected,
 *     a posted one reversed; NZ-44), and the page goes to the new batch;
 *   - without a file, a posted batch is reversed (bmp_ledger_correct,
 *     NZ-91) and the page goes to the reversing batch.
 *
 * Either way the reason is required and audited with the secretary's name;
 * a refused file shows every problem and nothing is written. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bridgemp/ledger_api.h"
#include "bridgemp/rules.h"
#include "server/pages_submit.h"

/* The form on the batch page: the corrected file, what the body needs of
 * it (its scale option, as the submission page offers), the reason. */
void page_batch_correct_form(page *p, const char *id, const char *body, bool posted)
{
    core_buf *b = p->out;
    const bmp_rules *r = bmp_rules_find(body);
    core_buf_printf(b, "<h2 id=\"correct-h\">Correct</h2>\n<p>Upload the corrected file: it "
                       "replaces this batch (%s).%s</p>\n",
                    posted ? "a posted batch is reversed" : "this batch is rejected",
                    posted ? " Without a file, the batch is only reversed." : "");
    core_buf_printf(b, "<form method=\"post\" action=\"/batch/%s\" id=\"correct\" "
                       "enctype=\"multipart/form-data\">",
                    id);
    page_csrf_input(p);
    core_buf_printf(b, "<p><label for=\"correct-file\">Corrected file (USEBIO .xml, event "
                       ".json, ABF credit file .grn)</label><br><input type=\"file\" "
                       "id=\"correct-file\" name=\"file\"%s></p>\n",
                    posted ? "" : " required");
    if (r && r->scale_option && r->scale_values) {
        core_buf_printf(b, "<p><label for=\"correct-scale\">The event's %s</label> <select "
                           "id=\"correct-scale\" name=\"%s\"><option value=\"\">as the file "
                           "says</option>",
                        r->scale_option, r->scale_option);
        for (const char *s = r->scale_values; *s;) {
            size_t n = strcspn(s, "|");
            core_buf_puts(b, "<option>");
            char v[64];
            snprintf(v, sizeof v, "%.*s", (int)n, s);
            web_buf_html(b, v);
            core_buf_puts(b, "</option>");
            s += n + (s[n] == '|');
        }
        core_buf_puts(b, "</select></p>\n");
    }
    core_buf_puts(b, "<p><label for=\"correct-reason\">Reason (needed)</label><input "
                     "id=\"correct-reason\" name=\"reason\" maxlength=\"500\" required> "
                     "<button type=\"submit\" name=\"action\" value=\"correct\">Correct"
                     "</button></p></form>\n");
}

typedef struct correction {
    long long id;
    const char *reason;
    const char *data; /* the corrected file, or NULL: reverse */
    size_t len;
    char name[128];
    bmp_usebio_opts uo;
    bmp_ledger_import_opts o;
    int64_t made;
    bmp_problems pr;
} correction;

static bmp_status correct_write(bmp_ledger *w, void *arg, bmp_error *e)
{
    correction *c = arg;
    if (!c->data)
        return bmp_ledger_correct(w, c->id, c->reason, &c->made, e);
    return bmp_ledger_import_memory(w, c->data, c->len, c->name, &c->o, &c->made, &c->pr, e);
}

/* The scale option's value from the form: "" or one of the body's. */
static bool scale_of(page *p, const bmp_rules *r, char *v, size_t size)
{
    *v = '\0';
    if (!r || !r->scale_option || !page_form(p, r->scale_option, v, size) || !*v)
        return true;
    size_t n = strlen(v);
    for (const char *s = r->scale_values; s && *s;) {
        size_t k = strcspn(s, "|");
        if (k == n && strncmp(s, v, n) == 0)
            return true;
        s += k + (s[k] == '|');
    }
    return false;
}

/* The import's options: the batch's body and club, the scale option. */
static int read_file(page *p, correction *c, const char *body, const char *club, char *scale,
                     size_t ssize)
{
    const char *fname = NULL;
    size_t len = 0;
    const char *data = page_form_file(p, "file", &len, &fname);
    if (!data || !len || !fname || !*fname)
        return 0; /* no file: a reversal */
    if (!page_upload_name(fname, c->name, sizeof c->name))
        return page_error(p, 400, "the file's name needs its extension (.xml, .json, .grn)");
    const bmp_rules *r = bmp_rules_find(body);
    if (!scale_of(p, r, scale, ssize))
        return page_error(p, 400, "the event's grade is not one of the body's values");
    const char *opt = r && r->scale_option ? r->scale_option : "";
    const char *sc = *scale ? scale : NULL;
    c->data = data;
    c->len = len;
    c->uo = (bmp_usebio_opts){.size = sizeof c->uo,
                              .grade = strcmp(opt, "grade") == 0 ? sc : NULL,
                              .status = strcmp(opt, "status") == 0 ? sc : NULL,
                              .classification = strcmp(opt, "classification") == 0 ? sc : NULL};
    c->o = (bmp_ledger_import_opts){.size = sizeof c->o, .body = body, .club = *club ? club : NULL,
                                    .usebio = &c->uo, .replaces = c->id, .reason = c->reason,
                                    .limits = p->web ? p->web->limits : NULL};
    return 0;
}

int page_batch_correct(page *p, long long id, const char *state, const char *body,
                       const char *club)
{
    correction c = {.id = id};
    char reason[520], scale[32];
    c.reason = page_form(p, "reason", reason, sizeof reason);
    if (!c.reason || !*c.reason)
        return page_error(p, 400, "a correction needs a reason (NZ-44)");
    int st = read_file(p, &c, body, club, scale, sizeof scale);
    if (st)
        return st;
    if (!c.data && strcmp(state, "posted") != 0)
        return page_error(p, 400, "a pending batch is corrected by its corrected file (or "
                                  "rejected): choose the file");
    bmp_error e = {0};
    bmp_status rc = page_write(p, correct_write, &c, &e);
    if (rc) {
        st = page_submit_failed(p, rc, &e, &c.pr, "Nothing was corrected");
        bmp_problems_free(&c.pr);
        return st;
    }
    bmp_problems_free(&c.pr);
    char to[48];
    snprintf(to, sizeof to, "/batch/%lld", (long long)c.made);
    return page_redirect(p, to);
}
