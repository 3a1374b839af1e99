/* The bodies' administration runs as tables (include/bridgemp/ledger_runs.h):
 * finding a body's runs, calling one by name, and the steps every room's
 * adapter shares (body_ops.h): checking the body and the arguments,
 * reading a year or a number, and the line the CLI prints. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/file.h"
#include "bridgemp/ledger_certificates.h"
#include "bridgemp/ledger_invoice.h"
#include "core/util.h"
#include "core/text_safe.h"
#include "ledger/body_ops.h"
#include "ledger/shared/text_door.h"

/* The run `name` of the body whose table is ops (NULL: none). */
static const bmp_ledger_run_spec *run_of(const ledger_body_ops *ops, const char *name)
{
    for (size_t i = 0; ops && name && i < ops->nruns; i++)
        if (strcmp(ops->runs[i].name, name) == 0)
            return &ops->runs[i];
    return NULL;
}

const bmp_ledger_run_spec *bmp_ledger_runs(const char *body, size_t *n)
{
    const ledger_body_ops *ops = ledger_body_ops_find(body);
    *n = ops ? ops->nruns : 0;
    return ops && ops->nruns ? ops->runs : NULL;
}

const bmp_ledger_run_spec *bmp_ledger_run_find(const char *body, const char *name)
{
    return run_of(ledger_body_ops_find(body), name);
}

/* "the EBU has no capitation run; its runs: gold, ums, licences"; ops is
 * body's table, NULL for a body the ledger does not know. */
static bmp_status no_such_run(const ledger_body_ops *ops, const char *body, const char *name,
                              bmp_error *err)
{
    char list[512] = "";
    if (!ops)
        return bmp_error_set(err, BMP_EINVAL, "no body \"%s\" (expected %s)", body ? body : "",
                             ledger_body_codes(list, sizeof list));
    size_t at = 0;
    for (size_t i = 0; i < ops->nruns && at < sizeof list; i++) {
        int k = snprintf(list + at, sizeof list - at, "%s%s", i ? ", " : "", ops->runs[i].name);
        at += k > 0 ? (size_t)k : 0;
    }
    if (!ops->nruns)
        return bmp_error_set(err, BMP_EINVAL, "%s has no %s run; it has no administration runs",
                             ops->title, name);
    return bmp_error_set(err, BMP_EINVAL, "%s has no %s run; its runs: %s", ops->title, name,
                         list);
}

const char *ledger_run_opt(const bmp_ledger_run_in *in, size_t i)
{
    return in && in->opts ? in->opts[i] : NULL;
}

/* The body's own spec of `name`, the arguments checked against it. */
static bmp_status check_in(const char *body, const char *name, const bmp_ledger_run_in *in,
                           const bmp_ledger_run_spec **spec, bmp_error *err)
{
    const ledger_body_ops *ops = ledger_body_ops_find(body);
    *spec = run_of(ops, name);
    if (!*spec)
        return no_such_run(ops, body, name, err);
    if (!in || in->npos != (*spec)->npos || ((*spec)->npos && !in->pos))
        return bmp_error_set(err, BMP_EINVAL, "%s: expected %zu argument(s) (%s), got %zu",
                             name, (*spec)->npos, (*spec)->args, in ? in->npos : 0);
    for (size_t i = 0; i < (*spec)->npos; i++)
        if (!in->pos[i])
            return bmp_error_set(err, BMP_EINVAL, "%s: argument %zu is missing (%s)", name,
                                 i + 1, (*spec)->args);
    for (size_t i = 0; i < (*spec)->nopts; i++)
        if ((*spec)->opts[i].required && !ledger_run_opt(in, i))
            return bmp_error_set(err, BMP_EINVAL, "%s: %s %s is required (%s)", name,
                                 (*spec)->opts[i].name, (*spec)->opts[i].value,
                                 (*spec)->opts[i].doc);
    return BMP_OK;
}

