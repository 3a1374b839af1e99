/* Batch sources: events computed on import (JSON or USEBIO), USEBIO files
 * carrying MASTER_POINTS, ABF credit files and CSV adjustments, each turned
 * into award lines for one batch.  Reading a file into an event (format,
 * credit-file names, USEBIO options, sidecar) and awarding it are the
 * pipeline's (bridgemp/pipeline.h); only adjustments are the ledger's own. */
#include <ctype.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bridgemp/pipeline.h"
#include "bridgemp/rules.h"
#include "core/util.h"
#include "ledger/body_ops.h"
#include "ledger/shared/csv.h"
#include "ledger/intake/event_identity.h"
#include "ledger/intake/event_key.h"
#include "ledger/intake/field_check.h"
#include "ledger/ledger_internal.h"
#include "ledger/intake/line_index.h"
#include "ledger/intake/sources.h"
#include "ledger/shared/text_door.h"

void ledger_lines_free(ledger_lines *ls)
{
    for (size_t i = 0; i < ls->nstrs; i++)
        free(ls->strs[i]);
    free(ls->strs);
    free(ls->v);
    free(ls->event);
    free(ls->event_json);
    free(ls->event_date);
    free(ls->club);
    free(ls->event_key);
    free(ls->hold);
    ledger_carried_free(&ls->carried);
    memset(ls, 0, sizeof *ls);
}

static const char *keep(ledger_lines *ls, const char *s)
{
    if (!s)
        return NULL;
    char **v = core_grow(ls->strs, &ls->scap, ls->nstrs, sizeof *v);
    if (!v) {
        ls->oom = true;
        return NULL;
    }
    ls->strs = v;
    char *c = strdup(s);
    if (c)
        ls->strs[ls->nstrs++] = c;
    else
        ls->oom = true;
    return c;
}

/* A copy the lines' owner frees (event, date, club); NULL only for NULL,
 * else a failed copy marks the whole read as failed. */
static char *own(ledger_lines *ls, const char *s)
{
    char *c = core_strdup(s);
    if (s && !c)
        ls->oom = true;
    return c;
}

static bool push(ledger_lines *ls, const bmp_ledger_line *ln)
{
    bmp_ledger_line *v = core_grow(ls->v, &ls->cap, ls->n, sizeof *v);
    if (!v)
        return false;
    ls->v = v;
    ls->v[ls->n++] = *ln;
    return true;
}

/* The last line pushed held for its number (issue 43): why, kept. */
static bool hold_last(ledger_lines *ls, const char *why)
{
    if (ls->nhold < ls->n) {
        const char **h = realloc(ls->hold, ls->cap * sizeof *h);
        if (!h)
            return false;
        memset(h + ls->nhold, 0, (ls->cap - ls->nhold) * sizeof *h);
        ls->hold = h;
        ls->nhold = ls->cap;
    }
    ls->hold[ls->n - 1] = keep(ls, why);
    return !ls->oom;
}

static bool strict_numbers(const bmp_ledger_import_opts *o)
{
    return o->size >= offsetof(bmp_ledger_import_opts, strict_numbers) + sizeof o->strict_numbers &&
           o->strict_numbers;
}

/* Why a player's line is held for his number (ruling RI-7, as the engine
 * flags it): "guest" (the body's guest or placeholder number, a USEBIO
 * guest), "no number" (none, or zeros), "not a valid <BODY> number: ..."
 * (the ledger's syntax refuses it); NULL when the number can be credited. */
