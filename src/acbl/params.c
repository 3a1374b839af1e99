/* ACBL parameters: every name bridgemp reads from a "params" bag, by level
 * (documented at the top of acbl.c, ko_common.c and nabc.c; printed by
 * `bridgemp params acbl`).  An unknown name or a wrong type is an input
 * error naming the valid ones: a typo must not silently change an award. */
#include "acbl/acbl_internal.h"
#include "core/params_spec.h"

/* KO bracket parameters: on a bracket group, or on the event when the
 * whole field is one bracket (ko_common.c). */
#define ACBL_BRACKET_PARAMS                                                                        \
    BMP_PNUM("average_mp", ANY, "ACBL-28/37/38", NULL, "masterpoints",                             \
             "KO bracket average MP (later: sum of team AvgMP / teams; 2003: of all players)"),    \
        BMP_PNUM("top_team_average", ANY, "ACBL-31/50", NULL, "masterpoints",                      \
                 "average MP per player of the bracket's top team (2003 credit, lower-bracket "    \
                 "gold)"),                                                                         \
        BMP_PNUM("rounds", ANY, "ACBL-41", "ceil(log2 teams)", "rounds",                           \
                 "later KO: rounds played in the bracket"),                                        \
        BMP_PBOOL("non_power_of_two", "ACBL-42", "false",                                          \
                  "later KO: ranks not from a power-of-two elimination"),                          \
        BMP_PBOOL("down_to_12", "ACBL-33", "false",                                                \
                  "2003 KO: the event came down to 12 teams (places 9-12 get 12%)"),               \
        BMP_PSTR("split", "ACBL-49", NULL, NULL,                                                   \
                 "name shared by the groups of a split lowest flight")

static const bmp_param_spec event_params[] = {
    BMP_PBOOL("nabc", "ACBL-12/16/90", "false",
              "a nationally-rated NABC event (25% cap for 4-session pairs, gold)"),
    BMP_PNUM("final_qualifiers", ANY, "ACBL-16", NULL, "pairs",
             "6-session NABC pairs (current edition): pairs qualifying for the final"),
    BMP_PBOOL("flight_a", "ACBL-19", "false", "a separate Flight A event: session awards +10%"),
    BMP_PNUM("cuts", ANY, "ACBL-20", "0", "cuts",
             "cuts before every ranked session: 0, 1 or 2 (session awards increase)"),
    BMP_PNUM("cut1_after_session", ANY, "ACBL-20", NULL, "session",
             "the session after which the first cut falls"),
    BMP_PNUM("cut2_after_session", ANY, "ACBL-20", NULL, "session",
             "the session after which the second cut falls (after cut1_after_session)"),
    BMP_PNUM("concurrent_restricted_tables", ANY, "ACBL-65", NULL, "tables",
             "tables in the concurrent restricted event (unrestricted-event credit)"),
    BMP_PNUM("concurrent_unrestricted_events", ANY, "ACBL-65", "1", "events",
             "unrestricted events running concurrently (whole, 1 or more)"),
    BMP_PBOOL("concurrent_open_event", "ACBL-65", "false",
              "an open event runs concurrently with the restricted one"),
    BMP_PNUM("combined_tables", ANY, "ACBL-66", NULL, "tables",
             "split Regional: tables at both sites combined (more than 0)"),
    BMP_PNUM("barometer_level", ANY, "ACBL-72", NULL, "level", "barometer final level 1-3"),
    BMP_PNUM("tables_entered", ANY, "ACBL-72", NULL, "tables",
             "barometer final: tables entered in the qualifying"),
    BMP_PBOOL("side_game_series", "ACBL-75", "false",
              "the overall of a side-game series (stratum awards over the series)"),
    BMP_PNUM("series_tables_1", ANY, "ACBL-75", NULL, "tables",
             "side-game series: tables in the first series session"),
    BMP_PNUM("series_tables_2", ANY, "ACBL-75", NULL, "tables",
             "side-game series: tables in the second series session"),
    BMP_PBOOL("series_game", "ACBL-75", "false", "one game of a side-game series"),
    BMP_PBOOL("restricted_tournament", "ACBL-91", "false",
              "held at a restricted tournament (pigmentation)"),
    BMP_PBOOL("similarly_restricted", "ACBL-91", "false",
              "restricted like its tournament (keeps the tournament's colour)"),
    BMP_PBOOL("open_sectional", "ACBL-91", "false",
              "restricted event at an open Sectional: silver instead of black"),
    BMP_PNUM("sections_combined", ANY, "ACBL-92", "0", "sections",
             "sections combined for gold session places (whole, 1 or more)"),
    BMP_PBOOL("compact", "ACBL-45/46", "false", "a compact knockout"),
    BMP_PBOOL("compact_consolation", "ACBL-45", "false",
              "later compact KO consolation: RF 0.40, minimum 3.20 x K x L"),
    BMP_PBOOL("zip", "ACBL-47", "false", "a zip knockout: a one-session Swiss side game"),
    BMP_PNUM("scheduled_sessions", WHOLE1, "ACBL-27", "sessions", "sessions",
             "KO sessions scheduled (2003 Regional KO for 3 sessions: 70%)"),
    BMP_PSTR("nabc_event", "ACBL-53..61", NULL, NULL,
             "NABC fixed-award event by key or printed name (bridgemp scale acbl nabc-pairs)"),
    BMP_PSTR("wbf_event", "ACBL-97", NULL, NULL,
             "WBF event by key or printed name (bridgemp scale acbl wbf)"),
    BMP_PBOOL("internet", "ACBL-21/22", "false",
              "a Club/Internet game: session awards by ACBL-21/22 instead of the club charts"),
    BMP_PSTR("game_type", "ACBL-C1", "open|invitational|restricted|newcomer", "open",
             "club games: the game type of Handbook ch.4 §2 (restricted and newcomer by "
             "upper_limit)"),
    BMP_PSTR_BODY("special", "ACBL-C9/C10/C13/C14, ACBL-153", NULL, NULL,
                  "a special or upgraded club game (charity, acbl-wide-charity, "
                  "international-fund, acbl-wide-international-fund, education, grass-roots, "
                  "junior-fund, club-appreciation, instant-matchpoint, stac, "
                  "upgraded-club-championship, nap-club; gnt-club and pupil: not supported) "
                  "or a NAP/GNT stage (nap-unit, nap-district, gnt-unit, gnt-district: not "
                  "supported)"),
    ACBL_BRACKET_PARAMS,
    /* concurrent tables at club and unit level (ACBL-155, src/acbl/special.c) */
    BMP_PNUM("concurrent_tables", ANY, "ACBL-155", NULL, "tables",
             "tables in play in a concurrent game (refused: no source gives the credit "
             "outside ACBL-65)"),
    BMP_PEND};

