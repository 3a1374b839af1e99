/* Every change an entry in the chain (chain.h): the units a transaction
 * touched, and at its audit entry their images: a row's canonical text and
 * its SHA-256, a group's digest, or the absence of a unit the chain had;
 * the entry's rows_hash covers them all (audit.c folds it into the hash). */
#include <sodium.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/buf.h"
#include "core/util.h"
#include "ledger/chain/chain.h"
#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"

struct ledger_chain {
    chain_unit *touched; /* keys only until the fold */
    size_t n, cap;
    int started; /* -1 not known yet, 0 no images in the chain, 1 some */
    ledger_stmt *img[64]; /* per registered table: its unit by key, prepared once */
    ledger_stmt *write;   /* audit_row rows, many a statement (chain_batch.c) */
    chain_unit *notes;    /* units of no table, imaged as given (ledger_chain_note) */
    size_t nnotes, notes_cap;
    chain_unit *given; /* units digested by their writer (ledger_chain_given) */
    size_t ngiven, given_cap;
};

static void units_free(struct ledger_chain *c)
{
    for (size_t i = 0; i < c->n; i++) {
        free(c->touched[i].key);
        free(c->touched[i].image);
        free(c->touched[i].change);
    }
    c->n = 0;
}

static void notes_free(struct ledger_chain *c)
{
    for (size_t i = 0; i < c->nnotes; i++) {
        free(c->notes[i].key);
        free(c->notes[i].image);
    }
    c->nnotes = 0;
    ledger_chain_given_free(c->given, &c->ngiven);
}

static void chain_free(bmp_ledger *l)
{
    if (!l->chain)
        return;
    units_free(l->chain);
    notes_free(l->chain);
    for (size_t i = 0; i < sizeof l->chain->img / sizeof l->chain->img[0]; i++)
        if (l->chain->img[i])
            lq_finalize(l, l->chain->img[i]);
    if (l->chain->write)
        lq_finalize(l, l->chain->write);
    free(l->chain->touched);
    free(l->chain->notes);
    free(l->chain->given);
    free(l->chain);
    l->chain = NULL;
}

void ledger_chain_free(bmp_ledger *l) { chain_free(l); }

void ledger_chain_reset(bmp_ledger *l)
{
    if (l->chain) {
        units_free(l->chain);
        notes_free(l->chain);
    }
}

static struct ledger_chain *chain_of(bmp_ledger *l)
{
    if (!l->chain) {
        l->chain = calloc(1, sizeof *l->chain);
        if (l->chain) {
            l->chain->started = -1;
            l->chain_free = chain_free;
        }
    }
    return l->chain;
}

static bmp_status add_unit(bmp_ledger *l, const ledger_chain_table *t, char *key,
                           bmp_error *err)
{
    struct ledger_chain *c = chain_of(l);
    chain_unit *u = c ? core_grow(c->touched, &c->cap, c->n, sizeof *u) : NULL;
    if (!u || !key) {
        free(key);
        return bmp_error_oom(err);
    }
    c->touched = u;
    c->touched[c->n++] = (chain_unit){.t = t, .key = key};
    return BMP_OK;
}

bmp_status ledger_chain_note(bmp_ledger *l, const ledger_chain_table *t, const char *key,
                             const char *image, bmp_error *err)
{
    struct ledger_chain *c = chain_of(l);
    chain_unit *u = c ? core_grow(c->notes, &c->notes_cap, c->nnotes, sizeof *u) : NULL;
    if (!u)
        return bmp_error_oom(err);
    c->notes = u;
    u = &c->notes[c->nnotes];
    *u = (chain_unit){.t = t, .key = core_strdup(key), .image = core_strdup(image)};
    if (u->key && u->image)
        ledger_sha256_hex(image, strlen(image), u->digest);
    c->nnotes++;
    return u->key && u->image ? BMP_OK : bmp_error_oom(err);
}

bmp_status ledger_chain_given_key(bmp_ledger *l, const char *table, const char *key,
                                  const char digest[65], size_t rows, bmp_error *err)
{
    struct ledger_chain *c = chain_of(l);
    return c ? ledger_chain_given_add(ledger_chain_table_of(table), key, digest, rows, &c->given,
                                      &c->ngiven, &c->given_cap, err)
             : bmp_error_oom(err);
}

