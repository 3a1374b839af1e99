/* One event, one batch (issue 26 item 1): a file whose event key is held
 * by a live batch (not rejected, not reversed) with other content is a
 * correction of that event, refused with the per-player difference
 * (player, point type, the batch's points, the file's) unless it says
 * what it replaces (--replaces ID --reason R; API replaces=, reason=).
 * The same awards under another content hash (an event and its own USEBIO
 * export carrying MASTER_POINTS) are refused as already imported. */
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_queue.h"
#include "core/util.h"
#include "ledger/chain/chain.h"
#include "ledger/intake/duplicate.h"
#include "ledger/intake/event_identity.h"
#include "ledger/intake/event_key.h"
#include "ledger/store/query.h"

typedef struct cell {
    char number[16], type[16];
    bmp_points pts;
    int side; /* 0: the batch's, 1: the file's */
} cell;

typedef struct cells {
    cell *v;
    size_t n, cap;
} cells;

static bool cells_add(cells *c, const char *number, const char *type, bmp_points pts, int side)
{
    cell *v = core_grow(c->v, &c->cap, c->n, sizeof *v);
    if (!v)
        return false;
    c->v = v;
    cell *x = &c->v[c->n++];
    snprintf(x->number, sizeof x->number, "%s", number);
    snprintf(x->type, sizeof x->type, "%s", type);
    x->pts = pts;
    x->side = side;
    return true;
}

static int cmp_cell(const void *a, const void *b)
{
    const cell *x = a, *y = b;
    int c = strcmp(x->number, y->number);
    return c ? c : strcmp(x->type, y->type);
}

/* The live batch holding key (0: none); the one being replaced does not
 * count. */
static bmp_status key_holder(bmp_ledger *l, int64_t body, const char *key, int64_t replaces,
                             int64_t *id, char state[16], bmp_error *err)
{
    ledger_stmt *st = NULL;
    bool row = false;
    *id = 0;
    bmp_status rc = lq_query(
        l, &st, err,
        "SELECT id, state FROM batch WHERE body_id = ?1 AND event_key = ?2 AND state <> "
        "'rejected' AND id <> ?3 AND id NOT IN (SELECT reverses FROM batch WHERE reverses IS "
        "NOT NULL) ORDER BY id LIMIT 1",
        "isi", body, key, replaces);
    if (!rc)
        rc = lq_step(l, st, &row, err);
    if (!rc && row) {
        *id = lq_col_int(l, st, 0);
        snprintf(state, 16, "%s", lq_col_text(l, st, 1));
    }
    lq_finalize(l, st);
    return rc;
}

/* The batch's lines, credited and held, as cells of `side`. */
static bmp_status batch_cells(bmp_ledger *l, int64_t batch, int side, cells *c, bmp_error *err)
{
    ledger_stmt *st = NULL;
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT p.number, j.point_type, j.points FROM journal j JOIN player "
                             "p ON p.id = j.player_id WHERE j.batch_id = ?1 UNION ALL SELECT "
                             "number, point_type, points FROM held WHERE batch_id = ?1",
                             "i", batch);
    bool row = true;
    while (!rc && row) {
        rc = lq_step(l, st, &row, err);
        if (!rc && row &&
            !cells_add(c, lq_col_text(l, st, 0), lq_col_text(l, st, 1),
                       lq_col_int(l, st, 2), side))
            rc = bmp_error_oom(err);
    }
    lq_finalize(l, st);
    return rc;
}

static bmp_status new_cells(const ledger_body *b, const bmp_ledger_line *lines, size_t n,
                            cells *c, bmp_error *err)
{
    for (size_t i = 0; i < n; i++) {
        char norm[16];
        const char *num = lines[i].number ? lines[i].number : "";
        if (ledger_number_check(b->code, num, norm, sizeof norm, NULL))
            snprintf(norm, sizeof norm, "%s", num);
        if (!cells_add(c, norm, lines[i].point_type ? lines[i].point_type : "", lines[i].points,
                       1))
            return bmp_error_oom(err);
    }
    return BMP_OK;
}

/* Each (player, point type) whose totals differ: `fn` called with both
 * sums (side 0's, side 1's); the count. */
typedef bool (*diff_fn)(void *ctx, const cell *c, const char *a, const char *b);

static size_t list_differences(cells *c, diff_fn fn, void *ctx, bool *overflow)
{
    qsort(c->v, c->n, sizeof *c->v, cmp_cell);
    size_t diffs = 0;
    for (size_t i = 0, k; i < c->n; i = k) {
        bmp_points sum[2] = {0, 0};
        for (k = i; k < c->n && !cmp_cell(&c->v[i], &c->v[k]); k++)
            if (__builtin_add_overflow(sum[c->v[k].side], c->v[k].pts, &sum[c->v[k].side]))
                *overflow = true;
        if (sum[0] == sum[1])
            continue;
        char a[32], b[32];
        bmp_points_format(sum[0], a, sizeof a);
        bmp_points_format(sum[1], b, sizeof b);
        if (!fn(ctx, &c->v[i], a, b))
            *overflow = true; /* no memory: the caller fails */
        diffs++;
    }
    return diffs;
}

