/* Points a file carries against the engine's own award (carried.h; issue
 * 26 item 2): per contestant and point type, per player where the
 * engine's award differs between a contestant's players. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "core/buf.h"
#include "core/util.h"
#include "ledger/intake/carried.h"

typedef struct cval {
    size_t contestant;
    char type[16];
    bmp_points points;
} cval;

typedef struct cmp_ctx {
    const bmp_event *ev;
    const bmp_awards *aw;   /* computed */
    size_t *start;          /* computed awards of contestant c: idx[start[c]..start[c+1]) */
    size_t *idx;
    cval *carried;          /* by contestant, in order */
    size_t ncarried;
    ledger_carried *out;
    bool foreign_type;      /* a carried type the event's scale does not give */
    char foreign[16], gives[64], given[128];
} cmp_ctx;

static void lower_copy(char *dst, size_t size, const char *s)
{
    snprintf(dst, size, "%s", s ? s : "");
    for (; *dst; dst++)
        *dst = (char)tolower((unsigned char)*dst);
}

/* The carried awards (bmp_pipeline_file_awards: one per contestant and
 * colour, to all players), summed by contestant and type. */
static bool snapshot(const bmp_awards *aw, cval **out, size_t *n)
{
    *out = calloc(aw->count ? aw->count : 1, sizeof **out);
    if (!*out)
        return false;
    for (size_t i = 0; i < aw->count; i++) {
        cval v = {.contestant = aw->items[i].contestant, .points = aw->items[i].points};
        lower_copy(v.type, sizeof v.type, aw->items[i].colour);
        if (*n && (*out)[*n - 1].contestant == v.contestant &&
            strcmp((*out)[*n - 1].type, v.type) == 0)
            (*out)[*n - 1].points += v.points;
        else
            (*out)[(*n)++] = v;
    }
    return true;
}

/* Computed awards grouped by contestant (counting sort). */
static bool index_awards(cmp_ctx *x)
{
    size_t nc = x->ev->ncontestants;
    x->start = calloc(nc + 2, sizeof *x->start);
    x->idx = calloc(x->aw->count ? x->aw->count : 1, sizeof *x->idx);
    if (!x->start || !x->idx)
        return false;
    for (size_t i = 0; i < x->aw->count; i++)
        if (x->aw->items[i].contestant < nc)
            x->start[x->aw->items[i].contestant + 2]++;
    for (size_t c = 0; c < nc; c++)
        x->start[c + 2] += x->start[c + 1];
    for (size_t i = 0; i < x->aw->count; i++)
        if (x->aw->items[i].contestant < nc)
            x->idx[x->start[x->aw->items[i].contestant + 1]++] = i;
    return true;
}

/* The engine's points of `type` for player p of contestant c (p < 0: the
 * contestant's awards to all its players only), and their derivation. */
static bmp_points computed(const cmp_ctx *x, size_t c, int p, const char *type, core_buf *why)
{
    bmp_points sum = 0;
    for (size_t k = x->start[c]; k < x->start[c + 1]; k++) {
        const bmp_award *a = &x->aw->items[x->idx[k]];
        char t[16];
        lower_copy(t, sizeof t, a->colour);
        if (strcmp(t, type) != 0 || (a->player != BMP_ALL_PLAYERS && a->player != p))
            continue;
        sum += a->points;
        if (why && why->len < 400) {
            char pts[32];
            bmp_points_format(a->points, pts, sizeof pts);
            core_buf_printf(why, "%s%s %s %s: %s", why->len ? "; " : "", a->rule, a->section,
                            pts, a->explain ? a->explain : a->kind);
        }
    }
    return sum;
}

static bool add_row(cmp_ctx *x, size_t c, const char *players, const char *type, bmp_points carried,
                    bmp_points comp)
{
    ledger_carried *o = x->out;
    ledger_carried_row *v = core_grow(o->v, &o->cap, o->n, sizeof *v);
    if (!v)
        return false;
    o->v = v;
    core_buf why = {0};
    computed(x, c, -1, type, &why);
    for (size_t r = 0; r < x->aw->nreasons && why.len < 400; r++)
        if (x->aw->reasons[r].contestant == c && x->aw->reasons[r].text)
            core_buf_printf(&why, "%s%s: %s", why.len ? "; " : "", x->aw->reasons[r].rule,
                            x->aw->reasons[r].text);
    if (!why.len)
        core_buf_printf(&why, "the engine awards no %s points here", type);
    ledger_carried_row *r = &o->v[o->n];
    const bmp_contestant *ct = &x->ev->contestants[c];
    *r = (ledger_carried_row){.contestant = core_strdup(ct->id ? ct->id : ""),
                              .players = core_strdup(players), .type = core_strdup(type),
                              .derivation = core_buf_take(&why, NULL), .carried = carried,
                              .computed = comp};
    o->n++;
    return r->contestant && r->players && r->type && r->derivation;
}

