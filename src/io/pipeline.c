/* The read -> award -> write pipeline (include/bridgemp/pipeline.h): what
 * `bridgemp award`, `convert` and `validate` and the ledger's imports do,
 * as one library object: options, awards and output here, the input in
 * pipeline_read.c.  The CLI is a thin layer of option parsing and file
 * handling over it. */
#include "bridgemp/pipeline.h"

#include <stdint.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>
#include <strings.h>

#include "bridgemp/abf.h"
#include "bridgemp/rules.h"
#include "bridgemp/usebio.h"
#include "core/util.h"
#include "io/pipeline_internal.h"
#include "io/usebio_internal.h"

static const char *const opt_names[OPT__COUNT] = {
    "body", "edition", "grade", "classification", "status", "rating", "sidecar", "sidecar-json"};

static const char *const format_names[] = {"table",     "json",    "csv",
                                           "usebio",    "event-json", "abf-green",
                                           "abf-red",   "abf-gold"};
#define NFORMATS (sizeof format_names / sizeof *format_names)

bool bmp_pipeline_format_parse(const char *s, bmp_pipeline_format *out)
{
    for (size_t i = 0; s && i < NFORMATS; i++)
        if (strcmp(s, format_names[i]) == 0) {
            *out = (bmp_pipeline_format)i;
            return true;
        }
    return false;
}

const char *bmp_pipeline_format_name(bmp_pipeline_format f)
{
    return (size_t)f < NFORMATS ? format_names[f] : "?";
}

bmp_status bmp_pipeline_new(bmp_pipeline **out, bmp_error *err)
{
    *out = calloc(1, sizeof **out);
    if (!*out)
        return bmp_error_oom(err);
    bmp_awards_init(&(*out)->aw);
    /* A player's number never refuses an award (issue 43 item 1, ruling
     * RI-7): flagged, and a warning; "strict-numbers" true refuses.  The
     * ledger sets it from its own option and holds the flagged lines. */
    (*out)->strict_numbers = false;
    return BMP_OK;
}

void pipe_drop_input(bmp_pipeline *p)
{
    bmp_event_free(p->ev);
    p->ev = NULL;
    bmp_awards_free(&p->aw);
    free(p->orig);
    p->orig = NULL;
    p->orig_len = 0;
    free(p->nzxml);
    p->nzxml = NULL;
    p->nzxml_len = 0;
    p->input = BMP_PIPE_IN_NONE;
    p->awarded = false;
}

void bmp_pipeline_free(bmp_pipeline *p)
{
    if (!p)
        return;
    pipe_drop_input(p);
    free(p->problems);
    io_warnings_clear(&p->warnings);
    io_warnings_clear(&p->checks);
    for (int i = 0; i < OPT__COUNT; i++)
        free(p->opt[i]);
    free(p->flavour);
    for (size_t i = 0; i < p->nset; i++)
        free(p->set[i]);
    free(p->set);
    free(p);
}

/* ---- Options ----------------------------------------------------------- */

static bmp_status parse_bool(const char *name, const char *v, bool *out, bmp_error *err)
{
    if (v && (strcmp(v, "true") == 0 || strcmp(v, "1") == 0 || strcmp(v, "yes") == 0))
        *out = true;
    else if (v && (strcmp(v, "false") == 0 || strcmp(v, "0") == 0 || strcmp(v, "no") == 0))
        *out = false;
    else
        return bmp_error_set(err, BMP_EINVAL, "option %s: expected true or false, got \"%s\"",
                             name, v ? v : "(null)");
    return BMP_OK;
}

static bmp_status add_set(bmp_pipeline *p, const char *v, bmp_error *err)
{
    if (!v || !strchr(v, '=') || v[0] == '=')
        return bmp_error_set(err, BMP_EINVAL, "option set: expected KEY=VALUE, got \"%s\"",
                             v ? v : "(null)");
    char **n = core_grow(p->set, &p->set_cap, p->nset, sizeof *n);
    if (!n)
        return bmp_error_oom(err);
    p->set = n;
    if (!(p->set[p->nset] = core_strdup(v)))
        return bmp_error_oom(err);
    p->nset++;
    return BMP_OK;
}

