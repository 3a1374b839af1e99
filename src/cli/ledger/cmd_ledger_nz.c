/* `bridgemp ledger annual`, `gradings`, `expire` and `fees`: NZ Bridge's
 * annual rating-point and grading run (include/bridgemp/ledger_nz.h), the
 * expiry of Temporary players' points (NZ-87) and the monthly fee run
 * (NZ-93, NZ-96). */
#include <stdio.h>
#include <stdlib.h>

#include "bridgemp/ledger_nz.h"
#include "cli/ledger/ledger_util.h"

static const char *const help_annual =
    "usage: bridgemp ledger annual YEAR --body nzb\n"
    "       bridgemp ledger gradings YEAR --body nzb [--format table|csv|json]\n"
    "                                [--output FILE]\n\n"
    "The annual run at 31 December of YEAR (NZ-92): every registered player's rating\n"
    "points (NZ-6: last year's x 0.8 + the A and B points of YEAR's posted events)\n"
    "and the grading from 1 January (NZ-5: Open, Intermediate, Junior; overseas\n"
    "players Open, NZ-105).  Once per year, all or nothing, kept for ever.\n"
    "`gradings` lists a year's results.\n";

static bool year_of(const ledger_args *a, int *year)
{
    long long y;
    if (!a->body || !ledger_number(a->pos[1], 1, 9999, &y))
        return false;
    *year = (int)y;
    return true;
}

static bmp_status annual_step(bmp_ledger *l, const ledger_args *a, const void *year,
                              bmp_problems *p, bmp_error *e)
{
    (void)p;
    int yr = *(const int *)year;
    bmp_ledger_nz_year y;
    bmp_status st = bmp_ledger_nz_annual_run(l, a->body, yr, &y, e);
    if (st)
        return st;
    if (y.already)
        printf("annual run %d: already made for %zu players, nothing changed\n", yr, y.players);
    else
        printf("annual run %d: %zu players: %zu Open, %zu Intermediate, %zu Junior\n", yr,
               y.players, y.open, y.intermediate, y.junior);
    return BMP_OK;
}

static int cmd_annual(ledger_args *a)
{
    int year;
    if (!year_of(a, &year))
        return ledger_usage(a, help_annual);
    return ledger_run(a, annual_step, &year);
}

static bmp_status fill_gradings(bmp_ledger *l, const ledger_args *a, const void *year,
                                bmp_table *t, bmp_error *e)
{
    return bmp_ledger_nz_gradings(l, a->body, *(const int *)year, t, e);
}

static int cmd_gradings(ledger_args *a)
{
    int year;
    if (!year_of(a, &year))
        return ledger_usage(a, help_annual);
    return ledger_report_table(a, fill_gradings, &year);
}

static const char *const help_expire =
    "usage: bridgemp ledger expire --body nzb --date yyyy-mm-dd\n\nNZ-87: one provisional "
    "adjustment batch cancelling the points of every\nplayer still Temporary six months after "
    "their first points.\n";

static bmp_status expire_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                              bmp_problems *p, bmp_error *e)
{
    (void)arg;
    (void)p;
    int64_t id = 0;
    size_t n = 0;
    bmp_status st = bmp_ledger_expire_temporary(l, a->body, a->date, &id, &n, e);
    if (!st)
        printf("batch %lld provisional: %zu holding(s) of Temporary players cancelled "
               "(NZ-87)\n",
               (long long)id, n);
    return st;
}

static int cmd_expire(ledger_args *a)
{
    if (!a->body || !a->date)
        return ledger_usage(a, help_expire);
    return ledger_run(a, expire_step, NULL);
}

static const char *const help_fees =
    "usage: bridgemp ledger fees MONTH --body nzb --fees TABLE.csv [--output FILE.csv]\n\n"
    "NZ Bridge's monthly masterpoint fee run (NZ-96) of MONTH (yyyy-mm): for each\n"
    "approved or posted event of the month, its player-sessions x the club (NZ-93a)\n"
    "or tournament (NZ-93b) session fee and its A points x the fee per A point\n"
    "(NZ-93c), at the rates in force on the event's date.  TABLE.csv holds the\n"
    "rates, which the regulations do not: from,club_session,tournament_session,\n"
    "a_point (cents).  One run per month, all or nothing; invoice it with\n"
    "`bridgemp ledger invoice RUN`.\n";

static bmp_status fees_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                            bmp_problems *p, bmp_error *e)
{
    (void)arg;
    (void)p;
    bmp_ledger_run r;
    bmp_status st = bmp_ledger_nz_fee_run(l, a->body, a->pos[1], a->fees, a->output, &r, e);
    if (!st)
        ledger_print_run("fees", a->pos[1], &r);
    return st;
}

static int cmd_fees(ledger_args *a)
{
    if (!a->body || !a->fees)
        return ledger_usage(a, help_fees);
    return ledger_run(a, fees_step, NULL);
}

const ledger_cmd ledger_cmds_nz[] = {
    {"annual", help_annual, LO(BODY), 1, 1, cmd_annual},
    {"gradings", help_annual, LO(BODY) | LEDGER_TABLE_OPTS, 1, 1, cmd_gradings},
    {"expire", help_expire, LO(BODY) | LO(DATE), 0, 0, cmd_expire},
    {"fees", help_fees, LO(BODY) | LO(OUTPUT) | LO(FEES), 1, 1, cmd_fees},
    {NULL, NULL, 0, 0, 0, NULL}};