/* The notes after the units the fold kept (the entry's last images). */
static bmp_status notes_last(struct ledger_chain *c, bmp_error *err)
{
    for (size_t i = 0; i < c->nnotes; i++) {
        chain_unit *u = core_grow(c->touched, &c->cap, c->n, sizeof *u);
        if (!u)
            return bmp_error_oom(err);
        c->touched = u;
        c->touched[c->n++] = c->notes[i];
    }
    c->nnotes = 0;
    return BMP_OK;
}

bmp_status ledger_touch(bmp_ledger *l, const char *table, const char *key, bmp_error *err)
{
    const ledger_chain_table *t = ledger_chain_table_of(table);
    if (!t)
        return bmp_error_set(err, BMP_EINVAL, "internal: table %s is not in the chain registry",
                             table);
    return add_unit(l, t, core_strdup(key), err);
}

bmp_status ledger_touch_id(bmp_ledger *l, const char *table, int64_t id, bmp_error *err)
{
    char k[32];
    snprintf(k, sizeof k, "%lld", (long long)id);
    return ledger_touch(l, table, k, err);
}

bmp_status ledger_touch_batch(bmp_ledger *l, int64_t batch, bmp_error *err)
{
    static const char *const by_batch[] = {"batch", "batch_total", "journal", "held",
                                           "batch_event"};
    bmp_status rc = BMP_OK;
    for (size_t i = 0; i < sizeof by_batch / sizeof by_batch[0] && !rc; i++)
        rc = ledger_touch_id(l, by_batch[i], batch, err);
    return rc;
}

/* A unit's digest: SHA-256 of a row's image, BLAKE2b-256 of a group's rows
 * (bulk: the journal lines of a batch; BLAKE2b hashes them several times
 * faster, docs/rulings.md CH-2). */
typedef struct unit_hash {
    bool group;
    crypto_hash_sha256_state s;
    crypto_generichash_state g;
} unit_hash;

static void uh_init(unit_hash *h, bool group)
{
    h->group = group;
    if (group)
        crypto_generichash_init(&h->g, NULL, 0, 32);
    else
        crypto_hash_sha256_init(&h->s);
}

static void uh_update(unit_hash *h, const void *p, size_t n)
{
    if (h->group)
        crypto_generichash_update(&h->g, p, n);
    else
        crypto_hash_sha256_update(&h->s, p, n);
}

static void uh_final(unit_hash *h, char hex[65])
{
    unsigned char bin[32];
    if (h->group)
        crypto_generichash_final(&h->g, bin, sizeof bin);
    else
        crypto_hash_sha256_final(&h->s, bin);
    sodium_bin2hex(hex, 65, bin, sizeof bin);
}

/* Append one value, escaped: '\\' '|' and newline, NULL as \N. */
static void put_value(core_buf *b, const char *v, bool null)
{
    if (null) {
        core_buf_append(b, "\\N", 2);
        return;
    }
    for (const char *p = v;;) {
        size_t n = strcspn(p, "\\|\n");
        core_buf_append(b, p, n);
        p += n;
        if (!*p)
            break;
        core_buf_append(b, *p == '\n' ? "\\n" : *p == '|' ? "\\|" : "\\\\", 2);
        p++;
    }
}

/* The image of the current row into b (emptied first): "col=value|..."
 * for a row of its own; a group's row is its values only ("1|2|x"), its
 * column names hashed once at the head of the group (group_row).  False:
 * no memory. */
static bool image_into(bmp_ledger *l, ledger_stmt *st, core_buf *b, bool names)
{
    core_buf_reset(b);
    int n = lq_col_count(l, st);
    for (int k = 0; k < n; k++) {
        if (k)
            core_buf_append(b, "|", 1);
        if (names) {
            core_buf_puts(b, lq_col_name(l, st, k));
            core_buf_append(b, "=", 1);
        }
        const char *v = lq_col_text(l, st, k); /* "" for NULL: then ask */
        put_value(b, v, !*v && lq_col_null(l, st, k));
    }
    core_buf_append(b, "", 0);
    return !b->failed && b->data;
}

/* One row of a group into its digest: the column names first, once
 * ("id|batch_id|...\n"), then per row each value length-prefixed
 * ("3:abc", "-" for NULL; unambiguous without escaping) and a newline,
 * gathered in a stack buffer (bulk rows: a hash call a row, not a value). */
