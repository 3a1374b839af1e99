/* The EBU licence fee run (EBU-26, EBU-18; include/bridgemp/ledger_ebu.h,
 * ruling EA-7): one charge line per licensed event that ended in the
 * month, sessions x tables x the rate per table-session of its category in
 * force on its last day, due 30 days later.  The events are an input (the
 * licence is the Licensing Department's: EBU-20), the rates too (the Board
 * sets them; the handbook has none).  Invoiced by invoice.c. */
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ebu_licence.h"
#include "bridgemp/ledger_ebu.h"
#include "core/date.h"
#include "core/util.h"
#include "ledger/charges/charges.h"
#include "ledger/shared/csv.h"
#include "ledger/ebu/admin.h"
#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"

typedef struct lic_ctx {
    bmp_ledger *l;
    const ledger_body *b;
    const char *month, *path;
    const ebu_rate *rates;
    size_t nrates;
    int64_t run;
    bmp_ledger_run *out;
} lic_ctx;

enum { C_CLUB, C_EVENT, C_END, C_SESSIONS, C_TABLES, C_CATEGORY, NCOLS };

static bmp_status lic_club(const lic_ctx *c, const char *number, size_t line, int64_t *id,
                           bmp_error *err)
{
    bool found = false;
    bmp_status rc = lq_int(c->l, id, &found, err,
                           "SELECT id FROM club WHERE body_id = ?1 AND number = ?2", "is",
                           c->b->id, number);
    if (!rc && !found)
        rc = bmp_error_set(err, BMP_EINVAL, "%s:%zu: club \"%s\": no such EBU club, county or "
                           "league in the register (EBU-18)", c->path, line, number);
    return rc;
}

/* One row: checked, then its line. */
static bmp_status lic_row(const lic_ctx *c, const lcsv *csv, size_t r, const int col[NCOLS],
                          bmp_error *err)
{
    const char *f[NCOLS];
    for (int k = 0; k < NCOLS; k++)
        f[k] = lcsv_get(csv, r, col[k]);
    size_t line = csv->rows[r].line;
    core_date d;
    int64_t sessions = 0, tables = 0, club = 0, cents = 0;
    if (!core_date_parse(f[C_END], &d) || strncmp(f[C_END], c->month, 7) != 0)
        return bmp_error_set(err, BMP_EINVAL, "%s:%zu: end \"%s\": expected a date yyyy-mm-dd in "
                             "%s", c->path, line, f[C_END], c->month);
    if (!ebu_amount(f[C_SESSIONS], &sessions) || !sessions || sessions > 1000 ||
        !ebu_amount(f[C_TABLES], &tables) || tables > 100000)
        return bmp_error_set(err, BMP_EINVAL, "%s:%zu: expected whole numbers of sessions (1 or "
                             "more) and tables (EBU-26)", c->path, line);
    if (!*f[C_EVENT] || !ebu_plain_text(f[C_EVENT]) || strlen(f[C_EVENT]) > 80)
        return bmp_error_set(err, BMP_EINVAL, "%s:%zu: event: expected a name of at most 80 "
                             "characters without commas or quotes", c->path, line);
    if (strcmp(f[C_CATEGORY], "sim") == 0)
        return bmp_not_supported(err, "the licence fee of a simultaneous pairs", "EBU-26", "1.11",
                                 "it is based on the number of heats, at rates the handbook "
                                 "does not give");
    const ebu_rate *rate = ebu_rate_on(c->rates, c->nrates, f[C_CATEGORY], f[C_END]);
    if (!rate)
        return bmp_error_set(err, BMP_EINVAL, "%s:%zu: no licence rate for category \"%s\" on %s "
                             "(EBU-26)", c->path, line, f[C_CATEGORY], f[C_END]);
    char due[11], what[256];
    bmp_status rc = lic_club(c, f[C_CLUB], line, &club, err);
    if (!rc)
        rc = bmp_ebu_licence_fee((int)sessions, (int)tables, rate->cents, &cents, err);
    if (!rc)
        rc = bmp_ebu_licence_due(f[C_END], due, err);
    if (rc)
        return rc;
    snprintf(what, sizeof what, "licence %s (%s): %lld sessions x %lld tables x %lld cents; due "
             "%s", f[C_EVENT], f[C_CATEGORY], (long long)sessions, (long long)tables,
             (long long)rate->cents, due);
    c->out->lines++;
    c->out->total += cents;
    return lq_run(c->l, err,
                  "INSERT INTO charge (run_id, club_id, rule, what, cents) "
                  "VALUES (?1, ?2, 'EBU-26', ?3, ?4)", "iisi", c->run, club, what, cents);
}

