/* The ABF's table for the ledger core (body_ops.h): its constants, its
 * hooks and its administration runs (include/bridgemp/ledger_runs.h). */
#include "bridgemp/abf.h"
#include "core/util.h"
#include "ledger/abf/levy_gate.h"
#include "ledger/abf/room.h"

/* ABF numbers (ABF-93), zero-filled to seven digits. */
static bmp_status number_check(const char *in, char *out, size_t size, bmp_error *err)
{
    char n7[8];
    bmp_status st = bmp_abf_number_validate(in, false, n7, err);
    if (!st)
        core_strlcpy(out, n7, size);
    return st;
}

static const bmp_ledger_run_opt grade_opts[] = {
    {"--exempt", NULL, "a GNOT or GNP event: no late credit-file penalty (ABF-113)", false}};
static const bmp_ledger_run_opt doc_opts[] = {
    {"--as", "html|csv|json", "the documents' format (html when absent)", false}};
static const bmp_ledger_run_opt levy_opts[] = {
    {"--tour", NULL, "a bridge tour's levy (5.1.2) rather than a congress's (5.1.1)", false},
    {"--as", "html|csv|json", "the invoice's format (html when absent)", false}};

/* The runs' longer help (bridgemp ledger NAME --help). */
static const char help_capitation[] =
    "The annual capitation run of membership year YEAR (1 April YEAR to 31 March):\n"
    "one line in cents per Active home player of each club (ABF-111; none for\n"
    "overseas and youth players, ABF-100, ABF-102) and a commission credit per new\n"
    "player.  All or nothing; run again, it changes nothing and says so.  --output\n"
    "writes the run's lines as CSV club,player,rule,charge,cents.\n";
static const char help_members[] =
    "The annual schedule of registered home members of membership year YEAR (1 April\n"
    "YEAR to 31 March), by club, for the cancellation process (ABF-109).  --output\n"
    "writes it to FILE (an atomic write).\n";
static const char help_grade[] =
    "Record the event grade of batch ID (A, A2, B, B3, B4, B5, B4c, B4s, B5i, C, D, E,\n"
    "F) for the masterpoint levy (ABF-110); --exempt: a GNOT or GNP event, no late\n"
    "credit-file penalty (ABF-113).  Refused once the batch has been levied.\n";
static const char help_levy[] =
    "The quarterly masterpoint levy run of QUARTER (yyyy-Qn): points of each club\n"
    "batch posted in the quarter x the rate of its grade (ABF-110), and the late\n"
    "credit-file penalty (ABF-113).  Every batch needs a grade (`ledger grade`).\n"
    "All or nothing; run again, it changes nothing and says so.\n";
static const char help_cancel[] =
    "The annual cancellation run (ABF-98): the members listed in FILE (columns number\n"
    "and optionally club, the home club) cancelled before 1 April YEAR become\n"
    "non-financial (Dormant, registered to YEAR-1).  All or nothing; those already\n"
    "cancelled are counted and left alone.\n";
static const char help_affiliated[] =
    "Record the date CLUB first affiliated with its State (yyyy-mm-dd): in that ABF\n"
    "registration year its new players pay no capitation (ABF-112).\n";
static const char help_daily[] =
    "The daily report (ABF-106): the batches processed on DATE (yyyy-mm-dd) with\n"
    "their event, club, state, lines and points.  --output writes it atomically.\n";
static const char help_b4c[] =
    "The monthly list of B4c, B4s and B5i points processed in PERIOD (yyyy-mm), for\n"
    "the State secretaries (ABF-107, 2.6): batches of those grades (`ledger grade`).\n";
static const char help_overdue[] =
    "The ABF's 10 %-a-quarter penalty on invoices owing more than 90 days at DATE,\n"
    "each quarter once (ABF-114), invoiced; --output writes the invoices to DIR.\n";
static const char help_event_levy[] =
    "The levy of a provisional congress (or --tour) batch, invoiced now; the batch\n"
    "cannot be approved until it is paid (ABF-116).\n";
static const char help_certificates[] =
    "One certificate per promotion of closed period PERIOD (ABF-88); the period's\n"
    "certificates by home club as a printable page (or --as csv|json), to forward\n"
    "to the clubs.\n";

