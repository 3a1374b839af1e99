/* Batch sources: events computed on import (JSON or USEBIO), USEBIO files
 * carrying MASTER_POINTS, ABF credit files and CSV adjustments, each turned
 * into award lines for one batch. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bridgemp/abf.h"
#include "bridgemp/rules.h"
#include "bridgemp/usebio.h"
#include "core/util.h"
#include "ledger/body_ops.h"
#include "ledger/csv.h"
#include "ledger/ledger_internal.h"
#include "ledger/sources.h"

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
    memset(ls, 0, sizeof *ls);
}

static const char *keep(ledger_lines *ls, const char *s)
{
    if (!s)
        return NULL;
    char **v = bmp_grow(ls->strs, &ls->scap, ls->nstrs, sizeof *v);
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
    char *c = bmp_strdup(s);
    if (s && !c)
        ls->oom = true;
    return c;
}

static bool push(ledger_lines *ls, const bmp_ledger_line *ln)
{
    bmp_ledger_line *v = bmp_grow(ls->v, &ls->cap, ls->n, sizeof *v);
    if (!v)
        return false;
    ls->v = v;
    ls->v[ls->n++] = *ln;
    return true;
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
                              ledger_lines *ls, bmp_problems *probs, bmp_error *err)
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
            if (!pl->id || !*pl->id) {
                problems_add(probs, "%s: award %zu: contestant %s player %zu (%s) has no national "
                             "ID number", path, i + 1, c->id, p + 1, pl->name ? pl->name : "?");
                bad++;
                continue;
            }
            bmp_ledger_line ln = {.number = keep(ls, pl->id),
                                  .name = keep(ls, pl->name),
                                  .point_type = keep(ls, type),
                                  .points = a->points,
                                  .rule = keep(ls, a->rule[0] ? a->rule : file_rule(ev->body)),
                                  .event = evname,
                                  .contestant = keep(ls, c->id),
                                  .line = i + 1};
            if (ls->oom || !push(ls, &ln))
                return bmp_error_oom(err);
        }
    }
    return bad ? BMP_EINVAL : BMP_OK;
}

static bool has_file_points(const bmp_event *ev)
{
    for (size_t i = 0; i < ev->ncontestants; i++)
        for (size_t k = 0; k < ev->contestants[i].params.count; k++)
            if (strncmp(ev->contestants[i].params.items[k].key, "mp.", 3) == 0)
                return true;
    return false;
}

static bmp_status read_event(const char *path, const char *data, size_t len,
                             const bmp_ledger_import_opts *o, ledger_lines *ls,
                             bmp_problems *probs, bmp_error *err)
{
    bmp_event *ev = NULL;
    bmp_status st;
    bmp_usebio_opts uo = {0};
    if (o->usebio)
        uo = *o->usebio;
    if (!uo.body)
        uo.body = o->body;
    if (bmp_usebio_sniff(data, len))
        st = bmp_usebio_read_memory(data, len, path, &uo, &ev, err);
    else
        st = bmp_event_load_string(data, path, &ev, err);
    if (st)
        return st;
    bool file_mp = has_file_points(ev);
    if (o->source == BMP_BATCH_USEBIO_MP && !file_mp) {
        bmp_event_free(ev);
        return bmp_error_set(err, BMP_EINVAL, "%s: no MASTER_POINTS in the file", path);
    }
    ls->source = (o->source == BMP_BATCH_EVENT || !file_mp) ? BMP_BATCH_EVENT : BMP_BATCH_USEBIO_MP;
    snprintf(ls->body, sizeof ls->body, "%s", ev->body ? ev->body : "");
    bmp_awards aw;
    bmp_awards_init(&aw);
    if (ls->source == BMP_BATCH_USEBIO_MP)
        st = bmp_usebio_file_awards(ev, &aw, err);
    else
        st = bmp_award_event(ev, &aw, err);
    if (!st)
        st = ledger_event_hash(ev, ls->hash, err);
    /* The event is kept: for the derivations of a computed one (ruling
     * W-21), and for the charge runs, which count a batch's player-sessions
     * whether its awards were computed or came in the file (L-11). */
    if (!st)
        st = bmp_event_to_json(ev, &ls->event_json, err);
    if (!st) {
        ls->event = own(ls, ev->name ? ev->name : path);
        ls->event_date = own(ls, ev->date ? ev->date : "");
        const char *club = bmp_params_string(&ev->params, "usebio.club_id", NULL);
        ls->club = own(ls, club);
        st = event_lines(path, ev, &aw, ls, probs, err);
        if (ls->source == BMP_BATCH_USEBIO_MP)
            for (size_t i = 0; i < ls->n; i++)
                ls->v[i].rule = file_rule(ls->body);
    }
    if (st && st != BMP_EINVAL)
        bmp_error_prefix(err, "%s: ", path);
    bmp_awards_free(&aw);
    bmp_event_free(ev);
    return st;
}

