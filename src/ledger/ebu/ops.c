/* The EBU's table for the ledger core (body_ops.h): its constants and its
 * administration runs (include/bridgemp/ledger_runs.h), each an adapter
 * over the named public function (include/bridgemp/ledger_ebu.h). */
#include "bridgemp/ledger_ebu.h"
#include "ledger/body_ops.h"

/* gold DATE [--number N]: every holding, or one player's awards (EBU-3). */
static LEDGER_RUN_DEF(run_gold)
{
    (void)probs;
    const bmp_ledger_run_spec *spec;
    bmp_status st = ledger_run_check(body, "gold", in, out, &spec, err);
    const char *number = ledger_run_opt(in, 0);
    out->kind = BMP_LEDGER_OUT_TABLE;
    if (st)
        return st;
    return number ? bmp_ledger_ebu_gold_awards(l, body, number, in->pos[0], &out->table, err)
                  : bmp_ledger_ebu_gold(l, body, in->pos[0], &out->table, err);
}

/* ums MONTH --rates F [--exemptions F] [--output FILE.csv] (EBU-17, EBU-18). */
static LEDGER_RUN_DEF(run_ums)
{
    (void)probs;
    const bmp_ledger_run_spec *spec;
    bmp_status st = ledger_run_check(body, "ums", in, out, &spec, err);
    if (!st)
        st = bmp_ledger_ebu_ums_run(l, body, in->pos[0], ledger_run_opt(in, 0),
                                    ledger_run_opt(in, 1), in->output, &out->run, err);
    return st ? st : ledger_run_text(out, spec->name, in->pos[0], err);
}

/* licences MONTH --events F --rates F [--output FILE.csv] (EBU-26). */
static LEDGER_RUN_DEF(run_licences)
{
    (void)probs;
    const bmp_ledger_run_spec *spec;
    bmp_status st = ledger_run_check(body, "licences", in, out, &spec, err);
    if (!st)
        st = bmp_ledger_ebu_licence_run(l, body, in->pos[0], ledger_run_opt(in, 0),
                                        ledger_run_opt(in, 1), in->output, &out->run, err);
    return st ? st : ledger_run_text(out, spec->name, in->pos[0], err);
}

static const bmp_ledger_run_opt gold_opts[] = {
    {"--number", "N", "that player's Gold awards one by one", false}};
static const bmp_ledger_run_opt ums_opts[] = {
    {"--rates", "RATES.csv", "from,code,session: cents per player-session by UMS code", true},
    {"--exemptions", "FILE.csv", "batch,exemption,note: the events exempted (EBU-17)", false}};
static const bmp_ledger_run_opt licence_opts[] = {
    {"--events", "EVENTS.csv", "club,event,end,sessions,tables,category", true},
    {"--rates", "RATES.csv", "from,category,table_session: cents by category", true}};

/* The runs' longer help (bridgemp ledger NAME --help). */
static const char help_gold[] =
    "EBU Gold Points at DATE (yyyy-mm-dd; EBU-3, 2.5.1): each Gold award of the\n"
    "posted ledger loses 20% of its original value at each anniversary of its event\n"
    "and is worth nothing from the fifth (rulings EA-1, EA-2).  Every player with\n"
    "Gold: number, name, awards, original, value; with --number, that player's\n"
    "awards one by one.  A read: nothing is written.  Gold is not used for rank.\n";
static const char help_ums[] =
    "The EBU's UMS charge run of MONTH (yyyy-mm; EBU-17, EBU-18): for each approved\n"
    "or posted event of the month, its player-sessions x the rate of its UMS charge\n"
    "code (EBU-7) in force on its date, charged to its club, county or league.\n"
    "RATES.csv: from,code,session (cents per player-session; the EBU publishes\n"
    "them).  Code 02 pays nothing.  FILE.csv: batch,exemption,note with exemption\n"
    "novice, party, children-in-need, charity or ebu (EBU-17; the note names an\n"
    "EBU grant).  One run per month, all or nothing; invoice it with\n"
    "`bridgemp ledger invoice RUN`.\n";
static const char help_licences[] =
    "The EBU licence fee run of MONTH (yyyy-mm; EBU-26, EBU-18): one line per\n"
    "licensed event that ended in the month, sessions x tables x the rate of its\n"
    "category, due 30 days after its end.  EVENTS.csv:\n"
    "club,event,end,sessions,tables,category; RATES.csv: from,category,\n"
    "table_session (cents).  One run per month, all or nothing; invoice it with\n"
    "`bridgemp ledger invoice RUN`.\n";

#define OPTS(a) a, sizeof a / sizeof a[0]
static const bmp_ledger_run_spec runs[] = {
    {"gold", "EBU-3", "DATE", "Gold Points at DATE: each award loses 20% a year (a read)", 1,
     OPTS(gold_opts), NULL, run_gold, BMP_LEDGER_OUT_TABLE,
     help_gold},
    {"ums", "EBU-17", "MONTH",
     "the UMS charge run of MONTH: player-sessions x the rate of each event's code", 1,
     OPTS(ums_opts), "FILE.csv", run_ums, BMP_LEDGER_OUT_RUN,
     help_ums},
    {"licences", "EBU-26", "MONTH",
     "the licence fee run of MONTH: sessions x tables x the rate of each category", 1,
     OPTS(licence_opts), "FILE.csv", run_licences, BMP_LEDGER_OUT_RUN,
     help_licences},
};

static const ledger_point_bound max_event_points[] = {
    /* EBU-50, EBU-69: the largest theoretical maximum (720, national 36+
     * boards) one status above National (x1.5) and enlarged by the square
     * root rule stays under 10,000 below some 2,000 tables (rulings L-26-1) */
    {NULL, 1000000, "10000.00, above any EBU scale's maximum (EBU-50, EBU-69; rulings L-26-1)"},
};

const ledger_body_ops ledger_ebu_ops = {
    .code = "ebu",
    .title = "the EBU",
    .file_rule = "EBU-5",
    .hold_unknown = true,
    .unknown_rule = "EBU-5",
    .number_name = "EBU",
    .runs = runs,
    .nruns = sizeof runs / sizeof runs[0],
    .max_event_points = max_event_points,
    .region_word = "county", /* RG-1 */
};