static int key_indexes(bmp_ledger *l, ledger_stmt *st, const char *cols, int idx[4]);

static bool group_row(bmp_ledger *l, ledger_stmt *st, const ledger_chain_table *t, unit_hash *h,
                      core_buf *b, bool first, int *skip)
{
    int n = lq_col_count(l, st);
    if (first) { /* a one-column key is the group's: its rows need not repeat it */
        int idx[4];
        *skip = !strchr(t->key, ',') && key_indexes(l, st, t->key, idx) == 1 ? idx[0] : -1;
        core_buf_reset(b);
        for (int k = 0; k < n; k++) {
            core_buf_puts(b, k ? "|" : "");
            core_buf_puts(b, lq_col_name(l, st, k));
        }
        core_buf_append(b, "\n", 1);
        if (b->failed)
            return false;
        uh_update(h, b->data, b->len);
    }
    char buf[1024];
    size_t used = 0;
    for (int k = 0; k < n; k++) {
        if (k == *skip)
            continue;
        const char *v = lq_col_text(l, st, k);
        size_t len = strlen(v);
        if (used + len + 24 > sizeof buf) { /* flush; a long value goes on its own */
            uh_update(h, buf, used);
            used = 0;
        }
        if (!len && lq_col_null(l, st, k)) {
            buf[used++] = '-';
            continue;
        }
        char digits[24];
        size_t nd = 0;
        for (size_t x = len; nd == 0 || x; x /= 10)
            digits[nd++] = (char)('0' + x % 10);
        while (nd)
            buf[used++] = digits[--nd];
        buf[used++] = ':';
        if (len + 24 > sizeof buf) {
            uh_update(h, buf, used);
            uh_update(h, v, len);
            used = 0;
        } else {
            memcpy(buf + used, v, len);
            used += len;
        }
    }
    buf[used++] = '\n';
    uh_update(h, buf, used);
    return true;
}

char *ledger_chain_image(bmp_ledger *l, void *stmt)
{
    core_buf b = {0};
    char *s = image_into(l, stmt, &b, true) ? core_buf_take(&b, NULL) : NULL;
    core_buf_free(&b);
    return s;
}

static bool row_image(bmp_ledger *l, void *stmt, core_buf *b, char digest[65], char **image)
{
    if (!image_into(l, stmt, b, true))
        return false;
    unit_hash h;
    uh_init(&h, false);
    uh_update(&h, b->data, b->len);
    uh_final(&h, digest);
    free(*image);
    return (*image = core_strdup(b->data)) != NULL;
}

/* "a = ?1 AND b = ?2" for the key columns "a, b". */
static char *key_where(const char *cols)
{
    core_buf b = {0};
    char *copy = core_strdup(cols);
    int i = 0;
    for (char *save = NULL, *c = copy ? strtok_r(copy, ", ", &save) : NULL; c;
         c = strtok_r(NULL, ", ", &save)) {
        char part[96];
        snprintf(part, sizeof part, "%s%s = ?%d", i ? " AND " : "", c, i + 1);
        core_buf_puts(&b, part);
        i++;
    }
    free(copy);
    core_buf_puts(&b, "");
    if (b.failed || !copy) {
        core_buf_free(&b);
        return NULL;
    }
    return core_buf_take(&b, NULL);
}

/* Bind the '|'-separated key values of `key` (split in place in `buf`). */
static bmp_status bind_key(bmp_ledger *l, ledger_stmt *st, char *buf, bmp_error *err)
{
    int i = 1;
    bmp_status rc = BMP_OK;
    for (char *p = buf, *bar; p && !rc; p = bar ? bar + 1 : NULL, i++) {
        bar = strchr(p, '|');
        if (bar)
            *bar = '\0';
        rc = lq_bind_text(l, st, i, p, err);
    }
    return rc;
}