bmp_status ledger_run_check(const char *body, const char *name, const bmp_ledger_run_in *in,
                            bmp_ledger_run_out *out, const bmp_ledger_run_spec **spec,
                            bmp_error *err)
{
    size_t size = out->size;
    memset(out, 0, sizeof *out);
    out->size = size;
    out->kind = BMP_LEDGER_OUT_TEXT;
    return check_in(body, name, in, spec, err);
}

/* Run `name` of the body whose table is ops (found once by the caller). */
static bmp_status run_call(bmp_ledger *l, const ledger_body_ops *ops, const char *body,
                           const char *name, const bmp_ledger_run_in *in, bmp_ledger_run_out *out,
                           bmp_problems *probs, bmp_error *err)
{
    const bmp_ledger_run_spec *spec = run_of(ops, name);
    if (!spec) {
        size_t size = out->size;
        memset(out, 0, sizeof *out);
        out->size = size;
        return no_such_run(ops, body, name, err);
    }
    return spec->run(l, body, in, out, probs, err);
}

bmp_status bmp_ledger_run_call(bmp_ledger *l, const char *body, const char *name,
                               const bmp_ledger_run_in *in, bmp_ledger_run_out *out,
                               bmp_problems *probs, bmp_error *err)
{
    return run_call(l, ledger_body_ops_find(body), body, name, in, out, probs, err);
}

bmp_status bmp_ledger_run_call_why(bmp_ledger *l, const char *body, const char *name,
                                   const bmp_ledger_run_in *in, const char *reason,
                                   bmp_ledger_run_out *out, bmp_problems *probs,
                                   bmp_error *err)
{
    const ledger_body_ops *ops = ledger_body_ops_find(body);
    if (!reason || !*reason)
        return run_call(l, ops, body, name, in, out, probs, err);
    const bmp_ledger_run_spec *spec = run_of(ops, name);
    if (spec && spec->kind != BMP_LEDGER_OUT_RUN)
        return bmp_error_set(err, BMP_EINVAL, "%s makes no charge run: a reason is kept only in "
                             "a charge run's audit entry", name);
    if (ledger_text_check("reason", reason, CORE_TEXT_REASON_MAX, false, err))
        return BMP_EINVAL;
    if (!l)
        return run_call(l, ops, body, name, in, out, probs, err);
    l->reason = reason; /* for this call only: charge_audit reads it */
    bmp_status rc = run_call(l, ops, body, name, in, out, probs, err);
    l->reason = NULL;
    return rc;
}

void bmp_ledger_run_out_free(bmp_ledger_run_out *out)
{
    if (!out)
        return;
    bmp_table_free(&out->table);
    memset(&out->table, 0, sizeof out->table);
    free(out->text);
    out->text = NULL;
}

bmp_status ledger_run_number(const char *name, const char *what, const char *s, long long min,
                             long long max, long long *out, bmp_error *err)
{
    char *end = NULL;
    errno = 0;
    long long v = s ? strtoll(s, &end, 10) : 0;
    if (!s || !*s || *end || errno || v < min || v > max)
        return bmp_error_set(err, BMP_EINVAL, "%s: %s \"%s\": expected a whole number", name,
                             what, s ? s : "");
    *out = v;
    return BMP_OK;
}

bmp_status ledger_run_year(const char *name, const char *s, int *year, bmp_error *err)
{
    long long y = 0;
    bmp_status rc = ledger_run_number(name, "YEAR", s, 1, 9999, &y, err);
    *year = (int)y;
    return rc;
}

void ledger_run_money(int64_t cents, char buf[32])
{
    /* unsigned: the magnitude of INT64_MIN too */
    unsigned long long c = cents < 0 ? 0ULL - (unsigned long long)cents : (unsigned long long)cents;
    snprintf(buf, 32, "%s%llu.%02llu", cents < 0 ? "-" : "", c / 100, c % 100);
}