static bmp_status lic_lines(const lic_ctx *c, const char *events, bmp_error *err)
{
    static const char *const names[NCOLS] = {"club", "event", "end", "sessions", "tables",
                                             "category"};
    char *data = NULL;
    size_t len = 0;
    lcsv csv = {0};
    int col[NCOLS];
    bmp_status rc = core_read_file(events, &data, &len, err);
    if (!rc)
        rc = lcsv_parse(data, len, events, &csv, err);
    free(data);
    for (int k = 0; k < NCOLS && !rc; k++)
        if ((col[k] = lcsv_col(&csv, names[k])) < 0)
            rc = bmp_error_set(err, BMP_EINVAL, "%s:1: header: expected columns club,event,end,"
                               "sessions,tables,category (EBU-26)", events);
    for (size_t r = 1; !rc && r < csv.nrows; r++)
        rc = lic_row(c, &csv, r, col, err);
    lcsv_free(&csv);
    return rc;
}

static bmp_status make_lic_run(lic_ctx *c, const char *events, bmp_error *err)
{
    bmp_status rc = charge_run_open(c->l, c->b, "licence", c->month, "EBU-26", &c->run, err);
    c->out->id = c->run;
    if (!rc)
        rc = lic_lines(c, events, err);
    if (!rc)
        rc = charge_run_close(c->l, c->b, "licence fees", c->month, "EBU-26", c->out, err);
    return rc;
}

/* The month's run unless made before, in bmp_ledger_ebu_licence_run's
 * transaction (ctx: the lic_ctx; its path the licensed events). */
static bmp_status lic_step(bmp_ledger *l, void *ctx, bmp_error *err)
{
    lic_ctx *c = ctx;
    bmp_status rc = charge_earlier(l, c->b, "licence", c->month, c->out, err);
    if (!rc && !c->out->already)
        rc = make_lic_run(c, c->path, err);
    return rc;
}

bmp_status bmp_ledger_ebu_licence_run(bmp_ledger *l, const char *body, const char *month,
                                      const char *events, const char *rates, const char *csv,
                                      bmp_ledger_run *out, bmp_error *err)
{
    ledger_body b;
    memset(out, 0, sizeof *out);
    ebu_rate *rv = NULL;
    lic_ctx c = {.l = l, .b = &b, .month = month, .path = events, .out = out};
    bmp_status rc = ledger_body_get(l, body, &b, err);
    if (!rc && strcmp(b.code, "ebu") != 0)
        return bmp_error_set(err, BMP_ENOTSUP, "not supported: the licence fee run for %s (the "
                             "EBU's, EBU-26)", b.code);
    if (!rc && (!month || strlen(month) != 7 || month[4] != '-'))
        return bmp_error_set(err, BMP_EINVAL, "licences: month \"%s\": expected yyyy-mm",
                             month ? month : "");
    if (!rc && (!events || !*events))
        return bmp_error_set(err, BMP_EINVAL, "licences: expected the licensed events "
                             "club,event,end,sessions,tables,category (EBU-26)");
    if (!rc)
        rc = ebu_rates_read(rates, "category", "table_session", "EBU-26", &rv, &c.nrates, err);
    c.rates = rv;
    if (!rc)
        rc = ledger_tx(l, lic_step, &c, err);
    free(rv);
    if (!rc && csv)
        rc = charge_csv(l, out->id, csv, err);
    return rc;
}
