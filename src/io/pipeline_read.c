/* The pipeline's input (include/bridgemp/pipeline.h): the one place where a
 * file or bytes become an event, the format told by content (USEBIO or
 * JSON) or by the name's extension (an ABF credit file), the options and
 * sidecar applied.  The CLI, the ledger and the server all read here. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bridgemp/abf.h"
#include "bridgemp/acblscore.h"
#include "bridgemp/usebio.h"
#include "core/event_players.h"
#include "core/util.h"
#include "io/event_json.h"
#include "io/pipeline_internal.h"
#include "io/usebio_internal.h"

/* An ABF credit file is told by its name: .grn .red .gld .rag .mp5. */
static bool is_credit_name(const char *name)
{
    static const char *const ext[] = {".grn", ".red", ".gld", ".rag", ".mp5"};
    size_t n = name ? strlen(name) : 0;
    for (size_t i = 0; i < sizeof ext / sizeof *ext; i++)
        if (n > 4 && strcasecmp(name + n - 4, ext[i]) == 0)
            return true;
    return false;
}

/* Option "input": a credit file when told so, or (auto) by its name. */
static bool takes_credit(const bmp_pipeline *p, const char *name)
{
    return p->mode == PIPE_INPUT_CREDIT || (p->mode == PIPE_INPUT_AUTO && is_credit_name(name));
}

/* override-json off (the ledger's import, issue 29): a JSON event is taken
 * as written, and an option fills only what it leaves out -- an option it
 * contradicts is refused, one it agrees with dropped, never one ignored
 * (`ledger import --grade E` and the upload's grade=E of an event without a
 * grade were ignored, then "missing grade").  Its body is the ledger's to
 * check; a sidecar is a USEBIO file's. */
static bmp_status fill_only(const bmp_event *ev, bmp_usebio_opts *o, bmp_error *err)
{
    const char *src = ev->source ? ev->source : "event";
    if (o->sidecar || o->sidecar_json)
        return bmp_error_set(err, BMP_EINVAL, "%s: a sidecar gives what a USEBIO file cannot "
                             "say; a JSON event says it itself", src);
    struct {
        const char *name, *has;
        const char **opt;
    } f[] = {{"edition", ev->edition, &o->edition},
             {"grade", ev->grade, &o->grade},
             {"classification", ev->classification, &o->classification},
             {"status", ev->status, &o->status},
             {"rating", ev->rating, &o->rating}};
    for (size_t i = 0; i < sizeof f / sizeof *f; i++) {
        if (!*f[i].opt || !f[i].has)
            continue;
        if (strcasecmp(*f[i].opt, f[i].has) != 0)
            return bmp_error_set(err, BMP_EINVAL, "%s: --%s %s, but the event says %s \"%s\": "
                                 "correct the event or drop --%s", src, f[i].name, *f[i].opt,
                                 f[i].name, f[i].has, f[i].name);
        *f[i].opt = NULL;
    }
    o->body = NULL;
    return BMP_OK;
}

/* A JSON event takes the options too: they override what it says, or with
 * override-json off fill what it leaves out (fill_only). */
static bmp_status apply_opts(bmp_pipeline *p, bmp_error *err)
{
    bmp_usebio_opts o = pipe_usebio_opts(p);
    bmp_status st = p->keep_json ? fill_only(p->ev, &o, err) : BMP_OK;
    return st ? st : bmp_usebio_apply_opts(p->ev, &o, err);
}

static void clear_problems(bmp_pipeline *p)
{
    free(p->problems);
    p->problems = NULL;
    p->nproblems = 0;
    io_warnings_clear(&p->warnings);
    io_warnings_clear(&p->checks);
}

/* bmp_usebio_opts.warn: a failed check that changes no award, kept. */
static void keep_check(void *ud, size_t line, const char *msg)
{
    /* a warning lost to a failed allocation changes no award */
    (void)io_warnings_add(ud, line, IO_NUMBER_OK, msg);
}

/* Every bad line of a credit file, kept for bmp_pipeline_problem. */
static bmp_status keep_problems(bmp_pipeline *p, const bmp_abf_credit_file *f, bmp_error *err)
{
    if (!f->nproblems)
        return BMP_OK;
    if (!(p->problems = malloc(f->nproblems * sizeof *p->problems)))
        return bmp_error_oom(err);
    memcpy(p->problems, f->problems, f->nproblems * sizeof *p->problems);
    p->nproblems = f->nproblems;
    return BMP_OK;
}

static bmp_status credit_to_event(bmp_pipeline *p, const bmp_abf_credit_file *f,
                                  const char *name, bmp_error *err);

