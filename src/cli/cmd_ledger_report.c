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
    "  --format table|csv|json (default table); --output FILE writes it atomically\n"
    "\n"
    "statement: history by period and point type (pending batches in brackets),\n"
    "holdings, rank, and what the next rank still needs.  club: home and\n"
    "alternate members and players who earned at the club in the quarter to\n"
    "--period (ABF-94..96).  top: top earners by rank group.\n";

/* The report named by pos[1] (its arguments checked). */
static bmp_status fill_report(bmp_ledger *l, const ledger_args *a, const void *arg, bmp_table *t,
                              bmp_error *e)
{
    (void)arg;
    const char *what = a->pos[1];
    if (strcmp(what, "statement") == 0)
        return bmp_ledger_statement(l, a->body, a->pos[2], t, e);
    if (strcmp(what, "club") == 0)
        return bmp_ledger_club_report(l, a->body, a->pos[2], a->period, t, e);
    if (strcmp(what, "promotions") == 0)
        return bmp_ledger_promotions(l, a->body, a->period, t, e);
    if (strcmp(what, "top") == 0)
        return bmp_ledger_top_earners(l, a->body, a->period,
                                      a->limit ? (size_t)strtoul(a->limit, NULL, 10) : 10, t, e);
    if (strcmp(what, "batches") == 0)
        return bmp_ledger_batches(l, a->state, t, e);
    return bmp_error_set(e, BMP_EINVAL, "unknown report \"%s\" (expected statement, club, "
                         "promotions, top or batches)", what);
}

int ledger_cmd_report(ledger_args *a)
{
    if (a->help || a->npos < 2)
        return ledger_usage(a, help_report);
    const char *what = a->pos[1];
    bool needs_arg = strcmp(what, "statement") == 0 || strcmp(what, "club") == 0;
    if ((size_t)(needs_arg ? 3 : 2) != a->npos || (strcmp(what, "batches") != 0 && !a->body))
        return ledger_usage(a, help_report);
    return ledger_report_table(a, fill_report, NULL);
}
