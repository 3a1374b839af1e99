/* `bridgemp ledger accept-carried`: a batch held because the points its
 * file carries differ from the engine's award (or are of a type the
 * event's scale does not give) is released for approval with the
 * secretary's reason, audited (bmp_ledger_accept_carried; issue 26). */
#include <stdio.h>
#include <stdlib.h>

#include "bridgemp/ledger_carried.h"
#include "cli/ledger/ledger_util.h"

static const char *const help_accept_carried =
    "Accept the points a held batch's file carries instead of the engine's award.  A\n"
    "file's carried points (USEBIO MASTER_POINTS, JSON mp.*) are compared on import with\n"
    "the award the engine computes for the same event; a batch whose figures differ, or\n"
    "carry a point type the event's scale does not give, is held: it cannot be approved\n"
    "until the carried figures are accepted here (the reason is recorded in the audit\n"
    "log) or the batch is rejected.\n";

static bmp_status accept_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                              bmp_problems *p, bmp_error *e)
{
    (void)a;
    (void)p;
    const int64_t *id = arg;
    bmp_status st = bmp_ledger_accept_carried(l, *id, a->reason, e);
    if (!st)
        printf("batch %lld: carried points accepted; it can now be approved\n", (long long)*id);
    return st;
}

static int cmd_accept_carried(void *arg)
{
    ledger_args *a = arg;
    if (!a->reason || !*a->reason)
        return ledger_usage(a);
    char *end = NULL;
    long long id = strtoll(a->pos[1], &end, 10);
    if (!*a->pos[1] || *end || id <= 0) {
        fprintf(stderr, "bridgemp ledger: expected a batch number, got \"%s\"\n", a->pos[1]);
        return LEDGER_EXIT_USAGE;
    }
    int64_t v = id;
    return ledger_run(a, accept_step, &v);
}

void ledger_print_imported(bmp_ledger *l, const char *file, int64_t id)
{
    bool held = false, accepted = false;
    char why[400];
    if (!bmp_ledger_batch_hold(l, id, &held, &accepted, why, sizeof why, NULL) && held)
        printf("%s: batch %lld provisional, held: %s (ledger accept-carried %lld --reason R, "
               "or reject it)\n", file, (long long)id, why, (long long)id);
    else
        printf("%s: batch %lld provisional\n", file, (long long)id);
    if (!bmp_ledger_batch_carried_unchecked(l, id, why, sizeof why, NULL) && *why)
        printf("%s: %s\n", file, why); /* a skipped check said aloud (issue 45) */
}

bool ledger_skip_held(bmp_ledger *l, int64_t id)
{
    bool held = false, accepted = false;
    char why[400];
    if (bmp_ledger_batch_hold(l, id, &held, &accepted, why, sizeof why, NULL) || !held ||
        accepted)
        return false;
    printf("batch %lld held: %s; not approved (ledger accept-carried %lld --reason R, or reject "
           "it)\n", (long long)id, why, (long long)id);
    return true;
}

static const cli_opt opts_accept[] = {LOPT_REASON_REQ, CLI_OPT_END};

const cli_cmd ledger_cmds_intake[] = {
    {"accept-carried", "ID", "accept a held batch's carried points", help_accept_carried,
     opts_accept, 1, 1, cmd_accept_carried, 0},
    {NULL, NULL, NULL, NULL, NULL, 0, 0, NULL, 0}};
