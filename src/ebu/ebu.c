/* English Bridge Union: rules entry point (Master Points and Licensing
 * Handbook 2024).  The awards are computed in award.c (basic events,
 * quali-finals, consolations, match-won events), ko.c (knock-outs, 4.7),
 * league.c (leagues, 4.8; inter-county Green leagues, 6.5), strat.c (4.12),
 * ladder.c (4.11) and green.c (county teams heats, 6.2.3) from the scales in
 * scales.c and the tables in fixed.c; tables.c prints them; ranks.c is the
 * public rank function (include/bridgemp/ebu.h).
 *
 * Event fields used (docs/event-format.md):
 *   status       required: club, district, county, regional, national (3.2);
 *                for leagues and sections the organisation's status
 *   kind         pairs, individual, teams, swiss-pairs, swiss-teams,
 *                round-robin, bam, knockout (4.7)
 *   movement     one-winner / two-winner (pairs; 4.1.4)
 *   sessions, boards   duration = boards x sessions (3.9.1) unless params.duration
 *   boards_per_match, matches[]   award per match won (4.5-4.8); matches[].round
 *                (knock-outs: 1 = the first round of this stage),
 *                matches[].params not_played (4.5.10), triangle (4.5.7)
 *   tables       full tables / teams (half tables ignored, 4.1.3); ladders:
 *                average full tables per game
 *   contestants[].place      the ranking (one-winner, teams; A list of a strat)
 *   contestants[].rankings   {direction: NS|EW, place} for a two-winner field;
 *                {ranking: B|C|D, place} for the lower lists of a strat
 *   contestants[].match_wins wins in quarters: a draw 1/2, a triangular
 *                mini-match 1/2, drawn 1/4 (without matches[])
 *   players[].participation  < 1/3 of the boards: no award (3.3.2)
 * Event params:
 *   points "local" (default) | "blue" (5.4.1: Local scale / 100) | "green"
 *         (county teams knock-out 6.2.2, its heats 6.2.3 at stage
 *         "qualifying", inter-county leagues 6.5; the events of 6.1.5, 6.3,
 *         6.4 with green_event, green_section and the organiser's published
 *         green_scale, checked against the handbook: green_events.c)
 *   stage "basic" (default) | "qualifying" (first stage, 36+ max 180, 4.2.1)
 *         | "final" | "later-qualifying" (4.2) | "consolation" (4.3); a
 *         match-won event at "final" is a qualified final (4.6.6), at
 *         "consolation" a 4.6.7 consolation
 *   major (1.2.4: +1 status), duration (3.9.1), original_tables (4.2.3,
 *   4.6.6, 4.7.9), separate_qualifying (4.2.6), premier_tables,
 *   neither_tables (4.3.3, 4.6.7), four_winner (individual, 4.1.4)
 *   ko_type "single-teams" | "double-teams" | "single-pairs", consolation (4.7);
 *   double elimination: ko_double.c (Local, 4.7.8 late_bye_round),
 *   green_double.c (Green, 6.2.4 matches[].params teams_left, bye_teams_left)
 *   league, divisions, division (4.8, 6.5), boards_per_opponent (6.5.5)
 *   stratified (4.12)
 *   ladder, ladder_games, ladder_final (4.11)
 *   sections, section (4.9)
 *   boards_in_play (3.1.4: the 70 % rule for pairs; boards in play in one
 *   session's movement, compared with `boards` per session)
 *   ums_charge_code (2.8.2, recorded only)
 *   handicap, rescored_without_handicap, qualified_by_handicap (3.10.1: handicap.c)
 *   stage_tables (4.2.11: a section of a later stage, original entry pro rata)
 *   field_sections, same_boards, match_pointed (3.8.1: one field across
 *   sections; groups of type "section" award each section within itself,
 *   3.8.2, and sub-divide a league division, 4.8.9: sections.c)
 *   carry_forward (3.11.1: carry.c); subdivision_playoff, division_playoff
 *   (4.8.9: sections.c)
 *   ranking_playoff (4.5.9), inter_organisation (1.2.7 b, 4.10.3: playoff.c)
 *   special_scale (3.12.1: special.c)
 * Contestant params: without_standing (2.10: no award, taken out of the
 *   ranking; give `tables` without them, 3.1.1), category A-D (4.12). */
#include <string.h>

#include "core/params_spec.h"
#include "ebu/ebu_internal.h"

