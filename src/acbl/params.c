/* ACBL event parameters: the names and types bridgemp reads from "params"
 * (documented at the top of acbl.c).  An unknown name or a wrong type is an
 * input error: a typo must not silently change an award. */
#include <stdio.h>
#include <string.h>

#include "acbl/acbl_internal.h"

static const bmp_param_spec event_params[] = {
    {"nabc", BMP_PARAM_BOOL, BMP_RANGE_ANY, "ACBL-12/16/90"},
    {"final_qualifiers", BMP_PARAM_NUMBER, BMP_RANGE_ANY, "ACBL-16"},
    {"flight_a", BMP_PARAM_BOOL, BMP_RANGE_ANY, "ACBL-19"},
    {"cuts", BMP_PARAM_NUMBER, BMP_RANGE_ANY, "ACBL-20"},
    {"cut1_after_session", BMP_PARAM_NUMBER, BMP_RANGE_ANY, "ACBL-20"},
    {"cut2_after_session", BMP_PARAM_NUMBER, BMP_RANGE_ANY, "ACBL-20"},
    {"concurrent_restricted_tables", BMP_PARAM_NUMBER, BMP_RANGE_ANY, "ACBL-65"},
    {"concurrent_unrestricted_events", BMP_PARAM_NUMBER, BMP_RANGE_ANY, "ACBL-65"},
    {"concurrent_open_event", BMP_PARAM_BOOL, BMP_RANGE_ANY, "ACBL-65"},
    {"combined_tables", BMP_PARAM_NUMBER, BMP_RANGE_ANY, "ACBL-66"},
    {"barometer_level", BMP_PARAM_NUMBER, BMP_RANGE_ANY, "ACBL-72"},
    {"tables_entered", BMP_PARAM_NUMBER, BMP_RANGE_ANY, "ACBL-72"},
    {"side_game_series", BMP_PARAM_BOOL, BMP_RANGE_ANY, "ACBL-75"},
    {"series_tables_1", BMP_PARAM_NUMBER, BMP_RANGE_ANY, "ACBL-75"},
    {"series_tables_2", BMP_PARAM_NUMBER, BMP_RANGE_ANY, "ACBL-75"},
    {"series_game", BMP_PARAM_BOOL, BMP_RANGE_ANY, "ACBL-75"},
    {"restricted_tournament", BMP_PARAM_BOOL, BMP_RANGE_ANY, "ACBL-91"},
    {"similarly_restricted", BMP_PARAM_BOOL, BMP_RANGE_ANY, "ACBL-91"},
    {"open_sectional", BMP_PARAM_BOOL, BMP_RANGE_ANY, "ACBL-91"},
    {"sections_combined", BMP_PARAM_NUMBER, BMP_RANGE_ANY, "ACBL-92"},
    /* Knockouts, NABC and WBF (ko_common.c, nabc.c, wbf.c); an unbracketed
     * KO carries its bracket parameters on the event. */
    {"compact", BMP_PARAM_BOOL, BMP_RANGE_ANY, "ACBL-45/46"},
    {"compact_consolation", BMP_PARAM_BOOL, BMP_RANGE_ANY, "ACBL-45"},
    {"zip", BMP_PARAM_BOOL, BMP_RANGE_ANY, "ACBL-47"},
    {"scheduled_sessions", BMP_PARAM_NUMBER, BMP_RANGE_ANY, "ACBL-27"},
    {"nabc_event", BMP_PARAM_STRING, BMP_RANGE_ANY, "ACBL-53..61"},
    {"wbf_event", BMP_PARAM_STRING, BMP_RANGE_ANY, "ACBL-97"},
    {"average_mp", BMP_PARAM_NUMBER, BMP_RANGE_ANY, "ACBL-28/37/38"},
    {"top_team_average", BMP_PARAM_NUMBER, BMP_RANGE_ANY, "ACBL-31/50"},
    {"rounds", BMP_PARAM_NUMBER, BMP_RANGE_ANY, "ACBL-41"},
    {"non_power_of_two", BMP_PARAM_BOOL, BMP_RANGE_ANY, "ACBL-42"},
    {"down_to_12", BMP_PARAM_BOOL, BMP_RANGE_ANY, "ACBL-33"},
    {"split", BMP_PARAM_STRING, BMP_RANGE_ANY, "ACBL-49"},
    {NULL, BMP_PARAM_NUMBER, BMP_RANGE_ANY, NULL}};

static const bmp_param_spec group_params[] = {{"flight", BMP_PARAM_STRING, BMP_RANGE_ANY, "ACBL-68"},
                                     {"bracket_position", BMP_PARAM_NUMBER, BMP_RANGE_ANY, "ACBL-83"},
                                     {"field", BMP_PARAM_NUMBER, BMP_RANGE_ANY, "ACBL-18"},
    {"average_mp", BMP_PARAM_NUMBER, BMP_RANGE_ANY, "ACBL-28/37/38"},
    {"top_team_average", BMP_PARAM_NUMBER, BMP_RANGE_ANY, "ACBL-31/50"},
    {"rounds", BMP_PARAM_NUMBER, BMP_RANGE_ANY, "ACBL-41"},
    {"non_power_of_two", BMP_PARAM_BOOL, BMP_RANGE_ANY, "ACBL-42"},
    {"down_to_12", BMP_PARAM_BOOL, BMP_RANGE_ANY, "ACBL-33"},
    {"split", BMP_PARAM_STRING, BMP_RANGE_ANY, "ACBL-49"},
                                     {NULL, BMP_PARAM_NUMBER, BMP_RANGE_ANY, NULL}};

bmp_status acbl_check_params(const bmp_event *ev, bmp_error *err)
{
    bmp_status st = bmp_params_check(&ev->params, event_params, "$", "ACBL", err);
    for (size_t g = 0; g < ev->ngroups && !st; g++) {
        char path[48];
        snprintf(path, sizeof path, "$.groups[%zu]", g);
        st = bmp_params_check(&ev->groups[g].params, group_params, path, "ACBL", err);
    }
    return st;
}
