/* ABF parameters: every name bridgemp reads from a "params" bag, by level
 * (documented at the top of abf.c; printed by `bridgemp params abf`).  An
 * unknown name, a wrong type or a value out of range is an input error
 * naming the valid ones.  String values are checked by award.c with the
 * clause they come from (BMP_PSTR_BODY). */
#include "abf/abf_internal.h"
#include "core/params_spec.h"

#define ABF_NOTE BMP_PSTR("note", NULL, NULL, NULL, "free text for the reader; never read")

static const bmp_param_spec event_params[] = {
    ABF_NOTE,
    BMP_PSTR_BODY("route", "ABF-4", "formula|table", "formula",
                  "3.1 formula with the grade weight, rounded once (4.4.2), or 3.1.3 table x "
                  "factor (docs/rulings.md ABF-R2)"),
    BMP_PSTR_BODY("rounding", "ABF-45", "half-up|half-even", "half-up",
                  "rounding of awards (half-up as every printed table; half-even 4.4.2 literal)"),
    BMP_PBOOL("percentage_awards", "ABF-13", "false",
              "percentage-based session awards (4.2.2)"),
    BMP_PNUM("master_factor", ANY, "ABF-48", NULL, "factor",
             "master factor from the 4.4.9 table (0 < f <= 2)"),
    BMP_PSTR_BODY("master_rank", "ABF-48", NULL, NULL,
                  "master factor by the field's master rank (4.4.9)"),
    BMP_PSTR_BODY("master_field", "ABF-48", NULL, NULL,
                  "master factor from the field's ranks, \"Rank:count, ...\" (4.4.9)"),
    BMP_PSTR_BODY("master_method", "ABF-48", "median|average", "median",
                  "how master_field gives the factor (4.4.9)"),
    BMP_PBOOL("restriction_factor", "ABF-49", "by grade and restrictions",
              "override the 0.75 restriction factor (4.4.10)"),
    BMP_PBOOL("reduced_championship", "ABF-50", "false",
              "a \"+\" State Championship: 75% of grade B (6.2.2)"),
    BMP_PSTR_BODY("congress", "ABF-63", "state|tour|super|abf-super|festival", NULL,
                  "congress type (5.1-5.3); checks the grade"),
    BMP_PSTR_BODY("congress_event", "ABF-64",
                  "championship|restricted|minor|nominated|walk-in|single-session|major|open|"
                  "supervised",
                  "championship", "the event's role in its congress (5.1-5.3)"),
    BMP_PBOOL("acceleration_applies", "ABF-32", "true",
              "congress acceleration applies (false: a second competition of the same format, "
              "5.4.2)"),
    BMP_PNUM("acceleration", ANY, "ABF-32", "by congress", "sessions",
             "extra sessions counted for S (whole, 5.4.2)"),
    BMP_PNUM("tables_per_director", NONNEG, "ABF-85", NULL, "tables",
             "tables per director, checked against the congress requirements (5.1.3)"),
    BMP_PSTR_BODY("national_event", "ABF-78",
                  "playoff|playoff-mixed|state-playoff|butler|interstate-teams|interstate-pairs|"
                  "gnot-qualifying|gnot-national|not",
                  NULL, "a national event (7.5); sets the amplification"),
    BMP_PNUM("amplification", ANY, "ABF-39", "1 or by national_event", "factor",
             "table amplification factor, 1 to 10 (7.5.2)"),
    BMP_PNUM("outright_tables", POSITIVE, "ABF-30", "tables", "tables",
             "tables for the outright award (the original entry, 4.4.1)"),
    BMP_PNUM("outright_sessions", WHOLE0, "ABF-31", "sessions", "sessions",
             "S for the outright award (4.3.1)"),
    BMP_PNUM("field", WHOLE1, "ABF-11", "tables x per table", "contestants",
             "the original field in contestants (4.1.1 NOTE)"),
    BMP_PNUM("walk_in_average", POSITIVE, "ABF-33", NULL, "tables",
             "walk-in / eclectic event: average tables per session"),
    BMP_PNUM("walk_in_qualified", POSITIVE, "ABF-33", NULL, "contestants",
             "walk-in / eclectic event: contestants who qualified"),
    BMP_PBOOL("walk_in_final", "ABF-33", "false", "the final of a walk-in event"),
    BMP_PNUM("consolations", WHOLE1, "ABF-35", "groups of type consolation", "consolations",
             "consolation events of the final (4.3.3)"),
    BMP_PBOOL("consolations_graded", "ABF-35", "true",
              "consolations are graded 1st, 2nd ... (4.3.3)"),
    BMP_PBOOL("direct_to_national_final", "ABF-83", "false",
              "GNOT qualifying: the winners go directly to the National Finals (7.5.7)"),
    BMP_PBOOL("singles", "ABF-37", "false", "a Singles event (App. A): treated as pairs"),
    BMP_PNUM("qualifying_sessions", WHOLE1, "ABF-37", "sessions", "sessions",
             "Singles: qualifying sessions (App. A)"),
    BMP_PBOOL("handicap", "ABF-44", "false",
              "a handicap event: no masterpoints unless on pre-handicap scores (4.4.8)"),
    BMP_PBOOL("pre_handicap_scores", "ABF-44", "false",
              "handicap event ranked on pre-handicap scores (4.4.8)"),
    BMP_PSTR_BODY("scores", "ABF-19", "imps|vp|matchpoints", "imps",
                  "what match scores are (4.2.3)"),
    BMP_PEND};