/* The unit now: its digest and image (image NULL: no such row or group). */
/* The statement selecting a unit of t by its key (prepared once a handle). */
static bmp_status unit_stmt(bmp_ledger *l, const ledger_chain_table *t, ledger_stmt **st,
                            bmp_error *err)
{
    size_t i = (size_t)(t - ledger_chain_tables);
    struct ledger_chain *c = l->chain;
    if (i < sizeof c->img / sizeof c->img[0] && c->img[i]) {
        *st = c->img[i];
        return BMP_OK;
    }
    char *where = key_where(t->key);
    char *sql = NULL;
    if (where && t->order && strcmp(t->order, "id") == 0 && !strchr(t->key, ','))
        /* a group in id order (the journal lines of a batch, written in one
         * transaction): read as the id range it spans, in storage order,
         * not one index look-up a row (a fifth of an import's time) */
        sql = core_asprintf("SELECT * FROM %s WHERE id BETWEEN (SELECT min(id) FROM %s WHERE "
                            "%s) AND (SELECT max(id) FROM %s WHERE %s) AND +%s = CAST(?1 AS "
                            "INTEGER) ORDER BY id",
                            t->name, t->name, where, t->name, where, t->key);
    else if (where)
        sql = core_asprintf("SELECT * FROM %s WHERE %s%s%s", t->name, where,
                            t->order ? " ORDER BY " : "", t->order ? t->order : "");
    free(where);
    bmp_status rc = sql ? lq_prepare(l, sql, st, err) : bmp_error_oom(err);
    free(sql);
    if (!rc && i < sizeof c->img / sizeof c->img[0])
        c->img[i] = *st;
    return rc;
}

static bmp_status image_unit(bmp_ledger *l, chain_unit *u, bmp_error *err)
{
    char *keybuf = core_strdup(u->key);
    ledger_stmt *st = NULL;
    bmp_status rc = keybuf ? unit_stmt(l, u->t, &st, err) : bmp_error_oom(err);
    bool cached = !rc && (size_t)(u->t - ledger_chain_tables) < sizeof l->chain->img /
                                                                   sizeof l->chain->img[0];
    if (!rc)
        rc = bind_key(l, st, keybuf, err);
    unit_hash h;
    int skip = -1;
    uh_init(&h, u->t->order != NULL);
    size_t rows = 0;
    bool row = true;
    core_buf img = {0};
    while (!rc) {
        rc = lq_step(l, st, &row, err);
        if (rc || !row)
            break;
        if (u->t->order ? !group_row(l, st, u->t, &h, &img, rows == 0, &skip)
                        : !image_into(l, st, &img, true)) {
            rc = bmp_error_oom(err);
            break;
        }
        if (!u->t->order)
            uh_update(&h, img.data, img.len);
        rows++;
        if (!u->t->order && !(u->image = core_strdup(img.data)))
            rc = bmp_error_oom(err);
    }
    core_buf_free(&img);
    if (st && cached)
        lq_reset(l, st);
    else if (st)
        lq_finalize(l, st);
    free(keybuf);
    char hex[65];
    uh_final(&h, hex);
    if (!rc && rows) {
        snprintf(u->digest, sizeof u->digest, "%s", hex);
        if (u->t->order)
            u->image = core_asprintf("rows=%zu", rows);
        if (!u->image)
            rc = bmp_error_oom(err);
    }
    return rc;
}

/* The chain's last digest and image of the unit (*found false: none). */
static bmp_status last_image(bmp_ledger *l, const chain_unit *u, char digest[65], char **image,
                             int64_t *seq, bool *found, bmp_error *err)
{
    /* an entry images a unit once (dedup), so the latest seq is the
     * latest image: the index (tbl, key, seq) answers in its own order,
     * with no sort a look-up */
    static const char sql[] = "SELECT digest, image, seq FROM audit_row WHERE tbl = ?1 AND key = ?2 "
                              "ORDER BY seq DESC LIMIT 1";
    ledger_stmt *st = NULL;
    bool owned = false;
    *found = false;
    *image = NULL;
    bmp_status rc = lq_cached(l, sql, &st, &owned, err);
    if (rc)
        return rc;
    rc = lq_bind_text(l, st, 1, u->t->name, err);
    if (!rc)
        rc = lq_bind_text(l, st, 2, u->key, err);
    if (!rc)
        rc = lq_step(l, st, found, err);
    if (!rc && *found) {
        snprintf(digest, 65, "%s", lq_col_text(l, st, 0));
        *seq = lq_col_int(l, st, 2);
        if (!lq_col_null(l, st, 1) && !(*image = core_strdup(lq_col_text(l, st, 1))))
            rc = bmp_error_oom(err);
    }
    lq_release(l, st, owned);
    return rc;
}

