/* A body's invoice settings (include/bridgemp/ledger_invoice_settings.h,
 * migration 019): read, changed (all or nothing, audited), the number
 * series, due dates and the tax of an invoice. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/buf.h"
#include "core/date.h"
#include "core/util.h"
#include "ledger/chain/chain.h"
#include "ledger/invoice/invoice_settings.h"
#include "ledger/store/query.h"

bmp_status bmp_invoice_tax(int64_t amount, int rate, bool included, int64_t *net, int64_t *tax,
                           int64_t *gross, bmp_error *err)
{
    if (rate < 0 || rate > 10000)
        return bmp_error_set(err, BMP_EINVAL, "tax rate %d basis points is not 0..10000", rate);
    int64_t div = included ? 10000 + rate : 10000, prod = 0;
    if (__builtin_mul_overflow(amount, (int64_t)rate, &prod))
        return bmp_error_set(err, BMP_ERANGE, "invoice amount %" PRId64 " too large for tax",
                             amount);
    /* half up, away from zero (rulings INV-1) */
    int64_t q = prod / div, r = prod % div;
    if (r < 0 ? -r * 2 >= div : r * 2 >= div)
        q += r < 0 ? -1 : 1;
    *tax = q;
    *net = included ? amount - q : amount;
    if (!included && __builtin_add_overflow(amount, q, gross))
        return bmp_error_set(err, BMP_ERANGE, "invoice amount %" PRId64 " too large for tax",
                             amount);
    if (included)
        *gross = amount;
    return BMP_OK;
}

static const char settings_sql[] =
    "SELECT prefix, next_number, digits, due_days, tax_name, tax_rate, tax_included, address, "
    "tax_id FROM invoice_setting WHERE body_id = ?1";

bmp_status ledger_invoice_settings_load(bmp_ledger *l, int64_t body_id, bmp_invoice_settings *s,
                                        bmp_error *err)
{
    memset(s, 0, sizeof *s);
    ledger_stmt *st = NULL;
    bool owned = false, row = false;
    bmp_status rc = lq_cached(l, settings_sql, &st, &owned, err);
    if (rc)
        return rc;
    rc = lq_bind_int(l, st, 1, body_id, err);
    if (!rc)
        rc = lq_step(l, st, &row, err);
    if (!rc && row) {
        s->set = true;
        core_strlcpy(s->prefix, lq_col_text(l, st, 0), sizeof s->prefix);
        s->next_number = lq_col_int(l, st, 1);
        s->digits = (int)lq_col_int(l, st, 2);
        s->due_days = (int)lq_col_int(l, st, 3);
        core_strlcpy(s->tax_name, lq_col_text(l, st, 4), sizeof s->tax_name);
        s->tax_rate = (int)lq_col_int(l, st, 5);
        s->tax_included = lq_col_int(l, st, 6) != 0;
        core_strlcpy(s->address, lq_col_text(l, st, 7), sizeof s->address);
        core_strlcpy(s->tax_id, lq_col_text(l, st, 8), sizeof s->tax_id);
    }
    lq_release(l, st, owned);
    return rc;
}

bmp_status bmp_ledger_invoice_settings_get(bmp_ledger *l, const char *body,
                                           bmp_invoice_settings *out, bmp_error *err)
{
    ledger_body b;
    bmp_status rc = ledger_body_get(l, body, &b, err);
    return rc ? rc : ledger_invoice_settings_load(l, b.id, out, err);
}

static void series_number(const bmp_invoice_settings *s, int64_t n, char *out, size_t size)
{
    snprintf(out, size, "%s%0*" PRId64, s->prefix, s->digits, n);
}

bmp_status ledger_invoice_take_number(bmp_ledger *l, int64_t body_id, bmp_invoice_settings *s,
                                      char *out, size_t size, bmp_error *err)
{
    series_number(s, s->next_number, out, size);
    if (s->next_number == INT64_MAX)
        return bmp_error_set(err, BMP_ERANGE, "invoice number series exhausted at %s", out);
    s->next_number++;
    bmp_status rc = lq_run(l, err, "UPDATE invoice_setting SET next_number = ?1 WHERE "
                           "body_id = ?2", "ii", s->next_number, body_id);
    return rc ? rc : ledger_touch_id(l, "invoice_setting", body_id, err);
}

/* The civil date of day count z since 1970-01-01 (H. Hinnant's algorithm). */
static core_date from_days(long z)
{
    z += 719468;
    long era = (z >= 0 ? z : z - 146096) / 146097;
    long doe = z - era * 146097;
    long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    long mp = (5 * doy + 2) / 153;
    core_date d = {.d = (int)(doy - (153 * mp + 2) / 5 + 1), .m = (int)(mp < 10 ? mp + 3 : mp - 9)};
    d.y = (int)(yoe + era * 400 + (d.m <= 2));
    return d;
}

void ledger_invoice_due(const char *issued, int days, char out[16])
{
    char day[11];
    core_date d;
    out[0] = '\0';
    if (strlen(issued) < 10)
        return;
    memcpy(day, issued, 10);
    day[10] = '\0';
    if (!core_date_parse(day, &d))
        return;
    d = from_days(core_date_days(d) + days);
    snprintf(out, 16, "%04d-%02d-%02d", d.y % 10000, d.m % 100, d.d % 100);
}
