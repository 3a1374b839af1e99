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
#include "ledger/store/query.h"

void bmp_ledger_close(bmp_ledger *l)
{
    if (!l)
        return;
    lq_cache_clear(l);
    if (l->chain_free) /* set by chain.c (issue 27) */
        l->chain_free(l);
    if (l->reg_free) /* set by intake/player_resolve.c (issue 46) */
        l->reg_free(l);
    lq_close(l);
    free(l);
}

bmp_status bmp_ledger_snapshot_begin(bmp_ledger *l, bmp_error *err)
{
    return lq_can(l, LQ_CAN_SNAPSHOT) ? lq_begin_read(l, err) : BMP_OK;
}

void bmp_ledger_snapshot_end(bmp_ledger *l)
{
    if (lq_can(l, LQ_CAN_SNAPSHOT))
        lq_rollback(l);
}

int bmp_ledger_schema_version(bmp_ledger *l) { return lq_schema_version(l); }
const char *bmp_ledger_backend(const bmp_ledger *l) { return lq_backend(l); }
int bmp_ledger_schema_latest(void) { return lq_schema_latest(); }

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
        rc = lq_bind_text(l, st, 1, lower, err);
    if (rc) {
        if (st)
            lq_release(l, st, owned);
        return rc;
    }
    bool row = false;
    rc = lq_step(l, st, &row, err);
    if (!rc && !row)
        rc = bmp_error_set(err, BMP_ENOTFOUND, "unknown body \"%s\" (expected %s)", code,
                           ledger_body_codes(list, sizeof list));
    if (!rc) {
        b->id = lq_col_int(l, st, 0);
        snprintf(b->code, sizeof b->code, "%s", lq_col_text(l, st, 1));
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