static bmp_status read_credit(bmp_pipeline *p, const char *data, size_t len, const char *name,
                              bmp_error *err)
{
    p->tried = BMP_PIPE_IN_ABF_CREDIT;
    bmp_abf_credit_kind kind;
    bmp_status st = bmp_abf_credit_kind_of(name, &kind, err);
    if (st)
        return st;
    size_t lines = 0, most = bmp_limits_effective(&p->limits).credit_lines;
    for (const char *c = data; c && (c = memchr(c, '\n', (size_t)(data + len - c))); c++)
        lines++; /* issue 45: counted before any is parsed */
    if (lines + (len && data[len - 1] != '\n') > most)
        return bmp_error_set(err, BMP_ERANGE, "%s: %zu lines: a credit file has at most %zu "
                             "(the limit credit-lines=%zu, --limits)", name,
                             lines + (len && data[len - 1] != '\n'), most, most);
    bmp_abf_credit_opts o = {.check_digit = p->check_digit};
    bmp_abf_credit_file f;
    bmp_abf_credit_init(&f, kind);
    st = bmp_abf_credit_parse(data, len, &o, &f, err);
    bmp_status kept = keep_problems(p, &f, err);
    if (st == BMP_EPARSE && f.nproblems)
        st = f.problems[0].line
                 ? bmp_error_set(err, st, "%s:%zu: %s", name, f.problems[0].line,
                                 f.problems[0].msg)
                 : bmp_error_set(err, st, "%s: %s", name, f.problems[0].msg);
    if (!st)
        st = kept;
    if (!st)
        st = credit_to_event(p, &f, name, err);
    bmp_abf_credit_free(&f);
    return st;
}

/* USEBIO: the event, and the bytes kept for the faithful export (*own, a
 * malloc'd buffer, is taken instead of copied; NULL when it was). */
static bmp_status read_usebio(bmp_pipeline *p, const char *d, size_t len, const char *src,
                              char **own, bmp_error *err)
{
    p->tried = BMP_PIPE_IN_USEBIO;
    bmp_usebio_opts o = pipe_usebio_opts(p);
    o.warn = keep_check;
    o.warn_ud = &p->checks;
    bmp_status st = bmp_usebio_read_memory(d, len, src, &o, &p->ev, err);
    if (st)
        return st;
    if (own) {
        p->orig = *own;
        *own = NULL;
    } else if ((p->orig = malloc(len ? len : 1))) {
        memcpy(p->orig, d, len);
    } else {
        return bmp_error_oom(err);
    }
    p->orig_len = len;
    return io_player_ids(p->ev, p->orig, len, NULL, IO_IDS_USEBIO, p->strict_numbers,
                         &p->warnings, err);
}

/* An NZ Scorer session (nzscorer.c, issue 43 item 3): read as an event,
 * its numbers cited at their nzb_no_K attribute's line. */
static bmp_status read_nzscorer(bmp_pipeline *p, const char *d, size_t len, const char *src,
                                bmp_error *err)
{
    p->tried = BMP_PIPE_IN_NZSCORER;
    bmp_usebio_opts o = pipe_usebio_opts(p);
    bmp_status st = bmp_nzscorer_read_memory(d, len, src, &o, &p->ev, err);
    if (!st && !(p->nzxml = malloc(len ? len : 1)))
        st = bmp_error_oom(err);
    if (!st) {
        memcpy(p->nzxml, d, len);
        p->nzxml_len = len;
    }
    return st ? st
              : io_player_ids(p->ev, d, len, NULL, IO_IDS_NZSCORER, p->strict_numbers,
                              &p->warnings, err);
}

/* An ACBLscore game file (acblscore_*.c): its event of option "event",
 * read as an event, its awards as carried points. */
static bmp_status read_acblscore(bmp_pipeline *p, const char *d, size_t len, const char *src,
                                 bmp_error *err)
{
    p->tried = BMP_PIPE_IN_ACBLSCORE;
    bmp_usebio_opts o = pipe_usebio_opts(p);
    size_t n = 0;
    bmp_status st = bmp_acblscore_read_event(d, len, src, p->event_index, &o, &p->ev, &n, err);
    p->nevents = n;
    return st ? st
              : io_player_ids(p->ev, NULL, 0, NULL, IO_IDS_JSON, p->strict_numbers,
                              &p->warnings, err);
}

/* An ACBLscore game file: by its magic, else by its name (a damaged one
 * is then refused as such, not read as JSON). */
static bool takes_acblscore(const char *d, size_t len, const char *name)
{
    return bmp_acblscore_sniff(d, len) || bmp_acblscore_name(name);
}

