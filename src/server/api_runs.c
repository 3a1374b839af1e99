/* The bodies' administration runs over the REST API (docs/serve.md "Runs"),
 * generated from their tables (include/bridgemp/ledger_runs.h), the way the
 * CLI's `bridgemp ledger NAME --body B` is:
 *   GET  /api/v1/runs/{body}         the body's runs and their option specs
 *   POST /api/v1/runs/{body}/{name}  one run, with a secretary token of the body
 * A run's parameters are the fields of a JSON object in the request body,
 * else query fields: "args" (its positional arguments, an array; in the
 * query, repeated), and each option named without its dashes ("rates",
 * "exempt": true); a charge run's "reason" (required: kept in its audit
 * entry, bmp_ledger_run_call_why).  A value whose placeholder is a CSV file (RATES.csv) is
 * the file's content: held in an anonymous memory file (memfd) the run
 * reads through /proc/self/fd, so nothing is left on disk, even after a
 * crash (issue 30; run_files.c, shared with the office's form).  The run's
 * own --output (files on the server) is not offered.  One run is one
 * ledger call: all or nothing.  "preview": true makes a charge run and
 * rolls it back (bmp_ledger_run_preview, issue 44): what it would charge,
 * its lines, and what it leaves out; nothing written, no reason needed. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bridgemp/ledger_runs.h"
#include "bridgemp/rules.h"
#include "server/api_sub.h"
#include "server/http_internal.h"
#include "server/run_files.h"

enum { MAX_ARGS = 8, MAX_OPTS = 16 };

static const char *kind_name(bmp_ledger_run_kind k)
{
    return k == BMP_LEDGER_OUT_RUN ? "run" : k == BMP_LEDGER_OUT_TABLE ? "table" : "text";
}

static json_t *spec_json(const bmp_ledger_run_spec *s)
{
    json_t *opts = json_array();
    for (size_t i = 0; opts && i < s->nopts; i++) {
        const bmp_ledger_run_opt *o = &s->opts[i];
        json_array_append_new(opts, json_pack("{s:s,s:o,s:b,s:b,s:s}", "name", o->name + 2,
                                              "value", o->value ? srv_jstr(o->value) : json_null(),
                                              "flag", o->value == NULL, "required", o->required,
                                              "doc", o->doc));
    }
    return json_pack("{s:s,s:s,s:s,s:I,s:s,s:s,s:b,s:o}", "name", s->name, "rule", s->rule,
                     "args", s->args, "npos", (json_int_t)s->npos, "doc", s->doc, "kind",
                     kind_name(s->kind), "reason", s->kind == BMP_LEDGER_OUT_RUN, "options",
                     opts);
}

int srv_runs(srv_req *rq, srv_resp *rs)
{
    const bmp_rules *r = bmp_rules_find(rq->params[0]);
    if (!r) {
        srv_error(rs, 404, "no body \"%s\"", rq->params[0]);
        return 0;
    }
    size_t n = 0;
    const bmp_ledger_run_spec *runs = bmp_ledger_runs(r->body, &n);
    json_t *items = json_array();
    for (size_t i = 0; items && i < n; i++)
        json_array_append_new(items, spec_json(&runs[i]));
    srv_json(rs, 200, json_pack("{s:s,s:o}", "body", r->body, "runs", items));
    return 0;
}

/* What a POST gives the run: its arguments and options, and the private
 * files written for CSV values. */
typedef struct run_call {
    const bmp_ledger_run_spec *s;
    json_t *doc; /* the request body's object, or NULL */
    const char *pos[MAX_ARGS];
    size_t npos;
    const char *opts[MAX_OPTS];
    srv_run_file files[MAX_ARGS + MAX_OPTS];
    size_t nfiles;
    const char *bad; /* a field that is neither "args" nor an option */
    const char *reason; /* a charge run's reason */
    bool preview; /* "preview": true, a charge run's */
} run_call;

static bool is_option(const run_call *c, const char *key)
{
    if (strcmp(key, "args") == 0)
        return true;
    if (strcmp(key, "reason") == 0 || strcmp(key, "preview") == 0) /* a charge run's */
        return c->s->kind == BMP_LEDGER_OUT_RUN;
    for (size_t i = 0; i < c->s->nopts; i++)
        if (strcmp(c->s->opts[i].name + 2, key) == 0)
            return true;
    return false;
}

static enum MHD_Result query_field(void *cls, enum MHD_ValueKind kind, const char *key,
                                   const char *value)
{
    (void)kind;
    run_call *c = cls;
    if (!is_option(c, key))
        c->bad = c->bad ? c->bad : key;
    else if (strcmp(key, "args") == 0 && value && c->npos < MAX_ARGS)
        c->pos[c->npos++] = value;
    return MHD_YES;
}

/* Field `key`: the body's string (true: a flag given), else the query's. */
static const char *field(srv_req *rq, const run_call *c, const char *key)
{
    if (!c->doc)
        return srv_arg(rq, key);
    json_t *v = json_object_get(c->doc, key);
    return json_is_string(v) ? json_string_value(v) : json_is_true(v) ? "" : NULL;
}