static const bmp_param_spec group_params[] = {
    ABF_NOTE,
    BMP_PNUM("consolation", WHOLE1, "ABF-35/47", "1", "rank",
             "a consolation group: the k-th consolation (4.3.3)"),
    BMP_PBOOL("two_winners", "ABF-36", "false",
              "a consolation or field with two winners (4.3.4)"),
    BMP_PNUM("boards", WHOLE1, "ABF-15", "the event's boards", "boards",
             "boards per session in this group (short sessions 4.4.7)"),
    BMP_PEND};

static const bmp_param_spec contestant_params[] = {
    ABF_NOTE,
    BMP_PNUM("sessions_played", WHOLE0, "ABF-34", "its own sessions", "sessions",
             "sessions the contestant played, for its outright S (4.3.3)"),
    BMP_PNUM("partnerships", WHOLE0, "ABF-37", NULL, "partnerships",
             "Singles: partnerships played (App. A)"),
    BMP_PEND};

static const bmp_param_spec player_params[] = {
    ABF_NOTE,
    BMP_PBOOL("npc", "ABF-27", "false", "non-playing captain: no award, not a team member"),
    BMP_PBOOL("overseas", "ABF-100", "false", "an overseas player without an ABF number"),
    BMP_PBOOL("local", "ABF-66", "false",
              "Bridge Tour: lives within 50 km, no tour award (5.1.2)"),
    BMP_PNUM("pqp_share", FRACTION, "ABF-42", NULL, "fraction",
             "the player's share of the boards for the outright 40% rule (4.4.5 NOTE)"),
    BMP_PGUEST,
    BMP_PEND};

static const bmp_param_spec match_params[] = {
    ABF_NOTE,
    BMP_PNUM("rate", NONNEG, "ABF-5/19", "by grade", "points per board",
             "match award rate per board (4.2.3)"),
    BMP_PBOOL("final", "ABF-25", "false", "a final or last-rounds match: +50% (4.2.4, 4.2.5)"),
    BMP_PBOOL("triangle", "ABF-22", "false",
              "a single-round triangle of half-matches: half the award (4.2.3 NOTE iii)"),
    BMP_PEND};

const bmp_param_specs abf_param_specs = {
    .body = "ABF",
    .level = {[BMP_PARAM_EVENT] = event_params,
              [BMP_PARAM_GROUP] = group_params,
              [BMP_PARAM_CONTESTANT] = contestant_params,
              [BMP_PARAM_PLAYER] = player_params,
              [BMP_PARAM_MATCH] = match_params}};
