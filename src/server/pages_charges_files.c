/* The charge runs that need more than their period (issue 44: "every run
 * that the CLI has for a body is in the browser"): the EBU's UMS run with
 * its rates and exemptions, its licence run with the licensed events and
 * their rates, NZ Bridge's fee run with its fee table, its levy with its
 * rate.  Which runs, and what each needs, come from the body's run table
 * (bmp_ledger_runs): a charge run of one argument with a required option.
 *
 *   GET  /charges?body=       one form per such run: its period, each
 *                             option (a CSV file: choose the file or paste
 *                             it), the reason; "Preview the run"
 *   POST /charges             action=preview: what the run would charge
 *                             (lines, total, clubs) and what it leaves out,
 *                             the run made and rolled back
 *                             (bmp_ledger_run_preview), with "Make this run"
 *                             carrying what was entered; action=make: the
 *                             run (bmp_ledger_run_call_why, the reason in
 *                             its audit entry), then the list, which says
 *                             what it did (?made=N)
 *
 * The CSV values reach the run as anonymous memory files (run_files.c, as
 * the API's).  A refused form comes back filled, the problem above it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_runs.h"
#include "server/pages_internal.h"
#include "server/run_files.h"

enum { MAX_OPTS = 8, MAX_TEXT = 1 << 20 };

bool page_charge_files_run(const bmp_ledger_run_spec *s)
{
    bool needs = false;
    for (size_t i = 0; i < s->nopts; i++)
        needs |= s->opts[i].required;
    return s->kind == BMP_LEDGER_OUT_RUN && s->npos == 1 && needs && s->nopts <= MAX_OPTS;
}

static bool is_csv(const bmp_ledger_run_opt *o)
{
    size_t n = o->value ? strlen(o->value) : 0;
    return n > 4 && strcmp(o->value + n - 4, ".csv") == 0;
}

/* What the form holds: the run, its period, each option's text, the reason. */
typedef struct files_in {
    const char *body;
    const bmp_ledger_run_spec *s;
    char arg[24], reason[520];
    core_buf val[MAX_OPTS];
    srv_run_file files[MAX_OPTS];
} files_in;

static const char *text_of(const core_buf *v)
{
    return v && v->data ? v->data : "";
}

static void files_in_free(files_in *in)
{
    for (size_t i = 0; i < MAX_OPTS; i++) {
        core_buf_free(&in->val[i]);
        srv_run_file_drop(&in->files[i]);
    }
}

/* The run's period in words: "Month (yyyy-mm)" for MONTH. */
static const char *period_words(const char *args)
{
    static const struct { const char *arg, *words; } w[] = {
        {"MONTH", "Month (yyyy-mm)"}, {"YEAR", "Year"}, {"PERIOD", "Period (yyyy-mm)"},
        {"QUARTER", "Quarter (yyyy-Qn)"}, {"DATE", "Date (yyyy-mm-dd)"}};
    for (size_t i = 0; i < sizeof w / sizeof w[0]; i++)
        if (strcmp(args, w[i].arg) == 0)
            return w[i].words;
    return args;
}

/* "rates" of "--rates", capitalised into buf. */
static const char *opt_words(const bmp_ledger_run_opt *o, char *buf, size_t n)
{
    snprintf(buf, n, "%s", o->name + 2);
    if (*buf >= 'a' && *buf <= 'z')
        *buf = (char)(*buf - 'a' + 'A');
    return buf;
}

