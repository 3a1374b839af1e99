/* The chain's fold for many touched units of one table at once (chain.h,
 * issue 28: an opening images 100,000 players).  Unit by unit, each image
 * was a look-up of the row and a look-up of its last image; here the rows
 * are read in id ranges, one statement a range, and the last images in
 * one walk down the audit_row index, re-sought only where the walk would
 * skip many rows.  The images, digests and last images are exactly those
 * the unit-by-unit fold finds (test_ledger_chain compares both). */
#include <stdlib.h>
#include <string.h>

#include "core/buf.h"
#include "core/util.h"
#include "ledger/chain/chain.h"
#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"

/* ---- the rows: id ranges ---------------------------------------------------- */

/* A unit's key as an id, when it is one as the database writes it (digits,
 * no leading zero): such a key names the row with that id and no other. */
static bool key_id(const char *key, int64_t *id)
{
    size_t n = strlen(key);
    if (n == 0 || n > 18 || (n > 1 && key[0] == '0') || strspn(key, "0123456789") != n)
        return false;
    *id = strtoll(key, NULL, 10);
    return true;
}

typedef struct wanted {
    int64_t id;
    size_t unit;
} wanted;

static int wanted_cmp(const void *a, const void *b)
{
    const wanted *x = a, *y = b;
    return (x->id > y->id) - (x->id < y->id);
}

/* The rows of ids w[0].id .. w[n-1].id, one statement: each wanted id's
 * unit imaged (or absent: no row has that id). */
static bmp_status image_range(bmp_ledger *l, ledger_stmt *st, chain_unit *u, const wanted *w,
                              size_t n, bool *done, ledger_chain_row_fn row_image, bmp_error *err)
{
    lq_reset(l, st);
    bmp_status rc = lq_bind_int(l, st, 1, w[0].id, err);
    if (!rc)
        rc = lq_bind_int(l, st, 2, w[n - 1].id, err);
    int col = -1;
    size_t k = 0;
    bool row = true;
    core_buf img = {0};
    while (!rc && !(rc = lq_step(l, st, &row, err)) && row) {
        for (int c = 0; col < 0 && c < lq_col_count(l, st); c++)
            col = strcmp(lq_col_name(l, st, c), "id") == 0 ? c : col;
        int64_t id = col >= 0 ? lq_col_int(l, st, col) : 0;
        while (k < n && w[k].id < id)
            done[w[k++].unit] = true; /* no row: absent */
        if (k == n || w[k].id != id)
            continue;
        chain_unit *x = &u[w[k].unit];
        if (!row_image(l, st, &img, x->digest, &x->image))
            rc = bmp_error_oom(err);
        done[w[k++].unit] = true;
    }
    while (!rc && k < n)
        done[w[k++].unit] = true;
    core_buf_free(&img);
    return rc;
}

bmp_status ledger_chain_image_batch(bmp_ledger *l, chain_unit *u, size_t n, bool *done,
                                    ledger_chain_row_fn row_image, bmp_error *err)
{
    const ledger_chain_table *t = u[0].t;
    if (t->order || strcmp(t->key, "id") != 0)
        return BMP_OK; /* unit by unit */
    wanted *w = malloc(n * sizeof *w);
    if (!w)
        return bmp_error_oom(err);
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (key_id(u[i].key, &w[m].id))
            w[m++].unit = i;
    qsort(w, m, sizeof *w, wanted_cmp);
    char *sql = core_asprintf("SELECT * FROM %s WHERE id BETWEEN ?1 AND ?2 ORDER BY id", t->name);
    ledger_stmt *st = NULL;
    bmp_status rc = sql ? lq_prepare(l, sql, &st, err) : bmp_error_oom(err);
    free(sql);
    /* a range holds at most about twice the rows wanted from it: a sparse
     * set is read in short ranges, never a scan of what lies between */
    for (size_t i = 0, j; !rc && i < m; i = j) {
        for (j = i + 1; j < m && j - i < 4096 && w[j].id - w[i].id <= 2 * (int64_t)(j - i) + 16;)
            j++;
        rc = image_range(l, st, u, w + i, j - i, done, row_image, err);
    }
    if (st)
        lq_finalize(l, st);
    free(w);
    return rc;
}

/* ---- the last images: one walk down the index ------------------------------ */

/* The walk: audit_row's rows of one table from a key down, newest first
 * (the index (tbl, key, seq) read backwards), at most `window` rows a
 * statement (PostgreSQL sends a statement's whole result at once). */
typedef struct walk {
    bmp_ledger *l;
    ledger_stmt *st;
    const char *tbl;
    int64_t window;
    bool row;
} walk;

static bmp_status walk_step(walk *w, bmp_error *err) { return lq_step(w->l, w->st, &w->row, err); }

static bmp_status walk_seek(walk *w, const char *key, bmp_error *err)
{
    lq_reset(w->l, w->st);
    bmp_status rc = lq_bind_text(w->l, w->st, 1, w->tbl, err);
    if (!rc)
        rc = lq_bind_text(w->l, w->st, 2, key, err);
    if (!rc)
        rc = lq_bind_int(w->l, w->st, 3, w->window, err);
    return rc ? rc : walk_step(w, err);
}

static bmp_status take(walk *w, chain_last *last, bmp_error *err)
{
    bmp_ledger *l = w->l;
    last->found = true;
    last->seq = lq_col_int(l, w->st, 3);
    core_strlcpy(last->digest, lq_col_text(l, w->st, 1), sizeof last->digest);
    if (!lq_col_null(l, w->st, 2) && !(last->image = core_strdup(lq_col_text(l, w->st, 2))))
        return bmp_error_oom(err);
    return walk_step(w, err);
}