/* A CSV value's content, in an anonymous memory file: its path in *out. */
static bool to_file(srv_req *rq, srv_resp *rs, run_call *c, const char *label,
                    const char *content, const char **out)
{
    (void)rq;
    srv_run_file *f = &c->files[c->nfiles];
    if (!srv_run_file_hold(f, label, content, strlen(content))) {
        srv_error(rs, 500, "cannot hold the run's file: %s", strerror(errno));
        return false;
    }
    c->nfiles++;
    *out = f->path;
    return true;
}

static bool is_csv(const char *word, size_t n)
{
    return n > 4 && strncmp(word + n - 4, ".csv", 4) == 0;
}

/* The arguments: the body's "args" array, else the query's, npos of them. */
static bool args_of(srv_req *rq, srv_resp *rs, run_call *c)
{
    json_t *a = c->doc ? json_object_get(c->doc, "args") : NULL;
    if (c->doc) {
        c->npos = 0;
        for (size_t i = 0; json_is_array(a) && i < json_array_size(a) && c->npos < MAX_ARGS; i++)
            c->pos[c->npos++] = json_string_value(json_array_get(a, i));
    }
    if (c->npos != c->s->npos || (a && !json_is_array(a))) {
        srv_error(rs, 400, "%s: expected %zu argument(s) in \"args\" (%s), got %zu", c->s->name,
                  c->s->npos, c->s->args, c->npos);
        return false;
    }
    const char *w = c->s->args;
    for (size_t i = 0; i < c->npos; i++) {
        w += strspn(w, " ");
        size_t n = strcspn(w, " ");
        if (!c->pos[i]) {
            srv_error(rs, 400, "%s: argument %zu: expected a string", c->s->name, i + 1);
            return false;
        }
        if (is_csv(w, n) && !to_file(rq, rs, c, "args", c->pos[i], &c->pos[i]))
            return false;
        w += n;
    }
    return true;
}

/* The options, the fields named like them ("rates" for --rates). */
static bool opts_of(srv_req *rq, srv_resp *rs, run_call *c)
{
    if (c->doc) {
        const char *key;
        json_t *v;
        json_object_foreach(c->doc, key, v) if (!is_option(c, key) && !c->bad) c->bad = key;
    }
    if (c->bad) {
        srv_error(rs, 400, "%s: \"%s\" is not a parameter of %s", c->s->name, c->bad,
                  c->s->name);
        return false;
    }
    for (size_t i = 0; i < c->s->nopts; i++) {
        const bmp_ledger_run_opt *o = &c->s->opts[i];
        const char *v = field(rq, c, o->name + 2);
        if (!o->value && v && (strcmp(v, "false") == 0 || strcmp(v, "0") == 0))
            v = NULL; /* a flag not given */
        if (v && o->value && is_csv(o->value, strlen(o->value)) && !to_file(rq, rs, c, o->name + 2, v, &v))
            return false;
        c->opts[i] = v;
    }
    return true;
}

/* A charge run's reason, required (every back-office write has one: issue 29). */
static bool reason_of(srv_req *rq, srv_resp *rs, run_call *c)
{
    if (c->s->kind != BMP_LEDGER_OUT_RUN)
        return true;
    const char *pv = field(rq, c, "preview");
    c->preview = pv && strcmp(pv, "false") != 0 && strcmp(pv, "0") != 0;
    c->reason = field(rq, c, "reason");
    if (c->preview || (c->reason && *c->reason))
        return true;
    srv_error(rs, 400, "reason: starting a charge run (%s) needs a reason, kept in its audit "
                       "entry", c->s->name);
    return false;
}

/* A secretary token of the body; the body's run of that name (404 with the
 * body's runs named otherwise). */
static const bmp_ledger_run_spec *allowed(srv_req *rq, srv_resp *rs, const char **code)
{
    if (srv_auth(rq, rs))
        return NULL;
    const bmp_rules *r = bmp_rules_find(rq->params[0]);
    if (rq->scope.kind != BMP_TOKEN_SECRETARY) {
        srv_error(rs, 403, "administration runs need a secretary token");
        return NULL;
    }
    if (!r) {
        srv_error(rs, 404, "no body \"%s\"", rq->params[0]);
        return NULL;
    }
    if (strcasecmp(r->body, rq->scope.body) != 0) {
        srv_error(rs, 403, "this token is %s's secretary, not %s's", rq->scope.body, r->body);
        return NULL;
    }
    const bmp_ledger_run_spec *s = bmp_ledger_run_find(r->body, rq->params[1]);
    if (!s) {
        bmp_error e = {0};
        bmp_ledger_run_out out = {.size = sizeof out};
        bmp_ledger_run_call(NULL, r->body, rq->params[1], NULL, &out, NULL, &e);
        bmp_ledger_run_out_free(&out);
        srv_error(rs, 404, "%s", e.msg);
    }
    *code = r->body;
    return s;
}