bmp_status ledger_run_say(bmp_ledger_run_out *out, bmp_error *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *t = core_vasprintf(fmt, ap);
    va_end(ap);
    if (!t)
        return bmp_error_oom(err);
    free(out->text);
    out->text = t;
    return BMP_OK;
}

bmp_status ledger_run_text(bmp_ledger_run_out *out, const char *name, const char *period,
                           bmp_error *err)
{
    char total[32];
    const bmp_ledger_run *r = &out->run;
    out->kind = BMP_LEDGER_OUT_RUN;
    ledger_run_money(r->total, total);
    if (!r->skipped)
        return ledger_run_say(out, err, "%s %s: run %lld %s: %zu line(s), total %s", name,
                              period, (long long)r->id,
                              r->already ? "already made, nothing changed" : "made", r->lines,
                              total);
    /* the batches it left out, never silently (issue 26); skipped_why ends
     * each line with a newline, the text does not end with one */
    size_t n = strlen(r->skipped_why);
    int why = (int)(n && r->skipped_why[n - 1] == '\n' ? n - 1 : n);
    bool players = strncmp(r->skipped_why, "player ", 7) == 0;
    return ledger_run_say(out, err, "%s %s: run %lld %s: %zu line(s), total %s\nskipped %zu "
                          "%s:\n%.*s", name, period, (long long)r->id,
                          r->already ? "already made, nothing changed" : "made", r->lines, total,
                          r->skipped, players ? "player(s)" : "batch(es)", why, r->skipped_why);
}

bmp_status ledger_run_invoiced(bmp_ledger_run_out *out, const char *what, const char *dir,
                               bmp_error *err)
{
    char total[32];
    const bmp_ledger_run *r = &out->run;
    out->kind = BMP_LEDGER_OUT_RUN;
    ledger_run_money(r->total, total);
    if (!r->id)
        return ledger_run_say(out, err, "%s: nothing to charge", what);
    return ledger_run_say(out, err, "%s: charge run %lld%s, %zu line(s), %s; invoiced%s%s", what,
                          (long long)r->id, r->already ? " (made before: nothing changed)" : "",
                          r->lines, total, dir ? "; written to " : "", dir ? dir : "");
}

bmp_status ledger_run_doc_format(const char *name, const char *as, bmp_invoice_format *f,
                                 bmp_error *err)
{
    *f = BMP_INVOICE_HTML;
    if (as && !bmp_invoice_format_parse(as, f))
        return bmp_error_set(err, BMP_EINVAL, "%s: --as: expected html, csv or json, got \"%s\"",
                             name, as);
    return BMP_OK;
}

/* certificates PERIOD [--as F]: the ABF's and NZ Bridge's (ABF-88, NZ-99). */
bmp_status ledger_run_certificates(bmp_ledger *l, const char *body, const bmp_ledger_run_in *in,
                                   bmp_ledger_run_out *out, bmp_problems *probs, bmp_error *err)
{
    (void)probs;
    const bmp_ledger_run_spec *spec;
    bmp_invoice_format f;
    bmp_ledger_certificates r;
    char *doc = NULL;
    size_t len = 0;
    bmp_status st = ledger_run_check(body, "certificates", in, out, &spec, err);
    if (!st)
        st = ledger_run_doc_format(spec->name, ledger_run_opt(in, 0), &f, err);
    if (!st)
        st = bmp_ledger_certificate_run(l, body, in->pos[0], &r, err);
    if (!st && in->output)
        st = bmp_ledger_certificate_document(l, body, in->pos[0], f, &doc, &len, err);
    if (!st && in->output)
        st = bmp_file_write_atomic(in->output, doc, len, err);
    free(doc);
    if (!st)
        st = ledger_run_say(out, err, "certificates %s: %zu made, %zu made before%s%s",
                            in->pos[0], r.made, r.already, in->output ? "; written to " : "",
                            in->output ? in->output : "");
    return st;
}