static const char *const editions[] = {"2024", NULL};
static const char *const edition_docs[] = {"Master Points and Licensing Handbook 2024", NULL};
/* The options tables read (ebu_scale_table, tables.c). */
#define EBU_STATUS_OPT(dflt)                                                                       \
    BMP_PSTR_BODY("status", NULL, "club|district|county|regional|national", dflt,                 \
                  "the event's status (3.2)")
static const bmp_param_spec strat_options[] = {
    EBU_STATUS_OPT("club"),
    BMP_PNUM("boards", ANY, NULL, "24", "boards", "the event's boards, 12 or more (4.1 bands)"),
    BMP_PEND};
static const bmp_param_spec qf_options[] = {EBU_STATUS_OPT("club"), BMP_PEND};
static const bmp_param_spec org_options[] = {
    BMP_PSTR_BODY("org", NULL, "club|district|county", "club", "who runs the league or event"),
    BMP_PEND};
static const bmp_param_spec sqrt_options[] = {
    BMP_PNUM("max", ANY, NULL, "100", "masterpoints",
             "the maximum at t tables, a whole number >= 1 (4.4.9)"),
    BMP_PNUM("t", ANY, NULL, "25", "tables", "the tables the maximum is set for, >= 1 (4.4.9)"),
    BMP_PEND};

static const bmp_scale_info scales[] = {
    {"A", "Basic events, Club (Scale A, 4.1)", NULL},
    {"B", "Basic events, District (Scale B)", NULL},
    {"C", "Basic events, County (Scale C)", NULL},
    {"D", "Basic events, Regional (Scale D)", NULL},
    {"E", "Basic events, National (Scale E)", NULL},
    {"F", "Basic single-winner individual, all statuses (Scale F)", NULL},
    {"X", "Scales A-E for 18-35 boards (Scale X)", NULL},
    {"QA", "Finals, Club (Scale QA, 4.2)", NULL},
    {"QB", "Finals, District (Scale QB)", NULL},
    {"QC", "Finals, County (Scale QC)", NULL},
    {"QD", "Finals, Regional (Scale QD)", NULL},
    {"QE", "Finals, National (Scale QE)", NULL},
    {"QF", "Qualified finals of match-won events (Scale QF, 4.6.6)", qf_options},
    {"S", "Stratified basic events (Scale S, 4.12)", strat_options},
    {"QS", "Stratified ranking awards (Scale QS, 4.12.7)", strat_options},
    {"match-won", "Award per match won (4.6.3)", NULL},
    {"ko", "Knock-out award per match won, Club (4.7.7)", NULL},
    {"league", "Teams-league key figures (4.8.5-4.8.7)", org_options},
    {"sections", "Sections of differing status (4.9.4-4.9.8)", org_options},
    {"sqrt", "Actual maximum for large events (4.4.9)", sqrt_options},
    {"ladder", "Ladder bonus awards, Club (4.11.5-4.11.7)", NULL},
    {"gp-round", "Green Points per round won (6.4.7)", NULL},
    {"gp-ko", "Green Points per KO match won, county teams (6.2.2)", NULL},
    {"ranks", "Ranks (2.6)", NULL},
    {NULL, NULL, NULL}};

/* Point types (2.4, 2.5, 2.6.1: EBU-1 .. EBU-3).  USEBIO files count Local
 * Points whole (36 = 36.00) and the others in hundredths (rulings U-20). */
static const char *const usebio_local[] = {"BLACK", "LOCAL", NULL};
static const char *const usebio_blue[] = {"BLUE", NULL};
static const char *const usebio_green[] = {"GREEN", NULL};
static const char *const usebio_gold[] = {"GOLD", NULL};
static const bmp_point_type point_types[] = {
    [EBU_PT_LOCAL] = {"local", "Local Points", "black", BMP_UNIT_WHOLE, 1, true,
                      "1 Local Point = 1 master point of the total holding (2.6.1)", "EBU-1",
                      usebio_local, 100},
    [EBU_PT_BLUE] = {"blue", "Blue Points", "blue", BMP_UNIT_CENT, 100, true,
                     "1 Blue Point = 100 master points (2.6.1); 3 Blue replace 1 Green of a "
                     "rank, up to 50 Green (2.4.2 b)",
                     "EBU-1", usebio_blue, 1},
    [EBU_PT_GREEN] = {"green", "Green Points", "green", BMP_UNIT_CENT, 100, true,
                      "1 Green Point = 100 master points (2.6.1); ranks need Green Points (2.6.2)",
                      "EBU-1", usebio_green, 1},
    [EBU_PT_GOLD] = {"gold", "Gold Points", "gold", BMP_UNIT_CENT, 0, false,
                     "1 Gold for a performance worth 5+ Green Points in one event; decays 20% a year (2.5.1)", "EBU-3",
                     usebio_gold, 1},
    {0}};