/* A JSON event from bytes, read where they are (issue 46: a NUL-terminated
 * copy doubled the memory of a big event's read). */
static bmp_status read_json(bmp_pipeline *p, const char *d, size_t len, const char *src,
                            bmp_error *err)
{
    p->tried = BMP_PIPE_IN_EVENT_JSON;
    if (memchr(d, '\0', len))
        return bmp_error_set(err, BMP_EPARSE, "%s: contains a NUL byte: not a JSON text file",
                             src);
    bmp_status st = ej_load_n(d, len, src, true, &p->ev, err);
    if (!st) /* issue 26: the body's number syntax, at the file's line */
        st = io_player_ids(p->ev, d, len, NULL, IO_IDS_JSON, p->strict_numbers, &p->warnings,
                           err);
    return st ? st : apply_opts(p, err);
}

/* Start a read: nothing of the last input is left. */
static void begin_read(bmp_pipeline *p)
{
    pipe_drop_input(p);
    clear_problems(p);
    p->tried = BMP_PIPE_IN_NONE;
}

/* A player twice in an XML input (USEBIO, NZ Scorer): at the element of
 * the second contestant he plays in, with its line (issue 43); a contestant
 * of more players than the limit (issue 45): at its own element. */
static void players_where(const bmp_pipeline *p, bmp_status st, bmp_error *err)
{
    const char *src = p->ev->source ? p->ev->source : "event";
    const char *and = st == BMP_ERANGE ? strstr(err->msg, "contestant ")
                                       : strstr(err->msg, " and contestant ");
    const char *pos = and ? strstr(and, " (position ") : NULL;
    size_t k = 0, sl = strlen(src);
    if (!pos || sscanf(pos, " (position %zu)", &k) != 1 || k == 0 || k > p->ev->ncontestants)
        return;
    const char *rest = strncmp(err->msg, src, sl) == 0 && strncmp(err->msg + sl, ": ", 2) == 0
                           ? err->msg + sl + 2
                           : err->msg;
    char msg[BMP_ERROR_MSG_MAX];
    snprintf(msg, sizeof msg, "%.90s: $.contestants[%zu]: %.880s", src, k - 1, rest);
    snprintf(err->msg, sizeof err->msg, "%s", msg);
    if (p->tried == BMP_PIPE_IN_USEBIO)
        io_usebio_where(p->orig, p->orig_len, p->ev, err);
    else
        io_nzscorer_where(p->nzxml, p->nzxml_len, p->ev, NULL, err);
}

/* End a read: the input is what it was taken for, or nothing.  An event
 * (not a credit file's lines) holds each player once, and the scale options
 * given agree with it (issue 26: never ignored). */
static bmp_status end_read(bmp_pipeline *p, bmp_status st, bmp_error *err)
{
    if (!st && p->tried != BMP_PIPE_IN_ABF_CREDIT) {
        bmp_usebio_opts o = pipe_usebio_opts(p);
        st = io_scale_opts_check(p->ev, &o, err);
    }
    bmp_limits lim = bmp_limits_effective(&p->limits);
    if (!st && p->tried != BMP_PIPE_IN_ABF_CREDIT && p->ev &&
        (st = core_event_players_once(p->ev, lim.players, lim.contestants, err))) {
        bmp_error_prefix(err, "%s: ", p->ev->source ? p->ev->source : "event");
        bool per_contestant = st == BMP_EINVAL || (st == BMP_ERANGE && strstr(err->msg, " lists ") &&
                                                   strstr(err->msg, " players: "));
        if (per_contestant &&
            (p->tried == BMP_PIPE_IN_USEBIO || p->tried == BMP_PIPE_IN_NZSCORER))
            players_where(p, st, err);
    }
    if (st) {
        /* a failed read's warnings outlive its event: their messages made
         * now (lost only to a failed allocation) */
        if (!io_warnings_make(&p->warnings, p->ev))
            io_warnings_clear(&p->warnings);
        pipe_drop_input(p);
    } else {
        p->input = p->tried;
        p->nevents = p->nevents ? p->nevents : 1;
    }
    return st;
}

bmp_status bmp_pipeline_read_memory(bmp_pipeline *p, const void *data, size_t len,
                                    const char *name, bmp_error *err)
{
    begin_read(p);
    p->nevents = 0;
    const char *src = name ? name : "<memory>";
    const char *d = data ? data : "";
    if (!data && len)
        return bmp_error_set(err, BMP_EINVAL, "%s: no data", src);
    bmp_status st;
    if (takes_credit(p, name))
        st = read_credit(p, d, len, src, err);
    else if (bmp_nzscorer_sniff(d, len))
        st = read_nzscorer(p, d, len, src, err);
    else if (takes_acblscore(d, len, name))
        st = read_acblscore(p, d, len, src, err);
    else if (bmp_usebio_sniff(d, len))
        st = read_usebio(p, d, len, src, NULL, err);
    else
        st = read_json(p, d, len, src, err);
    return end_read(p, st, err);
}

