/* ACBL club games (not public API): Club Masterpoint and Club Championship
 * games, computed from the club charts' formulas (ACBL Handbook "Section
 * Three: Masterpoint Award Regulations", "I. Calculating the Awards", "V.
 * Awards"; Chapter 4 "The Club Sanctioned Bridge Game").  Rule IDs ACBL-C1
 * .. ACBL-C12 (docs/coverage.md).  club_charts.c: rates, places, depth and
 * comparison groups; club_special.c: special and upgraded games;
 * club_games.c: the event. */
#ifndef BMP_ACBL_CLUB_H
#define BMP_ACBL_CLUB_H

#include <stdbool.h>
#include <stdint.h>

#include "bridgemp/bridgemp.h"

/* The game types of Chapter 4, Section Two (params.game_type). */
typedef enum acbl_club_game {
    ACBL_CLUB_OPEN,
    ACBL_CLUB_INVITATIONAL,
    ACBL_CLUB_RESTRICTED,
    ACBL_CLUB_NEWCOMER
} acbl_club_game;

/* "open" (NULL too), "invitational", "restricted", "newcomer"; false when
 * unknown. */
bool acbl_club_game_parse(const char *s, acbl_club_game *out);
const char *acbl_club_game_name(acbl_club_game g);

/* ACBL-C1: the first place of a comparison group per contestant in it
 * (hundredths) and the maximum first place, by game type and masterpoint
 * upper limit (BMP_NO_LIMIT = none).  Open .10 (max 1.50), invitational .08
 * (max 1.20), restricted 0-20 .05, 0-100 .06, 0-200 .07, more .08 (max 15 x
 * the rate, ruling ACBL-RC2), newcomer 0-5 .03, 0-10 .04, 0-20 .05 (max
 * 1.00).  why names the row.  BMP_EINVAL for a restricted game without a
 * limit or a newcomer game above 20. */
typedef struct acbl_club_rate {
    bmp_points per;   /* per contestant in the group */
    bmp_points cap;   /* maximum first place */
    char why[128];
} acbl_club_rate;
bmp_status acbl_club_rate_of(acbl_club_game g, int64_t upper_limit, acbl_club_rate *out,
                          bmp_error *err);

/* ACBL-C1: first place of a group of `field` contestants: rate x field,
 * at most the cap. */
bmp_points acbl_club_first(const acbl_club_rate *r, int field);

/* ACBL-C2: place pos >= 1 from first: 2nd 70 %, 3rd 50 %, 4th 35 %, then
 * 1/pos, each rounded half-up to the cent. */
bmp_points acbl_club_place(bmp_points first, int pos);
void acbl_club_place_describe(bmp_points first, int pos, char *buf, size_t n);

/* ACBL-C4: places paid: 40 % of the field, .5 rounded up. */
int acbl_club_depth(int field);

/* ACBL-C3: contestants in a comparison group: a Mitchell direction counts
 * its tables (a half table as a full one), a Howell 2 pairs a table
 * (5 1/2 tables = 11 pairs), individuals 4 a table (2 a direction), teams
 * 1 a table; rounded up. */
int acbl_club_group_field(double tables, bmp_event_kind kind, bool direction);

/* ACBL-C7: a club championship's overall places: 75 % of the previous
 * (unrounded), at most six places. */
bmp_points acbl_club_overall_place(bmp_points first, int pos);

/* ---- Strata and groups of an event ------------------------------------ */

/* The stratum a ranking names (its name, or its name, a space and the
 * section ranking's rest), or NULL for the whole field. */
const bmp_group *acbl_club_ranking_stratum(const bmp_event *ev, const bmp_ranking_entry *re);
/* Is contestant i in stratum sg or a lower one (its group's limit)? */
bool acbl_club_in_stratum(const bmp_event *ev, size_t i, const bmp_group *sg);
/* Does contestant c play in the session/section/direction of re? */
bool acbl_club_same_group(const bmp_contestant *c, const bmp_ranking_entry *re);
/* Is contestant i counted in its fields: not a phantom, not ineligible
 * (params "eligible": false, ACBL-154: award_general hands the club rules
 * a copy on which eligible.c marks the ineligible as phantoms)? */
