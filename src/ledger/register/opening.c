/* Opening balances from an old system (issue 28 item 2, docs/ledger.md
 * "Moving in", rulings MI-1..MI-3): each player's lifetime holdings per
 * point type, the rank held and the date reached, posted as one opening
 * batch that makes no promotion and no certificate; the carried rank is
 * the floor of every later close (opening_floor.c).  Once per player,
 * unless the file replaces an opening (reversed in the same transaction). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bridgemp/ledger_movein.h"
#include "core/util.h"
#include "ledger/register/opening.h"
#include "ledger/register/registry_internal.h"
#include "ledger/chain/chain.h"
#include "ledger/store/query.h"

/* Bounds of one carried holding: a journal line's (migration 011). */
#define OPENING_MAX_HUNDREDTHS INT64_C(100000000)

typedef struct oreg {
    const char *number;
    int64_t id;
    bmp_points pre82;
} oreg;

typedef struct oline {
    size_t line;
    const oreg *p;
    bmp_points pts[LEDGER_MAX_TYPES];
    ledger_rank rank;
    char date[16];
} oline;

typedef struct ofile {
    const ledger_body *b;
    const char *path;
    const char *types[LEDGER_MAX_TYPES];
    const bmp_point_type *defs[LEDGER_MAX_TYPES]; /* their units and rule IDs */
    size_t ntypes;
    int col_number, col_rank, col_date, col_type[LEDGER_MAX_TYPES];
    oreg *reg;          /* the register, sorted by number */
    size_t nreg;
    char **numbers;     /* the register's numbers (owned) */
    int64_t *opened;    /* players with a standing opening: pairs (player, batch), sorted */
    size_t nopened;
    oline *lines;
    size_t nlines;
    ledger_rank ranks[64]; /* the body's ranks, by ordinal */
    size_t nranks;
} ofile;

/* ---- the header ------------------------------------------------------------ */

static bmp_status header(const lcsv *c, ofile *f, bmp_error *err)
{
    f->col_number = f->col_rank = f->col_date = -1;
    for (size_t k = 0; k < f->ntypes; k++)
        f->col_type[k] = -1;
    char valid[256] = "number";
    for (size_t k = 0; k < f->ntypes; k++)
        snprintf(valid + strlen(valid), sizeof valid - strlen(valid), ",%s", f->types[k]);
    snprintf(valid + strlen(valid), sizeof valid - strlen(valid), ",rank,rank_date");
    const lcsv_row *h = &c->rows[0];
    for (size_t i = 0; i < h->n; i++) {
        int *slot = NULL;
        if (strcasecmp(h->f[i], "number") == 0)
            slot = &f->col_number;
        else if (strcasecmp(h->f[i], "rank") == 0)
            slot = &f->col_rank;
        else if (strcasecmp(h->f[i], "rank_date") == 0)
            slot = &f->col_date;
        for (size_t k = 0; !slot && k < f->ntypes; k++)
            if (strcasecmp(h->f[i], f->types[k]) == 0)
                slot = &f->col_type[k];
        if (!slot)
            return bmp_error_set(err, BMP_EPARSE, "%s:1: header: unknown column \"%s\"; the "
                                 "columns of a %s opening are %s", f->path, h->f[i], f->b->code,
                                 valid);
        if (*slot >= 0)
            return bmp_error_set(err, BMP_EPARSE, "%s:1: header: column %s twice", f->path,
                                 h->f[i]);
        *slot = (int)i;
    }
    if (f->col_number < 0 || f->col_rank < 0)
        return bmp_error_set(err, BMP_EPARSE, "%s:1: header: number and rank are required; the "
                             "columns of a %s opening are %s", f->path, f->b->code, valid);
    return BMP_OK;
}

/* ---- what the ledger holds ----------------------------------------------- */

static bool fill_reg(bmp_ledger *l, ledger_stmt *st, void *row, void *ctx)
{
    (void)ctx;
    oreg *r = row;
    r->number = core_strdup(lq_col_text(l, st, 0));
    r->id = lq_col_int(l, st, 1);
    r->pre82 = lq_col_int(l, st, 2);
    return r->number != NULL;
}