static int unit_cmp(const void *a, const void *b)
{
    const chain_unit *x = a, *y = b;
    if (x->t != y->t)
        return x->t < y->t ? -1 : 1;
    return strcmp(x->key, y->key);
}

/* Sort and drop repeated units (the first of equals is kept). */
static void dedup(struct ledger_chain *c)
{
    if (c->n == 0) /* nothing touched (a session's entry): qsort wants a non-NULL base */
        return;
    qsort(c->touched, c->n, sizeof *c->touched, unit_cmp);
    size_t w = 0;
    for (size_t r = 0; r < c->n; r++) {
        if (w && unit_cmp(&c->touched[w - 1], &c->touched[r]) == 0) {
            free(c->touched[r].key);
            continue;
        }
        c->touched[w++] = c->touched[r];
    }
    c->n = w;
}

/* The key text of the statement's current row: the values of the key
 * columns (their indexes in idx), '|'-separated. */
static char *row_key(bmp_ledger *l, ledger_stmt *st, const int *idx, int nk)
{
    core_buf b = {0};
    for (int i = 0; i < nk; i++) {
        core_buf_puts(&b, i ? "|" : "");
        core_buf_puts(&b, lq_col_text(l, st, idx[i]));
    }
    core_buf_puts(&b, "");
    if (b.failed) {
        core_buf_free(&b);
        return NULL;
    }
    return core_buf_take(&b, NULL);
}

/* Indexes of the key columns in the statement's result (nk of them). */
static int key_indexes(bmp_ledger *l, ledger_stmt *st, const char *cols, int idx[4])
{
    int nk = 0;
    char copy[128];
    snprintf(copy, sizeof copy, "%s", cols);
    for (char *save = NULL, *c = strtok_r(copy, ", ", &save); c && nk < 4;
         c = strtok_r(NULL, ", ", &save))
        for (int k = 0; k < lq_col_count(l, st); k++)
            if (strcmp(lq_col_name(l, st, k), c) == 0)
                idx[nk++] = k;
    return nk;
}

typedef struct scan_state {
    ledger_chain_scan_fn fn;
    void *ctx;
    chain_unit u; /* the unit being digested */
    unit_hash h;
    size_t rows;
} scan_state;

static bmp_status scan_emit(scan_state *s, bmp_error *err)
{
    if (!s->u.key)
        return BMP_OK;
    uh_final(&s->h, s->u.digest);
    if (s->u.t->order && !(s->u.image = core_asprintf("rows=%zu", s->rows)))
        return bmp_error_oom(err);
    bmp_status rc = s->fn(s->ctx, s->u.t, s->u.key, s->u.digest, s->u.image, err);
    free(s->u.key);
    free(s->u.image);
    s->u.key = s->u.image = NULL;
    return rc;
}

bmp_status ledger_chain_scan(bmp_ledger *l, const ledger_chain_table *t, ledger_chain_scan_fn fn,
                             void *ctx, bmp_error *err)
{
    char *sql = core_asprintf("SELECT * FROM %s ORDER BY %s%s%s", t->name, t->key,
                              t->order ? ", " : "", t->order ? t->order : "");
    ledger_stmt *st = NULL;
    bmp_status rc = sql ? lq_prepare(l, sql, &st, err) : bmp_error_oom(err);
    free(sql);
    scan_state s = {.fn = fn, .ctx = ctx, .u = {.t = t}};
    core_buf img = {0};
    int skip = -1;
    int idx[4], nk = 0;
    bool row = true;
    while (!rc) {
        rc = lq_step(l, st, &row, err);
        if (rc || !row)
            break;
        if (!nk && (nk = key_indexes(l, st, t->key, idx)) == 0) {
            rc = bmp_error_set(err, BMP_EIO, "internal: %s has no column %s", t->name, t->key);
            break;
        }
        char *key = row_key(l, st, idx, nk);
        if (!key) {
            free(key);
            rc = bmp_error_oom(err);
            break;
        }
        if (!s.u.key || strcmp(s.u.key, key) != 0 || !t->order) {
            rc = scan_emit(&s, err);
            s.u.key = key;
            s.rows = 0;
            uh_init(&s.h, t->order != NULL);
        } else
            free(key);
        if (t->order ? !group_row(l, st, t, &s.h, &img, s.rows == 0, &skip)
                     : !image_into(l, st, &img, true)) {
            rc = bmp_error_oom(err);
            break;
        }
        if (!t->order)
            uh_update(&s.h, img.data, img.len);
        s.rows++;
        if (!t->order && !(s.u.image = core_strdup(img.data)))
            rc = bmp_error_oom(err);
    }
    core_buf_free(&img);
    if (!rc)
        rc = scan_emit(&s, err);
    free(s.u.key);
    free(s.u.image);
    if (st)
        lq_finalize(l, st);
    return rc;
}