typedef struct as_problem {
    bmp_problems *pp;
    int64_t holder;
} as_problem;

static bool add_problem(void *ctx, const cell *c, const char *a, const char *b)
{
    const as_problem *x = ctx;
    return problems_add(x->pp, "  player %s %s: %s in batch %lld, %s in this file", c->number,
                        c->type, a, (long long)x->holder, b);
}

static bool add_row(void *ctx, const cell *c, const char *a, const char *b)
{
    bmp_table *t = ctx;
    return !bmp_table_cell(t, "%s", c->number) && !bmp_table_cell(t, "%s", c->type) &&
           !bmp_table_cell(t, "%s", a) && !bmp_table_cell(t, "%s", b);
}

/* The live batch of the same event: by its key, else by what it credits
 * or by its players and places (event_identity.c, issue 45); what says
 * how it was found. */
static bmp_status same_event_holder(bmp_ledger *l, const ledger_body *b,
                                    const bmp_ledger_import_opts *o, const ledger_batch_src *src,
                                    const bmp_ledger_line *lines, size_t n, int64_t *holder,
                                    char state[16], char what[200], bmp_error *err)
{
    *holder = 0;
    bmp_status rc = BMP_OK;
    if (src->event_key && *src->event_key)
        rc = key_holder(l, b->id, src->event_key, o->replaces, holder, state, err);
    if (!rc && *holder) {
        snprintf(what, 200, "%s", src->event_key);
        return rc;
    }
    if (rc || src->source == BMP_BATCH_ADJUSTMENT)
        return rc;
    return ledger_identity_holder(l, b, o->replaces, src, lines, n, holder, state, what, err);
}

bmp_status ledger_refuse_same_event(bmp_ledger *l, const ledger_body *b,
                                    const bmp_ledger_import_opts *o, const ledger_batch_src *src,
                                    const bmp_ledger_line *lines, size_t n, int64_t *holder_out,
                                    bmp_problems *pp, bmp_error *err)
{
    int64_t holder = 0;
    char state[16] = "", what[200] = "";
    bmp_status rc = same_event_holder(l, b, o, src, lines, n, &holder, state, what, err);
    bool elsewhere = !rc && ledger_holder_elsewhere(l, o, holder);
    *holder_out = elsewhere ? 0 : holder;
    if (elsewhere) /* issue 45: neither its number, state nor awards */
        return ledger_refuse_elsewhere(src->file, "event", err);
    if (rc || !holder)
        return rc;
    cells c = {0};
    rc = batch_cells(l, holder, 0, &c, err);
    if (!rc)
        rc = new_cells(b, lines, n, &c, err);
    bmp_problems d = {0};
    bool overflow = false;
    as_problem ap = {&d, holder};
    size_t diffs = rc ? 0 : list_differences(&c, add_problem, &ap, &overflow);
    free(c.v);
    if (!rc && overflow)
        rc = bmp_error_set(err, BMP_EINVAL, "%s: points overflow in the difference", src->file);
    if (!rc && !diffs)
        rc = bmp_error_set(err, BMP_EINVAL,
                           "%s: already imported: batch %lld (%s) holds the same event (%s) "
                           "with the same awards", src->file, (long long)holder, state, what);
    if (!rc) {
        size_t before = pp->count;
        problems_add(pp, "%s: the same event as batch %lld (%s; %s) with other awards: give "
                     "--replaces %lld --reason R to correct it; the differences:",
                     src->file, (long long)holder, state, what, (long long)holder);
        for (size_t i = 0; i < d.count; i++)
            problems_add(pp, "%s", d.msgs[i]);
        rc = problems_fail(pp, pp->count - before, pp->msgs[before], BMP_EINVAL, err);
    }
    bmp_problems_free(&d);
    return rc;
}

/* A club's import replaces only that club's batches (a club token must
 * not reject another club's results), and only a batch of the same event:
 * the same key, players and places, award lines, or players credited
 * (issue 45; ruling OE-7).  The body's secretary (no club) may replace any with a reason. */