#define OPTS(a) a, sizeof a / sizeof a[0]
static const bmp_ledger_run_spec runs[] = {
    {"capitation", "ABF-111", "YEAR",
     "the annual capitation of membership year YEAR: a charge per Active home player", 1, NULL,
     0, "FILE.csv", abf_run_capitation, BMP_LEDGER_OUT_RUN,
     help_capitation},
    {"members", "ABF-109", "YEAR",
     "the schedule of registered home members of membership year YEAR, by club", 1, NULL, 0,
     NULL, abf_run_members, BMP_LEDGER_OUT_TABLE,
     help_members},
    {"grade", "ABF-110", "ID GRADE", "record the event grade of batch ID for the levy", 2,
     OPTS(grade_opts), NULL, abf_run_grade, BMP_LEDGER_OUT_TEXT,
     help_grade},
    {"levy", "ABF-110", "QUARTER",
     "the quarterly masterpoint levy of QUARTER (yyyy-Qn) by grade, and late penalties", 1,
     NULL, 0, "FILE.csv", abf_run_levy, BMP_LEDGER_OUT_RUN,
     help_levy},
    {"cancel", "ABF-98", "YEAR FILE.csv",
     "the annual cancellation run: the members listed become non-financial", 2, NULL, 0, NULL,
     abf_run_cancel, BMP_LEDGER_OUT_TEXT,
     help_cancel},
    {"affiliated", "ABF-112", "CLUB DATE",
     "record the date CLUB first affiliated: its new players pay no capitation that year", 2,
     NULL, 0, NULL, abf_run_affiliated, BMP_LEDGER_OUT_TEXT,
     help_affiliated},
    {"daily", "ABF-106", "DATE", "the daily report of the batches processed on DATE", 1, NULL,
     0, NULL, abf_run_daily, BMP_LEDGER_OUT_TABLE,
     help_daily},
    {"b4c", "ABF-107", "PERIOD",
     "the monthly list of B4c, B4s and B5i points processed in PERIOD (yyyy-mm)", 1, NULL, 0,
     NULL, abf_run_b4c, BMP_LEDGER_OUT_TABLE,
     help_b4c},
    {"overdue", "ABF-114", "DATE",
     "the 10 %-a-quarter penalty on invoices owing more than 90 days at DATE, invoiced", 1,
     OPTS(doc_opts), "DIR", abf_run_overdue, BMP_LEDGER_OUT_RUN,
     help_overdue},
    {"event-levy", "ABF-116", "BATCH",
     "the levy of a provisional congress or tour batch, invoiced now", 1, OPTS(levy_opts),
     "DIR", abf_run_event_levy, BMP_LEDGER_OUT_RUN,
     help_event_levy},
    {"certificates", "ABF-88", "PERIOD",
     "one certificate per promotion of closed period PERIOD, by home club", 1, OPTS(doc_opts),
     "FILE", ledger_run_certificates, BMP_LEDGER_OUT_TEXT,
     help_certificates},
};

static const ledger_point_bound max_event_points[] = {
    /* App. D (ABF-117): a credit line carries at most 9999.99 of a colour */
    {"green", 999999, "9999.99, the largest award an ABF credit file can carry (App. D, ABF-117)"},
    {"red", 999999, "9999.99, the largest award an ABF credit file can carry (App. D, ABF-117)"},
    {"gold", 999999, "9999.99, the largest award an ABF credit file can carry (App. D, ABF-117)"},
    {NULL, 999999, "9999.99, the largest award an ABF credit file can carry (App. D, ABF-117)"},
};

/* The ABF's State and Territory Associations, by the abbreviations its
 * regulations list their State Masterpoint Secretaries under (ABF
 * Masterpoint Scheme 2025, 1.2.2 and its list of secretaries; RG-1). */
static const ledger_region_code states[] = {
    {"ACT", "Australian Capital Territory"}, {"NSW", "New South Wales"},
    {"NT", "Northern Territory"},            {"QLD", "Queensland"},
    {"SA", "South Australia"},               {"TAS", "Tasmania"},
    {"VIC", "Victoria"},                     {"WA", "Western Australia"},
};

static const char *const register_fields[] = {"overseas", "youth", "registered_from",
                                              "registered_to", "pre1982_red", NULL};

const ledger_body_ops ledger_abf_ops = {
    .code = "abf",
    .title = "the ABF",
    .file_rule = "ABF-103",
    .club_quarter_rule = "ABF-96",
    .register_fields = register_fields,
    .hold_unknown = true,
    .unknown_rule = "ABF-99",
    .number_check = number_check,
    .ranks_for_life = true,
    .held_creditable = bmp_abf_unregistered_credited,
    .convert_rate = abf_convert_rate,
    .approve_gate = ledger_levy_gate,
    .no_club_number = abf_club_number_fee,
    .cert_prefix = "ABF",
    .cert_rule = "ABF-88",
    .runs = runs,
    .nruns = sizeof runs / sizeof runs[0],
    .max_event_points = max_event_points,
    .year_awards = abf_year_awards,
    .region_word = "state",
    .regions = states,
    .nregions = sizeof states / sizeof states[0],
};
