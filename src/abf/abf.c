/* Australian Bridge Federation: rules entry point (Masterpoint Scheme,
 * 27/07/2025).  The award computation is in award.c; this file registers
 * the body, its edition and its tables.
 *
 * Event fields used (docs/event-format.md):
 *   grade        required: F, E, D, C, B4c, B5i, B4s, B5, B4, B3, B, A2, A (1.5.1)
 *   kind         pairs / individual (tables), teams-like kinds (teams
 *                weights, top third), butler (pairs weight, top third)
 *   sessions     >= 2 gives an outright award (4.3.1)
 *   boards       boards per session (short sessions 4.4.7; S from boards 4.3.1)
 *   boards_per_match, matches[].boards  match awards (4.2.3); matches[].stage
 *                "final" = the +50 % final / last rounds (4.2.4, 4.2.5) or the
 *                national finals rate (7.5)
 *   tables       the original entry (half tables round up, 4.4.1)
 *   movement     two-winner requires session rankings with a direction
 *   contestants[].rankings  session places: {session, direction?, section?,
 *                place, score?}; a direction means a two-winner field
 *                (Mitchell); section names a group
 *   contestants[].place     overall (outright) place, within its group
 *   groups[]     type "final" (4.2.5 premium, 4.3.3 limit), "consolation"
 *                (params consolation = k, two_winners), "field" (4.3.4
 *                separate fields); tables; params boards
 *   players[].participation  < 0.75 no session award (4.4.4), < 0.40 no
 *                outright award (4.4.5); players[].params npc, overseas, local (5.1.2),
 *                pqp_share (4.4.5 NOTE)
 *   restrictions women, men, seniors, juniors, youth, mixed, veterans ->
 *                the 0.75 restriction factor at A, A2, B (4.4.10)
 * Event params:
 *   route "formula" (default: 3.1 formula with W, rounded once, 4.4.2) or
 *         "table" (3.1.3 table x factor; Appendix B's rounded per-win award)
 *   rounding "half-up" (default, as every printed table) or "half-even"
 *   percentage_awards (4.2.2), master_factor | master_rank | master_field +
 *         master_method median|average (4.4.9), restriction_factor (bool
 *         override), reduced_championship (6.2.2 "+" events)
 *   congress state|tour|super|abf-super|festival, congress_event
 *         championship|restricted|minor|nominated|walk-in|single-session|
 *         major|open|supervised, acceleration_applies, acceleration (5.x),
 *         tables_per_director (5.1.3)
 *   national_event playoff|playoff-mixed|state-playoff|butler|interstate-teams|
 *         interstate-pairs|gnot-qualifying|gnot-national|not, amplification (7.5)
 *   outright_tables, outright_sessions, field, walk_in_average,
 *         walk_in_qualified, walk_in_final, consolations, consolations_graded,
 *         direct_to_national_final (7.5.7),
 *         singles, qualifying_sessions, handicap, pre_handicap_scores,
 *         scores "imps"|"vp"|"matchpoints" (match scores: 4.2.3)
 * Contestant params: sessions_played (4.3.3), partnerships (App. A Singles).
 * Match params: rate (per board), final, triangle (4.2.3 NOTE iii). */
#include "abf/abf_internal.h"
#include "core/params_spec.h"

static const char *const editions[] = {"2025", NULL};
static const char *const edition_docs[] = {"Masterpoint Scheme (27/07/2025)", NULL};
/* The options of Tables 1A-3C (abf_scale, tables.c). */
static const bmp_param_spec table_options[] = {
    BMP_PSTR_BODY("grade", "ABF-2", "F|E|D|C|B4c|B5i|B4s|B5|B4|B3|B|A2|A", NULL,
                  "print the grade's own awards (its weight, 3.1.1-3.1.3) instead of the "
                  "printed table"),
    BMP_PSTR_BODY("teams", "ABF-2", "yes|no", "no",
                  "with grade: the grade's teams weight (yes, 1 or true)"),
    BMP_PSTR_BODY("rounding", "AMB-1", "half-up|half-even|half-down|floor|ceil|trunc", "half-up",
                  "how a half hundredth rounds (half-even: 4.4.2's literal tie rule)"),
    BMP_PSTR_BODY("max-tables", "ABF-3", NULL, "the printed last row",
                  "the last row, a whole number of tables from the first row to 10000"),
    BMP_PEND};

