/* `bridgemp ledger report ranking|year|promotions PERIOD` (the lists a
 * body publishes, include/bridgemp/ledger_publish.h) and `bridgemp ledger
 * invoice-settings` (include/bridgemp/ledger_invoice_settings.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/bridgemp.h"
#include "bridgemp/ledger_invoice_settings.h"
#include "bridgemp/ledger_publish.h"
#include "cli/ledger/ledger_util.h"

static const char *const help_publish =
    "ranking: every player's holdings per point type, the body's total where it\n"
    "has one, rank, home club and region, by total then name (not the Deceased\n"
    "unless --status Deceased).  --region: one region's players, in the body's\n"
    "word for it: an ABF state or territory (NSW or New South Wales), an EBU\n"
    "county, an NZ region, an ACBL unit, as the register has it (--state and\n"
    "--county are the ABF's and the EBU's names for --region).\n"
    "year: points won in calendar YEAR and the rank held on 1 January; for the\n"
    "ABF the McCutcheon Trophy and awards (1.7.2, 1.7.3).\n"
    "promotions PERIOD (yyyy-mm or yyyy): new rank, player, club, previous rank\n"
    "and date, highest rank first.  Each names the ledger head it was made from:\n"
    "a note, JSON \"head\", CSV column ledger_head.\n";

static const char *const help_settings =
    "Show the body's invoice settings; each --set changes one (all or nothing,\n"
    "audited).  Keys: prefix and next (the number series: next 0 keeps the\n"
    "BODY-RUN-CLUB numbers), digits (zero-padding), due_days, tax_name, tax_rate\n"
    "(basis points: GST 10% = 1000), tax_included (yes: the charges include the\n"
    "tax, as the ABF's fees do), address, tax_id.\n";

typedef bmp_status (*publish_fn)(bmp_ledger *l, const ledger_args *a, bmp_ledger_head *head,
                                 bmp_table *t, bmp_error *e);
typedef struct publish {
    publish_fn fill;
} publish;

typedef struct put_report {
    const bmp_table *t;
    const bmp_ledger_head *head;
    bmp_report_format fmt;
} put_report;

static bmp_status write_report(FILE *f, const void *arg, bmp_error *e)
{
    const put_report *p = arg;
    return bmp_ledger_report_write(p->t, p->head, p->fmt, f, e);
}

static bmp_report_format report_format(const ledger_args *a)
{
    if (a->html)
        return BMP_REPORT_HTML;
    return a->fmt == BMP_OUT_CSV ? BMP_REPORT_CSV
           : a->fmt == BMP_OUT_JSON ? BMP_REPORT_JSON
                                    : BMP_REPORT_TABLE;
}

/* The report made inside one read snapshot (its head and rows agree). */
static bmp_status publish_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                               bmp_problems *p, bmp_error *e)
{
    (void)p;
    const publish *x = arg;
    bmp_table t;
    bmp_ledger_head head;
    bmp_table_init(&t);
    bmp_status st = bmp_ledger_snapshot_begin(l, e);
    if (!st) {
        st = x->fill(l, a, &head, &t, e);
        bmp_ledger_snapshot_end(l);
    }
    put_report r = {&t, &head, report_format(a)};
    if (!st)
        st = ledger_put(a, write_report, &r, e);
    bmp_table_free(&t);
    return st;
}

/* --region, or --state / --county where that is the body's word for it
 * (rulings RG-1); NULL when none is given.  Usage error (*bad) for two of
 * them, or for a word the body does not use. */
static const char *ranking_region(const ledger_args *a, bool *bad)
{
    const char *word = bmp_ledger_region_word(a->body);
    const struct {
        const char *opt, *v;
    } given[] = {{"region", a->region}, {"state", a->state}, {"county", a->county}};
    const char *v = NULL;
    for (size_t i = 0; i < sizeof given / sizeof given[0]; i++) {
        if (!given[i].v)
            continue;
        if (v) {
            fprintf(stderr, "bridgemp ledger report ranking: one region at a time (--region, "
                            "--state or --county)\n");
            *bad = true;
        } else if (i && strcmp(given[i].opt, word) != 0) {
            fprintf(stderr, "bridgemp ledger report ranking: --%s: %s players have a %s, not a "
                            "%s: use --region or --%s\n", given[i].opt, a->body, word,
                    given[i].opt, word);
            *bad = true;
        }
        v = given[i].v;
    }
    return v;
}

