/* EBU Gold Points at a date (EBU-3, handbook 2.5.1-2.5.4;
 * include/bridgemp/ledger_ebu.h).  A read of the posted journal: each Gold
 * line keeps its original value for ever and the decay is worked out for
 * the date asked (ruling EA-1), in whole years by anniversaries of the
 * event date, rounded to the nearest hundredth (ruling EA-2).  A reversal
 * carries its batch's event date, so it decays exactly as the award it
 * cancels. */
#include <stdlib.h>
#include <string.h>

#include "bridgemp/ledger_ebu.h"
#include "core/date.h"
#include "core/util.h"
#include "ledger/ledger_internal.h"
#include "ledger/store/query.h"

bmp_status bmp_ebu_gold_value(bmp_points original, const char *awarded, const char *as_of,
                              bmp_points *value, int *years, bmp_error *err)
{
    core_date a, t;
    bmp_status rc = core_date_get(awarded, "Gold award date", &a, err);
    if (!rc)
        rc = core_date_get(as_of, "Gold as-of date", &t, err);
    if (rc)
        return rc;
    /* whole years: the year is complete on the anniversary (EA-2) */
    int k = t.y - a.y - ((t.m < a.m || (t.m == a.m && t.d < a.d)) ? 1 : 0);
    bool before = core_date_days(t) < core_date_days(a);
    if (years)
        *years = before ? 0 : k;
    /* 2.5.1: 20 % of the original value per annum, nothing after 5 years;
     * x (5 - k) / 5 leaves fifths of a hundredth: never a tie (EA-2) */
    *value = before || k >= 5 ? 0
                              : bmp_div_round(original * (5 - k), 5, BMP_ROUND_HALF_UP,
                                              BMP_UNIT_CENT);
    return BMP_OK;
}

/* The date a Gold line decays from: its batch's event date, or for a batch
 * without one (an adjustment) the day it was imported (EA-1). */
static const char *gold_date(const char *event_date, const char *created, char buf[11])
{
    if (event_date && *event_date)
        return event_date;
    core_strlcpy(buf, created ? created : "", 11);
    return buf;
}

typedef struct gold_row {
    char number[32], name[128], event[128], date[11];
    int64_t batch;
    bmp_points original;
    bool reversal;
} gold_row;

/* Step one row of the Gold query: number, name, batch, event, event_date,
 * created_at, points, source. */
static void gold_read(bmp_ledger *l, ledger_stmt *st, gold_row *g)
{
    char buf[11];
    core_strlcpy(g->number, lq_col_text(l, st, 0), sizeof g->number);
    core_strlcpy(g->name, lq_col_text(l, st, 1), sizeof g->name);
    g->batch = lq_col_int(l, st, 2);
    core_strlcpy(g->event, lq_col_text(l, st, 3), sizeof g->event);
    core_strlcpy(g->date, gold_date(lq_col_text(l, st, 4), lq_col_text(l, st, 5), buf),
                 sizeof g->date);
    g->original = lq_col_int(l, st, 6);
    g->reversal = strcmp(lq_col_text(l, st, 7), "reversal") == 0;
}

static const char gold_sql[] =
    "SELECT p.number, p.name, b.id, b.event, b.event_date, b.created_at, j.points, b.source "
    "FROM journal j JOIN batch b ON b.id = j.batch_id JOIN player p ON p.id = j.player_id "
    "WHERE b.body_id = ?1 AND b.state = 'posted' AND j.point_type = 'gold' "
    "AND p.number LIKE ?2 ORDER BY p.number, b.event_date, j.id";

static bmp_status ebu_body(bmp_ledger *l, const char *body, const char *as_of, ledger_body *b,
                           bmp_error *err)
{
    core_date d;
    bmp_status rc = ledger_body_get(l, body, b, err);
    if (!rc && strcmp(b->code, "ebu") != 0)
        rc = bmp_error_set(err, BMP_ENOTSUP, "not supported: Gold Points for %s (the EBU's, "
                           "EBU-3)", b->code);
    if (!rc)
        rc = core_date_get(as_of, "gold: the as-of date", &d, err);
    return rc;
}

static bmp_status points_cell(bmp_table *t, bmp_points p)
{
    char buf[32];
    bmp_points_format(p, buf, sizeof buf);
    return bmp_table_cell(t, "%s", buf);
}