static bmp_status set_form(bmp_pipeline *p, const char *v, bmp_error *err)
{
    if (v && strcmp(v, "default") == 0)
        p->form = BMP_USEBIO_MP_DEFAULT;
    else if (v && strcmp(v, "flat") == 0)
        p->form = BMP_USEBIO_MP_FLAT;
    else if (v && strcmp(v, "nested") == 0)
        p->form = BMP_USEBIO_MP_NESTED;
    else
        return bmp_error_set(err, BMP_EINVAL,
                             "option mp-form: expected default, flat or nested, got \"%s\"",
                             v ? v : "(null)");
    return BMP_OK;
}

/* USEBIO output flavour (rulings UX-3); NULL or "" back to the body's. */
static bmp_status set_flavour(bmp_pipeline *p, const char *v, bmp_error *err)
{
    if (v && *v && !bmp_usebio_flavour_known(v))
        return bmp_error_set(err, BMP_EINVAL,
                             "option usebio-flavour: expected abf, ebu or nz, got \"%s\"", v);
    char *c = v && *v ? core_strdup(v) : NULL;
    if (v && *v && !c)
        return bmp_error_oom(err);
    free(p->flavour);
    p->flavour = c;
    return BMP_OK;
}

/* How the input is told: auto (extension, then content), event, abf-credit. */
static bmp_status set_input(bmp_pipeline *p, const char *v, bmp_error *err)
{
    if (v && strcmp(v, "auto") == 0)
        p->mode = PIPE_INPUT_AUTO;
    else if (v && strcmp(v, "event") == 0)
        p->mode = PIPE_INPUT_EVENT;
    else if (v && strcmp(v, "abf-credit") == 0)
        p->mode = PIPE_INPUT_CREDIT;
    else
        return bmp_error_set(err, BMP_EINVAL,
                             "option input: expected auto, event or abf-credit, got \"%s\"",
                             v ? v : "(null)");
    return BMP_OK;
}

/* Option "event": an ACBLscore file's event, 1 to 50. */
static bmp_status set_event(bmp_pipeline *p, const char *value, bmp_error *err)
{
    char *end = NULL;
    long n = value && *value ? strtol(value, &end, 10) : 0;
    if (!value || !*value || *end || n < 1 || n > 50)
        return bmp_error_set(err, BMP_EINVAL, "option event: expected an event number from 1 "
                             "to 50, got \"%s\"", value ? value : "");
    p->event_index = (size_t)n - 1;
    return BMP_OK;
}

bmp_status bmp_pipeline_set(bmp_pipeline *p, const char *name, const char *value,
                            bmp_error *err)
{
    if (!name)
        return bmp_error_set(err, BMP_EINVAL, "option: no name");
    for (int i = 0; i < OPT__COUNT; i++)
        if (strcmp(name, opt_names[i]) == 0) {
            char *v = NULL;
            if (value && !(v = core_strdup(value)))
                return bmp_error_oom(err);
            free(p->opt[i]);
            p->opt[i] = v;
            return BMP_OK;
        }
    if (strcmp(name, "set") == 0)
        return add_set(p, value, err);
    if (strcmp(name, "explain") == 0)
        return parse_bool(name, value, &p->explain, err);
    if (strcmp(name, "check-digit") == 0)
        return parse_bool(name, value, &p->check_digit, err);
    if (strcmp(name, "strict-numbers") == 0)
        return parse_bool(name, value, &p->strict_numbers, err);
    if (strcmp(name, "mp-form") == 0)
        return set_form(p, value, err);
    if (strcmp(name, "usebio-flavour") == 0)
        return set_flavour(p, value, err);
    if (strcmp(name, "input") == 0)
        return set_input(p, value, err);
    if (strcmp(name, "event") == 0)
        return set_event(p, value, err);
    if (strcmp(name, "limits") == 0) /* issue 45 */
        return bmp_limits_parse(value, &p->limits, err);
    if (strcmp(name, "override-json") == 0) {
        bool over = true;
        bmp_status st = parse_bool(name, value, &over, err);
        p->keep_json = st ? p->keep_json : !over;
        return st;
    }
    return bmp_error_set(err, BMP_EINVAL,
                         "unknown option \"%s\": expected body, edition, grade, classification, "
                         "status, rating, sidecar, sidecar-json, set, explain, mp-form, usebio-flavour, "
                         "check-digit, strict-numbers, input, event, limits or override-json",
                         name);
}