/* One option's fields, with what was entered (v, may be NULL). */
static void opt_fields(core_buf *b, const char *run, const bmp_ledger_run_opt *o,
                       const core_buf *v)
{
    char words[48];
    const char *name = o->name + 2, *text = text_of(v);
    opt_words(o, words, sizeof words);
    if (is_csv(o)) {
        core_buf_printf(b, "<fieldset><legend>%s%s</legend><p class=\"hint\">", words,
                        o->required ? "" : " (if any)");
        web_buf_html(b, o->doc);
        core_buf_printf(b, " (a CSV file with the columns %.*s)</p><p><label for=\"%s-%s-file\">"
                           "Choose the file</label> <input type=\"file\" id=\"%s-%s-file\" "
                           "name=\"%s-file\" accept=\".csv,text/csv\"></p><p><label "
                           "for=\"%s-%s\">or paste it here</label><br><textarea id=\"%s-%s\" "
                           "name=\"%s\" rows=\"4\" cols=\"60\">\n",
                        (int)strcspn(o->doc, ":"), o->doc, run, name, run, name, name, run,
                        name, run, name, name);
        web_buf_html(b, text);
        core_buf_puts(b, "</textarea></p></fieldset>\n");
        return;
    }
    core_buf_printf(b, "<p><label for=\"%s-%s\">%s (", run, name, words);
    web_buf_html(b, o->doc);
    core_buf_printf(b, ")</label> <input id=\"%s-%s\" name=\"%s\" maxlength=\"64\"%s value=\"",
                    run, name, name, o->required ? " required" : "");
    web_buf_html(b, text);
    core_buf_puts(b, "\"></p>\n");
}

/* The form of run s, filled with in (NULL: empty). */
static void files_form(page *p, const char *body, const bmp_ledger_run_spec *s,
                       const files_in *in)
{
    core_buf *b = p->out;
    core_buf_printf(b, "<h3 id=\"%s-h\">", s->name);
    web_buf_html(b, s->doc);
    core_buf_printf(b, "</h3>\n<form method=\"post\" action=\"/charges\" id=\"run-%s\" "
                       "enctype=\"multipart/form-data\">", s->name);
    page_csrf_input(p);
    core_buf_puts(b, "<input type=\"hidden\" name=\"body\" value=\"");
    web_buf_html(b, body);
    core_buf_puts(b, "\"><input type=\"hidden\" name=\"name\" value=\"");
    web_buf_html(b, s->name);
    core_buf_printf(b, "\"><p><label for=\"%s-arg\">%s</label> <input id=\"%s-arg\" "
                       "name=\"arg\" maxlength=\"16\" required value=\"", s->name,
                    period_words(s->args), s->name);
    web_buf_html(b, in ? in->arg : "");
    core_buf_puts(b, "\"></p>\n");
    for (size_t i = 0; i < s->nopts; i++)
        opt_fields(b, s->name, &s->opts[i], in ? &in->val[i] : NULL);
    core_buf_printf(b, "<p><label for=\"%s-reason\">Reason (kept in the audit log)</label> "
                       "<input id=\"%s-reason\" name=\"reason\" maxlength=\"500\" required "
                       "value=\"", s->name, s->name);
    web_buf_html(b, in ? in->reason : "");
    core_buf_puts(b, "\"> <button type=\"submit\" name=\"action\" value=\"preview\">Preview "
                     "the run</button></p></form>\n");
}

void page_charge_files_forms(page *p, const char *body)
{
    size_t n = 0;
    const bmp_ledger_run_spec *runs = bmp_ledger_runs(body, &n);
    bool any = false;
    for (size_t i = 0; i < n; i++) {
        if (!page_charge_files_run(&runs[i]))
            continue;
        if (!any)
            core_buf_puts(p->out, "<h2 id=\"files-h\">Start a run from its rates</h2>\n<p>A "
                                  "preview shows what the run will charge and what it leaves "
                                  "out; nothing is written until you make it.</p>\n");
        any = true;
        files_form(p, body, &runs[i], NULL);
    }
}

/* A field's text: a multipart form's bytes (a chosen file first), else the
 * urlencoded form's; "" when absent.  false: too long or not text. */
static bool field_text(page *p, const char *key, core_buf *into)
{
    char file[64];
    size_t len = 0;
    snprintf(file, sizeof file, "%s-file", key);
    const char *v = page_form_file(p, file, &len, NULL);
    if (!v || !len)
        v = page_form_file(p, key, &len, NULL);
    if (!v && (!p->web || !p->web->field)) {
        char *buf = malloc(MAX_TEXT);
        v = buf ? page_form(p, key, buf, MAX_TEXT) : NULL;
        len = v ? strlen(v) : 0;
        if (v)
            core_buf_puts(into, v);
        free(buf);
        return buf != NULL;
    }
    if (v && (len > MAX_TEXT || memchr(v, '\0', len)))
        return false;
    for (size_t i = 0; v && i < len; i++) /* a browser's CRLF: the form shows LF */
        if (v[i] != '\r' || i + 1 >= len || v[i + 1] != '\n')
            core_buf_append(into, v + i, 1);
    core_buf_puts(into, "");
    return !into->failed;
}