static bmp_status fill_ranking(bmp_ledger *l, const ledger_args *a, bmp_ledger_head *head,
                               bmp_table *t, bmp_error *e)
{
    bool bad = false;
    bmp_ledger_ranking_opts o = {.size = sizeof o, .club = a->club, .rank = a->rank,
                                 .status = a->status, .region = ranking_region(a, &bad)};
    return bmp_ledger_ranking(l, a->body, &o, head, t, e);
}

static bmp_status fill_year(bmp_ledger *l, const ledger_args *a, bmp_ledger_head *head,
                            bmp_table *t, bmp_error *e)
{
    return bmp_ledger_year_report(l, a->body, atoi(a->pos[2]), head, t, e);
}

static bmp_status fill_promotions(bmp_ledger *l, const ledger_args *a, bmp_ledger_head *head,
                                  bmp_table *t, bmp_error *e)
{
    return bmp_ledger_promotions_list(l, a->body, a->pos[2], head, t, e);
}

static int run_publish(ledger_args *a, publish_fn fill)
{
    publish x = {fill};
    if (!a->body)
        return ledger_usage(a);
    return ledger_run(a, publish_step, &x);
}

static int cmd_ranking(void *arg)
{
    ledger_args *a = arg;
    bool bad = false;
    if (a->body)
        ranking_region(a, &bad);
    return bad ? LEDGER_EXIT_USAGE : run_publish(a, fill_ranking);
}

static int cmd_year(void *arg)
{
    ledger_args *a = arg;
    long long y = 0;
    if (!ledger_number(a->pos[2], 1, 9999, &y))
        return ledger_usage(a);
    return run_publish(a, fill_year);
}

int cli_ledger_published_promotions(ledger_args *a) { return run_publish(a, fill_promotions); }

static bmp_status fill_settings(bmp_ledger *l, const ledger_args *a, const void *arg,
                                bmp_table *t, bmp_error *e)
{
    (void)arg;
    return bmp_ledger_invoice_settings_table(l, a->body, t, e);
}

static bmp_status settings_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                                bmp_problems *p, bmp_error *e)
{
    (void)arg;
    (void)p;
    bmp_status st = BMP_OK;
    if (a->sets.n)
        st = bmp_ledger_invoice_settings_set(l, a->body, a->sets.v, a->sets.n, e);
    if (!st)
        st = ledger_fill_put(l, a, fill_settings, NULL, e);
    return st;
}

static int cmd_settings(void *arg)
{
    ledger_args *a = arg;
    if (!a->body)
        return ledger_usage(a);
    return ledger_run(a, settings_step, NULL);
}

static const cli_opt opts_ranking[] = {
    LOPT_BODY, LOPT(club, "C", "one club's players"), LOPT(rank, "R", "one rank's players"),
    LOPT(status, "S", "players of this status (Deceased too)"),
    LOPT(region, "R", "one region's players, in the body's word for it"),
    LOPT(state, "S", "the ABF's name for --region"), LOPT(county, "C", "the EBU's name for --region"),
    LEDGER_TABLE_OPTS, CLI_OPT_END};
static const cli_opt opts_pub[] = {LOPT_BODY, LEDGER_TABLE_OPTS, CLI_OPT_END};
static const cli_opt opts_settings[] = {
    LOPT_BODY, CLI_LIST_AT(ledger_args, sets, "--set", 0, "KEY=VALUE", "change one setting"),
    LEDGER_TABLE_OPTS, CLI_OPT_END};

const cli_cmd ledger_cmds_publish[] = {
    {"report ranking", "", "every player's holdings and rank, as published", help_publish,
     opts_ranking, 0, 0, cmd_ranking, 0},
    {"report year", "YEAR", "points won in YEAR, as published", help_publish, opts_pub, 1, 1,
     cmd_year, 0},
    {"invoice-settings", "", "invoice numbers, due days, tax", help_settings, opts_settings, 0, 0,
     cmd_settings, 0},
    {NULL, NULL, NULL, NULL, NULL, 0, 0, NULL, 0}};