bmp_status bmp_pipeline_set_limits(bmp_pipeline *p, const bmp_limits *l, bmp_error *err)
{
    (void)err;
    p->limits = bmp_limits_effective(l);
    return BMP_OK;
}

bmp_status bmp_pipeline_set_usebio(bmp_pipeline *p, const bmp_usebio_opts *o, bmp_error *err)
{
    if (!o)
        return BMP_OK;
    const char *json = o->size > offsetof(bmp_usebio_opts, sidecar_json) ? o->sidecar_json
                                                                          : NULL;
    const char *const vals[OPT__COUNT] = {o->body,   o->edition, o->grade,   o->classification,
                                          o->status, o->rating,  o->sidecar, json};
    bmp_status st = BMP_OK;
    for (int i = 0; i < OPT__COUNT && !st; i++)
        if (vals[i])
            st = bmp_pipeline_set(p, opt_names[i], vals[i], err);
    for (size_t i = 0; i < o->nset && o->set && !st; i++)
        st = add_set(p, o->set[i], err);
    return st;
}

bmp_usebio_opts pipe_usebio_opts(const bmp_pipeline *p)
{
    bmp_usebio_opts o = {
        .size = sizeof o,
        .body = p->opt[OPT_BODY],
        .edition = p->opt[OPT_EDITION],
        .grade = p->opt[OPT_GRADE],
        .classification = p->opt[OPT_CLASSIFICATION],
        .status = p->opt[OPT_STATUS],
        .rating = p->opt[OPT_RATING],
        .sidecar = p->opt[OPT_SIDECAR],
        .sidecar_json = p->opt[OPT_SIDECAR_JSON],
        .set = (const char *const *)p->set,
        .nset = p->nset,
    };
    return o;
}

/* ---- Awards ------------------------------------------------------------ */

static bmp_status need_input(const bmp_pipeline *p, bmp_error *err)
{
    return p->input == BMP_PIPE_IN_NONE
               ? bmp_error_set(err, BMP_EINVAL, "pipeline: no input read yet")
               : BMP_OK;
}

/* An error about the event of an XML input (USEBIO, NZ Scorer) at the
 * element its value came from, never at a JSON path (issue 43). */
static void pipe_where(const bmp_pipeline *p, bmp_error *err)
{
    if (p->input == BMP_PIPE_IN_USEBIO)
        io_usebio_where(p->orig, p->orig_len, p->ev, err);
    else if (p->input == BMP_PIPE_IN_NZSCORER)
        io_nzscorer_where(p->nzxml, p->nzxml_len, p->ev, NULL, err);
}

bmp_status bmp_pipeline_check_params(bmp_pipeline *p, bmp_error *err)
{
    bmp_status st = need_input(p, err);
    const bmp_rules *r = st || !p->ev ? NULL : bmp_rules_find(p->ev->body);
    if (!r || !r->params)
        return st;
    if ((st = bmp_params_check_event(p->ev, r->params, err))) {
        bmp_error_prefix(err, "%s: ", p->ev->source ? p->ev->source : "event");
        pipe_where(p, err);
    }
    return st;
}