/* The form as posted into in (in->s NULL: not a run of this form); NULL,
 * or what is wrong (msg may hold it). */
static const char *files_read(page *p, files_in *in, char *msg, size_t size)
{
    char name[48];
    for (size_t i = 0; i < MAX_OPTS; i++) {
        core_buf_init(&in->val[i]);
        in->files[i].fd = -1;
    }
    const char *nm = page_form(p, "name", name, sizeof name);
    in->s = nm ? bmp_ledger_run_find(in->body, nm) : NULL;
    if (!in->s || in->s->kind != BMP_LEDGER_OUT_RUN || in->s->npos != 1 ||
        in->s->nopts > MAX_OPTS) /* this form's runs, or the one-argument form's */
        return "Run: choose one of the body's charge runs.";
    if (!page_form(p, "arg", in->arg, sizeof in->arg))
        in->arg[0] = '\0';
    if (!page_form(p, "reason", in->reason, sizeof in->reason))
        in->reason[0] = '\0';
    for (size_t i = 0; i < in->s->nopts; i++)
        if (!field_text(p, in->s->opts[i].name + 2, &in->val[i]))
            return "A file is too large (over 1 MB) or is not text: choose the CSV file.";
    if (!*in->arg)
        return "Fill in the run's period.";
    for (size_t i = 0; i < in->s->nopts; i++) {
        char words[48];
        if (in->s->opts[i].required && !*text_of(&in->val[i])) {
            snprintf(msg, size, "%s: choose the file or paste it.",
                     opt_words(&in->s->opts[i], words, sizeof words));
            return msg;
        }
    }
    return *in->reason ? NULL : "Give a reason: it is kept in the audit log.";
}

/* The refused form again, filled, the problem above it. */
static int refused(page *p, const files_in *in, const char *msg)
{
    core_buf_reset(p->out);
    page_head(p, "Charge runs");
    core_buf_puts(p->out, "<h1>Charge runs</h1>\n<p class=\"error\" id=\"run-error\" "
                          "role=\"alert\">");
    page_words(p->out, msg);
    core_buf_puts(p->out, "</p>\n");
    if (in->s)
        files_form(p, in->body, in->s, in);
    core_buf_puts(p->out, "<p><a href=\"/charges?body=");
    page_url(p->out, in->body);
    core_buf_puts(p->out, "\">Back to the charge runs</a></p>\n");
    page_foot(p);
    return 400;
}

/* What the run is given: each value, a CSV one as a memory file. */
static bool files_hold(files_in *in, const char *opts[MAX_OPTS])
{
    for (size_t i = 0; i < in->s->nopts; i++) {
        const bmp_ledger_run_opt *o = &in->s->opts[i];
        const char *v = text_of(&in->val[i]);
        opts[i] = *v ? v : NULL;
        if (opts[i] && is_csv(o)) {
            if (!srv_run_file_hold(&in->files[i], o->name + 2, v, in->val[i].len))
                return false;
            opts[i] = in->files[i].path;
        }
    }
    return true;
}

/* A message naming a memory file names the field: "Rates, line 3: ...". */
static void files_hide(const files_in *in, char *msg)
{
    for (size_t i = 0; i < in->s->nopts; i++) {
        const srv_run_file *f = &in->files[i];
        char *at = f->fd >= 0 ? strstr(msg, f->path) : NULL;
        if (!at)
            continue;
        char rest[BMP_ERROR_MSG_MAX], words[48];
        const char *r = at + strlen(f->path);
        int line = 0, k = 0;
        if (sscanf(r, ":%d:%n", &line, &k) == 1 && k > 0)
            r += k;
        snprintf(rest, sizeof rest, "%s", r);
        opt_words(&in->s->opts[i], words, sizeof words);
        size_t room = BMP_ERROR_MSG_MAX - (size_t)(at - msg);
        if (line)
            snprintf(at, room, "%s, line %d:%s", words, line, rest);
        else
            snprintf(at, room, "%s%s", words, rest);
    }
}

