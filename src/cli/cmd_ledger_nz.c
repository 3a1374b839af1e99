/* `bridgemp ledger annual` and `gradings`: NZ Bridge's annual rating-point
 * and grading run (include/bridgemp/ledger_nz.h). */
#include <stdio.h>
#include <stdlib.h>

#include "bridgemp/ledger_nz.h"
#include "cli/cmd_ledger.h"

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
    char *end = NULL;
    long y = a->npos == 2 ? strtol(a->pos[1], &end, 10) : 0;
    *year = (int)y;
    return a->npos == 2 && a->body && end && !*end && end != a->pos[1];
}

int ledger_cmd_annual(ledger_args *a)
{
    int year;
    if (a->help || !year_of(a, &year))
        return ledger_usage(a, help_annual);
    bmp_error e = {0};
    bmp_ledger *l = NULL;
    bmp_status st = ledger_open_db(a, false, &l, &e);
    if (st)
        return ledger_fail(&e, st);
    bmp_ledger_nz_year y;
    st = bmp_ledger_nz_annual_run(l, a->body, year, &y, &e);
    bmp_ledger_close(l);
    if (st)
        return ledger_fail(&e, st);
    if (y.already)
        printf("annual run %d: already made for %zu players, nothing changed\n", year, y.players);
    else
        printf("annual run %d: %zu players: %zu Open, %zu Intermediate, %zu Junior\n", year,
               y.players, y.open, y.intermediate, y.junior);
    return 0;
}

static bmp_status fill_gradings(bmp_ledger *l, const ledger_args *a, const void *year,
                                bmp_table *t, bmp_error *e)
{
    return bmp_ledger_nz_gradings(l, a->body, *(const int *)year, t, e);
}

int ledger_cmd_gradings(ledger_args *a)
{
    int year;
    if (a->help || !year_of(a, &year))
        return ledger_usage(a, help_annual);
    return ledger_report_table(a, fill_gradings, &year);
}
