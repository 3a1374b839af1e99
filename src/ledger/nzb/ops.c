/* NZ Bridge's table for the ledger core (body_ops.h): its constants, its
 * hooks and its administration runs (include/bridgemp/ledger_runs.h), each
 * an adapter over the named public function. */
#include "bridgemp/ledger_charges.h"
#include "bridgemp/ledger_nz.h"
#include "bridgemp/nzb.h"
#include "ledger/nzb/room.h"

/* fees MONTH --fees TABLE.csv [--output FILE.csv] (NZ-96, NZ-93). */
static LEDGER_RUN_DEF(run_fees)
{
    (void)probs;
    const bmp_ledger_run_spec *spec;
    bmp_status st = ledger_run_check(body, "fees", in, out, &spec, err);
    if (!st)
        st = bmp_ledger_nz_fee_run(l, body, in->pos[0], ledger_run_opt(in, 0), in->output,
                                   &out->run, err);
    return st ? st : ledger_run_text(out, spec->name, in->pos[0], err);
}

/* levy PERIOD --rate CENTS [--output FILE.csv] (NZ-97, NZ-88). */
static LEDGER_RUN_DEF(run_levy)
{
    (void)probs;
    const bmp_ledger_run_spec *spec;
    long long rate = 0;
    bmp_status st = ledger_run_check(body, "levy", in, out, &spec, err);
    if (!st)
        st = ledger_run_number(spec->name, "--rate", ledger_run_opt(in, 0), INT64_MIN,
                               INT64_MAX, &rate, err);
    if (!st)
        st = bmp_ledger_nz_levy_run(l, body, in->pos[0], rate, in->output, &out->run, err);
    return st ? st : ledger_run_text(out, spec->name, in->pos[0], err);
}

/* annual YEAR: rating points and gradings at 31 December (NZ-92). */
static LEDGER_RUN_DEF(run_annual)
{
    (void)probs;
    const bmp_ledger_run_spec *spec;
    int yr = 0;
    bmp_ledger_nz_year y;
    bmp_status st = ledger_run_check(body, "annual", in, out, &spec, err);
    if (!st)
        st = ledger_run_year(spec->name, in->pos[0], &yr, err);
    if (!st)
        st = bmp_ledger_nz_annual_run(l, body, yr, &y, err);
    if (st)
        return st;
    if (y.already)
        return ledger_run_say(out, err, "annual run %d: already made for %zu players, nothing "
                              "changed", yr, y.players);
    return ledger_run_say(out, err, "annual run %d: %zu players: %zu Open, %zu Intermediate, "
                          "%zu Junior", yr, y.players, y.open, y.intermediate, y.junior);
}

/* gradings YEAR: a year's results, a table (NZ-92). */
static LEDGER_RUN_DEF(run_gradings)
{
    (void)probs;
    const bmp_ledger_run_spec *spec;
    int yr = 0;
    bmp_status st = ledger_run_check(body, "gradings", in, out, &spec, err);
    if (!st)
        st = ledger_run_year(spec->name, in->pos[0], &yr, err);
    out->kind = BMP_LEDGER_OUT_TABLE;
    return st ? st : bmp_ledger_nz_gradings(l, body, yr, &out->table, err);
}

/* expire --date D: expired Temporary players' points cancelled (NZ-87). */
static LEDGER_RUN_DEF(run_expire)
{
    (void)probs;
    const bmp_ledger_run_spec *spec;
    int64_t id = 0;
    size_t n = 0;
    bmp_status st = ledger_run_check(body, "expire", in, out, &spec, err);
    if (!st)
        st = bmp_ledger_expire_temporary(l, body, ledger_run_opt(in, 0), &id, &n, err);
    return st ? st : ledger_run_say(out, err, "batch %lld provisional: %zu holding(s) of "
                                    "Temporary players cancelled (NZ-87)", (long long)id, n);
}

static const bmp_ledger_run_opt fees_opts[] = {
    {"--fees", "TABLE.csv", "from,club_session,tournament_session,a_point: the rates (cents)",
     true}};
static const bmp_ledger_run_opt levy_opts[] = {
    {"--rate", "CENTS", "the levy per Active and Unknown player (an input)", true}};
static const bmp_ledger_run_opt expire_opts[] = {
    {"--date", "yyyy-mm-dd", "the day of the run: six months after a Temporary's last", true}};
static const bmp_ledger_run_opt doc_opts[] = {
    {"--as", "html|csv|json", "the document's format (html when absent)", false}};