typedef struct files_call {
    files_in *in;
    const char *opts[MAX_OPTS];
    bool preview;
    bmp_ledger_run_out out;
    bmp_table lines;
} files_call;

static bmp_status files_step(bmp_ledger *w, void *arg, bmp_error *e)
{
    files_call *c = arg;
    const char *pos[] = {c->in->arg};
    bmp_ledger_run_in in = {.size = sizeof in, .pos = pos, .npos = 1, .opts = c->opts};
    bmp_problems pr = {0};
    bmp_status st = c->preview ? bmp_ledger_run_preview(w, c->in->body, c->in->s->name, &in,
                                                        &c->out, &c->lines, &pr, e)
                               : bmp_ledger_run_call_why(w, c->in->body, c->in->s->name, &in,
                                                         c->in->reason, &c->out, &pr, e);
    if (st && pr.count) /* the first problem is the reason */
        bmp_error_set(e, st, "%s", pr.msgs[0]);
    bmp_problems_free(&pr);
    return st;
}

/* The hidden fields that carry what was entered to "Make this run". */
static void carry(page *p, const files_in *in)
{
    core_buf *b = p->out;
    const char *k[] = {"body", "name", "arg", "reason"};
    const char *v[] = {in->body, in->s->name, in->arg, in->reason};
    for (size_t i = 0; i < 4; i++) {
        core_buf_printf(b, "<input type=\"hidden\" name=\"%s\" value=\"", k[i]);
        web_buf_html(b, v[i]);
        core_buf_puts(b, "\">");
    }
    for (size_t i = 0; i < in->s->nopts; i++) {
        const bmp_ledger_run_opt *o = &in->s->opts[i];
        char words[48];
        if (!*text_of(&in->val[i]))
            continue;
        core_buf_printf(b, "<details><summary>%s as given</summary><label for=\"make-%s\">%s"
                           "</label><br><textarea id=\"make-%s\" name=\"%s\" rows=\"4\" "
                           "cols=\"60\" readonly>\n", opt_words(o, words, sizeof words),
                        o->name + 2, words, o->name + 2, o->name + 2);
        web_buf_html(b, text_of(&in->val[i]));
        core_buf_puts(b, "</textarea></details>\n");
    }
}

/* Distinct values of column `col` of t (the clubs a run charges). */
static size_t distinct(const bmp_table *t, const char *col)
{
    size_t k = page_col(t, col), n = 0;
    for (size_t r = 0; k != (size_t)-1 && r < t->nrows; r++) {
        bool seen = false;
        for (size_t q = 0; q < r && !seen; q++)
            seen = strcmp(bmp_table_get(t, q, k), bmp_table_get(t, r, k)) == 0;
        n += !seen;
    }
    return n;
}

/* What the run leaves out, one item each, in the page's words. */
static void left_out(core_buf *b, const bmp_ledger_run *r)
{
    core_buf_puts(b, "<h2 id=\"left-out-h\">What it leaves out</h2>\n");
    if (!r->skipped) {
        core_buf_puts(b, "<p id=\"left-out\">Nothing: every event of the period is "
                         "charged.</p>\n");
        return;
    }
    core_buf_puts(b, "<ul id=\"left-out\">");
    for (const char *w = r->skipped_why; *w;) {
        size_t n = strcspn(w, "\n");
        char line[320];
        snprintf(line, sizeof line, "%.*s", (int)(n < sizeof line ? n : sizeof line - 1), w);
        core_buf_puts(b, "<li>");
        page_words(b, line);
        core_buf_puts(b, "</li>");
        w += n + (w[n] == '\n');
    }
    core_buf_puts(b, "</ul>\n");
}