/* A file that is not a credit file: the first bytes tell XML from JSON.
 * The JSON reader takes the path itself (a streaming reader never holds
 * the whole file). */
static bmp_status read_event_file(bmp_pipeline *p, const char *path, bmp_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return bmp_error_set(err, BMP_EIO, "%s: cannot open", path);
    char head[256];
    size_t n = fread(head, 1, sizeof head, f);
    fclose(f);
    bmp_status st;
    if (takes_acblscore(head, n, path)) {
        char *buf;
        size_t len;
        p->tried = BMP_PIPE_IN_ACBLSCORE;
        if ((st = core_read_file(path, &buf, &len, err)))
            return st;
        st = read_acblscore(p, buf, len, path, err);
        free(buf);
        return st;
    }
    bool nz = bmp_nzscorer_sniff(head, n);
    if (nz || bmp_usebio_sniff(head, n)) {
        p->tried = nz ? BMP_PIPE_IN_NZSCORER : BMP_PIPE_IN_USEBIO;
        char *buf;
        size_t len;
        if ((st = core_read_file(path, &buf, &len, err)))
            return st;
        /* an NZ Scorer <session> after comments longer than the head is
         * told by the whole file, as bmp_pipeline_read_memory tells it */
        if (nz || bmp_nzscorer_sniff(buf, len)) {
            p->tried = BMP_PIPE_IN_NZSCORER;
            st = read_nzscorer(p, buf, len, path, err);
            free(buf);
            return st;
        }
        st = read_usebio(p, buf, len, path, &buf, err);
        free(buf);
        return st;
    }
    p->tried = BMP_PIPE_IN_EVENT_JSON;
    st = bmp_event_load_file(path, &p->ev, err);
    if (!st)
        st = io_player_ids(p->ev, NULL, 0, path, IO_IDS_JSON, p->strict_numbers, &p->warnings,
                           err);
    return st ? st : apply_opts(p, err);
}

bmp_status bmp_pipeline_read_file(bmp_pipeline *p, const char *path, bmp_error *err)
{
    begin_read(p);
    p->nevents = 0;
    bmp_status st;
    if (takes_credit(p, path)) {
        p->tried = BMP_PIPE_IN_ABF_CREDIT;
        char *buf;
        size_t len;
        if (!(st = core_read_file(path, &buf, &len, err))) {
            st = read_credit(p, buf, len, path, err);
            free(buf);
        }
    } else {
        st = read_event_file(p, path, err);
    }
    return end_read(p, st, err);
}

/* ---- What was read --------------------------------------------------------- */

bmp_pipeline_input bmp_pipeline_input_kind(const bmp_pipeline *p)
{
    return p ? p->tried : BMP_PIPE_IN_NONE;
}

size_t bmp_pipeline_event_count(const bmp_pipeline *p)
{
    return p && p->input != BMP_PIPE_IN_NONE ? p->nevents : 0;
}

/* MASTER_POINTS read from USEBIO are the contestants' "mp." params
 * (bmp_usebio_file_awards). */
bool bmp_pipeline_carries_awards(const bmp_pipeline *p)
{
    if (!p || p->input == BMP_PIPE_IN_NONE)
        return false;
    if (p->input == BMP_PIPE_IN_ABF_CREDIT)
        return true;
    for (size_t i = 0; i < p->ev->ncontestants; i++)
        for (size_t k = 0; k < p->ev->contestants[i].params.count; k++)
            if (strncmp(p->ev->contestants[i].params.items[k].key, "mp.", 3) == 0)
                return true;
    return false;
}

size_t bmp_pipeline_problem_count(const bmp_pipeline *p)
{
    return p ? p->nproblems : 0;
}

size_t bmp_pipeline_warning_count(const bmp_pipeline *p)
{
    return p ? p->checks.n + p->warnings.n : 0;
}

/* The checks first (each at its element), then the numbers' warnings. */
const char *bmp_pipeline_warning(const bmp_pipeline *p, size_t i, size_t *line)
{
    if (!p || i >= p->checks.n + p->warnings.n)
        return NULL;
    /* the players' messages are made on the first ask (issue 46): a cache
     * in the pipeline, which is never defined const and is used by one
     * thread at a time (pipeline.h) */
    bmp_pipeline *mp = (bmp_pipeline *)p;
    io_warnings *ws = i < p->checks.n ? &mp->checks : &mp->warnings;
    size_t k = i < p->checks.n ? i : i - p->checks.n;
    if (line)
        *line = ws->v[k].line;
    return io_warning_text(ws, p->ev, k);
}

