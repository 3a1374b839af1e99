/* `bridgemp ledger capitation`, `members`, `grade`, `levy`, `cancel`,
 * `affiliated`, `daily`, `b4c` and `charges`: the ABF's administration runs
 * and reports (bmp_ledger_capitation_run ...; `levy --rate` is NZ's). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/file.h"

#include "bridgemp/ledger_charges.h"
#include "cli/ledger/ledger_util.h"

static const char *const help_capitation =
    "usage: bridgemp ledger capitation YEAR --body B [--output FILE.csv]\n\n"
    "The annual capitation run of membership year YEAR (1 April YEAR to 31 March):\n"
    "one line in cents per Active home player of each club (ABF-111; none for\n"
    "overseas and youth players, ABF-100, ABF-102) and a commission credit per new\n"
    "player.  All or nothing; run again, it changes nothing and says so.  --output\n"
    "writes the run's lines as CSV club,player,rule,charge,cents.\n";

/* A membership year on the command line (ABF-111: 1 April YEAR to 31 March). */
static bool year_arg(const char *s, int *year)
{
    long long y;
    if (!ledger_number(s, 1, 9999, &y))
        return false;
    *year = (int)y;
    return true;
}

static bmp_status capitation_step(bmp_ledger *l, const ledger_args *a, const void *year,
                                  bmp_problems *p, bmp_error *e)
{
    (void)p;
    bmp_ledger_run r;
    bmp_status st = bmp_ledger_capitation_run(l, a->body, *(const int *)year, a->output, &r, e);
    if (!st)
        ledger_print_run("capitation", a->pos[1], &r);
    return st;
}

static int cmd_capitation(ledger_args *a)
{
    int year;
    if (!a->body || !year_arg(a->pos[1], &year))
        return ledger_usage(a, help_capitation);
    return ledger_run(a, capitation_step, &year);
}

static const char *const help_members =
    "usage: bridgemp ledger members YEAR --body B [--format F] [--output FILE]\n\n"
    "The annual schedule of registered home members of membership year YEAR (1 April\n"
    "YEAR to 31 March), by club, for the cancellation process (ABF-109).  --output\n"
    "writes it to FILE (an atomic write).\n";

static bmp_status fill_members(bmp_ledger *l, const ledger_args *a, const void *year,
                               bmp_table *t, bmp_error *e)
{
    return bmp_ledger_member_schedule(l, a->body, *(const int *)year, t, e);
}

static int cmd_members(ledger_args *a)
{
    int year;
    if (!a->body || !year_arg(a->pos[1], &year))
        return ledger_usage(a, help_members);
    return ledger_report_table(a, fill_members, &year);
}

static const char *const help_grade =
    "usage: bridgemp ledger grade ID GRADE --body B [--exempt]\n\n"
    "Record the event grade of batch ID (A, A2, B, B3, B4, B5, B4c, B4s, B5i, C, D, E,\n"
    "F) for the masterpoint levy (ABF-110); --exempt: a GNOT or GNP event, no late\n"
    "credit-file penalty (ABF-113).  Refused once the batch has been levied.\n";

static bmp_status grade_step(bmp_ledger *l, const ledger_args *a, const void *id,
                             bmp_problems *p, bmp_error *e)
{
    (void)p;
    long long batch = *(const long long *)id;
    bmp_status st = bmp_ledger_set_grade(l, a->body, batch, a->pos[2], a->exempt, e);
    if (!st)
        printf("batch %lld: grade %s%s\n", batch, a->pos[2], a->exempt ? " (exempt)" : "");
    return st;
}

static int cmd_grade(ledger_args *a)
{
    long long id;
    if (!a->body || !ledger_number(a->pos[1], 1, INT64_MAX, &id))
        return ledger_usage(a, help_grade);
    return ledger_run(a, grade_step, &id);
}

static const char *const help_levy =
    "usage: bridgemp ledger levy QUARTER --body B [--output FILE.csv]\n"
    "       bridgemp ledger levy PERIOD --body B --rate CENTS [--output FILE.csv]\n\n"
    "The quarterly masterpoint levy run of QUARTER (yyyy-Qn): points of each club\n"
    "batch posted in the quarter x the rate of its grade (ABF-110), and the late\n"
    "credit-file penalty (ABF-113).  Every batch needs a grade (`ledger grade`).\n"
    "With --rate, the levy per player instead: CENTS for every Active and Unknown\n"
    "player, charged to the home club (NZ-97, NZ-88; the amount is an input).\n"
    "All or nothing; run again, it changes nothing and says so.\n";

/* The ABF's levy by grade, or with --rate NZ's per player (rate: cents). */
static bmp_status levy_step(bmp_ledger *l, const ledger_args *a, const void *rate,
                            bmp_problems *p, bmp_error *e)
{
    (void)p;
    bmp_ledger_run r;
    bmp_status st =
        a->rate ? bmp_ledger_nz_levy_run(l, a->body, a->pos[1], *(const long long *)rate,
                                         a->output, &r, e)
                : bmp_ledger_levy_run(l, a->body, a->pos[1], a->output, &r, e);
    if (!st)
        ledger_print_run("levy", a->pos[1], &r);
    return st;
}

static int cmd_levy(ledger_args *a)
{
    long long rate = 0;
    if (!a->body)
        return ledger_usage(a, help_levy);
    if (a->rate && !ledger_number(a->rate, INT64_MIN, INT64_MAX, &rate)) {
        fprintf(stderr, "bridgemp ledger: --rate \"%s\": expected whole cents\n", a->rate);
        return LEDGER_EXIT_USAGE;
    }
    return ledger_run(a, levy_step, &rate);
}