/* Unit u's last image: where the walk stands, or after skipping a few rows
 * of keys above it, else by a seek, which answers for certain (its first
 * row is the newest of the greatest key not above u's). */
static bmp_status walk_to(walk *w, const char *key, bool bytewise, bool *active,
                          chain_last *last, bmp_error *err)
{
    enum { SKIPS = 32 };
    for (int skips = 0;;) {
        if (!*active) {
            bmp_status rc = walk_seek(w, key, err);
            if (rc)
                return rc;
            *active = true;
            if (w->row && strcmp(lq_col_text(w->l, w->st, 0), key) == 0)
                return take(w, last, err);
            return BMP_OK;
        }
        int c = w->row ? strcmp(lq_col_text(w->l, w->st, 0), key) : -1;
        if (c == 0)
            return take(w, last, err);
        if (c > 0 && skips++ < SKIPS) { /* a key above: one done already, or not wanted */
            bmp_status rc = walk_step(w, err);
            if (rc)
                return rc;
            continue;
        }
        /* below the key: no image, when the walk's order is the keys' byte
         * order (SQLite's); PostgreSQL's collation may order keys otherwise */
        if (c < 0 && w->row && bytewise)
            return BMP_OK;
        if (w->row)
            w->window = 64; /* skipped too far: the keys wanted are sparse here */
        else if (w->window < 8192)
            w->window *= 2; /* the window ran out: they are dense */
        *active = false;
    }
}

bmp_status ledger_chain_last_batch(bmp_ledger *l, const chain_unit *u, size_t n, chain_last *last,
                                   bmp_error *err)
{
    static const char sql[] = "SELECT key, digest, image, seq FROM audit_row WHERE tbl = ?1 AND "
                              "key <= ?2 ORDER BY key DESC, seq DESC LIMIT ?3";
    walk w = {.l = l, .tbl = u[0].t->name, .window = 256};
    bool owned = false, active = false, bytewise = strcmp(lq_backend(l), "sqlite") == 0;
    bmp_status rc = lq_cached(l, sql, &w.st, &owned, err);
    for (size_t i = n; !rc && i-- > 0;) /* the keys sorted up, walked down */
        rc = walk_to(&w, u[i].key, bytewise, &active, &last[i], err);
    if (w.st)
        lq_release(l, w.st, owned);
    return rc;
}

/* ---- the images written: many rows a statement ------------------------------ */

enum { WRITE_ROWS = 32 }; /* rows an INSERT (7 values each: 224 parameters) */

/* The many-row INSERT is OR FAIL: a statement that may abort half-way
 * makes SQLite keep a copy of every page it first changes (a statement
 * journal) to undo its own rows; one that stops at a failing row keeps
 * none.  Nothing is lost: every writer rolls its whole transaction back
 * at an error, so no row of a failed statement outlives it (PostgreSQL:
 * the clause is dropped, pg_translate.c). */

static const char write_one[] = "INSERT INTO audit_row (seq, n, tbl, key, digest, image, change) "
                                "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)";

/* The INSERT of WRITE_ROWS rows. */
static char *write_sql(void)
{
    core_buf b = {0};
    core_buf_puts(&b, "INSERT OR FAIL INTO audit_row (seq, n, tbl, key, digest, image, change) VALUES ");
    for (int r = 0; r < WRITE_ROWS; r++) {
        int p = 7 * r;
        core_buf_printf(&b, "%s(?%d, ?%d, ?%d, ?%d, ?%d, ?%d, ?%d)", r ? ", " : "", p + 1, p + 2,
                        p + 3, p + 4, p + 5, p + 6, p + 7);
    }
    if (b.failed) {
        core_buf_free(&b);
        return NULL;
    }
    return core_buf_take(&b, NULL);
}

/* Bind unit u as the row n of seq at parameters base+1 .. base+7. */
static bmp_status bind_row(bmp_ledger *l, ledger_stmt *st, int base, int64_t seq, int64_t n,
                           const chain_unit *u, bmp_error *err)
{
    bmp_status rc = lq_bind_int(l, st, base + 1, seq, err);
    if (!rc)
        rc = lq_bind_int(l, st, base + 2, n, err);
    const char *text[5] = {u->t->name, u->key, u->digest, u->image, u->change ? u->change : ""};
    for (int k = 0; k < 5 && !rc; k++)
        rc = lq_bind_text(l, st, base + 3 + k, text[k], err);
    return rc;
}

bmp_status ledger_chain_write_rows(bmp_ledger *l, int64_t seq, const chain_unit *u, size_t n,
                                   ledger_stmt **many, bmp_error *err)
{
    bmp_status rc = BMP_OK;
    size_t i = 0;
    if (n >= WRITE_ROWS && !*many) {
        char *sql = write_sql();
        rc = sql ? lq_prepare(l, sql, many, err) : bmp_error_oom(err);
        free(sql);
    }
    for (; !rc && n - i >= WRITE_ROWS; i += WRITE_ROWS) {
        lq_reset(l, *many);
        for (int r = 0; r < WRITE_ROWS && !rc; r++)
            rc = bind_row(l, *many, 7 * r, seq, (int64_t)(i + (size_t)r) + 1, &u[i + (size_t)r],
                          err);
        if (!rc)
            rc = lq_step(l, *many, NULL, err);
    }
    if (*many)
        lq_reset(l, *many);
    for (; !rc && i < n; i++) {
        ledger_stmt *st = NULL;
        bool owned = false;
        rc = lq_cached(l, write_one, &st, &owned, err);
        if (!rc)
            rc = bind_row(l, st, 0, seq, (int64_t)i + 1, &u[i], err);
        if (!rc)
            rc = lq_step(l, st, NULL, err);
        if (st)
            lq_release(l, st, owned);
    }
    return rc;
}