/* The baseline: every unit of every table (the chain had no images). */
static bmp_status baseline_add(void *ctx, const ledger_chain_table *t, const char *key,
                               const char *digest, const char *image, bmp_error *err)
{
    bmp_ledger *l = ctx;
    bmp_status rc = add_unit(l, t, core_strdup(key), err);
    if (rc)
        return rc;
    chain_unit *u = &l->chain->touched[l->chain->n - 1];
    snprintf(u->digest, sizeof u->digest, "%s", digest);
    if (image && !(u->image = core_strdup(image)))
        return bmp_error_oom(err);
    return BMP_OK;
}

static bmp_status chain_started(bmp_ledger *l, struct ledger_chain *c, bmp_error *err)
{
    int64_t one = 0;
    bool found = false;
    bmp_status rc = lq_int(l, &one, &found, err, "SELECT 1 FROM audit_row LIMIT 1", NULL);
    if (!rc)
        c->started = found;
    return rc;
}

/* Whether a unit imaged goes into the entry: not when the chain already
 * has this image (or never had the unit and it is absent); marked gone
 * ("-") when the chain had it and it is absent; a changed row of a
 * register says what changed. */
static bmp_status decide(chain_unit *u, const chain_last *last, bool *keep, bmp_error *err)
{
    if (!u->image) {
        *keep = last->found && strcmp(last->digest, "-") != 0;
        snprintf(u->digest, sizeof u->digest, "-");
        return BMP_OK;
    }
    *keep = !last->found || strcmp(last->digest, u->digest) != 0;
    if (*keep && u->t->diff && last->image && !(u->change = ledger_chain_diff(last->image,
                                                                               u->image)))
        return bmp_error_oom(err);
    return BMP_OK;
}

/* From this many units of one table, they are imaged together (chain_batch.c). */
enum { CHAIN_BATCH_MIN = 16 };

/* Image the units u[0..n) of one table and their last images. */
static bmp_status fold_run(bmp_ledger *l, chain_unit *u, size_t n, bool *keep, bmp_error *err)
{
    bool batch = n >= CHAIN_BATCH_MIN;
    bool *done = calloc(n, sizeof *done);
    chain_last *last = calloc(n, sizeof *last);
    bmp_status rc = done && last ? BMP_OK : bmp_error_oom(err);
    if (!rc && batch)
        rc = ledger_chain_image_batch(l, u, n, done, row_image, err);
    for (size_t i = 0; !rc && i < n; i++)
        if (!done[i] && !u[i].given)
            rc = image_unit(l, &u[i], err);
    if (!rc && batch)
        rc = ledger_chain_last_batch(l, u, n, last, err);
    for (size_t i = 0; !rc && !batch && i < n; i++)
        rc = last_image(l, &u[i], last[i].digest, &last[i].image, &last[i].seq, &last[i].found,
                        err);
    if (!rc && strcmp(u[0].t->name, "player") == 0) /* an opening's carried ranks (CH-7) */
        rc = ledger_carry_last(l, u, n, last, err);
    for (size_t i = 0; !rc && i < n; i++)
        rc = decide(&u[i], &last[i], &keep[i], err);
    for (size_t i = 0; last && i < n; i++)
        free(last[i].image);
    free(last);
    free(done);
    return rc;
}

