/* EBU parameters: every name bridgemp reads from a "params" bag, by level
 * (documented at the top of ebu.c; printed by `bridgemp params ebu`).  An
 * unknown name, a wrong type or a value out of range is an input error
 * naming the valid ones. */
#include "core/params_spec.h"
#include "ebu/ebu_internal.h"

static const bmp_param_spec event_params[] = {
    BMP_PSTR("points", "EBU-2", "local|blue|green", "local",
             "point type: Local, Blue (Local scale / 100) or Green (county teams KO, leagues)"),
    BMP_PSTR("stage", "EBU-36", "basic|qualifying|final|later-qualifying|consolation", "basic",
             "the event's stage: a basic event, a quali-final stage or a consolation"),
    BMP_PBOOL("major", "EBU-13", "false", "a major championship: one status level up (1.2.4)"),
    BMP_PBOOL("sim_pairs", "EBU-114", "false",
              "an EBU Simultaneous Pairs: each award 75 % Local, the rest Blue (5.1.2)"),
    BMP_PNUM("duration", WHOLE1, "EBU-38", "boards x sessions", "boards",
             "the event's duration (3.9.1)"),
    BMP_PNUM("original_tables", WHOLE1, "EBU-53", "tables", "tables",
             "full tables (teams) of the original entry, the first stage (4.2.3)"),
    BMP_PBOOL("separate_qualifying", "EBU-57", "false",
              "the final has two or more separate qualifying stages (4.2.6)"),
    BMP_PNUM("premier_tables", WHOLE1, "EBU-63", NULL, "tables",
             "consolation: full tables of the premier final (4.3.3)"),
    BMP_PNUM("neither_tables", WHOLE0, "EBU-63", NULL, "tables",
             "consolation: full tables in neither final (4.3.3)"),
    BMP_PBOOL("four_winner", "EBU-45", "false", "individual: a four-winner movement (4.1.4)"),
    BMP_PSTR("ums_charge_code", "EBU-7", NULL, NULL, "UMS charge code (recorded only, 2.8.2)"),
    BMP_PSTR_BODY("ko_type", "EBU-86", "single-teams|double-teams|single-pairs", "single-teams",
                  "knock-out type (4.7.2)"),
    BMP_PBOOL("consolation", "EBU-93", "false", "a consolation knock-out (4.7)"),
    BMP_PBOOL("league", "EBU-94", "false", "a teams league (4.8) or inter-county league (6.5)"),
    BMP_PNUM("divisions", WHOLE1, "EBU-97", "1", "divisions", "divisions of the league (4.8)"),
    BMP_PNUM("division", WHOLE1, "EBU-97", "1", "division", "this division, 1 = the top (4.8)"),
    BMP_PBOOL("stratified", "EBU-107", "false",
              "a stratified event: contestants' params.category A-D (4.12)"),
    BMP_PNUM("boards_per_opponent", WHOLE1, "EBU-136", "boards_per_match", "boards",
             "inter-county league: boards against each opponent (6.5.5)"),
    BMP_PBOOL("ladder", "EBU-103", "false", "a ladder (4.11): bonus awards"),
    BMP_PNUM("boards_in_play", WHOLE1, "EBU-29", NULL, "boards",
             "boards in play in one session's movement (the 70% rule for pairs, 3.1.4)"),
    BMP_PNUM("ladder_games", WHOLE0, "EBU-105", NULL, "games",
             "ladder: games in the ladder (18 or more: one status up, 4.11)"),
    BMP_PBOOL("ladder_final", "EBU-105", "false", "ladder: with a final (one status up, 4.11)"),
    BMP_PNUM("sections", WHOLE1, "EBU-101", "1", "sections",
             "sections of differing status (4.9)"),
    BMP_PNUM("section", WHOLE1, "EBU-101", "1", "section", "this section, 1 = the top (4.9)"),
    BMP_PSTR("green_event", "EBU-137",
             "congress|county-pairs|swiss|flighted-swiss|multiple-teams|multiple-pairs|"
             "multiple-pairs-finals|multiple-pairs-carry",
             NULL, "Green event of 6.1.5, 6.3, 6.4 (with points green)"),
    BMP_PSTR("green_section", "EBU-129", "A|B|C|open|qualifier|session|overall|all", NULL,
             "flight or final of a flighted Swiss / multiple event (6.4.2-6.4.6)"),
    BMP_PSTR("green_scale", "EBU-137", NULL, NULL,
             "the organiser's published ranking scale, e.g. \"2.00,1.50,1.00,0.50,0.25\" (6.6)"),
    BMP_PNUM("toe", WHOLE1, "EBU-125", "contestants", "pairs",
             "county pairs: total original entry in pairs (6.3.2)"),
    BMP_PSTR("county_pairs_format", "EBU-125", "final|one-day|two-session", "final",
             "county pairs format (6.3.3 i, ii, iii)"),
    BMP_PNUM("other_flight_tables", NONNEG, "EBU-128", "0", "tables",
             "flighted Swiss A flight: tables in the B flight (6.4.2)"),
    BMP_PBOOL("c_final", "EBU-131", "false", "multiple pairs: there is a C final (6.4.5, 6.4.6)"),
    BMP_PSTR("overall_winner", "EBU-129", NULL, NULL,
             "multiple teams Open: the overall winner's id (6.4.3 c iii)"),
    BMP_PNUM("stage_tables", WHOLE1, "EBU-62", NULL, "tables",
             "a later stage in sections not scored across the field: its tables in all "
             "sections; the original entry is shared pro rata (4.2.11)"),
    BMP_PBOOL("handicap", "EBU-39", "false", "a handicap tournament: no awards (3.10.1)"),
    BMP_PBOOL("rescored_without_handicap", "EBU-39", "false",
              "handicap tournament re-scored without the handicap: places are the re-scored "
              "ranking (3.10.1)"),
    BMP_PBOOL("qualified_by_handicap", "EBU-39", "false",
              "players reached this stage by virtue of a handicap: no re-scoring (3.10.1)"),
    BMP_PNUM("field_sections", WHOLE1, "EBU-37", "1", "sections",
             "an event ranked across this many sections as one field (3.8.1); with section "
             "groups each section is awarded within itself (3.8.2)"),
    BMP_PBOOL("same_boards", "EBU-37", "false",
              "field_sections: the same boards are played in each section (3.8.1 a)"),
    BMP_PBOOL("match_pointed", "EBU-37", "true for pairs and individual",
              "field_sections: scored across the field by match points (3.8.1 b); never "
              "teams (3.8.2)"),
    BMP_PBOOL("carry_forward", "EBU-40", "false",
              "a later stage whose result includes a score carried forward (3.11.1)"),
    BMP_PBOOL("subdivision_playoff", "EBU-99", "false",
              "knock-out play-off between the winners of sub-divisions of params.division: "
              "original_tables = all their teams (4.8.9)"),
    BMP_PBOOL("division_playoff", "EBU-99", "false",
              "play-off between division winners: no special award, a basic event (4.8.9)"),
    BMP_PEND};