size_t bmp_pipeline_numbers_summary(const bmp_pipeline *p, char *buf, size_t n)
{
    if (n)
        buf[0] = '\0';
    return p ? io_warnings_summary_text(p->ev, &p->warnings, buf, n) : 0;
}

bmp_status bmp_pipeline_write_warnings(const bmp_pipeline *p, FILE *out, bmp_error *err)
{
    if (!p || !out)
        return BMP_OK;
    const char *src = p->ev && p->ev->source ? p->ev->source : "event";
    for (size_t i = 0; i < p->checks.n; i++) {
        const io_warning *w = &p->checks.v[i];
        const char *msg = io_warning_msg(&p->checks, i);
        int rc = w->line ? fprintf(out, "%s:%zu: warning: %s\n", src, w->line, msg)
                         : fprintf(out, "%s: warning: %s\n", src, msg);
        if (rc < 0)
            return bmp_error_set(err, BMP_EIO, "write error");
    }
    return io_warnings_summary(p->ev, &p->warnings, out, err);
}

const char *bmp_pipeline_problem(const bmp_pipeline *p, size_t i, size_t *line)
{
    if (!p || i >= p->nproblems)
        return NULL;
    if (line)
        *line = p->problems[i].line;
    return p->problems[i].msg;
}

/* ---- ABF credit files as input ------------------------------------------
 * A credit file is a list of (ABF number, points) of one colour (.rag: red
 * and green).  It becomes an event of body "abf" with one contestant per
 * line, its one player the ABF number, and the lines as awards of kind
 * "credit", so that every award output (table, JSON, CSV, credit files)
 * reads it like awards computed from an event. */

static const char *const credit_colour[] = {"green", "red", "gold", "red"};

/* ABF-117 single-colour file, ABF-118 red-and-green file (App. D) */
static bmp_status credit_award(bmp_awards *aw, size_t contestant, bmp_abf_credit_kind kind,
                               const char *colour, bmp_points points, bmp_error *err)
{
    bmp_award a = {.contestant = contestant, .player = BMP_ALL_PLAYERS, .points = points};
    bmp_award_set(&a, "credit", "credit file", colour,
                  kind == BMP_ABF_CREDIT_RAG ? "ABF-118" : "ABF-117", "App. D");
    return bmp_awards_add(aw, err, &a, NULL);
}

/* One contestant of one player, the ABF number, per line. */
static bmp_status credit_contestant(bmp_contestant *c, const char *abf, bmp_error *err)
{
    c->id = core_strdup(abf);
    c->players = calloc(1, sizeof *c->players);
    if (!c->id || !c->players)
        return bmp_error_oom(err);
    c->nplayers = 1;
    c->players[0].participation = 1.0;
    return (c->players[0].id = core_strdup(abf)) ? BMP_OK : bmp_error_oom(err);
}

static bmp_status credit_to_event(bmp_pipeline *p, const bmp_abf_credit_file *f,
                                  const char *name, bmp_error *err)
{
    bmp_event *ev = calloc(1, sizeof *ev);
    if (!ev)
        return bmp_error_oom(err);
    p->ev = ev;
    ev->upper_limit = ev->lower_limit = BMP_NO_LIMIT;
    ev->source = core_strdup(name);
    ev->name = core_strdup(name);
    ev->body = core_strdup("abf");
    ev->sessions = 1;
    ev->contestants = calloc(f->nrecs ? f->nrecs : 1, sizeof *ev->contestants);
    if (!ev->source || !ev->name || !ev->body || !ev->contestants)
        return bmp_error_oom(err);
    for (size_t i = 0; i < f->nrecs; i++) {
        bmp_status st = credit_contestant(&ev->contestants[ev->ncontestants++], f->recs[i].abf,
                                          err);
        /* a .rag line of green only gives no 0.00 red award */
        bool rag = f->kind == BMP_ABF_CREDIT_RAG;
        if (!st && (!rag || f->recs[i].points || !f->recs[i].green))
            st = credit_award(&p->aw, i, f->kind, credit_colour[f->kind], f->recs[i].points,
                              err);
        if (!st && rag && f->recs[i].green)
            st = credit_award(&p->aw, i, f->kind, "green", f->recs[i].green, err);
        if (st)
            return st;
    }
    return BMP_OK;
}