/* Image every touched unit, table by table; keep those the entry carries. */
static bmp_status fold_touched(bmp_ledger *l, struct ledger_chain *c, bmp_error *err)
{
    dedup(c);
    if (c->ngiven && c->n) /* their digests as their writers made them */
        ledger_chain_given_apply(c->touched, c->n, c->given, &c->ngiven);
    bool *keep = calloc(c->n ? c->n : 1, sizeof *keep);
    bmp_status rc = keep ? BMP_OK : bmp_error_oom(err);
    for (size_t i = 0, j; !rc && i < c->n; i = j) {
        for (j = i + 1; j < c->n && c->touched[j].t == c->touched[i].t;)
            j++;
        rc = fold_run(l, c->touched + i, j - i, keep + i, err);
    }
    size_t w = 0;
    for (size_t r = 0; !rc && r < c->n; r++) {
        if (keep[r]) {
            c->touched[w++] = c->touched[r];
            continue;
        }
        free(c->touched[r].key);
        free(c->touched[r].image);
        free(c->touched[r].change);
    }
    if (!rc)
        c->n = w;
    free(keep);
    return rc;
}

bmp_status ledger_chain_fold(bmp_ledger *l, int64_t seq, char rows_hash[65], bmp_error *err)
{
    (void)seq;
    rows_hash[0] = '\0';
    struct ledger_chain *c = chain_of(l);
    if (!c)
        return bmp_error_oom(err);
    bmp_status rc = chain_started(l, c, err);
    if (!rc && !c->started) { /* the baseline (docs/rulings.md CH-1) */
        units_free(c);
        for (size_t i = 0; i < ledger_chain_ntables && !rc; i++)
            rc = ledger_chain_scan(l, &ledger_chain_tables[i], baseline_add, l, err);
    } else if (!rc)
        rc = fold_touched(l, c, err);
    ledger_chain_given_free(c->given, &c->ngiven); /* applied, or the baseline read all */
    if (!rc)
        rc = notes_last(c, err);
    if (rc) {
        units_free(c);
        return rc;
    }
    if (!c->n)
        return BMP_OK;
    crypto_hash_sha256_state h;
    crypto_hash_sha256_init(&h);
    for (size_t i = 0; i < c->n; i++)
        ledger_chain_hash_line(&h, c->touched[i].t->name, c->touched[i].key,
                               c->touched[i].digest);
    unsigned char bin[crypto_hash_sha256_BYTES];
    crypto_hash_sha256_final(&h, bin);
    sodium_bin2hex(rows_hash, 65, bin, sizeof bin);
    return BMP_OK;
}

bmp_status ledger_chain_write(bmp_ledger *l, int64_t seq, bmp_error *err)
{
    struct ledger_chain *c = l->chain;
    bmp_status rc = c ? ledger_chain_write_rows(l, seq, c->touched, c->n, &c->write, err) : BMP_OK;
    if (c)
        units_free(c);
    return rc;
}

bmp_status ledger_touch_where(bmp_ledger *l, const char *table, const char *where,
                              bmp_error *err, const char *fmt, ...)
{
    const ledger_chain_table *t = ledger_chain_table_of(table);
    if (!t)
        return bmp_error_set(err, BMP_EINVAL, "internal: table %s is not in the chain registry",
                             table);
    char *sql = core_asprintf("SELECT DISTINCT %s FROM %s WHERE %s", t->key, table, where);
    ledger_stmt *st = NULL;
    bmp_status rc = sql ? lq_prepare(l, sql, &st, err) : bmp_error_oom(err);
    free(sql);
    if (rc)
        return rc;
    va_list ap;
    va_start(ap, fmt);
    rc = lq_bind(l, st, fmt, ap, err);
    va_end(ap);
    int idx[4], nk = 0;
    bool row = true;
    while (!rc) {
        rc = lq_step(l, st, &row, err);
        if (rc || !row)
            break;
        if (!nk)
            nk = key_indexes(l, st, t->key, idx);
        rc = add_unit(l, t, row_key(l, st, idx, nk), err);
    }
    lq_finalize(l, st);
    return rc;
}

bmp_status ledger_touch_run(bmp_ledger *l, int64_t run, bmp_error *err)
{
    bmp_status rc = ledger_touch_id(l, "charge_run", run, err);
    if (!rc)
        rc = ledger_touch_id(l, "charge", run, err);
    if (!rc)
        rc = ledger_touch_where(l, "levy_gate", "run_id = ?1", err, "i", run);
    if (!rc)
        rc = ledger_touch_where(l, "overdue_quarter",
                                "charge_id IN (SELECT id FROM charge WHERE run_id = ?1)", err, "i",
                                run);
    return rc;
}