static const bmp_param_spec contestant_params[] = {
    BMP_PBOOL("without_standing", "EBU-9", "false",
              "playing without standing: no award, taken out of the ranking (2.10)"),
    BMP_PNUM("late_bye_round", WHOLE1, "EBU-91", NULL, "round",
             "double-elimination KO: round of an undefeated team's late bye, 2/3 of a win (4.7.8)"),
    BMP_PSTR("category", "EBU-107", "A|B|C|D", NULL, "stratified events: category A-D (4.12)"),
    BMP_PEND};

static const bmp_param_spec player_params[] = {BMP_PGUEST, BMP_PEND};

static const bmp_param_spec match_params[] = {
    BMP_PBOOL("not_played", "EBU-35", "false",
              "a head-on match not played: no match-won award (4.5.10)"),
    BMP_PNUM("teams_left", WHOLE1, "EBU-123", NULL, "teams",
             "Green double-elimination KO: teams still in the competition (6.2.4)"),
    BMP_PNUM("bye_teams_left", WHOLE1, "EBU-123", NULL, "teams",
             "Green double-elimination KO: the undefeated winner's bye next round, of this "
             "many teams: paid at that round's award (6.2.4)"),
    BMP_PBOOL("triangle", "EBU-76", "false", "a triangular mini-match: a win counts half (4.5.7)"),
    BMP_PEND};

const bmp_param_specs ebu_param_specs = {
    .body = "EBU",
    .level = {[BMP_PARAM_EVENT] = event_params,
              [BMP_PARAM_GROUP] = NULL,
              [BMP_PARAM_CONTESTANT] = contestant_params,
              [BMP_PARAM_PLAYER] = player_params,
              [BMP_PARAM_MATCH] = match_params}};