static const char *number_hold(const bmp_event *ev, const bmp_player *pl, char *buf, size_t n)
{
    const bmp_rules *r = ev->body ? bmp_rules_find(ev->body) : NULL;
    if (!pl->id || !*pl->id)
        return bmp_params_bool(&pl->params, "guest", false) ? "guest" : "no number";
    if (r && r->player_id_guest && r->player_id_guest(pl->id))
        return "guest";
    if (strspn(pl->id, "0") == strlen(pl->id))
        return "no number";
    char norm[16], up[8] = "";
    bmp_error e = {0}; /* the engine's syntax (its flag), then the register's */
    if ((!r || !r->player_id_check || r->player_id_check(pl->id, 0, &e) == BMP_OK) &&
        !ledger_number_check(ev->body ? ev->body : "", pl->id, norm, sizeof norm, &e))
        return NULL;
    for (size_t j = 0; ev->body && ev->body[j] && j + 1 < sizeof up; j++)
        up[j] = (char)toupper((unsigned char)ev->body[j]);
    snprintf(buf, n, "not a valid %s number: %.150s", up, e.msg);
    return buf;
}

static void lower(char *s)
{
    for (; *s; s++)
        *s = (char)tolower((unsigned char)*s);
}

/* The rule under which a body credits points carried in a results file
 * (its file_rule: ABF-103, EBU-5, NZ-100). */
static const char *file_rule(const char *body)
{
    const ledger_body_ops *ops = ledger_body_ops_of(body);
    return ops && ops->file_rule ? ops->file_rule : "file";
}

/* ---- events ------------------------------------------------------------- */

/* One line per player per award: an award to all players of a contestant
 * gives each of them its points. */
static bmp_status event_lines(const char *path, const bmp_event *ev, const bmp_awards *aw,
                              bool strict, ledger_lines *ls, bmp_problems *probs, bmp_error *err)
{
    size_t bad = 0;
    const char *evname = keep(ls, ev->name ? ev->name : path);
    for (size_t i = 0; i < aw->count; i++) {
        const bmp_award *a = &aw->items[i];
        if (a->points == 0 || a->contestant >= ev->ncontestants)
            continue;
        const bmp_contestant *c = &ev->contestants[a->contestant];
        char type[16];
        snprintf(type, sizeof type, "%s", a->colour);
        lower(type);
        for (size_t p = 0; p < c->nplayers; p++) {
            if (a->player != BMP_ALL_PLAYERS && (size_t)a->player != p)
                continue;
            const bmp_player *pl = &c->players[p];
            char hb[224];
            const char *why = strict ? NULL : number_hold(ev, pl, hb, sizeof hb);
            if (!why && (!pl->id || !*pl->id)) {
                problems_add(probs, "%s: award %zu: contestant %s player %zu (%s) has no national "
                             "ID number", path, i + 1, c->id, p + 1, pl->name ? pl->name : "?");
                bad++;
                continue;
            }
            bmp_ledger_line ln = {.number = keep(ls, pl->id ? pl->id : ""),
                                  .name = keep(ls, pl->name),
                                  .point_type = keep(ls, type),
                                  .points = a->points,
                                  .rule = keep(ls, a->rule[0] ? a->rule : file_rule(ev->body)),
                                  .event = evname,
                                  .contestant = keep(ls, c->id),
                                  .line = i + 1};
            if (ls->oom || !push(ls, &ln) || (why && !hold_last(ls, why)))
                return bmp_error_oom(err);
        }
    }
    return bad ? BMP_EINVAL : BMP_OK;
}

/* The event read and awarded by the pipeline, recorded: its hash, its JSON
 * (kept for the derivations of a computed one, ruling W-21, and for the
 * charge runs, which count a batch's player-sessions whether its awards
 * were computed or came in the file, L-11), name, date, club and lines. */
