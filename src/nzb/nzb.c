/* NZ Bridge: rules entry point (NZ Bridge Manual Part E, Masterpoint
 * Regulations, Sept 2017).  Awards are computed in award.c, tables in
 * tables.c from the §3 formula (formula.c) and the special tables
 * (special.c); ranks, grades and rating points in ranks.c
 * (include/bridgemp/nzb.h).
 *
 * Event fields used (docs/event-format.md):
 *   grade        required (unless params.interprovincial): 25A, 20A, 15A,
 *                10A, 5A, 3A, 8B, 5B, 3B or 40C (a club session)
 *   kind         pairs / individual (pairs scale, NZ-24); swiss-pairs (pairs
 *                grid + match play); teams, swiss-teams, round-robin,
 *                knockout, match, bam (teams grid + match play)
 *   sessions, boards   deals per session (NZ-28 half table, NZ-39 bonus);
 *                boards x sessions = the event's deals (NZ-84)
 *   boards_per_match, matches[] {home, away, boards, winner | scores}
 *   movement     two-winner: session rankings need a direction (NZ-21)
 *   contestants[].rankings {session, section?, direction?, place}: session
 *                places; a 40C event may give the contestant's place instead
 *   contestants[].place    overall place within its stage group
 *   contestants[].group    a group of type final, plate, consolation (NZ-77,
 *                NZ-80) or, at 25A pairs, semifinal (NZ-53)
 *   contestants[].match_wins, matches_played  when no matches[] are given
 *   players[].participation  teams: < 1/4 no placing award (NZ-36);
 *                pairs: share of the deals played (NZ-35)
 *   phantom      sit-outs: never counted nor awarded (NZ-30 example)
 * Event params:
 *   field        the Total field for the overall grid (default: every
 *                non-phantom contestant; NZ-77 "for the Total field")
 *   total_deals  deals of the whole event (default boards x sessions, or the
 *                most deals any team played)
 *   min_deals_approved, min_contestants_approved  the Chief Director's
 *                approval of fewer deals / contestants (NZ-84, NZ-85)
 *   interprovincial "trials" | "championship", category open | women |
 *                senior | intermediate, open_entry (NZ-75, NZ-76)
 * Match params: home_lineup, away_lineup: comma-separated ids of the
 *   players who took part (NZ-37 line-up records).
 * Group params: size (stage size, NZ-77), field (25A semi-final field).
 *   restricted   an 8B Restricted tournament: no Open-Open pairs (NZ-7)
 * Player params: ineligible (NZ-12 tournaments: no award to the pair/team;
 *   NZ-15 club sessions: only that player gets nothing); grading open |
 *   intermediate | junior: above the tournament's grade is not eligible
 *   (NZ-7, NZ-8: 5B below Open, 3B Junior only). */
#include <string.h>

#include "core/params_spec.h"
#include "nzb/nzb_internal.h"

static const char *const editions[] = {"2017", NULL};
static const char *const edition_docs[] = {"NZ Bridge Manual Part E (Sept 2017)", NULL};
/* The options tables read (nzb_scale, tables.c): the rows printed. */
static const bmp_param_spec c_basic_options[] = {
    BMP_PSTR_BODY("max-entrants", "NZ-26", NULL, "50 (over50: 300)",
                  "the last row, a whole number of entrants up to 2000"),
    BMP_PSTR_BODY("min-entrants", "NZ-26", NULL, "4 (over50: 50)",
                  "the first row, a whole number of entrants from 1 to 2000"),
    BMP_PEND};
static const bmp_param_spec grade_options[] = {
    BMP_PSTR_BODY("max-entrants", NULL, NULL, "the printed last column",
                  "the last column, a whole number of entrants from 2 to 2000"),
    BMP_PSTR_BODY("min-entrants", NULL, NULL, "10",
                  "the first column, a whole number of entrants from 1 to 2000"),
    BMP_PEND};

