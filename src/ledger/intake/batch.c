/* Award batches: checking a batch's lines against the registry and its
 * control totals, then writing it all or nothing (docs/ledger.md). */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/buf.h"
#include "core/util.h"
#include "ledger/body_ops.h"
#include "ledger/intake/duplicate.h"
#include "ledger/intake/event_key.h"
#include "ledger/intake/journal_write.h"
#include "ledger/intake/club_check.h"
#include "ledger/intake/carried.h"
#include "ledger/chain/chain.h"
#include "ledger/ledger_internal.h"
#include "ledger/intake/near_match.h"
#include "ledger/intake/player_resolve.h"
#include "ledger/intake/preview.h"
#include "ledger/intake/sources.h"
#include "ledger/shared/text_door.h"
#include "ledger/store/query.h"

static const char *source_name(bmp_batch_source s)
{
    switch (s) {
    case BMP_BATCH_EVENT: return "event";
    case BMP_BATCH_USEBIO_MP: return "usebio-mp";
    case BMP_BATCH_ABF_CREDIT: return "abf-credit";
    case BMP_BATCH_ADJUSTMENT: return "adjustment";
    default: return "event";
    }
}

/* ---- checking ----------------------------------------------------------- */

typedef ledger_resolved resolved;
typedef ledger_pslot pslot;

typedef struct tally {
    const char *type;
    bmp_points points;
    int64_t lines;
} tally;

static tally *tally_of(tally *t, size_t *nt, const char *type)
{
    for (size_t i = 0; i < *nt; i++)
        if (strcmp(t[i].type, type) == 0)
            return &t[i];
    if (*nt >= LEDGER_TALLY_MAX)
        return NULL;
    t[*nt] = (tally){type, 0, 0};
    return &t[(*nt)++];
}

/* Who may be credited (NZ-9, NZ-88, ABF-99, EBU-5): Active, Temporary and
 * Unknown players are; Deceased never; an unregistered, Dormant or
 * Resigned player's points are held where the body holds them. */
static const char *credit_check(const ledger_body *b, const pslot *s, const char *number,
                                const char *file, size_t line, bmp_problems *probs, size_t *bad)
{
    char where[560];
    if (s->id && strcmp(s->status, "Deceased") == 0) {
        problems_add(probs, "%s:%zu: player %s is Deceased: no points (NZ-88)", file, line, number);
        (*bad)++;
        return NULL;
    }
    bool member = s->id && strcmp(s->status, "Dormant") != 0 && strcmp(s->status, "Resigned") != 0;
    if (member)
        return NULL;
    snprintf(where, sizeof where, "%s:%zu: ", file, line);
    const char *what = s->id ? (strcmp(s->status, "Dormant") == 0 ? "is Dormant" : "has Resigned")
                             : "is not in the register";
    if (b->ops->hold_unknown)
        return s->id ? (strcmp(s->status, "Dormant") == 0 ? "Dormant" : "Resigned")
                     : "not registered";
    const ledger_body_ops *ops = b->ops;
    if (ops && ops->members_only)
        problems_add(probs, "%splayer %s %s: %s", where, number, what, ops->members_only);
    else
        problems_add(probs, "%splayer %s %s of %s (%s)", where, number, what, b->code, b->ops->unknown_rule);
    (*bad)++;
    return NULL;
}

/* Control totals given with the batch must equal the lines' sums. */
static size_t check_controls(const ledger_body *b, const bmp_ledger_import_opts *o, const char *file,
                             tally *t, size_t nt, bmp_problems *probs)
{
    size_t bad = 0;
    for (size_t i = 0; i < o->ncontrol; i++) {
        const char *c = o->control[i], *eq = strchr(c, '=');
        char type[16] = {0};
        bmp_points want = 0;
        if (!eq || (size_t)(eq - c) >= sizeof type || !bmp_points_parse(eq + 1, &want)) {
            problems_add(probs, "%s: control total \"%s\": expected TYPE=POINTS such as green=12.34",
                         file, c);
            bad++;
            continue;
        }
        memcpy(type, c, (size_t)(eq - c));
        if (!ledger_point_type_ok(b->code, type)) {
            problems_add(probs, "%s: control total \"%s\": %s is not a %s point type", file, c,
                         type, b->code);
            bad++;
            continue;
        }
        bmp_points got = 0;
        for (size_t k = 0; k < nt; k++)
            if (strcmp(t[k].type, type) == 0)
                got = t[k].points;
        if (got != want) {
            char w[32], g[32];
            bmp_points_format(want, w, sizeof w);
            bmp_points_format(got, g, sizeof g);
            problems_add(probs, "%s: control total %s: expected %s, the lines sum to %s", file,
                         type, w, g);
            bad++;
        }
    }
    return bad;
}