static bmp_status event_record(const bmp_pipeline *p, const char *name, bool strict,
                               ledger_lines *ls, bmp_problems *probs, bmp_error *err)
{
    const bmp_event *ev = bmp_pipeline_event(p);
    bmp_status st = ledger_event_hash(ev, ls->hash, err);
    if (!st)
        st = bmp_event_to_json(ev, &ls->event_json, err);
    if (!st) {
        ls->event = own(ls, ev->name ? ev->name : name);
        ls->event_date = own(ls, ev->date ? ev->date : "");
        ls->club = own(ls, ev->organiser); /* USEBIO CLUB_ID_NUMBER, JSON organiser */
        if (!(ls->event_key = ledger_event_key(ev, ev->organiser)))
            ls->oom = true;
        st = ledger_event_print(ls->body, ev, ls->event_print, err);
        if (!st)
            st = event_lines(name, ev, bmp_pipeline_awards(p), strict, ls, probs, err);
        char sum[512]; /* "2 players without a valid EBU number (...): lines 41, 77" */
        if (!st && bmp_pipeline_numbers_summary(p, sum, sizeof sum))
            ls->numbers = keep(ls, sum);
        if (ls->source == BMP_BATCH_USEBIO_MP) {
            for (size_t i = 0; i < ls->n; i++)
                ls->v[i].rule = file_rule(ls->body);
            if (!st)
                st = ledger_carried_hash(ls->hash, ls->v, ls->n, err);
        }
    }
    if (st && st != BMP_EINVAL)
        bmp_error_prefix(err, "%s: ", name);
    return st;
}

/* The pipeline names the file first in an award error; the ledger has
 * always reported an invalid event (EINVAL) without it, and keeps its
 * messages (issue 32: a refactor, same results).  Other statuses keep it. */
static void unprefix(bmp_error *err, const char *name)
{
    size_t n = strlen(name);
    if (err && strncmp(err->msg, name, n) == 0 && strncmp(err->msg + n, ": ", 2) == 0)
        memmove(err->msg, err->msg + n + 2, strlen(err->msg + n + 2) + 1);
}

/* An event: its awards computed (the pipeline names the file in an error),
 * or taken from the MASTER_POINTS it carries. */
static bmp_status event_source(bmp_pipeline *p, const char *name,
                               const bmp_ledger_import_opts *o, ledger_lines *ls,
                               bmp_problems *probs, bmp_error *err)
{
    const bmp_event *ev = bmp_pipeline_event(p);
    bool file_mp = bmp_pipeline_carries_awards(p);
    if (o->source == BMP_BATCH_USEBIO_MP && !file_mp)
        return bmp_error_set(err, BMP_EINVAL, "%s: no MASTER_POINTS in the file", name);
    ls->source = (o->source == BMP_BATCH_EVENT || !file_mp) ? BMP_BATCH_EVENT : BMP_BATCH_USEBIO_MP;
    snprintf(ls->body, sizeof ls->body, "%s", ev->body ? ev->body : "");
    bmp_status st;
    if (ls->source == BMP_BATCH_USEBIO_MP) {
        if ((st = bmp_pipeline_file_awards(p, err)) && st != BMP_EINVAL)
            bmp_error_prefix(err, "%s: ", name);
    } else if ((st = bmp_pipeline_award(p, err)) == BMP_EINVAL) {
        unprefix(err, name);
    }
    if (!st && ls->source == BMP_BATCH_EVENT) /* issue 45: a field claimed is checked */
        st = ledger_field_check(ev, bmp_pipeline_awards(p), name, err);
    if (!st)
        st = event_record(p, name, strict_numbers(o), ls, probs, err);
    if (!st && ls->source == BMP_BATCH_USEBIO_MP) /* issue 26: checked where it can be */
        st = ledger_carried_compare(p, &ls->carried, err);
    return st;
}

/* ---- ABF credit files (App. D, ABF-117, ABF-118) ------------------------- */

/* Every bad line of a credit file, as the ledger lists problems. */
static void credit_problems(const bmp_pipeline *p, const char *name, bmp_problems *probs)
{
    size_t line = 0;
    for (size_t i = 0; i < bmp_pipeline_problem_count(p); i++) {
        const char *msg = bmp_pipeline_problem(p, i, &line);
        problems_add(probs, "%s:%zu: %s", name, line, msg);
    }
}

typedef struct credit_key {
    const char *number, *type;
    size_t line;
} credit_key;

static int cmp_credit_key(const void *a, const void *b)
{
    const credit_key *x = a, *y = b;
    int c = strcmp(x->number, y->number);
    c = c ? c : strcmp(x->type, y->type);
    return c ? c : (x->line > y->line) - (x->line < y->line);
}