static const bmp_scale_info scales[] = {
    {"c-basic", "\"C\" Point Basic Table up to 50 participants (NZ-26)", c_basic_options},
    {"c-basic-over50", "\"C\" Point Basic Table over 50 participants (NZ-26, NZ-23)",
     c_basic_options},
    {"c-match-play", "\"C\" Points Basic Match Play Table (NZ-31)", NULL},
    {"a-match-play", "Basic Match Play Table of Session \"A\" Point Awards (NZ-41, NZ-42)", NULL},
    {"20A-pairs", "20A point - Pairs Event (NZ-55)", grade_options},
    {"20A-teams", "20A point - Teams Event (NZ-56)", grade_options},
    {"15A-pairs", "15A points - Pairs Event (NZ-57)", grade_options},
    {"15A-teams", "15A points - Teams Event (NZ-58)", grade_options},
    {"10A-pairs", "10A points - Pairs Event (NZ-60)", grade_options},
    {"10A-teams", "10A points - Teams Event (NZ-61)", grade_options},
    {"5A-pairs", "5A point - Pairs Event (NZ-63)", grade_options},
    {"5A-teams", "5A point - Teams Event (NZ-64)", grade_options},
    {"3A-pairs", "3A point - Pairs Event (NZ-66)", grade_options},
    {"3A-teams", "3A point - Teams Event (NZ-67)", grade_options},
    {"8B-pairs", "8B point - Pairs Event (NZ-69)", grade_options},
    {"8B-teams", "8B point - Teams Event (NZ-70)", grade_options},
    {"5B-pairs", "5B point - Pairs Event (NZ-71)", grade_options},
    {"5B-teams", "5B point - Teams Event (NZ-72)", grade_options},
    {"3B-pairs", "3B point - Pairs Event (NZ-73)", grade_options},
    {"3B-teams", "3B point - Teams Event (NZ-74)", grade_options},
    {"25A-pairs", "25A point - Pairs Event, Final and Plate (NZ-53)", NULL},
    {"25A-semifinal", "25A point - Pairs Event, semi-final (NZ-53)", NULL},
    {"25A-teams", "25A point - Teams Event (NZ-54)", NULL},
    {"interprovincial", "Interprovincial Teams Trials and Championships (NZ-75, NZ-76)", NULL},
    {"summary", "Summary of event requirements and awards (NZ-82, NZ-83, NZ-84)", NULL},
    {"ranks", "Masterpoint Rankings (NZ-3)", NULL},
    {NULL, NULL, NULL}};

/* Point types (NZ-1): kept separately; ranks count A + B (NZ-3); C only
 * once converted, 100 C = 1 B (NZ-2).  The NZ converter writes them lower
 * case in USEBIO files. */
static const char *const usebio_a[] = {"a", NULL};
static const char *const usebio_b[] = {"b", NULL};
static const char *const usebio_c[] = {"c", NULL};
static const bmp_point_type point_types[] = {
    [NZB_PT_A] = {"a", "\"A\" Points", "a", BMP_UNIT_CENT, 1, true,
                  "counts into A+B and the A minimum of ranks (NZ-3)", "NZ-1", usebio_a, 1},
    [NZB_PT_B] = {"b", "\"B\" Points", "b", BMP_UNIT_CENT, 1, true,
                  "counts into A+B of ranks (NZ-3)", "NZ-1", usebio_b, 1},
    [NZB_PT_C] = {"c", "\"C\" Points", "c", BMP_UNIT_WHOLE, 0, false,
                  "outside A+B; converts to B at 100 C = 1 B (NZ-2)", "NZ-1", usebio_c, 1},
    {0}};

/* NZ-89: the NZB Computer number, 4 or 5 digits, first available
 * allocated; no leading zero (docs/rulings.md, RI-2). */
static bmp_status player_id_check(const char *id, unsigned flags, bmp_error *err)
{
    (void)flags; /* no check digit is known */
    size_t n = id ? strlen(id) : 0;
    for (size_t i = 0; i < n; i++)
        if (id[i] < '0' || id[i] > '9')
            return bmp_error_set(err, BMP_EINVAL, "NZB computer number \"%s\" is not all digits",
                                 id);
    if (n < 4 || n > 5 || id[0] == '0')
        return bmp_error_set(err, BMP_EINVAL,
                             "NZB computer number \"%s\": expected 4 or 5 digits, not starting "
                             "with 0 (NZ-89)",
                             id ? id : "");
    return BMP_OK;
}

static bmp_status award(const bmp_event *ev, const char *edition, bmp_awards *out, bmp_error *err)
{
    (void)edition; /* one edition: 2017 */
    return nzb_award_event(ev, out, err);
}

static bmp_status scale(const char *name, const char *edition, const bmp_params *opts,
                        bmp_table *out, bmp_error *err)
{
    (void)edition;
    return nzb_scale(name, opts, out, err);
}

/* USEBIO flavour (rulings UX-3): NZ Scorer through scorer-to-usebio writes
 * nested MASTER_POINTS per type a/b/c with points, and PLACE an integer
 * that tied pairs share (1, 2, 2, 4), ranked across sections. */
static const bmp_usebio_flavour usebio_flavour = {
    "nz", false, false, false, "NZ Scorer via scorer-to-usebio (duaneg)"};

const bmp_rules nzb_rules = {
    .body = "nzb",
    .name = "NZ Bridge",
    .editions = editions,
    .edition_docs = edition_docs,
    .scales = scales,
    .award = award,
    .scale = scale,
    .point_types = point_types,
    .total_doc = "ranks use A + B (NZ-3); C is outside until converted, 100 C = 1 B (NZ-2)",
    .player_id_doc = "NZB computer number: 4 or 5 digits (NZ-89)",
    .player_id_check = player_id_check,
    .rank = nzb_rules_rank,
    .rank_info = nzb_rules_rank_info,
    .admin = nzb_admin,
    .usebio_flavour = &usebio_flavour,
    .params = &nzb_param_specs,
    .scale_option = "grade",
    .scale_values = "25A|20A|15A|10A|5A|3A|8B|5B|3B|40C",
};