bmp_status bmp_pipeline_award(bmp_pipeline *p, bmp_error *err)
{
    bmp_status st = need_input(p, err);
    if (st || p->input == BMP_PIPE_IN_ABF_CREDIT) { /* a credit file's lines are its awards */
        p->awarded = !st;
        return st;
    }
    bmp_awards_free(&p->aw);
    bmp_awards_init(&p->aw);
    /* derivation text costs as much as the awards: format it only when an
     * output will show it (need_awards re-awards if explain comes later) */
    p->aw.skip_explain = !p->explain;
    if ((st = bmp_award_event(p->ev, &p->aw, err))) {
        bmp_error_prefix(err, "%s: ", p->ev->source ? p->ev->source : "event");
        pipe_where(p, err); /* issue 43: the element, never "$.status" */
        bmp_awards_free(&p->aw);
        return st;
    }
    if ((st = io_scale_award_check(p->ev, p->opt[OPT_GRADE], &p->aw, err))) {
        bmp_awards_free(&p->aw);
        return st;
    }
    p->awarded = true;
    return BMP_OK;
}

bmp_status bmp_pipeline_file_awards(bmp_pipeline *p, bmp_error *err)
{
    bmp_status st = need_input(p, err);
    if (st || p->input == BMP_PIPE_IN_ABF_CREDIT) {
        p->awarded = !st;
        return st;
    }
    bmp_awards_free(&p->aw);
    bmp_awards_init(&p->aw);
    if ((st = bmp_usebio_file_awards(p->ev, &p->aw, err))) {
        bmp_awards_free(&p->aw);
        return st;
    }
    p->awarded = true;
    return BMP_OK;
}

const bmp_event *bmp_pipeline_event(const bmp_pipeline *p)
{
    return p ? p->ev : NULL;
}

const bmp_awards *bmp_pipeline_awards(const bmp_pipeline *p)
{
    return p ? &p->aw : NULL;
}

/* ---- Output ------------------------------------------------------------ */

static bmp_status need_awards(bmp_pipeline *p, bmp_pipeline_format f, bmp_error *err)
{
    bmp_status st = need_input(p, err);
    if (!st && !p->awarded)
        st = bmp_error_set(err, BMP_EINVAL,
                           "pipeline: format %s needs awards: call bmp_pipeline_award first",
                           bmp_pipeline_format_name(f));
    /* awarded while explain was off, and explain is on now */
    if (!st && p->explain && p->aw.skip_explain)
        st = bmp_pipeline_award(p, err);
    return st;
}

bmp_status bmp_pipeline_abf_credit_kinds(bmp_pipeline *p, unsigned *kinds, bmp_error *err)
{
    *kinds = 0;
    bmp_status st = need_awards(p, BMP_PIPE_ABF_GREEN, err);
    if (st)
        return st;
    bmp_abf_credit_opts o = {.check_digit = p->check_digit};
    bmp_abf_credit_file files[3];
    st = bmp_abf_credit_from_awards(p->ev, &p->aw, &o, files, err);
    for (int k = 0; k < 3; k++) {
        if (!st && files[k].nrecs)
            *kinds |= 1u << k;
        bmp_abf_credit_free(&files[k]);
    }
    return st;
}

static bmp_status write_credit(bmp_pipeline *p, bmp_abf_credit_kind kind, char **out,
                               size_t *len, bmp_error *err)
{
    bmp_abf_credit_opts o = {.check_digit = p->check_digit};
    bmp_abf_credit_file files[3];
    bmp_status st = bmp_abf_credit_from_awards(p->ev, &p->aw, &o, files, err);
    if (!st)
        st = bmp_abf_credit_format(&files[kind], out, len, err);
    for (int k = 0; k < 3; k++)
        bmp_abf_credit_free(&files[k]);
    return st;
}

/* The event as JSON, with a final newline. */
static bmp_status write_event_json(const bmp_pipeline *p, char **out, size_t *len,
                                   bmp_error *err)
{
    char *text = NULL;
    bmp_status st = bmp_event_to_json(p->ev, &text, err);
    if (st)
        return st;
    size_t n = strlen(text);
    char *t2 = realloc(text, n + 2);
    if (!t2) {
        free(text);
        return bmp_error_oom(err);
    }
    memcpy(t2 + n, "\n", 2);
    *out = t2;
    *len = n + 1;
    return BMP_OK;
}