static const char *const help_cancel =
    "usage: bridgemp ledger cancel YEAR FILE.csv --body B\n\n"
    "The annual cancellation run (ABF-98): the members listed in FILE (columns number\n"
    "and optionally club, the home club) cancelled before 1 April YEAR become\n"
    "non-financial (Dormant, registered to YEAR-1).  All or nothing; those already\n"
    "cancelled are counted and left alone.\n";

static bmp_status cancel_step(bmp_ledger *l, const ledger_args *a, const void *year,
                              bmp_problems *p, bmp_error *e)
{
    size_t done = 0, already = 0;
    bmp_status st = bmp_ledger_cancel_members(l, a->body, *(const int *)year, a->pos[2], &done,
                                              &already, p, e);
    if (!st)
        printf("cancellations %s: %zu cancelled, %zu already cancelled%s\n", a->pos[1], done,
               already, done ? "" : " (nothing changed)");
    return st;
}

static int cmd_cancel(ledger_args *a)
{
    int year;
    if (!a->body || !year_arg(a->pos[1], &year))
        return ledger_usage(a, help_cancel);
    return ledger_run(a, cancel_step, &year);
}

static const char *const help_affiliated =
    "usage: bridgemp ledger affiliated CLUB DATE --body B\n\n"
    "Record the date CLUB first affiliated with its State (yyyy-mm-dd): in that ABF\n"
    "registration year its new players pay no capitation (ABF-112).\n";

static bmp_status affiliated_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                                  bmp_problems *p, bmp_error *e)
{
    (void)arg;
    (void)p;
    bmp_status st = bmp_ledger_set_club_affiliated(l, a->body, a->pos[1], a->pos[2], e);
    if (!st)
        printf("club %s: first affiliated %s\n", a->pos[1], a->pos[2]);
    return st;
}

static int cmd_affiliated(ledger_args *a)
{
    if (!a->body)
        return ledger_usage(a, help_affiliated);
    return ledger_run(a, affiliated_step, NULL);
}

static const char *const help_daily =
    "usage: bridgemp ledger daily DATE --body B [--format F] [--output FILE]\n\n"
    "The daily report (ABF-106): the batches processed on DATE (yyyy-mm-dd) with\n"
    "their event, club, state, lines and points.  --output writes it atomically.\n";

static bmp_status fill_daily(bmp_ledger *l, const ledger_args *a, const void *arg, bmp_table *t,
                             bmp_error *e)
{
    (void)arg;
    return bmp_ledger_daily_report(l, a->body, a->pos[1], t, e);
}

static int cmd_daily(ledger_args *a)
{
    if (!a->body)
        return ledger_usage(a, help_daily);
    return ledger_report_table(a, fill_daily, NULL);
}

static const char *const help_b4c =
    "usage: bridgemp ledger b4c PERIOD --body B [--format F] [--output FILE]\n\n"
    "The monthly list of B4c, B4s and B5i points processed in PERIOD (yyyy-mm), for\n"
    "the State secretaries (ABF-107, 2.6): batches of those grades (`ledger grade`).\n";

static bmp_status fill_b4c(bmp_ledger *l, const ledger_args *a, const void *arg, bmp_table *t,
                           bmp_error *e)
{
    (void)arg;
    return bmp_ledger_b4c_list(l, a->body, a->pos[1], t, e);
}

static int cmd_b4c(ledger_args *a)
{
    if (!a->body)
        return ledger_usage(a, help_b4c);
    return ledger_report_table(a, fill_b4c, NULL);
}

static const char *const help_charges =
    "usage: bridgemp ledger charges RUN --body B [--format F] [--output FILE]\n\n"
    "The lines of charge run RUN (capitation or levy): club, player, batch, rule,\n"
    "charge and cents, as a table, CSV or JSON.\n";

static bmp_status fill_charges(bmp_ledger *l, const ledger_args *a, const void *run,
                               bmp_table *t, bmp_error *e)
{
    return bmp_ledger_charge_lines(l, a->body, *(const int64_t *)run, t, e);
}

static int cmd_charges(ledger_args *a)
{
    long long run;
    if (!a->body || !ledger_number(a->pos[1], 1, INT64_MAX, &run))
        return ledger_usage(a, help_charges);
    int64_t r = run;
    return ledger_report_table(a, fill_charges, &r);
}

#define RUN_OPTS (LO(BODY) | LO(OUTPUT))
#define BODY_TABLE (LO(BODY) | LEDGER_TABLE_OPTS)
const ledger_cmd ledger_cmds_charges[] = {
    {"capitation", help_capitation, RUN_OPTS, 1, 1, cmd_capitation},
    {"members", help_members, BODY_TABLE, 1, 1, cmd_members},
    {"grade", help_grade, LO(BODY) | LO(EXEMPT), 2, 2, cmd_grade},
    {"levy", help_levy, RUN_OPTS | LO(RATE), 1, 1, cmd_levy},
    {"cancel", help_cancel, LO(BODY), 2, 2, cmd_cancel},
    {"affiliated", help_affiliated, LO(BODY), 2, 2, cmd_affiliated},
    {"daily", help_daily, BODY_TABLE, 1, 1, cmd_daily},
    {"b4c", help_b4c, BODY_TABLE, 1, 1, cmd_b4c},
    {"charges", help_charges, BODY_TABLE, 1, 1, cmd_charges},
    {NULL, NULL, 0, 0, 0, NULL}};
