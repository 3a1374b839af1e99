/* `bridgemp ledger capitation`: a charge run (bmp_ledger_capitation_run). */
#include <stdio.h>
#include <stdlib.h>

#include "bridgemp/ledger_charges.h"
#include "cli/cmd_ledger.h"

static const char *const help_capitation =
    "usage: bridgemp ledger capitation YEAR --body B [--output FILE.csv]\n\n"
    "The annual capitation run of membership year YEAR (1 April YEAR to 31 March):\n"
    "one line in cents per Active home player of each club (ABF-111; none for\n"
    "overseas and youth players, ABF-100, ABF-102) and a commission credit per new\n"
    "player.  All or nothing; run again, it changes nothing and says so.  --output\n"
    "writes the run's lines as CSV club,player,rule,charge,cents.\n";

int ledger_cmd_capitation(ledger_args *a)
{
    if (a->help) {
        fputs(help_capitation, stdout);
        return 0;
    }
    char *end = NULL;
    long year = a->npos == 2 ? strtol(a->pos[1], &end, 10) : 0;
    if (a->npos != 2 || !a->body || !end || *end || end == a->pos[1]) {
        fputs(help_capitation, stderr);
        return LEDGER_EXIT_USAGE;
    }
    bmp_error e = {0};
    bmp_ledger *l = NULL;
    bmp_status st = ledger_open_db(a, false, &l, &e);
    if (st)
        return ledger_fail(&e, st);
    bmp_ledger_run r;
    st = bmp_ledger_capitation_run(l, a->body, (int)year, a->output, &r, &e);
    bmp_ledger_close(l);
    if (st)
        return ledger_fail(&e, st);
    printf("capitation %ld: run %lld %s: %zu line(s), total %lld.%02lld\n", year,
           (long long)r.id, r.already ? "already made, nothing changed" : "made", r.lines,
           (long long)(r.total / 100), (long long)llabs(r.total % 100));
    return 0;
}
