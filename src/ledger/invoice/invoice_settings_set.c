/* Changing and showing a body's invoice settings (ledger invoice-settings,
 * include/bridgemp/ledger_invoice_settings.h): every item checked first,
 * then one row written and one audit entry naming each change. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/buf.h"
#include "core/util.h"
#include "ledger/chain/chain.h"
#include "ledger/invoice/invoice_settings.h"
#include "ledger/store/query.h"

typedef enum key_kind { K_TEXT, K_INT, K_BOOL } key_kind;

typedef struct setting_key {
    const char *name;
    key_kind kind;
    long long min, max; /* K_INT: the range; K_TEXT: max is the size */
    const char *means;
} setting_key;

enum { S_PREFIX, S_NEXT, S_DIGITS, S_DUE, S_TAX_NAME, S_TAX_RATE, S_TAX_INCL, S_ADDRESS,
       S_TAX_ID, S_N };

static const setting_key keys[S_N] = {
    [S_PREFIX] = {"prefix", K_TEXT, 0, 32, "invoice number prefix"},
    [S_NEXT] = {"next", K_INT, 0, INT64_MAX, "next number of the series (0: BODY-RUN-CLUB)"},
    [S_DIGITS] = {"digits", K_INT, 0, 12, "number zero-padded to"},
    [S_DUE] = {"due_days", K_INT, 0, 366, "days from issue to due date"},
    [S_TAX_NAME] = {"tax_name", K_TEXT, 0, 32, "tax name (GST, VAT)"},
    [S_TAX_RATE] = {"tax_rate", K_INT, 0, 10000, "tax rate, basis points (GST 10% = 1000)"},
    [S_TAX_INCL] = {"tax_included", K_BOOL, 0, 1, "charges include the tax (yes/no)"},
    [S_ADDRESS] = {"address", K_TEXT, 0, 512, "the body's address"},
    [S_TAX_ID] = {"tax_id", K_TEXT, 0, 64, "the body's tax id (ABN, VAT number)"},
};

/* Key k's value in s as text. */
static void value_of(const bmp_invoice_settings *s, int k, char *buf, size_t size)
{
    const char *t = k == S_PREFIX ? s->prefix : k == S_TAX_NAME ? s->tax_name
                    : k == S_ADDRESS ? s->address : k == S_TAX_ID ? s->tax_id : NULL;
    long long v = k == S_NEXT ? s->next_number : k == S_DIGITS ? s->digits
                  : k == S_DUE ? s->due_days : s->tax_rate;
    if (t)
        snprintf(buf, size, "%s", t);
    else if (k == S_TAX_INCL)
        snprintf(buf, size, "%s", s->tax_included ? "yes" : "no");
    else
        snprintf(buf, size, "%lld", v);
}

static bmp_status bad(bmp_error *err, const char *item, const setting_key *k)
{
    if (k->kind == K_TEXT)
        return bmp_error_set(err, BMP_EINVAL, "invoice setting \"%s\": at most %lld bytes", item,
                             k->max - 1);
    if (k->kind == K_BOOL)
        return bmp_error_set(err, BMP_EINVAL, "invoice setting \"%s\": expected yes or no", item);
    return bmp_error_set(err, BMP_EINVAL, "invoice setting \"%s\": expected a whole number "
                                          "%lld..%lld", item, k->min, k->max);
}

/* Apply one "key=value" to s. */
static bmp_status apply(bmp_invoice_settings *s, const char *item, bmp_error *err)
{
    const char *eq = strchr(item, '=');
    int k = 0;
    for (; eq && k < S_N; k++)
        if (strlen(keys[k].name) == (size_t)(eq - item) &&
            strncmp(item, keys[k].name, (size_t)(eq - item)) == 0)
            break;
    if (!eq || k == S_N)
        return bmp_error_set(err, BMP_EINVAL, "invoice setting \"%s\": expected KEY=VALUE, KEY "
                             "one of prefix, next, digits, due_days, tax_name, tax_rate, "
                             "tax_included, address, tax_id", item);
    const setting_key *key = &keys[k];
    const char *v = eq + 1;
    if (key->kind == K_TEXT) {
        char *dst = k == S_PREFIX ? s->prefix : k == S_TAX_NAME ? s->tax_name
                    : k == S_ADDRESS ? s->address : s->tax_id;
        if (strlen(v) >= (size_t)key->max || (k == S_PREFIX && strpbrk(v, "/\\\n\r")))
            return bad(err, item, key);
        memcpy(dst, v, strlen(v) + 1);
        return BMP_OK;
    }
    if (key->kind == K_BOOL) {
        bool yes = strcasecmp(v, "yes") == 0 || strcmp(v, "1") == 0;
        if (!yes && strcasecmp(v, "no") != 0 && strcmp(v, "0") != 0)
            return bad(err, item, key);
        s->tax_included = yes;
        return BMP_OK;
    }
    char *end = NULL;
    long long n = strtoll(v, &end, 10);
    if (!*v || *end || n < key->min || n > key->max)
        return bad(err, item, key);
    if (k == S_NEXT)
        s->next_number = n;
    else if (k == S_DIGITS)
        s->digits = (int)n;
    else if (k == S_DUE)
        s->due_days = (int)n;
    else
        s->tax_rate = (int)n;
    return BMP_OK;
}

