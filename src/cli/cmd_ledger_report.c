/* `bridgemp ledger report ...`: statements, club reports, promotions, top
 * earners and batches as a table, CSV or JSON. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/bridgemp.h"
#include "cmd_ledger.h"

static const char *const help_report =
    "usage: bridgemp ledger report statement NUMBER --body B\n"
    "       bridgemp ledger report club CLUB --body B [--period yyyy-mm]\n"
    "       bridgemp ledger report promotions --body B [--period yyyy-mm]\n"
    "       bridgemp ledger report top --body B [--period yyyy-mm] [--limit N]\n"
    "       bridgemp ledger report batches [--state S]\n"
    "  --format table|csv|json (default table)\n"
    "\n"
    "statement: history by period and point type (pending batches in brackets),\n"
    "holdings, rank, and what the next rank still needs.  club: home and\n"
    "alternate members and players who earned at the club in the quarter to\n"
    "--period (ABF-94..96).  top: top earners by rank group.\n";

int ledger_cmd_report(ledger_args *a)
{
    if (a->help) {
        fputs(help_report, stdout);
        return 0;
    }
    if (a->npos < 2)
        return fputs(help_report, stderr), LEDGER_EXIT_USAGE;
    const char *what = a->pos[1];
    bool needs_arg = strcmp(what, "statement") == 0 || strcmp(what, "club") == 0;
    if ((size_t)(needs_arg ? 3 : 2) != a->npos || (strcmp(what, "batches") != 0 && !a->body))
        return fputs(help_report, stderr), LEDGER_EXIT_USAGE;
    bmp_error e = {0};
    bmp_ledger *l = NULL;
    bmp_status st = ledger_open_db(a, false, &l, &e);
    if (st)
        return ledger_fail(&e, st);
    bmp_table t;
    bmp_table_init(&t);
    if (strcmp(what, "statement") == 0)
        st = bmp_ledger_statement(l, a->body, a->pos[2], &t, &e);
    else if (strcmp(what, "club") == 0)
        st = bmp_ledger_club_report(l, a->body, a->pos[2], a->period, &t, &e);
    else if (strcmp(what, "promotions") == 0)
        st = bmp_ledger_promotions(l, a->body, a->period, &t, &e);
    else if (strcmp(what, "top") == 0)
        st = bmp_ledger_top_earners(l, a->body, a->period,
                                    a->limit ? (size_t)strtoul(a->limit, NULL, 10) : 10, &t, &e);
    else if (strcmp(what, "batches") == 0)
        st = bmp_ledger_batches(l, a->state, &t, &e);
    else
        st = bmp_error_set(&e, BMP_EINVAL, "unknown report \"%s\" (expected statement, club, "
                           "promotions, top or batches)", what);
    if (!st)
        st = bmp_table_write(&t, a->fmt, stdout, &e);
    bmp_table_free(&t);
    bmp_ledger_close(l);
    return st ? ledger_fail(&e, st) : 0;
}
