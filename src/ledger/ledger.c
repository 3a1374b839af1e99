/* The ledger handle: close, query helpers, bodies, the hash-chained
 * audit log and the problem list (its open: ledger_open.c). */
#include <sodium.h>
#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>

#include "core/util.h"
#include "ledger/body_ops.h"
#include "ledger/ledger_internal.h"

void bmp_ledger_close(bmp_ledger *l)
{
    if (!l)
        return;
    for (size_t i = 0; i < sizeof l->cache / sizeof l->cache[0]; i++)
        l->ops->finalize(l->cache[i].st);
    if (l->chain_free) /* set by chain.c (issue 27) */
        l->chain_free(l);
    l->ops->close(l->s);
    free(l);
}

bmp_status bmp_ledger_snapshot_begin(bmp_ledger *l, bmp_error *err)
{
    return l->ops->begin_read ? l->ops->begin_read(l->s, err) : BMP_OK;
}

void bmp_ledger_snapshot_end(bmp_ledger *l)
{
    if (l->ops->begin_read)
        l->ops->rollback(l->s);
}

int bmp_ledger_schema_version(bmp_ledger *l) { return l->ops->schema_version(l->s); }
const char *bmp_ledger_backend(const bmp_ledger *l) { return l->ops->name; }
int bmp_ledger_schema_latest(void) { return ledger_store_sqlite.schema_latest(); }

