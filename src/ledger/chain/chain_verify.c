/* Verify replays the chain (chain.h, issue 27): each entry's rows_hash
 * against its images, then the latest image of every (table, key) against
 * the row or group now in the table.  A row the chain does not explain, a
 * unit the chain has and the table lacks, and a unit that differs are each
 * a problem naming the table and the key. */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "ledger/chain/chain.h"
#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"

/* The latest image of one (table, key).  The image text itself is kept
 * only where the replay needs it (a group's "rows=N", a player's before
 * the newest opening, CH-7); otherwise `dropped` and read again for the
 * one unit a problem describes: a million players' images are not held
 * for the few that differ (issue 46: 1.65 GB at a national size). */
typedef struct image_rec {
    const ledger_chain_table *t;
    char *key, *image;
    char digest[65];
    int64_t seq;
    bool seen, dropped;
} image_rec;

typedef struct replay {
    bmp_ledger *l;
    image_rec *recs;
    size_t n, cap;
    size_t *slot; /* (table, key) -> index + 1 into recs, open addressing */
    size_t nslot;
    int64_t carry_newest; /* the newest opening's entry (0: none) */
    bmp_problems *pp;
    size_t *bad;
} replay;

static int rec_cmp(const void *a, const void *b)
{
    const image_rec *x = a, *y = b;
    int c = strcmp(x->t->name, y->t->name);
    if (!c)
        c = strcmp(x->key, y->key);
    if (!c)
        c = x->seq < y->seq ? -1 : x->seq > y->seq;
    return c;
}

/* "batch_id 5" / "player_id 3, point_type mp": the key named. */
static void key_text(const ledger_chain_table *t, const char *key, char *out, size_t size)
{
    char cols[128], vals[256];
    snprintf(cols, sizeof cols, "%s", t->key);
    snprintf(vals, sizeof vals, "%s", key);
    out[0] = '\0';
    char *cs = NULL, *vs = NULL;
    char *c = strtok_r(cols, ", ", &cs);
    char *v = vals;
    for (int i = 0; c; i++, c = strtok_r(NULL, ", ", &cs)) {
        char *bar = v ? strchr(v, '|') : NULL;
        if (bar)
            *bar = '\0';
        size_t len = strlen(out);
        snprintf(out + len, size - len, "%s%s %s", i ? ", " : "", c, v ? v : "");
        v = bar ? bar + 1 : NULL;
    }
    (void)vs;
}

static void problem(replay *r, const ledger_chain_table *t, const char *key, const char *what)
{
    char k[300];
    key_text(t, key, k, sizeof k);
    problems_add(r->pp, "%s%s (%s): %s", t->name, t->order ? " rows" : "", k, what);
    (*r->bad)++;
}

/* Whether the image of a unit of t at entry seq is kept in memory. */
static bool keep_image(const replay *r, const ledger_chain_table *t, int64_t seq)
{
    return t->order || (strcmp(t->name, "player") == 0 && seq < r->carry_newest);
}

static size_t rec_hash(const ledger_chain_table *t, const char *key)
{
    size_t h = (size_t)(t - ledger_chain_tables) * 0x9e3779b97f4a7c15u + 1469598103934665603u;
    for (const unsigned char *p = (const unsigned char *)key; *p; p++)
        h = (h ^ *p) * 1099511628211u;
    return h;
}