typedef struct pt_sum {
    int64_t player;
    const char *type;
    const char *number;
    bmp_points points;
} pt_sum;

static int cmp_pt(const void *a, const void *b)
{
    const pt_sum *x = a, *y = b;
    if (x->player != y->player)
        return x->player < y->player ? -1 : 1;
    return strcmp(x->type, y->type);
}

/* No holding may go negative: posted + pending + this batch >= 0 for every
 * player and point type the batch lowers. */
static bmp_status check_negative(bmp_ledger *l, const bmp_ledger_line *lines, const resolved *rv,
                                 size_t n, const char *file, bmp_problems *probs, size_t *bad,
                                 bmp_error *err)
{
    size_t neg = 0;
    for (size_t i = 0; i < n; i++)
        neg += rv[i].player && lines[i].points < 0;
    if (!neg)
        return BMP_OK;
    pt_sum *v = malloc(n * sizeof *v);
    if (!v)
        return bmp_error_oom(err);
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (rv[i].player)
            v[m++] = (pt_sum){rv[i].player, lines[i].point_type, rv[i].number, lines[i].points};
    qsort(v, m, sizeof *v, cmp_pt);
    ledger_stmt *st = NULL;
    bmp_status rc = lq_prepare(l, "SELECT coalesce((SELECT points FROM holding WHERE player_id = ?1 AND point_type = ?2), 0),"
        " coalesce((SELECT sum(j.points) FROM journal j JOIN batch b ON b.id = j.batch_id "
        "  WHERE j.player_id = ?1 AND j.point_type = ?2 "
        "  AND b.state IN ('received', 'provisional', 'approved')), 0)",
        &st, err);
    for (size_t i = 0; i < m && !rc;) {
        size_t k = i;
        bmp_points sum = 0;
        for (; k < m && v[k].player == v[i].player && strcmp(v[k].type, v[i].type) == 0; k++)
            sum += v[k].points;
        if (sum < 0) {
            lq_reset(l, st);
            bool row = false;
            rc = lq_bind_int(l, st, 1, v[i].player, err);
            if (!rc)
                rc = lq_bind_text(l, st, 2, v[i].type, err);
            if (!rc)
                rc = lq_step(l, st, &row, err);
            bmp_points posted = row ? lq_col_int(l, st, 0) : 0;
            bmp_points pending = row ? lq_col_int(l, st, 1) : 0;
            if (!rc && posted + pending + sum < 0) {
                char a[32], b[32], c[32], d[32];
                bmp_points_format(posted + pending + sum, a, sizeof a);
                bmp_points_format(posted, b, sizeof b);
                bmp_points_format(pending, c, sizeof c);
                bmp_points_format(sum, d, sizeof d);
                problems_add(probs, "%s: player %s %s: the holding would be %s (posted %s, "
                             "pending %s, this batch %s)", file, v[i].number, v[i].type, a, b, c, d);
                (*bad)++;
            }
        }
        i = k;
    }
    lq_finalize(l, st);
    free(v);
    return rc;
}

/* ---- writing ------------------------------------------------------------ */

/* Lines from which an import leaves the journal's key checks to itself:
 * SQLite's PRAGMA foreign_keys expires every statement the handle keeps,
 * which re-prepare at their next step (about 2.7 million instructions a
 * batch, callgrind), against about 2,000 a line saved. */
enum { UNKEYED_LINES = 2048 };

/* In an import begun unkeyed (ledger_import_checked), the new batch row's
 * three foreign keys checked by one statement, as the database would have:
 * its body, its club (if any), the batch it reverses (if any). */
static bmp_status batch_keys_held(bmp_ledger *l, int64_t id, bmp_error *err)
{
    int64_t ok = 0;
    bool found = false;
    bmp_status rc = lq_int(l, &ok, &found, err,
                           "SELECT EXISTS (SELECT 1 FROM body WHERE id = b.body_id) "
                           "AND (b.club_id IS NULL OR EXISTS (SELECT 1 FROM club WHERE id = b.club_id)) "
                           "AND (b.reverses IS NULL OR EXISTS (SELECT 1 FROM batch r "
                           "WHERE r.id = b.reverses)) FROM batch b WHERE b.id = ?1",
                           "i", id);
    if (!rc && (!found || !ok))
        rc = bmp_error_set(err, BMP_EINVAL, "FOREIGN KEY constraint failed (batch %lld)",
                           (long long)id);
    return rc;
}