/* The runs' longer help (bridgemp ledger NAME --help). */
static const char help_fees[] =
    "NZ Bridge's monthly masterpoint fee run (NZ-96) of MONTH (yyyy-mm): for each\n"
    "approved or posted event of the month, its player-sessions x the club (NZ-93a)\n"
    "or tournament (NZ-93b) session fee and its A points x the fee per A point\n"
    "(NZ-93c), at the rates in force on the event's date.  TABLE.csv holds the\n"
    "rates, which the regulations do not: from,club_session,tournament_session,\n"
    "a_point (cents).  One run per month, all or nothing; invoice it with\n"
    "`bridgemp ledger invoice RUN`.\n";
static const char help_levy[] =
    "The levy per player: CENTS for every Active and Unknown player, charged to the\n"
    "home club (NZ-97, NZ-88; the amount is an input).  All or nothing; run again,\n"
    "it changes nothing and says so.\n";
static const char help_annual[] =
    "The annual run at 31 December of YEAR (NZ-92): every registered player's rating\n"
    "points (NZ-6: last year's x 0.8 + the A and B points of YEAR's posted events)\n"
    "and the grading from 1 January (NZ-5: Open, Intermediate, Junior; overseas\n"
    "players Open, NZ-105).  Once per year, all or nothing, kept for ever.\n"
    "`gradings` lists a year's results.\n";
static const char help_expire[] =
    "NZ-87: one provisional adjustment batch cancelling the points of every\n"
    "player still Temporary six months after their first points.\n";
static const char help_certificates[] =
    "One certificate per promotion of closed period PERIOD (NZ-99); the period's\n"
    "certificates by home club as a printable page (or --as csv|json), to forward\n"
    "to the clubs.\n";

#define OPTS(a) a, sizeof a / sizeof a[0]
static const bmp_ledger_run_spec runs[] = {
    {"fees", "NZ-96", "MONTH",
     "the monthly masterpoint fee run: session fees and fees per A point, by event", 1,
     OPTS(fees_opts), "FILE.csv", run_fees, BMP_LEDGER_OUT_RUN,
     help_fees},
    {"levy", "NZ-97", "PERIOD", "the levy per player, charged to the home club", 1,
     OPTS(levy_opts), "FILE.csv", run_levy, BMP_LEDGER_OUT_RUN,
     help_levy},
    {"annual", "NZ-92", "YEAR", "the annual run of rating points and gradings at 31 December",
     1, NULL, 0, NULL, run_annual, BMP_LEDGER_OUT_TEXT,
     help_annual},
    {"gradings", "NZ-92", "YEAR", "a year's rating points and gradings (a read)", 1, NULL, 0,
     NULL, run_gradings, BMP_LEDGER_OUT_TABLE,
     help_annual},
    {"expire", "NZ-87", "", "cancel expired Temporary players' points", 0, OPTS(expire_opts),
     NULL, run_expire, BMP_LEDGER_OUT_TEXT,
     help_expire},
    {"certificates", "NZ-99", "PERIOD",
     "one certificate per promotion of closed period PERIOD, by home club", 1, OPTS(doc_opts),
     "FILE", ledger_run_certificates, BMP_LEDGER_OUT_TEXT,
     help_certificates},
};

static const ledger_point_bound max_event_points[] = {
    /* NZ-57..NZ-76: the largest scales are 15A national events; every
     * award of Part E is far below 1,000 (rulings L-26-1) */
    {NULL, 100000, "1000.00, above any NZ Bridge scale's award (Part E, NZ-57; rulings L-26-1)"},
};

static const char *const register_fields[] = {"overseas", NULL}; /* NZ-103 */

const ledger_body_ops ledger_nzb_ops = {
    .code = "nzb",
    .title = "NZ Bridge",
    .file_rule = "NZ-100",
    .adjustment_rule = "NZ-91",
    .members_only = "masterpoints are issued only to members (NZ-9)",
    .overseas_no_points = true,
    .register_fields = register_fields,
    .unknown_rule = "NZ-9",
    .number_name = "NZB computer",
    .allocate_numbers = nzb_allocate_numbers,
    .c_to_b = bmp_nz_c_to_b,
    .convert_rate = nzb_convert_rate,
    .cert_prefix = "NZB",
    .cert_rule = "NZ-99",
    .runs = runs,
    .nruns = sizeof runs / sizeof runs[0],
    .max_event_points = max_event_points,
};
