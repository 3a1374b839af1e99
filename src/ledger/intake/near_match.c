/* Near matches for a held line (issue 26 item 5): a number the register
 * does not hold is often a registered one mistyped.  Suggested: a
 * registered number one adjacent transposition or one mistyped digit away
 * (1180209 for 1180290), the same name first, then the same name under
 * another number.  Cost: one indexed look-up per digit variant (at most
 * 10 x the number's length) and one by name (index player_name, migration
 * 014): nothing grows with the register but the index depth.  Looked
 * for in a file's first near-lines lines (bmp_limits) only (issue 45: a file of
 * 100,000 unregistered players held the writer 23 s). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ledger/ledger_internal.h"
#include "ledger/intake/near_match.h"
#include "ledger/store/query.h"

typedef struct near {
    char number[32], name[96];
} near;

static bool fill_near(bmp_ledger *l, ledger_stmt *st, void *row, void *ctx)
{
    (void)ctx;
    near *x = row;
    snprintf(x->number, sizeof x->number, "%s", lq_col_text(l, st, 0));
    snprintf(x->name, sizeof x->name, "%s", lq_col_text(l, st, 1));
    return true;
}

static void append(char *out, size_t size, const near *x, const char *how)
{
    size_t used = strlen(out);
    if (used < size)
        snprintf(out + used, size - used, "%s%s %s (%s)", used ? "; " : "near: ", x->number,
                 x->name, how);
}

/* The variant look-up, prepared once per handle (lq_cached): it runs up to
 * 10 x the number's length times per held line, and preparing it each time
 * was most of an upload's cost (issue 45: 0.23 ms per held player). */
static const char lookup_sql[] = "SELECT number, name FROM player WHERE body_id = ?1 AND "
                                 "number = ?2";

/* A registered player of this exact number (a variant), if any. */
static bmp_status lookup(bmp_ledger *l, int64_t body, const char *number, near *found,
                         bool *hit, bmp_error *err)
{
    ledger_stmt *st = NULL;
    bool owned = false, row = false;
    *hit = false;
    bmp_status rc = lq_cached(l, lookup_sql, &st, &owned, err);
    if (rc)
        return rc;
    rc = lq_bind_int(l, st, 1, body, err);
    if (!rc)
        rc = lq_bind_text(l, st, 2, number, err);
    if (!rc)
        rc = lq_step(l, st, &row, err);
    if (!rc && row) {
        *hit = true;
        fill_near(l, st, found, NULL);
    }
    lq_release(l, st, owned);
    return rc;
}

/* Every variant of number: transpositions of adjacent characters (kind 0)
 * and one digit changed (kind 1); those registered are appended, the
 * same name's first (pass 0), then other names' transpositions (pass 1). */
static bmp_status variants(bmp_ledger *l, int64_t body, const char *number, const char *name,
                           char *out, size_t size, bmp_error *err)
{
    size_t len = strlen(number);
    char v[32];
    if (len == 0 || len >= sizeof v)
        return BMP_OK;
    static const char *const how[] = {"two digits transposed", "one digit mistyped"};
    near hits[8];
    int kinds[8];
    size_t nh = 0;
    bmp_status rc = BMP_OK;
    for (size_t i = 0; i < len && !rc && nh < 8; i++)
        for (int d = -1; d < 10 && !rc && nh < 8; d++) {
            memcpy(v, number, len + 1);
            if (d < 0 && (i + 1 >= len || v[i] == v[i + 1]))
                continue;
            if (d < 0) {
                char t = v[i];
                v[i] = v[i + 1];
                v[i + 1] = t;
            } else if (v[i] == (char)('0' + d) || v[i] < '0' || v[i] > '9') {
                continue;
            } else {
                v[i] = (char)('0' + d);
            }
            bool hit = false;
            rc = lookup(l, body, v, &hits[nh], &hit, err);
            if (hit)
                kinds[nh++] = d < 0 ? 0 : 1;
        }
    /* Another name one digit away is no evidence where numbers are dense
     * (0001008 is one digit from 0001002 ... 0001007): under another name
     * only a transposition is suggested. */
    for (int pass = 0; pass < 2 && !rc; pass++)
        for (size_t k = 0; k < nh; k++) {
            bool same = name && strcasecmp(hits[k].name, name) == 0;
            if (same == (pass == 0) && (same || kinds[k] == 0))
                append(out, size, &hits[k], how[kinds[k]]);
        }
    return rc;
}

bmp_status ledger_near_match(bmp_ledger *l, int64_t body, const char *number, const char *name,
                             char *out, size_t size, bmp_error *err)
{
    if (size)
        out[0] = '\0';
    if (!number || !*number || size == 0)
        return BMP_OK;
    bmp_status rc = variants(l, body, number, name, out, size, err);
    if (rc || !name || !*name)
        return rc;
    near *v = NULL;
    size_t n = 0;
    rc = lq_rows(l, &v, &n, sizeof *v, fill_near, NULL, err,
                 "SELECT number, name FROM player WHERE body_id = ?1 AND name = ?2 "
                 "AND number <> ?3 ORDER BY number LIMIT 3",
                 "iss", body, name, number);
    for (size_t i = 0; i < n && !rc; i++)
        if (!strstr(out, v[i].number))
            append(out, size, &v[i], "the same name");
    free(v);
    return rc;
}

typedef struct held_row {
    char number[32], name[96], why[480];
} held_row;

static bool fill_held(bmp_ledger *l, ledger_stmt *st, void *row, void *ctx)
{
    (void)ctx;
    held_row *x = row;
    snprintf(x->number, sizeof x->number, "%s", lq_col_text(l, st, 0));
    snprintf(x->name, sizeof x->name, "%s", lq_col_text(l, st, 1));
    snprintf(x->why, sizeof x->why, "%s", lq_col_text(l, st, 2));
    return true;
}

bmp_status bmp_ledger_held_near(bmp_ledger *l, int64_t batch, char **text, bmp_error *err)
{
    held_row *v = NULL;
    size_t n = 0;
    *text = NULL;
    bmp_status rc = lq_rows(l, &v, &n, sizeof *v, fill_held, NULL, err,
                            "SELECT number, name, why FROM held WHERE batch_id = ?1 AND "
                            "why LIKE 'not registered; near: %' ORDER BY id", "i", batch);
    size_t size = 1;
    for (size_t i = 0; i < n; i++)
        size += strlen(v[i].number) + strlen(v[i].name) + strlen(v[i].why) + 20;
    if (!rc && !(*text = malloc(size)))
        rc = bmp_error_oom(err);
    if (!rc) {
        size_t used = 0;
        (*text)[0] = '\0';
        for (size_t i = 0; i < n; i++)
            used += (size_t)snprintf(*text + used, size - used, "held: player %s %s: %s\n",
                                     v[i].number, v[i].name, v[i].why);
    }
    free(v);
    return rc;
}
