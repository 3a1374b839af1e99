/* The carried ranks of an opening in the chain (chain.h, docs/rulings.md
 * CH-7).  An opening sets each of its players' rank, stars and rank name
 * to the carried rank of its `opening_player` row, and nothing else of the
 * player; those rows are append-only and covered by the entry's group
 * digest, so the entry does not image the 100,000 player rows again.  The
 * chain's image of a player is therefore its last row image with the
 * carried rank of the latest opening entered after that image applied:
 * the fold compares a touched player with it (CH-3) and verify replays it. */
#include <stdlib.h>
#include <string.h>

#include "core/buf.h"
#include "core/util.h"
#include "ledger/chain/chain.h"
#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"

typedef struct carry_row {
    int64_t player;
    ledger_carry_rank r;
} carry_row;

typedef struct carry_opening {
    int64_t batch, seq; /* the opening's batch and the entry that wrote it */
    carry_row *rows;    /* its players, sorted (loaded on first use: bulk) */
    size_t n;
    bool loaded;
} carry_opening;

struct ledger_carry {
    carry_opening *v; /* newest entry first */
    size_t n;
};

static bool fill_opening(bmp_ledger *l, ledger_stmt *st, void *row, void *ctx)
{
    (void)ctx;
    carry_opening *o = row;
    o->batch = strtoll(lq_col_text(l, st, 0), NULL, 10);
    o->seq = lq_col_int(l, st, 1);
    return true;
}

static int opening_cmp(const void *a, const void *b)
{
    int64_t x = ((const carry_opening *)a)->seq, y = ((const carry_opening *)b)->seq;
    return (x < y) - (x > y); /* newest first */
}

bmp_status ledger_carry_load(bmp_ledger *l, ledger_carry **out, bmp_error *err)
{
    /* the entry that wrote an opening is the first to image its row (an
     * opening row is never changed: migration 018's triggers) */
    *out = calloc(1, sizeof **out);
    if (!*out)
        return bmp_error_oom(err);
    bmp_status rc = lq_rows(l, &(*out)->v, &(*out)->n, sizeof *(*out)->v, fill_opening, NULL,
                            err, "SELECT key, min(seq) FROM audit_row WHERE tbl = 'opening' "
                            "GROUP BY key", NULL);
    if (!rc && (*out)->n)
        qsort((*out)->v, (*out)->n, sizeof *(*out)->v, opening_cmp);
    return rc;
}

void ledger_carry_free(ledger_carry *c)
{
    if (!c)
        return;
    for (size_t i = 0; i < c->n; i++)
        free(c->v[i].rows);
    free(c->v);
    free(c);
}

int64_t ledger_carry_newest(const ledger_carry *c) { return c && c->n ? c->v[0].seq : 0; }

static bool fill_row(bmp_ledger *l, ledger_stmt *st, void *row, void *ctx)
{
    (void)ctx;
    carry_row *r = row;
    r->player = lq_col_int(l, st, 0);
    r->r.rank = lq_col_int(l, st, 1);
    r->r.stars = lq_col_int(l, st, 2);
    snprintf(r->r.name, sizeof r->r.name, "%s", lq_col_text(l, st, 3));
    return true;
}

static int row_cmp(const void *a, const void *b)
{
    int64_t x = ((const carry_row *)a)->player, y = ((const carry_row *)b)->player;
    return (x > y) - (x < y);
}

