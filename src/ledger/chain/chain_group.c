/* A group's digest made by its writer (chain.h, issue 46): the import
 * knows every value of the journal rows it writes, ids included, so the
 * audit entry need not read them back to digest them (4,100 instructions
 * a line, docs/performance.md "Issue 46: the import, second pass").  The
 * bytes are exactly those chain.c's group_row hashes from the rows read
 * back (docs/rulings.md CH-2, docs/ledger.md): the column names once,
 * '|'-separated, then per row each value but the group's key column
 * length-prefixed ("3:abc"), and a newline; test_ledger_chain compares
 * both.  Also the entry's rows_hash line (ledger_chain_hash_line). */
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "ledger/chain/chain.h"

struct ledger_group_hash {
    crypto_generichash_state g;
    size_t used, rows;
    unsigned char buf[8192]; /* the batch's one buffer: hashed when full */
};

static void flush(ledger_group_hash *h)
{
    crypto_generichash_update(&h->g, h->buf, h->used);
    h->used = 0;
}

/* Room for n more bytes (n at most the buffer). */
static unsigned char *room(ledger_group_hash *h, size_t n)
{
    if (h->used + n > sizeof h->buf)
        flush(h);
    return h->buf + h->used;
}

ledger_group_hash *ledger_group_begin(const char *names)
{
    ledger_group_hash *h = malloc(sizeof *h);
    if (!h)
        return NULL;
    crypto_generichash_init(&h->g, NULL, 0, 32);
    h->used = h->rows = 0;
    crypto_generichash_update(&h->g, (const unsigned char *)names, strlen(names));
    crypto_generichash_update(&h->g, (const unsigned char *)"\n", 1);
    return h;
}

/* The decimal digits of u, backwards from end; their count. */
static size_t digits_back(unsigned long long u, unsigned char *end)
{
    size_t n = 0;
    do
        *--end = (unsigned char)('0' + u % 10), n++;
    while ((u /= 10) != 0);
    return n;
}

void ledger_group_text(ledger_group_hash *h, const char *v, size_t len)
{
    unsigned char d[24];
    size_t nd = digits_back(len, d + sizeof d);
    if (len + nd + 1 > sizeof h->buf) { /* a long value goes on its own */
        unsigned char *p = room(h, nd + 1);
        memcpy(p, d + sizeof d - nd, nd);
        p[nd] = ':';
        h->used += nd + 1;
        flush(h);
        crypto_generichash_update(&h->g, (const unsigned char *)v, len);
        return;
    }
    unsigned char *p = room(h, nd + 1 + len);
    memcpy(p, d + sizeof d - nd, nd);
    p[nd] = ':';
    memcpy(p + nd + 1, v, len);
    h->used += nd + 1 + len;
}

void ledger_group_int(ledger_group_hash *h, int64_t v)
{
    unsigned char d[24];
    unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    size_t nd = digits_back(u, d + sizeof d);
    if (v < 0)
        d[sizeof d - ++nd] = '-';
    unsigned char *p = room(h, nd + 3);
    p[0] = (unsigned char)('0' + nd / 10 % 10); /* nd is 1..20: one or two digits */
    size_t at = nd >= 10;
    p[at] = (unsigned char)('0' + nd % 10);
    p[at + 1] = ':';
    memcpy(p + at + 2, d + sizeof d - nd, nd);
    h->used += at + 2 + nd;
}

void ledger_group_row_end(ledger_group_hash *h)
{
    *room(h, 1) = '\n';
    h->used++;
    h->rows++;
}

size_t ledger_group_rows(const ledger_group_hash *h) { return h->rows; }

void ledger_group_end(ledger_group_hash *h, char hex[65])
{
    unsigned char bin[32];
    flush(h);
    crypto_generichash_final(&h->g, bin, sizeof bin);
    sodium_bin2hex(hex, 65, bin, sizeof bin);
    free(h);
}

void ledger_group_free(ledger_group_hash *h) { free(h); }

void ledger_chain_hash_line(void *state, const char *table, const char *key, const char *digest)
{
    crypto_hash_sha256_state *h = state;
    size_t nt = strlen(table), nk = strlen(key), nd = strlen(digest);
    unsigned char line[256]; /* the same bytes in one update where they fit (issue 46) */
    if (nt + nk + nd + 3 <= sizeof line) {
        memcpy(line, table, nt);
        line[nt] = '\t';
        memcpy(line + nt + 1, key, nk);
        line[nt + 1 + nk] = '\t';
        memcpy(line + nt + nk + 2, digest, nd);
        line[nt + nk + nd + 2] = '\n';
        crypto_hash_sha256_update(h, line, nt + nk + nd + 3);
        return;
    }
    const char *parts[] = {table, "\t", key, "\t", digest, "\n"};
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
        crypto_hash_sha256_update(h, (const unsigned char *)parts[i], strlen(parts[i]));
}

/* ---- the given units -------------------------------------------------------- */

bmp_status ledger_chain_given_add(const ledger_chain_table *t, const char *key,
                                  const char digest[65], size_t rows, chain_unit **v, size_t *n,
                                  size_t *cap, bmp_error *err)
{
    if (!t || !t->order)
        return bmp_error_set(err, BMP_EINVAL, "internal: a given digest for a table not a group");
    chain_unit *u = core_grow(*v, cap, *n, sizeof *u);
    if (!u)
        return bmp_error_oom(err);
    *v = u;
    u = &(*v)[*n];
    *u = (chain_unit){.t = t, .key = core_strdup(key),
                      .image = core_asprintf("rows=%zu", rows), .given = true};
    memcpy(u->digest, digest, 65);
    (*n)++;
    return u->key && u->image ? BMP_OK : bmp_error_oom(err);
}

/* chain.c's order of the units (table, then key). */
static int unit_cmp(const void *a, const void *b)
{
    const chain_unit *x = a, *y = b;
    if (x->t != y->t)
        return x->t < y->t ? -1 : 1;
    return strcmp(x->key, y->key);
}

void ledger_chain_given_apply(chain_unit *u, size_t n, chain_unit *given, size_t *ngiven)
{
    for (size_t g = 0; g < *ngiven; g++) {
        chain_unit *x = &given[g];
        chain_unit *y = x->key && x->image ? bsearch(x, u, n, sizeof *u, unit_cmp) : NULL;
        if (!y) /* not touched: not in the entry */
            continue;
        memcpy(y->digest, x->digest, sizeof y->digest);
        free(y->image);
        y->image = x->image;
        x->image = NULL;
        y->given = true;
    }
    ledger_chain_given_free(given, ngiven);
}

void ledger_chain_given_free(chain_unit *given, size_t *ngiven)
{
    for (size_t g = 0; g < *ngiven; g++) {
        free(given[g].key);
        free(given[g].image);
    }
    *ngiven = 0;
}