/* One player's totals as a row. */
static bmp_status player_row(bmp_table *t, const gold_row *g, int64_t awards,
                             bmp_points original, bmp_points value)
{
    bmp_status rc = bmp_table_cell(t, "%s", g->number);
    if (!rc)
        rc = bmp_table_cell(t, "%s", g->name);
    if (!rc)
        rc = bmp_table_cell(t, "%lld", (long long)awards);
    if (!rc)
        rc = points_cell(t, original);
    if (!rc)
        rc = points_cell(t, value);
    return rc;
}

bmp_status bmp_ledger_ebu_gold(bmp_ledger *l, const char *body, const char *as_of,
                               bmp_table *out, bmp_error *err)
{
    static const char *const cols[] = {"number", "name", "awards", "original", "value", NULL};
    ledger_body b;
    ledger_stmt *st = NULL;
    bmp_status rc = ebu_body(l, body, as_of, &b, err);
    if (!rc && !(rc = bmp_table_title(out, "Gold Points (EBU-3)")))
        rc = bmp_table_columns(out, cols);
    if (!rc)
        rc = lq_query(l, &st, err, gold_sql, "is", b.id, "%");
    gold_row cur = {0}, g;
    int64_t awards = 0;
    bmp_points original = 0, value = 0, v = 0;
    bool row = false, have = false;
    while (!rc && !(rc = lq_step(l, st, &row, err)) && row) {
        gold_read(l, st, &g);
        if (have && strcmp(g.number, cur.number) != 0) {
            rc = player_row(out, &cur, awards, original, value);
            awards = original = value = 0;
        }
        have = true;
        if (!rc)
            rc = bmp_ebu_gold_value(g.original, g.date, as_of, &v, NULL, err);
        cur = g;
        awards += g.reversal ? -1 : g.original > 0; /* a reversal takes its award back */
        original += g.original;
        value += v;
    }
    if (!rc && have)
        rc = player_row(out, &cur, awards, original, value);
    if (st)
        lq_finalize(l, st);
    if (!rc)
        rc = bmp_table_note(out, "Gold at %s: 20%% of each award's original value lost a year, "
                            "nothing after 5 years (EBU-3, 2.5.1); not used for rank (2.5.2)",
                            as_of);
    return rc;
}

static bmp_status award_row(bmp_table *t, const gold_row *g, int years, bmp_points value)
{
    bmp_status rc = bmp_table_cell(t, "%lld", (long long)g->batch);
    if (!rc)
        rc = bmp_table_cell(t, "%s", g->event);
    if (!rc)
        rc = bmp_table_cell(t, "%s", g->date);
    if (!rc)
        rc = points_cell(t, g->original);
    if (!rc)
        rc = bmp_table_cell(t, "%d", years);
    if (!rc)
        rc = points_cell(t, value);
    return rc;
}

bmp_status bmp_ledger_ebu_gold_awards(bmp_ledger *l, const char *body, const char *number,
                                      const char *as_of, bmp_table *out, bmp_error *err)
{
    static const char *const cols[] = {"batch", "event", "date", "original", "years", "value",
                                       NULL};
    ledger_body b;
    ledger_stmt *st = NULL;
    if (!number || !*number)
        return bmp_error_set(err, BMP_EINVAL, "gold: expected a player's EBU number");
    bmp_status rc = ebu_body(l, body, as_of, &b, err);
    char title[80];
    snprintf(title, sizeof title, "Gold Points of %s at %s (EBU-3)", number, as_of);
    if (!rc && !(rc = bmp_table_title(out, title)))
        rc = bmp_table_columns(out, cols);
    if (!rc)
        rc = lq_query(l, &st, err, gold_sql, "is", b.id, number);
    bool row = false;
    while (!rc && !(rc = lq_step(l, st, &row, err)) && row) {
        gold_row g;
        bmp_points v = 0;
        int years = 0;
        gold_read(l, st, &g);
        rc = bmp_ebu_gold_value(g.original, g.date, as_of, &v, &years, err);
        if (!rc)
            rc = award_row(out, &g, years, v);
    }
    if (st)
        lq_finalize(l, st);
    return rc;
}