/* Opening o's row of the player: from its rows (bulk) or one look-up. */
static bmp_status opening_row(bmp_ledger *l, carry_opening *o, int64_t player, bool bulk,
                              ledger_carry_rank *r, bool *found, bmp_error *err)
{
    static const char one[] = "SELECT player_id, rank, stars, rank_name FROM opening_player "
                              "WHERE batch_id = ?1 AND player_id = ?2";
    *found = false;
    if (bulk && !o->loaded) {
        bmp_status rc = lq_rows(l, &o->rows, &o->n, sizeof *o->rows, fill_row, NULL, err,
                                "SELECT player_id, rank, stars, rank_name FROM opening_player "
                                "WHERE batch_id = ?1", "i", o->batch);
        if (rc)
            return rc;
        if (o->n)
            qsort(o->rows, o->n, sizeof *o->rows, row_cmp);
        o->loaded = true;
    }
    if (o->loaded) {
        carry_row key = {.player = player};
        const carry_row *x = o->n ? bsearch(&key, o->rows, o->n, sizeof *o->rows, row_cmp) : NULL;
        if (x)
            *r = x->r;
        *found = x != NULL;
        return BMP_OK;
    }
    ledger_stmt *st = NULL;
    bool owned = false, row = false;
    bmp_status rc = lq_cached(l, one, &st, &owned, err);
    if (!rc)
        rc = lq_bind_int(l, st, 1, o->batch, err);
    if (!rc)
        rc = lq_bind_int(l, st, 2, player, err);
    if (!rc)
        rc = lq_step(l, st, &row, err);
    if (!rc && row) {
        carry_row x;
        fill_row(l, st, &x, NULL);
        *r = x.r;
        *found = true;
    }
    if (st)
        lq_release(l, st, owned);
    return rc;
}

bmp_status ledger_carry_find(bmp_ledger *l, ledger_carry *c, const char *key, int64_t after,
                             bool bulk, ledger_carry_rank *r, bool *found, bmp_error *err)
{
    *found = false;
    char *end = NULL;
    int64_t player = strtoll(key, &end, 10);
    if (!*key || *end)
        return BMP_OK;
    bmp_status rc = BMP_OK;
    for (size_t i = 0; !rc && !*found && i < c->n && c->v[i].seq > after; i++)
        rc = opening_row(l, &c->v[i], player, bulk, r, found, err);
    return rc;
}

/* Append a value escaped as an image's (chain.c's put_value). */
static void put_escaped(core_buf *b, const char *v)
{
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

char *ledger_carry_apply(const char *image, const ledger_carry_rank *r)
{
    core_buf b = {0};
    for (const char *p = image; *p;) {
        /* one field "col=value": up to an unescaped '|' */
        const char *e = p;
        while (*e && *e != '|')
            e += e[0] == '\\' && e[1] ? 2 : 1;
        const char *eq = memchr(p, '=', (size_t)(e - p));
        size_t name = eq ? (size_t)(eq - p) : 0;
        char num[24];
        const char *with = NULL;
        if (name == 4 && memcmp(p, "rank", 4) == 0)
            snprintf(num, sizeof num, "%lld", (long long)r->rank), with = num;
        else if (name == 5 && memcmp(p, "stars", 5) == 0)
            snprintf(num, sizeof num, "%lld", (long long)r->stars), with = num;
        else if (name == 9 && memcmp(p, "rank_name", 9) == 0)
            with = r->name;
        if (with) {
            core_buf_append(&b, p, name + 1);
            put_escaped(&b, with);
        } else
            core_buf_append(&b, p, (size_t)(e - p));
        if (!*e)
            break;
        core_buf_append(&b, "|", 1);
        p = e + 1;
    }
    core_buf_append(&b, "", 0);
    if (b.failed || !b.data) {
        core_buf_free(&b);
        return NULL;
    }
    return core_buf_take(&b, NULL);
}

bmp_status ledger_carry_last(bmp_ledger *l, const chain_unit *u, size_t n, chain_last *last,
                             bmp_error *err)
{
    ledger_carry *c = NULL;
    bmp_status rc = ledger_carry_load(l, &c, err);
    int64_t newest = rc ? 0 : ledger_carry_newest(c);
    bool bulk = n >= 16; /* as the fold's batch (chain.c CHAIN_BATCH_MIN) */
    for (size_t i = 0; !rc && i < n; i++) {
        chain_last *x = &last[i];
        if (!x->found || !x->image || x->seq >= newest)
            continue;
        ledger_carry_rank r;
        bool found = false;
        rc = ledger_carry_find(l, c, u[i].key, x->seq, bulk, &r, &found, err);
        if (rc || !found)
            continue;
        char *img = ledger_carry_apply(x->image, &r);
        if (!img) {
            rc = bmp_error_oom(err);
            break;
        }
        free(x->image);
        x->image = img;
        ledger_sha256_hex(img, strlen(img), x->digest);
    }
    ledger_carry_free(c);
    return rc;
}