/* The record of (t, key), added (key copied) when new; NULL: no memory. */
static image_rec *rec_upsert(replay *r, const ledger_chain_table *t, const char *key)
{
    if (2 * (r->n + 1) > r->nslot) { /* at most half full: rehash into twice the slots */
        size_t ns = r->nslot ? 2 * r->nslot : 1024, *sl = calloc(ns, sizeof *sl);
        if (!sl)
            return NULL;
        for (size_t i = 0; i < r->n; i++) {
            size_t j = rec_hash(r->recs[i].t, r->recs[i].key) & (ns - 1);
            while (sl[j])
                j = (j + 1) & (ns - 1);
            sl[j] = i + 1;
        }
        free(r->slot);
        r->slot = sl;
        r->nslot = ns;
    }
    size_t j = rec_hash(t, key) & (r->nslot - 1);
    for (; r->slot[j]; j = (j + 1) & (r->nslot - 1)) {
        image_rec *x = &r->recs[r->slot[j] - 1];
        if (x->t == t && strcmp(x->key, key) == 0)
            return x;
    }
    image_rec *v = core_grow(r->recs, &r->cap, r->n, sizeof *v);
    char *k = v ? core_strdup(key) : NULL;
    if (v)
        r->recs = v;
    if (!k)
        return NULL;
    r->slot[j] = r->n + 1;
    r->recs[r->n] = (image_rec){.t = t, .key = k};
    return &r->recs[r->n++];
}

/* Per entry: rows_hash recomputed from its images; each row image's
 * digest its SHA-256.  Keeps the latest image of each (table, key) for
 * the replay (the history is read once, in order, and not held). */
static bmp_status load_images(replay *r, bmp_error *err)
{
    bmp_ledger *l = r->l;
    ledger_stmt *st = NULL;
    bmp_status rc = lq_query(l, &st, err,
                             "SELECT r.seq, r.tbl, r.key, r.digest, r.image, a.rows_hash "
                             "FROM audit_row r LEFT JOIN audit a ON a.seq = r.seq "
                             "ORDER BY r.seq, r.n", NULL);
    crypto_hash_sha256_state h;
    int64_t cur = -1;
    char want[65] = "";
    bool row = true;
    while (!rc) {
        rc = lq_step(l, st, &row, err);
        int64_t seq = !rc && row ? lq_col_int(l, st, 0) : -2;
        if (cur >= 0 && seq != cur) {
            unsigned char bin[crypto_hash_sha256_BYTES];
            char got[65];
            crypto_hash_sha256_final(&h, bin);
            sodium_bin2hex(got, sizeof got, bin, sizeof bin);
            if (strcmp(got, want) != 0) {
                problems_add(r->pp, "audit %lld: its row images do not match its rows_hash "
                             "(an image was altered, added or removed)", (long long)cur);
                (*r->bad)++;
            }
        }
        if (rc || !row)
            break;
        if (seq != cur) {
            crypto_hash_sha256_init(&h);
            snprintf(want, sizeof want, "%s", lq_col_text(l, st, 5));
            cur = seq;
        }
        const ledger_chain_table *t = ledger_chain_table_of(lq_col_text(l, st, 1));
        ledger_chain_hash_line(&h, lq_col_text(l, st, 1), lq_col_text(l, st, 2),
                               lq_col_text(l, st, 3));
        if (!t)
            continue;
        image_rec *x = NULL;
        if (!(x = rec_upsert(r, t, lq_col_text(l, st, 2)))) {
            rc = bmp_error_oom(err);
            break;
        }
        bool null = lq_col_null(l, st, 4);
        const char *image = null ? NULL : lq_col_text(l, st, 4);
        free(x->image);
        x->seq = seq;
        x->dropped = image && !keep_image(r, t, seq);
        x->image = image && !x->dropped ? core_strdup(image) : NULL;
        snprintf(x->digest, sizeof x->digest, "%s", lq_col_text(l, st, 3));
        if (image && !x->dropped && !x->image)
            rc = bmp_error_oom(err);
        char hex[65];
        if (!rc && image && !t->order) {
            ledger_sha256_hex(image, strlen(image), hex);
            if (strcmp(hex, x->digest) != 0) {
                problems_add(r->pp, "audit %lld: the image of %s %s does not match its digest",
                             (long long)seq, t->name, x->key);
                (*r->bad)++;
            }
        }
    }
    lq_finalize(l, st);
    return rc;
}