static bmp_status write_batch(bmp_ledger *l, const ledger_body *b, const bmp_ledger_import_opts *o,
                              const ledger_batch_src *src, const bmp_ledger_line *lines,
                              const resolved *rv, size_t n, const tally *t, size_t nt,
                              int64_t *batch, bmp_error *err)
{
    bmp_batch_source source = src->source;
    const char *file = src->file, *hash = src->hash, *event = src->event,
               *date = src->event_date, *checksum = src->checksum;
    char at[40];
    ledger_now(l, at);
    int64_t club = 0, id = 0;
    bool found = false;
    bmp_status rc = BMP_OK;
    if (o->club && *o->club)
        rc = lq_int(l, &club, &found, err, "SELECT id FROM club WHERE body_id = ?1 AND number = ?2",
                    "is", b->id, o->club);
    if (!rc)
        rc = lq_int(l, &id, &found, err,
                    "INSERT INTO batch (body_id, source, file, event, event_date, club_id, "
                    "content_hash, state, who, created_at, lines, checksum) VALUES (?1, ?2, ?3, ?4, "
                    "?5, nullif(?6, 0), ?7, 'received', ?8, ?9, ?10, ?11) RETURNING id",
                    "issssisssis", b->id, source_name(source),
                    file, event ? event : "", date ? date : "", club, hash, l->who, at, (int64_t)n,
                    checksum ? checksum : "");
    if (!rc && src->unkeyed) /* the batch row's own keys, which the database does not check */
        rc = batch_keys_held(l, id, err);
    if (!rc)
        rc = ledger_journal_write(l, id, lines, rv, n, err);
    for (size_t i = 0; i < nt && !rc; i++)
        rc = lq_run(l, err,
                    "INSERT INTO batch_total (batch_id, point_type, points, lines) "
                    "VALUES (?1, ?2, ?3, ?4)",
                    "isii", id, t[i].type, t[i].points, t[i].lines);
    if (!rc && src->event_json)
        rc = lq_run(l, err, "INSERT INTO batch_event (batch_id, event_json) VALUES (?1, ?2)",
                    "is", id, src->event_json);
    if (!rc)
        rc = lq_run(l, err, "UPDATE batch SET state = 'provisional' WHERE id = ?1", "i", id);
    if (!rc) /* before the entry that images the batch (issue 27) */
        rc = ledger_event_key_store(l, id, src->event_key, err);
    if (!rc)
        rc = ledger_touch_batch(l, id, err);
    if (!rc) {
        char *d = core_asprintf("batch %lld %s %s: %s, %zu lines, sha256 %s; provisional",
                                (long long)id, b->code, source_name(source), file, n, hash);
        rc = d ? ledger_audit(l, "import", d, err) : bmp_error_oom(err);
        free(d);
    }
    if (!rc)
        rc = ledger_carried_write(l, id, src->carried, err); /* issue 26: held */
    if (rc) /* rolled back by the caller: the journal's digest made for the entry goes too */
        ledger_chain_reset(l);
    *batch = id;
    return rc;
}

bmp_status bmp_ledger_import_lines(bmp_ledger *l, const bmp_ledger_import_opts *o,
                                   bmp_batch_source source, const char *file, const char *hash,
                                   const char *event, const char *event_date,
                                   const bmp_ledger_line *lines, size_t n, int64_t *batch,
                                   bmp_problems *probs, bmp_error *err)
{
    ledger_batch_src src = {.source = source, .file = file, .hash = hash, .event = event,
                            .event_date = event_date};
    return ledger_import_checked(l, o, &src, lines, n, batch, probs, err);
}

typedef struct checked {
    resolved *rv;
    char (*norm)[16];
    char **why;  /* held lines' reasons with their near matches (near_match.c) */
    const char *const *hold; size_t nhold; /* held for their numbers (issue 43; src->hold) */
    tally t[LEDGER_TALLY_MAX];
    size_t nt;
} checked;

#define HELD_FOR_NUMBER(c, i) ((c)->hold && (i) < (c)->nhold && (c)->hold[i])
/* Every well-formed player number normalised, once a batch: the same-event
 * fingerprints (src->norm) and the look-ups use them ("" : not looked up). */