bmp_status ledger_replace_allowed(bmp_ledger *l, const ledger_body *b,
                                  const bmp_ledger_import_opts *o, const ledger_batch_src *src,
                                  const bmp_ledger_line *lines, size_t n, bmp_error *err)
{
    const char *file = src->file;
    if (!o->replaces || !o->club || !*o->club)
        return BMP_OK;
    ledger_stmt *st = NULL;
    bool row = false, same = false;
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT coalesce(c.number, '') FROM batch b LEFT JOIN club c ON "
                             "c.id = b.club_id WHERE b.id = ?1 AND b.body_id = ?2",
                             "ii", o->replaces, b->id);
    if (!rc)
        rc = lq_step(l, st, &row, err);
    if (!rc && !row)
        rc = bmp_error_set(err, BMP_ENOTFOUND, "%s: --replaces %lld: no %s batch %lld", file,
                           (long long)o->replaces, b->code, (long long)o->replaces);
    else if (!rc && strcmp(lq_col_text(l, st, 0), o->club) != 0)
        rc = bmp_error_set(err, BMP_EINVAL,
                           "%s: batch %lld is not club %s's: a club replaces only its own "
                           "results", file, (long long)o->replaces, o->club);
    lq_finalize(l, st);
    if (!rc)
        rc = ledger_identity_same(l, b, o->replaces, src, lines, n, &same, err);
    if (!rc && !same)
        rc = bmp_error_set(err, BMP_EINVAL,
                           "%s: batch %lld is another event (not its event key, players and "
                           "places, award lines, or players credited): a club replaces only a "
                           "batch of the same event; the body's secretary may replace it", file,
                           (long long)o->replaces);
    return rc;
}

bmp_status ledger_event_key_store(bmp_ledger *l, int64_t batch, const char *key, bmp_error *err)
{
    if (!key || !*key)
        return BMP_OK;
    bmp_status rc = lq_run(l, err, "UPDATE batch SET event_key = ?2 WHERE id = ?1", "is", batch,
                           key);
    return rc ? rc : ledger_touch_id(l, "batch", batch, err);
}

/* ---- what a batch replaced (issue 29: the back office's batch page) ---- */

bmp_status bmp_ledger_batch_replaced(bmp_ledger *l, int64_t batch, int64_t *old, bmp_table *out,
                                     bmp_error *err)
{
    static const char *const cols[] = {"number", "point_type", "replaced_points", "points", NULL};
    int64_t one = 0;
    bool found = false;
    *old = 0;
    bmp_status rc = bmp_table_title(out, "replaced");
    if (!rc)
        rc = bmp_table_columns(out, cols);
    if (rc)
        return bmp_error_oom(err);
    rc = lq_int(l, &one, &found, err, "SELECT 1 FROM batch WHERE id = ?1", "i", batch);
    if (!rc && !found)
        return bmp_error_set(err, BMP_ENOTFOUND, "no batch %lld", (long long)batch);
    if (!rc) /* the latest earlier batch of the event, rejected or reversed */
        rc = lq_int(l, old, &found, err,
                    "SELECT o.id FROM batch b JOIN batch o ON o.body_id = b.body_id AND "
                    "o.event_key = b.event_key AND o.id < b.id WHERE b.id = ?1 AND "
                    "b.event_key <> '' AND b.reverses IS NULL AND o.reverses IS NULL AND "
                    "(o.state = 'rejected' OR o.id IN (SELECT r.reverses FROM batch r WHERE "
                    "r.reverses IS NOT NULL)) ORDER BY o.id DESC LIMIT 1",
                    "i", batch);
    if (rc || !found) {
        *old = 0;
        return rc;
    }
    cells c = {0};
    rc = batch_cells(l, *old, 0, &c, err);
    if (!rc)
        rc = batch_cells(l, batch, 1, &c, err);
    bool overflow = false;
    if (!rc)
        list_differences(&c, add_row, out, &overflow);
    free(c.v);
    if (!rc && overflow)
        rc = bmp_error_set(err, BMP_EINVAL, "batch %lld: points overflow in the difference to "
                           "batch %lld", (long long)batch, (long long)*old);
    return rc;
}

/* A preview's differences (issue 29): the live batch of the same event
 * (side 0) against the file's lines (side 1), a row per player and point
 * type that differ: number, point_type, batch_points, points. */
bmp_status ledger_event_differences(bmp_ledger *l, const ledger_body *b, int64_t holder,
                                    const bmp_ledger_line *lines, size_t n, bmp_table *out,
                                    bmp_error *err)
{
    static const char *const cols[] = {"number", "point_type", "batch_points", "points", NULL};
    if (bmp_table_columns(out, cols))
        return bmp_error_oom(err);
    if (!holder)
        return BMP_OK;
    cells c = {0};
    bmp_status rc = batch_cells(l, holder, 0, &c, err);
    if (!rc)
        rc = new_cells(b, lines, n, &c, err);
    bool overflow = false;
    if (!rc)
        list_differences(&c, add_row, out, &overflow);
    free(c.v);
    return !rc && overflow ? bmp_error_set(err, BMP_EINVAL, "points overflow in the difference "
                                           "to batch %lld", (long long)holder)
                           : rc;
}