static const bmp_scale_info scales[] = {
    {"1A", "Session awards, two winners (Mitchell), weight 1.0 (3.2)", table_options},
    {"1B", "Session awards, two winners (Mitchell), weight 1.5 (3.2)", table_options},
    {"1C", "Session awards, two winners (Mitchell), weight 2.5 (3.2)", table_options},
    {"2A", "Session awards, one winner (Howell), weight 1.0 (3.3)", table_options},
    {"2B", "Session awards, one winner (Howell), weight 1.5 (3.3)", table_options},
    {"2C", "Session awards, one winner (Howell), weight 2.5 (3.3)", table_options},
    {"3A", "Outright winners' awards, weight 1.0 (3.4)", table_options},
    {"3B", "Outright winners' awards, weight 1.5 (3.4)", table_options},
    {"3C", "Outright winners' awards, weight 2.5 (3.4)", table_options},
    {NULL, NULL, NULL}};

/* Point types (1.8, ABF-86): the credit files' letters G, R, Y are also
 * read in USEBIO files (Compscore writes GREEN / RED). */
static const char *const usebio_green[] = {"GREEN", "G", NULL};
static const char *const usebio_red[] = {"RED", "R", NULL};
static const char *const usebio_gold[] = {"GOLD", "Y", NULL};
static const bmp_point_type point_types[] = {
    [ABF_PT_GREEN] = {"green", "Green masterpoints", "green", BMP_UNIT_CENT, 1, true,
                      "counts 1:1 into the lifetime total (1.8)", "ABF-86", usebio_green, 1},
    [ABF_PT_RED] = {"red", "Red masterpoints", "red", BMP_UNIT_CENT, 1, true,
                    "counts 1:1 into the lifetime total and the red+gold minima (1.8)", "ABF-86",
                    usebio_red, 1},
    [ABF_PT_GOLD] = {"gold", "Gold masterpoints", "gold", BMP_UNIT_CENT, 1, true,
                     "counts 1:1 into the lifetime total, the red+gold and the gold minima (1.8)",
                     "ABF-86", usebio_gold, 1},
    {0}};

static const bmp_rank_input rank_inputs[] = {
    {"pre1982", "red points earned before 1982 (part of red): lower the Life and Grand minima",
     "ABF-87"},
    {NULL, NULL, NULL}};

/* App. A, App. D (ABF-93): 1 to 7 digits; the mod-11 check digit on request
 * (docs/rulings.md, ABF-admin: ABF numbers and the check digit). */
static bmp_status player_id_check(const char *id, unsigned flags, bmp_error *err)
{
    return bmp_abf_number_validate(id, flags & BMP_ID_CHECK_DIGIT, NULL, err);
}

static bmp_status award(const bmp_event *ev, const char *edition, bmp_awards *out,
                        bmp_error *err)
{
    (void)edition; /* one edition: 2025 */
    return abf_award_event(ev, out, err);
}

static bmp_status scale(const char *name, const char *edition, const bmp_params *opts,
                        bmp_table *out, bmp_error *err)
{
    (void)edition;
    return abf_scale(name, opts, out, err);
}

/* USEBIO flavour (rulings UX-3): Compscore3 writes the flat form, PLACE a
 * bare integer (Cobalt's importer does int(PLACE)) and 0 for pairs without
 * an award (U-43). */
static const bmp_usebio_flavour usebio_flavour = {
    "abf", true, false, true, "Compscore3 files read by Cobalt (abftech/cobalt)"};

const bmp_rules abf_rules = {
    .body = "abf",
    .name = "Australian Bridge Federation",
    .editions = editions,
    .edition_docs = edition_docs,
    .scales = scales,
    .award = award,
    .scale = scale,
    .point_types = point_types,
    .total_doc = "lifetime total = green + red + gold (1.8, ABF-86)",
    .player_id_doc = "ABF number: 1 to 7 digits, not zero, zero-filled to 7 in credit files; "
                     "optional mod-11 check digit (App. D, ABF-93)",
    .player_id_check = player_id_check,
    .rank_inputs = rank_inputs,
    .rank = abf_rules_rank,
    .rank_info = abf_rules_rank_info,
    /* USEBIO: club sessions award green points when a file names none;
     * Compscore writes the flat MASTER_POINTS form that Cobalt reads. */
    .usebio_default_type = "GREEN",
    .usebio_flat_default = true,
    .usebio_flavour = &usebio_flavour,
    .params = &abf_param_specs,
    .scale_option = "grade",
    .scale_values = "F|E|D|C|B4c|B5i|B4s|B5|B4|B3|B|A2|A",
};