/* USEBIO: with the awards when there are some, else the event alone. */
static bmp_status write_usebio(const bmp_pipeline *p, char **out, size_t *len, bmp_error *err)
{
    if (p->input == BMP_PIPE_IN_ABF_CREDIT)
        return bmp_error_set(err, BMP_EINVAL,
                             "%s: an ABF credit file has no event to write as USEBIO",
                             p->ev->source);
    bmp_usebio_write_opts wo = {.form = p->form, .flavour = p->flavour};
    const bmp_awards *aw = p->awarded ? &p->aw : NULL;
    if (p->orig) { /* the file as read, MASTER_POINTS filled in (UX-1) */
        bmp_usebio_opts o = pipe_usebio_opts(p);
        return bmp_usebio_rewrite(p->orig, p->orig_len, p->ev->source, &o, p->ev, aw, &wo,
                                  out, len, err);
    }
    return bmp_usebio_write_with(p->ev, aw, &wo, out, len, err);
}

bmp_status bmp_pipeline_write_buffer(bmp_pipeline *p, bmp_pipeline_format f, char **out,
                                     size_t *len, bmp_error *err)
{
    *out = NULL;
    size_t n = 0;
    bmp_status st = need_input(p, err);
    if (st)
        return st;
    switch (f) {
    case BMP_PIPE_TABLE:
    case BMP_PIPE_JSON:
    case BMP_PIPE_CSV:
        if (!(st = need_awards(p, f, err)))
            st = bmp_awards_write_buffer(p->ev, &p->aw,
                                         f == BMP_PIPE_JSON  ? BMP_OUT_JSON
                                         : f == BMP_PIPE_CSV ? BMP_OUT_CSV
                                                             : BMP_OUT_TABLE,
                                         p->explain, out, &n, err);
        break;
    case BMP_PIPE_USEBIO:
        st = write_usebio(p, out, &n, err);
        if (!st && *out)
            n = strlen(*out);
        break;
    case BMP_PIPE_EVENT_JSON:
        st = p->input == BMP_PIPE_IN_ABF_CREDIT
                 ? bmp_error_set(err, BMP_EINVAL,
                                 "%s: an ABF credit file has no event to write as JSON",
                                 p->ev->source)
                 : write_event_json(p, out, &n, err);
        break;
    case BMP_PIPE_ABF_GREEN:
    case BMP_PIPE_ABF_RED:
    case BMP_PIPE_ABF_GOLD:
        if (!(st = need_awards(p, f, err)))
            st = write_credit(p, (bmp_abf_credit_kind)(f - BMP_PIPE_ABF_GREEN), out, &n, err);
        break;
    default:
        st = bmp_error_set(err, BMP_EINVAL, "pipeline: unknown output format %d", (int)f);
    }
    if (st) {
        free(*out);
        *out = NULL;
        n = 0;
    }
    if (len)
        *len = n;
    return st;
}

bmp_status bmp_pipeline_write_stream(bmp_pipeline *p, bmp_pipeline_format f, FILE *out,
                                     bmp_error *err)
{
    /* Award text goes straight to the stream (no copy of a large table). */
    if (f == BMP_PIPE_TABLE || f == BMP_PIPE_JSON || f == BMP_PIPE_CSV) {
        bmp_status st = need_awards(p, f, err);
        return st ? st
                  : bmp_awards_write(p->ev, &p->aw,
                                     f == BMP_PIPE_JSON  ? BMP_OUT_JSON
                                     : f == BMP_PIPE_CSV ? BMP_OUT_CSV
                                                         : BMP_OUT_TABLE,
                                     p->explain, out, err);
    }
    char *buf;
    size_t n;
    bmp_status st = bmp_pipeline_write_buffer(p, f, &buf, &n, err);
    if (st)
        return st;
    if (n && fwrite(buf, 1, n, out) != n)
        st = bmp_error_set(err, BMP_EIO, "write error");
    free(buf);
    return st;
}
