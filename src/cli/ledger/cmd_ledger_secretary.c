/* `bridgemp ledger` for a secretary who must see before and undo after
 * (issue 26): batch show, the close's --dry-run, reopen. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridgemp/bridgemp.h"
#include "bridgemp/ledger_secretary.h"
#include "cli/ledger/ledger_util.h"

static const char *const help_batch_show =
    "One batch in sections: its header (state, body, club, event, date, source,\n"
    "file, content hash, who, when, period, reason, event key), its lines, its held\n"
    "lines with the reason each is held, and, for a batch held for the points its\n"
    "file carries, those points against the engine's with the derivation.  JSON:\n"
    "an array of the sections' tables.\n";

static const char *const help_reopen =
    "Reopen the last closed period (yyyy-mm) of body B, in one transaction: its\n"
    "posted batches go back to approved (the next close posts them again), the\n"
    "holdings lose what the close added, the touched players get back the ranks\n"
    "the close replaced, its promotions are undone and its certificates revoked.\n"
    "The journal is never changed; the reopen and its reason are recorded and\n"
    "audited.  Any other period is refused.\n";

static bmp_status write_sections(FILE *f, const void *arg, bmp_error *e)
{
    const struct {
        const bmp_ledger_sections *s;
        bmp_output_format fmt;
    } *x = arg;
    bool json = x->fmt == BMP_OUT_JSON;
    bmp_status st = BMP_OK;
    fputs(json ? "[\n" : "", f);
    for (size_t i = 0; i < x->s->n && !st; i++) {
        fputs(i ? (json ? ",\n" : "\n") : "", f);
        st = bmp_table_write(&x->s->v[i], x->fmt, f, e);
    }
    fputs(json ? "]\n" : "", f);
    return st;
}

bmp_status cli_ledger_put_sections(const bmp_ledger_sections *s, const ledger_args *a,
                                   bmp_error *e)
{
    struct {
        const bmp_ledger_sections *s;
        bmp_output_format fmt;
    } x = {s, a->fmt};
    return ledger_put(a, write_sections, &x, e);
}

static bmp_status batch_show_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                                  bmp_problems *p, bmp_error *e)
{
    (void)arg;
    (void)p;
    long long id = 0;
    if (!ledger_number(a->pos[2], 1, INT64_MAX, &id))
        return bmp_error_set(e, BMP_EINVAL, "batch show: expected a batch number, got \"%s\"",
                             a->pos[2]);
    bmp_ledger_sections s;
    bmp_status st = bmp_ledger_batch_show(l, id, &s, e);
    if (!st)
        st = cli_ledger_put_sections(&s, a, e);
    bmp_ledger_sections_free(&s);
    return st;
}

static int cmd_batch_show(void *arg)
{
    ledger_args *a = arg;
    if (a->fmt == BMP_OUT_CSV) {
        fputs("bridgemp ledger batch show: --format table or json (a batch is several tables)\n",
              stderr);
        return LEDGER_EXIT_USAGE;
    }
    return ledger_run(a, batch_show_step, NULL);
}

bmp_status cli_ledger_close_preview(bmp_ledger *l, const ledger_args *a, bmp_error *e)
{
    bmp_ledger_sections s;
    bmp_ledger_close_stats cs;
    bmp_status st = bmp_ledger_close_preview(l, a->body, a->pos[1], &s, &cs, e);
    if (!st && a->fmt != BMP_OUT_JSON)
        printf("%s %s dry run (nothing changed): %zu batches would be posted (%zu lines), "
               "%zu players re-ranked, %zu promotions\n",
               a->body, a->pos[1], cs.batches, cs.lines, cs.players, cs.promotions);
    if (!st)
        st = cli_ledger_put_sections(&s, a, e);
    bmp_ledger_sections_free(&s);
    return st;
}

static bmp_status reopen_step(bmp_ledger *l, const ledger_args *a, const void *arg,
                              bmp_problems *p, bmp_error *e)
{
    (void)arg;
    (void)p;
    bmp_ledger_reopen_stats s;
    bmp_status st = bmp_ledger_reopen_period(l, a->body, a->pos[1], a->reason, &s, e);
    if (!st)
        printf("%s %s reopened: %zu batches back to approved, %zu players' ranks restored, "
               "%zu promotions undone, %zu certificates revoked\n",
               a->body, a->pos[1], s.batches, s.players, s.promotions, s.certificates);
    return st;
}

static int cmd_reopen(void *arg)
{
    ledger_args *a = arg;
    if (!a->body || !a->reason)
        return ledger_usage(a);
    return ledger_run(a, reopen_step, NULL);
}

static const cli_opt opts_reopen[] = {LOPT_BODY, LOPT_REASON_REQ, CLI_OPT_END};
static const cli_opt opts_show[] = {
    LOPT(format, "F", "table (default) or json"), LOPT_OUTPUT, CLI_OPT_END};

const cli_cmd ledger_cmds_secretary[] = {
    {"reopen", "PERIOD", "undo the last close (audited)", help_reopen, opts_reopen, 1, 1,
     cmd_reopen, 0},
    {"batch show", "ID", "a batch: header, lines, held lines and why", help_batch_show, opts_show,
     1, 1, cmd_batch_show, 0},
    {NULL, NULL, NULL, NULL, NULL, 0, 0, NULL, 0}};