static void normalise_numbers(const ledger_body *b, const bmp_ledger_line *lines, size_t n,
                              checked *c)
{
    for (size_t i = 0; i < n; i++) { /* one held for its number (issue 43) never looked up */
        const char *num = lines[i].number ? lines[i].number : "";
        if (HELD_FOR_NUMBER(c, i) ||
            ledger_number_check(b->code, num, c->norm[i], sizeof c->norm[i], NULL))
            c->norm[i][0] = '\0';
    }
}

/* NZ-103: the body gives overseas players no points from events. */
static bool overseas_no_points(const ledger_body *b)
{
    const ledger_body_ops *ops = b->ops;
    return ops && ops->overseas_no_points;
}

/* A line with a well-formed number: who is credited, or why held. */
static void credit_line(const ledger_body *b, bmp_batch_source source, const char *file, size_t at,
                        size_t i, checked *c, const pslot *s, bmp_problems *pp, size_t *bad)
{
    c->rv[i].number = c->norm[i];
    c->rv[i].why = credit_check(b, s, c->norm[i], file, at, pp, bad);
    if (!c->rv[i].why && s->overseas && source != BMP_BATCH_ADJUSTMENT &&
        overseas_no_points(b)) { /* NZ-103 (ruling AN-5) */
        problems_add(pp, "%s:%zu: player %s is an overseas player: no NZ masterpoints apart "
                     "from transfers (NZ-103, 8(b)); give them none in the event (NZ-13)",
                     file, at, c->norm[i]);
        (*bad)++;
    }
    c->rv[i].player = c->rv[i].why ? 0 : s->id;
}

/* Pass 3, in line order: the body's point type, the sign, the number, who
 * may be credited; the totals per point type. */

static void check_each_line(const ledger_body *b, bmp_batch_source source, const char *file,
                            const bmp_ledger_line *lines, size_t n, checked *c,
                            const pslot *const *ps, bmp_problems *pp, size_t *bad)
{
    const char *ok_type = NULL; /* the last point type found good: most lines repeat it */
    for (size_t i = 0; i < n; i++) {
        const bmp_ledger_line *ln = &lines[i];
        size_t at = ln->line ? ln->line : i + 1;
        bmp_error e;
        if (ln->point_type && ((ok_type && strcmp(ok_type, ln->point_type) == 0) ||
                               ledger_point_type_ok(b->code, ln->point_type))) {
            ok_type = ln->point_type;
        } else {
            problems_add(pp, "%s:%zu: point type \"%s\" is not one of %s's", file, at,
                         ln->point_type ? ln->point_type : "", b->code);
            (*bad)++;
            continue;
        }
        if (ledger_line_unbounded(b->code, source != BMP_BATCH_ADJUSTMENT, ln, file, at, pp)) {
            (*bad)++;
            continue;
        }
        if (ln->points < 0 && source != BMP_BATCH_ADJUSTMENT) {
            problems_add(pp, "%s:%zu: negative points in an award (only adjustments may lower a "
                         "holding, NZ-91)", file, at);
            (*bad)++;
        }
        if (HELD_FOR_NUMBER(c, i)) { /* RI-7: held, the number never registered */
            c->rv[i].number = ln->number ? ln->number : "";
            c->rv[i].why = c->hold[i]; /* player 0: held */
        } else if (!c->norm[i][0]) {
            char tmp[16];
            ledger_number_check(b->code, ln->number ? ln->number : "", tmp, sizeof tmp, &e);
            problems_add(pp, "%s:%zu: player number: %s", file, at, e.msg);
            (*bad)++;
            continue;
        } else
            credit_line(b, source, file, at, i, c, ps[i], pp, bad);
        tally *tt = tally_of(c->t, &c->nt, ln->point_type);
        if (tt && ledger_tally_add(&tt->points, ln->points, file, at, pp))
            (*bad)++;
        if (tt)
            tt->lines++;
    }
}

/* Each line checked; every distinct player resolved once, from the
 * register kept on the handle where it is still current (pass 2). */
static bmp_status check_lines(bmp_ledger *l, const ledger_body *b, bmp_batch_source source,
                              const char *file, const bmp_ledger_line *lines, size_t n,
                              checked *c, bmp_problems *pp, size_t *bad, bmp_error *err)
{
    const pslot **ps = malloc((n ? n : 1) * sizeof *ps);
    if (!ps)
        return bmp_error_oom(err);
    bmp_status rc = ledger_players_resolve(l, b->id, (const char (*)[16])c->norm, n, ps, err);
    if (!rc)
        check_each_line(b, source, file, lines, n, c, ps, pp, bad);
    free(ps);
    return rc;
}