/* "tax_rate: 0 -> 1000; ..." for every key that changed. */
static char *changes(const bmp_invoice_settings *a, const bmp_invoice_settings *b)
{
    core_buf d;
    core_buf_init(&d);
    for (int k = 0; k < S_N; k++) {
        char x[600], y[600];
        value_of(a, k, x, sizeof x);
        value_of(b, k, y, sizeof y);
        if (strcmp(x, y) != 0)
            core_buf_printf(&d, "%s%s: \"%s\" -> \"%s\"", d.len ? "; " : "", keys[k].name, x, y);
    }
    if (d.failed) {
        core_buf_free(&d);
        return NULL;
    }
    char *t = core_buf_take(&d, NULL);
    return t ? t : calloc(1, 1);
}

static bmp_status write_row(bmp_ledger *l, int64_t body, const bmp_invoice_settings *s,
                            bmp_error *err)
{
    bmp_status rc = lq_run(l, err, "INSERT INTO invoice_setting (body_id) VALUES (?1) "
                                   "ON CONFLICT DO NOTHING", "i", body);
    if (!rc)
        rc = lq_run(l, err,
                    "UPDATE invoice_setting SET prefix = ?2, next_number = ?3, digits = ?4, "
                    "due_days = ?5, tax_name = ?6, tax_rate = ?7, tax_included = ?8, "
                    "address = ?9, tax_id = ?10 WHERE body_id = ?1",
                    "isiiisiiss", body, s->prefix, s->next_number, (int64_t)s->digits,
                    (int64_t)s->due_days, s->tax_name, (int64_t)s->tax_rate,
                    (int64_t)s->tax_included, s->address, s->tax_id);
    if (!rc)
        rc = ledger_touch_id(l, "invoice_setting", body, err);
    /* the series must not give a number an invoice has */
    if (!rc && s->next_number > 0) {
        char num[96];
        snprintf(num, sizeof num, "%s%0*" PRId64, s->prefix, s->digits, s->next_number);
        bool found = false;
        int64_t id = 0;
        rc = lq_int(l, &id, &found, err,
                    "SELECT id FROM invoice WHERE body_id = ?1 AND number = ?2", "is", body, num);
        if (!rc && found)
            rc = bmp_error_set(err, BMP_EINVAL, "invoice %s exists: the series cannot start "
                               "there (set next past the last number used)", num);
    }
    return rc;
}

bmp_status bmp_ledger_invoice_settings_set(bmp_ledger *l, const char *body,
                                           const char *const *items, size_t n, bmp_error *err)
{
    ledger_body b;
    bmp_invoice_settings old, s;
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (!rc)
        rc = lq_begin(l, err);
    if (rc)
        return rc;
    rc = ledger_invoice_settings_load(l, b.id, &old, err);
    s = old;
    for (size_t i = 0; i < n && !rc; i++)
        rc = apply(&s, items[i], err);
    char *what = rc ? NULL : changes(&old, &s);
    if (!rc && !what)
        rc = bmp_error_oom(err);
    if (!rc && (*what || !old.set))
        rc = write_row(l, b.id, &s, err);
    if (!rc && (*what || !old.set)) {
        char *d = core_asprintf("%s invoice settings: %s", b.code, *what ? what : "made");
        rc = d ? ledger_audit(l, "invoice-settings", d, err) : bmp_error_oom(err);
        free(d);
    }
    free(what);
    rc = ledger_tx_end(l, rc, err);
    return rc;
}

bmp_status bmp_ledger_invoice_settings_table(bmp_ledger *l, const char *body, bmp_table *out,
                                             bmp_error *err)
{
    static const char *const cols[] = {"key", "value", "means", NULL};
    bmp_invoice_settings s;
    bmp_status rc = bmp_ledger_invoice_settings_get(l, body, &s, err);
    if (!rc)
        rc = bmp_table_title(out, "invoice settings");
    if (!rc)
        rc = bmp_table_columns(out, cols);
    if (!rc && !s.set)
        rc = bmp_table_note(out, "no settings: invoices are numbered BODY-RUN-CLUB, "
                                 "without due date or tax");
    for (int k = 0; k < S_N && !rc; k++) {
        char v[600];
        value_of(&s, k, v, sizeof v);
        rc = bmp_table_cell(out, "%s", keys[k].name);
        if (!rc)
            rc = bmp_table_cell(out, "%s", v);
        if (!rc)
            rc = bmp_table_cell(out, "%s", keys[k].means);
    }
    return rc;
}