/* The latest images in (table, key) order, for find(). */
static void latest_only(replay *r)
{
    if (r->n)
        qsort(r->recs, r->n, sizeof *r->recs, rec_cmp);
    free(r->slot);
    r->slot = NULL;
    r->nslot = 0;
}

/* A dropped image read again (the entry's row of that unit). */
static char *image_again(replay *r, const ledger_chain_table *t, const image_rec *x)
{
    ledger_stmt *st = NULL;
    bmp_error e = {0};
    bool row = false;
    char *image = NULL;
    if (!lq_query(r->l, &st, &e, "SELECT image FROM audit_row WHERE tbl = ?1 AND key = ?2 AND "
                  "seq = ?3", "ssi", t->name, x->key, x->seq) &&
        !lq_step(r->l, st, &row, &e) && row && !lq_col_null(r->l, st, 0))
        image = core_strdup(lq_col_text(r->l, st, 0));
    if (st)
        lq_finalize(r->l, st);
    return image;
}

/* A player's latest image with the carried rank of an opening entered
 * after it (docs/rulings.md CH-7): what the chain says the row is now.
 * The opening's rows come from its table, which its own group digest
 * checks (a changed carried rank is named there). */
static bmp_status carry_ranks(replay *r, bmp_error *err)
{
    ledger_carry *c = NULL;
    bmp_status rc = ledger_carry_load(r->l, &c, err);
    int64_t newest = rc ? 0 : ledger_carry_newest(c);
    for (size_t i = 0; !rc && newest && i < r->n; i++) {
        image_rec *x = &r->recs[i];
        if (strcmp(x->t->name, "player") != 0 || !x->image || x->seq >= newest)
            continue;
        ledger_carry_rank k;
        bool found = false;
        rc = ledger_carry_find(r->l, c, x->key, x->seq, true, &k, &found, err);
        char *img = !rc && found ? ledger_carry_apply(x->image, &k) : NULL;
        if (!rc && found && !img)
            rc = bmp_error_oom(err);
        if (!img)
            continue;
        free(x->image);
        x->image = img;
        ledger_sha256_hex(img, strlen(img), x->digest);
    }
    ledger_carry_free(c);
    return rc;
}