/* One contestant's type: a row if the engine's figure differs. */
static bool compare_type(cmp_ctx *x, size_t c, const char *type, bmp_points carried)
{
    const bmp_contestant *ct = &x->ev->contestants[c];
    size_t np = ct->nplayers ? ct->nplayers : 1;
    bmp_points first = computed(x, c, 0, type, NULL);
    bool same = true;
    for (size_t p = 1; p < np; p++)
        same = same && computed(x, c, (int)p, type, NULL) == first;
    if (same) {
        if (first == carried)
            return true;
        core_buf ids = {0};
        for (size_t p = 0; p < ct->nplayers; p++)
            core_buf_printf(&ids, "%s%s", p ? " " : "", ct->players[p].id ? ct->players[p].id : "?");
        char *s = core_buf_take(&ids, NULL);
        bool ok = add_row(x, c, s ? s : "", type, carried, first);
        free(s);
        return ok;
    }
    for (size_t p = 0; p < np; p++) {
        bmp_points v = computed(x, c, (int)p, type, NULL);
        if (v != carried && !add_row(x, c, ct->players[p].id ? ct->players[p].id : "?", type,
                                     carried, v))
            return false;
    }
    return true;
}

/* The computed awards' colours, listed once in x->gives ("green, red"). */
static void list_given(cmp_ctx *x)
{
    x->gives[0] = '\0';
    for (size_t i = 0; i < x->aw->count; i++) {
        char t[16], quoted[20];
        lower_copy(t, sizeof t, x->aw->items[i].colour);
        snprintf(quoted, sizeof quoted, "<%s>", t);
        if (!strstr(x->given, quoted) && strlen(x->given) + strlen(quoted) < sizeof x->given) {
            strcat(x->given, quoted);
            if (strlen(x->gives) + strlen(t) + 3 < sizeof x->gives)
                snprintf(x->gives + strlen(x->gives), sizeof x->gives - strlen(x->gives), "%s%s",
                         x->gives[0] ? ", " : "", t);
        }
    }
}

static bool scale_gives(const cmp_ctx *x, const char *type)
{
    char quoted[20];
    snprintf(quoted, sizeof quoted, "<%s>", type);
    return strstr(x->given, quoted) != NULL;
}

static bool compare_contestant(cmp_ctx *x, size_t c, size_t *ci)
{
    const char *done[16];
    size_t nd = 0;
    for (; *ci < x->ncarried && x->carried[*ci].contestant == c; (*ci)++) {
        const cval *v = &x->carried[*ci];
        if (!x->foreign_type && v->points && !scale_gives(x, v->type)) {
            x->foreign_type = true;
            snprintf(x->foreign, sizeof x->foreign, "%s", v->type);
        }
        if (nd < 16)
            done[nd++] = v->type;
        if (!compare_type(x, c, v->type, v->points))
            return false;
    }
    for (size_t k = x->start[c]; k < x->start[c + 1]; k++) { /* computed, not carried */
        char t[16];
        lower_copy(t, sizeof t, x->aw->items[x->idx[k]].colour);
        bool seen = false;
        for (size_t d = 0; d < nd; d++)
            seen = seen || strcmp(done[d], t) == 0;
        if (!seen && nd < 16) {
            done[nd++] = x->aw->items[x->idx[k]].colour; /* the engine's, lower case */
            if (!compare_type(x, c, t, 0))
                return false;
        }
    }
    return true;
}

static char *hold_reason(cmp_ctx *x)
{
    if (x->foreign_type)
        return core_asprintf("the file carries %s points, which this event's scale does not give "
                             "(the engine awards %s)", x->foreign,
                             x->gives[0] ? x->gives : "nothing");
    return core_asprintf("the points the file carries differ from the engine's award (%zu "
                         "difference%s)", x->out->n, x->out->n == 1 ? "" : "s");
}

bmp_status ledger_carried_compare(bmp_pipeline *p, ledger_carried *out, bmp_error *err)
{
    memset(out, 0, sizeof *out);
    cmp_ctx x = {.ev = bmp_pipeline_event(p), .out = out};
    if (!snapshot(bmp_pipeline_awards(p), &x.carried, &x.ncarried))
        return bmp_error_oom(err);
    bmp_error ignored;
    bmp_status st = BMP_OK;
    if (bmp_pipeline_set(p, "explain", "true", &ignored) || bmp_pipeline_award(p, &ignored)) {
        free(x.carried); /* the file cannot be awarded: nothing to compare with */
        return BMP_OK;
    }
    x.aw = bmp_pipeline_awards(p);
    if (x.aw->count == 0) {
        /* the engine awards nobody anything: a file listing only its placed
         * contestants under-states the field (rulings L-26-3), so the file
         * does not carry enough to compute the award; not compared */
        free(x.carried);
        return BMP_OK;
    }
    list_given(&x);
    bool ok = index_awards(&x);
    for (size_t c = 0, ci = 0; ok && c < x.ev->ncontestants; c++)
        ok = compare_contestant(&x, c, &ci);
    if (ok && (out->n || x.foreign_type))
        ok = (out->reason = hold_reason(&x)) != NULL;
    if (!ok)
        st = bmp_error_oom(err);
    free(x.carried);
    free(x.start);
    free(x.idx);
    return st;
}
