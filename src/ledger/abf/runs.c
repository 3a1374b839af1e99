/* The ABF's administration runs behind the generic entry of its runs table
 * (ops.c, include/bridgemp/ledger_runs.h): each reads its arguments, calls
 * the named public function and says what the CLI prints. */
#include <stdlib.h>

#include "bridgemp/ledger_charges.h"
#include "bridgemp/ledger_payments.h"
#include "ledger/abf/room.h"

/* capitation YEAR [--output FILE.csv] (ABF-111). */
LEDGER_RUN_DEF(abf_run_capitation)
{
    (void)probs;
    const bmp_ledger_run_spec *spec;
    int year = 0;
    bmp_status st = ledger_run_check(body, "capitation", in, out, &spec, err);
    if (!st)
        st = ledger_run_year(spec->name, in->pos[0], &year, err);
    if (!st)
        st = bmp_ledger_capitation_run(l, body, year, in->output, &out->run, err);
    return st ? st : ledger_run_text(out, spec->name, in->pos[0], err);
}

/* members YEAR: the schedule as a table (ABF-109). */
LEDGER_RUN_DEF(abf_run_members)
{
    (void)probs;
    const bmp_ledger_run_spec *spec;
    int year = 0;
    bmp_status st = ledger_run_check(body, "members", in, out, &spec, err);
    if (!st)
        st = ledger_run_year(spec->name, in->pos[0], &year, err);
    out->kind = BMP_LEDGER_OUT_TABLE;
    return st ? st : bmp_ledger_member_schedule(l, body, year, &out->table, err);
}

/* grade ID GRADE [--exempt] (ABF-110, ABF-113). */
LEDGER_RUN_DEF(abf_run_grade)
{
    (void)probs;
    const bmp_ledger_run_spec *spec;
    long long id = 0;
    bmp_status st = ledger_run_check(body, "grade", in, out, &spec, err);
    if (!st)
        st = ledger_run_number(spec->name, "ID", in->pos[0], 1, INT64_MAX, &id, err);
    bool exempt = ledger_run_opt(in, 0) != NULL;
    if (!st)
        st = bmp_ledger_set_grade(l, body, id, in->pos[1], exempt, err);
    return st ? st : ledger_run_say(out, err, "batch %lld: grade %s%s", id, in->pos[1],
                                    exempt ? " (exempt)" : "");
}

/* levy QUARTER [--output FILE.csv] (ABF-110, ABF-113). */
LEDGER_RUN_DEF(abf_run_levy)
{
    (void)probs;
    const bmp_ledger_run_spec *spec;
    bmp_status st = ledger_run_check(body, "levy", in, out, &spec, err);
    if (!st)
        st = bmp_ledger_levy_run(l, body, in->pos[0], in->output, &out->run, err);
    return st ? st : ledger_run_text(out, spec->name, in->pos[0], err);
}

/* cancel YEAR FILE.csv (ABF-98). */
LEDGER_RUN_DEF(abf_run_cancel)
{
    const bmp_ledger_run_spec *spec;
    int year = 0;
    size_t done = 0, already = 0;
    bmp_status st = ledger_run_check(body, "cancel", in, out, &spec, err);
    if (!st)
        st = ledger_run_year(spec->name, in->pos[0], &year, err);
    if (!st)
        st = bmp_ledger_cancel_members(l, body, year, in->pos[1], &done, &already, probs, err);
    return st ? st : ledger_run_say(out, err, "cancellations %s: %zu cancelled, %zu already "
                                    "cancelled%s", in->pos[0], done, already,
                                    done ? "" : " (nothing changed)");
}

/* affiliated CLUB DATE (ABF-112). */
LEDGER_RUN_DEF(abf_run_affiliated)
{
    (void)probs;
    const bmp_ledger_run_spec *spec;
    bmp_status st = ledger_run_check(body, "affiliated", in, out, &spec, err);
    if (!st)
        st = bmp_ledger_set_club_affiliated(l, body, in->pos[0], in->pos[1], err);
    return st ? st : ledger_run_say(out, err, "club %s: first affiliated %s", in->pos[0],
                                    in->pos[1]);
}

/* daily DATE: the batches processed that day, a table (ABF-106). */
LEDGER_RUN_DEF(abf_run_daily)
{
    (void)probs;
    const bmp_ledger_run_spec *spec;
    bmp_status st = ledger_run_check(body, "daily", in, out, &spec, err);
    out->kind = BMP_LEDGER_OUT_TABLE;
    return st ? st : bmp_ledger_daily_report(l, body, in->pos[0], &out->table, err);
}

/* b4c PERIOD: the month's B4c, B4s and B5i points, a table (ABF-107). */
LEDGER_RUN_DEF(abf_run_b4c)
{
    (void)probs;
    const bmp_ledger_run_spec *spec;
    bmp_status st = ledger_run_check(body, "b4c", in, out, &spec, err);
    out->kind = BMP_LEDGER_OUT_TABLE;
    return st ? st : bmp_ledger_b4c_list(l, body, in->pos[0], &out->table, err);
}

/* overdue DATE [--as F] [--output DIR] (ABF-114). */
LEDGER_RUN_DEF(abf_run_overdue)
{
    (void)probs;
    const bmp_ledger_run_spec *spec;
    bmp_invoice_format f;
    bmp_status st = ledger_run_check(body, "overdue", in, out, &spec, err);
    if (!st)
        st = ledger_run_doc_format(spec->name, ledger_run_opt(in, 0), &f, err);
    if (!st)
        st = bmp_ledger_overdue_run(l, body, in->pos[0], in->output, f, &out->run, err);
    return st ? st : ledger_run_invoiced(out, "overdue penalties (ABF-114)", in->output, err);
}

/* event-levy BATCH [--tour] [--as F] [--output DIR] (ABF-116). */
LEDGER_RUN_DEF(abf_run_event_levy)
{
    (void)probs;
    const bmp_ledger_run_spec *spec;
    bmp_invoice_format f;
    long long batch = 0;
    bmp_status st = ledger_run_check(body, "event-levy", in, out, &spec, err);
    bool tour = ledger_run_opt(in, 0) != NULL;
    if (!st)
        st = ledger_run_number(spec->name, "BATCH", in->pos[0], 1, INT64_MAX, &batch, err);
    if (!st)
        st = ledger_run_doc_format(spec->name, ledger_run_opt(in, 1), &f, err);
    if (!st)
        st = bmp_ledger_event_levy(l, body, batch, tour, in->output, f, &out->run, err);
    return st ? st : ledger_run_invoiced(out, tour ? "bridge tour levy (ABF-116)"
                                                   : "congress levy (ABF-116)", in->output, err);
}
