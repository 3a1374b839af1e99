/* ACBL event parameters: the names and types bridgemp reads from "params"
 * (documented at the top of acbl.c).  An unknown name or a wrong type is an
 * input error: a typo must not silently change an award. */
#include <stdio.h>
#include <string.h>

#include "acbl/acbl_internal.h"

typedef struct known {
    const char *key;
    bmp_param_type type;
    const char *rule;
} known;

static const known event_params[] = {
    {"nabc", BMP_PARAM_BOOL, "ACBL-12/16/90"},
    {"final_qualifiers", BMP_PARAM_NUMBER, "ACBL-16"},
    {"flight_a", BMP_PARAM_BOOL, "ACBL-19"},
    {"cuts", BMP_PARAM_NUMBER, "ACBL-20"},
    {"cut1_after_session", BMP_PARAM_NUMBER, "ACBL-20"},
    {"cut2_after_session", BMP_PARAM_NUMBER, "ACBL-20"},
    {"concurrent_restricted_tables", BMP_PARAM_NUMBER, "ACBL-65"},
    {"concurrent_unrestricted_events", BMP_PARAM_NUMBER, "ACBL-65"},
    {"concurrent_open_event", BMP_PARAM_BOOL, "ACBL-65"},
    {"combined_tables", BMP_PARAM_NUMBER, "ACBL-66"},
    {"barometer_level", BMP_PARAM_NUMBER, "ACBL-72"},
    {"tables_entered", BMP_PARAM_NUMBER, "ACBL-72"},
    {"side_game_series", BMP_PARAM_BOOL, "ACBL-75"},
    {"series_tables_1", BMP_PARAM_NUMBER, "ACBL-75"},
    {"series_tables_2", BMP_PARAM_NUMBER, "ACBL-75"},
    {"series_game", BMP_PARAM_BOOL, "ACBL-75"},
    {"restricted_tournament", BMP_PARAM_BOOL, "ACBL-91"},
    {"similarly_restricted", BMP_PARAM_BOOL, "ACBL-91"},
    {"open_sectional", BMP_PARAM_BOOL, "ACBL-91"},
    {"sections_combined", BMP_PARAM_NUMBER, "ACBL-92"},
    /* Knockouts, NABC and WBF (ko_common.c, nabc.c, wbf.c); an unbracketed
     * KO carries its bracket parameters on the event. */
    {"compact", BMP_PARAM_BOOL, "ACBL-45/46"},
    {"compact_consolation", BMP_PARAM_BOOL, "ACBL-45"},
    {"zip", BMP_PARAM_BOOL, "ACBL-47"},
    {"scheduled_sessions", BMP_PARAM_NUMBER, "ACBL-27"},
    {"nabc_event", BMP_PARAM_STRING, "ACBL-53..61"},
    {"wbf_event", BMP_PARAM_STRING, "ACBL-97"},
    {"average_mp", BMP_PARAM_NUMBER, "ACBL-28/37/38"},
    {"top_team_average", BMP_PARAM_NUMBER, "ACBL-31/50"},
    {"rounds", BMP_PARAM_NUMBER, "ACBL-41"},
    {"non_power_of_two", BMP_PARAM_BOOL, "ACBL-42"},
    {"down_to_12", BMP_PARAM_BOOL, "ACBL-33"},
    {"split", BMP_PARAM_STRING, "ACBL-49"},
    {NULL, BMP_PARAM_NUMBER, NULL}};

static const known group_params[] = {{"flight", BMP_PARAM_STRING, "ACBL-68"},
                                     {"bracket_position", BMP_PARAM_NUMBER, "ACBL-83"},
                                     {"field", BMP_PARAM_NUMBER, "ACBL-18"},
    {"average_mp", BMP_PARAM_NUMBER, "ACBL-28/37/38"},
    {"top_team_average", BMP_PARAM_NUMBER, "ACBL-31/50"},
    {"rounds", BMP_PARAM_NUMBER, "ACBL-41"},
    {"non_power_of_two", BMP_PARAM_BOOL, "ACBL-42"},
    {"down_to_12", BMP_PARAM_BOOL, "ACBL-33"},
    {"split", BMP_PARAM_STRING, "ACBL-49"},
                                     {NULL, BMP_PARAM_NUMBER, NULL}};

static const char *type_word(bmp_param_type t)
{
    return t == BMP_PARAM_BOOL ? "true or false" : t == BMP_PARAM_STRING ? "a string" : "a number";
}

static bmp_status check(const bmp_params *pp, const known *k, const char *path, bmp_error *err)
{
    for (size_t i = 0; i < pp->count; i++) {
        const bmp_param *p = &pp->items[i];
        const known *hit = NULL;
        for (const known *q = k; q->key; q++)
            if (strcmp(q->key, p->key) == 0)
                hit = q;
        if (!hit) {
            char list[1024] = "";
            for (const known *q = k; q->key; q++) {
                strncat(list, q == k ? "" : ", ", sizeof list - strlen(list) - 1);
                strncat(list, q->key, sizeof list - strlen(list) - 1);
            }
            return bmp_error_set(err, BMP_EINVAL,
                                 "%s.params.%s: unknown ACBL parameter (expected one of: %s)",
                                 path, p->key, list);
        }
        if (hit->type != p->type)
            return bmp_error_set(err, BMP_EINVAL, "%s.params.%s: expected %s (%s)", path, p->key,
                                 type_word(hit->type), hit->rule);
    }
    return BMP_OK;
}

bmp_status acbl_check_params(const bmp_event *ev, bmp_error *err)
{
    bmp_status st = check(&ev->params, event_params, "$", err);
    for (size_t g = 0; g < ev->ngroups && !st; g++) {
        char path[48];
        snprintf(path, sizeof path, "$.groups[%zu]", g);
        st = check(&ev->groups[g].params, group_params, path, err);
    }
    return st;
}