/* ---- ABF credit files (App. D, ABF-117, ABF-118) ------------------------- */

static bmp_status read_credit(const char *path, const char *data, size_t len, ledger_lines *ls,
                              bmp_problems *probs, bmp_error *err)
{
    bmp_abf_credit_kind kind;
    bmp_status st = bmp_abf_credit_kind_of(path, &kind, err);
    if (st)
        return st;
    bmp_abf_credit_file f;
    bmp_abf_credit_init(&f, kind);
    st = bmp_abf_credit_parse(data, len, NULL, &f, err);
    for (size_t i = 0; i < f.nproblems; i++)
        problems_add(probs, "%s:%zu: %s", path, f.problems[i].line, f.problems[i].msg);
    ls->source = BMP_BATCH_ABF_CREDIT;
    snprintf(ls->body, sizeof ls->body, "abf");
    ledger_sha256_hex(data, len, ls->hash);
    ls->event = own(ls, path);
    ls->event_date = own(ls, "");
    const char *colour = kind == BMP_ABF_CREDIT_GREEN ? "green"
                         : kind == BMP_ABF_CREDIT_GOLD ? "gold" : "red";
    unsigned __int128 sum = 0;
    const char *ev = keep(ls, path);
    for (size_t i = 0; i < f.nrecs && !f.nproblems; i++) {
        const bmp_abf_credit_rec *r = &f.recs[i];
        const char *num = keep(ls, r->abf);
        bmp_ledger_line ln = {.number = num, .point_type = colour, .points = r->points,
                              .rule = kind == BMP_ABF_CREDIT_RAG ? "ABF-118" : "ABF-117",
                              .event = ev, .contestant = "", .line = i + 1};
        if (r->points && !push(ls, &ln))
            st = bmp_error_oom(err);
        if (kind == BMP_ABF_CREDIT_RAG && r->green) {
            ln.point_type = "green";
            ln.points = r->green;
            if (!push(ls, &ln))
                st = bmp_error_oom(err);
        }
        sum += (unsigned __int128)strtoull(r->abf, NULL, 10) * (uint64_t)(r->points + r->green);
    }
    snprintf(ls->checksum, sizeof ls->checksum, "%llu", (unsigned long long)(sum % 10000000000000000000ULL));
    bmp_abf_credit_free(&f);
    return st == BMP_EPARSE ? BMP_EINVAL : st;
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
    ls->source = BMP_BATCH_ADJUSTMENT;
    snprintf(ls->body, sizeof ls->body, "%s", o->body ? o->body : "");
    ledger_sha256_hex(data, len, ls->hash);
    ls->event = own(ls, path);
    ls->event_date = own(ls, "");
    size_t bad = 0;
    const ledger_body_ops *ops = ledger_body_ops_of(ls->body);
    const char *rule = ops && ops->adjustment_rule ? ops->adjustment_rule : "adjustment";
    for (size_t r = 1; r < c.nrows; r++) {
        size_t line = c.rows[r].line;
        bmp_points pts = 0;
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

bmp_status ledger_lines_read(const char *path, const bmp_ledger_import_opts *o,
                             ledger_lines *ls, bmp_problems *probs, bmp_error *err)
{
    memset(ls, 0, sizeof *ls);
    char *data = NULL;
    size_t len = 0;
    bmp_status st = bmp_read_file(path, &data, &len, err);
    if (st)
        return st;
    bmp_batch_source src = o->source;
    if (src == BMP_BATCH_AUTO) {
        if (ends_with(path, ".grn") || ends_with(path, ".red") || ends_with(path, ".gld") ||
            ends_with(path, ".rag") || ends_with(path, ".mp5"))
            src = BMP_BATCH_ABF_CREDIT;
        else if (ends_with(path, ".csv"))
            src = BMP_BATCH_ADJUSTMENT;
    }
    if (src == BMP_BATCH_ABF_CREDIT)
        st = read_credit(path, data, len, ls, probs, err);
    else if (src == BMP_BATCH_ADJUSTMENT)
        st = read_adjustments(path, data, len, o, ls, probs, err);
    else
        st = read_event(path, data, len, o, ls, probs, err);
    free(data);
    if (ls->oom) /* a string keep() could not copy: never import a line without it */
        st = bmp_error_oom(err);
    return st;
}