static int preview_page(page *p, const files_in *in, const bmp_ledger_run_out *out,
                        const bmp_table *lines)
{
    const bmp_ledger_run *r = &out->run;
    char total[32];
    snprintf(total, sizeof total, "%s%lld.%02lld", r->total < 0 ? "-" : "",
             (long long)llabs(r->total / 100), (long long)llabs(r->total % 100));
    page_head(p, "Preview of the run");
    core_buf_puts(p->out, "<h1>Preview: the ");
    web_buf_html(p->out, in->s->name);
    core_buf_puts(p->out, " run of ");
    web_buf_html(p->out, in->arg);
    core_buf_puts(p->out, "</h1>\n<p id=\"preview-summary\">");
    if (r->already) {
        core_buf_printf(p->out, "This run was made before: run %lld, %zu line%s, total %s. "
                                "Making it again changes nothing. <a href=\"/charges?body=",
                        (long long)r->id, r->lines, r->lines == 1 ? "" : "s", total);
        page_url(p->out, in->body);
        core_buf_printf(p->out, "&amp;run=%lld#lines-h\">Run %lld's lines</a></p>\n",
                        (long long)r->id, (long long)r->id);
    } else {
        size_t clubs = distinct(lines, "club");
        core_buf_printf(p->out, "For %s it will charge %zu line%s, total %s, to %zu club%s. "
                                "Nothing is written until you make it.</p>\n",
                        in->arg, r->lines, r->lines == 1 ? "" : "s", total, clubs,
                        clubs == 1 ? "" : "s");
    }
    left_out(p->out, r);
    core_buf_puts(p->out, "<h2 id=\"preview-lines-h\">The lines</h2>\n");
    page_table(p->out, lines, &(page_table_opts){.caption = r->already
                                                     ? "The lines of the run made before"
                                                     : "The lines it will charge",
                                                 .link_col = (size_t)-1});
    if (!r->already) {
        core_buf_puts(p->out, "<form method=\"post\" action=\"/charges\" id=\"make\" "
                              "enctype=\"multipart/form-data\">");
        page_csrf_input(p);
        carry(p, in);
        core_buf_puts(p->out, "<p><button type=\"submit\" name=\"action\" value=\"make\">Make "
                              "this run</button></p></form>\n");
    }
    core_buf_puts(p->out, "<p><a href=\"/charges?body=");
    page_url(p->out, in->body);
    core_buf_puts(p->out, "\">Back to the charge runs</a> (nothing written)</p>\n");
    page_foot(p);
    return 200;
}

/* POST /charges action=preview or make for a run of this form, or of the
 * one-argument form (its Preview button). */
int page_charge_files_post(page *p, const char *body, bool preview)
{
    files_in in = {.body = body};
    files_call c = {.in = &in, .preview = preview, .out = {.size = sizeof c.out}};
    bmp_table_init(&c.lines);
    char msg[160];
    const char *bad = files_read(p, &in, msg, sizeof msg);
    int st = 0;
    if (bad)
        st = refused(p, &in, bad);
    else if (!files_hold(&in, c.opts))
        st = page_error(p, 500, "cannot hold the run's files");
    bmp_error e = {0};
    bmp_status s = st ? BMP_OK : page_write(p, files_step, &c, &e);
    if (!st && s) {
        files_hide(&in, e.msg);
        st = s == BMP_EINVAL || s == BMP_EPARSE || s == BMP_ERANGE || s == BMP_ENOTSUP
                 ? refused(p, &in, e.msg)
                 : page_fail(p, s, &e);
    }
    if (!st && preview)
        st = preview_page(p, &in, &c.out, &c.lines);
    if (!st) { /* made: the list says what it did */
        core_buf to;
        core_buf_init(&to);
        core_buf_puts(&to, "/charges?body=");
        page_url(&to, body);
        core_buf_printf(&to, "&made=%lld#made", (long long)c.out.run.id);
        st = page_redirect(p, page_built(p, &to));
        core_buf_free(&to);
    }
    bmp_table_free(&c.lines);
    bmp_ledger_run_out_free(&c.out);
    files_in_free(&in);
    return st;
}