/* The replaced batch (if any) and the new one, inside the caller's
 * transaction. */
static bmp_status write_all(bmp_ledger *l, const ledger_body *b, const bmp_ledger_import_opts *o,
                            const ledger_batch_src *src, const bmp_ledger_line *lines, size_t n,
                            const checked *c, int64_t *batch, bmp_error *err)
{
    bmp_status rc = BMP_OK;
    if (o->replaces)
        rc = ledger_replace(l, o->replaces, o->reason, err);
    if (!rc)
        rc = write_batch(l, b, o, src, lines, c->rv, n, c->t, c->nt, batch, err);
    return rc;
}

/* A held unregistered player: the registered numbers near theirs, kept
 * with the held line (bmp_ledger_held_near shows them, issue 26). */
static bmp_status suggest_near(bmp_ledger *l, const ledger_body *b,
                               const bmp_ledger_import_opts *o, const bmp_ledger_line *lines,
                               size_t n, checked *c, bmp_error *err)
{
    char near[400];
    bmp_status rc = BMP_OK;
    size_t most = bmp_limits_effective(o->size > offsetof(bmp_ledger_import_opts, limits)
                                           ? o->limits : NULL).near_lines;
    for (size_t i = 0; i < n && i < most && !rc; i++) {
        if (c->rv[i].player || !c->rv[i].why || strcmp(c->rv[i].why, "not registered") != 0)
            continue;
        rc = ledger_near_match(l, b->id, c->rv[i].number, lines[i].name, near, sizeof near, err);
        if (rc || !near[0])
            continue;
        if (!c->why && !(c->why = calloc(n, sizeof *c->why)))
            return bmp_error_oom(err);
        if (!(c->why[i] = core_asprintf("not registered; %s", near)))
            return bmp_error_oom(err);
        c->rv[i].why = c->why[i];
    }
    return rc;
}

/* A preview (issue 29) goes on past a refusal, which becomes one of its
 * problems: those the check listed (more than `since`), else its message.
 * A real import stops there, and so does a preview at any other error. */
static bmp_status go_on(const ledger_preview *pv, bmp_problems *pp, size_t since, bmp_status rc,
                        const bmp_error *err)
{
    if (!pv || (rc != BMP_EINVAL && rc != BMP_ENOTFOUND))
        return rc;
    if (pp->count == since && !problems_add(pp, "%s", err->msg))
        return BMP_ENOMEM;
    return BMP_OK;
}

/* A preview's lines as checked: who is credited, who held and why. */
static bmp_status preview_lines(ledger_preview *pv, const bmp_ledger_line *lines, size_t n,
                                const checked *c, bmp_error *err)
{
    bmp_status rc = BMP_OK;
    for (size_t i = 0; i < n && !rc; i++)
        rc = ledger_preview_line(pv, &lines[i], c->rv[i].number, c->rv[i].why, err);
    for (size_t i = 0; i < c->nt && !rc; i++)
        rc = ledger_preview_total(pv, c->t[i].type, c->t[i].points, c->t[i].lines, err);
    return rc;
}

/* Check every line, then write: all of it inside one write transaction,
 * so the registry the lines were checked against is the one they are
 * written to, and the checking reads need no lock of their own.  A
 * preview (src->preview) makes every check and writes nothing. */