void ledger_now(const bmp_ledger *l, char buf[40])
{
    if (l->now[0]) {
        snprintf(buf, 40, "%s", l->now);
        return;
    }
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(buf, 40, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* ---- query helpers ------------------------------------------------------ */

bmp_status lq_bind(bmp_ledger *l, ledger_stmt *st, const char *fmt, va_list ap, bmp_error *err)
{
    for (int i = 0; fmt && fmt[i]; i++) {
        bmp_status rc = fmt[i] == 'i' ? l->ops->bind_int(st, i + 1, va_arg(ap, int64_t), err)
                                      : l->ops->bind_text(st, i + 1, va_arg(ap, const char *), err);
        if (rc)
            return rc;
    }
    return BMP_OK;
}

bmp_status lq_query(bmp_ledger *l, ledger_stmt **st, bmp_error *err, const char *sql,
                    const char *fmt, ...)
{
    bmp_status rc = l->ops->prepare(l->s, sql, st, err);
    if (rc)
        return rc;
    va_list ap;
    va_start(ap, fmt);
    rc = lq_bind(l, *st, fmt, ap, err);
    va_end(ap);
    if (rc) {
        l->ops->finalize(*st);
        *st = NULL;
    }
    return rc;
}

/* The cached statement for a SQL literal (prepared on first use); a full
 * cache falls back to a statement of the caller's (*owned true). */
bmp_status lq_cached(bmp_ledger *l, const char *sql, ledger_stmt **st, bool *owned,
                     bmp_error *err)
{
    size_t n = sizeof l->cache / sizeof l->cache[0];
    size_t i = ((uintptr_t)sql >> 3) % n;
    for (size_t k = 0; k < n; k++, i = (i + 1) % n) {
        if (l->cache[i].sql == sql) {
            *st = l->cache[i].st;
            *owned = false;
            return BMP_OK;
        }
        if (!l->cache[i].sql) {
            bmp_status rc = l->ops->prepare(l->s, sql, st, err);
            if (!rc) {
                l->cache[i].sql = sql;
                l->cache[i].st = *st;
                *owned = false;
            }
            return rc;
        }
    }
    *owned = true;
    return l->ops->prepare(l->s, sql, st, err);
}

void lq_release(bmp_ledger *l, ledger_stmt *st, bool owned)
{
    if (owned)
        l->ops->finalize(st);
    else
        l->ops->reset(st);
}

bmp_status lq_run(bmp_ledger *l, bmp_error *err, const char *sql, const char *fmt, ...)
{
    ledger_stmt *st = NULL;
    bool owned = false;
    bmp_status rc = lq_cached(l, sql, &st, &owned, err);
    if (rc)
        return rc;
    va_list ap;
    va_start(ap, fmt);
    rc = lq_bind(l, st, fmt, ap, err);
    va_end(ap);
    if (!rc)
        rc = l->ops->step(st, NULL, err);
    lq_release(l, st, owned);
    return rc;
}

bmp_status lq_int(bmp_ledger *l, int64_t *out, bool *found, bmp_error *err, const char *sql,
                  const char *fmt, ...)
{
    ledger_stmt *st = NULL;
    bool owned = false;
    bmp_status rc = lq_cached(l, sql, &st, &owned, err);
    if (rc)
        return rc;
    va_list ap;
    va_start(ap, fmt);
    rc = lq_bind(l, st, fmt, ap, err);
    va_end(ap);
    bool row = false;
    if (!rc)
        rc = l->ops->step(st, &row, err);
    if (!rc && row)
        *out = l->ops->col_int(st, 0);
    if (found)
        *found = !rc && row;
    lq_release(l, st, owned);
    return rc;
}

bmp_status ledger_body_get(bmp_ledger *l, const char *code, ledger_body *b, bmp_error *err)
{
    memset(b, 0, sizeof *b);
    char list[64];
    if (!code || !*code)
        return bmp_error_set(err, BMP_EINVAL, "no body given (expected %s)",
                             ledger_body_codes(list, sizeof list));
    /* the body's facts are its table's (body_ops.h), found once here; the
     * row gives its id ("nz" names "nzb") */
    const ledger_body_ops *ops = ledger_body_ops_find(code);
    if (!ops)
        return bmp_error_set(err, BMP_ENOTFOUND, "unknown body \"%s\" (expected %s)", code,
                             ledger_body_codes(list, sizeof list));
    const char *lower = ops->code;
    if (l->body.id && strcmp(l->body.code, lower) == 0) {
        *b = l->body;
        return BMP_OK;
    }
    ledger_stmt *st = NULL;
    bool owned = false;
    static const char sql[] = "SELECT id, code FROM body WHERE code = ?1";
    bmp_status rc = lq_cached(l, sql, &st, &owned, err);
    if (!rc)
        rc = l->ops->bind_text(st, 1, lower, err);
    if (rc) {
        if (st)
            lq_release(l, st, owned);
        return rc;
    }
    bool row = false;
    rc = l->ops->step(st, &row, err);
    if (!rc && !row)
        rc = bmp_error_set(err, BMP_ENOTFOUND, "unknown body \"%s\" (expected %s)", code,
                           ledger_body_codes(list, sizeof list));
    if (!rc) {
        b->id = l->ops->col_int(st, 0);
        snprintf(b->code, sizeof b->code, "%s", l->ops->col_text(st, 1));
        b->ops = ops;
        l->body = *b;
    }
    lq_release(l, st, owned);
    return rc;
}

/* ---- hashes and the audit chain ----------------------------------------- */

void ledger_sha256_hex(const void *data, size_t len, char hex[65])
{
    unsigned char h[crypto_hash_sha256_BYTES];
    crypto_hash_sha256(h, data, len);
    sodium_bin2hex(hex, 65, h, sizeof h);
}

void ledger_audit_hash(const char *prev, int64_t seq, const char *at, const char *who,
                       const char *action, const char *detail, char hex[65])
{
    ledger_audit_hash_rows(prev, seq, at, who, action, detail, "", hex);
}

void ledger_audit_hash_rows(const char *prev, int64_t seq, const char *at, const char *who,
                            const char *action, const char *detail, const char *rows,
                            char hex[65])
{
    crypto_hash_sha256_state s;
    unsigned char h[crypto_hash_sha256_BYTES];
    char num[32];
    snprintf(num, sizeof num, "%lld", (long long)seq);
    /* rows: the digest of the entry's row images (issue 27); an entry
     * without images hashes as before migration 016 */
    const char *parts[] = {prev, num, at, who, action, detail, rows};
    size_t n = sizeof parts / sizeof parts[0] - (rows && *rows ? 0 : 1);
    crypto_hash_sha256_init(&s);
    for (size_t i = 0; i < n; i++) {
        crypto_hash_sha256_update(&s, (const unsigned char *)parts[i], strlen(parts[i]));
        crypto_hash_sha256_update(&s, (const unsigned char *)"\n", 1); /* field separator */
    }
    crypto_hash_sha256_final(&s, h);
    sodium_bin2hex(hex, 65, h, sizeof h);
}

/* ---- problems ----------------------------------------------------------- */

bool problems_add(bmp_problems *p, const char *fmt, ...)
{
    if (!p)
        return true;
    char **m = core_grow(p->msgs, &p->cap, p->count, sizeof *m);
    if (!m)
        return false;
    p->msgs = m;
    va_list ap;
    va_start(ap, fmt);
    char *s = core_vasprintf(fmt, ap);
    va_end(ap);
    if (!s)
        return false;
    p->msgs[p->count++] = s;
    return true;
}

void bmp_problems_free(bmp_problems *p)
{
    if (!p)
        return;
    for (size_t i = 0; i < p->count; i++)
        free(p->msgs[i]);
    free(p->msgs);
    p->msgs = NULL;
    p->count = p->cap = 0;
}

bmp_status problems_fail(const bmp_problems *p, size_t n, const char *first, bmp_status code,
                         bmp_error *err)
{
    (void)p;
    if (n == 1)
        return bmp_error_set(err, code, "%s", first);
    return bmp_error_set(err, code, "%zu problems, nothing written; first: %s", n, first);
}