/* A player credited twice with one colour (issue 45; ruling OE-8): each
 * repeat a problem naming both lines.  The count of repeats; SIZE_MAX on
 * no memory. */
static size_t credit_repeats(const char *name, const ledger_lines *ls, bmp_problems *probs)
{
    credit_key *k = calloc(ls->n ? ls->n : 1, sizeof *k);
    if (!k)
        return SIZE_MAX;
    for (size_t i = 0; i < ls->n; i++)
        k[i] = (credit_key){ls->v[i].number, ls->v[i].point_type, ls->v[i].line};
    qsort(k, ls->n, sizeof *k, cmp_credit_key);
    size_t bad = 0;
    for (size_t i = 1; i < ls->n; i++) {
        const credit_key *a = &k[i - 1], *b = &k[i];
        if (strcmp(a->number, b->number) || strcmp(a->type, b->type))
            continue;
        problems_add(probs, "%s:%zu: player %s credited %s again (line %zu): a credit file "
                     "credits a player once per colour (App. D)", name, b->line, b->number,
                     b->type, a->line);
        bad++;
    }
    free(k);
    return bad;
}

/* A credit file read by the pipeline: one line per award it carries (its
 * lines; a .rag line gives red, then green), and the ABF checksum, the sum
 * of ABF number x points (ecosystem.md §5).  A player repeated in one
 * colour is refused (credit_repeats). */
static bmp_status credit_source(const bmp_pipeline *p, const char *name, const char *data,
                                size_t len, ledger_lines *ls, bmp_problems *probs,
                                bmp_error *err)
{
    const bmp_event *ev = bmp_pipeline_event(p);
    const bmp_awards *aw = bmp_pipeline_awards(p);
    ls->source = BMP_BATCH_ABF_CREDIT;
    snprintf(ls->body, sizeof ls->body, "%s", ev->body); /* the pipeline's: ABF's */
    ledger_sha256_hex(data, len, ls->hash);
    ls->event = own(ls, name);
    ls->event_date = own(ls, "");
    if (!(ls->event_key = ledger_event_key(ev, NULL)))
        ls->oom = true;
    unsigned __int128 sum = 0;
    const char *evname = keep(ls, name);
    for (size_t i = 0; i < aw->count; i++) {
        const bmp_award *a = &aw->items[i];
        const char *abf = ev->contestants[a->contestant].id;
        bmp_ledger_line ln = {.number = keep(ls, abf), .point_type = keep(ls, a->colour),
                              .points = a->points, .rule = keep(ls, a->rule), .event = evname,
                              .contestant = "", .line = a->contestant + 1};
        if (a->points && !push(ls, &ln))
            return bmp_error_oom(err);
        sum += (unsigned __int128)strtoull(abf, NULL, 10) * (uint64_t)a->points;
    }
    snprintf(ls->checksum, sizeof ls->checksum, "%llu",
             (unsigned long long)(sum % 10000000000000000000ULL));
    size_t repeats = credit_repeats(name, ls, probs);
    return repeats == SIZE_MAX ? bmp_error_oom(err) : repeats ? BMP_EINVAL : BMP_OK;
}

/* ---- the pipeline --------------------------------------------------------- */

/* A pipeline with the import's options: the USEBIO ones (the body by
 * default the import's), a JSON event taken as written (its body is checked
 * against the import's), and the input told as the source says. */