/* 2.9.2 (EBU-8): participants are identified by EBU number.  The handbook
 * gives no format: digits, 1 to 8 of them, not zero; 88888888 is the guest
 * number, which identifies nobody (docs/rulings.md, RI-2). */
static bmp_status player_id_check(const char *id, unsigned flags, bmp_error *err)
{
    (void)flags; /* no check digit is known */
    size_t n = id ? strlen(id) : 0;
    bool nonzero = false;
    for (size_t i = 0; i < n; i++) {
        if (id[i] < '0' || id[i] > '9')
            return bmp_error_set(err, BMP_EINVAL, "EBU number \"%s\" is not all digits", id);
        nonzero |= id[i] != '0';
    }
    if (n == 0 || n > 8)
        return bmp_error_set(err, BMP_EINVAL, "EBU number \"%s\": expected 1 to 8 digits",
                             id ? id : "");
    if (!nonzero)
        return bmp_error_set(err, BMP_EINVAL, "EBU number \"%s\" is zero", id);
    if (strcmp(id, "88888888") == 0)
        return bmp_error_set(err, BMP_EINVAL,
                             "88888888 is the EBU guest number, not a player's (2.9.2)");
    return BMP_OK;
}

/* 88888888: the number EBUScore writes for a visitor (docs/rulings.md RI-5;
 * ../shared/spec/ecosystem.md, Perl Usebio.pm). */
static bool player_id_guest(const char *id)
{
    return id && strcmp(id, "88888888") == 0;
}

/* USEBIO MASTER_POINT_SCALE names the event's status (3.2; rulings U-19). */
static const char *const status_scales[] = {"Club", "District", "County", "Regional",
                                            "National", NULL};

/* Other MASTER_POINT_SCALE words, as the status they mean (rulings U-48):
 * EBUScoreTeams' "EBU" (the EBU's own scale at a club: Club), Salliere's
 * scale letters (EBU-42: A Club ... E National) and final-stage letters
 * (EBU-52: QA Club ... QE National). */
static const char *const scale_words[][2] = {
    {"EBU", "Club"},   {"A", "Club"},      {"B", "District"}, {"C", "County"},
    {"D", "Regional"}, {"E", "National"},  {"QA", "Club"},    {"QB", "District"},
    {"QC", "County"},  {"QD", "Regional"}, {"QE", "National"}, {NULL, NULL}};

static bmp_status award(const bmp_event *ev, const char *edition, bmp_awards *out,
                        bmp_error *err)
{
    (void)edition; /* one edition: 2024 */
    return ebu_award_event(ev, out, err);
}

static bmp_status scale(const char *name, const char *edition, const bmp_params *opts,
                        bmp_table *out, bmp_error *err)
{
    (void)edition;
    return ebu_scale_table(name, opts, out, err);
}

/* USEBIO flavour (rulings UX-3): USEBIO is the EBU's format; its 1.2
 * nested MASTER_POINTS and a tied PLACE "3=" as the EBU-side writers add it
 * (Perl Usebio.pm); awards only where there is one. */
static const bmp_usebio_flavour usebio_flavour = {
    "ebu", false, true, false, "USEBIO 1.2 (EBU); Perl Usebio.pm writer"};

const bmp_rules ebu_rules = {
    .body = "ebu",
    .name = "English Bridge Union",
    .editions = editions,
    .edition_docs = edition_docs,
    .scales = scales,
    .award = award,
    .scale = scale,
    .point_types = point_types,
    .total_doc = "overall holding = Local + 100 x Blue + 100 x Green master points (2.6.1, "
                 "EBU-1); Gold is outside it",
    .player_id_doc = "EBU number: 1 to 8 digits, not zero; 88888888 is the guest (2.9.2, EBU-8)",
    .player_id_check = player_id_check,
    .player_id_guest = player_id_guest,
    .rank = ebu_rules_rank,
    .rank_info = ebu_rules_rank_info,
    /* USEBIO: MASTER_POINTS_AWARDED alone are Local (black) points. */
    .usebio_default_type = "BLACK",
    .usebio_status_scales = status_scales,
    .usebio_scale_words = scale_words,
    .usebio_flavour = &usebio_flavour,
    .params = &ebu_param_specs,
    .scale_option = "status",
    .scale_values = "club|district|county|regional|national",
};