static const bmp_param_spec group_params[] = {
    BMP_PSTR_BODY("flight", "ACBL-68", "A|B", NULL,
                  "stratiflighted: the flight of a stratum (its presence makes the event "
                  "stratiflighted)"),
    BMP_PNUM("bracket_position", ANY, "ACBL-83", NULL, "position",
             "later: bracket position 1, 2, 3 ... of a flighted-bracketed round robin"),
    BMP_PNUM("field", ANY, "ACBL-18", NULL, "tables", "session depth field of a section"),
    ACBL_BRACKET_PARAMS,
    BMP_PEND};

static const bmp_param_spec contestant_params[] = {
    BMP_PNUM("rounds_advanced", ANY, "ACBL-32", "from the place", "rounds",
             "KO: rounds the team advanced (default from the place, or matches won if more)"),
    BMP_PBOOL("playoff", "ACBL-35/43", "false", "KO: won a playoff for this place"),
    BMP_PBOOL("forfeited", "ACBL-48", "false", "KO: forfeited its last match"),
    BMP_PNUM("team_mp", ANY, "ACBL-38", NULL, "masterpoints",
             "KO: the team's total MP, when the bracket has no average_mp"),
    BMP_PNUM("multiway_full", WHOLE0, "ACBL-61", "0", "matches",
             "NABC: 3-/4-way matches won with 2 wins"),
    BMP_PNUM("multiway_half", WHOLE0, "ACBL-61", "0", "matches",
             "NABC: 3-/4-way matches won with 1 win"),
    /* ineligible contestants (ACBL-154, src/acbl/eligible.c) */
    BMP_PBOOL("eligible", "ACBL-154", "true",
              "false: placed but not eligible for awards; the eligible are re-ranked"),
    BMP_PEND};

static const bmp_param_spec player_params[] = {BMP_PGUEST, BMP_PEND};

const bmp_param_specs acbl_param_specs = {
    .body = "ACBL",
    .level = {[BMP_PARAM_EVENT] = event_params,
              [BMP_PARAM_GROUP] = group_params,
              [BMP_PARAM_CONTESTANT] = contestant_params,
              [BMP_PARAM_PLAYER] = player_params,
              [BMP_PARAM_MATCH] = NULL}};