static bmp_status open_pipeline(const bmp_ledger_import_opts *o, bmp_pipeline **p,
                                bmp_error *err)
{
    bmp_usebio_opts uo = {0};
    if (o->usebio)
        uo = *o->usebio;
    if (!uo.body)
        uo.body = o->body;
    const char *input = o->source == BMP_BATCH_ABF_CREDIT ? "abf-credit"
                        : o->source == BMP_BATCH_AUTO     ? "auto"
                                                          : "event";
    bmp_status st = bmp_pipeline_new(p, err);
    if (!st)
        st = bmp_pipeline_set_usebio(*p, &uo, err);
    if (!st)
        st = bmp_pipeline_set(*p, "override-json", "false", err);
    if (!st)
        st = bmp_pipeline_set(*p, "input", input, err);
    if (!st) /* issue 43: a number refuses no file; its line is held (RI-7) */
        st = bmp_pipeline_set(*p, "strict-numbers", strict_numbers(o) ? "true" : "false", err);
    if (!st && o->size > offsetof(bmp_ledger_import_opts, limits)) /* issue 45 */
        st = bmp_pipeline_set_limits(*p, o->limits, err);
    int ev = o->size > offsetof(bmp_ledger_import_opts, event) ? o->event : 0;
    if (!st && ev) { /* issue 42: one event of an ACBLscore game file */
        char no[24];
        snprintf(no, sizeof no, "%d", ev);
        st = bmp_pipeline_set(*p, "event", no, err);
    }
    return st;
}

/* A file of several events (ACBLscore) is one batch per event: which one
 * is said (issue 42), never the first taken silently. */
static bmp_status one_event(const bmp_pipeline *p, const char *name,
                            const bmp_ledger_import_opts *o, bmp_error *err)
{
    size_t n = bmp_pipeline_event_count(p);
    int ev = o->size > offsetof(bmp_ledger_import_opts, event) ? o->event : 0;
    if (n > 1 && !ev)
        return bmp_error_set(err, BMP_EINVAL, "%s holds %zu events: import each as its own "
                             "batch (--event 1 ... --event %zu)", name, n, n);
    return BMP_OK;
}

/* An event, a USEBIO file or a credit file, read by the pipeline. */
static bmp_status read_pipeline(const char *data, size_t len, const char *name,
                                const bmp_ledger_import_opts *o, ledger_lines *ls,
                                bmp_problems *probs, bmp_error *err)
{
    bmp_pipeline *p = NULL;
    bmp_status st = open_pipeline(o, &p, err);
    if (!st)
        st = bmp_pipeline_read_memory(p, data, len, name, err);
    if (!st)
        st = one_event(p, name, o, err);
    bool credit = p && bmp_pipeline_input_kind(p) == BMP_PIPE_IN_ABF_CREDIT;
    if (credit)
        credit_problems(p, name, probs);
    if (!st && !credit)
        st = ledger_event_texts(bmp_pipeline_event(p), name, probs, err);
    if (!st)
        st = credit ? credit_source(p, name, data, len, ls, probs, err)
                    : event_source(p, name, o, ls, probs, err);
    if (!credit) /* the file's own lines, not the awards' indexes (issue 26) */
        ledger_lines_locate(ls->v, ls->n, data, len);
    bmp_pipeline_free(p);
    return credit && st == BMP_EPARSE ? BMP_EINVAL : st;
}

/* ---- CSV adjustments (NZ-91: player, number, event, change, justification) */