static bmp_status check_and_write(bmp_ledger *l, const ledger_body *b,
                                  const bmp_ledger_import_opts *o, const ledger_batch_src *src,
                                  const bmp_ledger_line *lines, size_t n, checked *c,
                                  int64_t *batch, bool *writing, bmp_problems *pp,
                                  bmp_error *err)
{
    const char *file = src->file;
    ledger_preview *pv = src->preview;
    size_t before = pp->count, bad = 0;
    int64_t dup = 0, same = 0;
    bmp_status rc =
        go_on(pv, pp, pp->count, ledger_refuse_duplicate(l, b, o, file, src->hash, &dup, err), err);
    if (!rc) /* one event, one batch (issue 26) */
        rc = go_on(pv, pp, pp->count, ledger_replace_allowed(l, b, o, src, lines, n, err), err);
    size_t at = pp->count;
    if (!rc) {
        bmp_status r = ledger_refuse_same_event(l, b, o, src, lines, n, &same, pp, err);
        if (r == BMP_EINVAL && pp->count == at) /* the same awards: a duplicate, no */
            same = (dup = dup ? dup : same, 0);  /* correction to offer (issue 45) */
        rc = go_on(pv, pp, at, r, err);
    }
    if (!rc)
        rc = check_lines(l, b, src->source, file, lines, n, c, pp, &bad, err);
    if (!rc)
        bad += check_controls(b, o, file, c->t, c->nt, pp);
    if (!rc)
        rc = check_negative(l, lines, c->rv, n, file, pp, &bad, err);
    if (!rc && !bad && n == 0) {
        problems_add(pp, "%s: no award lines (nothing to import)", file);
        bad++;
    }
    if (!rc && bad)
        rc = go_on(pv, pp, before,
                   problems_fail(pp, pp->count - before, pp->msgs[before], BMP_EINVAL, err), err);
    if (!rc)
        rc = suggest_near(l, b, o, lines, n, c, err);
    *writing = !rc && !pv;
    if (!rc && pv) {
        ledger_preview_holders(pv, dup, same);
        rc = preview_lines(pv, lines, n, c, err);
        if (!rc) /* per player, against the batch replaced or of the same event */
            rc = ledger_event_differences(l, b, o->replaces ? o->replaces : dup == same ? 0 : same,
                                          lines, n, &pv->out->v[PV_DIFFERENCES], err);
    } else if (!rc) {
        rc = write_all(l, b, o, src, lines, n, c, batch, err);
    }
    return rc;
}

bmp_status ledger_import_checked(bmp_ledger *l, const bmp_ledger_import_opts *o,
                                 const ledger_batch_src *src, const bmp_ledger_line *lines,
                                 size_t n, int64_t *batch, bmp_problems *probs, bmp_error *err)
{
    const char *file = src->file;
    bmp_problems local = {0};
    bmp_problems *pp = probs ? probs : &local;
    ledger_body b;
    if (batch)
        *batch = 0;
    /* options of an older, shorter struct: the fields it has */
    bmp_ledger_import_opts full = {0};
    memcpy(&full, o, o->size && o->size < sizeof full ? o->size : sizeof full);
    o = &full;
    bmp_status rc = ledger_body_get(l, o->body, &b, err);
    if (!rc && o->replaces && (!o->reason || !*o->reason))
        rc = go_on(src->preview, pp, pp->count,
                   bmp_error_set(err, BMP_EINVAL, "%s: a replacement needs a reason (NZ-44)",
                                 file), err);
    if (!rc)
        rc = ledger_import_texts(file, o->club, o->reason, err);
    if (rc)
        return rc;
    checked c = {.rv = calloc(n ? n : 1, sizeof *c.rv), .norm = calloc(n ? n : 1, sizeof *c.norm),
                 .hold = src->hold, .nhold = src->nhold};
    int64_t id = 0;
    bool writing = false;
    if (!c.rv || !c.norm)
        rc = bmp_error_oom(err);
    ledger_batch_src with_norm = *src;
    if (!rc) { /* the numbers normalised once (no store read) */
        normalise_numbers(&b, lines, n, &c);
        with_norm.norm = (const char (*)[16])c.norm;
    }
    /* A new batch (not a replacement) writes rows whose every key was read
     * or written inside its own transaction: the database's checks of them,
     * a parent's look-up a journal line, are left out (intake/README.md,
     * "The journal's foreign keys"); a replacement reverses or rejects
     * another batch, and is checked as any other write. */
    with_norm.unkeyed = !src->preview && !o->replaces && n >= UNKEYED_LINES;
    if (!rc) /* a preview reads, in one snapshot, and is rolled back */
        rc = src->preview ? lq_begin_read(l, err)
             : with_norm.unkeyed ? lq_begin_unkeyed(l, err) : lq_begin(l, err);
    if (!rc) {
        rc = check_and_write(l, &b, o, &with_norm, lines, n, &c, &id, &writing, pp, err);
        if (!rc && !src->preview)
            rc = lq_commit(l, err);
        if (rc || src->preview) { /* the register as read kept past a commit only */
            lq_rollback(l);
            ledger_players_forget(l);
        }
        if (rc && writing)
            rc = ledger_explain_lost_race(l, &b, o, file, src->hash, rc, err);
    }
    if (!rc && batch)
        *batch = id;
    for (size_t i = 0; c.why && i < n; i++)
        free(c.why[i]);
    free(c.why);
    free(c.rv);
    free(c.norm);
    bmp_problems_free(&local);
    return rc;
}

