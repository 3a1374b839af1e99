/* `bridgemp ledger gold`, `ums` and `licences`: the EBU's administration
 * runs over the ledger (include/bridgemp/ledger_ebu.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/file.h"
#include "bridgemp/ledger_ebu.h"
#include "cli/ledger/ledger_util.h"

static const char *const help_gold =
    "usage: bridgemp ledger gold DATE --body ebu [--number N] [--format table|csv|json]\n"
    "                            [--output FILE]\n\n"
    "EBU Gold Points at DATE (yyyy-mm-dd; EBU-3, 2.5.1): each Gold award of the\n"
    "posted ledger loses 20% of its original value at each anniversary of its event\n"
    "and is worth nothing from the fifth (rulings EA-1, EA-2).  Every player with\n"
    "Gold: number, name, awards, original, value; with --number, that player's\n"
    "awards one by one.  A read: nothing is written.  Gold is not used for rank.\n";

static const char *const help_ums =
    "usage: bridgemp ledger ums MONTH --body ebu --rates RATES.csv\n"
    "                           [--exemptions FILE.csv] [--output LINES.csv]\n\n"
    "The EBU's UMS charge run of MONTH (yyyy-mm; EBU-17, EBU-18): for each approved\n"
    "or posted event of the month, its player-sessions x the rate of its UMS charge\n"
    "code (EBU-7) in force on its date, charged to its club, county or league.\n"
    "RATES.csv: from,code,session (cents per player-session; the EBU publishes\n"
    "them).  Code 02 pays nothing.  FILE.csv: batch,exemption,note with exemption\n"
    "novice, party, children-in-need, charity or ebu (EBU-17; the note names an\n"
    "EBU grant).  One run per month, all or nothing; invoice it with\n"
    "`bridgemp ledger invoice RUN`.\n";

static const char *const help_licences =
    "usage: bridgemp ledger licences MONTH --body ebu --events EVENTS.csv\n"
    "                                --rates RATES.csv [--output LINES.csv]\n\n"
    "The EBU licence fee run of MONTH (yyyy-mm; EBU-26, EBU-18): one line per\n"
    "licensed event that ended in the month, sessions x tables x the rate of its\n"
    "category, due 30 days after its end.  EVENTS.csv:\n"
    "club,event,end,sessions,tables,category; RATES.csv: from,category,\n"
    "table_session (cents).  One run per month, all or nothing; invoice it with\n"
    "`bridgemp ledger invoice RUN`.\n";

/* One player's Gold awards with --number, else every holding. */
static bmp_status fill_gold(bmp_ledger *l, const ledger_args *a, const void *arg, bmp_table *t,
                            bmp_error *e)
{
    (void)arg;
    return a->number ? bmp_ledger_ebu_gold_awards(l, a->body, a->number, a->pos[1], t, e)
                     : bmp_ledger_ebu_gold(l, a->body, a->pos[1], t, e);
}

static int cmd_gold(ledger_args *a)
{
    if (!a->body)
        return ledger_usage(a, help_gold);
    return ledger_report_table(a, fill_gold, NULL);
}

static bmp_status ums_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                           bmp_problems *p, bmp_error *e)
{
    (void)arg;
    (void)p;
    bmp_ledger_run r;
    bmp_status st = bmp_ledger_ebu_ums_run(l, a->body, a->pos[1], a->rates, a->exemptions,
                                           a->output, &r, e);
    if (!st)
        ledger_print_run("ums", a->pos[1], &r);
    return st;
}

static int cmd_ums(ledger_args *a)
{
    if (!a->body || !a->rates)
        return ledger_usage(a, help_ums);
    return ledger_run(a, ums_step, NULL);
}

static bmp_status licences_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                                bmp_problems *p, bmp_error *e)
{
    (void)arg;
    (void)p;
    bmp_ledger_run r;
    bmp_status st = bmp_ledger_ebu_licence_run(l, a->body, a->pos[1], a->events, a->rates,
                                               a->output, &r, e);
    if (!st)
        ledger_print_run("licences", a->pos[1], &r);
    return st;
}

static int cmd_licences(ledger_args *a)
{
    if (!a->body || !a->rates || !a->events)
        return ledger_usage(a, help_licences);
    return ledger_run(a, licences_step, NULL);
}

const ledger_cmd ledger_cmds_ebu[] = {
    {"gold", help_gold, LO(BODY) | LO(NUMBER) | LEDGER_TABLE_OPTS, 1, 1, cmd_gold},
    {"ums", help_ums, LO(BODY) | LO(RATES) | LO(EXEMPTIONS) | LO(OUTPUT), 1, 1, cmd_ums},
    {"licences", help_licences, LO(BODY) | LO(EVENTS) | LO(RATES) | LO(OUTPUT), 1, 1,
     cmd_licences},
    {NULL, NULL, 0, 0, 0, NULL}};