bool acbl_club_counted(const bmp_event *ev, size_t i);
/* ACBL-C5: contestants counted in stratum sg or lower; "The lowest strat
 * must have at least five pairs": a stratum of fewer pays nothing. */
int acbl_club_stratum_pairs(const bmp_event *ev, const bmp_group *sg);

/* ---- Special and upgraded games (club_special.c) ---------------------- */

typedef enum acbl_club_basis {
    ACBL_CLUB_BASIS_NONE,         /* not computed: answered not supported */
    ACBL_CLUB_BASIS_REGULAR,      /* the regular club game's awards */
    ACBL_CLUB_BASIS_CHAMPIONSHIP, /* club championship awards (ACBL-C7) */
    ACBL_CLUB_BASIS_RATED         /* a sectional-rated game at a club: NAP club qualifying
                                   * (ACBL-C11, C12), STaC (ACBL-C13), upgraded club
                                   * championship (ACBL-C14): club_nap.c's charts */
} acbl_club_basis;

typedef struct acbl_club_special {
    const char *name;      /* params.special */
    acbl_club_basis basis; /* how its awards are computed */
    const char *colour;    /* colour of the club's awards */
    const char *rule;      /* rule ID */
    const char *sec;       /* source paragraph */
    const char *why;       /* the chart or source, or why it is not supported */
} acbl_club_special;

/* The row for params.special (NULL = a regular game: NULL result). */
const acbl_club_special *acbl_club_special_find(const char *name);

/* ---- Sectional-rated games at clubs (club_nap.c) ----------------------- */

/* ACBL-C11, ruling ACBL-RC13: the factor of a stratum's upper limit: none
 * 1.00, 2500 or more 0.70 (NAP Flight B), 500 0.50 (Flight C), on two
 * straight lines between (0-750: 0.525, the STaC's "52.5 %"). */
double acbl_club_nap_factor(int64_t upper_limit);

/* A sectional-rated game at a club: its first overall is B(tables) x rate
 * x the stratum's factor, a section's half of it for the section's tables
 * (the club chart's places below), and each contestant is paid its largest
 * award (rulings ACBL-RC10..RC16). */
typedef struct acbl_club_chart {
    const char *special;   /* params.special */
    const char *name;      /* in explanations: "NAP club", "STaC" ... */
    double rate;           /* first overall = B x rate x factor */
    const char *rate_why;  /* "B x R 10.00 x 1.125" */
    bool half_red;         /* NAP: half red, half black; strata under 300 black */
    const char *colour;    /* otherwise: every award's colour */
    bool event_tables;     /* the whole field counts the event's tables (all sites) */
    bool tournament_depth; /* overall depth of a one-session Sectional, not 40 %, six */
    bool sections;         /* section awards at the club (not a STaC Swiss) */
    const char *rule_overall, *rule_section, *sec;
} acbl_club_chart;

/* The chart of params.special for an event of this kind, or NULL. */
const acbl_club_chart *acbl_club_chart_of(const char *special, bmp_event_kind kind);
/* Every contestant's award under chart ch (ACBL-C11..C14). */
bmp_status acbl_club_rated_awards(const bmp_event *ev, const acbl_club_chart *ch,
                                  bmp_awards *out, bmp_error *err);

/* ---- The event (club_games.c) -------------------------------------------- */

/* Whether ev is a club game this family computes (classification
 * club-masterpoint / club-championship, not a knockout). */
bool acbl_is_club_event(const bmp_event *ev);
bmp_status acbl_award_club(const bmp_event *ev, const char *edition, bmp_awards *out,
                           bmp_error *err);

#endif