static int cmp_reg(const void *a, const void *b)
{
    return strcmp(((const oreg *)a)->number, ((const oreg *)b)->number);
}

static bool fill_pair(bmp_ledger *l, ledger_stmt *st, void *row, void *ctx)
{
    (void)ctx;
    int64_t *p = row;
    p[0] = lq_col_int(l, st, 0);
    p[1] = lq_col_int(l, st, 1);
    return true;
}

static int cmp_pair(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* The register by number and the players whose opening stands. */
static bmp_status load(bmp_ledger *l, ofile *f, bmp_error *err)
{
    bmp_status rc = lq_rows(l, &f->reg, &f->nreg, sizeof *f->reg, fill_reg, NULL, err,
                            "SELECT number, id, pre1982_red FROM player WHERE body_id = ?1", "i",
                            f->b->id);
    if (!rc && f->nreg)
        qsort(f->reg, f->nreg, sizeof *f->reg, cmp_reg);
    if (!rc)
        rc = lq_rows(l, &f->opened, &f->nopened, 2 * sizeof(int64_t), fill_pair, NULL, err,
                     "SELECT op.player_id, op.batch_id FROM opening_player op JOIN batch b ON "
                     "b.id = op.batch_id WHERE b.body_id = ?1 AND NOT EXISTS (SELECT 1 FROM "
                     "opening o WHERE o.replaces = op.batch_id)",
                     "i", f->b->id);
    if (!rc && f->nopened)
        qsort(f->opened, f->nopened, 2 * sizeof(int64_t), cmp_pair);
    return rc;
}

/* The opening batch a player's standing opening is in, or 0. */
static int64_t opened_in(const ofile *f, int64_t player)
{
    const int64_t *x = f->nopened ? bsearch(&player, f->opened, f->nopened, 2 * sizeof(int64_t),
                                            cmp_pair)
                                  : NULL;
    return x ? x[1] : 0;
}

/* ---- one line -------------------------------------------------------------- */

static bool date_ok(const char *s, const char *today)
{
    if (strlen(s) != 10 || s[4] != '-' || s[7] != '-')
        return false;
    for (int i = 0; i < 10; i++)
        if (i != 4 && i != 7 && !isdigit((unsigned char)s[i]))
            return false;
    int m = atoi(s + 5), d = atoi(s + 8);
    return m >= 1 && m <= 12 && d >= 1 && d <= 31 && strncmp(s, today, 10) <= 0;
}

/* MI-2: the carried rank is one the body has, not below the rank the
 * points earn; at that rank it takes the computed stars and name. */
static size_t rank_check(const ofile *f, oline *o, const char *text, const char *where,
                         bmp_problems *pp)
{
    ledger_rank earned;
    size_t k = 0;
    while (k < f->nranks && strcasecmp(f->ranks[k].name, text) != 0)
        k++;
    if (k < f->nranks)
        o->rank = f->ranks[k];
    else {
        char names[1024];
        ledger_rank_names(f->b->code, names, sizeof names);
        problems_add(pp, "%srank: \"%s\" is not a rank of %s; its ranks: %s", where, text,
                     f->b->code, names);
        return 1;
    }
    if (ledger_rank_of(f->b->code, o->pts, o->p ? o->p->pre82 : 0, NULL, &earned, NULL))
        return 0; /* a bad holding, already listed */
    if (earned.rank > o->rank.rank) {
        problems_add(pp, "%srank: %s is below %s, the rank these points earn: a close would "
                         "promote the player for points won before the opening (ruling MI-2); "
                         "give the rank the points earn", where, o->rank.name, earned.name);
        return 1;
    }
    if (earned.rank == o->rank.rank)
        o->rank = earned;
    return 0;
}

static size_t line_read(const lcsv *c, size_t r, const ofile *f, const char *today,
                        const char *where, oline *o, bmp_problems *pp)
{
    size_t bad = 0;
    char norm[16];
    bmp_error e = {0};
    const char *num = lcsv_get(c, r, f->col_number);
    if (ledger_number_check(f->b->code, num, norm, sizeof norm, &e)) {
        problems_add(pp, "%snumber: %s", where, e.msg);
        bad++;
    } else {
        oreg key = {.number = norm};
        o->p = f->nreg ? bsearch(&key, f->reg, f->nreg, sizeof *f->reg, cmp_reg) : NULL;
        if (!o->p) {
            problems_add(pp, "%snumber: no %s player %s in the register (import the register "
                             "first: ledger player import)", where, f->b->code, norm);
            bad++;
        }
    }
    for (size_t k = 0; k < f->ntypes; k++) {
        const char *t = lcsv_get(c, r, f->col_type[k]);
        if (*t && (!bmp_points_parse(t, &o->pts[k]) || o->pts[k] < 0 ||
                   o->pts[k] > OPENING_MAX_HUNDREDTHS)) {
            problems_add(pp, "%s%s: expected points from 0 to 1000000.00 such as 125.50, got "
                             "\"%s\"", where, f->types[k], t);
            bad++;
        } else if (*t && o->pts[k] % f->defs[k]->unit != 0) { /* ruling MI-7 */
            problems_add(pp, "%s%s: %s are recorded in whole points (%s), got \"%s\": an "
                             "opening carries the old system's total, never rounded (ruling "
                             "MI-7)", where, f->types[k], f->defs[k]->label, f->defs[k]->rule, t);
            bad++;
        }
    }
    const char *date = lcsv_get(c, r, f->col_date);
    snprintf(o->date, sizeof o->date, "%s", date);
    if (!bad)
        bad += rank_check(f, o, lcsv_get(c, r, f->col_rank), where, pp);
    if ((*date || o->rank.rank > 0) && !date_ok(date, today)) {
        problems_add(pp, "%srank_date: expected the date the rank was reached, yyyy-mm-dd and "
                         "not after %.10s, got \"%s\"", where, today, date);
        bad++;
    }
    return bad;
}

/* Every line read; a player twice in the file, or with a standing
 * opening the file does not replace, is refused by name. */
static size_t lines_read(bmp_ledger *l, const lcsv *c, ofile *f, int64_t replaces,
                         bmp_problems *pp)
{
    char today[40];
    ledger_now(l, today);
    size_t bad = 0;
    for (size_t i = 0; i < f->nlines; i++) {
        char where[600];
        oline *o = &f->lines[i];
        o->line = c->rows[i + 1].line;
        snprintf(where, sizeof where, "%s:%zu: ", f->path, o->line);
        bad += line_read(c, i + 1, f, today, where, o, pp);
        int64_t in = o->p ? opened_in(f, o->p->id) : 0;
        if (in && in != replaces) {
            problems_add(pp, "%splayer %s already has an opening balance (batch %lld): an "
                             "opening is once per player; give --replaces %lld --reason R to "
                             "replace that opening", where, o->p->number, (long long)in,
                             (long long)in);
            bad++;
        }
    }
    ledger_prow *keys = calloc(f->nlines ? f->nlines : 1, sizeof *keys);
    for (size_t i = 0; keys && i < f->nlines; i++) {
        keys[i].line = f->lines[i].line;
        if (f->lines[i].p)
            snprintf(keys[i].number, sizeof keys[i].number, "%s", f->lines[i].p->number);
    }
    if (keys)
        bad += ledger_number_duplicates(keys, f->nlines, f->path, pp);
    free(keys);
    return bad;
}

/* ---- the batch ------------------------------------------------------------- */

/* The batch row (posted at once: no close posts it, no promotion). */
static bmp_status batch_row(bmp_ledger *l, const ofile *f, const char *hash,
                            const bmp_ledger_opening_opts *o, int64_t nlines, int64_t *batch,
                            bmp_error *err)
{
    char at[40], bhash[65];
    bool found = false;
    char *seed = core_asprintf("opening %s replacing %lld", hash, (long long)o->replaces);
    if (!seed)
        return bmp_error_oom(err);
    ledger_sha256_hex(seed, strlen(seed), bhash);
    free(seed);
    ledger_now(l, at);
    return lq_int(l, batch, &found, err,
                  "INSERT INTO batch (body_id, source, file, event, event_date, content_hash, "
                  "state, reason, who, created_at, lines) VALUES (?1, 'adjustment', ?2, "
                  "'opening balance', '', ?3, 'posted', ?4, ?5, ?6, ?7) RETURNING id",
                  "isssssi", f->b->id, f->path, bhash, o->reason, l->who, at, nlines);
}

static const char *const opening_sql[] = {
    "INSERT INTO journal (batch_id, player_id, point_type, points, rule, event, contestant) "
    "VALUES (?1, ?2, ?3, ?4, 'MI-1', 'opening balance', '')",
    "INSERT INTO opening_player (batch_id, player_id, rank, stars, rank_name, rank_date, line) "
    "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)"};

/* Bind the values of one statement (integers, or text where t is set) and
 * run it; the statement is reset first. */
static bmp_status run_vals(bmp_ledger *l, ledger_stmt *st, int n, const int64_t *v,
                           const char *const *t, bmp_error *err)
{
    lq_reset(l, st);
    bmp_status rc = BMP_OK;
    for (int k = 0; k < n && !rc; k++)
        rc = t[k] ? lq_bind_text(l, st, k + 1, t[k], err)
                  : lq_bind_int(l, st, k + 1, v[k], err);
    return rc ? rc : lq_step(l, st, NULL, err);
}

/* One player's journal lines and opening row. */
static bmp_status player_write(bmp_ledger *l, const ofile *f, ledger_stmt **st, int64_t batch,
                               const oline *o, bmp_error *err)
{
    bmp_status rc = BMP_OK;
    int64_t id = o->p->id;
    for (size_t k = 0; k < f->ntypes && !rc; k++) {
        const char *tj[4] = {NULL, NULL, f->types[k], NULL};
        if (o->pts[k])
            rc = run_vals(l, st[0], 4, (int64_t[4]){batch, id, 0, o->pts[k]}, tj, err);
    }
    const char *to[7] = {NULL, NULL, NULL, NULL, o->rank.name, o->date, NULL};
    if (!rc)
        rc = run_vals(l, st[1], 7, (int64_t[7]){batch, id, o->rank.rank, o->rank.stars, 0, 0,
                                                 (int64_t)o->line}, to, err);
    return rc;
}

/* Each player's lines and opening row, then the holdings and the carried
 * ranks from them in one statement each (set-based: a national register
 * is two statements, not two per player; row by row upserts and updates
 * cost more, docs/performance.md). */
static bmp_status lines_write(bmp_ledger *l, const ofile *f, int64_t batch, bmp_error *err)
{
    ledger_stmt *st[2] = {NULL};
    bmp_status rc = BMP_OK;
    for (size_t k = 0; k < 2 && !rc; k++)
        rc = lq_prepare(l, opening_sql[k], &st[k], err);
    for (size_t i = 0; i < f->nlines && !rc; i++)
        rc = player_write(l, f, st, batch, &f->lines[i], err);
    for (size_t k = 0; k < 2; k++)
        if (st[k])
            lq_finalize(l, st[k]);
    /* the batch's rows read as the id range they span (written just now,
     * in one transaction: contiguous), in storage order, not one index
     * look-up a row; a player is once in an opening and has one line a
     * point type, so its lines need no GROUP BY (ledger_holdings_post's) */
    if (!rc)
        rc = lq_run(l, err,
                    "INSERT INTO holding (player_id, point_type, points) "
                    "SELECT player_id, point_type, points FROM journal WHERE id BETWEEN "
                    "(SELECT min(id) FROM journal WHERE batch_id = ?1) AND (SELECT max(id) FROM "
                    "journal WHERE batch_id = ?1) AND +batch_id = ?1 "
                    "ON CONFLICT (player_id, point_type) "
                    "DO UPDATE SET points = holding.points + excluded.points",
                    "i", batch);
    if (!rc)
        rc = lq_run(l, err,
                    "UPDATE player SET rank = o.rank, stars = o.stars, rank_name = o.rank_name "
                    "FROM opening_player o WHERE o.id BETWEEN (SELECT min(id) FROM opening_player "
                    "WHERE batch_id = ?1) AND (SELECT max(id) FROM opening_player WHERE batch_id "
                    "= ?1) AND +o.batch_id = ?1 AND player.id = o.player_id",
                    "i", batch);
    return rc;
}

/* The control totals per point type (overflow-checked) and their text. */
static bmp_status totals(bmp_ledger *l, const ofile *f, int64_t batch, int64_t *nlines,
                         char *text, size_t size, bmp_error *err)
{
    bmp_status rc = BMP_OK;
    *nlines = 0;
    text[0] = '\0';
    for (size_t k = 0; k < f->ntypes && !rc; k++) {
        int64_t sum = 0, n = 0;
        for (size_t i = 0; i < f->nlines; i++) {
            if (!f->lines[i].pts[k])
                continue;
            n++;
            if (__builtin_add_overflow(sum, f->lines[i].pts[k], &sum))
                return bmp_error_set(err, BMP_ERANGE, "opening: the %s total overflows",
                                     f->types[k]);
        }
        *nlines += n;
        if (!n)
            continue;
        char pts[32];
        bmp_points_format(sum, pts, sizeof pts);
        snprintf(text + strlen(text), size - strlen(text), "%s%s %s", text[0] ? ", " : "",
                 f->types[k], pts);
        if (batch)
            rc = lq_run(l, err, "INSERT INTO batch_total (batch_id, point_type, points, lines) "
                        "VALUES (?1, ?2, ?3, ?4)", "isii", batch, f->types[k], sum, n);
    }
    return rc;
}

/* The rows an opening wrote, for the audit chain (chain.h): the batch with
 * its lines and totals, the opening and its players' carried ranks.  Not
 * the players: their rank, stars and rank name are the carried rank of
 * their opening_player row, which the chain derives from that group
 * (docs/rulings.md CH-7; chain_carry.c), and nothing else of theirs
 * changed; holdings are derived too (verify recomputes them). */
static bmp_status opening_touch(bmp_ledger *l, int64_t id, bmp_error *err)
{
    bmp_status rc = ledger_touch_batch(l, id, err);
    if (!rc)
        rc = ledger_touch_id(l, "opening", id, err);
    if (!rc)
        rc = ledger_touch_id(l, "opening_player", id, err);
    return rc;
}

static bmp_status ledger_opening_write(bmp_ledger *l, const ofile *f, const char *hash,
                                       const bmp_ledger_opening_opts *o, int64_t *batch,
                                       bmp_error *err)
{
    int64_t id = 0, rev = 0, nlines = 0;
    char tot[512];
    bmp_status rc = totals(l, f, 0, &nlines, tot, sizeof tot, err);
    if (!rc)
        rc = lq_begin(l, err);
    if (rc)
        return rc;
    char *seed = o->replaces ? core_asprintf("opening reversal of %lld for %s",
                                             (long long)o->replaces, hash) : NULL;
    if (o->replaces) /* MI-3: the replaced opening reversed, posted at once */
        rc = seed ? ledger_reverse_now(l, o->replaces, seed, o->reason, &rev, err)
                  : bmp_error_oom(err);
    free(seed);
    if (!rc)
        rc = batch_row(l, f, hash, o, nlines, &id, err);
    if (!rc)
        rc = lq_run(l, err, "INSERT INTO opening (batch_id, reason, replaces, reversal) VALUES "
                    "(?1, ?2, nullif(?3, 0), nullif(?4, 0))", "isii", id, o->reason,
                    o->replaces, rev);
    if (!rc)
        rc = lines_write(l, f, id, err);
    if (!rc)
        rc = totals(l, f, id, &nlines, tot, sizeof tot, err);
    if (!rc)
        rc = opening_touch(l, id, err);
    char *d = NULL;
    if (!rc && o->replaces)
        d = core_asprintf("%s opening balances from %s: batch %lld, %zu players, %lld lines "
                          "(%s); replaces opening batch %lld (reversed by batch %lld): %s",
                          f->b->code, f->path, (long long)id, f->nlines, (long long)nlines,
                          tot, (long long)o->replaces, (long long)rev, o->reason);
    else if (!rc)
        d = core_asprintf("%s opening balances from %s: batch %lld, %zu players, %lld lines "
                          "(%s): %s", f->b->code, f->path, (long long)id, f->nlines,
                          (long long)nlines, tot, o->reason);
    if (!rc)
        rc = d ? ledger_audit(l, "opening", d, err) : bmp_error_oom(err);
    free(d);
    rc = ledger_tx_end(l, rc, err);
    if (!rc && batch)
        *batch = id;
    return rc;
}

static void ofile_free(ofile *f)
{
    for (size_t i = 0; i < f->nreg; i++)
        free((char *)f->reg[i].number);
    free(f->reg);
    free(f->opened);
    free(f->lines);
}

/* The replaced batch is a standing opening of the body. */
static bmp_status replaces_check(bmp_ledger *l, const ledger_body *b, int64_t id, bmp_error *err)
{
    int64_t n = 0;
    bool found = false;
    bmp_status rc = lq_int(l, &n, &found, err,
                           "SELECT count(*) FROM opening o JOIN batch b ON b.id = o.batch_id "
                           "WHERE o.batch_id = ?1 AND b.body_id = ?2 AND NOT EXISTS (SELECT 1 "
                           "FROM opening x WHERE x.replaces = o.batch_id)",
                           "ii", id, b->id);
    if (!rc && n == 0)
        rc = bmp_error_set(err, BMP_EINVAL, "--replaces %lld: not a standing %s opening batch "
                           "(an opening batch not already replaced)", (long long)id, b->code);
    return rc;
}

static bmp_status opening_run(bmp_ledger *l, ofile *f, const lcsv *c, const char *hash,
                              const bmp_ledger_opening_opts *o, int64_t *batch,
                              bmp_problems *pp, bmp_error *err)
{
    size_t before = pp->count;
    bmp_status rc = header(c, f, err);
    bmp_points zero[LEDGER_MAX_TYPES] = {0};
    ledger_rank none;
    if (!rc) /* a body without rank rules (ACBL, RI-4) has no rank to carry */
        rc = ledger_rank_of(f->b->code, zero, 0, NULL, &none, err);
    if (!rc && o->replaces)
        rc = replaces_check(l, f->b, o->replaces, err);
    if (!rc)
        rc = load(l, f, err);
    f->nlines = c->nrows - 1;
    if (!rc && !(f->lines = calloc(f->nlines ? f->nlines : 1, sizeof *f->lines)))
        rc = bmp_error_oom(err);
    if (!rc && lines_read(l, c, f, o->replaces, pp))
        rc = problems_fail(pp, pp->count - before, pp->msgs[before], BMP_EINVAL, err);
    if (!rc)
        rc = ledger_opening_write(l, f, hash, o, batch, err);
    return rc;
}

bmp_status bmp_ledger_opening(bmp_ledger *l, const char *path, const bmp_ledger_opening_opts *o,
                              int64_t *batch, size_t *players, bmp_problems *probs,
                              bmp_error *err)
{
    ledger_body b;
    lcsv c;
    bmp_problems local = {0};
    if (!o || !o->reason || !*o->reason)
        return bmp_error_set(err, BMP_EINVAL, "opening: a reason is required (--reason R)");
    bmp_status rc = ledger_body_get(l, o->body, &b, err);
    if (rc || (rc = ledger_read_csv(path, &c, err)))
        return rc;
    char *data = NULL, hash[65];
    size_t len = 0;
    if ((rc = core_read_file(path, &data, &len, err))) {
        lcsv_free(&c);
        return rc;
    }
    ledger_sha256_hex(data, len, hash);
    free(data);
    ofile f = {.b = &b, .path = path};
    f.ntypes = ledger_point_types(b.code, f.types);
    ledger_point_type_defs(b.code, f.defs);
    f.nranks = ledger_rank_list(b.code, f.ranks, 64);
    rc = opening_run(l, &f, &c, hash, o, batch, probs ? probs : &local, err);
    if (players)
        *players = rc ? 0 : f.nlines;
    ofile_free(&f);
    lcsv_free(&c);
    bmp_problems_free(&local);
    return rc;
}
