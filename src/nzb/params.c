/* NZ Bridge parameters: every name bridgemp reads from a "params" bag, by
 * level (documented at the top of nzb.c; printed by `bridgemp params nzb`).
 * An unknown name, a wrong type or a value out of range is an input error
 * naming the valid ones (docs/rulings.md NZ-L1). */
#include "core/params_spec.h"
#include "nzb/nzb_internal.h"

static const bmp_param_spec event_params[] = {
    BMP_PNUM("field", WHOLE1, "NZ-77", "non-phantom contestants", "contestants",
             "the Total field for the overall grid"),
    BMP_PNUM("total_deals", WHOLE1, "NZ-84", "boards x sessions", "deals",
             "deals of the whole event (teams: default the most deals any team played)"),
    BMP_PBOOL("min_deals_approved", "NZ-84", "false",
              "the Chief Director approved fewer deals than the minimum"),
    BMP_PBOOL("min_contestants_approved", "NZ-85", "false",
              "the Chief Director approved fewer contestants than the minimum"),
    BMP_PSTR_BODY("interprovincial", "NZ-75", "trials|championship", NULL,
                  "an Interprovincial Teams Trials or Championship (NZ-75, NZ-76)"),
    BMP_PSTR_BODY("category", "NZ-76", "open|women|senior|intermediate", "open",
                  "Interprovincial category"),
    BMP_PBOOL("open_entry", "NZ-75", "true",
              "Interprovincial Trials open to all registered members of the Region"),
    BMP_PBOOL("restricted", "NZ-7", "false", "an 8B Restricted tournament: no Open-Open pairs"),
    BMP_PEND};

/* Stage groups: checked so that a negative or fractional size cannot
 * shift Plate places silently. */
static const bmp_param_spec group_params[] = {
    BMP_PNUM("size", WHOLE0, "NZ-77", "its contestants", "contestants",
             "size of a stage (final, plate, consolation; NZ-77, NZ-80)"),
    BMP_PNUM("field", WHOLE1, "NZ-53", "size", "pairs", "field of a 25A semi-final"),
    BMP_PEND};

static const bmp_param_spec player_params[] = {
    BMP_PBOOL("ineligible", "NZ-12", "false",
              "not eligible: tournaments no award to the pair/team (NZ-12), club only the "
              "player (NZ-15)"),
    BMP_PSTR_BODY("grading", "NZ-5", "open|intermediate|junior", NULL,
                  "the player's grading: above the tournament's grade is not eligible (NZ-7, "
                  "NZ-8)"),
    BMP_PGUEST,
    BMP_PEND};

static const bmp_param_spec match_params[] = {
    BMP_PSTR("home_lineup", "NZ-37", NULL, NULL,
             "comma-separated ids or names of the home players who took part"),
    BMP_PSTR("away_lineup", "NZ-37", NULL, NULL,
             "comma-separated ids or names of the away players who took part"),
    BMP_PEND};

const bmp_param_specs nzb_param_specs = {
    .body = "NZB",
    .level = {[BMP_PARAM_EVENT] = event_params,
              [BMP_PARAM_GROUP] = group_params,
              [BMP_PARAM_CONTESTANT] = NULL,
              [BMP_PARAM_PLAYER] = player_params,
              [BMP_PARAM_MATCH] = match_params}};
