/* Rate tables of the EBU charge runs (ebu/admin.h): the UMS rate per
 * player-session of each charge code (EBU-17, ruling EA-3) and the licence
 * rate per table-session of each category (EBU-26, ruling EA-7).  The
 * figures are published by the EBU, not in the handbook: an input. */
#include <stdlib.h>
#include <string.h>

#include "core/date.h"
#include "core/util.h"
#include "ledger/shared/csv.h"
#include "ledger/ebu/admin.h"

bool ebu_amount(const char *s, int64_t *out)
{
    char *end = NULL;
    long long v = s && *s ? strtoll(s, &end, 10) : -1;
    *out = v;
    return end && !*end && v >= 0;
}

bool ebu_plain_text(const char *s)
{
    for (; s && *s; s++)
        if (*s == ',' || *s == '"' || (unsigned char)*s < 0x20)
            return false;
    return true;
}

static bmp_status rate_row(const lcsv *c, size_t r, const int col[3], const char *path,
                           ebu_rate *f, bmp_error *err)
{
    const char *from = lcsv_get(c, r, col[0]), *key = lcsv_get(c, r, col[1]);
    core_date d;
    if (!core_date_parse(from, &d) || !*key || strlen(key) >= sizeof f->key ||
        !ebu_plain_text(key) || !ebu_amount(lcsv_get(c, r, col[2]), &f->cents))
        return bmp_error_set(err, BMP_EINVAL, "%s:%zu: expected a date yyyy-mm-dd, a code and an "
                             "amount in whole cents", path, c->rows[r].line);
    memcpy(f->from, from, 11);
    core_strlcpy(f->key, key, sizeof f->key);
    return BMP_OK;
}

bmp_status ebu_rates_read(const char *path, const char *key, const char *amount,
                          const char *rule, ebu_rate **out, size_t *n, bmp_error *err)
{
    char *data = NULL;
    size_t len = 0;
    lcsv c = {0};
    *out = NULL;
    *n = 0;
    if (!path || !*path)
        return bmp_error_set(err, BMP_EINVAL, "expected a rate table from,%s,%s (cents; %s)", key,
                             amount, rule);
    bmp_status rc = core_read_file(path, &data, &len, err);
    if (!rc)
        rc = lcsv_parse(data, len, path, &c, err);
    free(data);
    int col[3] = {rc ? 0 : lcsv_col(&c, "from"), rc ? 0 : lcsv_col(&c, key),
                  rc ? 0 : lcsv_col(&c, amount)};
    if (!rc && (col[0] < 0 || col[1] < 0 || col[2] < 0))
        rc = bmp_error_set(err, BMP_EINVAL, "%s:1: header: expected columns from,%s,%s (cents; "
                           "%s)", path, key, amount, rule);
    *out = rc ? NULL : calloc(c.nrows + 1, sizeof **out);
    if (!rc && !*out)
        rc = bmp_error_oom(err);
    for (size_t r = 1; !rc && r < c.nrows; r++) /* rows[0]: the header */
        rc = rate_row(&c, r, col, path, &(*out)[r - 1], err);
    *n = rc || !c.nrows ? 0 : c.nrows - 1;
    if (rc) { /* nothing half-read goes back */
        free(*out);
        *out = NULL;
    }
    lcsv_free(&c);
    return rc;
}

const ebu_rate *ebu_rate_on(const ebu_rate *v, size_t n, const char *key, const char *date)
{
    const ebu_rate *best = NULL;
    for (size_t i = 0; i < n; i++)
        if (strcmp(v[i].key, key) == 0 && strcmp(v[i].from, date) <= 0 &&
            (!best || strcmp(v[i].from, best->from) > 0))
            best = &v[i];
    return best;
}
