/* A head kept outside the database checked against the chain (issue 27):
 * the entry it counts must still be there with the hash it names, so the
 * chain's tail was neither cut nor rewritten since it was taken. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"

static bool parse_head(const char *s, int64_t *n, char hash[65])
{
    const char *colon = s ? strchr(s, ':') : NULL;
    if (!colon || colon == s || strlen(colon + 1) != 64)
        return false;
    for (const char *p = s; p < colon; p++)
        if (*p < '0' || *p > '9')
            return false;
    for (const char *p = colon + 1; *p; p++)
        if (!((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f')))
            return false;
    *n = strtoll(s, NULL, 10);
    snprintf(hash, 65, "%s", colon + 1);
    return true;
}

bmp_status bmp_ledger_head_check(bmp_ledger *l, const char *head, bmp_error *err)
{
    int64_t n = 0;
    char want[65];
    if (!parse_head(head, &n, want))
        return bmp_error_set(err, BMP_EINVAL, "--head %s: expected N:HASH (entries, then the "
                             "64 hex digits of the last entry's hash), as verify prints it",
                             head ? head : "");
    bmp_ledger_head now;
    bmp_status rc = bmp_ledger_head_get(l, &now, err);
    if (rc)
        return rc;
    if (n == 0)
        return BMP_OK; /* the empty chain is a prefix of every chain */
    if (now.entries < n)
        return bmp_error_set(err, BMP_EINVAL, "head %lld:%.12s...: the chain has only %lld "
                             "entries: entries after %lld were removed (the tail was cut)",
                             (long long)n, want, (long long)now.entries,
                             (long long)now.entries);
    ledger_stmt *st = NULL;
    rc = lq_query(l, &st, err, "SELECT hash FROM audit WHERE seq = ?1", "i", n);
    bool row = false;
    if (!rc)
        rc = lq_step(l, st, &row, err);
    if (!rc && !row)
        rc = bmp_error_set(err, BMP_EINVAL, "head %lld:%.12s...: entry %lld is missing",
                           (long long)n, want, (long long)n);
    else if (!rc && strcmp(lq_col_text(l, st, 0), want) != 0)
        rc = bmp_error_set(err, BMP_EINVAL, "head %lld:%.12s...: entry %lld's hash is now "
                           "%.12s...: the chain was rewritten at or before entry %lld",
                           (long long)n, want, (long long)n, lq_col_text(l, st, 0),
                           (long long)n);
    if (st)
        lq_finalize(l, st);
    return rc;
}