static bmp_status read_adjustments(const char *path, const char *data, size_t len,
                                   const bmp_ledger_import_opts *o, ledger_lines *ls,
                                   bmp_problems *probs, bmp_error *err)
{
    lcsv c;
    bmp_status st = lcsv_parse(data, len, path, &c, err);
    if (st)
        return st;
    int cn = lcsv_col(&c, "number"), ct = lcsv_col(&c, "point_type"),
        cp = lcsv_col(&c, "points"), cr = lcsv_col(&c, "reason"), ce = lcsv_col(&c, "event"),
        cname = lcsv_col(&c, "name");
    if (cn < 0 || ct < 0 || cp < 0 || cr < 0 || ce < 0) {
        lcsv_free(&c);
        return bmp_error_set(err, BMP_EPARSE,
                             "%s:1: header: expected columns number,point_type,points,event,"
                             "reason[,name] (NZ-91)", path);
    }
    size_t bad = 0;
    ls->source = BMP_BATCH_ADJUSTMENT;
    snprintf(ls->body, sizeof ls->body, "%s", o->body ? o->body : "");
    ledger_sha256_hex(data, len, ls->hash);
    ls->event = own(ls, path);
    ls->event_date = own(ls, "");
    const ledger_body_ops *ops = ledger_body_ops_of(ls->body);
    const char *rule = ops && ops->adjustment_rule ? ops->adjustment_rule : "adjustment";
    if (c.stray) { /* issue 45: strict, as the line says */
        problems_add(probs, "%s:%zu: a stray quote: quote a whole field (\"...\"), a quote "
                     "inside it doubled (\"\")", path, c.stray);
        bad++;
    }
    for (size_t r = 1; r < c.nrows; r++) {
        size_t line = c.rows[r].line;
        bmp_points pts = 0;
        if (c.rows[r].n != c.rows[0].n) { /* never cut nor padded: 1,50 is two fields */
            problems_add(probs, "%s:%zu: %zu fields, the header has %zu (points take a decimal "
                         "point, 1.50; quote a field holding a comma)", path, line, c.rows[r].n,
                         c.rows[0].n);
            bad++;
            continue;
        }
        if (!bmp_points_parse(lcsv_get(&c, r, cp), &pts) || pts == 0) {
            problems_add(probs, "%s:%zu: points: expected a non-zero change such as -1.25, got \"%s\"",
                         path, line, lcsv_get(&c, r, cp));
            bad++;
        }
        if (!*lcsv_get(&c, r, cr) || !*lcsv_get(&c, r, ce)) {
            problems_add(probs, "%s:%zu: an adjustment needs its event and reason (NZ-91)", path,
                         line);
            bad++;
        }
        char where[CORE_TEXT_FILE_MAX + 32];
        snprintf(where, sizeof where, "%s:%zu: ", path, line);
        bad += ledger_name_bad(probs, where, "event", lcsv_get(&c, r, ce), CORE_TEXT_NAME_MAX);
        bad += ledger_text_bad(probs, where, "reason", lcsv_get(&c, r, cr), CORE_TEXT_REASON_MAX);
        bad += ledger_name_bad(probs, where, "name", lcsv_get(&c, r, cname), CORE_TEXT_NAME_MAX);
        char type[16];
        snprintf(type, sizeof type, "%s", lcsv_get(&c, r, ct));
        lower(type);
        char why[400];
        snprintf(why, sizeof why, "adjustment: %s", lcsv_get(&c, r, cr));
        bmp_ledger_line ln = {.number = keep(ls, lcsv_get(&c, r, cn)),
                              .name = keep(ls, lcsv_get(&c, r, cname)),
                              .point_type = keep(ls, type), .points = pts, .rule = rule,
                              .event = keep(ls, lcsv_get(&c, r, ce)),
                              .contestant = keep(ls, why), .line = line};
        if (!ln.contestant || !push(ls, &ln)) {
            lcsv_free(&c);
            return bmp_error_oom(err);
        }
    }
    lcsv_free(&c);
    return bad ? BMP_EINVAL : BMP_OK;
}

static bool ends_with(const char *s, const char *ext)
{
    size_t n = strlen(s), m = strlen(ext);
    return n >= m && strcasecmp(s + n - m, ext) == 0;
}

bmp_status ledger_lines_read(const char *data, size_t len, const char *name,
                             const bmp_ledger_import_opts *o, ledger_lines *ls,
                             bmp_problems *probs, bmp_error *err)
{
    memset(ls, 0, sizeof *ls);
    bmp_status st;
    /* adjustments are the ledger's own; everything else is the pipeline's */
    if (o->source == BMP_BATCH_ADJUSTMENT ||
        (o->source == BMP_BATCH_AUTO && ends_with(name, ".csv")))
        st = read_adjustments(name, data, len, o, ls, probs, err);
    else
        st = read_pipeline(data, len, name, o, ls, probs, err);
    if (ls->oom) /* a string keep() could not copy: never import a line without it */
        st = bmp_error_oom(err);
    return st;
}