/* {run, body, rule, kind, text, and a charge run's id, lines, total (cents),
 * already, or a table's rows}. */
static json_t *answer(const bmp_ledger_run_spec *s, const char *code,
                      const bmp_ledger_run_out *out)
{
    json_t *j = json_pack("{s:s,s:s,s:s,s:s}", "run", s->name, "body", code, "rule", s->rule,
                          "kind", kind_name(out->kind));
    if (j && out->text)
        json_object_set_new(j, "text", srv_jstr(out->text));
    if (j && out->kind == BMP_LEDGER_OUT_RUN) {
        json_object_set_new(j, "id", json_integer((json_int_t)out->run.id));
        json_object_set_new(j, "lines", json_integer((json_int_t)out->run.lines));
        json_object_set_new(j, "total", json_integer((json_int_t)out->run.total));
        json_object_set_new(j, "already", json_boolean(out->run.already));
    }
    if (j && out->kind == BMP_LEDGER_OUT_TABLE)
        json_object_set_new(j, "table", srv_table_json(&out->table));
    return j;
}

/* In a message, a private file's path becomes the field it came from: the
 * client sent content, and the server's directories are none of its business. */
static void hide_files(const run_call *c, bmp_error *e, bmp_problems *p)
{
    for (size_t i = 0; i < c->nfiles; i++) {
        srv_run_file_hide(&c->files[i], e->msg);
        for (size_t j = 0; j < p->count; j++)
            srv_run_file_hide(&c->files[i], p->msgs[j]);
    }
}

/* A preview's answer: the run's, "preview": true, its lines, and what it
 * leaves out, one string each. */
static json_t *preview_answer(const bmp_ledger_run_spec *s, const char *code,
                              const bmp_ledger_run_out *out, const bmp_table *lines)
{
    json_t *j = answer(s, code, out), *left = json_array();
    for (const char *w = out->run.skipped_why; left && *w;) {
        size_t n = strcspn(w, "\n");
        json_array_append_new(left, json_stringn(w, n));
        w += n + (w[n] == '\n');
    }
    if (j) {
        json_object_set_new(j, "preview", json_true());
        json_object_set_new(j, "charges", srv_typed_rows(lines));
        json_object_set_new(j, "leaves_out", left ? left : json_array());
    } else {
        json_decref(left);
    }
    return j;
}

static void call(srv_req *rq, srv_resp *rs, run_call *c, const char *code)
{
    bmp_ledger_run_in in = {sizeof in, c->pos, c->npos, c->opts, NULL};
    bmp_ledger_run_out out = {.size = sizeof out};
    pthread_mutex_lock(&rq->s->write_mu);
    bmp_ledger *l = srv_open_writer(rq, rs);
    if (l) {
        bmp_problems p = {0};
        bmp_error e = {0};
        bmp_table lines;
        bmp_table_init(&lines);
        bmp_status st =
            c->preview ? bmp_ledger_run_preview(l, code, c->s->name, &in, &out, &lines, &p, &e)
                       : bmp_ledger_run_call_why(l, code, c->s->name, &in, c->reason, &out, &p,
                                                 &e);
        if (st)
            hide_files(c, &e, &p);
        if (st)
            srv_ledger_error(rs, st, &e, &p);
        else
            srv_json(rs, 200, c->preview ? preview_answer(c->s, code, &out, &lines)
                                         : answer(c->s, code, &out));
        bmp_table_free(&lines);
        bmp_problems_free(&p);
        bmp_ledger_run_out_free(&out);
        bmp_ledger_close(l);
    }
    pthread_mutex_unlock(&rq->s->write_mu);
}

int srv_run(srv_req *rq, srv_resp *rs)
{
    const char *code = NULL;
    run_call c = {.s = allowed(rq, rs, &code)};
    if (!c.s)
        return 0;
    if (c.s->nopts > MAX_OPTS || c.s->npos > MAX_ARGS) {
        srv_error(rs, 500, "%s: too many options", c.s->name);
        return 0;
    }
    json_error_t je;
    if (rq->body_len) {
        c.doc = json_loadb(rq->body, rq->body_len, 0, &je);
        if (!json_is_object(c.doc))
            srv_error(rs, 400, "request body: expected a JSON object of the run's parameters "
                               "(line %d: %s)", je.line, c.doc ? "not an object" : je.text);
    } else {
        MHD_get_connection_values(rq->conn, MHD_GET_ARGUMENT_KIND, query_field, &c);
    }
    if ((!rq->body_len || json_is_object(c.doc)) && args_of(rq, rs, &c) && opts_of(rq, rs, &c) &&
        reason_of(rq, rs, &c))
        call(rq, rs, &c, code);
    for (size_t i = 0; i < c.nfiles; i++)
        srv_run_file_drop(&c.files[i]);
    json_decref(c.doc);
    return 0;
}