static image_rec *find(replay *r, const ledger_chain_table *t, const char *key)
{
    image_rec k = {.t = t, .key = (char *)key, .seq = INT64_MAX};
    size_t lo = 0, hi = r->n;
    while (lo < hi) { /* the first record not less than (t, key) */
        size_t mid = (lo + hi) / 2;
        image_rec probe = r->recs[mid];
        probe.seq = INT64_MAX;
        if (rec_cmp(&probe, &k) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < r->n && r->recs[lo].t == t && strcmp(r->recs[lo].key, key) == 0)
        return &r->recs[lo];
    return NULL;
}

/* Which columns differ between the chain's image and the row now. */
static void describe(replay *r, const ledger_chain_table *t, const char *key,
                     const image_rec *x, const char *image)
{
    char *again = x->dropped ? image_again(r, t, x) : NULL;
    const char *was = x->dropped ? again : x->image;
    char *d = was && !t->order ? ledger_chain_diff(was, image) : NULL;
    free(again);
    char *what = core_asprintf("differs from the audit chain (entry %lld%s%s%s)",
                               (long long)x->seq, t->order ? ": " : "",
                               t->order ? x->image : "", "");
    if (d && *d) {
        free(what);
        what = core_asprintf("differs from the audit chain (entry %lld): %s", (long long)x->seq,
                             d);
    } else if (t->order && what) {
        free(what);
        what = core_asprintf("differ from the audit chain (entry %lld: %s; now %s)",
                             (long long)x->seq, x->image ? x->image : "gone", image);
    }
    problem(r, t, key, what ? what : "differs from the audit chain");
    free(d);
    free(what);
}

static bmp_status check_unit(void *ctx, const ledger_chain_table *t, const char *key,
                             const char *digest, const char *image, bmp_error *err)
{
    (void)err;
    replay *r = ctx;
    image_rec *x = find(r, t, key);
    if (!x || strcmp(x->digest, "-") == 0) {
        problem(r, t, key, "not in the audit chain (written behind the program's back)");
        if (x)
            x->seen = true;
        return BMP_OK;
    }
    x->seen = true;
    if (strcmp(x->digest, digest) != 0)
        describe(r, t, key, x, image);
    return BMP_OK;
}

static void free_recs(replay *r)
{
    for (size_t i = 0; i < r->n; i++) {
        free(r->recs[i].key);
        free(r->recs[i].image);
    }
    free(r->recs);
    free(r->slot);
}

/* Before any image: a new ledger's tables hold only the bodies its
 * migrations wrote; a ledger older than migration 016 has its baseline
 * written by its next change (docs/rulings.md CH-1). */
static bmp_status no_images(replay *r, bmp_error *err)
{
    int64_t entries = 0;
    bool found = false;
    bmp_status rc = lq_int(r->l, &entries, &found, err, "SELECT count(*) FROM audit", NULL);
    for (size_t i = 0; !rc && !entries && i < ledger_chain_ntables; i++)
        if (strcmp(ledger_chain_tables[i].name, "body") != 0)
            rc = ledger_chain_scan(r->l, &ledger_chain_tables[i], check_unit, r, err);
    return rc;
}

/* An entry whose rows_hash names images that are all gone. */
static bmp_status entries_without_images(replay *r, bmp_error *err)
{
    ledger_stmt *st = NULL;
    bmp_status rc = lq_query(r->l, &st, err,
                             "SELECT a.seq FROM audit a WHERE a.rows_hash <> '' AND NOT EXISTS "
                             "(SELECT 1 FROM audit_row r WHERE r.seq = a.seq) ORDER BY a.seq",
                             NULL);
    bool row = true;
    while (!rc) {
        rc = lq_step(r->l, st, &row, err);
        if (rc || !row)
            break;
        problems_add(r->pp, "audit %lld: its row images are missing",
                     (long long)lq_col_int(r->l, st, 0));
        (*r->bad)++;
    }
    lq_finalize(r->l, st);
    return rc;
}

bmp_status ledger_chain_verify(bmp_ledger *l, bmp_problems *pp, size_t *bad, bmp_error *err)
{
    replay r = {.l = l, .pp = pp, .bad = bad};
    bool pending = false; /* a read-only handle does not re-image (rulings MG-18) */
    bmp_status rc = ledger_chain_upgrade_pending(l, &pending, err);
    if (!rc && pending) {
        problems_add(pp, "player: the audit chain imaged the players before migration 018 added "
                         "player.birth_year, so each reads \"birth_year: (none) -> NULL\"; open "
                         "the ledger writable once to re-image them (docs/rulings.md MG-18)");
        (*bad)++;
    }
    if (!rc)
        rc = entries_without_images(&r, err);
    ledger_carry *c = NULL; /* which player images the replay keeps (keep_image) */
    if (!rc && !(rc = ledger_carry_load(l, &c, err)))
        r.carry_newest = ledger_carry_newest(c);
    ledger_carry_free(c);
    if (!rc)
        rc = load_images(&r, err);
    if (!rc && !r.n) {
        rc = no_images(&r, err);
        free_recs(&r);
        return rc;
    }
    latest_only(&r);
    if (!rc)
        rc = carry_ranks(&r, err);
    for (size_t i = 0; i < ledger_chain_ntables && !rc; i++)
        rc = ledger_chain_scan(l, &ledger_chain_tables[i], check_unit, &r, err);
    for (size_t i = 0; i < r.n && !rc; i++) {
        image_rec *x = &r.recs[i];
        if (!x->seen && strcmp(x->digest, "-") != 0) {
            char what[96];
            snprintf(what, sizeof what, "in the audit chain (entry %lld) but missing from the table",
                     (long long)x->seq);
            problem(&r, x->t, x->key, what);
        }
    }
    free_recs(&r);
    return rc;
}
